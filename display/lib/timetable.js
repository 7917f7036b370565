// @ts-check
// The timetable as the server decides it: what is on now, what comes next and then, what the big
// countdown counts to, the items of the day and the round open for a player's own check-in. The
// server sends all of it as a timeline (section `now`, live/projections/timeline.py): entries
// {from, current, next, then, mode, deadline, day, checkin}, each right from its `from` until the
// next one's, so the answer stays right between events with nothing decided here. A page only
// picks the entry that holds at the server clock's now and looks its item ids up.

/** @import { PageSections } from "../../types/pages" */
/** @import { NowEntry, TimetableItem } from "../../types/sections" */

/** What holds when the server sent no timeline (an empty page before the first snapshot). */
const NOTHING = Object.freeze({
  from: 0, current: null, next: null, then: null, mode: "idle", deadline: null, day: Object.freeze([]), checkin: null,
});

/**
 * The entry of the timeline that holds at `now` (the server clock's): the last one whose `from` is at
 * most now. The first entry is from 0, so there always is one; without a timeline, nothing is on.
 * @param {PageSections | null | undefined} sections
 * @param {number} now
 * @returns {NowEntry | typeof NOTHING}
 */
export function nowEntry(sections, now) {
  const entries = Array.isArray(sections?.now) ? sections.now : [];
  if (!entries.length) return NOTHING;
  // Binary search: drawn every frame, and a long tournament's timeline has hundreds of entries.
  let lo = 0;
  let hi = entries.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (entries[mid].from <= now) lo = mid;
    else hi = mid - 1;
  }
  return entries[lo];
}

/**
 * The entry at `now` with its ids looked up in the timetable, as the clocks and strips draw them:
 * {entry, current, next, then, day, checkin} (items, or null; `day` a list). The items are the
 * timetable's own objects, so a page may compare them with `===`.
 * @param {PageSections | null | undefined} sections
 * @param {number} now
 * @returns {{ entry: NowEntry | typeof NOTHING, current: TimetableItem | null, next: TimetableItem | null,
 *   then: TimetableItem | null, day: TimetableItem[], checkin: TimetableItem | null }}
 */
export function nowItems(sections, now) {
  const entry = nowEntry(sections, now);
  const item = (id) => (id === null || id === undefined ? null : findItem(sections, id));
  return {
    entry, current: item(entry.current), next: item(entry.next), then: item(entry.then),
    day: (Array.isArray(entry.day) ? entry.day : []).map(item).filter(Boolean), checkin: item(entry.checkin),
  };
}

/**
 * When the next round's check-in opens, while none is open at `now`: {item, at} from the first later
 * entry of the timeline with a check-in round, or null when no round's check-in is still to open.
 * @param {PageSections | null | undefined} sections
 * @param {number} now
 * @returns {{ item: TimetableItem, at: number } | null}
 */
export function nextCheckin(sections, now) {
  const entries = Array.isArray(sections?.now) ? sections.now : [];
  const entry = entries.find((e) => e.from > now && e.checkin !== null && e.checkin !== undefined);
  const item = entry ? findItem(sections, entry.checkin) : null;
  return item ? { item, at: entry.from } : null;
}

/**
 * Look up a timetable item by id (the events and the timeline name items by id).
 * @param {PageSections | null | undefined} sections
 * @param {string} id
 * @returns {TimetableItem | null}
 */
export function findItem(sections, id) {
  return (sections?.timetable || []).find((i) => i.id === id) || null;
}
