// display/common.js with the plan on the day: banners, the headline clock, the connection (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  BannerQueue, LiveConnection, Outbox, SIGNAL_TYPES, commandId, describeClock, describeSignal, postResending,
} from "../../display/common.js";
import { MIN, ZONE, at, event, fmt, other, round, strings } from "./helpers.mjs";

const DISPLAY = strings("display");

function sections(timetable, extra = {}) {
  return { tournament: { game: "preferans", timezone: ZONE }, timetable, announcements: [], players: [], ...extra };
}

describe("the banners of the day's changes", () => {
  it("lists the timetable commands as signals, not the missed plan", () => {
    for (const type of ["item_moved", "timetable_shifted", "item_added", "item_cancelled"]) assert.ok(SIGNAL_TYPES.has(type), type);
    assert.equal(SIGNAL_TYPES.has("plan_missed"), false);
    assert.equal(SIGNAL_TYPES.has("player_registered"), false);
  });

  it("builds the display's banner of a move, in the display's words", () => {
    const s = sections([round("r1", 1, at(14)), round("r3", 3, at(17, 50))]);
    const b = describeSignal(event(9, "item_moved", { item: "r3", title: "Round 3", start: at(17, 50), end: at(20, 50),
      was: [at(17, 30), at(20, 30)] }), s, DISPLAY.banner, fmt, at(12));
    assert.equal(b.title, "Round 3 now starts at 17:50");
    assert.equal(b.sub, "was 17:30");
    const sr = describeSignal(event(9, "item_moved", { item: "r3", title: "Коло 3", start: at(17, 50), end: at(20, 50),
      was: [at(17, 30), at(20, 30)] }), s, strings("display", "sr-Cyrl").banner, fmt, at(12));
    assert.equal(sr.title, "Коло 3 сада почиње у 17:50");
    assert.equal(sr.kicker, "Измена сатнице");
  });

  it("builds a shift's banner on the player's phone too", () => {
    const s = sections([round("r2", 2, at(14, 50), 180, { planned_start: at(14, 30) })]);
    const b = describeSignal(event(9, "timetable_shifted", { item: "r2", title: "Round 2", minutes: 20, items: ["r2"] }), s,
      strings("player").banner, fmt, at(12));
    assert.equal(b.title, "The timetable moves 20\u00a0minutes later");
    assert.equal(b.sub, "Round 2 now starts at 14:50");
  });

  it("gives no banner where the page has no words for it", () => {
    const { plan, ...withoutPlan } = DISPLAY.banner;
    assert.ok(plan);
    assert.equal(describeSignal(event(9, "item_added", { item: "r9", title: "R9", start: at(20) }), sections([]), withoutPlan, fmt), null);
  });

  it("says why a start is held", () => {
    const s = sections([round("r1", 1, at(14), 180, { status: "running", started_at: at(14) }), round("r2", 2, at(17, 30))]);
    const previous = describeSignal(event(5, "round_start_held", { item: "r2", reason: "previous", waiting_for: "r1" }), s,
      DISPLAY.banner, fmt);
    assert.equal(previous.title, "Waits for the referee");
    assert.equal(previous.sub, "Round 1 is still being played");
    const seating = describeSignal(event(6, "round_start_held", { item: "r2", reason: "seating" }), s, DISPLAY.banner, fmt);
    assert.equal(seating.sub, "The seating is not published yet");
  });
});

