// @ts-check
// Two competitions' hall displays on one screen (/side?left=<id>&right=<id>): a preferans open and its
// side event, the two conferences of a league on one projector. Each half holds the competition's own
// display page (its own base, its own connection); the server lets its pages be framed by its own. When
// the address does not name two competitions of the server, the page says why and offers a picker.
import { listingOf, pagesOf, readListing } from "./lib/competitions.js";
import { el, fill, setText } from "./lib/dom.js";
import { getJson } from "./lib/http.js";
import { loadStrings, pageLanguage, tournamentLanguage } from "./lib/i18n.js";
import { requestedLanguage } from "./lib/languages.js";
import { keepAwake } from "./lib/page.js";
import { scriptFor } from "./lib/script.js";
import { sideChoice } from "./lib/side-pair.js";
/** @import { Listed } from "./lib/competitions.js" */
/** @import { Side } from "./lib/side-pair.js" */

const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
// Every visible string of this page: /static/i18n/<lang>.json, section "side" (English fills gaps).
const S = await loadStrings("side", await tournamentLanguage());
const lang = requestedLanguage();
const show = scriptFor(pageLanguage) || ((text) => text);

/** The listing the server wrote into the page, else asked for; null when the server does not answer. */
async function competitions() {
  const boot = readListing();
  if (boot) return boot.competitions;
  try {
    return listingOf(await getJson("/api/competitions"))?.competitions ?? null;
  } catch {
    return null;
  }
}

/** @param {Listed} c */
const label = (c) => show(c.name || c.id);

/** @param {Listed} left @param {Listed} right */
function showHalves(left, right) {
  document.title = `${label(left)} | ${label(right)}`;
  fill(byId("halves"), [left, right].map((c, i) => el("iframe", {
    class: `sd-half ${i ? "is-right" : "is-left"}`, src: pagesOf(c, lang).display, title: S.frame(label(c)),
    allow: "screen-wake-lock; autoplay; fullscreen",
  })));
  byId("halves").hidden = false;
  keepAwake();
}

/**
 * @param {Listed[] | null} list
 * @param {ReturnType<typeof sideChoice>} choice
 */
function showPicker(list, choice) {
  document.title = S.pageTitle;
  setText(byId("title"), S.pageTitle);
  setText(byId("all"), S.all);
  if (lang) byId("all").setAttribute("href", `/?lang=${encodeURIComponent(lang)}`);
  /** @param {Side} side */
  const problem = (side) => (side.problem === "unknown" ? S.unknown(side.asked)
    : side.problem === "missing" && (choice.left.asked || choice.right.asked) ? S.missing(side.half) : null);
  const problems = list === null ? [S.unavailable] : list.length === 0 ? [S.empty]
    : choice.same ? [S.same] : [problem(choice.left), problem(choice.right)].filter(Boolean);
  fill(byId("problems"), problems.map((text) => el("li", {}, text)));
  byId("problems").hidden = problems.length === 0;
  setText(byId("choose"), S.choose);
  const form = byId("pick");
  form.hidden = !list || list.length === 0;
  if (list && list.length) {
    for (const half of /** @type {const} */ (["left", "right"])) {
      setText(byId(`${half}-label`), S[half]);
      fill(byId(half), list.map((c) => el("option", { value: c.id, selected: c.id === choice.picks[half] }, label(c))));
    }
    const langInput = /** @type {HTMLInputElement} */ (byId("lang"));
    if (lang) {
      langInput.value = lang;
      langInput.disabled = false;
    }
    setText(byId("show"), S.show);
  }
  byId("picker").hidden = false;
}

const list = await competitions();
const choice = sideChoice(location.search, list || []);
if (list && choice.ok && choice.left.competition && choice.right.competition) {
  showHalves(choice.left.competition, choice.right.competition);
} else {
  showPicker(list, choice);
}
