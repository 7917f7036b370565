// display/lib/connection.js and boot.js: the live connection applying the page's own data, snapshots and events
// (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { pageAge, readBoot, takeBoot } from "../../display/lib/boot.js";
import { LiveConnection, eventFamilies } from "../../display/lib/connection.js";
import { MIN, at, event } from "./helpers.mjs";

describe("the live connection", () => {
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

  it("applies an event's patch and hands on the patched section whole, in the page's script", () => {
    const seen = [];
    const c = new LiveConnection({
      view: "display",
      onUpdate: (sections, info) => seen.push([sections, info.changes]),
    });
    const rows = Array.from({ length: 70 }, (_, i) => ({ id: `p${i}`, name: `Играч ${i}`, arrived_at: null }));
    c.handle({ type: "snapshot", seq: 4, sections: { lateness: { r1: { rows } }, players: [] } });
    c.script = true; // as on a Latin-script page
    c.handle({ type: "event", seq: 5, event: event(5, "checked_in", { item: "r1", player: "p3" }), changes: {},
      patch: [{ op: "replace", path: "/lateness/r1/rows/3/arrived_at", value: 99 }] });
    const [sections, changes] = seen.at(-1);
    assert.equal(sections.lateness.r1.rows[3].arrived_at, 99);
    assert.equal(changes.lateness, sections.lateness, "the page sees the section as if it came whole");
    assert.equal(sections.lateness.r1.rows[3].name, "Igrač 3");
  });

  it("a patch that does not fit drops the socket, so that the reconnect's snapshot puts it right", () => {
    const c = new LiveConnection({ view: "display" });
    c.handle({ type: "snapshot", seq: 4, sections: { lateness: {} } });
    let dropped = null;
    c.silent = (reason) => { dropped = reason; };
    c.handle({ type: "event", seq: 5, event: event(5, "checked_in", {}), changes: {},
      patch: [{ op: "replace", path: "/lateness/r9/rows/3", value: 1 }] });
    assert.match(dropped, /patch that does not fit/);
  });

  /** A clock that says `now`, and remembers the samples and hints it was given. */
  const fakeClock = (now) => ({ now: () => now, hints: [], samples: [], hint(x) { this.hints.push(x); },
    sample(...x) { this.samples.push(x); } });

  it("takes a snapshot's sections, in Latin letters on a Latin page, as written on the console", () => {
    const statuses = [];
    const snapshot = { type: "snapshot", seq: 40, sections: { tournament: { name: "Куп Чачка" }, players: [{ id: "p1", name: "Љуба" }] } };
    const display = new LiveConnection({ view: "display", onStatus: (on) => statuses.push(on) }); // the page's language: en
    display.handle(snapshot);
    assert.equal(display.sections.tournament.name, "Kup Čačka");
    assert.equal(display.sections.players[0].name, "Ljuba");
    assert.equal(display.lastSeq, 40);
    assert.equal(display.connected, true);
    display.handle({ ...snapshot, seq: 41 });
    assert.deepEqual(statuses, [true], "connected once, not again for the next snapshot");
    const referee = new LiveConnection({ view: "referee" });
    referee.handle(snapshot);
    assert.equal(referee.sections.players[0].name, "Љуба");
    assert.equal(snapshot.sections.players[0].name, "Љуба", "the message itself is left alone");
  });

  it("reconnects with the last seq it has, for the player it follows", () => {
    globalThis.location = { protocol: "https:", host: "hall.example" };
    try {
      const c = new LiveConnection({ view: "player", player: "p7" });
      assert.equal(c.url(), "wss://hall.example/ws?view=player&player=p7");
      c.handle({ type: "snapshot", seq: 12, sections: {} });
      c.handle({ type: "event", seq: 15, event: event(15, "announced", { text: "hi" }) });
      assert.equal(c.url(), "wss://hall.example/ws?view=player&player=p7&since=15");
      c.setPlayer("p8"); // stopped: no socket to drop
      assert.equal(c.url(), "wss://hall.example/ws?view=player&player=p8", "another player: a fresh subscription");
      globalThis.location.protocol = "http:";
      assert.equal(new LiveConnection({ view: "display" }).url(), "ws://hall.example/ws?view=display");
    } finally {
      delete globalThis.location;
    }
  });

  it("tells the server which log its sections are of, and takes a hello that says they are current", () => {
    globalThis.location = { protocol: "https:", host: "hall.example" };
    try {
      const statuses = [];
      const updates = [];
      const c = new LiveConnection({ view: "display", onStatus: (on) => statuses.push(on), onUpdate: () => updates.push(1) });
      c.clock = fakeClock(at(10));
      c.pingBurst = () => {};
      c.handle({ type: "hello", server_time: at(10), seq: 12, log: "cacak.1700", types: {} }, { boot: true });
      c.handle({ type: "snapshot", seq: 12, sections: { players: [] } }, { boot: true });
      assert.equal(c.connected, false, "the page's own data: not connected yet");
      assert.equal(c.url(), "wss://hall.example/ws?view=display&since=12&log=cacak.1700");
      const before = c.sections;
      c.handle({ type: "hello", server_time: at(10), seq: 12, since: 12, log: "cacak.1700", current: true, types: {} });
      assert.equal(c.connected, true, "no snapshot follows: the hello says the page is current");
      assert.deepEqual(statuses, [true]);
      assert.equal(c.sections, before, "the sections are left as they were");
      assert.equal(updates.length, 1, "only the boot's update");
      c.handle({ type: "hello", server_time: at(11), seq: 14, since: 12, log: "cacak.1700", types: {} });
      assert.equal(c.connected, true, "a hello without `current` waits for its snapshot (still connected from before)");
      c.setPlayer(null);
      assert.equal(c.url(), "wss://hall.example/ws?view=display", "a fresh subscription: neither since nor log");
    } finally {
      delete globalThis.location;
    }
  });

  it("opens the WebSocket at /ws on the page's own origin, as the page was loaded", () => {
    globalThis.location = { protocol: "http:", host: "192.168.1.5:8000" };
    try {
      assert.equal(new LiveConnection({ view: "display" }).url(), "ws://192.168.1.5:8000/ws?view=display");
      globalThis.location = { protocol: "https:", host: "hall.example" }; // behind a proxy with TLS
      assert.equal(new LiveConnection({ view: "display" }).url(), "wss://hall.example/ws?view=display");
    } finally {
      delete globalThis.location;
    }
  });

  it("takes the sections the server held back for a slow reader, as after the event it has", () => {
    const seen = [];
    const c = new LiveConnection({ view: "display", onUpdate: (sections, info) => seen.push([info.kind, info.changes]) });
    c.handle({ type: "snapshot", seq: 4, sections: { standings: [{ id: "p1" }], announcements: [] } });
    c.handle({ type: "event", seq: 5, event: event(5, "announced", { text: "hi" }), changes: { announcements: ["hi"] } });
    c.handle({ type: "sections", seq: 5, resync: true, changes: { standings: [{ id: "p2" }] } });
    assert.deepEqual(c.sections, { standings: [{ id: "p2" }], announcements: ["hi"] });
    assert.equal(c.lastSeq, 5, "no seq of its own");
    assert.deepEqual(seen.at(-1), ["sections", { standings: [{ id: "p2" }] }]);
  });

  it("calls a replayed event fresh only when it is a few seconds old", () => {
    const fresh = [];
    const c = new LiveConnection({ view: "display", clock: fakeClock(at(12)), onEvent: (e, info) => fresh.push([e.seq, info.fresh]) });
    c.handle({ type: "event", seq: 1, replay: true, event: event(1, "round_started", { item: "r1" }, at(12) - 11_000) });
    c.handle({ type: "event", seq: 2, replay: true, event: event(2, "round_paused", { item: "r1" }, at(12) - 3_000) });
    c.handle({ type: "event", seq: 3, event: event(3, "round_resumed", { item: "r1" }, at(12) - 60_000) });
    assert.deepEqual(fresh, [[1, false], [2, true], [3, true]], "a live event is always fresh");
  });

  it("feeds the clock the hello's time and every pong", (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const clk = fakeClock(0);
    const hellos = [];
    const c = new LiveConnection({ view: "display", clock: clk, onHello: (m) => hellos.push(m.server_time) });
    c.handle({ type: "hello", server_time: 1_234 });
    c.handle({ type: "pong", t: 100, server: 5_000 });
    assert.deepEqual(clk.hints, [1_234]);
    assert.deepEqual(clk.samples, [[100, 5_000]]);
    assert.deepEqual(hellos, [1_234]);
    c.clearPingTimers();
  });

  it("says the server's refusal, and patches a section locally as a new object", () => {
    const errors = [];
    const c = new LiveConnection({ view: "player", onError: (message, data) => errors.push([message, data.signed_out]) });
    c.handle({ type: "error", error: "unknown player", signed_out: false });
    assert.deepEqual(errors, [["unknown player", false]]);
    assert.equal(c.serverError, "unknown player");
    const before = c.sections;
    const after = c.patch("standings", [{ player: "p1" }]);
    assert.notEqual(after, before, "pages compare sections by identity");
    assert.deepEqual(c.sections.standings, [{ player: "p1" }]);
  });

  it("keeps handing on events when a page's callback throws", (t) => {
    const logged = t.mock.method(console, "error", () => {});
    const seen = [];
    const c = new LiveConnection({ view: "display", onUpdate: () => { throw new Error("a page bug"); },
      onEvent: (e) => seen.push(e.seq) });
    c.handle({ type: "event", seq: 5, event: event(5, "announced", { text: "hi" }), changes: { announcements: [] } });
    assert.deepEqual(seen, [5]);
    assert.equal(logged.mock.callCount(), 1);
  });

  /** A page's boot data block, and a browser around it: a document holding it, sockets that only record. */
  const BOOT_HELLO = { type: "hello", server_time: at(12), seq: 40, view: "player", since: null, resync: false,
    types: { banner: ["round_started"], score: ["result_recorded", "sanction_recorded"], not_undoable: ["command_undone"] } };
  const BOOT_SNAPSHOT = { type: "snapshot", view: "player", seq: 40, sections: {
    tournament: { name: "Куп" }, limits: { code: 8, code_group: 4 }, me: { id: "p7", name: "Ана", session: true } } };
  /** The navigation's timing: asked 1 s after the page's start, first byte 1.4 s after, read `now` ms after
   * its start; `extra` for a cached page. */
  const perfOf = (now, extra = {}) => ({ now: () => now,
    getEntriesByType: (kind) => (kind === "navigation" ? [{ type: "navigate", requestStart: 1000, responseStart: 1400,
      transferSize: 9000, decodedBodySize: 30000, ...extra }] : []) });

  function browser(t, boot = { hello: BOOT_HELLO, snapshot: BOOT_SNAPSHOT }) {
    const block = boot === null ? null : { textContent: JSON.stringify(boot), dataset: {} };
    const sockets = [];
    class FakeSocket {
      static OPEN = 1;
      constructor(url) {
        this.url = url;
        this.readyState = 0;
        this.sent = [];
        sockets.push(this);
      }
      send(text) {
        this.sent.push(JSON.parse(text));
      }
      close() {
        this.readyState = 3;
      }
      /** The server says something on this socket. */
      receive(message) {
        this.readyState = 1;
        this.onmessage({ data: JSON.stringify(message) });
      }
    }
    const listeners = { addEventListener() {}, removeEventListener() {} };
    const doc = { ...listeners, visibilityState: "visible", getElementById: (id) => (id === "live-boot" ? block : null) };
    Object.assign(globalThis, { document: doc, window: listeners, WebSocket: FakeSocket,
      location: { protocol: "http:", host: "hall.example", search: "" } });
    t.after(() => {
      for (const name of ["document", "window", "WebSocket", "location"]) delete globalThis[name];
    });
    t.mock.timers.enable({ apis: ["setTimeout", "setInterval", "Date"], now: at(12, 1) });
    return { doc, block, sockets };
  }

  it("draws the page's boot data as the socket's first messages, then asks the socket only for what came after", (t) => {
    const { doc, sockets } = browser(t);
    const clk = fakeClock(at(12, 1));
    const seen = [];
    const c = new LiveConnection({ view: "player", player: "p7", clock: clk,
      onHello: (m) => seen.push(["hello", m.seq]), onUpdate: (sections, info) => seen.push(["update", info.kind, info.boot, sections.me?.id]),
      onStatus: (up) => seen.push(["status", up]) });
    // The page was asked for 1 s after its start and written 1.2 s after it, 60 s before it is read.
    assert.equal(c.boot(doc, perfOf(61_200)), true);
    assert.deepEqual(seen, [["hello", 40], ["update", "snapshot", true, "p7"]], "connected? not yet: no status");
    assert.equal(c.connected, false);
    assert.equal(c.sections.tournament.name, "Kup", "in the page's script, as from the socket");
    assert.deepEqual(clk.hints, [at(12) + 60_000], "the boot's server time as it is now, not when the page was read");
    assert.deepEqual([...c.types.score], ["result_recorded", "sanction_recorded"], "the hello's families");
    assert.equal(c.types.plan.size, 0);
    c.start();
    assert.equal(sockets.length, 1);
    assert.equal(sockets[0].url, "ws://hall.example/ws?view=player&player=p7&since=40");
    assert.equal(seen.length, 2, "start does not draw the boot again");
    // The socket's own hello and snapshot make the page connected.
    sockets[0].receive({ ...BOOT_HELLO, since: 40, types: { ...BOOT_HELLO.types, plan: ["item_moved"] } });
    sockets[0].receive({ ...BOOT_SNAPSHOT, seq: 41 });
    assert.deepEqual(seen.slice(2), [["hello", 40], ["update", "snapshot", undefined, "p7"], ["status", true]]);
    assert.deepEqual([...c.types.plan], ["item_moved"]);
    // A reconnect asks from the last seq it has; the boot is not drawn again.
    sockets[0].onclose({ code: 1006, reason: "" });
    t.mock.timers.tick(1_000);
    assert.equal(sockets.length, 2);
    assert.equal(sockets[1].url, "ws://hall.example/ws?view=player&player=p7&since=41");
    assert.equal(seen.filter((x) => x[2] === true).length, 1);
    c.stop();
  });

  it("names the log with its since after a boot of its own page", (t) => {
    const boot = { hello: { ...BOOT_HELLO, log: "cacak.1" }, snapshot: BOOT_SNAPSHOT };
    const perf = perfOf(2_000);
    const own = new LiveConnection({ view: "player", player: "p7", clock: fakeClock(at(12)) });
    assert.equal(own.boot(browser(t, boot).doc, perf), true);
    assert.match(own.url(), /[?&]since=40&log=cacak\.1$/, "the page's own player: the server may skip the snapshot");
  });

  it("leaves the log out after a boot of another player's page, until its snapshot came", (t) => {
    const boot = { hello: { ...BOOT_HELLO, log: "cacak.1" }, snapshot: BOOT_SNAPSHOT };
    const other = new LiveConnection({ view: "player", player: "p8", clock: fakeClock(at(12)) });
    assert.equal(other.boot(browser(t, boot).doc, perfOf(2_000)), true);
    assert.equal(other.sections.me, undefined);
    assert.match(other.url(), /[?&]since=40$/, "another player's page lacks `me`: no log, so a snapshot comes");
    other.handle({ ...BOOT_SNAPSHOT, sections: { me: { id: "p8" } } });
    assert.match(other.url(), /[?&]since=40&log=cacak\.1$/, "after its snapshot it has them all");
  });

  it("reads the boot block once: a second connection and another player take the normal path", (t) => {
    const { doc, block, sockets } = browser(t);
    const perf = perfOf(2_000);
    const first = new LiveConnection({ view: "player", player: "p8", clock: fakeClock(at(12)) });
    assert.equal(first.boot(doc, perf), true);
    assert.equal(first.sections.me, undefined, "the page's `me` is another player's: not this one's");
    assert.equal(block.dataset.taken, "1");
    assert.equal(takeBoot(doc, perf), null, "taken");
    const second = new LiveConnection({ view: "player", player: "p7", clock: fakeClock(at(12)) });
    assert.equal(second.boot(doc, perf), false);
    assert.deepEqual(second.sections, {});
    // Following another player drops the page's data: a fresh subscription.
    first.setPlayer("p9");
    first.start();
    assert.equal(sockets[0].url, "ws://hall.example/ws?view=player&player=p9");
    first.stop();
  });

  it("takes no boot from the browser's cache, of another view, or that does not parse", (t) => {
    const { doc, block } = browser(t);
    const perf = perfOf(2_000);
    assert.equal(takeBoot(doc, perfOf(2_000, { transferSize: 0 })), null, "the page came from the cache: its data may be old");
    block.dataset = {};
    assert.equal(takeBoot(doc, perfOf(2_000, { type: "back_forward" })), null);
    block.dataset = {};
    const hall = new LiveConnection({ view: "display", clock: fakeClock(at(12)) });
    assert.equal(hall.boot(doc, perf), false, "a player view's boot on a display connection");
    assert.equal(hall.lastSeq, null);
    block.dataset = {};
    block.textContent = "{not json";
    assert.equal(takeBoot(doc, perf), null);
    assert.equal(takeBoot({ getElementById: () => null }, perf), null, "a page without a block");
  });

  it("dates the page midway between its request and its first byte, on the page's own clock", () => {
    assert.equal(pageAge(perfOf(3_200)), 2_000);
    assert.equal(pageAge({ now: () => 5, getEntriesByType: () => [] }), null, "no navigation timing");
    assert.equal(pageAge(undefined), null);
  });

  it("shows the console who is signed in without taking the page's data", (t) => {
    const { doc, block } = browser(t, { hello: { ...BOOT_HELLO, view: "referee" }, snapshot: { ...BOOT_SNAPSHOT, view: "referee" },
      me: { name: "Ana", actor: "referee:Ana" } });
    assert.equal(readBoot(doc, perfOf(2_000)).me.name, "Ana");
    assert.equal(block.dataset.taken, undefined, "still there for the connection");
    const c = new LiveConnection({ view: "referee", clock: fakeClock(at(12)) });
    assert.equal(c.boot(doc, perfOf(2_000)), true);
    assert.equal(readBoot(doc, perfOf(2_000)), null, "taken");
  });

  it("keeps the hello's event families as sets, empty for a family the hello lacks", () => {
    const types = eventFamilies({ banner: ["round_started"], not_undoable: ["command_undone", "referee_signed_in"] });
    assert.ok(types.banner.has("round_started"));
    assert.ok(types.not_undoable.has("referee_signed_in"));
    for (const family of ["signal", "score", "plan"]) assert.equal(types[family].size, 0, family);
    assert.deepEqual(Object.keys(eventFamilies(null)), ["signal", "banner", "score", "plan", "not_undoable"]);
    const c = new LiveConnection({ view: "display", clock: fakeClock(0) });
    assert.equal(c.types.banner.size, 0, "no hello yet: no banner family");
  });

  /** A fetcher whose answers the test gives: `asked` the URLs, `answer(i, seq, value | status)` the i-th one. */
  function fakeFetcher() {
    const calls = [];
    const fetcher = (url, init) => new Promise((resolve, reject) => calls.push({ url, init, resolve, reject }));
    const answer = async (i, seq, value, status = 200) => {
      calls[i].resolve({ ok: status === 200, status, headers: { get: (h) => (h === "X-Live-Seq" ? String(seq) : null) },
        json: async () => value });
      for (let k = 0; k < 5; k += 1) await Promise.resolve(); // (let the answer's promise chain run)
      await new Promise((r) => setTimeout(r, 0));
    };
    return { calls, fetcher, answer, urls: () => calls.map((c) => c.url) };
  }

  const flush = async () => {
    for (let k = 0; k < 20; k += 1) await Promise.resolve();
  };
  const rowsOf = (n, arrived = null) => Array.from({ length: n }, (_, i) => ({ id: `p${i}`, arrived_at: arrived }));
  const arrive = (seq, i, at) => ({ type: "event", seq, event: event(seq, "checked_in", { item: "r1", player: `p${i}` }),
    changes: {}, patch: [{ op: "replace", path: `/lateness/r1/rows/${i}/arrived_at`, value: at }] });

  it("fetches a section too long to push, and applies on top what came after the answer's seq", async () => {
    const f = fakeFetcher();
    const seen = [];
    const c = new LiveConnection({ view: "display", fetcher: f.fetcher, onUpdate: (s, info) => seen.push(info) });
    c.handle({ type: "snapshot", seq: 4, sections: { lateness: { r1: { rows: rowsOf(3) } }, seating: {} } });
    c.handle({ type: "event", seq: 5, event: event(5, "round_started", { item: "r1" }), changes: { seating: { r1: 1 } },
      fetch: ["lateness"] });
    await Promise.resolve();
    assert.deepEqual(f.urls(), ["/api/sections/lateness?view=display&since=5"]);
    assert.deepEqual(c.sections.seating, { r1: 1 }, "the rest of the event applies at once");
    c.handle(arrive(6, 0, 600)); // in the answer already (it is of seq 6)
    c.handle(arrive(7, 1, 700)); // after it
    assert.equal(c.sections.lateness.r1.rows[1].arrived_at, null, "held back until the section comes");
    assert.equal(c.lastSeq, 7);
    const v6 = { r1: { rows: rowsOf(3).map((r, i) => (i === 0 ? { ...r, arrived_at: 600 } : { ...r, reserve: "x" })) } };
    await f.answer(0, 6, v6);
    assert.deepEqual(c.sections.lateness.r1.rows.map((r) => r.arrived_at), [600, 700, null]);
    assert.equal(c.sections.lateness.r1.rows[2].reserve, "x", "the fetched value, not the page's old one");
    assert.deepEqual(seen.at(-1), { kind: "sections", changes: { lateness: c.sections.lateness } });
    c.handle(arrive(8, 2, 800));
    assert.equal(c.sections.lateness.r1.rows[2].arrived_at, 800, "fetched: patches apply at once again");
    assert.equal(f.calls.length, 1);
  });

  it("shows a fetched section in the page's script, as a pushed one", async () => {
    const f = fakeFetcher();
    const c = new LiveConnection({ view: "display", fetcher: f.fetcher });
    c.script = true; // as on a Latin-script page
    c.handle({ type: "snapshot", seq: 4, sections: { seating: {} } });
    c.handle({ type: "event", seq: 5, event: event(5, "seating_published", { item: "r1" }), changes: {}, fetch: ["players"] });
    await f.answer(0, 5, [{ id: "p1", name: "Љуба Ђурић" }]);
    assert.equal(c.sections.players[0].name, "Ljuba Đurić");
  });

  it("fetches again when a newer version was named while one was on its way", async () => {
    const f = fakeFetcher();
    const c = new LiveConnection({ view: "referee", token: "tok", fetcher: f.fetcher });
    c.handle({ type: "snapshot", seq: 4, sections: { lateness: { v: 4 } } });
    c.handle({ type: "event", seq: 5, event: event(5, "seating_published", {}), changes: {}, fetch: ["lateness"] });
    c.handle({ type: "event", seq: 6, event: event(6, "round_started", {}), changes: {}, fetch: ["lateness"] });
    c.handle({ type: "event", seq: 7, event: event(7, "announced", {}), changes: { lateness: { v: 7 } } });
    await Promise.resolve();
    assert.equal(f.calls.length, 1, "one fetch at a time per section");
    assert.deepEqual(f.calls[0].init.headers, { Authorization: "Bearer tok" });
    await f.answer(0, 5, { v: 5 });
    assert.deepEqual(c.sections.lateness, { v: 5 }, "the older answer shows meanwhile");
    assert.deepEqual(f.urls().at(-1), "/api/sections/lateness?view=referee&since=6");
    await f.answer(1, 6, { v: 6 });
    assert.deepEqual(c.sections.lateness, { v: 7 }, "what came whole after the answer's seq goes on top");
    assert.equal(c.pending.size, 0);
  });

  it("a section that cannot be fetched is tried again, then the page asks for a snapshot", async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const f = fakeFetcher();
    const c = new LiveConnection({ view: "display", fetcher: f.fetcher });
    c.logId = "log-1";
    c.handle({ type: "snapshot", seq: 4, sections: { seating: {} } });
    let dropped = null;
    c.silent = (reason) => { dropped = reason; };
    c.handle({ type: "event", seq: 5, event: event(5, "seating_published", {}), changes: {}, fetch: ["seating"] });
    await Promise.resolve();
    f.calls[0].resolve({ ok: false, status: 503, headers: { get: () => null } });
    await flush();
    assert.equal(f.calls.length, 1);
    t.mock.timers.tick(1_000);
    assert.equal(f.calls.length, 2, "tried again a second later");
    f.calls[1].reject(new Error("network"));
    await flush();
    t.mock.timers.tick(1_000);
    f.calls[2].resolve({ ok: false, status: 404, headers: { get: () => null } });
    await flush();
    assert.match(dropped, /seating could not be fetched: HTTP 404/);
    assert.equal(c.partial, true, "the reconnect asks for a snapshot (no log id)");
    globalThis.location = { protocol: "http:", host: "hall.example" };
    try {
      assert.equal(new URL(c.url()).searchParams.get("log"), null);
    } finally {
      delete globalThis.location;
    }
  });

  it("a snapshot that comes while a section is fetched replaces it: the answer is dropped", async () => {
    const f = fakeFetcher();
    const c = new LiveConnection({ view: "display", fetcher: f.fetcher });
    c.handle({ type: "snapshot", seq: 4, sections: { seating: { v: 4 } } });
    c.handle({ type: "event", seq: 5, event: event(5, "seating_published", {}), changes: {}, fetch: ["seating"] });
    c.handle({ type: "snapshot", seq: 9, sections: { seating: { v: 9 } } });
    await f.answer(0, 5, { v: 5 });
    assert.deepEqual(c.sections.seating, { v: 9 });
  });

  it("a slow reader's sections message may name sections to fetch too", async () => {
    const f = fakeFetcher();
    const c = new LiveConnection({ view: "player", player: "p1", fetcher: f.fetcher });
    c.handle({ type: "snapshot", seq: 4, sections: { lateness: { v: 4 }, now: 1 } });
    c.handle({ type: "event", seq: 5, event: event(5, "announced", {}), changes: {} });
    c.handle({ type: "sections", seq: 5, resync: true, changes: { now: 2 }, fetch: ["lateness"] });
    await Promise.resolve();
    assert.deepEqual(f.urls(), ["/api/sections/lateness?view=player&since=5"]);
    await f.answer(0, 5, { v: 5 });
    assert.deepEqual(c.sections, { lateness: { v: 5 }, now: 2 });
  });
});
