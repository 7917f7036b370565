// @ts-check
// The hall display's shared state, in one place: its words, which part of the hall this screen shows
// (?view=), the sections as the server last sent them, the time format and the connection. Every
// panel reads them from here instead of keeping a copy of its own.
import { timeFormatter } from "../lib/format.js";
import { loadStrings, tournamentLanguage } from "../lib/i18n.js";
/** @import { PublicSections } from "../../types/sections" */
/** @import { LiveConnection } from "../lib/connection.js" */

/** Every visible string of this page: /static/i18n/<lang>.json, section "display" (English fills gaps). */
export const STRINGS = await loadStrings("display", await tournamentLanguage());

/** The page's elements by id (the HTML holds them all; the scripts only fill them). */
export const $ = (id) => document.getElementById(id);

const VIEWS = ["all", "clock", "standings", "seating"];

/** How long each page of a paged panel (standings, seating, late arrivals) stays up. */
export const PAGE_EVERY_MS = 8000;

// ?view=clock|standings|seating|all: several screens in one hall can show different parts.
const requested = new URLSearchParams(location.search).get("view");

/** The part of the hall this screen shows ("all" unless ?view= names another). */
export const VIEW = VIEWS.includes(requested) ? requested : "all";

/** Whether this screen shows `part` (every part in the shared view). */
export const wants = (part) => VIEW === "all" || VIEW === part;

/**
 * What the panels share: `sections` (the server's, replaced whole on each update), `fmt` (times in
 * the tournament's zone, set again when the tournament changes), `connection` (the page's one
 * LiveConnection, set by main.js before anything renders), `offlineSince` and `want`.
 */
export const page = {
  /** @type {Partial<PublicSections>} */
  sections: {},
  fmt: timeFormatter(undefined, STRINGS.locale),
  /** @type {LiveConnection | null} */
  connection: null,
  offlineSince: null, // (the server clock's) since when the display has been without its connection
  want: null, // a scene an update asks for (scenes.js), taken at the next frame
};
