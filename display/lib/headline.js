// @ts-check
// The headline clock in words, as the display, the phones and the console show it: what is on,
// what the countdown counts ("remaining", "starts in", "held"), the line under it and what comes
// after. Pure: what is on, what comes and the instant the countdown counts to are the server's
// (the timeline's entry at now, timetable.js); this picks the words from the page's strings.

import { setClass, setText } from "./dom.js";
import { formatDuration } from "./format.js";
import { heldReason, plannedStart, whenText } from "./plan.js";
import { nowItems } from "./timetable.js";
/** @import { PageSections } from "../../types/pages" */
/** @import { TournamentInfo } from "../../types/sections" */
/** @import { TimeFormat } from "./format.js" */

/** The modes that show an item as current, as next, or a count to the deadline: a timeline entry
 * lacking what its mode shows (a timetable and a timeline out of step) shows nothing rather than fail. */
const NEEDS_CURRENT = new Set(["running", "paused", "ends"]);
const NEEDS_NEXT = new Set(["held", "until"]);
const NEEDS_DEADLINE = new Set(["running", "until", "ends"]);

/** The plan's words of a page's strings (`onDay` joins a date and a time): the console keeps them in
 * `plan`, the display and the phone in `banner.plan`. */
const planWords = (S) => S.plan || S.banner?.plan || null;

/**
 * "starts at 18:30", with the date in front when the start is on another day than `now` (a league's
 * next evening): "Thursday 10 December · starts at 18:30" (the date apart, so that no language has
 * to decline a weekday after its "at").
 * @param {number | null | undefined} ms
 * @param {number | null | undefined} now
 * @param {TimeFormat} fmt
 * @param {Record<string, any>} S
 * @returns {string}
 */
export function startsAtText(ms, now, fmt, S) {
  if (!Number.isFinite(ms)) return "";
  const at = S.startsAt(fmt.time(ms));
  return Number.isFinite(now) && fmt.day(ms) !== fmt.day(now) ? `${fmt.date(ms)} · ${at}` : at;
}

/**
 * Everything the headline clock shows at `now` (the server clock's):
 * {mode, current, next, kicker, headline, count, state, sub, upcoming, upcomingLabel, upcomingTime,
 * urgent, called, lastDeals, ms}. The count (`ms`, null without one) is the time to the entry's `deadline` (a paused round's own
 * `remaining_ms`; none when held, missed or idle). `S` is the page's strings (now, next, then,
 * remaining, paused, held, heldPrevious, startsIn, startingNow, endsIn, endsAt, startsAt, plannedAt,
 * toYourTables, lastDealsShown, extendedBy, overtime, finished, nothing, missedHeadline, missedState).
 * @param {PageSections} sections
 * @param {number} now
 * @param {Record<string, any>} S
 * @param {TimeFormat} fmt
 */
export function describeClock(sections, now, S, fmt) {
  const timetable = sections.timetable || [];
  const tournament = /** @type {Partial<TournamentInfo>} */ (sections.tournament || {});
  const { entry, current, next, then } = nowItems(sections, now);
  const deadline = Number.isFinite(entry.deadline) ? entry.deadline : null;
  let mode = entry.mode;
  if ((NEEDS_CURRENT.has(mode) && !current) || (NEEDS_NEXT.has(mode) && !next) ||
    (NEEDS_DEADLINE.has(mode) && deadline === null)) mode = "idle";
  const ms = mode === "paused" ? Math.max(0, current.remaining_ms ?? 0) : deadline === null ? null : Math.max(0, deadline - now);
  const out = {
    mode, current, next, kicker: "", headline: "", count: formatDuration(ms), ms, state: "", sub: "",
    upcoming: next, upcomingLabel: S.next, upcomingTime: "", urgent: false, called: false, lastDeals: false,
  };
  switch (mode) {
    case "running": {
      const overdue = now > deadline;
      out.kicker = S.now;
      out.headline = current.title;
      out.lastDeals = Boolean(current.last_deals_at);
      out.state = overdue ? S.overtime : out.lastDeals ? S.lastDealsShown : S.remaining;
      // The extension in tournament minutes (a demo's minute lasts `minute_ms`), to a tenth.
      const minute = Number(tournament.minute_ms) > 0 ? Number(tournament.minute_ms) : 60_000;
      const extendedMin = current.extended_ms ? Math.round((current.extended_ms * 10) / minute) / 10 : 0;
      out.sub = [S.endsAt(fmt.time(deadline)), extendedMin ? S.extendedBy(extendedMin) : ""]
        .filter(Boolean).join("  ·  ");
      const warn = tournament.last_deals_warning_ms || 0;
      out.urgent = overdue || out.lastDeals || (warn > 0 && ms <= warn);
      break;
    }
    case "paused":
      out.kicker = S.now;
      out.headline = current.title;
      out.state = S.paused;
      break;
    case "held":
      out.kicker = current ? `${S.now}: ${current.title}` : "";
      out.headline = next.title;
      out.count = "";
      out.state = S.held;
      // Why it waits: "seating not yet published", "Round 1 is still being played".
      out.sub = S.heldPrevious ? heldReason(next, sections, S) : "";
      out.upcoming = then;
      out.upcomingLabel = S.then;
      break;
    case "until":
      out.kicker = current ? `${S.now}: ${current.title}` : "";
      out.headline = deadline <= now ? S.startingNow(next.title) : S.startsIn(next.title);
      out.called = next.status === "called";
      out.state = out.called ? S.toYourTables : "";
      out.sub = startsAtText(deadline, now, fmt, S);
      // Moved because a round before it ran long: the plan's time beside the new one.
      if (plannedStart(next) !== null && S.plannedAt) out.sub = `${out.sub} · ${S.plannedAt(fmt.time(plannedStart(next)))}`;
      out.upcoming = then;
      out.upcomingLabel = S.then;
      break;
    case "ends":
      out.kicker = S.now;
      out.headline = S.endsIn(current.title);
      out.sub = S.endsAt(fmt.time(deadline));
      break;
    case "missed":
      // A plan already in the past (a file with the wrong year): nothing was played, nothing fires.
      out.count = "";
      out.headline = S.missedHeadline || S.finished;
      out.state = S.missedHeadline ? S.missedState : "";
      break;
    default:
      out.mode = "idle";
      out.headline = timetable.length ? S.finished : S.nothing;
      out.count = "";
  }
  if (out.upcoming) {
    out.upcomingTime = out.upcoming.status === "held" ? S.held : whenText(out.upcoming.start, now, fmt, planWords(S));
  }
  return out;
}

/**
 * Put the headline clock's words on a page: the hall and the phone show the same parts (kicker,
 * headline, count, state, sub) under their own ids, and style the box by its mode and flags.
 */
export function paintClock(box, c, { kicker, headline, count, state, sub }) {
  setText(kicker, c.kicker);
  setText(headline, c.headline);
  setText(count, c.count);
  setText(state, c.state);
  setText(sub, c.sub);
  if (box.dataset.mode !== c.mode) box.dataset.mode = c.mode;
  setClass(box, "is-called", c.called);
  setClass(box, "is-urgent", c.urgent);
  setClass(box, "is-last-deals", c.lastDeals);
  setClass(box, "no-count", c.count === "");
  setClass(box, "long-count", c.count.length > 5); // "2:59:59" must fit a phone's width
  setClass(box, "xlong-count", c.count.length > 7); // 100 hours and more: an event days away
}
