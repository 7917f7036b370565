// @ts-check
// Lateness (section `lateness`: item → {reference_start, late_clock, players_needed, thresholds, rows, steps}).
//
// The server gives fixed numbers for those who came, and `steps` for the others: the penalty
// of someone not yet in is the last step whose from_ms ≤ how late they are now. How late is the
// report's `late_clock` read at serverNow() — the server's running clock, pauses already counted
// (live/rules/lateness.py RunningClock) — so the pages need no rule of their own.

import { gameOf, nameBook } from "./standings.js";
import { findItem } from "./timetable.js";
/** @import { Arrival, PageSections, SignalEvent, Step } from "../../types/pages" */
/** @import { LatenessReport, Threshold, TimetableItem } from "../../types/sections" */

/**
 * How late someone not yet in is at `now`, in clock ms: the report's late clock read as the server
 * reads it (`ms`, plus the time since `at` while it runs; `at` may still be ahead). 0 without a clock.
 * @param {LatenessReport | null | undefined} report
 * @param {number} now
 * @returns {number}
 */
export function lateClockAt(report, now) {
  const clock = report?.late_clock;
  if (!clock || !Number.isFinite(clock.ms)) return 0;
  const ran = clock.running && Number.isFinite(clock.at) ? Math.max(0, now - clock.at) : 0;
  return Math.max(0, clock.ms + ran);
}

/**
 * Whether the late clock has started at `now`: its `at` is the reference start, or a later pause or
 * resume (which lie in the past), so it is reached exactly when the reference start is.
 * @type {(report: LatenessReport | null | undefined, now: number) => boolean}
 */
export const lateClockStarted = (report, now) => Number.isFinite(report?.late_clock?.at) && report.late_clock.at <= now;

/**
 * Whether a reserve may take a preferans seat at `now`: the row's `reserve_from_ms` (the server's: null
 * while no reserve can take it, 0 for an announced absence) reached by the late clock.
 * @type {(row: Arrival | null | undefined, report: LatenessReport | null | undefined, now: number) => boolean}
 */
export const reserveAllowed = (row, report, now) => Number.isFinite(row?.reserve_from_ms) &&
  lateClockAt(report, now) >= row.reserve_from_ms;

/**
 * What completes a bridge team at the table (the report's players_needed; null in preferans or unknown).
 * @type {(report: LatenessReport | null | undefined) => number | null}
 */
export const playersNeeded = (report) => (Number.isFinite(report?.players_needed) ? report.players_needed : null);

/**
 * The penalty step that applies at `lateMs`: the last one whose from_ms ≤ lateMs (null if none).
 * @param {Step[] | null | undefined} steps
 * @param {number} lateMs
 * @returns {Step | null}
 */
export function stepAt(steps, lateMs) {
  let found = null;
  for (const step of Array.isArray(steps) ? steps : []) {
    if (Number.isFinite(step.from_ms) && step.from_ms <= lateMs && (!found || step.from_ms >= found.from_ms)) found = step;
  }
  return found;
}

/**
 * from_ms of the first step with `flag` set (reserve_due, forfeit), or null.
 * @param {Step[] | null | undefined} steps
 * @param {"reserve_due" | "forfeit"} flag
 * @returns {number | null}
 */
export function firstStep(steps, flag) {
  const hits = (Array.isArray(steps) ? steps : []).filter((s) => s[flag] && Number.isFinite(s.from_ms));
  return hits.length ? Math.min(...hits.map((s) => s.from_ms)) : null;
}

/**
 * Clock ms of one tournament minute, as the server sends it (a demo's minutes last less).
 * @param {PageSections | null | undefined} sections
 * @returns {number}
 */
export function minuteMs(sections) {
  const ms = Number(sections?.tournament?.minute_ms);
  return ms > 0 ? ms : 60_000;
}

/**
 * Clock ms as tournament time, for a "12:34 late" counter (a demo's minutes last less).
 * @param {number | null | undefined} ms
 * @param {PageSections | null | undefined} sections
 * @returns {number}
 */
export function tournamentMs(ms, sections) {
  return (Number(ms) || 0) * (60_000 / minuteMs(sections));
}

/**
 * The reports, always an object.
 * @param {PageSections | null | undefined} sections
 * @returns {Record<string, LatenessReport>}
 */
export function latenessReports(sections) {
  const all = sections?.lateness;
  return all && typeof all === "object" && !Array.isArray(all) ? all : {};
}

/**
 * The round whose check-in matters now: the one being played, else the first not started yet
 * (the timetable's `phase`, the server's) that has a lateness entry ({item, report}), or null.
 * @param {PageSections | null | undefined} sections
 * @returns {{ item: TimetableItem, report: LatenessReport } | null}
 */
export function latenessRound(sections) {
  const reports = latenessReports(sections);
  const items = (Array.isArray(sections?.timetable) ? sections.timetable : []).filter((i) => i.playing && reports[i.id]);
  const pick = items.find((i) => i.phase === "in_progress") || items.find((i) => i.phase === "upcoming");
  return pick ? { item: pick, report: reports[pick.id] } : null;
}

/**
 * A row has come: checked in (or, for a team, complete).
 * @type {(row: Arrival | { arrived_at?: number | null } | null | undefined) => boolean}
 */
export const hasArrived = (row) => Number.isFinite(row?.arrived_at);

/**
 * Not here and nobody in the seat: not arrived, no reserve seated, no absence announced.
 * @type {(row: Arrival | null | undefined) => boolean}
 */
export const isMissing = (row) => !hasArrived(row) && !row?.reserve && !row?.excused;

