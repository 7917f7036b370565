// The player's requests to the judges' committee (Čačak): on their own card, how many of the
// tournament's requests they have left, as the server counts them (`me.appeals`, sent only with the
// player's session: who appealed is the player's and the referees' business, not the hall's).
import { setText } from "../lib/dom.js";
import { $, STRINGS } from "./state.js";

/** The "requests to the committee left: N of 3" line of the player's card; hidden without `me.appeals`. */
export function renderAppeals(me) {
  const line = $("me-appeals");
  const appeals = me && me.session === true ? me.appeals : null;
  line.hidden = !appeals;
  if (!appeals) return;
  setText(line, STRINGS.appeals.left(appeals.left, appeals.allowed));
  line.classList.toggle("p-me-appeals-none", appeals.left === 0);
}
