// display/lib/pager.js: long lists one page at a time, measured so that no row is cut (node --test tests/pages).
//
// The pager measures laid-out rows; node has no layout, so the rows here are a column of blocks of
// given heights (offsetTop: the heights of the shown rows above), enough of a DOM for what it reads.
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";

class FakeNode {}
globalThis.Node ??= FakeNode;
globalThis.window ??= { addEventListener: () => {} };

class Row extends globalThis.Node {
  constructor(height) {
    super();
    this.height = height;
    this.style = { display: "" };
    this.parent = null;
  }

  get offsetHeight() {
    return this.style.display === "none" ? 0 : this.height;
  }

  get offsetTop() {
    let top = 0;
    for (const node of this.parent.children) {
      if (node === this) return top;
      top += node.offsetHeight;
    }
    throw new Error("not in its body");
  }
}

class Body {
  constructor(height, width = 800) {
    this.clientHeight = height;
    this.clientWidth = width;
    this.children = [];
    this.style = { minHeight: "" };
    const classes = new Set();
    this.classList = { add: (c) => classes.add(c), remove: (c) => classes.delete(c), contains: (c) => classes.has(c) };
  }

  replaceChildren() {
    this.children = [];
  }

  append(node) {
    node.parent = this;
    this.children.push(node);
  }
}

const { Pager } = await import("../../display/lib/pager.js");

const rows = (...heights) => heights.map((h) => new Row(h));
const shown = (body) => body.children.flatMap((node, i) => (node.style.display === "none" ? [] : [i]));

describe("the pager", () => {
  let reports;
  const make = (body, options = {}) => new Pager(body, { onPage: (page, pages) => reports.push([page, pages]), ...options });

  beforeEach(() => {
    reports = [];
  });

  it("pages a list so that no row is cut, and shows the first page", (t) => {
    t.mock.timers.enable({ apis: ["setInterval"] });
    const body = new Body(100);
    const pager = make(body);
    pager.set(rows(30, 30, 30, 30, 30, 30, 30));
    assert.deepEqual(pager.pages, [[0, 3], [3, 6], [6, 7]]);
    assert.deepEqual(shown(body), [0, 1, 2]);
    assert.deepEqual(reports.at(-1), [0, 3]);
  });

  it("ends a page before the first row that does not fit, whatever the rows' heights", (t) => {
    t.mock.timers.enable({ apis: ["setInterval"] });
    const pager = make(new Body(100));
    pager.set(rows(40, 40, 30, 60, 20));
    assert.deepEqual(pager.pages, [[0, 2], [2, 4], [4, 5]]);
    pager.set(rows(50, 51));
    assert.deepEqual(pager.pages, [[0, 2]], "a pixel of rounding is no cut");
    pager.set(rows(150, 20));
    assert.deepEqual(pager.pages, [[0, 1], [1, 2]], "a row taller than the body still gets a page");
  });

  it("turns the pages every `everyMs`, and starts again after the last", (t) => {
    t.mock.timers.enable({ apis: ["setInterval"] });
    const body = new Body(100);
    const pager = make(body, { everyMs: 8000 });
    pager.set(rows(30, 30, 30, 30, 30, 30, 30));
    t.mock.timers.tick(7999);
    assert.equal(pager.page, 0);
    t.mock.timers.tick(1);
    assert.equal(pager.page, 1);
    assert.deepEqual(shown(body), [3, 4, 5]);
    assert.ok(body.classList.contains("turned"), "a turned page fades in");
    t.mock.timers.tick(8000);
    assert.deepEqual(shown(body), [6]);
    t.mock.timers.tick(8000);
    assert.deepEqual(shown(body), [0, 1, 2]);
    assert.deepEqual(reports.slice(-3), [[1, 3], [2, 3], [0, 3]]);
  });

  it("does not turn a list that fits one page", (t) => {
    t.mock.timers.enable({ apis: ["setInterval"] });
    const body = new Body(100);
    const pager = make(body);
    pager.set(rows(30, 30));
    t.mock.timers.tick(60_000);
    assert.equal(pager.page, 0);
    assert.equal(body.classList.contains("turned"), false);
    assert.deepEqual(shown(body), [0, 1]);
  });

  it("balances a list of equal rows over its pages when asked", (t) => {
    t.mock.timers.enable({ apis: ["setInterval"] });
    const thirty = () => rows(...Array(30).fill(10));
    const plain = make(new Body(130));
    plain.set(thirty());
    assert.deepEqual(plain.pages.map(([a, b]) => b - a), [13, 13, 4]);
    const balanced = make(new Body(130), { balance: true });
    balanced.set(thirty());
    assert.deepEqual(balanced.pages, [[0, 10], [10, 20], [20, 30]]);
  });

  it("goes to a page at once and gives it the full time before the next turn", (t) => {
    t.mock.timers.enable({ apis: ["setInterval"] });
    const body = new Body(100);
    const pager = make(body, { everyMs: 8000 });
    pager.set(rows(30, 30, 30, 30, 30, 30, 30));
    assert.equal(pager.pageOf(4), 1);
    assert.equal(pager.pageOf(6), 2);
    assert.equal(pager.pageOf(99), 0);
    t.mock.timers.tick(6000);
    pager.goTo(pager.pageOf(6));
    assert.deepEqual(shown(body), [6]);
    t.mock.timers.tick(6000);
    assert.equal(pager.page, 2, "the old turn does not come 2 s later");
    t.mock.timers.tick(2000);
    assert.equal(pager.page, 0);
    pager.goTo(7);
    assert.equal(pager.page, 0, "no such page");
  });

  it("keeps the page number for new content unless told, and starts over when it has fewer pages", (t) => {
    t.mock.timers.enable({ apis: ["setInterval"] });
    const body = new Body(100);
    const pager = make(body, { everyMs: 1000 });
    const seven = () => rows(30, 30, 30, 30, 30, 30, 30);
    pager.set(seven());
    t.mock.timers.tick(1000);
    pager.set(seven());
    assert.equal(pager.page, 1);
    assert.equal(body.classList.contains("turned"), false, "new content shows at once, without the fade");
    pager.set(seven(), { keepPage: false });
    assert.equal(pager.page, 0);
    t.mock.timers.tick(2000);
    assert.equal(pager.page, 2);
    pager.set(rows(30, 30, 30, 30));
    assert.equal(pager.page, 0, "page 3 of 2 does not exist");
    assert.deepEqual(shown(body), [0, 1, 2]);
  });

  it("holds a content-sized panel at a full page's height so the last page does not shrink it", (t) => {
    t.mock.timers.enable({ apis: ["setInterval"] });
    const body = new Body(100);
    const pager = make(body, { holdHeight: true });
    pager.set(rows(30, 30, 30, 30));
    assert.equal(body.style.minHeight, "100px");
    pager.set(rows(30));
    assert.equal(body.style.minHeight, "", "one page: sized by its content again");
  });

  it("shows everything on one page while the body has no height yet", (t) => {
    t.mock.timers.enable({ apis: ["setInterval"] });
    const body = new Body(0);
    const pager = make(body);
    pager.set(rows(30, 30, 30));
    assert.deepEqual(pager.pages, [[0, 3]]);
    assert.deepEqual(shown(body), [0, 1, 2]);
    body.clientHeight = 60;
    pager.measure();
    assert.deepEqual(pager.pages, [[0, 2], [2, 3]]);
  });
});
