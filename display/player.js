// The player page (/player): name picker, own table and seat, countdown, check-in, results, notices.
import {
  LiveConnection, BannerQueue, TEAM_NEEDED, animate, decimalsOf, describeClock, describePenalty, describeSignal, el, fill,
  findItem, formatNumber, gameOf, hasArrived, inProgress, isOpen, itemsOfTheDay, lateCounting, lateNow, latenessReports,
  minuteMs, nameBook, playingItems, rankLabels, resultsOf, setClass, setText, signedMinutes, standingKey, standingsRows,
  standingsStarted, stepAt, timeFormatter,
  loadStrings, tournamentLanguage, sound, jsonOf, placeSpan,
} from "./common.js";
import { describeFollowed, followedIn, plannedStart } from "./plan.js";

// A printed check-in slip's QR code opens /player#code=ABCDEFGH: the code is taken and cleared from the
// address bar at once (a fragment never reaches a server's log; neither the history nor the screen keeps it),
// then exchanged for the player's session like a code typed on the card.
const slipCode = takeSlipCode();
function takeSlipCode() {
  const found = /^#code=([A-Za-z0-9-]{1,40})$/.exec(location.hash);
  if (location.hash.startsWith("#code=")) history.replaceState(history.state, "", location.pathname + location.search);
  return found ? found[1] : "";
}

// Every visible string of this page: /static/i18n/<lang>.json, section "player" (English fills gaps).
const STRINGS = await loadStrings("player", await tournamentLanguage());

const STORAGE_KEY = "live.player";
const $ = (id) => document.getElementById(id);

// Static words.
document.title = STRINGS.pageTitle;
setText($("who-title"), STRINGS.whoTitle);
$("filter").placeholder = STRINGS.filterPlaceholder;
$("filter").setAttribute("aria-label", STRINGS.filterPlaceholder);
setText($("who-hint"), STRINGS.whoHint);
setText($("not-you"), STRINGS.notYou);
setText($("notices-title"), STRINGS.noticesTitle);
setText($("ann-title"), STRINGS.annTitle);
setText($("tt-title"), STRINGS.ttTitle);
setText($("banner-close"), STRINGS.tapToClose);
setText($("ics-link"), STRINGS.icsLink);

let sections = {};
let fmt = timeFormatter(undefined, STRINGS.locale);
let ttKey = "";

// ---- the remembered choice -----------------------------------------------------------

function loadChoice() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) || "null");
    return saved && typeof saved.id === "string" ? saved : null;
  } catch {
    return null;
  }
}
function saveChoice(id) {
  try {
    if (id) localStorage.setItem(STORAGE_KEY, JSON.stringify({ id, tournament: sections.tournament?.name || null }));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    /* private mode: the choice lasts this visit */
  }
}
let playerId = loadChoice()?.id || null;

// ---- searching names (diacritics and Serbian Cyrillic ⇄ Latin fold together) -----------

const CYRILLIC = {
  а: "a", б: "b", в: "v", г: "g", д: "d", ђ: "dj", е: "e", ж: "z", з: "z", и: "i", ј: "j", к: "k", л: "l",
  љ: "lj", м: "m", н: "n", њ: "nj", о: "o", п: "p", р: "r", с: "s", т: "t", ћ: "c", у: "u", ф: "f", х: "h",
  ц: "c", ч: "c", џ: "dz", ш: "s", й: "j", ы: "y", э: "e", ю: "ju", я: "ja", ь: "", ъ: "", ё: "e", є: "je",
  і: "i", ї: "ji", ґ: "g",
};
function fold(text) {
  return String(text || "").toLowerCase()
    .replace(/[\u0400-\u04ff]/g, (c) => CYRILLIC[c] ?? c)
    .replace(/đ/g, "dj").replace(/ł/g, "l").replace(/ß/g, "ss")
    .normalize("NFD").replace(/[\u0300-\u036f]/g, "")
    .replace(/dj/g, "d").replace(/[^a-z0-9]+/g, " ").trim();
}

