// @ts-check
// How the referee console names things: referees, players, teams and items by their ids as the
// sections hold them, what an audited command did (in the toasts and the audit log), and numbers in
// the page's language.
import { formatNumber } from "../lib/format.js";
import { paymentWords } from "./desk-books.js";
import { describeSheet } from "./sheet-model.js";
import { STRINGS, state } from "./state.js";
/** @import { AuditEntry } from "../../types/sections" */

/**
 * A referee's name as the console shows it (the shared token's referee has no name of their own).
 * @param {string} name
 * @returns {string}
 */
export function displayName(name) {
  return name === "referee" ? STRINGS.sharedReferee : name;
}

/**
 * Who did an audited thing: a referee's name, or the player who checked themselves in.
 * @param {string | null | undefined} actor an audit line's `by`
 * @returns {string}
 */
export function actorName(actor) {
  if (!actor || actor === "referee") return STRINGS.sharedRefereeShort;
  if (actor.startsWith("referee:")) return actor.slice("referee:".length);
  if (actor.startsWith("player:")) return playerName(actor.slice("player:".length));
  return actor;
}

/**
 * An item's title as the timetable has it (its id while it is not there).
 * @param {string} id
 * @returns {string}
 */
export function itemTitle(id) {
  const item = (state.sections.timetable || []).find((i) => i.id === id);
  return item ? item.title : id;
}

/**
 * A player's name (their id while the roster does not have them).
 * @param {string} id
 * @returns {string}
 */
export function playerName(id) {
  const p = (state.sections.players || []).find((x) => x.id === id);
  return p ? p.name : id;
}

/**
 * A team's name (its id while the roster does not have it).
 * @param {string} id
 * @returns {string}
 */
export function teamName(id) {
  const t = (state.sections.teams || []).find((x) => x.id === id);
  return t ? t.name : id;
}

/**
 * An audited command in words: the audit log's rows, a command's toast, an undo's question.
 * @param {Pick<AuditEntry, "type"> & { payload?: Record<string, unknown> }} entry an audit line, or an event of the log
 * @returns {string}
 */
export function describeAudit(entry) {
  // Any event's payload: each type's words read the keys of its own (live/core/payloads.py).
  const p = /** @type {Record<string, any>} */ (entry.payload || {});
  const w = STRINGS.auditWhere;
  // A slip's numbers, so the audit an appeal reads says what was entered, not only where.
  const scores = p.results && typeof p.results === "object"
    ? Object.entries(p.results).map(([pid, v]) => `${playerName(pid)} ${v > 0 ? "+" : v < 0 ? "−" : ""}${Math.abs(v)}`)
      .join(", ")
    : "";
  const where = p.table !== undefined
    ? (p.walkover ? w.walkover(p.table, playerName(p.walkover)) : scores ? `${w.table(p.table)}: ${scores}` : w.table(p.table))
    : p.home ? w.match(teamName(p.home), teamName(p.away), p.imps_home ?? "", p.imps_away ?? "") : "";
  const x = {
    ...p, item: p.item ? itemTitle(p.item) : "", player: p.player ? playerName(p.player) : "", where,
    home: p.home ? teamName(p.home) : "", away: p.away ? teamName(p.away) : "", guilty: p.guilty ? teamName(p.guilty) : "",
    who: p.player ? playerName(p.player) : p.team ? teamName(p.team) : "", unitName: STRINGS.units[p.unit] || p.unit || "",
    at: Number.isFinite(p.at) ? state.fmtSec.time(p.at) : "",
    // The plan on the day: a removed item keeps its title in the payload; times as the hall reads them.
    title: p.title ?? (p.item ? itemTitle(p.item) : ""), name: p.name ?? "", was: Array.isArray(p.was) ? "" : p.was ?? "",
    startAt: Number.isFinite(p.start) ? state.fmt.time(p.start) : "", endAt: Number.isFinite(p.end) ? state.fmt.time(p.end) : "",
    wasAt: Array.isArray(p.was) && Number.isFinite(p.was[0]) ? state.fmt.time(p.was[0]) : "",
    entersTitle: p.enters ? itemTitle(p.enters) : "", teamName: p.team ? teamName(p.team) : "",
    count: Array.isArray(p.items) ? p.items.length : 0,
    // "All present": who it checked in, by name.
    names: [...(Array.isArray(p.players) ? p.players.map(playerName) : []), ...(Array.isArray(p.teams) ? p.teams.map(teamName) : [])].join(", "),
    // A team sheet: each part's players and the substitutions, by name.
    sheet: entry.type === "lineup_entered" ? describeSheet(p, STRINGS.sheets.audit, playerName) : "",
    // A sanction's kind in words, and who writes a misdeal's bule (its lines' `to`).
    kindName: p.kind ? STRINGS.sanctions?.kinds?.[p.kind] ?? p.kind : "",
    coPlayers: Array.isArray(p.penalties) ? p.penalties.filter((l) => l.to).map((l) => playerName(l.to)).join(", ") : "",
    // A signalling step's measure in words; a deduction's points as the page's language writes them ("1,5").
    measureName: p.measure ? STRINGS.sanctions?.measures?.[p.measure] ?? "" : "",
    ...(entry.type === "sanction_recorded" && Number.isFinite(p.points) ? { points: num(p.points, { max: 1 }) } : {}),
  };
  // A payment at the desk: its amount without the sign (a refund says so), currency, kind and method in words.
  if (entry.type === "payment_recorded") Object.assign(x, paymentWords(p, STRINGS.desk, STRINGS.locale));
  const say = STRINGS.audit[entry.type]; // a template, or plain words for an entry with nothing to fill in
  if (typeof say === "function") return say(x);
  return say || STRINGS.audit.other(entry.type);
}

const NUM = { locale: STRINGS.locale };
/** A number as the page's language writes it (`opts` as formatNumber's: min, max, signed). */
export const num = (v, opts = {}) => formatNumber(v, { ...NUM, ...opts });
