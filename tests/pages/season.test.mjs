// The season server's pages (display/season.js, display/side.js): the listing grouped as the start page shows it,
// a competition's dates and what is next in the page's language, and which two competitions the side page shows.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { dateRange, groups, listingOf, nextLine, pagesOf, readListing } from "../../display/lib/competitions.js";
import { toLatin } from "../../display/lib/script.js";
import { sideChoice } from "../../display/lib/side-pair.js";
import { LANGS, strings } from "./helpers.mjs";

/** A competition as live/projections/listing.py lists it. */
function listed(id, when, extra = {}) {
  return {
    id, base: `/${id}`, name: id.toUpperCase(), game: "preferans", preset: "open", timezone: "Europe/Belgrade",
    language: "sr-Cyrl", first: "2027-03-06", last: "2027-03-07", when, today: 0, ...extra,
  };
}

/** Epoch ms of a local time in Belgrade (UTC+1 in March). */
const belgrade = (day, hh, mm = 0) => Date.UTC(2027, 2, day, hh - 1, mm);
/** A date range with its spaces plain (ICU writes thin and no-break ones around the dash). */
const range = (first, last, locale) => dateRange(first, last, locale).replace(/\s/gu, " ");

describe("the start page's list", () => {
  it("groups today's, upcoming and finished competitions in that order, leaving out a group with none", () => {
    const list = [listed("b", "upcoming"), listed("a", "today"), listed("c", "finished"), listed("d", "upcoming")];
    assert.deepEqual(groups(list).map((g) => [g.when, g.competitions.map((c) => c.id)]),
      [["today", ["a"]], ["upcoming", ["b", "d"]], ["finished", ["c"]]], "the server's order kept within a group");
    assert.deepEqual(groups([listed("c", "finished")]).map((g) => g.when), ["finished"]);
    assert.deepEqual(groups([]), []);
    assert.deepEqual(groups([listed("x", /** @type {any} */ ("someday"))]), [], "a group the page does not know: not shown");
  });

  it("takes a listing only with ids and bases it can link to", () => {
    const got = listingOf({ competitions: [listed("open-2027", "today"), { ...listed("x", "today"), base: "//evil.example" },
      { ...listed("a b", "today"), base: "/a b" }, null, "text"], time: 5 });
    assert.deepEqual(got?.competitions.map((c) => c.id), ["open-2027"]);
    assert.equal(got?.time, 5);
    assert.equal(listingOf({ competitions: [] })?.time, null);
    assert.equal(listingOf({ hello: {} }), null);
    assert.equal(listingOf(null), null);
  });

  it("reads the listing the server wrote into the page, and nothing from a broken block", () => {
    const doc = (text) => /** @type {any} */ ({ getElementById: (id) => (id === "live-boot" && text !== null ? { textContent: text } : null) });
    const boot = { competitions: [listed("a", "today")], time: 1 };
    assert.deepEqual(readListing(doc(JSON.stringify(boot))), boot);
    assert.equal(readListing(doc("{not json")), null);
    assert.equal(readListing(doc(null)), null);
  });

  it("writes a competition's days as a range in the page's language", () => {
    assert.equal(range("2027-03-06", "2027-03-07", "en-GB"), "6 – 7 March 2027");
    assert.equal(range("2027-03-06", "2027-03-06", "en-GB"), "6 March 2027", "one day: one date");
    assert.equal(range("2026-10-04", "2027-05-16", "en-GB"), "4 October 2026 – 16 May 2027", "a league's season");
    assert.match(range("2027-03-06", "2027-03-07", "sr-Cyrl-RS"), /^0?6\. ?– ?0?7\. март 2027\.$/);
    assert.match(range("2027-03-06", "2027-03-06", "sr-Latn-RS"), /^6\. mart 2027\.$/);
    assert.match(range("2027-03-06", "2027-03-06", "sk-SK"), /^6\. marca 2027$/);
    assert.equal(range("", "", "en-GB"), "", "nothing on its timetable: no dates");
    assert.equal(range("2027-03-06", "", "en-GB"), "6 March 2027");
  });

  it("says what is next with its time where the competition is played, its date when not today", () => {
    const S = strings("season", "en");
    const c = listed("a", "today", { today: 3, next: { id: "r2", title: "Round 2", start: belgrade(6, 14), end: belgrade(6, 17) } });
    assert.equal(nextLine(c, S, "en-GB", belgrade(6, 10)), "Next: Round 2 at 14:00");
    assert.equal(nextLine(c, S, "en-GB", belgrade(5, 10)), "Next: Round 2, Saturday 6 March at 14:00");
    const abroad = { ...c, timezone: "Europe/London" };
    assert.equal(nextLine(abroad, S, "en-GB", belgrade(6, 10)), "Next: Round 2 at 13:00", "the competition's zone, not the device's");
    assert.equal(nextLine(listed("f", "finished"), S, "en-GB", belgrade(6, 10)), "", "nothing next: nothing said");
    assert.equal(nextLine(c, S, "en-GB", belgrade(6, 15)), "Now: Round 2, until 17:00", "in play: now, not next");
    assert.equal(nextLine(c, strings("season", "sk"), "sk-SK", belgrade(6, 15)), "Teraz: Round 2, do 17:00");
    const sr = strings("season", "sr-Cyrl");
    const cyrillic = { ...c, next: { ...c.next, title: "Коло 2" } };
    assert.equal(nextLine(cyrillic, sr, "sr-Cyrl-RS", belgrade(6, 10)), "Следеће: Коло 2 у 14:00");
    assert.equal(nextLine(cyrillic, strings("season", "sr-Latn"), "sr-Latn-RS", belgrade(5, 10), toLatin),
      "Sledeće: Kolo 2, subota, 6. mart u 14:00", "a Latin page shows the title in Latin");
  });

  it("links to a competition's pages under its base, with the page's language carried on", () => {
    assert.deepEqual(pagesOf(listed("league-b", "upcoming")),
      { display: "/league-b/display", player: "/league-b/player", referee: "/league-b/referee" });
    assert.equal(pagesOf(listed("league-b", "upcoming"), "sr-Latn").player, "/league-b/player?lang=sr-Latn");
  });

  it("counts competitions and today's items in the form the number asks for", () => {
    assert.equal(strings("season", "en").sub(1), "1 competition on this server");
    assert.equal(strings("season", "en").todayItems(3), "3 items on today's timetable");
    assert.equal(strings("season", "sr-Cyrl").sub(5), "5 такмичења на овом серверу");
    assert.equal(strings("season", "sr-Cyrl").todayItems(2), "2 ставке сатнице данас");
    assert.equal(strings("season", "sr-Cyrl").todayItems(5), "5 ставки сатнице данас");
    assert.equal(strings("season", "sr-Latn").todayItems(21), "21 stavka satnice danas");
    assert.equal(strings("season", "sk").sub(2), "2 súťaže na tomto serveri");
    assert.equal(strings("season", "sk").sub(5), "5 súťaží na tomto serveri");
    assert.equal(strings("season", "sk").todayItems(1), "1 položka dnešného harmonogramu");
  });

  it("names every group and game in every language", () => {
    for (const lang of LANGS) {
      const S = strings("season", lang);
      for (const when of ["today", "upcoming", "finished"]) assert.ok(S.groups[when], `${lang}: ${when}`);
      for (const game of ["preferans", "bridge"]) assert.ok(S.games[game], `${lang}: ${game}`);
    }
  });
});

