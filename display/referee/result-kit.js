// @ts-check
// What the result blocks of both games share (preferans.js, bridge.js): the forms' state that
// survives a redraw, the cache of built blocks, a block's shell and tags, sending a result or its
// correction, and the correction's controls.
import { el, setText } from "../lib/dom.js";
import { command } from "./commands.js";
import { STRINGS } from "./state.js";

/** Form state survives re-rendering (an event arriving while the referee types): block key → form. */
export const forms = new Map();

/** A block's form state, made empty the first time. */
export function formOf(key) {
  if (!forms.has(key)) {
    forms.set(key, {
      mode: "", values: {}, supe: {}, supeOpen: false, walkover: false, present: "", reason: "", error: "",
      forfeitOpen: false, guilty: "", forfeitReason: "",
    });
  }
  return forms.get(key);
}
/** The blocks (one per table or match), rebuilt only when what they show changed: key → {node, dataKey}. */
export const blocks = new Map();

/** How to draw the rounds card again (rounds.js gives its renderRounds). */
let redraw = () => {};

/** Set what rebuild() draws again: the rounds card, which holds the blocks. */
export function redrawRoundsWith(fn) {
  redraw = fn;
}

/** Build one block afresh (a form opened, closed or sent) and draw the card again. */
export function rebuild(key) {
  blocks.delete(key);
  redraw();
}

/** A table's or a match's block: its title, its tags and buttons, then what it holds. */
export function blockShell(key, title, tags, ...children) {
  return el("div", { class: "r-block", dataset: { block: key } },
    el("div", { class: "r-block-head" }, el("b", {}, title), tags), ...children);
}

/**
 * A result's tags: corrected, walkover.
 * @param {{ corrected?: boolean, walkover?: boolean } | undefined} row
 * @returns {(HTMLSpanElement | null)[]}
 */
export const tagsFor = (row) => [
  row && row.corrected ? el("span", { class: "chip r-tag-corr" }, STRINGS.corrected) : null,
  row && row.walkover ? el("span", { class: "chip" }, STRINGS.walkoverTag) : null,
];

/** Send a result, or its correction (which needs a reason); keep the form open with the server's error. */
export async function sendResult(body, { correcting, f, error, reason, send, key, update }) {
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

/** "Correct" on a recorded result: the block opens its correction form, `prefill` puts the
 * recorded values in it (a slip's bule, a match's IMPs). */
export function correctButton(f, key, prefill) {
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

/** A correction's reason field and its cancel button (the result forms of both games share them). */
export function correctionControls(f, key) {
  const reason = el("input", {
    type: "text", class: "field reason", "data-limit": "reason", value: f.reason, placeholder: STRINGS.reason,
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
