// @ts-check
// Standings, seating and results (sections `standings`, `seating`, `results`), and who is who.
//
// Every helper here tolerates a missing section (an older server, an empty tournament): it
// answers with an empty list or null, and the pages hide what has nothing to show.

import { prizeMoney } from "./format.js";
import { findItem } from "./timetable.js";
/** @import { PageSections, Result, StandingsRow } from "../../types/pages" */
/** @import { PrizeList, Seating, TimetableItem } from "../../types/sections" */

/**
 * "preferans" | "bridge" | "": from the tournament section, else guessed from the data.
 * @param {PageSections} sections
 * @returns {"preferans" | "bridge" | ""}
 */
export function gameOf(sections) {
  const game = sections.tournament?.game;
  if (game === "preferans" || game === "bridge") return game;
  const row = (sections.standings || [])[0];
  if (row) return "team" in row ? "bridge" : "preferans";
  return (sections.teams || []).length ? "bridge" : "";
}

/**
 * The standings rows, always an array.
 * @param {PageSections} sections
 * @returns {StandingsRow[]}
 */
export function standingsRows(sections) {
  return Array.isArray(sections.standings) ? sections.standings : [];
}

/** A standings row's key: its player or team id. */
export const standingKey = (row) => (row ? row.player ?? row.team ?? "" : "");

/** Whether any row has scored anything yet (before the first result every line is 0). */
export function standingsStarted(rows) {
  return (rows || []).some((r) => (r.rounds || 0) > 0 || (r.played || 0) > 0 || (r.awarded || 0) > 0 ||
    Number(r.points || 0) !== 0 || Number(r.vp || 0) !== 0 || Number(r.penalty_bule || 0) !== 0 ||
    Number(r.penalty_vp || 0) !== 0);
}

/**
 * Each row's place (1-based): its position in the list, except that a row `tied` to the one above
 * shares its place ("1, 2, 2, 4"). The rows carry no rank of their own, so that a result that moves
 * one row patches that row, not every rank it passes (live/projections/standings.py `ranks`).
 */
export function ranks(rows) {
  const out = [];
  (rows || []).forEach((r, i) => out.push(i > 0 && r?.tied ? out[i - 1] : i + 1));
  return out;
}

/**
 * The label of each row's rank: `single(rank)` ("3."), or for a shared rank the span of the tied
 * group on each of its lines, `range(first, last)` ("3–4").
 */
export function rankLabels(rows, single, range) {
  const places = ranks(rows);
  const counts = new Map();
  for (const rank of places) counts.set(rank, (counts.get(rank) || 0) + 1);
  return (rows || []).map((r, i) => {
    const rank = places[i];
    const n = counts.get(rank) || 1;
    return r?.shared && n > 1 ? range(rank, rank + n - 1) : single(rank);
  });
}

/**
 * The places of a prize list's rows ({rank}, as the server ranks them): a place two or more rows share
 * spans as many places ("2–3."), as their prizes do. `single(rank)`, `range(first, last)` say them.
 */
export function prizePlaces(rows, single, range) {
  const counts = new Map();
  for (const r of rows || []) counts.set(r.rank, (counts.get(r.rank) || 0) + 1);
  return (rows || []).map((r) => {
    const n = counts.get(r.rank) || 1;
    return n > 1 ? range(r.rank, r.rank + n - 1) : single(r.rank);
  });
}

/**
 * A prize list (the `prizes` section) as the hall's screens and the phones say it: the paid rows with their
 * places, the sponsor's places after them (the rules' `sponsor_places`: Čačak's 5th), and `cash` that says a
 * sum in the page's language and the list's currency. `P`: the page's `prizes` words.
 * @param {PrizeList} list
 * @param {Record<string, any>} P
 * @param {string} [locale]
 */
export function prizeList(list, P, locale) {
  const unit = P.currency?.[list.currency] ?? list.currency ?? "";
  const rows = Array.isArray(list.prizes) ? list.prizes : [];
  const sponsor = Array.isArray(list.sponsor_prizes) ? list.sponsor_prizes : [];
  return {
    rows, places: prizePlaces(rows, P.place, P.placeRange),
    sponsor, sponsorPlaces: prizePlaces(sponsor, P.place, P.placeRange),
    cash: (v) => prizeMoney(v, unit, locale),
  };
}

/**
 * The places a shared place spans at a table: [first, last] of the rows (a result's players)
 * with `row`'s place ("2–3." for two sharing the 2nd place).
 */
