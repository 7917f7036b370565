// @ts-check
// The organizer's part of the start page (display/season.html, `#org`): the season organizer's token, entered
// once and kept for the tab (sessionStorage, never the address); a new competition from a preset, a date and a
// pasted roster (`POST /api/competitions`); and the team matches that need the coordinator
// (`GET /api/coordinator`), each with a link to its competition's console, where the coordinator acts; and the
// promotion and relegation between the season's leagues (display/season-promotion.js).
// The logic (the request's body, a refusal's sentence, which matches to show) is display/lib/organizer.js.
import { pagesOf } from "./lib/competitions.js";
import { el, fill, setText } from "./lib/dom.js";
import { jsonOf } from "./lib/http.js";
import { COMPETITION_LANGUAGES, OPTION_DEFAULTS, OPTIONS, PRESETS, gameOf } from "./lib/organizer.js";
import { defaultLanguage, defaultZone, dueText, requestBody, sayRefusal, watchList } from "./lib/organizer.js";
import { startPromotion } from "./season-promotion.js";
/** @import { Listed } from "./lib/competitions.js" */
/** @import { WatchGroup, Watched } from "./lib/organizer.js" */

/** Where the token is kept: this tab's storage (gone when the tab closes), never a cookie or the address. */
const KEY = "live-season-organizer";
/** How often the matches are asked again while the organizer's area is open. */
const WATCH_MS = 60_000;
/** The form's option fields, each an input of the kind it is. */
const NUMBERS = { rounds: [1, 30], per_day: [1, 12], round_minutes: [30, 600], boards: [4, 64], days_between: [1, 31] };

/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** The token of this tab, "" when none (a browser that keeps no storage: none). */
function storedToken() {
  try {
    return sessionStorage.getItem(KEY) || "";
  } catch {
    return "";
  }
}

/** @param {string} token "" forgets it */
function keepToken(token) {
  try {
    if (token) sessionStorage.setItem(KEY, token);
    else sessionStorage.removeItem(KEY);
  } catch {
    // (storage refused: the token lives as long as the page)
  }
}

/** Today in the browser's calendar as the form's date (YYYY-MM-DD). */
function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** The browser's time zone (null when it names none). */
function browserZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * The organizer's area, drawn in the page's words and wired; what the page tells it when its list changes.
 * @param {{ S: any, lang: string | null, pageLanguage: string, show: (text: string) => string,
 *   listed: () => Listed[], refreshList: () => Promise<void> }} page
 */
