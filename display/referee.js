// The referee console (/referee): round commands, check-in, seating and results, penalties, audit.
import {
  LiveConnection, TEAM_NEEDED, animate, commandId, decimalsOf, describeClock, describeLateness, describePenalty, el, fill, firstStep,
  formatDuration, formatNumber, gameOf, hasArrived, inProgress, isMissing, isOpen, lateCounting, lateNow, latenessReports,
  latenessRound, nameBook, playingItems, rankLabels, resultsOf, runningMs, seatingOf, setClass, setText, signedMinutes,
  Outbox, postResending, showTournament, standingsRows, standingsStarted, stepAt, timeFormatter, tournamentMs,
  loadStrings, tournamentLanguage, jsonOf, placeSpan,
} from "./common.js";
import { heldReason, plannedStart } from "./plan.js";
import { planEditor } from "./referee-plan.js";
import { rosterCard } from "./referee-roster.js";
import { refereesCard } from "./referee-team.js";
import { sayRefusal } from "./refusal.js";

// Every visible string of this page: /static/i18n/<lang>.json, section "referee" (English fills gaps).
const STRINGS = await loadStrings("referee", await tournamentLanguage());
// Words that need the page's own helpers around the catalogue's templates.
{
  const countOpen = STRINGS.countOpen;
  STRINGS.countOpen = (ms) => countOpen(formatDuration(ms));
  const undone = STRINGS.audit.command_undone;
  STRINGS.audit.command_undone = (x) => undone({ ...x, undidName: STRINGS.commandNames[x.undid] || x.undid });
}

const $ = (id) => document.getElementById(id);

// Static words.
document.title = STRINGS.pageTitle;
setText($("login-title"), STRINGS.loginTitle);
setText($("login-text"), STRINGS.loginText);
$("token").placeholder = STRINGS.tokenPlaceholder;
$("token").setAttribute("aria-label", STRINGS.tokenPlaceholder);
setText($("login-button"), STRINGS.loginButton);
setText($("logout"), STRINGS.logout);
setText($("print-standings"), STRINGS.printStandings);
setText($("print-seating"), STRINGS.printSeating);
/** Open the display's standings or seating view and print it (the display prints once its data is in). */
function printView(view) {
  const params = new URLSearchParams({ view, print: "1" });
  const lang = new URLSearchParams(location.search).get("lang");
  if (lang) params.set("lang", lang);
  const w = window.open(`/display?${params}`, "_blank");
  if (!w) {
    location.assign(`/display?${params}`); // a blocked pop-up: print from this tab, Back returns
    return;
  }
  // The display calls window.print() itself once its first snapshot is shown (?print=1).
}
$("print-standings").addEventListener("click", () => printView("standings"));
$("print-seating").addEventListener("click", () => printView("seating"));
setText($("tt-title"), STRINGS.ttTitle);
setText($("announce-title"), STRINGS.announceTitle);
$("announce-text").placeholder = STRINGS.announcePlaceholder;
setText($("announce-button"), STRINGS.announceButton);
setText($("audit-title"), STRINGS.auditTitle);
setText($("audit-seq"), STRINGS.auditSeq);
setText($("audit-time"), STRINGS.auditTime);
setText($("audit-who"), STRINGS.auditWho);
setText($("audit-what"), STRINGS.auditWhat);
setText($("undo-last"), STRINGS.undoLast);
fill($("r-nav"), Object.entries(STRINGS.nav).map(([id, label]) => el("a", { href: `#${id}`, dataset: { nav: id } }, label)));

let sections = {};
let fmt = timeFormatter(undefined, STRINGS.locale);
let fmtSec = timeFormatter(undefined, STRINGS.locale, { seconds: true }); // check-in times, to the second
let connection = null;

// ---- signing in: the server keeps the session in an HttpOnly cookie; this page never holds a token

/** Who is signed in here: {name, actor, expires, referees} from the server; null when nobody is. */
let me = null;

/** A referee's name as the console shows it (the shared token's referee has no name of their own). */
function displayName(name) {
  return name === "referee" ? STRINGS.sharedReferee : name;
}

/** Who did an audited thing: a referee's name, or the player who checked themselves in. */
function actorName(actor) {
  if (!actor || actor === "referee") return STRINGS.sharedRefereeShort;
  if (actor.startsWith("referee:")) return actor.slice("referee:".length);
  if (actor.startsWith("player:")) return playerName(actor.slice("player:".length));
  return actor;
}

function showLogin(problem = "") {
  me = null;
  $("app").hidden = true;
  $("login").hidden = false;
  setText($("login-error"), problem);
  $("token").value = "";
  $("token").focus();
  if (connection) {
    connection.stop();
    connection = null;
  }
}

/** POST /api/login with a token or a login link's value; the answer sets the session cookie. */
async function signIn(body) {
  const response = await fetch("/api/login", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await jsonOf(response);
  return { ok: response.ok, status: response.status, data };
}

function signedIn(data) {
  me = data;
  setText($("login-error"), "");
  setText($("me"), STRINGS.signedInAs(displayName(me.name)));
  startConsole();
}

$("login-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const token = $("token").value.trim();
  if (!token) return;
  const button = $("login-button");
  button.disabled = true;
  setText($("login-error"), STRINGS.checking);
  try {
    const answer = await signIn({ token });
    $("token").value = "";
    if (answer.ok) signedIn(answer.data);
    else if (answer.status === 401) setText($("login-error"), STRINGS.badToken);
    else setText($("login-error"), STRINGS.failed(answer.status, (answer.data && answer.data.error) || ""));
  } catch (err) {
    setText($("login-error"), STRINGS.unreachable(err.message || String(err)));
  } finally {
    button.disabled = false;
  }
});

$("logout").addEventListener("click", async () => {
  try {
    await fetch("/api/logout", { method: "POST" });
  } catch {
    /* the cookie stays until it expires; the console forgets it anyway */
  }
  showLogin();
});

/** At start: a login link's value (`#login=…`, taken out of the address at once), else the session. */
async function boot() {
  try {
    sessionStorage.removeItem("live.refereeToken"); // kept by an older console: the cookie replaces it
  } catch {
    /* storage off */
  }
  const hash = new URLSearchParams(location.hash.slice(1));
  const login = hash.get("login");
  if (login) {
    history.replaceState(null, "", location.pathname + location.search); // not in the history, not copied on
    $("login").hidden = false;
    setText($("login-error"), STRINGS.signingIn);
    try {
      const answer = await signIn({ login });
      if (answer.ok) return signedIn(answer.data);
      return showLogin(STRINGS.loginFailed((answer.data && answer.data.error) || String(answer.status)));
    } catch (err) {
      return showLogin(STRINGS.unreachable(err.message || String(err)));
    }
  }
  try {
    const response = await fetch("/api/me", { cache: "no-store" });
    if (response.ok) return signedIn(await response.json());
  } catch {
    /* the server is not reachable now: sign in when it is */
  }
  return showLogin();
}

// ---- commands -----------------------------------------------------------------------------

let toastTimer = null;
function toast(message, kind = "ok") {
  const box = $("toast");
  box.className = `r-toast ${kind}`;
  setText($("toast-msg"), message);
  box.hidden = false;
  clearTimeout(toastTimer);
  // Every toast goes away by itself: a confirmation soon, an error or a lateness alert after time to
  // read it (the alert stays on the check-in card too). "Not confirmed yet" stays until the outcome.
  const ms = { ok: 3500, error: 10_000, alert: 15_000 }[kind];
  if (ms) toastTimer = setTimeout(() => (box.hidden = true), ms);
}
$("toast-close").addEventListener("click", () => ($("toast").hidden = true));

function itemTitle(id) {
  const item = (sections.timetable || []).find((i) => i.id === id);
  return item ? item.title : id;
}
function playerName(id) {
  const p = (sections.players || []).find((x) => x.id === id);
  return p ? p.name : id;
}
function teamName(id) {
  const t = (sections.teams || []).find((x) => x.id === id);
  return t ? t.name : id;
}
function describeAudit(entry) {
  const p = entry.payload || {};
  const w = STRINGS.auditWhere;
  // A slip's numbers, so the audit an appeal reads says what was entered, not only where.
  const scores = p.results && typeof p.results === "object"
    ? Object.entries(p.results).map(([pid, v]) => `${playerName(pid)} ${v > 0 ? "+" : v < 0 ? "−" : ""}${Math.abs(v)}`)
      .join(", ")
    : "";
  const where = p.table !== undefined
    ? (p.walkover ? w.walkover(p.table, playerName(p.walkover)) : scores ? `${w.table(p.table)}: ${scores}` : w.table(p.table))
    : p.home ? w.match(teamName(p.home), teamName(p.away), p.imps_home ?? "", p.imps_away ?? "") : "";
  const x = {
    ...p, item: p.item ? itemTitle(p.item) : "", player: p.player ? playerName(p.player) : "", where,
    home: p.home ? teamName(p.home) : "", away: p.away ? teamName(p.away) : "", guilty: p.guilty ? teamName(p.guilty) : "",
    who: p.player ? playerName(p.player) : p.team ? teamName(p.team) : "", unitName: STRINGS.units[p.unit] || p.unit || "",
    at: Number.isFinite(p.at) ? fmtSec.time(p.at) : "",
    // The plan on the day: a removed item keeps its title in the payload; times as the hall reads them.
    title: p.title ?? (p.item ? itemTitle(p.item) : ""), name: p.name ?? "", was: Array.isArray(p.was) ? "" : p.was ?? "",
    startAt: Number.isFinite(p.start) ? fmt.time(p.start) : "", endAt: Number.isFinite(p.end) ? fmt.time(p.end) : "",
    wasAt: Array.isArray(p.was) && Number.isFinite(p.was[0]) ? fmt.time(p.was[0]) : "",
    entersTitle: p.enters ? itemTitle(p.enters) : "", teamName: p.team ? teamName(p.team) : "",
    count: Array.isArray(p.items) ? p.items.length : 0,
  };
  const say = STRINGS.audit[entry.type]; // a template, or plain words for an entry with nothing to fill in
  if (typeof say === "function") return say(x);
  return say || STRINGS.audit.other(entry.type);
}

