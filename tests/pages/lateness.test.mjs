// display/lib/lateness.js: how late someone is now, the penalty that applies, and the alerts in words
// (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  describeLateness, describePenalty, firstStep, hasArrived, isMissing, lateClockAt, lateClockStarted, latenessReports,
  latenessRound, minuteMs, playersNeeded, reserveAllowed, someNames, stepAt, thresholdOf, tournamentMs,
} from "../../display/lib/lateness.js";
import { MIN, at, event, fmt, latenessReport, round, strings } from "./helpers.mjs";

const LATE = strings("display").banner.late;
const PENALTY = strings("display").penalty;

describe("the late clock the server sends", () => {
  it("runs from its instant on, and stands still while stopped", () => {
    const running = { late_clock: { ms: 12 * MIN, at: at(14, 20), running: true } };
    assert.equal(lateClockAt(running, at(14, 20)), 12 * MIN);
    assert.equal(lateClockAt(running, at(14, 25)), 17 * MIN, "one ms a ms from `at`");
    const paused = { late_clock: { ms: 12 * MIN, at: at(14, 20), running: false } };
    assert.equal(lateClockAt(paused, at(15)), 12 * MIN, "an open pause: it stays where it stopped");
  });

  it("is 0 until the reference start to come, and without a clock", () => {
    const ahead = { late_clock: { ms: 0, at: at(14), running: true } };
    assert.equal(lateClockAt(ahead, at(13, 30)), 0, "`at` still ahead");
    assert.equal(lateClockAt(ahead, at(14, 3)), 3 * MIN);
    assert.equal(lateClockStarted(ahead, at(13, 59)), false);
    assert.equal(lateClockStarted(ahead, at(14)), true);
    assert.equal(lateClockAt(null, at(14)), 0);
    assert.equal(lateClockAt({ late_clock: null }, at(14)), 0);
    assert.equal(lateClockStarted({}, at(14)), false);
  });

  it("counts in the server's tournament minutes in a sped-up demo", () => {
    const demo = { tournament: { speed: 60, minute_ms: 1000 } };
    assert.equal(minuteMs(demo), 1000);
    assert.equal(minuteMs({}), MIN);
    assert.equal(tournamentMs(90_000, demo), 90 * MIN, "90 s of a demo at 60×: an hour and a half late");
  });

  it("says what completes a team, and whether a reserve may take a seat now", () => {
    assert.equal(playersNeeded({ players_needed: 3 }), 3, "the rules' number, not a page's");
    assert.equal(playersNeeded({ players_needed: null }), null);
    const report = { late_clock: { ms: 0, at: at(14), running: true } };
    const seat = { id: "p1", reserve_from_ms: 30 * MIN + 1 };
    assert.equal(reserveAllowed(seat, report, at(14, 30)), false, "30:00 is not yet past the deadline");
    assert.equal(reserveAllowed(seat, report, at(14, 31)), true);
    assert.equal(reserveAllowed({ id: "p2", reserve_from_ms: 0 }, report, at(13)), true, "an announced absence: at once");
    assert.equal(reserveAllowed({ id: "p3", reserve_from_ms: null }, report, at(16)), false, "no reserve can take it");
  });
});

