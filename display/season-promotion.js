// @ts-check
// The organizer's "Promotion and relegation" (display/season.html, `#promo-part`): the first league and the two
// second leagues chosen from the season's bridge competitions, the enlargement (§7.3) and the teams that declined;
// each league's status (§24.1), the proposal `GET /api/promotion` makes from their standings, the cascade in
// sentences, and "Confirm" (`POST /api/promotion`) once every league's standings are final, with the last
// confirmation. The logic (the query, the sentences, the button) is display/lib/promotion.js.
import { el, fill, setText } from "./lib/dom.js";
import { jsonOf } from "./lib/http.js";
import { ENLARGEMENTS, confirmState, leaguesOf, promotionQuery, proposalOf, sameAsConfirmed } from "./lib/promotion.js";
import { sayPromotionRefusal, stepText, whenText } from "./lib/promotion.js";
/** @import { Listed } from "./lib/competitions.js" */
/** @import { League, Named, Proposal } from "./lib/promotion.js" */

/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * The part drawn in the page's words and wired; asked again when the list of competitions changes, cleared when
 * the organizer signs out.
 * @param {{ S: any, O: any, show: (text: string) => string, listed: () => Listed[], token: () => string,
 *   refused: () => void }} page `refused`: the server does not take the token (signed out)
 */
