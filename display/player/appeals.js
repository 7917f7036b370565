// @ts-check
// The player's appeals on their own card, as the server counts them (`me.appeals`, sent only with the
// player's session: who appealed is the player's and the referees' business, not the hall's). Čačak:
// how many of the tournament's requests to the judges' committee they have left. Slovak league: their
// team's appeals to the presidium, each with its subject and where it stands (team-appeals-line.js).
import { el, fill, setText } from "../lib/dom.js";
import { teamAppeals } from "./team-appeals-line.js";
import { $, STRINGS } from "./state.js";

/** The "requests to the committee left: N of 3" line, or the team's appeals; hidden without `me.appeals`. */
export function renderAppeals(me) {
  const line = $("me-appeals");
  const list = $("me-team-appeals");
  const appeals = me && me.session === true ? me.appeals : null;
  const team = teamAppeals(appeals, STRINGS.appeals.team);
  line.hidden = !appeals || Boolean(team);
  list.hidden = !team;
  if (team) {
    fill(list,
      el("div", { class: "p-team-appeals-title" }, team.title),
      ...team.lines.map((x) => el("div", {
        class: `p-team-appeal p-team-appeal-${x.outcome || x.state}`, "data-appeal": String(x.appeal),
        "data-state": x.state,
      }, x.text)),
      ...(team.empty ? [el("div", { class: "p-team-appeal" }, team.empty)] : []),
      ...(team.window ? [el("div", { class: "p-team-appeals-window" }, team.window)] : []));
    return;
  }
  if (!appeals) return;
  setText(line, STRINGS.appeals.left(appeals.left, appeals.allowed));
  line.classList.toggle("p-me-appeals-none", appeals.left === 0);
}
