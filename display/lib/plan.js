// @ts-check
// The plan on the day, in words: moved, shifted, added and cancelled items, a held start and why,
// a plan already in the past, and the timetable following the hall. Pure functions (no DOM, no
// clock): every instant comes in as an argument, every word from the page's strings `S`, and every
// decision from the server's sections. Plain ES module.

import { intlCached } from "./format.js";
/** @import { PageSections } from "../../types/pages" */

const timetableOf = (sections) => (Array.isArray(sections?.timetable) ? sections.timetable : []);
const itemOf = (sections, id) => timetableOf(sections).find((i) => i.id === id) || null;

// ---------------------------------------------------------------------------------------
// Times and durations

/**
 * An instant for people: the time ("14:50"), with the date in front when it is not on the day
 * of `now` ("Sunday 7 March, 10:00"). `S.onDay(date, time)` joins the two.
 */
export function whenText(ms, now, fmt, S) {
  if (!Number.isFinite(ms)) return "";
  const time = fmt.time(ms);
  if (!Number.isFinite(now) || fmt.day(ms) === fmt.day(now) || typeof S?.onDay !== "function") return time;
  return S.onDay(fmt.date(ms), time);
}

/**
 * Whole minutes in words: "20 minutes", "1 hour 20 minutes", "365 days 10 minutes".
 * `S` = {days(n), hours(n), minutes(n)} (plural templates of the catalogue).
 */
export function durationText(minutes, S) {
  const total = Math.round(Math.abs(Number(minutes) || 0));
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const mins = total % 60;
  const parts = [];
  if (days) parts.push(S.days(days));
  if (hours) parts.push(S.hours(hours));
  if (mins || !parts.length) parts.push(S.minutes(mins));
  return parts.join(" ");
}

