// @ts-check
// Commands sent at most once: each command carries its own id, so the console may send it again
// after a 503 or a lost answer (the server stores it once), and an Outbox that remembers the
// unsettled ones so that pressing the same button again resends the same command.
import { storageKey } from "./base.js";

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

/** Where a tab keeps its unsettled commands (sessionStorage): a reload keeps their ids. One competition's
 * own key: a console never resends one competition's commands to another on the same server. */
export const OUTBOX_KEY = storageKey("live.console.outbox");

/**
 * The commands sent and not yet settled: on their way, or unconfirmed (no answer came, or a 503
 * said "it may have been stored"). Each keeps its id, so pressing the same button again sends the
 * same command again — stored once however often it is sent — instead of a second extension. One
 * is settled by its answer, or by its event on the live connection (its `signal` is `cmd:<id>`),
 * which may come before the console gives up waiting for the answer, or by what the server says of
 * its id once the console is back (`toCheck`, `lookedUp`: stored, or not applied).
 *
 * With a `storage` (the tab's sessionStorage) they outlive a reload: a command whose answer the reload
 * lost is unconfirmed in the page that comes back, and pressing it again there sends the same id.
 */
export class Outbox {
  constructor(newId = commandId, storage = null) {
    this.newId = newId;
    this.storage = storage;
    // the command without its id, as JSON → { id, body, unconfirmed, notApplied, event }
    this.byKey = new Map();
    this.restore();
  }

  static key(body) {
    return JSON.stringify(Object.keys(body).filter((k) => k !== "id").sort().map((k) => [k, body[k]]));
  }

  /** The body to send: with the id of its unsettled twin if there is one, else a new id. */
  prepare(body) {
    const key = Outbox.key(body);
    const waiting = this.byKey.get(key);
    const sent = { ...body, id: waiting ? waiting.id : this.newId() };
    if (!waiting) this.byKey.set(key, { id: sent.id, body: sent, unconfirmed: false, notApplied: false, event: null });
    this.save();
    return sent;
  }

  /** No answer came for `sent`. Its event if that arrived meanwhile (then it is settled), else null. */
  unconfirmed(sent) {
    const key = Outbox.key(sent);
    const entry = this.byKey.get(key);
    if (!entry || entry.id !== sent.id) return null;
    if (entry.event) {
      this.byKey.delete(key);
      this.save();
      return entry.event;
    }
    entry.unconfirmed = true;
    this.save();
    return null;
  }

  /** The answer came: `sent` is settled. */
  settled(sent) {
    const key = Outbox.key(sent);
    if (this.byKey.get(key)?.id === sent.id) this.byKey.delete(key);
    this.save();
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
      this.save();
      return entry.body;
    }
    return null;
  }

  /** The unconfirmed commands, to ask the server about once the console is back: [{id, body}]. (Those
   * still on their way are left to their answer.) */
  toCheck() {
    return [...this.byKey.values()].filter((e) => e.unconfirmed).map((e) => ({ id: e.id, body: e.body }));
  }

  /**
   * What the server said of the command `id`: `event` is what it became, or null when the log does not
   * hold it. "stored" (settled: the event says what it did), "notApplied" the first time the server says
   * it is not in the log (it keeps its id: pressed again, it is stored once even if the first copy still
   * comes), else null (settled meanwhile, or said before).
   */
  lookedUp(id, event) {
    for (const [key, entry] of this.byKey) {
      if (entry.id !== id || !entry.unconfirmed) continue;
      if (event) {
        this.byKey.delete(key);
        this.save();
        return "stored";
      }
      if (entry.notApplied) return null;
      entry.notApplied = true;
      this.save();
      return "notApplied";
    }
    return null;
  }

  get size() {
    return this.byKey.size;
  }

  /** The unsettled commands of this tab before a reload: none of them has an answer in this page. */
  restore() {
    let kept;
    try {
      kept = JSON.parse(this.storage?.getItem(OUTBOX_KEY) || "[]");
    } catch {
      return;
    }
    if (!Array.isArray(kept)) return;
    for (const entry of kept) {
      const body = entry?.body;
      if (!body || typeof body !== "object" || typeof body.id !== "string") continue;
      this.byKey.set(Outbox.key(body), { id: body.id, body, unconfirmed: true, notApplied: Boolean(entry.notApplied),
        event: null });
    }
  }

  save() {
    if (!this.storage) return;
    const kept = [...this.byKey.values()].map((e) => ({ body: e.body, notApplied: e.notApplied }));
    try {
      if (kept.length) this.storage.setItem(OUTBOX_KEY, JSON.stringify(kept));
      else this.storage.removeItem(OUTBOX_KEY);
    } catch {
      /* private mode or full: kept until the page goes */
    }
  }
}
