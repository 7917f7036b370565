// display/lib/connection.js when the network fails: a socket never answered is given up, and once the
// network is back the page is right again within a few seconds, while a server down for long is not
// asked more than every few seconds (node --test tests/pages). The time is the test's (mock timers).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { HELLO_TIMEOUT_MS, LiveConnection, retryDelay } from "../../display/lib/connection.js";

const T0 = Date.UTC(2025, 5, 1, 12, 0);
const HELLO = { type: "hello", server_time: T0, seq: 7, since: 7, log: "log-1", current: true, types: {} };

/**
 * A browser whose network the test controls: `net.state` is "up" (a socket's hello comes at once),
 * "refused" (a new socket closes at once, as with the server down) or "silent" (a socket is accepted
 * and nothing ever comes back: a proxy whose server is gone, packets lost). `sockets` are all opened.
 */
function network(t) {
  const net = { state: "up", sockets: [] };
  class FakeSocket {
    static OPEN = 1;
    constructor(url) {
      this.url = url;
      this.readyState = 0;
      this.closed = false;
      net.sockets.push(this);
      const state = net.state;
      // (the answer comes after the constructor, as a browser's events do)
      setTimeout(() => {
        if (this.closed) return;
        if (state === "refused") {
          this.closed = true;
          this.onclose?.({ code: 1006, reason: "" });
        } else if (state === "up") {
          this.readyState = 1;
          this.onmessage?.({ data: JSON.stringify(HELLO) });
        }
      }, 0);
    }
    send(text) {
      if (net.state !== "up" || this.readyState !== 1) return; // lost on its way
      const message = JSON.parse(text);
      if (message.type === "ping") setTimeout(() => this.onmessage?.({ data: JSON.stringify({ type: "pong", t: message.t, server: Date.now() }) }), 0);
    }
    close() {
      this.closed = true;
      this.readyState = 3;
    }
  }
  const listeners = { addEventListener() {}, removeEventListener() {} };
  Object.assign(globalThis, { document: { ...listeners, visibilityState: "visible", getElementById: () => null },
    window: listeners, WebSocket: FakeSocket, location: { protocol: "http:", host: "hall.example", search: "" } });
  t.after(() => {
    for (const name of ["document", "window", "WebSocket", "location"]) delete globalThis[name];
  });
  t.mock.timers.enable({ apis: ["setTimeout", "setInterval", "Date"], now: T0 });
  return net;
}

/** A clock that takes what it is given and says the page's time. */
const clock = () => ({ now: () => Date.now(), hint() {}, sample() {} });

/** Let the test's time run `ms`, a step at a time, so that timers set by timers run in order. */
function run(t, ms, step = 50) {
  for (let done = 0; done < ms; done += step) t.mock.timers.tick(step);
}

/** Run until `c` is connected (at most `limit` ms); the time it took. */
function untilConnected(t, c, limit = 60_000, step = 10) {
  for (let waited = 0; waited <= limit; waited += step) {
    if (c.connected) return waited;
    t.mock.timers.tick(step);
  }
  return Infinity;
}

