// @ts-check
// The organizer's part of a season's start page: the new competition's form as the server takes it
// (`POST /api/competitions`, live/edges/web/new_competition_api.py), a refusal said in the page's language
// next to the field it names, and the team matches that need the season's coordinator
// (`GET /api/coordinator`, live/projections/captains.py). Pure: no DOM, no fetch, no storage.
/** @import { Listed } from "./competitions.js" */

/**
 * The presets the form offers (live/rules/presets.py), each with the game its roster is written for and where
 * it is usually played: the time zone and the language a new competition of it takes unless the organizer
 * says otherwise.
 * @typedef {{ game: "preferans" | "teams", timezone: string, language: string }} Preset
 * @type {Record<string, Preset>}
 */
export const PRESETS = {
  "cacak-preferans": { game: "preferans", timezone: "Europe/Belgrade", language: "sr-Cyrl" },
  "novi-sad-teams": { game: "teams", timezone: "Europe/Belgrade", language: "sr-Cyrl" },
  "slovak-league": { game: "teams", timezone: "Europe/Bratislava", language: "sk" },
};

/** The competitions' languages (live/core/new_tournament.py LANGUAGES), in the order the form lists them. */
export const COMPETITION_LANGUAGES = ["sr-Cyrl", "sr-Latn", "sk", "en"];

/** The options of each game: the fields the form shows for it, and nothing of the other game is sent. */
export const OPTIONS = {
  preferans: ["rounds", "per_day", "round_minutes"],
  teams: ["double", "boards", "per_day", "days_between"],
};

/** What the form shows in its options before the organizer changes them (the server's defaults). */
export const OPTION_DEFAULTS = {
  "cacak-preferans": { rounds: "3", per_day: "3", round_minutes: "180" },
  "novi-sad-teams": { double: false, boards: "32", per_day: "3", days_between: "1" },
  "slovak-league": { double: false, boards: "24", per_day: "3", days_between: "1" },
};

/** Every field of the form, in its order (a refusal naming one the form lacks is said above the button). */
export const FIELDS = ["preset", "name", "date", "start", "timezone", "language", "roster", "id", "rounds",
  "double", "boards", "round_minutes", "per_day", "days_between"];

const REQUIRED = ["preset", "name", "date", "start", "timezone", "language", "roster"];
const WHOLE = ["rounds", "boards", "round_minutes", "per_day", "days_between"];

/**
 * The offset of a time zone from UTC at `at` in minutes, null for a zone this browser does not know.
 * @param {string} zone
 * @param {number} at
 * @returns {number | null}
 */
function offsetOf(zone, at) {
  try {
    const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric",
      day: "numeric", hour: "numeric", minute: "numeric" }).formatToParts(at);
    const n = (type) => Number(parts.find((p) => p.type === type)?.value);
    return Math.round((Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute")) - Math.floor(at / 60_000) * 60_000) / 60_000);
  } catch {
    return null;
  }
}

/**
 * The time zone a new competition of `preset` takes unless the organizer changes it: the browser's, where the
 * organizer is, when it keeps the preset's home time (a Slovak organizer's Europe/Bratislava, a Serbian one's
 * Europe/Belgrade, or a neighbour's on the same clock); else the preset's own (a browser set to UTC, or an
 * organizer abroad preparing the hall's event).
 * @param {string} preset
 * @param {string | null | undefined} browserZone
 * @param {number} now
 * @returns {string}
 */
export function defaultZone(preset, browserZone, now) {
  const home = PRESETS[preset]?.timezone || "Europe/Belgrade";
  if (!browserZone || !/^[A-Za-z]+\/[A-Za-z_/+-]+$/.test(browserZone) || browserZone.startsWith("Etc/")) return home;
  const mine = offsetOf(browserZone, now);
  return mine !== null && mine === offsetOf(home, now) ? browserZone : home;
}

/**
 * The language a new competition of `preset` takes unless the organizer changes it: the preset's, in the
 * page's script when the page is in the other script of the same language (a Serbian organizer reading
 * Latin gets a Latin competition).
 * @param {string} preset
 * @param {string} pageLanguage
 * @returns {string}
 */
export function defaultLanguage(preset, pageLanguage) {
  const own = PRESETS[preset]?.language || "en";
  if (own.startsWith("sr-") && pageLanguage.startsWith("sr-")) return pageLanguage;
  return own;
}

