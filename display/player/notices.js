// @ts-check
// The lists of words for the player: their own notices (readable only in the player's session; without
// it the card says how many wait) and the hall's latest public announcements.
import { el, fill, setText } from "../lib/dom.js";
import { $, STRINGS, page } from "./state.js";

/** The player's own notices, newest first; `me` is the chosen player's (or null). */
export function renderNotices(me) {
  const { fmt } = page;
  // The player's own notices: their words only in the player's session (the code opens it).
  const locked = Boolean(me && me.session !== true);
  const notices = me && !locked ? [...(me.notices || [])].reverse() : [];
  $("notices-card").hidden = !page.playerId;
  $("notices").hidden = locked;
  fill($("notices"), notices.length
    ? notices.map((n) => el("li", {}, el("div", { class: "when" }, fmt.time(n.ts)), el("div", { class: "text" }, n.text ?? "")))
    : el("li", {}, el("span", { class: "empty" }, STRINGS.noNotices)));
  $("notices-locked").hidden = !locked;
  const waiting = Number(me?.private_notices) || 0;
  setText($("notices-locked"), waiting ? STRINGS.session.lockedSome(waiting) : STRINGS.session.locked);
}

/** The last five public announcements, newest first (hidden when there are none). */
export function renderAnnouncements() {
  const { fmt } = page;
  const list = (page.sections.announcements || []).filter((a) => a.type === "announced" && !a.player).slice(-5).reverse();
  $("ann-card").hidden = !list.length;
  fill($("announcements"), list.map((a) => el("li", {},
    el("div", { class: "when" }, fmt.time(a.ts)), el("div", { class: "text" }, a.text ?? ""))));
}
