// display/lib/plan.js: the plan on the day in words (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  describeFollowed, describePlanEvent, durationText, followedIn, heldReason, heldWhy, localStart, minutesValue, missedOffer,
  newItemId, nextRoundNumber, notStarted, plannedStart, wallClock, whenText,
} from "../../display/lib/plan.js";
import { MIN, ZONE, at, event, fmt, other, round, strings } from "./helpers.mjs";

const BANNER = strings("display").banner.plan;
const CLOCK = strings("display");

function sections(extra = {}) {
  return {
    tournament: { game: "preferans", timezone: ZONE },
    timetable: [
      other("reg", "Registration", at(13), 30, "registration"),
      round("r1", 1, at(14)),
      other("snack", "Snack", at(17), 30),
      round("r2", 2, at(17, 30)),
    ],
    players: [], teams: [], announcements: [],
    ...extra,
  };
}

describe("the timetable's banners", () => {
  it("says a moved item's new start and the old one", () => {
    const b = describePlanEvent(event(7, "item_moved", { item: "r2", title: "Round 2", start: at(17, 50), end: at(20, 50),
      was: [at(17, 30), at(20, 30)] }), sections(), BANNER, fmt, at(12));
    assert.equal(b.title, "Round 2 now starts at 17:50");
    assert.equal(b.sub, "was 17:30");
    assert.equal(b.kicker, "Timetable change");
    assert.equal(b.seq, 7);
    assert.equal(b.long, true);
  });

  it("says the new end when only the length changed", () => {
    const b = describePlanEvent(event(7, "item_moved", { item: "r2", title: "Round 2", start: at(17, 30), end: at(21),
      was: [at(17, 30), at(20, 30)] }), sections(), BANNER, fmt, at(12));
    assert.equal(b.title, "Round 2 now ends at 21:00");
    assert.equal(b.sub, "was 20:30");
  });

  it("puts the date in front of a time on another day", () => {
    const b = describePlanEvent(event(7, "item_moved", { item: "r2", title: "Round 2", start: at(17, 50) + 86_400_000,
      end: at(20, 50) + 86_400_000, was: [at(17, 30), at(20, 30)] }), sections(), BANNER, fmt, at(12));
    assert.equal(b.title, "Round 2 now starts at Sunday 7 March, 17:50");
  });

  it("names the first round a shift moves, at its new time", () => {
    const moved = sections();
    moved.timetable = moved.timetable.map((i) => (i.start >= at(17) ? { ...i, start: i.start + 20 * MIN, end: i.end + 20 * MIN } : i));
    const b = describePlanEvent(event(8, "timetable_shifted", { item: "snack", title: "Snack", minutes: 20, ms: 20 * MIN,
      items: ["snack", "r2"] }), moved, BANNER, fmt, at(12));
    assert.equal(b.title, "The timetable moves 20\u00a0minutes later");
    assert.equal(b.sub, "Round 2 now starts at 17:50");
  });

  it("says an earlier shift, and long shifts in days and hours", () => {
    const earlier = describePlanEvent(event(8, "timetable_shifted", { item: "r2", minutes: -10, items: ["r2"] }),
      sections(), BANNER, fmt, at(12));
    assert.equal(earlier.title, "The timetable moves 10\u00a0minutes earlier");
    const year = describePlanEvent(event(8, "timetable_shifted", { item: "r2", minutes: 365 * 1440 + 70, items: ["r2"] }),
      sections(), BANNER, fmt, at(12));
    assert.equal(year.title, "The timetable moves 365\u00a0days 1\u00a0hour 10\u00a0minutes later");
  });

  it("announces an added and a cancelled item, with the reason", () => {
    const added = describePlanEvent(event(9, "item_added", { item: "r3", title: "Round 3", start: at(21) }), sections(),
      BANNER, fmt, at(12));
    assert.equal(added.title, "New: Round 3 at 21:00");
    const gone = describePlanEvent(event(10, "item_cancelled", { item: "snack", title: "Snack", reason: "the kitchen is closed" }),
      sections(), BANNER, fmt, at(12));
    assert.equal(gone.title, "Snack is cancelled");
    assert.equal(gone.sub, "the kitchen is closed");
    assert.equal(gone.tone, "hold");
  });

  it("is null for other events and without the words", () => {
    assert.equal(describePlanEvent(event(1, "round_started", { item: "r1" }), sections(), BANNER, fmt, at(12)), null);
    assert.equal(describePlanEvent(event(1, "item_added", { item: "x" }), sections(), undefined, fmt, at(12)), null);
  });

  it("says the followed timetable in every language", () => {
    const a = { seq: 12, ts: at(17, 40), type: "timetable_followed", item: "r2", title: "Коло 2", round: 2,
      start: at(17, 50), was: at(17, 30) };
    const en = describeFollowed(a, BANNER, fmt, at(17, 40));
    assert.equal(en.title, "Коло 2 now starts at 17:50");
    assert.equal(en.sub, "the round before ran long · was 17:30");
    assert.equal(en.key, "12:followed:r2");
    assert.equal(describeFollowed(a, strings("display", "sr-Cyrl").banner.plan, fmt, at(17, 40)).title, "Коло 2 сада почиње у 17:50");
    assert.equal(describeFollowed(a, strings("display", "sr-Latn").banner.plan, fmt, at(17, 40)).title, "Коло 2 sada počinje u 17:50");
    assert.equal(describeFollowed(a, strings("player", "sk").banner.plan, fmt, at(17, 40)).title, "Коло 2 teraz začína o 17:50");
  });

  it("finds the followed announcements an event brought, and only those", () => {
    const changes = { announcements: [
      { seq: 11, type: "timetable_followed", item: "r2" },
      { seq: 12, type: "round_ended", item: "r1" },
      { seq: 12, type: "timetable_followed", item: "r2", start: at(17, 50) },
    ] };
    assert.deepEqual(followedIn(changes, { seq: 12 }).map((a) => a.seq), [12]);
    assert.deepEqual(followedIn({}, { seq: 12 }), []);
    assert.deepEqual(followedIn(changes, {}), []);
  });
});

