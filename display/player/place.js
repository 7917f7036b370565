// @ts-check
// The player's place in the standings: "3rd of 28" with the score behind it, and the standings
// around the player (three above, three below, or the whole list on request). From round N on the
// server sends no standings: then the card says they are hidden, and from which round.
import { el, fill, setText } from "../lib/dom.js";
import { decimalsOf, formatNumber } from "../lib/format.js";
import { gameOf, rankLabels, standingKey, standingsRows, standingsStarted } from "../lib/standings.js";
import { $, NUM, STRINGS, page, whoAmI } from "./state.js";

let showAllStandings = false;

/** "Show all" / "show fewer" under the list. */
export function wirePlace() {
  $("around-toggle").addEventListener("click", () => {
    showAllStandings = !showAllStandings;
    renderPlace(whoAmI());
  });
}

/** The place card for `who` (or the standings' top without a player). */
export function renderPlace(who) {
  const { sections } = page;
  const card = $("place-card");
  const rows = standingsRows(sections);
  const hiddenFrom = sections.standings_hidden;
  // From round N on the hall sees no standings (the server sends none): say so, and until when.
  card.classList.toggle("is-hidden-standings", Boolean(hiddenFrom));
  if (hiddenFrom) {
    card.hidden = false;
    setText($("place-title"), STRINGS.standingsTitle);
    setText($("place-line"), STRINGS.standingsHidden);
    $("place-line").hidden = false;
    setText($("place-detail"), STRINGS.standingsHiddenFrom(hiddenFrom.from_round));
    $("place-detail").hidden = false;
    fill($("around-cols"));
    fill($("around"));
    $("around-toggle").hidden = true;
    return;
  }
  if (!rows.length || !standingsStarted(rows)) {
    card.hidden = true;
    return;
  }
  card.hidden = false;
  const bridge = gameOf(sections) === "bridge";
  card.classList.toggle("is-bridge", bridge);
  const mineKey = who ? (bridge ? who.team : who.id) : null;
  const at = mineKey ? rows.findIndex((r) => standingKey(r) === mineKey) : -1;
  const labels = rankLabels(rows, STRINGS.rank, STRINGS.rankRange);
  setText($("place-title"), at >= 0 ? STRINGS.placeTitle : STRINGS.standingsTitle);
  $("place-line").hidden = at < 0;
  $("place-detail").hidden = at < 0;
  if (at >= 0) {
    const row = rows[at];
    setText($("place-line"), STRINGS.placeLine(labels[at], rows.length));
    const parts = bridge
      ? [STRINGS.placeDetailBridge(formatNumber(row.vp, { max: 2, ...NUM }), formatNumber(row.imp_diff, { max: 1, signed: true, ...NUM }), row.played ?? 0)]
      : [STRINGS.placeDetailPreferans(formatNumber(row.points, { min: 1, max: 2, ...NUM }), formatNumber(row.bule, { max: 1, signed: true, ...NUM }), row.rounds ?? 0)];
    // A referee's deduction of points is already off the points shown: the line says how many.
    if (!bridge && Number(row.penalty_points) > 0) parts.push(STRINGS.penaltyPointsOff(formatNumber(row.penalty_points, { max: 1, ...NUM })));
    if (!bridge && Number(row.penalty_bule) > 0) parts.push(STRINGS.penaltyBuleOnPaper(formatNumber(row.penalty_bule, NUM)));
    if (bridge && Number(row.penalty_vp) > 0) parts.push(STRINGS.penaltyVp(formatNumber(row.penalty_vp, { max: 1, ...NUM })));
    setText($("place-detail"), parts.join(" · "));
  }
  // Three above and three below me (or the top seven), or the whole list on request.
  const around = 3;
  let from = 0;
  let to = rows.length;
  if (!showAllStandings) {
    from = at >= 0 ? Math.max(0, Math.min(at - around, rows.length - (2 * around + 1))) : 0;
    to = Math.min(rows.length, from + 2 * around + 1);
  }
  const vpDigits = decimalsOf(rows.map((r) => r.vp));
  const pointDigits = Math.max(1, decimalsOf(rows.map((r) => r.points)));
  const c = bridge ? STRINGS.cols.bridge : STRINGS.cols.preferans;
  fill($("around-cols"), el("span", { class: "c-rank" }, c.rank), el("span", { class: "c-name" }, c.name),
    el("span", { class: "c-num" }, bridge ? c.vp : c.points), el("span", { class: "c-num" }, bridge ? c.imps : c.bule));
  fill($("around"), rows.slice(from, to).map((row, k) => {
    const i = from + k;
    return el("li", { class: `p-st-row${i === at ? " is-me" : ""}` },
      el("span", { class: "c-rank" }, labels[i]),
      el("span", { class: "c-name" }, row.name ?? standingKey(row)),
      el("span", { class: "c-num c-main" }, bridge ? formatNumber(row.vp, { min: vpDigits, max: vpDigits, ...NUM })
        : formatNumber(row.points, { min: pointDigits, max: pointDigits, ...NUM })),
      el("span", { class: "c-num" }, bridge ? formatNumber(row.imp_diff, { max: 1, signed: true, ...NUM })
        : formatNumber(row.bule, { max: 1, signed: true, ...NUM })));
  }));
  const toggle = $("around-toggle");
  toggle.hidden = rows.length <= 2 * around + 1;
  setText(toggle, showAllStandings ? STRINGS.showFewer : STRINGS.showAll);
}
