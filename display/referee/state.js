// @ts-check
// What every part of the referee console shares: its words, the live sections the server sent,
// the time formats of the tournament's zone, the connection and who is signed in. One object,
// `state`, written by main.js (the sections, the formats, the connection) and session.js (`me`);
// every other module only reads it.
import { formatDuration, timeFormatter } from "../lib/format.js";
import { loadStrings, tournamentLanguage } from "../lib/i18n.js";
/** @import { RefereeView } from "../../types/sections" */
/** @import { LiveConnection } from "../lib/connection.js" */

/** Every visible string of this page: /static/i18n/<lang>.json, section "referee" (English fills gaps). */
export const STRINGS = await loadStrings("referee", await tournamentLanguage());
// Words that need the page's own helpers around the catalogue's templates.
{
  const countOpen = STRINGS.countOpen;
  STRINGS.countOpen = (ms) => countOpen(formatDuration(ms));
  const undone = STRINGS.audit.command_undone;
  STRINGS.audit.command_undone = (x) => undone({ ...x, undidName: STRINGS.commandNames[x.undid] || x.undid });
}

/** An element of referee.html by its id: the console's cards are there from the start. */
export const $ = (id) => document.getElementById(id);

/**
 * The console's live state, in one place so that no module keeps its own copy:
 * `sections` the server's last snapshot, `fmt` / `fmtSec` times in the tournament's zone (minutes;
 * check-in times to the second), `connection` the LiveConnection while signed in, `me` who is
 * signed in here ({name, actor, expires, referees} from the server; null when nobody is).
 */
export const state = {
  // The referees' view (docs/protocol.md#sections), every section missing until the first snapshot.
  /** @type {Partial<RefereeView>} */
  sections: {},
  fmt: timeFormatter(undefined, STRINGS.locale),
  fmtSec: timeFormatter(undefined, STRINGS.locale, { seconds: true }),
  /** @type {LiveConnection | null} */
  connection: null,
  me: null,
};

/** The server's time when connected (the clock's offset), else this device's. */
export function nowMs() {
  return state.connection ? state.connection.clock.now() : Date.now();
}
