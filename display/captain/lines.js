// @ts-check
// What a captain's phone makes of one of their team's matches (a line of `GET /api/captain-session`,
// live/projections/captains.py `MatchLine`): which side the team is, what it may do now (report, confirm or
// dispute the other captain's report, mark the record sent) and what is late. Pure: the page (main.js) draws it.
// The server decides the same things again and refuses what does not hold (live/commands/captains.py); the page
// only offers what would be taken, so that a captain is never shown a button that must fail.

/**
 * @typedef {{ seq: number, ts: number, team: string, imps_home: number, imps_away: number }} ReportLine
 * @typedef {{ seq: number, ts: number, team: string, reason: string }} DisputeLine
 * @typedef {{ seq: number, ts: number, by: string, imps_home: number, imps_away: number }} ResultLine
 * @typedef {{
 *   item: string, title: string, round: number | null, home: string, away: string, state: string,
 *   end: number, report_due: number, record_due: number, late: string[], record_late: boolean,
 *   record_sent: number | null, report: ReportLine | null, dispute: DisputeLine | null, result: ResultLine | null,
 *   proposed: object[],
 * }} MatchLine
 */

/** The states in which the match has no result that counts yet and nobody has disputed it. */
const OPEN = new Set(["awaiting_report", "reported", "overdue"]);
/** The states in which the match was played to a result (its record is owed). */
const PLAYED = new Set(["awaiting_report", "reported", "overdue", "disputed", "confirmed", "recorded", "settled"]);

/**
 * What the captain of `team` sees and may do in `line`.
 * - `side`: "home" or "away"; `opponent`: the other team's id.
 * - `mayReport`: the report form (no report yet, or the captain's own, which they may send again).
 * - `own`: the captain's own pending report (waiting for the other captain), else null.
 * - `toAnswer`: the other captain's pending report, to confirm or dispute, else null.
 * - `mayRecord`: the home captain may mark the match record sent (once, after the match).
 * - `reportLate` / `recordLate`: this team is late with its report (§12.1) / its record (§12.2).
 * @param {MatchLine} line
 * @param {string} team
 */
export function matchView(line, team) {
  const side = line.home === team ? "home" : "away";
  const open = OPEN.has(line.state) && !line.result && !line.dispute;
  const report = line.report && !line.dispute && !line.result ? line.report : null;
  const own = report && report.team === team ? report : null;
  const toAnswer = open && report && report.team !== team ? report : null;
  return {
    side,
    opponent: side === "home" ? line.away : line.home,
    mayReport: open && !toAnswer,
    own: open ? own : null,
    toAnswer,
    mayRecord: side === "home" && PLAYED.has(line.state) && line.record_sent === null,
    reportLate: line.late.includes(team),
    recordLate: side === "home" && line.record_late,
  };
}

/**
 * A typed IMP total: a whole number, 0 or more, else null (the report form's button waits for both).
 * @param {unknown} raw
 * @returns {number | null}
 */
export function impsValue(raw) {
  const text = String(raw ?? "").trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * The report command of `line` with the IMPs as typed for each side, or null while one is not a total.
 * @param {MatchLine} line
 * @param {unknown} home
 * @param {unknown} away
 */
export function reportCommand(line, home, away) {
  const h = impsValue(home);
  const a = impsValue(away);
  return h === null || a === null ? null : { type: "report_result", item: line.item, imps_home: h, imps_away: a };
}

/**
 * The line's most pressing first: what this captain must do now (answer the other's report, report a played
 * match, send the record), then the rest in the timetable's order (the server's).
 * @param {MatchLine[]} lines
 * @param {string} team
 * @returns {MatchLine[]}
 */
export function byUrgency(lines, team) {
  const urgent = (line) => {
    const v = matchView(line, team);
    return v.toAnswer || (v.mayReport && !v.own) || v.mayRecord ? 0 : 1;
  };
  return lines.map((line, i) => ({ line, i })).sort((a, b) => urgent(a.line) - urgent(b.line) || a.i - b.i)
    .map((x) => x.line);
}

/**
 * A refusal's sentence in the page's language, from its `detail.code` (the catalogue's `refused`), with the
 * match named by its title, the teams by their names and a field by its label (the catalogue's `fields`);
 * "" when the catalogue has no sentence for it.
 * @param {any} data the answer's JSON
 * @param {{ refused?: Record<string, any>, fields?: Record<string, string> }} S the compiled catalogue
 * @param {(id: string) => string} title an item's title
 * @param {(id: string) => string} name a team's name
 */
export function refusalText(data, S, title, name) {
  const detail = (data && data.detail) || {};
  const said = typeof detail.code === "string" ? (S.refused || {})[detail.code] : undefined;
  if (typeof said === "string") return said;
  if (typeof said !== "function") return "";
  const args = { ...detail };
  if (typeof detail.item === "string") args.item = title(detail.item);
  for (const key of ["team", "home", "away"]) if (typeof detail[key] === "string") args[key] = name(detail[key]);
  if (typeof detail.field === "string") args.field = (S.fields || {})[detail.field] || detail.field;
  return said(args);
}
