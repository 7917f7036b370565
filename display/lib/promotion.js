// @ts-check
// The season's promotion and relegation on the start page's organizer area (display/season-promotion.js): the
// query `GET /api/promotion` takes (live/edges/web/season_organizer.py; Slovak §7, §13.1, the reading in
// docs/rules/slovak-league.md#promotion), its answer read, the cascade's steps said in sentences, whether the
// "Confirm" button may be pressed, and a refusal in the page's words. Pure: no DOM, no fetch, no storage.
import { sayRefusal } from "./organizer.js";
/** @import { Listed } from "./competitions.js" */

/** How much larger next season's first league is (§7.3): 0, 2 or 4 places, in the order the form offers them. */
export const ENLARGEMENTS = ["0", "2", "4"];

/** A league's standings as the answer says them (§24.1): still played, published but open to appeals, final. */
export const STATUSES = ["running", "provisional", "final"];

/**
 * The competitions the organizer can choose a league from: the bridge ones of the listing, in its order (a
 * preferans tournament has no teams; a bridge event without teams is refused by the server, by name).
 * @param {Listed[]} listed
 * @returns {{ id: string, name: string }[]}
 */
export function leaguesOf(listed) {
  return listed.filter((c) => c && c.game === "bridge" && typeof c.id === "string").map((c) => ({ id: c.id, name: String(c.name || c.id) }));
}

/**
 * What the organizer chose: the first league, the two second leagues (East, West: a declined winner's licence
 * goes to its own league's second first, §13.1), the teams that declined (`<competition id>:<team id>`), the
 * enlargement ("0", "2", "4").
 * @typedef {{ first: string, second: string[], declined: string[], enlargement: string }} Choice
 */

/**
 * The query of `/api/promotion` for a choice, or what is missing: a league not chosen (named by its field:
 * "first", "east", "west"), one league chosen twice. The declined teams are those of the chosen leagues only
 * (a team ticked in a league since unchosen is not sent), in the order ticked; the enlargement is left out at 0
 * (the server's default).
 * @param {Choice} choice
 * @returns {{ query: string } | { problem: { code: string, field: string } }}
 */
export function promotionQuery(choice) {
  const [east = "", west = ""] = choice.second;
  for (const [field, id] of [["first", choice.first], ["east", east], ["west", west]]) {
    if (!id) return { problem: { code: "field.missing", field } };
  }
  const chosen = [choice.first, east, west];
  if (new Set(chosen).size < chosen.length) return { problem: { code: "promotion.same_league", field: "" } };
  const params = new URLSearchParams({ first: choice.first, second: `${east},${west}` });
  const declined = [...new Set(choice.declined)].filter((key) => chosen.includes(key.slice(0, key.indexOf(":"))));
  if (declined.length) params.set("declined", declined.join(","));
  if (choice.enlargement && choice.enlargement !== "0") params.set("enlargement", choice.enlargement);
  return { query: params.toString() };
}

/** @typedef {{ team: string, name: string }} Named */
/** @typedef {{ place: string, place_name: string, team: string | null, team_name: string | null, to: string | null, to_name: string | null, rule: string }} Step */
/** @typedef {{ name: string, status: string, teams: Named[] }} League */
/**
 * The answer of `/api/promotion` as the page reads it (`confirmed`: the last confirmation from this first
 * league, its `seq`, `ts` and `by` beside what was confirmed).
 * @typedef {{ first: string, second: string[], declined: string[], enlargement: number,
 *   leagues: Record<string, League>, final: boolean, stay: Named[], promoted: Named[], relegated: Named[],
 *   playoff: Named[], playoff_places: number, open_places: number, steps: Step[],
 *   confirmed: Confirmed | null }} Proposal
 */
/**
 * @typedef {{ seq: number, ts: number, by: string, second: string[], declined: string[], enlargement: number,
 *   stay: Named[], promoted: Named[], relegated: Named[], playoff: Named[], open_places: number }} Confirmed
 */

