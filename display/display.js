// The hall display (/display): the clock, the timetable strip, banners, standings, seating, late arrivals.
import {
  LiveConnection, BannerQueue, Pager, SCORE_TYPES, TEAM_NEEDED, animate, changedStandings, decimalsOf, describeClock,
  describePenalty, describeSignal, el, fill, findItem, formatNumber, gameOf, hasArrived, isMissing, itemsOfTheDay, keepAwake,
  lastScoredItem, lateCounting, lateNow, latenessReports, latenessRound, minuteMs, nameBook, rankLabels, seatingOf, seatingToShow, setClass,
  setText, showTournament, signedMinutes, standingKey, standingsRows, standingsStarted, stepAt, timeFormatter,
  loadStrings, tournamentLanguage, sound, pageLanguage,
} from "./common.js";
import { describeFollowed, followedIn, plannedStart } from "./plan.js";
import { fitStandings, keptAnnouncements, lateLines, lateSignalDue, pagesOf } from "./hall-parts.js";

// Every visible string of this page: /static/i18n/<lang>.json, section "display" (English fills gaps).
const STRINGS = await loadStrings("display", await tournamentLanguage());

const VIEWS = ["all", "clock", "standings", "seating"];
const PAGE_EVERY_MS = 8000;

const $ = (id) => document.getElementById(id);
document.title = STRINGS.pageTitle;
setText($("qr-caption"), STRINGS.qrCaption);
$("qr-img").alt = STRINGS.qrCaption;
document.body.classList.add("has-qr");
$("qr-img").addEventListener("error", () => {
  $("qr").hidden = true; // no QR from this server: nothing to scan
  document.body.classList.remove("has-qr");
});

// ?view=clock|standings|seating|all: several screens in one hall can show different parts.
const requested = new URLSearchParams(location.search).get("view");
const VIEW = VIEWS.includes(requested) ? requested : "all";
document.body.classList.remove("view-all");
document.body.classList.add(`view-${VIEW}`);
const wants = (part) => VIEW === "all" || VIEW === part;

let sections = {};
let fmt = timeFormatter(undefined, STRINGS.locale);
let stripKey = "";

const banners = new BannerQueue((b) => {
  const box = $("banner");
  if (!b) {
    box.hidden = true;
    return;
  }
  box.className = `banner tone-${b.tone}${b.long ? " long" : ""}`;
  setText($("banner-kicker"), b.kicker);
  setText($("banner-title"), b.title);
  setText($("banner-sub"), b.sub);
  box.hidden = false;
  // Sound: a chime for every banner, then its words spoken in the page's language.
  audio.chime(b.tone);
  audio.speak([b.kicker, b.title, b.sub].filter(Boolean).join(". "), pageLanguage);
});

// Browsers allow sound only after a first click or tap. The header shows whether sound is on; for
// the first SOUND_HINT_MS the hint beside it says how to turn it on, then it fades (an unattended
// projector must not say "click" all day), and it never covers a part of the screen.
const SOUND_HINT_MS = 15_000;
const audio = sound();
const soundBox = $("sound");
audio.onChange((on) => {
  soundBox.dataset.on = String(on);
  soundBox.title = on ? STRINGS.soundOn : STRINGS.soundOff;
  soundBox.setAttribute("aria-label", soundBox.title);
  setText($("sound-text"), on ? "" : STRINGS.soundHint);
  setClass(soundBox, "is-hinting", !on);
});
setTimeout(() => setClass(soundBox, "is-hinting", false), SOUND_HINT_MS);
$("banner").addEventListener("click", () => banners.dismiss());

function applyTournament() {
  fmt = showTournament(sections.tournament || {}, STRINGS, $);
  stripKey = "";
}

function itemStatus(item, now, current) {
  if (item.playing) return item.status || "scheduled";
  if (item === current) return "now";
  return item.end <= now ? "done" : "later";
}

