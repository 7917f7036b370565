// @ts-check
// Finding one's own name: the list of players filtered as typed (name-picker.js picks them), each a
// button that chooses it.
import { el, fill, setText } from "../lib/dom.js";
import { pageLanguage } from "../lib/i18n.js";
import { namesToChoose } from "./name-picker.js";
import { $, STRINGS, page } from "./state.js";

/** The names matching the filter in the page language's alphabetical order, each a button that calls `choose(id)`. */
export function renderChooser(choose) {
  // One who withdrew before playing is gone from the day (the server's `gone`): not a name to choose.
  const filter = /** @type {HTMLInputElement} */ ($("filter")).value;
  const { offered, matches, shown, teams } = namesToChoose(page.sections, filter, pageLanguage);
  fill($("players"), shown.map((p) => el("li", {},
    el("button", { type: "button", onclick: () => choose(p.id) },
      el("span", {}, p.name),
      p.team ? el("span", { class: "team" }, teams.get(p.team) || p.team) : null))));
  const hint = $("who-hint");
  if (!matches.length && offered) setText(hint, STRINGS.noMatch);
  else if (matches.length > shown.length) setText(hint, STRINGS.moreMatches(matches.length - shown.length));
  else setText(hint, STRINGS.whoHint);
}

/** The filter follows each key; Enter takes the first name shown. */
export function wireChooser(choose) {
  $("filter").addEventListener("input", () => renderChooser(choose));
  $("filter").addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      const first = $("players").querySelector("button");
      if (first) first.click();
    }
  });
}
