// display/player/round-banner.js: a round's call ("to your tables") and start on a phone say where the
// player sits, and a phone that was asleep, hidden or off line when its round was called or started shows
// what it missed when it wakes — once (node --test tests/pages). The module is the page's own, with its
// words and state: it runs here over a stand-in for the browser (the page's head names the Čačak
// tournament's sr-Cyrl, the catalogue comes from display/i18n/, a tab's sessionStorage, the banner's elements).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { after, beforeEach, describe, it } from "node:test";

import { timeFormatter } from "../../display/lib/format.js";
import { ZONE, at } from "./helpers.mjs";

const elements = new Map();
const element = (id) => {
  if (!elements.has(id)) elements.set(id, { id, textContent: "", hidden: true, className: "", addEventListener() {} });
  return elements.get(id);
};
const stored = new Map();
globalThis.sessionStorage = {
  getItem: (k) => (stored.has(k) ? stored.get(k) : null),
  setItem: (k, v) => stored.set(k, String(v)),
};
globalThis.location = { search: "", protocol: "http:", host: "hall.example" };
globalThis.document = {
  visibilityState: "visible",
  documentElement: { lang: "" },
  querySelector: (selector) => (selector === 'meta[name="live-language"]' ? { getAttribute: () => "sr-Cyrl" } : null),
  getElementById: element,
};
globalThis.fetch = async (url) => {
  try {
    const text = await readFile(fileURLToPath(url), "utf8");
    return { ok: true, json: async () => JSON.parse(text) };
  } catch {
    return { ok: false, json: async () => ({}) };
  }
};

const { describeSignal } = await import("../../display/lib/signals.js");
const { banners } = await import("../../display/player/banner.js");
const { catchUp, shownLive, withSeat } = await import("../../display/player/round-banner.js");
const { STRINGS, page } = await import("../../display/player/state.js");

/** The hello's event families as the connection keeps them (live/projections/views.py event_families). */
const TYPES = { banner: new Set(["round_called", "round_started", "announced"]), plan: new Set() };
const START = at(17);
const END = at(20);

/** The Čačak day: round 1 seated (Весна at table 2, seat 3), round 2 not yet; `status` is round 1's. */
function sections(status = "called", extra = {}) {
  return {
    tournament: { id: "cacak-2027", game: "preferans" },
    players: [
      { id: "p1", name: "Ана Петровић" }, { id: "p2", name: "Бојан Илић" }, { id: "p3", name: "Весна Јовановић" },
      { id: "p4", name: "Драган Марковић" }, { id: "p5", name: "Јелена Шарић" }, { id: "p6", name: "Милан Ђорђевић" },
      { id: "p7", name: "Зоран Лазић" },
    ],
    timetable: [
      { id: "r1", title: "1. коло", playing: true, status, start: START, ends_at: END },
      { id: "r2", title: "2. коло", playing: true, status: "scheduled", start: at(21), ends_at: at(24) },
    ],
    seating: { r1: { tables: [{ table: 1, players: ["p1", "p2", "p4"] }, { table: 2, players: ["p5", "p6", "p3"] }] } },
    ...extra,
  };
}

/** The phone of `player` with `s` as its sections, nothing shown or remembered yet (a fresh tab). */
function phone(player, s) {
  while (banners.current || banners.queue.length) banners.dismiss();
  stored.clear();
  document.visibilityState = "visible";
  page.sections = s;
  page.playerId = player;
  page.fmt = timeFormatter(ZONE, STRINGS.locale);
  page.connection = { types: TYPES };
}

/** A live call or start as main.js draws it: the signal's banner with the seat. */
const live = (type, item = "r1", seq = 40) => withSeat(describeSignal({ seq, ts: Date.now(), type, payload: { item } },
  page.sections, STRINGS.banner, page.fmt, TYPES));
const onScreen = () => (banners.current ? [banners.current.title, banners.current.sub] : null);

