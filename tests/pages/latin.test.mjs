// display/referee/latin.js: the console's drawn page in Latin letters, its edited values as written.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { keepShown, namesInCyrillic, showConsoleIn, showDialogs, showTree } from "../../display/referee/latin.js";
import { toLatin } from "../../display/lib/script.js";

/** A minimal element / text node: what latin.js reads and writes of the DOM, nothing more. */
class FakeText {
  constructor(data) {
    this.nodeType = 3;
    this.data = data;
    this.parentElement = null;
  }
}

class FakeElement {
  constructor(tag, attrs = {}, ...children) {
    this.nodeType = 1;
    this.tagName = tag.toUpperCase();
    this.attrs = { ...attrs };
    this.isContentEditable = this.attrs.contenteditable === "true";
    this.childNodes = [];
    this.parentElement = null;
    for (const c of children) this.append(c);
  }

  append(child) {
    const node = typeof child === "string" ? new FakeText(child) : child;
    node.parentElement = this;
    if (this.isContentEditable && node.nodeType === 1) node.isContentEditable = true;
    this.childNodes.push(node);
    return node;
  }

  get textContent() {
    return this.childNodes.map((c) => (c.nodeType === 3 ? c.data : c.textContent)).join("");
  }

  /** An option's value: its attribute, else its text (whitespace collapsed), as the DOM has it. */
  get value() {
    return this.attrs.value ?? this.textContent.trim().replace(/\s+/g, " ");
  }

  getAttribute(name) {
    return name in this.attrs ? this.attrs[name] : null;
  }

  hasAttribute(name) {
    return name in this.attrs;
  }

  setAttribute(name, value) {
    this.attrs[name] = String(value);
  }
}

const h = (tag, attrs, ...children) => new FakeElement(tag, attrs, ...children);

describe("names typed in Latin on a Cyrillic console", () => {
  it("converts a whole name where it stands, and nothing else", () => {
    let lists = [[{ name: "Ana Petrović" }, { name: "Ana" }, { name: "Ђорђе" }], [{ name: "Crvena zvezda" }]];
    const show = namesInCyrillic(() => lists);
    assert.equal(show("Ana Petrović, Ana, Anabela, Crvena zvezda 2"), "Ана Петровић, Ана, Anabela, Црвена звезда 2");
    assert.equal(show("PDF · QR · id p3"), "PDF · QR · id p3");
    lists = [[{ name: "Ana" }], []];
    assert.equal(show("Ana Petrović"), "Ана Petrović", "a new list is read again");
    assert.equal(show(null), null);
  });
});

