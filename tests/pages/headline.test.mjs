// display/lib/headline.js: the headline clock in words, from the server's timeline (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { describeClock, startsAtText } from "../../display/lib/headline.js";
import { MIN, ZONE, at, fmt, other, round, strings, timelineEntry } from "./helpers.mjs";

const DISPLAY = strings("display");

const entry = timelineEntry;

function sections(timetable, now, extra = {}) {
  return {
    tournament: { game: "preferans", timezone: ZONE, minute_ms: MIN }, timetable, now, announcements: [], players: [],
    ...extra,
  };
}

describe("the headline clock", () => {
  it("says why the next round waits for the referee, and counts nothing", () => {
    const s = sections([round("r1", 1, at(14), 180, { status: "ended", phase: "done", started_at: at(14), ended_at: at(17) }),
      round("r2", 2, at(17, 30), 180, { status: "held", phase: "upcoming", held_at: at(17, 30), held_for: "seating" })],
    [entry(0, { next: "r2", mode: "held" })]);
    const c = describeClock(s, at(17, 31), DISPLAY, fmt);
    assert.deepEqual([c.mode, c.kicker, c.headline, c.count, c.state], ["held", "", "Round 2", "", "waits for the referee"]);
    assert.equal(c.sub, "seating not yet published");
    assert.equal(c.upcoming, null);
  });

  it("counts a running round down to the server's deadline, says its end and an extension, and turns urgent", () => {
    const r1 = round("r1", 1, at(14), 180, { status: "running", phase: "in_progress", started_at: at(14), ends_at: at(17, 10),
      extended_ms: 10 * MIN });
    const snack = other("snack", "Snack", at(17, 30));
    const s = sections([r1, snack], [entry(0, { current: "r1", next: "snack", mode: "running", deadline: at(17, 10) })]);
    s.tournament.last_deals_warning_ms = 15 * MIN;
    const c = describeClock(s, at(16, 30), DISPLAY, fmt);
    assert.deepEqual([c.mode, c.kicker, c.headline, c.count, c.state], ["running", "Now", "Round 1", "40:00", "remaining"]);
    assert.equal(c.sub, "ends at 17:10  ·  extended +10 minutes");
    assert.deepEqual([c.upcoming, c.upcomingLabel, c.upcomingTime], [snack, "Next", "17:30"]);
    assert.equal(c.urgent, false);
    assert.equal(describeClock(s, at(16, 30) + 61_000, DISPLAY, fmt).count, "38:59", "a later instant: that much less");
    assert.equal(describeClock(s, at(16, 56), DISPLAY, fmt).urgent, true, "within the last-deals warning");
    const over = describeClock(s, at(17, 12), DISPLAY, fmt);
    assert.deepEqual([over.count, over.state, over.urgent], ["0:00", "time is up", true]);
    const lastDeals = describeClock({ ...s, timetable: [{ ...r1, last_deals_at: at(16) }, snack] }, at(16, 30), DISPLAY, fmt);
    assert.deepEqual([lastDeals.state, lastDeals.lastDeals, lastDeals.urgent], ["Last three deals", true, true]);
  });

  it("tells an extension in the tournament's minutes, which a demo makes shorter", () => {
    const r1 = round("r1", 1, at(14), 180, { status: "running", phase: "in_progress", ends_at: at(14, 3), extended_ms: 5_000 });
    const s = sections([r1], [entry(0, { current: "r1", mode: "running", deadline: at(14, 3) })]);
    s.tournament.minute_ms = 1_000; // speed 60
    assert.equal(describeClock(s, at(14, 1), DISPLAY, fmt).sub, "ends at 14:03  ·  extended +5 minutes");
  });

  it("counts down to the next start, says what comes then, and calls the players to their tables", () => {
    const reg = other("reg", "Registration", at(13), 30);
    const r1 = round("r1", 1, at(14), 180, { phase: "upcoming" });
    const snack = other("snack", "Snack", at(17));
    const s = sections([reg, r1, snack], [
      entry(0, { next: "reg", then: "r1", mode: "until", deadline: at(13) }),
      entry(at(13), { current: "reg", next: "r1", then: "snack", mode: "until", deadline: at(14) }),
      entry(at(13, 30), { next: "r1", then: "snack", mode: "until", deadline: at(14) }),
    ]);
    const before = describeClock(s, at(12, 50), DISPLAY, fmt);
    assert.deepEqual([before.headline, before.count, before.sub], ["Registration starts in", "10:00", "starts at 13:00"]);
    const during = describeClock(s, at(13, 15), DISPLAY, fmt);
    assert.deepEqual([during.kicker, during.headline, during.count], ["Now: Registration", "Round 1 starts in", "45:00"]);
    const c = describeClock(s, at(13, 50), DISPLAY, fmt);
    assert.deepEqual([c.mode, c.kicker, c.headline, c.count, c.sub], ["until", "", "Round 1 starts in", "10:00", "starts at 14:00"]);
    assert.deepEqual([c.upcoming, c.upcomingLabel, c.upcomingTime], [snack, "Then", "17:00"]);
    s.timetable[1] = { ...r1, status: "called" };
    const called = describeClock(s, at(14) + 1, DISPLAY, fmt);
    assert.deepEqual([called.headline, called.count, called.state, called.called],
      ["Round 1 is about to start", "0:00", "To your tables", true]);
  });

  it("says the date of a start on another day (a league's next evening), only the time on the day", () => {
    const week = 7 * 24 * 60 * MIN;
    const m2 = round("m2", 2, at(20, 15), 90, { status: "ended", phase: "done", kind: "match" });
    const m3 = round("m3", 3, at(18, 30) + week, 90, { phase: "upcoming", kind: "match" });
    const m4 = round("m4", 4, at(20, 15) + week, 90, { phase: "upcoming", kind: "match" });
    const s = sections([m2, m3, m4], [entry(0, { next: "m3", then: "m4", mode: "until", deadline: at(18, 30) + week })]);
    const c = describeClock(s, at(21, 50), DISPLAY, fmt);
    assert.deepEqual([c.sub, c.upcomingTime], ["Saturday 13 March · starts at 18:30", "Saturday 13 March, 20:15"]);
    const sameDay = describeClock(s, at(18) + week, DISPLAY, fmt);
    assert.deepEqual([sameDay.sub, sameDay.upcomingTime], ["starts at 18:30", "20:15"]);
    assert.equal(startsAtText(at(18, 30) + week, at(21, 50), fmt, DISPLAY), "Saturday 13 March · starts at 18:30");
    assert.equal(startsAtText(null, at(21, 50), fmt, DISPLAY), "");
  });

  it("shows the plan's time beside a moved start, and says when what comes then is held", () => {
    const r2 = round("r2", 2, at(14, 50), 180, { phase: "upcoming", planned_start: at(14, 30) });
    const r3 = round("r3", 3, at(18), 180, { status: "held", phase: "upcoming" });
    const c = describeClock(sections([r2, r3], [entry(0, { next: "r2", then: "r3", mode: "until", deadline: at(14, 50) })]),
      at(14), DISPLAY, fmt);
    assert.deepEqual([c.mode, c.count, c.sub], ["until", "50:00", "starts at 14:50 · planned 14:30"]);
    assert.deepEqual([c.upcoming, c.upcomingTime], [r3, "waits for the referee"]);
  });

  it("counts a last break down to its end", () => {
    const lunch = other("lunch", "Lunch", at(13), 60);
    const c = describeClock(sections([lunch], [entry(0, { next: "lunch", mode: "until", deadline: at(13) }),
      entry(at(13), { current: "lunch", mode: "ends", deadline: at(14) }), entry(at(14))]), at(13, 45), DISPLAY, fmt);
    assert.deepEqual([c.mode, c.kicker, c.headline, c.count, c.sub], ["ends", "Now", "Lunch ends in", "15:00", "ends at 14:00"]);
  });

  it("shows a paused round's time, whatever the clock says", () => {
    const paused = round("r1", 1, at(14), 180, { status: "paused", phase: "in_progress", started_at: at(14), remaining_ms: 61 * MIN + 1 });
    const s = sections([paused], [entry(0, { current: "r1", mode: "paused" })]);
    for (const now of [at(15), at(20)]) {
      const c = describeClock(s, now, DISPLAY, fmt);
      assert.deepEqual([c.mode, c.headline, c.count, c.state], ["paused", "Round 1", "1:01:01", "PAUSED"]);
    }
  });

  it("says that a plan in the past waits for the referee, that the last item is over, or that nothing is scheduled", () => {
    const missed = sections([other("reg", "Registration", at(9)), round("r1", 1, at(10), 180, { status: "missed", phase: "missed" })],
      [entry(0, { next: "reg", mode: "until", deadline: at(9) }), entry(at(9, 30), { mode: "missed" })]);
    const c = describeClock(missed, at(20), DISPLAY, fmt);
    assert.deepEqual([c.mode, c.headline, c.count, c.state], ["missed", "The timetable's times have passed", "",
      "waits for the referee"]);
    const done = sections([round("r1", 1, at(10), 180, { status: "ended", phase: "done" })], [entry(0, { mode: "idle" })]);
    assert.deepEqual([describeClock(done, at(20), DISPLAY, fmt).headline, describeClock(done, at(20), DISPLAY, fmt).count],
      ["That was the last item of the timetable", ""]);
    const none = describeClock(sections([], [entry(0)]), at(20), DISPLAY, fmt);
    assert.deepEqual([none.mode, none.headline, none.count, none.upcoming], ["idle", "Nothing scheduled", "", null]);
  });

  it("uses the server's answer, not the items' statuses: the entry names what is on", () => {
    // The same timetable under two entries: the clock shows what the entry says, deciding nothing from the statuses.
    const s = sections([round("r1", 1, at(14), 180, { status: "running", phase: "in_progress", ends_at: at(17) }),
      round("r2", 2, at(17, 30), 180, { status: "held", phase: "upcoming", held_for: "previous", waiting_for: "r1" })],
    [entry(0, { current: "r1", next: "r2", mode: "running", deadline: at(17) })]);
    const c = describeClock(s, at(17, 31), strings("display", "sr-Latn"), fmt);
    assert.deepEqual([c.mode, c.headline, c.count], ["running", "Round 1", "0:00"]);
    assert.equal(describeClock({ ...s, now: [entry(0, { next: "r2", mode: "held" })] }, at(17, 31), DISPLAY, fmt).mode, "held");
  });

  it("shows nothing rather than fail when the entry names an item the timetable lacks", () => {
    const s = sections([round("r1", 1, at(14))], [entry(0, { current: "gone", mode: "running", deadline: at(17) })]);
    const c = describeClock(s, at(15), DISPLAY, fmt);
    assert.deepEqual([c.mode, c.headline, c.count], ["idle", "That was the last item of the timetable", ""]);
    assert.equal(describeClock({ ...s, now: undefined }, at(15), DISPLAY, fmt).mode, "idle");
  });
});
