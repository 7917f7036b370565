// Shared code for the hall pages: the live connection, the synchronized clock, countdowns,
// time formatting and safe DOM building. Plain ES module; the plan's words come from plan.js.
//
// Rules kept everywhere in the pages:
// - server text (names, titles, announcements) only ever goes into the DOM as text
//   (textContent / the el() helper below), never through innerHTML;
// - countdowns are computed from absolute server instants (ends_at, start, remaining_ms when
//   paused) against serverNow() on every animation frame; nothing is ever decremented.

import { PLAN_BANNER_TYPES, describePlanEvent, heldReason, heldWhy, missedItems, plannedStart } from "./plan.js";
import { presentEvent, presentSections } from "./script.js";

/**
 * Event types that are shown as a banner (live/events.py SIGNAL_TYPES; its plan_missed is shown
 * in the timetable and the console instead).
 */
export const SIGNAL_TYPES = new Set([
  "round_called", "round_started", "round_start_held", "round_paused", "round_resumed",
  "round_extended", "last_deals_announced", "break_announced", "round_ended", "announced",
  "lateness_alert", "reserve_seated", ...PLAN_BANNER_TYPES,
]);

/** A replayed event (missed while disconnected) gets a banner only if it is this recent. */
export const REPLAY_BANNER_MAX_AGE_MS = 10_000;

// ---------------------------------------------------------------------------------------
// HTML safety

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escape text for the rare place where HTML is built as a string. Prefer el()/textContent. */
export function escapeHtml(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * Build an element: el("li", {class: "x", dataset: {id: 1}, onclick: fn}, "text", child…).
 * Strings become text nodes, so server text can never become markup.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  appendChildren(node, children);
  return node;
}

