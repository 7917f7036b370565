// display/lib/timetable.js: the server's timeline (section `now`) read at an instant (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { findItem, nextCheckin, nowEntry, nowItems } from "../../display/lib/timetable.js";
import { MIN, at, other, round, timelineEntry } from "./helpers.mjs";

const entry = timelineEntry;

describe("the entry of the timeline at now", () => {
  const entries = [
    entry(0, { next: "r1", mode: "until", deadline: at(14) }),
    entry(at(13), { next: "r1", mode: "until", deadline: at(14), checkin: "r1" }),
    entry(at(17), { current: "snack", next: "r2", mode: "until", deadline: at(17, 30), checkin: "r1" }),
    entry(at(17, 30), { next: "r2", mode: "until", deadline: at(17, 30), checkin: "r2" }),
  ];
  const sections = { now: entries };

  it("takes the last entry whose `from` is at most now, its `from` included", () => {
    assert.equal(nowEntry(sections, at(9)), entries[0]);
    assert.equal(nowEntry(sections, at(13) - 1), entries[0]);
    assert.equal(nowEntry(sections, at(13)), entries[1], "an entry holds from its own instant");
    assert.equal(nowEntry(sections, at(17, 10)), entries[2]);
    assert.equal(nowEntry(sections, at(17, 30)), entries[3]);
    assert.equal(nowEntry(sections, at(40)), entries[3], "the last entry holds for ever after");
  });

  it("finds the same entry in a long timeline as reading it from the start would", () => {
    const long = Array.from({ length: 301 }, (_, k) => entry(k === 0 ? 0 : at(9) + k * 7 * MIN, { mode: `m${k}` }));
    for (let when = at(8); when < at(9) + 310 * 7 * MIN; when += 3 * MIN + 1) {
      const expected = [...long].reverse().find((e) => e.from <= when);
      assert.equal(nowEntry({ now: long }, when), expected, when);
    }
    assert.equal(nowEntry({ now: [entry(0, { mode: "only" })] }, at(9)).mode, "only");
  });

  it("shows nothing before the server sent a timeline", () => {
    for (const s of [{}, { now: [] }, undefined]) {
      const e = nowEntry(s, at(9));
      assert.deepEqual([e.current, e.next, e.then, e.mode, e.deadline, e.day, e.checkin],
        [null, null, null, "idle", null, [], null]);
    }
  });
});

describe("the entry's items", () => {
  const r1 = round("r1", 1, at(14), 180, { status: "ended", phase: "done" });
  const snack = other("snack", "Snack", at(17), 30);
  const r2 = round("r2", 2, at(17, 30), 180, { phase: "upcoming" });
  const r3 = round("r3", 3, at(34), 180, { phase: "upcoming" });
  const sections = {
    timetable: [r1, snack, r2, r3],
    now: [
      entry(0, { current: "r1", next: "snack", then: "r2", mode: "running", deadline: at(17), day: ["r1", "snack", "r2"] }),
      entry(at(17), { current: "snack", next: "r2", then: "r3", mode: "until", deadline: at(17, 30),
        day: ["r1", "snack", "r2"], checkin: "r2" }),
      entry(at(20, 30), { next: "r3", mode: "held", day: ["r1", "snack", "r2"], checkin: "r2" }),
      entry(at(24), { next: "r3", mode: "held", day: ["r3"], checkin: "r2" }),
      entry(at(33), { next: "r3", mode: "held", day: ["r3"], checkin: "r3" }),
    ],
  };

  it("are the timetable's own objects, the day's strip in the server's order", () => {
    const { entry: e, current, next, then, day, checkin } = nowItems(sections, at(17, 10));
    assert.equal(e, sections.now[1]);
    assert.equal(current, snack);
    assert.equal(next, r2);
    assert.equal(then, r3);
    assert.equal(checkin, r2);
    assert.deepEqual(day, [r1, snack, r2]);
    assert.deepEqual(nowItems(sections, at(24, 30)).day, [r3], "after midnight: the next day's, as the server says");
    const before = nowItems(sections, at(9));
    assert.deepEqual([before.current, before.checkin], [r1, null]);
  });

  it("leaves out an id the timetable does not hold, rather than fail", () => {
    const odd = { timetable: [r1], now: [entry(0, { current: "gone", next: "r1", day: ["gone", "r1"] })] };
    const { current, next, day } = nowItems(odd, at(9));
    assert.deepEqual([current, next, day], [null, r1, [r1]]);
  });

  it("tells when the next round's check-in opens, from the timeline's own instants", () => {
    const closed = {
      timetable: [r1, r2],
      now: [entry(0, { next: "r1" }), entry(at(13), { checkin: "r1" }), entry(at(17), {}), entry(at(16, 30), { checkin: "r2" })]
        .sort((a, b) => a.from - b.from),
    };
    assert.deepEqual(nextCheckin(closed, at(12)), { item: r1, at: at(13) });
    assert.deepEqual(nextCheckin(closed, at(13)), { item: r2, at: at(16, 30) }, "the next opening after now");
    assert.equal(nextCheckin(closed, at(17)), null, "none still to open");
    assert.equal(nextCheckin({}, at(12)), null);
  });

  it("finds an item by id", () => {
    assert.equal(findItem(sections, "snack"), snack);
    assert.equal(findItem(sections, "r9"), null);
    assert.equal(findItem({}, "r1"), null);
  });
});
