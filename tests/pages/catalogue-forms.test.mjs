// The catalogues read end to end (docs/contributing.md#catalogues): sr-Latn is the Latin of sr-Cyrl letter for letter,
// and a word after a number takes the form the number asks for (Serbian 1 була / 2 буле / 5 була,
// "са 318 була"; Slovak 1 bula / 2 buly / 5 búl), in every language that declines.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { toLatin } from "../../display/lib/script.js";
import { catalogue, strings } from "./helpers.mjs";

/** Every leaf of a catalogue but its notes: [dotted key, value]. */
function leaves(value, prefix = "") {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).filter(([k]) => !k.startsWith("_")).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  }
  return [[prefix, value]];
}

describe("the catalogues read end to end", () => {
  it("write sr-Latn as the Latin of sr-Cyrl, letter for letter (lists too)", () => {
    const latin = new Map(leaves(catalogue("sr-Latn")));
    const differ = leaves(catalogue("sr-Cyrl")).filter(([key]) => !key.endsWith("locale")).filter(([key, value]) => {
      const want = Array.isArray(value) ? value.map((v) => toLatin(String(v))) : typeof value === "string" ? toLatin(value) : value;
      return JSON.stringify(latin.get(key)) !== JSON.stringify(want);
    }).map(([key]) => key);
    assert.deepEqual(differ, []);
    const own = [...latin.keys()].filter((key) => !new Map(leaves(catalogue("sr-Cyrl"))).has(key));
    assert.deepEqual(own, [], "sr-Latn has no string sr-Cyrl lacks");
  });

  it("says bule, boards and matches in the form their number asks for (Serbian)", () => {
    const D = strings("display", "sr-Cyrl");
    assert.equal(D.penalty.startsWith(318), "почиње са 318 була");
    assert.equal(D.penalty.startsWith(302), "почиње са 302 буле");
    assert.equal(D.penalty.startsWith(301), "почиње са 301 булом");
    assert.equal(D.penalty.deduction(2), "−2 буле од резултата");
    assert.equal(D.banner.late.reserveAtTable(6, "Зоран Вуковић", 358), "Сто 6: резерва Зоран Вуковић почиње са 358 була");
    assert.equal(D.banner.late.boardsRemoved(15, 2), "15 мин кашњења: одузета 2 борда");
    assert.equal(D.bye("Fruška gora"), "Слободна екипа: Fruška gora");
    const P = strings("player", "sr-Cyrl");
    assert.equal(P.placeDetailPreferans("6,2", "+22", 2), "6,2 бода · +22 буле · 2 кола");
    assert.equal(P.placeDetailPreferans("5", "−25", 5), "5 бодова · −25 була · 5 кола");
    assert.equal(P.placeDetailBridge("31,5", "+12", 3), "31,5 VP · IMP +12 · 3 одиграна меча");
    assert.equal(P.placeDetailBridge("40,0", "+3", 5), "40,0 VP · IMP +3 · 5 одиграних мечева");
    assert.equal(P.penaltyBuleOnPaper(1), "укључујући 1 казнену булу на вашем папиру");
    const R = strings("referee", "sr-Cyrl");
    assert.equal(R.resultsCount(1, 2, R.unitMatches), "Мечеви са резултатом: 1 од 2");
    assert.equal(R.sheets.extendUntil(3, 4), "одиграно 3 од 4 меча: екипа још може да се прошири");
    assert.equal(R.sheets.matchState(1, 2, 12), "Почео је 1 од 2 дела. Бордова по делу: 12.");
    assert.equal(R.detail.boards(1), "1 борд");
    assert.equal(R.audit.penalty_applied({ who: "Ана", unitName: R.units.bule, amount: 20, reason: "касни" }),
      "казна — Ана: була 20 („касни“)");
    assert.equal(strings("referee", "sr-Latn").refused.previousNotPlayed("Kolo 3", "Kolo 2"),
      "Kolo 3 još ne može da počne: prvo treba odigrati Kolo 2.");
  });

  it("says bule and matches in the form their number asks for (Slovak)", () => {
    const D = strings("display", "sk");
    assert.equal(D.penalty.deduction(2), "−2 buly z výsledku");
    assert.equal(D.penalty.reserveDue(5), "nastupuje náhradník (5 búl)");
    const P = strings("player", "sk");
    assert.equal(P.placeDetailPreferans("6,5", "+3", 1), "6,5 bodu · +3 buly · 1 kolo");
    assert.equal(P.placeDetailBridge("18", "+4", 1), "18 VB · IMP +4 · 1 odohraný zápas");
    assert.equal(P.penaltyBuleOnPaper(20), "vrátane 20 trestných búl na vašom hárku");
    const R = strings("referee", "sk");
    assert.equal(R.penalty.startsWith(318, 18), "18 búl · začína s 318");
    assert.equal(R.refused.previousNotPlayed("3. kolo", "2. kolo"), "3. kolo ešte nemôže začať: najprv treba odohrať 2. kolo.");
  });
});
