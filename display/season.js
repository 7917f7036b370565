// @ts-check
// The start page of a season server (/): its competitions, today's, upcoming and finished, each with its
// dates, what is next and links to its three pages; and the side page (two hall displays on one screen).
// Drawn from the listing the server writes into the page, then asked again every minute.
import { dateRange, groups, listingOf, nextLine, pagesOf, readListing } from "./lib/competitions.js";
import { el, fill, setText } from "./lib/dom.js";
import { getJson } from "./lib/http.js";
import { loadStrings, pageLanguage, tournamentLanguage } from "./lib/i18n.js";
import { requestedLanguage } from "./lib/languages.js";
import { scriptFor } from "./lib/script.js";
import { startOrganizer } from "./season-organizer.js";
/** @import { Listed, Listing } from "./lib/competitions.js" */

/** How often the list is asked again: "today" and what is next change by the hour, not the second. */
const REFRESH_MS = 60_000;

const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
// Every visible string of this page: /static/i18n/<lang>.json, section "season" (English fills gaps).
const S = await loadStrings("season", await tournamentLanguage());
const lang = requestedLanguage();
const show = scriptFor(pageLanguage) || ((text) => text);

document.title = S.pageTitle;
setText(byId("title"), S.pageTitle);
setText(byId("side"), S.side);
setText(byId("side-text"), S.sideText);
if (lang) byId("side-link").setAttribute("href", `/side?lang=${encodeURIComponent(lang)}`);

/** The server's clock less this device's, from the last listing (a phone's clock may be minutes off). */
let offset = 0;
/** The competitions last drawn (the organizer's matches take their time zones from them). */
/** @type {Listed[]} */
let shown = [];
/** The organizer's area, once started (its league choices follow the list). */
/** @type {{ listChanged: () => void } | null} */
let organizer = null;

/**
 * One competition's card: its name, game and dates, what is next, and its pages.
 * @param {Listed} c
 */
function card(c) {
  const pages = pagesOf(c, lang);
  const facts = [S.games[c.game] || c.game, dateRange(c.first, c.last, S.locale) || S.noDates].filter(Boolean);
  const next = nextLine(c, S, S.locale, Date.now() + offset, show);
  return el("li", { class: `s-card is-${c.when}`, dataset: { id: c.id } },
    el("h3", { class: "s-name", id: `name-${c.id}` }, show(c.name || c.id)),
    el("p", { class: "s-facts" }, facts.join(" · ")),
    c.when === "today" && c.today > 0 ? el("p", { class: "s-today" }, S.todayItems(c.today)) : null,
    next ? el("p", { class: "s-next" }, next) : null,
    // (each card's links are a landmark named by its competition: a screen reader's list of them tells them apart)
    el("nav", { class: "s-links", "aria-labelledby": `name-${c.id}` },
      el("a", { href: pages.display }, S.display),
      el("a", { href: pages.player }, S.player),
      el("a", { href: pages.referee }, S.referee)));
}

/** @param {Listing} listing */
function draw(listing) {
  if (listing.time !== null) offset = listing.time - Date.now();
  const list = listing.competitions;
  shown = list;
  setText(byId("sub"), list.length ? S.sub(list.length) : S.empty);
  fill(byId("groups"), groups(list).map((group) => el("section", { class: `s-group is-${group.when}` },
    el("h2", { class: "s-group-title" }, S.groups[group.when]),
    el("ul", { class: "s-cards" }, group.competitions.map(card)))));
  byId("side-link").parentElement.hidden = list.length < 2;
  organizer?.listChanged();
}

async function refresh() {
  try {
    const listing = listingOf(await getJson("/api/competitions"));
    if (!listing) throw new Error("not a listing");
    draw(listing);
  } catch {
    setText(byId("sub"), S.unavailable);
  }
}

const boot = readListing();
if (boot) draw(boot);
else setText(byId("sub"), S.loading);
// Without the server's own data (or with a copy from the browser's history, which may be days old: a step
// back to this page), the list is asked at once.
const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType?.("navigation")?.[0]);
if (!boot || nav?.type === "back_forward") refresh();
setInterval(refresh, REFRESH_MS);
organizer = startOrganizer({ S, lang, pageLanguage, show, listed: () => shown, refreshList: refresh });
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") refresh();
});
