// @ts-check
// Where this page's competition lives on the server: every request a page makes to its API, its socket
// or another page goes through `at()`, so that one server can hold several competitions, each under
// `/<tournament id>/`, while the versioned files stay at `/static/…` (docs/design.md#base-path).
// With no base (one competition, today) every path is the root path it always was.

/** One path segment of letters, digits, `_` and `-`, after a slash: what a tournament id may be. */
const SEGMENT = /^\/[A-Za-z0-9_-]+$/;

/**
 * The base a `live-base` meta's content names, or "" when it names none or not a single valid segment
 * (a page must never send its requests somewhere odd because of a mangled head).
 * @param {unknown} content
 * @returns {string}
 */
export function baseOf(content) {
  return typeof content === "string" && SEGMENT.test(content) ? content : "";
}

/**
 * The base written in a document's head (`<meta name="live-base" content="/<id>">`), "" without one.
 * @param {Document | undefined} doc
 * @returns {string}
 */
export function readBase(doc) {
  const meta = doc?.querySelector?.('meta[name="live-base"]');
  return meta ? baseOf(meta.getAttribute("content")) : "";
}

/** This page's base, read once: the head does not change while the page runs. */
export const BASE = readBase(globalThis.document);

/**
 * A server path for this page's competition: `/api/state` → `/<id>/api/state`. The versioned files
 * (`/static/…`), relative addresses and other origins are left as they are.
 * @param {string} path
 * @returns {string}
 */
export function at(path) {
  if (!BASE || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/static/")) return path;
  return BASE + path;
}

/**
 * A storage key of this competition's: the key itself without a base (what a browser kept before stays
 * found), `key:/<id>` with one, so that two competitions on one server never read each other's choice,
 * dismissed alerts or unsent commands.
 * @param {string} key
 * @returns {string}
 */
export function storageKey(key) {
  return BASE ? `${key}:${BASE}` : key;
}
