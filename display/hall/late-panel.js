// @ts-check
// The late-arrivals panel (section `lateness`): during the current round's lateness window, those not
// here yet with their minutes and penalty counting up, those who came late, and the reserves seated;
// and the lateness alerts withdrawn once nobody is missing. The server sends every number.
import { el, setClass, setText } from "../lib/dom.js";
import { describePenalty, hasArrived, isMissing, lateClockAt, lateClockStarted, latenessReports, latenessRound, minuteMs, playersNeeded, stepAt } from "../lib/lateness.js";
import { Pager } from "../lib/pager.js";
import { gameOf, nameBook, seatingOf } from "../lib/standings.js";
import { pageIndicator } from "./page-dots.js";
import { lateLines } from "./parts.js";
import { $, PAGE_EVERY_MS, STRINGS, page, wants } from "./state.js";
/** @import { Arrival } from "../../types/pages" */

/** Tournament minutes the panel stays up after the last penalty step (reserve, forfeit) has passed. */
const LATE_PANEL_AFTER_MIN = 10;

/** The panel's pages (each child a line). */
export const latePager = new Pager($("late-body"), { everyMs: PAGE_EVERY_MS, onPage: pageIndicator($("late-pages")) });
let lateVersion = 0; // bumped when the sections change: the panel's lines are rebuilt only then
let lateKey = "";
let lateMissing = new Set(); // who was missing at the last rebuild

/** New sections: the panel's lines are built again at the next frame. */
export function lateChanged() {
  lateVersion += 1;
}

/**
 * What the panel shows at `now`, or null: the current round's players (teams) not here yet while
 * lateness counts, those who came late, and the reserves; only during the round's lateness window
 * (until LATE_PANEL_AFTER_MIN after the last penalty step), and only when there is someone in it.
 */
function lateModel(now) {
  const { sections } = page;
  if (!wants("clock")) return null;
  const pick = latenessRound(sections);
  if (!pick) return null;
  const { item, report } = pick;
  /** @type {Arrival[]} */
  const rows = Array.isArray(report.rows) ? report.rows : [];
  // Nobody checked in, excused or replaced at all: this round does not use check-in, and the hall
  // is not told that everybody is late.
  if (!rows.some((r) => hasArrived(r) || r.reserve || r.excused)) return null;
  const counting = lateClockStarted(report, now);
  const late = lateClockAt(report, now);
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
  const seating = seatingOf(page.sections, itemId);
  const table = (seating?.tables || []).find((t) => (t.players || []).includes(id));
  return table ? table.table : null;
}

/** The panel at `now` (rebuilt only when a line's words change). */
export function renderLate(now) {
  const { sections } = page;
  const panel = $("late-panel");
  const model = lateModel(now);
  const lines = model ? lateLines({ ...model, steps: model.report.steps }, {
    L: STRINGS.late, penalty: STRINGS.penalty, describePenalty, stepAt, minute: minuteMs(sections),
    tableOf: (id) => tableOf(model.item.id, id), name: lateName, bridge: gameOf(sections) === "bridge",
    needed: playersNeeded(model.report),
  }) : null;
  // Rebuilt only when a line's words change (the minutes of those not here yet count up).
  const key = model ? JSON.stringify([lateVersion, model.item.id, lines]) : "";
  if (key === lateKey) return;
  const fresh = !lateKey || JSON.parse(lateKey)[1] !== model?.item.id;
  lateKey = key;
  panel.hidden = !model;
  setClass(document.body, "has-late", Boolean(model));
  // Someone newly missing (or the panel's first lines): the panel takes the screen (scenes.js).
  const missing = new Set(model ? model.missing.map((r) => String(r.id)) : []);
  if ([...missing].some((id) => !lateMissing.has(id))) page.want = "late";
  lateMissing = missing;
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
  // Spaces between the parts: a line of the late scene wraps between them (hall/panels.css).
  }, line.parts.flatMap((part, i) => [i ? " " : null, i ? dot() : null, i ? " " : null,
    el("span", { class: part.cls }, part.text)]))), { keepPage: !fresh });
}

/** The name on a line of the late panel: the row's, else the roster's. */
function lateName(row) {
  if (row.name) return row.name;
  const names = nameBook(page.sections);
  return gameOf(page.sections) === "bridge" ? names.team(row.id) : names.player(row.id);
}

/** A lateness alert is over once nobody is missing in its round (they came, reserves sat down). */
export function withdrawAnsweredAlerts(banners) {
  const reports = latenessReports(page.sections);
  banners.withdraw((b) => {
    if (b.type !== "lateness_alert") return false;
    const rows = reports[b.item]?.rows;
    return Array.isArray(rows) && !rows.some(isMissing);
  });
}
