// display/lib/standings.js: standings, seating and results as the pages read them (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  changedStandings, gameOf, lastScoredItem, nameBook, overtimeOf, placeSpan, prizePlaces, rankLabels, ranks, resultsOf, seatingOf,
  seatingToShow, standingKey, standingsRows, standingsStarted,
} from "../../display/lib/standings.js";
import { LANGS, at, round, strings } from "./helpers.mjs";

describe("the standings", () => {
  it("knows the game from the tournament, else from the rows or the teams", () => {
    assert.equal(gameOf({ tournament: { game: "bridge" } }), "bridge");
    assert.equal(gameOf({ standings: [{ team: "t1", vp: 12 }] }), "bridge");
    assert.equal(gameOf({ standings: [{ player: "p1", points: 3 }] }), "preferans");
    assert.equal(gameOf({ teams: [{ id: "t1" }] }), "bridge");
    assert.equal(gameOf({}), "");
  });

  it("reads the rows and their keys, always a list", () => {
    assert.deepEqual(standingsRows({}), []);
    assert.deepEqual(standingsRows({ standings: [{ player: "p1" }] }), [{ player: "p1" }]);
    assert.deepEqual([{ player: "p1" }, { team: "t1" }, null].map(standingKey), ["p1", "t1", ""]);
  });

  it("has started once anybody has a score, a round or a penalty", () => {
    assert.equal(standingsStarted([{ player: "a", points: 0, rounds: 0 }, { player: "b" }]), false);
    assert.equal(standingsStarted([{ player: "a", rounds: 1 }]), true);
    assert.equal(standingsStarted([{ player: "a", penalty_bule: 20 }]), true);
    assert.equal(standingsStarted([{ team: "t", vp: "0.00" }, { team: "u", vp: "12.5" }]), true);
    assert.equal(standingsStarted(null), false);
  });

  it("reads each row's place from its position, a tied row taking the place of the row above", () => {
    const rows = [{}, { shared: true }, { shared: true, tied: true }, { shared: true, tied: true }, {}, { shared: true },
      { shared: true, tied: true }];
    assert.deepEqual(ranks(rows), [1, 2, 2, 2, 5, 6, 6]);
    assert.deepEqual(ranks([{ tied: true }, {}]), [1, 2], "the first row has no row above to share with");
    assert.deepEqual(ranks(null), []);
  });

  it("labels a shared rank with the span of its tied group", () => {
    const rows = [{}, { shared: true }, { shared: true, tied: true }, { shared: true, tied: true }, {}, { shared: true },
      { shared: true, tied: true }];
    assert.deepEqual(rankLabels(rows, (r) => `${r}.`, (a, b) => `${a}–${b}.`), ["1.", "2–4.", "2–4.", "2–4.", "5.", "6–7.", "6–7."]);
    assert.deepEqual(rankLabels([{}, { shared: true }], (r) => `${r}.`, (a, b) => `${a}–${b}`), ["1.", "2."], "alone: no span");
  });

  it("moves every label with the row that moved, the rows themselves unchanged but for their order and ties", () => {
    const label = (rows) => rankLabels(rows, (r) => `${r}.`, (a, b) => `${a}–${b}.`);
    const a = { player: "a" }; const b = { player: "b", shared: true }; const c = { player: "c", shared: true, tied: true };
    const d = { player: "d" };
    assert.deepEqual(label([a, b, c, d]), ["1.", "2–3.", "2–3.", "4."]);
    assert.deepEqual(label([d, a, b, c]), ["1.", "2.", "3–4.", "3–4."], "d went to the top: the others' rows are as they were");
  });

  it("spans a shared place at a table", () => {
    const table = [{ place: 1 }, { place: 2 }, { place: 2 }, { place: 4 }];
    assert.deepEqual(placeSpan(table, table[1]), [2, 3]);
    assert.deepEqual(placeSpan(table, table[3]), [4, 4]);
  });

  it("names the rows whose score changed, not those that only moved", () => {
    const before = [{ player: "a", points: 10 }, { player: "b", points: 8 }, { player: "c", points: 5 }];
    const after = [{ player: "b", points: 12 }, { player: "a", points: 10 }, { player: "c", points: 5, penalty_bule: 20 },
      { player: "d", points: 1 }];
    assert.deepEqual([...changedStandings(before, after)].sort(), ["b", "c"]);
    assert.equal(changedStandings(null, after).size, 0);
  });
});

