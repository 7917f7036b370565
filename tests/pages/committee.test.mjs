// display/referee/committee-picks.js: what the sanctions, appeals and slips cards offer to choose from,
// and the cards' words in every language (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { coPlayers, correctionChoices, followRoundInPlay, seatedPlayers, startedRounds } from "../../display/referee/committee-picks.js";
import { LANGS, strings } from "./helpers.mjs";

const step = { step: 1, bule: 0, warning: true, per_co_player: false };
const next = (...ids) => Object.fromEntries(ids.map((id) => [id, { bad_shuffle: step }]));

function sections(extra = {}) {
  return {
    timetable: [
      { id: "reg", playing: false, started_at: 1 },
      { id: "r1", title: "Round 1", playing: true, started_at: 100, phase: "done" },
      { id: "r2", title: "Round 2", playing: true, started_at: 200, phase: "in_progress" },
      { id: "r3", title: "Round 3", playing: true, started_at: null, phase: "scheduled" },
    ],
    players: [
      { id: "p1", name: "Ana Petrović" }, { id: "p2", name: "Bojan Ilić" }, { id: "p3", name: "Ђорђе Јовановић" },
      { id: "p4", name: "Dragan Marković" }, { id: "p5", name: "Jelena Šarić" }, { id: "p6", name: "Milan Đorđević", withdrawn: true },
    ],
    seating: { r2: { tables: [{ table: 2, players: ["p4", "p5", "p6"] }, { table: 1, players: ["p1", "p2", "p3"] }] } },
    sanctions: { next: next("p1") }, // p6 has withdrawn: no sanction for them
    ...extra,
  };
}

describe("the rounds a sanction or an appeal is about", () => {
  it("are the playing items that have started", () => {
    assert.deepEqual(startedRounds(sections()).map((i) => i.id), ["r1", "r2"]);
  });
});

describe("the round a card works on", () => {
  it("is the server's round in play, and follows it when the next round starts", () => {
    const card = { item: null, inPlay: undefined };
    assert.equal(followRoundInPlay(card, { in_play: "r1" }, ["r1"]), true);
    assert.equal(card.item, "r1");
    // Round 3 in play: the card that opened on round 1 moves (it stayed on round 1 all day).
    assert.equal(followRoundInPlay(card, { in_play: "r3" }, ["r1", "r2", "r3"]), true);
    assert.equal(card.item, "r3");
  });

  it("keeps a round the referee picked until the round in play changes", () => {
    const card = { item: null, inPlay: undefined };
    followRoundInPlay(card, { in_play: "r2" }, ["r1", "r2"]);
    card.item = "r1"; // a tab tapped
    assert.equal(followRoundInPlay(card, { in_play: "r2" }, ["r1", "r2"]), false);
    assert.equal(card.item, "r1");
    followRoundInPlay(card, { in_play: "r3" }, ["r1", "r2", "r3"]);
    assert.equal(card.item, "r3");
  });

  it("is none before any round started", () => {
    const card = { item: null, inPlay: undefined };
    followRoundInPlay(card, { in_play: null }, []);
    assert.equal(card.item, null);
  });
});

describe("the players a referee picks for a sanction", () => {
  it("are grouped by table in order, without a player the server proposes nothing for", () => {
    const groups = seatedPlayers(sections(), "r2");
    assert.deepEqual(groups.map((g) => [g.table, g.players.map((p) => p.id)]), [[1, ["p1", "p2", "p3"]], [2, ["p4", "p5"]]]);
  });

  it("are found by a table's number or by a name typed without its letters", () => {
    assert.deepEqual(seatedPlayers(sections(), "r2", "2").map((g) => g.table), [2]);
    assert.deepEqual(seatedPlayers(sections(), "r2", "9"), []);
    const djordje = seatedPlayers(sections(), "r2", "djordj");
    assert.deepEqual(djordje.map((g) => g.players.map((p) => p.id)), [["p3"]], "Cyrillic found by typing Latin");
    assert.deepEqual(seatedPlayers(sections(), "r2", "sar").flatMap((g) => g.players.map((p) => p.name)), ["Jelena Šarić"]);
  });

  it("are everyone still playing, by name, in a round without a published seating", () => {
    const groups = seatedPlayers(sections(), "r1");
    assert.equal(groups.length, 1);
    assert.equal(groups[0].table, null);
    // On an English page "Ђорђе Јовановић" is shown, and sorted, as "Đorđe Jovanović": before "Dragan".
    assert.deepEqual(groups[0].players.map((p) => p.id), ["p1", "p2", "p3", "p4", "p5"]);
  });

  it("name a misdealer's co-players from the seating", () => {
    assert.deepEqual(coPlayers(sections(), "r2", "p5"), ["p4", "p6"]);
    assert.deepEqual(coPlayers(sections(), "r1", "p5"), []);
  });
});

