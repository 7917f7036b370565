// display/lib/page.js: the tournament's name in the page's head, and the demo badge (node --test tests/pages).
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";

import { showTournament } from "../../display/lib/page.js";
import { ZONE, at } from "./helpers.mjs";

describe("the page's head", () => {
  const S = { pageTitle: "Hall display", demo: (speed) => `demo ×${speed}`, locale: "en-GB" };
  const elements = () => ({ name: { textContent: "" }, demo: { textContent: "", hidden: true } });
  beforeEach(() => {
    globalThis.document = {};
  });
  afterEach(() => {
    delete globalThis.document;
  });

  it("names the tournament in the header and the window's title, and formats times in its zone", () => {
    const els = elements();
    const fmt = showTournament({ name: "Kup Čačka", timezone: ZONE }, S, (id) => els[id]);
    assert.equal(els.name.textContent, "Kup Čačka");
    assert.equal(document.title, "Kup Čačka – Hall display");
    assert.equal(els.demo.hidden, true);
    assert.equal(fmt.time(at(17, 5)), "17:05");
  });

  it("shows the demo badge and seconds when the timetable runs faster than the clock", () => {
    const els = elements();
    const fmt = showTournament({ speed: 60, timezone: ZONE }, S, (id) => els[id]);
    assert.equal(document.title, "Hall display");
    assert.equal(els.demo.hidden, false);
    assert.equal(els.demo.textContent, "demo ×60");
    assert.equal(fmt.time(at(17, 5) + 9_000), "17:05:09");
  });
});