describe("a round's call and start on the phone", () => {
  beforeEach(() => phone("p3", sections("called")));
  after(() => phone(null, {}));

  it("are in the tournament's language (the page's head names it)", () => {
    assert.equal(STRINGS.banner.called, "За столове");
    assert.equal(STRINGS.banner.started, "Почетак кола");
  });

  it("the call says the table and seat first, then when the round starts", () => {
    const banner = live("round_called");
    assert.equal(banner.title, "За столове");
    assert.equal(banner.kicker, "1. коло");
    assert.equal(banner.sub, "сто 2, место 3 · почетак у 17:00");
  });

  it("the start says the table and seat, then when the round ends", () => {
    page.sections = sections("running");
    const banner = live("round_started");
    assert.equal(banner.title, "Почетак кола");
    assert.equal(banner.sub, "сто 2, место 3 · завршетак у 20:00");
  });

  it("keep the seat when the time is drawn again (a round extended while its start is on screen)", () => {
    page.sections = sections("running");
    const banner = live("round_started");
    banners.push(banner);
    const later = sections("running");
    later.timetable[0].ends_at = END + 5 * 60_000;
    banners.refresh(later);
    assert.deepEqual(onScreen(), ["Почетак кола", "сто 2, место 3 · завршетак у 20:05"]);
  });

  it("a player not seated in the round gets the call without a seat, and other banners are left as they are", () => {
    phone("p7", sections("called"));
    assert.equal(live("round_called").sub, "почетак у 17:00");
    const notice = { type: "announced", title: "Пауза", sub: "10 минута" };
    assert.equal(withSeat(notice), notice);
    assert.deepEqual(notice, { type: "announced", title: "Пауза", sub: "10 минута" });
    assert.equal(withSeat(null), null);
  });

  it("in a team league says the match: home or away, against whom", () => {
    const league = {
      tournament: { id: "liga", game: "bridge" },
      players: [{ id: "a1", name: "Ана", team: "t1" }],
      teams: [{ id: "t1", name: "Петроварадин" }, { id: "t2", name: "Слован" }],
      timetable: [{ id: "m1", title: "1. меч", playing: true, status: "running", start: START, ends_at: END }],
      seating: { m1: { matches: [{ home: "t2", away: "t1" }] } },
    };
    phone("a1", league);
    assert.equal(live("round_started", "m1").sub, "гост против: Слован · завршетак у 20:00");
  });
});

describe("a phone that missed its round's call or start", () => {
  beforeEach(() => phone("p3", sections("called")));
  after(() => phone(null, {}));

  it("shows the call it missed, with the seat, when it wakes", () => {
    catchUp();
    assert.deepEqual(onScreen(), ["За столове", "сто 2, место 3 · почетак у 17:00"]);
    assert.equal(banners.current.type, "round_called");
  });

  it("shows it once: the next snapshot or waking of the same tab does not show it again", () => {
    catchUp();
    banners.dismiss();
    catchUp();
    assert.equal(onScreen(), null);
  });

  it("shows the start, not the call, once the round has started meanwhile", () => {
    page.sections = sections("running");
    catchUp();
    assert.deepEqual(onScreen(), ["Почетак кола", "сто 2, место 3 · завршетак у 20:00"]);
  });

  it("shows the start after having shown the call (a phone asleep from the call to the start)", () => {
    catchUp();
    banners.dismiss();
    page.sections = sections("running");
    catchUp();
    assert.deepEqual(onScreen(), ["Почетак кола", "сто 2, место 3 · завршетак у 20:00"]);
  });

  it("shows nothing while the page is out of sight, and the call when it comes back", () => {
    document.visibilityState = "hidden";
    catchUp();
    assert.equal(onScreen(), null);
    document.visibilityState = "visible";
    catchUp();
    assert.deepEqual(onScreen(), ["За столове", "сто 2, место 3 · почетак у 17:00"]);
  });

  it("does not show again a call shown live in sight, but does one that came while the page was hidden", () => {
    const seenLive = live("round_called");
    banners.push(seenLive);
    shownLive(seenLive);
    banners.dismiss();
    catchUp();
    assert.equal(onScreen(), null);
    phone("p3", sections("called"));
    document.visibilityState = "hidden";
    const unseen = live("round_called", "r1", 41);
    banners.push(unseen);
    shownLive(unseen);
    banners.dismiss();
    document.visibilityState = "visible";
    catchUp();
    assert.deepEqual(onScreen(), ["За столове", "сто 2, место 3 · почетак у 17:00"]);
  });

  it("remembers what it showed across a reload of the tab (sessionStorage), not across tabs", () => {
    catchUp();
    banners.dismiss();
    const kept = new Map(stored);
    phone("p3", sections("called")); // a new tab: nothing remembered
    catchUp();
    assert.deepEqual(onScreen(), ["За столове", "сто 2, место 3 · почетак у 17:00"]);
    banners.dismiss();
    for (const [k, v] of kept) stored.set(k, v); // the same tab reloaded
    catchUp();
    assert.equal(onScreen(), null);
  });

  it("does not add a second banner of the call when the live one is still on screen or waiting", () => {
    banners.push(live("round_called"));
    catchUp();
    assert.equal(banners.queue.length, 0);
    assert.equal(banners.current.seq, 40);
  });

  it("shows nothing for a round the player has no seat in, nor without a player or a round called", () => {
    phone("p7", sections("called"));
    catchUp();
    assert.equal(onScreen(), null);
    phone(null, sections("called"));
    catchUp();
    assert.equal(onScreen(), null);
    phone("p3", sections("scheduled"));
    catchUp();
    assert.equal(onScreen(), null);
  });

  it("is each player's own: another player chosen on the same tab is shown the call too", () => {
    catchUp();
    banners.dismiss();
    const kept = new Map(stored);
    phone("p5", sections("called"));
    for (const [k, v] of kept) stored.set(k, v);
    catchUp();
    assert.deepEqual(onScreen(), ["За столове", "сто 2, место 1 · почетак у 17:00"]);
  });
});