/**
 * POST a command; true when the server took it. Shows the server's error otherwise: next to the
 * form in `errorBox` when there is one, else in the toast.
 */
async function command(body, button, errorBox = null) {
  let sent = null;
  if (!me) {
    showLogin();
    return false;
  }
  if (button) {
    button.disabled = true;
    button.classList.add("busy");
  }
  try {
    // Every command carries its own id: a resend after a 503 or a lost answer is stored once, and
    // so is the same command sent again while it is unconfirmed (the outbox keeps its id).
    sent = outbox.prepare(body);
    const response = await postResending("/api/commands", {
      method: "POST",
      headers: { "Content-Type": "application/json" }, // the session cookie says who sends it
      body: JSON.stringify(sent),
    }, {
      tries: 4,
      onPending: () => {
        toast(STRINGS.notConfirmedYet, "pending");
        if (connection) connection.heartbeat(true); // notice a dead server now
      },
    });
    const data = await jsonOf(response);
    if (response.status === 401) {
      outbox.settled(sent);
      showLogin(STRINGS.expired);
      return false;
    }
    if (response.status === 503) {
      // "not acknowledged; it may have been stored": the event says so if it was.
      unconfirmed(sent, errorBox);
      return false;
    }
    outbox.settled(sent);
    if (!response.ok) {
      const message = sayRefusal(response.status, data || { error: response.statusText }, STRINGS, itemTitle);
      if (errorBox) setText(errorBox, message);
      else toast(message, "error");
      return false;
    }
    if (errorBox) setText(errorBox, "");
    const stored = (data && data.events) || [];
    const last = stored[stored.length - 1];
    toast(STRINGS.done(last ? `${describeAudit(last)} (#${last.seq})` : body.type), "ok");
    return data || true;
  } catch (err) {
    if (!sent) throw err;
    unconfirmed(sent, errorBox); // no answer: it may still have been stored
    return false;
  } finally {
    if (button) {
      button.classList.remove("busy");
      button.disabled = false;
      renderItems(); // restore the state-dependent disabled flags
    }
  }
}

/** A command the whole hall hears (a banner, the chime, the voice): sent once the referee confirms
 * what it will say. */
function toHall(question, body, button, errorBox) {
  if (confirm(question)) return command(body, button, errorBox);
  return Promise.resolve(false);
}

/** Commands that got no answer: sending one again reuses its id, and its event settles it. */
const outbox = new Outbox(commandId);

function unconfirmed(sent, errorBox) {
  const event = outbox.unconfirmed(sent);
  if (event) { // its event came while the answer was lost: it was stored, once
    if (errorBox) setText(errorBox, "");
    toast(STRINGS.confirmedLate(`${describeAudit(event)} (#${event.seq})`), "ok");
    return;
  }
  if (errorBox) setText(errorBox, STRINGS.notConfirmed);
  toast(STRINGS.notConfirmed, "pending");
}

/** An event that stores a command the console had no answer for: say what became of it. */
function confirmedLate(event) {
  if (!outbox.arrived(event)) return;
  toast(STRINGS.confirmedLate(`${describeAudit(event)} (#${event.seq})`), "ok");
}

// ---- the plan on the day: the timetable's changes and the roster (referee-plan.js, referee-roster.js)

const planContext = {
  S: STRINGS, command, sections: () => sections, fmt: () => fmt, rerender: () => renderItems(),
  now: () => (connection ? connection.clock.now() : Date.now()),
};
const plan = planEditor(planContext);
const roster = rosterCard($("roster-card"), planContext);
const team = refereesCard($("referees-card"), {
  S: STRINGS, command, sections: () => sections, fmt: () => fmt, me: () => me, displayName,
  signedOut: () => showLogin(STRINGS.expired),
});

// ---- the timetable rows (built once per item, updated in place) ---------------------------

const rows = new Map();

function buildRow(item) {
  const refs = {};
  const make = (key, label, cls, onclick) =>
    (refs[key] = el("button", { type: "button", class: `btn small ${cls}`, dataset: { action: key }, onclick }, label));
  const li = el("li", { class: "r-item", dataset: { item: item.id } });
  refs.time = el("span", { class: "t" });
  refs.title = el("span", { class: "title" });
  refs.chip = el("span", { class: "chip" });
  refs.count = el("span", { class: "r-count" });
  refs.planned = el("s", { class: "r-was", hidden: true });
  li.append(el("div", { class: "r-item-head" }, el("span", { class: "t r-when" }, refs.time, refs.planned), refs.title, refs.chip,
    refs.count));
  refs.held = el("div", { class: "r-held", hidden: true, role: "status" });
  refs.error = el("div", { class: "error r-item-error", role: "alert" });
  refs.plan = el("div", { class: "r-plan-slot" });
  if (item.playing) {
    refs.detail = el("div", { class: "r-detail" });
    refs.minutes = el("input", {
      type: "number", class: "field minutes", value: "5", step: "1", min: "-180", max: "180",
      "aria-label": STRINGS.minutesLabel, title: STRINGS.minutesLabel, dataset: { role: "minutes" },
    });
    const id = item.id;
    const actions = el("div", { class: "r-actions" },
      // A refused start (the round before is still being played) says why beside the row.
      // Each of these goes out to every screen in the hall with a chime and the voice: one
      // question first, saying what the hall will hear, so a tap beside the right button is no signal.
      make("start", STRINGS.start, "go", (e) => toHall(STRINGS.confirmStart(itemTitle(id)),
        { type: "start_round", item: id }, e.currentTarget, refs.error)),
      make("pause", STRINGS.pause, "hold", (e) => toHall(STRINGS.confirmPause(itemTitle(id)),
        { type: "pause", item: id }, e.currentTarget, refs.error)),
      make("resume", STRINGS.resume, "go", (e) => toHall(STRINGS.confirmResume(itemTitle(id)),
        { type: "resume", item: id }, e.currentTarget, refs.error)),
      el("span", { class: "r-extend" }, refs.minutes, el("span", { class: "t" }, STRINGS.minutesUnit),
        make("extend", STRINGS.extend, "", (e) => {
          const minutes = Number(refs.minutes.value);
          if (!refs.minutes.value.trim() || !Number.isFinite(minutes) || minutes === 0) {
            toast(STRINGS.badMinutes, "error");
            return;
          }
          toHall(STRINGS.confirmExtend(itemTitle(id), minutes), { type: "extend", item: id, minutes },
            e.currentTarget, refs.error);
        })),
      make("lastDeals", STRINGS.lastDeals, "warn", (e) => toHall(STRINGS.confirmLastDeals(itemTitle(id)),
        { type: "announce_last_deals", item: id }, e.currentTarget, refs.error)),
      make("end", STRINGS.end, "danger", (e) => {
        if (confirm(STRINGS.confirmEnd(itemTitle(id)))) command({ type: "end_round", item: id }, e.currentTarget, refs.error);
      }),
      make("seating", STRINGS.seatingButton, "", (e) => {
        pickRound(id);
        publishSeating(id, e.currentTarget);
      }));
    actions.append(refs.plan); // Change… at the end of the round's buttons
    li.append(refs.detail, refs.held, actions, refs.error);
  } else {
    li.classList.add("other");
    li.append(refs.plan);
  }
  return { li, refs };
}

function itemDetail(item) {
  const d = STRINGS.detail;
  const speed = sections.tournament?.speed || 1;
  const parts = [];
  if (item.boards) parts.push(d.boards(item.boards));
  if (item.called_at && isOpen(item)) parts.push(d.called(fmt.time(item.called_at)));
  if (item.status === "held" && item.held_at) parts.push(d.held(fmt.time(item.held_at)));
  if (item.status === "missed") parts.push(d.missed);
  if (isOpen(item)) parts.push(d.length(formatDuration(item.remaining_ms ?? item.end - item.start)));
  if (item.started_at) parts.push(d.started(fmt.time(item.started_at)));
  if (inProgress(item) && item.status !== "paused") parts.push(d.ends(fmt.time(item.ends_at)));
  if (item.status === "paused" && item.paused_at) parts.push(d.paused(fmt.time(item.paused_at)));
  if (item.status === "ended" && item.ended_at) parts.push(d.ended(fmt.time(item.ended_at)));
  if (item.extended_ms) parts.push(d.extended(Math.round((item.extended_ms * speed) / 6000) / 10));
  if (item.last_deals_at) parts.push(d.lastDeals(fmt.time(item.last_deals_at)));
  if (item.parts > 1) parts.push(d.breaks((item.breaks || []).length, item.parts - 1));
  const seating = seatingOf(sections, item.id);
  if (seating) {
    parts.push(STRINGS.detailSeated);
    const expected = expectedResults(seating);
    if (!isOpen(item)) parts.push(STRINGS.detailResults(resultsOf(sections, item.id).length, expected));
  }
  return parts.join(" · ");
}