describe("the headline clock", () => {
  it("says why the next round waits for the referee", () => {
    const s = sections([round("r1", 1, at(14), 180, { status: "ended", started_at: at(14), ended_at: at(17) }),
      round("r2", 2, at(17, 30), 180, { status: "held", held_at: at(17, 30), held_for: "seating" })]);
    const c = describeClock(s, at(17, 31), DISPLAY, fmt);
    assert.equal(c.mode, "held");
    assert.equal(c.headline, "Round 2");
    assert.equal(c.state, "waits for the referee");
    assert.equal(c.sub, "seating not yet published");
    const busy = sections([round("r1", 1, at(14), 180, { status: "running", started_at: at(14) }),
      round("r2", 2, at(17, 30), 180, { status: "held", held_for: "previous", waiting_for: "r1" })]);
    assert.equal(describeClock(busy, at(17, 31), strings("display", "sr-Latn"), fmt).mode, "running");
  });

  it("shows the plan's time beside a moved start", () => {
    const s = sections([round("r2", 2, at(14, 50), 180, { planned_start: at(14, 30) })]);
    const c = describeClock(s, at(14), DISPLAY, fmt);
    assert.equal(c.mode, "until");
    assert.equal(c.sub, "starts at 14:50 · planned 14:30");
  });

  it("says that a plan in the past waits for the referee", () => {
    const s = sections([other("reg", "Registration", at(9)), round("r1", 1, at(10), 180, { status: "missed" }),
      round("r2", 2, at(13, 30), 180, { status: "missed" })]);
    const c = describeClock(s, at(20), DISPLAY, fmt);
    assert.equal(c.mode, "missed");
    assert.equal(c.headline, "The timetable's times have passed");
    assert.equal(c.state, "waits for the referee");
    const done = sections([round("r1", 1, at(10), 180, { status: "ended", started_at: at(10), ended_at: at(13) })]);
    assert.equal(describeClock(done, at(20), DISPLAY, fmt).headline, "That was the last item of the timetable");
  });
});

describe("banners and the connection", () => {
  it("shows a followed banner beside its event's own banner (same seq and ts)", () => {
    const shown = [];
    const queue = new BannerQueue((b) => shown.push(b), { showMs: 10_000, now: () => 100 });
    queue.push({ seq: 4, ts: 100, title: "Round 1 extended" });
    queue.push({ seq: 4, ts: 100, key: "4:followed:r2", title: "Round 2 now starts at 14:50" });
    queue.push({ seq: 4, ts: 100, title: "again" }); // the same event replayed
    assert.deepEqual(queue.queue.map((b) => b.title), ["Round 2 now starts at 14:50"]);
    queue.withdraw(4); // an undo of the command takes both away
    assert.equal(queue.current, null);
    clearTimeout(queue.timer);
    assert.equal(shown.at(-1), null);
  });

  it("hands an event's changed sections to onEvent and onUpdate", () => {
    const seen = [];
    const connection = new LiveConnection({
      view: "display",
      onUpdate: (sections, info) => seen.push(["update", info.changes, sections.announcements]),
      onEvent: (e, info) => seen.push(["event", e.seq, info.changes, info.fresh]),
    });
    const followed = { seq: 12, ts: at(17), type: "timetable_followed", item: "r2", start: at(17, 50), was: at(17, 30) };
    const changes = { announcements: [followed] };
    connection.handle({ type: "event", seq: 12, event: event(12, "round_extended", { item: "r1", minutes: 20, ms: 20 * MIN }), changes });
    assert.deepEqual(seen, [["update", changes, [followed]], ["event", 12, changes, true]]);
    connection.handle({ type: "event", seq: 13, event: event(13, "announced", { text: "hi" }) });
    assert.deepEqual(seen.at(-1), ["event", 13, {}, true], "an event that changed no section brings empty changes");
    connection.handle({ type: "event", seq: 12, event: event(12, "round_extended", {}), changes });
    assert.equal(seen.length, 3, "an event seen before is not handed on again");
  });
});

