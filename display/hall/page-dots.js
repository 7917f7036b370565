// @ts-check
// The "page 2 of 3" and dots beside a paged panel's heading, shared by the standings, the seating and
// the late arrivals.
import { el, fill } from "../lib/dom.js";
import { STRINGS } from "./state.js";

/** A Pager's onPage for the indicator `node`: hidden while everything fits one page. */
export const pageIndicator = (node) => (page, pages) => {
  node.hidden = pages < 2;
  if (pages < 2) return;
  fill(node, el("span", { class: "d-pages-text" }, STRINGS.page(page + 1, pages)),
    el("span", { class: "d-dots", "aria-hidden": "true" },
      Array.from({ length: pages }, (_, i) => el("i", { class: i === page ? "on" : "" }))));
};
