// @ts-check
// The console's cards below its first screen: check-in, the roster, the desk, the referees, announcements,
// the audit, standings, prizes, penalties, Čačak's sanctions, appeals and slips, bridge's team sheets, a team
// league's captains' reports (captains.js), the
// rounds card with its result forms (rounds.js) and the plan's tools (plan-editor.js: a row's Change…, a new
// item, the tournament's name).
// main.js imports this module once the round's line and its actions are drawn (`import("./cards.js")`): over
// a phone's link the console shows those without waiting for the bytes of every card (the server joins this
// module and what it imports into a file of its own, live/edges/web/bundles.py).
import { renderPlayerSelect, wireAnnounce } from "./announce.js";
import { appealsCard } from "./appeals.js";
import { renderAudit, wireUndoLast } from "./audit.js";
import { captainsCard } from "./captains.js";
import { command } from "./commands.js";
import { deskCard } from "./desk.js";
import { renderPenaltyForm, wirePenaltyForm } from "./penalties.js";
import { planEditor } from "./plan-editor.js";
import { prizesCard } from "./prizes.js";
import { refereesCard } from "./referees.js";
import { rosterCard } from "./roster.js";
import { renderRounds } from "./rounds.js";
import { sanctionsCard } from "./sanctions.js";
import { showLogin } from "./session.js";
import { sheetsCard } from "./sheets.js";
import { slipsCard } from "./slips.js";
import { renderStandingsPreview, wireReveal } from "./standings.js";
import { $, STRINGS, state } from "./state.js";
import { planContext, usePlan } from "./timetable.js";
import { describeAudit, displayName, itemTitle, num, playerName, teamName } from "./words.js";

/** The cards drawn in the page's cards, their forms wired: `render()` draws them from `state.sections`,
 * `onEvent(event)` tells the cards that ask the server themselves (the captains' reports) of a live event. */
export function wireCards() {
  // The plan on the day: the timetable's changes (its rows' tools), the roster, the referees.
  const plan = planEditor(planContext);
  usePlan(plan);
  const roster = rosterCard($("roster-card"), planContext);
  // The desk: who owes what, the payment to take next, the prize fund.
  const desk = deskCard($("desk-card"), { S: STRINGS, command, sections: () => state.sections });
  const team = refereesCard($("referees-card"), {
    S: STRINGS, command, sections: () => state.sections, fmt: () => state.fmt, me: () => state.me, displayName,
    signedOut: () => showLogin(STRINGS.expired),
  });
  // Čačak: sanctions by kind, appeals to the judges' committee, the scoring desk's slips list.
  const hallWords = { S: STRINGS, command, sections: () => state.sections, playerName, itemTitle, num: (n) => num(n, { max: 2 }) };
  const sanctions = sanctionsCard($("sanctions-card"), hallWords);
  const appeals = appealsCard($("appeals-card"), { ...hallWords, describe: describeAudit, fmt: () => state.fmt });
  const slips = slipsCard($("slips-card"), { ...hallWords, tournamentName: () => state.sections.tournament?.name || "" });
  // The prize-giving: the prize list, on the hall's screens at a tap, and printed.
  const prizes = prizesCard($("prizes-card"), {
    S: STRINGS, command, sections: () => state.sections, tournamentName: () => state.sections.tournament?.name || "",
    locale: STRINGS.locale,
  });
  // Bridge: the team sheets of a match, the boards played, the rosters, the individual ranking.
  const sheets = sheetsCard($("sheets-card"), { S: STRINGS, command, sections: () => state.sections, itemTitle, teamName, playerName, num });
  // A team league's matches as the captains report them from the venues: the coordinator's list.
  const captains = captainsCard($("captains-card"), {
    S: STRINGS, command, sections: () => state.sections, fmt: () => state.fmt, teamName, num: (n) => num(n, { max: 2 }),
    signedIn: () => Boolean(state.me), signedOut: () => showLogin(STRINGS.expired),
  });

  wireAnnounce();
  wireUndoLast();
  wireReveal();
  wirePenaltyForm();

  return {
    render() {
      plan.renderAdd($("tt-add"));
      plan.renderTournament($("tt-name"));
      renderRounds();
      roster.render();
      desk.render();
      team.render();
      sanctions.render();
      appeals.render();
      slips.render();
      sheets.render();
      captains.render();
      renderPlayerSelect();
      renderAudit();
      renderStandingsPreview();
      prizes.render();
      renderPenaltyForm();
    },
    /** A live event: the cards that ask the server for what they show ask again if it concerns them. */
    onEvent(event) {
      captains.onEvent(event);
    },
  };
}
