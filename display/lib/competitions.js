// @ts-check
// The competitions of a season server as its pages show them (the start page's list, the side page's
// picker): the listing the server sends (`GET /api/competitions`, and the pages' boot block; built by
// live/projections/listing.py), grouped as the page lists it, its dates and what is next in words.
// Pure but for `readListing`, which reads the page's own data block.

/**
 * One timetable item as the listing names it.
 * @typedef {{ id: string, title: string, start: number, end: number }} ListedItem
 */
/**
 * One competition of the server (live/projections/listing.py `Listed`).
 * @typedef {{ id: string, base: string, name: string, game: string, preset: string, timezone: string,
 *   language: string, first: string, last: string, when: When, today: number, next?: ListedItem }} Listed
 */
/** @typedef {"today" | "upcoming" | "finished"} When */
/** @typedef {{ competitions: Listed[], time: number | null }} Listing */

/** The groups in the order the page shows them: what is on now first (listing.py `ORDER`). */
export const ORDER = /** @type {const} */ (["today", "upcoming", "finished"]);

/** An id as the server accepts one under `/<id>/` (display/lib/base.js): letters, digits, `_` and `-`. */
const ID = /^[A-Za-z0-9_-]+$/;

/**
 * The listing in an answer or a boot block, each competition checked enough that the page can draw it
 * (an id and a base of one segment: a link never goes somewhere odd); null when it is not one.
 * @param {unknown} value
 * @returns {Listing | null}
 */
export function listingOf(value) {
  const raw = /** @type {{ competitions?: unknown, time?: unknown } | null} */ (value && typeof value === "object" ? value : null);
  if (!raw || !Array.isArray(raw.competitions)) return null;
  const competitions = raw.competitions.filter((c) => c && typeof c === "object" && typeof c.id === "string" &&
    ID.test(c.id) && c.base === `/${c.id}`);
  return { competitions, time: typeof raw.time === "number" && Number.isFinite(raw.time) ? raw.time : null };
}

/**
 * The listing the server wrote into the page (`<script type="application/json" id="live-boot">`), null
 * without one or when it does not parse.
 * @param {Document | undefined} [doc]
 * @returns {Listing | null}
 */
export function readListing(doc = globalThis.document) {
  const block = doc?.getElementById?.("live-boot");
  if (!block) return null;
  try {
    return listingOf(JSON.parse(block.textContent || ""));
  } catch {
    return null;
  }
}

/**
 * The competitions in their groups, in the page's order (today, upcoming, finished), each group in the
 * order the server sent (it sorts them); a group with none is left out, as is a competition whose
 * `when` is none of the three.
 * @param {Listed[]} competitions
 * @returns {{ when: When, competitions: Listed[] }[]}
 */
export function groups(competitions) {
  return ORDER.map((when) => ({ when, competitions: competitions.filter((c) => c.when === when) }))
    .filter((group) => group.competitions.length > 0);
}

/** A date as the listing writes it ("2027-03-06") → ms at its midnight in UTC, or null. */
function dayMs(text) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(text || ""));
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isFinite(ms) ? ms : null;
}

/**
 * A competition's days as the page's locale writes a range: "5 – 7 December 2026", "05.–07. децембар
 * 2026.", one date when it is played on one day, "" without dates (nothing on its timetable). The dates
 * are calendar days where it is played (the listing's), so they are formatted as they are, in UTC.
 * @param {string} first
 * @param {string} last
 * @param {string} locale
 * @returns {string}
 */
export function dateRange(first, last, locale) {
  const from = dayMs(first);
  const to = dayMs(last) ?? from;
  if (from === null || to === null) return "";
  let format;
  try {
    format = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  } catch {
    format = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  }
  if (to <= from) return format.format(from);
  return format.formatRange(from, to);
}

/**
 * What is next of a competition, in the words of the page's catalogue (`S.nowOn`: the item in play and its
 * end; `S.nextToday`: title and time, `S.nextLater`: title, date and time), its time where the competition is
 * played; "" when nothing is. An item on the day it is now there (`now`: the server's time) is said with its
 * time alone.
 * @param {Listed} competition
 * @param {{ nowOn: (title: string, end: string) => string, nextToday: (title: string, time: string) => string,
 *   nextLater: (title: string, date: string, time: string) => string }} S
 * @param {string} locale
 * @param {number} now
 * @param {(text: string) => string} [show] how the page shows a title (its script)
 * @returns {string}
 */
export function nextLine(competition, S, locale, now, show = (text) => text) {
  const item = competition.next;
  if (!item || !Number.isFinite(item.start)) return "";
  const zone = zoneOrNothing(competition.timezone);
  const make = (options) => {
    try {
      return new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    } catch {
      return new Intl.DateTimeFormat("en-GB", { ...options, timeZone: zone });
    }
  };
  const time = make({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(item.start);
  const day = make({ year: "numeric", month: "2-digit", day: "2-digit" });
  const title = show(String(item.title || ""));
  if (Number.isFinite(now) && Number.isFinite(item.end) && item.start <= now && now < item.end) {
    return S.nowOn(title, make({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(item.end));
  }
  if (Number.isFinite(now) && day.format(item.start) === day.format(now)) return S.nextToday(title, time);
  const date = make({ weekday: "long", day: "numeric", month: "long" }).format(item.start);
  return S.nextLater(title, date, time);
}

/** A time zone the browser knows, else undefined (the browser's own). */
function zoneOrNothing(zone) {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/**
 * A competition's pages, under its base, with the page's ?lang= carried on (a follower who asked for
 * Slovak gets the hall display in Slovak too).
 * @param {{ base: string }} competition a listed one, or any with its base (the coordinator's answer)
 * @param {string | null} [lang]
 * @returns {{ display: string, player: string, referee: string }}
 */
export function pagesOf(competition, lang = null) {
  const query = lang ? `?lang=${encodeURIComponent(lang)}` : "";
  return {
    display: `${competition.base}/display${query}`,
    player: `${competition.base}/player${query}`,
    referee: `${competition.base}/referee${query}`,
  };
}
