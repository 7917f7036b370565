// The referee console (/referee): round commands, check-in, seating and results, penalties, audit.
// This module wires the page: the fixed words and the forms' listeners, the cards, the connection
// that feeds every card a new snapshot, and the clock line drawn each frame. Each card is a module
// of its own in this folder; what they share is in state.js. The first screen (the round's line, the
// timetable with the round's actions, the thumb bar) is drawn by the modules this one imports; the other
// cards come after it, from cards.js, imported once the console is shown: over a phone's link the first
// screen does not wait for the bytes of every card.
import { animate } from "../lib/clock.js";
import { readBoot } from "../lib/boot.js";
import { LiveConnection } from "../lib/connection.js";
import { setText } from "../lib/dom.js";
import { timeFormatter } from "../lib/format.js";
import { describeClock } from "../lib/headline.js";
import { applyLimits, keepLimits } from "../lib/limits.js";
import { pageLanguage } from "../lib/i18n.js";
import { showTournament } from "../lib/page.js";
import { checkUnsettled, confirmedLate, redrawAfterCommands } from "./commands.js";
import { renderFaults } from "./faults.js";
import { showConsoleIn } from "./latin.js";
import { labelPage } from "./page.js";
import { renderRounds } from "./rounds.js";
import { boot, showLogin, wireSession } from "./session.js";
import { $, STRINGS, state } from "./state.js";
import { plan, renderItems, renderRowCounts } from "./timetable.js";
import { wireToast } from "./toast.js";

// A Latin-script page shows every drawn text in Latin letters, a Cyrillic one the names typed in Latin in
// Cyrillic; the sections (and so every command and prefilled field) stay as the server wrote them
// (latin.js says why).
const shown = showConsoleIn(pageLanguage, document, globalThis, globalThis.MutationObserver,
  () => [state.sections.players, state.sections.teams]);
labelPage();
wireSession(startConsole);
wireToast();
redrawAfterCommands(renderItems);

// The cards after the first screen (cards.js: wireCards), once loaded; the late arrivals' events that came
// before, for their alerts then.
let cards = null;
let early = [];
let loading = false;
// Until then a form of theirs is not sent the browser's way (a reload with the fields in the address).
document.addEventListener("submit", (e) => {
  if (!cards) e.preventDefault();
}, true);

/** Loads the other cards (once), draws them and hands them the events that came meanwhile. */
function loadCards() {
  if (loading) return;
  loading = true;
  import("./cards.js").then(({ wireCards }) => {
    cards = wireCards();
    if (state.sections.timetable) cards.render();
    renderNav();
    for (const [event, fresh] of early) cards.onEvent(event, fresh);
    early = [];
  }).catch((err) => {
    loading = false; // (the next snapshot asks again)
    console.error("the console's cards did not load", err);
  });
}

/** The sections' links in the head: a hidden card's is hidden. */
function renderNav() {
  for (const link of $("r-nav").children) link.hidden = $(link.dataset.nav).hidden;
}

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
  cards?.frame(now);
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
      renderRounds();
      if (cards) cards.render();
      else setTimeout(loadCards); // after the first screen is drawn
      renderNav();
    },
    onEvent(event, { fresh }) {
      if (cards) cards.onEvent(event, fresh);
      else early.push([event, fresh]);
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