describe("the corrections an upheld appeal may link", () => {
  const appeal = { seq: 10, item: "r1" };
  const audit = [
    { seq: 8, type: "result_corrected", payload: { item: "r1", table: 1 }, undone: false }, // before the appeal
    { seq: 9, type: "sanction_recorded", payload: { item: "r1", player: "p1" }, undone: false },
    { seq: 10, type: "appeal_lodged", payload: { item: "r1", player: "p1" }, undone: false },
    { seq: 11, type: "result_corrected", payload: { item: "r2", table: 1 }, undone: false }, // another round
    { seq: 12, type: "result_corrected", payload: { item: "r1", table: 2 }, undone: true }, // undone
    { seq: 13, type: "result_corrected", payload: { item: "r1", table: 1 }, undone: false },
    { seq: 14, type: "command_undone", payload: { target: 9, undid: "sanction_recorded" }, undone: false },
    { seq: 15, type: "penalty_applied", payload: { item: "r1", player: "p2" }, undone: false },
    { seq: 16, type: "command_undone", payload: { target: 13, undid: "result_corrected" }, undone: false },
  ];

  it("are the result corrections and undos of its round entered after it and in force, newest first", () => {
    // #16 undoes #13, which is then undone in the audit too; here it stays as the audit has it.
    assert.deepEqual(correctionChoices(audit, appeal).map((x) => x.seq), [16, 14, 13]);
    assert.deepEqual(correctionChoices(audit, { seq: 10, item: "r2" }).map((x) => x.seq), [11]);
    assert.deepEqual(correctionChoices(null, appeal), []);
  });
});

describe("the cards' words", () => {
  for (const lang of LANGS) {
    it(`read right in ${lang}`, () => {
      const S = strings("referee", lang);
      assert.ok(!S.sanctions.offence(2).includes("{"), S.sanctions.offence(2));
      for (const kind of ["bad_shuffle", "misdeal", "forbidden_bid", "partner_pass"]) assert.ok(S.sanctions.kinds[kind]);
      const amount = S.sanctions.perCoPlayer(S.sanctions.bule("2"), "Ana, Bojan");
      assert.match(amount, /2 .*Ana, Bojan/);
      const asked = S.sanctions.confirm({ name: "Ana", table: 3, item: "Round 1", kind: "K", offence: "O", amount: "A" });
      assert.match(asked, /Ana.*3/);
      assert.match(S.appeals.left(2, 3), /2.*3/);
      const decided = S.appeals.outcome({ decision: "upheld", unanimous: true, outcome: "changed", correction: 44 });
      assert.match(decided, /#44/);
      assert.ok(!S.appeals.outcome({ decision: "rejected", unanimous: false, outcome: "stands", correction: "" }).includes("#"));
      assert.match(S.slipsList.missing([3, 5]), /3, 5/);
      const audit = S.audit.sanction_recorded({ player: "Ana", item: "Round 1", kindName: "K", step: 2, warning: false, bule: 4, coPlayers: "" });
      assert.match(audit, /4/);
      assert.ok(!audit.includes("{"), audit);
      assert.match(strings("player", lang).appeals.left(0, 3), /0.*3/);
      if (lang === "sr-Cyrl") assert.equal(S.sanctions.bule("4"), "4 буле");
      if (lang === "sk") assert.equal(S.sanctions.bule("16"), "16 búl");
      if (lang === "en") assert.equal(S.sanctions.offence(2), "2nd offence");
    });
  }
});
