// @ts-check
// The order a preferans table's players are listed in. The server lists them in seat order (seat 1 the
// best ranked, or the draw's order) — that order is the seating and the pages keep it — except for a round
// seated from standings hidden from the hall: then each table lists its players by name (`order: "name"`,
// live/commands/results.py), an alphabetical list only, sorted by the Cyrillic names. A page sorts such a
// list again as it shows the names (lib/name-order.js: by the Latin form on a Latin-script page), so that
// it reads alphabetical in the page's script too. Pure: no DOM.

import { byName } from "./name-order.js";

/**
 * The ids of `table.players` as a page in `lang` lists them: the server's order, or for a seating in
 * name order (`seating.order === "name"`) sorted by `nameOf(id)` as the page shows it, then by id.
 */
export function listedPlayers(seating, table, nameOf, lang) {
  const players = Array.isArray(table?.players) ? table.players : [];
  if (seating?.order !== "name") return players;
  const compare = byName(lang, { name: (id) => nameOf(id), id: (id) => id });
  return [...players].sort(compare);
}
