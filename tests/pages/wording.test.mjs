// The wordings (docs/contributing.md#catalogues): the catalogues' words as the hall reads them, with the pages' helpers.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { describePenalty } from "../../display/lib/lateness.js";
import { placeSpan } from "../../display/lib/standings.js";
import { money } from "../../display/referee/desk-books.js";
import { catalogue, strings } from "./helpers.mjs";

const R1 = { id: "r1", title: "Коло 1", round: 1, kind: "round" };

describe("the wordings of the catalogues", () => {
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
    assert.equal(ref.ci.timeLabel, "Време доласка (ЧЧ:ММ:СС)");
    assert.equal(ref.supeOn("Живорад Ранковић"), "супе на: Живорад Ранковић");
    assert.match(ref.walkover, /^Победа без борбе/);
  });
});

/** Every string of a catalogue with its dotted key (list items too). */
function* texts(node, path = "") {
  if (typeof node === "string") yield [path, node];
  else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) if (!k.startsWith("_")) yield* texts(v, path ? `${path}.${k}` : k);
  }
}
/** A template's words without its placeholders' names ("{0.bule}" is a field, not a word). */
const words = (text) => text.replace(/\{\d+(?:\.[\w]+)*(?::\w+)?/g, "{");
const SERBIAN = ["sr-Cyrl", "sr-Latn"];

describe("words a native speaker writes", () => {
  it("never puts a name or a title after a preposition that would need another case", () => {
    const PREPOSITION = /(?<![\p{L}])(у|за|од|уместо|пре|после|са|из|код|о|u|za|od|umesto|pre|posle|sa|iz|kod|v|na|po|pri|s|k|o|pre|bez|do)\s+\{0\.(item|title|who|player|team|name|home|away|guilty|entersTitle)\}/iu;
    for (const lang of [...SERBIAN, "sk"]) {
      const found = [...texts(catalogue(lang))].filter(([, t]) => PREPOSITION.test(t)).map(([k]) => k);
      assert.deepEqual(found, [], `${lang}: a name or title would have to be declined in ${found.join(", ")}`);
    }
  });

  it("keeps the names and titles in the nominative in the refusals and the audit", () => {
    const ref = strings("referee", "sr-Cyrl");
    assert.equal(ref.refused.codes["sanction.no_seat"]({ player: "Жарко Лукић", item: "3. коло" }), "3. коло: Жарко Лукић нема место за столом.");
    assert.equal(ref.audit.penalty_applied({ who: "Жарко Лукић", unitName: "буле", amount: 20, reason: "кашњење" }),
      "казна — Жарко Лукић: буле 20 („кашњење“)");
    assert.equal(ref.stHidden("3. коло"), "Сала не види пласман до проглашења победника (скривен од: 3. коло).");
    assert.equal(strings("player", "sk").ci.notExpected("3. kolo"), "3. kolo: nemáte pridelené miesto.");
  });

  it("writes Serbian money in dinars with a dot between thousands, and no English unit", () => {
    const desk = strings("referee", "sr-Cyrl").desk;
    assert.equal(money(61600, "RSD", desk, { locale: "sr-Cyrl-RS" }), "61.600\u00a0дин.");
    assert.equal(money(61600, "RSD", strings("referee", "sr-Latn").desk, { locale: "sr-Latn-RS" }), "61.600\u00a0din.");
    for (const lang of SERBIAN) {
      const english = [...texts(catalogue(lang))].filter(([, t]) => /\bRSD\b|(?<![\p{L}.])min(?![\p{L}])/u.test(words(t))
        && (lang === "sr-Cyrl" || /RSD/.test(t))).map(([k]) => k);
      assert.deepEqual(english, [], `${lang}: English units in ${english.join(", ")}`);
    }
  });

  it("leaves no English word to show through: every string with one has its own in Serbian and Slovak", () => {
    const own = (lang) => new Set([...texts(catalogue(lang))].map(([k]) => k));
    let bare = (t) => t;
    bare = (t) => { const less = t.replace(/\{[^{}]*\}/g, ""); return less === t ? t : bare(less); };
    const english = [...texts(catalogue("en"))].filter(([k, t]) => !k.endsWith("locale") && /\b[a-z]{2,}/.test(bare(t)));
    for (const lang of [...SERBIAN, "sk"]) {
      const has = own(lang);
      const missing = english.filter(([k]) => !has.has(k)).map(([k]) => k);
      assert.deepEqual(missing, [], `${lang} shows English for ${missing.join(", ")}`);
    }
    assert.equal(strings("referee", "sr-Cyrl").minutesUnit, "мин");
    assert.equal(strings("display", "sr-Cyrl").late.minutes(29), "29 мин");
  });

  it("calls the draw's number a number, not a seed", () => {
    for (const lang of SERBIAN) {
      const seeds = [...texts(catalogue(lang))].filter(([, t]) => /(?<![\p{L}])(семе|seme)(?![\p{L}])/iu.test(t)).map(([k]) => k);
      assert.deepEqual(seeds, [], `${lang}: "seme" in ${seeds.join(", ")}`);
    }
    assert.equal(strings("referee", "sr-Cyrl").refused.fields.seed, "Број жреба");
  });

  it("Slovak: buly, prezentácia, a countdown with za, and verbs that agree with the count", () => {
    const all = [...texts(catalogue("sk"))];
    const bule = all.filter(([, t]) => /(?<![\p{L}])bule(?![\p{L}])/iu.test(words(t))).map(([k]) => k);
    assert.deepEqual(bule, [], `"bule" in ${bule.join(", ")}`);
    const checkIn = all.filter(([k, t]) => /^(player|referee)\.(ci|session)\.|^(slips|codes)\.|checkin|checked_in/.test(k) && /registr/i.test(t)).map(([k]) => k);
    assert.deepEqual(checkIn, [], `check-in called registrácia in ${checkIn.join(", ")}`);
    const ref = strings("referee", "sk");
    assert.equal(ref.countOpen("5:38"), "za 5:38");
    assert.equal(ref.ci.startsIn("14:00", "5:38"), "Kolo začína o 14:00 (za 5:38): meškanie sa počíta odvtedy.");
    const summary = (late, reserves, missing) => ref.ci.summary({ in: 7, all: 9, late, reserves, missing });
    assert.equal(summary(1, 1, 1), "prítomní 7 z 9 · mešká 1 · 1 náhradník · chýba 1");
    assert.equal(summary(2, 3, 4), "prítomní 7 z 9 · meškajú 2 · 3 náhradníci · chýbajú 4");
    assert.equal(summary(5, 5, 5), "prítomní 7 z 9 · mešká 5 · 5 náhradníkov · chýba 5");
    assert.equal(strings("display", "sk").bye("Fatra Žilina"), "Voľno: Fatra Žilina");
    assert.equal(strings("player", "sk").ci.checkedIn("1. kolo", "14:02"), "1. kolo: prezentácia zapísaná o 14:02.");
    assert.equal(strings("player", "sk").session.tooMany(30), "Priveľa nesprávnych kódov z tejto siete. Skúste znova za 30 s.");
  });
});

describe("English as a referee and a player read it", () => {
  const all = () => [...texts(catalogue("en"))];
  /** A count written straight before a noun that has a singular ("{0} boards" says "1 boards"), not in a choice's plural case. */
  const BARE_COUNT = /(?<!(?:other|few|many|two):)\{\d+(?:\.\w+)*\}\s+(?:penalty\s+)?(boards|minutes|members|players|items|times|rounds|points|days|hours|tables|matches|parts|payments|sanctions|notices|reserves|absences|offences)\b/;

  it("gives every counted noun its singular", () => {
    const bare = all().filter(([, t]) => BARE_COUNT.test(t)).map(([k]) => k);
    assert.deepEqual(bare, [], `a count without its singular in ${bare.join(", ")}`);
    const R = strings("referee", "en");
    assert.equal(R.detail.boards(1), "1 board");
    assert.equal(R.penalty.boards(1, 3), "1 board removed · +3 IMP to the opponents");
    assert.equal(R.alerts.reservesFor(15, ["6"]), "15 minutes: reserve for table 6");
    assert.equal(R.alerts.reservesFor(15, ["6", "8"]), "15 minutes: reserves for tables 6, 8");
    assert.equal(R.alerts.boardsRemoved(1, 2), "1 minute late: 2 boards removed");
    assert.equal(R.refused.codes["roster.full"]({ team: "Zora", members: 1, allowed: 8 }), "Zora has 1 member: at most 8 are allowed.");
    assert.equal(R.refused.codes["appeal.limit"]({ player: "p1", name: "Ana", used: 1, allowed: 1 }),
      "p1 Ana has asked the judges' committee once already: a player may ask once.");
    assert.equal(strings("index", "en").summary("Preferans", 1, 1, "Europe/Belgrade"), "Preferans · 1 timetable item · 1 player · Europe/Belgrade");
    assert.equal(strings("player", "en").placeDetailPreferans("1", "+3", 1), "1 point · +3 bule · 1 round");
  });

  it("writes a percentage without a space, a draw's number as such, and a check-in for a round", () => {
    const spaced = all().filter(([, t]) => /\d %|\} %/.test(t)).map(([k]) => k);
    assert.deepEqual(spaced, [], `"40 %" in ${spaced.join(", ")}`);
    const seed = all().filter(([k, t]) => !k.endsWith("locale") && /\bseeds?\b/i.test(words(t))).map(([k]) => k);
    assert.deepEqual(seed, [], `"seed" in ${seed.join(", ")}`);
    const checkedInTo = all().filter(([, t]) => /checked in to\b/.test(t)).map(([k]) => k);
    assert.deepEqual(checkedInTo, [], `"checked in to" in ${checkedInTo.join(", ")}`);
    assert.equal(strings("referee", "en").method.draw(47398767), "drawn by lot, draw number 47398767");
    assert.equal(strings("referee", "en").refused.fields.seed, "Draw number");
  });

  it("says the server's code words as words", () => {
    for (const lang of ["en", ...SERBIAN, "sk"]) {
      const codes = strings("referee", lang).refused.codes;
      for (const kind of ["round", "match"]) {
        assert.doesNotMatch(codes["plan.wrong_kind"]({ kind }), /(?<![\p{L}])(a round|a match)\./u, `${lang} ${kind}`);
      }
      if (lang !== "en") {
        for (const by of ["team", "player"]) assert.doesNotMatch(codes["appeal.by"]({ by }), new RegExp(`(?<![\\p{L}])${by}(?![\\p{L}])`, "u"), `${lang} ${by}`);
      }
    }
  });
});