const MAX_SHOWN = 60;
function renderChooser() {
  const players = sections.players || [];
  const teams = new Map((sections.teams || []).map((t) => [t.id, t.name]));
  const words = fold($("filter").value).split(" ").filter(Boolean);
  const matches = players.filter((p) => {
    const hay = ` ${fold(p.name)} ${fold(teams.get(p.team) || "")} ${fold(p.id)}`;
    return words.every((w) => hay.includes(` ${w}`) || hay.includes(w));
  });
  const shown = matches.slice(0, MAX_SHOWN);
  fill($("players"), shown.map((p) => el("li", {},
    el("button", { type: "button", onclick: () => choose(p.id) },
      el("span", {}, p.name),
      p.team ? el("span", { class: "team" }, teams.get(p.team) || p.team) : null))));
  const hint = $("who-hint");
  if (!matches.length && players.length) setText(hint, STRINGS.noMatch);
  else if (matches.length > shown.length) setText(hint, STRINGS.moreMatches(matches.length - shown.length));
  else setText(hint, STRINGS.whoHint);
}
$("filter").addEventListener("input", renderChooser);
$("filter").addEventListener("keydown", (e) => {
  if (e.key === "Enter") {
    const first = $("players").querySelector("button");
    if (first) first.click();
  }
});

function choose(id) {
  playerId = id;
  saveChoice(id);
  $("who-problem").hidden = true;
  connection.setPlayer(id);
  ciError = "";
  codeError = "";
  renderMe();
  renderScore();
  renderCheckin(connection.clock.now(), true);
  window.scrollTo({ top: 0, behavior: "smooth" });
}

$("not-you").addEventListener("click", () => {
  endSession();
  codeError = "";
  playerId = null;
  saveChoice(null);
  connection.setPlayer(null);
  $("filter").value = "";
  renderMe();
  renderScore();
  $("filter").focus();
});

// ---- rendering -------------------------------------------------------------------------

function applyTournament() {
  const t = sections.tournament || {};
  setText($("name"), t.name || "");
  document.title = t.name ? `${t.name} – ${STRINGS.pageTitle}` : STRINGS.pageTitle;
  const demo = t.speed && t.speed !== 1;
  fmt = timeFormatter(t.timezone, STRINGS.locale, { seconds: Boolean(demo) });
  $("demo").hidden = !demo;
  if (demo) setText($("demo"), STRINGS.demo(t.speed));
  ttKey = "";
}

function renderMe() {
  const chosen = playerId ? (sections.players || []).find((p) => p.id === playerId) : null;
  const me = sections.me && sections.me.id === playerId ? sections.me : null;
  const person = me || chosen;
  $("who").hidden = Boolean(playerId);
  $("me").hidden = !playerId;
  if (!playerId) {
    renderChooser();
  } else {
    const teams = new Map((sections.teams || []).map((t) => [t.id, t.name]));
    setText($("me-name"), person ? person.name : playerId);
    setText($("me-team"), person && person.team ? teams.get(person.team) || person.team : "");
  }
  // The player's own notices: their words only in the player's session (the code opens it).
  const locked = Boolean(me && me.session !== true);
  const notices = me && !locked ? [...(me.notices || [])].reverse() : [];
  $("notices-card").hidden = !playerId;
  $("notices").hidden = locked;
  fill($("notices"), notices.length
    ? notices.map((n) => el("li", {}, el("div", { class: "when" }, fmt.time(n.ts)), el("div", { class: "text" }, n.text ?? "")))
    : el("li", {}, el("span", { class: "empty" }, STRINGS.noNotices)));
  $("notices-locked").hidden = !locked;
  const waiting = Number(me?.private_notices) || 0;
  setText($("notices-locked"), waiting ? STRINGS.session.lockedSome(waiting) : STRINGS.session.locked);
  renderSession();
  renderNotifyButton();
}

function renderAnnouncements() {
  const list = (sections.announcements || []).filter((a) => a.type === "announced" && !a.player).slice(-5).reverse();
  $("ann-card").hidden = !list.length;
  fill($("announcements"), list.map((a) => el("li", {},
    el("div", { class: "when" }, fmt.time(a.ts)), el("div", { class: "text" }, a.text ?? ""))));
}

function itemStatus(item, now, current) {
  if (item.playing) return item.status || "scheduled";
  if (item === current) return "now";
  return item.end <= now ? "done" : "later";
}

let ttAt = 0;
function renderTimetable(now, current) {
  if (ttKey && now - ttAt < 500) return;
  ttAt = now;
  const day = itemsOfTheDay(sections.timetable, now, fmt);
  const key = JSON.stringify(day.map((i) => [i.id, itemStatus(i, now, current), i === current]));
  if (key === ttKey) return;
  ttKey = key;
  fill($("timetable"), day.map((item) => {
    const status = itemStatus(item, now, current);
    const word = STRINGS.status[status] ?? status;
    return el("li", { class: `st-${status}${item === current ? " is-current" : ""}` },
      el("span", { class: "t" }, fmt.time(item.start),
        plannedStart(item) !== null ? el("s", { class: "p-was", title: STRINGS.plannedAt(fmt.time(plannedStart(item))) },
          fmt.time(plannedStart(item))) : null),
      el("span", { class: "title" }, item.title),
      word ? el("span", { class: `chip st-${status}` }, word) : el("span"));
  }));
}

