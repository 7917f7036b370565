// @ts-check
// The standings panel: every row sized to the panel and the field (the longest name whole, as few
// pages as that allows, columns side by side when wide), the rows the last score changed marked, and
// what that score was beside the heading. From round N on the server sends no standings: then the
// panel says they are hidden.
import { el, fill, setText } from "../lib/dom.js";
import { resultsStatus, untilFinal } from "../lib/finality.js";
import { decimalsOf, formatNumber } from "../lib/format.js";
import { Pager } from "../lib/pager.js";
import { gameOf, lastScoredItem, nameBook, overtimeOf, rankLabels, standingKey, standingsRows, standingsStarted } from "../lib/standings.js";
import { findItem } from "../lib/timetable.js";
import { pageIndicator } from "./page-dots.js";
import { fitStandings, pagesOf } from "./parts.js";
import { $, PAGE_EVERY_MS, STRINGS, VIEW, page, wants } from "./state.js";

/** Rows whose score changed with the last event that changed the standings. */
let changed = new Set();
let latestWhat = "";

/** The panel's pages; its children are whole pages (the rows laid out in columns to fit the panel). */
export const standingsPager = new Pager($("standings-body"), {
  everyMs: PAGE_EVERY_MS, onPage: pageIndicator($("standings-pages")),
});

/** The space between two columns of standings side by side (em of the rows' font). */
const STANDINGS_COLUMN_GAP_EM = 1.4;
let standingsKey = "";
let standingsPerPage = 1;
/** The timer that draws the title again when the term for complaints closes (no event comes then). */
let finalTimer = /** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined);
/** The longest a timer waits (setTimeout's limit): a later instant is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Under the standings, the VP taken off for matches over time (Novi Sad), one line each: "Team: −2 VP
 * (Match 3: 2 × 5 min over time)". Set before the rows are fitted: the lines take their room from the rows'.
 */
function renderNotes(rows) {
  const loc = { locale: STRINGS.locale };
  const lines = overtimeOf(rows, page.sections).map((x) => STRINGS.overtimeLine(x.row.name ?? standingKey(x.row), x.title,
    formatNumber(x.blocks, { max: 0, ...loc }), formatNumber(x.minutes, { max: 1, ...loc }), formatNumber(x.vp, { max: 2, ...loc })));
  const notes = $("standings-notes");
  notes.hidden = !lines.length;
  if (JSON.stringify(lines) !== notes.dataset.lines) {
    notes.dataset.lines = JSON.stringify(lines);
    fill(notes, lines.map((line) => el("li", {}, line)));
  }
}

/** The standings panel's message in place of the list ("no results yet", "hidden until the prize-giving"). */
function standingsMessage(text, sub) {
  renderNotes([]);
  setText($("standings-sub"), sub);
  $("standings-latest").hidden = true;
  $("standings-empty").hidden = false;
  $("standings-body").hidden = true;
  setText($("standings-empty"), text);
  standingsPager.set([]);
}

/**
 * The sizes of the standings in em of the rows' own font, measured once per render with the page's
 * fonts: the longest name, every column of numbers with its header, a row's and a header's height.
 */
function measureStandings(panel, head, lines) {
  const probe = el("div", { class: "d-st-probe", "aria-hidden": "true" });
  const header = el("div", { class: "d-st-row d-st-cols" }, head.map(([cls, text]) => el("span", { class: cls }, text)));
  const rows = lines.map((cells) => el("div", { class: "d-st-row" }, cells.map(([cls, text]) => el("span", { class: cls }, text))));
  fill(probe, header, rows.slice(0, 1));
  panel.append(probe);
  const unit = parseFloat(getComputedStyle(probe).fontSize) || 100;
  const style = getComputedStyle(rows[0]);
  const gap = parseFloat(style.columnGap) || 0;
  const padding = (parseFloat(style.paddingLeft) || 0) + (parseFloat(style.paddingRight) || 0);
  const rowEm = rows[0].getBoundingClientRect().height / unit;
  const headEm = header.getBoundingClientRect().height / unit;
  // the natural width of every cell: each cell laid out on its own line, as wide as its text
  probe.classList.add("is-measuring");
  fill(probe, header, rows);
  const widths = head.map(() => 0);
  for (const row of [header, ...rows]) {
    [...row.children].forEach((cell, i) => {
      widths[i] = Math.max(widths[i], cell.getBoundingClientRect().width / unit);
    });
  }
  probe.remove();
  const [rank, name, ...numbers] = widths.map((w) => Math.ceil(w * 100 + 4) / 100);
  return { rank, name, numbers, rowEm, headEm, fixedEm: rank + numbers.reduce((x, y) => x + y, 0) + (gap * (head.length - 1) + padding) / unit };
}

