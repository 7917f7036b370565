// @ts-check
// The console's penalties: a penalty in bule (preferans, a player) or VP (bridge, a team), with its
// reason and round, and the list of those given, newest first, each undoable.
import { el, fill, setText } from "../lib/dom.js";
import { pageLanguage } from "../lib/i18n.js";
import { gameOf } from "../lib/standings.js";
import { command } from "./commands.js";
import { followRoundInPlay, penaltyTargets } from "./committee-picks.js";
import { $, STRINGS, state } from "./state.js";
import { itemTitle, num, playerName, teamName } from "./words.js";

/**
 * A `penalty_applied` event's payload (live/core/payloads.py `PenaltyApplied`). An audit line carries the payload
 * of any event, so the schema leaves its values unknown; the list below keeps only the penalties' lines and says
 * which payload it reads.
 * @typedef {{ amount: number, unit: string, reason: string, player?: string, team?: string, item?: string }} PenaltyPayload
 */

let penaltyKey = "";
const penaltyRound = { item: null, inPlay: undefined }; // the round in play, or the one chosen in the form
/** The penalty card: the form's choices (players or teams, rounds) and the penalties given so far. */
export function renderPenaltyForm() {
  const card = $("penalty-card");
  card.hidden = !Array.isArray(state.sections.standings);
  if (card.hidden) return;
  const bridge = gameOf(state.sections) === "bridge";
  const who = penaltyTargets(state.sections, pageLanguage);
  const items = (state.sections.timetable || []).filter((i) => i.playing);
  const key = JSON.stringify([bridge, who.map((x) => [x.id, x.name]), items.map((i) => [i.id, i.title]),
    state.sections.in_play ?? null]);
  if (key !== penaltyKey) {
    penaltyKey = key;
    setText($("pen-title"), STRINGS.penTitle);
    setText($("pen-who-label"), bridge ? STRINGS.penTeam : STRINGS.penPlayer);
    setText($("pen-amount-label"), STRINGS.penAmount);
    setText($("pen-item-label"), STRINGS.penItem);
    setText($("pen-reason-label"), STRINGS.penReason);
    setText($("pen-send"), STRINGS.penSend);
    setText($("pen-unit"), bridge ? STRINGS.units.vp : STRINGS.units.bule);
    setText($("pen-note"), bridge ? STRINGS.penNoteBridge : STRINGS.penNotePreferans);
    const amount = /** @type {HTMLInputElement} */ ($("pen-amount"));
    amount.step = bridge ? "0.1" : "1";
    amount.min = bridge ? "0.1" : "1";
    const whoSelect = /** @type {HTMLSelectElement} */ ($("pen-who"));
    const chosen = whoSelect.value;
    fill(whoSelect, el("option", { value: "" }, STRINGS.penChoose), who.map((x) => el("option", { value: x.id }, x.name)));
    whoSelect.value = who.some((x) => x.id === chosen) ? chosen : "";
    const itemSelect = /** @type {HTMLSelectElement} */ ($("pen-item"));
    penaltyRound.item = itemSelect.value;
    fill(itemSelect, el("option", { value: "" }, STRINGS.penNoItem), items.map((i) => el("option", { value: i.id }, i.title)));
    // The round in play (the server's), or the one chosen until the next round starts ("" offered too: no round).
    followRoundInPlay(penaltyRound, state.sections, ["", ...items.map((i) => i.id)]);
    itemSelect.value = penaltyRound.item ?? "";
  }
  // The penalties given so far (from the audit log), newest first, each undoable.
  const given = [...(state.sections.audit || [])].filter((x) => x.type === "penalty_applied" && !x.undone).reverse();
  fill($("pen-list"), given.length ? given.map((x) => {
    const p = /** @type {PenaltyPayload} */ (x.payload || {});
    const whoName = p.player ? playerName(p.player) : teamName(p.team);
    const what = STRINGS.penLine(num(p.amount, { max: 1 }), STRINGS.units[p.unit] || p.unit, whoName);
    return el("li", {},
      el("div", {}, el("b", {}, what), p.item ? el("span", { class: "t" }, ` · ${itemTitle(p.item)}`) : null),
      el("div", { class: "t" }, p.reason ?? ""),
      el("button", {
        type: "button", class: "btn small", onclick: (e) => {
          if (confirm(STRINGS.confirmUndoPenalty(what))) command({ type: "undo", seq: x.seq }, e.currentTarget);
        },
      }, STRINGS.penUndo));
  }) : el("li", { class: "t" }, STRINGS.penEmpty));
}

/** The penalty form: who, how much, why (and in which round); the server checks the rest. */
export function wirePenaltyForm() {
  $("penalty-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const bridge = gameOf(state.sections) === "bridge";
    const error = $("pen-error");
    const who = /** @type {HTMLSelectElement} */ ($("pen-who")).value;
    const amount = Number(/** @type {HTMLInputElement} */ ($("pen-amount")).value);
    const reason = /** @type {HTMLInputElement} */ ($("pen-reason")).value.trim();
    if (!who) return setText(error, STRINGS.penNeedWho);
    if (!/** @type {HTMLInputElement} */ ($("pen-amount")).value.trim() || !Number.isFinite(amount) || amount <= 0) return setText(error, STRINGS.penBadAmount);
    if (!reason) return setText(error, STRINGS.penNeedReason);
    const body = { type: "penalty", [bridge ? "team" : "player"]: who, amount, unit: bridge ? "vp" : "bule", reason };
    const item = /** @type {HTMLSelectElement} */ ($("pen-item")).value;
    if (item) body.item = item;
    if (await command(body, $("pen-send"), error)) {
      /** @type {HTMLInputElement} */ ($("pen-amount")).value = "";
      /** @type {HTMLInputElement} */ ($("pen-reason")).value = "";
    }
  });
}