describe("the side page's choice", () => {
  const list = [listed("open", "today"), listed("side-event", "today"), listed("league-a", "upcoming")];

  it("shows the two competitions the address names", () => {
    const choice = sideChoice("?left=open&right=side-event", list);
    assert.equal(choice.ok, true);
    assert.equal(choice.left.competition?.id, "open");
    assert.equal(choice.right.competition?.id, "side-event");
  });

  it("says which id the server does not have, and preselects what it has", () => {
    const choice = sideChoice("?left=open&right=nope", list);
    assert.equal(choice.ok, false);
    assert.equal(choice.left.problem, null);
    assert.deepEqual([choice.right.problem, choice.right.asked], ["unknown", "nope"]);
    assert.deepEqual(choice.picks, { left: "open", right: "side-event" });
    const other = sideChoice("?left=nope&right=open", list);
    assert.deepEqual(other.picks, { left: "side-event", right: "open" }, "the left half gets the first the right does not show");
  });

  it("asks for both when the address names none, offering the first two of the list", () => {
    const choice = sideChoice("", list);
    assert.equal(choice.ok, false);
    assert.deepEqual([choice.left.problem, choice.right.problem], ["missing", "missing"]);
    assert.deepEqual(choice.picks, { left: "open", right: "side-event" });
    assert.equal(sideChoice("?left=league-a", list).right.problem, "missing");
  });

  it("does not show one competition on both halves", () => {
    const choice = sideChoice(new URLSearchParams({ left: "open", right: "open" }), list);
    assert.equal(choice.ok, false);
    assert.equal(choice.same, true);
    assert.deepEqual(choice.picks, { left: "open", right: "side-event" });
  });

  it("has nothing to pick on a server with one competition or none", () => {
    assert.deepEqual(sideChoice("?left=open&right=x", [list[0]]).picks, { left: "open", right: "" });
    const none = sideChoice("?left=a&right=b", []);
    assert.equal(none.ok, false);
    assert.deepEqual(none.picks, { left: "", right: "" });
  });

  it("says which half lacks a competition, in every language", () => {
    assert.equal(strings("side", "en").missing("right"), "Choose a competition for the right half.");
    assert.equal(strings("side", "sr-Cyrl").missing("left"), "Изаберите такмичење за леву половину.");
    assert.equal(strings("side", "sr-Latn").missing("right"), "Izaberite takmičenje za desnu polovinu.");
    assert.equal(strings("side", "sk").missing("left"), "Vyberte súťaž pre ľavú polovicu.");
    assert.equal(strings("side", "sk").unknown("liga-b"), "Na tomto serveri nie je súťaž „liga-b“.");
  });
});
