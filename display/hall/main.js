// @ts-check
// The hall display (/display): the clock, the timetable strip, banners, standings, seating, late arrivals.
// The entry: the screen's setup, the connection and what each update or event changes; the panels
// live in the modules beside it and share the state in state.js.
import { withNote } from "../lib/banners.js";
import { animate } from "../lib/clock.js";
import { LiveConnection } from "../lib/connection.js";
import { setClass, setText } from "../lib/dom.js";
import { keepAwake, showTournament } from "../lib/page.js";
import { describeFollowed, followedIn } from "../lib/plan.js";
import { describeSignal, lateSignalDue } from "../lib/signals.js";
import { changedStandings, seatingToShow } from "../lib/standings.js";
import { banners } from "./banner.js";
import { markChanged, renderStandings, standingsPager, turnToChanged } from "./standings-panel.js";
import { renderSeating, seatingPager } from "./seating-panel.js";
import { lateChanged, latePager, withdrawAnsweredAlerts } from "./late-panel.js";
import { renderNotes } from "./notes.js";
import { renderPrizes } from "./prizes-panel.js";
import { $, STRINGS, VIEW, page } from "./state.js";
import { invalidateStrip } from "./strip.js";
import { frame, paintOffline } from "./clock.js";

document.title = STRINGS.pageTitle;
setText($("qr-caption"), STRINGS.qrCaption);
/** @type {HTMLImageElement} */ ($("qr-img")).alt = STRINGS.qrCaption;
// has-qr is in the page from the start: the parts keep the code's lane without moving once the script runs.
$("qr-img").addEventListener("error", () => {
  $("qr").hidden = true; // no QR from this server: nothing to scan
  document.body.classList.remove("has-qr");
});

// The view this screen shows (?view=, state.js) decides which parts the page's CSS lays out.
document.body.classList.remove("view-all");
document.body.classList.add(`view-${VIEW}`);
// A screen without the clock says over its panels that it lost the server.
if (VIEW === "standings" || VIEW === "seating") $("side").prepend($("stale"));

function applyTournament() {
  page.fmt = showTournament(page.sections.tournament || {}, STRINGS, $);
  invalidateStrip();
}

function renderParts() {
  renderPrizes();
  renderStandings();
  renderSeating();
  setClass(document.body, "has-standings", !$("standings-panel").hidden);
  setClass(document.body, "has-seating", !$("seating-panel").hidden);
}

function setConnection(state) {
  const conn = $("conn");
  // Since when it is off line, as the server's clock had it then; cleared, and the mark gone, once back.
  if (state === "up") page.offlineSince = null;
  else if (state === "down" && page.offlineSince === null) page.offlineSince = connection.clock.now();
  conn.dataset.state = state;
  setText($("conn-text"), state === "up" ? "" : state === "down" ? STRINGS.offline : STRINGS.connecting);
  if (state === "up") paintOffline(connection.clock.now());
}

// ?print=1 (the referee console's print buttons): print once the first snapshot is shown (the page's own
// data counts: it is drawn as the connection starts).
let printed = false;
function printOnce() {
  if (printed || new URLSearchParams(location.search).get("print") !== "1") return;
  printed = true;
  setTimeout(() => window.print(), 600);
}

const connection = new LiveConnection({
  view: "display",
  onUpdate(next, info) {
    const tournamentChanged = next.tournament !== page.sections.tournament;
    // A seating newly out takes the screen at once (scenes.js), as a result does its standings.
    const seatingOut = (sections) => {
      const shown = seatingToShow(sections);
      return shown ? JSON.stringify([shown.item.id, shown.seating]) : "";
    };
    const seatingNow = seatingOut(next);
    if (info.kind === "event" && seatingNow && seatingNow !== seatingOut(page.sections)) page.want = "seating";
    // The standings hidden from now on (the last rounds): the panel that says so comes up.
    if (info.kind === "event" && Boolean(next.standings_hidden) && !page.sections.standings_hidden) page.want = "standings";
    const before = page.sections.standings;
    page.sections = next;
    if (tournamentChanged) applyTournament();
    if (info.kind === "event" && next.standings !== before && Array.isArray(before)) {
      const rows = changedStandings(before, next.standings);
      if (rows.size) {
        page.want = "standings";
        markChanged(rows, info.event || {});
        renderParts();
        // Show the page with the best-placed changed row.
        turnToChanged(rows);
      }
    }
    invalidateStrip();
    lateChanged();
    renderParts();
    withdrawAnsweredAlerts(banners);
    banners.refresh(next); // a banner's time as the sections now say (an extension, a late timetable)
    renderNotes();
    if (info.kind === "snapshot") printOnce();
    document.body.classList.remove("is-placing"); // drawn: shown (hall.css)
  },
  onEvent(event, { fresh, changes }) {
    if (event.type === "command_undone") {
      banners.withdraw(event.payload?.target);
      return;
    }
    // Private notices (addressed to one player) are not for the hall.
    if (event.type === "announced" && event.payload && event.payload.player) return;
    if (!fresh) return;
    if (event.type === "announced") page.want = "clock"; // under the clock once its banner goes
    // The hello's families say which events are banners; a change of the score (a result, the seating) never is.
    const { types } = connection;
    const banner = types.score.has(event.type) ? null : describeSignal(event, page.sections, STRINGS.banner, page.fmt, types);
    // A signal the scheduler could only send late (the server was down at the time) says when it was due.
    const due = banner ? lateSignalDue(event) : null;
    if (due !== null) withNote(banner, STRINGS.banner.firedLate(page.fmt.time(due)));
    // A seated reserve answers the alert that called for one.
    if (event.type === "reserve_seated") {
      banners.withdraw((b) => b.type === "lateness_alert" && b.item === event.payload?.item);
    }
    if (banner) banners.push(banner);
    // The schedule follows the hall: a round that ran long moved the next one ("Round 2 now starts at 14:50").
    for (const a of followedIn(changes, event)) {
      const moved = describeFollowed(a, STRINGS.banner.plan, page.fmt, connection.clock.now());
      if (moved) banners.push(moved);
    }
  },
  onStatus(up) {
    setConnection(up ? "up" : "down");
  },
});
page.connection = connection;
setConnection("connecting");
connection.start();
animate(frame);
keepAwake();

// A double click (or F key) toggles full screen on the projector machine.
const toggleFullscreen = () => {
  if (document.fullscreenElement) document.exitFullscreen?.();
  else document.documentElement.requestFullscreen?.().catch(() => {});
};
document.addEventListener("dblclick", toggleFullscreen);
document.addEventListener("keydown", (e) => {
  if (e.key === "f" || e.key === "F") toggleFullscreen();
  if (e.key === "Escape") banners.dismiss();
  if (e.key === "ArrowRight" || e.key === " ") {
    standingsPager.turn();
    seatingPager.turn();
    latePager.turn();
  }
});

window.hall = { connection, banners, standingsPager, seatingPager, latePager, page }; // for debugging from the console
