// @ts-check
// An event's `patch`: the few entries of a long list it changed (live/edges/patch.py), as JSON Patch
// operations (RFC 6902: replace, add, remove) whose JSON Pointer paths (RFC 6901) start with the
// section's name. Applied to the sections, it gives what the server would have sent whole.
// Pure: a new object along each path, everything else shared, so pages can compare sections.
/** @import { PageSections } from "../../types/pages" */

/** @typedef {{ op: "add" | "replace" | "remove", path: string, value?: unknown }} PatchOp */

/**
 * The keys of a JSON Pointer: "/lateness/r1/rows/17" → ["lateness", "r1", "rows", "17"].
 * @param {string} pointer
 * @returns {string[]}
 */
export function keys(pointer) {
  return pointer.split("/").slice(1).map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function set(container, parts, op) {
  const [key, ...rest] = parts;
  const list = Array.isArray(container);
  const copy = list ? container.slice() : { ...container };
  const at = list ? Number(key) : key;
  if (list && !(Number.isInteger(at) && at >= 0 && at <= copy.length)) {
    throw new Error(`patch path ${op.path}: no entry ${key}`);
  }
  if (rest.length) {
    if (copy[at] === null || typeof copy[at] !== "object") throw new Error(`patch path ${op.path}: no ${key}`);
    copy[at] = set(copy[at], rest, op);
  } else if (op.op === "remove") {
    if (list) copy.splice(at, 1);
    else delete copy[at];
  } else if (op.op === "add" && list) {
    copy.splice(at, 0, op.value);
  } else if (op.op === "add" || op.op === "replace") {
    copy[at] = op.value;
  } else {
    throw new Error(`patch op ${op.op} is not one the server sends`);
  }
  return copy;
}

/**
 * `sections` after `patch`, and the names of the sections it touched: { sections, touched }.
 * Throws on a path the sections do not have (the page then asks for a snapshot).
 * @param {PageSections} sections
 * @param {PatchOp[] | null | undefined} patch
 * @returns {{ sections: PageSections, touched: string[] }}
 */
export function applyPatch(sections, patch) {
  let out = sections;
  const touched = new Set();
  for (const op of patch || []) {
    const parts = keys(op.path);
    if (parts.length < 2) throw new Error(`patch path ${op.path} names no entry of a section`);
    if (!(parts[0] in out)) throw new Error(`patch path ${op.path}: no section ${parts[0]}`);
    out = set(out, parts, op);
    touched.add(parts[0]);
  }
  return { sections: out, touched: [...touched] };
}
