// @ts-check
// Whether the results are provisional or final (Slovak §24.1): the server's `standings_status` says it as of its
// last event, with the instant (`final_at`) the clock alone makes them final — no event comes when the term for
// complaints closes, so a page compares that instant with the server's clock, as it does the timeline's.

/**
 * The results' status at `now`: "provisional", "final", or null without the section (the results still running,
 * or rules without a term for complaints).
 * @param {unknown} section the `standings_status` section
 * @param {number} now the server's clock (ms)
 * @returns {"provisional" | "final" | null}
 */
export function resultsStatus(section, now) {
  if (!section || typeof section !== "object") return null;
  const s = /** @type {{ status?: unknown, final_at?: unknown }} */ (section);
  if (s.status === "final") return "final";
  return typeof s.final_at === "number" && now >= s.final_at ? "final" : "provisional";
}

/**
 * How long until the status turns final by the clock (ms, at least 0), or null when no instant will do it.
 * @param {unknown} section the `standings_status` section
 * @param {number} now the server's clock (ms)
 * @returns {number | null}
 */
export function untilFinal(section, now) {
  if (resultsStatus(section, now) !== "provisional") return null;
  const at = /** @type {{ final_at?: unknown }} */ (section).final_at;
  return typeof at === "number" ? Math.max(0, at - now) : null;
}
