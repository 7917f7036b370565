// display/lib/dom.js: server text only ever becomes text, and setters that touch only what changed
// (node --test tests/pages). Node has no DOM: a few fake elements record what the helpers do.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

class FakeNode {}
globalThis.Node ??= FakeNode;

class Text extends globalThis.Node {
  constructor(data) {
    super();
    this.data = data;
  }
}

class Element extends globalThis.Node {
  constructor(tag) {
    super();
    this.tag = tag;
    this.attributes = {};
    this.dataset = {};
    this.listeners = {};
    this.childNodes = [];
    this.className = "";
    this.writes = 0;
    this._text = "";
    const classes = new Set();
    this.classList = { contains: (c) => classes.has(c), toggle: (c, on) => (on ? classes.add(c) : classes.delete(c)) };
  }

  setAttribute(name, value) {
    this.attributes[name] = value;
  }

  addEventListener(type, fn) {
    this.listeners[type] = fn;
  }

  append(node) {
    this.childNodes.push(node);
  }

  replaceChildren() {
    this.childNodes = [];
  }

  get textContent() {
    return this._text;
  }

  set textContent(value) {
    this.writes += 1;
    this._text = value;
  }
}

globalThis.document ??= { createElement: (tag) => new Element(tag), createTextNode: (data) => new Text(data) };

const { el, escapeHtml, fill, setClass, setText } = await import("../../display/lib/dom.js");

describe("building the DOM safely", () => {
  it("escapes text for the rare HTML string", () => {
    assert.equal(escapeHtml(`<b class="x">Ana & 'Boris'</b>`), "&lt;b class=&quot;x&quot;&gt;Ana &amp; &#39;Boris&#39;&lt;/b&gt;");
    assert.equal(escapeHtml(null), "");
    assert.equal(escapeHtml(42), "42");
  });

  it("makes strings text nodes, so a name can never become markup", () => {
    const li = el("li", {}, "<img src=x onerror=alert(1)>", 7, null, false, [["nested"]]);
    assert.deepEqual(li.childNodes.map((n) => n instanceof Text ? n.data : n), ["<img src=x onerror=alert(1)>", "7", "nested"]);
    const child = el("span");
    assert.equal(el("p", null, child).childNodes[0], child, "an element is appended as it is");
  });

  it("sets class, data, text, listeners and attributes, skipping empty values", () => {
    const click = () => {};
    const b = el("button", { class: "go", dataset: { id: "r1" }, text: "Start", onclick: click, disabled: true, title: 5,
      hidden: false, "aria-label": null });
    assert.equal(b.className, "go");
    assert.deepEqual(b.dataset, { id: "r1" });
    assert.equal(b.textContent, "Start");
    assert.equal(b.listeners.click, click);
    assert.deepEqual(b.attributes, { disabled: "", title: "5" });
  });

  it("replaces an element's children", () => {
    const ul = el("ul", {}, "old");
    fill(ul, el("li"), "new");
    assert.equal(ul.childNodes.length, 2);
    assert.equal(ul.childNodes[1].data, "new");
  });

  it("writes text and classes only when they change", () => {
    const node = el("div");
    setText(node, "12:34");
    setText(node, "12:34");
    setText(node, null);
    assert.equal(node.textContent, "");
    assert.equal(node.writes, 2);
    setText(null, "x"); // a missing element is no error
    setClass(node, "urgent", 1);
    assert.equal(node.classList.contains("urgent"), true);
    setClass(node, "urgent", 0);
    assert.equal(node.classList.contains("urgent"), false);
  });
});
