// @ts-check
// A bridge match in the rounds card: the score as recorded (IMPs and the VP the server computed),
// the form that records the IMPs, a forfeit and its undo, and a correction with its reason.
import { el, setText } from "../lib/dom.js";
import { decimalsOf } from "../lib/format.js";
import { command } from "./commands.js";
import { blockShell, correctButton, correctionControls, formOf, forms, rebuild, sendResult, tagsFor } from "./result-kit.js";
import { STRINGS } from "./state.js";
import { num, teamName } from "./words.js";
/** @import { BridgeResult, SeatingMatch, TimetableItem } from "../../types/sections" */

/**
 * A match's block: a forfeit (undoable), the recorded score (and Correct), else its forms.
 * @param {TimetableItem} item
 * @param {SeatingMatch} match
 * @param {BridgeResult | undefined} row
 * @param {boolean} open whether the seating may still be published (the server's `allowed`), so no result is taken yet
 * @param {string} key
 * @returns {HTMLDivElement}
 */
export function bridgeBlock(item, match, row, open, key) {
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

/** The IMPs of both teams (whole numbers, 0 or more); or their correction. */
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

/** A forfeit: which team forfeits, and why; asked first. */
function forfeitForm(item, match, key) {
  const f = formOf(key);
  if (!f.forfeitOpen) {
    return el("div", { class: "r-row" }, el("button", {
      type: "button", class: "btn small danger", dataset: { action: "forfeit" },
      onclick: () => {
        f.forfeitOpen = true; // no team chosen for the referee: which one did not play is theirs to say
        rebuild(key);
      },
    }, STRINGS.forfeit));
  }
  const error = el("div", { class: "error", role: "alert" }, "");
  const select = el("select", {
    class: "field", dataset: { role: "guilty" }, "aria-label": STRINGS.forfeitGuilty,
    onchange: (e) => (f.guilty = e.currentTarget.value),
  }, el("option", { value: "", selected: !f.guilty, disabled: true }, STRINGS.forfeitChoose),
  [match.home, match.away].map((t) => el("option", { value: t, selected: f.guilty === t }, teamName(t))));
  const reason = el("input", {
    type: "text", class: "field reason", "data-limit": "reason", value: f.forfeitReason, placeholder: STRINGS.forfeitReason,
    "aria-label": STRINGS.forfeitReason, oninput: (e) => (f.forfeitReason = e.currentTarget.value),
  });
  const send = el("button", {
    type: "button", class: "btn small danger", dataset: { action: "forfeit-send" },
    onclick: async (e) => {
      const guilty = select.value;
      if (!guilty) {
        error.textContent = STRINGS.forfeitNeedTeam;
        return;
      }
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
