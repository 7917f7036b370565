// @ts-check
// The hall display's parts as data, without the DOM: how the standings fill their panel, the late
// panel's lines, the announcements kept on the screen, a signal that went out late. Pure functions
// (no document, no clock of their own), so that node tests them; the hall's panels render what they say.
// Every number they show comes from the server's sections; they only lay it out and word it.

/**
 * How the standings fill a panel of `width` × `height` px: the font size (px), the number of
 * columns side by side and the rows per column, so that the longest name is never cut and as few
 * pages as possible are needed, in letters as large as that allows.
 *
 * Sizes in em come from measuring the page's own fonts: `nameEm` the longest name, `fixedEm` the
 * rest of a row (rank, numbers, gaps, padding), `rowEm` a row's height, `headEm` a column's header,
 * `gapEm` the space between two columns. `minFont`/`maxFont` bound the letters (px).
 *
 * Among the sizes at which the names fit, the largest wins unless a smaller one (no smaller than
 * `shrink` × the largest) needs fewer pages. Answers {font, columns, rows, perPage, pages, fits};
 * `fits` is false when even `minFont` cuts a name (then the names get an ellipsis).
 */
export function fitStandings({
  width, height, count, nameEm, fixedEm, rowEm, headEm = 0, gapEm = 1, minFont = 20, maxFont = 48, maxColumns = 3,
  shrink = 0.72,
}) {
  const n = Math.max(1, count | 0);
  const options = [];
  for (let font = Math.floor(maxFont); font >= Math.ceil(minFont); font -= 1) {
    const rows = Math.floor((height - headEm * font) / (rowEm * font));
    if (rows < 1) continue;
    for (let columns = 1; columns <= maxColumns; columns += 1) {
      const columnWidth = (width - (columns - 1) * gapEm * font) / columns;
      if ((nameEm + fixedEm) * font > columnWidth) break; // more columns only get narrower
      const used = Math.min(columns, Math.ceil(n / rows)); // no empty columns
      const perPage = rows * used;
      options.push({ font, columns: used, rows, perPage, pages: Math.ceil(n / perPage), fits: true });
      if (used < columns) break;
    }
  }
  if (!options.length) {
    const font = Math.ceil(minFont);
    const rows = Math.max(1, Math.floor((height - headEm * font) / (rowEm * font)));
    return { font, columns: 1, rows, perPage: rows, pages: Math.ceil(n / rows), fits: false };
  }
  const largest = options[0].font;
  const readable = options.filter((o) => o.font >= largest * shrink);
  const fewest = Math.min(...readable.map((o) => o.pages));
  // the largest letters with the fewest pages; then fewer columns (a single list reads best)
  return readable.filter((o) => o.pages === fewest)
    .sort((a, b) => b.font - a.font || a.columns - b.columns)[0];
}

/** Split `items` into pages of `perPage`, and each page into columns of `rows`. */
export function pagesOf(items, perPage, rows) {
  const pages = [];
  for (let i = 0; i < items.length; i += perPage) {
    const page = items.slice(i, i + perPage);
    const columns = [];
    for (let j = 0; j < page.length; j += rows) columns.push(page.slice(j, j + rows));
    pages.push(columns);
  }
  return pages;
}

/**
 * The late panel's lines, one per player (team): [{kind: "group"|"entry", missing, key, parts}],
 * each part {text, cls}: "Станислав Ерић · сто 8 · касни 29 мин · 358 була".
 *
 * `model` = {missing, came, reserves, late, steps} as late-panel.js picks them from the lateness
 * report; `ctx` = {L (the late panel's words), penalty (the penalty words), describePenalty,
 * stepAt, minute (ms of a tournament minute), tableOf(id), name(row), bridge, needed}.
 * The minutes and the penalty of those not here yet are the server's steps at `late`.
 */