describe("a held start", () => {
  it("says why it waits", () => {
    const s = sections();
    s.timetable[3] = { ...s.timetable[3], status: "held", held_for: "previous", waiting_for: "r1" };
    assert.equal(heldReason(s.timetable[3], s, CLOCK), "Round 1 is still being played");
    s.timetable[3] = { ...s.timetable[3], held_for: "seating", waiting_for: null };
    assert.equal(heldReason(s.timetable[3], s, CLOCK), "seating not yet published");
    assert.equal(heldReason(s.timetable[1], s, CLOCK), "", "a scheduled round is not held");
    // found past its start when the server came up: the hall hears that the referee starts it
    s.timetable[3] = { ...s.timetable[3], held_for: "past", waiting_for: null };
    assert.equal(heldReason(s.timetable[3], s, CLOCK), "the start time has passed: the referee starts it");
    const console = strings("referee");
    assert.match(heldReason(s.timetable[3], s, console), /start it now, or record when it started/);
  });

  it("says no reason that no longer holds", () => {
    const s = sections({ seating: { r2: { method: "standings", tables: [] } } });
    s.timetable[3] = { ...s.timetable[3], status: "held", held_for: "seating" };
    assert.equal(heldReason(s.timetable[3], s, CLOCK), "", "the seating is published since");
    s.timetable[1] = { ...s.timetable[1], status: "ended" };
    s.timetable[3] = { ...s.timetable[3], held_for: "previous", waiting_for: "r1" };
    assert.equal(heldReason(s.timetable[3], s, CLOCK), "", "round 1 is over since");
  });

  it("says a banner's reason from the event's payload", () => {
    const S = { heldSeating: "no seating", heldPrevious: (t) => `${t} still on` };
    assert.equal(heldWhy("previous", "r1", sections(), S), "Round 1 still on");
    assert.equal(heldWhy("seating", null, sections(), S), "no seating");
    assert.equal(heldWhy(undefined, undefined, sections(), S), "");
  });
});