function appendChildren(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace an element's children (strings become text). */
export function fill(node, ...children) {
  node.replaceChildren();
  appendChildren(node, children);
  return node;
}

/** Set textContent only when it changed (cheap to call on every frame). */
export function setText(node, text) {
  const value = String(text ?? "");
  if (node && node.textContent !== value) node.textContent = value;
}

/** Toggle a class only when needed. */
export function setClass(node, name, on) {
  if (node && node.classList.contains(name) !== Boolean(on)) node.classList.toggle(name, Boolean(on));
}

// ---------------------------------------------------------------------------------------
// The synchronized clock

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

// ---------------------------------------------------------------------------------------
// The live connection

const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 10_000;
const PING_SAMPLES = 5;
const PING_SPACING_MS = 300;
const PING_EVERY_MS = 60_000;
// A lost connection shows within 5 s: when nothing has come for QUIET_MS the page pings, and a
// ping unanswered for PONG_TIMEOUT_MS drops the socket. Anything the server sends counts as an
// answer, so a busy connection sends no pings at all; a quiet one about one every 2.5 s.
const HEARTBEAT_EVERY_MS = 500;
const QUIET_MS = 2_000;
const PONG_TIMEOUT_MS = 2_500;

/**
 * A WebSocket to /ws?view=…[&player=ID][&since=SEQ] that keeps the view's sections up to date.
 *
 * Callbacks (all optional):
 *   onUpdate(sections, info)   after a snapshot or an event was applied;
 *                              info = {kind: "snapshot"|"event", event, replay, changes}
 *   onEvent(event, info)       for every log event, info = {replay, fresh, changes}; `fresh` is
 *                              false for a replayed event older than REPLAY_BANNER_MAX_AGE_MS;
 *                              `changes` the sections the event changed
 *   onStatus(connected, info)  the socket opened (after the snapshot) or closed;
 *                              info = {attempt, retryIn, reason}
 *   onError(message, data)     the server refused the connection (e.g. an unknown player);
 *                              data is its message ({signed_out: true}: the referee view needs a sign-in)
 *
 * The referee view is authenticated by the session cookie the browser sends with the upgrade; a
 * `token`, if given, goes in the first message ({"type": "auth"}), never in the URL.
 *
 * Every view but the referee's gets the names and titles in the page's script (script.js: a
 * Latin page shows Serbian Cyrillic in Latin), here, as the sections and events arrive; the
 * console shows the data as written, since it edits it.
 */
export class LiveConnection {
  constructor({ view, player = null, token = null, clock: clk = clock, script = view !== "referee", ...callbacks }) {
    this.view = view;
    this.script = Boolean(script);
    this.player = player || null;
    this.token = token || null;
    this.clock = clk;
    this.callbacks = callbacks;
    this.sections = {};
    this.lastSeq = null;
    this.ws = null;
    this.connected = false;
    this.attempt = 0;
    this.stopped = true;
    this.retryTimer = null;
    this.pingTimers = [];
    this.pingInterval = null;
    this.pongWatch = null;
    this.lastHeardAt = 0;
    this.serverError = null;
    this._onVisible = () => {
      if (document.visibilityState !== "visible" || this.stopped) return;
      if (this.connected) this.pingBurst();
      else this.reconnectNow();
    };
    this._onOnline = () => {
      if (!this.stopped && !this.connected) this.reconnectNow();
    };
    // The browser knows the network went away (Wi-Fi lost, airplane mode): say so now.
    this._onOffline = () => {
      if (!this.stopped && this.ws) this.silent("the browser is offline");
    };
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const params = new URLSearchParams({ view: this.view });
    if (this.player) params.set("player", this.player);
    if (this.lastSeq !== null) params.set("since", String(this.lastSeq));
    return `${scheme}//${location.host}/ws?${params}`;
  }

  start() {
    if (!this.stopped) return this;
    this.stopped = false;
    document.addEventListener("visibilitychange", this._onVisible);
    window.addEventListener("online", this._onOnline);
    window.addEventListener("offline", this._onOffline);
    this.pingInterval = setInterval(() => this.connected && this.pingBurst(), PING_EVERY_MS);
    this.heartbeatInterval = setInterval(() => this.heartbeat(), HEARTBEAT_EVERY_MS);
    this.open();
    return this;
  }

  stop() {
    this.stopped = true;
    document.removeEventListener("visibilitychange", this._onVisible);
    window.removeEventListener("online", this._onOnline);
    window.removeEventListener("offline", this._onOffline);
    clearInterval(this.pingInterval);
    clearInterval(this.heartbeatInterval);
    clearTimeout(this.retryTimer);
    this.dropSocket();
  }

  /** Follow another player (or none): a fresh subscription, no `since`. */
  setPlayer(player) {
    this.player = player || null;
    this.lastSeq = null;
    this.sections = {};
    this.serverError = null;
    this.attempt = 0;
    if (!this.stopped) {
      clearTimeout(this.retryTimer);
      this.dropSocket();
      this.open();
    }
  }

  reconnectNow() {
    clearTimeout(this.retryTimer);
    this.attempt = 0;
    this.dropSocket();
    this.open();
  }

  open() {
    clearTimeout(this.retryTimer);
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch (err) {
      this.scheduleRetry(String(err));
      return;
    }
    this.ws = ws;
    if (this.token) ws.onopen = () => ws.send(JSON.stringify({ type: "auth", token: this.token }));
    ws.onmessage = (m) => {
      if (this.ws !== ws) return;
      this.lastHeardAt = Date.now();
      let message;
      try {
        message = JSON.parse(m.data);
      } catch {
        return;
      }
      this.handle(message);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.lostConnection(e.reason || `closed (${e.code})`, e.code);
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  dropSocket() {
    this.clearPingTimers();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onmessage = ws.onclose = ws.onerror = null;
      try {
        ws.close(1000, "bye");
      } catch {
        /* already closing */
      }
    }
    if (this.connected) {
      this.connected = false;
      this.emit("onStatus", false, { attempt: this.attempt, retryIn: 0, reason: "reconnecting" });
    }
  }

  lostConnection(reason, code) {
    this.clearPingTimers();
    const was = this.connected;
    this.connected = false;
    if (this.stopped) return;
    const retryIn = this.scheduleRetry(reason);
    if (was || this.attempt <= 1) this.emit("onStatus", false, { attempt: this.attempt, retryIn, reason, code });
  }

  scheduleRetry(reason) {
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** this.attempt);
    const delay = Math.round(base / 2 + Math.random() * base / 2); // "equal jitter"
    this.attempt += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.open(), delay);
    this.lastRetryReason = reason;
    return delay;
  }

  /** Replace one section locally (a correction the server did not push); returns the new sections. */
  patch(name, value) {
    this.sections = { ...this.sections, [name]: value };
    return this.sections;
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** A few pings, spaced out, for the clock estimate (after a connect, on return, once a minute). */
  pingBurst() {
    // (the heartbeat watches the connection meanwhile: a burst's answers count as heard)
    for (const t of this.pingTimers) clearTimeout(t);
    this.pingTimers = [];
    for (let i = 0; i < PING_SAMPLES; i += 1) {
      this.pingTimers.push(setTimeout(() => this.send({ type: "ping", t: Date.now() }), i * PING_SPACING_MS));
    }
  }

  /** A ping when the connection has been quiet: a socket that stopped answering (sleeping
   * laptop, lost Wi-Fi, a hung server) is noticed within QUIET_MS + PONG_TIMEOUT_MS. `now`: ping
   * even if something came lately (the console, when a command goes unanswered). */
  heartbeat(now = false) {
    if (!this.connected || this.pongWatch) return;
    if (!now && Date.now() - this.lastHeardAt < QUIET_MS) return;
    if (this.send({ type: "ping", t: Date.now() })) this.expectPong(Date.now(), PONG_TIMEOUT_MS);
  }

  expectPong(sentAt, within) {
    clearTimeout(this.pongWatch);
    this.pongWatch = setTimeout(() => {
      this.pongWatch = null;
      if (this.lastHeardAt >= sentAt || !this.ws) return; // anything the server sent answers
      this.silent("no answer to pings");
    }, within);
  }

  /** The socket is as good as gone: drop it and show the connection lost. */
  silent(reason) {
    const ws = this.ws;
    this.ws = null;
    if (!ws) return;
    ws.onmessage = ws.onclose = ws.onerror = null;
    try {
      ws.close(4000, reason);
    } catch {
      /* ignore */
    }
    this.lostConnection(reason, 4000);
  }

  clearPingTimers() {
    for (const t of this.pingTimers) clearTimeout(t);
    this.pingTimers = [];
    clearTimeout(this.pongWatch);
    this.pongWatch = null;
  }

  handle(message) {
    switch (message.type) {
      case "hello":
        this.clock.hint(message.server_time);
        this.emit("onHello", message);
        this.pingBurst();
        break;
      case "pong":
        this.clock.sample(message.t, message.server);
        break;
      case "snapshot": {
        this.sections = this.present({ ...(message.sections || {}) });
        this.lastSeq = Number.isInteger(message.seq) ? message.seq : this.lastSeq;
        this.serverError = null;
        const wasConnected = this.connected;
        this.connected = true;
        this.attempt = 0;
        this.emit("onUpdate", this.sections, { kind: "snapshot" });
        if (!wasConnected) this.emit("onStatus", true, { attempt: 0 });
        break;
      }
      case "event": {
        const event = this.script ? presentEvent(message.event || {}, pageLanguage) : message.event || {};
        const seq = Number.isInteger(message.seq) ? message.seq : event.seq;
        if (this.lastSeq !== null && Number.isInteger(seq) && seq <= this.lastSeq) break; // already applied
        if (Number.isInteger(seq)) this.lastSeq = Math.max(this.lastSeq ?? 0, seq);
        if (message.changes) message.changes = this.present(message.changes);
        if (message.changes) this.sections = { ...this.sections, ...message.changes }; // a new object: pages can compare
        const replay = Boolean(message.replay);
        const fresh = !replay || (Number.isFinite(event.ts) && this.clock.now() - event.ts < REPLAY_BANNER_MAX_AGE_MS);
        // Sections first, so that a banner describes the state after the event (the new end, …).
        // `changes` are the sections this event changed (e.g. the announcements it brought).
        const changes = message.changes || {};
        if (message.changes) this.emit("onUpdate", this.sections, { kind: "event", event, replay, changes });
        this.emit("onEvent", event, { replay, fresh, changes });
        break;
      }
      case "error":
        this.serverError = message.error || "error";
        this.emit("onError", this.serverError, message);
        break;
      default:
        break;
    }
  }

  /** Sections as the page shows them: names and titles in the page's script. */
  present(sections) {
    return this.script ? presentSections(sections, pageLanguage) : sections;
  }

  emit(name, ...args) {
    const fn = this.callbacks[name];
    if (typeof fn === "function") {
      try {
        fn(...args);
      } catch (err) {
        console.error(`${name} failed`, err);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------
// The timetable: what is on now, what comes next, what the big clock shows

export const isOpen = (item) => ["scheduled", "called", "held"].includes(item.status);
export const inProgress = (item) => item.status === "running" || item.status === "paused";

/**
 * current: a playing item that is running or paused; else a non-playing item whose
 * [start, end) contains now. next: the first other item that is a playing item not yet
 * started, or a non-playing item that starts later (as the server's /api/state clock).
 */
export function currentAndNext(timetable, now) {
  const items = Array.isArray(timetable) ? timetable : [];
  let current = items.find((i) => i.playing && inProgress(i)) || null;
  if (!current) current = items.find((i) => !i.playing && i.start <= now && now < i.end) || null;
  const next = items.find((i) => i !== current && ((i.playing && isOpen(i)) || (!i.playing && i.start > now))) || null;
  return { current, next };
}

/**
 * What the big countdown shows, from absolute instants only.
 * mode: "running" | "paused" | "held" | "until" (time until `target` starts) |
 *       "ends" (a non-playing current item with nothing after it) | "idle"
 */
export function countdownModel(timetable, now) {
  const { current, next } = currentAndNext(timetable, now);
  if (current && current.playing) {
    if (current.status === "paused") {
      return { mode: "paused", current, next, target: current, ms: Math.max(0, current.remaining_ms ?? 0) };
    }
    const ms = Math.max(0, (current.ends_at ?? current.end) - now);
    return { mode: "running", current, next, target: current, ms, overdue: now > (current.ends_at ?? current.end) };
  }
  if (next) {
    if (next.playing && next.status === "held") return { mode: "held", current, next, target: next, ms: null };
    const ms = Math.max(0, next.start - now);
    return { mode: "until", current, next, target: next, ms, due: next.start <= now, called: next.status === "called" };
  }
  if (current) return { mode: "ends", current, next, target: current, ms: Math.max(0, current.end - now) };
  return { mode: "idle", current, next, target: null, ms: null };
}

/** Remaining or waiting time of one playing item (referee rows). */
export function itemCountdown(item, now) {
  if (!item.playing) return null;
  if (item.status === "paused") return item.remaining_ms ?? 0;
  if (item.status === "running") return Math.max(0, (item.ends_at ?? item.end) - now);
  return null;
}

// ---------------------------------------------------------------------------------------
// Formatting

/** 754_000 → "12:34"; 3_723_000 → "1:02:03". Seconds round up, so 0:00 means the end. */
export function formatDuration(ms) {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "–:––";
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/**
 * Time formatting in the tournament's time zone. `seconds` adds seconds (useful in a
 * sped-up demo, where a minute of the timetable lasts a second).
 */
export function timeFormatter(timeZone, locale = "en-GB", { seconds = false } = {}) {
  let fmt;
  let dayFmt;
  let dateFmt;
  try {
    fmt = new Intl.DateTimeFormat(locale, {
      timeZone, hour: "2-digit", minute: "2-digit", second: seconds ? "2-digit" : undefined, hourCycle: "h23",
    });
    dayFmt = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dateFmt = new Intl.DateTimeFormat(locale, { timeZone, weekday: "long", day: "numeric", month: "long" });
  } catch {
    return timeFormatter(undefined, locale, { seconds });
  }
  return {
    time: (ms) => (Number.isFinite(ms) ? fmt.format(new Date(ms)) : ""),
    /** "2027-03-06": the calendar day in the tournament's zone, for grouping. */
    day: (ms) => (Number.isFinite(ms) ? dayFmt.format(new Date(ms)) : ""),
    date: (ms) => (Number.isFinite(ms) ? dateFmt.format(new Date(ms)) : ""),
  };
}

/** The items of the day to show: today's (in the tournament zone), else the next item's day. */
export function itemsOfTheDay(timetable, now, fmt) {
  const items = Array.isArray(timetable) ? timetable : [];
  if (!items.length) return [];
  const today = fmt.day(now);
  let day = items.some((i) => fmt.day(i.start) === today) ? today : null;
  if (!day) {
    const upcoming = items.find((i) => i.start > now);
    day = fmt.day((upcoming || items[items.length - 1]).start);
  }
  return items.filter((i) => fmt.day(i.start) === day || (i.playing && inProgress(i)));
}

// ---------------------------------------------------------------------------------------
// Animation

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

// ---------------------------------------------------------------------------------------
// Banners

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

/** Look up a timetable item by id. */
export function findItem(sections, id) {
  return (sections.timetable || []).find((i) => i.id === id) || null;
}

/** GET JSON from the server. */
export async function getJson(url) {
  const response = await fetch(url, { headers: { Accept: "application/json" }, cache: "no-store" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

/** Keep the screen awake where the browser allows it (projector pages). */
export function keepAwake() {
  if (!("wakeLock" in navigator)) return;
  let lock = null;
  const request = async () => {
    try {
      if (document.visibilityState === "visible" && !lock) {
        lock = await navigator.wakeLock.request("screen");
        lock.addEventListener("release", () => {
          lock = null;
        });
      }
    } catch {
      /* not allowed here: fine */
    }
  };
  document.addEventListener("visibilitychange", request);
  request();
}

// ---------------------------------------------------------------------------------------
// What a signal event says (the words come from the page's strings object `S`)

/**
 * A banner for a signal event: {seq, ts, type, tone, kicker, title, sub}, or null when the
 * event is not a signal. `S` holds the page's words (see the pages' STRINGS.banner);
 * `fmt` formats instants in the tournament's zone; `now` (the server's clock) decides whether a
 * time needs its date.
 */
export function describeSignal(event, sections, S, fmt, now = serverNow()) {
  if (!event || !SIGNAL_TYPES.has(event.type)) return null;
  const p = event.payload || {};
  const item = p.item ? findItem(sections, p.item) : null;
  const title = item ? item.title : (p.item || "");
  const endsAt = item && Number.isFinite(item.ends_at) ? fmt.time(item.ends_at) : "";
  const base = { seq: event.seq, ts: event.ts, type: event.type, item: p.item, kicker: title, sub: "" };
  switch (event.type) {
    case "round_called":
      return { ...base, tone: "called", title: S.called, sub: item ? S.startsAt(fmt.time(item.start)) : "" };
    case "round_started":
      return { ...base, tone: "go", title: S.started, sub: endsAt ? S.endsAt(endsAt) : "" };
    case "round_start_held": {
      const why = heldWhy(p.reason, p.waiting_for, sections, { heldSeating: S.heldSeating, heldPrevious: S.stillPlaying });
      return { ...base, tone: "hold", title: S.held, sub: why };
    }
    case "round_paused":
      return { ...base, tone: "hold", title: S.paused, sub: S.pausedSub };
    case "round_resumed":
      return { ...base, tone: "go", title: S.resumed, sub: endsAt ? S.endsAt(endsAt) : "" };
    case "round_extended":
      return { ...base, tone: "info", title: S.extended(Number(p.minutes) || 0), sub: endsAt ? S.newEnd(endsAt) : "" };
    case "last_deals_announced":
      return { ...base, tone: "warn", title: S.lastDeals, sub: endsAt ? S.endsAt(endsAt) : "" };
    case "break_announced": {
      const parts = Number(p.parts) || (item && item.parts) || 2;
      const part = Number(p.part) || 1;
      return { ...base, tone: "info", title: parts === 2 ? S.halfTime : S.breakOf(part, parts - 1), sub: "" };
    }
    case "round_ended":
      return { ...base, tone: "end", title: S.ended, sub: S.endedSub };
    case "announced":
      return {
        ...base, tone: p.player ? "private" : "announce", kicker: p.player ? S.forYou : S.announcement,
        title: String(p.text ?? ""), sub: "", long: String(p.text ?? "").length > 40,
      };
    case "lateness_alert":
    case "reserve_seated":
      // Only pages whose strings say these (S.late) show them; a phone does not.
      return S.late ? describeLateness(event, sections, S.late, fmt) : null;
    case "item_moved":
    case "timetable_shifted":
    case "item_added":
    case "item_cancelled":
      return S.plan ? describePlanEvent(event, sections, S.plan, fmt, now) : null;
    default:
      return null;
  }
}

/** "+10 minutes" / "−5 minutes" / "+1.5 minutes". */
export function signedMinutes(minutes, one = "minute", many = "minutes") {
  const sign = minutes < 0 ? "−" : "+";
  const abs = Math.abs(minutes);
  const shown = Number.isInteger(abs) ? String(abs) : abs.toFixed(1);
  return `${sign}${shown} ${abs === 1 ? one : many}`;
}

// ---------------------------------------------------------------------------------------
// The headline clock, in words (display, player and referee pages share it)

/** The first item after `item` that is still to come (for "then …" under a "starts in"). */
export function itemAfter(timetable, item, now) {
  if (!item) return null;
  const items = timetable || [];
  return items.slice(items.indexOf(item) + 1)
    .find((i) => (i.playing && isOpen(i)) || (!i.playing && i.start > now)) || null;
}

/**
 * Everything the headline clock shows at `now`:
 * {mode, current, next, kicker, headline, count, state, sub, upcoming, upcomingLabel, urgent, called}.
 * `S` is the page's strings (now, next, then, remaining, paused, held, startsIn, startingNow,
 * endsIn, endsAt, startsAt, toYourTables, lastDealsShown, extendedBy, overtime, finished, nothing).
 */
export function describeClock(sections, now, S, fmt) {
  const timetable = sections.timetable || [];
  const tournament = sections.tournament || {};
  const model = countdownModel(timetable, now);
  const { current, next } = model;
  const out = {
    mode: model.mode, current, next, kicker: "", headline: "", count: formatDuration(model.ms), state: "", sub: "",
    upcoming: next, upcomingLabel: S.next, upcomingTime: "", urgent: false, called: false, lastDeals: false,
  };
  switch (model.mode) {
    case "running": {
      out.kicker = S.now;
      out.headline = current.title;
      out.lastDeals = Boolean(current.last_deals_at);
      out.state = model.overdue ? S.overtime : out.lastDeals ? S.lastDealsShown : S.remaining;
      const extendedMin = current.extended_ms ? Math.round((current.extended_ms * (tournament.speed || 1)) / 6000) / 10 : 0;
      out.sub = [S.endsAt(fmt.time(current.ends_at)), extendedMin ? S.extendedBy(extendedMin) : ""]
        .filter(Boolean).join("  ·  ");
      const warn = tournament.last_deals_warning_ms || 0;
      out.urgent = model.overdue || Boolean(current.last_deals_at) || (warn > 0 && model.ms <= warn);
      break;
    }
    case "paused":
      out.kicker = S.now;
      out.headline = current.title;
      out.state = S.paused;
      break;
    case "held":
      out.kicker = current ? `${S.now}: ${current.title}` : "";
      out.headline = next.title;
      out.count = "";
      out.state = S.held;
      // Why it waits: "seating not yet published", "Round 1 is still being played".
      out.sub = S.heldPrevious ? heldReason(next, sections, S) : "";
      out.upcoming = itemAfter(timetable, next, now);
      out.upcomingLabel = S.then;
      break;
    case "until":
      out.kicker = current ? `${S.now}: ${current.title}` : "";
      out.headline = model.due ? S.startingNow(next.title) : S.startsIn(next.title);
      out.called = next.status === "called";
      out.state = out.called ? S.toYourTables : "";
      out.sub = S.startsAt(fmt.time(next.start));
      // Moved because a round before it ran long: the plan's time beside the new one.
      if (plannedStart(next) !== null && S.plannedAt) out.sub = `${out.sub} · ${S.plannedAt(fmt.time(plannedStart(next)))}`;
      out.upcoming = itemAfter(timetable, next, now);
      out.upcomingLabel = S.then;
      break;
    case "ends":
      out.kicker = S.now;
      out.headline = S.endsIn(current.title);
      out.sub = S.endsAt(fmt.time(current.end));
      break;
    default:
      out.headline = timetable.length ? S.finished : S.nothing;
      out.count = "";
      // A plan already in the past (a file with the wrong year): nothing was played, nothing fires.
      if (S.missedHeadline && missedItems(sections).length) {
        out.mode = "missed";
        out.headline = S.missedHeadline;
        out.state = S.missedState;
      }
  }
  if (out.upcoming) out.upcomingTime = out.upcoming.status === "held" ? S.held : fmt.time(out.upcoming.start);
  return out;
}

// ---------------------------------------------------------------------------------------
// Standings, seating and results (sections `standings`, `seating`, `results`)
//
// Every helper here tolerates a missing section (an older server, an empty tournament): it
// answers with an empty list or null, and the pages hide what has nothing to show.

/** Events that change the score: standings, results, seating or penalties. */
export const SCORE_TYPES = new Set([
  "result_recorded", "result_corrected", "seating_published", "penalty_applied", "match_forfeited",
]);

/** "preferans" | "bridge" | "": from the tournament section, else guessed from the data. */
export function gameOf(sections) {
  const game = sections.tournament?.game;
  if (game === "preferans" || game === "bridge") return game;
  const row = (sections.standings || [])[0];
  if (row) return "team" in row ? "bridge" : "preferans";
  return (sections.teams || []).length ? "bridge" : "";
}

/** The standings rows, always an array. */
export function standingsRows(sections) {
  return Array.isArray(sections.standings) ? sections.standings : [];
}

/** A standings row's key: its player or team id. */
export const standingKey = (row) => (row ? row.player ?? row.team ?? "" : "");

/** Whether any row has scored anything yet (before the first result every line is 0). */
export function standingsStarted(rows) {
  return (rows || []).some((r) => (r.rounds || 0) > 0 || (r.played || 0) > 0 || (r.awarded || 0) > 0 ||
    Number(r.points || 0) !== 0 || Number(r.vp || 0) !== 0 || Number(r.penalty_bule || 0) !== 0 ||
    Number(r.penalty_vp || 0) !== 0);
}

/**
 * The label of each row's rank: `single(rank)` ("3."), or for a shared rank the span of the tied
 * group on each of its lines, `range(first, last)` ("3–4").
 */
export function rankLabels(rows, single, range) {
  const counts = new Map();
  for (const r of rows || []) counts.set(r.rank, (counts.get(r.rank) || 0) + 1);
  return (rows || []).map((r) => {
    const n = counts.get(r.rank) || 1;
    return r.shared && n > 1 ? range(r.rank, r.rank + n - 1) : single(r.rank);
  });
}

/**
 * The places a shared place spans at a table: [first, last] of the rows (a result's players)
 * with `row`'s place ("2–3." for two sharing the 2nd place).
 */
export function placeSpan(rows, row) {
  const n = (rows || []).filter((r) => r && r.place === row?.place).length;
  return [row?.place, row?.place + Math.max(1, n) - 1];
}

const SCORE_FIELDS = ["points", "bule", "penalty_bule", "rounds", "vp", "penalty_vp", "imp_diff", "imps_for",
  "imps_against", "played", "awarded"];

/** Keys of the rows whose score changed between two standings (not a mere move in rank). */
export function changedStandings(before, after) {
  const old = new Map((before || []).map((r) => [standingKey(r), r]));
  const changed = new Set();
  for (const row of after || []) {
    const was = old.get(standingKey(row));
    if (!was) continue;
    if (SCORE_FIELDS.some((f) => (was[f] ?? null) !== (row[f] ?? null))) changed.add(standingKey(row));
  }
  return changed;
}

/**
 * Numbers for people: up to `max` decimals (at least `min`), a real minus sign "−", and with
 * `signed` a "+" in front of positive values. Non-numbers come back as "–".
 */
export function formatNumber(value, { min = 0, max = 2, signed = false, locale = "en-GB" } = {}) {
  const n = Number(value);
  if (value === null || value === undefined || value === "" || !Number.isFinite(n)) return "–";
  const text = new Intl.NumberFormat(locale, {
    minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: false,
  }).format(Math.abs(n));
  if (n < 0 && Number(text) !== 0) return `−${text}`;
  return signed && n > 0 ? `+${text}` : text;
}

/** id → name of the players and of the teams. */
export function nameBook(sections) {
  const players = new Map((sections.players || []).map((p) => [p.id, p.name]));
  const teams = new Map((sections.teams || []).map((t) => [t.id, t.name]));
  return {
    player: (id) => players.get(id) ?? String(id ?? ""),
    team: (id) => teams.get(id) ?? String(id ?? ""),
  };
}

/** The published seating of an item, or null. */
export function seatingOf(sections, itemId) {
  const all = sections.seating && typeof sections.seating === "object" ? sections.seating : {};
  const s = all[itemId];
  return s && typeof s === "object" ? s : null;
}

/** The results of an item, always an array. */
export function resultsOf(sections, itemId) {
  const all = sections.results && typeof sections.results === "object" ? sections.results : {};
  return Array.isArray(all[itemId]) ? all[itemId] : [];
}

/** The playing items (rounds, matches) in timetable order. */
export function playingItems(sections) {
  return (sections.timetable || []).filter((i) => i.playing);
}

/**
 * The seating to put up in the hall: the first playing item that has not started yet, if its
 * seating is published ({item, seating, upcoming: true}); with `orCurrent`, else the seating of
 * the item being played ({…, upcoming: false}); else null.
 */
export function seatingToShow(sections, { orCurrent = false } = {}) {
  const items = playingItems(sections);
  const next = items.find((i) => isOpen(i));
  if (next) {
    const seating = seatingOf(sections, next.id);
    if (seating) return { item: next, seating, upcoming: true };
  }
  if (orCurrent) {
    const current = items.find((i) => inProgress(i)) ||
      [...items].reverse().find((i) => i.status === "ended" && seatingOf(sections, i.id));
    const seating = current ? seatingOf(sections, current.id) : null;
    if (seating) return { item: current, seating, upcoming: false };
  }
  return null;
}

/** The last playing item (in timetable order) that has results: "standings after Round 2". */
export function lastScoredItem(sections) {
  return [...playingItems(sections)].reverse().find((i) => resultsOf(sections, i.id).length) || null;
}

/**
 * Shows one page of a list at a time and turns the pages every `everyMs`.
 *
 * The pages are measured, not counted: every child of `body` (a row, or a card of a grid) is laid
 * out, and a page ends before the first child that does not fit the body's height. The body
 * must have a definite height (a flex or grid child) and `position: relative`. A ResizeObserver
 * measures again when the body's size changes (another panel appears, the window resizes).
 * `holdHeight` keeps a panel that is sized by its content at the height of a full page.
 * `onPage(page, pages)` reports the page shown (for the indicator).
 */
export class Pager {
  constructor(body, { everyMs = 8000, balance = false, holdHeight = false, onPage = () => {} } = {}) {
    this.body = body;
    this.everyMs = everyMs;
    this.balance = balance;
    this.holdHeight = holdHeight;
    this.onPage = onPage;
    this.pages = [[0, 0]];
    this.page = 0;
    this.size = "";
    this.timer = setInterval(() => this.turn(), everyMs);
    if ("ResizeObserver" in window) {
      this.observer = new ResizeObserver(() => {
        if (this.sizeKey() !== this.size) this.measure();
      });
      this.observer.observe(body);
    }
    window.addEventListener("resize", () => this.measure());
  }

  sizeKey() {
    return `${this.body.clientWidth}x${this.body.clientHeight}`;
  }

  /** New content: `nodes` replace the body's children; `keepPage` stays on the same page number. */
  set(nodes, { keepPage = true } = {}) {
    this.body.classList.remove("turned"); // new content appears at once; only a page turn fades in
    fill(this.body, nodes);
    if (!keepPage) this.page = 0;
    this.measure();
  }

  measure() {
    const items = [...this.body.children];
    this.body.style.minHeight = "";
    for (const node of items) node.style.display = "";
    const height = this.body.clientHeight;
    if (!items.length || height <= 0) {
      this.pages = [[0, items.length]];
      this.page = 0;
      this.show();
      return;
    }
    const pages = [];
    let start = 0;
    let top = items[0].offsetTop;
    items.forEach((node, i) => {
      const bottom = node.offsetTop + node.offsetHeight;
      if (i > start && bottom - top > height + 1) {
        pages.push([start, i]);
        start = i;
        top = node.offsetTop;
      }
    });
    pages.push([start, items.length]);
    if (this.balance && pages.length > 1) {
      // Equal pages (10 + 10 + 10 rather than 13 + 13 + 4) for a list of equal rows.
      const per = Math.ceil(items.length / pages.length);
      pages.length = 0;
      for (let i = 0; i < items.length; i += per) pages.push([i, Math.min(items.length, i + per)]);
    }
    this.pages = pages;
    if (this.page >= pages.length) this.page = 0;
    // With `holdHeight` (a panel sized by its content), a shorter last page must not let the
    // panel shrink and move the others.
    if (this.holdHeight && pages.length > 1) this.body.style.minHeight = `${height}px`;
    this.show();
  }

  show() {
    const [from, to] = this.pages[this.page] || [0, 0];
    [...this.body.children].forEach((node, i) => {
      const shown = i >= from && i < to;
      node.style.display = shown ? "" : "none";
    });
    this.size = this.sizeKey();
    this.onPage(this.page, this.pages.length);
  }

  turn() {
    if (this.pages.length < 2) return;
    this.page = (this.page + 1) % this.pages.length;
    this.body.classList.remove("turned");
    void this.body.offsetWidth; // restart the fade-in
    this.body.classList.add("turned");
    this.show();
  }

  /** The page that shows child number `index`. */
  pageOf(index) {
    return Math.max(0, this.pages.findIndex(([from, to]) => index >= from && index < to));
  }

  /** Show a page now, and give it the full time before the next turn. */
  goTo(page) {
    if (page >= 0 && page < this.pages.length && page !== this.page) {
      this.page = page;
      this.show();
      clearInterval(this.timer);
      this.timer = setInterval(() => this.turn(), this.everyMs);
    }
  }
}

/** How many decimals (0–`cap`) the longest of these numbers needs: a column then shows all alike. */
export function decimalsOf(values, cap = 2) {
  let most = 0;
  for (const v of values) {
    const n = Number(v);
    if (!Number.isFinite(n)) continue;
    for (let d = most; d < cap && Math.abs(Math.round(n * 10 ** d) - n * 10 ** d) > 1e-9; d += 1) most = d + 1;
  }
  return most;
}

// ---------------------------------------------------------------------------------------
// Lateness (section `lateness`: item → {reference_start, pauses, thresholds, rows, steps})
//
// The server gives fixed numbers for those who came, and `steps` for the others: the penalty
// of someone not yet in is the last step whose from_ms ≤ how late they are now. How late is
// running-clock time since the reference start, pauses not counted (live/rules/lateness.py),
// so the pages count it themselves against serverNow() and need no rule of their own.

/** Bridge: members a team needs at the table (the rules' players_needed). */
export const TEAM_NEEDED = 4;

/** The pauses merged, so overlapping ones count once; an open pause ([at, null]) ends the list. */
function mergedPauses(pauses) {
  const spans = (Array.isArray(pauses) ? pauses : [])
    .filter((p) => Array.isArray(p) && Number.isFinite(p[0]))
    .map(([begin, end]) => [begin, Number.isFinite(end) ? end : null])
    .sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const [begin, end] of spans) {
    const last = merged[merged.length - 1];
    if (last) {
      if (last[1] === null) break; // the clock is stopped for good
      if (begin <= last[1]) {
        last[1] = end === null ? null : Math.max(last[1], end);
        continue;
      }
    }
    merged.push([begin, end]);
  }
  return merged;
}

/** Clock ms from `since` to `until` minus the parts of the pauses between them; 0 if until ≤ since. */
export function runningMs(since, until, pauses = []) {
  if (!Number.isFinite(since) || !Number.isFinite(until) || until <= since) return 0;
  let paused = 0;
  for (const [begin, end] of mergedPauses(pauses)) {
    const lo = Math.max(begin, since);
    const hi = Math.min(end === null ? until : end, until);
    if (hi > lo) paused += hi - lo;
  }
  return until - since - paused;
}

/** How late someone not yet in is at `now` (0 before the reference start). */
export function lateNow(report, now) {
  if (!report || !Number.isFinite(report.reference_start) || now <= report.reference_start) return 0;
  return runningMs(report.reference_start, now, report.pauses);
}

/** Whether lateness counts yet: the round started, or its scheduled start passed. */
export const lateCounting = (report, now) => Boolean(report) && Number.isFinite(report.reference_start) &&
  report.reference_start <= now;

/** The penalty step that applies at `lateMs`: the last one whose from_ms ≤ lateMs (null if none). */
export function stepAt(steps, lateMs) {
  let found = null;
  for (const step of Array.isArray(steps) ? steps : []) {
    if (Number.isFinite(step.from_ms) && step.from_ms <= lateMs && (!found || step.from_ms >= found.from_ms)) found = step;
  }
  return found;
}

/** from_ms of the first step with `flag` set (reserve_due, forfeit), or null. */
export function firstStep(steps, flag) {
  const hits = (Array.isArray(steps) ? steps : []).filter((s) => s[flag] && Number.isFinite(s.from_ms));
  return hits.length ? Math.min(...hits.map((s) => s.from_ms)) : null;
}

/** Clock ms of one tournament minute (a demo runs `speed` times faster). */
export function minuteMs(sections) {
  const speed = Number(sections?.tournament?.speed) || 1;
  return Math.max(1, Math.round(60_000 / speed));
}

/** Clock ms as tournament time, for a "12:34 late" counter (a demo's minutes last less). */
export function tournamentMs(ms, sections) {
  return (Number(ms) || 0) * (60_000 / minuteMs(sections));
}

/** The reports, always an object. */
export function latenessReports(sections) {
  const all = sections?.lateness;
  return all && typeof all === "object" && !Array.isArray(all) ? all : {};
}

/**
 * The round whose check-in matters now: the one being played, else the first not started yet
 * that has a lateness entry ({item, report}), or null.
 */
export function latenessRound(sections) {
  const reports = latenessReports(sections);
  const items = playingItems(sections);
  const current = items.find((i) => inProgress(i) && reports[i.id]);
  const pick = current || items.find((i) => isOpen(i) && reports[i.id]);
  return pick ? { item: pick, report: reports[pick.id] } : null;
}

/** A row has come: checked in (or, for a team, complete). */
export const hasArrived = (row) => Number.isFinite(row?.arrived_at);

/** Not here and nobody in the seat: not arrived, no reserve seated, no absence announced. */
export const isMissing = (row) => !hasArrived(row) && !row?.reserve && !row?.excused;

/**
 * A penalty in words from a row or a step: {text, tone} with tone "" | "ok" | "warn" | "bad";
 * a start with extra bule also has kind "startsWith", startsWith (the bule) and bule (the extra).
 * `S` = {onTime, tolerated, startsWith(n, bule), deduction(bule), reserveDue(n), forfeit,
 * boards(n, imps), noPenalty}.
 */
export function describePenalty(fields, S) {
  const penalty = penaltyOf(fields, S);
  return fields && penalty.kind === "startsWith" ? { ...penalty, startsWith: fields.starts_with, bule: Number(fields.bule) } : penalty;
}

function penaltyOf(fields, S) {
  if (!fields) return { text: "", tone: "" };
  if ("boards_removed" in fields || ("forfeit" in fields && !("bule" in fields))) {
    if (fields.forfeit) return { text: S.forfeit, tone: "bad" };
    if (Number(fields.boards_removed) > 0) {
      return { text: S.boards(Number(fields.boards_removed), Number(fields.compensation_imps) || 0), tone: "warn" };
    }
    return { text: S.noPenalty, tone: "" };
  }
  if (fields.reserve_due) return { text: S.reserveDue(fields.starts_with), tone: "bad" };
  if (Number(fields.deduction) > 0) return { text: S.deduction(Number(fields.deduction)), tone: "warn" };
  if (Number(fields.bule) > 0) return { text: S.startsWith(fields.starts_with, Number(fields.bule)), tone: "warn", kind: "startsWith" };
  if (fields.tolerated) return { text: S.tolerated, tone: "ok" };
  return { text: S.onTime, tone: "" };
}

/** Whole tournament minutes between a report's reference start and `at` (pauses not counted). */
export function minutesInto(report, at, sections) {
  if (!report || !Number.isFinite(at)) return null;
  return Math.round(runningMs(report.reference_start, at, report.pauses) / minuteMs(sections));
}

/** A few names, then "+N" (banners and toasts must stay short). */
export function someNames(names, S, max = 6) {
  if (names.length <= max) return names.join(", ");
  return `${names.slice(0, max).join(", ")} ${S.andMore(names.length - max)}`;
}

/**
 * A banner for a lateness alert or a seated reserve: {seq, ts, type, tone, kicker, title, sub, long}.
 * `S` is the page's words (STRINGS.banner.late on the display, STRINGS.alerts on the console).
 */
export function describeLateness(event, sections, S, fmt) {
  if (!event || !event.type) return null;
  const p = event.payload || {};
  const item = p.item ? findItem(sections, p.item) : null;
  const report = p.item ? latenessReports(sections)[p.item] : null;
  const names = nameBook(sections);
  const bridge = gameOf(sections) === "bridge";
  const base = { seq: event.seq, ts: event.ts, type: event.type, item: p.item, kicker: item ? item.title : (p.item || "") };
  const done = (b) => ({ ...b, long: String(b.title).length > 26 });
  if (event.type === "reserve_seated") {
    const name = String(p.name ?? "");
    return done({
      ...base, tone: "info",
      title: p.table !== undefined && p.table !== null ? S.reserveAtTable(p.table, name, p.starts_with) : S.reserveSeated(name, p.starts_with),
      sub: p.player ? S.inPlaceOf(names.player(p.player)) : "",
    });
  }
  if (event.type !== "lateness_alert") return null;
  const absent = Array.isArray(p.absent) ? p.absent : [];
  const who = absent.map((id) => (bridge ? names.team(id) : names.player(id)));
  const minutes = minutesInto(report, p.due_at, sections);
  const threshold = String(p.threshold ?? "");
  if (threshold === "grace") {
    return done({ ...base, tone: "hold", title: S.graceOver(minutes), sub: S.notHere(who.length, someNames(who, S)) });
  }
  if (threshold === "reserve") {
    const tables = Array.isArray(p.tables) ? p.tables : [];
    const reserve = tables.filter((t) => t.kind === "reserve").map((t) => t.table);
    const lines = tables.filter((t) => t.kind !== "reserve").map((t) => (t.kind === "walkover"
      ? S.walkover(t.table, names.player(t.walkover_to)) : t.kind === "no_game" ? S.noGame(t.table) : ""));
    return done({
      ...base, tone: "warn",
      title: reserve.length ? S.reservesFor(minutes, reserve) : S.deadline(minutes),
      sub: [...lines.filter(Boolean), S.notHere(who.length, someNames(who, S))].join(" · "),
    });
  }
  if (threshold === "forfeit") {
    return done({ ...base, tone: "warn", title: bridge ? S.teamsForfeit(minutes, who) : S.forfeitPlayers(minutes, who.length),
      sub: bridge ? S.forfeitSub : someNames(who, S) });
  }
  if (threshold.startsWith("block:")) {
    // "block:N": the N-th started quarter of an hour begins now. At the boundary itself the
    // boards of the block that ends apply; from the next instant those of block N.
    const n = Number(threshold.slice(6)) || 2;
    const offset = report && Number.isFinite(p.due_at) ? runningMs(report.reference_start, p.due_at, report.pauses) : null;
    const at = offset !== null ? stepAt(report.steps, offset) : null;
    const after = offset !== null ? stepAt(report.steps, offset + 1) : null;
    const boards = at && Number.isFinite(at.boards_removed) ? at.boards_removed : 2 * (n - 1);
    const next = after && Number.isFinite(after.boards_removed) ? after.boards_removed : 2 * n;
    return done({ ...base, tone: "warn", title: S.boardsRemoved(minutes, boards), sub: [someNames(who, S), S.fromNow(next)].filter(Boolean).join(" · ") });
  }
  return done({ ...base, tone: "hold", title: S.stillAbsent(minutes), sub: S.notHere(who.length, someNames(who, S)) });
}

// ---------------------------------------------------------------------------------------
// Languages: one catalogue per language in i18n/<lang>.json, one section per page.
//
// A catalogue string is plain text, or a template: "{0}" is the first argument, "{0:signed}"
// a signed number ("+5", "−5"), "{0|one:бод|few:бода|other:бодова}" a choice by the
// argument (a number, or a number already formatted as text like "6,2": an "=N" case, else its
// CLDR plural category in the page's locale — zero, one, two, few, many, other — by
// Intl.PluralRules with the decimals shown; an array: by its length; anything else: the case
// named like the value, "null" for null, undefined, "" or false). "{0.item}" is a field of an argument. A choice falls back
// to "other", then to the value itself. Arrays are shown joined with ", ". A template becomes a
// function of its arguments; "{}" (nothing inside) only marks a function that takes none.

/** The languages there are catalogues for, and the locale each one formats dates with. */
export const LANGUAGES = { en: "en-GB", "sr-Cyrl": "sr-Cyrl-RS", "sr-Latn": "sr-Latn-RS", sk: "sk-SK" };

/** The language a page asked for with ?lang= (null if none or unknown). */
export function requestedLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (!asked) return null;
  if (LANGUAGES[asked]) return asked;
  const lower = asked.toLowerCase();
  const found = Object.keys(LANGUAGES).find((l) => l.toLowerCase() === lower) ||
    (lower === "sr" ? "sr-Cyrl" : Object.keys(LANGUAGES).find((l) => l.split("-")[0] === lower.split("-")[0]));
  return found || null;
}

/** The nearest language with a catalogue ("sr" → "sr-Cyrl", "sk-SK" → "sk"; else "en"). */
export function catalogueLanguage(tag) {
  if (!tag) return "en";
  if (LANGUAGES[tag]) return tag;
  const lower = String(tag).toLowerCase();
  if (lower.startsWith("sr")) return /latn/.test(lower) ? "sr-Latn" : "sr-Cyrl";
  return Object.keys(LANGUAGES).find((l) => l.toLowerCase() === lower.split("-")[0]) || "en";
}

function splitTop(text, sep) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === "{") depth += 1;
    else if (c === "}") depth -= 1;
    else if (c === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function showValue(value, lang) {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/** A number as text, as the pages format them: "6,2", "6.25", "−3", "+5" (not "1 234" nor "2–3"). */
const NUMBER_TEXT = /^[+\u2212-]?\d+(?:[.,](\d+))?$/;

/**
 * What a choice counts: {n, decimals} for a number, a number formatted as text ("6,2": the
 * plural category of 6.2 with one decimal shown, as in "6,2 бода") or an array (its length);
 * else null.
 */
function countOf(value) {
  if (Array.isArray(value)) return { n: value.length, decimals: 0 };
  if (typeof value === "number") return Number.isFinite(value) ? { n: Math.abs(value), decimals: 0 } : null;
  if (typeof value !== "string") return null;
  const m = NUMBER_TEXT.exec(value.trim());
  if (!m) return null;
  const digits = value.trim().replace(/^[+\u2212-]/, "").replace(",", ".");
  return { n: Math.abs(Number(digits)), decimals: m[1] ? m[1].length : 0 };
}

/**
 * Plural rules of a language, one per number of shown decimals ("6,0" is not "6" in Slovak
 * or Serbian): `plurals(decimals).select(n)` is one of CLDR's zero/one/two/few/many/other.
 */
function pluralRules(lang) {
  const locale = LANGUAGES[lang] || lang;
  const made = new Map();
  return (decimals = 0) => {
    if (!made.has(decimals)) {
      let rules;
      try {
        rules = new Intl.PluralRules(locale, { minimumFractionDigits: decimals });
      } catch {
        rules = new Intl.PluralRules("en", { minimumFractionDigits: decimals });
      }
      made.set(decimals, rules);
    }
    return made.get(decimals);
  };
}

function renderTemplate(template, args, lang, plurals) {
  let out = "";
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf("{", i);
    if (open < 0) {
      out += template.slice(i);
      break;
    }
    out += template.slice(i, open);
    let depth = 0;
    let close = open;
    for (; close < template.length; close += 1) {
      if (template[close] === "{") depth += 1;
      else if (template[close] === "}" && (depth -= 1) === 0) break;
    }
    const inner = template.slice(open + 1, close);
    i = close + 1;
    if (!inner) continue;
    const [head, ...cases] = splitTop(inner, "|");
    const [path, modifier] = head.split(":");
    const [index, ...props] = path.split(".");
    let value = args[Number(index)];
    for (const prop of props) value = value === null || value === undefined ? undefined : value[prop];
    if (!cases.length) {
      if (modifier === "signed" && Number.isFinite(Number(value))) {
        const n = Number(value);
        const abs = Math.abs(n);
        out += `${n < 0 ? "−" : "+"}${Number.isInteger(abs) ? abs : abs.toFixed(1)}`;
      } else out += showValue(value, lang);
      continue;
    }
    const table = {};
    for (const c of cases) {
      const colon = c.indexOf(":");
      if (colon > 0) table[c.slice(0, colon)] = c.slice(colon + 1);
    }
    let pick;
    const count = countOf(value);
    if (value === null || value === undefined || value === "" || value === false) pick = table.null;
    else if (count !== null) pick = table[`=${count.n}`] ?? table[plurals(count.decimals).select(count.n)];
    else pick = table[String(value)];
    pick = pick ?? table.other;
    out += pick === undefined ? showValue(value, lang) : renderTemplate(pick, args, lang, plurals);
  }
  return out;
}

/** A catalogue section made usable: templates become functions, objects stay objects. */
export function compileStrings(section, lang) {
  const plurals = pluralRules(lang);
  const compile = (value) => {
    if (typeof value === "string") {
      return value.includes("{") ? (...args) => renderTemplate(value, args, lang, plurals) : value;
    }
    if (Array.isArray(value)) return value.map(compile);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compile(v)]));
    }
    return value;
  };
  return compile(section);
}

/** English under the language's strings: a key the language lacks keeps its English text. */
function mergeCatalogues(base, over) {
  if (!over || typeof over !== "object" || Array.isArray(over)) return base;
  const out = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (key.startsWith("_")) continue;
    if (value && typeof value === "object" && !Array.isArray(value) && base[key] && typeof base[key] === "object" && !Array.isArray(base[key])) {
      out[key] = mergeCatalogues(base[key], value);
    } else if (value !== undefined && value !== null && (!Array.isArray(base[key]) || Array.isArray(value))) {
      out[key] = value;
    }
  }
  return out;
}

// The catalogues sit beside this module, under its versioned URL (/static/<version>/i18n/…): the server
// keeps them a year in the browser's cache and names them in the page's head, so that they are on their
// way with the modules. One file per page and language (the server's cut of the catalogue, with that
// page's section only); the whole catalogue if there is no such cut.
const catalogues = new Map();
function fetchCatalogue(lang, page) {
  const key = `${page}/${lang}`;
  if (!catalogues.has(key)) {
    const json = (url) => fetch(new URL(url, import.meta.url)).then((r) => (r.ok ? r.json() : Promise.reject(r)));
    catalogues.set(key, json(`./i18n/${page}/${lang}.json`)
      .catch(() => json(`./i18n/${lang}.json`))
      .catch(() => ({})));
  }
  return catalogues.get(key);
}

/** The language the page is in: ?lang=, else the tournament's language (as given), else en. */
export let pageLanguage = "en";

/**
 * The words of one page (`page` = "display", "player", "referee", "index") in `lang`, English
 * filling the gaps. Without `lang`: ?lang=, else `tournamentLanguage`, else en.
 */
export async function loadStrings(page, tournamentLanguage = null) {
  const lang = requestedLanguage() || catalogueLanguage(tournamentLanguage);
  const [en, own] = await Promise.all([fetchCatalogue("en", page), lang === "en" ? null : fetchCatalogue(lang, page)]);
  const merged = mergeCatalogues(en[page] || {}, own ? own[page] : null);
  merged.locale = (own && own[page] && own[page].locale) || LANGUAGES[lang] || merged.locale || "en-GB";
  pageLanguage = lang;
  document.documentElement.lang = lang;
  return compileStrings(merged, lang);
}

/**
 * The tournament's language before the first snapshot: the page's head names it (the server fills
 * `<meta name="live-language">`), so no request waits for it; a page without it asks /api/state.
 */
export async function tournamentLanguage() {
  if (requestedLanguage()) return null;
  const named = document.querySelector('meta[name="live-language"]')?.getAttribute("content");
  if (named) return named;
  try {
    const response = await fetch("/api/state", { cache: "no-cache" });
    if (!response.ok) return null;
    const state = await response.json();
    return state?.tournament?.language || null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------
// Sound: a chime made in the browser (Web Audio, no files) and the banner's words spoken
// (speechSynthesis). Browsers allow sound only after a first click/tap/key on the page.

/** Tones of a chime per banner tone (Hz); each a short sine with a soft attack and decay. */
const CHIMES = {
  go: [660, 880, 1320],
  called: [784, 988, 1175],
  warn: [880, 698, 523],
  hold: [587, 523],
  info: [740, 988],
  private: [880, 1175, 880],
  default: [659, 880],
};

/** Voice language per page language (speech engines know "sr", not the script). */
const SPEECH_LANG = { en: "en-GB", "sr-Cyrl": "sr-RS", "sr-Latn": "sr-RS", sk: "sk-SK" };

export class Sound {
  constructor() {
    this.ctx = null;
    this.unlocked = false;
    this.listeners = new Set();
    const unlock = () => this.unlock();
    for (const type of ["pointerdown", "keydown", "touchstart", "click"]) {
      window.addEventListener(type, unlock, { capture: true, passive: true });
    }
    // A kiosk browser may allow sound without a gesture: then no hint is needed.
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (Ctx) {
        this.ctx = new Ctx();
        if (this.ctx.state === "running") this.unlocked = true;
        this.ctx.addEventListener?.("statechange", () => {
          if (this.ctx.state === "running") this.markUnlocked();
        });
      }
    } catch {
      this.ctx = null;
    }
    try {
      window.speechSynthesis?.getVoices(); // starts loading the voice list
    } catch {
      /* no speech */
    }
  }

  /** Call fn(unlocked) now and whenever sound becomes allowed. */
  onChange(fn) {
    this.listeners.add(fn);
    fn(this.unlocked);
  }

  markUnlocked() {
    if (this.unlocked) return;
    this.unlocked = true;
    for (const fn of this.listeners) fn(true);
  }

  unlock() {
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!this.ctx && Ctx) this.ctx = new Ctx();
      if (this.ctx && this.ctx.state !== "running") {
        this.ctx.resume().then(() => this.markUnlocked(), () => {});
      } else if (this.ctx) this.markUnlocked();
    } catch {
      /* no Web Audio */
    }
    if (!this.ctx) this.markUnlocked();
  }

  /** Two or three sine tones with a short envelope. */
  chime(tone = "default") {
    const ctx = this.ctx;
    if (!ctx || ctx.state !== "running") return false;
    const notes = CHIMES[tone] || CHIMES.default;
    const start = ctx.currentTime + 0.02;
    notes.forEach((freq, i) => {
      const at = start + i * 0.22;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.9);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 1);
    });
    return true;
  }

  /** Say `text` in `lang` (a page language), with a voice of that language when there is one. */
  speak(text, lang = "en", { delayMs = 700 } = {}) {
    const synth = window.speechSynthesis;
    if (!synth || !this.unlocked || !text || typeof SpeechSynthesisUtterance === "undefined") return false;
    const tag = SPEECH_LANG[lang] || lang;
    const primary = tag.split("-")[0].toLowerCase();
    setTimeout(() => {
      try {
        const utterance = new SpeechSynthesisUtterance(String(text));
        utterance.lang = tag;
        const voices = synth.getVoices() || [];
        const voice = voices.find((v) => v.lang?.toLowerCase().replace("_", "-") === tag.toLowerCase()) ||
          voices.find((v) => v.lang?.toLowerCase().split(/[-_]/)[0] === primary) ||
          // Croatian/Bosnian voices read Serbian Latin well enough.
          (primary === "sr" ? voices.find((v) => /^(hr|bs)/i.test(v.lang || "")) : null);
        if (voice) utterance.voice = voice;
        synth.cancel();
        synth.speak(utterance);
      } catch {
        /* speech is a bonus */
      }
    }, delayMs);
    return true;
  }
}