/**
 * The game the roster is written for ("preferans": a player a line; "teams": `Team: Player, …`).
 * @param {string} preset
 * @returns {"preferans" | "teams"}
 */
export function gameOf(preset) {
  return PRESETS[preset]?.game || "preferans";
}

/**
 * A refusal the page finds before asking the server (the server's codes: the same sentences say it).
 * @typedef {{ code: string, field: string }} FormProblem
 */

/**
 * The request body for the form's values: the required fields trimmed (the roster as typed), the id only when
 * given, the options of the preset's game only, each option left out when empty (the server's default), the
 * numbers as whole numbers. A problem the server would refuse anyway is said at once (a missing field, a
 * number that is not whole), naming its field.
 * @param {Record<string, string | boolean | undefined>} values
 * @returns {{ body: Record<string, string | number | boolean> } | { problem: FormProblem }}
 */
export function requestBody(values) {
  /** @type {Record<string, string | number | boolean>} */
  const body = {};
  for (const field of REQUIRED) {
    const raw = values[field];
    const text = typeof raw === "string" ? (field === "roster" ? raw : raw.trim()) : "";
    if (!text.trim()) return { problem: { code: "field.missing", field } };
    body[field] = text;
  }
  const id = typeof values.id === "string" ? values.id.trim() : "";
  if (id) body.id = id;
  for (const field of OPTIONS[gameOf(String(body.preset))]) {
    const raw = values[field];
    if (field === "double") {
      body.double = raw === true;
      continue;
    }
    const text = typeof raw === "string" ? raw.trim() : "";
    if (!text) continue;
    if (!WHOLE.includes(field) || !/^\d+$/.test(text)) return { problem: { code: "field.not_whole", field } };
    body[field] = Number(text);
  }
  return { body };
}

/**
 * The catalogue's words the refusals are said in (the page's "season" section, `organizer`).
 * @typedef {{ fields: Record<string, string>, refusals: Record<string, any>, noNew: string }} RefusalWords
 */

/**
 * A refused form in the page's language: the sentence of its code (live/commands/refusals.py) with the field's
 * label, and the field the page shows it next to ("" when the form has no such field: above the button). What
 * the form's own checks find has a code of its own (a number out of bounds, a line of the roster); a file the
 * server then cannot read back (`competition.form`, rare) adds the server's own words, in English; a season
 * that takes no new competition (409) says so with the server's reason; a code the catalogue lacks is said in
 * the server's words.
 * @param {number} status
 * @param {unknown} answer the answer's JSON body (null when it had none)
 * @param {RefusalWords} W
 * @returns {{ field: string, text: string }}
 */
export function sayRefusal(status, answer, W) {
  const raw = /** @type {{ error?: unknown, detail?: { code?: unknown, field?: unknown } & Record<string, unknown> } | null} */ (
    answer && typeof answer === "object" ? answer : null);
  const detail = raw?.detail && typeof raw.detail === "object" ? raw.detail : {};
  const code = typeof detail.code === "string" ? detail.code : "";
  const error = typeof raw?.error === "string" ? raw.error : "";
  const named = typeof detail.field === "string" ? detail.field : "";
  const field = FIELDS.includes(named) ? named : "";
  const label = W.fields[named] || named;
  if (code === "competition.not_written" && status === 409) return { field: "", text: `${W.noNew} ${error}`.trim() };
  const sentence = W.refusals[code];
  if (sentence === undefined) {
    return { field, text: error || W.refusals.unknown(status) };
  }
  const params = { ...detail, field: label, known: Array.isArray(detail.known) ? detail.known.join(", ") : detail.known };
  const text = typeof sentence === "function" ? sentence(params) : String(sentence);
  if (code === "competition.form" && typeof detail.problem === "string" && detail.problem) {
    return { field, text: `${text} ${detail.problem}` };
  }
  return { field, text };
}

/**
 * A team match as the coordinator sees it (live/projections/captains.py `MatchLine`; what the page reads).
 * @typedef {{ item: string, title: string, round: number | null, home: string, away: string, state: string,
 *   end: number, report_due: number, record_due: number, late: string[], record_late: boolean,
 *   report: { team: string, imps_home: number, imps_away: number } | null,
 *   dispute: { team: string, reason: string } | null }} MatchLine
 */
/**
 * One competition of `GET /api/coordinator`.
 * @typedef {{ id: string, base: string, name: string, matches: MatchLine[], counts: Record<string, number> }} Coordinated
 */
