// @ts-check
// The prize-giving on the player's phone: while a referee has the prize list on the hall's screens
// (`sections.prizes`, the same section the hall display shows: put there by show_prizes, taken off by
// hide_prizes), the card at the top of the page lists each paid place, its name and its prize, each place a
// sponsor gives a prize to and who holds it, the best lady and the fund; the player's own line (or their
// team's) stands out. The places and the amounts are the
// server's; the page writes them in its language (STRINGS.prizes), the names in its script (lib/script.js).
import { el, fill, setText } from "../lib/dom.js";
import { prizeList, prizePlaces } from "../lib/standings.js";
import { $, STRINGS, page, whoAmI } from "./state.js";

let drawn = "";

/** Show or hide the prize card, as the sections say. */
export function renderPrizes() {
  const list = page.sections.prizes || null;
  const card = $("prizes-card");
  card.hidden = !list;
  if (!list) {
    drawn = "";
    return;
  }
  const who = whoAmI();
  const mine = new Set([who?.id, who?.team].filter(Boolean));
  const key = JSON.stringify([list, [...mine]]);
  if (key === drawn) return;
  drawn = key;
  const P = STRINGS.prizes;
  const { rows, places, sponsor, sponsorPlaces, cash } = prizeList(list, P, STRINGS.locale);
  setText($("prizes-title"), P.title);
  $("prizes-by-final").hidden = list.order !== "final";
  setText($("prizes-by-final"), P.byFinal);
  // The name and its prize share a line while they fit; a long name keeps its line and the prize goes under it.
  const line = (r, place, prize, extra = {}) => el("li", { class: `p-prize${mine.has(r.id) ? " is-me" : ""}${extra.class || ""}`,
    dataset: { id: r.id, ...extra.dataset } },
  el("span", { class: "p-prize-place" }, place),
  el("span", { class: "p-prize-body" }, el("span", { class: "p-prize-name" }, r.name), el("span", { class: "p-prize-amount" }, prize)));
  fill($("prizes-list"), rows.map((r, i) => line(r, places[i], cash(r.amount))),
    sponsor.map((r, i) => line(r, sponsorPlaces[i], P.sponsor, { class: " is-sponsor", dataset: { role: "sponsor-prize" } })));
  const lady = list.best_lady;
  $("prizes-lady").hidden = !lady;
  setText($("prizes-lady"), lady ? P.bestLady(lady.name, prizePlaces([lady], P.place, P.placeRange)[0]) : "");
  $("prizes-lady").classList.toggle("is-me", Boolean(lady && mine.has(lady.id)));
  setText($("prizes-fund"), P.fund(cash(list.fund)));
}
