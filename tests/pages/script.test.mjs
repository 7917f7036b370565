// display/lib/script.js: Serbian Cyrillic shown in Latin letters on the pages of a Latin-script language.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { hasCyrillic, namesFor, presentEvent, presentSections, scriptFor, toCyrillic, toLatin } from "../../display/lib/script.js";

describe("Serbian Cyrillic in Latin letters", () => {
  it("writes every letter of the alphabet, Љ Њ Џ Ђ as Lj Nj Dž Đ", () => {
    assert.equal(toLatin("абвгдђежзијклљмнњопрстћуфхцчџш"), "abvgdđežzijklljmnnjoprstćufhcčdžš");
    assert.equal(toLatin("АБВГДЂЕЖЗИЈКЛЉМНЊОПРСТЋУФХЦЧЏШ"), "ABVGDĐEŽZIJKLLJMNNJOPRSTĆUFHCČDŽŠ");
  });

  it("writes names as people spell them", () => {
    assert.equal(toLatin("Љубомир Пантић"), "Ljubomir Pantić");
    assert.equal(toLatin("Небојша Ђорђевић"), "Nebojša Đorđević");
    assert.equal(toLatin("Његош Џајић"), "Njegoš Džajić");
    assert.equal(toLatin("Куп Чачка у преферансу 2027"), "Kup Čačka u preferansu 2027");
    assert.equal(toLatin("Жребање и отварање"), "Žrebanje i otvaranje");
  });

  it("keeps a word in capitals in capitals, and a lone capital digraph capitalised", () => {
    assert.equal(toLatin("ЉУБА ЊЕГОШ ЏАК"), "LJUBA NJEGOŠ DŽAK");
    assert.equal(toLatin("Џ."), "Dž.");
    assert.equal(toLatin("ПАЉ"), "PALJ");
  });

  it("leaves Latin, digits, signs and non-strings as they are", () => {
    assert.equal(toLatin("Ana Petrović – Round 2 (IMP)"), "Ana Petrović – Round 2 (IMP)");
    assert.equal(toLatin(""), "");
    assert.equal(toLatin(null), null);
    assert.equal(toLatin(42), 42);
    assert.equal(hasCyrillic("Коло 1"), true);
    assert.equal(hasCyrillic("Kolo 1"), false);
  });

  it("applies to the Latin-script pages only", () => {
    assert.equal(scriptFor("sr-Cyrl"), null);
    for (const lang of ["sr-Latn", "sk", "en"]) assert.equal(scriptFor(lang), toLatin);
  });
});

const SECTIONS = {
  tournament: { name: "Куп Чачка", language: "sr-Cyrl", game: "preferans" },
  timetable: [{ id: "r1", title: "Коло 1", round: 1, kind: "round" }, { id: "reg", title: "Регистрација" }],
  players: [{ id: "p1", name: "Љубомир Пантић" }, { id: "p2", name: "Ana Petrović" }],
  teams: [{ id: "t1", name: "Црвена звезда" }],
  standings: [{ player: "p1", name: "Љубомир Пантић", points: 6.2 }],
  lateness: { r1: { item: "r1", rows: [{ id: "p1", name: "Љубомир Пантић", reserve: "Зоран Вуковић" }] } },
  announcements: [{ text: "Вечера у 19 часова" }],
  seating: { r1: { tables: [{ table: 1, players: ["p1", "p2"] }] } },
};

