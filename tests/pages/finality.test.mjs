// The results' status at an instant (display/lib/finality.js, Slovak §24.1): the server's section as of its last
// event, final from its `final_at` on by the clock alone.
import assert from "node:assert/strict";
import { test } from "node:test";
import { resultsStatus, untilFinal } from "../../display/lib/finality.js";

const published = { status: "provisional", since: 1000, final_at: 5000, open_appeals: 0, why: "term" };

test("provisional until final_at, final from it on, and how long until then", () => {
  assert.equal(resultsStatus(published, 4999), "provisional");
  assert.equal(resultsStatus(published, 5000), "final");
  assert.equal(untilFinal(published, 4000), 1000);
  assert.equal(untilFinal(published, 5000), null);
});

test("an appeal to decide has no final_at: provisional whatever the clock", () => {
  const held = { ...published, final_at: null, open_appeals: 1, why: "appeals" };
  assert.equal(resultsStatus(held, 10 ** 15), "provisional");
  assert.equal(untilFinal(held, 0), null);
});

test("final as the server says it, and nothing without the section", () => {
  assert.equal(resultsStatus({ ...published, status: "final" }, 0), "final");
  assert.equal(resultsStatus(undefined, 0), null);
  assert.equal(untilFinal(undefined, 0), null);
});
