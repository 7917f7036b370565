// Which scene the hall display shows (display/hall/scenes.js): the clock, then one panel at a time.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { CLOCK_MS, LAST_MIN, MAX_PAGES, SOON_MIN, holdsClock, sceneAt, sceneLength } from "../../display/hall/scenes.js";

const PAGE = 8000;
const MIN = 60_000;
const T0 = 1_000_000;

/** The scenes shown from T0 for `ms`, asked every second as the frames do: [[scene, from (s)], ...]. */
function run(ms, input) {
  const seen = [];
  let shown = null;
  for (let now = T0; now <= T0 + ms; now += 1000) {
    const args = typeof input === "function" ? input(now) : input;
    shown = sceneAt(shown, { now, pageMs: PAGE, ...args });
    if (!seen.length || seen.at(-1)[0] !== shown.scene) seen.push([shown.scene, (now - T0) / 1000]);
  }
  return seen;
}

describe("the hall display's scenes", () => {
  it("starts on the clock and stays there while no panel has anything", () => {
    assert.deepEqual(run(120_000, { pages: { standings: 0, seating: 0, late: 0 } }), [["clock", 0]]);
  });

  it("shows the clock, then each panel with something in it, the clock between two", () => {
    const seen = run(3 * 60_000, { pages: { standings: 2, seating: 1, late: 0 } });
    const clock = CLOCK_MS / 1000;
    assert.deepEqual(seen.slice(0, 5), [
      ["clock", 0], ["standings", clock], ["clock", clock + 16], ["seating", 2 * clock + 16], ["clock", 2 * clock + 24],
    ]);
    assert.ok(!seen.some(([scene]) => scene === "late"));
  });

  it("gives a panel a page's time for each page, a few pages at a turn at most", () => {
    assert.equal(sceneLength("standings", 2, { pageMs: PAGE }), 2 * PAGE);
    assert.equal(sceneLength("standings", 12, { pageMs: PAGE }), MAX_PAGES * PAGE);
    assert.equal(sceneLength("late", 0, { pageMs: PAGE }), PAGE);
    assert.equal(sceneLength("clock", 5, { pageMs: PAGE }), CLOCK_MS);
  });

  it("goes back to the clock as soon as the clock must stay, and stays there while it must", () => {
    const hold = (now) => ({ pages: { standings: 3, seating: 1 }, hold: now >= T0 + CLOCK_MS + 5000 && now < T0 + 100_000 });
    const seen = run(130_000, hold);
    assert.deepEqual(seen.slice(0, 3), [["clock", 0], ["standings", CLOCK_MS / 1000], ["clock", CLOCK_MS / 1000 + 5]]);
    assert.deepEqual(seen[3], ["seating", 100], "the turn goes on where it was once the clock may give way");
  });

  it("leaves a panel that emptied for the clock", () => {
    const pages = (now) => ({ pages: { late: now < T0 + CLOCK_MS + 3000 ? 1 : 0 } });
    assert.deepEqual(run(60_000, pages), [["clock", 0], ["late", CLOCK_MS / 1000], ["clock", CLOCK_MS / 1000 + 3]]);
  });
});

describe("a scene asked for", () => {
  const pages = { standings: 2, seating: 1 };

  it("shows a new seating or a result at once, and the clock for a new announcement", () => {
    const clock = sceneAt(null, { now: T0, pages, pageMs: PAGE });
    const seating = sceneAt(clock, { now: T0 + 1000, pages, want: "seating", pageMs: PAGE });
    assert.deepEqual([seating.scene, seating.until], ["seating", T0 + 1000 + PAGE]);
    const back = sceneAt(seating, { now: T0 + 2000, pages, want: "clock", pageMs: PAGE });
    assert.deepEqual([back.scene, back.until], ["clock", T0 + 2000 + CLOCK_MS]);
    assert.equal(sceneAt(back, { now: T0 + 3000, pages, pageMs: PAGE }), back, "then the rotation goes on");
  });

  it("is not shown while the clock must stay, nor when its panel is empty", () => {
    const clock = sceneAt(null, { now: T0, pages, pageMs: PAGE });
    assert.equal(sceneAt(clock, { now: T0 + 1000, pages, want: "seating", hold: true }).scene, "clock");
    assert.equal(sceneAt(clock, { now: T0 + 1000, pages, want: "late" }).scene, "clock");
  });
});

describe("when the clock must stay", () => {
  const clock = (mode, ms, extra = {}) => ({ mode, ms, called: false, urgent: false, lastDeals: false, ...extra });

  it("holds while offline, whatever the clock says", () => {
    assert.ok(holdsClock(clock("idle", null), { offline: true }));
    assert.ok(!holdsClock(clock("idle", null)));
  });

  it("holds the last minutes before a start, and a called start", () => {
    assert.ok(holdsClock(clock("until", SOON_MIN * MIN)));
    assert.ok(!holdsClock(clock("until", SOON_MIN * MIN + 1000)));
    assert.ok(holdsClock(clock("until", 3600_000, { called: true })));
    // a demo's minutes are shorter
    assert.ok(holdsClock(clock("until", SOON_MIN * 1000), { minute: 1000 }));
  });

  it("holds a round's last minutes, its last deals and a pause", () => {
    assert.ok(holdsClock(clock("running", LAST_MIN * MIN)));
    assert.ok(!holdsClock(clock("running", 90 * MIN)));
    assert.ok(holdsClock(clock("running", 90 * MIN, { lastDeals: true })));
    assert.ok(holdsClock(clock("running", 0, { urgent: true })));
    assert.ok(holdsClock(clock("paused", 40 * MIN)));
    // a start that waits for the referee has no count: who is late may take the screen
    assert.ok(!holdsClock(clock("held", null)));
  });

  it("lets the panels in between rounds, with the next start far away", () => {
    assert.ok(!holdsClock(clock("until", 3 * 3600_000)));
    assert.ok(!holdsClock(clock("idle", null)));
    assert.ok(!holdsClock(null));
  });
});
