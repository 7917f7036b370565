// The coordinator's card's pure parts (display/referee/coordinator.js): when the console shows it, which lines
// need the coordinator, the summary's order, a proposed sanction in words, whether its VP deduction was applied
// (so that it is not offered twice), the settling form's values and which live events refresh the list.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  appliedPenalty, concernsCaptains, coordinatorWanted, countParts, needsCoordinator, proposalText, settleValues, shownLines,
} from "../../display/referee/coordinator.js";
import { strings } from "./helpers.mjs";

function line(state, extra = {}) {
  return {
    item: "m1", title: "1. kolo", round: 1, home: "t1", away: "t2", state, end: 0, report_due: 0, record_due: 0,
    late: [], record_late: false, record_sent: null, report: null, dispute: null, result: null, proposed: [], ...extra,
  };
}
const COMMAND = { type: "penalty", team: "t1", amount: 1, unit: "vp", reason: "§12.4: a repeated late match record (m2, t1 – t2)", item: "m2" };
const REPORT_LATE = { team: "t2", duty: "report", rule: "§12.3", kinds: ["warning", "fine"], fine_min: 0, fine_max: 500, currency: "Sk", vp: 0 };
const RECORD_AGAIN = { team: "t1", duty: "record", rule: "§12.4", kinds: ["fine", "vp"], fine_min: 200, fine_max: 500, currency: "Sk", vp: 1, command: COMMAND };

describe("the coordinator's card", () => {
  it("is shown for the Slovak league, and for another team competition once a captain has reported", () => {
    assert.equal(coordinatorWanted({ game: "bridge", preset: "slovak-league" }, null), true);
    assert.equal(coordinatorWanted({ game: "bridge", preset: "novi-sad-teams" }, { now: 0, matches: [line("recorded")], counts: {} }), false);
    assert.equal(coordinatorWanted({ game: "bridge", preset: "novi-sad-teams" },
      { now: 0, matches: [line("reported", { report: { seq: 1, ts: 0, team: "t1", imps_home: 1, imps_away: 0 } })], counts: {} }), true);
    assert.equal(coordinatorWanted({ game: "preferans", preset: "cacak-preferans" }, null), false);
    assert.equal(coordinatorWanted(undefined, null), false);
  });

  it("lists what needs the coordinator: a dispute, an overdue or pending report, a late record, a proposal", () => {
    for (const l of [line("disputed"), line("overdue"), line("reported"), line("confirmed", { record_late: true }),
      line("confirmed", { proposed: [REPORT_LATE] })]) assert.equal(needsCoordinator(l), true, l.state);
    for (const l of [line("confirmed"), line("scheduled"), line("awaiting_report"), line("settled")]) {
      assert.equal(needsCoordinator(l), false, l.state);
    }
    const lines = [line("confirmed", { item: "m0" }), line("disputed", { item: "m1" }), line("scheduled", { item: "m2" })];
    assert.deepEqual(shownLines(lines, true).map((l) => l.item), ["m1"]);
    assert.equal(shownLines(lines, false), lines);
  });

  it("sums the states up with what needs the coordinator first, and none left out", () => {
    assert.deepEqual(countParts({ confirmed: 3, disputed: 1, scheduled: 4, overdue: 0, odd: 2 }),
      [["disputed", 1], ["scheduled", 4], ["confirmed", 3], ["odd", 2]]);
  });

  it("says a proposal in words, a warning as the alternative and the VP on top of the fine", () => {
    const W = strings("referee", "en").coordinator;
    const name = (id) => ({ t1: "Tím A", t2: "Tím B" })[id];
    const num = String;
    assert.equal(proposalText(REPORT_LATE, W, name, num),
      "Tím B: result report late (§12.3). Proposed: a warning, or a fine of up to 500 Sk");
    assert.equal(proposalText(RECORD_AGAIN, W, name, num),
      "Tím A: match record late (§12.4). Proposed: a fine of 200–500 Sk and 1 VP off");
    const sk = strings("referee", "sk").coordinator;
    assert.equal(proposalText(RECORD_AGAIN, sk, name, num),
      "Tím A: zápis o stretnutí po termíne (§12.4). Návrh: pokuta 200–500 Sk a odpočet 1 VB");
  });

  it("knows a proposal's VP deduction applied by its penalty in the audit, and offers it again once undone", () => {
    const applied = { seq: 40, ts: 0, type: "penalty_applied", by: "referee", undone: false,
      payload: { team: "t1", amount: 1, unit: "vp", reason: COMMAND.reason, item: "m2" } };
    assert.equal(appliedPenalty(COMMAND, [applied])?.seq, 40);
    assert.equal(appliedPenalty(COMMAND, [{ ...applied, undone: true }]), null);
    assert.equal(appliedPenalty(COMMAND, [{ ...applied, payload: { ...applied.payload, item: "m3" } }]), null);
    assert.equal(appliedPenalty(COMMAND, [{ ...applied, payload: { ...applied.payload, team: "t2" } }]), null);
    assert.equal(appliedPenalty(COMMAND, undefined), null);
  });

  it("prefills a disputed match's settling form with the disputed report", () => {
    const report = { seq: 5, ts: 0, team: "t2", imps_home: 30, imps_away: 31 };
    assert.deepEqual(settleValues(line("disputed", { report })), { home: "30", away: "31" });
    assert.deepEqual(settleValues(line("disputed")), { home: "", away: "" });
  });

  it("asks again after the events that change the list, not after every event", () => {
    for (const type of ["result_reported", "result_disputed", "record_sent", "result_recorded", "penalty_applied",
      "command_undone", "round_ended"]) assert.equal(concernsCaptains(type), true, type);
    for (const type of ["checked_in", "announced", "referee_signed_in"]) assert.equal(concernsCaptains(type), false, type);
  });
});
