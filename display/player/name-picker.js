// @ts-check
// Which names the player page's chooser offers for what is typed: the players of the day (one gone from
// it — the server's `gone` — is not a name to choose), filtered as typed, where diacritics and Serbian
// Cyrillic ⇄ Latin fold together ("dj", "đ" and "ђ" match), at most MAX_SHOWN at a time. Pure (no DOM).
import { byName } from "../lib/name-order.js";
/** @import { PlayerLine, TeamLine } from "../../types/sections" */

const CYRILLIC = {
  а: "a", б: "b", в: "v", г: "g", д: "d", ђ: "dj", е: "e", ж: "z", з: "z", и: "i", ј: "j", к: "k", л: "l",
  љ: "lj", м: "m", н: "n", њ: "nj", о: "o", п: "p", р: "r", с: "s", т: "t", ћ: "c", у: "u", ф: "f", х: "h",
  ц: "c", ч: "c", џ: "dz", ш: "s", й: "j", ы: "y", э: "e", ю: "ju", я: "ja", ь: "", ъ: "", ё: "e", є: "je",
  і: "i", ї: "ji", ґ: "g",
};
/**
 * @param {unknown} text
 * @returns {string}
 */
function fold(text) {
  return String(text || "").toLowerCase()
    .replace(/[\u0400-\u04ff]/g, (c) => CYRILLIC[c] ?? c)
    .replace(/đ/g, "dj").replace(/ł/g, "l").replace(/ß/g, "ss")
    .normalize("NFD").replace(/[\u0300-\u036f]/g, "")
    .replace(/dj/g, "d").replace(/[^a-z0-9]+/g, " ").trim();
}

export const MAX_SHOWN = 60;

/**
 * The chooser's names for `filter` (a name, a team or an id, in any script): {offered, matches, shown,
 * teams} — how many the day has to choose from, those matching in `lang`'s alphabetical order, the first
 * MAX_SHOWN of them (each the roster's line), and the team names by id that a name is shown with.
 * @param {{ players?: PlayerLine[], teams?: TeamLine[] } | null | undefined} sections
 * @param {string} filter
 * @param {string} [lang]
 * @returns {{ offered: number, matches: PlayerLine[], shown: PlayerLine[], teams: Map<string, string> }}
 */
export function namesToChoose(sections, filter, lang = "en") {
  const players = (sections?.players || []).filter((p) => !p.gone).sort(byName(lang));
  const teams = new Map((sections?.teams || []).map((t) => [t.id, t.name]));
  const words = fold(filter).split(" ").filter(Boolean);
  const matches = players.filter((p) => {
    const hay = ` ${fold(p.name)} ${fold(teams.get(p.team) || "")} ${fold(p.id)}`;
    return words.every((w) => hay.includes(` ${w}`) || hay.includes(w));
  });
  return { offered: players.length, matches, shown: matches.slice(0, MAX_SHOWN), teams };
}
