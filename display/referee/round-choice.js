// @ts-check
// Which round the rounds card shows, and publishing a round's seating: what the timetable's rows need of the
// rounds card. It is in the console's first file; the card itself (rounds.js, with the result forms) comes
// with the other cards (cards.js), so a row's Seating button tapped before them is not lost: the pick is kept
// here and the card shows it once drawn.
import { seatingOf } from "../lib/standings.js";
import { command } from "./commands.js";
import { STRINGS, state } from "./state.js";
/** @import { Seating } from "../../types/sections" */

/**
 * How many results a published seating expects: its tables, or its matches.
 * @param {Seating | null | undefined} seating
 * @returns {number}
 */
export function expectedResults(seating) {
  if (!seating) return 0;
  return Array.isArray(seating.tables) ? seating.tables.length : (seating.matches || []).length;
}

/** The round picked (a tab, a row's Seating button), null until one is; `picked` kept until the next pick. */
export const choice = { round: null, picked: false };

/** How to draw the rounds card again: nothing until it is here (rounds.js gives its renderRounds). */
let redraw = () => {};

/** Set what pickRound draws again: the rounds card. */
export function redrawChoiceWith(fn) {
  redraw = fn;
}

/**
 * Show round `id` in the card (a tab, a row's Seating button); it stays shown until the next pick.
 * @param {string} id
 */
export function pickRound(id) {
  choice.round = id;
  choice.picked = true;
  redraw();
}

/**
 * Publish a round's seating (again: after asking, since the hall sees the new one).
 * @param {string} id
 * @param {HTMLButtonElement} button
 * @returns {Promise<void>}
 */
export async function publishSeating(id, button) {
  const item = (state.sections.timetable || []).find((i) => i.id === id);
  if (seatingOf(state.sections, id) && !confirm(STRINGS.confirmRepublish(item ? item.title : id))) return;
  await command({ type: "publish_seating", item: id }, button);
}
