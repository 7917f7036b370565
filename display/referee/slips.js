// @ts-check
// The scoring desk's list after each preferans round (Čačak): per table, who brings the result slip
// and the cards (the winner) and who pays the scoring fee (the last-placed), as the server derives it
// from the scored results (`sections.slips`, so a correction changes it); the tables still without a
// result; and a printable sheet of the round for the desk. Words: STRINGS.slipsList.
import { el, fill, setText } from "../lib/dom.js";
import { followRoundInPlay } from "./committee-picks.js";
import { money as moneyIn } from "./desk-books.js";
/** @import { CardContext } from "../../types/pages" */

/**
 * Draws the slips card into `card`. ctx = {S, sections(), num(n), tournamentName()}. Returns {render()}.
 * The printed sheet is a top-level element of its own (shown only while printing this list).
 * @param {HTMLElement} card
 * @param {CardContext & { playerName: (id: string) => string, itemTitle: (id: string) => string, num: (n: number) => string, tournamentName: () => string }} ctx
 * @returns {{ render: () => void }}
 */
export function slipsCard(card, ctx) {
  const L = ctx.S.slipsList;
  const pick = { item: null, inPlay: undefined }; // the round shown: the round in play, or one picked on the tabs
  const tabs = el("div", { class: "r-tabs", role: "group", dataset: { role: "slip-rounds" } });
  const summary = el("p", { class: "r-hint r-sl-summary", dataset: { role: "slip-summary" } });
  const body = el("div", { class: "r-sl-wrap" });
  const print = el("button", { type: "button", class: "btn small", dataset: { action: "print-slips" } }, L.print);
  card.replaceChildren(el("div", { class: "r-card-head" }, el("h2", {}, L.title), print), tabs, summary, body);
  const sheet = el("div", { class: "r-sl-print", dataset: { role: "slips-print" } });
  document.body.append(sheet);

  /** A fee as the desk writes it: the catalogue's word for the currency ("дин."), thousands grouped. */
  const money = (amount) => {
    const currency = ctx.sections().desk?.currency;
    return currency ? moneyIn(amount, currency, ctx.S.desk, { locale: ctx.S.locale }) : ctx.num(amount);
  };
  const names = (people) => people.map((p) => p.name).join(", ");
  const pays = (people) => people.map((p) => `${p.name} (${money(p.amount)})`).join(", ");

  /** One round's table of tables: table, brings, pays (a walkover says so instead). */
  function tableOf(r) {
    if (!r.tables.length) return el("p", { class: "r-hint" }, L.noResults);
    return el("table", { class: "r-table r-sl-table", dataset: { item: r.item } },
      el("thead", {}, el("tr", {}, el("th", {}, L.colTable), el("th", {}, L.colBrings), el("th", {}, L.colPays))),
      el("tbody", {}, r.tables.map((t) => el("tr", { dataset: { table: t.table } },
        el("td", { class: "num" }, String(t.table)),
        t.walkover ? el("td", { colspan: "2", class: "t" }, L.walkover)
          : [el("td", { class: "r-sl-brings" }, names(t.brings)), el("td", { class: "r-sl-pays" }, pays(t.pays))]))));
  }

  function summaryOf(r) {
    return [r.missing.length ? L.missing(r.missing) : r.complete ? L.complete : "", L.fees(money(r.fees), money(r.fee))]
      .filter(Boolean).join(" · ");
  }

  print.addEventListener("click", () => {
    const r = (ctx.sections().slips || {})[pick.item];
    if (!r) return;
    fill(sheet, el("h1", {}, ctx.tournamentName()), el("h2", {}, L.printTitle(r.title)), tableOf(r),
      el("p", {}, summaryOf(r)));
    document.body.classList.add("r-printing-slips");
    window.addEventListener("afterprint", () => document.body.classList.remove("r-printing-slips"), { once: true });
    window.print();
  });

  let key = "";
  /** Draw the card again from the sections. */
  function render() {
    const slips = ctx.sections().slips;
    card.hidden = !slips || !Object.keys(slips).length;
    if (card.hidden) return;
    followRoundInPlay(pick, ctx.sections(), Object.keys(slips));
    const chosen = pick.item;
    const k = JSON.stringify([chosen, slips, ctx.sections().desk?.currency]);
    if (k === key) return;
    key = k;
    const rounds = Object.values(slips);
    fill(tabs, rounds.length > 1 ? rounds.map((r) => el("button", {
      type: "button", class: `r-tab${r.item === chosen ? " is-on" : ""}`, "aria-pressed": r.item === chosen ? "true" : "false",
      dataset: { item: r.item },
      onclick: () => {
        pick.item = r.item;
        render();
      },
    }, r.title, el("small", {}, `${r.tables.length}`))) : []);
    tabs.hidden = rounds.length < 2;
    const r = slips[chosen];
    setText(summary, summaryOf(r));
    fill(body, tableOf(r));
  }

  return { render };
}
