// @ts-check
// The seat card: where the chosen player sits (table and seat, or the bridge team's match) in the
// round being played, else in the next one, and the next round's seat too once its seating is out.
import { setText } from "../lib/dom.js";
import { nameBook } from "../lib/standings.js";
import { $, STRINGS, page } from "./state.js";

/** Where I sit in each published round, from the public seating (else from `me.seats`); the round
 * notice and the bridge results (a bye) need it too. */
export function mySeats(who) {
  const { sections } = page;
  const all = sections.seating && typeof sections.seating === "object" ? sections.seating : null;
  if (!all) return Array.isArray(who.me?.seats) ? who.me.seats : [];
  const seats = [];
  for (const [item, s] of Object.entries(all)) {
    for (const t of s.tables || []) {
      const at = (t.players || []).indexOf(who.id);
      if (at >= 0) seats.push({ item, table: t.table, seat: at + 1, players: t.players });
    }
    if (!who.team) continue;
    for (const m of s.matches || []) {
      if (m.home === who.team || m.away === who.team) {
        const home = m.home === who.team;
        seats.push({ item, home, opponent: home ? m.away : m.home });
      }
    }
    if (s.bye && s.bye === who.team) seats.push({ item, bye: true });
  }
  return seats;
}

/** A seat in words ("table 4, seat 2", "home vs …", "bye"), the same on the card and in the notice. */
export function seatWords(seat, names) {
  if (seat.bye) return STRINGS.bye;
  if (seat.opponent !== undefined) return seat.home ? STRINGS.homeVs(names.team(seat.opponent)) : STRINGS.awayVs(names.team(seat.opponent));
  return STRINGS.tableSeat(seat.table, seat.seat);
}

/** The seat card for `who` (hidden without a player, a round or a seating). */
export function renderSeat(who) {
  const { sections, fmt } = page;
  const card = $("seat-card");
  const items = (sections.timetable || []).filter((i) => i.playing);
  if (!who || !items.length || (!sections.seating && !Array.isArray(who.me?.seats))) {
    card.hidden = true;
    return;
  }
  const names = nameBook(sections);
  const seats = mySeats(who);
  const current = items.find((i) => i.phase === "in_progress");
  const next = items.find((i) => i.phase === "upcoming");
  const nowSeat = current && seats.find((x) => x.item === current.id);
  const item = nowSeat ? current : next;
  card.hidden = !item;
  if (!item) return;
  const seat = nowSeat || seats.find((x) => x.item === item.id);
  setText($("seat-title"), nowSeat ? STRINGS.seatNow : STRINGS.seatNext);
  card.classList.toggle("is-now", Boolean(nowSeat));
  card.classList.toggle("is-unknown", !seat);
  if (!seat) {
    $("seat-then").hidden = true;
    setText($("seat-line"), item.title);
    setText($("seat-sub"), STRINGS.notPublished(item.title));
    return;
  }
  setText($("seat-line"), STRINGS.seatLine(item.title, seatWords(seat, names)));
  const others = (seat.players || []).filter((p) => p !== who.id).map((p) => names.player(p));
  setText($("seat-sub"), [nowSeat ? "" : STRINGS.startsAtShort(fmt.time(item.start)), others.length ? STRINGS.withPlayers(others) : ""]
    .filter(Boolean).join(" · "));
  // While playing, the next round too once its seating is out.
  const nextSeat = nowSeat && next ? seats.find((x) => x.item === next.id) : null;
  $("seat-then").hidden = !nextSeat;
  if (nextSeat) setText($("seat-then"), STRINGS.seatThen(STRINGS.seatLine(next.title, seatWords(nextSeat, names)), fmt.time(next.start)));
}
