// display/referee/sheet-model.js: the matches the team sheets card offers, a draft from the server's sheet,
// the `lineup` command built from it, and a sheet in words (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { describeSheet, draftFrom, sheetCommand, sheetMatches, toggled } from "../../display/referee/sheet-model.js";
import { LANGS, strings } from "./helpers.mjs";

const team = (sheet = null) => ({ sheet, changeable: [1, 2], barred: {}, line_ups: [null, null], substitute_boards_left: 3 });
const lineups = (teams) => ({ size: 4, matches: { m1: { parts: 2, part_boards: [6, 6], begun: 0, teams }, m2: { parts: 2, part_boards: [6, 6], begun: 0, teams: {} } } });

describe("the team sheets card", () => {
  it("offers the server's matches in timetable order, the one being played or the next one first", () => {
    const at = (s1, s2) => [{ id: "m1", status: s1 }, { id: "m2", status: s2 }];
    const sections = { timetable: at("ended", "scheduled"), lineups: lineups({ t1: team() }) };
    assert.deepEqual(sheetMatches(sections), { order: ["m1", "m2"], first: "m2" });
    assert.equal(sheetMatches({ ...sections, timetable: at("running", "scheduled") }).first, "m1");
    assert.equal(sheetMatches({ ...sections, timetable: at("ended", "paused") }).first, "m2");
    assert.equal(sheetMatches({ ...sections, timetable: at("scheduled", "scheduled") }).first, "m1");
    // after the last match: the last with a sheet
    const sheet = lineups({ t1: team({ parts: [["a", "b", "c", "d"]] }) });
    assert.equal(sheetMatches({ timetable: at("ended", "ended"), lineups: sheet }).first, "m1");
    assert.deepEqual(sheetMatches({}), { order: [], first: null });
  });

  it("starts a draft from the sheet in force, one list per part", () => {
    assert.deepEqual(draftFrom(team(), 2), [[], []]);
    assert.deepEqual(draftFrom(team({ parts: [["a", "b", "c", "d"]], substitutions: [] }), 2), [["a", "b", "c", "d"], []]);
  });

  it("picks players in the roster's order and drops them again", () => {
    const roster = ["a", "b", "c", "d", "e"];
    let draft = [[], []];
    for (const p of ["e", "a", "c"]) draft = toggled(draft, 0, p, roster);
    assert.deepEqual(draft, [["a", "c", "e"], []]);
    assert.deepEqual(toggled(draft, 0, "c", roster), [["a", "e"], []]);
  });

  it("sends the parts handed in so far, with the substitutions recorded and the new one", () => {
    const recorded = [{ part: 1, out: "d", boards: 3, substitute: "Petar Petrović" }];
    const made = sheetCommand("m1", "t1", [["a", "b", "c", "d"], []], 4, recorded, { part: 1, out: "c", boards: 1, substitute: "Jovan" });
    assert.deepEqual(made.body, {
      type: "lineup", item: "m1", team: "t1", parts: [["a", "b", "c", "d"]],
      substitutions: [...recorded, { part: 1, out: "c", boards: 1, substitute: "Jovan" }],
    });
    assert.equal("substitutions" in sheetCommand("m1", "t1", [["a", "b", "c", "d"], ["a", "b", "c", "e"]], 4).body, false);
  });

  it("says what is missing instead of sending a sheet the server cannot read", () => {
    assert.deepEqual(sheetCommand("m1", "t1", [[], []], 4), { problem: "empty", part: 1 });
    assert.deepEqual(sheetCommand("m1", "t1", [[], ["a", "b", "c", "d"]], 4), { problem: "gap", part: 1 });
    assert.deepEqual(sheetCommand("m1", "t1", [["a", "b", "c"], []], 4), { problem: "size", part: 1 });
  });

  // The card calls these as templates: each must take its arguments in every language (a string without
  // one would be plain text there, and the card would fail drawing it).
  const TEMPLATES = ["matchState", "handed", "members", "bounds", "extendUntil", "replaceOpen", "continues", "partTitle",
    "partShort", "count", "substituteLeft", "subNote", "needed", "percent", "stillNeeded", "rankingTitle", "rankingNote"];
  const TEXTS = ["title", "match", "noMatches", "forfeited", "forfeitedLine", "save", "saveNote", "room", "noRoom", "replaceUsed",
    "barred", "sitsOut", "fixed", "begunOpen", "open", "subTitle", "part", "out", "boards", "kind", "kindSubstitute",
    "kindMember", "substituteName", "memberIn", "record", "needBoards", "needName", "needMember", "boardsTitle", "player",
    "rating", "boardsCol", "share", "status", "eligible", "withdrawn", "rankingEmpty"];

  for (const lang of LANGS) {
    it(`${lang}: the card's words are the templates and texts it draws`, () => {
      const W = strings("referee", lang).sheets;
      assert.deepEqual(TEMPLATES.filter((k) => typeof W[k] !== "function"), []);
      assert.deepEqual(TEXTS.filter((k) => typeof W[k] !== "string" || !W[k]), []);
      assert.deepEqual(["empty", "gap", "size"].filter((k) => typeof W.problem[k] !== "function"), []);
      const R = strings("referee", lang).roster;
      assert.equal(typeof R.replaceNote, "function");
      assert.deepEqual(["rating", "replaces", "chooseReplaced", "badRating"].filter((k) => typeof R[k] !== "string"), []);
    });

    it(`${lang}: a sheet reads in words, and every sentence of the card renders`, () => {
      const S = strings("referee", lang);
      const names = { a: "Ana", b: "Boris", c: "Cane", d: "Dara", e: "Ema" };
      const text = describeSheet({
        parts: [["a", "b", "c", "d"], ["a", "b", "c", "e"]],
        substitutions: [{ part: 1, out: "d", boards: 3, substitute: "Petar Petrović" }, { part: 2, out: "e", boards: 5, in: "d" }],
      }, S.sheets.audit, (id) => names[id]);
      for (const word of ["Ana, Boris, Cane, Dara", "Ema", "Petar Petrović", " 3 ", " 5 "]) assert.ok(text.includes(word), text);
      const line = S.audit.lineup_entered({ teamName: "Dunav", item: "Kolo 1", sheet: text });
      assert.ok(line.includes("Dunav") && line.includes("Kolo 1") && line.includes("Petar Petrović"), line);
      const W = S.sheets;
      assert.match(W.partTitle(1, 6, 2), /1.*6/);
      assert.match(W.substituteLeft(0), /0/);
      assert.match(W.problem.size(2, 4), /2.*4/);
      assert.match(W.replaceOpen(1, 1400), /1400/);
      assert.doesNotMatch(W.replaceOpen(1, null), /null/);
      assert.equal(W.bounds({ min: null, max: 8 }).includes("8"), true);
      assert.equal(W.bounds({ min: 4, max: 8 }).includes(", "), true);
    });
  }
});
