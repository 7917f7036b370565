// A player withdrawn at the door is gone from every picker of the day (the server's `gone` on the roster,
// docs/protocol.md#section-players): the player page's name chooser (display/player/name-picker.js) and
// the console's notice, penalty and appeal pickers (display/referee/committee-picks.js). One who withdrew
// after playing is still named where the day still concerns him (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { MAX_SHOWN, namesToChoose } from "../../display/player/name-picker.js";
import { appellants, noticeAddressees, penaltyTargets } from "../../display/referee/committee-picks.js";

/** Seven registered, as the server sends the roster: p7 withdrew at the door, p3 after round 1. */
const players = () => [
  { id: "p1", name: "Ana Petrović", team: null },
  { id: "p2", name: "Bojan Ilić", team: null },
  { id: "p3", name: "Zoran Lazić", team: null, withdrawn: true },
  { id: "p4", name: "Dragan Marković", team: null },
  { id: "p5", name: "Јелена Шарић", team: null },
  { id: "p6", name: "Milan Đorđević", team: null },
  { id: "p7", name: "Đorđe Tomić", team: null, withdrawn: true, gone: true },
];
const preferans = (extra = {}) => ({ tournament: { game: "preferans" }, players: players(), ...extra });
const ids = (rows) => rows.map((p) => p.id);

describe("the player page's name chooser", () => {
  it("offers every player of the day but the one gone from it, by name", () => {
    const { offered, matches, shown } = namesToChoose(preferans(), "");
    assert.equal(offered, 6);
    assert.deepEqual(ids(shown), ["p1", "p2", "p4", "p5", "p6", "p3"]); // by name as the page shows it: Јелена as Jelena
    assert.deepEqual(ids(matches), ids(shown));
  });

  it("does not find him by his name nor by his id, in either script", () => {
    for (const typed of ["Tomić", "tomic", "Ђорђе Томић", "djordje t", "p7"]) {
      const { offered, matches } = namesToChoose(preferans(), typed);
      assert.equal(offered, 6);
      assert.deepEqual(ids(matches), [], typed);
    }
  });

  it("still finds the others as typed: Đorđević by \"djordj\" and \"ђорђ\", Шарић by \"saric\"", () => {
    assert.deepEqual(ids(namesToChoose(preferans(), "djordj").matches), ["p6"]);
    assert.deepEqual(ids(namesToChoose(preferans(), "ђорђ").matches), ["p6"]);
    assert.deepEqual(ids(namesToChoose(preferans(), "saric").matches), ["p5"]);
  });

  it("finds a player by the team's name, and a field of only the gone has nothing to offer", () => {
    const sections = { players: [{ id: "a1", name: "Ana", team: "t1" }, { id: "a2", name: "Ben", team: "t2", gone: true }],
      teams: [{ id: "t1", name: "Petrovaradin" }, { id: "t2", name: "Slovan" }] };
    assert.deepEqual(ids(namesToChoose(sections, "petrovar").matches), ["a1"]);
    assert.deepEqual(ids(namesToChoose(sections, "slovan").matches), []);
    assert.equal(namesToChoose({ players: [players()[6]] }, "").offered, 0);
  });

  it("shows at most MAX_SHOWN names, counting the gone nowhere", () => {
    const many = Array.from({ length: MAX_SHOWN + 15 }, (_, i) => ({ id: `q${i}`, name: `Player ${String(i).padStart(3, "0")}`,
      gone: i % 10 === 0 }));
    const { offered, matches, shown } = namesToChoose({ players: many }, "player");
    assert.equal(offered, MAX_SHOWN + 15 - 8); // every tenth is gone
    assert.equal(matches.length, offered);
    assert.equal(shown.length, MAX_SHOWN);
    assert.ok(shown.every((p) => !p.gone));
  });
});

describe("the console's notice to one player", () => {
  it("can go to every player of the day but the one gone from it; one who left after playing still has a phone", () => {
    assert.deepEqual(ids(noticeAddressees(preferans())), ["p1", "p2", "p4", "p5", "p6", "p3"]);
  });

  it("lists the names as the console's language orders them", () => {
    // sr-Cyrl shows every name in Cyrillic and sorts it so (lib/name-order.js): Зоран before Јелена.
    assert.deepEqual(ids(noticeAddressees(preferans(), "sr-Cyrl")), ["p1", "p2", "p4", "p3", "p5", "p6"]);
  });
});

describe("the console's penalty", () => {
  it("is for a player still in the tournament: neither the one gone from the day nor one who withdrew", () => {
    assert.deepEqual(ids(penaltyTargets(preferans())), ["p1", "p2", "p4", "p5", "p6"]);
  });

  it("is for a team in bridge, whatever its players' flags", () => {
    const bridge = { tournament: { game: "bridge" }, players: players(), teams: [{ id: "t2", name: "Slovan" }, { id: "t1", name: "Petrovaradin" }] };
    assert.deepEqual(ids(penaltyTargets(bridge)), ["t1", "t2"]);
  });
});

describe("the console's appeal", () => {
  it("is lodged by a player with requests left: the server leaves the one gone from the day out", () => {
    // As live/projections/appeals.py sends it for this day: p7 has no line in `left`.
    const appeals = { by: "player", to: "committee", left: { p1: 2, p2: 2, p3: 1, p4: 2, p5: 2, p6: 0 }, open: [], decided: [] };
    assert.deepEqual(ids(appellants(preferans({ appeals }), "r1")), ["p1", "p2", "p4", "p5", "p6", "p3"]);
  });

  it("is never offered to a player the server did not list, even one without the roster's flag", () => {
    const appeals = { by: "player", left: { p1: 1 }, open: [], decided: [] };
    assert.deepEqual(ids(appellants(preferans({ appeals }), "r1")), ["p1"]);
    assert.deepEqual(appellants(preferans(), "r1"), []); // no appeals section: nobody
  });

  it("is lodged by a team with a match in the round in a team league, named from the teams", () => {
    const appeals = { by: "team", signers: { r2: { t2: { need: 2, players: [] }, t1: { need: 2, players: [] }, t9: {} } }, open: [] };
    const sections = { tournament: { game: "bridge" }, teams: [{ id: "t1", name: "Petrovaradin" }, { id: "t2", name: "Slovan" }], appeals };
    assert.deepEqual(appellants(sections, "r2").map((t) => [t.id, t.name]), [["t1", "Petrovaradin"], ["t2", "Slovan"], ["t9", "t9"]]);
    assert.deepEqual(appellants(sections, "r1"), []);
  });
});
