// @ts-check
// The chosen player's play: their results round by round and their penalties, and renderScore, which
// draws every card about the player's play (seat, place, results, penalties) together whenever the
// sections or the chosen player change.
import { el, fill, setText } from "../lib/dom.js";
import { decimalsOf, formatNumber } from "../lib/format.js";
import { gameOf, nameBook, placeSpan, resultsOf } from "../lib/standings.js";
import { findItem } from "../lib/timetable.js";
import { renderPlace } from "./place.js";
import { mySeats, renderSeat } from "./seat.js";
import { $, NUM, STRINGS, page, whoAmI } from "./state.js";

/** My result lines, round by round: from the public results (else from `me.results`). */
function myResults(who) {
  const { sections } = page;
  const bridge = gameOf(sections) === "bridge";
  const lines = [];
  const fromMe = !sections.results && Array.isArray(who.me?.results) ? who.me.results : null;
  const items = (sections.timetable || []).filter((i) => i.playing);
  const seats = bridge ? mySeats(who) : [];
  for (const item of items) {
    const rows = fromMe ? fromMe.filter((r) => r.item === item.id) : resultsOf(sections, item.id);
    for (const row of rows) {
      if (Array.isArray(row.players)) {
        const mine = row.players.find((p) => p.player === who.id);
        if (mine) lines.push({ item, row, mine });
      } else if (who.team && (row.home === who.team || row.away === who.team)) {
        lines.push({ item, row, home: row.home === who.team });
      }
    }
    if (bridge && (item.phase === "in_progress" || item.phase === "done") && seats.some((x) => x.item === item.id && x.bye)) {
      lines.push({ item, bye: true });
    }
  }
  return lines;
}

function renderResults(who) {
  const { sections } = page;
  const card = $("results-card");
  const lines = who ? myResults(who) : [];
  card.hidden = !lines.length;
  if (!lines.length) return;
  const bridge = gameOf(sections) === "bridge";
  const names = nameBook(sections);
  setText($("results-title"), STRINGS.resultsTitle);
  fill($("results-head"), (bridge ? STRINGS.resultCols.bridge : STRINGS.resultCols.preferans)
    .map((h, i) => el("th", { class: i >= 2 ? "num" : "" }, h)));
  const tag = (row) => (row && row.corrected ? el("span", { class: "chip p-tag" }, STRINGS.corrected) : null);
  fill($("results"), lines.map(({ item, row, mine, home, bye }) => {
    if (bye) {
      return el("tr", {}, el("td", {}, item.title), el("td", { class: "muted" }, STRINGS.byeRow), el("td", { class: "num" }, "–"),
        el("td", { class: "num" }, "–"));
    }
    if (mine) {
      const place = row.walkover ? (mine.absent ? STRINGS.absent : STRINGS.walkover)
        : mine.shared ? STRINGS.sharedPlace(...placeSpan(row.players, mine)) : STRINGS.place(mine.place);
      return el("tr", {},
        el("td", {}, item.title, tag(row)),
        el("td", {}, String(row.table)),
        el("td", { class: "num" }, row.walkover ? "–" : formatNumber(mine.result, { max: 1, signed: true, ...NUM })),
        el("td", { class: "num" }, place),
        el("td", { class: "num strong" }, formatNumber(mine.points, { min: 1, max: 2, ...NUM })));
    }
    const opponent = names.team(home ? row.away : row.home);
    if (row.forfeit) {
      const lost = row.forfeit === who.team;
      return el("tr", {}, el("td", {}, item.title), el("td", {}, opponent),
        el("td", { class: `num ${lost ? "bad" : ""}` }, lost ? STRINGS.forfeitLost : STRINGS.forfeitWon), el("td", { class: "num" }, "–"));
    }
    const mineImps = home ? row.imps_home : row.imps_away;
    const theirImps = home ? row.imps_away : row.imps_home;
    return el("tr", {},
      el("td", {}, item.title, tag(row)),
      el("td", {}, opponent),
      el("td", { class: "num" }, STRINGS.imps(formatNumber(mineImps, { max: 1, ...NUM }), formatNumber(theirImps, { max: 1, ...NUM }))),
      el("td", { class: "num strong" }, formatNumber(home ? row.vp_home : row.vp_away,
        { min: decimalsOf([row.vp_home, row.vp_away]), max: 2, ...NUM })));
  }));
}

/** "4 bule", "1 VP", "0.5 points off your score": a penalty line's amount in its unit's words. */
function penaltyAmount(p) {
  const amount = formatNumber(p.amount, { max: 1, ...NUM });
  const say = STRINGS.penaltyAmount?.[p.unit];
  return typeof say === "function" ? say(amount) : `${amount} ${p.unit ?? ""}`.trim();
}

/** Why the team's VP for a match over time (Novi Sad: their standings line's `overtime`), in the page's words. */
function overtimeReason(x) {
  return STRINGS.overtimeReason(formatNumber(x.blocks, { max: 0, ...NUM }), formatNumber(x.block_minutes, { max: 1, ...NUM }));
}

function renderPenalties(who) {
  const { sections, fmt } = page;
  const card = $("pen-card");
  const given = who && Array.isArray(who.me?.penalties) ? who.me.penalties : [];
  // The referee's penalties, and the VP the standings took off the team for matches over time, oldest first.
  const over = Array.isArray(who?.me?.standing?.overtime) ? who.me.standing.overtime : [];
  const list = [...given, ...over.map((x) => ({ item: x.item, ts: x.at, amount: x.vp, unit: "vp", overtime: x }))]
    .sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0));
  card.hidden = !list.length;
  if (!list.length) return;
  setText($("pen-title"), STRINGS.penTitle);
  fill($("penalties"), [...list].reverse().map((p) => {
    const item = p.item ? findItem(sections, p.item) : null;
    const reason = p.overtime ? overtimeReason(p.overtime) : p.reason;
    return el("li", { dataset: p.overtime ? { role: "overtime" } : {} },
      el("div", { class: "when" }, [fmt.time(p.ts), item ? STRINGS.penaltyIn(item.title) : ""].filter(Boolean).join(" · ")),
      el("div", { class: "text" }, el("b", {}, penaltyAmount(p)),
        reason ? ` — ${reason}` : ""));
  }));
  const note = $("pen-note");
  const bridge = gameOf(sections) === "bridge";
  note.hidden = false;
  // Preferans: bule are on the paper; a deduction of points comes off the standings score (said too, when there is one).
  const deducted = !bridge && list.some((p) => p.unit === "points");
  setText(note, bridge ? STRINGS.penNoteBridge : deducted ? `${STRINGS.penNotePreferans} ${STRINGS.penNotePoints}` : STRINGS.penNotePreferans);
}

/** Every card about the chosen player's play, drawn again (new sections, another player chosen). */
export function renderScore() {
  const who = whoAmI();
  renderSeat(who);
  renderPlace(who);
  renderResults(who);
  renderPenalties(who);
}