const isNamed = (x) => x && typeof x === "object" && typeof x.team === "string";
const namedList = (x) => (Array.isArray(x) ? x.filter(isNamed).map((t) => ({ team: t.team, name: String(t.name ?? t.team) })) : []);
const textOrNull = (x) => (typeof x === "string" ? x : null);
const strings = (x) => (Array.isArray(x) ? x.filter((s) => typeof s === "string") : []);
const count = (x) => (typeof x === "number" && Number.isFinite(x) ? x : 0);

/**
 * The answer read: the page's shape, every list a list, a status the page does not know read as "running"
 * (never as final); null for an answer that is not a proposal.
 * @param {unknown} answer
 * @returns {Proposal | null}
 */
export function proposalOf(answer) {
  const a = /** @type {Record<string, any> | null} */ (answer && typeof answer === "object" ? answer : null);
  if (!a || typeof a.first !== "string" || !a.leagues || typeof a.leagues !== "object" || !Array.isArray(a.steps)) return null;
  /** @type {Record<string, League>} */
  const leagues = {};
  for (const [id, league] of Object.entries(a.leagues)) {
    if (!league || typeof league !== "object") continue;
    leagues[id] = { name: String(league.name || id), status: STATUSES.includes(league.status) ? league.status : "running",
      teams: namedList(league.teams) };
  }
  const steps = a.steps.filter((s) => s && typeof s === "object" && typeof s.place === "string").map((s) => ({
    place: s.place, place_name: String(s.place_name ?? s.place), team: textOrNull(s.team), team_name: textOrNull(s.team_name),
    to: textOrNull(s.to), to_name: textOrNull(s.to_name), rule: String(s.rule || "") }));
  const c = a.confirmed && typeof a.confirmed === "object" ? a.confirmed : null;
  return {
    first: a.first, second: strings(a.second), declined: strings(a.declined), enlargement: count(a.enlargement), leagues,
    final: a.final === true && Object.values(leagues).every((l) => l.status === "final"),
    stay: namedList(a.stay), promoted: namedList(a.promoted), relegated: namedList(a.relegated), playoff: namedList(a.playoff),
    playoff_places: count(a.playoff_places), open_places: count(a.open_places), steps,
    confirmed: c && typeof c.ts === "number" ? {
      seq: count(c.seq), ts: c.ts, by: String(c.by || ""), second: strings(c.second), declined: strings(c.declined),
      enlargement: count(c.enlargement), stay: namedList(c.stay), promoted: namedList(c.promoted),
      relegated: namedList(c.relegated), playoff: namedList(c.playoff), open_places: count(c.open_places) } : null,
  };
}

/**
 * The words the part is said in (the page's "season" section, `organizer.promotion`).
 * @typedef {{ places: { winner: (name: string) => string, first: (name: string, n: number) => string, playoff: string,
 *   promotion: string }, stepTo: (p: object) => string, stepDeclinedToo: (p: object) => string,
 *   stepPresidium: (p: object) => string, stepOpen: (p: object) => string, stepOpenPresidium: (p: object) => string }} StepWords
 */

/**
 * A place of a step in words: "east 1" (the winner's place of a second league) → "winner: <its name>",
 * "first 3" → "<the first league's name>, 3rd place", "play-off", "promotion" (§7.3); else as the server
 * names it.
 * @param {string} place
 * @param {Proposal} p
 * @param {StepWords} W
 * @param {(text: string) => string} show a name in the page's script
 */
export function placeText(place, p, W, show = (t) => t) {
  const leagueName = (id) => show(p.leagues[id]?.name || id);
  const winner = /^(.+) 1$/.exec(place);
  if (winner && p.second.includes(winner[1])) return W.places.winner(leagueName(winner[1]));
  const first = /^first (\d+)$/.exec(place);
  if (first) return W.places.first(leagueName(p.first), Number(first[1]));
  if (place === "play-off") return W.places.playoff;
  if (place === "promotion") return W.places.promotion;
  return place;
}

/**
 * A rule as the page shows it: its paragraphs ("§14.3, §13.1"), the server's English reading left to the docs.
 * @param {string} rule
 */
export function ruleRef(rule) {
  const head = rule.split(":")[0].trim();
  return head.startsWith("§") ? head : rule;
}

/** Whether a step leaves its place to the presidium (the chain ran out, or §7.3 gives none). */
const toPresidium = (step) => step.to === null && /presidium/.test(step.rule);

