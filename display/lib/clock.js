// @ts-check
// The server's clock as this page estimates it, and the animation loop that draws with it.
//
// The server is the only clock: countdowns are computed from absolute server instants (ends_at,
// start, remaining_ms when paused) against serverNow() on every animation frame; nothing is ever
// decremented. The offset comes from ping/pong samples the live connection feeds in.

/**
 * NTP-style offset estimate from ping/pong samples. Each sample: rtt = now − t and
 * offset = server + rtt/2 − now. The estimate is the median offset of the lowest-rtt
 * samples among the most recent ones (network delay only ever adds error).
 */
export class ServerClock {
  constructor({ keep = 10, best = 3 } = {}) {
    this.keep = keep;
    this.best = best;
    this.samples = [];
    this.offset = 0;
    this.rough = false; // true while the offset only comes from a hello's server_time
    this.synced = false;
  }

  /** A first guess from hello.server_time, until real samples arrive. */
  hint(serverTime) {
    if (this.samples.length === 0 && Number.isFinite(serverTime)) {
      this.offset = serverTime - Date.now();
      this.rough = true;
    }
  }

  /** Fold in one pong; returns false if the sample was unusable. */
  sample(t, server, now = Date.now()) {
    if (!Number.isFinite(t) || !Number.isFinite(server)) return false;
    const rtt = now - t;
    if (rtt < 0 || rtt > 30_000) return false;
    this.samples.push({ rtt, offset: server + rtt / 2 - now, at: now });
    if (this.samples.length > this.keep) this.samples.splice(0, this.samples.length - this.keep);
    const best = [...this.samples].sort((a, b) => a.rtt - b.rtt).slice(0, this.best);
    const offsets = best.map((s) => s.offset).sort((a, b) => a - b);
    const mid = offsets.length >> 1;
    this.offset = offsets.length % 2 ? offsets[mid] : (offsets[mid - 1] + offsets[mid]) / 2;
    this.rough = false;
    this.synced = true;
    return true;
  }

  /** The best estimate of the server's clock, epoch ms. */
  now() {
    return Date.now() + this.offset;
  }

  /** The rtt of the best sample, for a diagnostic line. */
  bestRtt() {
    return this.samples.length ? Math.min(...this.samples.map((s) => s.rtt)) : null;
  }
}

/** The one clock of a page. */
export const clock = new ServerClock();

/** serverNow(): Date.now() corrected by the estimated offset. */
export function serverNow() {
  return clock.now();
}

/** Call `frame(serverNow)` on every animation frame (and at least twice a second when hidden). */
export function animate(frame) {
  let last = 0;
  const tick = () => {
    last = Date.now();
    try {
      frame(clock.now());
    } catch (err) {
      console.error("frame failed", err);
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  // rAF stops in background tabs and some kiosk modes; keep the state fresh anyway.
  setInterval(() => {
    if (Date.now() - last > 900) {
      try {
        frame(clock.now());
      } catch (err) {
        console.error("frame failed", err);
      }
    }
  }, 500);
}