function renderItems() {
  const list = $("items");
  const timetable = sections.timetable || [];
  const lastDealsRule = (sections.tournament?.last_deals_warning_ms || 0) > 0;
  const busy = timetable.find((i) => i.playing && inProgress(i)) || null;
  const wanted = new Set(timetable.map((i) => i.id));
  for (const [id, row] of rows) {
    if (!wanted.has(id)) {
      row.li.remove();
      rows.delete(id);
    }
  }
  timetable.forEach((item, index) => {
    let row = rows.get(item.id);
    if (!row) {
      row = buildRow(item);
      rows.set(item.id, row);
    }
    if (list.children[index] !== row.li) list.insertBefore(row.li, list.children[index] || null);
    row.item = item;
    const { refs } = row;
    setText(refs.time, `${fmt.time(item.start)}–${fmt.time(item.end)}`);
    // Moved because a round before it ran long: the plan's time, struck through.
    const planned = plannedStart(item);
    refs.planned.hidden = planned === null;
    setText(refs.planned, planned === null ? "" : fmt.time(planned));
    refs.planned.title = planned === null ? "" : STRINGS.plannedAt(fmt.time(planned));
    setText(refs.title, item.title);
    const tools = plan.toolsFor(item);
    if (refs.plan.firstChild !== tools) refs.plan.replaceChildren(tools);
    const status = item.playing ? item.status : "";
    setText(refs.chip, status ? STRINGS.status[status] ?? status : "");
    refs.chip.className = `chip st-${status}`;
    refs.chip.hidden = !status;
    row.li.className = `r-item${item.playing ? "" : " other"} st-${status || "none"}${item === busy ? " is-current" : ""}`;
    if (!item.playing) return;
    setText(refs.detail, itemDetail(item));
    // A held start, and why: "seating not yet published", "Round 1 is still being played".
    const why = heldReason(item, sections, STRINGS);
    refs.held.hidden = !why;
    setText(refs.held, why ? STRINGS.heldLine(why) : "");
    if (row.status !== item.status) setText(refs.error, ""); // an old refusal no longer applies
    row.status = item.status;
    const set = (key, enabled, title = "") => {
      if (refs[key].classList.contains("busy")) return;
      refs[key].disabled = !enabled;
      refs[key].title = title;
    };
    // The server says which round commands it would take now (`allowed`): the page keeps no copy
    // of the rules for when a round may start, pause or end. A held start is disabled, its reason above.
    const allowed = new Set((sections.allowed || {})[item.id] || []);
    set("start", allowed.has("start"), why || "");
    set("pause", allowed.has("pause"));
    set("resume", allowed.has("resume"));
    set("extend", allowed.has("extend"));
    refs.minutes.disabled = !allowed.has("extend");
    set("lastDeals", lastDealsRule && allowed.has("lastDeals"), lastDealsRule ? "" : STRINGS.noLastDeals);
    set("end", allowed.has("end"));
    refs.seating.hidden = !("seating" in sections);
    set("seating", isOpen(item), isOpen(item) ? STRINGS.seatingTitle(item.title) : STRINGS.seatingLocked);
  });
  renderThumb(timetable, busy, lastDealsRule);
}

/** The thumb bar (phones): the round being played, else the next one the server would start, with
 * its actions as the server allows them — the same questions and commands as its row. */
const THUMB_EXTEND_MINUTES = 5;
function renderThumb(timetable, busy, lastDealsRule) {
  const allowedOf = (item) => new Set((sections.allowed || {})[item.id] || []);
  const item = busy || timetable.find((i) => i.playing && allowedOf(i).has("start")) || null;
  const bar = $("thumb");
  bar.hidden = !item;
  document.body.classList.toggle("has-thumb", Boolean(item));
  if (!item) return;
  const allowed = allowedOf(item);
  const title = item.title;
  const button = (label, cls, enabled, send) => el("button", {
    type: "button", class: `btn ${cls}`, disabled: !enabled, onclick: (e) => send(e.currentTarget),
  }, label);
  setText($("thumb-title"), `${title} · ${STRINGS.status[item.status] ?? item.status}`);
  const actions = busy ? [
    item.status === "paused"
      ? button(STRINGS.resume, "go", allowed.has("resume"),
        (b) => toHall(STRINGS.confirmResume(title), { type: "resume", item: item.id }, b))
      : button(STRINGS.pause, "hold", allowed.has("pause"),
        (b) => toHall(STRINGS.confirmPause(title), { type: "pause", item: item.id }, b)),
    button(`+${THUMB_EXTEND_MINUTES} ${STRINGS.minutesUnit}`, "", allowed.has("extend"),
      (b) => toHall(STRINGS.confirmExtend(title, THUMB_EXTEND_MINUTES),
        { type: "extend", item: item.id, minutes: THUMB_EXTEND_MINUTES }, b)),
    button(STRINGS.lastDeals, "warn", lastDealsRule && allowed.has("lastDeals"),
      (b) => toHall(STRINGS.confirmLastDeals(title), { type: "announce_last_deals", item: item.id }, b)),
    button(STRINGS.end, "danger", allowed.has("end"),
      (b) => toHall(STRINGS.confirmEnd(title), { type: "end_round", item: item.id }, b)),
  ] : [
    button(STRINGS.start, "go", allowed.has("start"),
      (b) => toHall(STRINGS.confirmStart(title), { type: "start_round", item: item.id }, b)),
  ];
  fill($("thumb-actions"), ...actions);
}

function renderRowCounts(now) {
  for (const { item, refs } of rows.values()) {
    if (!item || !item.playing) continue;
    let text = "";
    if (item.status === "running") text = formatDuration(Math.max(0, item.ends_at - now));
    else if (item.status === "paused") text = formatDuration(item.remaining_ms ?? 0);
    else if (item.status === "held") text = STRINGS.countHeld;
    else if (isOpen(item)) text = item.start > now ? STRINGS.countOpen(item.start - now) : STRINGS.countDue;
    setText(refs.count, text);
  }
}

// ---- announce -------------------------------------------------------------------------------

let playersKey = "";
function renderPlayerSelect() {
  const players = [...(sections.players || [])].sort((a, b) => a.name.localeCompare(b.name));
  const key = JSON.stringify(players.map((p) => [p.id, p.name]));
  if (key === playersKey) return;
  playersKey = key;
  const select = $("announce-player");
  const chosen = select.value;
  fill(select, el("option", { value: "" }, STRINGS.everyone),
    players.map((p) => el("option", { value: p.id }, STRINGS.onlyTo(p.name))));
  select.value = players.some((p) => p.id === chosen) ? chosen : "";
}

$("announce").addEventListener("submit", async (e) => {
  e.preventDefault();
  const text = $("announce-text").value.trim();
  if (!text) {
    toast(STRINGS.emptyText, "error");
    return;
  }
  const body = { type: "announce", text };
  const player = $("announce-player").value;
  if (player) body.player = player;
  if (!confirm(player ? STRINGS.confirmNotice(playerName(player), text) : STRINGS.confirmAnnounce(text))) return;
  if (await command(body, $("announce-button"))) {
    $("announce-text").value = "";
    $("announce-player").value = "";
  }
});

// ---- audit log and undo ---------------------------------------------------------------------

function renderAudit() {
  const audit = [...(sections.audit || [])].reverse();
  const body = $("audit");
  if (!audit.length) {
    fill(body, el("tr", {}, el("td", { colspan: "5", class: "what" }, STRINGS.auditEmpty)));
    return;
  }
  fill(body, audit.map((entry) => {
    const undoable = !entry.undone && entry.type !== "command_undone" && entry.type !== "referee_signed_in";
    return el("tr", { class: entry.undone ? "undone" : "", dataset: { seq: entry.seq } },
      el("td", { class: "seq" }, `#${entry.seq}`),
      el("td", { class: "ts" }, fmt.time(entry.ts)),
      el("td", { class: "who" }, actorName(entry.by)),
      el("td", { class: "what" }, el("span", { class: "type" }, describeAudit(entry)),
        entry.undone ? el("span", { class: "detail" }, ` · ${STRINGS.undone}`) : null),
      el("td", {}, undoable
        ? el("button", {
          type: "button", class: "btn small", dataset: { undo: entry.seq },
          onclick: (e) => {
            if (confirm(STRINGS.confirmUndo(entry.seq, describeAudit(entry)))) {
              command({ type: "undo", seq: entry.seq }, e.currentTarget);
            }
          },
        }, STRINGS.undoRow)
        : null));
  }));
}

$("undo-last").addEventListener("click", (e) => {
  // The server names the command "undo last" takes back; the console sends its seq, so a command a
  // colleague entered meanwhile is never the one undone.
  // Each referee's own last command: `undo_last_by` maps every referee's actor to theirs.
  const mine = me && sections.undo_last_by ? sections.undo_last_by[me.actor] : sections.undo_last;
  const last = (sections.audit || []).find((x) => x.seq === mine);
  if (!last) {
    toast(STRINGS.nothingToUndo, "error");
    return;
  }
  if (confirm(STRINGS.confirmUndoLast(describeAudit(last)))) command({ type: "undo", seq: last.seq }, e.currentTarget);
});

// ---- seating and results, per round ----------------------------------------------------------

const NUM = { locale: STRINGS.locale };
const num = (v, opts = {}) => formatNumber(v, { ...NUM, ...opts });

/** How many results a published seating expects: its tables, or its matches. */
function expectedResults(seating) {
  if (!seating) return 0;
  return Array.isArray(seating.tables) ? seating.tables.length : (seating.matches || []).length;
}

let selectedRound = null;
let userPicked = false;

function pickRound(id) {
  selectedRound = id;
  userPicked = true;
  renderRounds();
}

/** The round to show until the referee picks one: results still to enter, else the round on, else the next. */
function defaultRound(items) {
  const waiting = [...items].reverse().find((i) => i.status === "ended" && seatingOf(sections, i.id) &&
    resultsOf(sections, i.id).length < expectedResults(seatingOf(sections, i.id)));
  return (waiting || items.find((i) => inProgress(i)) || items.find((i) => isOpen(i)) || items[items.length - 1]).id;
}

async function publishSeating(id, button) {
  const item = (sections.timetable || []).find((i) => i.id === id);
  if (seatingOf(sections, id) && !confirm(STRINGS.confirmRepublish(item ? item.title : id))) return;
  await command({ type: "publish_seating", item: id }, button);
}

// Form state survives re-rendering (an event arriving while the referee types).
const forms = new Map();
function formOf(key) {
  if (!forms.has(key)) {
    forms.set(key, {
      mode: "", values: {}, supe: {}, supeOpen: false, walkover: false, present: "", reason: "", error: "",
      forfeitOpen: false, guilty: "", forfeitReason: "",
    });
  }
  return forms.get(key);
}
/** The blocks (one per table or match), rebuilt only when what they show changed. */
const blocks = new Map();

function syncChildren(box, nodes) {
  nodes.forEach((node, i) => {
    if (box.children[i] !== node) box.insertBefore(node, box.children[i] || null);
  });
  while (box.children.length > nodes.length) box.lastElementChild.remove();
}