function frame(now) {
  if (!sections.timetable) return;
  const c = describeClock(sections, now, STRINGS, fmt);
  const box = $("clock");
  setText($("kicker"), c.kicker);
  setText($("headline"), c.headline);
  setText($("countdown"), c.count);
  setText($("state"), c.state);
  setText($("sub"), c.sub);
  if (box.dataset.mode !== c.mode) box.dataset.mode = c.mode;
  setClass(box, "is-called", c.called);
  setClass(box, "is-urgent", c.urgent);
  setClass(box, "is-last-deals", c.lastDeals);
  setClass(box, "no-count", c.count === "");
  setClass(box, "long-count", c.count.length > 5); // "2:59:59" must fit a phone's width
  setClass(box, "xlong-count", c.count.length > 7);
  const next = $("next");
  next.hidden = !c.upcoming;
  if (c.upcoming) {
    const text = `${c.upcomingLabel}: ${c.upcoming.title} · ${c.upcomingTime}`;
    if (next.dataset.text !== text) {
      next.dataset.text = text;
      fill(next, `${c.upcomingLabel}: `, el("b", {}, c.upcoming.title), ` · ${c.upcomingTime}`);
    }
  }
  renderTimetable(now, c.current);
  renderCheckin(now);
}

// ---- your round, your results, your place ---------------------------------------------------

const NUM = { locale: STRINGS.locale };

/** The chosen player and team (from the players list, or from `me`). */
function whoAmI() {
  if (!playerId) return null;
  const me = sections.me && sections.me.id === playerId ? sections.me : null;
  const p = (sections.players || []).find((x) => x.id === playerId) || me;
  return { id: playerId, team: p ? p.team || null : null, me };
}

