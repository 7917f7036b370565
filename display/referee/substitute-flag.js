// @ts-check
// The `substitute` player flag in the console's player form (Slovak §27.1: a substitute, not of the team's
// basic line-up, plays in fewer than half of the competition's rounds). Offered only where the server says
// the rules have substitutes: the referee section's `lineups.substitutes` is null under rules without them.
// Who is one is the public `players` section's `substitute`. Pure (no DOM): roster.js draws the checkbox.
/** @import { RefereeView } from "../../types/sections" */

/**
 * Whether the rules the server runs have substitutes (the console offers the flag only then).
 * @param {Partial<RefereeView>} sections
 * @returns {boolean}
 */
export function substitutesOffered(sections) {
  const rule = sections?.lineups?.substitutes;
  return rule != null && typeof rule === "object";
}

/**
 * Whether the player is marked as a substitute, as the server's players section says.
 * @param {Partial<RefereeView>} sections
 * @param {string} id
 * @returns {boolean}
 */
export function isSubstitute(sections, id) {
  return Boolean((sections?.players || []).find((x) => x.id === id)?.substitute);
}

/**
 * What a form sends of the flag: `{substitute: bool}` when the rules have substitutes and it is set (a new
 * player) or changed (an existing one, `before` its flag now); `{}` otherwise.
 * @param {boolean} offered
 * @param {boolean} checked
 * @param {boolean} [before]
 * @returns {{ substitute?: boolean }}
 */
export function substituteField(offered, checked, before = false) {
  if (!offered) return {};
  return Boolean(checked) !== Boolean(before) ? { substitute: Boolean(checked) } : {};
}
