// The sections' types for the pages' JSDoc (types/sections.d.ts), made from the JSON Schema the server's
// declarations make (docs/sections.schema.json, from live/projections/wire.py), so that what the pages read from
// the server is checked against what the server sends (docs/contributing.md#types-in-the-pages). The subset of
// the schema its generator emits — $ref into $defs, type, properties, required, additionalProperties, items,
// enum, const, anyOf, description — and nothing else: anything more is refused here rather than guessed.
//
//   node tests/pages/sections-dts.mjs --write    writes types/sections.d.ts
//   node tests/pages/sections-dts.mjs            prints it
//
// sections-dts.test.mjs fails when the checked-in file is not what the schema gives.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SCHEMA_PATH = join(ROOT, "docs", "sections.schema.json");
export const DTS_PATH = join(ROOT, "types", "sections.d.ts");

const KNOWN = new Set(["$schema", "title", "$ref", "$defs", "type", "description", "properties", "required",
  "additionalProperties", "items", "enum", "const", "anyOf"]);
const PRIMITIVES = { string: "string", integer: "number", number: "number", boolean: "boolean", null: "null" };
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A description as a doc comment at `indent`, one line; none when there is none. */
function doc(description, indent) {
  if (!description) return "";
  const text = description.replace(/\s+/g, " ").trim().replaceAll("*/", "*\\/");
  return `${indent}/** ${text} */\n`;
}

/** The TypeScript type of a schema, written inline; `indent` is that of the line it starts on. */
function typeOf(schema, indent, where) {
  if (schema === true || (typeof schema === "object" && Object.keys(schema).every((k) => k === "description"))) {
    return "unknown";
  }
  for (const key of Object.keys(schema)) {
    if (!KNOWN.has(key)) throw new Error(`${where}: "${key}" is not a keyword this generator reads`);
  }
  if (schema.$ref) {
    if (!schema.$ref.startsWith("#/$defs/")) throw new Error(`${where}: a $ref outside $defs: ${schema.$ref}`);
    return schema.$ref.slice("#/$defs/".length);
  }
  if (schema.anyOf) {
    const options = schema.anyOf.map((option, i) => wrap(typeOf(option, indent, `${where}/anyOf/${i}`)));
    return [...new Set(options)].join(" | "); // integer | number: number once
  }
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.type)) throw new Error(`${where}: a list of types`);
  if (schema.type in PRIMITIVES) return PRIMITIVES[schema.type];
  if (schema.type === "array") return `${wrap(schema.items ? typeOf(schema.items, indent, `${where}/items`) : "unknown")}[]`;
  if (schema.type === "object") return objectOf(schema, indent, where);
  throw new Error(`${where}: a schema this generator does not read: ${JSON.stringify(schema).slice(0, 120)}`);
}

/** A union in parentheses, where it is followed by `[]` or joined into another union. */
function wrap(type) {
  return /[|&]/.test(type) && !/^\{[\s\S]*\}$/.test(type) ? `(${type})` : type;
}

function objectOf(schema, indent, where) {
  const properties = Object.entries(schema.properties || {});
  const extra = schema.additionalProperties;
  if (!properties.length) {
    return extra === false ? "Record<string, never>" : `Record<string, ${extra ? typeOf(extra, indent, `${where}/additionalProperties`) : "unknown"}>`;
  }
  if (extra !== undefined && extra !== false) throw new Error(`${where}: both properties and additionalProperties`);
  const required = new Set(schema.required || []);
  const inner = `${indent}  `;
  const lines = properties.map(([name, property]) => {
    const key = IDENTIFIER.test(name) ? name : JSON.stringify(name);
    const type = typeOf(property, inner, `${where}/properties/${name}`);
    return `${doc(property.description, inner)}${inner}${key}${required.has(name) ? "" : "?"}: ${type};\n`;
  });
  return `{\n${lines.join("")}${indent}}`;
}

/** The whole d.ts the schema gives. */
export function sectionsDts(schema = JSON.parse(readFileSync(SCHEMA_PATH, "utf8"))) {
  const out = [
    "// Generated from docs/sections.schema.json by tests/pages/sections-dts.mjs — do not edit: run",
    "// `node tests/pages/sections-dts.mjs --write` after the schema changes (docs/contributing.md#types-in-the-pages).",
    "// The shapes of the sections the server sends (live/projections/wire.py), for the pages' JSDoc types.",
    "",
  ];
  for (const [name, definition] of Object.entries(schema.$defs || {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!IDENTIFIER.test(name)) throw new Error(`$defs/${name}: not a name a type can have`);
    const type = typeOf(definition, "", `$defs/${name}`);
    const body = definition.type === "object" && definition.properties && Object.keys(definition.properties).length
      ? `export interface ${name} ${type}`
      : `export type ${name} = ${type};`;
    out.push(`${doc(definition.description, "")}${body}`, "");
  }
  if (schema.$ref) out.push(`${doc(schema.title, "")}export type Sections = ${typeOf({ $ref: schema.$ref }, "", "$ref")};`, "");
  return out.join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = sectionsDts();
  if (process.argv.includes("--write")) writeFileSync(DTS_PATH, text);
  else process.stdout.write(text);
}
