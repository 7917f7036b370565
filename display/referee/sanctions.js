// @ts-check
// The referee console's sanctions by kind (Čačak: bad shuffle or cut, misdeal, forbidden bid,
// letting the partner pass, signalling, a deduction of points): pick the round and the player (by name
// or table number), the offence, see what the server proposes for that player's next offence of that
// kind (a warning, N bule, N bule to each co-player, the leader's or the referee's warning, "may not
// follow in that hand"), confirm and send it with the proposed step; a deduction asks for its points
// and a reason (the fields the server says a kind `needs`). The sanctions in force, newest first, each
// undoable. The steps and amounts are the server's (`sections.sanctions`); a step another referee used
// meanwhile is refused by the server and its words are shown. Words: STRINGS.sanctions.
import { el, fill, setText } from "../lib/dom.js";
import { pageLanguage } from "../lib/i18n.js";
import { coPlayers, followRoundInPlay, seatedPlayers, startedRounds } from "./committee-picks.js";
/** @import { CardContext } from "../../types/pages" */
/** @import { DeductionPoints } from "../../types/sections" */

/**
 * Draws the sanctions card into `card`. ctx = {S, sections(), command(body, button, errorBox),
 * playerName(id), itemTitle(id), num(n)}. Returns {render()}, to call whenever the sections change.
 * @param {HTMLElement} card
 * @param {CardContext & { playerName: (id: string) => string, itemTitle: (id: string) => string, num: (n: number) => string }} ctx
 * @returns {{ render: () => void }}
 */
