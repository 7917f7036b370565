// The season's promotion and relegation on the start page's organizer area (display/lib/promotion.js): the query
// `/api/promotion` takes, its answer read, the cascade's steps in sentences in every language, the "Confirm"
// button, and a refusal said in the page's words.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  ENLARGEMENTS, confirmState, leaguesOf, placeText, promotionQuery, proposalOf, ruleRef, sameAsConfirmed, sayPromotionRefusal,
  stepText, whenText,
} from "../../display/lib/promotion.js";
import { toLatin } from "../../display/lib/script.js";
import { LANGS, catalogue, strings } from "./helpers.mjs";

const O = (lang = "en") => strings("season", lang).organizer;
const P = (lang = "en") => O(lang).promotion;

/** A listed competition (live/projections/listing.py). */
const listed = (id, game, name = id) => ({ id, base: `/${id}`, name, game, preset: "slovak-league", timezone: "Europe/Bratislava",
  language: "sk", first: "2027-03-06", last: "2027-05-06", when: "upcoming", today: 0 });

const team = (league, n, name = `${league} t${n}`) => ({ team: `${league}:t${n}`, name });

/** An answer as live/edges/web/season_organizer.py writes it: the East winner declined, its runner-up goes up. */
function answer(extra = {}) {
  return {
    first: "first", second: ["east", "west"], declined: ["east:t1"], enlargement: 0,
    leagues: {
      first: { name: "1. liga", status: "final", teams: [1, 2, 3, 4].map((n) => team("first", n)) },
      east: { name: "2. liga Východ", status: "final", teams: [1, 2, 3].map((n) => team("east", n)) },
      west: { name: "2. liga Západ", status: "final", teams: [1, 2, 3].map((n) => team("west", n)) },
    },
    final: true,
    stay: [team("first", 1), team("first", 2)], promoted: [team("east", 2), team("west", 1)],
    relegated: [team("first", 3), team("first", 4)], playoff: [], playoff_places: 0, open_places: 0,
    steps: [{ place: "east 1", place_name: "east 1", team: "east:t1", team_name: "east t1", to: "east:t2", to_name: "east t2",
      rule: "§13.1: the licence passes to the second team of the same second league" }],
    confirmed: null,
    ...extra,
  };
}

const proposal = (extra = {}) => /** @type {import("../../display/lib/promotion.js").Proposal} */ (proposalOf(answer(extra)));

describe("the leagues to choose from", () => {
  it("are the bridge competitions of the listing, in its order", () => {
    const list = [listed("open", "preferans"), listed("first", "bridge", "1. liga"), listed("east", "bridge")];
    assert.deepEqual(leaguesOf(list), [{ id: "first", name: "1. liga" }, { id: "east", name: "east" }]);
  });
});

describe("the query", () => {
  const chosen = { first: "first", second: ["east", "west"], declined: [], enlargement: "0" };

  it("names the three leagues, and leaves the enlargement out at 0 (the server's default)", () => {
    assert.deepEqual(promotionQuery(chosen), { query: "first=first&second=east%2Cwest" });
    const params = new URLSearchParams(/** @type {{ query: string }} */ (promotionQuery({ ...chosen, enlargement: "2" })).query);
    assert.equal(params.get("enlargement"), "2");
    assert.equal(params.get("second"), "east,west");
  });

  it("sends the declined teams of the chosen leagues only, each once", () => {
    const made = promotionQuery({ ...chosen, declined: ["east:t1", "old:t3", "first:t2", "east:t1"] });
    assert.ok("query" in made);
    assert.equal(new URLSearchParams(made.query).get("declined"), "east:t1,first:t2", "a team of a league no longer chosen is not sent");
  });

  it("names the league not chosen yet, and refuses one league chosen twice", () => {
    assert.deepEqual(promotionQuery({ ...chosen, first: "" }), { problem: { code: "field.missing", field: "first" } });
    assert.deepEqual(promotionQuery({ ...chosen, second: ["east", ""] }), { problem: { code: "field.missing", field: "west" } });
    assert.deepEqual(promotionQuery({ ...chosen, second: ["east", "first"] }), { problem: { code: "promotion.same_league", field: "" } });
  });

  it("offers the enlargements of §7.3, each with its words in every language", () => {
    assert.deepEqual(ENLARGEMENTS, ["0", "2", "4"]);
    for (const lang of LANGS) for (const n of ENLARGEMENTS) assert.ok(P(lang).enlargements[n], `${lang} ${n}`);
  });
});

