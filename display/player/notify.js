// @ts-check
// Round-start notices for a phone in a pocket: a vibration, a chime and, once allowed, a system
// notification "Round 3 starts at 17:45 — table 4, seat 2" when one of the player's rounds is called
// or starts.
import { setText } from "../lib/dom.js";
import { sound } from "../lib/sound.js";
import { nameBook } from "../lib/standings.js";
import { findItem } from "../lib/timetable.js";
import { mySeats, seatWords } from "./seat.js";
import { $, STRINGS, page, whoAmI } from "./state.js";

const audio = sound({ probe: false }); // a phone plays after a tap: no audio context while the page loads
const canNotify = () => typeof Notification !== "undefined" && window.isSecureContext !== false;

/** The "allow notifications" button: only while the browser would still ask. */
export function renderNotifyButton() {
  const btn = $("notify-allow");
  btn.hidden = !canNotify() || !page.playerId || Notification.permission !== "default";
  setText(btn, STRINGS.notify.allow);
}

/** The button asks the browser for permission (only a tap may). */
export function wireNotify() {
  $("notify-allow").addEventListener("click", async () => {
    try {
      await Notification.requestPermission();
    } catch {
      /* an old browser: the callback form, or nothing */
    }
    renderNotifyButton();
  });
}

/** "Round 3 starts at 17:45 — table 4, seat 2" for one of my rounds (null if not mine). */
function roundNotice(itemId) {
  const { sections } = page;
  const who = whoAmI();
  const item = itemId ? findItem(sections, itemId) : null;
  if (!who || !item || !item.playing) return null;
  const seat = mySeats(who).find((x) => x.item === item.id);
  const where = seat ? seatWords(seat, nameBook(sections)) : "";
  return STRINGS.notify.roundStarts(item.title, page.fmt.time(item.start), where);
}

const notified = new Set();

/** A fresh round_called or round_started event: tell the player if the round is theirs. */
export function roundStartNotice(event) {
  const text = roundNotice(event.payload?.item);
  if (!text) return;
  try {
    if (navigator.userActivation?.hasBeenActive !== false) navigator.vibrate?.([300, 120, 300]);
  } catch {
    /* not allowed yet */
  }
  audio.chime(event.type === "round_started" ? "go" : "called");
  const key = `round:${event.payload?.item}`; // called, then started: one notification per round
  if (!canNotify() || Notification.permission !== "granted" || notified.has(key)) return;
  notified.add(key);
  const title = page.sections.tournament?.name || STRINGS.pageTitle;
  try {
    const n = new Notification(title, { body: text, tag: key, lang: document.documentElement.lang });
    n.onclick = () => {
      window.focus();
      n.close();
    };
  } catch {
    // Android Chrome: only through a service worker; the page has none, the banner says it.
  }
}
