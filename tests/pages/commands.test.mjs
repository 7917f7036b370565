// display/lib/commands.js: commands sent at most once, and the outbox of unconfirmed ones (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { OUTBOX_KEY, Outbox, commandId, postResending } from "../../display/lib/commands.js";

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

  /** A tab's sessionStorage: what it holds survives the page (a reload makes a new Outbox on it). */
  const tabStorage = () => {
    const items = new Map();
    return { items, getItem: (k) => (items.has(k) ? items.get(k) : null), setItem: (k, v) => items.set(k, String(v)),
      removeItem: (k) => items.delete(k) };
  };

  it("keeps the id of a command whose answer a reload lost: pressed again after it, it is the same command", () => {
    const storage = tabStorage();
    const before = new Outbox(() => `id${(n += 1)}`, storage);
    const sent = before.prepare({ type: "extend", item: "r1", minutes: 5 }); // on its way when the page reloads
    const after = new Outbox(() => `id${(n += 1)}`, storage);
    assert.equal(after.size, 1);
    assert.deepEqual(after.toCheck(), [{ id: sent.id, body: sent }], "unknown in the new page: to ask about");
    assert.equal(after.prepare({ type: "extend", item: "r1", minutes: 5 }).id, sent.id, "the second press: stored once");
    after.settled(sent);
    assert.equal(storage.items.has(OUTBOX_KEY), false, "settled: nothing kept");
    assert.equal(new Outbox(() => "new", storage).size, 0);
  });

  it("says a command the server does not have is not applied, once, and keeps its id for the next press", () => {
    const storage = tabStorage();
    const box = new Outbox(() => `id${(n += 1)}`, storage);
    const sent = box.prepare({ type: "extend", item: "r1", minutes: 5 });
    const other = box.prepare({ type: "pause", item: "r1" });
    assert.deepEqual(box.toCheck(), [], "on their way: their answers will say");
    box.unconfirmed(sent);
    box.unconfirmed(other);
    assert.deepEqual(box.toCheck().map((x) => x.id), [sent.id, other.id]);
    assert.equal(box.lookedUp(sent.id, null), "notApplied");
    assert.equal(box.lookedUp(sent.id, null), null, "said once, not at every reconnect");
    assert.equal(box.lookedUp(other.id, { seq: 12, type: "round_paused" }), "stored");
    assert.deepEqual(box.toCheck().map((x) => x.id), [sent.id], "asked about again at the next reconnect");
    const reloaded = new Outbox(() => "new", storage);
    assert.equal(reloaded.lookedUp(sent.id, null), null, "said before the reload: not again");
    assert.equal(reloaded.prepare({ type: "extend", item: "r1", minutes: 5 }).id, sent.id, "pressed again: the same id");
    assert.equal(box.lookedUp(sent.id, { seq: 13, type: "round_extended" }), "stored", "it came after all");
    assert.equal(box.lookedUp("unknown", null), null);
  });

  it("a storage that fails or holds rubbish is no storage", () => {
    const broken = { getItem: () => "{not json", setItem: () => { throw new Error("full"); }, removeItem: () => {} };
    const box = new Outbox(() => "a1", broken);
    assert.equal(box.size, 0);
    assert.equal(box.prepare({ type: "pause", item: "r1" }).id, "a1");
    const odd = tabStorage();
    odd.setItem(OUTBOX_KEY, JSON.stringify([null, { body: { type: "pause" } }, { body: { type: "pause", id: "k1" } }]));
    assert.deepEqual(new Outbox(() => "x", odd).toCheck(), [{ id: "k1", body: { type: "pause", id: "k1" } }]);
  });
});
