// @ts-check
// The console's rounds card: a tab per round, the picked round's seating (how it was made, a bye,
// carry-over) and its results, one block per table (preferans.js) or match (bridge.js). It comes with the
// other cards (cards.js); which round it shows is kept in round-choice.js, which the timetable's rows use.
import { el, fill, setText } from "../lib/dom.js";
import { pageLanguage } from "../lib/i18n.js";
import { listedPlayers } from "../lib/seat-order.js";
import { gameOf, nameBook, resultsOf, seatingOf } from "../lib/standings.js";
import { bridgeBlock } from "./bridge.js";
import { preferansBlock } from "./preferans.js";
import { blocks, formOf, redrawRoundsWith } from "./result-kit.js";
import { choice, expectedResults, pickRound, publishSeating, redrawChoiceWith } from "./round-choice.js";
import { $, STRINGS, state } from "./state.js";
import { syncChildren } from "./sync-children.js";
import { num } from "./words.js";
/** @import { Result } from "../../types/pages" */

/** The round to show until the referee picks one: results still to enter, else the round on, else the next. */
function defaultRound(items) {
  const waiting = [...items].reverse().find((i) => i.status === "ended" && seatingOf(state.sections, i.id) &&
    resultsOf(state.sections, i.id).length < expectedResults(seatingOf(state.sections, i.id)));
  return (waiting || items.find((i) => i.phase === "in_progress") || items.find((i) => i.phase === "upcoming") || items[items.length - 1]).id;
}

let tabsKey = "";
function renderTabs(items) {
  const key = JSON.stringify([choice.round, items.map((i) => [i.id, i.title, i.status]),
    items.map((i) => [Boolean(seatingOf(state.sections, i.id)), resultsOf(state.sections, i.id).length])]);
  if (key === tabsKey) return;
  tabsKey = key;
  fill($("round-tabs"), items.map((item) => {
    const seating = seatingOf(state.sections, item.id);
    const n = resultsOf(state.sections, item.id).length;
    const m = expectedResults(seating);
    const done = seating && m > 0 && n >= m;
    return el("button", {
      type: "button", class: `r-tab st-${item.status}${item.id === choice.round ? " is-on" : ""}${done ? " is-done" : ""}`,
      "aria-pressed": item.id === choice.round ? "true" : "false", dataset: { round: item.id },
      onclick: () => pickRound(item.id),
    }, el("span", {}, item.title), seating && item.phase !== "upcoming" ? el("small", {}, STRINGS.tabCount(n, m)) : null,
    seating && item.phase === "upcoming" ? el("small", { title: STRINGS.detailSeated }, STRINGS.tabSeated) : null);
  }));
}

/** The rounds card: the tabs, the picked round's seating, and one block per table or match. */
export function renderRounds() {
  const card = $("rounds-card");
  const items = (state.sections.timetable || []).filter((i) => i.playing);
  if (!items.length || !("seating" in state.sections)) {
    card.hidden = true; // an older server, or nothing to play
    return;
  }
  card.hidden = false;
  setText($("rounds-title"), STRINGS.roundsTitle);
  if (!choice.picked || !items.some((i) => i.id === choice.round)) choice.round = defaultRound(items);
  renderTabs(items);
  const item = items.find((i) => i.id === choice.round);
  const seating = seatingOf(state.sections, item.id);
  const game = gameOf(state.sections);
  // The server says whether the seating may still change (`allowed`: "publish" until the round starts).
  const open = ((state.sections.allowed || {})[item.id] || []).includes("publish");

  // The round's heading and its seating.
  const publishButton = el("button", {
    type: "button", class: "btn small", dataset: { action: "publish" }, disabled: !open,
    title: open ? STRINGS.seatingTitle(item.title) : STRINGS.seatingLocked,
    onclick: (e) => publishSeating(item.id, e.currentTarget),
  }, seating ? STRINGS.republish : STRINGS.publish);
  fill($("round-head"), el("b", {}, item.title), el("span", { class: `chip st-${item.status}` }, STRINGS.status[item.status] ?? item.status),
    el("span", { class: "t" }, `${state.fmt.time(item.start)}–${state.fmt.time(item.end)}`), publishButton);
  const names = nameBook(state.sections);
  const lines = [];
  if (!seating) lines.push(STRINGS.notPublished);
  else {
    const m = STRINGS.method;
    const after = seating.after ? (state.sections.timetable || []).find((i) => i.id === seating.after) || { title: seating.after } : {};
    const how = seating.method === "draw" ? m.draw(seating.seed) : seating.method === "standings" ? m.standings(after)
      : seating.method === "berger" ? m.berger(seating.round) : seating.method === "final" ? m.final : "";
    lines.push([STRINGS.published(seating.seq), how].filter(Boolean).join(" · "));
    if (Number(seating.carry_over) > 0 && seating.matches?.[0]) {
      lines.push(STRINGS.carryOver(num(seating.carry_over, { max: 1 }), names.team(seating.matches[0].home)));
    }
    if (seating.bye) lines.push(STRINGS.byeLine(names.team(seating.bye)));
    if (!open) {
      lines.push(STRINGS.resultsCount(resultsOf(state.sections, item.id).length, expectedResults(seating),
        Array.isArray(seating.tables) ? STRINGS.unitTables : STRINGS.unitMatches));
    }
  }
  fill($("round-seating"), lines.map((line) => el("div", {}, line)));
  const hint = $("round-hint");
  hint.hidden = !(seating && open);
  setText(hint, STRINGS.hintOpen);

  // One block per table or match.
  const nodes = [];
  const wanted = new Set();
  if (seating) {
    const results = resultsOf(state.sections, item.id);
    // A Preferans table's players or a bridge match's teams: the block's own builder reads the rest.
    /** @type {{ key: string, build: (...args: any[]) => Element, data: { players?: string[], home?: string, away?: string }, row: Result | undefined }[]} */
    const list = Array.isArray(seating.tables)
      ? seating.tables.map((t) => ({
        key: `${item.id}:t${t.table}`, build: preferansBlock, row: results.find((r) => r.table === t.table),
        data: { ...t, players: listedPlayers(seating, t, names.player, pageLanguage) }, // a name-ordered list: the page's alphabet
      }))
      : (seating.matches || []).map((mt) => ({
        key: `${item.id}:m${mt.home}-${mt.away}`, build: bridgeBlock, data: mt,
        row: results.find((r) => r.home === mt.home && r.away === mt.away),
      }));
    for (const b of list) {
      const f = formOf(b.key);
      const dataKey = JSON.stringify([game, open, b.data, b.row, f.mode, f.forfeitOpen,
        (b.data.players || [b.data.home, b.data.away]).map((id) => (b.data.players ? names.player(id) : names.team(id)))]);
      let block = blocks.get(b.key);
      if (!block || block.dataKey !== dataKey) {
        block = { node: b.build(item, b.data, b.row, open, b.key), dataKey };
        blocks.set(b.key, block);
      }
      wanted.add(b.key);
      nodes.push(block.node);
    }
  }
  for (const key of blocks.keys()) if (!wanted.has(key)) blocks.delete(key);
  syncChildren($("round-blocks"), nodes);
}

redrawRoundsWith(renderRounds);
redrawChoiceWith(renderRounds);
