// display/lib/chunks.js: the parts below a page's first screen, each drawn in a task of its own after
// it, once however often asked for (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { laterParts, yieldToPage } from "../../display/lib/chunks.js";

/** A pause the test releases by hand: each `step()` lets the queue run one more part. */
function manualPause() {
  const waiting = [];
  return {
    pause: () => new Promise((resolve) => waiting.push(resolve)),
    async step() {
      waiting.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
    waiting: () => waiting.length,
  };
}

describe("parts drawn after the first screen", () => {
  it("draws nothing at once: the first screen is painted before any of them", async () => {
    const clock = manualPause();
    const drawn = [];
    const parts = laterParts({ pause: clock.pause });
    parts.later(() => drawn.push("results"));
    parts.later(() => drawn.push("announcements"));
    drawn.push("first screen");
    assert.deepEqual(drawn, ["first screen"]);
    assert.equal(parts.pending(), 2);
    await clock.step();
    assert.deepEqual(drawn, ["first screen", "results"], "one part a task");
    await clock.step();
    assert.deepEqual(drawn, ["first screen", "results", "announcements"]);
    assert.equal(parts.pending(), 0);
  });

  it("draws a part asked for twice before it ran once, with what the page holds by then", async () => {
    const clock = manualPause();
    const page = { score: 1 };
    const drawn = [];
    const results = () => drawn.push(`results ${page.score}`);
    const parts = laterParts({ pause: clock.pause });
    parts.later(results);
    page.score = 2;
    parts.later(results);
    await clock.step();
    await clock.step();
    assert.deepEqual(drawn, ["results 2"]);
  });

  it("runs a part asked for again after it ran, and goes on after one that fails", async () => {
    const clock = manualPause();
    const drawn = [];
    const failed = [];
    const parts = laterParts({ pause: clock.pause, onError: (err) => failed.push(err.message) });
    parts.later(() => {
      throw new Error("broken");
    });
    parts.later(() => drawn.push("place"));
    await clock.step();
    await clock.step();
    assert.deepEqual([drawn, failed], [["place"], ["broken"]]);
    const again = () => drawn.push("again");
    parts.later(again);
    await clock.step();
    parts.later(again);
    await clock.step();
    assert.deepEqual(drawn, ["place", "again", "again"]);
  });

  it("draws the waiting parts at once when asked to flush", () => {
    const drawn = [];
    const parts = laterParts({ pause: () => new Promise(() => {}) });
    parts.later(() => drawn.push("a"));
    parts.later(() => drawn.push("b"));
    parts.flush();
    assert.deepEqual(drawn, ["a", "b"]);
    assert.equal(parts.pending(), 0);
  });

  it("gives the thread back with a new task where there is no scheduler.yield", async () => {
    const order = [];
    const back = yieldToPage().then(() => order.push("after the yield"));
    await Promise.resolve();
    order.push("same task");
    await back;
    assert.deepEqual(order, ["same task", "after the yield"]);
  });
});
