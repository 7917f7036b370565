// @ts-check
// Check-in from the phone: which round is open for it (the server's timeline names it), the player's
// status in it (checked in, late and what it costs, a reserve in their place, excused), and the button
// that checks in through the player's session (the HttpOnly cookie says who; the page keeps no code).
// Whether and when the player checked in is the server's word (`me.check_ins`, with the session; the
// public line of the round without it): a referee's undo puts the button back.
import { at } from "../lib/base.js";
import { setText } from "../lib/dom.js";
import { jsonOf } from "../lib/http.js";
import { describePenalty, hasArrived, lateClockAt, latenessReports, minuteMs, playersNeeded, stepAt } from "../lib/lateness.js";
import { gameOf } from "../lib/standings.js";
import { nextCheckin, nowItems } from "../lib/timetable.js";
import { knownRefusal } from "./refusal.js";
import { $, STRINGS, chosenMe, page } from "./state.js";
/** @import { OwnBridgeArrival, OwnPreferansArrival } from "../../types/sections" */

// A line of `me`'s arrivals as this module reads it: a bridge team's has no reserve, start or excuse.
/** @typedef {OwnPreferansArrival | (OwnBridgeArrival & { reserve?: undefined, starts_with?: undefined, excused?: undefined })} OwnArrival */

let ciSending = false;
let ciAwaitSeq = 0; // the seq of my accepted check-in: until the page has it, the card still says "checking in"
let ciError = "";
let ciErrorFor = null; // the round the error was about: it is not shown for another one
let ciKey = "";
let ciAt = 0;

/**
 * A refused check-in in the page's language: the server names its reason in `detail.code`
 * (live/commands/refusals.py) and the catalogue says it (STRINGS.ci.refused); an answer without a code the
 * page knows is shown in the server's words.
 */
function refusalWords(data) {
  return knownRefusal(data, STRINGS.ci.refused) || (data && typeof data.error === "string" && data.error) || "";
}

/** Forget the last refusal (another player was chosen: it was not theirs). */
export function clearCheckinError() {
  ciError = "";
}

/** Draw the card again at the next render even if its words did not change (new sections). */
export function invalidateCheckin() {
  ciKey = "";
}

/** The round a check-in from this phone goes to at `now`: the server's (the timeline's `checkin`), or null. */
function checkinRound(now) {
  return nowItems(page.sections, now).checkin;
}

/** Whether this page holds the chosen player's session (the server says so in `me`). */
function hasSession() {
  const me = chosenMe();
  return Boolean(me && me.session === true);
}

/** What lateness means for a line of mine, in words: "7 minutes late — you start with 314 bule". */
function lateWords(row) {
  const minutes = Math.floor((Number(row.late_ms) || 0) / minuteMs(page.sections));
  if (!(Number(row.late_ms) > 0)) return STRINGS.ci.onTime;
  return STRINGS.ci.late(minutes, describePenalty(row, STRINGS.penalty).text);
}

/** "Your team: 2 of 4 players in" (the report says how many complete a team), or "" without a row. */
function teamWords(row, report) {
  const needed = playersNeeded(report);
  return row && needed !== null ? STRINGS.ci.teamNotComplete(Number(row.members_in) || 0, needed) : "";
}

