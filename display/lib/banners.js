// The banner queue of the hall's screens: one banner at a time, none twice, none that is already
// old news, and a burst of signals never leaves the screen minutes behind.

import { serverNow } from "./clock.js";

/** A banner of an event older than this on arrival (a replay, a phone waking up) is not shown. */
export const BANNER_MAX_AGE_MS = 5_000;

/** Banners never dropped to shorten the queue: the hall must see every round start and end. */
const KEPT_BANNERS = new Set(["round_started", "round_ended"]);

/** A banner of the first type makes waiting ones of the same item out of date ("to your tables" after the start). */
const SUPERSEDES = {
  round_started: new Set(["round_called", "round_start_held"]),
  round_resumed: new Set(["round_paused"]),
};

/**
 * A queue of banners: each shows for `showMs`, but no longer than `minMs` when others wait.
 * `render(banner)` shows one (null hides). Banners may be withdrawn by seq (an undo) or by a test
 * on the banner. A banner whose `ts` is older than `maxAgeMs` by `now()` (the server's clock) is not
 * shown: the page has its state from the sections already. To keep the queue short, the oldest
 * waiting banners are dropped beyond `maxWaiting`, never a round's start or end; a start takes the
 * waiting call of its round away.
 */
export class BannerQueue {
  constructor(render, { showMs = 8000, minMs = 3000, maxWaiting = 3, maxAgeMs = BANNER_MAX_AGE_MS, now = serverNow } = {}) {
    this.render = render;
    this.maxWaiting = maxWaiting;
    this.maxAgeMs = maxAgeMs;
    this.now = now;
    this.seen = new Set();
    this.showMs = showMs;
    this.minMs = minMs;
    this.queue = [];
    this.current = null;
    this.timer = null;
  }

  /** Queue a banner; false when it is not shown (seen before, or too old). */
  push(banner) {
    // The same event may come twice (live, then replayed after a reconnect that raced it). A banner
    // that is not the event's own (the timetable following it) brings its own `key`.
    const key = banner.key ?? `${banner.seq}:${banner.ts}`;
    if (banner.seq !== undefined && this.seen.has(key)) return false;
    this.seen.add(key);
    if (this.seen.size > 500) this.seen.delete(this.seen.values().next().value);
    if (Number.isFinite(banner.ts) && this.now() - banner.ts > this.maxAgeMs) return false;
    const outdated = SUPERSEDES[banner.type];
    const stale = (b) => Boolean(outdated) && outdated.has(b.type) && b.item !== undefined && b.item === banner.item;
    this.queue = this.queue.filter((b) => !stale(b));
    this.queue.push(banner);
    // A burst of signals must not leave the screen minutes behind: keep the newest few, and every start and end.
    while (this.queue.length > this.maxWaiting) {
      const drop = this.queue.findIndex((b) => !KEPT_BANNERS.has(b.type));
      if (drop < 0) break;
      this.queue.splice(drop, 1);
    }
    if (!this.current || stale(this.current)) this.next();
    else this.reschedule();
    return true;
  }

  next() {
    clearTimeout(this.timer);
    this.current = this.queue.shift() || null;
    this.shownAt = Date.now();
    this.render(this.current);
    if (this.current) this.reschedule();
  }

  reschedule() {
    clearTimeout(this.timer);
    const limit = this.queue.length ? this.minMs : this.showMs;
    const left = Math.max(0, this.shownAt + limit - Date.now());
    this.timer = setTimeout(() => this.next(), left);
  }

  dismiss() {
    this.next();
  }

  /** Take banners away: those of event `seq` (an undo), or those for which `which(banner)` is true. */
  withdraw(which) {
    const gone = typeof which === "function" ? which : (b) => b.seq === which;
    this.queue = this.queue.filter((b) => !gone(b));
    if (this.current && gone(this.current)) this.next();
  }
}
