// @ts-check
// A refused command in the page's language. The server's own words are English; every refusal
// names its reason in `detail.code` (live/commands/refusals.py, a closed registry) with the parameters its
// sentence takes beside it, and the console says it from the catalogue (STRINGS.refused.codes),
// the field it names by its label (STRINGS.refused.fields) and the rounds by their titles. The
// round-state refusals keep their own, fuller sentences (`detail.reason`, `detail.action` and
// `detail.status`). A refusal that applied a rule of the tournament's document says which one after its
// sentence ("(Pravila lige, §17.1)", display/lib/citation.js, from `detail.cite`). Only an answer without a
// code the catalogue knows is shown as sent (its English names the rule itself).

import { withCitation } from "../lib/citation.js";

const NOT_STARTED = new Set(["scheduled", "called", "held", "missed"]);
/** The parameters that are timetable items' ids: said by their titles. */
const ITEMS = ["item", "waiting_for", "overlaps", "items"];

/** A field as the page names it: its label, a rules parameter by its own name, else as sent. */
function fieldLabel(field, labels) {
  if (typeof field !== "string") return "";
  if (labels[field]) return labels[field];
  return field.startsWith("rules.") ? field.slice("rules.".length) : field;
}

/** The sentence's parameters: the refusal's detail, with ids and field names as the page shows them. */
function parameters(detail, R, title) {
  const out = { ...detail, field: fieldLabel(detail.field, R.fields || {}) };
  for (const key of ITEMS) {
    const value = detail[key];
    if (typeof value === "string") out[key] = title(value);
    else if (Array.isArray(value)) out[key] = value.map((x) => (typeof x === "string" ? title(x) : x));
  }
  return out;
}

/**
 * The sentence for a refusal: `status` the HTTP status, `data` the answer's JSON (or null), `S`
 * the referee catalogue, `title(id)` an item's title as the page shows it.
 */
export function sayRefusal(status, data, S, title = (id) => id) {
  const detail = (data && data.detail) || {};
  const R = S.refused || {};
  const item = typeof detail.item === "string" ? title(detail.item) : "";
  if (item && detail.reason === "previous" && R.previous && typeof detail.waiting_for === "string") {
    return (detail.in_progress ? R.previous : R.previousNotPlayed)(item, title(detail.waiting_for));
  }
  if (item && detail.reason === "seating" && R.seating) return R.seating(item);
  if (item && detail.action && R.action && R.action[detail.action] && R.states) {
    const state = NOT_STARTED.has(detail.status) ? R.states.notStarted : R.states[detail.status];
    if (state) return R.action[detail.action](item, state);
  }
  return knownRefusal(data, S, title) || S.failed(status, (data && data.error) || "");
}

/**
 * The catalogue's sentence for a refusal's code (any answer of the API: a command's, a sign-in's, a body the
 * server could not read), or "" when the catalogue has none for it.
 */
export function knownRefusal(data, S, title = (id) => id) {
  const detail = (data && data.detail) || {};
  const R = S.refused || {};
  const said = typeof detail.code === "string" && R.codes ? R.codes[detail.code] : undefined;
  if (typeof said === "function") return withCitation(said(parameters(detail, R, title)), detail.cite, R.cite);
  if (typeof said === "string" && said) return withCitation(said, detail.cite, R.cite);
  return "";
}