describe("the answer", () => {
  it("is read with its leagues, teams and steps; something else is no proposal", () => {
    const p = proposal();
    assert.equal(p.leagues.east.status, "final");
    assert.deepEqual(p.promoted.map((t) => t.team), ["east:t2", "west:t1"]);
    assert.equal(p.steps[0].to, "east:t2");
    assert.equal(proposalOf({ error: "nope" }), null);
    assert.equal(proposalOf(null), null);
  });

  it("is final only when every league says so: a status the page does not know is read as running", () => {
    const odd = answer();
    odd.leagues.west.status = "finished?";
    const p = proposalOf(odd);
    assert.equal(p?.leagues.west.status, "running");
    assert.equal(p?.final, false, "the server's `final` is not taken over a league that is not");
  });
});

describe("the cascade in sentences", () => {
  it("says who declined, whose place it was, who gets it and by which paragraph", () => {
    const p = proposal();
    assert.equal(stepText(p.steps[0], p, P()), "east t1 declined: its place (winner of 2. liga Východ) goes to east t2 (§13.1).");
    assert.equal(stepText(p.steps[0], p, P("sk")), "east t1 sa vzdalo: jeho miesto (víťaz: 2. liga Východ) získava east t2 (§13.1).");
  });

  it("says a further team that declined too, and a place left to the presidium", () => {
    const p = proposal({ declined: ["east:t1", "east:t2", "west:t2", "first:t3"], steps: [
      { place: "east 1", team: "east:t2", team_name: "east t2", to: null, to_name: null,
        rule: "§13.1: the licence passes to the second team of the same second league" },
      { place: "east 1", team: "east:t1", team_name: "east t1", to: null, to_name: null, rule: "§13.1: the presidium decides" },
      { place: "first 2", team: "first:t2", team_name: "first t2", to: "first:t3", to_name: "first t3",
        rule: "§14.3, §13.1: the first league's second-to-last may stay" },
    ] });
    const said = p.steps.map((s) => stepText(s, p, P()));
    assert.deepEqual(said, [
      "east t2 declined too: the place (winner of 2. liga Východ) passes on (§13.1).",
      "east t1 declined: its place (winner of 2. liga Východ) goes to the presidium (§13.1).",
      "first t2 declined: its place (1. liga, place 2) goes to first t3 (§14.3, §13.1).",
    ]);
    assert.equal(stepText(p.steps[1], p, P("sr-Cyrl")), "east t1 се одрекла места (победник: 2. liga Východ): о њему одлучује председништво (§13.1).");
    assert.equal(stepText(p.steps[2], p, P("sk")), "first t2 sa vzdalo: jeho miesto (1. liga, 2. miesto) získava first t3 (§14.3, §13.1).");
  });

  it("says the places of an enlarged league (§7.3) and a place that opened with nobody declining it", () => {
    const p = proposal();
    assert.equal(placeText("promotion", p, P()), "promotion");
    assert.equal(placeText("play-off", p, P("sk")), "baráž");
    assert.equal(placeText("somewhere 9", p, P()), "somewhere 9", "a place the page does not know: as the server names it");
    const open = { place: "first 1", place_name: "first 1", team: null, team_name: null, to: null, to_name: null, rule: "§7.3: the presidium decides" };
    assert.equal(stepText(open, p, P()), "The place (1. liga, place 1) is open: it goes to the presidium (§7.3).");
  });

  it("shows names in the page's script (a Latin page: Cyrillic names in Latin)", () => {
    const p = proposal({ steps: [{ place: "west 1", team: "west:t1", team_name: "Војводина", to: "west:t2", to_name: "Срем", rule: "§13.1: x" }] });
    assert.equal(stepText(p.steps[0], p, P("sr-Latn"), toLatin), "Vojvodina se odrekla mesta (pobednik: 2. liga Západ): dobija ga Srem (§13.1).");
  });

  it("keeps of a rule its paragraphs", () => {
    assert.equal(ruleRef("§14.3, §13.1: a second team of a second league"), "§14.3, §13.1");
    assert.equal(ruleRef("no paragraph"), "no paragraph");
  });
});

