// @ts-check
// The live connection: a WebSocket that keeps a view's sections up to date, reconnects with
// `since` so that nothing is missed, feeds the clock's ping/pong samples and notices a dead socket
// within seconds. The pages draw from its sections and banners from its events.
//
// The first hello and snapshot come with the page itself (its `#live-boot` data block, live/edges/web/assets.py):
// the connection hands them on as if the socket had sent them, so the first screen needs no round
// trip after the page, and then opens the socket with `since` = the boot's seq.
//
// A section too long to push with its event (a big field's seating, its check-in list after a round
// start: live/edges/budget.py) is named in the message's `fetch` list instead; the connection fetches it
// over HTTP. The answer is the section as of some seq at or after that event (`X-Live-Seq`): what the
// events up to that seq changed in it is already in it, what came after is applied on top, in order.

import { BANNER_MAX_AGE_MS } from "./banners.js";
import { at } from "./base.js";
import { takeBoot } from "./boot.js";
import { clock } from "./clock.js";
import { pageLanguage } from "./i18n.js";
import { applyPatch, keys } from "./patch.js";
import { presentEvent, presentSections } from "./script.js";
/** @import { PageSections } from "../../types/pages" */

/**
 * The event families the server names in its hello (`types`: signal, banner, score, plan,
 * not_undoable), each a Set, an empty one for a family the hello lacks: the pages keep no list of
 * event types of their own.
 */
export function eventFamilies(types) {
  const out = {};
  for (const family of ["signal", "banner", "score", "plan", "not_undoable"]) {
    out[family] = new Set(Array.isArray(types?.[family]) ? types[family] : []);
  }
  return out;
}

/**
 * How long to wait before reconnect try number `attempt` (0 for the first after a loss), when the page
 * has been without its connection for `downForMs`; `random()` in [0, 1) is the jitter.
 */
export function retryDelay(attempt, downForMs, random = Math.random) {
  const cap = downForMs < GLITCH_MS ? BACKOFF_GLITCH_MAX_MS : BACKOFF_MAX_MS;
  const base = Math.min(cap, BACKOFF_FIRST_MS * 2 ** Math.min(attempt, 30));
  return Math.round(base / 2 + (random() * base) / 2);
}


// Reconnecting: each try waits twice as long as the one before, from BACKOFF_FIRST_MS, with "equal
// jitter" (between half the wait and all of it) so that a hall of pages does not come back in step. For
// the first GLITCH_MS of an outage the wait stays under BACKOFF_GLITCH_MAX_MS: a network glitch or a
// restart is over within a minute, and a page must be right again within a few seconds of its end, not
// at its next try 10 s away. A server down for longer is asked at most every BACKOFF_MAX_MS (5–10 s).
const BACKOFF_FIRST_MS = 500;
const BACKOFF_GLITCH_MAX_MS = 2_000;
const GLITCH_MS = 60_000;
const BACKOFF_MAX_MS = 10_000;
// A socket whose hello has not come this long after it was opened is given up and tried again: a
// connection accepted and never answered (a proxy whose server is gone, a half-dead server, a request
// lost with the network) would otherwise leave the page waiting for minutes. The server writes its hello
// as soon as it takes the socket, so this is the time to connect and upgrade, about 3 round trips.
export const HELLO_TIMEOUT_MS = 4_000;
const PING_SAMPLES = 5;
const PING_SPACING_MS = 300;
const PING_EVERY_MS = 60_000;
// A lost connection shows within 5 s: when nothing has come for QUIET_MS the page pings, and a
// ping unanswered for PONG_TIMEOUT_MS drops the socket. Anything the server sends counts as an
// answer, so a busy connection sends no pings at all; a quiet one about one every 2.5 s.
const HEARTBEAT_EVERY_MS = 500;
const QUIET_MS = 2_000;
const PONG_TIMEOUT_MS = 2_500;
// A section that cannot be fetched is tried this many times, a second apart; then the page asks for a snapshot.
const FETCH_TRIES = 3;
const FETCH_RETRY_MS = 1_000;

