// @ts-check
// Signing in to the referee console: the server keeps the session in an HttpOnly cookie; this page
// never holds a token. A token typed in, a login link opened on this device (#login=…), the session
// a reload finds, and signing out.
import { at } from "../lib/base.js";
import { setText } from "../lib/dom.js";
import { jsonOf } from "../lib/http.js";
import { knownRefusal, sayRefusal } from "./refusal.js";
import { $, STRINGS, state } from "./state.js";
import { displayName } from "./words.js";

/**
 * The sign-in card instead of the console (`problem` says why: a refused token, an ended session);
 * the connection stops, so a signed-out page receives nothing more.
 */
export function showLogin(problem = "") {
  state.me = null;
  $("app").hidden = true;
  $("login").hidden = false;
  setText($("login-error"), problem);
  /** @type {HTMLInputElement} */ ($("token")).value = "";
  $("token").focus();
  if (state.connection) {
    state.connection.stop();
    state.connection = null;
  }
}

/** POST /api/login with a token or a login link's value; the answer sets the session cookie. */
async function signIn(body) {
  const response = await fetch(at("/api/login"), {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await jsonOf(response);
  return { ok: response.ok, status: response.status, data };
}

function signedIn(data, start) {
  state.me = data;
  setText($("login-error"), "");
  setText($("me"), STRINGS.signedInAs(displayName(state.me.name)));
  start();
}

/** The sign-in form and the sign-out button; `start()` opens the console once signed in. */
export function wireSession(start) {
  $("login-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const token = /** @type {HTMLInputElement} */ ($("token")).value.trim();
    if (!token) return;
    const button = /** @type {HTMLButtonElement} */ ($("login-button"));
    button.disabled = true;
    setText($("login-error"), STRINGS.checking);
    try {
      const answer = await signIn({ token });
      /** @type {HTMLInputElement} */ ($("token")).value = "";
      if (answer.ok) signedIn(answer.data, start);
      else if (answer.status === 401) setText($("login-error"), STRINGS.badToken);
      else setText($("login-error"), sayRefusal(answer.status, answer.data || { error: "" }, STRINGS));
    } catch (err) {
      setText($("login-error"), STRINGS.unreachable(err.message || String(err)));
    } finally {
      button.disabled = false;
    }
  });

  $("logout").addEventListener("click", async () => {
    try {
      await fetch(at("/api/logout"), { method: "POST" });
    } catch {
      /* the cookie stays until it expires; the console forgets it anyway */
    }
    showLogin();
  });
}

/**
 * At start: a login link's value (`#login=…`, taken out of the address at once), else the session
 * (`known`: who the page says is signed in, else the server is asked); `start()` opens the console
 * when either signs in.
 */
export async function boot(start, known = null) {
  try {
    sessionStorage.removeItem("live.refereeToken"); // kept by an older console: the cookie replaces it
  } catch {
    /* storage off */
  }
  const hash = new URLSearchParams(location.hash.slice(1));
  const login = hash.get("login");
  if (login) {
    history.replaceState(null, "", location.pathname + location.search); // not in the history, not copied on
    $("login").hidden = false;
    setText($("login-error"), STRINGS.signingIn);
    try {
      const answer = await signIn({ login });
      if (answer.ok) return signedIn(answer.data, start);
      return showLogin(knownRefusal(answer.data, STRINGS) ||
        STRINGS.loginFailed((answer.data && answer.data.error) || String(answer.status)));
    } catch (err) {
      return showLogin(STRINGS.unreachable(err.message || String(err)));
    }
  }
  if (known) return signedIn(known, start);
  try {
    const response = await fetch(at("/api/me"), { cache: "no-store" });
    if (response.ok) return signedIn(await response.json(), start);
  } catch {
    /* the server is not reachable now: sign in when it is */
  }
  return showLogin();
}
