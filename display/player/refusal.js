// @ts-check
// A refusal of the player's own requests (a check-in, a code) in the page's language: the server names its
// reason in `detail.code` (live/commands/refusals.py) and the player catalogue says it (STRINGS.ci.refused).

/** The sentence `refused` (the catalogue's STRINGS.ci.refused) has for a refusal's code, or "" when it has none. */
export function knownRefusal(data, refused) {
  const detail = (data && data.detail) || {};
  const said = typeof detail.code === "string" ? (refused || {})[detail.code] : undefined;
  if (typeof said === "function") return said(detail);
  if (typeof said === "string" && said) return said;
  return "";
}
