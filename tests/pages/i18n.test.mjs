// The four catalogues (display/i18n): every string of the pages in every language, with the same arguments.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { compileStrings } from "../../display/lib/templates.js";
import { LANGS, catalogue } from "./helpers.mjs";

/** Every leaf of a catalogue: [dotted key, value]. */
function leaves(value, prefix = "") {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).filter(([k]) => !k.startsWith("_")).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  }
  return [[prefix, value]];
}

/** The arguments a template uses ("{0}", "{1.item}" → "0", "1.item"), in a set. */
function args(template) {
  const found = new Set();
  for (const m of String(template).matchAll(/\{(\d+(?:\.\w+)*)/g)) found.add(m[1]);
  return found;
}

/** A template's text outside its braces (what is not an argument or a choice). */
function outside(template) {
  let depth = 0;
  let out = "";
  for (const c of String(template)) {
    if (c === "{") depth += 1;
    else if (c === "}") depth -= 1;
    else if (depth === 0) out += c;
  }
  return out;
}

/** Whether an English string needs no translation: symbols, numbers and the few words every language keeps. */
function neutral(key, value) {
  if (key.endsWith(".locale")) return true;
  const text = outside(value).replace(/\b(min|demo|IMP|VP|HTTP|HH|MM|SS)\b/g, "");
  return !/\p{L}/u.test(text) && !/\|[a-z=0-9]+:[^|}]*\p{L}/u.test(value);
}

const en = new Map(leaves(catalogue("en")));

describe("the catalogues", () => {
  for (const lang of LANGS.filter((l) => l !== "en")) {
    const own = new Map(leaves(catalogue(lang)));

    it(`${lang} says every English string that needs words`, () => {
      const missing = [...en].filter(([key, value]) => !own.has(key) && !neutral(key, value)).map(([key]) => key);
      assert.deepEqual(missing, []);
    });

    it(`${lang} has no key English lacks`, () => {
      assert.deepEqual([...own.keys()].filter((key) => !en.has(key)), []);
    });

    it(`${lang} templates take the arguments the English ones take`, () => {
      const differ = [...own].filter(([key, value]) => typeof value === "string" && en.has(key) &&
        [...args(en.get(key))].sort().join() !== [...args(value)].sort().join()).map(([key]) => key);
      assert.deepEqual(differ, []);
    });

    it(`${lang} compiles, and its new words render`, () => {
      const referee = compileStrings({ ...catalogue("en").referee, ...catalogue(lang).referee }, lang);
      assert.match(referee.roster.summary({ active: 31, walkIns: 1, withdrawn: 0 }), /31/);
      assert.match(referee.plan.missed.text(3, "a, b, c"), /3/);
      assert.match(referee.audit.item_moved({ title: "R3", startAt: "17:50", endAt: "20:50", wasAt: "17:30" }), /17:30/);
      const display = compileStrings(catalogue(lang).display, lang);
      assert.match(display.banner.plan.nowStartsAt("R2", "14:50"), /R2.*14:50/);
      assert.notEqual(display.status.missed, catalogue("en").display.status.missed);
    });
  }

  it("writes Serbian Cyrillic without Latin letters, but for the few kept words", () => {
    const latin = leaves(catalogue("sr-Cyrl")).filter(([key, value]) => typeof value === "string" && !key.endsWith("locale") &&
      /[A-Za-zčćšžđ]{2,}/.test(String(value).replace(/\{[^|{}]*/g, "").replace(/\|[a-z=0-9]+:/g, "")
        .replace(/\b(IMP|VP|QR|HTTP|CSV|token|sr-Cyrl|sr-Latn|en\.json)\b/g, ""))).map(([key]) => key);
    assert.deepEqual(latin, []);
  });
});