/** Where I sit in each published round, from the public seating (else from `me.seats`). */
function mySeats(who) {
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

function seatWords(seat, names) {
  if (seat.bye) return STRINGS.bye;
  if (seat.opponent !== undefined) return seat.home ? STRINGS.homeVs(names.team(seat.opponent)) : STRINGS.awayVs(names.team(seat.opponent));
  return STRINGS.tableSeat(seat.table, seat.seat);
}

function renderSeat(who) {
  const card = $("seat-card");
  const items = playingItems(sections);
  if (!who || !items.length || (!sections.seating && !Array.isArray(who.me?.seats))) {
    card.hidden = true;
    return;
  }
  const names = nameBook(sections);
  const seats = mySeats(who);
  const current = items.find((i) => inProgress(i));
  const next = items.find((i) => isOpen(i));
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

let showAllStandings = false;
$("around-toggle").addEventListener("click", () => {
  showAllStandings = !showAllStandings;
  renderPlace(whoAmI());
});

function renderPlace(who) {
  const card = $("place-card");
  const rows = standingsRows(sections);
  const hiddenFrom = sections.standings_hidden;
  // From round N on the hall sees no standings (the server sends none): say so, and until when.
  card.classList.toggle("is-hidden-standings", Boolean(hiddenFrom));
  if (hiddenFrom) {
    card.hidden = false;
    setText($("place-title"), STRINGS.standingsTitle);
    setText($("place-line"), STRINGS.standingsHidden);
    $("place-line").hidden = false;
    setText($("place-detail"), STRINGS.standingsHiddenFrom(hiddenFrom.from_round));
    $("place-detail").hidden = false;
    fill($("around-cols"));
    fill($("around"));
    $("around-toggle").hidden = true;
    return;
  }
  if (!rows.length || !standingsStarted(rows)) {
    card.hidden = true;
    return;
  }
  card.hidden = false;
  const bridge = gameOf(sections) === "bridge";
  card.classList.toggle("is-bridge", bridge);
  const mineKey = who ? (bridge ? who.team : who.id) : null;
  const at = mineKey ? rows.findIndex((r) => standingKey(r) === mineKey) : -1;
  const labels = rankLabels(rows, STRINGS.rank, STRINGS.rankRange);
  setText($("place-title"), at >= 0 ? STRINGS.placeTitle : STRINGS.standingsTitle);
  $("place-line").hidden = at < 0;
  $("place-detail").hidden = at < 0;
  if (at >= 0) {
    const row = rows[at];
    setText($("place-line"), STRINGS.placeLine(labels[at], rows.length));
    const parts = bridge
      ? [STRINGS.placeDetailBridge(formatNumber(row.vp, { max: 2, ...NUM }), formatNumber(row.imp_diff, { max: 1, signed: true, ...NUM }), row.played ?? 0)]
      : [STRINGS.placeDetailPreferans(formatNumber(row.points, { min: 1, max: 2, ...NUM }), formatNumber(row.bule, { max: 1, signed: true, ...NUM }), row.rounds ?? 0)];
    if (!bridge && Number(row.penalty_bule) > 0) parts.push(STRINGS.penaltyBuleOnPaper(formatNumber(row.penalty_bule, NUM)));
    if (bridge && Number(row.penalty_vp) > 0) parts.push(STRINGS.penaltyVp(formatNumber(row.penalty_vp, { max: 1, ...NUM })));
    setText($("place-detail"), parts.join(" · "));
  }
  // Three above and three below me (or the top seven), or the whole list on request.
  const around = 3;
  let from = 0;
  let to = rows.length;
  if (!showAllStandings) {
    from = at >= 0 ? Math.max(0, Math.min(at - around, rows.length - (2 * around + 1))) : 0;
    to = Math.min(rows.length, from + 2 * around + 1);
  }
  const vpDigits = decimalsOf(rows.map((r) => r.vp));
  const pointDigits = Math.max(1, decimalsOf(rows.map((r) => r.points)));
  const c = bridge ? STRINGS.cols.bridge : STRINGS.cols.preferans;
  fill($("around-cols"), el("span", { class: "c-rank" }, c.rank), el("span", { class: "c-name" }, c.name),
    el("span", { class: "c-num" }, bridge ? c.vp : c.points), el("span", { class: "c-num" }, bridge ? c.imps : c.bule));
  fill($("around"), rows.slice(from, to).map((row, k) => {
    const i = from + k;
    return el("li", { class: `p-st-row${i === at ? " is-me" : ""}` },
      el("span", { class: "c-rank" }, labels[i]),
      el("span", { class: "c-name" }, row.name ?? standingKey(row)),
      el("span", { class: "c-num c-main" }, bridge ? formatNumber(row.vp, { min: vpDigits, max: vpDigits, ...NUM })
        : formatNumber(row.points, { min: pointDigits, max: pointDigits, ...NUM })),
      el("span", { class: "c-num" }, bridge ? formatNumber(row.imp_diff, { max: 1, signed: true, ...NUM })
        : formatNumber(row.bule, { max: 1, signed: true, ...NUM })));
  }));
  const toggle = $("around-toggle");
  toggle.hidden = rows.length <= 2 * around + 1;
  setText(toggle, showAllStandings ? STRINGS.showFewer : STRINGS.showAll);
}

/** My result lines, round by round: from the public results (else from `me.results`). */
function myResults(who) {
  const bridge = gameOf(sections) === "bridge";
  const lines = [];
  const fromMe = !sections.results && Array.isArray(who.me?.results) ? who.me.results : null;
  const items = playingItems(sections);
  const seats = bridge ? mySeats(who) : [];
  for (const item of items) {
    const rows = fromMe ? fromMe.filter((r) => r.item === item.id) : resultsOf(sections, item.id);
    for (const row of rows) {
      if (Array.isArray(row.players)) {
        const mine = row.players.find((p) => p.player === who.id);
        if (mine) lines.push({ item, row, mine });
      } else if (who.team && (row.home === who.team || row.away === who.team)) {
        lines.push({ item, row, home: row.home === who.team });
      }
    }
    if (bridge && (inProgress(item) || item.status === "ended") && seats.some((x) => x.item === item.id && x.bye)) {
      lines.push({ item, bye: true });
    }
  }
  return lines;
}

function renderResults(who) {
  const card = $("results-card");
  const lines = who ? myResults(who) : [];
  card.hidden = !lines.length;
  if (!lines.length) return;
  const bridge = gameOf(sections) === "bridge";
  const names = nameBook(sections);
  setText($("results-title"), STRINGS.resultsTitle);
  fill($("results-head"), (bridge ? STRINGS.resultCols.bridge : STRINGS.resultCols.preferans)
    .map((h, i) => el("th", { class: i >= 2 ? "num" : "" }, h)));
  const tag = (row) => (row && row.corrected ? el("span", { class: "chip p-tag" }, STRINGS.corrected) : null);
  fill($("results"), lines.map(({ item, row, mine, home, bye }) => {
    if (bye) {
      return el("tr", {}, el("td", {}, item.title), el("td", { class: "muted" }, STRINGS.byeRow), el("td", { class: "num" }, "–"),
        el("td", { class: "num" }, "–"));
    }
    if (mine) {
      const place = row.walkover ? (mine.absent ? STRINGS.absent : STRINGS.walkover)
        : mine.shared ? STRINGS.sharedPlace(...placeSpan(row.players, mine)) : STRINGS.place(mine.place);
      return el("tr", {},
        el("td", {}, item.title, tag(row)),
        el("td", {}, String(row.table)),
        el("td", { class: "num" }, row.walkover ? "–" : formatNumber(mine.result, { max: 1, signed: true, ...NUM })),
        el("td", { class: "num" }, place),
        el("td", { class: "num strong" }, formatNumber(mine.points, { min: 1, max: 2, ...NUM })));
    }
    const opponent = names.team(home ? row.away : row.home);
    if (row.forfeit) {
      const lost = row.forfeit === who.team;
      return el("tr", {}, el("td", {}, item.title), el("td", {}, opponent),
        el("td", { class: `num ${lost ? "bad" : ""}` }, lost ? STRINGS.forfeitLost : STRINGS.forfeitWon), el("td", { class: "num" }, "–"));
    }
    const mineImps = home ? row.imps_home : row.imps_away;
    const theirImps = home ? row.imps_away : row.imps_home;
    return el("tr", {},
      el("td", {}, item.title, tag(row)),
      el("td", {}, opponent),
      el("td", { class: "num" }, STRINGS.imps(formatNumber(mineImps, { max: 1, ...NUM }), formatNumber(theirImps, { max: 1, ...NUM }))),
      el("td", { class: "num strong" }, formatNumber(home ? row.vp_home : row.vp_away,
        { min: decimalsOf([row.vp_home, row.vp_away]), max: 2, ...NUM })));
  }));
}

function renderPenalties(who) {
  const card = $("pen-card");
  const list = who && Array.isArray(who.me?.penalties) ? who.me.penalties : [];
  card.hidden = !list.length;
  if (!list.length) return;
  setText($("pen-title"), STRINGS.penTitle);
  fill($("penalties"), [...list].reverse().map((p) => {
    const item = p.item ? findItem(sections, p.item) : null;
    return el("li", {},
      el("div", { class: "when" }, [fmt.time(p.ts), item ? STRINGS.penaltyIn(item.title) : ""].filter(Boolean).join(" · ")),
      el("div", { class: "text" }, el("b", {}, STRINGS.penalty(formatNumber(p.amount, { max: 1, ...NUM }), p.unit)),
        p.reason ? ` — ${p.reason}` : ""));
  }));
  const note = $("pen-note");
  const bridge = gameOf(sections) === "bridge";
  note.hidden = false;
  setText(note, bridge ? STRINGS.penNoteBridge : STRINGS.penNotePreferans);
}

function renderScore() {
  const who = whoAmI();
  renderSeat(who);
  renderPlace(who);
  renderResults(who);
  renderPenalties(who);
}

// ---- check-in with the personal code ----------------------------------------------------------

/** Tournament minutes before a round's start when its check-in opens (the rules' checkin_opens_before). */
const CHECKIN_OPENS_MIN = 60;
const CHECKED_KEY = "live.checkedIn";
let ciSending = false;
let ciError = "";
let ciErrorFor = null; // the round the error was about: it is not shown for another one
let ciKey = "";
let ciAt = 0;

/** The round open for check-in at `now`: the latest one not ended whose start is at most an hour away. */
function checkinRound(now) {
  const opens = CHECKIN_OPENS_MIN * minuteMs(sections);
  const open = playingItems(sections).filter((i) => i.status !== "ended" && Number.isFinite(i.start) && i.start - opens <= now);
  return open.length ? open.reduce((a, b) => (b.start >= a.start ? b : a)) : null;
}

/** Whether this page holds the chosen player's session (the server says so in `me`). */
function hasSession() {
  const me = sections.me && sections.me.id === playerId ? sections.me : null;
  return Boolean(me && me.session === true);
}

/** Codes an older page kept on this phone, per tournament and player. The session replaces them: one is
 * exchanged for a session once, and the whole list is removed either way (the page keeps no code). */
const LEGACY_CODES_KEY = "live.checkinCodes";
function takeLegacyCode() {
  let code = "";
  try {
    const all = JSON.parse(localStorage.getItem(LEGACY_CODES_KEY) || "null");
    const key = JSON.stringify([sections.tournament?.name || "", playerId || ""]);
    if (all && typeof all === "object" && typeof all[key] === "string") code = all[key];
    localStorage.removeItem(LEGACY_CODES_KEY);
  } catch {
    /* private mode: nothing was kept */
  }
  return code;
}

/** My own check-ins on this phone (a bridge team's row counts members, not who). */
function myCheckIns() {
  try {
    const all = JSON.parse(localStorage.getItem(CHECKED_KEY) || "{}");
    return all && typeof all === "object" ? all : {};
  } catch {
    return {};
  }
}
function rememberCheckIn(item, at) {
  const all = myCheckIns();
  all[`${playerId}:${item}`] = at;
  try {
    localStorage.setItem(CHECKED_KEY, JSON.stringify(all));
  } catch {
    /* private mode */
  }
}

/** What lateness means for a line of mine, in words: "7 minutes late — you start with 314 bule". */
function lateWords(row) {
  const minutes = Math.floor((Number(row.late_ms) || 0) / minuteMs(sections));
  if (!(Number(row.late_ms) > 0)) return STRINGS.ci.onTime;
  return STRINGS.ci.late(minutes, describePenalty(row, STRINGS.penalty).text);
}

function renderCheckin(now, force = false) {
  if (!force && now - ciAt < 250) return;
  ciAt = now;
  const card = $("ci-card");
  const me = sections.me && sections.me.id === playerId ? sections.me : null;
  if (!playerId || !me || !sections.timetable) {
    card.hidden = true;
    return;
  }
  const C = STRINGS.ci;
  const item = checkinRound(now);
  const arrivals = Array.isArray(me.arrivals) ? me.arrivals : [];
  const report = item ? latenessReports(sections)[item.id] : null;
  const row = item ? arrivals.find((r) => r.item === item.id) : null;
  const bridge = gameOf(sections) === "bridge";
  const mine = item ? myCheckIns()[`${playerId}:${item.id}`] : undefined;
  let status = "";
  let detail = "";
  let button = false;
  if (!item) {
    const opens = CHECKIN_OPENS_MIN * minuteMs(sections);
    const next = playingItems(sections).find((i) => i.status !== "ended");
    status = next ? C.closed(next.title, fmt.time(next.start - opens)) : C.noRound;
  } else if (report && !row) {
    status = C.notExpected(item.title);
  } else if (row && row.reserve) {
    status = C.reserve(row.reserve, row.starts_with);
  } else if (row && hasArrived(row) && (!bridge || Number.isFinite(mine))) {
    status = bridge ? C.youCheckedIn(fmt.time(mine)) : C.checkedIn(fmt.time(row.arrived_at));
    detail = bridge ? `${C.teamComplete(fmt.time(row.arrived_at))} · ${lateWords(row)}` : lateWords(row);
  } else if (bridge && Number.isFinite(mine)) {
    status = C.youCheckedIn(fmt.time(mine));
    detail = row ? C.teamNotComplete(Number(row.members_in) || 0, TEAM_NEEDED) : "";
  } else {
    button = true;
    if (row && row.excused) status = C.excused;
    else if (report && lateCounting(report, now) && lateNow(report, now) > 0) {
      const late = lateNow(report, now);
      const minutes = Math.floor(late / minuteMs(sections));
      status = C.lateNow(minutes, describePenalty(stepAt(report.steps, late), STRINGS.penalty).text);
    } else status = isOpen(item) ? C.open(fmt.time(item.start)) : C.openLate;
    if (bridge && row && hasArrived(row)) detail = `${C.teamComplete(fmt.time(row.arrived_at))} · ${lateWords(row)}`;
    else if (bridge && row) detail = C.teamNotComplete(Number(row.members_in) || 0, TEAM_NEEDED);
  }
  const error = ciError && ciErrorFor === (item ? item.id : null) ? ciError : "";
  const session = hasSession();
  const key = JSON.stringify([item?.id, status, detail, button, ciSending, error, session]);
  if (key === ciKey) return;
  ciKey = key;
  card.hidden = false;
  // While there is something to do it comes first; once done it waits under the round's seat.
  const anchor = button ? $("clock") : $("notices-card");
  if (card.nextElementSibling !== anchor) anchor.before(card);
  setText($("ci-title"), item ? C.title(item.title) : C.titleNone);
  setText($("ci-status"), status);
  card.classList.toggle("is-in", !button && Boolean(row && (hasArrived(row) || Number.isFinite(mine))));
  card.classList.toggle("is-late", button && status !== C.excused && report !== null && lateCounting(report, now) && lateNow(report, now) > 0);
  $("ci-detail").hidden = !detail;
  setText($("ci-detail"), detail);
  const btn = $("ci-button");
  btn.hidden = !button || !session;
  btn.disabled = ciSending;
  setText(btn, ciSending ? C.sending : C.button);
  $("ci-error").hidden = !error;
  setText($("ci-error"), error);
  // Without the session the check-in waits for the code (the card above asks for it).
  $("ci-hint").hidden = !button || session;
  setText($("ci-hint"), C.needSession);
}

$("ci-button").addEventListener("click", async () => {
  if (!hasSession() || ciSending) return;
  ciSending = true;
  ciError = "";
  ciErrorFor = checkinRound(connection.clock.now())?.id ?? null;
  renderCheckin(connection.clock.now(), true);
  try {
    // The session cookie says who: the page keeps no code.
    const response = await fetch("/api/checkin", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: "{}", credentials: "same-origin",
    });
    const data = await jsonOf(response);
    if (response.status === 401) {
      // The session ended (expired, or the server's secret changed): ask for the code again.
      ciError = STRINGS.session.ended;
      connection.setPlayer(playerId);
    } else if (!response.ok) {
      ciError = (data && typeof data.error === "string" && data.error) || STRINGS.ci.httpError(response.status);
      // Already checked in (by the referee, or on another phone): the server says when.
      const item = checkinRound(connection.clock.now());
      if (response.status === 409 && item && Number.isFinite(data?.detail?.at)) rememberCheckIn(item.id, data.detail.at);
    } else {
      const event = (data && data.events && data.events[0]) || {};
      const p = event.payload || {};
      if (p.item && Number.isFinite(p.at)) rememberCheckIn(p.item, p.at);
    }
  } catch {
    ciError = STRINGS.ci.unreachable;
  } finally {
    ciSending = false;
    ciKey = "";
    renderCheckin(connection.clock.now(), true);
  }
});

// ---- the player's session: the code, typed once ----------------------------------------------

let codeSending = false;
let codeError = "";

function renderSession() {
  const me = sections.me && sections.me.id === playerId ? sections.me : null;
  const asking = Boolean(playerId && me && me.session !== true);
  const S = STRINGS.session;
  $("code-card").hidden = !asking;
  setText($("code-title"), S.title);
  setText($("code-prompt"), S.prompt);
  setText($("code-label"), S.label("ABCD-EFGH"));
  setText($("code-open"), codeSending ? S.opening : S.open);
  $("code-open").disabled = codeSending;
  $("code-error").hidden = !codeError;
  setText($("code-error"), codeError);
}

/** Exchange a code for the session (an HttpOnly cookie the server sets); true when it opened. */
async function openSession(code) {
  codeSending = true;
  codeError = "";
  renderSession();
  try {
    const response = await fetch("/api/player-session", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code }),
      credentials: "same-origin",
    });
    const data = await jsonOf(response);
    if (response.ok && data && typeof data.player === "string") {
      $("code-input").value = "";
      // The code says who this is: the page follows it, and reconnects so the socket carries the session.
      if (data.player !== playerId) {
        playerId = data.player;
        saveChoice(data.player);
      }
      connection.setPlayer(playerId);
      return true;
    }
    if (response.status === 429) {
      const wait = Number(response.headers.get("Retry-After")) || Number(data?.detail?.retry_after) || 30;
      codeError = STRINGS.session.tooMany(wait);
    } else if (response.status === 403 || response.status === 422) {
      codeError = STRINGS.session.wrong;
    } else {
      codeError = STRINGS.ci.httpError(response.status);
    }
  } catch {
    codeError = STRINGS.ci.unreachable;
  } finally {
    codeSending = false;
    renderSession();
  }
  return false;
}

