// @ts-check
// The announcements of the day (section `announcements`): the latest free-text ones stay on the
// screen under the clock, one made while the display was offline too; a new day leaves yesterday's behind.
import { el, fill, setClass, setText } from "../lib/dom.js";
import { keptAnnouncements } from "./parts.js";
import { $, STRINGS, VIEW, page, wants } from "./state.js";

/** How many of the latest free-text announcements stay on the screen (one made while it was offline too). */
const NOTES_KEPT = 3;
let notesKey = "";

/** The kept announcements, newest first (drawn again only when they change). */
export function renderNotes() {
  const { fmt } = page;
  const list = wants("clock") && VIEW !== "standings" && VIEW !== "seating"
    ? keptAnnouncements(page.sections.announcements, page.connection.clock.now(), fmt, NOTES_KEPT) : [];
  const key = JSON.stringify(list.map((a) => [a.seq, a.text, fmt.time(a.ts)]));
  if (key === notesKey) return;
  notesKey = key;
  $("notes").hidden = !list.length;
  setClass(document.body, "has-notes", list.length > 0);
  setText($("notes-title"), STRINGS.announcements);
  fill($("notes-list"), list.map((a) => el("li", { class: "d-note", dataset: { seq: a.seq } },
    el("span", { class: "d-note-time" }, fmt.time(a.ts)), el("span", { class: "d-note-text" }, a.text))));
}
setInterval(() => renderNotes(), 30_000); // a new day leaves yesterday's behind
