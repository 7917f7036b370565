// @ts-check
// The console's check-in card (section `lateness`): who is in for the round, who is late and what
// it costs now (the server's steps: tolerated, bule, a reserve due, forfeit), the live counters,
// the check-in codes and slips, and "All present" for the round and for each published preferans table or
// bridge match (one command, `check_in_all`: the server decides who it checks in). One row per player or
// team is built by checkin-row.js.
import { at } from "../lib/base.js";
import { el, fill, setClass, setText } from "../lib/dom.js";
import { formatDuration } from "../lib/format.js";
import { describePenalty, firstStep, hasArrived, isMissing, lateClockAt, lateClockStarted, latenessReports, latenessRound, reserveAllowed, stepAt, tournamentMs } from "../lib/lateness.js";
import { gameOf, nameBook, seatingOf } from "../lib/standings.js";
import { alertArrived, renderAlerts } from "./checkin-alerts.js";
import { ciForm, ciRowNode } from "./checkin-row.js";
import { command } from "./commands.js";
import { ciLateText } from "./checkin-time.js";
import { $, STRINGS, nowMs, state } from "./state.js";
import { syncChildren } from "./sync-children.js";
/** @import { Arrival, LiveEvent } from "../../types/pages" */

let ciRound = null; // the round the referee picked among those still open for check-in
let ciPicked = false;
const ciRows = new Map(); // `${item}:${id}` → {node, dataKey, live: {count, penalty}}
let ciPhase = ""; // what the rows' buttons depend on over time (lateness counting, the seats a reserve may take)
let ciLive = [];

/**
 * The rounds a referee can still record arrivals for: those with a lateness entry, not ended, and
 * not missed (a plan in the past: nobody is late for a round that is not going to be played then).
 */
function ciRounds() {
  const reports = latenessReports(state.sections);
  return (state.sections.timetable || []).filter((i) => reports[i.id] && (i.phase === "upcoming" || i.phase === "in_progress"));
}

function ciSelected() {
  const rounds = ciRounds();
  if (!rounds.length) return null;
  if (!ciPicked || !rounds.some((i) => i.id === ciRound)) ciRound = (latenessRound(state.sections)?.item || rounds[0]).id;
  const item = rounds.find((i) => i.id === ciRound);
  return { item, report: latenessReports(state.sections)[item.id], rounds };
}

const isBridge = () => gameOf(state.sections) === "bridge";

