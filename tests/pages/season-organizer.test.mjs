// The organizer's part of the season's start page (display/lib/organizer.js): the new competition's form as
// the server takes it, a refusal said in the page's language next to the field it names, and the team matches
// that need the coordinator, their due times where the competition is played.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";

import {
  FIELDS, OPTION_DEFAULTS, OPTIONS, PRESETS, defaultLanguage, defaultZone, dueText, needsOf, requestBody, sayRefusal,
  watchList,
} from "../../display/lib/organizer.js";
import { DISPLAY_DIR, LANGS, strings } from "./helpers.mjs";

const O = (lang = "en") => strings("season", lang).organizer;

/** The form as the page reads it: every field, the ones of the other game too (the page hides them). */
function typed(extra = {}) {
  return {
    preset: "slovak-league", name: " 2. liga Východ 2027 ", date: "2027-04-17", start: "09:30", timezone: "Europe/Bratislava",
    language: "sk", roster: "Košice: Ján, Peter, Eva, Jana\nPrešov: Milan, Štefan, Igor, Marek\n", id: "",
    rounds: "3", per_day: "3", round_minutes: "180", double: false, boards: "24", days_between: "7", ...extra,
  };
}

/** Epoch ms of a local time in Bratislava on 17 April 2027 (UTC+2 then). */
const bratislava = (hh, mm = 0) => Date.UTC(2027, 3, 17, hh - 2, mm);

