// @ts-check
// The team captain's page (/captain), on a phone at the club's venue: the captain types the team's code once
// (`POST /api/captain-session`, an HttpOnly cookie of its own), then sees the team's matches
// (`GET /api/captain-session`) and for each one reports its result, confirms or disputes the other captain's
// report, or (the home captain) says the match record is sent (`POST /api/captain-commands`,
// live/commands/captains.py), with the terms in the competition's time zone and what is late (§12).
// What a match allows is lines.js's; refusals are said in the page's language by their code. The page has no
// live socket: it asks again every half minute while in sight, when it comes back in sight, and after each step.
// Opened from a captain's slip (its QR code: /captain#code=…), it signs in with that code at once.
import { slipCode } from "../lib/slip-code.js"; // first: the slip's code leaves the address bar before anything waits
import { at } from "../lib/base.js";
import { commandId, postResending } from "../lib/commands.js";
import { el, fill, setText } from "../lib/dom.js";
import { dueText } from "../lib/due.js";
import { formatNumber, timeFormatter } from "../lib/format.js";
import { jsonOf } from "../lib/http.js";
import { loadStrings, tournamentLanguage } from "../lib/i18n.js";
import { byUrgency, impsValue, matchView, refusalText, reportCommand } from "./lines.js";
/** @import { MatchLine } from "./lines.js" */

/** Every visible string of this page: /static/i18n/<lang>.json, section "captain" (English fills gaps). */
const S = await loadStrings("captain", await tournamentLanguage());
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** How often the matches are asked for again while the page is in sight: the other captain may answer. */
const REFRESH_MS = 30_000;

/**
 * The page's state: the signed-in team (null before), its matches as last answered, the competition's teams
 * (names) and time format, and each match's form as typed (it survives a redraw): item → form.
 */
const page = {
  /** @type {string | null} */
  team: null,
  teamName: "",
  /** @type {MatchLine[]} */
  matches: [],
  /** @type {Record<string, string>} */
  names: {},
  /** @type {Record<string, string>} */
  titles: {},
  zone: "",
  fmt: timeFormatter(undefined, S.locale),
  /** @type {number | null} */
  updated: null,
  signing: false,
  codeError: "",
  toast: "",
  /** @type {Map<string, { home: string, away: string, changing: boolean, disputing: boolean, reason: string, error: string, busy: boolean }>} */
  forms: new Map(),
};

const teamName = (id) => page.names[id] || id;
const itemTitle = (id) => page.titles[id] || id;
const score = (h, a) => S.score(formatNumber(h, { max: 1, locale: S.locale }), formatNumber(a, { max: 1, locale: S.locale }));
const due = (ms) => dueText(ms, page.fmt, S.when);

function formOf(item) {
  let f = page.forms.get(item);
  if (!f) {
    f = { home: "", away: "", changing: false, disputing: false, reason: "", error: "", busy: false };
    page.forms.set(item, f);
  }
  return f;
}

// ---- the static words --------------------------------------------------------------------------

document.title = S.pageTitle;
setText($("code-title"), S.code.title);
setText($("code-prompt"), S.code.prompt);
setText($("code-label"), S.code.label("ABCD-EFGH"));
setText($("matches-title"), S.matchesTitle);
setText($("refresh"), S.refresh);
setText($("sign-out"), S.signOut);

// ---- asking the server --------------------------------------------------------------------------

