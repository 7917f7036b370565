// @ts-check
// The clock card and the day's timetable: what is on now, the countdown to its next moment, what
// comes next, and the day's items with their status. The server decides every time; this only shows it.
import { el, fill } from "../lib/dom.js";
import { describeClock, paintClock } from "../lib/headline.js";
import { plannedStart } from "../lib/plan.js";
import { nowItems } from "../lib/timetable.js";
import { $, STRINGS, page } from "./state.js";

let ttKey = "";
let ttAt = 0;

/** Draw the timetable again at the next frame (new sections, another tournament's time zone). */
export function invalidateTimetable() {
  ttKey = "";
}

function itemStatus(item, now, current) {
  if (item.playing) return item.status || "scheduled";
  if (item === current) return "now";
  return item.end <= now ? "done" : "later";
}

function renderTimetable(now, current) {
  if (ttKey && now - ttAt < 500) return;
  ttAt = now;
  const { fmt } = page;
  const { day } = nowItems(page.sections, now);
  const key = JSON.stringify(day.map((i) => [i.id, itemStatus(i, now, current), i === current]));
  if (key === ttKey) return;
  ttKey = key;
  fill($("timetable"), day.map((item) => {
    const status = itemStatus(item, now, current);
    const word = STRINGS.status[status] ?? status;
    return el("li", { class: `st-${status}${item === current ? " is-current" : ""}` },
      el("span", { class: "t" }, fmt.time(item.start),
        plannedStart(item) !== null ? el("s", { class: "p-was", title: STRINGS.plannedAt(fmt.time(plannedStart(item))) },
          fmt.time(plannedStart(item))) : null),
      el("span", { class: "title" }, item.title),
      word ? el("span", { class: `chip st-${status}` }, word) : el("span"));
  }));
}

/** One frame of the clock card and the timetable (the sections hold a timetable). */
export function renderClock(now) {
  const c = describeClock(page.sections, now, STRINGS, page.fmt);
  paintClock($("clock"), c, { kicker: $("kicker"), headline: $("headline"), count: $("countdown"), state: $("state"), sub: $("sub") });
  const next = $("next");
  next.hidden = !c.upcoming;
  if (c.upcoming) {
    const text = `${c.upcomingLabel}: ${c.upcoming.title} · ${c.upcomingTime}`;
    if (next.dataset.text !== text) {
      next.dataset.text = text;
      fill(next, `${c.upcomingLabel}: `, el("b", {}, c.upcoming.title), ` · ${c.upcomingTime}`);
    }
  }
  renderTimetable(now, c.current);
}
