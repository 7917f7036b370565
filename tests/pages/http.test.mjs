// display/lib/http.js: asking the server for JSON, and reading an answer that may have none (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { getJson, jsonOf } from "../../display/lib/http.js";

describe("asking the server", () => {
  it("GETs JSON, never from a cache, and fails with the status", async (t) => {
    const asked = [];
    t.mock.method(globalThis, "fetch", async (url, init) => {
      asked.push([url, init]);
      return url === "/api/state" ? { ok: true, json: async () => ({ seq: 3 }) } : { ok: false, status: 404 };
    });
    assert.deepEqual(await getJson("/api/state"), { seq: 3 });
    assert.deepEqual(asked[0][1], { headers: { Accept: "application/json" }, cache: "no-store" });
    await assert.rejects(getJson("/api/nope"), /\/api\/nope: HTTP 404/);
  });

  it("reads an answer's JSON body, or null for a proxy's error page", async () => {
    assert.deepEqual(await jsonOf({ json: async () => ({ error: "no" }) }), { error: "no" });
    assert.equal(await jsonOf({ json: async () => { throw new SyntaxError("<html>"); } }), null);
  });
});
