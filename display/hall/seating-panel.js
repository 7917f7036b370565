// @ts-check
// The seating panel: who sits at which table (preferans) or which teams meet (bridge, with the bye and
// the carried-over score) for the round about to start or being played, paged when it does not fit.
import { el, fill, setText } from "../lib/dom.js";
import { formatNumber } from "../lib/format.js";
import { pageLanguage } from "../lib/i18n.js";
import { Pager } from "../lib/pager.js";
import { listedPlayers } from "../lib/seat-order.js";
import { startsAtText } from "../lib/headline.js";
import { nameBook, seatingToShow } from "../lib/standings.js";
import { pageIndicator } from "./page-dots.js";
import { $, PAGE_EVERY_MS, STRINGS, VIEW, page, wants } from "./state.js";

/** The panel's pages (each child a table or a match). */
export const seatingPager = new Pager($("seating-body"), {
  everyMs: PAGE_EVERY_MS, holdHeight: VIEW === "all", onPage: pageIndicator($("seating-pages")),
});

let seatingKey = "";

/**
 * The heads of a bridge seating ("Home – Away") over every column of matches the grid lays out side by
 * side: which team is home is the server's order (the first of each pair), the page only names it.
 */
function matchHeads(count) {
  const heads = $("seating-cols");
  const body = $("seating-body");
  heads.hidden = count === 0;
  if (!count) {
    fill(heads);
    return;
  }
  // A grid's resolved columns are one length each ("512px 512px"); a list (display: block) is one column.
  const style = getComputedStyle(body);
  const tracks = style.display === "grid" ? style.gridTemplateColumns.split(" ").filter(Boolean).length : 1;
  const columns = Math.max(1, Math.min(count, tracks));
  if (heads.childElementCount === columns) return;
  fill(heads, Array.from({ length: columns }, () => el("div", { class: "d-match d-match-head" },
    el("span", { class: "d-match-home" }, STRINGS.seatingHome),
    el("span", { class: "d-match-vs" }, STRINGS.vs), // as wide as the rows' own, so the heads stand over the names
    el("span", { class: "d-match-away" }, STRINGS.seatingAway))));
}

/** The panel as the sections say (drawn again only when what it shows changed). */
export function renderSeating() {
  const { sections, fmt } = page;
  const panel = $("seating-panel");
  const shown = wants("seating") ? seatingToShow(sections, { orCurrent: VIEW === "seating" }) : null;
  const show = Boolean(shown) || (VIEW === "seating" && Boolean(sections.timetable));
  panel.hidden = !show;
  if (!show) {
    seatingKey = "";
    return;
  }
  const names = nameBook(sections);
  // A start on another day (the league's next evening) with its date.
  const now = page.connection?.clock?.now?.() ?? Date.now();
  const when = shown ? startsAtText(shown.item.start, now, fmt, STRINGS) : "";
  const key = JSON.stringify([shown?.item?.id, shown?.upcoming, shown?.seating, sections.players, sections.teams, when]);
  if (key === seatingKey) return;
  const fresh = seatingKey === "" || JSON.parse(seatingKey)[0] !== shown?.item?.id;
  seatingKey = key;
  $("seating-empty").hidden = Boolean(shown);
  $("seating-body").hidden = !shown;
  setText($("seating-empty"), STRINGS.noSeating);
  const note = $("seating-note");
  note.hidden = true;
  if (!shown || !Array.isArray(shown.seating.matches)) matchHeads(0);
  if (!shown) {
    setText($("seating-title"), STRINGS.seatingTitle);
    setText($("seating-sub"), "");
    seatingPager.set([]);
    return;
  }
  const { item, seating, upcoming } = shown;
  setText($("seating-title"), STRINGS.seating(item));
  const method = seating.method === "draw" ? STRINGS.seatingDrawn : seating.method === "standings" ? STRINGS.seatingFromStandings : "";
  setText($("seating-sub"), [upcoming ? when : STRINGS.seatingNowPlaying, method]
    .filter(Boolean).join(" · "));
  const bridge = Array.isArray(seating.matches);
  panel.classList.toggle("is-bridge", bridge);
  if (!bridge) {
    const tables = Array.isArray(seating.tables) ? seating.tables : [];
    seatingPager.set(tables.map((t) => el("div", { class: "d-seat-card" },
      el("div", { class: "d-seat-no" }, el("span", { class: "d-seat-label" }, STRINGS.table), el("b", {}, String(t.table))),
      el("ol", { class: "d-seat-names" }, listedPlayers(seating, t, names.player, pageLanguage).map((p) => el("li", {}, names.player(p)))))),
    { keepPage: !fresh });
    return;
  }
  const matches = seating.matches || [];
  seatingPager.set(matches.map((m) => el("div", { class: "d-match" },
    el("span", { class: "d-match-home" }, names.team(m.home)),
    el("span", { class: "d-match-vs" }, STRINGS.vs),
    el("span", { class: "d-match-away" }, names.team(m.away)))), { keepPage: !fresh });
  matchHeads(matches.length);
  const lines = [];
  if (seating.bye) lines.push(STRINGS.bye(names.team(seating.bye)));
  if (Number(seating.carry_over) > 0 && matches[0]) {
    lines.push(STRINGS.carryOver(formatNumber(seating.carry_over, { max: 1, locale: STRINGS.locale }), names.team(matches[0].home)));
  }
  note.hidden = !lines.length;
  fill(note, lines.map((line) => el("div", {}, line)));
}
// The grid's columns change with the panel's width (another panel appears, the window resizes): heads again.
if ("ResizeObserver" in window) {
  new ResizeObserver(() => {
    if (!$("seating-cols").hidden) matchHeads($("seating-body").childElementCount);
  }).observe($("seating-body"));
}
