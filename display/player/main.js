// @ts-check
// The player page (/player): name picker, own table and seat, countdown, check-in, results, notices.
// The entry: the static words, the connection and what each update or event changes; the parts
// live in the modules beside it and share the state in state.js.
import { slipCode } from "../lib/slip-code.js"; // first: the slip's code leaves the address bar before anything waits
import { withNote } from "../lib/banners.js";
import { at } from "../lib/base.js";
import { laterParts } from "../lib/chunks.js";
import { animate } from "../lib/clock.js";
import { LiveConnection } from "../lib/connection.js";
import { setText } from "../lib/dom.js";
import { timeFormatter } from "../lib/format.js";
import { pageLanguage } from "../lib/i18n.js";
import { applyLimits } from "../lib/limits.js";
import { describeFollowed, followedIn } from "../lib/plan.js";
import { toLatin } from "../lib/script.js";
import { describeSignal, lateSignalDue } from "../lib/signals.js";
import { banners } from "./banner.js";
import { invalidateCheckin, renderCheckin, wireCheckin } from "./checkin.js";
import { wireChooser } from "./chooser.js";
import { invalidateTimetable, renderClock } from "./clock.js";
import { renderAnnouncements } from "./notices.js";
import { roundStartNotice, wireNotify } from "./notify.js";
import { wirePlace } from "./place.js";
import { renderPrizes } from "./prizes.js";
import { renderScore } from "./results.js";
import { catchUp, shownLive, withSeat } from "./round-banner.js";
import { codeProblem, openSession, wireSession } from "./session.js";
import { $, STRINGS, page } from "./state.js";
import { loadChoice, saveChoice, takeLegacyCode } from "./storage.js";
import { choose, forget, renderMe, wireNotMe } from "./who.js";
/** @import { TournamentInfo } from "../../types/sections" */

// Static words.
document.title = STRINGS.pageTitle;
setText($("who-title"), STRINGS.whoTitle);
/** @type {HTMLInputElement} */ ($("filter")).placeholder = STRINGS.filterPlaceholder;
$("filter").setAttribute("aria-label", STRINGS.filterPlaceholder);
setText($("who-hint"), STRINGS.whoHint);
setText($("not-you"), STRINGS.notYou);
setText($("notices-title"), STRINGS.noticesTitle);
setText($("ann-title"), STRINGS.annTitle);
setText($("tt-title"), STRINGS.ttTitle);
setText($("banner-close"), STRINGS.tapToClose);
setText($("ics-link"), STRINGS.icsLink);
/** @type {HTMLAnchorElement} */ ($("ics-link")).href = at(`/api/timetable.ics?lang=${encodeURIComponent(pageLanguage)}`); // its words in the page's language

page.playerId = loadChoice()?.id || null;

wireChooser(choose);
wireNotMe();
wirePlace();
wireCheckin();
wireSession();
wireNotify();

function applyTournament() {
  const t = /** @type {Partial<TournamentInfo>} */ (page.sections.tournament || {});
  setText($("name"), t.name || "");
  document.title = t.name ? `${t.name} – ${STRINGS.pageTitle}` : STRINGS.pageTitle;
  const demo = t.speed && t.speed !== 1;
  page.fmt = timeFormatter(t.timezone, STRINGS.locale, { seconds: Boolean(demo) });
  $("demo").hidden = !demo;
  if (demo) setText($("demo"), STRINGS.demo(t.speed));
  invalidateTimetable();
}

function frame(now) {
  if (!page.sections.timetable) return;
  renderClock(now);
  renderCheckin(now);
}

function setConnection(state) {
  const conn = $("conn");
  conn.dataset.state = state;
  setText($("conn-text"), state === "up" ? "" : state === "down" ? STRINGS.offline : STRINGS.connecting);
}
setConnection("connecting");

// The parts below the first screen (which is the player's table and seat, the countdown and check-in):
// the place, the results and the announcements, each drawn after it in a task of its own, so that a mid
// phone paints the first screen sooner and is never held long.
const below = laterParts();

