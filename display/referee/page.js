// @ts-check
// The console's fixed words (the sign-in card, the headings, the buttons in referee.html), its
// section links, and the print buttons, which open the display's standings or seating to print.
import { at } from "../lib/base.js";
import { el, fill, setText } from "../lib/dom.js";
import { $, STRINGS } from "./state.js";

/** Open the display's standings or seating view and print it (the display prints once its data is in). */
function printView(view) {
  const params = new URLSearchParams({ view, print: "1" });
  const lang = new URLSearchParams(location.search).get("lang");
  if (lang) params.set("lang", lang);
  const w = window.open(at(`/display?${params}`), "_blank");
  if (!w) {
    location.assign(at(`/display?${params}`)); // a blocked pop-up: print from this tab, Back returns
    return;
  }
  // The display calls window.print() itself once its first snapshot is shown (?print=1).
}

/** Put the catalogue's words on the page's static elements, and wire the print buttons. */
export function labelPage() {
  document.title = STRINGS.pageTitle;
  setText($("login-title"), STRINGS.loginTitle);
  setText($("login-text"), STRINGS.loginText);
  /** @type {HTMLInputElement} */ ($("token")).placeholder = STRINGS.tokenPlaceholder;
  $("token").setAttribute("aria-label", STRINGS.tokenPlaceholder);
  setText($("login-button"), STRINGS.loginButton);
  setText($("logout"), STRINGS.logout);
  setText($("print-standings"), STRINGS.printStandings);
  setText($("print-seating"), STRINGS.printSeating);
  $("print-standings").addEventListener("click", () => printView("standings"));
  $("print-seating").addEventListener("click", () => printView("seating"));
  setText($("tt-title"), STRINGS.ttTitle);
  setText($("announce-title"), STRINGS.announceTitle);
  /** @type {HTMLTextAreaElement} */ ($("announce-text")).placeholder = STRINGS.announcePlaceholder;
  $("announce-player").setAttribute("aria-label", STRINGS.announceTo);
  setText($("announce-button"), STRINGS.announceButton);
  setText($("audit-title"), STRINGS.auditTitle);
  setText($("audit-seq"), STRINGS.auditSeq);
  setText($("audit-time"), STRINGS.auditTime);
  setText($("audit-who"), STRINGS.auditWho);
  setText($("audit-what"), STRINGS.auditWhat);
  setText($("audit-undo"), STRINGS.undoRow);
  setText($("undo-last"), STRINGS.undoLast);
  fill($("r-nav"), Object.entries(STRINGS.nav).map(([id, label]) => el("a", { href: `#${id}`, dataset: { nav: id } }, label)));
}
