// A refused command in the console's language (display/referee/refusal.js).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { sayRefusal } from "../../display/referee/refusal.js";
import { strings } from "./helpers.mjs";

const titles = { r4: "Коло 4", r5: "Коло 5" };
const title = (id) => titles[id] || id;

describe("a refusal in the page's language", () => {
  it("says why a start waits, in Serbian and Slovak, with the rounds' titles", () => {
    const answer = { error: "cannot start r5: r4 is still being played; end it first",
      detail: { field: "item", item: "r5", waiting_for: "r4", reason: "previous", in_progress: "r4" } };
    assert.equal(sayRefusal(409, answer, strings("referee", "sr-Cyrl"), title),
      "Коло 5 још не може да почне: Коло 4 се још игра. Прво га завршите.");
    assert.equal(sayRefusal(409, answer, strings("referee", "sk"), title),
      "Коло 5 ešte nemôže začať: Коло 4 sa ešte hrá. Najprv ho ukončite.");
    const seating = { error: "…", detail: { field: "item", item: "r5", reason: "seating" } };
    assert.match(sayRefusal(409, seating, strings("referee", "sr-Latn"), title), /raspored nije objavljen/);
  });

  it("says a command that does not fit the round's state", () => {
    const answer = { error: "cannot pause r4: it has ended",
      detail: { field: "item", item: "r4", status: "ended", action: "pause" } };
    assert.equal(sayRefusal(409, answer, strings("referee", "sr-Cyrl"), title),
      "Коло 4 не може да се паузира: већ је завршено.");
    const held = { error: "…", detail: { field: "item", item: "r4", status: "held", action: "end" } };
    assert.equal(sayRefusal(409, held, strings("referee", "en"), title), "Cannot end Коло 4: it has not started.");
  });

  it("shows an answer it cannot read as the server sent it, with its status", () => {
    const S = strings("referee", "en");
    assert.equal(sayRefusal(422, { error: "amount must be at most 10,000 bule", detail: { field: "amount" } }, S, title),
      "amount must be at most 10,000 bule (HTTP 422)");
    assert.equal(sayRefusal(502, { error: "Bad Gateway" }, S, title), "Bad Gateway (HTTP 502)");
  });
});
