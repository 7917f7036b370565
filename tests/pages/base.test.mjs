// display/lib/base.js: the base path a page's head names, and the server paths and storage keys under it
// (docs/design.md#base-path; node --test tests/pages).
import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";

import { baseOf, readBase } from "../../display/lib/base.js";

let fresh = 0;

/** The module as a page with this head loads it: BASE is read once, when the module is evaluated. */
async function loadWith(content) {
  const meta = content === undefined ? null : { getAttribute: (name) => (name === "content" ? content : null) };
  globalThis.document = /** @type {any} */ ({
    querySelector: (selector) => (selector === 'meta[name="live-base"]' ? meta : null),
  });
  fresh += 1;
  return import(`../../display/lib/base.js?fresh=${fresh}`);
}

afterEach(() => {
  delete globalThis.document;
});

describe("the base path", () => {
  it("is the meta's one segment", async () => {
    const { BASE } = await loadWith("/cacak-2027");
    assert.equal(BASE, "/cacak-2027");
  });

  it("is empty without the meta, and without a document (node)", async () => {
    assert.equal((await loadWith(undefined)).BASE, "");
    assert.equal(readBase(undefined), "");
  });

  it("is empty for anything but one segment of letters, digits, _ and -", async () => {
    for (const bad of ["", "/", "cup", "/a/b", "/a/", "//evil.example", "/a b", "/č", "/a?x=1", "/a#b", "/..", "/a.b", null]) {
      assert.equal(baseOf(bad), "", String(bad));
      assert.equal((await loadWith(bad)).BASE, "", String(bad));
    }
    assert.equal(baseOf("/Cup_2027-b"), "/Cup_2027-b");
  });
});

describe("at", () => {
  it("puts the API, the socket and the pages under the base", async () => {
    const { at } = await loadWith("/cup");
    assert.equal(at("/api/state"), "/cup/api/state");
    assert.equal(at("/api/sections/standings?view=display"), "/cup/api/sections/standings?view=display");
    assert.equal(at("/ws?view=player"), "/cup/ws?view=player");
    assert.equal(at("/display?view=hall"), "/cup/display?view=hall");
    assert.equal(at("/player"), "/cup/player");
    assert.equal(at("/referee"), "/cup/referee");
  });

  it("leaves the versioned files, relative addresses and other origins alone", async () => {
    const { at } = await loadWith("/cup");
    assert.equal(at("/static/abc123/lib/clock.js"), "/static/abc123/lib/clock.js");
    assert.equal(at("./x.js"), "./x.js");
    assert.equal(at("//cdn.example/x.js"), "//cdn.example/x.js");
    assert.equal(at("https://example.org/api/state"), "https://example.org/api/state");
  });

  it("gives every path as it is without a base", async () => {
    const { at } = await loadWith(undefined);
    for (const path of ["/api/state", "/ws?view=display", "/display?view=hall", "/static/v/x.js"]) assert.equal(at(path), path);
  });
});

describe("storageKey", () => {
  it("is the key itself without a base, so what a browser kept is still found", async () => {
    const { storageKey } = await loadWith(undefined);
    assert.equal(storageKey("live.console.outbox"), "live.console.outbox");
  });

  it("is the key and the base with one: two competitions keep apart", async () => {
    const { storageKey } = await loadWith("/cup");
    assert.equal(storageKey("live.console.outbox"), "live.console.outbox:/cup");
    assert.notEqual((await loadWith("/league")).storageKey("live.player"), storageKey("live.player"));
  });
});
