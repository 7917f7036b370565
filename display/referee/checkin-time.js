// @ts-check
// The check-in card's times: a time the referee types ("9:07") as an instant on the tournament's
// day in its zone, what the server says a check-in at that instant would record (how late, the
// penalty: GET /api/lateness/preview), and a lateness in the tournament's minutes.
import { at as serverPath } from "../lib/base.js"; // named apart: `at` here is an instant
import { formatDuration } from "../lib/format.js";
import { jsonOf } from "../lib/http.js";
import { describePenalty, tournamentMs } from "../lib/lateness.js";
import { sayRefusal } from "./refusal.js";
import { STRINGS, state } from "./state.js";
import { itemTitle } from "./words.js";

/** How long the console waits after the last keystroke before asking the server to price a typed time. */
export const PREVIEW_DEBOUNCE_MS = 300;

/**
 * "HH:MM[:SS]" on the tournament's calendar day of `now`, in its zone, as epoch ms (null if not a time).
 * @param {string} text
 * @param {number} now
 * @returns {number | null}
 */
export function wallTimeToEpoch(text, now) {
  const m = /^\s*(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?\s*$/.exec(text);
  if (!m) return null;
  const [h, mi, sec] = [Number(m[1]), Number(m[2]), Number(m[3] || 0)];
  if (h > 23 || mi > 59 || sec > 59) return null;
  const zone = state.sections.tournament?.timezone;
  const offsetAt = (epoch) => {
    try {
      const parts = new Intl.DateTimeFormat("en-US", {
        timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit",
        minute: "2-digit", second: "2-digit",
      }).formatToParts(new Date(epoch));
      const get = (type) => Number(parts.find((p) => p.type === type)?.value);
      return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute"), get("second")) -
        Math.floor(epoch / 1000) * 1000;
    } catch {
      return -new Date(epoch).getTimezoneOffset() * 60_000;
    }
  };
  const onDay = (day) => {
    const [y, mo, d] = day.split("-").map(Number);
    const wall = Date.UTC(y, mo - 1, d, h, mi, sec);
    const first = wall - offsetAt(wall);
    return wall - offsetAt(first); // again at the found instant: right across a DST change
  };
  let at = onDay(state.fmtSec.day(now));
  // Just after midnight a time of the evening is yesterday's; otherwise a time still to come stays one
  // (and is refused), not silently yesterday's.
  if (at - now > 12 * 3_600_000) at = onDay(state.fmtSec.day(now - 86_400_000));
  return at;
}

/**
 * A lateness in the tournament's minutes (a demo's clock runs faster), as the hall reads it.
 * @param {number} ms
 * @returns {string}
 */
export function ciLateText(ms) {
  return formatDuration(tournamentMs(ms, state.sections));
}

/**
 * What a check-in of `field` ("player" or "team") `id` at `at` would record, asked of the server (the
 * referee's session cookie): `{answer}` with its numbers and penalty fields, or `{error}` with its words
 * when it refuses the time (in the future, before check-in opened, …) or cannot be reached.
 * @param {string} itemId
 * @param {"player" | "team"} field
 * @param {string} id
 * @param {number} at
 * @returns {Promise<{ answer?: Record<string, any>, error?: string }>}
 */
export async function askPreview(itemId, field, id, at) {
  const query = new URLSearchParams({ item: itemId, [field]: id, at: String(at) });
  let response;
  try {
    response = await fetch(serverPath(`/api/lateness/preview?${query}`), {
      headers: { Accept: "application/json" }, credentials: "same-origin", cache: "no-store",
    });
  } catch (e) {
    return { error: STRINGS.unreachable(e?.message || "") };
  }
  const data = await jsonOf(response);
  if (response.ok && data && typeof data === "object") return { answer: data };
  // refused: in the page's language by its code (refusal.js), else in the server's words
  return { error: sayRefusal(response.status, data || { error: "" }, STRINGS, itemTitle) };
}

/**
 * The server's answer in words: "→ 7:40 late · 14 bule · starts with 314", or "→ on time".
 * @param {Record<string, any> | undefined} answer
 * @returns {string}
 */
export function previewWords(answer) {
  if (!(Number(answer?.late_ms) > 0)) return STRINGS.ci.previewOnTime;
  return STRINGS.ci.preview(formatDuration(Number(answer.tournament_ms) || 0), describePenalty(answer, STRINGS.penalty).text);
}
