// @ts-check
// The captains' steps and the coordinator's late-duty sanction in the console's audit, in every language: each
// event type has its words (referee.audit, referee.commandNames), filled from its payload as words.js fills them.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { LANGS, strings } from "./helpers.mjs";

const TYPES = ["result_reported", "result_disputed", "record_sent", "late_duty_sanctioned"];
/** The parameters words.js `describeAudit` gives a captain's event (names for ids, the payload's own fields). */
const filled = {
  item: "1. kolo", home: "Prešov", away: "Bardejov", teamName: "Bardejov", imps_home: 61, imps_away: 40, report: 118,
  reason: "board 9 was 420", duty: "record", measure: "fine", amount: 300, currency: "Sk", rule: "§12.4",
};

describe("the captains' events in the console's audit", () => {
  for (const lang of LANGS) {
    it(`are said in ${lang}, every part filled`, () => {
      const S = strings("referee", lang);
      for (const type of TYPES) {
        assert.equal(typeof S.commandNames[type], "string", `${lang} names ${type}`);
        const said = S.audit[type](filled);
        assert.doesNotMatch(said, /\{|\}|undefined/u, `${lang} ${type}: ${said}`);
        assert.match(said, /Bardejov/u, `${lang} ${type} names the team`);
      }
      assert.match(S.audit.result_reported(filled), /61 : 40/u);
      assert.match(S.audit.late_duty_sanctioned(filled), /300 Sk/u, "a fine says its amount");
      assert.doesNotMatch(S.audit.late_duty_sanctioned({ ...filled, measure: "warning" }), /300/u, "a warning has none");
    });
  }
});
