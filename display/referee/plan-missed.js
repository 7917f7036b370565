// @ts-check
// The console's timetable when the whole plan is already in the past: one tap moves it to now. In the
// console's first file (the card is at the top of the page), apart from the plan's other tools
// (plan-editor.js), which come with the other cards. The words are STRINGS.plan.missed.
import { el } from "../lib/dom.js";
import { durationText, missedOffer, whenText } from "../lib/plan.js";
/** @import { CardContext } from "../../types/pages" */
/** @import { TimeFormat } from "../lib/format.js" */

/**
 * ctx = {S (the console's strings), sections(), fmt(), now(), command(body, button, errorBox)} (timetable.js's
 * planContext). Returns renderMissed(box): the card drawn as the sections say now, hidden when no plan is missed.
 * @param {CardContext & { fmt: () => TimeFormat, now: () => number }} ctx
 * @returns {(box: HTMLElement) => void}
 */
export function missedCard(ctx) {
  const P = ctx.S.plan;
  const when = (ms) => whenText(ms, ctx.now(), ctx.fmt(), P);
  const duration = (minutes) => durationText(minutes, P.duration);
  let missedKey = "";
  return function renderMissed(box) {
    const sections = ctx.sections();
    const offer = missedOffer(sections);
    const key = JSON.stringify([offer, ctx.fmt().day(ctx.now())]);
    if (key === missedKey) return;
    missedKey = key;
    box.hidden = !offer;
    if (!offer) {
      box.replaceChildren();
      return;
    }
    const M = P.missed;
    const titles = offer.items.map((id) => (sections.timetable || []).find((i) => i.id === id)?.title || id);
    const error = el("div", { class: "error", role: "alert" });
    const button = el("button", {
      type: "button", class: "btn go", dataset: { action: "shift-to-now" },
      onclick: async (e) => {
        if (!confirm(M.confirm(duration(offer.minutes), offer.title, when(offer.start)))) return;
        await ctx.command({ type: "shift_timetable", item: offer.item, minutes: offer.minutes }, e.currentTarget, error);
      },
    }, M.button);
    box.replaceChildren(
      el("h2", {}, M.title),
      el("p", {}, M.text(titles.length, titles.join(", "))),
      el("p", { class: "r-missed-offer" }, M.offer(offer.title, when(offer.start), duration(offer.minutes))),
      el("div", { class: "r-row" }, button, el("span", { class: "r-hint" }, M.hint)),
      error);
  };
}