export function placeSpan(rows, row) {
  const n = (rows || []).filter((r) => r && r.place === row?.place).length;
  return [row?.place, row?.place + Math.max(1, n) - 1];
}

/**
 * The VP the standings took off for matches over time (Novi Sad: a row's `overtime`, each
 * {item, blocks, block_minutes, vp, at}), in the order they happened, each as {row, item, title, blocks,
 * minutes, vp, at}: the match's title as the timetable names it (the catalogues put it first or after a
 * colon, so that it stays in the nominative), the numbers as the server gives them.
 * @param {StandingsRow[]} rows
 * @param {PageSections} sections
 */
export function overtimeOf(rows, sections) {
  const out = [];
  for (const row of rows || []) {
    for (const x of Array.isArray(row?.overtime) ? row.overtime : []) {
      out.push({ row, item: x.item, title: findItem(sections, x.item)?.title ?? String(x.item ?? ""),
        blocks: x.blocks, minutes: x.block_minutes, vp: x.vp, at: x.at });
    }
  }
  return out.sort((a, b) => (a.at ?? 0) - (b.at ?? 0));
}

const SCORE_FIELDS = ["points", "bule", "penalty_bule", "penalty_points", "rounds", "vp", "penalty_vp", "imp_diff", "imps_for",
  "imps_against", "played", "awarded"];

/** Keys of the rows whose score changed between two standings (not a mere move in rank). */
export function changedStandings(before, after) {
  const old = new Map((before || []).map((r) => [standingKey(r), r]));
  const changed = new Set();
  for (const row of after || []) {
    const was = old.get(standingKey(row));
    if (!was) continue;
    if (SCORE_FIELDS.some((f) => (was[f] ?? null) !== (row[f] ?? null))) changed.add(standingKey(row));
  }
  return changed;
}

/**
 * id → name of the players and of the teams.
 * @param {PageSections} sections
 * @returns {{ player: (id: string) => string, team: (id: string) => string }}
 */
export function nameBook(sections) {
  const players = new Map((sections.players || []).map((p) => [p.id, p.name]));
  const teams = new Map((sections.teams || []).map((t) => [t.id, t.name]));
  return {
    player: (id) => players.get(id) ?? String(id ?? ""),
    team: (id) => teams.get(id) ?? String(id ?? ""),
  };
}

/**
 * The published seating of an item, or null.
 * @param {PageSections} sections
 * @param {string} itemId
 * @returns {Seating | null}
 */
export function seatingOf(sections, itemId) {
  const all = sections.seating && typeof sections.seating === "object" ? sections.seating : {};
  const s = all[itemId];
  return s && typeof s === "object" ? s : null;
}

/**
 * The results of an item, always an array.
 * @param {PageSections} sections
 * @param {string} itemId
 * @returns {Result[]}
 */
export function resultsOf(sections, itemId) {
  const all = sections.results && typeof sections.results === "object" ? sections.results : {};
  return Array.isArray(all[itemId]) ? all[itemId] : [];
}

/**
 * The seating to put up in the hall: the first playing item that has not started yet, if its
 * seating is published ({item, seating, upcoming: true}); with `orCurrent`, else the seating of
 * the item being played ({…, upcoming: false}); else null.
 * @param {PageSections} sections
 * @param {{ orCurrent?: boolean }} [options]
 * @returns {{ item: TimetableItem, seating: Seating, upcoming: boolean } | null}
 */
export function seatingToShow(sections, { orCurrent = false } = {}) {
  const items = (sections.timetable || []).filter((i) => i.playing);
  const next = items.find((i) => i.phase === "upcoming");
  if (next) {
    const seating = seatingOf(sections, next.id);
    if (seating) return { item: next, seating, upcoming: true };
  }
  if (orCurrent) {
    const current = items.find((i) => i.phase === "in_progress") ||
      [...items].reverse().find((i) => i.phase === "done" && seatingOf(sections, i.id));
    const seating = current ? seatingOf(sections, current.id) : null;
    if (seating) return { item: current, seating, upcoming: false };
  }
  return null;
}

/**
 * The last playing item (in timetable order) that has results: "standings after Round 2".
 * @param {PageSections} sections
 * @returns {TimetableItem | null}
 */
export function lastScoredItem(sections) {
  return [...(sections.timetable || [])].reverse().find((i) => i.playing && resultsOf(sections, i.id).length) || null;
}
