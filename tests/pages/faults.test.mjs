// The console's card of what the log holds that the server cannot use (display/referee/faults.js): a rules
// value the fold set aside and a part of the screens that fails to build, said in each language from the
// server's `faults` section; nothing at all on a sound log.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { faultLines } from "../../display/referee/faults.js";
import { LANGS, strings } from "./helpers.mjs";
import { problems } from "./schema.mjs";

const RULE = { kind: "rule", seq: 2, key: "checkin_opens_before", value: "1e+12", kept: 60,
  error: "checkin_opens_before must be from 0 to 1440 minutes, not 1e+12" };
const OFF = { kind: "rule", seq: 3, key: "standings_hidden_from_round", value: "0", kept: null, error: "…" };
const SECTION = { kind: "section", section: "lateness", seq: 12, error: "ValueError: a deadline before the start" };

describe("the faults card", () => {
  it("is tested on faults shaped as the server sends them (docs/sections.schema.json: `Fault`)", () => {
    for (const fault of [RULE, OFF, SECTION]) assert.deepEqual(problems("Fault", fault), [], JSON.stringify(fault));
  });

  it("says a value set aside with what stays, and a part that fails since an event", () => {
    const F = strings("referee", "en").faults;
    assert.deepEqual(faultLines([RULE, OFF, SECTION], F), [
      "Event #2 set checkin_opens_before to 1e+12, which this server does not accept; it stays 60.",
      "Event #3 set standings_hidden_from_round to 0, which this server does not accept; the rule stays off.",
      "The “lateness” part of the screens cannot be built from event #12 on: it is shown empty, everything else works. "
        + "(ValueError: a deadline before the start)",
    ]);
  });

  it("says it in every language, in the language's own words", () => {
    const said = Object.fromEntries(LANGS.map((lang) => [lang, faultLines([RULE, OFF, SECTION], strings("referee", lang).faults)]));
    assert.equal(said.sk[0], "Udalosť č. 2 nastavila checkin_opens_before na 1e+12, čo tento server neprijíma; zostáva 60.");
    assert.equal(said["sr-Cyrl"][1],
      "Догађај бр. 3 поставио је standings_hidden_from_round на 0, што овај сервер не прихвата; правило остаје искључено.");
    assert.match(said["sr-Latn"][2], /^Deo ekrana „lateness“ ne može da se sastavi od događaja br\. 12: /);
    for (const lang of LANGS) assert.equal(new Set(said[lang]).size, 3, lang);
  });

  it("says an event the fold passed over, named as the audit names its command, in every language", () => {
    const EVENT = { kind: "event", seq: 7, type: "result_recorded", error: "KeyError: 'home'" };
    assert.equal(faultLines([EVENT], strings("referee", "en").faults, strings("referee", "en").commandNames)[0],
      "Event #7 (result) cannot be taken in by this server: everything is as if it were not in the log, and the "
        + "events after it count. (KeyError: 'home')");
    const said = Object.fromEntries(LANGS.map((lang) => [lang,
      faultLines([EVENT], strings("referee", lang).faults, strings("referee", lang).commandNames)[0]]));
    assert.match(said.sk, /^Udalosť č\. 7 \(výsledok\) tento server nevie použiť: /);
    assert.match(said["sr-Latn"], /^Događaj br\. 7 \(rezultat\) ovaj server ne može da primeni: /);
    assert.match(said["sr-Cyrl"], /^Догађај бр\. 7 \(резултат\) овај сервер не може да примени: /);
    // a type the catalogue has no name for (a newer server's event) is said as it is
    assert.match(faultLines([{ ...EVENT, type: "cake_served" }], strings("referee", "en").faults)[0], /\(cake_served\)/);
  });

  it("has nothing to say on a sound log (no section at all)", () => {
    assert.deepEqual(faultLines(undefined, strings("referee", "en").faults), []);
    assert.deepEqual(faultLines([], strings("referee", "sk").faults), []);
  });
});
