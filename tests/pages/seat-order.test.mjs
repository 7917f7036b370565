// A preferans table's players as the pages list them (display/lib/seat-order.js): the server's seat order
// kept, a table listed by name (a round seated from hidden standings, `order: "name"`) sorted again in the
// page's own alphabet — the server sorts by the Cyrillic names, which on a Latin page is no order at all.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { listedPlayers } from "../../display/lib/seat-order.js";

// The server's name order (casefolded Cyrillic): Весна, Горан, Живко, Зоран, Ђорђе.
const NAMES = { p1: "Весна", p2: "Горан", p3: "Живко", p4: "Зоран", p5: "Ђорђе" };
const nameOf = (id) => NAMES[id] ?? id;
const table = { table: 1, players: ["p1", "p2", "p3", "p4", "p5"] };

describe("a table's players in the order the page lists them", () => {
  it("keeps the server's seat order of a drawn seating, or one from visible standings", () => {
    for (const seating of [{ method: "draw", tables: [table] }, { method: "standings", tables: [table] }]) {
      for (const lang of ["en", "sk", "sr-Latn", "sr-Cyrl"]) {
        assert.deepEqual(listedPlayers(seating, table, nameOf, lang), table.players, `${seating.method} ${lang}`);
      }
    }
  });

  it("sorts a table listed by name in the page's alphabet", () => {
    const seating = { method: "standings", order: "name", tables: [table] };
    const shown = (lang) => listedPlayers(seating, table, nameOf, lang).map(nameOf);
    // Latin: Đorđe, Goran, Vesna, Zoran, Živko (sr-Latn and sk: Ž a letter after Z; English: a Z)
    assert.deepEqual(shown("sr-Latn"), ["Ђорђе", "Горан", "Весна", "Зоран", "Живко"]);
    assert.deepEqual(shown("en"), ["Ђорђе", "Горан", "Весна", "Живко", "Зоран"]);
    assert.deepEqual(shown("sk"), ["Ђорђе", "Горан", "Весна", "Зоран", "Живко"]);
    // Serbian Cyrillic: Ђ after Д, before Е — not after Я as the code points put it
    assert.deepEqual(shown("sr-Cyrl"), ["Весна", "Горан", "Ђорђе", "Живко", "Зоран"]);
    assert.deepEqual(table.players, ["p1", "p2", "p3", "p4", "p5"], "the server's list is left as it was");
  });

  it("lists two of one name by id, and a table without players as none", () => {
    const twins = { table: 2, players: ["p10", "p9"] };
    const same = () => "Ана";
    assert.deepEqual(listedPlayers({ order: "name" }, twins, same, "sr-Latn"), ["p9", "p10"]);
    assert.deepEqual(listedPlayers({ order: "name" }, {}, same, "en"), []);
  });
});
