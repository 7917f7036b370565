// @ts-check
// Who this phone is: the card with the chosen name (or the list to choose from), choosing a name,
// "not me", and forgetting a player the server does not know. Choosing or forgetting draws every
// part about the player again.
import { setText } from "../lib/dom.js";
import { renderAppeals } from "./appeals.js";
import { renderBoards } from "./boards.js";
import { clearCheckinError, renderCheckin } from "./checkin.js";
import { renderChooser } from "./chooser.js";
import { renderNotices } from "./notices.js";
import { renderNotifyButton } from "./notify.js";
import { renderScore } from "./results.js";
import { clearCodeError, endSession, renderSession } from "./session.js";
import { $, chosenMe, page } from "./state.js";
import { saveChoice } from "./storage.js";

/** The top cards: the chooser or the chosen name, the player's notices, the code card, the notify button. */
export function renderMe() {
  const { sections, playerId } = page;
  const chosen = playerId ? (sections.players || []).find((p) => p.id === playerId) : null;
  const me = chosenMe();
  const person = me || chosen;
  $("who").hidden = Boolean(playerId);
  $("me").hidden = !playerId;
  if (!playerId) {
    renderChooser(choose);
  } else {
    const teams = new Map((sections.teams || []).map((t) => [t.id, t.name]));
    setText($("me-name"), person ? person.name : playerId);
    setText($("me-team"), person && person.team ? teams.get(person.team) || person.team : "");
  }
  renderAppeals(me);
  renderBoards(me);
  renderNotices(me);
  renderSession();
  renderNotifyButton();
}

/** A name tapped in the list: this phone is that player from now on (the connection follows). */
export function choose(id) {
  page.playerId = id;
  saveChoice(id);
  $("who-problem").hidden = true;
  page.connection.setPlayer(id);
  clearCheckinError();
  clearCodeError();
  renderMe();
  renderScore();
  renderCheckin(page.connection.clock.now(), true);
  window.scrollTo({ top: 0, behavior: "smooth" });
}

/** "Not me": the session ends, the choice is forgotten and the list comes back. */
export function wireNotMe() {
  $("not-you").addEventListener("click", () => {
    endSession();
    clearCodeError();
    page.playerId = null;
    saveChoice(null);
    page.connection.setPlayer(null);
    /** @type {HTMLInputElement} */ ($("filter")).value = "";
    renderMe();
    renderScore();
    $("filter").focus();
  });
}

/** Drop the chosen player (unknown here, or of another tournament) and say why above the list. */
export function forget(problem) {
  page.playerId = null;
  saveChoice(null);
  page.connection.setPlayer(null);
  const p = $("who-problem");
  setText(p, problem);
  p.hidden = false;
  renderMe();
  renderScore();
}