describe("commands sent at most once", () => {
  it("gives every command an id of its own", () => {
    const ids = new Set(Array.from({ length: 50 }, () => commandId()));
    assert.equal(ids.size, 50);
    for (const id of ids) assert.match(id, /^[0-9a-f]{24}$/);
  });

  it("sends the same body again after a 503 or a lost answer, then gives up with the last answer", async () => {
    const bodies = [];
    const answers = [() => { throw new Error("lost"); }, () => ({ status: 503 }), () => ({ status: 200 })];
    const fetchFn = async (url, init) => { bodies.push(init.body); return answers.shift()(); };
    const waits = [];
    const response = await postResending("/api/commands", { body: '{"id":"a1"}' },
      { fetchFn, sleep: async (ms) => { waits.push(ms); } });
    assert.equal(response.status, 200);
    assert.deepEqual(bodies, ['{"id":"a1"}', '{"id":"a1"}', '{"id":"a1"}']);
    assert.deepEqual(waits, [1000, 2000]);
    const always503 = async () => ({ status: 503 });
    assert.equal((await postResending("/x", {}, { fetchFn: always503, sleep: async () => {} })).status, 503);
  });

  it("does not send again after an answer that is not a 503", async () => {
    let calls = 0;
    const fetchFn = async () => { calls += 1; return { status: 409 }; };
    assert.equal((await postResending("/x", {}, { fetchFn, sleep: async () => {} })).status, 409);
    assert.equal(calls, 1);
  });

  it("gives up on an attempt the server does not answer, and says 'not confirmed yet' once meanwhile", async () => {
    // A fake timer: every timer fires at once, in the order set, unless cleared first.
    const timers = [];
    const timer = { set: (f, ms) => { timers.push({ f, ms, live: true }); return timers.length - 1; },
      clear: (t) => { if (timers[t]) timers[t].live = false; } };
    const fire = (ms) => { for (const t of timers) if (t.live && t.ms === ms) { t.live = false; t.f(); } };
    let pending = 0;
    const signals = [];
    const hung = (url, init) => new Promise((_, reject) => {
      signals.push(init.signal);
      init.signal.addEventListener("abort", () => reject(init.signal.reason));
    });
    const sent = postResending("/x", { body: "{}" }, {
      fetchFn: hung, timer, tries: 2, onPending: () => { pending += 1; }, sleep: async () => {} });
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    fire(2500);
    assert.equal(pending, 1, "the page is told before the first attempt gives up");
    fire(5000);
    await tick();
    fire(5000);
    await assert.rejects(sent, /no answer/);
    assert.equal(signals.length, 2, "sent twice, each attempt cut off");
    assert.ok(signals.every((x) => x.aborted));
    assert.equal(pending, 1);
  });

  it("an answer in time is no 'not confirmed yet'", async () => {
    let pending = 0;
    const response = await postResending("/x", {}, { fetchFn: async () => ({ status: 200 }),
      onPending: () => { pending += 1; }, pendingMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(response.status, 200);
    assert.equal(pending, 0);
  });
});

describe("the outbox of unconfirmed commands", () => {
  let n = 0;
  const outbox = () => new Outbox(() => `id${(n += 1)}`);

  it("sends a command again with its id while it is unconfirmed, and a new one once it is settled", () => {
    const box = outbox();
    const first = box.prepare({ type: "extend", item: "r1", minutes: 5 });
    assert.equal(box.prepare({ type: "extend", item: "r1", minutes: 5 }).id, first.id, "on its way: the same");
    box.unconfirmed(first);
    const again = box.prepare({ minutes: 5, item: "r1", type: "extend" });
    assert.equal(again.id, first.id, "the second press is the same command: applied once");
    assert.notEqual(box.prepare({ type: "extend", item: "r1", minutes: 10 }).id, first.id, "another command");
    box.settled(again);
    assert.notEqual(box.prepare({ type: "extend", item: "r1", minutes: 5 }).id, first.id,
      "after the answer a new press is a new extension");
  });

  it("keeps the event that came before the console gave up on the answer", () => {
    const box = outbox();
    const sent = box.prepare({ type: "extend", item: "r1", minutes: 5 });
    const event = { seq: 7, type: "round_extended", signal: `cmd:${sent.id}` };
    assert.equal(box.arrived(event), null, "still waiting for the answer");
    assert.deepEqual(box.unconfirmed(sent), event, "no answer, but it was stored");
    assert.equal(box.size, 0);
  });

  it("settles the command its event stores, and says which it was", () => {
    const box = outbox();
    const sent = box.prepare({ type: "extend", item: "r1", minutes: 5 });
    assert.equal(box.unconfirmed(sent), null);
    assert.equal(box.arrived({ seq: 9, type: "announced" }), null);
    assert.equal(box.arrived({ seq: 10, type: "round_extended", signal: "cmd:other" }), null);
    assert.deepEqual(box.arrived({ seq: 11, type: "round_extended", signal: `cmd:${sent.id}` }), sent);
    assert.equal(box.size, 0);
    assert.equal(box.arrived({ seq: 11, type: "round_extended", signal: `cmd:${sent.id}` }), null, "once");
  });
});
