// The Slovak catalogue says "družstvo" (docs/contributing.md#catalogues): the Slovak league's propozície call a team
// "družstvo" (neuter), never "tím", so the pages say it too, with the neuter forms around it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { catalogue, strings } from "./helpers.mjs";

/** Every string of a catalogue, lists' items too, with where it is: [dotted key, text]. */
function texts(value, prefix = "") {
  if (typeof value === "string") return [[prefix, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => texts(v, `${prefix}[${i}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => texts(v, prefix ? `${prefix}.${k}` : k));
  return [];
}

// A word that starts with "tím" (tím, tímu, tímy, tímov, tímom, tímoch, tímami, tímový …), in any case.
// JavaScript's \b knows only ASCII letters, so the boundary is "no letter before".
const TIM = /(?<![\p{L}\p{N}])tím\p{L}*/iu;

describe("the Slovak word for a team", () => {
  it("finds the old word wherever it stands, and not inside other words", () => {
    for (const text of ["Tím", "nový tím {0.name}", "názov tímu", "tímy {1} nie sú kompletné", "dvoch najlepších tímov", "(TÍMOM)", "tímový"]) {
      assert.match(text, TIM, text);
    }
    for (const text of ["Družstvo", "mimo turnaja", "optimálny", "Timer", "Stím"]) {
      assert.doesNotMatch(text, TIM, text);
    }
  });

  it("never says tím in the Slovak catalogue", () => {
    const found = texts(catalogue("sk")).filter(([, text]) => TIM.test(text)).map(([key, text]) => `${key}: ${text}`);
    assert.deepEqual(found, []);
  });

  it("agrees with družstvo (neuter) and takes its plural from the count", () => {
    const D = strings("display", "sk");
    assert.equal(D.banner.late.teamsForfeit(15, ["Slovan"]), "15 min: družstvo Slovan nie je kompletné — kontumácia");
    assert.equal(D.banner.late.teamsForfeit(15, ["Slovan", "Tatran"]), "15 min: družstvá Slovan, Tatran nie sú kompletné — kontumácia");
    assert.equal(D.bye("Slovan"), "Voľno: Slovan");
    const P = strings("player", "sk");
    assert.equal(P.ci.teamComplete("17:02"), "Vaše družstvo je kompletné od 17:02");
    assert.equal(P.penalty.forfeit, "lehota uplynula: vaše družstvo prehráva kontumačne");
    const R = strings("referee", "sk");
    assert.equal(R.forfeitLine("Slovan"), "Kontumácia: družstvo Slovan nehralo");
    assert.equal(R.forfeitGuilty, "Družstvo, ktoré nehralo");
    assert.equal(R.audit.team_registered({ name: "Slovan" }), "nové družstvo: Slovan");
    assert.equal(R.refused.fields.home, "Domáce družstvo");
    assert.equal(R.refused.fields.away, "Hosťujúce družstvo");
    assert.equal(R.refused.codes["team.withdrawn"]({ team: "Slovan" }), "Družstvo Slovan odstúpilo zo súťaže.");
    assert.equal(R.sheets.title, "Zostavy družstiev");
  });
});
