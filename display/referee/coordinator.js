// @ts-check
// The coordinator's list of a team league's matches as the captains report them from the clubs' venues
// (`GET /api/captains`, live/projections/captains.py): which lines need the coordinator, what a proposed
// sanction says, whether its VP deduction was applied already, and which live events change the list. Pure:
// the card (captains.js) draws it; the node tests read it (tests/pages/captains-coordinator.test.mjs).
/** @import { AuditEntry, TournamentInfo } from "../../types/sections" */

/**
 * @typedef {{ type: string, team: string, amount: number, unit: string, reason: string, item: string }} PenaltyCommand
 * @typedef {{ team: string, duty: string, rule: string, kinds: string[], fine_min: number, fine_max: number,
 *   currency: string, vp: number, command?: PenaltyCommand }} Proposed
 * @typedef {{
 *   item: string, title: string, round: number | null, home: string, away: string, state: string,
 *   end: number, report_due: number, record_due: number, late: string[], record_late: boolean,
 *   record_sent: number | null,
 *   report: { seq: number, ts: number, team: string, imps_home: number, imps_away: number } | null,
 *   dispute: { seq: number, ts: number, team: string, reason: string } | null,
 *   result: { seq: number, ts: number, by: string, imps_home: number, imps_away: number } | null,
 *   proposed: Proposed[],
 * }} CoordinatorLine
 * @typedef {{ now: number, matches: CoordinatorLine[], counts: Record<string, number> }} CoordinatorView
 */

/** The states in the order the card's summary names them: what needs the coordinator first. */
export const STATES = ["disputed", "overdue", "reported", "awaiting_report", "scheduled", "confirmed", "settled",
  "recorded", "forfeited", "withdrawn"];

/** The events after which the list may have changed: a captain's step, a result, a round's start or end, a
 * penalty (its proposal shows applied), a withdrawal, an undo of any of them, the plan moving a match. */
export const CAPTAIN_EVENTS = new Set(["result_reported", "result_disputed", "record_sent", "result_recorded",
  "result_corrected", "match_forfeited", "team_withdrawn", "penalty_applied", "command_undone", "round_started",
  "round_ended", "seating_published", "item_moved", "timetable_shifted", "item_added", "item_cancelled"]);

/**
 * Whether the live event `type` may change the coordinator's list.
 * @param {string} type
 */
export function concernsCaptains(type) {
  return CAPTAIN_EVENTS.has(type);
}

/**
 * Whether the console shows the coordinator's card: a team competition whose matches the captains report (the
 * Slovak league's propositions, §12), or one where a captain has reported anything already.
 * @param {Partial<TournamentInfo> | undefined} tournament
 * @param {CoordinatorView | null} view
 */
export function coordinatorWanted(tournament, view) {
  if (!tournament || tournament.game !== "bridge") return false;
  if (tournament.preset === "slovak-league") return true;
  return Boolean(view && view.matches.some((m) => m.report || m.dispute || m.record_sent !== null ||
    (m.result && m.result.by.startsWith("captain:"))));
}

/**
 * Whether a line needs the coordinator now: a dispute to settle, a report late or waiting for its confirmation,
 * a record late, a sanction to propose.
 * @param {CoordinatorLine} line
 */
export function needsCoordinator(line) {
  return ["disputed", "overdue", "reported"].includes(line.state) || line.record_late || line.proposed.length > 0;
}

/**
 * The lines the card lists: all, or (`onlyOpen`) those that need the coordinator; the timetable's order kept.
 * @param {CoordinatorLine[]} lines
 * @param {boolean} onlyOpen
 */
export function shownLines(lines, onlyOpen) {
  return onlyOpen ? lines.filter(needsCoordinator) : lines;
}

/**
 * The summary's parts: [state, how many] in STATES's order, the states with none left out.
 * @param {Record<string, number>} counts
 * @returns {[string, number][]}
 */
export function countParts(counts) {
  const known = STATES.filter((s) => counts[s] > 0).map((s) => /** @type {[string, number]} */ ([s, counts[s]]));
  const other = Object.keys(counts).filter((s) => !STATES.includes(s) && counts[s] > 0)
    .map((s) => /** @type {[string, number]} */ ([s, counts[s]]));
  return [...known, ...other];
}

/**
 * The `penalty_applied` of the audit that a proposal's command made (the same team, item, amount and reason,
 * not undone), or null: the card then says it was applied instead of offering it again.
 * @param {PenaltyCommand} command
 * @param {AuditEntry[] | undefined} audit
 * @returns {AuditEntry | null}
 */
export function appliedPenalty(command, audit) {
  for (const entry of audit || []) {
    const p = entry.payload || {};
    if (entry.type === "penalty_applied" && !entry.undone && p.team === command.team && p.item === command.item
      && p.reason === command.reason && Number(p.amount) === Number(command.amount)) return entry;
  }
  return null;
}

/**
 * A proposal in words: "Tím A: match record late (§12.4). Proposed: a fine of 200–500 Sk and 1 VP off". A
 * warning is the alternative to the rest (§12.3: a warning, or a fine); a fine and a VP deduction go together
 * (§12.4 from the second late record). `W` the catalogue's `coordinator` words, `name(team)` a team's name,
 * `num(n)` a number in the page's language.
 * @param {Proposed} p
 * @param {Record<string, any>} W
 * @param {(id: string) => string} name
 * @param {(n: number) => string} num
 */
export function proposalText(p, W, name, num) {
  const parts = p.kinds.filter((kind) => kind !== "warning").map((kind) => {
    if (kind === "fine") {
      return p.fine_min > 0 ? W.fineRange(num(p.fine_min), num(p.fine_max), p.currency) : W.fineUpTo(num(p.fine_max), p.currency);
    }
    return kind === "vp" ? W.vpOff(num(p.vp)) : kind;
  });
  const rest = parts.join(W.and);
  const kinds = p.kinds.includes("warning") ? (rest ? W.warningOr(rest) : W.warning) : rest;
  return W.proposal(name(p.team), W.duty[p.duty] || p.duty, p.rule, kinds);
}

/**
 * The values a disputed match's settling form starts with: the disputed report's IMPs (the coordinator changes
 * what the dispute says is wrong), else empty.
 * @param {CoordinatorLine} line
 * @returns {{ home: string, away: string }}
 */
export function settleValues(line) {
  return line.report ? { home: String(line.report.imps_home), away: String(line.report.imps_away) } : { home: "", away: "" };
}
