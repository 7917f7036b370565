// @ts-check
// The console's "what the log holds that this server cannot use" card (`sections.faults`): a rules value
// an older server let into the log and the fold set aside, an event the fold passed over because folding it
// failed (the state is as if it were not there), or a part of the screens that fails to build since some
// event (shown empty on every screen while the rest works). The server says which and why; the card only
// says it in the console's language. Hidden on a sound log.
import { el } from "../lib/dom.js";
/** @import { Fault } from "../../types/sections" */

/**
 * The card's lines for `faults` (a list of {kind: "rule" | "event" | "section", seq, …}), in words of `F`
 * (S.faults); an event's type named as the audit names its command (`names`: S.commandNames), else as it is.
 * @param {Fault[] | undefined} faults
 * @param {Record<string, any>} F
 * @param {Record<string, string>} [names]
 * @returns {string[]}
 */
export function faultLines(faults, F, names = {}) {
  return (Array.isArray(faults) ? faults : []).map((x) => {
    if (x.kind === "rule") return F.rule(x);
    if (x.kind === "event") return F.event({ ...x, what: names?.[x.type] || x.type });
    return F.section(x);
  });
}

let drawn = "";
/**
 * Draw the card into `box` (hidden when there is nothing to tell).
 * @param {HTMLElement} box
 * @param {Fault[] | undefined} faults
 * @param {Record<string, any>} F
 * @param {Record<string, string>} [names]
 */
export function renderFaults(box, faults, F, names = {}) {
  const lines = faultLines(faults, F, names);
  const key = JSON.stringify(lines);
  if (key === drawn) return;
  drawn = key;
  box.hidden = !lines.length;
  box.replaceChildren(...(lines.length
    ? [el("h2", {}, F.title), ...lines.map((line) => el("p", { class: "r-fault" }, line)), el("p", { class: "r-hint" }, F.hint)]
    : []));
}