/** The one sound of a page (made on first use). */
let theSound = null;
export function sound() {
  if (!theSound) theSound = new Sound();
  return theSound;
}

// ---------------------------------------------------------------------------------------
// Commands sent at most once

/** A command's own id: the server stores a command with an id once, and answers a resend with the
 * first event, so sending again after a 503 or a lost answer is always safe. Works on plain http
 * (crypto.getRandomValues, unlike crypto.randomUUID, needs no secure context). */
export function commandId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** POST with the same body again (so the same command id) after a 503 or a lost answer, `tries`
 * times in all, waiting a little longer each time; the last answer or error is the caller's.
 * An attempt that gets no answer within `attemptMs` counts as lost (a hung server must not keep
 * the button grey for a minute); `onPending` is called once when no answer has come within
 * `pendingMs`, so the page can say "not confirmed yet" while it keeps trying. */
export async function postResending(url, init, { tries = 3, waitMs = 1000, attemptMs = 5000, pendingMs = 2500,
  onPending = () => {}, fetchFn = fetch, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  timer = { set: (f, ms) => setTimeout(f, ms), clear: (t) => clearTimeout(t) } } = {}) {
  const pending = timer.set(onPending, pendingMs);
  try {
    for (let attempt = 1; ; attempt += 1) {
      const abort = new AbortController();
      const watch = timer.set(() => abort.abort(new Error("no answer")), attemptMs);
      try {
        const response = await fetchFn(url, { ...init, signal: abort.signal });
        if (response.status !== 503 || attempt >= tries) return response;
      } catch (err) {
        if (attempt >= tries) throw err;
      } finally {
        timer.clear(watch);
      }
      await sleep(waitMs * attempt);
    }
  } finally {
    timer.clear(pending);
  }
}

