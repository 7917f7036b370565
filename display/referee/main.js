// @ts-check
// The referee console (/referee): round commands, check-in, seating and results, penalties, audit.
// This module wires the page: the fixed words and the forms' listeners, the cards, the connection
// that feeds every card a new snapshot, and the clock line drawn each frame. Each card is a module
// of its own in this folder; what they share is in state.js. The first screen (the round's line, the
// timetable with the round's actions, the thumb bar) is drawn by the modules this one imports; the other
// cards come after it, from cards.js, imported once the console is shown, with their stylesheets (the
// page's <template id="cards-styles">): over a phone's link the first screen does not wait for the bytes
// of every card. The rounds card with its result forms and the plan's tools are among them.
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
import { onLatenessEvent, renderCheckin, renderCheckinLive, wireCheckin } from "./checkin.js";
import { renderFaults } from "./faults.js";
import { showConsoleIn } from "./latin.js";
import { labelPage } from "./page.js";
import { boot, showLogin, wireSession } from "./session.js";
import { $, STRINGS, state } from "./state.js";
import { wireSkip } from "./thumb.js";
import { renderItems, renderMissed, renderRowCounts } from "./timetable.js";
import { wireToast } from "./toast.js";
/** @import { TournamentInfo } from "../../types/sections" */

// A Latin-script page shows every drawn text in Latin letters, a Cyrillic one the names typed in Latin in
// Cyrillic; the sections (and so every command and prefilled field) stay as the server wrote them
// (latin.js says why).
const shown = showConsoleIn(pageLanguage, document, globalThis, globalThis.MutationObserver,
  () => [state.sections.players, state.sections.teams]);
labelPage();
wireSession(startConsole);
wireToast();
wireSkip();
wireCheckin();
redrawAfterCommands(renderItems);

// The cards after the first screen (cards.js: wireCards), once loaded. The check-in list is not one of them: while
// a round's check-in is open it is the top of the first screen, and drawn later it pushed the timetable down
// under the referee's thumb.
let cards = null;
let loading = false;
let styles = null;
// Until then a form or a button of theirs already on the page (the announcement, undo) is not lost: the tap
// waits for them and is made again then (nor is a form sent the browser's way, a reload with its fields in the
// address). The forms and buttons of the first screen are its own (the sign-in, the timetable's).
let taps = [];
for (const kind of ["submit", "click"]) {
  document.addEventListener(kind, (e) => {
    const target = /** @type {HTMLElement | null} */ (
      e.target instanceof Element ? e.target.closest("[data-cards] :is(form, button)") : null);
    if (cards || !target || (kind === "click" && target.matches("form"))) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    const submitter = /** @type {SubmitEvent} */ (e).submitter; // (a click has none)
    taps.push(kind === "submit" ? () => /** @type {HTMLFormElement} */ (target).requestSubmit(submitter?.isConnected ? submitter : null)
      : () => target.click());
    loadCards();
  }, true);
}

/** The cards' stylesheets, added to the head once: resolves when they have loaded (or failed: the cards are
 * drawn anyway). */
function cardStyles() {
  const template = /** @type {HTMLTemplateElement} */ ($("cards-styles"));
  if (!template) return Promise.resolve();
  const links = [...template.content.querySelectorAll("link")];
  const loaded = links.map((link) => new Promise((done) => {
    link.addEventListener("load", done, { once: true });
    link.addEventListener("error", done, { once: true });
  }));
  document.head.append(...links);
  template.remove();
  return Promise.all(loaded);
}

/** Loads the other cards (once) and their stylesheets, draws them and makes the taps that came meanwhile. */
function loadCards() {
  if (loading) return;
  loading = true;
  styles ||= cardStyles();
  Promise.all([import("./cards.js"), styles]).then(([{ wireCards }]) => {
    cards = wireCards();
    if (state.sections.timetable) cards.render();
    renderNav();
    for (const tap of taps) tap();
    taps = [];
  }).catch((err) => {
    loading = false; // (the next snapshot or tap asks again)
    console.error("the console's cards did not load", err);
  });
}

/** The sections' links in the head: a hidden card's is hidden. */
function renderNav() {
  for (const link of /** @type {HTMLCollectionOf<HTMLElement>} */ ($("r-nav").children)) link.hidden = $(link.dataset.nav).hidden;
}

// Every field's maxlength is the server's (sections.limits), also in the forms the cards draw later.
keepLimits(document.body, () => state.sections.limits);

// ---- the live part --------------------------------------------------------------------------

function applyTournament() {
  const t = /** @type {Partial<TournamentInfo>} */ (state.sections.tournament || {});
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
      renderMissed($("missed-card"));
      renderFaults($("faults-card"), next.faults, STRINGS.faults, STRINGS.commandNames);
      renderCheckin();
      if (cards) cards.render();
      else setTimeout(loadCards); // after the first screen is drawn
      renderNav();
    },
    onEvent(event, { fresh }) {
      onLatenessEvent(event, fresh);
      confirmedLate(event);
      if (cards) cards.onEvent(event);
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
