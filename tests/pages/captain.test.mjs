// The captain's phone page's pure parts (display/captain/lines.js, display/lib/due.js): which side a team is,
// what a captain may do in each state of a match (report, change their report, confirm or dispute the other's,
// mark the record sent), what is late, the report command, the urgent matches first, and a refusal in the page's
// language by its code.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { dueText } from "../../display/lib/due.js";
import { timeFormatter } from "../../display/lib/format.js";
import { byUrgency, impsValue, matchView, refusalText, reportCommand } from "../../display/captain/lines.js";
import { strings } from "./helpers.mjs";

const H = 3_600_000;
/** A coordinator's line (live/projections/captains.py MatchLine) of t1 (home) – t2 (away) in m1. */
function line(state, extra = {}) {
  return {
    item: "m1", title: "1. kolo", round: 1, home: "t1", away: "t2", state, end: 10 * H, report_due: 58 * H,
    record_due: 72 * H, late: [], record_late: false, record_sent: null, report: null, dispute: null, result: null,
    proposed: [], ...extra,
  };
}
const REPORT = { seq: 12, ts: 11 * H, team: "t1", imps_home: 45, imps_away: 12 };

describe("a captain's match", () => {
  it("offers the report form of a played match nobody reported, to both captains", () => {
    for (const team of ["t1", "t2"]) {
      const v = matchView(line("awaiting_report"), team);
      assert.equal(v.mayReport, true);
      assert.equal(v.own, null);
      assert.equal(v.toAnswer, null);
    }
    assert.equal(matchView(line("awaiting_report"), "t1").side, "home");
    assert.equal(matchView(line("awaiting_report"), "t2").opponent, "t1");
  });

  it("offers nothing to report before the match is played, and the record only after", () => {
    const v = matchView(line("scheduled"), "t1");
    assert.equal(v.mayReport, false);
    assert.equal(v.mayRecord, false);
    assert.equal(matchView(line("awaiting_report"), "t1").mayRecord, true);
  });

  it("lets the reporter change their report, and the other captain confirm or dispute it", () => {
    const reported = line("reported", { report: REPORT });
    const mine = matchView(reported, "t1");
    assert.deepEqual([mine.mayReport, mine.own, mine.toAnswer], [true, REPORT, null]);
    const theirs = matchView(reported, "t2");
    assert.deepEqual([theirs.mayReport, theirs.own, theirs.toAnswer], [false, null, REPORT]);
  });

  it("keeps an overdue report answerable: a late report still waits for the other captain", () => {
    const overdue = line("overdue", { report: REPORT, late: ["t2"] });
    assert.equal(matchView(overdue, "t2").toAnswer, REPORT);
    assert.equal(matchView(overdue, "t2").reportLate, true);
    assert.equal(matchView(overdue, "t1").reportLate, false);
  });

  it("offers neither report nor answer once disputed or counted", () => {
    const dispute = { seq: 13, ts: 12 * H, team: "t2", reason: "board 9" };
    for (const l of [line("disputed", { report: REPORT, dispute }),
      line("confirmed", { report: REPORT, result: { seq: 14, ts: 12 * H, by: "captain:t2", imps_home: 45, imps_away: 12 } }),
      line("forfeited")]) {
      for (const team of ["t1", "t2"]) {
        const v = matchView(l, team);
        assert.deepEqual([v.mayReport, v.own, v.toAnswer], [false, null, null], `${l.state} ${team}`);
      }
    }
  });

  it("offers the record to the home captain only, once, and says when it is late", () => {
    assert.equal(matchView(line("confirmed"), "t2").mayRecord, false);
    assert.equal(matchView(line("confirmed", { record_sent: 20 * H }), "t1").mayRecord, false);
    assert.equal(matchView(line("forfeited"), "t1").mayRecord, false);
    assert.equal(matchView(line("confirmed", { record_late: true }), "t1").recordLate, true);
    assert.equal(matchView(line("confirmed", { record_late: true }), "t2").recordLate, false);
  });
});

describe("the report", () => {
  it("takes whole IMP totals of 0 or more, nothing else", () => {
    assert.equal(impsValue("45"), 45);
    assert.equal(impsValue(" 0 "), 0);
    for (const bad of ["", "-1", "4.5", "1e3", "x", null, undefined]) assert.equal(impsValue(bad), null, String(bad));
  });

  it("is the command the server takes, home first", () => {
    assert.deepEqual(reportCommand(line("awaiting_report"), "45", "12"),
      { type: "report_result", item: "m1", imps_home: 45, imps_away: 12 });
    assert.equal(reportCommand(line("awaiting_report"), "45", ""), null);
  });
});

describe("the list", () => {
  it("puts what the captain must do first, the timetable's order kept otherwise", () => {
    const later = { ...line("scheduled"), item: "m2" };
    const done = { ...line("confirmed", { record_sent: 1 }), item: "m0" };
    const answer = { ...line("reported", { report: { ...REPORT, team: "t2" } }), item: "m3" };
    assert.deepEqual(byUrgency([done, later, answer], "t1").map((l) => l.item), ["m3", "m0", "m2"]);
    assert.deepEqual(byUrgency([done, later], "t1").map((l) => l.item), ["m0", "m2"]);
  });
});

describe("the words", () => {
  it("says a refusal by its code in the page's language, with the match's title and the teams' names", () => {
    const S = strings("captain", "sk");
    const names = { t1: "Tím A", t2: "Tím B" };
    const said = refusalText({ detail: { code: "captain.result_counted", item: "m1", home: "t1", away: "t2" } }, S,
      () => "1. kolo", (id) => names[id]);
    assert.equal(said, "1. kolo: zápas Tím A – Tím B už má výsledok, opraviť ho môže len koordinátor.");
    assert.match(refusalText({ detail: { code: "result.imps", field: "imps_home" } }, strings("captain", "en"), String, String),
      /^The home team's IMPs: must be/);
    assert.equal(refusalText({ detail: { code: "no.such" } }, S, String, String), "");
    assert.equal(refusalText(null, S, String, String), "");
  });

  it("has a sentence for every refusal of a captain's command, in every language", () => {
    const codes = ["captain.not_your_team", "captain.not_your_match", "captain.result_counted", "captain.report_pending",
      "captain.disputed", "captain.no_report", "captain.own_report", "captain.report_changed", "captain.not_home",
      "captain.record_already", "captain.no_session", "code.wrong", "code.too_many", "result.imps"];
    for (const lang of ["en", "sk", "sr-Latn", "sr-Cyrl"]) {
      const S = strings("captain", lang);
      for (const code of codes) {
        assert.notEqual(refusalText({ detail: { code, item: "m1", team: "t1", home: "t1", away: "t2", seq: 3 } }, S, String, String), "",
          `${lang} ${code}`);
      }
    }
  });

  it("says a term at midnight as the end of the day before", () => {
    const fmt = timeFormatter("Europe/Bratislava", "sk-SK");
    const join = strings("captain", "sk").when;
    // 31 March 2027 00:00 in Bratislava (UTC+2): the end of Tuesday 30 March
    assert.equal(dueText(Date.UTC(2027, 2, 30, 22, 0), fmt, join), "utorok 30. marca, 24:00");
    assert.equal(dueText(Date.UTC(2027, 2, 30, 15, 30), fmt, join), "utorok 30. marca, 17:30");
    assert.equal(dueText(NaN, fmt, join), "");
  });
});
