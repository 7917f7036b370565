// display/referee/substitute-flag.js: the console offers the `substitute` flag only where the server says the
// rules have substitutes, sends it only when set or changed, and names it in every language (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { isSubstitute, substituteField, substitutesOffered } from "../../display/referee/substitute-flag.js";
import { LANGS, strings } from "./helpers.mjs";

const SLOVAK = { lineups: { substitutes: { percent: 50, rounds: 10, allowed: 4, played: { t1p5: [1, 2] } } },
  players: [{ id: "t1p5", name: "Ján", team: "t1", substitute: true }, { id: "t1p1", name: "Eva", team: "t1" }] };
const NOVI_SAD = { lineups: { substitutes: null, substitution_kinds: ["substitute"] }, players: [{ id: "a", team: "t1" }] };

describe("the substitute flag", () => {
  it("is offered only where the referee section says the rules have substitutes", () => {
    assert.equal(substitutesOffered(SLOVAK), true);
    assert.equal(substitutesOffered(NOVI_SAD), false, "a referee's substitute (substitution_kinds) is another thing");
    assert.equal(substitutesOffered({}), false, "preferans: no lineups section");
    assert.equal(substitutesOffered(null), false);
  });
  it("reads who is one from the players section", () => {
    assert.equal(isSubstitute(SLOVAK, "t1p5"), true);
    assert.equal(isSubstitute(SLOVAK, "t1p1"), false);
    assert.equal(isSubstitute(SLOVAK, "nobody"), false);
  });
  it("is sent when set on a walk-in, or changed on a player, and never where it is not offered", () => {
    assert.deepEqual(substituteField(true, true), { substitute: true });
    assert.deepEqual(substituteField(true, false), {}, "a walk-in not marked sends nothing");
    assert.deepEqual(substituteField(true, false, true), { substitute: false }, "unmarked: sent as false");
    assert.deepEqual(substituteField(true, true, true), {}, "unchanged");
    assert.deepEqual(substituteField(false, true), {}, "rules without substitutes: never sent");
  });
  it("has its words in every language", () => {
    const seen = new Set();
    for (const lang of LANGS) {
      const R = strings("referee", lang).roster;
      assert.ok(R.substitute && R.substituteTag, lang);
      seen.add(R.substitute);
    }
    assert.equal(seen.size, LANGS.length, "each language its own word");
  });
});