describe("the new competition's form", () => {
  it("sends a league's fields and its options, none of a preferans tournament's", () => {
    const made = requestBody(typed());
    assert.deepEqual(made, { body: {
      preset: "slovak-league", name: "2. liga Východ 2027", date: "2027-04-17", start: "09:30", timezone: "Europe/Bratislava",
      language: "sk", roster: "Košice: Ján, Peter, Eva, Jana\nPrešov: Milan, Štefan, Igor, Marek\n",
      double: false, boards: 24, per_day: 3, days_between: 7,
    } }, "the name trimmed, the roster as typed, the id left out when empty, the numbers as numbers");
  });

  it("sends a preferans tournament's rounds, their minutes, and no team option", () => {
    const made = requestBody(typed({ preset: "cacak-preferans", roster: "Ана\nБоба\nЦеца", id: " kup-2027 ", double: true }));
    assert.ok("body" in made);
    assert.deepEqual(Object.keys(made.body).filter((k) => !["preset", "name", "date", "start", "timezone", "language", "roster"].includes(k)),
      ["id", "rounds", "per_day", "round_minutes"]);
    assert.equal(made.body.id, "kup-2027");
    assert.equal(made.body.rounds, 3);
  });

  it("leaves an empty option to the server's default and checks the double round robin as true or false", () => {
    const made = requestBody(typed({ boards: " ", double: true }));
    assert.ok("body" in made);
    assert.equal("boards" in made.body, false);
    assert.equal(made.body.double, true);
    const unticked = requestBody(typed({ double: undefined }));
    assert.ok("body" in unticked);
    assert.equal(unticked.body.double, false);
  });

  it("names the field that is missing or not a whole number before asking the server", () => {
    assert.deepEqual(requestBody(typed({ name: "  " })), { problem: { code: "field.missing", field: "name" } });
    assert.deepEqual(requestBody(typed({ roster: "\n \n" })), { problem: { code: "field.missing", field: "roster" } });
    assert.deepEqual(requestBody(typed({ timezone: undefined })), { problem: { code: "field.missing", field: "timezone" } });
    assert.deepEqual(requestBody(typed({ boards: "2.5" })), { problem: { code: "field.not_whole", field: "boards" } });
    assert.deepEqual(requestBody(typed({ days_between: "-1" })), { problem: { code: "field.not_whole", field: "days_between" } });
    assert.ok("body" in requestBody(typed({ rounds: "x" })), "a preferans option is not read for a league");
  });

  it("offers exactly the server's presets, with the server's options and defaults", () => {
    const source = readFileSync(join(DISPLAY_DIR, "..", "live", "rules", "presets.py"), "utf8");
    const known = [...source.matchAll(/^ {4}"([a-z-]+)": \{$/gm)].map((m) => m[1]);
    assert.deepEqual(Object.keys(PRESETS).sort(), known.sort());
    const api = readFileSync(join(DISPLAY_DIR, "..", "live", "edges", "web", "new_competition_api.py"), "utf8");
    const formFields = [...api.slice(api.indexOf("FIELDS:"), api.indexOf("MAX_FORM_BYTES")).matchAll(/"([a-z_]+)": \(/g)].map((m) => m[1]);
    assert.deepEqual(FIELDS.filter((f) => !formFields.includes(f)), [], "the page sends no field the server refuses");
    for (const [preset, defaults] of Object.entries(OPTION_DEFAULTS)) {
      assert.deepEqual(Object.keys(defaults).sort(), [...OPTIONS[PRESETS[preset].game]].sort(), preset);
    }
    assert.equal(OPTION_DEFAULTS["slovak-league"].boards, "24", "the Slovak league's 24 boards (§7)");
  });

  it("takes the browser's time zone where it keeps the preset's time, else the preset's own", () => {
    const april = bratislava(12);
    assert.equal(defaultZone("slovak-league", "Europe/Bratislava", april), "Europe/Bratislava");
    assert.equal(defaultZone("slovak-league", "Europe/Vienna", april), "Europe/Vienna", "a neighbour on the same clock");
    assert.equal(defaultZone("cacak-preferans", "Europe/London", april), "Europe/Belgrade", "an organizer abroad: the hall's");
    assert.equal(defaultZone("novi-sad-teams", "UTC", april), "Europe/Belgrade");
    assert.equal(defaultZone("novi-sad-teams", "Etc/GMT-2", april), "Europe/Belgrade");
    assert.equal(defaultZone("slovak-league", null, april), "Europe/Bratislava");
    assert.equal(defaultZone("slovak-league", "Mars/Olympus", april), "Europe/Bratislava", "a zone nobody knows");
  });

  it("takes the preset's language, in the page's script for a Serbian page", () => {
    assert.equal(defaultLanguage("slovak-league", "sr-Latn"), "sk");
    assert.equal(defaultLanguage("cacak-preferans", "sr-Latn"), "sr-Latn");
    assert.equal(defaultLanguage("novi-sad-teams", "en"), "sr-Cyrl");
    assert.equal(defaultLanguage("novi-sad-teams", "sr-Cyrl"), "sr-Cyrl");
  });

  it("has the presets' names and a roster's format in every language", () => {
    for (const lang of LANGS) {
      const W = O(lang);
      for (const preset of Object.keys(PRESETS)) assert.ok(W.presets[preset], `${lang}: ${preset}`);
      assert.match(W.rosterTeams, /:.*,.*,.*,/, `${lang}: a team line shows its format`);
      assert.equal(W.rosterPreferans.split("\n").length >= 3, true, lang);
    }
    assert.equal(O("en").presets["cacak-preferans"], "Preferans (Čačak rules)");
  });
});

describe("a refused form", () => {
  /** The codes the endpoint answers with: its own and those of reading a JSON body. */
  function codesOfTheServer() {
    const api = readFileSync(join(DISPLAY_DIR, "..", "live", "edges", "web", "new_competition_api.py"), "utf8");
    const season = readFileSync(join(DISPLAY_DIR, "..", "live", "edges", "web", "season.py"), "utf8");
    const form = readFileSync(join(DISPLAY_DIR, "..", "live", "core", "new_tournament.py"), "utf8"); // (the form's own checks)
    const found = new Set([...`${api}\n${season}\n${form}`.matchAll(/"code": "([a-z_]+\.[a-z_]+)"/g)].map((m) => m[1]));
    for (const code of ["body.too_large", "body.incomplete"]) found.add(code);
    return [...found].sort();
  }

  it("has a sentence for every code the server may answer, in every language", () => {
    const codes = codesOfTheServer();
    assert.ok(codes.includes("competition.id_taken") && codes.includes("field.not_one_of"), codes.join());
    assert.ok(codes.includes("competition.range") && codes.includes("competition.roster_team"), codes.join());
    for (const lang of LANGS) {
      const missing = codes.filter((code) => O(lang).refusals[code] === undefined);
      assert.deepEqual(missing, [], lang);
    }
  });

  it("says a field's refusal with its label, next to it", () => {
    assert.deepEqual(sayRefusal(422, { error: "boards must be a whole number", detail: { field: "boards", code: "field.not_whole" } }, O()),
      { field: "boards", text: "Boards per match: write a whole number." });
    assert.deepEqual(sayRefusal(422, { detail: { field: "timezone", code: "field.missing" } }, O("sk")),
      { field: "timezone", text: "Časové pásmo: vyplňte toto pole." });
    assert.deepEqual(sayRefusal(422, { detail: { field: "language", code: "field.not_one_of", known: ["sr-Cyrl", "sk"] } }, O("sr-Cyrl")),
      { field: "language", text: "Језик страница: изаберите једно од: sr-Cyrl, sk." });
  });

  it("says what the form's checks find in the page's language, with their numbers and the roster's line", () => {
    const team = { error: "roster: line 2: write a team as …", detail: { field: "roster", code: "competition.roster_team", line: 2 } };
    assert.deepEqual(sayRefusal(422, team, O("sr-Latn")),
      { field: "roster", text: "Spisak učesnika, red 2: ekipu upišite kao „Naziv ekipe: Igrač, Igrač, Igrač, Igrač“." });
    const range = { detail: { field: "boards", code: "competition.range", min: 4, max: 64, value: 80 } };
    assert.deepEqual(sayRefusal(422, range, O("sk")), { field: "boards", text: "Rozdaní na zápas: od 4 do 64, nie 80." });
    const few = { detail: { field: "roster", code: "competition.roster_players", least: 3, count: 1 } };
    assert.equal(sayRefusal(422, few, O("sk")).text, "Súpiska: aspoň 3 hráči, jeden na riadok (súpiska ich má 1).");
    assert.equal(sayRefusal(422, { detail: { ...few.detail, code: "competition.roster_teams", least: 2 } }, O("sr-Cyrl")).text,
      "Списак учесника: најмање 2 екипе, по једна у реду (на списку их је 1).");
    const zone = { detail: { field: "timezone", code: "competition.timezone", value: "Europe/Novi_Sad" } };
    assert.deepEqual(sayRefusal(422, zone, O("sr-Cyrl")),
      { field: "timezone", text: "Временска зона: „Europe/Novi_Sad“ није временска зона; изаберите једну са списка." });
  });

  it("adds the server's words when the file it made cannot be read back", () => {
    const answer = { error: "teams: two teams of one name", detail: { field: "roster", code: "competition.form",
      problem: "teams: two teams of one name" } };
    const said = sayRefusal(422, answer, O("sr-Latn"));
    assert.equal(said.field, "roster");
    assert.match(said.text, /^Spisak učesnika: server od ovoga ne može da napravi takmičenje\. Server kaže: teams: two /);
  });

  it("says an id that is taken next to the address, with the id", () => {
    assert.deepEqual(sayRefusal(409, { error: "the id 'open' is taken", detail: { field: "id", code: "competition.id_taken", id: "open" } }, O()),
      { field: "id", text: "The address “open” is taken: give the competition another address below." });
  });

  it("says a season that takes no new competition with the server's reason, and a failed write as such", () => {
    const reason = "this season was started from files, not a folder: a new competition has no folder to go in";
    assert.deepEqual(sayRefusal(409, { error: reason, detail: { code: "competition.not_written" } }, O("sk")),
      { field: "", text: `Táto sezóna neprijíma nové súťaže. ${reason}` });
    assert.deepEqual(sayRefusal(503, { error: "the tournament file could not be written", detail: { code: "competition.not_written" } }, O()),
      { field: "", text: "The competition could not be saved; nothing was written. Try again in a minute." });
  });

  it("says a wrong token, a field the form lacks above the button, and an unknown code in the server's words", () => {
    assert.match(sayRefusal(401, { error: "the season's organizer token is needed", detail: { code: "auth.needed" } }, O()).text, /token is wrong/);
    assert.equal(sayRefusal(422, { detail: { field: "gap_minutes", code: "competition.form", problem: "gap_minutes: from 0 to 240" } }, O()).field, "");
    assert.deepEqual(sayRefusal(418, { error: "I am a teapot", detail: { code: "tea.pot" } }, O()), { field: "", text: "I am a teapot" });
    assert.deepEqual(sayRefusal(502, null, O()), { field: "", text: "The server refused the form (HTTP 502)." });
  });
});

describe("the matches to watch", () => {
  /** A team match as live/projections/captains.py lists it. */
  function line(item, state, extra = {}) {
    return { item, title: `Kolo ${item.slice(1)}`, round: Number(item.slice(1)), home: "t1", away: "t2", state, end: bratislava(12),
      report_due: bratislava(12) + 48 * 3600_000, record_due: bratislava(12) + 72 * 3600_000, late: [], record_late: false,
      record_sent: null, report: null, dispute: null, result: null, proposed: [], ...extra };
  }
  const listed = [{ id: "liga", base: "/liga", timezone: "Europe/Bratislava" }];

  it("shows disputed, late and unconfirmed matches, the most urgent first, none that needs nobody", () => {
    const answer = { now: 0, competitions: [{ id: "liga", base: "/liga", name: "2. liga", counts: { confirmed: 2, reported: 1, disputed: 1,
      overdue: 1, scheduled: 0 }, matches: [
      line("m1", "confirmed"),
      line("m2", "reported", { report_due: bratislava(20) }),
      line("m3", "confirmed", { record_late: true }),
      line("m4", "overdue", { late: ["t2"], record_late: true }),
      line("m5", "disputed", { dispute: { team: "t2", reason: "board 7" } }),
      line("m6", "scheduled"),
      line("m7", "reported", { report_due: bratislava(18) }),
    ] }] };
    const [group] = watchList(answer, /** @type {any} */ (listed));
    assert.equal(group.timezone, "Europe/Bratislava");
    assert.deepEqual(group.watched.map((w) => [w.line.item, w.needs]), [
      ["m5", ["disputed"]], ["m4", ["late_report", "late_record"]], ["m3", ["late_record"]], ["m7", ["reported"]], ["m2", ["reported"]]]);
    assert.equal(group.watched[2].due, group.watched[2].line.record_due, "a late record alone: the record's term");
    assert.equal(group.watched[1].due, group.watched[1].line.report_due);
    assert.deepEqual(group.counts, [["disputed", 1], ["overdue", 1], ["reported", 1], ["confirmed", 2]], "the urgent first, none at 0");
  });

  it("lists a quiet competition with its counts and no match, and takes only what it can link to", () => {
    const answer = { competitions: [{ id: "quiet", base: "/quiet", name: "Quiet", counts: { confirmed: 3 }, matches: [line("m1", "confirmed")] },
      { id: "odd", base: "//evil.example", name: "Odd", counts: {}, matches: [] }, { id: "x", base: "/x", name: "X" }, null] };
    const groups = watchList(answer, []);
    assert.deepEqual(groups.map((g) => [g.id, g.watched.length, g.timezone]), [["quiet", 0, ""]]);
    assert.deepEqual(watchList({ error: "no" }, []), []);
    assert.deepEqual(watchList(null, []), []);
  });

  it("needs the coordinator for what the coordinator settles, not for what the captains finished", () => {
    for (const state of ["confirmed", "recorded", "settled", "forfeited", "withdrawn", "scheduled", "awaiting_report"]) {
      assert.deepEqual(needsOf(line("m1", state)), [], state);
    }
  });

  it("says a due time where the competition is played, in the page's language", () => {
    const due = bratislava(14, 30);
    assert.match(dueText(due, "Europe/Bratislava", "en-GB"), /Sat 17 Apr,? 14:30/);
    assert.match(dueText(due, "Europe/London", "en-GB"), /13:30/);
    assert.match(dueText(due, "Europe/Bratislava", "sk-SK"), /so.*17.*14:30/);
    assert.match(dueText(due, "Nowhere/Else", "en-GB"), /\d\d:30/, "an unknown zone: the browser's, not nothing");
  });

  it("names every state and every need in every language", () => {
    for (const lang of LANGS) {
      const W = O(lang);
      for (const state of ["disputed", "overdue", "reported", "awaiting_report", "scheduled", "confirmed", "recorded", "settled",
        "forfeited", "withdrawn"]) assert.ok(W.states[state], `${lang}: ${state}`);
      for (const need of ["disputed", "late_report", "late_record", "reported"]) assert.ok(W.needs[need], `${lang}: ${need}`);
      assert.match(W.due("x"), /x/);
    }
  });
});