/** The check-in card: the round's tabs, alerts, summary, and one row per player or team. */
export function renderCheckin() {
  const card = $("checkin-card");
  const picked = "lateness" in state.sections ? ciSelected() : null;
  card.hidden = !picked;
  for (const link of /** @type {HTMLCollectionOf<HTMLElement>} */ ($("r-nav").children)) if (link.dataset.nav === "checkin-card") link.hidden = card.hidden;
  if (!picked) {
    ciLive = [];
    return;
  }
  const { item, report, rounds } = picked;
  const C = STRINGS.ci;
  const now = nowMs();
  setText($("ci-title"), C.title(item.title));
  setText($("ci-filter-label"), C.filter);
  const codes = /** @type {HTMLAnchorElement} */ ($("ci-codes"));
  setText(codes, C.codes);
  codes.title = C.codesTitle;
  codes.href = at("/api/checkin-codes"); // the session cookie opens it: no token in the address
  // Beside it, the same codes as slips to cut out (name, code, a QR code that opens the player's page).
  let slips = $("ci-slips");
  if (!slips) {
    slips = el("a", { id: "ci-slips", class: "btn small", target: "_blank", rel: "noopener noreferrer",
      href: at("/api/checkin-slips") });
    codes.after(slips);
  }
  setText(slips, C.slips);
  slips.title = C.slipsTitle;
  const tabs = $("ci-tabs");
  tabs.hidden = rounds.length < 2;
  fill(tabs, rounds.length < 2 ? [] : rounds.map((r) => el("button", {
    type: "button", class: `r-tab st-${r.status}${r.id === item.id ? " is-on" : ""}`, dataset: { ciRound: r.id },
    "aria-pressed": r.id === item.id ? "true" : "false",
    onclick: () => {
      ciRound = r.id;
      ciPicked = true;
      renderCheckin();
    },
  }, r.title)));
  renderAlerts(item, renderCheckin);

  /** @type {Arrival[]} */
  const rows = Array.isArray(report.rows) ? report.rows : [];
  const count = {
    all: rows.length, in: rows.filter(hasArrived).length,
    late: rows.filter((r) => hasArrived(r) && !r.reserve && Number(r.late_ms) > 0).length,
    reserves: rows.filter((r) => r.reserve).length, excused: rows.filter((r) => r.excused && !r.reserve).length,
    missing: rows.filter(isMissing).length,
  };
  setText($("ci-summary"), C.summary(count));
  const names = nameBook(state.sections);
  const seating = seatingOf(state.sections, item.id);
  const bridge = isBridge();
  const groups = groupsOf(report, seating, bridge);
  // One table or one match (a bridge day of a single match): its head's "All present" is the round's.
  const single = groups.size === 1 && rows.every((r) => groups.of(r.id));
  allPresentButton(item, single ? 0 : count.missing, bridge && !Array.isArray(report.matches));
  const filter = /** @type {HTMLInputElement} */ ($("ci-filter")).checked;
  const shown = filter ? rows.filter((r) => !hasArrived(r) && !r.reserve) : rows;
  const empty = $("ci-empty");
  empty.hidden = shown.length > 0;
  setText(empty, rows.length ? C.noneMissing : C.empty);

  const counting = lateClockStarted(report, now);
  ciPhase = phaseAt(item, report, now);
  const nodes = [];
  const wanted = new Set();
  ciLive = [];
  // How many of each table or match are not in yet (a big hall: counted once), and the teams' names.
  const missingAt = new Map();
  for (const r of rows) {
    const group = groups.of(r.id);
    if (isMissing(r) && group) missingAt.set(group.key, (missingAt.get(group.key) || 0) + 1);
  }
  const nameOf = new Map(rows.map((r) => [r.id, r.name ?? r.id]));
  let lastGroup = null;
  for (const row of shown) {
    const key = `${item.id}:${row.id}`;
    const f = ciForm(key);
    const group = groups.of(row.id);
    const table = group?.table ?? null;
    if (group && group !== lastGroup) {
      // A published table's head or a match's, with "All present" while someone of it is not in yet.
      const missing = missingAt.get(group.key) || 0;
      const headKey = `${item.id}:${group.key}`;
      const headData = JSON.stringify([group.key, missing, nameOf.get(group.home), nameOf.get(group.away)]);
      let head = ciRows.get(headKey);
      if (!head || head.dataKey !== headData) {
        head = { node: groupHead(item, group, missing, nameOf), dataKey: headData };
        ciRows.set(headKey, head);
      }
      wanted.add(headKey);
      nodes.push(head.node);
    }
    lastGroup = group;
    const reserveOpen = !bridge && reserveAllowed(row, report, now);
    const dataKey = JSON.stringify([row, table, counting, reserveOpen, f.mode, f.error, bridge, item.status, names.team(row.id)]);
    let entry = ciRows.get(key);
    if (!entry || entry.dataKey !== dataKey) {
      entry = { ...ciRowNode(item, report, row, { key, table, counting, reserveOpen, bridge, rebuild: ciRebuild }), dataKey };
      ciRows.set(key, entry);
    }
    if (entry.live) ciLive.push(entry.live);
    wanted.add(key);
    nodes.push(entry.node);
  }
  for (const key of ciRows.keys()) if (!wanted.has(key)) ciRows.delete(key);
  syncChildren($("ci-list"), nodes);
  renderCheckinLive(now, true);
}

/**
 * "All present" for the whole round, beside its summary: everyone not in yet checked in now, as one command.
 * While the server knows no matches of a bridge round (`unknown`: the final before it is seated) every team
 * is on the list and two play: instead of the button, what to do first.
 */
function allPresentButton(item, missing, unknown) {
  const C = STRINGS.ci;
  let button = $("ci-all");
  if (!button) {
    button = el("button", { id: "ci-all", type: "button", class: "btn small go", dataset: { action: "all-present" } });
    $("ci-summary").after(button, el("p", { id: "ci-all-note", class: "r-hint", hidden: true }));
  }
  button.hidden = missing === 0 || unknown;
  setText(button, C.allPresent(missing));
  button.title = C.allPresentTitle;
  button.onclick = (e) => command({ type: "check_in_all", item: item.id }, e.currentTarget);
  const note = $("ci-all-note");
  note.hidden = !unknown;
  setText(note, unknown ? C.matchesUnknown(item.title) : "");
}

/**
 * What of the list a tap checks in together: each published preferans table, or each bridge match (the
 * server's `matches`: the seating's, or the league's round before it is published). `of(id)` is a row's
 * group ({key, table} or {key, home, away}) or null; `size` how many there are.
 */
