// @ts-check
// The console's commands: POST /api/commands with an id of its own (a resend is stored once), the
// server's answer in the toast or beside the form, a refusal in the page's language, and a command
// whose answer was lost settled by its event when it comes, or, once the console is back, by asking
// the server whether its id is in the log: "confirmed after all", or "not applied — press again".
import { at } from "../lib/base.js";
import { Outbox, commandId, postResending } from "../lib/commands.js";
import { setText } from "../lib/dom.js";
import { jsonOf } from "../lib/http.js";
import { sayRefusal } from "./refusal.js";
import { showLogin } from "./session.js";
import { STRINGS, state } from "./state.js";
import { toast } from "./toast.js";
import { describeAudit, itemTitle } from "./words.js";
/** @import { LiveEvent } from "../../types/pages" */

/** What to draw again once a command's button is free (main.js: the timetable rows). */
let redraw = () => {};

/**
 * After each command that had a button: draw the timetable rows again, which restores the
 * state-dependent disabled flags the busy button lost. Main.js passes the timetable's renderItems.
 */
export function redrawAfterCommands(fn) {
  redraw = fn;
}

/**
 * POST a command; true when the server took it. Shows the server's error otherwise: next to the
 * form in `errorBox` when there is one, else in the toast.
 */
export async function command(body, button, errorBox = null) {
  let sent = null;
  if (!state.me) {
    showLogin();
    return false;
  }
  if (button) {
    button.disabled = true;
    button.classList.add("busy");
  }
  try {
    // Every command carries its own id: a resend after a 503 or a lost answer is stored once, and
    // so is the same command sent again while it is unconfirmed (the outbox keeps its id).
    sent = outbox.prepare(body);
    const response = await postResending(at("/api/commands"), {
      method: "POST",
      headers: { "Content-Type": "application/json" }, // the session cookie says who sends it
      body: JSON.stringify(sent),
    }, {
      tries: 4,
      onPending: () => {
        toast(STRINGS.notConfirmedYet, "pending");
        if (state.connection) state.connection.heartbeat(true); // notice a dead server now
      },
    });
    const data = await jsonOf(response);
    if (response.status === 401) {
      outbox.settled(sent);
      showLogin(STRINGS.expired);
      return false;
    }
    if (response.status === 503) {
      // "not acknowledged; it may have been stored": the event says so if it was.
      unconfirmed(sent, errorBox);
      return false;
    }
    outbox.settled(sent);
    if (!response.ok) {
      const message = sayRefusal(response.status, data || { error: response.statusText }, STRINGS, itemTitle);
      if (errorBox) setText(errorBox, message);
      else toast(message, "error");
      return false;
    }
    if (errorBox) setText(errorBox, "");
    const stored = (data && data.events) || [];
    const last = stored[stored.length - 1];
    toast(STRINGS.done(last ? `${describeAudit(last)} (#${last.seq})` : body.type), "ok");
    return data || true;
  } catch (err) {
    if (!sent) throw err;
    unconfirmed(sent, errorBox); // no answer: it may still have been stored
    return false;
  } finally {
    if (button) {
      button.classList.remove("busy");
      button.disabled = false;
      redraw(); // restore the state-dependent disabled flags
    }
  }
}

/** A command the whole hall hears (a banner, the chime, the voice): sent once the referee confirms
 * what it will say. */
export function toHall(question, body, button, errorBox) {
  if (confirm(question)) return command(body, button, errorBox);
  return Promise.resolve(false);
}

/** The tab's sessionStorage, if the browser lets the page have it. */
function tabStorage() {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // (storage turned off: the outbox lasts as long as the page)
  }
}

/** Commands that got no answer: sending one again reuses its id (after a reload too), and its event settles it. */
const outbox = new Outbox(commandId, tabStorage());

function unconfirmed(sent, errorBox) {
  const event = outbox.unconfirmed(sent);
  if (event) { // its event came while the answer was lost: it was stored, once
    if (errorBox) setText(errorBox, "");
    toast(STRINGS.confirmedLate(`${describeAudit(event)} (#${event.seq})`), "ok");
    return;
  }
  if (errorBox) setText(errorBox, STRINGS.notConfirmed);
  toast(STRINGS.notConfirmed, "pending");
}

/**
 * An event that stores a command the console had no answer for: say what became of it.
 * @param {LiveEvent} event
 */
export function confirmedLate(event) {
  if (!outbox.arrived(event)) return;
  toast(STRINGS.confirmedLate(`${describeAudit(event)} (#${event.seq})`), "ok");
}

/** What a command not applied was about, for its toast: the round or item it names, if any. */
function whatOf(body) {
  return typeof body.item === "string" ? itemTitle(body.item) : "";
}

/**
 * The console is back (its connection is up again, or the page was reloaded): ask the server about
 * every command that got no answer. One the log holds is confirmed after all; one it does not hold was
 * never applied (the server or the network was down), and the toast says to press it again — the same
 * id is sent then, so a first copy that still arrives is not applied twice.
 */
export async function checkUnsettled(fetchFn = globalThis.fetch) {
  const notApplied = [];
  for (const { id } of outbox.toCheck()) {
    let data;
    try {
      const response = await fetchFn(at(`/api/commands?${new URLSearchParams({ id })}`),
        { headers: { Accept: "application/json" }, cache: "no-store" });
      if (!response.ok) continue; // (asked again at the next reconnect)
      data = await jsonOf(response);
    } catch {
      continue;
    }
    if (!data || typeof data.stored !== "boolean") continue;
    const event = data.stored ? data.event || { seq: data.seq } : null;
    const said = outbox.lookedUp(id, event);
    if (said === "stored" && data.event) toast(STRINGS.confirmedLate(`${describeAudit(data.event)} (#${data.event.seq})`), "ok");
    const body = outbox.toCheck().find((x) => x.id === id)?.body;
    if (said === "notApplied") notApplied.push(body ? whatOf(body) : "");
  }
  if (!notApplied.length) return;
  const what = [...new Set(notApplied.filter(Boolean))].join(", ");
  toast(what ? STRINGS.notAppliedTo(what) : STRINGS.notApplied, "unapplied");
}

