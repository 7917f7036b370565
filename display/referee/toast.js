// @ts-check
// The console's toast: what became of a command (done, refused, not confirmed yet) and a lateness
// alert as it arrives, at the bottom of the screen where a phone's thumb is.
import { setText } from "../lib/dom.js";
import { $ } from "./state.js";

let toastTimer = null;

/** Say `message` in the toast; `kind` is "ok", "error", "alert", "pending" (which stays until its outcome) or
 * "unapplied" (a command the server never got: it stays until closed, for the referee to press it again). */
export function toast(message, kind = "ok") {
  const box = $("toast");
  box.className = `r-toast ${kind}`;
  setText($("toast-msg"), message);
  box.hidden = false;
  // Said to screen readers too: a refusal or an alert interrupts, a confirmation waits its turn. Emptied
  // first, so the same words twice are announced twice.
  const urgent = kind === "error" || kind === "unapplied" || kind === "alert";
  $("toast-alert").textContent = "";
  $("toast-status").textContent = "";
  $(urgent ? "toast-alert" : "toast-status").textContent = message;
  clearTimeout(toastTimer);
  // Every toast goes away by itself: a confirmation soon, an error or a lateness alert after time to
  // read it (the alert stays on the check-in card too). "Not confirmed yet" stays until the outcome.
  const ms = { ok: 3500, error: 10_000, alert: 15_000 }[kind];
  if (ms) toastTimer = setTimeout(() => (box.hidden = true), ms);
}

/** The toast's close button. */
export function wireToast() {
  $("toast-close").addEventListener("click", () => ($("toast").hidden = true));
}
