// @ts-check
// The prize-giving on the hall display: while a referee has the prize list on the screens
// (`sections.prizes`, put there by the console's show_prizes and taken off by hide_prizes), it takes the
// middle of the screen: each paid place, its name and its prize, each place a sponsor gives a prize to and
// who holds it, the best lady and the fund. The places
// and the amounts are the server's; the page writes them in its language (STRINGS.prizes).
import { el, fill, setClass, setText } from "../lib/dom.js";
import { prizeList } from "../lib/standings.js";
import { $, STRINGS, page } from "./state.js";

let drawn = "";

/** Show or hide the prize list, as the sections say. */
export function renderPrizes() {
  const list = page.sections.prizes || null;
  $("prizes-panel").hidden = !list;
  setClass(document.body, "has-prizes", Boolean(list));
  if (!list) {
    drawn = "";
    return;
  }
  const key = JSON.stringify(list);
  if (key === drawn) return;
  drawn = key;
  const P = STRINGS.prizes;
  const { rows, places, sponsor, sponsorPlaces, cash } = prizeList(list, P, STRINGS.locale);
  setText($("prizes-kicker"), P.kicker);
  setText($("prizes-title"), P.title);
  fill($("prizes-list"), rows.map((r, i) => el("li", { class: `d-prize${r.rank === 1 ? " is-first" : ""}`, dataset: { id: r.id } },
    el("span", { class: "d-prize-place" }, places[i]),
    el("span", { class: "d-prize-name" }, r.name),
    el("span", { class: "d-prize-amount" }, cash(r.amount)))),
  sponsor.map((r, i) => el("li", { class: "d-prize is-sponsor", dataset: { id: r.id, role: "sponsor-prize" } },
    el("span", { class: "d-prize-place" }, sponsorPlaces[i]),
    el("span", { class: "d-prize-name" }, r.name),
    el("span", { class: "d-prize-amount" }, P.sponsor))));
  const lady = list.best_lady;
  $("prizes-lady").hidden = !lady;
  fill($("prizes-lady"), lady ? [el("span", { class: "d-prizes-lady-label" }, `${P.bestLady}: `), lady.name] : []);
  setText($("prizes-fund"), P.fund(cash(list.fund)));
}
