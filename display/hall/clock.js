// The clock, drawn each frame: the time of day in the header, what is on and the countdown to its
// next moment, what comes next, the late panel beside it and the timetable strip. A screen that shows
// only the standings or the seating gets the clock in one line in the header instead.
import { setText } from "../lib/dom.js";
import { describeClock, paintClock } from "../lib/headline.js";
import { renderLate } from "./late-panel.js";
import { $, STRINGS, VIEW, page } from "./state.js";
import { renderStrip } from "./strip.js";

/** One frame at `now` (animate calls it). */
export function frame(now) {
  const { sections, fmt } = page;
  setText($("now"), fmt.time(now));
  if (!sections.timetable) return;
  const c = describeClock(sections, now, STRINGS, fmt);
  if (VIEW === "standings" || VIEW === "seating") {
    // The clock in one line in the header, for screens that show only a part.
    $("mini").hidden = !c.headline;
    setText($("mini-title"), c.state && c.mode !== "running" ? `${c.headline} · ${c.state}` : c.headline);
    setText($("mini-count"), c.count);
    return;
  }
  renderLate(now);
  paintClock($("main"), c, { kicker: $("kicker"), headline: $("headline"), count: $("count"), state: $("state"), sub: $("sub") });
  const box = $("next-box");
  box.hidden = !c.upcoming;
  if (c.upcoming) {
    setText($("next-label"), c.upcomingLabel);
    setText($("next-title"), c.upcoming.title);
    setText($("next-time"), c.upcomingTime);
  }
  renderStrip(now, c.current, c.next);
}