/** A public section (the competition's name and zone, the teams' names): null when it cannot be had. */
async function section(name) {
  try {
    const response = await fetch(at(`/api/sections/${name}?view=player`), { cache: "no-store" });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

async function loadCompetition() {
  const [tournament, teams] = await Promise.all([section("tournament"), section("teams")]);
  if (tournament) {
    setText($("name"), tournament.name || "");
    document.title = tournament.name ? `${tournament.name} – ${S.pageTitle}` : S.pageTitle;
    page.zone = tournament.timezone || "";
    page.fmt = timeFormatter(tournament.timezone, S.locale);
  }
  for (const t of Array.isArray(teams) ? teams : []) page.names[t.id] = t.name;
  render();
}

/** Take the session's answer ({team, name, matches}). */
function signedIn(data) {
  page.team = data.team;
  page.teamName = data.name || data.team;
  page.names[data.team] = page.teamName;
  page.matches = Array.isArray(data.matches) ? data.matches : [];
  for (const m of page.matches) page.titles[m.item] = m.title;
  page.updated = Date.now();
}

/** Signed out (or the session ended): the code card again, saying why if `why`. */
function signedOut(why = "") {
  page.team = null;
  page.matches = [];
  page.forms.clear();
  page.codeError = why;
}

/** The team's matches again; false when the session is not (or no longer) open. */
async function refresh() {
  try {
    const response = await fetch(at("/api/captain-session"), { cache: "no-store", credentials: "same-origin" });
    const data = await jsonOf(response);
    if (response.ok && data && typeof data.team === "string") signedIn(data);
    else if (response.status === 401) signedOut(page.team ? S.code.ended : "");
  } catch {
    // (off line for a moment: the next refresh asks again; what is shown stays)
  }
  render();
  return page.team !== null;
}

async function openSession(code) {
  page.signing = true;
  page.codeError = "";
  render();
  try {
    const response = await fetch(at("/api/captain-session"), {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code }),
      credentials: "same-origin",
    });
    const data = await jsonOf(response);
    if (response.ok && data && typeof data.team === "string") {
      /** @type {HTMLInputElement} */ ($("code-input")).value = "";
      signedIn(data);
    } else if (response.status === 429) {
      const wait = Number(response.headers.get("Retry-After")) || Number(data?.detail?.retry_after) || 30;
      page.codeError = S.code.tooMany(wait);
    } else {
      page.codeError = refusalText(data, S, itemTitle, teamName) ||
        (response.status === 403 || response.status === 422 ? S.code.wrong : S.failed(response.status, data?.error || ""));
    }
  } catch {
    page.codeError = S.unreachable;
  } finally {
    page.signing = false;
    render();
  }
}

async function signOut() {
  try {
    await fetch(at("/api/captain-session"), { method: "DELETE", credentials: "same-origin" });
  } catch {
    // (the cookie stays until it expires; this page forgets the team anyway)
  }
  signedOut();
  render();
}

/**
 * Send a captain's command for `line`'s match; its form shows the refusal. Each command carries an id of its
 * own, so a resend after a lost answer is stored once (live/edges/web/captains_api.py).
 */
async function send(line, body) {
  const f = formOf(line.item);
  f.busy = true;
  f.error = "";
  render();
  try {
    const response = await postResending(at("/api/captain-commands"), {
      method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
      body: JSON.stringify({ ...body, id: commandId() }),
    }, { tries: 3 });
    const data = await jsonOf(response);
    if (response.ok) {
      page.forms.delete(line.item);
      showToast(S.done[body.type] || "");
    } else if (response.status === 401) {
      signedOut(S.code.ended);
    } else if (response.status === 503) {
      f.error = S.notConfirmed;
    } else {
      f.error = refusalText(data, S, itemTitle, teamName) || S.failed(response.status, data?.error || "");
    }
  } catch {
    f.error = S.notConfirmed;
  } finally {
    f.busy = false;
  }
  await refresh(); // what the match is now (the other captain may have acted meanwhile)
}

let toastTimer = 0;
function showToast(text) {
  page.toast = text;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    page.toast = "";
    render();
  }, 6000);
}

// ---- drawing ----------------------------------------------------------------------------------

