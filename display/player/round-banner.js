// @ts-check
// A round's call ("to your tables") and start on the player's phone: the banner says where to sit
// ("Table 4, seat 2", "home vs …"), and a phone that was asleep, hidden or off line when its round was
// called or started shows what it missed when it wakes — the banner with the table and seat, not only
// the clock. Which round is called or on, and where the player sits, are the server's (the timetable's
// statuses, the published seating); this page only remembers what it has shown.
import { storageKey } from "../lib/base.js";
import { describeSignal } from "../lib/signals.js";
import { nameBook } from "../lib/standings.js";
import { banners } from "./banner.js";
import { mySeats, seatWords } from "./seat.js";
import { STRINGS, page, whoAmI } from "./state.js";

const ROUND_SIGNALS = new Set(["round_called", "round_started"]);
/** The calls and starts this tab has shown (sessionStorage: a reload after sleep remembers them). */
const SEEN_KEY = storageKey("live.player.round-banners");
const SEEN_KEPT = 40;

function seen() {
  try {
    return JSON.parse(sessionStorage.getItem(SEEN_KEY) || "[]");
  } catch {
    return [];
  }
}

function markSeen(key) {
  const keys = seen().filter((k) => k !== key);
  keys.push(key);
  try {
    sessionStorage.setItem(SEEN_KEY, JSON.stringify(keys.slice(-SEEN_KEPT)));
  } catch {
    /* private mode: remembered until the page goes */
  }
}

const keyOf = (type, item) => JSON.stringify([page.sections.tournament?.id ?? "", page.playerId, item, type]);

/** "Table 4, seat 2" (or the bridge team's match) of the chosen player in `item`; "" without a seat there. */
function seatIn(item) {
  const who = whoAmI();
  const seat = who ? mySeats(who).find((x) => x.item === item) : null;
  return seat ? seatWords(seat, nameBook(page.sections)) : "";
}

/** A call's or start's banner with the player's table and seat first (drawn anew with the sections). */
export function withSeat(banner) {
  if (!banner || !ROUND_SIGNALS.has(banner.type)) return banner;
  const time = banner.subOf;
  banner.subOf = (sections) => [seatIn(banner.item), time ? time(sections) : ""].filter(Boolean).join(" · ");
  banner.sub = [banner.subOf(page.sections), banner.note].filter(Boolean).join(" · ");
  return banner;
}

/** A call or start pushed live is seen when the page is in sight (a hidden page shows it again on waking). */
export function shownLive(banner) {
  if (banner && ROUND_SIGNALS.has(banner.type) && document.visibilityState === "visible" && seatIn(banner.item)) {
    markSeen(keyOf(banner.type, banner.item));
  }
}

/**
 * What this phone missed: the start of the player's round being played, else the call of their round
 * called to the tables, when this page has not shown it (asleep, hidden, off line, or opened since).
 * Called on every snapshot, on replayed events, and when the page comes back in sight.
 */
export function catchUp() {
  const types = page.connection?.types;
  if (document.visibilityState !== "visible" || !page.playerId || !types) return;
  const items = (page.sections.timetable || []).filter((i) => i.playing);
  const running = items.find((i) => i.status === "running");
  const called = items.find((i) => i.status === "called");
  const [type, item] = running ? ["round_started", running] : called ? ["round_called", called] : [null, null];
  if (!item || !seatIn(item.id)) return; // nothing called or on, or not the player's round
  const key = keyOf(type, item.id);
  if (seen().includes(key)) return;
  markSeen(key);
  if (banners.has((b) => b.type === type && b.item === item.id)) return; // on screen, or waiting for its turn
  const banner = describeSignal({ type, payload: { item: item.id } }, page.sections, STRINGS.banner, page.fmt, types);
  if (banner) banners.push(withSeat({ ...banner, key: `missed:${key}` }));
}