export function startPromotion({ S, O, show, listed, token, refused }) {
  const P = O.promotion;
  setText(byId("promo-title"), P.title);
  setText(byId("promo-lead"), P.lead);

  /** @param {string} name @param {HTMLSelectElement} input @param {string} [hint] */
  function field(name, input, hint = "") {
    input.id = `p-${name}`;
    input.name = name;
    if (hint) input.setAttribute("aria-describedby", `p-h-${name}`);
    return el("div", { class: "s-f", dataset: { field: name } }, el("label", { for: input.id, class: "s-f-label" }, P.fields[name]), input,
      hint ? el("p", { class: "s-f-hint", id: `p-h-${name}` }, hint) : null);
  }
  const selects = {
    first: /** @type {HTMLSelectElement} */ (el("select")),
    east: /** @type {HTMLSelectElement} */ (el("select")),
    west: /** @type {HTMLSelectElement} */ (el("select")),
  };
  const enlargement = /** @type {HTMLSelectElement} */ (el("select", {}, ENLARGEMENTS.map((n) => el("option", { value: n }, P.enlargements[n]))));
  const form = /** @type {HTMLFormElement} */ (byId("promo"));
  const note = el("p", { class: "s-f-hint", id: "promo-note" });
  const error = el("p", { class: "s-f-error is-form", id: "promo-error", "aria-live": "polite" });
  const refresh = el("button", { type: "submit", class: "s-btn", id: "promo-refresh" }, P.refresh);
  fill(form, field("first", selects.first), el("div", { class: "s-f-row" }, field("east", selects.east), field("west", selects.west)),
    field("enlargement", enlargement, P.enlargementHint), note, error, refresh);
  const out = byId("promo-out");

  /** The teams ticked as declined (`<competition id>:<team id>`), in the order ticked. */
  let declined = /** @type {string[]} */ ([]);
  /** The proposal shown, and whether one is asked or a confirmation sent. */
  /** @type {Proposal | null} */
  let shown = null;
  let busy = false;
  /** The last request made: an answer to an older one is not drawn. */
  let asked = 0;

  /** The selects' options from the listing, each keeping its choice while its competition is listed. */
  function listChanged() {
    const leagues = leaguesOf(listed());
    for (const select of Object.values(selects)) {
      const was = select.value;
      fill(select, el("option", { value: "" }, P.choose), leagues.map((l) => el("option", { value: l.id }, show(l.name))));
      select.value = leagues.some((l) => l.id === was) ? was : "";
    }
    if (!shown) sayWhatIsMissing();
  }

  /** Under the form, while no proposal is shown for want of a league: what to choose (or that none can be). */
  function sayWhatIsMissing() {
    const made = promotionQuery(choice());
    const missing = "problem" in made && made.problem.code === "field.missing";
    setText(note, !missing ? "" : leaguesOf(listed()).length ? P.chooseLeagues : P.noLeagues);
  }

  function choice() {
    return { first: selects.first.value, second: [selects.east.value, selects.west.value], declined, enlargement: enlargement.value };
  }

  /** The proposal for the choice as it is, asked at once (a change of league, of the enlargement, a tick). */
  async function ask() {
    const made = promotionQuery(choice());
    setText(error, "");
    if ("problem" in made) {
      asked += 1; // (an answer still on its way is for another choice)
      busy = false;
      shown = null;
      fill(out);
      sayWhatIsMissing();
      if (made.problem.code !== "field.missing") setText(error, sayPromotionRefusal(422, { detail: made.problem }, P, O.refusals));
      drawConfirm();
      return;
    }
    setText(note, "");
    await send("GET", made.query);
  }

  /**
   * @param {"GET" | "POST"} method
   * @param {string} query
   */
  async function send(method, query) {
    const mine = ++asked;
    busy = true;
    drawConfirm();
    if (!shown) fill(out, el("p", { class: "s-w-note" }, P.loading));
    try {
      const response = await fetch(`/api/promotion?${query}`, { method, cache: "no-store",
        headers: { Accept: "application/json", Authorization: `Bearer ${token()}` } });
      const answer = await jsonOf(response);
      if (mine !== asked) return;
      if (response.status === 401) {
        refused();
        return;
      }
      const proposal = response.ok ? proposalOf(answer) : null;
      if (proposal) {
        busy = false;
        draw(proposal);
        if (method === "POST") byId("promo-confirmed").focus();
        return;
      }
      const said = sayPromotionRefusal(response.status, answer, P, O.refusals);
      if (method === "POST") setText(byId("promo-confirm-error"), said);
      else {
        shown = null;
        fill(out);
        setText(error, said);
      }
    } catch {
      if (mine !== asked) return;
      if (method === "POST") setText(byId("promo-confirm-error"), P.failed);
      else setText(error, P.failed);
    } finally {
      if (mine === asked) {
        busy = false;
        drawConfirm();
      }
    }
  }

  /** @param {Named[]} teams */
  const names = (teams) => (teams.length ? teams.map((t) => show(t.name)).join(", ") : P.none);

  /** @param {Proposal} p */
  function draw(p) {
    shown = p;
    declined = [...p.declined]; // (as the server took them: a team of a league no longer chosen is dropped)
    const focused = /** @type {HTMLInputElement | null} */ (document.activeElement?.closest?.("#promo-out input[type=checkbox]") ?? null);
    const keep = focused ? focused.value : null;
    const ids = [p.first, ...p.second];
    const leagues = /** @type {[string, League][]} */ (ids.filter((id) => p.leagues[id]).map((id) => [id, p.leagues[id]]));
    const rows = [[P.stay, p.stay, "stay"], [P.promoted, p.promoted, "promoted"], [P.relegated, p.relegated, "relegated"]];
    if (p.playoff.length) rows.push([P.playoff(p.playoff_places), p.playoff, "playoff"]);
    fill(out,
      el("ul", { class: "s-p-leagues" }, leagues.map(([id, l]) => el("li", { class: `s-p-league is-${l.status}`, dataset: { id, status: l.status } },
        el("p", { class: "s-p-league-name" }, el("b", {}, show(l.name)), " ", el("span", { class: `s-chip is-${l.status}` }, P.status[l.status])),
        el("p", { class: "s-p-status" }, P.statusWords[l.status])))),
      declinedPart(p, leagues),
      el("section", { class: "s-p-block", id: "promo-proposal" },
        el("h3", { class: "s-p-title" }, P.proposal),
        p.final ? null : el("p", { class: "s-p-note" }, P.proposalProvisional),
        el("dl", { class: "s-p-rows" }, rows.map(([label, teams, kind]) => el("div", { class: `s-p-row is-${kind}`, dataset: { kind } },
          el("dt", {}, label), el("dd", {}, names(teams))))),
        p.open_places ? el("p", { class: "s-p-open", id: "promo-open" }, P.openPlaces(p.open_places)) : null),
      el("section", { class: "s-p-block", id: "promo-steps" },
        el("h3", { class: "s-p-title" }, P.steps),
        p.steps.length
          ? el("ol", { class: "s-p-steps" }, p.steps.map((s) => el("li", { dataset: { place: s.place } }, stepText(s, p, P, show))))
          : el("p", { class: "s-p-note" }, P.noSteps)),
      el("section", { class: "s-p-block s-p-confirm" },
        el("p", { class: "s-p-note", id: "promo-confirm-note" }),
        el("p", { class: "s-f-error", id: "promo-confirm-error", "aria-live": "polite" }),
        confirmButton,
        confirmation(p)));
    if (keep) /** @type {HTMLInputElement | null} */ (out.querySelector(`input[value="${CSS.escape(keep)}"]`))?.focus();
    drawConfirm();
  }

  /** Whether the organizer keeps the declined teams' list open (it is long: every team of three leagues). */
  let declinedOpen = false;

  /**
   * The teams of the chosen leagues, each with its place and a box to tick when it declined: collapsed under
   * its count, so that the proposal stays in sight on a phone.
   * @param {Proposal} p
   * @param {[string, League][]} leagues
   */
  function declinedPart(p, leagues) {
    const part = /** @type {HTMLDetailsElement} */ (el("details", { class: "s-p-block s-p-declined", id: "promo-declined" },
      el("summary", { class: "s-p-title" }, P.declinedCount(p.declined.length)),
      el("p", { class: "s-f-hint" }, P.declinedLead),
      leagues.map(([id, l]) => el("fieldset", { class: "s-p-teams", dataset: { id } },
        el("legend", { class: "s-p-teams-name" }, show(l.name)),
        l.teams.map((t, i) => {
          const box = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", value: t.team }));
          box.checked = p.declined.includes(t.team);
          box.addEventListener("change", () => {
            declined = box.checked ? [...declined.filter((x) => x !== t.team), t.team] : declined.filter((x) => x !== t.team);
            ask();
          });
          return el("label", { class: "s-f-check" }, box, `${i + 1}. ${show(t.name)}`);
        })))));
    part.open = declinedOpen || p.declined.length > 0;
    part.addEventListener("toggle", () => {
      declinedOpen = part.open;
    });
    return part;
  }

  /** @param {Proposal} p */
  function confirmation(p) {
    const c = p.confirmed;
    if (!c) return el("div", { id: "promo-confirmed", tabindex: -1 });
    const same = sameAsConfirmed(p);
    return el("div", { class: "s-done", id: "promo-confirmed", tabindex: -1, role: "status" },
      el("p", { class: "s-done-title" }, P.confirmed(whenText(c.ts, S.locale), P.by[c.by] || c.by)),
      el("p", {}, `${P.promoted}: ${names(c.promoted)}`),
      el("p", {}, `${P.relegated}: ${names(c.relegated)}`),
      c.declined.length ? el("p", {}, `${P.declinedTitle}: ${c.declined.map((key) => show(teamName(p, key))).join(", ")}`) : null,
      el("p", { class: "s-f-hint" }, same ? P.confirmedSame : P.confirmedDiffers));
  }

  const confirmButton = /** @type {HTMLButtonElement} */ (el("button", { type: "button", class: "s-btn is-primary", id: "promo-confirm" }, P.confirm));
  confirmButton.addEventListener("click", () => {
    const state = confirmState(shown, busy);
    const made = promotionQuery(choice());
    if (!state.enabled || "problem" in made) return;
    setText(byId("promo-confirm-error"), "");
    setText(confirmButton, P.confirming);
    send("POST", made.query).finally(() => setText(confirmButton, P.confirm));
  });

  /** The button as the proposal and the requests have it, with its note. */
  function drawConfirm() {
    const state = confirmState(shown, busy);
    confirmButton.disabled = !state.enabled;
    const line = document.getElementById("promo-confirm-note");
    if (line && state.note !== "busy") setText(line, state.note === "none" ? "" : P.confirmNotes[state.note]); // (kept while asked)
  }

  for (const select of [...Object.values(selects), enlargement]) select.addEventListener("change", () => ask());
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    ask();
  });
  listChanged();

  return {
    listChanged,
    /** Signed in: the proposal for what is chosen (nothing until three leagues are). */
    open: () => ask(),
    /** Signed out: nothing of the last organizer's is left on the page. */
    clear() {
      asked += 1;
      shown = null;
      declined = [];
      busy = false;
      fill(out);
      setText(error, "");
    },
  };
}

/**
 * A team's name from the leagues of the answer, by its key (the confirmation names the declined teams by key).
 * @param {Proposal} p
 * @param {string} key
 */
function teamName(p, key) {
  for (const league of Object.values(p.leagues)) {
    const found = league.teams.find((t) => t.team === key);
    if (found) return found.name;
  }
  return key;
}
