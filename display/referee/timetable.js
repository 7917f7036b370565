// @ts-check
// The console's timetable: one row per item, built once and updated in place, with the round
// commands the server allows now (start, pause, resume, extend, last deals, end, seating), why a
// start is held, the plan's tools, and each row's countdown. The plan's tools (plan-editor.js) and the rounds
// card (rounds.js) come with the console's other cards, after its first screen: until then a row's Change…
// and Seating are drawn here and a tap on them waits for those modules (usePlan, round-choice.js).
import { el, setText } from "../lib/dom.js";
import { formatDuration } from "../lib/format.js";
import { heldReason, notStarted, plannedStart } from "../lib/plan.js";
import { resultsOf, seatingOf } from "../lib/standings.js";
import { wallTimeToEpoch } from "./checkin-time.js";
import { command, toHall } from "./commands.js";
import { missedCard } from "./plan-missed.js";
import { expectedResults, pickRound, publishSeating } from "./round-choice.js";
import { $, STRINGS, nowMs, state } from "./state.js";
import { renderThumb } from "./thumb.js";
import { toast } from "./toast.js";
import { itemTitle } from "./words.js";

/**
 * What the plan editor and the roster card work with (plan-editor.js, roster.js): the words, the
 * sections, the tournament's times, the server's clock, commands, and drawing the rows again after
 * one of the plan's forms opened or closed.
 */
export const planContext = {
  S: STRINGS, command, sections: () => state.sections, fmt: () => state.fmt, rerender: () => renderItems(),
  now: () => nowMs(),
};
/** The card that moves a plan all in the past to now (at the top of the page). */
export const renderMissed = missedCard(planContext);

/** The timetable's changes on the day (plan-editor.js's planEditor), once the cards brought it; its tools
 * ("Change…") sit in each row. */
let plan = null;
const opening = new Set(); // the rows whose Change… was tapped before it came
const waiting = new Map(); // item id → {node, key}: a row's Change… until then

/** The plan's tools are here: draw them in the rows, opened where Change… was tapped meanwhile. */
export function usePlan(editor) {
  plan = editor;
  for (const id of opening) {
    const item = (state.sections.timetable || []).find((i) => i.id === id);
    if (item) plan.openTools(item);
  }
  opening.clear();
  waiting.clear();
  renderItems();
}

/** A row's tools: the plan editor's, or until it is here its closed tools (the same button), which remember
 * the tap. */
function toolsFor(item) {
  if (plan) return plan.toolsFor(item);
  const can = notStarted(item, state.sections, nowMs());
  const key = JSON.stringify([can, opening.has(item.id)]);
  const cached = waiting.get(item.id);
  if (cached && cached.key === key) return cached.node;
  const node = el("div", { class: "r-plan", hidden: !can, dataset: can ? { planItem: item.id } : {} });
  if (can) {
    node.append(el("button", {
      type: "button", class: `btn small r-plan-open${opening.has(item.id) ? " busy" : ""}`, dataset: { plan: "open" },
      "aria-expanded": "false",
      onclick: () => {
        opening.add(item.id);
        renderItems();
      },
    }, STRINGS.plan.change));
  }
  waiting.set(item.id, { node, key });
  return node;
}

const rows = new Map(); // item id → {li, refs, item, status}

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
      }),
      make("record", STRINGS.recordTime, "", () => {
        // In the row only while open (a closed form is no form of the row's to send)
        if (refs.recordForm.isConnected) refs.recordForm.remove();
        else {
          refs.error.before(refs.recordForm);
          refs.recordAt.focus();
        }
      }));
    recordForm(id, refs);
    actions.append(refs.plan); // Change… at the end of the round's buttons
    li.append(refs.detail, refs.held, actions, refs.error);
  } else {
    li.classList.add("other");
    li.append(refs.plan);
  }
  return { li, refs };
}

/**
 * The day the server was down: a start or end that happened while it was not running, recorded at the
 * time it happened (typed as the hall's clock said it) with a reason, so that the clock and lateness
 * count from the truth. Which of the two it records is what the server allows now (`allowed`).
 */
function recordForm(id, refs) {
  refs.recordAt = el("input", {
    type: "text", class: "field r-record-at", inputmode: "numeric", placeholder: STRINGS.recordAtHint,
    "aria-label": STRINGS.recordAtLabel, dataset: { role: "record-at" },
  });
  refs.recordReason = el("input", {
    type: "text", class: "field grow", "data-limit": "reason", placeholder: STRINGS.recordReasonHint,
    "aria-label": STRINGS.recordReasonLabel, dataset: { role: "record-reason" },
  });
  refs.recordSend = el("button", { type: "submit", class: "btn small go", dataset: { action: "record-send" } });
  refs.recordForm = el("form", {
    class: "r-record", novalidate: true, autocomplete: "off", dataset: { role: "record" },
    onsubmit: (e) => {
      e.preventDefault();
      const kind = refs.recordForm.dataset.kind;
      const at = wallTimeToEpoch(refs.recordAt.value, nowMs());
      if (!kind) return;
      if (at === null) {
        setText(refs.error, STRINGS.recordBadTime);
        return;
      }
      const when = state.fmtSec.time(at);
      const question = kind === "start" ? STRINGS.confirmRecordStart(itemTitle(id), when) : STRINGS.confirmRecordEnd(itemTitle(id), when);
      if (!confirm(question)) return;
      const body = { type: kind === "start" ? "start_round" : "end_round", item: id, at, reason: refs.recordReason.value };
      command(body, refs.recordSend, refs.error).then((ok) => {
        if (!ok) return;
        refs.recordForm.remove();
        refs.recordAt.value = "";
        refs.recordReason.value = "";
      });
    },
  }, el("label", { class: "r-field" }, el("span", {}, STRINGS.recordAtLabel), refs.recordAt),
  el("label", { class: "r-field grow" }, el("span", {}, STRINGS.recordReasonLabel), refs.recordReason), refs.recordSend);
  return refs.recordForm;
}