describe("the live connection when the network fails", () => {
  it("gives up a socket whose hello never comes, and tries again", (t) => {
    const net = network(t);
    net.state = "silent"; // accepted, never answered
    const statuses = [];
    const c = new LiveConnection({ view: "display", clock: clock(), random: () => 0.5, onStatus: (up) => statuses.push(up) });
    c.start();
    assert.equal(net.sockets.length, 1);
    run(t, HELLO_TIMEOUT_MS - 100);
    assert.equal(net.sockets.length, 1, "waits for the hello a few seconds");
    run(t, 200);
    assert.equal(net.sockets[0].closed, true, "then gives the socket up");
    assert.deepEqual(statuses, [false], "and says the page is not connected");
    net.state = "up"; // the real server is back on the route
    const waited = untilConnected(t, c);
    assert.ok(waited <= 2_000, `connected ${waited} ms after the server was back`);
    assert.ok(net.sockets.length >= 2);
    assert.deepEqual(statuses, [false, true]);
    c.stop();
  });

  it("a hello that comes keeps the socket: no timeout after it", (t) => {
    const net = network(t);
    const c = new LiveConnection({ view: "display", clock: clock() });
    c.start();
    run(t, HELLO_TIMEOUT_MS * 3);
    assert.equal(c.connected, true);
    assert.equal(net.sockets.length, 1, "one socket all along");
    c.stop();
  });

  for (const [name, random] of [["the shortest", () => 0], ["a middling", () => 0.5], ["the longest", () => 0.999]]) {
    it(`is right again soon after 30 s without the network: at most a hello's wait and a short try (${name} jitter)`, (t) => {
      const net = network(t);
      const c = new LiveConnection({ view: "display", clock: clock(), random });
      c.start();
      assert.ok(untilConnected(t, c) < 100, "connected at once");
      // The network is lost: the open socket hears nothing, new ones are refused or never answered.
      net.state = "silent";
      run(t, 10_000);
      assert.equal(c.connected, false, "the lost socket is noticed");
      net.state = "refused";
      run(t, 10_000);
      net.state = "silent";
      run(t, 10_000);
      net.state = "up";
      const waited = untilConnected(t, c);
      // A try under way when the network came back may have lost its packets: it is given up after the
      // hello's wait, and the next one follows within 2 s (before: at the next try, 5–10 s away, if ever).
      assert.ok(waited <= HELLO_TIMEOUT_MS + 2_000, `right again ${waited} ms after the network came back`);
      c.stop();
    });

    it(`is right again within 3 s when the server refused it for 30 s (${name} jitter)`, (t) => {
      const net = network(t);
      const c = new LiveConnection({ view: "display", clock: clock(), random });
      c.start();
      untilConnected(t, c);
      net.state = "refused";
      c.silent("the server went away");
      run(t, 30_000);
      net.state = "up";
      const waited = untilConnected(t, c);
      assert.ok(waited <= 3_000, `right again ${waited} ms after the server came back`);
      c.stop();
    });
  }

  it("asks a server down for long no more than every 5 s, with jitter", (t) => {
    const net = network(t);
    const c = new LiveConnection({ view: "display", clock: clock() });
    c.start();
    untilConnected(t, c);
    net.state = "refused";
    c.silent("the server went away");
    const opened = () => net.sockets.length;
    run(t, 60_000, 100);
    const afterAMinute = opened();
    assert.ok(afterAMinute <= 60 + 2, `${afterAMinute} tries in the first minute: about one a second or less`);
    run(t, 10 * 60_000, 250);
    const tries = opened() - afterAMinute;
    assert.ok(tries <= 600 / 5 && tries >= 600 / 10 - 2, `${tries} tries in the next ten minutes`);
    c.stop();
  });

  it("waits between tries as the schedule says: short in an outage's first minute, longer after, never in step", () => {
    const at = (attempt, downFor, r) => retryDelay(attempt, downFor, () => r);
    const LAST = 1 - 1e-9; // (random() is below 1)
    assert.deepEqual([0, 1, 2, 3, 8].map((n) => at(n, 0, LAST)), [500, 1000, 2000, 2000, 2000]);
    assert.deepEqual([0, 1, 2, 3, 8].map((n) => at(n, 0, 0)), [250, 500, 1000, 1000, 1000]);
    assert.equal(at(3, 59_000, LAST), 2000, "the first minute: a glitch or a restart, back soon");
    assert.equal(at(3, 60_000, LAST), 4000, "after it the wait grows again");
    assert.equal(at(30, 600_000, LAST), 10_000, "to at most 10 s");
    assert.equal(at(30, 600_000, 0), 5_000, "and at least half of that");
    assert.equal(at(1e6, 1e9, 0.5), 7_500, "however many tries");
    const spread = new Set(Array.from({ length: 20 }, () => retryDelay(6, 0)));
    assert.ok(spread.size > 5, "a hall of pages does not come back in step");
  });
});
