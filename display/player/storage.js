// @ts-check
// What the player page keeps on this phone (localStorage): the chosen player, and
// the codes an older page kept, which are taken once and removed. In private mode there is no storage:
// the choice then lasts this visit and nothing else is kept.
import { storageKey } from "../lib/base.js";
import { page } from "./state.js";

const STORAGE_KEY = storageKey("live.player"); // this competition's: a player of another is not this one
const LEGACY_CODES_KEY = "live.checkinCodes"; // an older page's, written before bases: never under one

/** The choice saved on an earlier visit ({id, tournament}), so a player picks their name once. */
export function loadChoice() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) || "null");
    return saved && typeof saved.id === "string" ? saved : null;
  } catch {
    return null;
  }
}

/** Keep (or, with null, forget) the choice, with the tournament's name: another tournament is not this player. */
export function saveChoice(id) {
  try {
    if (id) localStorage.setItem(STORAGE_KEY, JSON.stringify({ id, tournament: page.sections.tournament?.name || null }));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    /* private mode: the choice lasts this visit */
  }
}

/** Codes an older page kept on this phone, per tournament and player. The session replaces them: one is
 * exchanged for a session once, and the whole list is removed either way (the page keeps no code). */
export function takeLegacyCode() {
  let code = "";
  try {
    const all = JSON.parse(localStorage.getItem(LEGACY_CODES_KEY) || "null");
    const key = JSON.stringify([page.sections.tournament?.name || "", page.playerId || ""]);
    if (all && typeof all === "object" && typeof all[key] === "string") code = all[key];
    localStorage.removeItem(LEGACY_CODES_KEY);
  } catch {
    /* private mode: nothing was kept */
  }
  return code;
}