/**
 * One step of the cascade in a sentence: "X declined: its place goes to Y (§13.1)", "… goes to the presidium",
 * a further team of the chain that declined too, or a place that opened without a team declining it.
 * @param {Step} step
 * @param {Proposal} p
 * @param {StepWords} W
 * @param {(text: string) => string} [show]
 * @returns {string}
 */
export function stepText(step, p, W, show = (t) => t) {
  const params = { place: placeText(step.place, p, W, show), rule: ruleRef(step.rule),
    team: step.team === null ? "" : show(step.team_name || step.team), to: step.to === null ? "" : show(step.to_name || step.to) };
  if (step.team === null) return step.to === null ? W.stepOpenPresidium(params) : W.stepOpen(params);
  if (step.to !== null) return W.stepTo(params);
  return toPresidium(step) ? W.stepPresidium(params) : W.stepDeclinedToo(params);
}

/**
 * The "Confirm" button: pressed only on a proposal shown for the choice as it is (not while one is asked or
 * sent) and on final standings of every league (§24.1; the server refuses otherwise, 409); its note says
 * why not, or that a confirmation is there already.
 * @param {Proposal | null} p
 * @param {boolean} busy a proposal asked or a confirmation sent, not answered yet
 * @returns {{ enabled: boolean, note: "none" | "busy" | "notFinal" | "ready" | "again" }}
 */
export function confirmState(p, busy) {
  if (!p) return { enabled: false, note: "none" };
  if (busy) return { enabled: false, note: "busy" };
  if (!p.final) return { enabled: false, note: "notFinal" };
  return { enabled: true, note: p.confirmed ? "again" : "ready" };
}

const teamsOf = (list) => list.map((t) => t.team).join(",");

/**
 * Whether the proposal shown is the one confirmed last (the same second leagues, declined teams, enlargement,
 * and the same teams staying, going up and down, in the play-off and left open): null without a confirmation.
 * @param {Proposal} p
 * @returns {boolean | null}
 */
export function sameAsConfirmed(p) {
  const c = p.confirmed;
  if (!c) return null;
  return c.second.join(",") === p.second.join(",") && [...c.declined].sort().join(",") === [...p.declined].sort().join(",") &&
    c.enlargement === p.enlargement && teamsOf(c.stay) === teamsOf(p.stay) && teamsOf(c.promoted) === teamsOf(p.promoted) &&
    teamsOf(c.relegated) === teamsOf(p.relegated) && teamsOf(c.playoff) === teamsOf(p.playoff) && c.open_places === p.open_places;
}

/**
 * When a confirmation was written, in the page's locale ("7 Dec 2026, 12:40"; the browser's zone unless given).
 * @param {number} ms
 * @param {string} locale
 * @param {string} [timeZone]
 */
export function whenText(ms, locale, timeZone) {
  for (const loc of [locale, "en-GB"]) {
    try {
      return new Intl.DateTimeFormat(loc, { dateStyle: "medium", timeStyle: "short", timeZone }).format(ms);
    } catch {
      // (a locale or zone this browser does not know: the next)
    }
  }
  return new Date(ms).toISOString();
}

/**
 * The words a refusal is said in (`organizer.promotion`, its own sentences over the organizer's).
 * @typedef {{ fields: Record<string, string>, refusals: Record<string, any> }} PromotionWords
 */

/**
 * A refused query or confirmation in the page's words: the server's codes (`field.unknown_id` naming the first
 * or the second leagues, `field.not_one_of`, `competition.form` with the server's own words, 409
 * `promotion.not_final`, `auth.needed`, `log.unavailable`), and the page's own (`field.missing`,
 * `promotion.same_league`); a code the catalogue lacks is said in the server's words.
 * @param {number} status
 * @param {unknown} answer
 * @param {PromotionWords} P
 * @param {Record<string, any>} organizerRefusals the organizer's sentences (auth, unknown status, …)
 * @returns {string}
 */
export function sayPromotionRefusal(status, answer, P, organizerRefusals) {
  return sayRefusal(status, answer, { fields: P.fields, refusals: { ...organizerRefusals, ...P.refusals }, noNew: "" }).text;
}