/**
 * A WebSocket to /ws?view=…[&player=ID][&since=SEQ] that keeps the view's sections up to date.
 *
 * Callbacks (all optional):
 *   onHello(hello)             the server's hello (the page's boot one first, if it has one);
 *   onUpdate(sections, info)   after a snapshot or an event was applied;
 *                              info = {kind: "snapshot"|"event", event, replay, changes, boot}:
 *                              `boot` for the page's own snapshot (not connected yet)
 *   onEvent(event, info)       for every log event, info = {replay, fresh, changes}; `fresh` is
 *                              false for a replayed event older than BANNER_MAX_AGE_MS;
 *                              `changes` the sections the event changed
 *   onStatus(connected, info)  the socket opened (after the snapshot, or a hello saying the page's
 *                              sections are current) or closed;
 *                              info = {attempt, retryIn, reason}
 *   onError(message, data)     the server refused the connection (e.g. an unknown player);
 *                              data is its message ({signed_out: true}: the referee view needs a sign-in)
 *
 * The referee view is authenticated by the session cookie the browser sends with the upgrade; a
 * `token`, if given, goes in the first message ({"type": "auth"}), never in the URL.
 *
 * `types` holds the hello's event families (eventFamilies), known before the first update.
 *
 * Every view but the referee's gets the names and titles in the page's script (script.js: a
 * Latin page shows Serbian Cyrillic in Latin), here, as the sections and events arrive; the
 * console keeps the data as written, since it edits it, and shows its drawn page in the page's
 * script instead (referee/latin.js).
 */
export class LiveConnection {
  /**
   * @param {{ view: string, player?: string | null, token?: string | null, clock?: typeof clock,
   *   script?: boolean, fetcher?: typeof fetch, random?: () => number, [callback: string]: unknown }} options
   */
  constructor({ view, player = null, token = null, clock: clk = clock, script = view !== "referee",
    fetcher = (...args) => globalThis.fetch(...args), random = Math.random, ...callbacks }) {
    this.view = view;
    this.fetcher = fetcher; // (tests give their own)
    this.random = random; // the backoff's jitter (tests give their own)
    // Sections being fetched, by name: { since, queue, token, retry }. `queue` holds what events brought for
    // the section meanwhile ({seq, whole} or {seq, ops}, or {seq, fetch} for a newer version to fetch).
    this.pending = new Map();
    this.script = Boolean(script);
    this.player = player || null;
    this.token = token || null;
    this.clock = clk;
    this.callbacks = callbacks;
    /** @type {PageSections} The view's sections as the server last sent them (a new object on each change). */
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
    this.helloWatch = null;
    // Since when the page has been without a current connection (Date.now()), null while it has one: the
    // backoff stays short in an outage's first minute, and the hall display says since when it is off line.
    this.downSince = null;
    this.lastHeardAt = 0;
    this.serverError = null;
    this.types = eventFamilies(null);
    this.booted = false;
    this.logId = null; // the log the sections are of (the hello says it)
    this.partial = false; // the boot lacked a section of this subscription (another player's page)
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
    // With the log's id the server knows these are its sections of `since`: when nothing came after
    // them it sends no snapshot (the hello says `current`). Without all of them (the boot was
    // another player's page), the page asks for the snapshot by leaving the id out.
    if (this.lastSeq !== null && this.logId && !this.partial) params.set("log", this.logId);
    // /ws on the page's own origin, under its competition's base: the pages, the API and the WebSocket share
    // one port (and one proxy route; docs/design.md#base-path).
    return `${scheme}//${location.host}${at(`/ws?${params}`)}`;
  }

  /**
   * Draw from the page's boot data (its data block) now, as if the socket had sent it, and have the
   * socket ask only for what came after it (`since`). Once per connection, and only with a block
   * of this view that nobody took before; `start` does it too. True when there was one.
   */
  boot(doc = globalThis.document, perf = globalThis.performance) {
    if (this.booted) return false;
    this.booted = true;
    const boot = takeBoot(doc, perf);
    if (!boot || boot.snapshot.view !== this.view) return false;
    // The server's time when it wrote the page, as if read now: a rough offset until the pongs come.
    const serverTime = boot.hello.server_time + boot.age;
    this.handle({ ...boot.hello, server_time: serverTime }, { boot: true });
    // The page was written for the player of the request's session (if any); the socket follows this.player.
    const sections = { ...(boot.snapshot.sections || {}) };
    if (sections.me && sections.me.id !== this.player) {
      delete sections.me;
      this.partial = true;
    }
    this.handle({ ...boot.snapshot, sections }, { boot: true });
    return true;
  }

  start() {
    if (!this.stopped) return this;
    this.boot();
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
    this.clearPending();
    document.removeEventListener("visibilitychange", this._onVisible);
    window.removeEventListener("online", this._onOnline);
    window.removeEventListener("offline", this._onOffline);
    clearInterval(this.pingInterval);
    clearInterval(this.heartbeatInterval);
    clearTimeout(this.retryTimer);
    this.dropSocket();
  }