$("code-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const code = $("code-input").value.trim();
  if (!code || !playerId || codeSending) return;
  openSession(code);
});

/** "Not me": the session on this phone ends (the server clears its cookie). */
function endSession() {
  fetch("/api/player-session", { method: "DELETE", credentials: "same-origin" }).catch(() => {});
}

// ---- round-start notices: vibration, chime and a system notification -------------------------

const audio = sound();
const canNotify = () => typeof Notification !== "undefined" && window.isSecureContext !== false;
function renderNotifyButton() {
  const btn = $("notify-allow");
  btn.hidden = !canNotify() || !playerId || Notification.permission !== "default";
  setText(btn, STRINGS.notify.allow);
}
$("notify-allow").addEventListener("click", async () => {
  try {
    await Notification.requestPermission();
  } catch {
    /* an old browser: the callback form, or nothing */
  }
  renderNotifyButton();
});

/** "Round 3 starts at 17:45 — table 4, seat 2" for one of my rounds (null if not mine). */
function roundNotice(itemId) {
  const who = whoAmI();
  const item = itemId ? findItem(sections, itemId) : null;
  if (!who || !item || !item.playing) return null;
  const seat = mySeats(who).find((x) => x.item === item.id);
  const where = seat ? seatWords(seat, nameBook(sections)) : "";
  return STRINGS.notify.roundStarts(item.title, fmt.time(item.start), where);
}

