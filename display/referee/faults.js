// The console's "what the log holds that this server cannot use" card (`sections.faults`): a rules value
// an older server let into the log and the fold set aside, or a part of the screens that fails to build
// since some event (shown empty on every screen while the rest works). The server says which and why;
// the card only says it in the console's language. Hidden on a sound log.
import { el } from "../lib/dom.js";

/** The card's lines for `faults` (a list of {kind: "rule" | "section", seq, …}), in words of `F` (S.faults). */
export function faultLines(faults, F) {
  return (Array.isArray(faults) ? faults : []).map((x) => (x.kind === "rule" ? F.rule(x) : F.section(x)));
}

let drawn = "";
/** Draw the card into `box` (hidden when there is nothing to tell). */
export function renderFaults(box, faults, F) {
  const lines = faultLines(faults, F);
  const key = JSON.stringify(lines);
  if (key === drawn) return;
  drawn = key;
  box.hidden = !lines.length;
  box.replaceChildren(...(lines.length
    ? [el("h2", {}, F.title), ...lines.map((line) => el("p", { class: "r-fault" }, line)), el("p", { class: "r-hint" }, F.hint)]
    : []));
}