function itemDetail(item) {
  const d = STRINGS.detail;
  const minute = Number(state.sections.tournament?.minute_ms) || 60_000; // a demo's minute is shorter
  const upcoming = item.phase === "upcoming";
  const parts = [];
  if (item.boards) parts.push(d.boards(item.boards));
  if (item.called_at && upcoming) parts.push(d.called(state.fmt.time(item.called_at)));
  if (item.status === "held" && item.held_at) parts.push(d.held(state.fmt.time(item.held_at)));
  if (item.status === "missed") parts.push(d.missed);
  if (upcoming) parts.push(d.length(formatDuration(item.remaining_ms ?? item.end - item.start)));
  if (item.started_at) parts.push(d.started(state.fmt.time(item.started_at)));
  if (item.phase === "in_progress" && item.status !== "paused") parts.push(d.ends(state.fmt.time(item.ends_at)));
  if (item.status === "paused" && item.paused_at) parts.push(d.paused(state.fmt.time(item.paused_at)));
  if (item.status === "ended" && item.ended_at) parts.push(d.ended(state.fmt.time(item.ended_at)));
  if (item.extended_ms) parts.push(d.extended(Math.round((item.extended_ms * 10) / minute) / 10));
  if (item.last_deals_at) parts.push(d.lastDeals(state.fmt.time(item.last_deals_at)));
  if (item.parts > 1) parts.push(d.breaks((item.breaks || []).length, item.parts - 1));
  const seating = seatingOf(state.sections, item.id);
  if (seating) {
    parts.push(STRINGS.detailSeated);
    const expected = expectedResults(seating);
    if (!upcoming) parts.push(STRINGS.detailResults(resultsOf(state.sections, item.id).length, expected));
  }
  return parts.join(" · ");
}

/** Draw the rows as the sections say now (and the thumb bar): after each snapshot and each command. */
export function renderItems() {
  const list = $("items");
  const timetable = state.sections.timetable || [];
  const lastDealsRule = (state.sections.tournament?.last_deals_warning_ms || 0) > 0;
  const busy = timetable.find((i) => i.phase === "in_progress") || null;
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
    setText(refs.time, `${state.fmt.time(item.start)}–${state.fmt.time(item.end)}`);
    // Moved because a round before it ran long: the plan's time, struck through.
    const planned = plannedStart(item);
    refs.planned.hidden = planned === null;
    setText(refs.planned, planned === null ? "" : state.fmt.time(planned));
    refs.planned.title = planned === null ? "" : STRINGS.plannedAt(state.fmt.time(planned));
    setText(refs.title, item.title);
    const tools = toolsFor(item);
    if (refs.plan.firstChild !== tools) refs.plan.replaceChildren(tools);
    const status = item.playing ? item.status : "";
    setText(refs.chip, status ? STRINGS.status[status] ?? status : "");
    refs.chip.className = `chip st-${status}`;
    refs.chip.hidden = !status;
    row.li.className = `r-item${item.playing ? "" : " other"} st-${status || "none"}${item === busy ? " is-current" : ""}`;
    if (!item.playing) return;
    setText(refs.detail, itemDetail(item));
    // A held start, and why: "seating not yet published", "Round 1 is still being played".
    const why = heldReason(item, state.sections, STRINGS);
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
    const allowed = new Set((state.sections.allowed || {})[item.id] || []);
    set("start", allowed.has("start"), why || "");
    set("pause", allowed.has("pause"));
    set("resume", allowed.has("resume"));
    set("extend", allowed.has("extend"));
    refs.minutes.disabled = !allowed.has("extend");
    set("lastDeals", lastDealsRule && allowed.has("lastDeals"), lastDealsRule ? "" : STRINGS.noLastDeals);
    set("end", allowed.has("end"));
    // A time recorded after the fact: the start while it may start, the end while it is being played.
    const kind = allowed.has("start") ? "start" : allowed.has("end") ? "end" : "";
    refs.record.hidden = !kind;
    if (!kind) refs.recordForm.remove();
    refs.recordForm.dataset.kind = kind;
    setText(refs.recordSend, kind === "end" ? STRINGS.recordEnd : STRINGS.recordStart);
    refs.seating.hidden = !("seating" in state.sections);
    const upcoming = item.phase === "upcoming";
    set("seating", upcoming, upcoming ? STRINGS.seatingTitle(item.title) : STRINGS.seatingLocked);
  });
  renderThumb(timetable, busy, lastDealsRule);
}

/**
 * Every frame: each round's countdown (running, paused, held, or time to its start).
 * @param {number} now
 */
export function renderRowCounts(now) {
  for (const { item, refs } of rows.values()) {
    if (!item || !item.playing) continue;
    let text = "";
    if (item.status === "running") text = formatDuration(Math.max(0, item.ends_at - now));
    else if (item.status === "paused") text = formatDuration(item.remaining_ms ?? 0);
    else if (item.status === "held") text = STRINGS.countHeld;
    else if (item.phase === "upcoming") text = item.start > now ? STRINGS.countOpen(item.start - now) : STRINGS.countDue;
    setText(refs.count, text);
  }
}
