// @ts-check
// Which scene the hall display shows: the clock (what is on, the countdown very large, the announcements
// under it) or one panel across the whole screen (the standings, the next seating, who is late), each in
// turn for a few seconds, the clock staying small in a band over the panel. A pure module (no document,
// no clock of its own): main.js asks it at every frame, node tests it.

/** The panels in the order they take the screen after the clock. */
export const PANELS = ["standings", "seating", "late"];

/** How long the clock scene stays before a panel takes the screen. */
export const CLOCK_MS = 16_000;

/** A panel shows at most this many of its pages at a turn (the next turn goes on from there). */
export const MAX_PAGES = 3;

/** A start this close (tournament minutes): the hall watches the countdown, no panel takes the screen. */
export const SOON_MIN = 5;

/** A round's last minutes: the countdown stays up. */
export const LAST_MIN = 10;

/**
 * Whether the clock scene must stay, whatever the panels have: the display is offline (its mark is on the
 * clock), a start is near or called, a round is paused, or in its last minutes (or its last deals, or over
 * time). A start that waits for the referee has no count to watch: the panels (who is late) take turns. `c` is what describeClock says ({mode, ms, called, urgent,
 * lastDeals}); `minute` the ms of a tournament minute (a demo's are shorter).
 */
export function holdsClock(c, { offline = false, minute = 60_000 } = {}) {
  if (offline) return true;
  if (!c) return false;
  const ms = Number.isFinite(c.ms) ? c.ms : null;
  switch (c.mode) {
    case "until":
      return Boolean(c.called) || (ms !== null && ms <= SOON_MIN * minute);
    case "running":
    case "ends":
      return Boolean(c.urgent || c.lastDeals) || (ms !== null && ms <= LAST_MIN * minute);
    case "paused":
      return true;
    default:
      return false;
  }
}

/** How long `scene` stays: the clock CLOCK_MS, a panel a page's time for each page (MAX_PAGES at most). */
export function sceneLength(scene, pages, { clockMs = CLOCK_MS, pageMs = 8000, maxPages = MAX_PAGES } = {}) {
  if (scene === "clock") return clockMs;
  return pageMs * Math.min(maxPages, Math.max(1, pages | 0));
}

/**
 * The scene at `now`: {scene, since, until, last} (`last`: the panel shown last). `shown` is what the
 * last call answered (null at the start); `pages` how many pages each panel has now ({standings, seating,
 * late}: 0 when it has nothing to show); `hold` whether the clock must stay (holdsClock). A scene stays
 * its time unless its panel emptied or the clock must come back. The clock comes between two panels (the
 * announcements under it are read often), and the panels take their turns in order, those with something
 * to show. Without any panel to show, the clock stays. `want` asks for a scene now (a new seating, a
 * result, a new announcement under the clock): taken unless the clock must stay or the panel is empty.
 */
export function sceneAt(shown, { now, pages = {}, hold = false, want = null, ...timing }) {
  const has = (scene) => (pages[scene] | 0) > 0;
  const last = shown?.last ?? null;
  const start = (scene) => ({
    scene, since: now, until: now + sceneLength(scene, pages[scene], timing), last: scene === "clock" ? last : scene,
  });
  if (want && want !== shown?.scene && !hold && (want === "clock" || has(want))) return start(want);
  if (!shown) return start("clock");
  if (shown.scene === "clock") {
    if (hold || !PANELS.some(has) || now < shown.until) return shown;
    // the next panel with something to show after the one shown last
    const from = PANELS.indexOf(last);
    for (let step = 1; step <= PANELS.length; step += 1) {
      const scene = PANELS[(from + step) % PANELS.length];
      if (has(scene)) return start(scene);
    }
  }
  if (hold || !has(shown.scene) || now >= shown.until) return start("clock");
  return shown;
}