/**
 * The commands sent and not yet settled: on their way, or unconfirmed (no answer came, or a 503
 * said "it may have been stored"). Each keeps its id, so pressing the same button again sends the
 * same command again — stored once however often it is sent — instead of a second extension. One
 * is settled by its answer, or by its event on the live connection (its `signal` is `cmd:<id>`),
 * which may come before the console gives up waiting for the answer.
 */
export class Outbox {
  constructor(newId = commandId) {
    this.newId = newId;
    this.byKey = new Map(); // the command without its id, as JSON → { id, body, unconfirmed, event }
  }

  static key(body) {
    return JSON.stringify(Object.keys(body).filter((k) => k !== "id").sort().map((k) => [k, body[k]]));
  }

  /** The body to send: with the id of its unsettled twin if there is one, else a new id. */
  prepare(body) {
    const key = Outbox.key(body);
    const waiting = this.byKey.get(key);
    const sent = { ...body, id: waiting ? waiting.id : this.newId() };
    if (!waiting) this.byKey.set(key, { id: sent.id, body: sent, unconfirmed: false, event: null });
    return sent;
  }

  /** No answer came for `sent`. Its event if that arrived meanwhile (then it is settled), else null. */
  unconfirmed(sent) {
    const key = Outbox.key(sent);
    const entry = this.byKey.get(key);
    if (!entry || entry.id !== sent.id) return null;
    if (entry.event) {
      this.byKey.delete(key);
      return entry.event;
    }
    entry.unconfirmed = true;
    return null;
  }