/** "17:50" in a time zone, 24-hour, without seconds: the value of an <input type="time">. */
export function wallClock(ms, timeZone) {
  if (!Number.isFinite(ms)) return "";
  try {
    return intlCached(Intl.DateTimeFormat, "en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .format(new Date(ms));
  } catch {
    return intlCached(Intl.DateTimeFormat, "en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .format(new Date(ms));
  }
}

/**
 * The `start` of a move_item or add_item command from a date field ("2027-03-06") and a time
 * field ("17:50"): "2027-03-06T17:50" (a local time the server reads in the tournament's zone),
 * "17:50" alone without a date (the item's own day), or null when the time is not one.
 */
export function localStart(date, time) {
  const t = /^\s*(\d{1,2})[:.](\d{2})\s*$/.exec(String(time ?? ""));
  if (!t || Number(t[1]) > 23 || Number(t[2]) > 59) return null;
  const clock = `${t[1].padStart(2, "0")}:${t[2]}`;
  const d = String(date ?? "").trim();
  if (!d) return clock;
  return /^\d{4}-\d{2}-\d{2}$/.test(d) ? `${d}T${clock}` : null;
}

/** Minutes typed into a field: a finite number other than 0, else null. */
export function minutesValue(text) {
  const raw = String(text ?? "").trim().replace(",", ".").replace("−", "-");
  if (!raw) return null;
  const n = Number(raw);
  return Number.isFinite(n) && n !== 0 ? n : null;
}

// ---------------------------------------------------------------------------------------
// The timetable's items

/** The plan's time of an item the hall moved (a round before it ran long), or null. */
export function plannedStart(item) {
  return item && Number.isFinite(item.planned_start) && item.planned_start !== item.start ? item.planned_start : null;
}

/**
 * Whether the console offers to move, shift or cancel an item: the server says whether it may
 * still change (`changeable`) and until when (`changeable_until`, a deadline like a countdown's;
 * null: no deadline). The server checks every such command again and says why when it refuses.
 */
export function notStarted(item, sections, now) {
  if (!item || !item.changeable) return false;
  return item.changeable_until == null || item.changeable_until > now;
}

/**
 * Why a held start waits, in words, or "": `reason` "seating" (the seating is not published),
 * "previous" (the round `waitingFor` is still being played) or "past" (the server came up after the
 * start: the referee starts it now or records when it started). `S` = {heldSeating, heldPrevious(title), heldPast}.
 */
export function heldWhy(reason, waitingFor, sections, S) {
  if (reason === "seating") return S.heldSeating || "";
  if (reason === "past") return S.heldPast || "";
  if (reason === "previous" || waitingFor) {
    const busy = waitingFor ? itemOf(sections, waitingFor) : null;
    return busy || waitingFor ? S.heldPrevious(busy ? busy.title : waitingFor) : "";
  }
  return "";
}

/**
 * heldWhy for a timetable item that is held (its `held_for` and `waiting_for`), else "". A reason
 * that no longer holds (the seating has been published since, the round it waited for is over) is
 * not said: the start now only waits for the referee.
 */
export function heldReason(item, sections, S) {
  if (!item || item.status !== "held") return "";
  if (item.held_for === "seating" && sections?.seating && sections.seating[item.id]) return "";
  const busy = item.waiting_for ? itemOf(sections, item.waiting_for) : null;
  if (busy && (busy.status === "ended" || busy.status === "missed")) return "";
  return heldWhy(item.held_for, item.waiting_for, sections, S);
}

/**
 * The items marked missed (already over when nothing had been played).
 * @param {PageSections} sections
 */
export function missedItems(sections) {
  return timetableOf(sections).filter((i) => i.status === "missed");
}

/**
 * What the console offers when the plan is in the past: the latest `plan_missed` announcement
 * while some of its items are still missed, as {seq, at, items, item, minutes, title, start},
 * where `start` is when `item` would start after the shift; null when nothing is missed.
 * @param {PageSections} sections
 */
export function missedOffer(sections) {
  const missed = new Set(missedItems(sections).map((i) => i.id));
  if (!missed.size) return null;
  const list = Array.isArray(sections?.announcements) ? sections.announcements : [];
  const a = [...list].reverse().find((x) => x.type === "plan_missed");
  if (!a || !a.shift_item || !Number.isFinite(Number(a.shift_minutes))) return null;
  const items = (a.items || []).filter((id) => missed.has(id));
  if (!items.length) return null;
  const item = itemOf(sections, a.shift_item);
  const minutes = Number(a.shift_minutes);
  return {
    seq: a.seq, at: a.at, items, item: a.shift_item, minutes, title: item ? item.title : a.shift_item,
    start: item ? item.start + minutes * 60_000 : null,
  };
}

/**
 * The number after the highest round (match) number of the timetable: the add form's default.
 * @param {PageSections} sections
 */
export function nextRoundNumber(sections) {
  const rounds = timetableOf(sections).map((i) => Number(i.round)).filter((n) => Number.isInteger(n) && n > 0);
  return rounds.length ? Math.max(...rounds) + 1 : 1;
}

/**
 * An id for an item the console adds: "r6" for round 6 (a bridge match "m6"), else the kind and
 * the first free number ("break2"); never one the timetable has.
 */
export function newItemId(sections, kind, round) {
  const taken = new Set(timetableOf(sections).map((i) => i.id));
  const playing = kind === "round" || kind === "match";
  const base = playing ? (kind === "round" ? "r" : "m") : String(kind || "item").replace(/[^A-Za-z0-9_-]/g, "") || "item";
  const numbered = playing && Number.isInteger(round);
  if (numbered && !taken.has(`${base}${round}`)) return `${base}${round}`;
  for (let n = numbered ? 2 : 1; ; n += 1) {
    const id = numbered ? `${base}${round}-${n}` : `${base}${n}`;
    if (!taken.has(id)) return id;
  }
}

// ---------------------------------------------------------------------------------------
// Banners: the day's changes to the timetable, and the timetable following the hall

/**
 * The first round (match) among `ids` as the timetable has it now, else the first item of them:
 * what a shift means for the hall ("Round 2 now starts at 14:50").
 */
function leadItem(sections, ids) {
  const wanted = new Set(ids || []);
  const items = timetableOf(sections).filter((i) => wanted.has(i.id));
  return items.find((i) => i.playing) || items[0] || null;
}

const isLong = (title) => String(title).length > 26;

/**
 * A banner for a timetable command (item_moved, timetable_shifted, item_added, item_cancelled):
 * {seq, ts, type, tone, kicker, title, sub, long}, or null. `sections` are those after the event.
 * `S` = the page's banner.plan words: {kicker, nowStartsAt(title, when), nowEndsAt(title, when),
 * was(when), later(duration), earlier(duration), added(title, when), cancelled(title), onDay(date, time),
 * duration: {days, hours, minutes}}.
 */
export function describePlanEvent(event, sections, S, fmt, now) {
  if (!event || !S) return null; // (which events are the plan's the hello says: describeSignal asks it)
  const p = event.payload || {};
  const when = (ms) => whenText(ms, now, fmt, S);
  const base = { seq: event.seq, ts: event.ts, type: event.type, tone: "info", kicker: S.kicker, sub: "" };
  const done = (b) => ({ ...b, long: isLong(b.title) });
  switch (event.type) {
    case "item_moved": {
      const title = String(p.title ?? p.item ?? "");
      const was = Array.isArray(p.was) ? p.was : [];
      if (Number.isFinite(was[0]) && was[0] === p.start && Number.isFinite(was[1]) && was[1] !== p.end) {
        return done({ ...base, title: S.nowEndsAt(title, when(p.end)), sub: S.was(when(was[1])) });
      }
      return done({ ...base, title: S.nowStartsAt(title, when(p.start)), sub: Number.isFinite(was[0]) ? S.was(when(was[0])) : "" });
    }
    case "timetable_shifted": {
      const minutes = Number(p.minutes) || 0;
      const duration = durationText(minutes, S.duration);
      const lead = leadItem(sections, p.items) || itemOf(sections, p.item);
      return done({
        ...base, title: minutes < 0 ? S.earlier(duration) : S.later(duration),
        sub: lead ? S.nowStartsAt(lead.title, when(lead.start)) : "",
      });
    }
    case "item_added":
      return done({ ...base, title: S.added(String(p.title ?? p.item ?? ""), when(p.start)) });
    case "item_cancelled":
      return done({ ...base, tone: "hold", title: S.cancelled(String(p.title ?? p.item ?? "")), sub: String(p.reason ?? "") });
    default:
      return null;
  }
}

/** The `timetable_followed` announcements an event brought: those in its changes with its seq. */
export function followedIn(changes, event) {
  const list = changes && Array.isArray(changes.announcements) ? changes.announcements : [];
  if (!event || !Number.isInteger(event.seq)) return [];
  return list.filter((a) => a && a.type === "timetable_followed" && a.seq === event.seq);
}

/**
 * A banner for a `timetable_followed` announcement (a round ran long, so the next one moved):
 * "Round 2 now starts at 14:50", "was 14:30". Its `key` differs from the causing event's banner.
 * `S` as for describePlanEvent, with `followed(when)`.
 */
export function describeFollowed(a, S, fmt, now) {
  if (!a || a.type !== "timetable_followed" || !S) return null;
  const when = (ms) => whenText(ms, now, fmt, S);
  const title = S.nowStartsAt(String(a.title ?? a.item ?? ""), when(a.start));
  return {
    seq: a.seq, ts: a.ts, key: `${a.seq}:followed:${a.item}`, type: a.type, tone: "info", kicker: S.kicker, title,
    sub: Number.isFinite(a.was) ? S.followed(when(a.was)) : "", long: isLong(title),
  };
}