/** The panel as the sections say (drawn again only when its rows, marks or size changed). */
export function renderStandings() {
  const { sections } = page;
  const panel = $("standings-panel");
  const rows = standingsRows(sections);
  const started = standingsStarted(rows);
  // Hidden for the last rounds (the server sends no standings then): the panel says so in its place.
  const hidden = sections.standings_hidden && typeof sections.standings_hidden === "object" ? sections.standings_hidden : null;
  // In the shared view the panel only appears once there is something to rank; alone on a
  // screen it says that there are no results yet.
  const show = wants("standings") && (hidden !== null || (VIEW === "standings" ? Boolean(sections.timetable) : started));
  panel.hidden = !show;
  if (!show) {
    standingsKey = "";
    return;
  }
  const body = $("standings-body");
  const game = gameOf(sections);
  renderNotes(hidden !== null || !started ? [] : rows);
  // Slovak §24.1: provisional while an appeal is open or the term for complaints runs, then final (at the
  // section's `final_at` by the clock alone: a timer draws the title again then); the title says which.
  const now = page.connection?.clock?.now?.() ?? Date.now();
  const status = resultsStatus(sections.standings_status, now);
  const provisional = Boolean(sections.standings_provisional) || status === "provisional";
  clearTimeout(finalTimer);
  const wait = untilFinal(sections.standings_status, now);
  if (wait !== null) finalTimer = setTimeout(renderStandings, Math.min(wait + 50, MAX_TIMER_MS));
  const key = JSON.stringify([game, rows, [...changed], latestWhat, started, hidden, provisional, status,
    body.clientWidth, body.clientHeight]);
  if (key === standingsKey) return;
  standingsKey = key;
  setText($("standings-title"), provisional ? STRINGS.standingsProvisional
    : status === "final" ? STRINGS.standingsFinal : STRINGS.standings);
  panel.classList.toggle("is-hidden-standings", hidden !== null);
  if (hidden) {
    const from = Number(hidden.from_round);
    standingsMessage(STRINGS.standingsHidden, Number.isFinite(from) && from > 0 ? STRINGS.standingsHiddenFrom(from) : "");
    return;
  }
  const after = lastScoredItem(sections);
  if (!started) {
    standingsMessage(STRINGS.noStandings, after ? STRINGS.standingsAfter(after) : "");
    return;
  }
  setText($("standings-sub"), after ? STRINGS.standingsAfter(after) : "");
  $("standings-latest").hidden = !latestWhat;
  setText($("standings-latest"), latestWhat);
  $("standings-empty").hidden = true;
  body.hidden = false;
  const bridge = game === "bridge";
  panel.classList.toggle("is-bridge", bridge);
  const c = bridge ? STRINGS.cols.bridge : STRINGS.cols.preferans;
  // A team's matches beside its VP and IMPs: the back row sees who has a match less (a bye still to come).
  const head = [["c-rank", c.rank], ["c-name", c.name], ...(bridge ? [["c-num", c.played]] : []),
    ["c-num", bridge ? c.vp : c.points], ["c-num", bridge ? c.imps : c.bule]];
  const labels = rankLabels(rows, STRINGS.rank, STRINGS.rankRange);
  const loc = { locale: STRINGS.locale };
  // Every line of a column with as many decimals as its longest number (12.90, 7.10, 0.00).
  const vpDigits = decimalsOf(rows.map((r) => r.vp));
  const pointDigits = Math.max(1, decimalsOf(rows.map((r) => r.points)));
  const lines = rows.map((row, i) => [
    ["c-rank", labels[i]],
    ["c-name", row.name ?? standingKey(row)],
    ...(bridge ? [["c-num", formatNumber(row.played, { max: 0, ...loc })]] : []),
    ["c-num c-main", bridge ? formatNumber(row.vp, { min: vpDigits, max: vpDigits, ...loc })
      : formatNumber(row.points, { min: pointDigits, max: pointDigits, ...loc })],
    ["c-num", bridge ? formatNumber(row.imp_diff, { max: 1, signed: true, ...loc }) : formatNumber(row.bule, { max: 1, signed: true, ...loc })],
  ]);
  // Rows and columns sized to the panel and the field: the longest name whole, as few pages as that allows
  // (a league's few teams in larger letters than a preferans field: the panel has the room).
  const size = measureStandings(panel, head, lines);
  const base = parseFloat(getComputedStyle(panel).fontSize) || 32;
  // The smallest letters, as a share of the panel's (--st-min): across the shared screen the rows stay
  // legible from the back of the hall (10′), more pages rather than smaller rows.
  const least = parseFloat(getComputedStyle(panel).getPropertyValue("--st-min")) || 0.7;
  const most = parseFloat(getComputedStyle(panel).getPropertyValue("--st-max")) || 1.3;
  const fit = fitStandings({
    width: body.clientWidth, height: body.clientHeight - 2, count: rows.length, nameEm: size.name, fixedEm: size.fixedEm,
    rowEm: size.rowEm + 0.03, headEm: size.headEm + 0.03, gapEm: STANDINGS_COLUMN_GAP_EM, minFont: base * least,
    maxFont: base * (bridge ? 1.8 : most),
  });
  standingsPerPage = fit.perPage;
  panel.style.setProperty("--st-font", `${fit.font}px`);
  panel.style.setProperty("--st-cols", `${size.rank}em minmax(0, 1fr) ${size.numbers.map((w) => `${w}em`).join(" ")}`);
  panel.style.setProperty("--st-gap", `${STANDINGS_COLUMN_GAP_EM}em`);
  const row = (cells, i) => el("div", {
    class: `d-st-row${changed.has(standingKey(rows[i])) ? " is-changed" : ""}${rows[i].shared ? " is-shared" : ""}`,
    dataset: { key: standingKey(rows[i]) },
  }, cells.map(([cls, text]) => el("span", { class: cls }, text)));
  const numbered = lines.map((cells, i) => [cells, i]);
  standingsPager.set(pagesOf(numbered, fit.perPage, fit.rows).map((columns) => el("div", { class: "d-st-page" },
    columns.map((column) => el("div", { class: "d-st-col" },
      el("div", { class: "d-st-row d-st-cols" }, head.map(([cls, text]) => el("span", { class: cls }, text))),
      column.map(([cells, i]) => row(cells, i)))))));
}
// The panel's size changes with the others (the seating appears, the window resizes): fit again.
if ("ResizeObserver" in window) new ResizeObserver(() => renderStandings()).observe($("standings-body"));

/** "Table 4 – new result": what the last score event was, beside the standings' heading. */
function describeLatest(event) {
  const { sections } = page;
  const p = event.payload || {};
  const what = STRINGS.latest[event.type];
  if (!what) return "";
  const item = p.item ? findItem(sections, p.item) : null;
  const names = nameBook(sections);
  const where = p.table !== undefined ? `${STRINGS.table} ${p.table}`
    : p.home ? `${names.team(p.home)} ${STRINGS.vs} ${names.team(p.away)}`
      : p.team ? names.team(p.team) : p.player ? names.player(p.player) : item ? item.title : "";
  return STRINGS.latestLine(where, what);
}

/** Mark `rows` (standing keys) as changed by `event`, until the next score changes others. */
export function markChanged(rows, event) {
  changed = rows;
  latestWhat = describeLatest(event);
}

/** Turn to the page with the best-placed of the changed `rows`. */
export function turnToChanged(rows) {
  const index = standingsRows(page.sections).findIndex((r) => rows.has(standingKey(r)));
  if (index >= 0) standingsPager.goTo(Math.floor(index / standingsPerPage));
}
