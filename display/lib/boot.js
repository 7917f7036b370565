// @ts-check
// The page's own first data: the hello and the snapshot its WebSocket would send a fresh client, which
// the server writes into the page's HTML (`<script type="application/json" id="live-boot">`,
// live/edges/web/assets.py) so that the first screen needs no round trip after the page. Read once, and only when
// the page came from the server just now; the live connection (connection.js) hands it on.

/** The id of the page's data block: the hello and the snapshot a fresh socket would send (live/edges/web/assets.py). */
export const BOOT_ID = "live-boot";

/**
 * How long ago (ms) the server wrote the page now shown, from the navigation's timing: since midway
 * between the request and the answer's first byte, on the page's own monotonic clock (so a device clock
 * set wrong or changed meanwhile does not matter), so that a clock offset taken from the boot's
 * server_time is not off by the time the page took to load. Null when the page did not come from the
 * server just now (the browser's cache, a step back in the history: its data may be old) or the browser
 * does not say.
 * @param {Performance} [perf]
 * @returns {number | null}
 */
export function pageAge(perf = globalThis.performance) {
  const nav = /** @type {PerformanceNavigationTiming | undefined} */ (perf?.getEntriesByType?.("navigation")?.[0]);
  if (!nav || typeof perf.now !== "function") return null;
  if (nav.type === "back_forward" || (nav.transferSize === 0 && nav.decodedBodySize > 0)) return null;
  if (!(nav.responseStart > 0)) return null;
  const asked = nav.requestStart || nav.fetchStart || 0;
  return Math.max(0, perf.now() - (asked + nav.responseStart) / 2);
}

/**
 * The page's boot data ({hello, snapshot, age}, and on the console `me`: who is signed in) without
 * taking it; `age` as pageAge. Null when the page has none, it was taken, it does not parse, or the page
 * came from the cache (see pageAge).
 */
export function readBoot(doc = globalThis.document, perf = globalThis.performance) {
  const block = doc?.getElementById?.(BOOT_ID);
  if (!block || block.dataset.taken) return null;
  const age = pageAge(perf);
  if (age === null) return null;
  try {
    const boot = JSON.parse(block.textContent);
    if (boot?.hello?.type !== "hello" || boot?.snapshot?.type !== "snapshot") return null;
    return { ...boot, age };
  } catch {
    return null;
  }
}

/**
 * The page's boot data, once: the block is marked taken, so a second connection (the console after a
 * new sign-in) or a reconnect never draws the page's old data again. Null as for readBoot.
 */
export function takeBoot(doc = globalThis.document, perf = globalThis.performance) {
  const boot = readBoot(doc, perf);
  const block = doc?.getElementById?.(BOOT_ID);
  if (block) block.dataset.taken = "1";
  return boot;
}