describe("the penalty steps", () => {
  const steps = [
    { from_ms: 0, tolerated: true },
    { from_ms: 5 * MIN, bule: 10, starts_with: 110 },
    { from_ms: 15 * MIN, reserve_due: true, starts_with: 120 },
    { from_ms: 30 * MIN, forfeit: true },
  ];

  it("takes the last step reached", () => {
    assert.equal(stepAt(steps, 4 * MIN), steps[0]);
    assert.equal(stepAt(steps, 5 * MIN), steps[1]);
    assert.equal(stepAt(steps, 29 * MIN), steps[2]);
    assert.equal(stepAt([...steps].reverse(), 40 * MIN), steps[3], "in any order");
    assert.equal(stepAt(steps, -1), null);
    assert.equal(stepAt(null, MIN), null);
  });

  it("finds when a reserve is due and when it is a forfeit", () => {
    assert.equal(firstStep(steps, "reserve_due"), 15 * MIN);
    assert.equal(firstStep(steps, "forfeit"), 30 * MIN);
    assert.equal(firstStep(steps, "boards_removed"), null);
  });

  it("says a preferans penalty in words, with its tone", () => {
    assert.deepEqual(describePenalty(steps[0], PENALTY), { text: "within the grace period", tone: "ok" });
    assert.deepEqual(describePenalty(steps[1], PENALTY),
      { text: "starts with 110 bule", tone: "warn", kind: "startsWith", startsWith: 110, bule: 10 });
    assert.deepEqual(describePenalty(steps[2], PENALTY), { text: "reserve due (120 bule)", tone: "bad" });
    assert.deepEqual(describePenalty({ deduction: 30 }, PENALTY), { text: "−30 bule from the result", tone: "warn" });
    assert.deepEqual(describePenalty({ bule: 0 }, PENALTY), { text: "on time", tone: "" });
    assert.deepEqual(describePenalty(null, PENALTY), { text: "", tone: "" });
  });

  it("says a bridge penalty in words: boards removed, or a forfeit", () => {
    assert.deepEqual(describePenalty({ boards_removed: 4, compensation_imps: 6 }, PENALTY),
      { text: "4 boards removed (+6 IMP to the opponents)", tone: "warn" });
    assert.deepEqual(describePenalty({ boards_removed: 0 }, PENALTY), { text: "no penalty", tone: "" });
    assert.deepEqual(describePenalty({ forfeit: true, boards_removed: 0 }, PENALTY), { text: "forfeit", tone: "bad" });
  });
});

describe("who is here", () => {
  it("tells arrived, seated by a reserve, excused and missing apart", () => {
    assert.equal(hasArrived({ arrived_at: at(14) }), true);
    assert.equal(hasArrived({ arrived_at: null }), false);
    assert.equal(isMissing({ arrived_at: null }), true);
    assert.equal(isMissing({ arrived_at: null, reserve: "Ana" }), false);
    assert.equal(isMissing({ arrived_at: null, excused: true }), false);
    assert.equal(isMissing({ arrived_at: at(14) }), false);
  });

  it("picks the round whose check-in matters: the one being played, else the next with a report", () => {
    const r1 = round("r1", 1, at(10), 180, { status: "ended", phase: "done" });
    const r2 = round("r2", 2, at(14), 180, { phase: "upcoming" });
    const lateness = { r1: { reference_start: at(10) }, r2: { reference_start: at(14) } };
    assert.equal(latenessRound({ timetable: [r1, r2], lateness }).item, r2);
    const playing = { ...r1, status: "running", phase: "in_progress" };
    assert.deepEqual(latenessRound({ timetable: [playing, r2], lateness }), { item: playing, report: lateness.r1 });
    assert.equal(latenessRound({ timetable: [r1, r2], lateness: { r1: lateness.r1 } }), null);
    assert.deepEqual(latenessReports({ lateness: [] }), {});
    assert.deepEqual(latenessReports(null), {});
  });

  it("keeps a list of names short", () => {
    assert.equal(someNames(["a", "b"], LATE), "a, b");
    assert.equal(someNames(["a", "b", "c", "d"], LATE, 2), "a, b +2 more");
  });
});

