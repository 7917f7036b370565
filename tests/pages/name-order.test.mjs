// display/lib/name-order.js: lists sorted by the name as the page shows it, in the page's collation
// (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { byName, nameCollator } from "../../display/lib/name-order.js";
import { rosterModel } from "../../display/lib/roster.js";
import { deskRows } from "../../display/referee/desk-books.js";
import { seatedPlayers } from "../../display/referee/committee-picks.js";

/** Serbian first names whose Cyrillic and Latin alphabetical orders differ (В/V, Ж/Ž, Ц/C, Џ/Dž, Ђ/Đ…). */
const NAMES = ["Шаренац", "Живко", "Лука", "Ђорђе", "Џаја", "Ана", "Зоран", "Љубиша", "Весна", "Драган", "Цветко",
  "Хаџић", "Лазар", "Сава", "Чедомир", "Дејан", "Горан"];
const rows = NAMES.map((name, i) => ({ id: `p${i + 1}`, name }));
const sortedNames = (lang, list = rows) => [...list].sort(byName(lang)).map((r) => r.name);
const latin = (names) => names.map((n) => nameCollator("sr-Latn").show(n));

/** The Serbian Cyrillic alphabet's order: А Б В Г Д Ђ Е Ж З И Ј К Л Љ М Н Њ О П Р С Т Ћ У Ф Х Ц Ч Џ Ш. */
const CYRILLIC_ORDER = ["Ана", "Весна", "Горан", "Дејан", "Драган", "Ђорђе", "Живко", "Зоран", "Лазар", "Лука", "Љубиша",
  "Сава", "Хаџић", "Цветко", "Чедомир", "Џаја", "Шаренац"];
/** Gaj's alphabet: A B C Č Ć D Dž Đ E F G H I J K L Lj M N Nj O P R S Š T U V Z Ž. */
const SERBIAN_LATIN_ORDER = ["Ana", "Cvetko", "Čedomir", "Dejan", "Dragan", "Džaja", "Đorđe", "Goran", "Hadžić", "Lazar",
  "Luka", "Ljubiša", "Sava", "Šarenac", "Vesna", "Zoran", "Živko"];
/** Slovak: č, š, ž letters of their own; đ a d, dž a d and a ž; lj an l and a j. */
const SLOVAK_ORDER = ["Ana", "Cvetko", "Čedomir", "Dejan", "Đorđe", "Dragan", "Džaja", "Goran", "Hadžić", "Lazar",
  "Ljubiša", "Luka", "Sava", "Šarenac", "Vesna", "Zoran", "Živko"];