let tabsKey = "";
function renderTabs(items) {
  const key = JSON.stringify([selectedRound, items.map((i) => [i.id, i.title, i.status]),
    items.map((i) => [Boolean(seatingOf(sections, i.id)), resultsOf(sections, i.id).length])]);
  if (key === tabsKey) return;
  tabsKey = key;
  fill($("round-tabs"), items.map((item) => {
    const seating = seatingOf(sections, item.id);
    const n = resultsOf(sections, item.id).length;
    const m = expectedResults(seating);
    const done = seating && m > 0 && n >= m;
    return el("button", {
      type: "button", class: `r-tab st-${item.status}${item.id === selectedRound ? " is-on" : ""}${done ? " is-done" : ""}`,
      "aria-pressed": item.id === selectedRound ? "true" : "false", dataset: { round: item.id },
      onclick: () => pickRound(item.id),
    }, el("span", {}, item.title), seating && !isOpen(item) ? el("small", {}, STRINGS.tabCount(n, m)) : null,
    seating && isOpen(item) ? el("small", { title: STRINGS.detailSeated }, STRINGS.tabSeated) : null);
  }));
}

function renderRounds() {
  const card = $("rounds-card");
  const items = playingItems(sections);
  if (!items.length || !("seating" in sections)) {
    card.hidden = true; // an older server, or nothing to play
    return;
  }
  card.hidden = false;
  setText($("rounds-title"), STRINGS.roundsTitle);
  if (!userPicked || !items.some((i) => i.id === selectedRound)) selectedRound = defaultRound(items);
  renderTabs(items);
  const item = items.find((i) => i.id === selectedRound);
  const seating = seatingOf(sections, item.id);
  const game = gameOf(sections);
  const open = isOpen(item);

  // The round's heading and its seating.
  const publishButton = el("button", {
    type: "button", class: "btn small", dataset: { action: "publish" }, disabled: !open,
    title: open ? STRINGS.seatingTitle(item.title) : STRINGS.seatingLocked,
    onclick: (e) => publishSeating(item.id, e.currentTarget),
  }, seating ? STRINGS.republish : STRINGS.publish);
  fill($("round-head"), el("b", {}, item.title), el("span", { class: `chip st-${item.status}` }, STRINGS.status[item.status] ?? item.status),
    el("span", { class: "t" }, `${fmt.time(item.start)}–${fmt.time(item.end)}`), publishButton);
  const names = nameBook(sections);
  const lines = [];
  if (!seating) lines.push(STRINGS.notPublished);
  else {
    const m = STRINGS.method;
    const after = seating.after ? (sections.timetable || []).find((i) => i.id === seating.after) || { title: seating.after } : {};
    const how = seating.method === "draw" ? m.draw(seating.seed) : seating.method === "standings" ? m.standings(after)
      : seating.method === "berger" ? m.berger(seating.round) : seating.method === "final" ? m.final : "";
    lines.push([STRINGS.published(seating.seq), how].filter(Boolean).join(" · "));
    if (Number(seating.carry_over) > 0 && seating.matches?.[0]) {
      lines.push(STRINGS.carryOver(num(seating.carry_over, { max: 1 }), names.team(seating.matches[0].home)));
    }
    if (seating.bye) lines.push(STRINGS.byeLine(names.team(seating.bye)));
    if (!open) {
      lines.push(STRINGS.resultsCount(resultsOf(sections, item.id).length, expectedResults(seating),
        Array.isArray(seating.tables) ? STRINGS.unitTables : STRINGS.unitMatches));
    }
  }
  fill($("round-seating"), lines.map((line) => el("div", {}, line)));
  const hint = $("round-hint");
  hint.hidden = !(seating && open);
  setText(hint, STRINGS.hintOpen);

  // One block per table or match.
  const nodes = [];
  const wanted = new Set();
  if (seating) {
    const results = resultsOf(sections, item.id);
    const list = Array.isArray(seating.tables)
      ? seating.tables.map((t) => ({ key: `${item.id}:t${t.table}`, build: preferansBlock, data: t, row: results.find((r) => r.table === t.table) }))
      : (seating.matches || []).map((mt) => ({
        key: `${item.id}:m${mt.home}-${mt.away}`, build: bridgeBlock, data: mt,
        row: results.find((r) => r.home === mt.home && r.away === mt.away),
      }));
    for (const b of list) {
      const f = formOf(b.key);
      const dataKey = JSON.stringify([game, open, b.data, b.row, f.mode, f.forfeitOpen,
        (b.data.players || [b.data.home, b.data.away]).map((id) => (b.data.players ? names.player(id) : names.team(id)))]);
      let block = blocks.get(b.key);
      if (!block || block.dataKey !== dataKey) {
        block = { node: b.build(item, b.data, b.row, open, b.key), dataKey };
        blocks.set(b.key, block);
      }
      wanted.add(b.key);
      nodes.push(block.node);
    }
  }
  for (const key of blocks.keys()) if (!wanted.has(key)) blocks.delete(key);
  syncChildren($("round-blocks"), nodes);
}

function rebuild(key) {
  blocks.delete(key);
  renderRounds();
}

function blockShell(key, title, tags, ...children) {
  return el("div", { class: "r-block", dataset: { block: key } },
    el("div", { class: "r-block-head" }, el("b", {}, title), tags), ...children);
}

const tagsFor = (row) => [
  row && row.corrected ? el("span", { class: "chip r-tag-corr" }, STRINGS.corrected) : null,
  row && row.walkover ? el("span", { class: "chip" }, STRINGS.walkoverTag) : null,
];

// -- preferans: one table

function preferansBlock(item, table, row, open, key) {
  const f = formOf(key);
  const players = table.players || [];
  const title = STRINGS.tableN(table.table);
  if (row && f.mode !== "correct") {
    const byPlayer = new Map((row.players || []).map((p) => [p.player, p]));
    const body = el("table", { class: "r-table r-result" },
      el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", { class: "num" }, STRINGS.colBule),
        el("th", { class: "num" }, STRINGS.colPlace), el("th", { class: "num" }, STRINGS.colPoints))),
      el("tbody", {}, (row.players || []).map((p) => el("tr", {},
        el("td", {}, playerName(p.player)),
        el("td", { class: "num" }, row.walkover ? (p.absent ? STRINGS.absentWord : STRINGS.came) : num(p.result, { signed: true, max: 1 })),
        el("td", { class: "num" }, row.walkover ? "" : p.shared ? STRINGS.sharedPlace(...placeSpan(row.players, p)) : STRINGS.place(p.place)),
        el("td", { class: "num strong" }, num(p.points, { min: 1 }))))));
    const correct = correctButton(f, key, () => {
      f.walkover = Boolean(row.walkover);
      f.present = row.walkover ? ((row.players || []).find((p) => !p.absent) || {}).player || "" : "";
      f.values = Object.fromEntries(players.map((p) => [p, byPlayer.has(p) && !row.walkover ? String(byPlayer.get(p).result) : ""]));
      f.supe = {};
    });
    return blockShell(key, title, [...tagsFor(row), correct], body);
  }
  if (open) {
    return blockShell(key, title, [], el("ol", { class: "r-seat-names" }, players.map((p) => el("li", {}, playerName(p)))));
  }
  return blockShell(key, title, tagsFor(row), preferansForm(item, table, row, key));
}

/** Send a result, or its correction (which needs a reason); keep the form open with the server's error. */
async function sendResult(body, { correcting, f, error, reason, send, key, update }) {
  if (correcting) {
    if (!f.reason.trim()) {
      f.error = STRINGS.reasonNeeded;
      setText(error, f.error);
      reason.focus();
      return;
    }
    body.reason = f.reason.trim();
  }
  const ok = await command(body, send, error);
  f.error = error.textContent;
  if (ok) {
    forms.delete(key);
    rebuild(key);
  } else {
    update();
  }
}

/** A correction's reason field and its cancel button (the result forms of both games share them). */
/** "Correct" on a recorded result: the block opens its correction form, `prefill` puts the
 * recorded values in it (a slip's bule, a match's IMPs). */
function correctButton(f, key, prefill) {
  return el("button", {
    type: "button", class: "btn small", dataset: { action: "correct" },
    onclick: () => {
      f.mode = "correct";
      f.error = "";
      f.reason = "";
      prefill();
      rebuild(key);
    },
  }, STRINGS.correct);
}

function correctionControls(f, key) {
  const reason = el("input", {
    type: "text", class: "field reason", maxlength: "500", value: f.reason, placeholder: STRINGS.reason,
    "aria-label": STRINGS.reason, dataset: { role: "reason" },
    oninput: (e) => {
      f.reason = e.currentTarget.value;
    },
  });
  const cancel = el("button", {
    type: "button", class: "btn small", onclick: () => {
      forms.delete(key);
      rebuild(key);
    },
  }, STRINGS.cancel);
  return { reason, cancel };
}