describe("the lateness banners", () => {
  // The report as the server sends it: each threshold says how late it is, in minutes as the hall reads them.
  const report = latenessReport;
  const sections = (extra = {}) => ({
    tournament: { game: "preferans" },
    timetable: [round("r1", 1, at(14), 180, { status: "running", started_at: at(14) })],
    players: [{ id: "p1", name: "Ana" }, { id: "p2", name: "Boris" }, { id: "p3", name: "Cane" }],
    lateness: { r1: report() },
    ...extra,
  });

  it("says the grace period is over and who is not here", () => {
    const b = describeLateness(event(3, "lateness_alert", { item: "r1", threshold: "grace", due_at: at(14, 5), absent: ["p1", "p3"] }),
      sections(), LATE, fmt);
    assert.equal(b.kicker, "Round 1");
    assert.equal(b.tone, "hold");
    assert.equal(b.title, "5 minutes: grace period over");
    assert.equal(b.sub, "2 players not here: Ana, Cane");
  });

  it("says where reserves sit, the walkovers and the empty tables", () => {
    const b = describeLateness(event(4, "lateness_alert", { item: "r1", threshold: "reserve", due_at: at(14, 15), absent: ["p2"],
      tables: [{ table: 6, kind: "reserve" }, { table: 7, kind: "walkover", walkover_to: "p1" }, { table: 8, kind: "no_game" }] }),
    sections(), LATE, fmt);
    assert.equal(b.title, "15 minutes: reserve for table 6");
    assert.equal(b.sub, "Table 7: walkover to Ana · Table 8: nobody came · 1 player not here: Boris");
    assert.equal(b.tone, "warn");
  });

  it("says a seated reserve, at a table and in whose place", () => {
    const b = describeLateness(event(5, "reserve_seated", { item: "r1", name: "Zoran", table: 6, starts_with: 120, player: "p2" }),
      sections(), LATE, fmt);
    assert.equal(b.title, "Table 6: reserve Zoran starts with 120 bule");
    assert.equal(b.sub, "in place of Boris");
  });

  it("says the boards removed in a bridge match, and from when more go, as the server counts them", () => {
    // After a 3-minute pause the block's mark is 18 minutes after the start on the wall clock: the
    // threshold still says 15 minutes late, and the boards are the server's.
    const thresholds = [{ name: "block:2", at: at(14, 18), late_ms: 15 * MIN, minutes: 15, boards_removed: 3, boards_removed_next: 5 }];
    const bridge = sections({ tournament: { game: "bridge" }, teams: [{ id: "t1", name: "Bačka" }],
      lateness: { r1: report({ players_needed: 4, thresholds, pauses: [[at(14, 5), at(14, 8)]] }) } });
    const b = describeLateness(event(6, "lateness_alert", { item: "r1", threshold: "block:2", due_at: at(14, 18), absent: ["t1"] }),
      bridge, LATE, fmt);
    assert.equal(b.title, "15 minutes late: 3 boards removed", "at the boundary the ending block's boards apply");
    assert.equal(b.sub, "Bačka · from now on 5 boards removed");
  });

  it("says only who is missing when the report has no such threshold (no boards of its own)", () => {
    const bridge = sections({ tournament: { game: "bridge" }, teams: [{ id: "t1", name: "Bačka" }],
      lateness: { r1: report({ thresholds: [] }) } });
    const b = describeLateness(event(6, "lateness_alert", { item: "r1", threshold: "block:3", due_at: at(14, 30), absent: ["t1"] }),
      bridge, LATE, fmt);
    assert.equal(b.title, "Still not here");
    assert.equal(b.sub, "1 player not here: Bačka");
    assert.equal(thresholdOf(report(), "reserve").minutes, 15);
    assert.equal(thresholdOf(null, "reserve"), null);
  });

  it("says a forfeit, by team in bridge", () => {
    const payload = { item: "r1", threshold: "forfeit", due_at: at(14, 30), absent: ["t1"] };
    const bridge = sections({ tournament: { game: "bridge" }, teams: [{ id: "t1", name: "Bačka" }] });
    const b = describeLateness(event(7, "lateness_alert", payload), bridge, LATE, fmt);
    assert.equal(b.title, "30 minutes: team Bačka is not complete — forfeit");
    assert.equal(b.sub, "The referee decides the forfeit");
    const p = describeLateness(event(7, "lateness_alert", { ...payload, absent: ["p1", "p2"] }), sections(), LATE, fmt);
    assert.equal(p.title, "30 minutes: 2 not here — forfeit");
    assert.equal(p.sub, "Ana, Boris");
  });

  it("is null for other events", () => {
    assert.equal(describeLateness(event(8, "announced", { text: "hi" }), sections(), LATE, fmt), null);
    assert.equal(describeLateness(null, sections(), LATE, fmt), null);
  });
});
