// The wordings of issue 11: the catalogues' words as the hall reads them, with the pages' helpers.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { describePenalty } from "../../display/lib/lateness.js";
import { placeSpan } from "../../display/lib/standings.js";
import { strings } from "./helpers.mjs";

const R1 = { id: "r1", title: "Коло 1", round: 1, kind: "round" };

describe("the wordings of issue 11", () => {
  it("says after which round the standings are, with the number", () => {
    assert.equal(strings("display", "sr-Cyrl").standingsAfter(R1), "после 1. кола");
    assert.equal(strings("display", "sr-Latn").standingsAfter({ ...R1, title: "Kolo 1" }), "posle 1. kola");
    assert.equal(strings("display", "sk").standingsAfter({ ...R1, title: "Kolo 1" }), "po 1. kole");
    assert.equal(strings("display", "en").standingsAfter({ ...R1, title: "Round 1" }), "after round 1");
    assert.equal(strings("display", "sr-Cyrl").standingsAfter({ title: "Финале" }), "после: Финале");
    assert.equal(strings("display", "sk").seating({ ...R1, round: 3 }), "Rozsadenie – 3. kolo");
    assert.equal(strings("referee", "sr-Cyrl").method.standings(R1), "према пласману после 1. кола");
  });

  it("writes a shared place as the range it spans", () => {
    const players = [{ player: "a", place: 1 }, { player: "b", place: 2, shared: true }, { player: "c", place: 2, shared: true }];
    assert.deepEqual(placeSpan(players, players[1]), [2, 3]);
    assert.equal(strings("player", "sr-Cyrl").sharedPlace(...placeSpan(players, players[1])), "2–3.");
    assert.equal(strings("referee", "sk").sharedPlace(...placeSpan(players, players[2])), "2–3.");
  });

  it("says one reserve for one table", () => {
    const S = strings("display", "sr-Cyrl").banner.late;
    assert.equal(S.reservesFor(15, [6]), "15 мин: резерва за сто 6");
    assert.equal(S.reservesFor(15, [6, 8]), "15 мин: резерве за столове 6, 8");
    assert.equal(S.notHere(29, "…"), "Нема 29 играча: …");
  });

  it("says points and bule with the right form", () => {
    assert.match(strings("player", "sr-Cyrl").placeDetailPreferans("6,2", "+3", 2), /^6,2 бода · /);
    assert.equal(strings("display", "sk").penalty.startsWith(318), "začína s 318 bulami");
    const late = strings("display", "sr-Cyrl");
    const penalty = describePenalty({ bule: 20, starts_with: 358 }, late.penalty);
    assert.equal(penalty.kind, "startsWith");
    assert.equal(late.late.soFarBule(penalty.startsWith), "засад 358 була");
    assert.equal(late.late.table(8), "сто 8");
  });

  it("uses the hall's words", () => {
    assert.equal(strings("display", "sr-Cyrl").banner.started, "Почетак кола");
    assert.equal(strings("display", "sr-Cyrl").status.called, "позвани за столове");
    assert.equal(strings("display", "sk").status.called, "výzva k stolom");
    assert.equal(strings("display", "sk").next, "Nasleduje");
    assert.equal(strings("display", "sk").soundHint, "Kliknutím kamkoľvek zapnete zvuk");
    const ref = strings("referee", "sr-Cyrl");
    assert.equal(ref.tokenPlaceholder, "судијски токен");
    assert.equal(ref.method.draw(47398767), "жреб, број жреба 47398767");
    assert.equal(ref.csv, "Преузми CSV");
    assert.equal(ref.ci.timeLabel, "Дошао у (ЧЧ:ММ:СС)");
    assert.equal(ref.supeOn("Живорад Ранковић"), "супе на: Живорад Ранковић");
    assert.match(ref.walkover, /^Победа без борбе/);
  });
});
