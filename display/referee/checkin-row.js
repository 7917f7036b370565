// @ts-check
// One row of the check-in card: a player (or a team) with their state (in, late, excused, a reserve
// seated, missing), the penalty, and the referee's actions: check in now, at an earlier time with
// a reason, an announced absence, a reserve. The small form under a row keeps its state here.
import { el, setText } from "../lib/dom.js";
import { describePenalty, hasArrived, isMissing, playersNeeded } from "../lib/lateness.js";
import { PREVIEW_DEBOUNCE_MS, askPreview, ciLateText, previewWords, wallTimeToEpoch } from "./checkin-time.js";
import { command } from "./commands.js";
import { STRINGS, nowMs, state } from "./state.js";
/** @import { Arrival } from "../../types/pages" */
/** @import { LatenessReport, TimetableItem } from "../../types/sections" */

const ciForms = new Map(); // `${item}:${id}` → {mode: "" | "time" | "excuse" | "reserve", time, reason, name, error}

/** A row's form state, made empty the first time; it survives the row being rebuilt. */
export function ciForm(key) {
  if (!ciForms.has(key)) ciForms.set(key, { mode: "", time: "", reason: "", name: "", error: "" });
  return ciForms.get(key);
}

/**
 * One line of the list: who, their state, how late, the penalty, and the actions. `rebuild(key)`
 * builds the row afresh and draws the card again (a form under it opened or closed).
 * Returns {node, live}: `live` the counter and penalty cells renderCheckinLive updates, if any.
 * @param {TimetableItem} item
 * @param {LatenessReport} report
 * @param {Arrival} row
 * @param {{ key: string, table: number | null, counting: boolean, reserveOpen: boolean, bridge: boolean, rebuild: (key: string) => void }} options
 * @returns {{ node: HTMLDivElement, live: { count: HTMLSpanElement, penalty: HTMLSpanElement } | null }}
 */
export function ciRowNode(item, report, row, { key, table, counting, reserveOpen, bridge, rebuild }) {
  const C = STRINGS.ci;
  const f = ciForm(key);
  const field = bridge ? "team" : "player";
  const arrived = hasArrived(row);
  const missing = isMissing(row);
  const who = el("div", { class: "r-ci-who" }, el("b", {}, row.name ?? row.id),
    table !== null ? el("small", {}, C.table(table)) : null,
    // A team the referee checked in as a whole has no members counted: say the count only when it means something.
    bridge && playersNeeded(report) !== null && (!arrived || Number(row.members_in) > 0)
      ? el("small", {}, C.membersIn(Number(row.members_in) || 0, playersNeeded(report))) : null);
  let chip;
  let lateCell;
  let penCell;
  let live = null;
  if (row.reserve) {
    chip = el("span", { class: "chip r-ci-chip is-reserve" }, C.chipReserve);
    lateCell = el("span", { class: "r-ci-late" }, row.excused ? C.chipExcused : "");
    penCell = el("span", { class: "r-ci-pen" }, C.reserveLine(row.reserve, row.starts_with));
  } else if (arrived) {
    chip = el("span", { class: "chip r-ci-chip is-in" }, C.chipIn(state.fmtSec.time(row.arrived_at)));
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
      const now = nowMs();
      f.time = state.fmtSec.time(arrived ? row.arrived_at : now);
    }
    rebuild(key);
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
  if (f.mode) node.append(ciFormNode(item, row, key, idBody, rebuild));
  return { node, live };
}

/** The reason of an announced absence, from the audit log (the row only says that it was announced). */
function excuseReason(itemId, id) {
  const entry = [...(state.sections.audit || [])].reverse().find((x) => x.type === "absence_announced" && !x.undone &&
    x.payload?.item === itemId && x.payload?.player === id);
  return entry ? entry.payload.reason : "";
}

/** The small form under a row: an earlier time and its reason, an announced absence, a reserve's name. */
function ciFormNode(item, row, key, idBody, rebuild) {
  const C = STRINGS.ci;
  const f = ciForm(key);
  const error = el("div", { class: "error", role: "alert" }, f.error);
  const close = () => {
    ciForms.delete(key);
    rebuild(key);
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
    const reason = input("reason", { placeholder: C.reasonPlaceholder, "aria-label": C.reasonLabel, "data-limit": "reason", dataset: { role: "reason" } });
    fields = [el("label", { class: "r-field" }, el("span", {}, C.timeLabel), time),
      el("label", { class: "r-field grow" }, el("span", {}, C.reasonLabel), reason)];
    submit = el("button", { type: "submit", class: "btn small go" }, C.recordTime);
    // The server prices the typed time (how late, the penalty, or why it refuses it), asked once the
    // referee stops typing; only the last question's answer is shown.
    let timer = 0;
    let asked = 0;
    preview = () => {
      clearTimeout(timer);
      const ticket = ++asked;
      const at = wallTimeToEpoch(f.time, nowMs());
      if (at === null) return setText(note, f.time.trim() ? C.badTime : C.zone(state.sections.tournament?.timezone || ""));
      setText(note, C.previewAsking);
      timer = setTimeout(async () => {
        if (!note.isConnected) return; // the row was built afresh: its own form asks
        const { answer, error } = await askPreview(item.id, "team" in idBody ? "team" : "player", row.id, at);
        if (ticket === asked) setText(note, error ?? previewWords(answer));
      }, PREVIEW_DEBOUNCE_MS);
    };
    preview();
  } else if (f.mode === "excuse") {
    fields = [el("label", { class: "r-field grow" }, el("span", {}, C.reasonLabel),
      input("reason", { placeholder: C.excuseReasonPlaceholder, "aria-label": C.reasonLabel, "data-limit": "reason", dataset: { role: "reason" } }))];
    submit = el("button", { type: "submit", class: "btn small go" }, C.recordAbsence);
  } else {
    fields = [el("label", { class: "r-field grow" }, el("span", {}, C.nameLabel),
      input("name", { placeholder: C.namePlaceholder, "aria-label": C.nameLabel, "data-limit": "name", dataset: { role: "name" } }))];
    // What the reserve starts with in this seat (the server's: more for a player absent at the deadline).
    setText(note, Number.isFinite(row.reserve_starts_with) ? C.reserveStarts(row.reserve_starts_with) : "");
    submit = el("button", { type: "submit", class: "btn small warn" }, C.seat);
  }
  const form = el("form", { class: "r-ci-form", autocomplete: "off", novalidate: true, dataset: { mode: f.mode } },
    el("div", { class: "r-row" }, fields), el("div", { class: "r-row" }, note, submit, cancel), error);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const now = nowMs();
    const fail = (message) => {
      f.error = message;
      setText(error, message);
    };
    if (f.mode === "time") {
      const at = wallTimeToEpoch(f.time, now);
      if (at === null) return fail(C.badTime);
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
