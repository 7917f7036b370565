// display/lib/clock.js: the server's clock estimated from ping/pong samples (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { ServerClock, clock, serverNow } from "../../display/lib/clock.js";

/** A pong as the page sees it: sent at `t` (page clock), the server's stamp, back at `now`. */
function pong(c, { t, rtt, offset }) {
  const now = t + rtt;
  return c.sample(t, t + rtt / 2 + offset, now);
}

describe("the server's clock", () => {
  it("takes the server's time from one clean sample, half the round trip on the way", () => {
    const c = new ServerClock();
    assert.equal(c.synced, false);
    assert.equal(pong(c, { t: 1_000_000, rtt: 80, offset: 5_000 }), true);
    assert.equal(c.offset, 5_000);
    assert.equal(c.synced, true);
    assert.equal(c.bestRtt(), 80);
  });

  it("trusts the fastest samples: the median offset of the lowest round trips", () => {
    const c = new ServerClock({ keep: 10, best: 3 });
    // Slow samples carry a delay on one way only: their offsets are off by up to half the rtt.
    pong(c, { t: 1_000, rtt: 900, offset: 2_000 + 450 });
    pong(c, { t: 2_000, rtt: 40, offset: 2_010 });
    pong(c, { t: 3_000, rtt: 700, offset: 2_000 - 350 });
    pong(c, { t: 4_000, rtt: 30, offset: 1_990 });
    pong(c, { t: 5_000, rtt: 50, offset: 2_004 });
    assert.equal(c.offset, 2_004, "the median of 1990, 2004 and 2010");
    assert.equal(c.bestRtt(), 30);
    pong(c, { t: 6_000, rtt: 20, offset: 1_996 });
    assert.equal(c.offset, 1_996, "the three fastest now: 1990, 1996 and 2010");
    const even = new ServerClock({ best: 4 });
    for (const [i, offset] of [100, 300, 200, 400].entries()) pong(even, { t: 1_000 * (i + 1), rtt: 50, offset });
    assert.equal(even.offset, 250, "an even number of samples: the mean of the middle two");
  });

  it("forgets old samples beyond `keep`", () => {
    const c = new ServerClock({ keep: 3, best: 1 });
    pong(c, { t: 1_000, rtt: 10, offset: 500 }); // the best sample, but it will age out
    for (let i = 0; i < 3; i += 1) pong(c, { t: 2_000 + i * 1_000, rtt: 100, offset: 900 });
    assert.equal(c.samples.length, 3);
    assert.equal(c.offset, 900);
  });

  it("refuses samples that cannot be right", () => {
    const c = new ServerClock();
    assert.equal(c.sample(NaN, 5, 10), false);
    assert.equal(c.sample(10, undefined, 20), false);
    assert.equal(c.sample(1_000, 5_000, 900), false, "an answer before its question");
    assert.equal(c.sample(1_000, 5_000, 40_000), false, "a round trip over 30 s");
    assert.equal(c.samples.length, 0);
    assert.equal(c.synced, false);
  });

  it("uses the hello's server time as a rough guess until a real sample comes", () => {
    const c = new ServerClock();
    const server = Date.now() + 60_000;
    c.hint(server);
    assert.equal(c.rough, true);
    assert.ok(Math.abs(c.now() - server) < 1_000, "now() follows the hint");
    pong(c, { t: 1_000, rtt: 40, offset: 7 });
    assert.equal(c.rough, false);
    c.hint(server);
    assert.equal(c.offset, 7, "a hint after real samples changes nothing");
  });

  it("gives the page's one clock to serverNow()", () => {
    const before = clock.offset;
    try {
      clock.offset = 3_600_000;
      assert.ok(Math.abs(serverNow() - (Date.now() + 3_600_000)) < 1_000);
    } finally {
      clock.offset = before;
    }
  });
});