export function lateLines({ missing = [], came = [], reserves = [], late = 0, steps = [] }, ctx) {
  const { L, minute } = ctx;
  const lines = [];
  const part = (text, cls = "x") => (text === "" || text === null || text === undefined ? null : { text: String(text), cls });
  const tablePart = (row) => {
    if (ctx.bridge) return null;
    const table = ctx.tableOf(row.id);
    return table === null || table === undefined ? null : part(L.table(table));
  };
  // "358 bule" for a start with extra bule, else the penalty in words ("within the grace period").
  const penaltyPart = (fields) => {
    const p = ctx.describePenalty(fields, ctx.penalty);
    if (!p.text) return null;
    const text = p.kind === "startsWith" && Number.isFinite(Number(p.startsWith)) ? L.bule(Number(p.startsWith)) : p.text;
    return part(text, `d-late-pen pen-${p.tone || "none"}`);
  };
  const entry = (row, missingNow, parts) => ({
    kind: "entry", missing: missingNow, key: String(row.id), parts: [part(ctx.name(row), "n"), ...parts].filter(Boolean),
  });
  if (missing.length) {
    lines.push({ kind: "group", missing: true, key: "missing", parts: [part(L.missing(missing.length), "g")] });
    const minutes = Math.floor(late / minute);
    const now = ctx.stepAt(steps, late);
    for (const row of missing) {
      lines.push(entry(row, true, [
        tablePart(row),
        ctx.bridge ? part(L.membersIn(Number(row.members_in) || 0, ctx.needed)) : null,
        part(L.missingLate(minutes), "d-late-count"),
        now ? penaltyPart(now) : null,
      ]));
    }
  }
  if (came.length) {
    lines.push({ kind: "group", missing: false, key: "came", parts: [part(L.came, "g")] });
    for (const row of came) {
      lines.push(entry(row, false, [
        tablePart(row), part(L.lateBy(Math.floor(Number(row.late_ms) / minute))), penaltyPart(row),
      ]));
    }
  }
  if (reserves.length) {
    lines.push({ kind: "group", missing: false, key: "reserves", parts: [part(L.reserves, "g")] });
    for (const row of reserves) {
      lines.push({
        kind: "entry", missing: false, key: `reserve:${row.id}`, parts: [
          part(row.reserve, "n"), tablePart(row), part(L.forWhom(ctx.name(row))),
          Number.isFinite(row.starts_with) ? part(L.bule(row.starts_with), "d-late-pen") : null,
        ].filter(Boolean),
      });
    }
  }
  return lines;
}

/**
 * The free-text announcements to keep on the screen: the newest `max` of the public ones
 * (section `announcements`), newest first, only those of the same day as `now` (`fmt.day`).
 */
export function keptAnnouncements(announcements, now, fmt, max = 3) {
  const list = Array.isArray(announcements) ? announcements : [];
  const today = fmt.day(now);
  return list.filter((a) => a && a.type === "announced" && !a.player && String(a.text ?? "").trim() !== ""
    && Number.isFinite(a.ts) && fmt.day(a.ts) === today)
    .sort((a, b) => b.ts - a.ts || b.seq - a.seq).slice(0, max);
}

/** A display without its connection this long says that what it shows may be out of date (a shorter
 * break, a reconnect or a server's restart, passes unmarked: the header's dot says it). */
export const STALE_AFTER_MS = 10_000;

/**
 * What the hall display says over its clock when it has lost the server: null while it is connected
 * or only just lost it, else {title: "Offline since 14:32", sub} (`sub`: the clock may be out of date,
 * or on a screen of only standings or seating, what it shows). `offlineSince` and `now` are the
 * server clock's (a pause or a restart meanwhile is not on the screen: the clock goes on as before).
 */
export function offlineNote(offlineSince, now, S, fmt, clockShown = true) {
  if (!Number.isFinite(offlineSince) || !Number.isFinite(now) || now - offlineSince < STALE_AFTER_MS) return null;
  return { title: S.offlineSince(fmt.time(offlineSince)), sub: clockShown ? S.staleClock : S.staleLists };
}