describe("a plan in the past", () => {
  const missed = () => {
    const s = sections();
    s.timetable = s.timetable.map((i) => (i.playing ? { ...i, status: "missed" } : i));
    s.announcements = [{ seq: 2, ts: at(12), type: "plan_missed", items: ["r1", "r2"], at: at(12), shift_item: "reg",
      shift_minutes: 70 }];
    return s;
  };

  it("offers the announced shift while items are missed", () => {
    const offer = missedOffer(missed());
    assert.deepEqual(offer.items, ["r1", "r2"]);
    assert.equal(offer.item, "reg");
    assert.equal(offer.minutes, 70);
    assert.equal(offer.title, "Registration");
    assert.equal(offer.start, at(14, 10));
  });

  it("offers nothing once the items are scheduled again", () => {
    const s = missed();
    s.timetable = s.timetable.map((i) => (i.playing ? { ...i, status: "scheduled" } : i));
    assert.equal(missedOffer(s), null);
    assert.equal(missedOffer(sections()), null);
  });
});

describe("what may still change", () => {
  it("is what the server says: whether the item may change and until when", () => {
    const s = sections();
    const reg = { ...s.timetable[0], changeable: true, changeable_until: null };
    assert.equal(notStarted(reg, s, at(13, 10)), true, "nothing played yet: no deadline");
    assert.equal(notStarted({ ...reg, changeable_until: at(13) }, s, at(15)), false, "its time has come");
    assert.equal(notStarted({ ...reg, changeable_until: at(17) }, s, at(15)), true, "still to come");
    assert.equal(notStarted({ ...s.timetable[1], changeable: false }, s, at(15)), false, "a round under way");
    assert.equal(notStarted({ ...s.timetable[3], status: "missed", changeable: true }, s, at(15)), true);
    assert.equal(notStarted(s.timetable[3], s, at(15)), false, "nothing said: nothing offered");
    assert.equal(notStarted(null, s, at(15)), false);
  });

  it("shows a planned start only when the hall moved the item", () => {
    assert.equal(plannedStart({ start: at(14, 50), planned_start: at(14, 30) }), at(14, 30));
    assert.equal(plannedStart({ start: at(14, 30), planned_start: at(14, 30) }), null);
    assert.equal(plannedStart({ start: at(14, 30) }), null);
  });
});

describe("the forms' values", () => {
  it("makes a command's local start from a day and a time", () => {
    assert.equal(localStart("2027-03-06", "17:50"), "2027-03-06T17:50");
    assert.equal(localStart("", "9:05"), "09:05");
    assert.equal(localStart("2027-03-06", "25:00"), null);
    assert.equal(localStart("6.3.2027", "17:50"), null);
    assert.equal(localStart("2027-03-06", ""), null);
  });

  it("reads minutes, refusing 0 and words", () => {
    assert.equal(minutesValue("20"), 20);
    assert.equal(minutesValue("−10"), -10);
    assert.equal(minutesValue("1,5"), 1.5);
    assert.equal(minutesValue("0"), null);
    assert.equal(minutesValue("soon"), null);
    assert.equal(minutesValue(""), null);
  });

  it("gives the time field's value in the tournament's zone", () => {
    assert.equal(wallClock(at(17, 5), ZONE), "17:05");
    assert.equal(wallClock(Number.NaN, ZONE), "");
  });

  it("says times and durations in words", () => {
    assert.equal(whenText(at(9), at(8), fmt, BANNER), "09:00");
    assert.equal(durationText(0, BANNER.duration), "0\u00a0minutes");
    assert.equal(durationText(61, BANNER.duration), "1\u00a0hour 1\u00a0minute");
    assert.equal(durationText(-1440, BANNER.duration), "1\u00a0day");
    assert.equal(durationText(125, strings("display", "sr-Latn").banner.plan.duration), "2\u00a0sata 5\u00a0minuta");
    assert.equal(durationText(2 * 1440 + 3, strings("display", "sk").banner.plan.duration), "2\u00a0dni 3\u00a0minúty");
  });

  it("picks a new item's id and number that the timetable does not have", () => {
    const s = sections();
    assert.equal(nextRoundNumber(s), 3);
    assert.equal(newItemId(s, "round", 3), "r3");
    assert.equal(newItemId(s, "round", 2), "r2-2");
    assert.equal(newItemId(s, "break", undefined), "break1");
    s.timetable.push(other("break1", "Coffee", at(21)));
    assert.equal(newItemId(s, "break", undefined), "break2");
    assert.equal(newItemId(s, "match", 1), "m1");
  });
});
