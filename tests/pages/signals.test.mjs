// display/lib/signals.js: what a signal event says as a banner, in the page's words (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { eventFamilies } from "../../display/lib/connection.js";
import { describeSignal } from "../../display/lib/signals.js";
import { ZONE, at, event, fmt, round, strings } from "./helpers.mjs";

const DISPLAY = strings("display");

/** The event families as the server's hello names them (live/projections/views.py event_families). */
const BANNER = [
  "announced", "break_announced", "item_added", "item_cancelled", "item_moved", "last_deals_announced", "lateness_alert",
  "reserve_seated", "round_called", "round_ended", "round_extended", "round_paused", "round_resumed", "round_start_held",
  "round_started", "timetable_shifted",
];
const PLAN = ["item_added", "item_cancelled", "item_moved", "timetable_shifted"];
export const TYPES = eventFamilies({
  signal: [...BANNER, "plan_missed"], banner: BANNER, plan: PLAN,
  score: ["match_forfeited", "penalty_applied", "result_corrected", "result_recorded", "sanction_recorded", "seating_published"],
  not_undoable: ["command_undone", "referee_signed_in"],
});

function sections(timetable, extra = {}) {
  return { tournament: { game: "preferans", timezone: ZONE }, timetable, announcements: [], players: [], ...extra };
}

describe("the banners of the day's changes", () => {
  it("shows as a banner what the hello's families say, and nothing the page would know of itself", () => {
    const s = sections([round("r1", 1, at(14)), round("r3", 3, at(17, 50))]);
    const moved = event(9, "item_moved", { item: "r3", title: "Round 3", start: at(17, 50), end: at(20, 50), was: [at(17, 30)] });
    assert.ok(describeSignal(moved, s, DISPLAY.banner, fmt, TYPES, at(12)));
    assert.equal(describeSignal(event(9, "plan_missed", { items: ["r1"] }), s, DISPLAY.banner, fmt, TYPES, at(12)), null,
      "a signal the hello does not call a banner");
    // A server that no longer calls a move a banner, or one that tells it in the plan's words no more.
    const noMoves = eventFamilies({ banner: BANNER.filter((x) => x !== "item_moved"), plan: PLAN });
    assert.equal(describeSignal(moved, s, DISPLAY.banner, fmt, noMoves, at(12)), null);
    const called = event(9, "round_called", { item: "r1" });
    assert.equal(describeSignal(called, s, DISPLAY.banner, fmt, TYPES, at(12)).title, "To your tables");
    assert.equal(describeSignal(called, s, DISPLAY.banner, fmt, null, at(12)), null, "no hello yet: no banner");
    assert.equal(describeSignal(called, s, DISPLAY.banner, fmt, eventFamilies(null), at(12)), null);
  });

  it("builds the display's banner of a move, in the display's words", () => {
    const s = sections([round("r1", 1, at(14)), round("r3", 3, at(17, 50))]);
    const b = describeSignal(event(9, "item_moved", { item: "r3", title: "Round 3", start: at(17, 50), end: at(20, 50),
      was: [at(17, 30), at(20, 30)] }), s, DISPLAY.banner, fmt, TYPES, at(12));
    assert.equal(b.title, "Round 3 now starts at 17:50");
    assert.equal(b.sub, "was 17:30");
    const sr = describeSignal(event(9, "item_moved", { item: "r3", title: "Коло 3", start: at(17, 50), end: at(20, 50),
      was: [at(17, 30), at(20, 30)] }), s, strings("display", "sr-Cyrl").banner, fmt, TYPES, at(12));
    assert.equal(sr.title, "Коло 3 сада почиње у 17:50");
    assert.equal(sr.kicker, "Измена сатнице");
  });

  it("builds a shift's banner on the player's phone too", () => {
    const s = sections([round("r2", 2, at(14, 50), 180, { planned_start: at(14, 30) })]);
    const b = describeSignal(event(9, "timetable_shifted", { item: "r2", title: "Round 2", minutes: 20, items: ["r2"] }), s,
      strings("player").banner, fmt, TYPES, at(12));
    assert.equal(b.title, "The timetable moves 20\u00a0minutes later");
    assert.equal(b.sub, "Round 2 now starts at 14:50");
  });

  it("gives no banner where the page has no words for it", () => {
    const { plan, ...withoutPlan } = DISPLAY.banner;
    assert.ok(plan);
    assert.equal(describeSignal(event(9, "item_added", { item: "r9", title: "R9", start: at(20) }), sections([]), withoutPlan, fmt, TYPES), null);
  });

  it("says why a start is held", () => {
    const s = sections([round("r1", 1, at(14), 180, { status: "running", started_at: at(14) }), round("r2", 2, at(17, 30))]);
    const previous = describeSignal(event(5, "round_start_held", { item: "r2", reason: "previous", waiting_for: "r1" }), s,
      DISPLAY.banner, fmt, TYPES);
    assert.equal(previous.title, "Waits for the referee");
    assert.equal(previous.sub, "Round 1 is still being played");
    const seating = describeSignal(event(6, "round_start_held", { item: "r2", reason: "seating" }), s, DISPLAY.banner, fmt, TYPES);
    assert.equal(seating.sub, "The seating is not published yet");
  });
});