function preferansForm(item, table, row, key) {
  const f = formOf(key);
  const correcting = Boolean(row) && f.mode === "correct";
  const players = table.players || [];
  const inputs = new Map();
  const radios = new Map();
  const sumBox = el("span", { class: "r-sum" });
  const error = el("div", { class: "error", role: "alert" }, f.error);
  const send = el("button", { type: "submit", class: "btn small go" }, correcting ? STRINGS.sendCorrection : STRINGS.save);

  const lines = players.map((p) => {
    const input = el("input", {
      type: "number", class: "field bule", step: "1", value: f.values[p] ?? "",
      "aria-label": `${playerName(p)}: ${STRINGS.bulePlaceholder}`, dataset: { player: p },
      oninput: (e) => {
        f.values[p] = e.currentTarget.value;
        update();
      },
    });
    const radio = el("input", {
      type: "radio", name: `came-${key}`, value: p, checked: f.present === p, dataset: { came: p },
      onchange: () => {
        f.present = p;
        update();
      },
    });
    inputs.set(p, input);
    radios.set(p, radio);
    return el("div", { class: "r-line" }, el("span", { class: "name" }, playerName(p)), input,
      el("label", { class: "r-came" }, radio, STRINGS.came));
  });

  const walkover = el("input", {
    type: "checkbox", checked: f.walkover, dataset: { role: "walkover" },
    onchange: (e) => {
      f.walkover = e.currentTarget.checked;
      update();
    },
  });

  // Supe: who wrote how much on whom, only to break a tie at the table.
  const supeInputs = [];
  const supeRows = players.map((w) => el("div", { class: "r-supe-row" },
    el("span", { class: "name" }, playerName(w)),
    players.filter((a) => a !== w).map((a) => {
      const input = el("input", {
        type: "number", class: "field supe", min: "0", step: "1", value: f.supe[w]?.[a] ?? "",
        title: STRINGS.supeOn(playerName(a)), "aria-label": `${playerName(w)}: ${STRINGS.supeOn(playerName(a))}`,
        dataset: { writer: w, against: a },
        oninput: (e) => {
          (f.supe[w] ||= {})[a] = e.currentTarget.value;
        },
      });
      supeInputs.push(input);
      return el("label", { class: "r-supe-cell" }, el("small", {}, STRINGS.supeOn(playerName(a))), input);
    })));
  const supe = el("details", { class: "r-supe", open: f.supeOpen, ontoggle: (e) => (f.supeOpen = e.currentTarget.open) },
    el("summary", {}, STRINGS.supe), supeRows);

  const { reason, cancel } = correcting ? correctionControls(f, key) : { reason: null, cancel: null };

  const form = el("form", { class: "r-result-form", autocomplete: "off", novalidate: true },
    lines,
    el("label", { class: "r-check" }, walkover, STRINGS.walkover),
    supe,
    reason,
    el("div", { class: "r-row" }, sumBox, send, cancel),
    error);

  function parse() {
    const values = players.map((p) => f.values[p] ?? "");
    const filled = values.filter((v) => String(v).trim() !== "");
    const numbers = filled.map(Number);
    return { values, filled, numbers, whole: numbers.every((n) => Number.isInteger(n)), total: numbers.reduce((a, b) => a + b, 0) };
  }

  function update() {
    form.classList.toggle("is-walkover", f.walkover);
    if (f.walkover) {
      sumBox.className = "r-sum";
      setText(sumBox, f.present ? "" : STRINGS.pickCame);
      send.disabled = !f.present;
      return;
    }
    const { values, filled, whole, total } = parse();
    // With one field left, its placeholder shows the number that makes the sum 0.
    for (const [p, input] of inputs) {
      input.placeholder = filled.length === values.length - 1 && whole && String(f.values[p] ?? "").trim() === ""
        ? String(-total) : STRINGS.bulePlaceholder;
    }
    let text;
    let ok = false;
    if (!whole) text = STRINGS.sumNotWhole;
    else if (filled.length < values.length) text = filled.length ? STRINGS.sum(num(total, { signed: true })) + ` · ${STRINGS.sumMissing}` : STRINGS.sumMissing;
    else if (total !== 0) text = STRINGS.sumNotZero(num(total, { signed: true }));
    else {
      text = STRINGS.sumOk;
      ok = true;
    }
    sumBox.className = `r-sum ${ok ? "ok" : filled.length === values.length ? "bad" : ""}`;
    setText(sumBox, text);
    send.disabled = !ok;
  }

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const body = { type: correcting ? "correct_result" : "record_result", item: item.id, table: table.table };
    if (f.walkover) {
      if (!f.present) return;
      body.walkover = f.present;
      body.absent = players.filter((p) => p !== f.present);
    } else {
      const { whole, filled, total } = parse();
      if (!whole || filled.length < players.length || total !== 0) return;
      body.results = Object.fromEntries(players.map((p) => [p, Number(f.values[p])]));
      const written = {};
      for (const input of supeInputs) {
        const v = input.value.trim();
        if (v !== "") (written[input.dataset.writer] ||= {})[input.dataset.against] = Number(v);
      }
      if (Object.keys(written).length) body.supe = written;
    }
    await sendResult(body, { correcting, f, error, reason, send, key, update });
  });
  update();
  return form;
}

// -- bridge: one match

function bridgeBlock(item, match, row, open, key) {
  const f = formOf(key);
  const home = teamName(match.home);
  const away = teamName(match.away);
  const title = STRINGS.matchTitle(home, away);
  if (row && row.forfeit) {
    const undo = el("button", {
      type: "button", class: "btn small", dataset: { action: "undo-forfeit" },
      onclick: (e) => {
        if (confirm(STRINGS.confirmUndoForfeit(home, away))) command({ type: "undo", seq: row.seq }, e.currentTarget);
      },
    }, STRINGS.undoForfeit);
    return blockShell(key, title, [undo], el("div", { class: "r-forfeit-line" }, STRINGS.forfeitLine(teamName(row.forfeit))));
  }
  if (row && f.mode !== "correct") {
    const correct = correctButton(f, key, () => {
      f.values = { home: String(row.imps_home), away: String(row.imps_away) };
    });
    return blockShell(key, title, [...tagsFor(row), correct],
      el("div", { class: "r-match-score" },
        el("span", {}, home), el("b", {}, STRINGS.score(num(row.imps_home, { max: 1 }), num(row.imps_away, { max: 1 }))), el("span", {}, away)),
      el("div", { class: "r-vp" }, STRINGS.vpLine(num(row.vp_home, { min: decimalsOf([row.vp_home, row.vp_away]) }),
        num(row.vp_away, { min: decimalsOf([row.vp_home, row.vp_away]) }))));
  }
  const parts = [];
  if (!open) parts.push(bridgeForm(item, match, row, key));
  if (!row) parts.push(forfeitForm(item, match, key));
  return blockShell(key, title, tagsFor(row), ...parts);
}

function bridgeForm(item, match, row, key) {
  const f = formOf(key);
  const correcting = Boolean(row) && f.mode === "correct";
  const error = el("div", { class: "error", role: "alert" }, f.error);
  const send = el("button", { type: "submit", class: "btn small go" }, correcting ? STRINGS.sendCorrection : STRINGS.save);
  const note = el("span", { class: "r-sum" });
  const impsInput = (side, team) => el("input", {
    type: "number", class: "field imps", min: "0", step: "1", value: f.values[side] ?? "", dataset: { side },
    "aria-label": STRINGS.impsLabel(teamName(team)), placeholder: STRINGS.impsPlaceholder,
    oninput: (e) => {
      f.values[side] = e.currentTarget.value;
      update();
    },
  });
  const { reason, cancel } = correcting ? correctionControls(f, key) : { reason: null, cancel: null };
  const form = el("form", { class: "r-result-form", autocomplete: "off", novalidate: true },
    el("div", { class: "r-line" }, el("span", { class: "name" }, teamName(match.home), el("small", {}, STRINGS.side(STRINGS.home))), impsInput("home", match.home)),
    el("div", { class: "r-line" }, el("span", { class: "name" }, teamName(match.away), el("small", {}, STRINGS.side(STRINGS.away))), impsInput("away", match.away)),
    reason,
    el("div", { class: "r-row" }, note, send, cancel),
    error);
  const value = (side) => {
    const raw = String(f.values[side] ?? "").trim();
    const n = Number(raw);
    return raw !== "" && Number.isFinite(n) && n >= 0 && Number.isInteger(n) ? n : null;
  };
  function update() {
    const ok = value("home") !== null && value("away") !== null;
    setText(note, ok ? "" : STRINGS.impsMissing);
    send.disabled = !ok;
  }
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (value("home") === null || value("away") === null) return;
    const body = {
      type: correcting ? "correct_result" : "record_result", item: item.id, home: match.home, away: match.away,
      imps_home: value("home"), imps_away: value("away"),
    };
    await sendResult(body, { correcting, f, error, reason, send, key, update });
  });
  update();
  return form;
}

function forfeitForm(item, match, key) {
  const f = formOf(key);
  if (!f.forfeitOpen) {
    return el("div", { class: "r-row" }, el("button", {
      type: "button", class: "btn small danger", dataset: { action: "forfeit" },
      onclick: () => {
        f.forfeitOpen = true;
        f.guilty = f.guilty || match.away;
        rebuild(key);
      },
    }, STRINGS.forfeit));
  }
  const error = el("div", { class: "error", role: "alert" }, "");
  const select = el("select", {
    class: "field", dataset: { role: "guilty" }, "aria-label": STRINGS.forfeitGuilty,
    onchange: (e) => (f.guilty = e.currentTarget.value),
  }, [match.home, match.away].map((t) => el("option", { value: t, selected: f.guilty === t }, teamName(t))));
  const reason = el("input", {
    type: "text", class: "field reason", maxlength: "500", value: f.forfeitReason, placeholder: STRINGS.forfeitReason,
    "aria-label": STRINGS.forfeitReason, oninput: (e) => (f.forfeitReason = e.currentTarget.value),
  });
  const send = el("button", {
    type: "button", class: "btn small danger", dataset: { action: "forfeit-send" },
    onclick: async (e) => {
      const guilty = select.value;
      if (!confirm(STRINGS.confirmForfeit(teamName(guilty), teamName(match.home), teamName(match.away)))) return;
      const body = { type: "forfeit", item: item.id, team: guilty };
      if (f.forfeitReason.trim()) body.reason = f.forfeitReason.trim();
      if (await command(body, e.currentTarget, error)) {
        forms.delete(key);
        rebuild(key);
      }
    },
  }, STRINGS.forfeitSend);
  const cancel = el("button", {
    type: "button", class: "btn small", onclick: () => {
      f.forfeitOpen = false;
      rebuild(key);
    },
  }, STRINGS.cancel);
  return el("div", { class: "r-forfeit" },
    el("label", { class: "r-field" }, el("span", {}, STRINGS.forfeitGuilty), select), reason,
    el("div", { class: "r-row" }, send, cancel), error);
}

// ---- standings preview ------------------------------------------------------------------------

let standingsKey = "";
$("reveal").addEventListener("click", (e) => {
  if (confirm(STRINGS.confirmReveal)) command({ type: "reveal_standings" }, e.currentTarget);
});

