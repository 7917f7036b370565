// @ts-check
// The start page (/): links to the three pages.
import { at } from "./lib/base.js";
import { el, fill, setText } from "./lib/dom.js";
import { getJson } from "./lib/http.js";
import { loadStrings, pageLanguage, tournamentLanguage } from "./lib/i18n.js";
import { presentSections } from "./lib/script.js";

// The tournament's state is asked for at once, beside the words (not after them).
const asked = getJson(at("/api/state"));
asked.catch(() => {}); // (answered below)
// Every visible string of this page: /static/i18n/<lang>.json, section "index" (English fills gaps).
const STRINGS = await loadStrings("index", await tournamentLanguage());

setText(document.getElementById("name"), STRINGS.pageTitle);
setText(document.getElementById("sub"), STRINGS.loading);
setText(document.getElementById("views-label"), STRINGS.viewsLabel);
fill(document.getElementById("views"), Object.entries(STRINGS.views).flatMap(([view, label], i) => [
  i ? " · " : "", el("a", { href: at(`/display?view=${view}`) }, label)]));
for (const key of ["display", "player", "referee"]) {
  setText(document.getElementById(`l-${key}`), STRINGS[key]);
  setText(document.getElementById(`d-${key}`), STRINGS[`${key}Text`]);
}

try {
  const state = presentSections(await asked, pageLanguage);
  const t = state.tournament || {};
  if (t.name) {
    setText(document.getElementById("name"), t.name);
    document.title = `${t.name} – ${STRINGS.pageTitle}`;
  }
  const game = STRINGS.games[t.game] || t.game || "";
  let sub = STRINGS.summary(game, (state.timetable || []).length, (state.players || []).length, t.timezone || "");
  if (t.speed && t.speed !== 1) sub += STRINGS.demo(t.speed);
  setText(document.getElementById("sub"), sub);
} catch {
  setText(document.getElementById("sub"), STRINGS.unavailable);
}