describe("the sections as a Latin page shows them", () => {
  it("shows the names, the titles and the tournament's name in Latin on sr-Latn, sk and en pages", () => {
    for (const lang of ["sr-Latn", "sk", "en"]) {
      const s = presentSections(SECTIONS, lang);
      assert.equal(s.tournament.name, "Kup Čačka");
      assert.equal(s.tournament.language, "sr-Cyrl");
      assert.deepEqual(s.timetable.map((i) => i.title), ["Kolo 1", "Registracija"]);
      assert.deepEqual(s.players.map((p) => p.name), ["Ljubomir Pantić", "Ana Petrović"]);
      assert.equal(s.teams[0].name, "Crvena zvezda");
      assert.equal(s.standings[0].name, "Ljubomir Pantić");
      assert.equal(s.standings[0].points, 6.2);
      assert.deepEqual(s.lateness.r1.rows[0], { id: "p1", name: "Ljubomir Pantić", reserve: "Zoran Vuković" });
    }
  });

  it("leaves free text, ids, other sections and the data it was given alone", () => {
    const before = JSON.stringify(SECTIONS);
    const s = presentSections(SECTIONS, "sr-Latn");
    assert.equal(s.announcements, SECTIONS.announcements);
    assert.equal(s.seating, SECTIONS.seating);
    assert.equal(s.players[1], SECTIONS.players[1]);
    assert.equal(JSON.stringify(SECTIONS), before);
  });

  it("changes nothing written in Cyrillic on a Cyrillic page, and names typed in Latin to Cyrillic", () => {
    const s = presentSections(SECTIONS, "sr-Cyrl");
    assert.deepEqual(s.players.map((p) => p.name), ["Љубомир Пантић", "Ана Петровић"]);
    assert.equal(s.players[0], SECTIONS.players[0], "a row already in Cyrillic is the same row");
    assert.equal(s.tournament, SECTIONS.tournament);
    assert.equal(s.timetable, SECTIONS.timetable, "titles are not converted: only names are");
    assert.equal(s.announcements, SECTIONS.announcements);
    assert.deepEqual(presentSections({ teams: [{ id: "t", name: "Crvena zvezda" }], standings: [{ name: "Đorđe Živković" }] }, "sr-Cyrl"),
      { teams: [{ id: "t", name: "Црвена звезда" }], standings: [{ name: "Ђорђе Живковић" }] });
  });

  it("takes a part of the sections (an event's changes) as well as all of them", () => {
    assert.deepEqual(presentSections({ players: [{ id: "w31", name: "Зоран Вуковић" }] }, "sk"),
      { players: [{ id: "w31", name: "Zoran Vuković" }] });
    assert.deepEqual(presentSections({}, "sk"), {});
  });

  it("shows the player's own card (`me`) in Latin too, its other fields as they are", () => {
    const me = { id: "p7", name: "Станислав Ерић", session: true, appeals: { left: 3 } };
    assert.deepEqual(presentSections({ me }, "sr-Latn").me, { ...me, name: "Stanislav Erić" });
    assert.equal(presentSections({ me }, "sr-Cyrl").me, me);
    assert.equal(presentSections({ me: null }, "sk").me, null);
  });

  it("shows the prize list's names and the best lady's in the page's script, its amounts and places as they are", () => {
    const prizes = {
      fund: 100000, currency: "RSD", order: "standings",
      prizes: [{ rank: 1, id: "p1", name: "Љубомир Пантић", amount: 50000 }, { rank: 2, id: "p2", name: "Ana Petrović", amount: 25000 }],
      best_lady: { id: "p2", name: "Ana Petrović", rank: 2 },
      sponsor_prizes: [{ place: 5, rank: 5, id: "p5", name: "Зоран Вуковић" }],
    };
    const latin = presentSections({ prizes }, "sk").prizes;
    assert.deepEqual(latin.sponsor_prizes, [{ place: 5, rank: 5, id: "p5", name: "Zoran Vuković" }]);
    assert.deepEqual(latin.prizes.map((r) => [r.rank, r.id, r.name, r.amount]), [[1, "p1", "Ljubomir Pantić", 50000], [2, "p2", "Ana Petrović", 25000]]);
    assert.deepEqual(latin.best_lady, prizes.best_lady);
    assert.equal(latin.fund, 100000);
    const cyrillic = presentSections({ prizes }, "sr-Cyrl").prizes;
    assert.deepEqual(cyrillic.prizes.map((r) => r.name), ["Љубомир Пантић", "Ана Петровић"]);
    assert.deepEqual(cyrillic.best_lady, { id: "p2", name: "Ана Петровић", rank: 2 });
    assert.equal(prizes.prizes[1].name, "Ana Petrović", "the server's list is left as it came");
    assert.deepEqual(presentSections({ prizes: { ...prizes, best_lady: null } }, "sr-Cyrl").prizes.best_lady, null);
    assert.equal(presentSections({ prizes: { ...prizes, sponsor_prizes: undefined } }, "sk").prizes.sponsor_prizes, undefined);
  });

  it("shows the names in an event's payload in Latin", () => {
    const event = { seq: 9, type: "reserve_seated", payload: { item: "r1", name: "Зоран Вуковић", player: "p1", table: 3 } };
    assert.deepEqual(presentEvent(event, "sr-Latn").payload, { item: "r1", name: "Zoran Vuković", player: "p1", table: 3 });
    assert.equal(presentEvent(event, "sr-Cyrl"), event);
    assert.equal(event.payload.name, "Зоран Вуковић");
    const typed = { seq: 10, type: "reserve_seated", payload: { item: "r1", name: "Zoran Vuković", title: "Kolo 1" } };
    assert.deepEqual(presentEvent(typed, "sr-Cyrl").payload, { item: "r1", name: "Зоран Вуковић", title: "Kolo 1" });
  });
});

describe("Serbian Latin in Cyrillic letters, for names on a Cyrillic page", () => {
  it("writes every letter of Gaj's alphabet, lj nj dž as Љ Њ Џ", () => {
    assert.equal(toCyrillic("abcčćddžđefghijklljmnnjoprsštuvzž"), "абцчћдџђефгхијклљмнњопрсштувзж");
    assert.equal(toCyrillic("Ljubomir Đorđević"), "Љубомир Ђорђевић");
    assert.equal(toCyrillic("Njegoš Džajić"), "Његош Џајић");
    assert.equal(toCyrillic("LJUBA NJEGOŠ DŽAK"), "ЉУБА ЊЕГОШ ЏАК");
  });

  it("reads a name typed with combining accents as the same letters", () => {
    assert.equal(toCyrillic("Z\u030Celjko Luki\u0107"), "Жељко Лукић");
  });

  it("leaves a foreign name whole, and digits, signs and non-strings, as they are", () => {
    assert.equal(toCyrillic("Marko Wagner"), "Marko Wagner");
    assert.equal(toCyrillic("Chalupa Ján"), "Chalupa Ján");
    assert.equal(toCyrillic("Tim 2 – A"), "Тим 2 – А");
    assert.equal(toCyrillic(null), null);
    assert.equal(toCyrillic(7), 7);
  });

  it("is the way back of toLatin for a Serbian name", () => {
    for (const name of ["Љубиша Џајић", "Ђорђе Њежић", "Ћира Шћепановић"]) assert.equal(toCyrillic(toLatin(name)), name);
  });

  it("shows names in Latin on a Latin page and in Cyrillic on a Cyrillic one", () => {
    assert.equal(namesFor("sr-Cyrl"), toCyrillic);
    for (const lang of ["sr-Latn", "sk", "en"]) assert.equal(namesFor(lang), toLatin);
    assert.equal(namesFor("de"), null);
  });
});
