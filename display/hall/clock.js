// @ts-check
// The clock, drawn each frame: the time of day in the header, what is on and the countdown to its
// next moment, what comes next, the timetable strip, and which scene is up (the clock or a panel). A screen that shows
// only the standings or the seating gets the clock in one line in the header instead.
import { setClass, setText } from "../lib/dom.js";
import { describeClock, paintClock } from "../lib/headline.js";
import { minuteMs } from "../lib/lateness.js";
import { latePager, renderLate } from "./late-panel.js";
import { offlineNote } from "./parts.js";
import { holdsClock, sceneAt } from "./scenes.js";
import { seatingPager } from "./seating-panel.js";
import { standingsPager } from "./standings-panel.js";
import { $, PAGE_EVERY_MS, STRINGS, VIEW, page } from "./state.js";
import { renderStrip } from "./strip.js";

/**
 * Say over the clock (or, on a screen of only standings or seating, over its panel) that the display has
 * lost the server, once it has for a while: the hall must not take a clock that may have missed a pause
 * or a restart for the truth. Gone as soon as the connection is back (main.js calls this at once then).
 */
export function paintOffline(now) {
  const note = offlineNote(page.offlineSince, now, STRINGS, page.fmt, VIEW !== "standings" && VIEW !== "seating");
  const box = $("stale");
  if (box.hidden !== !note) box.hidden = !note;
  setClass(document.body, "is-stale", Boolean(note));
  if (!note) return;
  setText($("stale-title"), note.title);
  setText($("stale-sub"), note.sub);
}

const PAGERS = { standings: standingsPager, seating: seatingPager, late: latePager };
let shownScene = null;

/**
 * The scene at `now` (scenes.js) on the body's data-scene: the clock alone, or one panel across the
 * screen under the clock in a band (hall.css). A panel coming on the screen starts at its page's full time.
 * `page.want` is a scene asked for by an update (a new seating, a result, an announcement).
 */
function paintScene(now, c) {
  const pages = {};
  for (const [scene, pager] of Object.entries(PAGERS)) {
    pages[scene] = $(`${scene}-panel`).hidden ? 0 : pager.pages.length;
  }
  const hold = holdsClock(c, { offline: !$("stale").hidden, minute: minuteMs(page.sections) });
  const next = sceneAt(shownScene, { now, pages, hold, want: page.want, pageMs: PAGE_EVERY_MS });
  page.want = null;
  if (next.scene !== shownScene?.scene || next.since !== shownScene?.since) PAGERS[next.scene]?.restart();
  shownScene = next;
  if (document.body.dataset.scene !== next.scene) document.body.dataset.scene = next.scene;
}

/** One frame at `now` (animate calls it). */
export function frame(now) {
  const { sections, fmt } = page;
  setText($("now"), fmt.time(now));
  paintOffline(now);
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
  paintScene(now, c);
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
