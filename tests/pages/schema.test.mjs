// The pages' tests' fixtures of the server's sections are shaped as the server sends them: checked against the
// JSON Schema generated from the server's declarations (docs/sections.schema.json, live/projections/wire.py), so
// that a page's test cannot pass on a key the server does not send, or a value of another type.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { MIN, at, latenessReport, other, round, timelineEntry } from "./helpers.mjs";
import { problems } from "./schema.mjs";

const fits = (kind, value, options) => assert.deepEqual(problems(kind, value, options), [], `${kind}: ${JSON.stringify(value)}`);

describe("the validator of the sections' schema", () => {
  it("finds a value of another type, a key the server does not send, one left out, one outside its set", () => {
    const entry = timelineEntry(0);
    assert.deepEqual(problems("NowEntry", entry), []);
    assert.match(problems("NowEntry", { ...entry, from: "0" }).join(), /\/from: "0" is not an integer/);
    assert.match(problems("NowEntry", { ...entry, headline: "r1" }).join(), /headline is not a key the server sends/);
    const { mode: _, ...modeless } = entry;
    assert.match(problems("NowEntry", modeless).join(), /mode is missing/);
    assert.deepEqual(problems("NowEntry", modeless, { partial: true }), [], "a partial fixture may leave keys out");
    assert.match(problems("NowEntry", { ...entry, mode: "later" }).join(), /"later" is not one of/);
    assert.match(problems("NowEntry", { ...entry, deadline: "soon" }).join(), /fits none of its kinds/);
    assert.match(problems("NowEntry", { ...entry, day: [1] }).join(), /\/day\/0: 1 is not a string/);
  });
});

describe("the fixtures of the pages' tests are shaped as the server sends them", () => {
  it("the timeline's entries (`now`)", () => {
    fits("NowEntry", timelineEntry(0));
    fits("NowEntry", timelineEntry(at(13), { next: "r1", mode: "until", deadline: at(14), checkin: "r1", day: ["r1"] }));
  });

  it("the timetable's items, playing or not (a few of their keys)", () => {
    for (const status of ["scheduled", "called", "held", "running", "paused", "ended", "missed"]) {
      fits("TimetableItem", round("r1", 1, at(14), 180, { status }), { partial: true });
    }
    fits("TimetableItem", round("r2", 2, at(18), 180, { status: "held", held_for: "previous", waiting_for: "r1" }),
      { partial: true });
    fits("TimetableItem", other("lunch", "Lunch", at(13), 60, "meal"), { partial: true });
    assert.notDeepEqual(problems("TimetableItem", round("r1", 1, at(14), 180, { status: "late" }), { partial: true }), [],
      "a status the server has not is caught");
  });

  it("a round's check-in list (`lateness`)", () => {
    fits("LatenessReport", latenessReport());
    fits("LatenessReport", latenessReport({ players_needed: 4, pauses: [[at(14, 5), at(14, 8)]] }));
    fits("LatenessReport", latenessReport({
      rows: [{ id: "p1", arrived_at: null, name: "Ana", excused: false, reserve: null, reserve_starts_with: 0, reserve_from_ms: 30 * MIN }],
    }));
  });

  it("the standings' rows", () => {
    const preferans = { shared: false, player: "p1", name: "Ana", lady: true, points: 12.5, bule: -40, rounds: 2,
      penalty_bule: 0, penalty_points: 0 };
    fits("PublicSections", { standings: [preferans, { ...preferans, player: "p2", shared: true, tied: true }] }, { partial: true });
    assert.notDeepEqual(problems("PublicSections", { standings: [{ ...preferans, place: 1 }] }, { partial: true }), [],
      "a row with a key of neither game's rows is caught");
  });
});
