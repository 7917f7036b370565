// A small validator of the JSON Schema the server's declarations make (docs/sections.schema.json, generated
// from live/projections/wire.py): the subset its generator emits — $ref into $defs, type, properties, required,
// additionalProperties, items, enum, const, anyOf — so that the pages' tests check their fixtures of the
// server's sections against what the server sends, without a package.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const SCHEMA = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "..", "docs", "sections.schema.json"), "utf8"),
);

const TYPES = {
  object: (v) => v !== null && typeof v === "object" && !Array.isArray(v),
  array: Array.isArray,
  string: (v) => typeof v === "string",
  integer: Number.isInteger,
  number: (v) => typeof v === "number" && Number.isFinite(v),
  boolean: (v) => typeof v === "boolean",
  null: (v) => v === null,
};

/**
 * What is wrong with `value` against `schema` (a `$defs` name or a schema), as "path: problem" lines; none when
 * it fits. `partial`: a fixture that leaves keys out (a test's few fields of a section) — no key is required,
 * but every key it has must be one the server sends, of the type it sends.
 * @param {string | object} schema
 * @param {unknown} value
 * @param {{ partial?: boolean }} [options]
 * @returns {string[]}
 */
export function problems(schema, value, { partial = false } = {}) {
  const out = [];
  const check = (s, v, path) => {
    if (s.$ref) {
      check(SCHEMA.$defs[s.$ref.replace("#/$defs/", "")], v, path);
      return;
    }
    if (s.anyOf) {
      if (!s.anyOf.some((option) => { const before = out.length; check(option, v, path); return out.splice(before).length === 0; })) {
        out.push(`${path}: ${JSON.stringify(v)} fits none of its kinds`);
      }
      return;
    }
    if (s.enum && !s.enum.includes(v)) out.push(`${path}: ${JSON.stringify(v)} is not one of ${JSON.stringify(s.enum)}`);
    if ("const" in s && s.const !== v) out.push(`${path}: ${JSON.stringify(v)} is not ${JSON.stringify(s.const)}`);
    if (s.type && !TYPES[s.type](v)) {
      out.push(`${path}: ${JSON.stringify(v)} is not ${s.type === "integer" ? "an" : "a"} ${s.type}`);
      return;
    }
    if (Array.isArray(v) && s.items) v.forEach((x, i) => check(s.items, x, `${path}/${i}`));
    if (TYPES.object(v) && (s.properties || "additionalProperties" in s)) {
      const properties = s.properties || {};
      for (const key of partial ? [] : s.required || []) if (!(key in v)) out.push(`${path}: ${key} is missing`);
      for (const [key, x] of Object.entries(v)) {
        if (key in properties) check(properties[key], x, `${path}/${key}`);
        else if (s.additionalProperties === false) out.push(`${path}: ${key} is not a key the server sends`);
        else if (typeof s.additionalProperties === "object") check(s.additionalProperties, x, `${path}/${key}`);
      }
    }
  };
  check(typeof schema === "string" ? { $ref: `#/$defs/${schema}` } : schema, value, "");
  return out;
}
