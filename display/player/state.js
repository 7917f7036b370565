// @ts-check
// The player page's shared state, in one place: its words, the sections as the server last sent them,
// the time format, the chosen player and the connection. Every part of the page reads them from here
// instead of keeping a copy of its own.
import { timeFormatter } from "../lib/format.js";
import { loadStrings, tournamentLanguage } from "../lib/i18n.js";
/** @import { MeSection, PublicSections } from "../../types/sections" */
/** @import { LiveConnection } from "../lib/connection.js" */

/** Every visible string of this page: /static/i18n/<lang>.json, section "player" (English fills gaps). */
export const STRINGS = await loadStrings("player", await tournamentLanguage());

/** The page's elements by id (the HTML holds them all; the scripts only fill them). */
export const $ = (id) => document.getElementById(id);

/** Numbers in the page's language. */
export const NUM = { locale: STRINGS.locale };

/**
 * What the parts share: `sections` (the server's, replaced whole on each update), `fmt` (times in the
 * tournament's zone, set again when the tournament changes), `playerId` (the chosen player, or null)
 * and `connection` (the page's one LiveConnection, set by main.js before anything renders).
 */
export const page = {
  /** @type {Partial<PublicSections & { me: MeSection | null }>} */
  sections: {},
  fmt: timeFormatter(undefined, STRINGS.locale),
  /** @type {string | null} */
  playerId: null,
  /** @type {LiveConnection | null} */
  connection: null,
};

/** The server's `me` when it is about the chosen player (a stale one from before a change is not). */
export function chosenMe() {
  const { sections, playerId } = page;
  return sections.me && sections.me.id === playerId ? sections.me : null;
}

/** The chosen player and team (from the players list, or from `me`), or null when nobody is chosen. */
export function whoAmI() {
  const { sections, playerId } = page;
  if (!playerId) return null;
  const me = chosenMe();
  const p = (sections.players || []).find((x) => x.id === playerId) || me;
  return { id: playerId, team: p ? p.team || null : null, me };
}
