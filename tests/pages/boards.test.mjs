// The player's boards line (display/player/boards-line.js) in every language, from the server's
// `me.boards`; and the console's words for the sanctions H4 added (signalling, deduction of points).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { boardsLine, shortOfShare } from "../../display/player/boards-line.js";
import { LANGS, catalogue, strings } from "./helpers.mjs";

const SHORT = { played: 36, of: 96, percent: 37.5, min_percent: 40, needed: 39, eligible: false };
const ENOUGH = { played: 39, of: 96, percent: 40.6, min_percent: 40, needed: 39, eligible: true };

describe("boards played on the player's card", () => {
  it("says the boards, the share and what the ranking needs, in Serbian as the hall reads it", () => {
    const S = strings("player", "sr-Latn");
    const num = { locale: "sr-Latn" };
    assert.equal(boardsLine(SHORT, S, num), "odigrano 36 od 96 bordova (37,5 %) — za pojedinačni plasman potrebno je 40 %");
    assert.equal(boardsLine(ENOUGH, S, num),
      "odigrano 39 od 96 bordova (40,6 %) — dovoljno za pojedinačni plasman (potrebno 40 %)");
    assert.equal(shortOfShare(SHORT), true);
    assert.equal(shortOfShare(ENOUGH), false);
  });

  it("follows the server's eligible flag, never its own arithmetic", () => {
    const S = strings("player", "en");
    // 39.9 % and eligible: the server decided (an exact fraction), the page says so
    const text = boardsLine({ played: 40, of: 100, percent: 39.9, min_percent: 40, eligible: true }, S, { locale: "en-GB" });
    assert.match(text, /enough for the individual ranking/);
  });

  it("without an individual ranking says only the boards; nothing before there are boards, or in preferans", () => {
    const S = strings("player", "en");
    assert.equal(boardsLine({ played: 1, of: 24, percent: 4.2 }, S, { locale: "en-GB" }), "played 1 of 24 boards (4.2%)");
    assert.equal(boardsLine({ played: 0, of: 0, percent: null, min_percent: 40, eligible: false }, S), "");
    assert.equal(boardsLine(null, S), "");
    assert.equal(boardsLine(undefined, S), "");
    assert.equal(shortOfShare({ played: 1, of: 24, percent: 4.2 }), false);
  });

  for (const lang of LANGS) {
    it(`has every word in ${lang}`, () => {
      const S = strings("player", lang);
      const text = boardsLine(SHORT, S, { locale: lang });
      assert.match(text, /36/);
      assert.match(text, /96/);
      assert.match(text, /40/);
      const player = catalogue(lang).player;
      for (const key of ["boardsPlayed", "boardsNeeded", "boardsEligible", "penaltyPointsOff", "penNotePoints"]) {
        assert.equal(typeof player[key], "string", `${lang} player.${key}`);
      }
      for (const unit of ["bule", "vp", "points"]) assert.equal(typeof S.penaltyAmount[unit](`2`), "string");
    });
  }
});

describe("the console's words for signalling and the deduction of points", () => {
  for (const lang of LANGS) {
    it(`names the kinds, the measures and the points in ${lang}`, () => {
      const R = catalogue(lang).referee;
      for (const kind of ["signalling", "deduction"]) assert.equal(typeof R.sanctions.kinds[kind], "string", kind);
      for (const m of ["leader_warning", "referee_warning", "no_follow"]) assert.equal(typeof R.sanctions.measures[m], "string", m);
      assert.equal(R.stCols.preferans.length, 7);
      const S = strings("referee", lang);
      assert.match(S.sanctions.points("1,5"), /1,5/);
      const audit = S.audit.sanction_recorded;
      // (words.js gives the measure in words: measureName)
      const base = { player: "Ana", item: "Kolo 1", kindName: "k", step: 3, bule: 0, warning: false, penalties: [],
        unit: "bule", measureName: "" };
      const M = R.sanctions.measures;
      assert.ok(audit({ ...base, measure: "no_follow", measureName: M.no_follow }).endsWith(M.no_follow), lang);
      assert.ok(audit({ ...base, step: 1, warning: true, measure: "leader_warning", measureName: M.leader_warning })
        .endsWith(M.leader_warning), lang);
      const points = audit({ ...base, step: 1, measure: "points", unit: "points", points: "1,5" });
      assert.match(points, /1,5/);
      assert.ok(!points.includes("{"), points);
      // a bule sanction (no measure in its payload) reads as before
      assert.match(audit({ ...base, step: 2, bule: 4 }), /4/);
    });
  }

  it("reads a deduction in English", () => {
    const S = strings("referee", "en");
    const said = S.audit.sanction_recorded({ player: "Ana", item: "Round 1", kindName: "Deduction of points", step: 1,
      measure: "points", unit: "points", points: "1.5", bule: 0, warning: false, measureName: "" });
    assert.equal(said, "sanction Ana, Round 1: Deduction of points, 1st offence — 1.5 points deducted");
    assert.equal(S.sanctions.points("1"), "1 point deducted");
  });
});
