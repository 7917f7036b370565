// @ts-check
// What every hall page does to its own head and screen: the tournament's name in the title and
// the demo badge, and a screen that stays awake on a projector.

import { setText } from "./dom.js";
import { timeFormatter } from "./format.js";

/** The page's head for a tournament: its name, the window's title and the demo badge (elements
 * `name` and `demo`, found with `byId`); returns the time formatter the page shows times with. */
export function showTournament(t, S, byId) {
  setText(byId("name"), t.name || "");
  document.title = t.name ? `${t.name} – ${S.pageTitle}` : S.pageTitle;
  const demo = Boolean(t.speed && t.speed !== 1);
  byId("demo").hidden = !demo;
  if (demo) setText(byId("demo"), S.demo(t.speed));
  return timeFormatter(t.timezone, S.locale, { seconds: demo });
}

/** Keep the screen awake where the browser allows it (projector pages). */
export function keepAwake() {
  if (!("wakeLock" in navigator)) return;
  let lock = null;
  const request = async () => {
    try {
      if (document.visibilityState === "visible" && !lock) {
        lock = await navigator.wakeLock.request("screen");
        lock.addEventListener("release", () => {
          lock = null;
        });
      }
    } catch {
      /* not allowed here: fine */
    }
  };
  document.addEventListener("visibilitychange", request);
  request();
}