let stripAt = 0;
function renderStrip(now, current, next) {
  if (stripKey && now - stripAt < 500) return; // twice a second is plenty
  stripAt = now;
  const day = itemsOfTheDay(sections.timetable, now, fmt);
  // Keep the strip to what fits: the item before the current one, and what follows.
  const at = day.findIndex((i) => i === (current || next));
  const first = at < 0 ? Math.max(0, day.length - 8) : Math.max(0, Math.min(at - 1, day.length - 8));
  const shown = day.slice(first, first + 8);
  const key = JSON.stringify(shown.map((i) => [i.id, i.title, itemStatus(i, now, current), i.start, plannedStart(i), i === current,
    i === next]));
  if (key === stripKey) return;
  stripKey = key;
  fill($("strip"), shown.map((item) => {
    const status = itemStatus(item, now, current);
    const classes = ["d-cell", `st-${status}`];
    if (item === current) classes.push("is-current");
    if (item === next) classes.push("is-next");
    // Moved because a round before it ran long: the new time, and the plan's struck through.
    const planned = plannedStart(item);
    if (planned !== null) classes.push("is-moved");
    return el("li", { class: classes.join(" ") },
      el("span", { class: "d-cell-time" }, fmt.time(item.start),
        planned !== null ? el("s", { class: "d-cell-was", title: STRINGS.plannedAt(fmt.time(planned)) }, fmt.time(planned)) : null),
      el("span", { class: "d-cell-title" }, item.title),
      el("span", { class: "d-cell-status" }, STRINGS.status[status] ?? status));
  }));
}

// ---- standings -------------------------------------------------------------------------------

/** Rows whose score changed with the last event that changed the standings. */
let changed = new Set();
let latestWhat = "";

const pageIndicator = (node) => (page, pages) => {
  node.hidden = pages < 2;
  if (pages < 2) return;
  fill(node, el("span", { class: "d-pages-text" }, STRINGS.page(page + 1, pages)),
    el("span", { class: "d-dots", "aria-hidden": "true" },
      Array.from({ length: pages }, (_, i) => el("i", { class: i === page ? "on" : "" }))));
};
// Its children are whole pages (display.js lays the rows out in columns to fit the panel).
const standingsPager = new Pager($("standings-body"), {
  everyMs: PAGE_EVERY_MS, onPage: pageIndicator($("standings-pages")),
});
const seatingPager = new Pager($("seating-body"), {
  everyMs: PAGE_EVERY_MS, holdHeight: VIEW === "all", onPage: pageIndicator($("seating-pages")),
});

/** The space between two columns of standings side by side (em of the rows' font). */
const STANDINGS_COLUMN_GAP_EM = 1.4;
let standingsKey = "";
let standingsPerPage = 1;