describe("the console's drawn page in Latin letters", () => {
  it("shows names, titles and audit lines in Latin, in every text node and read attribute", () => {
    const row = h("tr", { title: "Ђорђе Ђорђевић", "data-name": "Ђорђе" },
      h("td", {}, "Ђорђе Ђорђевић"), h("td", {}, "1. коло — ", h("b", {}, "Љубомир Њагул")));
    const root = h("main", {}, h("h1", {}, "Куп Чачка у преферансу 2027"), h("table", {}, row),
      h("input", { value: "Ђорђе", placeholder: "Име" }));
    showTree(root, toLatin);
    assert.equal(root.textContent, "Kup Čačka u preferansu 2027Đorđe Đorđević1. kolo — Ljubomir Njagul");
    assert.equal(row.getAttribute("title"), "Đorđe Đorđević");
    assert.equal(row.getAttribute("data-name"), "Ђорђе", "data-* attributes are the page's data, not its text");
    const input = root.childNodes[2];
    assert.equal(input.getAttribute("value"), "Ђорђе", "a field's value stays as written");
    assert.equal(input.getAttribute("placeholder"), "Ime");
  });

  it("leaves what a referee edits as written: a textarea's text, an editable element", () => {
    const area = h("textarea", { placeholder: "Разлог" }, "Ђорђе је закаснио");
    const editable = h("div", { contenteditable: "true" }, "Ђорђе", h("span", {}, "Јован"));
    const root = h("form", {}, area, editable, h("label", {}, "Јован"));
    showTree(root, toLatin);
    assert.equal(area.textContent, "Ђорђе је закаснио");
    assert.equal(area.getAttribute("placeholder"), "Razlog", "its hint is read, not edited");
    assert.equal(editable.textContent, "ЂорђеЈован");
    assert.equal(root.childNodes[2].textContent, "Jovan");
  });

  it("keeps an option's value the original: given, or its original text when it has none", () => {
    const given = h("option", { value: "p1" }, "Ђорђе Ђорђевић");
    const bare = h("option", {}, "  Ђорђе   Ђорђевић ");
    const select = h("select", {}, given, bare);
    showTree(select, toLatin);
    assert.equal(given.textContent, "Đorđe Đorđević");
    assert.equal(given.value, "p1");
    assert.equal(bare.textContent.trim(), "Đorđe   Đorđević");
    assert.equal(bare.value, "Ђорђе Ђорђевић", "the value it sends is the original");
  });

  it("is idempotent and leaves Latin and other scripts' letters as they are", () => {
    const root = h("p", {}, "Ana Petrović — Ђорђе", " Ы");
    showTree(root, toLatin);
    const once = root.textContent;
    showTree(root, toLatin);
    assert.equal(root.textContent, once);
    assert.equal(once, "Ana Petrović — Đorđe Ы");
  });

  it("shows again what a card draws, rewrites or relabels later, and only the attributes a person reads", () => {
    let callback = null;
    let options = null;
    class Observer {
      constructor(fn) {
        callback = fn;
      }

      observe(_root, opts) {
        options = opts;
      }
    }
    const root = h("body", {}, h("p", {}, "Ђорђе"));
    keepShown(root, toLatin, Observer);
    assert.equal(root.textContent, "Đorđe", "what is there already");
    assert.deepEqual(options.attributeFilter, ["title", "aria-label", "placeholder", "alt"]);
    assert.ok(options.subtree && options.childList && options.characterData);
    const added = root.append(h("li", {}, "Милан Јовановић"));
    const rewritten = root.childNodes[0].childNodes[0];
    rewritten.data = "Зоран";
    const relabelled = root.append(h("button", {}, "x"));
    relabelled.setAttribute("aria-label", "Одустани: Ђорђе");
    callback([
      { type: "childList", addedNodes: [added] },
      { type: "characterData", target: rewritten },
      { type: "attributes", target: relabelled, attributeName: "aria-label" },
    ]);
    assert.equal(added.textContent, "Milan Jovanović");
    assert.equal(rewritten.data, "Zoran");
    assert.equal(relabelled.getAttribute("aria-label"), "Odustani: Đorđe");
  });
});

/** A MutationObserver that watches nothing: these tests have no live document. */
class Quiet {
  observe() {}
}

describe("the console's questions and its page language", () => {
  it("asks its questions in Latin, a prompt's prefilled answer as written", () => {
    const asked = [];
    const win = {
      confirm: (m) => asked.push(["confirm", m]) && true,
      alert: (m) => asked.push(["alert", m]),
      prompt: (m, d) => asked.push(["prompt", m, d]) && d,
    };
    showDialogs(win, toLatin);
    assert.equal(win.confirm("Искључити Ђорђа?"), true);
    win.alert("Ђорђе");
    assert.equal(win.prompt("Ново име за Ђорђа", "Ђорђе"), "Ђорђе");
    assert.deepEqual(asked, [["confirm", "Isključiti Đorđa?"], ["alert", "Đorđe"], ["prompt", "Novo ime za Đorđa", "Ђорђе"]]);
  });

  it("keeps a Cyrillic page as written but for names typed in Latin, and gives the frame's lines their script", () => {
    const win = { confirm: (m) => m };
    const players = [{ id: "p1", name: "Ђорђе" }, { id: "p2", name: "Žarko Lukić" }];
    const doc = { documentElement: h("html", {}, "Ђорђе · QR · Žarko Lukić: 2 min") };
    const show = showConsoleIn("sr-Cyrl", doc, win, Quiet, () => [players, []]);
    assert.equal(show("Ђорђе"), "Ђорђе");
    assert.equal(doc.documentElement.textContent, "Ђорђе · QR · Жарко Лукић: 2 min");
    assert.equal(win.confirm("Казна — Žarko Lukić?"), "Казна — Жарко Лукић?");
    for (const lang of ["sr-Latn", "sk", "en"]) {
      const page = { documentElement: h("html", {}, "Ђорђе") };
      const w = { confirm: (m) => m };
      const show = showConsoleIn(lang, page, w, Quiet);
      assert.equal(show("Ђорђе"), "Đorđe", lang);
      assert.equal(page.documentElement.textContent, "Đorđe", lang);
      assert.equal(w.confirm("Ђорђе?"), "Đorđe?", lang);
    }
  });
});
