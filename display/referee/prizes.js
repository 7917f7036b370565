// @ts-check
// The prize-giving: the prize list as the server makes it (GET /api/prizes: the preset's split of the fund
// by place, shared places sharing their amounts, the places a sponsor gives a prize to, the best lady), for the fund the referee types or the one
// the desk's payments make; a tap puts it on the hall's screens (show_prizes) or takes it off (hide_prizes),
// and it prints on A4 (a sheet of its own, shown only while printing). Words: STRINGS.prizes.
import { at } from "../lib/base.js";
import { el, fill, setText } from "../lib/dom.js";
import { prizeMoney } from "../lib/format.js";
import { prizePlaces } from "../lib/standings.js";
/** @import { CardContext } from "../../types/pages" */

/**
 * Draws the prize card into `card`. ctx = {S, command(body, button, errorBox), sections(), tournamentName(),
 * locale}. Returns {render()}: called on every update; it asks the server again when what the list is
 * made of changed (the standings, the desk, the final, the fund typed).
 * @param {HTMLElement} card
 * @param {CardContext & { tournamentName: () => string, locale: string }} ctx
 */
export function prizesCard(card, ctx) {
  const P = ctx.S.prizes;
  const fund = el("input", {
    class: "field r-pz-fund", type: "number", min: "0", step: "any", inputmode: "decimal",
    "aria-label": P.fundLabel, dataset: { role: "prize-fund" },
  });
  const status = el("p", { class: "r-hint", dataset: { role: "prize-status" } });
  const error = el("div", { class: "error", role: "alert" });
  const body = el("div", { class: "r-pz-wrap" });
  const show = el("button", { type: "button", class: "btn go", dataset: { action: "show-prizes" } }, P.show);
  const hide = el("button", { type: "button", class: "btn hold", dataset: { action: "hide-prizes" } }, P.hide);
  const print = el("button", { type: "button", class: "btn small", dataset: { action: "print-prizes" } }, P.print);
  card.replaceChildren(
    el("div", { class: "r-card-head" }, el("h2", {}, P.title), print),
    el("label", { class: "r-field" }, el("span", {}, P.fundLabel), fund),
    status, body, el("div", { class: "r-row" }, show, hide), error);
  const sheet = el("div", { class: "r-pz-print", dataset: { role: "prizes-print" } });
  document.body.append(sheet);

  let list = null; // the server's last answer
  let asked = ""; // what it was asked for
  let unavailable = false; // the rules have no split of a fund: no card
  let problem = ""; // why there is no list: no fund to split, or a fund the server refused

  const typed = () => (fund.value.trim() === "" ? null : Number(fund.value));
  const cash = (v) => {
    const code = list?.currency ?? ctx.sections().desk?.currency ?? "";
    return prizeMoney(v, P.currency[code] ?? code, ctx.locale);
  };

  // The paid places, then the places a sponsor gives a prize to (the rules' `sponsor_places`), each with who holds it.
  function table(rows, sponsor) {
    const places = prizePlaces(rows, P.place, P.placeRange);
    const sponsorPlaces = prizePlaces(sponsor, P.place, P.placeRange);
    return el("table", { class: "r-table r-pz-table" },
      el("thead", {}, el("tr", {}, el("th", {}, P.colPlace), el("th", {}, P.colName), el("th", { class: "num" }, P.colPrize))),
      el("tbody", {}, rows.map((r, i) => el("tr", { dataset: { id: r.id } },
        el("td", { class: "rank" }, places[i]), el("td", {}, r.name), el("td", { class: "num strong" }, cash(r.amount)))),
      sponsor.map((r, i) => el("tr", { class: "is-sponsor", dataset: { id: r.id, role: "sponsor-prize" } },
        el("td", { class: "rank" }, sponsorPlaces[i]), el("td", {}, r.name), el("td", { class: "num" }, P.sponsor)))));
  }

  function lines() {
    if (!list) return [];
    const out = [el("div", { class: "r-pz-line", dataset: { role: "prize-fund-line" } }, P.fundLine(cash(list.fund)))];
    if (list.order === "final") out.push(el("p", { class: "r-hint" }, P.byFinal));
    const sponsor = Array.isArray(list.sponsor_prizes) ? list.sponsor_prizes : [];
    if (!list.prizes.length) out.push(el("p", { class: "r-hint" }, Number(list.fund) > 0 ? P.empty : P.zeroFund));
    if (list.prizes.length || sponsor.length) out.push(table(list.prizes, sponsor));
    if (list.best_lady) {
      out.push(el("div", { class: "r-pz-line", dataset: { role: "best-lady" } },
        P.bestLady(list.best_lady.name, prizePlaces([list.best_lady], P.place, P.placeRange)[0])));
    }
    return out;
  }

  async function ask() {
    const f = typed();
    const url = at(f === null ? "/api/prizes" : `/api/prizes?fund=${encodeURIComponent(String(f))}`);
    const key = JSON.stringify([url, ctx.sections().standings, ctx.sections().final, ctx.sections().desk?.fund]);
    if (key === asked) return;
    asked = key;
    try {
      const response = await fetch(url, { headers: { Accept: "application/json" }, cache: "no-store" });
      const answer = await response.json().catch(() => null);
      if (key !== asked) return; // asked again meanwhile
      unavailable = response.status === 422;
      list = response.ok ? answer : null;
      problem = response.ok ? "" : response.status === 400 && f === null ? P.needFund : P.badFund;
    } catch {
      if (key === asked) asked = ""; // ask again with the next update
    }
    draw();
  }

  show.addEventListener("click", (e) => {
    if (!confirm(P.confirmShow)) return;
    const f = typed();
    ctx.command(f === null ? { type: "show_prizes" } : { type: "show_prizes", fund: f }, e.currentTarget, error);
  });
  hide.addEventListener("click", (e) => ctx.command({ type: "hide_prizes" }, e.currentTarget, error));
  fund.addEventListener("change", () => ask());
  print.addEventListener("click", () => {
    if (!list) return;
    fill(sheet, el("h1", {}, ctx.tournamentName()), el("h2", {}, P.printTitle), ...lines());
    document.body.classList.add("r-printing-prizes");
    window.addEventListener("afterprint", () => document.body.classList.remove("r-printing-prizes"), { once: true });
    window.print();
  });

  function draw() {
    card.hidden = unavailable || !Array.isArray(ctx.sections().standings);
    if (card.hidden) return;
    const onScreens = Boolean(ctx.sections().prizes);
    card.classList.toggle("is-shown", onScreens);
    show.hidden = onScreens && typed() === null;
    hide.hidden = !onScreens;
    print.disabled = !list;
    show.disabled = !list;
    const desk = ctx.sections().desk?.fund;
    fund.placeholder = desk ? P.fromDesk(cash(desk.amount)) : P.fundPlaceholder;
    setText(status, onScreens ? P.onScreens : problem);
    fill(body, lines());
  }

  return {
    render() {
      draw();
      ask();
    },
  };
}
