// The sections' types the pages' JSDoc reads (types/sections.d.ts) are the ones the schema gives: a schema changed
// without them (docs/sections.schema.json, from live/projections/wire.py) fails here, and
// `node tests/pages/sections-dts.mjs --write` makes them again (docs/contributing.md#types-in-the-pages).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { DTS_PATH, sectionsDts } from "./sections-dts.mjs";

test("types/sections.d.ts is what docs/sections.schema.json gives", () => {
  assert.equal(readFileSync(DTS_PATH, "utf8"), sectionsDts(),
    "types/sections.d.ts is stale: run `node tests/pages/sections-dts.mjs --write`");
});

test("every kind of schema the server's declarations emit becomes a type", () => {
  const schema = {
    title: "t",
    $ref: "#/$defs/A",
    $defs: {
      A: {
        type: "object",
        description: "An */ odd\n   description.",
        properties: {
          n: { type: "integer" },
          "odd-key": { anyOf: [{ type: "integer" }, { type: "number" }, { type: "null" }] },
          list: { type: "array", items: { anyOf: [{ $ref: "#/$defs/B" }, { type: "string" }] } },
          map: { type: "object", additionalProperties: { $ref: "#/$defs/B" } },
          mode: { enum: ["a", "b"] },
          by: { const: "team" },
          any: {},
        },
        required: ["n"],
        additionalProperties: false,
      },
      B: { type: "string" },
    },
  };
  const text = sectionsDts(schema);
  assert.match(text, /\/\*\* An \*\\\/ odd description\. \*\/\nexport interface A \{\n/);
  assert.match(text, /\n {2}n: number;\n/);
  assert.match(text, /\n {2}"odd-key"\?: number \| null;\n/);
  assert.match(text, /\n {2}list\?: \(B \| string\)\[\];\n/);
  assert.match(text, /\n {2}map\?: Record<string, B>;\n/);
  assert.match(text, /\n {2}mode\?: "a" \| "b";\n/);
  assert.match(text, /\n {2}by\?: "team";\n/);
  assert.match(text, /\n {2}any\?: unknown;\n/);
  assert.match(text, /\nexport type B = string;\n/);
  assert.match(text, /\nexport type Sections = A;\n/);
});

test("a keyword the generator does not read is refused, not guessed", () => {
  assert.throws(() => sectionsDts({ $defs: { A: { type: "string", pattern: "x" } } }), /"pattern" is not a keyword/);
});

test("every module of the pages says it is type-checked", async () => {
  // jsconfig.json checks every module (checkJs); the mark tells a reader of one file that its JSDoc is checked,
  // and a new module without it would read as if it were not.
  const { readdirSync } = await import("node:fs");
  const { join } = await import("node:path");
  const root = new URL("../../display/", import.meta.url).pathname;
  const modules = readdirSync(root, { recursive: true }).map(String)
    .filter((f) => f.endsWith(".js") && !f.includes(".bundle."));
  const unmarked = modules.filter((f) => !readFileSync(join(root, f), "utf8").startsWith("// @ts-check\n"));
  assert.ok(modules.length > 100, `found only ${modules.length} modules under display/`);
  assert.deepEqual(unmarked, []);
});
