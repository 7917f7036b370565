// display/lib/limits.js: the fields' maxlength from the server's limits, none of the page's own (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { applyLimits, limitOf } from "../../display/lib/limits.js";

/** The limits every view carries (live/projections/views.py LIMITS). */
const LIMITS = { name: 80, title: 120, reason: 500, announcement: 500, referee_name: 40, code: 8, code_group: 4 };

/** A field as the DOM has it: its data-limit, its maxLength, the attribute removed. */
function field(kind) {
  return { dataset: { limit: kind }, maxLength: -1, removed: false, removeAttribute(name) {
    if (name === "maxlength") this.removed = true;
  } };
}

describe("the fields' limits", () => {
  it("takes each kind's number from the server", () => {
    for (const kind of ["name", "title", "reason", "announcement", "referee_name"]) assert.equal(limitOf(kind, LIMITS), LIMITS[kind]);
    assert.equal(limitOf("reason", { ...LIMITS, reason: 300 }), 300, "the server's number, whatever it is");
    assert.equal(limitOf("colour", LIMITS), null, "a kind the server does not limit");
    assert.equal(limitOf("name", null), null, "no limits yet");
  });

  it("lets a code be typed as the slip prints it, with a dash between its groups", () => {
    assert.equal(limitOf("code", LIMITS), "ABCD-EFGH".length);
    assert.equal(limitOf("code", { code: 12, code_group: 4 }), "ABCD-EFGH-JKLM".length);
    assert.equal(limitOf("code", { code: 10, code_group: 4 }), "ABCD-EFGH-JK".length);
    assert.equal(limitOf("code", { code: 8 }), 8, "no groups: the letters only");
  });

  it("sets every field's maxlength, and leaves none where the server says nothing", () => {
    const reason = field("reason");
    const code = field("code");
    const odd = field("colour");
    const root = { querySelectorAll: (selector) => (selector === "[data-limit]" ? [reason, code, odd] : []) };
    applyLimits(root, LIMITS);
    assert.deepEqual([reason.maxLength, code.maxLength, odd.removed], [500, 9, true]);
    const added = { ...field("title"), matches: (selector) => selector === "[data-limit]", querySelectorAll: () => [] };
    applyLimits(added, LIMITS);
    assert.equal(added.maxLength, 120, "a field added by itself");
    applyLimits(root, null);
    assert.equal(reason.maxLength, 500, "no limits: nothing changes");
  });
});