describe("names, seating and results", () => {
  it("names players and teams by id, and shows an unknown id as it is", () => {
    const names = nameBook({ players: [{ id: "p1", name: "Ana" }], teams: [{ id: "t1", name: "Bačka" }] });
    assert.deepEqual([names.player("p1"), names.team("t1"), names.player("p9"), names.player(null)], ["Ana", "Bačka", "p9", ""]);
  });

  const seated = { tables: [{ table: 1, players: ["p1", "p2", "p3"] }] };
  const timetable = (s1, s2) => [round("r1", 1, at(10), 180, { status: s1 }), round("r2", 2, at(14), 180, { status: s2 })];

  it("reads one item's seating and results, tolerating a missing section", () => {
    assert.equal(seatingOf({ seating: { r1: seated } }, "r1"), seated);
    assert.equal(seatingOf({ seating: { r1: "?" } }, "r1"), null);
    assert.equal(seatingOf({}, "r1"), null);
    assert.deepEqual(resultsOf({ results: { r1: [{ table: 1 }] } }, "r1"), [{ table: 1 }]);
    assert.deepEqual(resultsOf({ results: { r1: {} } }, "r1"), []);
    assert.deepEqual(resultsOf({}, "r1"), []);
  });

  it("puts up the next round's seating once published, else with `orCurrent` the one being played", () => {
    const next = seatingToShow({ timetable: timetable("ended", "scheduled"), seating: { r1: seated, r2: seated } });
    assert.deepEqual([next.item.id, next.upcoming], ["r2", true]);
    const unpublished = { timetable: timetable("running", "scheduled"), seating: { r1: seated } };
    assert.equal(seatingToShow(unpublished), null);
    const current = seatingToShow(unpublished, { orCurrent: true });
    assert.deepEqual([current.item.id, current.upcoming], ["r1", false]);
    const over = seatingToShow({ timetable: timetable("ended", "ended"), seating: { r1: seated } }, { orCurrent: true });
    assert.equal(over.item.id, "r1", "after the last round: the last seating there was");
  });

  it("says after which round the standings are: the last with results", () => {
    const sections = { timetable: timetable("ended", "running"), results: { r1: [{ table: 1 }], r2: [] } };
    assert.equal(lastScoredItem(sections).id, "r1");
    assert.equal(lastScoredItem({ timetable: timetable("scheduled", "scheduled") }), null);
  });

  it("says a prize list's places, a shared one over the places its prizes cover", () => {
    const rows = [{ rank: 1 }, { rank: 2 }, { rank: 2 }, { rank: 4 }];
    assert.deepEqual(prizePlaces(rows, (r) => `${r}.`, (a, b) => `${a}–${b}.`), ["1.", "2–3.", "2–3.", "4."]);
    assert.deepEqual(prizePlaces([], String, String), []);
  });
});

describe("the VP taken off for matches over time (Novi Sad)", () => {
  const sections = { timetable: [{ id: "m3", title: "Kolo 3", playing: true }, { id: "m5", title: "Kolo 5", playing: true }] };
  const rows = [
    { team: "t1", name: "Partizan", vp: 30, penalty_vp: 3, overtime: [
      { item: "m5", blocks: 1, block_minutes: 5, vp: 1, at: at(21, 50) },
      { item: "m3", blocks: 2, block_minutes: 5, vp: 2, at: at(20, 20) }] },
    { team: "t2", name: "Vojvodina", vp: 28 },
    { team: "t3", name: "Crvena zvezda", vp: 20, overtime: [{ item: "m4", blocks: 3, block_minutes: 5, vp: 3, at: at(21, 0) }] },
  ];

  it("lists each one with its team and its match's title, in the order they happened", () => {
    const got = overtimeOf(rows, sections).map((x) => [x.row.team, x.item, x.title, x.blocks, x.minutes, x.vp]);
    assert.deepEqual(got, [["t1", "m3", "Kolo 3", 2, 5, 2], ["t3", "m4", "m4", 3, 5, 3], ["t1", "m5", "Kolo 5", 1, 5, 1]]);
    assert.deepEqual(overtimeOf([{ team: "t2" }, null], sections), []);
    assert.deepEqual(overtimeOf(undefined, sections), []);
  });

  it("is said in every language with the title in the nominative, first or after a colon", () => {
    const [x] = overtimeOf(rows, sections);
    const said = Object.fromEntries(LANGS.map((lang) => [lang, [
      strings("display", lang).overtimeLine(x.row.name, x.title, "2", "5", "2"),
      strings("referee", lang).stOvertime(x.row.name, x.title, "2", "5", "2"),
      `${strings("player", lang).penaltyIn(x.title)}: ${strings("player", lang).overtimeReason("2", "5")}`,
    ]]));
    assert.deepEqual(said.en, ["Partizan: −2 VP (Kolo 3: 2\u00a0×\u00a05\u00a0min over time)", "Partizan: −2 VP (Kolo 3: 2\u00a0×\u00a05\u00a0min over time)",
      "in Kolo 3: 2\u00a0×\u00a05\u00a0min over time"]);
    assert.deepEqual(said["sr-Latn"], ["Partizan: −2 VP (Kolo 3: prekoračenje vremena 2\u00a0×\u00a05\u00a0min)",
      "Partizan: −2 VP (Kolo 3: prekoračenje vremena 2\u00a0×\u00a05\u00a0min)", "u: Kolo 3: prekoračenje vremena 2\u00a0×\u00a05\u00a0min"]);
    assert.equal(said["sr-Cyrl"][0], "Partizan: −2 VP (Kolo 3: прекорачење времена 2\u00a0×\u00a05\u00a0мин)");
    assert.equal(said.sk[0], "Partizan: −2 VB (Kolo 3: prekročenie času 2\u00a0×\u00a05\u00a0min)");
    for (const lang of LANGS) {
      for (const line of said[lang]) assert.match(line, /Kolo 3:/, `${lang}: the title, then a colon`);
      if (lang !== "en") for (const line of said[lang]) assert.doesNotMatch(line, /over time/, lang);
    }
  });
});
