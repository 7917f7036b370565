// @ts-check
// The console's standings preview: the table the hall sees (or will see, when the tournament hides
// the standings from some round on), the CSVs to take home (the standings, and every result of the
// day), and revealing hidden standings at the prize-giving.
import { at } from "../lib/base.js";
import { el, fill, setText } from "../lib/dom.js";
import { decimalsOf } from "../lib/format.js";
import { pageLanguage } from "../lib/i18n.js";
import { gameOf, overtimeOf, rankLabels, standingsRows, standingsStarted } from "../lib/standings.js";
import { command } from "./commands.js";
import { $, STRINGS, state } from "./state.js";
import { num } from "./words.js";

/** "Show the standings": lifts the hiding from the hall's screens and phones, asked first. */
export function wireReveal() {
  $("reveal").addEventListener("click", (e) => {
    if (confirm(STRINGS.confirmReveal)) command({ type: "reveal_standings" }, e.currentTarget);
  });
}

let standingsKey = "";

/** The standings as the server computes them, hidden from the hall or not (the referees see them). */
export function renderStandingsPreview() {
  const card = $("standings-card");
  card.hidden = !Array.isArray(state.sections.standings);
  if (card.hidden) return;
  const rows = standingsRows(state.sections);
  const game = gameOf(state.sections);
  // Hidden from the hall (`standings_hidden_from_round`): the referees see them, and show them at the prize-giving.
  const concealed = state.sections.standings_hidden || null;
  $("st-hidden").hidden = !concealed;
  if (concealed) {
    setText($("st-hidden-text"), STRINGS.stHidden(concealed.title));
    setText($("reveal"), STRINGS.reveal);
  }
  const key = JSON.stringify([game, rows, concealed]);
  if (key === standingsKey) return;
  standingsKey = key;
  setText($("st-title"), STRINGS.stTitle);
  setText($("csv"), STRINGS.csv);
  setText($("results-csv"), STRINGS.resultsCsv);
  // In the console's language: its headings, and the separators a spreadsheet set to that language reads.
  /** @type {HTMLAnchorElement} */ ($("csv")).href = at(`/api/standings.csv?lang=${encodeURIComponent(pageLanguage)}`);
  /** @type {HTMLAnchorElement} */ ($("results-csv")).href = at(`/api/results.csv?lang=${encodeURIComponent(pageLanguage)}`);
  const started = standingsStarted(rows);
  $("st-empty").hidden = started;
  setText($("st-empty"), STRINGS.stEmpty);
  $("st-table").hidden = !started;
  const bridge = game === "bridge";
  fill($("st-head"), (bridge ? STRINGS.stCols.bridge : STRINGS.stCols.preferans).map((h, i) => el("th", { class: i >= 2 ? "num" : "" }, h)));
  const labels = rankLabels(rows, STRINGS.rank, STRINGS.rankRange);
  const vpDigits = decimalsOf(rows.map((r) => r.vp));
  const pointDigits = Math.max(1, decimalsOf(rows.map((r) => r.points)));
  fill($("st-body"), rows.map((r, i) => el("tr", {},
    el("td", { class: "rank" }, labels[i]),
    el("td", {}, r.name ?? r.player ?? r.team),
    bridge ? [
      el("td", { class: "num strong" }, num(r.vp, { min: vpDigits, max: vpDigits })),
      el("td", { class: "num" }, num(r.imp_diff, { signed: true, max: 1 })),
      el("td", { class: "num" }, STRINGS.impsForAgainst(num(r.imps_for, { max: 1 }), num(r.imps_against, { max: 1 }))),
      el("td", { class: "num" }, String(r.played ?? "")),
      el("td", { class: "num" }, Number(r.penalty_vp) ? num(r.penalty_vp, { max: 1 }) : ""),
    ] : [
      el("td", { class: "num strong" }, num(r.points, { min: pointDigits, max: pointDigits })),
      el("td", { class: "num", dataset: { role: "penalty-points" } }, Number(r.penalty_points) ? num(r.penalty_points, { max: 1 }) : ""),
      el("td", { class: "num" }, num(r.bule, { signed: true, max: 1 })),
      el("td", { class: "num" }, String(r.rounds ?? "")),
      el("td", { class: "num" }, Number(r.penalty_bule) ? num(r.penalty_bule) : ""),
    ])));
  // Novi Sad: why the penalty VP of a team over time, in the console's words (the match's title first).
  const over = started ? overtimeOf(rows, state.sections) : [];
  $("st-overtime").hidden = !over.length;
  fill($("st-overtime"), over.map((x) => el("li", {}, STRINGS.stOvertime(x.row.name ?? x.row.team, x.title,
    num(x.blocks), num(x.minutes, { max: 1 }), num(x.vp, { max: 2 })))));
}
