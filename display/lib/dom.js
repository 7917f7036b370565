// @ts-check
// Safe DOM building: server text (names, titles, announcements) only ever goes into the DOM as
// text (textContent, or el()/fill() below), never through innerHTML; and cheap setters that touch
// the DOM only when something changed, so that a page may call them on every animation frame.

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Escape text for the rare place where HTML is built as a string. Prefer el()/textContent.
 * @param {unknown} value
 * @returns {string}
 */
export function escapeHtml(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * Build an element: el("li", {class: "x", dataset: {id: 1}, onclick: fn}, "text", child…).
 * Strings become text nodes, so server text can never become markup.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...any} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  appendChildren(node, children);
  return node;
}

function appendChildren(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * Replace an element's children (strings become text).
 * @template {Element} E
 * @param {E} node
 * @param {...any} children
 * @returns {E}
 */
export function fill(node, ...children) {
  node.replaceChildren();
  appendChildren(node, children);
  return node;
}

/**
 * Set textContent only when it changed (cheap to call on every frame).
 * @param {Node | null | undefined} node
 * @param {unknown} text
 */
export function setText(node, text) {
  const value = String(text ?? "");
  if (node && node.textContent !== value) node.textContent = value;
}

/**
 * Toggle a class only when needed.
 * @param {Element | null | undefined} node
 * @param {string} name
 * @param {unknown} on
 */
export function setClass(node, name, on) {
  if (node && node.classList.contains(name) !== Boolean(on)) node.classList.toggle(name, Boolean(on));
}
