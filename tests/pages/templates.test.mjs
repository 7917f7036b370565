// display/lib/templates.js: the catalogues' template language and plural forms by number (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { compileStrings } from "../../display/lib/templates.js";

describe("plural forms by number", () => {
  const sr = compileStrings({ points: "{0} {0|one:бод|few:бода|other:бодова}" }, "sr-Cyrl");
  const sk = compileStrings({ points: "{0} {0|one:bod|few:body|many:bodu|other:bodov}" }, "sk");

  it("takes Serbian one/few/other, for whole numbers and for decimals as shown", () => {
    const said = ["1", "2", "4", "5", "11", "12", "21", "22", "25", "6,2", "6,0", "0,5", 6.2, 3].map((n) => sr.points(n));
    assert.deepEqual(said, ["1 бод", "2 бода", "4 бода", "5 бодова", "11 бодова", "12 бодова", "21 бод", "22 бода",
      "25 бодова", "6,2 бода", "6,0 бодова", "0,5 бодова", "6.2 бода", "3 бода"]);
  });

  it("takes Slovak one/few/many/other: a decimal is “many”", () => {
    assert.deepEqual(["1", "2", "5", "6,2", "1,0"].map((n) => sk.points(n)), ["1 bod", "2 body", "5 bodov", "6,2 bodu", "1,0 bodu"]);
  });

  it("falls back to “other” for a category the template does not name, and prefers “=N”", () => {
    const S = compileStrings({ t: "{0|=0:ништа|one:један|other:више}", minus: "{0} {0|one:була|few:буле|other:була}" }, "sr-Cyrl");
    assert.equal(S.t(0), "ништа");
    assert.equal(S.t("0"), "ништа");
    assert.equal(S.t(3), "више");
    assert.equal(S.minus("−3"), "−3 буле");
    assert.equal(S.minus("+21"), "+21 була");
  });

  it("still chooses by value for text that is no number", () => {
    const S = compileStrings({ t: "{0|match:меча|other:кола}" }, "sr-Cyrl");
    assert.equal(S.t("match"), "меча");
    assert.equal(S.t("round"), "кола");
  });
});

describe("the template language", () => {
  it("leaves plain text as text and makes a template a function; {} marks one without arguments", () => {
    const S = compileStrings({ title: "Standings", now: "Now{}", at: "starts at {0}", both: "{1} before {0}" }, "en");
    assert.equal(S.title, "Standings");
    assert.equal(typeof S.now, "function");
    assert.equal(S.now(), "Now");
    assert.equal(S.at("14:50"), "starts at 14:50");
    assert.equal(S.both("a", "b"), "b before a");
  });

  it("reads a field of an argument, and shows nothing for a missing one", () => {
    const S = compileStrings({ moved: "{0.title} now at {0.startAt}", deep: "{0.item.title}" }, "en");
    assert.equal(S.moved({ title: "Round 3", startAt: "17:50" }), "Round 3 now at 17:50");
    assert.equal(S.moved({ title: "Round 3" }), "Round 3 now at ");
    assert.equal(S.deep({ item: null }), "");
    assert.equal(S.deep(null), "");
  });

  it("signs a number with a real minus, one decimal at most", () => {
    const S = compileStrings({ diff: "{0:signed} IMP" }, "en");
    assert.deepEqual([5, -5, 0, 2.5, -0.25, "7"].map((n) => S.diff(n)), ["+5 IMP", "−5 IMP", "+0 IMP", "+2.5 IMP", "−0.3 IMP", "+7 IMP"]);
    assert.equal(S.diff("n/a"), "n/a IMP", "not a number: shown as it is");
  });

  it("shows a list joined with commas and chooses by its length", () => {
    const S = compileStrings({ who: "{0|=0:nobody|one:only {0}|other:{0}}" }, "en");
    assert.equal(S.who([]), "nobody");
    assert.equal(S.who(["Ana"]), "only Ana");
    assert.equal(S.who(["Ana", "Boris", "Cane"]), "Ana, Boris, Cane");
  });

  it("takes the null case for nothing, and falls back to the value when no case fits", () => {
    const S = compileStrings({ team: "{0|null:no team|other:team {0}}", kind: "{0|round:a round|match:a match}" }, "en");
    assert.deepEqual([null, undefined, "", false].map((v) => S.team(v)), ["no team", "no team", "no team", "no team"]);
    assert.equal(S.team("Bačka"), "team Bačka");
    assert.equal(S.kind("match"), "a match");
    assert.equal(S.kind("break"), "break");
  });

  it("renders a chosen case as a template of the same arguments", () => {
    const S = compileStrings({ late: "{0|one:{1} is late|other:{0} players late, {1} first}" }, "en");
    assert.equal(S.late(1, "Ana"), "Ana is late");
    assert.equal(S.late(3, "Ana"), "3 players late, Ana first");
  });

  it("chooses English plural forms by the decimals shown", () => {
    const S = compileStrings({ minutes: "{0} {0|one:minute|other:minutes}" }, "en");
    assert.deepEqual([1, "1", 2, 1.5, "1.0", 0].map((n) => S.minutes(n)),
      ["1 minute", "1 minute", "2 minutes", "1.5 minutes", "1.0 minutes", "0 minutes"]);
  });

  it("takes English plural rules for a language Intl does not know", () => {
    const S = compileStrings({ t: "{0|one:one|other:more}" }, "not a language tag!");
    assert.deepEqual([S.t(1), S.t(2)], ["one", "more"]);
  });

  it("compiles nested sections and lists, and keeps other values", () => {
    const S = compileStrings({ banner: { plan: { later: "{0} later" } }, steps: ["first", "then {0}"], count: 3, on: true }, "en");
    assert.equal(S.banner.plan.later("20 minutes"), "20 minutes later");
    assert.equal(S.steps[0], "first");
    assert.equal(S.steps[1]("Round 2"), "then Round 2");
    assert.equal(S.count, 3);
    assert.equal(S.on, true);
  });
});
