// @ts-check
// The banner queue of the hall's screens: one banner at a time, none twice, none that is already
// old news, and a burst of signals never leaves the screen minutes behind.

import { serverNow } from "./clock.js";

/**
 * A banner of an event older than this on arrival (a replay, a phone waking up) is not shown: the page has
 * its state from the sections already. One age for the live and the replayed: a screen back from a restart
 * (its retry within 2 s in an outage's first minute, then the connect, on a busy laptop) still says what
 * the hall missed a moment ago, such as a round started late, and nothing older.
 */
export const BANNER_MAX_AGE_MS = 10_000;

/** Banners never dropped to shorten the queue: the hall must see every round start and end. */
const KEPT_BANNERS = new Set(["round_started", "round_ended"]);

/** A banner of the first type makes waiting ones of the same item out of date ("to your tables" after the start). */
const SUPERSEDES = {
  round_started: new Set(["round_called", "round_start_held"]),
  round_resumed: new Set(["round_paused"]),
};

/**
 * A queue of banners: each shows for `showMs`, but no longer than `minMs` when others wait.
 * `render(banner, {again})` shows one (null hides; `again`: the same banner with words drawn anew, no
 * sound). Banners may be withdrawn by seq (an undo) or by a test on the banner. A banner whose `ts` is older than `maxAgeMs` by `now()` (the server's clock) is not
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

  /**
   * Draw the words of every banner again from `sections`, the one on screen too (without its sound): a banner
   * that shows a time (its `subOf(sections)`, lib/signals.js) tells the time as it stands, not as it stood when
   * its event came — a round extended while its start is on screen, or the timetable of a slow phone that
   * came after the event. A `note` the page added stays after it.
   */
  refresh(sections) {
    for (const b of this.queue) redraw(b, sections);
    if (this.current && redraw(this.current, sections)) this.render(this.current, { again: true });
  }

  /** Whether a banner for which `which(banner)` is true is on screen or waiting. */
  has(which) {
    return Boolean(this.current && which(this.current)) || this.queue.some(which);
  }

  /** Take banners away: those of event `seq` (an undo), or those for which `which(banner)` is true. */
  withdraw(which) {
    const gone = typeof which === "function" ? which : (b) => b.seq === which;
    this.queue = this.queue.filter((b) => !gone(b));
    if (this.current && gone(this.current)) this.next();
  }
}

/** A banner's words after a `note` of the page's ("the signal was due at 14:00"), kept by `refresh`. */
export function withNote(banner, note) {
  if (!note) return banner;
  banner.note = note;
  banner.sub = [banner.sub, note].filter(Boolean).join(" · ");
  return banner;
}

/** The banner's `sub` drawn from `sections` (with its note); true when it changed. */
function redraw(banner, sections) {
  if (typeof banner.subOf !== "function") return false;
  const sub = [banner.subOf(sections), banner.note].filter(Boolean).join(" · ");
  if (sub === banner.sub) return false;
  banner.sub = sub;
  return true;
}