const notified = new Set();
function roundStartNotice(event) {
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
  const title = sections.tournament?.name || STRINGS.pageTitle;
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

// ---- banners -----------------------------------------------------------------------------

const banners = new BannerQueue((b) => {
  const box = $("banner");
  if (!b) {
    box.hidden = true;
    return;
  }
  box.className = `p-banner tone-${b.tone}${b.long ? " long" : ""}`;
  setText($("banner-kicker"), b.kicker);
  setText($("banner-title"), b.title);
  setText($("banner-sub"), b.sub);
  box.hidden = false;
  try {
    if (navigator.userActivation?.hasBeenActive !== false) navigator.vibrate?.(b.tone === "private" || b.tone === "called" || b.tone === "go" ? [300, 120, 300] : 200);
  } catch {
    /* not allowed yet (no tap on the page): fine */
  }
});
$("banner").addEventListener("click", () => banners.dismiss());

function setConnection(state) {
  const conn = $("conn");
  conn.dataset.state = state;
  setText($("conn-text"), state === "up" ? "" : state === "down" ? STRINGS.offline : STRINGS.connecting);
}
setConnection("connecting");

const connection = new LiveConnection({
  view: "player",
  player: playerId,
  onUpdate(next, info) {
    const tournamentChanged = next.tournament !== sections.tournament;
    sections = next;
    if (tournamentChanged) applyTournament();
    if (info.kind === "snapshot" && playerId) {
      // A choice saved during another tournament on this server is not this player.
      const saved = loadChoice();
      if (saved && saved.tournament && sections.tournament && saved.tournament !== sections.tournament.name) {
        forget(STRINGS.unknownPlayer);
        return;
      }
      if (saved && !saved.tournament) saveChoice(playerId);
      const legacy = takeLegacyCode();
      if (legacy && sections.me && sections.me.id === playerId && sections.me.session !== true) openSession(legacy);
    }
    ttKey = "";
    ciKey = "";
    renderMe();
    renderAnnouncements();
    renderScore();
    renderCheckin(connection.clock.now(), true);
  },
  onEvent(event, { fresh, changes }) {
    if (event.type === "command_undone") {
      const target = event.payload?.target;
      banners.withdraw(target);
      // The server pushes `me` only with events addressed to a player, and an undo is not:
      // drop an undone private notice here, or it would stay until the next reconnect.
      const me = sections.me;
      if (me && (me.notices || []).some((n) => n.seq === target)) {
        sections = connection.patch("me", { ...me, notices: me.notices.filter((n) => n.seq !== target) });
        renderMe();
      }
      return;
    }
    const addressed = event.payload && event.payload.player;
    if (event.type === "announced" && addressed && addressed !== playerId) return;
    if (!fresh) return;
    const banner = describeSignal(event, sections, STRINGS.banner, fmt);
    // A notice for me that this page may not read (no session): say there is one, and where to read it.
    if (banner && event.type === "announced" && event.payload?.private) {
      banner.title = STRINGS.session.lockedBanner;
      banner.long = true;
    }
    if (banner) banners.push(banner);
    // A round that ran long moved the next one: "Round 2 now starts at 14:50".
    for (const a of followedIn(changes, event)) {
      const moved = describeFollowed(a, STRINGS.banner.plan, fmt, connection.clock.now());
      if (moved) banners.push(moved);
    }
    if (event.type === "round_called" || event.type === "round_started") roundStartNotice(event);
  },
  onStatus(up) {
    setConnection(up ? "up" : "down");
  },
  onError(message) {
    // The server refused the connection: most likely the saved player id is unknown.
    if (playerId) forget(STRINGS.unknownPlayer);
    else console.warn(message);
  },
});

function forget(problem) {
  playerId = null;
  saveChoice(null);
  connection.setPlayer(null);
  const p = $("who-problem");
  setText(p, problem);
  p.hidden = false;
  renderMe();
  renderScore();
}

renderMe();
if (slipCode) {
  // One connection, opened with the session the slip's code gives (or without, saying the code is wrong).
  openSession(slipCode).then((opened) => {
    if (!opened && !playerId) {
      setText($("who-problem"), codeError);
      $("who-problem").hidden = false;
    }
  }).finally(() => connection.start());
} else {
  connection.start();
}
animate(frame);
window.hall = { connection, banners };
