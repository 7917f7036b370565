// @ts-check
// The words of a bridge player's boards played: "played 36 of 96 boards (37.5 %) — the individual
// ranking needs 40 %". Every number is the server's (`me.boards`, live/commands/lineups.py `player_view`):
// the boards the team sheets say they played (without boards removed for lateness), of their
// team's, the share, and where the rules rank players individually the share needed and whether
// they have it. Pure (no DOM, no catalogue fetch): the node tests call it; boards.js draws it.
import { formatNumber } from "../lib/format.js";

/**
 * The line for `boards` (`me.boards`) in the words `S` (boardsPlayed, boardsNeeded, boardsEligible)
 * with the number format `num` ({locale}); "" when there is nothing to say (no team sheets, no
 * boards to play yet).
 */
export function boardsLine(boards, S, num = {}) {
  if (!boards || !(Number(boards.of) > 0)) return "";
  const percent = formatNumber(boards.percent ?? 0, { max: 1, ...num });
  const played = S.boardsPlayed(formatNumber(boards.played, num), formatNumber(boards.of, num), percent);
  if (boards.min_percent === undefined || boards.min_percent === null) return played;
  const needed = formatNumber(boards.min_percent, { max: 1, ...num });
  return boards.eligible ? S.boardsEligible(played, needed) : S.boardsNeeded(played, needed);
}

/** Whether the line says the player is short of the individual ranking's share (the server's `eligible`). */
export function shortOfShare(boards) {
  return Boolean(boards) && boards.min_percent !== undefined && boards.min_percent !== null && boards.eligible === false;
}
