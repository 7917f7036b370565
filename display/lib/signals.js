// @ts-check
// What a signal event says, as a banner: the round called, started, paused, extended, ended, an
// announcement, a lateness alert, a change to the timetable. The words come from the page's
// strings `S`; the decisions (what happened, to which item, until when) from the event and the
// sections after it.

import { serverNow } from "./clock.js";
import { describeLateness } from "./lateness.js";
import { describePlanEvent, heldWhy } from "./plan.js";
import { findItem } from "./timetable.js";
/** @import { PageSections, SignalEvent } from "../../types/pages" */
/** @import { TimeFormat } from "./format.js" */

/**
 * A banner for a signal event: {seq, ts, type, tone, kicker, title, sub}, or null when the
 * event is not one the server shows as a banner. A banner that shows a time of its item (when it
 * starts, when it ends) has `subOf(sections)` as well: its `sub` drawn from the sections as they are
 * when it is drawn (BannerQueue.refresh), so that it never says an end an extension has moved. `types` are the hello's event families
 * (connection.types: Sets `banner` and `plan`), so the page keeps no list of its own;
 * `S` holds the page's words (see the pages' STRINGS.banner); `fmt` formats instants in the
 * tournament's zone; `now` (the server's clock) decides whether a time needs its date.
 * @param {SignalEvent | null | undefined} event
 * @param {PageSections} sections
 * @param {Record<string, any>} S
 * @param {TimeFormat} fmt
 * @param {{ banner?: Set<string>, plan?: Set<string> } | null | undefined} types
 * @param {number} [now]
 */
export function describeSignal(event, sections, S, fmt, types, now = serverNow()) {
  if (!event || !types?.banner?.has(event.type)) return null;
  // The timetable's changes on the day, in the plan's words.
  if (types.plan?.has(event.type)) return S.plan ? describePlanEvent(event, sections, S.plan, fmt, now) : null;
  const p = event.payload || {};
  const itemIn = (s) => (p.item ? findItem(s, p.item) : null);
  const item = itemIn(sections);
  const title = item ? item.title : (p.item || "");
  const base = { seq: event.seq, ts: event.ts, type: event.type, item: p.item, kicker: title, sub: "" };
  /** The banner with its `sub` a function of the sections: `words(time)` of the item's start or end there. */
  const timed = (banner, words, of = "ends_at") => {
    const subOf = (s) => {
      const at = itemIn(s)?.[of];
      return Number.isFinite(at) ? words(fmt.time(at)) : "";
    };
    return { ...banner, sub: subOf(sections), subOf };
  };
  switch (event.type) {
    case "round_called":
      return timed({ ...base, tone: "called", title: S.called }, S.startsAt, "start");
    case "round_started":
      return timed({ ...base, tone: "go", title: S.started }, S.endsAt);
    case "round_start_held": {
      const why = heldWhy(p.reason, p.waiting_for, sections, { heldSeating: S.heldSeating, heldPrevious: S.stillPlaying, heldPast: S.heldPast });
      return { ...base, tone: "hold", title: S.held, sub: why };
    }
    case "round_paused":
      return { ...base, tone: "hold", title: S.paused, sub: S.pausedSub };
    case "round_resumed":
      return timed({ ...base, tone: "go", title: S.resumed }, S.endsAt);
    case "round_extended":
      return timed({ ...base, tone: "info", title: S.extended(Number(p.minutes) || 0) }, S.newEnd);
    case "last_deals_announced":
      return timed({ ...base, tone: "warn", title: S.lastDeals }, S.endsAt);
    case "break_announced": {
      const parts = Number(p.parts) || (item && item.parts) || 2;
      const part = Number(p.part) || 1;
      return { ...base, tone: "info", title: parts === 2 ? S.halfTime : S.breakOf(part, parts - 1), sub: "" };
    }
    case "round_ended":
      return { ...base, tone: "end", title: S.ended, sub: S.endedSub };
    case "announced":
      return {
        ...base, tone: p.player ? "private" : "announce", kicker: p.player ? S.forYou : S.announcement,
        title: String(p.text ?? ""), sub: "", long: String(p.text ?? "").length > 40,
      };
    case "lateness_alert":
    case "reserve_seated":
      // Only pages whose strings say these (S.late) show them; a phone does not.
      return S.late ? describeLateness(event, sections, S.late, fmt) : null;
    default:
      return null;
  }
}

/** A signal that went out later than it was due (the server down at the time): the hall
 * and the phones say when it was due: its due instant, else null. */
export function lateSignalDue(event, afterMs = 5000) {
  const due = Number(event?.payload?.due_at);
  if (!Number.isFinite(due) || !Number.isFinite(event?.ts)) return null;
  return event.ts - due > afterMs ? due : null;
}
