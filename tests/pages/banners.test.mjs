// display/lib/banners.js: the banner queue of the hall's screens (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { BANNER_MAX_AGE_MS, BannerQueue, withNote } from "../../display/lib/banners.js";

describe("the banner queue", () => {
  it("shows a followed banner beside its event's own banner (same seq and ts)", () => {
    const shown = [];
    const queue = new BannerQueue((b) => shown.push(b), { showMs: 10_000, now: () => 100 });
    queue.push({ seq: 4, ts: 100, title: "Round 1 extended" });
    queue.push({ seq: 4, ts: 100, key: "4:followed:r2", title: "Round 2 now starts at 14:50" });
    queue.push({ seq: 4, ts: 100, title: "again" }); // the same event replayed
    assert.deepEqual(queue.queue.map((b) => b.title), ["Round 2 now starts at 14:50"]);
    queue.withdraw(4); // an undo of the command takes both away
    assert.equal(queue.current, null);
    clearTimeout(queue.timer);
    assert.equal(shown.at(-1), null);
  });

  it("shows the banner of an event up to 10 s old (a screen back from a restart), and none older", (t) => {
    const now = 1_000_000;
    const shown = [];
    const queue = new BannerQueue((b) => shown.push(b && b.title), { now: () => now });
    t.after(() => clearTimeout(queue.timer));
    assert.equal(BANNER_MAX_AGE_MS, 10_000);
    assert.equal(queue.push({ seq: 1, ts: now - 11_000, type: "round_called", title: "old call" }), false);
    assert.equal(queue.push({ seq: 2, ts: now - 8_000, type: "round_started", title: "late start" }), true);
    assert.deepEqual(shown, ["late start"]);
  });

  it("shows a banner for `showMs` alone, and for `minMs` when others wait", (t) => {
    t.mock.timers.enable({ apis: ["setTimeout", "Date"], now: 1_000_000 });
    const shown = [];
    const queue = new BannerQueue((b) => shown.push(b && b.title), { showMs: 8000, minMs: 3000, now: () => Date.now() });
    queue.push({ seq: 1, ts: Date.now(), type: "announced", title: "one" });
    t.mock.timers.tick(2000);
    queue.push({ seq: 2, ts: Date.now(), type: "announced", title: "two" });
    t.mock.timers.tick(999);
    assert.deepEqual(shown, ["one"]);
    t.mock.timers.tick(1);
    assert.deepEqual(shown, ["one", "two"], "cut short to 3 s once another waits");
    t.mock.timers.tick(7999);
    assert.deepEqual(shown, ["one", "two"]);
    t.mock.timers.tick(1);
    assert.deepEqual(shown, ["one", "two", null], "the last one shows its full 8 s, then the banner hides");
  });

  it("dismisses the banner shown, and shows the next at once", (t) => {
    t.mock.timers.enable({ apis: ["setTimeout", "Date"], now: 1_000_000 });
    const shown = [];
    const queue = new BannerQueue((b) => shown.push(b && b.title), { now: () => Date.now() });
    queue.push({ seq: 1, ts: Date.now(), type: "announced", title: "one" });
    queue.push({ seq: 2, ts: Date.now(), type: "announced", title: "two" });
    queue.dismiss();
    queue.dismiss();
    assert.deepEqual(shown, ["one", "two", null]);
  });

  it("lets a resume take the waiting pause of its own round away, not another round's", (t) => {
    t.mock.timers.enable({ apis: ["setTimeout", "Date"], now: 1_000_000 });
    const queue = new BannerQueue(() => {}, { maxWaiting: 10, now: () => Date.now() });
    queue.push({ seq: 1, ts: Date.now(), type: "announced", title: "first" });
    queue.push({ seq: 2, ts: Date.now(), type: "round_paused", item: "r1", title: "r1 paused" });
    queue.push({ seq: 3, ts: Date.now(), type: "round_paused", item: "m1", title: "m1 paused" });
    queue.push({ seq: 4, ts: Date.now(), type: "round_resumed", item: "r1", title: "r1 resumed" });
    assert.deepEqual(queue.queue.map((b) => b.title), ["m1 paused", "r1 resumed"]);
  });

  it("keeps the newest few of a burst, dropping the oldest that are not a start or an end", (t) => {
    t.mock.timers.enable({ apis: ["setTimeout", "Date"], now: 1_000_000 });
    const queue = new BannerQueue(() => {}, { maxWaiting: 3, now: () => Date.now() });
    queue.push({ seq: 1, ts: Date.now(), type: "announced", title: "shown" });
    queue.push({ seq: 2, ts: Date.now(), type: "round_ended", item: "r1", title: "end" });
    for (let seq = 3; seq < 8; seq += 1) queue.push({ seq, ts: Date.now(), type: "announced", title: `a${seq}` });
    assert.equal(queue.current.title, "shown");
    assert.deepEqual(queue.queue.map((b) => b.title), ["end", "a6", "a7"]);
  });

  it("draws the banner on screen anew when the sections change, without its sound, its note kept", () => {
    const drawn = [];
    const queue = new BannerQueue((b, how = {}) => drawn.push([b && b.sub, Boolean(how.again)]), { now: () => 100 });
    const ends = (s) => `ends at ${s.end}`;
    queue.push(withNote({ seq: 1, ts: 100, type: "round_started", sub: ends({ end: "17:10" }), subOf: ends }, "due at 14:00"));
    queue.push({ seq: 2, ts: 100, type: "round_extended", sub: "new end: 17:10", subOf: (s) => `new end: ${s.end}` });
    queue.refresh({ end: "17:15" }); // +5 minutes while the start is on screen
    assert.deepEqual(drawn, [["ends at 17:10 · due at 14:00", false], ["ends at 17:15 · due at 14:00", true]]);
    assert.equal(queue.queue[0].sub, "new end: 17:15", "the one waiting too");
    queue.refresh({ end: "17:15" });
    assert.equal(drawn.length, 2, "nothing changed: nothing drawn");
    assert.ok(queue.has((b) => b.type === "round_extended") && !queue.has((b) => b.type === "round_called"));
    clearTimeout(queue.timer);
  });
});
