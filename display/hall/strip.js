// @ts-check
// The timetable strip along the bottom: the item before the current one and what follows (eight at
// most), each with its time (a moved one with the plan's time struck through) and status.
import { el, fill } from "../lib/dom.js";
import { plannedStart } from "../lib/plan.js";
import { nowItems } from "../lib/timetable.js";
import { $, STRINGS, page } from "./state.js";

let stripKey = "";
let stripAt = 0;

/** Draw the strip again at the next frame (new sections, another tournament's time zone). */
export function invalidateStrip() {
  stripKey = "";
}

function itemStatus(item, now, current) {
  if (item.playing) return item.status || "scheduled";
  if (item === current) return "now";
  return item.end <= now ? "done" : "later";
}

/** The strip at `now`, around `current` (else `next`); at most twice a second. */
export function renderStrip(now, current, next) {
  if (stripKey && now - stripAt < 500) return; // twice a second is plenty
  stripAt = now;
  const { fmt } = page;
  const { day } = nowItems(page.sections, now);
  // Keep the strip to what fits: the item before the current one, and what follows.
  const at = day.findIndex((i) => i === (current || next));
  const first = at < 0 ? Math.max(0, day.length - 8) : Math.max(0, Math.min(at - 1, day.length - 8));
  const shown = day.slice(first, first + 8);
  const key = JSON.stringify(shown.map((i) => [i.id, i.title, itemStatus(i, now, current), i.start, plannedStart(i), i === current,
    i === next]));
  if (key === stripKey) {
    fitStrip($("strip")); // the window or its fonts may have changed meanwhile
    return;
  }
  stripKey = key;
  fill($("strip"), shown.map((item) => {
    const status = itemStatus(item, now, current);
    const classes = ["d-cell", `st-${status}`];
    if (item === current) classes.push("is-current");
    if (item === next) classes.push("is-next");
    // Moved because a round before it ran long: the new time, and the plan's struck through.
    const planned = plannedStart(item);
    if (planned !== null) classes.push("is-moved");
    return el("li", { class: classes.join(" ") },
      el("span", { class: "d-cell-time" }, fmt.time(item.start),
        planned !== null ? el("s", { class: "d-cell-was", title: STRINGS.plannedAt(fmt.time(planned)) }, fmt.time(planned)) : null),
      el("span", { class: "d-cell-title" }, item.title),
      el("span", { class: "d-cell-status" }, STRINGS.status[status] ?? status));
  }));
  fitStrip($("strip"));
}

/** Titles show whole (hall.css: a cell is never narrower than its longest word), so all eight may not
 *  fit: leave out what is farthest from now (the past before the item just gone, then the end of the day),
 *  never the current (or next) item and the one before it. */
function fitStrip(strip) {
  const cells = [...strip.children];
  for (const cell of cells) cell.hidden = false;
  const mark = (name) => cells.findIndex((cell) => cell.classList.contains(name));
  const at = Math.max(0, mark("is-current") >= 0 ? mark("is-current") : mark("is-next"));
  for (const cell of [...cells.slice(0, Math.max(0, at - 1)), ...cells.slice(at + 1).reverse()]) {
    if (strip.scrollWidth <= strip.clientWidth + 1) break;
    cell.hidden = true;
  }
}