export function startOrganizer({ S, lang, pageLanguage, show, listed, refreshList }) {
  const O = S.organizer;
  let token = storedToken();
  /** The field names → their inputs, hints, error lines and wrappers. */
  /** @type {Record<string, { input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, label: HTMLElement, hint: HTMLElement, error: HTMLElement, box: HTMLElement }>} */
  const fields = {};
  /** The fields the organizer changed by hand (a change of preset leaves them as they are). */
  const edited = new Set();
  /** Team names per competition id (the team matches name teams by id). */
  const teamNames = new Map();

  setText(byId("org-title"), O.title);
  setText(byId("org-lead"), O.lead);
  setText(byId("org-token-label"), O.token);
  setText(byId("org-token-hint"), O.tokenHint);
  setText(byId("org-sign-in"), O.signIn);
  setText(byId("org-signed"), O.signedIn);
  setText(byId("org-out"), O.signOut);
  setText(byId("new-title"), O.newTitle);
  setText(byId("watch-title"), O.watchTitle);
  setText(byId("watch-lead"), O.watchLead);
  setText(byId("watch-refresh"), O.watchRefresh);

  // --- the form, built once: each field with its label, its hint and its error line
  /**
   * @param {string} name
   * @param {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} input
   * @param {string} [hint]
   */
  function field(name, input, hint = "") {
    input.id = `f-${name}`;
    input.name = name;
    const label = el("label", { for: input.id, class: "s-f-label" }, O.fields[name]);
    const hintLine = el("p", { class: "s-f-hint", id: `h-${name}` }, hint);
    const error = el("p", { class: "s-f-error", id: `e-${name}`, "aria-live": "polite" });
    input.setAttribute("aria-describedby", `h-${name} e-${name}`);
    input.addEventListener("input", () => {
      edited.add(name);
      clearError(name);
    });
    const box = input instanceof HTMLInputElement && input.type === "checkbox"
      ? el("div", { class: "s-f is-check", dataset: { field: name } }, el("label", { class: "s-f-check" }, input, label.textContent),
        hintLine, error)
      : el("div", { class: "s-f", dataset: { field: name } }, label, input, hintLine, error);
    fields[name] = { input, label, hint: hintLine, error, box };
    return box;
  }

  const preset = el("select", {}, Object.keys(PRESETS).map((id) => el("option", { value: id }, O.presets[id] || id)));
  const zones = el("datalist", { id: "org-zones" });
  const zoneList = /** @type {any} */ (Intl).supportedValuesOf?.("timeZone") || ["Europe/Belgrade", "Europe/Bratislava"];
  fill(zones, zoneList.map((z) => el("option", { value: z })));
  const language = el("select", {}, COMPETITION_LANGUAGES.map((l) => el("option", { value: l }, O.languages[l] || l)));
  const number = (name) => el("input", { type: "number", inputmode: "numeric", min: NUMBERS[name][0], max: NUMBERS[name][1], step: 1 });
  const form = /** @type {HTMLFormElement} */ (byId("new"));
  const formError = el("p", { class: "s-f-error is-form", id: "e-form", "aria-live": "polite" });
  const submit = el("button", { type: "submit", class: "s-btn is-primary" }, O.create);
  fill(form,
    field("preset", preset),
    field("name", el("input", { type: "text", autocomplete: "off", maxlength: 120, required: true })),
    el("div", { class: "s-f-row" },
      field("date", el("input", { type: "date", required: true, value: today() })),
      field("start", el("input", { type: "time", required: true, value: "10:00" }))),
    field("timezone", el("input", { type: "text", list: "org-zones", autocomplete: "off", spellcheck: "false", required: true })),
    zones,
    field("language", language),
    field("roster", el("textarea", { rows: 8, required: true, spellcheck: "false" })),
    el("div", { class: "s-f-row" }, field("rounds", number("rounds")), field("per_day", number("per_day"))),
    field("round_minutes", number("round_minutes")),
    field("double", el("input", { type: "checkbox" })),
    el("div", { class: "s-f-row" }, field("boards", number("boards")), field("days_between", number("days_between"), O.daysBetweenHint)),
    field("id", el("input", { type: "text", autocomplete: "off", spellcheck: "false", maxlength: 40, pattern: "[A-Za-z0-9_-]+" }), O.idHint),
    formError,
    submit);

  /** The form as the preset asks: its options shown, its defaults where the organizer has not typed. */
  function presetChanged() {
    const chosen = preset.value;
    const game = gameOf(chosen);
    if (!edited.has("timezone")) fields.timezone.input.value = defaultZone(chosen, browserZone(), Date.now());
    if (!edited.has("language")) fields.language.input.value = defaultLanguage(chosen, pageLanguage);
    const roster = /** @type {HTMLTextAreaElement} */ (fields.roster.input);
    roster.placeholder = game === "teams" ? O.rosterTeams : O.rosterPreferans;
    setText(fields.roster.hint, game === "teams" ? O.rosterHintTeams : O.rosterHintPreferans);
    setText(fields.per_day.label, game === "teams" ? O.matchesPerDay : O.fields.per_day);
    for (const name of [...OPTIONS.preferans, ...OPTIONS.teams]) {
      const shown = OPTIONS[game].includes(name);
      fields[name].box.hidden = !shown;
      const value = OPTION_DEFAULTS[chosen][name];
      if (!shown || value === undefined) continue;
      const input = /** @type {HTMLInputElement} */ (fields[name].input);
      if (typeof value === "boolean") input.checked = value;
      else input.value = value;
    }
    // (a row whose fields are all hidden takes no room)
    for (const row of form.querySelectorAll(".s-f-row")) {
      /** @type {HTMLElement} */ (row).hidden = [...row.children].every((c) => /** @type {HTMLElement} */ (c).hidden);
    }
  }
  preset.addEventListener("change", () => {
    edited.delete("preset");
    presetChanged();
  });
  presetChanged();

  /** @param {string} name */
  function clearError(name) {
    const f = fields[name];
    if (!f) return;
    setText(f.error, "");
    f.input.removeAttribute("aria-invalid");
  }

  function clearErrors() {
    for (const name of Object.keys(fields)) clearError(name);
    setText(formError, "");
  }

  /**
   * A refusal next to its field (and the field shown, focused), or above the button.
   * @param {string} name
   * @param {string} text
   */
  function showError(name, text) {
    const f = fields[name];
    if (f && !f.box.hidden) {
      setText(f.error, text);
      f.input.setAttribute("aria-invalid", "true");
      setText(formError, O.checkForm);
      f.input.focus();
    } else {
      setText(formError, text);
    }
  }

  /** The form's values as typed. */
  function values() {
    /** @type {Record<string, string | boolean>} */
    const out = {};
    for (const [name, f] of Object.entries(fields)) {
      if (f.box.hidden) continue;
      out[name] = f.input instanceof HTMLInputElement && f.input.type === "checkbox" ? f.input.checked : f.input.value;
    }
    return out;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors();
    const made = requestBody(values());
    if ("problem" in made) {
      showError(made.problem.field, sayRefusal(422, { detail: made.problem }, O).text);
      return;
    }
    submit.disabled = true;
    setText(submit, O.creating);
    try {
      const response = await fetch("/api/competitions", {
        method: "POST", cache: "no-store", body: JSON.stringify(made.body),
        headers: { "Content-Type": "application/json", Accept: "application/json", Authorization: `Bearer ${token}` },
      });
      const answer = await jsonOf(response);
      if (response.status === 201 && answer?.competition) {
        created(answer);
        await refreshList(); // (first: the matches take the new competition's time zone from the list)
        await watch();
        return;
      }
      const said = sayRefusal(response.status, answer, O);
      showError(said.field, said.text);
    } catch {
      setText(formError, O.offline);
    } finally {
      submit.disabled = false;
      setText(submit, O.create);
    }
  });

  // --- what the server made: the new competition's pages and its referee token
  const done = byId("new-done");
  /** @param {{ competition: Listed, referee_token: string, file: string }} answer */
  function created(answer) {
    const c = answer.competition;
    const pages = pagesOf(c, lang);
    const tokenBox = el("input", { type: "text", readonly: true, id: "new-referee-token", class: "s-token", value: answer.referee_token,
      "aria-label": O.refereeToken });
    const copy = el("button", { type: "button", class: "s-btn", id: "new-copy" }, O.copy);
    copy.addEventListener("click", async () => {
      tokenBox.select();
      let ok = false;
      try {
        await navigator.clipboard.writeText(answer.referee_token);
        ok = true;
      } catch {
        ok = document.execCommand?.("copy") ?? false;
      }
      if (ok) setText(copy, O.copied);
    });
    const again = el("button", { type: "button", class: "s-btn" }, O.another);
    again.addEventListener("click", () => {
      done.hidden = true;
      form.hidden = false;
      for (const name of ["name", "roster", "id"]) fields[name].input.value = "";
      fields.name.input.focus();
    });
    fill(done,
      el("p", { class: "s-done-title", role: "status", id: "new-done-title" }, O.created(show(c.name || c.id))),
      el("p", { class: "s-done-label" }, O.links),
      el("nav", { class: "s-links", "aria-labelledby": "new-done-title" },
        el("a", { href: pages.display }, S.display),
        el("a", { href: pages.player }, S.player),
        el("a", { href: pages.referee }, S.referee)),
      el("p", { class: "s-done-label" }, O.refereeToken),
      el("div", { class: "s-token-row" }, tokenBox, copy),
      el("p", { class: "s-f-hint" }, O.refereeTokenHint),
      el("p", { class: "s-f-hint" }, O.file(answer.file)),
      again);
    form.hidden = true;
    done.hidden = false;
    done.scrollIntoView({ block: "nearest" });
  }

  // --- the matches that need the coordinator
  const watchBox = byId("watch");
  /**
   * Team names of a competition by id, asked once (its public teams section).
   * @param {string} id
   * @param {string} base
   */
  async function namesOf(id, base) {
    if (teamNames.has(id)) return teamNames.get(id);
    try {
      const response = await fetch(`${base}/api/sections/teams`, { cache: "no-store" });
      const value = response.ok ? await response.json() : null;
      const list = Array.isArray(value) ? value : Array.isArray(value?.teams) ? value.teams : [];
      const names = new Map(list.filter((t) => t && typeof t.id === "string").map((t) => [t.id, String(t.name || t.id)]));
      teamNames.set(id, names);
      return names;
    } catch {
      return new Map();
    }
  }

  /**
   * @param {Watched} w
   * @param {WatchGroup} group
   * @param {Map<string, string>} names
   */
  function matchLine(w, group, names) {
    const line = w.line;
    const team = (id) => show(names.get(id) || id);
    const facts = [];
    if (w.needs[0] !== "disputed") facts.push(O.due(dueText(w.due, group.timezone, S.locale)));
    if (line.report) facts.push(O.reportedScore(line.report.imps_home, line.report.imps_away));
    return el("li", { class: `s-w-line is-${w.needs[0]}`, dataset: { item: line.item, home: line.home, away: line.away } },
      el("p", { class: "s-w-needs" }, w.needs.map((n) => el("span", { class: `s-chip is-${n}` }, O.needs[n]))),
      el("p", { class: "s-w-match" }, `${show(line.title)}: ${team(line.home)} – ${team(line.away)}`),
      facts.length ? el("p", { class: "s-w-facts" }, facts.join(" · ")) : null,
      line.dispute?.reason ? el("p", { class: "s-w-reason" }, `${team(line.dispute.team)}: ${O.disputeReason(line.dispute.reason)}`) : null);
  }

  let watching = false;
  async function watch() {
    if (!token || watching) return;
    watching = true;
    if (!watchBox.childElementCount) fill(watchBox, el("p", { class: "s-w-note" }, O.watchLoading));
    try {
      const response = await fetch("/api/coordinator", { cache: "no-store",
        headers: { Accept: "application/json", Authorization: `Bearer ${token}` } });
      if (response.status === 401) {
        signOut(O.wrongToken);
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const groups = watchList(await response.json(), listed());
      if (!groups.length) {
        fill(watchBox, el("p", { class: "s-w-note" }, O.watchNone));
        return;
      }
      const named = await Promise.all(groups.map((g) => (g.watched.length ? namesOf(g.id, g.base) : Promise.resolve(new Map()))));
      fill(watchBox, groups.map((g, i) => el("section", { class: "s-w-comp", dataset: { id: g.id } },
        el("h3", { class: "s-name", id: `watch-name-${g.id}` }, show(g.name)),
        el("p", { class: "s-w-counts" }, g.counts.map(([state, n]) => `${O.states[state] || state}: ${n}`).join(" · ")),
        g.watched.length
          ? el("ul", { class: "s-w-lines" }, g.watched.map((w) => matchLine(w, g, named[i])))
          : el("p", { class: "s-w-note" }, O.watchQuiet),
        el("nav", { class: "s-links", "aria-labelledby": `watch-name-${g.id}` },
          el("a", { href: pagesOf(g, lang).referee }, O.console)))));
    } catch {
      fill(watchBox, el("p", { class: "s-w-note is-bad" }, O.watchFailed));
    } finally {
      watching = false;
    }
  }

  // --- signing in and out
  const signForm = /** @type {HTMLFormElement} */ (byId("org-sign"));
  const tokenInput = /** @type {HTMLInputElement} */ (byId("org-token"));
  const signError = byId("org-sign-error");

  /** The area as the token has it: the sign-in form without one, the organizer's parts with one. */
  function signedIn() {
    signForm.hidden = Boolean(token);
    byId("org-in").hidden = !token;
  }

  /** @param {string} [why] what the sign-in form says (a token the server does not take) */
  function signOut(why = "") {
    token = "";
    keepToken("");
    teamNames.clear();
    fill(watchBox);
    promotion.clear();
    tokenInput.value = "";
    setText(signError, why);
    signedIn();
  }

  signForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const given = tokenInput.value.trim();
    if (!given) {
      setText(signError, O.refusals["field.missing"]({ field: O.token }));
      return;
    }
    setText(signError, "");
    token = given;
    keepToken(given);
    tokenInput.value = "";
    signedIn();
    promotion.open();
    await watch();
  });
  byId("org-out").addEventListener("click", () => signOut());
  byId("watch-refresh").addEventListener("click", () => watch());

  const promotion = startPromotion({ S, O, show, listed, token: () => token, refused: () => signOut(O.wrongToken) });

  const area = /** @type {HTMLDetailsElement} */ (byId("org"));
  area.addEventListener("toggle", () => {
    if (area.open) watch();
  });
  setInterval(() => {
    if (area.open && document.visibilityState === "visible") watch();
  }, WATCH_MS);
  signedIn();
  byId("org").hidden = false;
  return { listChanged: () => promotion.listChanged() };
}