/**
 * Why a match needs the coordinator: disputed (settle it), a late report or a late record (§12.3–4), a report
 * the other captain has not confirmed yet.
 * @typedef {"disputed" | "late_report" | "late_record" | "reported"} Need
 */
/**
 * A match to watch: its line, why (most urgent first), and when what it waits for is due.
 * @typedef {{ line: MatchLine, needs: Need[], due: number }} Watched
 */
/**
 * A competition's matches to watch, with what the page needs to show them.
 * @typedef {{ id: string, base: string, name: string, timezone: string, counts: [string, number][],
 *   watched: Watched[] }} WatchGroup
 */

/** The states in the order the summary line names them (the urgent first). */
export const STATES = ["disputed", "overdue", "reported", "awaiting_report", "scheduled", "confirmed", "recorded", "settled",
  "forfeited", "withdrawn"];
const NEED_ORDER = ["disputed", "late_report", "late_record", "reported"];

/**
 * Why a match needs the coordinator, most urgent first; none for a match that does not.
 * @param {MatchLine} line
 * @returns {Need[]}
 */
export function needsOf(line) {
  /** @type {Need[]} */
  const needs = [];
  if (line.state === "disputed") needs.push("disputed");
  if (line.state === "overdue") needs.push("late_report");
  if (line.record_late === true) needs.push("late_record");
  if (line.state === "reported") needs.push("reported");
  return needs;
}

/**
 * When what a match waits for is due: the record's term for a late record alone, else the report's.
 * @param {MatchLine} line
 * @param {Need[]} needs
 */
function dueOf(line, needs) {
  return needs.length === 1 && needs[0] === "late_record" ? line.record_due : line.report_due;
}

/**
 * The coordinator's answer as the page lists it: every team competition (in the server's order) with its counts
 * per state (urgent first, none at 0) and the matches that need the coordinator, the most urgent first, then by
 * when they are due; its time zone from the listing (the server's clock is UTC; a due time is said where the
 * competition is played). An answer that is not one gives no competition.
 * @param {unknown} answer
 * @param {Listed[]} listed the start page's competitions
 * @returns {WatchGroup[]}
 */
export function watchList(answer, listed) {
  const raw = /** @type {{ competitions?: unknown } | null} */ (answer && typeof answer === "object" ? answer : null);
  if (!raw || !Array.isArray(raw.competitions)) return [];
  const zones = new Map(listed.map((c) => [c.id, c.timezone]));
  return raw.competitions.filter((c) => c && typeof c === "object" && typeof c.id === "string" && c.base === `/${c.id}` &&
    Array.isArray(c.matches)).map((/** @type {Coordinated} */ c) => {
    const counts = Object.entries(c.counts && typeof c.counts === "object" ? c.counts : {})
      .filter(([, n]) => typeof n === "number" && n > 0)
      .sort(([a], [b]) => rank(STATES, a) - rank(STATES, b));
    const watched = c.matches.map((line) => ({ line, needs: needsOf(line) })).filter((w) => w.needs.length > 0)
      .map((w) => ({ ...w, due: dueOf(w.line, w.needs) }))
      .sort((a, b) => rank(NEED_ORDER, a.needs[0]) - rank(NEED_ORDER, b.needs[0]) || a.due - b.due);
    return { id: c.id, base: c.base, name: String(c.name || c.id), timezone: zones.get(c.id) || "", counts, watched };
  });
}

/** A value's place in an order, the unknown ones last. */
function rank(order, value) {
  const i = order.indexOf(value);
  return i < 0 ? order.length : i;
}

/**
 * A due time where the competition is played: "Sat 17 Apr, 14:00" in the page's locale (the browser's zone
 * when the competition's is unknown).
 * @param {number} ms
 * @param {string} zone
 * @param {string} locale
 * @returns {string}
 */
export function dueText(ms, zone, locale) {
  const options = /** @type {Intl.DateTimeFormatOptions} */ ({ weekday: "short", day: "numeric", month: "short", hour: "2-digit",
    minute: "2-digit", hourCycle: "h23" });
  for (const [loc, timeZone] of [[locale, zone || undefined], ["en-GB", zone || undefined], ["en-GB", undefined]]) {
    try {
      return new Intl.DateTimeFormat(loc, { ...options, timeZone }).format(ms);
    } catch {
      // (a zone or a locale this browser does not know: the next)
    }
  }
  return "";
}