function renderStandingsPreview() {
  const card = $("standings-card");
  card.hidden = !Array.isArray(sections.standings);
  if (card.hidden) return;
  const rows = standingsRows(sections);
  const game = gameOf(sections);
  // Hidden from the hall (`standings_hidden_from_round`): the referees see them, and show them at the prize-giving.
  const concealed = sections.standings_hidden || null;
  $("st-hidden").hidden = !concealed;
  if (concealed) {
    setText($("st-hidden-text"), STRINGS.stHidden(concealed.title));
    setText($("reveal"), STRINGS.reveal);
  }
  const key = JSON.stringify([game, rows, concealed]);
  if (key === standingsKey) return;
  standingsKey = key;
  setText($("st-title"), STRINGS.stTitle);
  setText($("csv"), STRINGS.csv);
  const started = standingsStarted(rows);
  $("st-empty").hidden = started;
  setText($("st-empty"), STRINGS.stEmpty);
  $("st-table").hidden = !started;
  const bridge = game === "bridge";
  fill($("st-head"), (bridge ? STRINGS.stCols.bridge : STRINGS.stCols.preferans).map((h, i) => el("th", { class: i >= 2 ? "num" : "" }, h)));
  const labels = rankLabels(rows, STRINGS.rank, STRINGS.rankRange);
  const vpDigits = decimalsOf(rows.map((r) => r.vp));
  const pointDigits = Math.max(1, decimalsOf(rows.map((r) => r.points)));
  fill($("st-body"), rows.map((r, i) => el("tr", {},
    el("td", { class: "rank" }, labels[i]),
    el("td", {}, r.name ?? r.player ?? r.team),
    bridge ? [
      el("td", { class: "num strong" }, num(r.vp, { min: vpDigits, max: vpDigits })),
      el("td", { class: "num" }, num(r.imp_diff, { signed: true, max: 1 })),
      el("td", { class: "num" }, STRINGS.impsForAgainst(num(r.imps_for, { max: 1 }), num(r.imps_against, { max: 1 }))),
      el("td", { class: "num" }, String(r.played ?? "")),
      el("td", { class: "num" }, Number(r.penalty_vp) ? num(r.penalty_vp, { max: 1 }) : ""),
    ] : [
      el("td", { class: "num strong" }, num(r.points, { min: pointDigits, max: pointDigits })),
      el("td", { class: "num" }, num(r.bule, { signed: true, max: 1 })),
      el("td", { class: "num" }, String(r.rounds ?? "")),
      el("td", { class: "num" }, Number(r.penalty_bule) ? num(r.penalty_bule) : ""),
    ])));
}

// ---- penalties ----------------------------------------------------------------------------------

let penaltyKey = "";
function renderPenaltyForm() {
  const card = $("penalty-card");
  card.hidden = !Array.isArray(sections.standings);
  if (card.hidden) return;
  const bridge = gameOf(sections) === "bridge";
  const who = bridge
    ? [...(sections.teams || [])].sort((a, b) => a.name.localeCompare(b.name))
    : [...(sections.players || [])].sort((a, b) => a.name.localeCompare(b.name));
  const items = playingItems(sections);
  const key = JSON.stringify([bridge, who.map((x) => [x.id, x.name]), items.map((i) => [i.id, i.title])]);
  if (key !== penaltyKey) {
    penaltyKey = key;
    setText($("pen-title"), STRINGS.penTitle);
    setText($("pen-who-label"), bridge ? STRINGS.penTeam : STRINGS.penPlayer);
    setText($("pen-amount-label"), STRINGS.penAmount);
    setText($("pen-item-label"), STRINGS.penItem);
    setText($("pen-reason-label"), STRINGS.penReason);
    setText($("pen-send"), STRINGS.penSend);
    setText($("pen-unit"), bridge ? STRINGS.units.vp : STRINGS.units.bule);
    setText($("pen-note"), bridge ? STRINGS.penNoteBridge : STRINGS.penNotePreferans);
    const amount = $("pen-amount");
    amount.step = bridge ? "0.1" : "1";
    amount.min = bridge ? "0.1" : "1";
    const whoSelect = $("pen-who");
    const chosen = whoSelect.value;
    fill(whoSelect, el("option", { value: "" }, STRINGS.penChoose), who.map((x) => el("option", { value: x.id }, x.name)));
    whoSelect.value = who.some((x) => x.id === chosen) ? chosen : "";
    const itemSelect = $("pen-item");
    const chosenItem = itemSelect.value;
    fill(itemSelect, el("option", { value: "" }, STRINGS.penNoItem), items.map((i) => el("option", { value: i.id }, i.title)));
    const current = items.find((i) => inProgress(i));
    itemSelect.value = items.some((i) => i.id === chosenItem) ? chosenItem : current ? current.id : "";
  }
  // The penalties given so far (from the audit log), newest first, each undoable.
  const given = [...(sections.audit || [])].filter((x) => x.type === "penalty_applied" && !x.undone).reverse();
  fill($("pen-list"), given.length ? given.map((x) => {
    const p = x.payload || {};
    const whoName = p.player ? playerName(p.player) : teamName(p.team);
    const what = STRINGS.penLine(num(p.amount, { max: 1 }), STRINGS.units[p.unit] || p.unit, whoName);
    return el("li", {},
      el("div", {}, el("b", {}, what), p.item ? el("span", { class: "t" }, ` · ${itemTitle(p.item)}`) : null),
      el("div", { class: "t" }, p.reason ?? ""),
      el("button", {
        type: "button", class: "btn small", onclick: (e) => {
          if (confirm(STRINGS.confirmUndoPenalty(what))) command({ type: "undo", seq: x.seq }, e.currentTarget);
        },
      }, STRINGS.penUndo));
  }) : el("li", { class: "t" }, STRINGS.penEmpty));
}

$("penalty-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const bridge = gameOf(sections) === "bridge";
  const error = $("pen-error");
  const who = $("pen-who").value;
  const amount = Number($("pen-amount").value);
  const reason = $("pen-reason").value.trim();
  if (!who) return setText(error, STRINGS.penNeedWho);
  if (!$("pen-amount").value.trim() || !Number.isFinite(amount) || amount <= 0) return setText(error, STRINGS.penBadAmount);
  if (!reason) return setText(error, STRINGS.penNeedReason);
  const body = { type: "penalty", [bridge ? "team" : "player"]: who, amount, unit: bridge ? "vp" : "bule", reason };
  const item = $("pen-item").value;
  if (item) body.item = item;
  if (await command(body, $("pen-send"), error)) {
    $("pen-amount").value = "";
    $("pen-reason").value = "";
  }
});

// ---- check-in (section `lateness`) ------------------------------------------------------------

let ciRound = null; // the round the referee picked among those still open for check-in
let ciPicked = false;
const ciForms = new Map(); // `${item}:${id}` → {mode: "" | "time" | "excuse" | "reserve", time, reason, name, error}
const ciRows = new Map(); // the same key → {node, dataKey, live: {count, penalty}}
let ciPhase = ""; // what the rows' buttons depend on over time (lateness counting, reserve due)
let ciLive = [];

function ciForm(key) {
  if (!ciForms.has(key)) ciForms.set(key, { mode: "", time: "", reason: "", name: "", error: "" });
  return ciForms.get(key);
}

/**
 * The rounds a referee can still record arrivals for: those with a lateness entry, not ended, and
 * not missed (a plan in the past: nobody is late for a round that is not going to be played then).
 */
function ciRounds() {
  const reports = latenessReports(sections);
  return playingItems(sections).filter((i) => reports[i.id] && i.status !== "ended" && i.status !== "missed");
}

function ciSelected() {
  const rounds = ciRounds();
  if (!rounds.length) return null;
  if (!ciPicked || !rounds.some((i) => i.id === ciRound)) ciRound = (latenessRound(sections)?.item || rounds[0]).id;
  const item = rounds.find((i) => i.id === ciRound);
  return { item, report: latenessReports(sections)[item.id], rounds };
}

const isBridge = () => gameOf(sections) === "bridge";

/** "HH:MM[:SS]" on the tournament's calendar day of `now`, in its zone, as epoch ms (null if not a time). */
function wallTimeToEpoch(text, now) {
  const m = /^\s*(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?\s*$/.exec(text);
  if (!m) return null;
  const [h, mi, sec] = [Number(m[1]), Number(m[2]), Number(m[3] || 0)];
  if (h > 23 || mi > 59 || sec > 59) return null;
  const zone = sections.tournament?.timezone;
  const offsetAt = (epoch) => {
    try {
      const parts = new Intl.DateTimeFormat("en-US", {
        timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit",
        minute: "2-digit", second: "2-digit",
      }).formatToParts(new Date(epoch));
      const get = (type) => Number(parts.find((p) => p.type === type)?.value);
      return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute"), get("second")) -
        Math.floor(epoch / 1000) * 1000;
    } catch {
      return -new Date(epoch).getTimezoneOffset() * 60_000;
    }
  };
  const onDay = (day) => {
    const [y, mo, d] = day.split("-").map(Number);
    const wall = Date.UTC(y, mo - 1, d, h, mi, sec);
    const first = wall - offsetAt(wall);
    return wall - offsetAt(first); // again at the found instant: right across a DST change
  };
  let at = onDay(fmtSec.day(now));
  // Just after midnight a time of the evening is yesterday's; otherwise a time still to come stays one
  // (and is refused), not silently yesterday's.
  if (at - now > 12 * 3_600_000) at = onDay(fmtSec.day(now - 86_400_000));
  return at;
}

function ciLateText(ms) {
  return formatDuration(tournamentMs(ms, sections));
}

/** The alerts of a round (from `announcements`) that the referee has not dismissed. */
const CI_DISMISSED_KEY = "live.dismissedAlerts";
function dismissedAlerts() {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(CI_DISMISSED_KEY) || "[]"));
  } catch {
    return new Set();
  }
}
function dismissAlert(seq) {
  const all = dismissedAlerts();
  all.add(seq);
  try {
    sessionStorage.setItem(CI_DISMISSED_KEY, JSON.stringify([...all].slice(-200)));
  } catch {
    /* private mode */
  }
  renderCheckin();
}
let freshAlerts = new Set();