describe("Serbian as the tournament writes it", () => {
  const found = (lang, test) => [...texts(catalogue(lang))].filter(([k, t]) => test(words(t), k)).map(([k]) => k);

  it("calls a bridge board a борд and a forfeit a контумација, with IMP and VP in Latin", () => {
    for (const lang of SERBIAN) {
      const deals = found(lang, (t, k) => /board/i.test(k) && /(дељењ|deljenj)/iu.test(t));
      assert.deepEqual(deals, [], `${lang}: a board called a deal in ${deals.join(", ")}`);
      const surrender = found(lang, (t) => /(?<![\p{L}])(предај[аиуо]м?|predaj[aiuo]m?)(?![\p{L}])/iu.test(t));
      assert.deepEqual(surrender, [], `${lang}: a forfeit called a surrender in ${surrender.join(", ")}`);
    }
    const cyrillic = found("sr-Cyrl", (t) => /(?<![\p{L}])(ИМП|ВП)/u.test(t));
    assert.deepEqual(cyrillic, [], `IMP or VP in Cyrillic letters in ${cyrillic.join(", ")}`);
    const R = strings("referee", "sr-Cyrl");
    assert.equal(R.detail.boards(1), "1 борд");
    assert.equal(R.detail.boards(3), "3 борда");
    assert.equal(R.detail.boards(12), "12 бордова");
    assert.equal(R.penalty.boards(2, 6), "одузета 2 борда · +6 IMP противницима");
    assert.equal(R.penalty.boards(5, 15), "одузето 5 бордова · +15 IMP противницима");
    assert.equal(strings("player", "sr-Cyrl").forfeitLost, "пораз контумацијом");
  });

  it("uses one word for one thing: одсуство, повлачење, проглашење победника, благајна, папир", () => {
    for (const lang of SERBIAN) {
      const other = found(lang, (t) => /(изостан|izostan|одустај|odustaj|одустал|odustal|додел[аеиу] награда|dodel[aeiu] nagrada|Додела награда|Dodela nagrada|(?<![\p{L}])(каси|касе|kasi|kase)(?![\p{L}])|вођ[аеиу] такмичења|vođ[aeiu] takmičenja)/iu.test(t));
      assert.deepEqual(other, [], `${lang}: another word in ${other.join(", ")}`);
    }
    assert.equal(strings("display", "sr-Cyrl").standingsHidden, "Пласман је скривен до проглашења победника");
  });

  it("keeps a title first and lets no verb guess whether it is a коло, a меч or a вечера", () => {
    const TITLE_SUBJECT = /\{0\.(item|previous|waiting_for|items)\}[^{:;]*?(је|није|би)\s+(и даље\s+)?(почел|заврш|планиран|предат)|\{0\.(item|previous|waiting_for|items)\}[^{:;]*?(je|nije|bi)\s+(i dalje\s+)?(počel|završ|planiran|predat)/u;
    for (const lang of SERBIAN) {
      const guessed = found(lang, (t) => TITLE_SUBJECT.test(t));
      assert.deepEqual(guessed, [], `${lang}: a participle agreeing with a title in ${guessed.join(", ")}`);
      const R = catalogue(lang).referee;
      const late = ["confirmStart", "confirmPause", "confirmResume", "confirmEnd", "confirmLastDeals", "confirmExtend", "confirmRecordStart", "confirmRecordEnd"]
        .filter((k) => !R[k].startsWith("{0}: "));
      assert.deepEqual(late, [], `${lang}: the title is not first in ${late.join(", ")}`);
    }
    const R = strings("referee", "sr-Cyrl");
    assert.equal(R.refused.codes["round.not_started"]({ item: "Финал" }), "Финал: игра још није почела.");
    assert.equal(R.refused.codes["plan.item_started"]({ item: "Вечера" }), "Вечера: ставка је већ почела и више се не може мењати.");
    assert.equal(R.confirmStart("Меч 2"), "Меч 2: почети сада? Сваки екран у сали приказује „Почетак кола“ уз звоно и глас, и сат креће.");
    assert.equal(R.refused.codes["team.withdrawn"]({ team: "Партизан" }), "Екипа Партизан се повукла са такмичења.");
    assert.equal(R.refused.codes["undo.item_in_use"]({ seq: 9, item: "Вечера" }),
      "Команда 9 не може да се поништи: Вечера је већ у употреби. Уместо тога откажите ставку у сатници.");
  });

  it("agrees a verb and a noun with the number (1 члан, 2 члана, 5 чланова)", () => {
    const codes = strings("referee", "sr-Cyrl").refused.codes;
    const left = (members) => codes["roster.min_withdraw"]({ team: "Војводина", members, minimum: 4 });
    assert.match(left(1), /^Екипи Војводина би остао 1 члан, /);
    assert.match(left(3), /^Екипи Војводина би остала 3 члана, /);
    assert.match(left(5), /^Екипи Војводина би остало 5 чланова, /);
    assert.equal(strings("referee", "sr-Cyrl").sheets.matchState(2, 3, 6), "Почела су 2 од 3 дела. Бордова по делу: 6.");
    assert.equal(strings("display", "sr-Cyrl").banner.late.fromNow(2), "од сада се одузимају 2 борда");
  });
});

describe("Slovak as the league writes it", () => {
  const found = (test) => [...texts(catalogue("sk"))].filter(([k, t]) => test(words(t), k)).map(([k]) => k);

  it("counts víťazné body as VB and a penalty as a pokuta, declines supy like buly", () => {
    const vp = found((t) => /(?<![\p{L}])VP(?![\p{L}])/u.test(t));
    assert.deepEqual(vp, [], `VP in ${vp.join(", ")}`);
    for (const key of ["display.cols.bridge.vp", "player.cols.bridge.vp", "referee.units.vp"]) {
      assert.equal(key.split(".").reduce((n, k) => n[k], catalogue("sk")), "VB", key);
    }
    const trest = found((t) => /(?<![\p{L}])trest(u|y|om|ov|och|ami|ať)?(?![\p{L}.])/iu.test(t)); // "Trest. buly" is the adjective
    assert.deepEqual(trest, [], `trest for a penalty in ${trest.join(", ")}`);
    const supe = found((t) => /(?<![\p{L}])supe(?![\p{L}])/iu.test(t));
    assert.deepEqual(supe, [], `supe in ${supe.join(", ")}`);
    assert.equal(strings("player", "sk").placeDetailBridge("18", "+4", 2), "18 VB · IMP +4 · 2 odohrané zápasy");
  });

  it("uses one word for one thing: zrušiť for undo, striedanie, dáma, vyhlásenie výsledkov, propozície, lístky", () => {
    const undo = found((t, k) => /undo|Undo|undone/.test(k) && !/refund/.test(k) && /vrát/iu.test(t)); // a refund is a vrátenie
    assert.deepEqual(undo, [], `undo said as vrátiť in ${undo.join(", ")}`);
    const exchange = found((t, k) => /substitution/.test(k) && /výmen/iu.test(t));
    assert.deepEqual(exchange, [], `a substitution called a výmena in ${exchange.join(", ")}`);
    const other = found((t) => /(?<![\p{L}])žena(?![\p{L}])|odovzdávan|Súťažný poriadok|Pravidlá turnaja|náhradník(a|ov|i)? (od )?rozhodcu/iu.test(t));
    assert.deepEqual(other, [], `another word in ${other.join(", ")}`);
    const sheets = found((t, k) => /slipsList|slips-card/.test(k) && /hár[ok]/iu.test(t)); // "hárok A4" is a sheet of paper
    assert.deepEqual(sheets, [], `a result slip called a hárok in ${sheets.join(", ")}`);
    const R = strings("referee", "sk");
    assert.equal(R.commandNames.command_undone, "zrušenie príkazu");
    assert.notEqual(R.commandNames.item_cancelled, R.commandNames.command_undone);
  });

  it("keeps a title first and lets no verb guess whether it is a kolo, a zápas or a prestávka", () => {
    const TITLE_SUBJECT = /\{0\.(item|previous|waiting_for|items)\}\s+(by\s+)?(sa\s+)?(ešte\s+|už\s+|stále\s+)?(ne)?(začal|skončil|naplánovan)/u;
    const guessed = found((t) => TITLE_SUBJECT.test(t) || /\{0\}\s+sa\s+(začal|skončil)/u.test(t));
    assert.deepEqual(guessed, [], `a past tense agreeing with a title in ${guessed.join(", ")}`);
    const R = catalogue("sk").referee;
    const late = ["confirmStart", "confirmPause", "confirmResume", "confirmEnd", "confirmLastDeals", "confirmExtend", "confirmRecordStart", "confirmRecordEnd"]
      .filter((k) => !R[k].startsWith("{0}: "));
    assert.deepEqual(late, [], `the title is not first in ${late.join(", ")}`);
    const S = strings("referee", "sk");
    assert.equal(S.refused.codes["round.not_started"]({ item: "Zápas 1" }), "Zápas 1: hra sa ešte nezačala.");
    assert.equal(S.refused.codes["plan.item_started"]({ item: "Registrácia" }), "Registrácia: položka sa už začala, nemožno ju meniť.");
    assert.equal(S.confirmResume("Zápas 2").split("?")[0], "Zápas 2: pokračovať");
    assert.equal(S.refused.codes["undo.paid"]({ seq: 12, who: "Jana Nováková" }),
      "Príkaz 12 nemožno zrušiť: Jana Nováková – platba je už zapísaná v pokladni. Najprv zrušte platby.");
  });

  it("agrees a verb and a noun with the number (1 člen, 2 členovia, 5 členov; 1 rozdanie, 2 rozdania, 5 rozdaní)", () => {
    const codes = strings("referee", "sk").refused.codes;
    const left = (members) => codes["roster.min_withdraw"]({ team: "Slovan", members, minimum: 4 });
    assert.match(left(1), /^Družstvu Slovan by zostal 1 člen, /);
    assert.match(left(3), /^Družstvu Slovan by zostali 3 členovia, /);
    assert.match(left(5), /^Družstvu Slovan by zostalo 5 členov, /);
    assert.equal(codes["roster.full"]({ team: "Slovan", members: 9, allowed: 8 }), "Družstvo Slovan má 9 členov: povolených je najviac 8.");
    const R = strings("referee", "sk");
    assert.equal(R.detail.boards(1), "1 rozdanie");
    assert.equal(R.penalty.boards(2, 6), "odobraté 2 rozdania · +6 IMP súperom");
    assert.equal(R.penalty.boards(6, 18), "odobratých 6 rozdaní · +18 IMP súperom");
    assert.equal(R.sheets.matchState(1, 2, 12), "Začala sa 1 z 2 častí. Rozdaní na časť: 12.");
    assert.equal(R.sheets.matchState(2, 3, 8), "Začali sa 2 z 3 častí. Rozdaní na časť: 8.");
  });
});
