// @ts-check
// Finding one's own name: the list of players filtered as typed, where diacritics and Serbian
// Cyrillic ⇄ Latin fold together ("dj", "đ" and "ђ" match), at most MAX_SHOWN at a time.
import { el, fill, setText } from "../lib/dom.js";
import { pageLanguage } from "../lib/i18n.js";
import { byName } from "../lib/name-order.js";
import { $, STRINGS, page } from "./state.js";

const CYRILLIC = {
  а: "a", б: "b", в: "v", г: "g", д: "d", ђ: "dj", е: "e", ж: "z", з: "z", и: "i", ј: "j", к: "k", л: "l",
  љ: "lj", м: "m", н: "n", њ: "nj", о: "o", п: "p", р: "r", с: "s", т: "t", ћ: "c", у: "u", ф: "f", х: "h",
  ц: "c", ч: "c", џ: "dz", ш: "s", й: "j", ы: "y", э: "e", ю: "ju", я: "ja", ь: "", ъ: "", ё: "e", є: "je",
  і: "i", ї: "ji", ґ: "g",
};
function fold(text) {
  return String(text || "").toLowerCase()
    .replace(/[\u0400-\u04ff]/g, (c) => CYRILLIC[c] ?? c)
    .replace(/đ/g, "dj").replace(/ł/g, "l").replace(/ß/g, "ss")
    .normalize("NFD").replace(/[\u0300-\u036f]/g, "")
    .replace(/dj/g, "d").replace(/[^a-z0-9]+/g, " ").trim();
}

const MAX_SHOWN = 60;

/** The names matching the filter in the page language's alphabetical order, each a button that calls `choose(id)`. */
export function renderChooser(choose) {
  // One who withdrew before playing is gone from the day (the server's `gone`): not a name to choose.
  const players = (page.sections.players || []).filter((p) => !p.gone).sort(byName(pageLanguage));
  const teams = new Map((page.sections.teams || []).map((t) => [t.id, t.name]));
  const words = fold(/** @type {HTMLInputElement} */ ($("filter")).value).split(" ").filter(Boolean);
  const matches = players.filter((p) => {
    const hay = ` ${fold(p.name)} ${fold(teams.get(p.team) || "")} ${fold(p.id)}`;
    return words.every((w) => hay.includes(` ${w}`) || hay.includes(w));
  });
  const shown = matches.slice(0, MAX_SHOWN);
  fill($("players"), shown.map((p) => el("li", {},
    el("button", { type: "button", onclick: () => choose(p.id) },
      el("span", {}, p.name),
      p.team ? el("span", { class: "team" }, teams.get(p.team) || p.team) : null))));
  const hint = $("who-hint");
  if (!matches.length && players.length) setText(hint, STRINGS.noMatch);
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
