import { test } from "node:test";
import assert from "node:assert/strict";

import { applyPatch, keys } from "../../display/lib/patch.js";

test("a pointer's keys undo RFC 6901's escapes", () => {
  assert.deepEqual(keys("/lateness/r1/rows/17"), ["lateness", "r1", "rows", "17"]);
  assert.deepEqual(keys("/a~1b/c~0d"), ["a/b", "c~d"]);
});

test("a replaced row is a new object along its path; the rest is shared", () => {
  const rows = Array.from({ length: 70 }, (_, i) => ({ id: `p${i}`, arrived_at: null }));
  const sections = { lateness: { r1: { rows, item: "r1" } }, players: [{ id: "p0" }] };
  const { sections: out, touched } = applyPatch(sections, [
    { op: "replace", path: "/lateness/r1/rows/17/arrived_at", value: 1234 },
  ]);
  assert.deepEqual(touched, ["lateness"]);
  assert.equal(out.lateness.r1.rows[17].arrived_at, 1234);
  assert.equal(sections.lateness.r1.rows[17].arrived_at, null, "the old sections are not changed");
  assert.notEqual(out.lateness, sections.lateness);
  assert.equal(out.lateness.r1.rows[16], rows[16]);
  assert.equal(out.players, sections.players);
});

test("add and remove on objects, and a whole list replaced", () => {
  const sections = { lateness: { r1: { a: 1 }, r2: { b: 2 } } };
  const { sections: out } = applyPatch(sections, [
    { op: "add", path: "/lateness/r3", value: { c: 3 } },
    { op: "remove", path: "/lateness/r1" },
    { op: "replace", path: "/lateness/r2/b", value: [1, 2] },
  ]);
  assert.deepEqual(out, { lateness: { r2: { b: [1, 2] }, r3: { c: 3 } } });
});

test("a path the sections do not have is refused, so that the page asks for a snapshot", () => {
  const sections = { lateness: { r1: { rows: [] } } };
  assert.throws(() => applyPatch(sections, [{ op: "replace", path: "/standings/3", value: 1 }]), /no section/);
  assert.throws(() => applyPatch(sections, [{ op: "replace", path: "/lateness/r2/rows/0", value: 1 }]), /no r2/);
  assert.throws(() => applyPatch(sections, [{ op: "replace", path: "/lateness/r1/rows/5", value: 1 }]), /no entry/);
  assert.throws(() => applyPatch(sections, [{ op: "replace", path: "/lateness", value: 1 }]), /names no entry/);
  assert.throws(() => applyPatch(sections, [{ op: "move", path: "/lateness/r1", from: "/x" }]), /not one/);
});

test("an add into a list inserts and a remove takes the entry out, as the server's keyed lists say", () => {
  // live/edges/patch.py `_keyed`: the newest announcement in, the oldest out (tests/unit/test_patch.py).
  const notices = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => ({ seq: from + i, text: `n${from + i}` }));
  const sections = { announcements: notices(1, 20) };
  const { sections: out } = applyPatch(sections, [
    { op: "remove", path: "/announcements/0" },
    { op: "add", path: "/announcements/19", value: { seq: 21, text: "n21" } },
  ]);
  assert.deepEqual(out.announcements, notices(2, 21));
  const { sections: moved } = applyPatch({ t: [{ id: "a" }, { id: "b" }, { id: "c" }] }, [
    { op: "remove", path: "/t/0" },
    { op: "add", path: "/t/2", value: { id: "a" } },
  ]);
  assert.deepEqual(moved.t.map((x) => x.id), ["b", "c", "a"]);
  assert.throws(() => applyPatch(sections, [{ op: "add", path: "/announcements/25", value: {} }]), /no entry/);
});