describe("the Confirm button", () => {
  it("is pressed on final standings only, not while a request is on its way", () => {
    assert.deepEqual(confirmState(null, false), { enabled: false, note: "none" });
    assert.deepEqual(confirmState(proposal(), false), { enabled: true, note: "ready" });
    assert.deepEqual(confirmState(proposal(), true), { enabled: false, note: "busy" });
    const running = answer();
    running.leagues.first.status = "provisional";
    assert.deepEqual(confirmState(proposalOf({ ...running, final: false }), false), { enabled: false, note: "notFinal" });
  });

  it("says a confirmation is there already, and whether the proposal shown is the one confirmed", () => {
    const a = answer();
    const confirmed = { seq: 3, ts: Date.UTC(2027, 5, 1, 10, 0), by: "organizer", first: a.first, second: a.second, declined: a.declined,
      enlargement: 0, stay: a.stay, promoted: a.promoted, relegated: a.relegated, playoff: [], playoff_places: 0, open_places: 0, steps: a.steps };
    const p = proposal({ confirmed });
    assert.deepEqual(confirmState(p, false), { enabled: true, note: "again" });
    assert.equal(sameAsConfirmed(p), true);
    assert.equal(sameAsConfirmed(proposal({ confirmed: { ...confirmed, declined: [] } })), false);
    assert.equal(sameAsConfirmed(proposal({ confirmed: { ...confirmed, relegated: [team("first", 4)] } })), false);
    assert.equal(sameAsConfirmed(proposal()), null);
    assert.equal(p.confirmed?.by, "organizer");
    for (const lang of LANGS) for (const note of ["notFinal", "ready", "again"]) assert.ok(P(lang).confirmNotes[note], `${lang} ${note}`);
  });

  it("says when it was confirmed in the page's locale", () => {
    const at = Date.UTC(2027, 5, 1, 10, 5);
    assert.match(whenText(at, "en-GB", "Europe/Bratislava"), /1 Jun 2027.*12:05/);
    assert.match(whenText(at, "sk-SK", "Europe/Bratislava"), /1\. 6\. 2027.*12:05/);
    assert.match(P("sk").confirmed("1. 6. 2027 12:05", P("sk").by.organizer), /^Potvrdené 1\. 6\. 2027 12:05, potvrdil organizátor sezóny\.$/);
  });
});

describe("a refusal", () => {
  it("is said in the page's words with the field it names", () => {
    const unknown = { error: "first must name…", detail: { field: "first", code: "field.unknown_id", id: "open" } };
    assert.equal(sayPromotionRefusal(422, unknown, P(), O().refusals), "First league: “open” is not a team competition of this season.");
    assert.equal(sayPromotionRefusal(422, unknown, P("sk"), O("sk").refusals), "Prvá liga: „open“ nie je súťaž družstiev tejto sezóny.");
    const notFinal = { error: "…", detail: { code: "promotion.not_final" } };
    assert.match(sayPromotionRefusal(409, notFinal, P("sr-Cyrl"), O("sr-Cyrl").refusals), /коначној табели/);
    assert.equal(sayPromotionRefusal(422, { detail: { code: "field.missing", field: "west" } }, P(), O().refusals),
      "Second league, West: choose one.");
  });

  it("adds the server's own words to a standings the rule cannot read, and says an unknown code in the server's words", () => {
    const form = { error: "the first league has 2 teams", detail: { code: "competition.form", problem: "the first league has 2 teams" } };
    assert.equal(sayPromotionRefusal(422, form, P(), O().refusals), "The rule cannot read these standings. What the server says: the first league has 2 teams");
    assert.equal(sayPromotionRefusal(500, { error: "boom", detail: { code: "x.y" } }, P(), O().refusals), "boom");
    assert.match(sayPromotionRefusal(401, { detail: { code: "auth.needed" } }, P("sk"), O("sk").refusals), /token/i);
  });
});

describe("the catalogues", () => {
  it("have every word of the part in every language, sr-Latn the Latin of sr-Cyrl", () => {
    const keys = (o, prefix = "") => Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
    const en = catalogue("en").season.organizer.promotion;
    for (const lang of LANGS) {
      const own = catalogue(lang).season.organizer.promotion;
      assert.deepEqual(keys(own).sort(), keys(en).sort(), lang);
    }
    const cyr = catalogue("sr-Cyrl").season.organizer.promotion;
    const lat = catalogue("sr-Latn").season.organizer.promotion;
    const pairs = (a, b) => Object.entries(a).flatMap(([k, v]) => (typeof v === "object" ? pairs(v, b[k]) : [[toLatin(v), b[k]]]));
    for (const [want, got] of pairs(cyr, lat)) assert.equal(got, want);
  });

  it("count the play-off's places in the form the number asks for", () => {
    assert.equal(P("sk").playoff(2), "Baráž o 2 miesta (§7.3)");
    assert.equal(P("sr-Cyrl").playoff(1), "Бараж за 1 место (§7.3)");
    assert.equal(P().playoff(2), "Play-off for 2 places (§7.3)");
  });
});
