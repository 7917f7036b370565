// A refused command in the page's language. The server's own words are English; where its answer
// names what it refused (`detail.reason`, `detail.action` and `detail.status`), the console says
// it in its language from the catalogue, and only an answer it cannot read is shown as sent.

const NOT_STARTED = new Set(["scheduled", "called", "held", "missed"]);

/**
 * The sentence for a refusal: `status` the HTTP status, `data` the answer's JSON (or null), `S`
 * the referee catalogue, `title(id)` an item's title as the page shows it.
 */
export function sayRefusal(status, data, S, title) {
  const detail = (data && data.detail) || {};
  const R = S.refused || {};
  const item = typeof detail.item === "string" ? title(detail.item) : "";
  if (item && detail.reason === "previous" && R.previous && typeof detail.waiting_for === "string") {
    return (detail.in_progress ? R.previous : R.previousNotPlayed)(item, title(detail.waiting_for));
  }
  if (item && detail.reason === "seating" && R.seating) return R.seating(item);
  if (item && detail.action && R.action && R.action[detail.action] && R.states) {
    const state = NOT_STARTED.has(detail.status) ? R.states.notStarted : R.states[detail.status];
    if (state) return R.action[detail.action](item, state);
  }
  return S.failed(status, (data && data.error) || "");
}