/** The report form: each team's IMPs (home first, as the round lists it). */
function reportForm(line, f, title, sendLabel) {
  const button = el("button", { type: "submit", class: "c-button go", dataset: { action: "report" } }, sendLabel);
  const note = el("p", { class: "c-hint" });
  const input = (side, team) => el("label", { class: "c-imps" },
    el("span", { class: "c-label" }, S.imps(teamName(team))),
    el("input", {
      type: "number", class: "c-input", min: "0", step: "1", inputmode: "numeric", value: f[side],
      dataset: { side }, oninput: (e) => {
        f[side] = e.currentTarget.value;
        update();
      },
    }));
  function update() {
    const ok = impsValue(f.home) !== null && impsValue(f.away) !== null;
    /** @type {HTMLButtonElement} */ (button).disabled = !ok || f.busy;
    setText(note, ok ? "" : S.impsMissing);
  }
  const form = el("form", { class: "c-report", autocomplete: "off", novalidate: true, dataset: { role: "report" } },
    el("h3", {}, title), input("home", line.home), input("away", line.away), note, button);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const body = reportCommand(line, f.home, f.away);
    if (body && !f.busy) send(line, body);
  });
  update();
  return form;
}

/** The other captain's report: confirm it, or dispute it with a reason. */
function answerPart(line, f, report) {
  /** @type {HTMLElement[]} */
  const parts = [el("p", {}, S.theirReport(teamName(report.team))),
    el("div", { class: "c-score", dataset: { role: "reported" } }, score(report.imps_home, report.imps_away))];
  if (!f.disputing) {
    parts.push(el("div", { class: "c-actions" },
      el("button", {
        type: "button", class: "c-button go", dataset: { action: "confirm" }, disabled: f.busy,
        onclick: () => send(line, { type: "confirm_result", item: line.item, report: report.seq }),
      }, S.confirm),
      el("button", {
        type: "button", class: "c-button warn", dataset: { action: "dispute" }, disabled: f.busy,
        onclick: () => {
          f.disputing = true;
          f.error = "";
          render(true);
        },
      }, S.dispute)));
    return parts;
  }
  const reason = el("textarea", {
    class: "c-input c-reason", rows: "3", maxlength: "500", placeholder: S.disputePlaceholder, dataset: { role: "reason" },
    oninput: (e) => (f.reason = e.currentTarget.value),
  });
  reason.value = f.reason;
  const form = el("form", { class: "c-dispute", autocomplete: "off", novalidate: true },
    el("label", { class: "c-label" }, S.disputeLabel, reason),
    el("div", { class: "c-actions" },
      el("button", { type: "submit", class: "c-button warn", dataset: { action: "dispute-send" }, disabled: f.busy }, S.disputeSend),
      el("button", {
        type: "button", class: "c-button", onclick: () => {
          f.disputing = false;
          f.error = "";
          render(true);
        },
      }, S.cancel)));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (!f.reason.trim()) {
      f.error = S.disputeMissing;
      render(true);
      return;
    }
    if (!f.busy) send(line, { type: "dispute_result", item: line.item, report: report.seq, reason: f.reason.trim() });
  });
  parts.push(form);
  return parts;
}

