// @ts-check
// The lateness alerts on the check-in card: the server's alerts for the round (players late past a
// step, a reserve due, a forfeit), highlighted as they arrive, each dismissable on this device.
import { storageKey } from "../lib/base.js";
import { el, fill } from "../lib/dom.js";
import { describeLateness } from "../lib/lateness.js";
import { $, STRINGS, state } from "./state.js";
import { toast } from "./toast.js";
/** @import { LiveEvent } from "../../types/pages" */
/** @import { TimetableItem } from "../../types/sections" */

/** Where this tab keeps the alerts the referee dismissed (seqs; the last 200). */
const CI_DISMISSED_KEY = storageKey("live.dismissedAlerts");
function dismissedAlerts() {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(CI_DISMISSED_KEY) || "[]"));
  } catch {
    return new Set();
  }
}
function dismissAlert(seq, redraw) {
  const all = dismissedAlerts();
  all.add(seq);
  try {
    sessionStorage.setItem(CI_DISMISSED_KEY, JSON.stringify([...all].slice(-200)));
  } catch {
    /* private mode */
  }
  redraw();
}
let freshAlerts = new Set();

let alertsKey = "";
/**
 * The alerts of a round (from `announcements`) that the referee has not dismissed, the last three;
 * `redraw()` draws the check-in card again after one is dismissed.
 * @param {TimetableItem} item
 * @param {() => void} redraw
 */
export function renderAlerts(item, redraw) {
  const box = $("ci-alerts");
  const dismissed = dismissedAlerts();
  const list = (state.sections.announcements || []).filter((a) => a.type === "lateness_alert" && a.item === item.id &&
    !dismissed.has(a.seq)).slice(-3).reverse();
  const key = JSON.stringify([list, [...freshAlerts], state.sections.players, state.sections.teams, state.sections.lateness?.[item.id]?.thresholds]);
  if (key === alertsKey) return; // rebuilt only when it changes: a fresh alert keeps flashing
  alertsKey = key;
  box.hidden = !list.length;
  fill(box, list.map((a) => {
    const b = describeLateness({ seq: a.seq, ts: a.ts, type: a.type, payload: a }, state.sections, STRINGS.alerts, state.fmt);
    return el("div", { class: `r-ci-alert${freshAlerts.has(a.seq) ? " is-fresh" : ""}`, dataset: { seq: a.seq } },
      el("span", { class: "t" }, STRINGS.ci.alertAt(state.fmtSec.time(a.due_at ?? a.ts))),
      el("div", { class: "what" }, el("b", {}, b ? b.title : a.threshold), b && b.sub ? el("div", { class: "sub" }, b.sub) : null),
      el("button", { type: "button", class: "btn small", onclick: () => dismissAlert(a.seq, redraw) }, STRINGS.ci.dismiss));
  }));
}

/**
 * A lateness alert as it arrives: highlighted in the check-in card, and a toast that stays until
 * closed; `redraw()` draws the card (now, and again when the highlight ends).
 * @param {LiveEvent} event
 * @param {boolean} fresh
 * @param {() => void} redraw
 */
export function alertArrived(event, fresh, redraw) {
  if (event.type !== "lateness_alert" || !fresh) return;
  freshAlerts.add(event.seq);
  setTimeout(() => {
    freshAlerts.delete(event.seq);
    alertsKey = "";
    redraw();
  }, 15_000);
  const b = describeLateness(event, state.sections, STRINGS.alerts, state.fmt);
  if (b) toast(STRINGS.alerts.line(b.kicker, b.title, b.sub), "alert");
  redraw();
}