export function sanctionsCard(card, ctx) {
  const S = ctx.S.sanctions;
  const pick = { item: null, inPlay: undefined, player: null, kind: null, query: "" };
  const count = el("span", { class: "r-hint" });
  const rounds = el("div", { class: "r-tabs", role: "group", dataset: { role: "sanction-rounds" } });
  const search = el("input", {
    class: "field", type: "search", placeholder: S.findPlaceholder, "aria-label": S.findPlaceholder,
    autocomplete: "off", spellcheck: "false", dataset: { role: "sanction-find" },
    oninput: (e) => {
      pick.query = e.currentTarget.value;
      drawPlayers();
    },
  });
  const tables = el("div", { class: "r-sa-tables", dataset: { role: "sanction-players" } });
  const kinds = el("div", { class: "r-sa-kinds", role: "group", "aria-label": S.kind, dataset: { role: "sanction-kinds" } });
  const proposal = el("div", { class: "r-sa-proposal", role: "status", dataset: { role: "sanction-proposal" } });
  const points = el("input", {
    class: "field r-sa-points", type: "number", min: "0", inputmode: "decimal", "aria-label": S.pointsLabel,
    autocomplete: "off", dataset: { role: "sanction-points" }, oninput: () => drawForm(),
  });
  const pointsField = el("label", { class: "r-field", hidden: true }, el("span", {}, S.pointsLabel), points);
  const reasonCaption = el("span", {}, S.reasonLabel);
  const reason = el("input", {
    class: "field", type: "text", "data-limit": "reason", placeholder: S.reasonPlaceholder, "aria-label": S.reasonLabel,
    autocomplete: "off", dataset: { role: "sanction-reason" },
  });
  const send = el("button", { type: "submit", class: "btn warn", dataset: { action: "sanction" } }, S.send);
  const error = el("div", { class: "error", role: "alert" });
  const form = el("form", { class: "r-form r-sa-form", autocomplete: "off", novalidate: true },
    el("div", { class: "r-field" }, el("span", {}, S.player), search), tables,
    el("div", { class: "r-field" }, el("span", {}, S.kind), kinds), proposal, pointsField,
    el("label", { class: "r-field" }, reasonCaption, reason),
    el("div", { class: "r-row" }, send, error));
  const listTitle = el("h3", { class: "r-sa-sub" }, S.recorded);
  const list = el("ul", { class: "r-pen-list r-sa-list", dataset: { role: "sanctions" } });
  const none = el("p", { class: "r-hint", hidden: true }, S.noRound);
  card.replaceChildren(el("div", { class: "r-card-head" }, el("h2", {}, S.title), count), none, rounds, form, listTitle, list);

  const view = () => ctx.sections().sanctions;
  // The player's next step of the kind: theirs when they have sanctions, else the kind's first (`first`).
  const next = () => (pick.player && pick.kind
    ? (view()?.next?.[pick.player] ?? view()?.first)?.[pick.kind] ?? null : null);
  /** The fields the chosen kind takes besides the player and the round (the server's `needs`). */
  const needs = (field) => Boolean(pick.kind && (view()?.needs?.[pick.kind] || []).includes(field));

  /** "2nd offence: 4 bule", "1st offence: a warning", "2 bule to each co-player (Ana, Bojan)", a signalling
   * measure, "1,5 points deducted". */
  function amountText(step, player, item) {
    if (S.measures[step.measure]) return S.measures[step.measure];
    if (step.measure === "points") return points.value.trim() ? S.points(ctx.num(Number(points.value))) : S.pointsAsked;
    if (step.warning) return S.warning;
    const bule = S.bule(ctx.num(step.bule));
    if (!step.per_co_player) return bule;
    return S.perCoPlayer(bule, coPlayers(ctx.sections(), item, player).map(ctx.playerName).join(", "));
  }

  /** What a recorded sanction gave, from its own lines (the seating may have changed since). */
  function recordedAmount(x) {
    if (S.measures[x.measure]) return S.measures[x.measure];
    if (x.unit === "points") return S.points(ctx.num(x.points));
    if (x.warning) return S.warning;
    const bule = S.bule(ctx.num(x.bule));
    const to = (x.penalties || []).filter((line) => line.to).map((line) => ctx.playerName(line.to));
    return to.length ? S.perCoPlayer(bule, to.join(", ")) : bule;
  }

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const step = next();
    if (!pick.player) return setText(error, S.needPlayer);
    if (!pick.kind) return setText(error, S.needKind);
    if (!step) return setText(error, S.noStep);
    if (needs("points") && !points.value.trim()) return setText(error, S.needPoints);
    if (needs("reason") && !reason.value.trim()) return setText(error, S.needReason);
    const table = (ctx.sections().seating?.[pick.item]?.tables || []).find((t) => t.players.includes(pick.player));
    const question = S.confirm({
      name: ctx.playerName(pick.player), table: table ? table.table : "", item: ctx.itemTitle(pick.item),
      kind: S.kinds[pick.kind] || pick.kind, offence: S.offence(step.step), amount: amountText(step, pick.player, pick.item),
    });
    if (!confirm(question)) return;
    const body = { type: "sanction", player: pick.player, kind: pick.kind, item: pick.item, step: step.step };
    const said = reason.value.trim();
    if (said) body.reason = said;
    if (needs("points")) body.points = Number(points.value); // (not a number: the server's refusal names the field)
    if (await ctx.command(body, send, error)) {
      reason.value = "";
      points.value = "";
      pick.kind = null;
      pick.player = null;
      drawPlayers();
      drawForm();
    }
  });

  function drawRounds(started) {
    fill(rounds, started.length > 1 ? started.map((i) => el("button", {
      type: "button", class: `r-tab${i.id === pick.item ? " is-on" : ""}`, "aria-pressed": i.id === pick.item ? "true" : "false",
      dataset: { item: i.id },
      onclick: () => {
        pick.item = i.id;
        pick.player = null;
        render();
      },
    }, i.title)) : []);
    rounds.hidden = started.length < 2;
  }

  function drawPlayers() {
    const groups = seatedPlayers(ctx.sections(), pick.item, pick.query, pageLanguage);
    if (pick.player && !groups.some((g) => g.players.some((p) => p.id === pick.player)) && !pick.query) pick.player = null;
    fill(tables, groups.length ? groups.map((g) => el("div", { class: "r-sa-table", dataset: { table: g.table ?? "" } },
      g.table !== null ? el("span", { class: "r-sa-tn" }, S.table(g.table)) : null,
      g.players.map((p) => el("button", {
        type: "button", class: `btn small r-sa-who${p.id === pick.player ? " is-on" : ""}`,
        "aria-pressed": p.id === pick.player ? "true" : "false", dataset: { player: p.id },
        onclick: () => {
          pick.player = p.id;
          setText(error, "");
          drawPlayers();
          drawForm();
        },
      }, p.name)))) : el("p", { class: "r-hint" }, S.nobody));
  }

  function drawForm() {
    const v = view();
    fill(kinds, (v?.kinds || []).map((kind) => el("button", {
      type: "button", class: `btn small r-sa-kind${kind === pick.kind ? " is-on" : ""}`,
      "aria-pressed": kind === pick.kind ? "true" : "false", dataset: { kind },
      onclick: () => {
        pick.kind = kind;
        setText(error, "");
        drawForm();
      },
    }, S.kinds[kind] || kind)));
    const limits = /** @type {Partial<DeductionPoints>} */ (v?.points || {});
    pointsField.hidden = !needs("points");
    if (limits.step) points.step = String(limits.step);
    if (limits.max) points.max = String(limits.max);
    setText(reasonCaption, needs("reason") ? S.reasonNeeded : S.reasonLabel);
    const step = next();
    proposal.hidden = !pick.player;
    if (!pick.player) {
      fill(proposal);
      return;
    }
    const who = el("b", {}, ctx.playerName(pick.player));
    if (!step) {
      fill(proposal, who, " · ", S.chooseKind);
      return;
    }
    fill(proposal, who, " · ", `${S.kinds[pick.kind] || pick.kind}: `,
      el("span", { class: step.warning ? "r-sa-warn" : "r-sa-bule" }, `${S.offence(step.step)} — ${amountText(step, pick.player, pick.item)}`));
  }

  function drawList(v) {
    const recorded = [...(v?.recorded || [])].reverse();
    setText(count, recorded.length ? S.count(recorded.length) : "");
    fill(list, recorded.length ? recorded.map((x) => {
      const what = `${S.kinds[x.kind] || x.kind}, ${S.offence(x.step)}: ${recordedAmount(x)}`;
      const name = ctx.playerName(x.player);
      return el("li", { dataset: { seq: x.seq } },
        el("div", {}, el("b", {}, name),
          el("span", { class: "t" }, ` · ${ctx.itemTitle(x.item)}${x.table !== undefined ? ` · ${S.table(x.table)}` : ""}`)),
        el("div", {}, what),
        x.reason ? el("div", { class: "t" }, x.reason) : null,
        el("button", {
          type: "button", class: "btn small", dataset: { undo: x.seq },
          onclick: (e) => {
            if (confirm(S.confirmUndo(name, what))) ctx.command({ type: "undo", seq: x.seq }, e.currentTarget);
          },
        }, S.undo));
    }) : el("li", { class: "t" }, S.none));
  }

  let key = "";
  /** Draw the card again from the sections (the search field and the reason keep what is typed). */
  function render() {
    const sections = ctx.sections();
    const v = sections.sanctions;
    card.hidden = !v;
    if (!v) return;
    const started = startedRounds(sections);
    // The round in play (the server's), or the one picked on the tabs until the next round starts.
    if (followRoundInPlay(pick, sections, started.map((i) => i.id))) pick.player = null;
    none.hidden = Boolean(pick.item);
    form.hidden = !pick.item;
    const k = JSON.stringify([pick.item, started.map((i) => [i.id, i.title, i.phase]), sections.seating?.[pick.item],
      v.next, v.recorded, (sections.players || []).map((p) => [p.id, p.name])]);
    if (k === key) return;
    key = k;
    drawRounds(started);
    drawPlayers();
    drawForm();
    drawList(v);
  }

  return { render };
}