/** One match: its teams and state, its terms and what is late, and what the captain may do in it. */
function matchCard(line) {
  const team = /** @type {string} */ (page.team);
  const v = matchView(line, team);
  const f = formOf(line.item);
  const side = (id, word) => el("span", { class: `c-side${id === team ? " is-us" : ""}` }, teamName(id), el("small", {}, word));
  const terms = [S.matchEnd(due(line.end)), S.reportDue(due(line.report_due))];
  if (line.state !== "forfeited" && line.state !== "withdrawn") terms.push(S.recordDue(due(line.record_due)));
  if (line.record_sent !== null) terms.push(S.recordSent(due(line.record_sent)));
  const late = [
    ...line.late.map((t) => (t === team ? S.lateYou : S.lateThem(teamName(t)))),
    v.recordLate ? S.recordLate : null,
  ].filter(Boolean);
  const body = [];
  if (line.result) body.push(el("div", { class: "c-score", dataset: { role: "result" } }, S.result(score(line.result.imps_home, line.result.imps_away))));
  if (line.dispute) body.push(el("p", { class: "c-disputed" }, S.disputed(teamName(line.dispute.team), line.dispute.reason)));
  if (v.toAnswer) body.push(...answerPart(line, f, v.toAnswer));
  if (v.own) {
    body.push(el("p", { dataset: { role: "own" } }, S.ownReport(score(v.own.imps_home, v.own.imps_away))));
    if (f.changing) body.push(reportForm(line, f, S.changeTitle, S.change));
    else {
      body.push(el("button", {
        type: "button", class: "linklike", dataset: { action: "change" }, onclick: () => {
          f.changing = true;
          f.home = String(v.own?.imps_home ?? "");
          f.away = String(v.own?.imps_away ?? "");
          render(true);
        },
      }, S.changeTitle));
    }
  } else if (v.mayReport) body.push(reportForm(line, f, S.reportTitle, S.send));
  if (v.mayRecord) {
    body.push(el("div", { class: "c-record" }, el("p", { class: "c-hint" }, S.recordHint),
      el("button", {
        type: "button", class: "c-button", dataset: { action: "record" }, disabled: f.busy,
        onclick: () => send(line, { type: "send_record", item: line.item }),
      }, S.recordButton)));
  }
  return el("article", { class: `card c-match st-${line.state}`, dataset: { item: line.item, state: line.state } },
    el("div", { class: "c-match-head" }, el("b", {}, line.title),
      el("span", { class: `chip c-state is-${line.state}`, dataset: { role: "state" } }, S.states[line.state] || line.state)),
    el("div", { class: "c-teams" }, side(line.home, S.home), el("span", { class: "c-dash" }, "–"), side(line.away, S.away)),
    el("ul", { class: "c-terms" }, terms.map((t) => el("li", {}, t))),
    late.length ? el("ul", { class: "c-late", dataset: { role: "late" } }, late.map((t) => el("li", {}, t))) : null,
    body,
    f.error ? el("div", { class: "c-error", role: "alert" }, f.error) : null);
}

let drawn = "";
/**
 * Draw the page from `page`. The matches are drawn again only when what they show changed (a refresh that
 * changes nothing leaves a half-typed form alone), or when `force` (a form opened or closed).
 */
function render(force = false) {
  const signed = page.team !== null;
  $("code-card").hidden = signed;
  $("team-card").hidden = !signed;
  $("matches-card").hidden = !signed;
  setText($("code-open"), page.signing ? S.code.opening : S.code.open);
  /** @type {HTMLButtonElement} */ ($("code-open")).disabled = page.signing;
  $("code-error").hidden = !page.codeError;
  setText($("code-error"), page.codeError);
  $("toast").hidden = !page.toast;
  setText($("toast"), page.toast);
  if (!signed) return;
  setText($("team-name"), S.captainOf(page.teamName));
  setText($("team-updated"), page.updated ? S.updated(page.fmt.time(page.updated)) : "");
  setText($("zone"), page.zone ? S.zone(page.zone) : "");
  const key = JSON.stringify([page.team, page.matches, page.names, page.zone,
    [...page.forms].map(([k, f]) => [k, f.changing, f.disputing, f.error, f.busy])]);
  if (key === drawn && !force) return;
  drawn = key;
  const lines = byUrgency(page.matches, page.team);
  $("no-matches").hidden = lines.length > 0;
  setText($("no-matches"), S.noMatches);
  fill($("matches"), lines.map(matchCard));
}

// ---- wiring -----------------------------------------------------------------------------------

$("code-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const code = /** @type {HTMLInputElement} */ ($("code-input")).value.trim();
  if (code && !page.signing) openSession(code);
});
$("sign-out").addEventListener("click", () => signOut());
$("refresh").addEventListener("click", () => refresh());
document.addEventListener("visibilitychange", () => {
  if (!document.hidden && page.team) refresh();
});
setInterval(() => {
  if (!document.hidden && page.team) refresh();
}, REFRESH_MS);

render();
loadCompetition();
if (slipCode) openSession(slipCode); // (a wrong or old code says so on the code's card, as if typed)
else refresh();
window.hall = { refresh, page };
