// @ts-check
// The console's thumb bar on a phone: the round that matters now and its commands, within reach of
// a thumb without scrolling to the round's row in the timetable.
import { el, fill, setText } from "../lib/dom.js";
import { toHall } from "./commands.js";
import { $, STRINGS, state } from "./state.js";
/** @import { TimetableItem } from "../../types/sections" */

/** What the thumb bar's extend button adds, in minutes (the row's field takes any number). */
const THUMB_EXTEND_MINUTES = 5;

/**
 * The thumb bar (phones): the round being played, else the next one the server would start, with
 * its actions as the server allows them — the same questions and commands as its row.
 * @param {TimetableItem[]} timetable
 * @param {TimetableItem | null} busy the round being played
 * @param {boolean} lastDealsRule whether the rules warn of the last deals
 */
export function renderThumb(timetable, busy, lastDealsRule) {
  const allowedOf = (item) => new Set((state.sections.allowed || {})[item.id] || []);
  const item = busy || timetable.find((i) => i.playing && allowedOf(i).has("start")) || null;
  const bar = $("thumb");
  bar.hidden = !item;
  bar.dataset.item = item ? item.id : "";
  document.body.classList.toggle("has-thumb", Boolean(item));
  if (!item) return;
  const allowed = allowedOf(item);
  const title = item.title;
  const button = (label, cls, enabled, send) => el("button", {
    type: "button", class: `btn ${cls}`, disabled: !enabled, onclick: (e) => send(e.currentTarget),
  }, label);
  setText($("thumb-title"), `${title} · ${STRINGS.status[item.status] ?? item.status}`);
  const actions = busy ? [
    item.status === "paused"
      ? button(STRINGS.resume, "go", allowed.has("resume"),
        (b) => toHall(STRINGS.confirmResume(title), { type: "resume", item: item.id }, b))
      : button(STRINGS.pause, "hold", allowed.has("pause"),
        (b) => toHall(STRINGS.confirmPause(title), { type: "pause", item: item.id }, b)),
    button(`+${THUMB_EXTEND_MINUTES} ${STRINGS.minutesUnit}`, "", allowed.has("extend"),
      (b) => toHall(STRINGS.confirmExtend(title, THUMB_EXTEND_MINUTES),
        { type: "extend", item: item.id, minutes: THUMB_EXTEND_MINUTES }, b)),
    button(STRINGS.lastDeals, "warn", lastDealsRule && allowed.has("lastDeals"),
      (b) => toHall(STRINGS.confirmLastDeals(title), { type: "announce_last_deals", item: item.id }, b)),
    button(STRINGS.end, "danger", allowed.has("end"),
      (b) => toHall(STRINGS.confirmEnd(title), { type: "end_round", item: item.id }, b)),
  ] : [
    button(STRINGS.start, "go", allowed.has("start"),
      (b) => toHall(STRINGS.confirmStart(title), { type: "start_round", item: item.id }, b)),
  ];
  fill($("thumb-actions"), ...actions);
}

/** The skip link: focus on the first command of the round that matters now (the thumb bar's on a phone,
 * else its row's in the timetable), or on the timetable when no round has one. */
export function wireSkip() {
  setText($("skip"), STRINGS.skipToActions);
  $("skip").addEventListener("click", (e) => {
    e.preventDefault();
    const bar = $("thumb");
    const onThumb = !bar.hidden && getComputedStyle(bar).display !== "none";
    const row = bar.dataset.item ? $("items").querySelector(`li[data-item="${CSS.escape(bar.dataset.item)}"] .r-actions`) : null;
    const where = onThumb ? $("thumb-actions") : row;
    const button = where && [...where.querySelectorAll("button")].find((b) => !b.disabled && b.offsetParent !== null);
    const target = button || $("tt-card");
    target.focus();
    target.scrollIntoView({ block: "nearest" });
  });
}
