// @ts-check
// The side page's choice (/side?left=<id>&right=<id>): which two competitions of the server share the
// screen, one on each half, or why the page shows its picker instead. Pure: the query and the listing
// come in.
/** @import { Listed } from "./competitions.js" */

/** @typedef {"left" | "right"} Half */
/**
 * What one half asks for: its competition when the server has it; else why not: `missing` (the address
 * names none) or `unknown` (the server has no competition of that id).
 * @typedef {{ half: Half, asked: string, competition: Listed | null, problem: "missing" | "unknown" | null }} Side
 */
/**
 * The page's choice: `ok` when both halves name competitions of the server, different ones; `same` when
 * both name the same one; `picks` the picker's preselected ids (what was asked where the server has it,
 * else the first of the list the other half does not show).
 * @typedef {{ left: Side, right: Side, ok: boolean, same: boolean, picks: { left: string, right: string } }} Choice
 */

/**
 * @param {string | URLSearchParams} query the page's query ("?left=a&right=b")
 * @param {Listed[]} competitions the server's, in its order
 * @returns {Choice}
 */
export function sideChoice(query, competitions) {
  const params = typeof query === "string" ? new URLSearchParams(query) : query;
  const byId = new Map(competitions.map((c) => [c.id, c]));
  /** @param {Half} half @returns {Side} */
  const side = (half) => {
    const asked = (params.get(half) || "").trim();
    const competition = byId.get(asked) || null;
    return { half, asked, competition, problem: competition ? null : asked ? "unknown" : "missing" };
  };
  const left = side("left");
  const right = side("right");
  const same = Boolean(left.competition && left.competition === right.competition);
  const ok = Boolean(left.competition && right.competition) && !same;
  const ids = competitions.map((c) => c.id);
  const leftPick = left.competition?.id || ids.find((id) => id !== right.competition?.id) || "";
  const rightPick = (!same && right.competition?.id) || ids.find((id) => id !== leftPick) || "";
  return { left, right, ok, same, picks: { left: leftPick, right: rightPick } };
}

