// The referee console (/referee): round commands, check-in, seating and results, penalties, audit.
// This module wires the page: the fixed words and the forms' listeners, the cards, the connection
// that feeds every card a new snapshot, and the clock line drawn each frame. Each card is a module
// of its own in this folder; what they share is in state.js.
import { animate } from "../lib/clock.js";
import { readBoot } from "../lib/boot.js";
import { LiveConnection } from "../lib/connection.js";
import { setText } from "../lib/dom.js";
import { timeFormatter } from "../lib/format.js";
import { describeClock } from "../lib/headline.js";
import { applyLimits, keepLimits } from "../lib/limits.js";
import { pageLanguage } from "../lib/i18n.js";
import { showTournament } from "../lib/page.js";
import { renderPlayerSelect, wireAnnounce } from "./announce.js";
import { appealsCard } from "./appeals.js";
import { renderAudit, wireUndoLast } from "./audit.js";
import { onLatenessEvent, renderCheckin, renderCheckinLive, wireCheckin } from "./checkin.js";
import { checkUnsettled, confirmedLate, command, redrawAfterCommands } from "./commands.js";
import { deskCard } from "./desk.js";
import { renderFaults } from "./faults.js";
import { showConsoleIn } from "./latin.js";
import { labelPage } from "./page.js";
import { renderPenaltyForm, wirePenaltyForm } from "./penalties.js";
import { prizesCard } from "./prizes.js";
import { refereesCard } from "./referees.js";
import { rosterCard } from "./roster.js";
import { sanctionsCard } from "./sanctions.js";
import { sheetsCard } from "./sheets.js";
import { renderRounds } from "./rounds.js";
import { boot, showLogin, wireSession } from "./session.js";
import { slipsCard } from "./slips.js";
import { renderStandingsPreview, wireReveal } from "./standings.js";
import { $, STRINGS, state } from "./state.js";
import { planContext, plan, renderItems, renderRowCounts } from "./timetable.js";
import { wireSkip } from "./thumb.js";
import { wireToast } from "./toast.js";
import { describeAudit, displayName, itemTitle, num, playerName, teamName } from "./words.js";

// A Latin-script page shows every drawn text in Latin letters, a Cyrillic one the names typed in Latin in
// Cyrillic; the sections (and so every command and prefilled field) stay as the server wrote them
// (latin.js says why).
const shown = showConsoleIn(pageLanguage, document, globalThis, globalThis.MutationObserver,
  () => [state.sections.players, state.sections.teams]);
labelPage();
wireSession(startConsole);
wireToast();
wireSkip();
redrawAfterCommands(renderItems);

// The plan on the day: the timetable's changes (in timetable.js's rows), the roster, the referees.
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

wireAnnounce();
wireUndoLast();
wireReveal();
wirePenaltyForm();
wireCheckin();
// Every field's maxlength is the server's (sections.limits), also in the forms the cards draw later.
keepLimits(document.body, () => state.sections.limits);

// ---- the live part --------------------------------------------------------------------------

function applyTournament() {
  const t = state.sections.tournament || {};
  state.fmt = showTournament(t, STRINGS, $);
  state.fmtSec = timeFormatter(t.timezone, STRINGS.locale, { seconds: true });
}

function frame(now) {
  setText($("now"), state.fmt.time(now));
  if (!state.sections.timetable) return;
  const c = describeClock(state.sections, now, STRINGS, state.fmt);
  const box = $("current");
  if (box.dataset.mode !== c.mode) box.dataset.mode = c.mode;
  setText($("current-count"), c.count || "–:––");
  setText($("current-kicker"), c.kicker);
  // (in the page's script here, so that setText leaves the line alone on a frame that changes nothing)
  setText($("current-title"), shown([c.headline, c.state].filter(Boolean).join(" — ")));
  setText($("current-sub"), shown([c.sub, c.upcoming ? `${c.upcomingLabel}: ${c.upcoming.title} ${c.upcomingTime}` : ""]
    .filter(Boolean).join("  ·  ")));
  renderRowCounts(now);
  renderCheckinLive(now);
}

function setConnection(status) {
  const conn = $("conn");
  conn.dataset.state = status;
  setText($("conn-text"), status === "up" ? "" : status === "down" ? STRINGS.offline : STRINGS.connecting);
  // Off line, the buttons say so: what is pressed now may not reach the server (it is tried, and said
  // "not applied" once the console is back if it did not).
  const offline = status === "down";
  document.body.classList.toggle("is-offline", offline);
  for (const id of ["offline-note", "thumb-offline"]) {
    $(id).hidden = !offline;
    setText($(id), offline ? STRINGS.offlineActions : "");
  }
}

/** Signed in: show the console and connect; each snapshot redraws every card. */
function startConsole() {
  $("login").hidden = true;
  $("app").hidden = false;
  if (state.connection) return;
  setConnection("connecting");
  state.connection = new LiveConnection({
    view: "referee", // the session cookie rides the upgrade
    onUpdate(next) {
      const tournamentChanged = next.tournament !== state.sections.tournament;
      const limitsChanged = next.limits !== state.sections.limits;
      state.sections = next;
      if (limitsChanged) applyLimits(document.body, next.limits); // (the forms drawn later: keepLimits)
      if (tournamentChanged) applyTournament();
      renderItems();
      plan.renderMissed($("missed-card"));
      renderFaults($("faults-card"), next.faults, STRINGS.faults, STRINGS.commandNames);
      plan.renderAdd($("tt-add"));
      plan.renderTournament($("tt-name"));
      roster.render();
      desk.render();
      team.render();
      sanctions.render();
      appeals.render();
      slips.render();
      sheets.render();
      renderPlayerSelect();
      renderAudit();
      renderRounds();
      renderStandingsPreview();
      prizes.render();
      renderPenaltyForm();
      renderCheckin();
      for (const link of $("r-nav").children) link.hidden = $(link.dataset.nav).hidden;
    },
    onEvent(event, { fresh }) {
      onLatenessEvent(event, fresh);
      confirmedLate(event);
    },
    onStatus(up) {
      setConnection(up ? "up" : "down");
      if (up) checkUnsettled(); // what became of the commands that got no answer (before a reload too)
    },
    onError(_, message) {
      if (message && message.signed_out) showLogin(STRINGS.expired); // the session has ended
    },
  });
  state.connection.start();
}

animate(frame);
// A signed-in referee's page says who is signed in (with the console's first data, which the connection
// takes as it starts): the console opens with no question to the server first.
boot(startConsole, readBoot()?.me || null);
window.hall = {
  get connection() {
    return state.connection;
  },
};
