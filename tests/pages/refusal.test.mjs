// A refused command in the console's language (display/referee/refusal.js): the round-state
// refusals in their own sentences, every other refusal by its code (live/commands/refusals.py) from the
// catalogue, with the field's label and the rounds' titles; only an answer without a known code in
// the server's English.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";

import { knownRefusal as playerRefusal } from "../../display/player/refusal.js";
import { knownRefusal, sayRefusal } from "../../display/referee/refusal.js";
import { DISPLAY_DIR, LANGS, strings } from "./helpers.mjs";

const titles = { r4: "Коло 4", r5: "Коло 5" };
const title = (id) => titles[id] || id;

/** The server's registry, read from its source: each code and the parameters its sentence takes. */
function registry() {
  const source = readFileSync(join(DISPLAY_DIR, "..", "live", "commands", "refusals.py"), "utf8");
  const body = source.slice(source.indexOf("REFUSALS:"), source.indexOf("\n}\n"));
  const out = new Map();
  for (const m of body.matchAll(/^ {4}"([a-z_]+\.[a-z_]+)": \(([^)]*)\),$/gm)) {
    out.set(m[1], [...m[2].matchAll(/'([a-z_]+)'/g)].map((x) => x[1]));
  }
  return out;
}

describe("a refusal in the page's language", () => {
  it("says why a start waits, in Serbian and Slovak, with the rounds' titles", () => {
    const answer = { error: "cannot start r5: r4 is still being played; end it first",
      detail: { field: "item", item: "r5", waiting_for: "r4", reason: "previous", in_progress: "r4", code: "round.previous" } };
    assert.equal(sayRefusal(409, answer, strings("referee", "sr-Cyrl"), title),
      "Коло 5 још не може да почне: Коло 4 се још игра. Прво га завршите.");
    assert.equal(sayRefusal(409, answer, strings("referee", "sk"), title),
      "Коло 5 ešte nemôže začať: Коло 4 sa ešte hrá. Najprv ho ukončite.");
    const seating = { error: "…", detail: { field: "item", item: "r5", reason: "seating", code: "round.seating_unpublished" } };
    assert.match(sayRefusal(409, seating, strings("referee", "sr-Latn"), title), /raspored nije objavljen/);
  });

  it("says a command that does not fit the round's state", () => {
    const answer = { error: "cannot pause r4: it has ended",
      detail: { field: "item", item: "r4", status: "ended", action: "pause", code: "round.state" } };
    assert.equal(sayRefusal(409, answer, strings("referee", "sr-Cyrl"), title),
      "Коло 4 не може да се паузира: игра је већ завршена.");
    const held = { error: "…", detail: { field: "item", item: "r4", status: "held", action: "end", code: "round.state" } };
    assert.equal(sayRefusal(409, held, strings("referee", "en"), title), "Cannot end Коло 4: it has not started.");
  });

  it("says a field's refusal with the field's label in the page's language", () => {
    const long = { error: "reason is 250 characters; at most 200", detail: { field: "reason", code: "field.too_long", max: 200 } };
    assert.equal(sayRefusal(422, long, strings("referee", "sr-Cyrl"), title), "Разлог: предугачко је; највише 200 знакова.");
    assert.equal(sayRefusal(422, long, strings("referee", "sr-Latn"), title), "Razlog: predugačko je; najviše 200 znakova.");
    assert.equal(sayRefusal(422, long, strings("referee", "sk"), title), "Dôvod: je príliš dlhé; najviac 200 znakov.");
    const missing = { error: "decide_appeal needs the field 'unanimous'", detail: { field: "unanimous", code: "field.missing" } };
    assert.equal(sayRefusal(422, missing, strings("referee", "sk"), title), "Jednomyseľne: chýba.");
    // a rules parameter is named as the rules name it; an unknown field as sent
    const rule = { error: "…", detail: { field: "rules.vp_scale", code: "rules.bad_value", key: "vp_scale" } };
    assert.equal(sayRefusal(422, rule, strings("referee", "en"), title), "vp_scale: these rules do not allow that value.");
    const unknown = { error: "…", detail: { field: "colour", code: "field.unknown" } };
    assert.equal(sayRefusal(422, unknown, strings("referee", "sr-Latn"), title), "colour: ova komanda nema takvo polje.");
  });

  it("says the rule refusals of the desk, the sheets, the rosters and the appeals", () => {
    const appeal = { error: "p1 Milan has asked the judges' committee 3 times already: …",
      detail: { field: "player", rule: "appeals_per_player", allowed: 3, used: 3, appeals: [4, 5, 6],
        code: "appeal.limit", player: "p1", name: "Milan" } };
    assert.equal(sayRefusal(409, appeal, strings("referee", "sr-Cyrl"), title),
      "p1 Milan: број захтева судијској комисији је већ 3, а играч сме највише 3.");
    assert.equal(sayRefusal(409, appeal, strings("referee", "sk"), title),
      "p1 Milan: počet žiadostí na komisiu je už 3 a hráč smie podať najviac 3.");
    const boards = { error: "…", detail: { field: "substitutions", rule: "substitute_max_boards", allowed: 3, boards: 4,
      code: "lineup.substitute_boards" } };
    assert.equal(sayRefusal(409, boards, strings("referee", "sr-Latn"), title),
      "Sudijske zamene bi odigrale 4 borda: smeju najviše 3 borda.");
    const overlap = { error: "…", detail: { field: "start", overlaps: "r4", code: "plan.overlap", item: "r5" } };
    assert.equal(sayRefusal(409, overlap, strings("referee", "sk"), title), "Položky by sa prekrývali: Коло 5 a Коло 4.");
    const refund = { error: "p04: a refund of 5000 is more than the 4000 paid for entry",
      detail: { field: "amount", due: 4000, paid: 4000, most: 0, code: "desk.refund_too_big" } };
    assert.equal(sayRefusal(409, refund, strings("referee", "en"), title), "The refund is more than the 4000 paid.");
  });

  it("says which rule of the tournament's document a refusal applied, in the page's language", () => {
    const short = { error: "t1 has 4 members: Slovak §17.1: a roster has at least 4 members; …",
      detail: { field: "player", rule: "roster_min", team: "t1", members: 4, minimum: 4, code: "roster.min_withdraw",
        cite: { doc: "slovak-league", section: "§17.1" } } };
    assert.equal(sayRefusal(409, short, strings("referee", "sr-Latn"), title),
      "Ekipi t1 bi ostala 4 člana, manje od 4: prvo upišite onoga ko preuzima mesto (Propozicije lige, §17.1).");
    assert.equal(sayRefusal(409, short, strings("referee", "sr-Cyrl"), title),
      "Екипи t1 би остала 4 члана, мање од 4: прво упишите онога ко преузима место (Пропозиције лиге, §17.1).");
    assert.match(sayRefusal(409, short, strings("referee", "sk"), title), / \(Propozície ligy, §17\.1\)\.$/);
    assert.match(sayRefusal(409, short, strings("referee", "en"), title), / \(league rules §17\.1\)\.$/);
    // a document without numbered articles: the topic (docs/rules/index.md#citations), in the page's words
    const appeal = { error: "…", detail: { field: "player", rule: "appeals_per_player", allowed: 3, used: 3,
      code: "appeal.limit", player: "p1", name: "Milan", cite: { doc: "cacak-preferans", topic: "sanctions_appeals" } } };
    assert.equal(sayRefusal(409, appeal, strings("referee", "sr-Cyrl"), title),
      "p1 Milan: број захтева судијској комисији је већ 3, а играч сме највише 3 (Пропозиције турнира, санкције и жалбе).");
    const boards = { error: "…", detail: { field: "substitutions", rule: "substitute_max_boards", allowed: 3, boards: 4,
      code: "lineup.substitute_boards", cite: { doc: "novi-sad-teams", topic: "team_sheets" } } };
    assert.match(sayRefusal(409, boards, strings("referee", "en"), title), /3 boards \(tournament rules, team sheets\)\.$/);
  });

  it("says the refusal alone when its rule names no document, or one the catalogue does not know", () => {
    const S = strings("referee", "en");
    const base = { field: "name", rule: "one_team", player: "p2", team: "t2", name: "Ana", code: "roster.one_team" };
    const alone = sayRefusal(409, { error: "…", detail: { ...base, cite: null } }, S, title);
    assert.equal(alone, "Ana already plays for t2 (p2): a player plays for one team only.");
    for (const cite of [{ doc: "bylaws", section: "§1" }, { doc: "slovak-league", topic: "bylaws" }, "§17.1", { doc: "slovak-league" }]) {
      assert.equal(sayRefusal(409, { error: "…", detail: { ...base, cite } }, S, title), alone, JSON.stringify(cite));
    }
  });

  it("names every document and topic the server can cite, in every language", () => {
    const source = readFileSync(join(DISPLAY_DIR, "..", "live", "rules", "citations.py"), "utf8");
    const topics = [...source.slice(source.indexOf("TOPICS:"), source.indexOf("\n}\n", source.indexOf("TOPICS:")))
      .matchAll(/^ {4}"([a-z_]+)":/gm)].map((m) => m[1]);
    const presets = readFileSync(join(DISPLAY_DIR, "..", "live", "rules", "presets.py"), "utf8");
    const docs = [...presets.matchAll(/^ {4}"([a-z-]+)": \{$/gm)].map((m) => m[1]);
    assert.deepEqual(topics.sort(), ["results_appeals", "sanctions_appeals", "team_sheets"]);
    assert.ok(docs.includes("slovak-league") && docs.length >= 3, docs.join());
    for (const lang of LANGS) {
      const C = strings("referee", lang).refused.cite;
      for (const doc of docs) {
        for (const topic of topics) {
          const words = sayRefusal(409, { error: "ENGLISH", detail: { code: "rules.no_substitute", cite: { doc, topic } } },
            strings("referee", lang), title);
          assert.ok(words.includes(C.docs[doc]) && words.includes(C.topics[topic]), `${lang} ${doc} ${topic}: ${words}`);
        }
      }
    }
  });

  it("shows an answer it cannot read as the server sent it, with its status", () => {
    const S = strings("referee", "en");
    assert.equal(sayRefusal(422, { error: "amount must be at most 10,000 bule", detail: { field: "amount" } }, S, title),
      "amount must be at most 10,000 bule (HTTP 422)");
    assert.equal(sayRefusal(422, { error: "new words", detail: { field: "amount", code: "no.such_code" } }, S, title),
      "new words (HTTP 422)");
    assert.equal(sayRefusal(502, { error: "Bad Gateway" }, S, title), "Bad Gateway (HTTP 502)");
  });

  it("says the API's own refusals (a body it could not read, a sign-in) in the page's language", () => {
    const large = { error: "a command is at most 16384 bytes", detail: { code: "body.too_large", max: 16384 } };
    assert.equal(sayRefusal(413, large, strings("referee", "sk")), "Požiadavka je príliš veľká: najviac 16384 bajtov.");
    const used = { error: "this login link was used already: …", detail: { field: "login", code: "login.used" } };
    assert.equal(knownRefusal(used, strings("referee", "sr-Cyrl")),
      "Овај линк за пријаву је већ искоришћен: линк важи за једну пријаву. Замолите колегу за нови.");
    const huge = { error: "minutes holds a number far too large", detail: { field: "minutes", code: "field.too_large" } };
    assert.equal(sayRefusal(422, huge, strings("referee", "sr-Latn")), "Minuti: broj je daleko prevelik.");
    assert.equal(knownRefusal({ error: "…", detail: { code: "no.such_code" } }, strings("referee", "en")), "");
  });

  it("says the player's refused code or check-in on the phone, in the page's language", () => {
    const many = { error: "too many wrong codes from your address: try again in 30 s",
      detail: { field: "code", code: "code.too_many", retry_after: 30 } };
    assert.equal(playerRefusal(many, strings("player", "sk").ci.refused), "Priveľa nesprávnych kódov z tejto siete. Skúste znova za 30 s.");
    const cut = { error: "a check-in ({\"code\": \"...\"}) is at most 1024 bytes", detail: { code: "body.too_large", max: 1024 } };
    assert.equal(playerRefusal(cut, strings("player", "sr-Cyrl").ci.refused),
      "Код је предугачак: упишите га онако како стоји на судијином списку.");
    assert.equal(playerRefusal({ error: "…", detail: { code: "rules.no_desk" } }, strings("player", "en").ci.refused), "");
    assert.equal(playerRefusal(null, strings("player", "en").ci.refused), "");
  });

  it("has a sentence for every code of the server's registry, in every language, using the code's parameters", () => {
    const codes = registry();
    assert.ok(codes.size > 200, `the registry was read (${codes.size} codes)`);
    for (const lang of LANGS) {
      const S = strings("referee", lang);
      for (const [code, params] of codes) {
        const detail = { code, field: "reason" };
        for (const name of params) detail[name] = name === "field" ? "reason" : `<${name}>`;
        const said = sayRefusal(409, { error: "ENGLISH", detail }, S, title);
        assert.ok(!said.includes("ENGLISH"), `${lang} ${code}: no sentence`);
        assert.ok(!/\{|undefined/.test(said), `${lang} ${code}: ${said}`);
        const used = [...said.matchAll(/<([a-z_]+)>/g)].map((x) => x[1]);
        assert.ok(used.every((x) => params.includes(x)), `${lang} ${code}`);
      }
    }
  });
});