describe("the round's signals", () => {
  const running = sections([round("r1", 1, at(14), 180, { status: "running", started_at: at(14), ends_at: at(17, 10), parts: 3 })]);
  const say = (type, payload = {}, s = running, S = DISPLAY.banner) => describeSignal(event(7, type, { item: "r1", ...payload }), s, S, fmt, TYPES);

  it("calls the players with the start time, and starts with the end time", () => {
    const called = say("round_called", {}, sections([round("r1", 1, at(14))]));
    assert.deepEqual([called.tone, called.kicker, called.title, called.sub], ["called", "Round 1", "To your tables", "starts at 14:00"]);
    const started = say("round_started");
    assert.deepEqual([started.tone, started.title, started.sub, started.item], ["go", "Start", "ends at 17:10", "r1"]);
  });

  it("says an extension with the new end, and the last deals", () => {
    const extended = say("round_extended", { minutes: 10 });
    assert.deepEqual([extended.title, extended.sub], ["+10 minutes", "new end: 17:10"]);
    assert.equal(say("last_deals_announced").tone, "warn");
  });

  it("draws a banner's time from the sections it is drawn with, not those of its event", () => {
    // A slow phone gets the extension before the timetable that says the new end (live/edges/coalesce.py),
    // and a start banner may still be on screen when the referee extends: the time is drawn anew.
    const extended = say("round_extended", { minutes: 5 });
    const later = sections([round("r1", 1, at(14), 180, { status: "running", started_at: at(14), ends_at: at(17, 15) })]);
    assert.equal(extended.subOf(later), "new end: 17:15");
    const started = say("round_started");
    assert.equal(started.sub, "ends at 17:10");
    assert.equal(started.subOf(later), "ends at 17:15");
    const called = say("round_called", {}, sections([round("r1", 1, at(14))]));
    assert.equal(called.subOf(sections([round("r1", 1, at(14, 20))])), "starts at 14:20", "a call after a move");
    assert.equal(say("round_ended").subOf, undefined, "a banner without a time stays as it came");
  });

  it("says half-time for one break, else which break of how many", () => {
    assert.equal(say("break_announced", { part: 1, parts: 2 }).title, "Half-time");
    assert.equal(say("break_announced", { part: 2 }).title, "Break 2 of 2", "the item's parts when the event has none");
  });

  it("shows an announcement, a personal one as such, long text as long", () => {
    const all = say("announced", { item: undefined, text: "Lunch is served" });
    assert.deepEqual([all.tone, all.kicker, all.title, all.long], ["announce", "Announcement", "Lunch is served", false]);
    const mine = say("announced", { item: undefined, player: "p1", text: "x".repeat(41) });
    assert.deepEqual([mine.tone, mine.kicker, mine.long], ["private", "For you", true]);
  });

  it("shows lateness only on a page with words for it, and nothing for an event that is no signal", () => {
    const alert = { threshold: "grace", due_at: at(14, 5), absent: [] };
    assert.equal(say("lateness_alert", alert, running, strings("player").banner), null, "a phone shows no lateness alerts");
    assert.ok(say("lateness_alert", alert, { ...running, lateness: {} }));
    assert.equal(say("result_recorded"), null);
    assert.equal(describeSignal(null, running, DISPLAY.banner, fmt, TYPES), null);
  });
});
