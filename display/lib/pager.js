// @ts-check
// Long lists on a screen nobody scrolls (the hall's standings, seating and lateness panels): one
// page at a time, measured in the browser so that no row is ever cut, turned every few seconds.

import { fill } from "./dom.js";

/**
 * Shows one page of a list at a time and turns the pages every `everyMs`.
 *
 * The pages are measured, not counted: every child of `body` (a row, or a card of a grid) is laid
 * out, and a page ends before the first child that does not fit the body's height. The body
 * must have a definite height (a flex or grid child) and `position: relative`. A ResizeObserver
 * measures again when the body's size changes (another panel appears, the window resizes).
 * `holdHeight` keeps a panel that is sized by its content at the height of a full page.
 * `onPage(page, pages)` reports the page shown (for the indicator).
 */
export class Pager {
  /**
   * @param {HTMLElement} body
   * @param {{ everyMs?: number, balance?: boolean, holdHeight?: boolean,
   *   onPage?: (page: number, pages: number) => void }} [options]
   */
  constructor(body, { everyMs = 8000, balance = false, holdHeight = false, onPage = () => {} } = {}) {
    this.body = body;
    this.everyMs = everyMs;
    this.balance = balance;
    this.holdHeight = holdHeight;
    this.onPage = onPage;
    this.pages = [[0, 0]];
    this.page = 0;
    this.size = "";
    this.timer = setInterval(() => this.turn(), everyMs);
    if ("ResizeObserver" in window) {
      this.observer = new ResizeObserver(() => {
        if (this.sizeKey() !== this.size) this.measure();
      });
      this.observer.observe(body);
    }
    window.addEventListener("resize", () => this.measure());
  }

  sizeKey() {
    return `${this.body.clientWidth}x${this.body.clientHeight}`;
  }

  /** New content: `nodes` replace the body's children; `keepPage` stays on the same page number. */
  set(nodes, { keepPage = true } = {}) {
    this.body.classList.remove("turned"); // new content appears at once; only a page turn fades in
    fill(this.body, nodes);
    if (!keepPage) this.page = 0;
    this.measure();
  }

  measure() {
    const items = /** @type {HTMLElement[]} */ ([...this.body.children]);
    this.body.style.minHeight = "";
    for (const node of items) node.style.display = "";
    const height = this.body.clientHeight;
    if (!items.length || height <= 0) {
      this.pages = [[0, items.length]];
      this.page = 0;
      this.show();
      return;
    }
    const pages = [];
    let start = 0;
    let top = items[0].offsetTop;
    items.forEach((node, i) => {
      const bottom = node.offsetTop + node.offsetHeight;
      if (i > start && bottom - top > height + 1) {
        pages.push([start, i]);
        start = i;
        top = node.offsetTop;
      }
    });
    pages.push([start, items.length]);
    if (this.balance && pages.length > 1) {
      // Equal pages (10 + 10 + 10 rather than 13 + 13 + 4) for a list of equal rows.
      const per = Math.ceil(items.length / pages.length);
      pages.length = 0;
      for (let i = 0; i < items.length; i += per) pages.push([i, Math.min(items.length, i + per)]);
    }
    this.pages = pages;
    if (this.page >= pages.length) this.page = 0;
    // With `holdHeight` (a panel sized by its content), a shorter last page must not let the
    // panel shrink and move the others.
    if (this.holdHeight && pages.length > 1) this.body.style.minHeight = `${height}px`;
    this.show();
  }

  show() {
    const [from, to] = this.pages[this.page] || [0, 0];
    const nodes = /** @type {HTMLElement[]} */ ([...this.body.children]);
    nodes.forEach((node, i) => {
      const shown = i >= from && i < to;
      node.style.display = shown ? "" : "none";
    });
    this.size = this.sizeKey();
    this.onPage(this.page, this.pages.length);
  }

  turn() {
    if (this.pages.length < 2) return;
    this.page = (this.page + 1) % this.pages.length;
    this.body.classList.remove("turned");
    void this.body.offsetWidth; // restart the fade-in
    this.body.classList.add("turned");
    this.show();
  }

  /** Give the page shown its full time again (its panel has just come on the screen). */
  restart() {
    clearInterval(this.timer);
    this.timer = setInterval(() => this.turn(), this.everyMs);
  }

  /** The page that shows child number `index`. */
  pageOf(index) {
    return Math.max(0, this.pages.findIndex(([from, to]) => index >= from && index < to));
  }

  /** Show a page now, and give it the full time before the next turn. */
  goTo(page) {
    if (page >= 0 && page < this.pages.length && page !== this.page) {
      this.page = page;
      this.show();
      clearInterval(this.timer);
      this.timer = setInterval(() => this.turn(), this.everyMs);
    }
  }
}
