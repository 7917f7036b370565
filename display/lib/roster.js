// @ts-check
// The roster as the console lists it: players sorted by name, teams with their players, counts,
// and a search that finds "Đorđević" and "Ђорђевић" by typing "djordj". Pure (no DOM, no clock).

import { byName } from "./name-order.js";
/** @import { PageSections } from "../../types/pages" */

const timetableOf = (sections) => (Array.isArray(sections?.timetable) ? sections.timetable : []);
const itemOf = (sections, id) => timetableOf(sections).find((i) => i.id === id) || null;

/** Serbian Cyrillic folded to plain Latin for searching (showing it in Latin is script.js's toLatin). */
const CYRILLIC = {
  а: "a", б: "b", в: "v", г: "g", д: "d", ђ: "dj", е: "e", ж: "z", з: "z", и: "i", ј: "j", к: "k", л: "l",
  љ: "lj", м: "m", н: "n", њ: "nj", о: "o", п: "p", р: "r", с: "s", т: "t", ћ: "c", у: "u", ф: "f", х: "h",
  ц: "c", ч: "c", џ: "dz", ш: "s",
};

/** A name folded for searching: lower case, no diacritics, Serbian Cyrillic as Latin. */
export function searchKey(text) {
  return String(text || "").toLowerCase()
    .replace(/[\u0400-\u04ff]/g, (c) => CYRILLIC[c] ?? c)
    .replace(/đ/g, "dj")
    .normalize("NFD").replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, " ").trim();
}

/** Whether every word typed in `query` starts a word of (or is inside) the folded `text`. */
export function matchesQuery(text, query) {
  const words = searchKey(query).split(" ").filter(Boolean);
  const hay = ` ${searchKey(text)}`;
  return words.every((w) => hay.includes(w));
}

/**
 * The roster for the console: {bridge, players, teams, counts}. Each player: {id, name, lady,
 * team, teamName, enters, entersTitle, withdrawn}; sorted by name as a page in `lang` shows it (name-order.js),
 * withdrawn last. Each team (bridge): {id, name, players}, sorted the same way.
 * counts = {all, active, walkIns, withdrawn}.
 * @param {PageSections | null | undefined} sections
 * @param {string} [lang]
 */
export function rosterModel(sections, lang = "en") {
  const teamsIn = Array.isArray(sections?.teams) ? sections.teams : [];
  const teamNames = new Map(teamsIn.map((t) => [t.id, t.name]));
  const bridge = sections?.tournament?.game === "bridge" || (sections?.tournament?.game === undefined && teamsIn.length > 0);
  const order = byName(lang);
  const players = (Array.isArray(sections?.players) ? sections.players : []).map((p) => {
    const entry = p.enters ? itemOf(sections, p.enters) : null;
    return {
      id: p.id, name: String(p.name ?? p.id), lady: Boolean(p.lady), team: p.team ?? null,
      teamName: p.team ? teamNames.get(p.team) ?? p.team : "", enters: p.enters || null,
      entersTitle: p.enters ? (entry ? entry.title : p.enters) : "", withdrawn: Boolean(p.withdrawn),
    };
  }).sort((a, b) => (Number(a.withdrawn) - Number(b.withdrawn)) || order(a, b));
  const teams = teamsIn.map((t) => ({ id: t.id, name: String(t.name ?? t.id), players: players.filter((p) => p.team === t.id) }))
    .sort(order);
  return {
    bridge, players, teams,
    counts: {
      all: players.length, active: players.filter((p) => !p.withdrawn).length,
      walkIns: players.filter((p) => p.enters).length, withdrawn: players.filter((p) => p.withdrawn).length,
    },
  };
}
