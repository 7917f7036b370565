// display/referee/desk-books.js: the desk's books as the console lists them, and a payment in words (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { accountLines, amountToSend, deskRows, money, paymentWords, proposalOf } from "../../display/referee/desk-books.js";
import { LANGUAGES } from "../../display/lib/languages.js";
import { LANGS, strings } from "./helpers.mjs";
import { problems } from "./schema.mjs";

const entry = (due, paid) => ({ due, paid, owed: due - paid, most: Math.max(0, due - paid), refundable: paid });
const other = (paid = 0) => ({ due: paid, paid, owed: 0, most: null, refundable: paid });
const player = (id, name, lines, extra = {}) => ({
  kind: "player", id, name, withdrawn: false, whats: Object.keys(lines), lines, next: null, owed: 0, paid: 0,
  team: null, lady: false, junior: false, ...extra,
});

/** A Čačak desk as live/projections/desk.py referee_view sends it: three players, one paid, a lady who paid 4000. */
const DESK = {
  currency: "RSD", per: "player", methods: ["cash", "account"],
  fund: { amount: 5600, share: 70, from: ["entry"], counted: 8000, payments: 2, if_all_paid: 7000 },
  accounts: [
    player("p02", "Зоран Марковић", { entry: entry(4000, 0), other: other() }, { next: { what: "entry", amount: 4000 }, owed: 4000 }),
    player("p01", "Ana Petrović", { entry: entry(2000, 4000), other: other(200) },
      { lady: true, next: { what: "entry", amount: -2000 }, paid: 4200 }),
    player("p03", "Đorđe Ilić", { entry: entry(4000, 4000), other: other() }, { paid: 4000 }),
    player("p04", "Bojan Šarić", { entry: entry(4000, 0), other: other() }, { withdrawn: true, next: { what: "entry", amount: 4000 }, owed: 4000 }),
    { kind: "team", id: "t1", name: "Petrovaradin", withdrawn: false, whats: ["entry", "other"],
      lines: { entry: entry(1500, 0), other: other() }, next: { what: "entry", amount: 1500 }, owed: 1500, paid: 0 },
  ],
  unpaid: [{ kind: "player", id: "p02" }, { kind: "player", id: "p04" }, { kind: "team", id: "t1" }],
};

describe("the desk's list", () => {
  it("is tested on a desk shaped as the server sends it (docs/sections.schema.json: `DeskView`)", () => {
    assert.deepEqual(problems("DeskView", DESK, { partial: true }), []);
  });

  it("puts teams first, then players by name, the withdrawn last", () => {
    assert.deepEqual(deskRows(DESK, { lang: "en" }).map((x) => x.id), ["t1", "p01", "p03", "p02", "p04"]);
  });

  it("keeps to the server's list of who has not paid", () => {
    const rows = deskRows(DESK, { unpaidOnly: true });
    assert.deepEqual(rows.map((x) => x.id), ["t1", "p02", "p04"]);
    assert.ok(rows.every((x) => x.unpaid));
    assert.equal(deskRows(DESK).find((x) => x.id === "p03").unpaid, false);
  });

  it("finds a name in either script, and by the team's name", () => {
    assert.deepEqual(deskRows(DESK, { query: "djordj" }).map((x) => x.id), ["p03"]);
    assert.deepEqual(deskRows(DESK, { query: "marko" }).map((x) => x.id), ["p02"]);
    const bridge = { accounts: [player("t1p1", "Milan Vojnović", { match_fee: entry(0, 0) }, { team: "t1" })], unpaid: [] };
    assert.deepEqual(deskRows(bridge, { query: "petrovar", teams: [{ id: "t1", name: "Petrovaradin" }] }).map((x) => x.teamName),
      ["Petrovaradin"]);
    assert.deepEqual(deskRows(null), []);
  });

  it("lists the kinds the desk may take, and `other` only once something was paid as other", () => {
    const [ana, zoran] = [DESK.accounts[1], DESK.accounts[0]];
    assert.deepEqual(accountLines(ana).map((l) => l.what), ["entry", "other"]);
    assert.deepEqual(accountLines(zoran).map((l) => l.what), ["entry"]);
    assert.equal(accountLines(ana)[0].refundable, 4000);
  });

  it("proposes the server's next payment, a negative one as a refund", () => {
    assert.deepEqual(proposalOf(DESK.accounts[0]), { what: "entry", amount: 4000, refund: false });
    assert.deepEqual(proposalOf(DESK.accounts[1]), { what: "entry", amount: -2000, refund: true });
    assert.equal(proposalOf(DESK.accounts[2]), null);
  });
});

describe("the desk's amounts", () => {
  it("sends what was typed, negative when it is given back", () => {
    assert.equal(amountToSend("4000", false), 4000);
    assert.equal(amountToSend(" 2000,50 ", true), -2000.5);
    assert.equal(amountToSend("-500", true), -500);
    assert.equal(amountToSend("−500", false), -500);
    assert.equal(amountToSend("", false), null);
    assert.equal(amountToSend("abc", false), null);
  });

  it("writes money in the page's language and currency word, thousands grouped as the language groups them", () => {
    const sr = strings("referee", "sr-Cyrl").desk;
    assert.equal(money(4000, "RSD", sr, { locale: "sr-Cyrl" }), "4.000\u00a0дин.");
    assert.equal(money(61600, "RSD", strings("referee", "sk").desk, { locale: "sk-SK" }), "61\u00a0600\u00a0RSD");
    assert.equal(money(2000.5, "RSD", strings("referee", "en").desk), "2,000.5\u00a0RSD");
    assert.equal(money(-150, "EUR", strings("referee", "sk").desk, { locale: "sk" }), "−150\u00a0€");
    assert.equal(money(12, "XYZ", sr), "12\u00a0XYZ");
  });
});

describe("a payment in the audit", () => {
  const audit = (lang, payload) => {
    const S = strings("referee", lang);
    return S.audit.payment_recorded({ ...payload, who: "Ana Petrović", ...paymentWords(payload, S.desk, LANGUAGES[lang]) });
  };

  it("names who paid how much of what, and how", () => {
    assert.equal(audit("en", { player: "p01", what: "entry", amount: 4000, currency: "RSD", method: "cash" }),
      "payment: Ana Petrović 4,000 RSD entry fee (cash)");
    assert.equal(audit("en", { player: "p01", what: "entry", amount: -2000, currency: "RSD", method: "cash", note: "a lady" }),
      "refund: Ana Petrović 2,000 RSD entry fee (cash): “a lady”");
  });

  it("says it in every language, with the note", () => {
    for (const lang of LANGS) {
      const said = audit(lang, { player: "p01", what: "other", amount: 200, currency: "RSD", method: "account", note: "бодовање" });
      assert.match(said, /Ana Petrović 200 .*бодовање/u, `${lang}: ${said}`);
      assert.doesNotMatch(said, lang === "en" ? /account|\{/u : /other|account|\{/u, `${lang}: ${said}`);
    }
    assert.equal(audit("sr-Cyrl", { player: "p01", what: "entry", amount: 4000, currency: "RSD", method: "cash" }),
      "уплата: Ana Petrović 4.000 дин., котизација (готовина)");
  });
});