let alertsKey = "";
function renderAlerts(item) {
  const box = $("ci-alerts");
  const dismissed = dismissedAlerts();
  const list = (sections.announcements || []).filter((a) => a.type === "lateness_alert" && a.item === item.id &&
    !dismissed.has(a.seq)).slice(-3).reverse();
  const key = JSON.stringify([list, [...freshAlerts], sections.players, sections.teams, sections.lateness?.[item.id]?.reference_start]);
  if (key === alertsKey) return; // rebuilt only when it changes: a fresh alert keeps flashing
  alertsKey = key;
  box.hidden = !list.length;
  fill(box, list.map((a) => {
    const b = describeLateness({ seq: a.seq, ts: a.ts, type: a.type, payload: a }, sections, STRINGS.alerts, fmt);
    return el("div", { class: `r-ci-alert${freshAlerts.has(a.seq) ? " is-fresh" : ""}`, dataset: { seq: a.seq } },
      el("span", { class: "t" }, STRINGS.ci.alertAt(fmtSec.time(a.due_at ?? a.ts))),
      el("div", { class: "what" }, el("b", {}, b ? b.title : a.threshold), b && b.sub ? el("div", { class: "sub" }, b.sub) : null),
      el("button", { type: "button", class: "btn small", onclick: () => dismissAlert(a.seq) }, STRINGS.ci.dismiss));
  }));
}

function renderCheckin() {
  const card = $("checkin-card");
  const picked = "lateness" in sections ? ciSelected() : null;
  card.hidden = !picked;
  for (const link of $("r-nav").children) if (link.dataset.nav === "checkin-card") link.hidden = card.hidden;
  if (!picked) {
    ciLive = [];
    return;
  }
  const { item, report, rounds } = picked;
  const C = STRINGS.ci;
  const now = connection ? connection.clock.now() : Date.now();
  setText($("ci-title"), C.title(item.title));
  setText($("ci-filter-label"), C.filter);
  const codes = $("ci-codes");
  setText(codes, C.codes);
  codes.title = C.codesTitle;
  codes.href = "/api/checkin-codes"; // the session cookie opens it: no token in the address
  // Beside it, the same codes as slips to cut out (name, code, a QR code that opens the player's page).
  let slips = $("ci-slips");
  if (!slips) {
    slips = el("a", { id: "ci-slips", class: "btn small", target: "_blank", rel: "noopener noreferrer",
      href: "/api/checkin-slips" });
    codes.after(slips);
  }
  setText(slips, C.slips);
  slips.title = C.slipsTitle;
  const tabs = $("ci-tabs");
  tabs.hidden = rounds.length < 2;
  fill(tabs, rounds.length < 2 ? [] : rounds.map((r) => el("button", {
    type: "button", class: `r-tab st-${r.status}${r.id === item.id ? " is-on" : ""}`, dataset: { ciRound: r.id },
    "aria-pressed": r.id === item.id ? "true" : "false",
    onclick: () => {
      ciRound = r.id;
      ciPicked = true;
      renderCheckin();
    },
  }, r.title)));
  renderAlerts(item);

  const rows = Array.isArray(report.rows) ? report.rows : [];
  const count = {
    all: rows.length, in: rows.filter(hasArrived).length,
    late: rows.filter((r) => hasArrived(r) && !r.reserve && Number(r.late_ms) > 0).length,
    reserves: rows.filter((r) => r.reserve).length, excused: rows.filter((r) => r.excused && !r.reserve).length,
    missing: rows.filter(isMissing).length,
  };
  setText($("ci-summary"), C.summary(count));
  const filter = $("ci-filter").checked;
  const shown = filter ? rows.filter((r) => !hasArrived(r) && !r.reserve) : rows;
  const empty = $("ci-empty");
  empty.hidden = shown.length > 0;
  setText(empty, rows.length ? C.noneMissing : C.empty);

  const counting = lateCounting(report, now);
  const late = lateNow(report, now);
  const reserveFrom = firstStep(report.steps, "reserve_due");
  ciPhase = JSON.stringify([item.id, counting, reserveFrom !== null && late >= reserveFrom]);
  const names = nameBook(sections);
  const seating = seatingOf(sections, item.id);
  const bridge = isBridge();
  const nodes = [];
  const wanted = new Set();
  ciLive = [];
  for (const row of shown) {
    const key = `${item.id}:${row.id}`;
    const f = ciForm(key);
    const table = bridge ? null : ((seating?.tables || []).find((t) => (t.players || []).includes(row.id)) || {}).table ?? null;
    const reserveOpen = !bridge && !hasArrived(row) && !row.reserve && (row.excused || (reserveFrom !== null && counting && late >= reserveFrom));
    const dataKey = JSON.stringify([row, table, counting, reserveOpen, f.mode, f.error, bridge, item.status, names.team(row.id)]);
    let entry = ciRows.get(key);
    if (!entry || entry.dataKey !== dataKey) {
      entry = { ...ciRowNode(item, report, row, { key, table, counting, reserveOpen, bridge }), dataKey };
      ciRows.set(key, entry);
    }
    if (entry.live) ciLive.push(entry.live);
    wanted.add(key);
    nodes.push(entry.node);
  }
  for (const key of ciRows.keys()) if (!wanted.has(key)) ciRows.delete(key);
  syncChildren($("ci-list"), nodes);
  renderCheckinLive(now, true);
}

let ciLiveAt = 0;
/** Every second: the counters of those not yet in, and the penalty that would apply now. */
function renderCheckinLive(now, force = false) {
  if ($("checkin-card").hidden) return;
  if (!force && now - ciLiveAt < 250) return;
  ciLiveAt = now;
  const picked = ciSelected();
  if (!picked) return;
  const { item, report } = picked;
  const C = STRINGS.ci;
  const counting = lateCounting(report, now);
  const late = lateNow(report, now);
  const reserveFrom = firstStep(report.steps, "reserve_due");
  const phase = JSON.stringify([item.id, counting, reserveFrom !== null && late >= reserveFrom]);
  if (phase !== ciPhase) {
    renderCheckin(); // the Seat reserve buttons appear, the counters start
    return;
  }
  const step = stepAt(report.steps, late);
  const penalty = describePenalty(step, STRINGS.penalty);
  const lateText = ciLateText(late);
  for (const live of ciLive) {
    setText(live.count, counting ? lateText : C.notCounting);
    setText(live.penalty, counting ? penalty.text : "");
    live.penalty.className = `r-ci-pen pen-${counting ? penalty.tone || "none" : "none"}`;
  }
  // The line above the list: when lateness counts, and what not being here costs now.
  const missing = (report.rows || []).filter(isMissing).length;
  const box = $("ci-live");
  let text = "";
  if (!counting && Number.isFinite(report.reference_start)) {
    text = C.startsIn(fmtSec.time(report.reference_start), formatDuration(tournamentMs(report.reference_start - now, sections)));
  } else if (counting && missing) {
    const forfeitFrom = firstStep(report.steps, "forfeit");
    // A step starts 1 ms after its deadline ("30:00 still tolerated"): say the deadline itself.
    const next = reserveFrom !== null && late < reserveFrom ? C.reserveFrom(ciLateText(reserveFrom - 1))
      : forfeitFrom !== null && late < forfeitFrom ? C.forfeitFrom(ciLateText(forfeitFrom - 1)) : "";
    text = [C.liveMissing(lateText, penalty.text), next, item.status === "paused" ? C.paused : ""].filter(Boolean).join(" · ");
    if (isOpen(item)) text = `${text} · ${C.notStartedYet}`;
  } else if (counting && (report.rows || []).length) {
    text = C.allIn;
  }
  box.hidden = !text;
  setText(box, text);
  setClass(box, "is-late", counting && missing > 0);
}

/** One line of the list: who, their state, how late, the penalty, and the actions. */
function ciRowNode(item, report, row, { key, table, counting, reserveOpen, bridge }) {
  const C = STRINGS.ci;
  const f = ciForm(key);
  const field = bridge ? "team" : "player";
  const arrived = hasArrived(row);
  const missing = isMissing(row);
  const who = el("div", { class: "r-ci-who" }, el("b", {}, row.name ?? row.id),
    table !== null ? el("small", {}, C.table(table)) : null,
    // A team the referee checked in as a whole has no members counted: say the count only when it means something.
    bridge && (!arrived || Number(row.members_in) > 0) ? el("small", {}, C.membersIn(Number(row.members_in) || 0, TEAM_NEEDED)) : null);
  let chip;
  let lateCell;
  let penCell;
  let live = null;
  if (row.reserve) {
    chip = el("span", { class: "chip r-ci-chip is-reserve" }, C.chipReserve);
    lateCell = el("span", { class: "r-ci-late" }, row.excused ? C.chipExcused : "");
    penCell = el("span", { class: "r-ci-pen" }, C.reserveLine(row.reserve, row.starts_with));
  } else if (arrived) {
    chip = el("span", { class: "chip r-ci-chip is-in" }, C.chipIn(fmtSec.time(row.arrived_at)));
    const lateMs = Number(row.late_ms) || 0;
    lateCell = el("span", { class: "r-ci-late" }, lateMs > 0 ? C.late(ciLateText(lateMs)) : C.onTime);
    const penalty = describePenalty(row, STRINGS.penalty);
    penCell = el("span", { class: `r-ci-pen pen-${penalty.tone || "none"}` }, lateMs > 0 || penalty.tone ? penalty.text : "");
  } else if (row.excused) {
    chip = el("span", { class: "chip r-ci-chip is-excused" }, C.chipExcused);
    lateCell = el("span", { class: "r-ci-late" }, "");
    penCell = el("span", { class: "r-ci-pen" }, C.excusedLine(excuseReason(item.id, row.id)));
  } else {
    chip = el("span", { class: "chip r-ci-chip is-missing" }, C.chipMissing);
    live = { count: el("span", { class: "r-ci-late r-ci-count" }, counting ? "" : C.notCounting), penalty: el("span", { class: "r-ci-pen" }) };
    lateCell = live.count;
    penCell = live.penalty;
  }
  const open = (mode) => () => {
    f.mode = f.mode === mode ? "" : mode;
    f.error = "";
    f.focus = Boolean(f.mode);
    if (mode === "time" && !f.time) {
      const now = connection ? connection.clock.now() : Date.now();
      f.time = fmtSec.time(arrived ? row.arrived_at : now);
    }
    ciRebuild(key);
  };
  const idBody = { item: item.id, [field]: row.id };
  const actions = [];
  if (!arrived && !row.reserve) {
    actions.push(el("button", {
      type: "button", class: "btn small go", dataset: { action: "check-in" },
      onclick: (e) => command({ type: "check_in", ...idBody }, e.currentTarget),
    }, C.checkIn));
  }
  if (!row.reserve) {
    actions.push(el("button", { type: "button", class: `btn small${f.mode === "time" ? " is-on" : ""}`, dataset: { action: "time" }, onclick: open("time") },
      arrived ? C.changeTime : C.earlier));
  }
  if (!bridge && missing) {
    actions.push(el("button", { type: "button", class: `btn small${f.mode === "excuse" ? " is-on" : ""}`, dataset: { action: "excuse" }, onclick: open("excuse") }, C.excuse));
  }
  if (reserveOpen) {
    actions.push(el("button", { type: "button", class: `btn small warn${f.mode === "reserve" ? " is-on" : ""}`, dataset: { action: "reserve" }, onclick: open("reserve") }, C.reserve));
  }
  const node = el("div", {
    class: `r-ci-row${arrived ? " is-in" : ""}${missing ? " is-missing" : ""}${row.reserve ? " is-reserve" : ""}${row.excused ? " is-excused" : ""}`,
    dataset: { id: row.id },
  }, who, chip, lateCell, penCell, el("div", { class: "r-ci-actions" }, actions));
  if (f.mode) node.append(ciFormNode(item, report, row, key, idBody));
  return { node, live };
}