/** The check-in card at `now` (at most four times a second, unless `force`). */
export function renderCheckin(now, force = false) {
  if (!force && now - ciAt < 250) return;
  ciAt = now;
  const { sections, playerId, fmt } = page;
  const card = $("ci-card");
  const me = chosenMe();
  if (!playerId || !me || !sections.timetable) {
    card.hidden = true;
    return;
  }
  const C = STRINGS.ci;
  const item = checkinRound(now);
  /** @type {OwnArrival[]} */
  const arrivals = Array.isArray(me.arrivals) ? me.arrivals : [];
  const report = item ? latenessReports(sections)[item.id] : null;
  const row = item ? arrivals.find((r) => r.item === item.id) : null;
  const bridge = gameOf(sections) === "bridge";
  // My own check-in as the server has it (with my session): in bridge the public line counts the team's.
  const own = me.check_ins && item ? me.check_ins[item.id] : undefined;
  const mine = Number.isFinite(own) ? own : undefined;
  let status = "";
  let detail = "";
  let button = false;
  if (!item) {
    const next = nextCheckin(sections, now); // when the timeline opens the next round's check-in
    status = next ? C.closed(next.item.title, fmt.time(next.at)) : C.noRound;
  } else if (report && !row) {
    status = C.notExpected(item.title);
  } else if (row && row.reserve) {
    status = C.reserve(row.reserve, row.starts_with);
  } else if (row && hasArrived(row) && (!bridge || Number.isFinite(mine))) {
    status = C.checkedIn(item.title, fmt.time(bridge ? mine : row.arrived_at));
    detail = bridge ? `${C.teamComplete(fmt.time(row.arrived_at))} · ${lateWords(row)}` : lateWords(row);
  } else if (bridge && Number.isFinite(mine)) {
    status = C.checkedIn(item.title, fmt.time(mine));
    detail = teamWords(row, report);
  } else {
    button = true;
    if (row && row.excused) status = C.excused;
    else if (report && lateClockAt(report, now) > 0) {
      const late = lateClockAt(report, now);
      const minutes = Math.floor(late / minuteMs(sections));
      status = C.lateNow(minutes, describePenalty(stepAt(report.steps, late), STRINGS.penalty).text);
    } else status = item.phase === "upcoming" ? C.open(fmt.time(item.start)) : C.openLate;
    if (bridge && row && hasArrived(row)) detail = `${C.teamComplete(fmt.time(row.arrived_at))} · ${lateWords(row)}`;
    else if (bridge && row) detail = teamWords(row, report);
  }
  const error = ciError && ciErrorFor === (item ? item.id : null) ? ciError : "";
  const session = hasSession();
  // Accepted, and the server's `me` with it not here yet: no second tap in between.
  const sending = ciSending || (page.connection?.lastSeq ?? 0) < ciAwaitSeq;
  const key = JSON.stringify([item?.id, status, detail, button, sending, error, session]);
  if (key === ciKey) return;
  ciKey = key;
  card.hidden = false;
  // While there is something to do it comes first; once done it waits under the round's seat.
  const anchor = button ? $("clock") : $("notices-card");
  if (card.nextElementSibling !== anchor) anchor.before(card);
  setText($("ci-title"), item ? C.title(item.title) : C.titleNone);
  setText($("ci-status"), status);
  card.classList.toggle("is-in", !button && Boolean(row && (hasArrived(row) || Number.isFinite(mine))));
  card.classList.toggle("is-late", button && status !== C.excused && report !== null && lateClockAt(report, now) > 0);
  $("ci-detail").hidden = !detail;
  setText($("ci-detail"), detail);
  const btn = /** @type {HTMLButtonElement} */ ($("ci-button"));
  btn.hidden = !button || !session;
  btn.disabled = sending;
  setText(btn, sending ? C.sending : C.button);
  $("ci-error").hidden = !error;
  setText($("ci-error"), error);
  // Without the session the check-in waits for the code (the card above asks for it).
  $("ci-hint").hidden = !button || session;
  setText($("ci-hint"), C.needSession);
}

/** The check-in button: one request at a time, and the server's answer on the card. */
export function wireCheckin() {
  $("ci-button").addEventListener("click", async () => {
    const { connection } = page;
    if (!hasSession() || ciSending) return;
    ciSending = true;
    ciError = "";
    ciErrorFor = checkinRound(connection.clock.now())?.id ?? null;
    renderCheckin(connection.clock.now(), true);
    try {
      // The session cookie says who: the page keeps no code.
      const response = await fetch(at("/api/checkin"), {
        method: "POST", headers: { "Content-Type": "application/json" }, body: "{}", credentials: "same-origin",
      });
      const data = await jsonOf(response);
      if (response.status === 401) {
        // The session ended (expired, or the server's secret changed): ask for the code again.
        ciError = STRINGS.session.ended;
        connection.setPlayer(page.playerId);
      } else if (!response.ok) {
        ciError = refusalWords(data) || STRINGS.ci.httpError(response.status);
      } else if (Number.isInteger(data?.seq)) {
        ciAwaitSeq = data.seq;
      }
      // Checked in: the server's next `me` says so (and when); nothing is kept on the phone.
    } catch {
      ciError = STRINGS.ci.unreachable;
    } finally {
      ciSending = false;
      ciKey = "";
      renderCheckin(connection.clock.now(), true);
    }
  });
}
