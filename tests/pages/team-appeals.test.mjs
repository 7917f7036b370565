// The player's team's appeals on their card (display/player/team-appeals-line.js) in every language, from
// the server's `me.appeals` (live/commands/appeals.py `player_view`, Slovak league: a team appeals to the presidium).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { appealState, teamAppeals } from "../../display/player/team-appeals-line.js";
import { LANGS, strings } from "./helpers.mjs";

const OPEN = { appeal: 41, item: "m1", title: "Zápas 1", subject: "rozhodnutie o rozdaní 7", state: "open",
  due: 1, due_on: "2027-10-30" };
const UPHELD = { appeal: 44, item: "m2", title: "Zápas 2", subject: "board 3", state: "decided",
  decision: "upheld", outcome: "changed" };
const SPLIT = { ...UPHELD, appeal: 45, outcome: "stands" };
const REJECTED = { ...UPHELD, appeal: 46, decision: "rejected", outcome: "stands" };
const TEAM = { by: "team", to: "presidium", team: "t1", window: { days: 15, closes_on: "2027-10-17 20:30" },
  appeals: [OPEN, UPHELD] };

describe("the team's appeals on the player's card", () => {
  it("says each appeal's match, subject and state, and until when appeals are taken, in Slovak", () => {
    const S = strings("player", "sk").appeals.team;
    const block = teamAppeals(TEAM, S);
    assert.equal(block.title, "Odvolania vášho družstva");
    assert.deepEqual(block.lines.map((x) => x.text), [
      "Zápas 1 — rozhodnutie o rozdaní 7: otvorené, rozhodnutie do 2027-10-30",
      "Zápas 2 — board 3: vyhovené: rozhodnutie sa mení",
    ]);
    assert.deepEqual(block.lines.map((x) => [x.appeal, x.state, x.outcome]), [[41, "open", null], [44, "decided", "changed"]]);
    assert.equal(block.window, "Odvolania sa prijímajú do 2027-10-17 20:30.");
    assert.equal(block.empty, "");
  });

  it("follows the server's decision and outcome, never its own reading", () => {
    const S = strings("player", "en").appeals.team;
    assert.equal(appealState(SPLIT, S), "upheld by a split vote: the decision stands");
    assert.equal(appealState(REJECTED, S), "rejected: the decision stands");
    assert.equal(appealState({ ...OPEN, due_on: null }, S), "open");
  });

  it("is nothing for the Čačak requests or without appeals; says none and no window before the results", () => {
    const S = strings("player", "en").appeals.team;
    assert.equal(teamAppeals({ by: "player", allowed: 3, used: 1, left: 2, requests: [] }, S), null);
    assert.equal(teamAppeals(null, S), null);
    const none = teamAppeals({ by: "team", team: "t1", window: { days: 15, closes_on: null }, appeals: [] }, S);
    assert.deepEqual([none.lines, none.empty, none.window], [[], "Your team has lodged no appeal.", ""]);
  });

  for (const lang of LANGS) {
    it(`has every word in ${lang}`, () => {
      const S = strings("player", lang).appeals.team;
      const block = teamAppeals({ ...TEAM, appeals: [OPEN, UPHELD, SPLIT, REJECTED] }, S);
      const texts = [block.title, block.window, ...block.lines.map((x) => x.text)];
      for (const text of texts) {
        assert.equal(typeof text, "string", lang);
        assert.ok(text && !text.includes("{"), `${lang}: ${text}`);
      }
      assert.match(block.lines[0].text, /2027-10-30/);
      assert.equal(new Set(block.lines.map((x) => x.text)).size, 4, `${lang} tells the four states apart`);
      assert.ok(!teamAppeals({ ...TEAM, appeals: [] }, S).empty.includes("{"), lang);
    });
  }
});
