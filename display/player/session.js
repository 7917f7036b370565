// @ts-check
// The player's session: the personal code (typed once on the card, or from a slip's QR code) is
// exchanged for an HttpOnly cookie the server sets, so the page can read the player's own notices and
// check them in. The page keeps no code; "not me" ends the session on this phone.
import { at } from "../lib/base.js";
import { setText } from "../lib/dom.js";
import { jsonOf } from "../lib/http.js";
import { knownRefusal } from "./refusal.js";
import { $, STRINGS, chosenMe, page } from "./state.js";
import { saveChoice } from "./storage.js";

let codeSending = false;
let codeError = "";

/** Why the last code did not open a session ("" when it did, or none was tried). */
export function codeProblem() {
  return codeError;
}

/** Forget the last code's refusal (another player was chosen, or none). */
export function clearCodeError() {
  codeError = "";
}

/** The code card: shown while the chosen player's `me` says this page has no session. */
export function renderSession() {
  const me = chosenMe();
  const asking = Boolean(page.playerId && me && me.session !== true);
  const S = STRINGS.session;
  $("code-card").hidden = !asking;
  setText($("code-title"), S.title);
  setText($("code-prompt"), S.prompt);
  setText($("code-label"), S.label("ABCD-EFGH"));
  setText($("code-open"), codeSending ? S.opening : S.open);
  /** @type {HTMLButtonElement} */ ($("code-open")).disabled = codeSending;
  $("code-error").hidden = !codeError;
  setText($("code-error"), codeError);
}

/** Exchange a code for the session (an HttpOnly cookie the server sets); true when it opened. */
export async function openSession(code) {
  codeSending = true;
  codeError = "";
  renderSession();
  try {
    const response = await fetch(at("/api/player-session"), {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code }),
      credentials: "same-origin",
    });
    const data = await jsonOf(response);
    if (response.ok && data && typeof data.player === "string") {
      /** @type {HTMLInputElement} */ ($("code-input")).value = "";
      // The code says who this is: the page follows it, and reconnects so the socket carries the session.
      if (data.player !== page.playerId) {
        page.playerId = data.player;
        saveChoice(data.player);
      }
      page.connection.setPlayer(page.playerId);
      return true;
    }
    if (response.status === 429) {
      const wait = Number(response.headers.get("Retry-After")) || Number(data?.detail?.retry_after) || 30;
      codeError = STRINGS.session.tooMany(wait);
    } else {
      codeError = knownRefusal(data, STRINGS.ci.refused) ||
        (response.status === 403 || response.status === 422 ? STRINGS.session.wrong : STRINGS.ci.httpError(response.status));
    }
  } catch {
    codeError = STRINGS.ci.unreachable;
  } finally {
    codeSending = false;
    renderSession();
  }
  return false;
}

/** The code card's form: one code at a time, for the chosen player. */
export function wireSession() {
  $("code-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const code = /** @type {HTMLInputElement} */ ($("code-input")).value.trim();
    if (!code || !page.playerId || codeSending) return;
    openSession(code);
  });
}

/** "Not me": the session on this phone ends (the server clears its cookie). */
export function endSession() {
  fetch(at("/api/player-session"), { method: "DELETE", credentials: "same-origin" }).catch(() => {});
}
