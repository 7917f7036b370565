// @ts-check
// The team sheets card's arithmetic, apart from the DOM so that node tests reach it: which matches
// the card offers (the server's `lineups.matches`, the current or next round first), a team's draft
// line-ups from the sheet the server holds, the `lineup` command built from a draft, and a sheet in
// words for the audit. Pure: every count (the line-up's size, the parts, the parts begun) is the
// server's; nothing here decides a rule, the server refuses what breaks one.
/** @import { MatchSheets, MatchTeam, Substitution, TeamSheet, TimetableItem } from "../../types/sections" */

/**
 * The matches the card offers, in timetable order, and the one to show first: the match being played,
 * else the next one not played yet (its sheets are due before it starts), else the last with sheets.
 * Read from the timetable's statuses: the console's view has no clock section (that is `/api/state`'s).
 * @param {{ timetable?: TimetableItem[], lineups?: { matches?: Record<string, MatchSheets> } | null } | null | undefined} sections
 * @returns {{ order: string[], first: string | null }}
 */
export function sheetMatches(sections) {
  const matches = sections?.lineups?.matches || {};
  const timetable = Array.isArray(sections?.timetable) ? sections.timetable : [];
  const order = timetable.map((i) => i.id).filter((id) => id in matches);
  for (const id of Object.keys(matches)) if (!order.includes(id)) order.push(id);
  const status = new Map(timetable.map((i) => [i.id, i.status]));
  const playing = order.find((id) => status.get(id) === "running" || status.get(id) === "paused");
  const next = order.find((id) => status.has(id) && status.get(id) !== "ended" && status.get(id) !== "missed");
  const first = playing || next ||
    [...order].reverse().find((id) => Object.values(matches[id].teams || {}).some((t) => t.sheet)) || order[0] || null;
  return { order, first };
}

/**
 * A team's draft: the players of each part as its sheet in force says (an empty list for a part not handed in).
 * @param {MatchTeam | null | undefined} team
 * @param {number} parts
 * @returns {string[][]}
 */
export function draftFrom(team, parts) {
  const entered = team?.sheet?.parts || [];
  return Array.from({ length: parts }, (_, k) => (Array.isArray(entered[k]) ? [...entered[k]] : []));
}

/**
 * The `lineup` command for a draft: `parts` up to the last part with players (the sheet "as handed
 * in so far"), the substitutions already recorded, then `added` (a new one, or none). Returns
 * {body} or {problem, part}: "empty" (no part has players), "gap" (a part left out before one
 * filled in), "size" (a part with other than `size` players).
 * @param {string} item
 * @param {string} team
 * @param {string[][]} draft
 * @param {number} size
 * @param {Substitution[]} [recorded]
 * @param {Substitution | null} [added]
 * @returns {{ body: Record<string, unknown>, problem?: undefined, part?: undefined } | { problem: "empty" | "gap" | "size", part: number, body?: undefined }}
 */
export function sheetCommand(item, team, draft, size, recorded = [], added = null) {
  let last = draft.length;
  while (last > 0 && !draft[last - 1].length) last -= 1;
  if (!last) return { problem: "empty", part: 1 };
  const parts = draft.slice(0, last);
  const gap = parts.findIndex((p) => !p.length);
  if (gap >= 0) return { problem: "gap", part: gap + 1 };
  const wrong = parts.findIndex((p) => p.length !== size);
  if (wrong >= 0) return { problem: "size", part: wrong + 1 };
  const body = { type: "lineup", item, team, parts: parts.map((p) => [...p]) };
  const substitutions = [...recorded, ...(added ? [added] : [])].map((x) => ({ ...x }));
  if (substitutions.length) body.substitutions = substitutions;
  return { body };
}

/**
 * Pick or drop a player in a part of the draft (a new draft; the part keeps the roster's order).
 * @param {string[][]} draft
 * @param {number} part
 * @param {string} player
 * @param {string[]} roster
 * @returns {string[][]}
 */
export function toggled(draft, part, player, roster) {
  const next = draft.map((p) => [...p]);
  const chosen = new Set(next[part]);
  if (chosen.has(player)) chosen.delete(player);
  else chosen.add(player);
  next[part] = roster.filter((id) => chosen.has(id));
  return next;
}

/**
 * A sheet in words (the audit log, a command's toast): each part's players, then each substitution.
 * `W` the catalogue's `sheets.audit` words, `name(id)` a player's name.
 * @param {Partial<TeamSheet> | null | undefined} payload
 * @param {Record<string, any>} W
 * @param {(id: string) => string} name
 * @returns {string}
 */
export function describeSheet(payload, W, name) {
  const parts = (payload?.parts || []).map((players, k) => W.part(k + 1, players.map(name).join(", ")));
  const subs = (payload?.substitutions || []).map((x) => (x.in
    ? W.member({ part: x.part, out: name(x.out), in: name(x.in), boards: x.boards })
    : W.substitute({ part: x.part, out: name(x.out), in: x.substitute, boards: x.boards })));
  return [...parts, ...subs].join("; ");
}