describe("names in the order the page's reader reads them", () => {
  it("on sr-Cyrl: the Cyrillic as written, in the Serbian Cyrillic alphabet's order", () => {
    assert.deepEqual(sortedNames("sr-Cyrl"), CYRILLIC_ORDER);
  });

  it("on sr-Latn: the Latin the page shows, in Serbian Latin order (č ć dž đ lj š ž letters of their own)", () => {
    assert.deepEqual(latin(sortedNames("sr-Latn")), SERBIAN_LATIN_ORDER);
    assert.notDeepEqual(latin(CYRILLIC_ORDER), SERBIAN_LATIN_ORDER, "the names tell the two orders apart");
  });

  it("on sk: the Latin, in Slovak order", () => {
    assert.deepEqual(latin(sortedNames("sk")), SLOVAK_ORDER);
  });

  it("on en: the Latin, accents after the plain letter", () => {
    assert.deepEqual(latin(sortedNames("en")), ["Ana", "Čedomir", "Cvetko", "Dejan", "Đorđe", "Dragan", "Džaja", "Goran",
      "Hadžić", "Lazar", "Ljubiša", "Luka", "Šarenac", "Sava", "Vesna", "Živko", "Zoran"]);
  });

  it("pairs the brief names: Љубиша/Лазар, Џаја/Дејан/Хаџић, Живко/Зоран", () => {
    const c = (lang) => nameCollator(lang).compare;
    assert.ok(c("sr-Cyrl")("Живко", "Зоран") < 0 && c("sr-Latn")("Живко", "Зоран") > 0, "Ž after Z, Ж before З");
    assert.ok(c("sr-Cyrl")("Хаџић", "Џаја") < 0 && c("sr-Latn")("Хаџић", "Џаја") > 0, "Dž after D, Џ near the end");
    assert.ok(c("sk")("Љубиша", "Лука") < 0 && c("sr-Latn")("Љубиша", "Лука") > 0, "lj is an l and a j in Slovak");
    assert.ok(c("sr-Latn")("Лазар", "Љубиша") < 0);
    assert.ok(c("sk")("Ђорђе", "Драган") < 0 && c("sr-Latn")("Ђорђе", "Драган") > 0, "đ a letter of its own in Serbian");
  });

  it("sorts Latin names too: ch after h in Slovak, a c and an h in Serbian", () => {
    const names = ["Chalupa", "Hlinka", "Cvetko", "Ivan"].map((name, i) => ({ id: `x${i}`, name }));
    assert.deepEqual(sortedNames("sk", names), ["Cvetko", "Hlinka", "Chalupa", "Ivan"]);
    assert.deepEqual(sortedNames("sr-Latn", names), ["Chalupa", "Cvetko", "Hlinka", "Ivan"]);
  });

  it("breaks a tie of names (in either script) by id, in counting order", () => {
    const same = [{ id: "p10", name: "Зоран" }, { id: "p2", name: "Zoran" }, { id: "p9", name: "Зоран" }];
    assert.deepEqual([...same].sort(byName("sr-Latn")).map((r) => r.id), ["p2", "p9", "p10"]);
    assert.deepEqual([...same].sort(byName("sr-Cyrl")).map((r) => r.id), ["p2", "p9", "p10"], "Zoran is Зоран on sr-Cyrl");
  });

  it("on sr-Cyrl: a name typed in Latin is sorted as the Cyrillic the page shows", () => {
    const typed = ["Živko", "Zoran", "Đorđe", "Dragan", "Ljubiša", "Luka"].map((name, i) => ({ id: `l${i}`, name }));
    assert.deepEqual(sortedNames("sr-Cyrl", typed), ["Dragan", "Đorđe", "Živko", "Zoran", "Luka", "Ljubiša"]);
    assert.equal(nameCollator("sr-Cyrl").show("Đorđe"), "Ђорђе");
  });

  it("keeps the server's order (live/rules/alphabet.py sorts the printed lists with the same lists)", () => {
    const order = (lang, names) => [...names].reverse().sort(nameCollator(lang).compare);
    const sk = ["Ábel", "Adam", "Äno", "Bela", "Cibula", "Čierny", "Dobák", "Ďurica", "Dzurinda", "Džurko", "Hudec", "Chalupa", "Ivan",
      "Ondrej", "Ôsa", "Ryba", "Sova", "Šimon"];
    assert.deepEqual(order("sk", sk), sk);
    const srLatn = ["Cane", "Čedo", "Ćira", "Dragan", "Dušan", "Duško", "Džaja", "Đorđe", "Lazar", "Luka", "Ljuba", "Nada", "Nikola",
      "Njegoš", "Zoran", "Živko"];
    assert.deepEqual(order("sr-Latn", srLatn), srLatn);
    const srCyrl = ["Драган", "Ђорђе", "Живко", "Зоран", "Иван", "Јован", "Лазар", "Лука", "Љуба", "Нада", "Никола", "Његош", "Ћира", "Цане",
      "Чедо", "Џаја", "Шоша"];
    assert.deepEqual(order("sr-Cyrl", srCyrl), srCyrl);
    assert.deepEqual(order("en", ["Ana Petrović", "Anabela", "cane", "Cane", "Čedo", "Zoe"]), ["Ana Petrović", "Anabela", "cane", "Cane", "Čedo", "Zoe"]);
  });

  it("reads other fields when told, and a missing name as empty", () => {
    const list = [{ key: "b", label: "Зоран" }, { key: "a", label: "Весна" }, { key: "c" }];
    const order = byName("sr-Latn", { name: (r) => r.label, id: (r) => r.key });
    assert.deepEqual([...list].sort(order).map((r) => r.key), ["c", "a", "b"]);
  });

  it("refuses what is not a page language, naming it", () => {
    assert.throws(() => nameCollator("sr-Latn-RS"), /page language .*"sr-Latn-RS"/);
    assert.throws(() => byName(undefined), /not undefined/);
    assert.throws(() => byName("toString"), /"toString"/);
  });
});

describe("the console's lists follow the page", () => {
  const players = [{ id: "p1", name: "Зоран Марковић" }, { id: "p2", name: "Весна Павловић" }, { id: "p3", name: "Горан Стојановић" }];

  it("the roster: players and teams", () => {
    const sections = {
      tournament: { game: "bridge" }, timetable: [],
      teams: [{ id: "t1", name: "Жабаљ" }, { id: "t2", name: "Зрењанин" }],
      players: players.map((p) => ({ ...p, team: "t1" })),
    };
    assert.deepEqual(rosterModel(sections, "sr-Latn").players.map((p) => p.id), ["p3", "p2", "p1"]);
    assert.deepEqual(rosterModel(sections, "sr-Cyrl").players.map((p) => p.id), ["p2", "p3", "p1"]);
    assert.deepEqual(rosterModel(sections, "sr-Latn").teams.map((t) => t.id), ["t2", "t1"], "Zrenjanin before Žabalj");
    assert.deepEqual(rosterModel(sections, "sr-Cyrl").teams.map((t) => t.id), ["t1", "t2"]);
  });

  it("the desk", () => {
    const desk = { accounts: players.map((p) => ({ kind: "player", ...p, withdrawn: false, lines: {} })), unpaid: [] };
    assert.deepEqual(deskRows(desk, { lang: "sk" }).map((x) => x.id), ["p3", "p2", "p1"]);
    assert.deepEqual(deskRows(desk, { lang: "sr-Cyrl" }).map((x) => x.id), ["p2", "p3", "p1"]);
  });

  it("the sanction's players of a round without a seating", () => {
    const sections = { players, seating: {} };
    assert.deepEqual(seatedPlayers(sections, "r1", "", "sr-Latn")[0].players.map((p) => p.id), ["p3", "p2", "p1"]);
    assert.deepEqual(seatedPlayers(sections, "r1", "", "sr-Cyrl")[0].players.map((p) => p.id), ["p2", "p3", "p1"]);
  });
});
