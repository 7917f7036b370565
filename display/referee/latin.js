// @ts-check
// The console in its page's script: on a Latin-script page (sr-Latn, sk, en) everything it shows —
// names, item titles, the tournament's name, audit lines, the cards, the printed slips, the
// questions it asks — has its Serbian Cyrillic in Latin letters (lib/script.js toLatin).
//
// Why at the drawn page and not in the sections (as the display and the phone do, in
// lib/connection.js): the console edits what it shows. Its sections stay the server's
// (state.sections), so a form prefilled from them and every command built from them carry the
// original — a referee on sr-Latn editing "Ђорђе" sends Ђорђе, never "Đorđe" — and there is no
// second, transliterated copy a card could take a value from by mistake. What is drawn is shown
// in Latin once a card has drawn it, whichever card that is. What a person edits or sends is never
// touched: an input's or a textarea's value, a textarea's own text (its default value), an
// option's value (an option without one gets its original text as its value first), data-*
// attributes, a contenteditable element.

import { scriptFor, toCyrillic } from "../lib/script.js";

const ELEMENT = 1;
const TEXT = 3;
/** Elements whose text is not shown as text: an edited value, code, styles. */
const AS_WRITTEN = new Set(["TEXTAREA", "SCRIPT", "STYLE"]);
/** Attributes a person reads (a tooltip, a field's hint, a screen reader's label); never `value` or data-*. */
export const SHOWN_ATTRIBUTES = ["title", "aria-label", "placeholder", "alt"];

/** A text node in the page's script, unless it is an edited value (its parent a textarea, an editable element). */
function showText(node, show) {
  const parent = node.parentElement;
  if (!parent || AS_WRITTEN.has(parent.tagName) || parent.isContentEditable) return;
  const data = node.data;
  const shown = show(data);
  if (shown === data) return;
  // An option without a value sends its text: keep that the original before its text changes.
  if (parent.tagName === "OPTION" && !parent.hasAttribute("value")) parent.setAttribute("value", parent.value);
  node.data = shown;
}

/** The attributes of `element` a person reads, in the page's script. */
function showAttributes(element, show) {
  for (const name of SHOWN_ATTRIBUTES) {
    const value = element.getAttribute(name);
    if (value === null) continue;
    const shown = show(value);
    if (shown !== value) element.setAttribute(name, shown);
  }
}

/**
 * `node` and everything under it as the page shows it: its text nodes and read attributes through
 * `show` (toLatin), edited values left as written. Idempotent: a second pass changes nothing.
 */
export function showTree(node, show) {
  if (!node) return;
  if (node.nodeType === TEXT) {
    showText(node, show);
    return;
  }
  if (node.nodeType !== ELEMENT && node.nodeType !== 9 && node.nodeType !== 11) return;
  if (node.nodeType === ELEMENT) {
    showAttributes(node, show);
    if (AS_WRITTEN.has(node.tagName) || node.isContentEditable) return;
  }
  for (const child of node.childNodes) showTree(child, show);
}

/**
 * Keep `root` (the whole document) in the page's script: shown now, and again whatever a card
 * draws, writes or relabels later (a MutationObserver; its own rewrites come back once and change
 * nothing). `Observer` is the MutationObserver class (a test passes its own). Returns the observer.
 */
export function keepShown(root, show, Observer = globalThis.MutationObserver) {
  showTree(root, show);
  const observer = new Observer((records) => {
    for (const record of records) {
      if (record.type === "childList") for (const node of record.addedNodes) showTree(node, show);
      else if (record.type === "characterData") showTree(record.target, show);
      else if (record.type === "attributes") showAttributes(record.target, show);
    }
  });
  observer.observe(root, {
    childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: SHOWN_ATTRIBUTES,
  });
  return observer;
}

/**
 * The questions the console asks (confirm, alert; prompt's question, not its prefilled answer) in
 * the page's script: they name players and rounds, and are read, never sent.
 */
export function showDialogs(win, show) {
  for (const name of ["confirm", "alert", "prompt"]) {
    const ask = win[name];
    if (typeof ask !== "function") continue;
    win[name] = (message, ...rest) => ask.call(win, show(message), ...rest);
  }
}

const same = (text) => text;
const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * On a sr-Cyrl page: a text with the names of people and teams typed in Latin in Cyrillic, each
 * where it stands as a whole name ("Đorđe Živković: 2 min" → "Ђорђе Живковић: 2 min"), and nothing
 * else touched: the console's own words in Latin (QR, PDF, an id) stay as they are, which converting
 * the whole page would break. `lists()` gives the current lists of rows with a `name` (the players,
 * the teams); the names are looked at again only when one of the lists is another.
 */
export function namesInCyrillic(lists) {
  let seen = [];
  let pattern = null;
  let shown = new Map();
  return (text) => {
    if (typeof text !== "string") return text;
    const now = (lists() || []).map((l) => (Array.isArray(l) ? l : []));
    if (now.length !== seen.length || now.some((l, i) => l !== seen[i])) {
      seen = now;
      const latin = [...new Set(now.flat().map((x) => x?.name).filter((n) => typeof n === "string" && toCyrillic(n) !== n))];
      shown = new Map(latin.map((n) => [n, toCyrillic(n)]));
      const longestFirst = [...latin].sort((a, b) => b.length - a.length).map(escaped);
      pattern = latin.length ? new RegExp(`(?<!\\p{L})(?:${longestFirst.join("|")})(?!\\p{L})`, "gu") : null;
    }
    return pattern ? text.replace(pattern, (name) => shown.get(name) ?? name) : text;
  };
}

/**
 * The console of a page in `lang`: on a Latin-script page, the document and its dialogs kept in
 * Latin letters; on a sr-Cyrl page, the names typed in Latin kept in Cyrillic (`lists` as
 * namesInCyrillic's: the players and the teams as the server has them). Returns the function a text is shown through,
 * for what the page redraws on every frame (which setText then leaves alone while it is
 * unchanged). `Observer` as keepShown's.
 */
export function showConsoleIn(lang, doc = globalThis.document, win = globalThis, Observer = globalThis.MutationObserver,
  lists = () => []) {
  const show = scriptFor(lang) || (lang === "sr-Cyrl" ? namesInCyrillic(lists) : null);
  if (!show) return same;
  keepShown(doc.documentElement, show, Observer);
  showDialogs(win, show);
  return show;
}