function groupsOf(report, seating, bridge) {
  const byId = new Map();
  let size = 0;
  if (bridge) {
    for (const [home, away] of Array.isArray(report.matches) ? report.matches : []) {
      const group = { key: `match:${home}-${away}`, home, away };
      byId.set(home, group);
      byId.set(away, group);
      size += 1;
    }
  } else {
    for (const t of seating?.tables || []) {
      const group = { key: `table:${t.table}`, table: t.table };
      for (const p of t.players || []) byId.set(p, group);
      size += 1;
    }
  }
  return { of: (id) => byId.get(id) ?? null, size };
}

/**
 * A table's head in the list (its number) or a match's (its teams), and "All present" for it while someone of
 * it is not in yet.
 */
function groupHead(item, group, missing, nameOf) {
  const C = STRINGS.ci;
  const match = group.table === undefined;
  const body = match ? { type: "check_in_all", item: item.id, home: group.home, away: group.away }
    : { type: "check_in_all", item: item.id, table: group.table };
  return el("div", { class: "r-ci-table", dataset: match ? { match: `${group.home}-${group.away}` } : { table: group.table } },
    el("b", {}, match ? C.matchHead(nameOf.get(group.home) ?? group.home, nameOf.get(group.away) ?? group.away) : C.tableHead(group.table)),
    missing ? el("button", {
      type: "button", class: "btn small go", dataset: { action: match ? "all-present-match" : "all-present-table" },
      title: C.allPresentTitle, onclick: (e) => command(body, e.currentTarget),
    }, C.allPresent(missing)) : null);
}

/** What the rows' buttons depend on at `now`: whether lateness counts, and which seats a reserve may take. */
function phaseAt(item, report, now) {
  const rows = Array.isArray(report.rows) ? report.rows : [];
  return JSON.stringify([item.id, lateClockStarted(report, now), rows.filter((r) => reserveAllowed(r, report, now)).map((r) => r.id)]);
}

let ciLiveAt = 0;
/**
 * Every second: the counters of those not yet in, and the penalty that would apply now.
 * @param {number} now
 * @param {boolean} [force]
 */
export function renderCheckinLive(now, force = false) {
  if ($("checkin-card").hidden) return;
  if (!force && now - ciLiveAt < 250) return;
  ciLiveAt = now;
  const picked = ciSelected();
  if (!picked) return;
  const { item, report } = picked;
  const C = STRINGS.ci;
  const counting = lateClockStarted(report, now);
  const late = lateClockAt(report, now);
  const reserveFrom = firstStep(report.steps, "reserve_due");
  if (phaseAt(item, report, now) !== ciPhase) {
    renderCheckin(); // the Seat reserve buttons appear, the counters start
    return;
  }
  const step = stepAt(report.steps, late);
  const penalty = describePenalty(step, STRINGS.penalty);
  const lateText = ciLateText(late);
  for (const live of ciLive) {
    setText(live.count, counting ? lateText : C.notCounting);
    setText(live.penalty, counting ? penalty.text : "");
    live.penalty.className = `r-ci-pen pen-${counting ? penalty.tone || "none" : "none"}`;
  }
  // The line above the list: when lateness counts, and what not being here costs now.
  const missing = (report.rows || []).filter(isMissing).length;
  const box = $("ci-live");
  let text = "";
  if (!counting && Number.isFinite(report.reference_start)) {
    text = C.startsIn(state.fmtSec.time(report.reference_start), formatDuration(tournamentMs(report.reference_start - now, state.sections)));
  } else if (counting && missing) {
    const forfeitFrom = firstStep(report.steps, "forfeit");
    // A step starts 1 ms after its deadline ("30:00 still tolerated"): say the deadline itself.
    const next = reserveFrom !== null && late < reserveFrom ? C.reserveFrom(ciLateText(reserveFrom - 1))
      : forfeitFrom !== null && late < forfeitFrom ? C.forfeitFrom(ciLateText(forfeitFrom - 1)) : "";
    text = [C.liveMissing(lateText, penalty.text), next, item.status === "paused" ? C.paused : ""].filter(Boolean).join(" · ");
    if (item.phase === "upcoming") text = `${text} · ${C.notStartedYet}`;
  } else if (counting && (report.rows || []).length) {
    text = C.allIn;
  }
  box.hidden = !text;
  setText(box, text);
  setClass(box, "is-late", counting && missing > 0);
}

/** Build one row afresh (its form opened or closed) and draw the card again. */
function ciRebuild(key) {
  ciRows.delete(key);
  renderCheckin();
}

/** "Only those not here yet". */
export function wireCheckin() {
  $("ci-filter").addEventListener("change", renderCheckin);
}

/**
 * A lateness alert as it arrives (the connection's events): see checkin-alerts.js.
 * @param {LiveEvent} event
 * @param {boolean} fresh
 */
export function onLatenessEvent(event, fresh) {
  alertArrived(event, fresh, renderCheckin);
}