/**
 * A penalty in words from a row or a step: {text, tone} with tone "" | "ok" | "warn" | "bad";
 * a start with extra bule also has kind "startsWith", startsWith (the bule) and bule (the extra).
 * `S` = {onTime, tolerated, startsWith(n, bule), deduction(bule), reserveDue(n), forfeit,
 * boards(n, imps), noPenalty}.
 */
export function describePenalty(fields, S) {
  const penalty = penaltyOf(fields, S);
  return fields && penalty.kind === "startsWith" ? { ...penalty, startsWith: fields.starts_with, bule: Number(fields.bule) } : penalty;
}

function penaltyOf(fields, S) {
  if (!fields) return { text: "", tone: "" };
  if ("boards_removed" in fields || ("forfeit" in fields && !("bule" in fields))) {
    if (fields.forfeit) return { text: S.forfeit, tone: "bad" };
    if (Number(fields.boards_removed) > 0) {
      return { text: S.boards(Number(fields.boards_removed), Number(fields.compensation_imps) || 0), tone: "warn" };
    }
    return { text: S.noPenalty, tone: "" };
  }
  if (fields.reserve_due) return { text: S.reserveDue(fields.starts_with), tone: "bad" };
  if (Number(fields.deduction) > 0) return { text: S.deduction(Number(fields.deduction)), tone: "warn" };
  if (Number(fields.bule) > 0) return { text: S.startsWith(fields.starts_with, Number(fields.bule)), tone: "warn", kind: "startsWith" };
  if (fields.tolerated) return { text: S.tolerated, tone: "ok" };
  return { text: S.onTime, tone: "" };
}

/**
 * The report's threshold an alert names ({name, at, late_ms, minutes, …}), or null.
 * @param {LatenessReport | null | undefined} report
 * @param {string} name
 * @returns {Threshold | null}
 */
export function thresholdOf(report, name) {
  return (Array.isArray(report?.thresholds) ? report.thresholds : []).find((x) => x && x.name === name) || null;
}

/** A few names, then "+N" (banners and toasts must stay short). */
export function someNames(names, S, max = 6) {
  if (names.length <= max) return names.join(", ");
  return `${names.slice(0, max).join(", ")} ${S.andMore(names.length - max)}`;
}

/**
 * A banner for a lateness alert or a seated reserve: {seq, ts, type, tone, kicker, title, sub, long}.
 * `S` is the page's words (STRINGS.banner.late on the display, STRINGS.alerts on the console).
 * @param {SignalEvent | null | undefined} event
 * @param {PageSections} sections
 * @param {Record<string, any>} S
 * @param {unknown} [fmt]
 */
export function describeLateness(event, sections, S, fmt) {
  if (!event || !event.type) return null;
  const p = event.payload || {};
  const item = p.item ? findItem(sections, p.item) : null;
  const report = p.item ? latenessReports(sections)[p.item] : null;
  const names = nameBook(sections);
  const bridge = gameOf(sections) === "bridge";
  const base = { seq: event.seq, ts: event.ts, type: event.type, item: p.item, kicker: item ? item.title : (p.item || "") };
  const done = (b) => ({ ...b, long: String(b.title).length > 26 });
  if (event.type === "reserve_seated") {
    const name = String(p.name ?? "");
    return done({
      ...base, tone: "info",
      title: p.table !== undefined && p.table !== null ? S.reserveAtTable(p.table, name, p.starts_with) : S.reserveSeated(name, p.starts_with),
      sub: p.player ? S.inPlaceOf(names.player(p.player)) : "",
    });
  }
  if (event.type !== "lateness_alert") return null;
  const absent = Array.isArray(p.absent) ? p.absent : [];
  const who = absent.map((id) => (bridge ? names.team(id) : names.player(id)));
  const threshold = String(p.threshold ?? "");
  // How late the threshold is, and for a Slovak block the boards removed up to it and from it on: the server's.
  const mark = thresholdOf(report, threshold);
  const minutes = Number.isFinite(mark?.minutes) ? mark.minutes : null;
  if (threshold === "grace") {
    return done({ ...base, tone: "hold", title: S.graceOver(minutes), sub: S.notHere(who.length, someNames(who, S)) });
  }
  if (threshold === "reserve") {
    const tables = Array.isArray(p.tables) ? p.tables : [];
    const reserve = tables.filter((t) => t.kind === "reserve").map((t) => t.table);
    const lines = tables.filter((t) => t.kind !== "reserve").map((t) => (t.kind === "walkover"
      ? S.walkover(t.table, names.player(t.walkover_to)) : t.kind === "no_game" ? S.noGame(t.table) : ""));
    return done({
      ...base, tone: "warn",
      title: reserve.length ? S.reservesFor(minutes, reserve) : S.deadline(minutes),
      sub: [...lines.filter(Boolean), S.notHere(who.length, someNames(who, S))].join(" · "),
    });
  }
  if (threshold === "forfeit") {
    return done({ ...base, tone: "warn", title: bridge ? S.teamsForfeit(minutes, who) : S.forfeitPlayers(minutes, who.length),
      sub: bridge ? S.forfeitSub : someNames(who, S) });
  }
  if (threshold.startsWith("block:") && Number.isFinite(mark?.boards_removed)) {
    // "block:N": at the boundary itself the boards of the block that ends apply; from the next instant
    // those of block N (`boards_removed_next`).
    const next = Number.isFinite(mark.boards_removed_next) ? S.fromNow(mark.boards_removed_next) : "";
    return done({ ...base, tone: "warn", title: S.boardsRemoved(minutes, mark.boards_removed), sub: [someNames(who, S), next].filter(Boolean).join(" · ") });
  }
  return done({ ...base, tone: "hold", title: S.stillAbsent(minutes), sub: S.notHere(who.length, someNames(who, S)) });
}