const connection = new LiveConnection({
  view: "player",
  player: page.playerId,
  onUpdate(next, info) {
    const tournamentChanged = next.tournament !== page.sections.tournament;
    const limitsChanged = next.limits !== page.sections.limits;
    page.sections = next;
    if (tournamentChanged) applyTournament();
    if (limitsChanged) applyLimits(document.body, next.limits); // the code card's field: as the slip prints a code
    const { sections, playerId } = page;
    if (info.kind === "snapshot" && playerId) {
      // A choice saved during another tournament on this server is not this player. The name is compared in
      // one script: a page in Latin letters shows a Cyrillic name transliterated (?lang= may change).
      const saved = loadChoice();
      if (saved && saved.tournament && sections.tournament
          && toLatin(saved.tournament) !== toLatin(sections.tournament.name)) {
        forget(STRINGS.unknownPlayer);
        return;
      }
      if (saved && !saved.tournament) saveChoice(playerId);
      // (the first snapshot with `me`: the page's own data has it only with a session)
      const legacy = sections.me ? takeLegacyCode() : "";
      if (legacy && sections.me.id === playerId && sections.me.session !== true) openSession(legacy);
    }
    invalidateTimetable();
    invalidateCheckin();
    renderPrizes(); // (above the rest: drawn later, it would push the first screen down)
    renderMe();
    renderCheckin(connection.clock.now(), true);
    below.later(renderScore);
    below.later(renderAnnouncements);
    banners.refresh(next); // a banner's time and seat as the sections now say (an extension, a late timetable)
    // A snapshot (a reconnect, a page opened again) or sections caught up after a slow spell: what was missed.
    if (info.kind !== "event") catchUp();
    document.body.classList.remove("is-placing"); // drawn: shown (player.css)
  },
  onEvent(event, { fresh, changes }) {
    if (event.type === "command_undone") {
      const target = event.payload?.target;
      banners.withdraw(target);
      // The server pushes `me` only with events addressed to a player, and an undo is not:
      // drop an undone private notice here, or it would stay until the next reconnect.
      const me = page.sections.me;
      if (me && (me.notices || []).some((n) => n.seq === target)) {
        page.sections = connection.patch("me", { ...me, notices: me.notices.filter((n) => n.seq !== target) });
        renderMe();
      }
      return;
    }
    const addressed = event.payload && event.payload.player;
    if (event.type === "announced" && addressed && addressed !== page.playerId) return;
    if (!fresh) {
      catchUp(); // a replayed call or start, too old for its own banner: the one the phone missed
      return;
    }
    const banner = withSeat(describeSignal(event, page.sections, STRINGS.banner, page.fmt, connection.types));
    // A notice for me that this page may not read (no session): say there is one, and where to read it.
    if (banner && event.type === "announced" && event.payload?.private) {
      banner.title = STRINGS.session.lockedBanner;
      banner.long = true;
    }
    // A signal the scheduler could only send late (the server was down at the time) says when it was due.
    const due = banner ? lateSignalDue(event) : null;
    if (due !== null) withNote(banner, STRINGS.banner.firedLate(page.fmt.time(due)));
    if (banner && banners.push(banner)) shownLive(banner);
    else catchUp(); // (a replayed start older than a banner shows: the one missed, with the seat)
    // A round that ran long moved the next one: "Round 2 now starts at 14:50".
    for (const a of followedIn(changes, event)) {
      const moved = describeFollowed(a, STRINGS.banner.plan, page.fmt, connection.clock.now());
      if (moved) banners.push(moved);
    }
    if (event.type === "round_called" || event.type === "round_started") roundStartNotice(event);
  },
  onStatus(up) {
    setConnection(up ? "up" : "down");
  },
  onError(message) {
    // The server refused the connection: most likely the saved player id is unknown.
    if (page.playerId) forget(STRINGS.unknownPlayer);
    else console.warn(message);
  },
});
page.connection = connection;
// A phone taken out of the pocket (the page in sight again): the call or start it missed meanwhile.
document.addEventListener("visibilitychange", () => catchUp());

renderMe();
if (slipCode) {
  // The first screen from the page's own data now; one connection, opened with the session the slip's
  // code gives (or without, saying the code is wrong).
  connection.boot();
  openSession(slipCode).then((opened) => {
    if (!opened && !page.playerId) {
      setText($("who-problem"), codeProblem());
      $("who-problem").hidden = false;
    }
  }).finally(() => connection.start());
} else {
  connection.start(); // (draws the page's own data first)
}
animate(frame);
window.hall = { connection, banners };