/** The standings panel's message in place of the list ("no results yet", "hidden until the prize-giving"). */
function standingsMessage(text, sub) {
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

function renderStandings() {
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
  const key = JSON.stringify([game, rows, [...changed], latestWhat, started, hidden, body.clientWidth, body.clientHeight]);
  if (key === standingsKey) return;
  standingsKey = key;
  setText($("standings-title"), STRINGS.standings);
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
  const head = [["c-rank", c.rank], ["c-name", c.name], ["c-num", bridge ? c.vp : c.points], ["c-num", bridge ? c.imps : c.bule]];
  const labels = rankLabels(rows, STRINGS.rank, STRINGS.rankRange);
  const loc = { locale: STRINGS.locale };
  // Every line of a column with as many decimals as its longest number (12.90, 7.10, 0.00).
  const vpDigits = decimalsOf(rows.map((r) => r.vp));
  const pointDigits = Math.max(1, decimalsOf(rows.map((r) => r.points)));
  const lines = rows.map((row, i) => [
    ["c-rank", labels[i]],
    ["c-name", row.name ?? standingKey(row)],
    ["c-num c-main", bridge ? formatNumber(row.vp, { min: vpDigits, max: vpDigits, ...loc })
      : formatNumber(row.points, { min: pointDigits, max: pointDigits, ...loc })],
    ["c-num", bridge ? formatNumber(row.imp_diff, { max: 1, signed: true, ...loc }) : formatNumber(row.bule, { max: 1, signed: true, ...loc })],
  ]);
  // Rows and columns sized to the panel and the field: the longest name whole, as few pages as that allows.
  const size = measureStandings(panel, head, lines);
  const base = parseFloat(getComputedStyle(panel).fontSize) || 32;
  const fit = fitStandings({
    width: body.clientWidth, height: body.clientHeight - 2, count: rows.length, nameEm: size.name, fixedEm: size.fixedEm,
    rowEm: size.rowEm + 0.03, headEm: size.headEm + 0.03, gapEm: STANDINGS_COLUMN_GAP_EM, minFont: base * 0.7, maxFont: base * 1.3,
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

// ---- seating ---------------------------------------------------------------------------------

let seatingKey = "";
function renderSeating() {
  const panel = $("seating-panel");
  const shown = wants("seating") ? seatingToShow(sections, { orCurrent: VIEW === "seating" }) : null;
  const show = Boolean(shown) || (VIEW === "seating" && Boolean(sections.timetable));
  panel.hidden = !show;
  if (!show) {
    seatingKey = "";
    return;
  }
  const names = nameBook(sections);
  const key = JSON.stringify([shown?.item?.id, shown?.upcoming, shown?.seating, sections.players, sections.teams,
    shown ? fmt.time(shown.item.start) : ""]);
  if (key === seatingKey) return;
  const fresh = seatingKey === "" || JSON.parse(seatingKey)[0] !== shown?.item?.id;
  seatingKey = key;
  $("seating-empty").hidden = Boolean(shown);
  $("seating-body").hidden = !shown;
  setText($("seating-empty"), STRINGS.noSeating);
  const note = $("seating-note");
  note.hidden = true;
  if (!shown) {
    setText($("seating-title"), STRINGS.seatingTitle);
    setText($("seating-sub"), "");
    seatingPager.set([]);
    return;
  }
  const { item, seating, upcoming } = shown;
  setText($("seating-title"), STRINGS.seating(item));
  const method = seating.method === "draw" ? STRINGS.seatingDrawn : seating.method === "standings" ? STRINGS.seatingFromStandings : "";
  setText($("seating-sub"), [upcoming ? STRINGS.startsAt(fmt.time(item.start)) : STRINGS.seatingNowPlaying, method]
    .filter(Boolean).join(" · "));
  const bridge = Array.isArray(seating.matches);
  panel.classList.toggle("is-bridge", bridge);
  if (!bridge) {
    const tables = Array.isArray(seating.tables) ? seating.tables : [];
    seatingPager.set(tables.map((t) => el("div", { class: "d-seat-card" },
      el("div", { class: "d-seat-no" }, el("span", { class: "d-seat-label" }, STRINGS.table), el("b", {}, String(t.table))),
      el("ol", { class: "d-seat-names" }, (t.players || []).map((p) => el("li", {}, names.player(p)))))),
    { keepPage: !fresh });
    return;
  }
  const matches = seating.matches || [];
  seatingPager.set(matches.map((m) => el("div", { class: "d-match" },
    el("span", { class: "d-match-home" }, names.team(m.home)),
    el("span", { class: "d-match-vs" }, STRINGS.vs),
    el("span", { class: "d-match-away" }, names.team(m.away)))), { keepPage: !fresh });
  const lines = [];
  if (seating.bye) lines.push(STRINGS.bye(names.team(seating.bye)));
  if (Number(seating.carry_over) > 0 && matches[0]) {
    lines.push(STRINGS.carryOver(formatNumber(seating.carry_over, { max: 1, locale: STRINGS.locale }), names.team(matches[0].home)));
  }
  note.hidden = !lines.length;
  fill(note, lines.map((line) => el("div", {}, line)));
}

// ---- late arrivals (section `lateness`) -----------------------------------------------------

/** Tournament minutes the panel stays up after the last penalty step (reserve, forfeit) has passed. */
const LATE_PANEL_AFTER_MIN = 10;
const latePager = new Pager($("late-body"), { everyMs: PAGE_EVERY_MS, onPage: pageIndicator($("late-pages")) });
let lateVersion = 0; // bumped when the sections change: the panel's lines are rebuilt only then
let lateKey = "";

/**
 * What the panel shows at `now`, or null: the current round's players (teams) not here yet while
 * lateness counts, those who came late, and the reserves; only during the round's lateness window
 * (until LATE_PANEL_AFTER_MIN after the last penalty step), and only when there is someone in it.
 */
function lateModel(now) {
  if (!wants("clock")) return null;
  const pick = latenessRound(sections);
  if (!pick) return null;
  const { item, report } = pick;
  const rows = Array.isArray(report.rows) ? report.rows : [];
  // Nobody checked in, excused or replaced at all: this round does not use check-in, and the hall
  // is not told that everybody is late.
  if (!rows.some((r) => hasArrived(r) || r.reserve || r.excused)) return null;
  const counting = lateCounting(report, now);
  const late = lateNow(report, now);
  const steps = Array.isArray(report.steps) ? report.steps : [];
  const lastStep = steps.length ? Math.max(...steps.map((x) => Number(x.from_ms) || 0)) : 0;
  if (counting && late > lastStep + LATE_PANEL_AFTER_MIN * minuteMs(sections)) return null;
  const missing = counting && late > 0 ? rows.filter(isMissing) : [];
  const came = rows.filter((r) => hasArrived(r) && !r.reserve && Number(r.late_ms) > 0).sort((a, b) => b.late_ms - a.late_ms);
  const reserves = rows.filter((r) => r.reserve);
  if (!missing.length && !came.length && !reserves.length) return null;
  return { item, report, late, missing, came, reserves };
}

function tableOf(itemId, id) {
  const seating = seatingOf(sections, itemId);
  const table = (seating?.tables || []).find((t) => (t.players || []).includes(id));
  return table ? table.table : null;
}

function renderLate(now) {
  const panel = $("late-panel");
  const model = lateModel(now);
  const lines = model ? lateLines({ ...model, steps: model.report.steps }, {
    L: STRINGS.late, penalty: STRINGS.penalty, describePenalty, stepAt, minute: minuteMs(sections),
    tableOf: (id) => tableOf(model.item.id, id), name: lateName, bridge: gameOf(sections) === "bridge",
    needed: Number(model.report.players_needed) || TEAM_NEEDED,
  }) : null;
  // Rebuilt only when a line's words change (the minutes of those not here yet count up).
  const key = model ? JSON.stringify([lateVersion, model.item.id, lines]) : "";
  if (key === lateKey) return;
  const fresh = !lateKey || JSON.parse(lateKey)[1] !== model?.item.id;
  lateKey = key;
  panel.hidden = !model;
  setClass(document.body, "has-late", Boolean(model));
  if (!model) {
    latePager.set([]);
    return;
  }
  setText($("late-title"), STRINGS.late.title);
  setText($("late-sub"), model.item.title);
  const dot = () => el("span", { class: "d-late-dot", "aria-hidden": "true" }, "·");
  latePager.set(lines.map((line) => el("div", {
    class: line.kind === "group" ? `d-late-group${line.missing ? " is-missing" : ""}` : `d-late-entry${line.missing ? " is-missing" : ""}`,
    dataset: { key: line.key },
  }, line.parts.flatMap((part, i) => [i ? dot() : null, el("span", { class: part.cls }, part.text)]))), { keepPage: !fresh });
}

/** The name on a line of the late panel: the row's, else the roster's. */
function lateName(row) {
  if (row.name) return row.name;
  const names = nameBook(sections);
  return gameOf(sections) === "bridge" ? names.team(row.id) : names.player(row.id);
}

/** A lateness alert is over once nobody is missing in its round (they came, reserves sat down). */
function withdrawAnsweredAlerts() {
  const reports = latenessReports(sections);
  banners.withdraw((b) => {
    if (b.type !== "lateness_alert") return false;
    const rows = reports[b.item]?.rows;
    return Array.isArray(rows) && !rows.some(isMissing);
  });
}

// ---- the announcements of the day (section `announcements`) -----------------------------------

/** How many of the latest free-text announcements stay on the screen (one made while it was offline too). */
const NOTES_KEPT = 3;
let notesKey = "";
function renderNotes() {
  const list = wants("clock") && VIEW !== "standings" && VIEW !== "seating"
    ? keptAnnouncements(sections.announcements, connection.clock.now(), fmt, NOTES_KEPT) : [];
  const key = JSON.stringify(list.map((a) => [a.seq, a.text, fmt.time(a.ts)]));
  if (key === notesKey) return;
  notesKey = key;
  $("notes").hidden = !list.length;
  setClass(document.body, "has-notes", list.length > 0);
  setText($("notes-title"), STRINGS.announcements);
  fill($("notes-list"), list.map((a) => el("li", { class: "d-note", dataset: { seq: a.seq } },
    el("span", { class: "d-note-time" }, fmt.time(a.ts)), el("span", { class: "d-note-text" }, a.text))));
}
setInterval(() => renderNotes(), 30_000); // a new day leaves yesterday's behind

function renderParts() {
  renderStandings();
  renderSeating();
  setClass(document.body, "has-standings", !$("standings-panel").hidden);
  setClass(document.body, "has-seating", !$("seating-panel").hidden);
}

// ---- the clock ---------------------------------------------------------------------------------

function frame(now) {
  setText($("now"), fmt.time(now));
  if (!sections.timetable) return;
  const c = describeClock(sections, now, STRINGS, fmt);
  if (VIEW === "standings" || VIEW === "seating") {
    // The clock in one line in the header, for screens that show only a part.
    $("mini").hidden = !c.headline;
    setText($("mini-title"), c.state && c.mode !== "running" ? `${c.headline} · ${c.state}` : c.headline);
    setText($("mini-count"), c.count);
    return;
  }
  renderLate(now);
  const main = $("main");
  setText($("kicker"), c.kicker);
  setText($("headline"), c.headline);
  setText($("count"), c.count);
  setText($("state"), c.state);
  setText($("sub"), c.sub);
  if (main.dataset.mode !== c.mode) main.dataset.mode = c.mode;
  setClass(main, "is-called", c.called);
  setClass(main, "is-urgent", c.urgent);
  setClass(main, "is-last-deals", c.lastDeals);
  setClass(main, "no-count", c.count === "");
  setClass(main, "long-count", c.count.length > 5);
  setClass(main, "xlong-count", c.count.length > 7); // 100 hours and more: an event days away
  const box = $("next-box");
  box.hidden = !c.upcoming;
  if (c.upcoming) {
    setText($("next-label"), c.upcomingLabel);
    setText($("next-title"), c.upcoming.title);
    setText($("next-time"), c.upcomingTime);
  }
  renderStrip(now, c.current, c.next);
}

function setConnection(state) {
  const conn = $("conn");
  conn.dataset.state = state;
  setText($("conn-text"), state === "up" ? "" : state === "down" ? STRINGS.offline : STRINGS.connecting);
}
setConnection("connecting");

/** "Table 4 – new result": what the last score event was, beside the standings' heading. */
function describeLatest(event) {
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

const connection = new LiveConnection({
  view: "display",
  onUpdate(next, info) {
    const tournamentChanged = next.tournament !== sections.tournament;
    const before = sections.standings;
    sections = next;
    if (tournamentChanged) applyTournament();
    if (info.kind === "event" && next.standings !== before && Array.isArray(before)) {
      const rows = changedStandings(before, next.standings);
      if (rows.size) {
        changed = rows;
        latestWhat = describeLatest(info.event || {});
        renderParts();
        // Show the page with the best-placed changed row.
        const index = standingsRows(sections).findIndex((r) => rows.has(standingKey(r)));
        if (index >= 0) standingsPager.goTo(Math.floor(index / standingsPerPage));
      }
    }
    stripKey = "";
    lateVersion += 1;
    renderParts();
    withdrawAnsweredAlerts();
    renderNotes();
    if (info.kind === "snapshot") printOnce();
  },
  onEvent(event, { fresh, changes }) {
    if (event.type === "command_undone") {
      banners.withdraw(event.payload?.target);
      return;
    }
    // Private notices (addressed to one player) are not for the hall.
    if (event.type === "announced" && event.payload && event.payload.player) return;
    if (!fresh) return;
    const banner = SCORE_TYPES.has(event.type) ? null : describeSignal(event, sections, STRINGS.banner, fmt);
    // A signal the scheduler could only send late (the server was down at the time) says when it was due.
    const due = banner ? lateSignalDue(event) : null;
    if (due !== null) banner.sub = [banner.sub, STRINGS.banner.firedLate(fmt.time(due))].filter(Boolean).join(" · ");
    // A seated reserve answers the alert that called for one.
    if (event.type === "reserve_seated") {
      banners.withdraw((b) => b.type === "lateness_alert" && b.item === event.payload?.item);
    }
    if (banner) banners.push(banner);
    // The schedule follows the hall: a round that ran long moved the next one ("Round 2 now starts at 14:50").
    for (const a of followedIn(changes, event)) {
      const moved = describeFollowed(a, STRINGS.banner.plan, fmt, connection.clock.now());
      if (moved) banners.push(moved);
    }
  },
  onStatus(up) {
    setConnection(up ? "up" : "down");
  },
});
connection.start();
animate(frame);
keepAwake();

// A double click (or F key) toggles full screen on the projector machine.
const toggleFullscreen = () => {
  if (document.fullscreenElement) document.exitFullscreen?.();
  else document.documentElement.requestFullscreen?.().catch(() => {});
};
document.addEventListener("dblclick", toggleFullscreen);
document.addEventListener("keydown", (e) => {
  if (e.key === "f" || e.key === "F") toggleFullscreen();
  if (e.key === "Escape") banners.dismiss();
  if (e.key === "ArrowRight" || e.key === " ") {
    standingsPager.turn();
    seatingPager.turn();
    latePager.turn();
  }
});
// ?print=1 (the referee console's print buttons): print once the first snapshot is shown.
let printed = false;
function printOnce() {
  if (printed || new URLSearchParams(location.search).get("print") !== "1") return;
  printed = true;
  setTimeout(() => window.print(), 600);
}

window.hall = { connection, banners, standingsPager, seatingPager, latePager }; // for debugging from the console