  /** Follow another player (or none): a fresh subscription, no `since` (the page's boot is not used again). */
  setPlayer(player) {
    this.booted = true;
    this.player = player || null;
    this.lastSeq = null;
    this.partial = false;
    this.sections = {};
    this.clearPending();
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
    clearTimeout(this.helloWatch);
    this.helloWatch = setTimeout(() => {
      this.helloWatch = null;
      if (this.ws === ws) this.silent("no hello from the server");
    }, HELLO_TIMEOUT_MS);
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
      if (message?.type === "hello" || message?.type === "error") this.clearHelloWatch(); // answered
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
      if (this.downSince === null) this.downSince = Date.now();
      this.emit("onStatus", false, { attempt: this.attempt, retryIn: 0, reason: "reconnecting" });
    }
  }

  lostConnection(reason, code) {
    this.clearPingTimers();
    const was = this.connected;
    this.connected = false;
    if (this.downSince === null) this.downSince = Date.now();
    if (this.stopped) return;
    const retryIn = this.scheduleRetry(reason);
    if (was || this.attempt <= 1) this.emit("onStatus", false, { attempt: this.attempt, retryIn, reason, code });
  }

  scheduleRetry(reason) {
    const downFor = this.downSince === null ? 0 : Date.now() - this.downSince;
    const delay = retryDelay(this.attempt, downFor, this.random);
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
    this.clearHelloWatch();
  }

  clearHelloWatch() {
    clearTimeout(this.helloWatch);
    this.helloWatch = null;
  }

  /** The socket is up to date: after its snapshot, or a hello that says the page's sections are current. */
  live() {
    this.serverError = null;
    const wasConnected = this.connected;
    this.connected = true;
    this.attempt = 0;
    this.downSince = null;
    if (!wasConnected) this.emit("onStatus", true, { attempt: 0 });
  }

  /** One message from the server; `boot`: it came with the page (not connected: no pings, no status). */
  handle(message, { boot = false } = {}) {
    switch (message.type) {
      case "hello":
        this.clock.hint(message.server_time);
        if (message.types) this.types = eventFamilies(message.types);
        if (typeof message.log === "string") this.logId = message.log;
        this.emit("onHello", message);
        if (!boot) this.pingBurst();
        if (!boot && message.current === true) this.live(); // the sections the page has are those of now
        break;
      case "pong":
        this.clock.sample(message.t, message.server);
        break;
      case "snapshot": {
        this.clearPending(); // every section as of the snapshot: nothing left to fetch
        this.sections = this.present({ ...(message.sections || {}) });
        this.lastSeq = Number.isInteger(message.seq) ? message.seq : this.lastSeq;
        if (boot) {
          this.emit("onUpdate", this.sections, { kind: "snapshot", boot: true });
          break;
        }
        this.partial = false;
        this.emit("onUpdate", this.sections, { kind: "snapshot" });
        this.live();
        break;
      }
      case "event": {
        const event = this.script ? presentEvent(message.event || {}, pageLanguage) : message.event || {};
        const seq = Number.isInteger(message.seq) ? message.seq : event.seq;
        if (this.lastSeq !== null && Number.isInteger(seq) && seq <= this.lastSeq) break; // already applied
        if (Number.isInteger(seq)) this.lastSeq = Math.max(this.lastSeq ?? 0, seq);
        const fetching = this.holdBack(seq, message);
        if (message.changes) this.sections = { ...this.sections, ...message.changes }; // a new object: pages can compare
        if (message.patch) {
          // A long list changed in a few entries (live/edges/patch.py): the page sees the whole section as before.
          let patched;
          try {
            patched = applyPatch(this.sections, message.patch);
          } catch (err) {
            this.resync(`a patch that does not fit: ${err.message}`);
            break;
          }
          const touched = {};
          for (const name of patched.touched) touched[name] = patched.sections[name];
          message.changes = { ...(message.changes || {}), ...this.present(touched) };
          this.sections = { ...patched.sections, ...message.changes };
        }
        const replay = Boolean(message.replay);
        const fresh = !replay || (Number.isFinite(event.ts) && this.clock.now() - event.ts < BANNER_MAX_AGE_MS);
        // Sections first, so that a banner describes the state after the event (the new end, …).
        // `changes` are the sections this event changed (e.g. the announcements it brought).
        const changes = message.changes || {};
        if (message.changes) this.emit("onUpdate", this.sections, { kind: "event", event, replay, changes });
        this.emit("onEvent", event, { replay, fresh, changes });
        for (const name of fetching) this.fetchSection(name, seq);
        break;
      }
      case "sections": {
        // The latest versions of sections the server held back while this page read too slowly
        // (live/edges/coalesce.py): as after the event `seq`, which the page has; applied like an event's changes.
        const seq = Number.isInteger(message.seq) ? message.seq : null;
        if (seq !== null && this.lastSeq !== null && seq < this.lastSeq) break; // older than what the page has
        const fetching = this.holdBack(seq ?? this.lastSeq ?? 0, message); // (its changes come back presented)
        const changes = { ...(message.changes || {}) };
        this.sections = { ...this.sections, ...changes };
        this.emit("onUpdate", this.sections, { kind: "sections", changes, resync: true });
        for (const name of fetching) this.fetchSection(name, seq ?? this.lastSeq ?? 0);
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

  /**
   * Keep out of `message` (an event's or a `sections` message of `seq`) what it brings for sections being
   * fetched, queued for when their value comes; and start a fetch for each section it names in `fetch`
   * (or queue it, behind one under way). Its `changes` come back in the page's script. Returns the names of
   * the sections to fetch now (the caller starts them once the message is applied).
   */
  holdBack(seq, message) {
    const names = Array.isArray(message.fetch) ? message.fetch.filter((x) => typeof x === "string") : [];
    if (this.pending.size) {
      if (message.changes) {
        const changes = {};
        for (const [name, value] of Object.entries(message.changes)) {
          if (this.pending.has(name)) this.pending.get(name).queue.push({ seq, whole: value });
          else changes[name] = value;
        }
        message.changes = changes;
      }
      if (Array.isArray(message.patch) && message.patch.length) {
        const ops = [];
        for (const op of message.patch) {
          const name = keys(op.path)[0];
          if (!this.pending.has(name)) ops.push(op);
          else {
            const queue = this.pending.get(name).queue;
            const last = queue.at(-1);
            if (last && last.seq === seq && last.ops) last.ops.push(op);
            else queue.push({ seq, ops: [op] });
          }
        }
        message.patch = ops;
      }
    }
    if (message.changes) message.changes = this.present(message.changes);
    const now = [];
    for (const name of names) {
      if (this.pending.has(name)) this.pending.get(name).queue.push({ seq, fetch: true });
      else {
        this.pending.set(name, { since: seq, queue: [], token: null, retry: null });
        now.push(name);
      }
    }
    return now;
  }

  /** Fetch the section `name` as of `since` or later (`tries`: failed attempts so far). */
  fetchSection(name, since, tries = 0) {
    const entry = this.pending.get(name);
    if (!entry) return;
    const token = {};
    Object.assign(entry, { since, token, retry: null });
    const params = new URLSearchParams({ view: this.view, since: String(since) });
    const headers = this.token ? { Authorization: `Bearer ${this.token}` } : {};
    let asked;
    try {
      asked = Promise.resolve(this.fetcher(at(`/api/sections/${encodeURIComponent(name)}?${params}`),
        { headers, cache: "no-store" }));
    } catch (err) {
      asked = Promise.reject(err);
    }
    asked
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const seq = Number(response.headers.get("X-Live-Seq"));
        if (!Number.isInteger(seq) || seq < since) throw new Error(`the section is of seq ${seq}, before ${since}`);
        return { seq, value: await response.json() };
      })
      .then(({ seq, value }) => this.fetched(name, token, seq, value), (err) => {
        if (this.pending.get(name)?.token !== token) return; // a snapshot or a newer fetch took its place
        if (tries + 1 < FETCH_TRIES) { // (stop() clears `pending`: a retry after it finds nothing to fetch)
          entry.retry = setTimeout(() => this.fetchSection(name, since, tries + 1), FETCH_RETRY_MS);
        } else {
          this.resync(`the section ${name} could not be fetched: ${err?.message || err}`);
        }
      });
  }

  /** A fetched section, as of `seq`: what came for it after that seq goes on top, in order. */
  fetched(name, token, seq, value) {
    const entry = this.pending.get(name);
    if (!entry || entry.token !== token) return;
    let sections = { ...this.sections, [name]: value };
    let next = null;
    for (const [i, queued] of entry.queue.entries()) {
      if (queued.seq <= seq) continue; // in the answer already
      if (queued.fetch) {
        next = i; // a newer version than the answer: fetch again, and keep what came after it
        break;
      }
      if ("whole" in queued) sections = { ...sections, [name]: queued.whole };
      else {
        try {
          sections = applyPatch(sections, queued.ops).sections;
        } catch (err) {
          this.resync(`a patch that does not fit: ${err.message}`);
          return;
        }
      }
    }
    const again = next === null ? null : entry.queue[next].seq;
    if (next === null) this.pending.delete(name);
    else entry.queue = entry.queue.slice(next + 1);
    const changes = this.present({ [name]: sections[name] });
    this.sections = { ...this.sections, ...changes };
    this.emit("onUpdate", this.sections, { kind: "sections", changes });
    if (again !== null) this.fetchSection(name, again);
  }

  clearPending() {
    for (const entry of this.pending.values()) clearTimeout(entry.retry);
    this.pending.clear();
  }

  /** The sections can no longer be trusted: drop the socket, and have the reconnect ask for a snapshot. */
  resync(reason) {
    this.clearPending();
    this.partial = true; // (no log id: the server sends the snapshot even when no event came since)
    this.silent(reason);
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