  /** The answer came: `sent` is settled. */
  settled(sent) {
    const key = Outbox.key(sent);
    if (this.byKey.get(key)?.id === sent.id) this.byKey.delete(key);
  }

  /** An event arrived: the unconfirmed command it stores (now settled), or null. */
  arrived(event) {
    const signal = event && typeof event.signal === "string" ? event.signal : "";
    if (!signal.startsWith("cmd:")) return null;
    for (const [key, entry] of this.byKey) {
      if (`cmd:${entry.id}` !== signal) continue;
      if (!entry.unconfirmed) {
        entry.event = event; // still waiting for the answer: it settles it
        return null;
      }
      this.byKey.delete(key);
      return entry.body;
    }
    return null;
  }

  get size() {
    return this.byKey.size;
  }
}

/** An answer's JSON body, or null when it has none (a proxy's error page, a cut-off answer). */
export async function jsonOf(response) {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** The page's head for a tournament: its name, the window's title and the demo badge (elements
 * `name` and `demo`, found with `byId`); returns the time formatter the page shows times with. */
export function showTournament(t, S, byId) {
  setText(byId("name"), t.name || "");
  document.title = t.name ? `${t.name} – ${S.pageTitle}` : S.pageTitle;
  const demo = Boolean(t.speed && t.speed !== 1);
  byId("demo").hidden = !demo;
  if (demo) setText(byId("demo"), S.demo(t.speed));
  return timeFormatter(t.timezone, S.locale, { seconds: demo });
}
