// @ts-check
// The page's words: its section of the catalogue in its language (display/i18n/<lang>.json, or
// the server's per-page cut of it), English filling what the language lacks, compiled into text
// and functions (templates.js).

import { at } from "./base.js";
import { LANGUAGES, catalogueLanguage, requestedLanguage } from "./languages.js";
import { compileStrings } from "./templates.js";

/** English under the language's strings: a key the language lacks keeps its English text. */
function mergeCatalogues(base, over) {
  if (!over || typeof over !== "object" || Array.isArray(over)) return base;
  const out = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (key.startsWith("_")) continue;
    if (value && typeof value === "object" && !Array.isArray(value) && base[key] && typeof base[key] === "object" && !Array.isArray(base[key])) {
      out[key] = mergeCatalogues(base[key], value);
    } else if (value !== undefined && value !== null && (!Array.isArray(base[key]) || Array.isArray(value))) {
      out[key] = value;
    }
  }
  return out;
}

// The catalogues sit in display/i18n/, beside lib/, under the modules' versioned URL
// (/static/<version>/i18n/…): the server keeps them a year in the browser's cache and names them in the
// page's head, so that they are on their way with the modules; the URL here must be the very one the
// head preloads. One file per page and language (the server's cut of the catalogue, with that page's
// section only); the whole catalogue if there is no such cut.
const catalogues = new Map();
function fetchCatalogue(lang, page) {
  const key = `${page}/${lang}`;
  if (!catalogues.has(key)) {
    const json = (url) => fetch(new URL(url, import.meta.url)).then((r) => (r.ok ? r.json() : Promise.reject(r)));
    catalogues.set(key, json(`../i18n/${page}/${lang}.json`)
      .catch(() => json(`../i18n/${lang}.json`))
      .catch(() => ({})));
  }
  return catalogues.get(key);
}

/** The tournament's language as the page's head names it (the server fills `<meta name="live-language">`). */
function headLanguage() {
  return globalThis.document?.querySelector?.('meta[name="live-language"]')?.getAttribute("content") || null;
}

/**
 * The language the page is in: ?lang=, else the tournament's language, else en. Known from the page's
 * address and head as soon as this module runs, before the words are loaded, so that the first data
 * (the page's own, or the socket's) is shown in the page's script; loadStrings sets it again.
 */
export let pageLanguage = globalThis.document ? requestedLanguage() || catalogueLanguage(headLanguage()) : "en";

/**
 * The words of one page (`page` = "display", "player", "referee", "index") in `lang`, English
 * filling the gaps. Without `lang`: ?lang=, else `tournamentLanguage`, else en.
 */
export async function loadStrings(page, tournamentLanguage = null) {
  const lang = requestedLanguage() || catalogueLanguage(tournamentLanguage);
  // The server's cut of a language comes with English filled in already ("_filled"): one file, not two.
  const own = lang === "en" ? null : await fetchCatalogue(lang, page);
  const filled = own?.[page]?._filled === true;
  const en = filled ? {} : await fetchCatalogue("en", page);
  const merged = mergeCatalogues(en[page] || {}, own ? own[page] : null);
  merged.locale = (own && own[page] && own[page].locale) || LANGUAGES[lang] || merged.locale || "en-GB";
  pageLanguage = lang;
  document.documentElement.lang = lang;
  return compileStrings(merged, lang);
}

/**
 * The tournament's language before the first snapshot: the page's head names it (the server fills
 * `<meta name="live-language">`), so no request waits for it; a page without it asks /api/state.
 */
export async function tournamentLanguage() {
  if (requestedLanguage()) return null;
  const named = headLanguage();
  if (named) return named;
  try {
    const response = await fetch(at("/api/state"), { cache: "no-cache" });
    if (!response.ok) return null;
    const state = await response.json();
    return state?.tournament?.language || null;
  } catch {
    return null;
  }
}
