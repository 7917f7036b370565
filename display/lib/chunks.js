// @ts-check
// Drawing a page in parts, each in a task of its own: what the first screen needs at once, the rest
// after, one part a task, so that a mid phone's browser can paint and answer a tap between them
// instead of being held by one long task. A part asked for again before it ran runs once, drawing
// what the page holds by then.

/** Let the browser have the thread (paint, input) and come back: scheduler.yield where there is
 * one, else a new task. */
export function yieldToPage() {
  if (typeof globalThis.scheduler?.yield === "function") return globalThis.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A queue of parts drawn later: `later(part)` queues the function `part` (once, however often asked
 * for), run one per task in the order first asked for; `flush()` runs the queued ones now; `pending()`
 * says how many wait. `pause` is how it gives the thread back between parts (yieldToPage).
 */
export function laterParts({ pause = yieldToPage, onError = (err) => console.error("part failed", err) } = {}) {
  const queue = new Set();
  let running = false;
  const runOne = (part) => {
    queue.delete(part);
    try {
      part();
    } catch (err) {
      onError(err);
    }
  };
  async function run() {
    running = true;
    try {
      while (queue.size) {
        await pause();
        const [part] = queue;
        if (part) runOne(part);
      }
    } finally {
      running = false;
    }
  }
  return {
    later(part) {
      queue.add(part);
      if (!running) run();
    },
    flush() {
      for (const part of [...queue]) runOne(part);
    },
    pending: () => queue.size,
  };
}
