// display/lib/roster.js: the roster as the console lists it, and the search across scripts (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { matchesQuery, rosterModel, searchKey } from "../../display/lib/roster.js";
import { at, other, round } from "./helpers.mjs";

function sections(extra = {}) {
  return {
    tournament: { game: "preferans" },
    timetable: [other("reg", "Registration", at(13), 30, "registration"), round("r1", 1, at(14)), round("r2", 2, at(17, 30))],
    players: [], teams: [], announcements: [],
    ...extra,
  };
}

describe("the roster", () => {
  const players = [
    { id: "p2", name: "Bojan Ilić", team: null },
    { id: "w03", name: "Зоран Вуковић", team: null, enters: "r2" },
    { id: "p1", name: "Ana Petrović", team: null, lady: true },
    { id: "p4", name: "Dragan Marković", team: null, withdrawn: true },
  ];

  it("sorts by name, withdrawn last, and says from which round a walk-in plays", () => {
    const model = rosterModel(sections({ players }));
    assert.equal(model.bridge, false);
    assert.deepEqual(model.players.map((p) => p.id), ["p1", "p2", "w03", "p4"]);
    const walkIn = model.players.find((p) => p.id === "w03");
    assert.equal(walkIn.entersTitle, "Round 2");
    assert.equal(model.players[0].lady, true);
    assert.deepEqual(model.counts, { all: 4, active: 3, walkIns: 1, withdrawn: 1 });
  });

  it("groups a bridge league's players by team", () => {
    const model = rosterModel({
      tournament: { game: "bridge" }, timetable: [],
      teams: [{ id: "t2", name: "Vojvodina" }, { id: "t1", name: "Bačka" }],
      players: [{ id: "a", name: "Ana", team: "t1" }, { id: "b", name: "Boris", team: "t2" }, { id: "c", name: "Cane", team: "t1" }],
    });
    assert.equal(model.bridge, true);
    assert.deepEqual(model.teams.map((t) => [t.id, t.players.map((p) => p.id)]), [["t1", ["a", "c"]], ["t2", ["b"]]]);
    assert.equal(model.players[0].teamName, "Bačka");
  });

  it("finds names across scripts and diacritics", () => {
    assert.equal(matchesQuery("Зоран Вуковић w03", "vuko"), true);
    assert.equal(matchesQuery("Bojan Ilić p2", "ilic"), true);
    assert.equal(matchesQuery("Bojan Ilić p2", "petro"), false);
    assert.equal(matchesQuery("Đorđe Pantić", "djordje"), true);
    assert.equal(matchesQuery("Ђорђе Пантић", "djordje pan"), true, "every word typed, in any script");
    assert.equal(matchesQuery("Ђорђе Пантић", "djordje ilic"), false);
  });

  it("folds a name to plain Latin words for searching", () => {
    assert.equal(searchKey("Ђорђе ПАНТИЋ"), "djordje pantic");
    assert.equal(searchKey("Đorđe Pantić"), "djordje pantic");
    assert.equal(searchKey("  Šećerović-Žarković, Ana (w03) "), "secerovic zarkovic ana w03");
    assert.equal(searchKey(null), "");
  });
});