/** The reason of an announced absence, from the audit log (the row only says that it was announced). */
function excuseReason(itemId, id) {
  const entry = [...(sections.audit || [])].reverse().find((x) => x.type === "absence_announced" && !x.undone &&
    x.payload?.item === itemId && x.payload?.player === id);
  return entry ? entry.payload.reason : "";
}

function ciRebuild(key) {
  ciRows.delete(key);
  renderCheckin();
}

/** The small form under a row: an earlier time and its reason, an announced absence, a reserve's name. */
function ciFormNode(item, report, row, key, idBody) {
  const C = STRINGS.ci;
  const f = ciForm(key);
  const error = el("div", { class: "error", role: "alert" }, f.error);
  const close = () => {
    ciForms.delete(key);
    ciRebuild(key);
  };
  const cancel = el("button", { type: "button", class: "btn small", onclick: close }, C.cancel);
  const input = (prop, attrs) => el("input", {
    type: "text", class: "field", value: f[prop], autocomplete: "off", ...attrs,
    oninput: (e) => {
      f[prop] = e.currentTarget.value;
      if (prop === "time") preview();
    },
  });
  const send = async (body, button) => {
    if (await command(body, button, error)) close();
    else f.error = error.textContent;
  };
  const note = el("span", { class: "r-ci-note" });
  let fields;
  let submit;
  let preview = () => {};
  if (f.mode === "time") {
    const time = input("time", { inputmode: "numeric", placeholder: C.timePlaceholder, "aria-label": C.timeLabel, dataset: { role: "time" }, class: "field r-ci-time" });
    const reason = input("reason", { placeholder: C.reasonPlaceholder, "aria-label": C.reasonLabel, maxlength: "500", dataset: { role: "reason" } });
    fields = [el("label", { class: "r-field" }, el("span", {}, C.timeLabel), time),
      el("label", { class: "r-field grow" }, el("span", {}, C.reasonLabel), reason)];
    submit = el("button", { type: "submit", class: "btn small go" }, C.recordTime);
    preview = () => {
      const now = connection ? connection.clock.now() : Date.now();
      const at = wallTimeToEpoch(f.time, now);
      if (at === null) return setText(note, f.time.trim() ? C.badTime : C.zone(sections.tournament?.timezone || ""));
      if (at > now) return setText(note, C.futureTime);
      const current = latenessReports(sections)[item.id] || report; // the row may outlive a pause or a restart
      const lateMs = runningMs(current.reference_start, at, current.pauses);
      const penalty = describePenalty(stepAt(current.steps, lateMs), STRINGS.penalty);
      setText(note, lateMs > 0 ? C.preview(ciLateText(lateMs), penalty.text) : C.previewOnTime);
    };
    preview();
  } else if (f.mode === "excuse") {
    fields = [el("label", { class: "r-field grow" }, el("span", {}, C.reasonLabel),
      input("reason", { placeholder: C.excuseReasonPlaceholder, "aria-label": C.reasonLabel, maxlength: "500", dataset: { role: "reason" } }))];
    submit = el("button", { type: "submit", class: "btn small go" }, C.recordAbsence);
  } else {
    fields = [el("label", { class: "r-field grow" }, el("span", {}, C.nameLabel),
      input("name", { placeholder: C.namePlaceholder, "aria-label": C.nameLabel, maxlength: "80", dataset: { role: "name" } }))];
    const steps = Array.isArray(report.steps) ? report.steps : [];
    const reserveBule = (steps.find((x) => x.reserve_due) || {}).starts_with;
    setText(note, row.excused ? C.reserveStarts(300) : Number.isFinite(reserveBule) ? C.reserveStarts(reserveBule) : "");
    submit = el("button", { type: "submit", class: "btn small warn" }, C.seat);
  }
  const form = el("form", { class: "r-ci-form", autocomplete: "off", novalidate: true, dataset: { mode: f.mode } },
    el("div", { class: "r-row" }, fields), el("div", { class: "r-row" }, note, submit, cancel), error);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const now = connection ? connection.clock.now() : Date.now();
    const fail = (message) => {
      f.error = message;
      setText(error, message);
    };
    if (f.mode === "time") {
      const at = wallTimeToEpoch(f.time, now);
      if (at === null) return fail(C.badTime);
      if (at > now) return fail(C.futureTime);
      if (!f.reason.trim()) return fail(C.needReason);
      return send({ type: "check_in", ...idBody, at, reason: f.reason.trim() }, submit);
    }
    if (f.mode === "excuse") {
      if (!f.reason.trim()) return fail(C.needReason);
      return send({ type: "excuse_absence", item: item.id, player: row.id, reason: f.reason.trim() }, submit);
    }
    if (!f.name.trim()) return fail(C.needName);
    return send({ type: "seat_reserve", item: item.id, player: row.id, name: f.name.trim() }, submit);
  });
  // Focus the first field once, when the form opens (not when the row is rebuilt while typing).
  if (f.focus) {
    f.focus = false;
    requestAnimationFrame(() => form.querySelector("input")?.focus());
  }
  return form;
}

$("ci-filter").addEventListener("change", renderCheckin);

/** A lateness alert as it arrives: highlighted in the check-in card, and a toast that stays until closed. */
function onLatenessEvent(event, fresh) {
  if (event.type !== "lateness_alert" || !fresh) return;
  freshAlerts.add(event.seq);
  setTimeout(() => {
    freshAlerts.delete(event.seq);
    alertsKey = "";
    renderCheckin();
  }, 15_000);
  const b = describeLateness(event, sections, STRINGS.alerts, fmt);
  if (b) toast(STRINGS.alerts.line(b.kicker, b.title, b.sub), "alert");
  renderCheckin();
}

// ---- the live part --------------------------------------------------------------------------

function applyTournament() {
  const t = sections.tournament || {};
  fmt = showTournament(t, STRINGS, $);
  fmtSec = timeFormatter(t.timezone, STRINGS.locale, { seconds: true });
}

function frame(now) {
  setText($("now"), fmt.time(now));
  if (!sections.timetable) return;
  const c = describeClock(sections, now, STRINGS, fmt);
  const box = $("current");
  if (box.dataset.mode !== c.mode) box.dataset.mode = c.mode;
  setText($("current-count"), c.count || "–:––");
  setText($("current-kicker"), c.kicker);
  setText($("current-title"), [c.headline, c.state].filter(Boolean).join(" — "));
  setText($("current-sub"), [c.sub, c.upcoming ? `${c.upcomingLabel}: ${c.upcoming.title} ${c.upcomingTime}` : ""]
    .filter(Boolean).join("  ·  "));
  renderRowCounts(now);
  renderCheckinLive(now);
}

function setConnection(state) {
  const conn = $("conn");
  conn.dataset.state = state;
  setText($("conn-text"), state === "up" ? "" : state === "down" ? STRINGS.offline : STRINGS.connecting);
}

function startConsole() {
  $("login").hidden = true;
  $("app").hidden = false;
  if (connection) return;
  setConnection("connecting");
  connection = new LiveConnection({
    view: "referee", // the session cookie rides the upgrade
    onUpdate(next) {
      const tournamentChanged = next.tournament !== sections.tournament;
      sections = next;
      if (tournamentChanged) applyTournament();
      renderItems();
      plan.renderMissed($("missed-card"));
      plan.renderAdd($("tt-add"));
      plan.renderTournament($("tt-name"));
      roster.render();
      team.render();
      renderPlayerSelect();
      renderAudit();
      renderRounds();
      renderStandingsPreview();
      renderPenaltyForm();
      renderCheckin();
      for (const link of $("r-nav").children) link.hidden = $(link.dataset.nav).hidden;
    },
    onEvent(event, { fresh }) {
      onLatenessEvent(event, fresh);
      confirmedLate(event);
    },
    onStatus(up) {
      setConnection(up ? "up" : "down");
    },
    onError(_, message) {
      if (message && message.signed_out) showLogin(STRINGS.expired); // the session has ended
    },
  });
  connection.start();
}

animate(frame);
boot();
window.hall = {
  get connection() {
    return connection;
  },
};
