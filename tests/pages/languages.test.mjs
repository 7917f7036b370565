// display/lib/languages.js and i18n.js: which language a page is in, and loading its words (node --test tests/pages).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, it } from "node:test";

import * as i18n from "../../display/lib/i18n.js";
import { LANGUAGES, catalogueLanguage, requestedLanguage } from "../../display/lib/languages.js";
import { catalogue } from "./helpers.mjs";

const EN = catalogue("en");
const I18N = new URL("../../display/i18n/", import.meta.url);

/** The page's globals for one test: its URL's query, its head's meta tag, and a fetch of `served` or the disk. */
function page({ search = "", meta = null, served = {}, state = null } = {}) {
  const asked = [];
  globalThis.location = { search };
  globalThis.document = {
    documentElement: { lang: "en" },
    querySelector: (selector) => (selector === 'meta[name="live-language"]' && meta ? { getAttribute: () => meta } : null),
  };
  globalThis.fetch = async (url) => {
    const href = String(url);
    asked.push(href);
    const answer = (ok, body) => ({ ok, json: async () => body });
    if (href in served) return answer(true, served[href]);
    if (href === "/api/state") return state ? answer(true, state) : answer(false, null);
    try {
      return answer(true, JSON.parse(readFileSync(fileURLToPath(href), "utf8")));
    } catch {
      return answer(false, null);
    }
  };
  return asked;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  delete globalThis.location;
  delete globalThis.document;
  globalThis.fetch = realFetch;
});

describe("the page's language", () => {
  it("takes ?lang= when there is a catalogue for it, whatever its case or region", () => {
    const asked = (search) => {
      page({ search });
      return requestedLanguage();
    };
    assert.equal(asked("?lang=sk"), "sk");
    assert.equal(asked("?lang=SR-latn"), "sr-Latn");
    assert.equal(asked("?lang=sr"), "sr-Cyrl", "Serbian without a script is Cyrillic");
    assert.equal(asked("?lang=sk-SK"), "sk");
    assert.equal(asked("?lang=en-US&x=1"), "en");
    assert.equal(asked("?lang=de"), null);
    assert.equal(asked(""), null);
  });

  it("takes the nearest catalogue to the tournament's language, else English", () => {
    assert.equal(catalogueLanguage("sr-Latn"), "sr-Latn");
    assert.equal(catalogueLanguage("sr-Latn-RS"), "sr-Latn");
    assert.equal(catalogueLanguage("sr"), "sr-Cyrl");
    assert.equal(catalogueLanguage("sr-RS"), "sr-Cyrl");
    assert.equal(catalogueLanguage("SK"), "sk");
    assert.equal(catalogueLanguage("de-AT"), "en");
    assert.equal(catalogueLanguage(null), "en");
  });

  it("formats each language's dates in its own locale", () => {
    assert.deepEqual(Object.keys(LANGUAGES).sort(), ["en", "sk", "sr-Cyrl", "sr-Latn"]);
    assert.equal(LANGUAGES["sr-Cyrl"], "sr-Cyrl-RS");
  });

  it("reads the tournament's language from the page's head, else from /api/state", async () => {
    page({ meta: "sr-Latn" });
    assert.equal(await i18n.tournamentLanguage(), "sr-Latn");
    const asked = page({ state: { tournament: { language: "sk" } } });
    assert.equal(await i18n.tournamentLanguage(), "sk");
    assert.deepEqual(asked, ["/api/state"]);
    page({ search: "?lang=en", meta: "sk" });
    assert.equal(await i18n.tournamentLanguage(), null, "?lang= decides: nothing to ask");
    page({});
    assert.equal(await i18n.tournamentLanguage(), null, "no head and no answer: no language");
  });
});

describe("loading a page's words", () => {
  it("asks for the page's own cut of the catalogues first, beside lib/ in display/i18n/", async () => {
    const own = new URL("player/sk.json", I18N).href;
    const asked = page({ search: "?lang=sk", served: { [own]: { player: { pageTitle: "Hráč (cut)" } } } });
    const S = await i18n.loadStrings("player");
    assert.deepEqual(asked, [own, new URL("player/en.json", I18N).href, new URL("en.json", I18N).href],
      "the very URLs the server preloads in the page's head, then the whole English file (no cut on disk)");
    assert.equal(S.pageTitle, "Hráč (cut)");
    assert.equal(i18n.pageLanguage, "sk");
    assert.equal(document.documentElement.lang, "sk");
  });

  it("takes the server's cut with English filled in as it is: one file, no English asked", async () => {
    const own = new URL("player/sr-Latn.json", I18N).href;
    const filled = { player: { _filled: true, pageTitle: "Igrač", seatLine: EN.player.seatLine } };
    const asked = page({ search: "?lang=sr-Latn", served: { [own]: filled } });
    const S = await i18n.loadStrings("player");
    assert.deepEqual(asked, [own]);
    assert.equal(S.pageTitle, "Igrač");
    assert.equal(S._filled, undefined);
    assert.equal(S.locale, "sr-Latn-RS", "the language's locale, not English's");
  });

  it("falls back to the whole catalogue, English filling what the language lacks", async () => {
    const sk = new URL("display/sk.json", I18N).href;
    const partial = { display: { _note: "ignored", next: "Ďalej", pageTitle: null, banner: { started: "Štart" } } };
    const asked = page({ search: "?lang=sk", served: { [sk]: partial } });
    const S = await i18n.loadStrings("display");
    assert.ok(asked.includes(new URL("en.json", I18N).href), "no cut of the English display words on disk: the whole file");
    assert.equal(S.next, "Ďalej");
    assert.equal(S.banner.started, "Štart");
    assert.equal(S.banner.ended, EN.display.banner.ended, "a key the language lacks keeps its English text");
    assert.equal(S.pageTitle, EN.display.pageTitle, "null is no translation");
    assert.equal(S._note, undefined);
    assert.equal(S.locale, "sk-SK");
    assert.equal(typeof S.startsIn, "function", "compiled");
  });

  it("takes the tournament's language without ?lang=, and keeps English lists when a language gives no list", async () => {
    const own = new URL("referee/sr-Latn.json", I18N).href;
    page({ served: { [own]: { referee: { stCols: { preferans: "Igrač" } } } } });
    const S = await i18n.loadStrings("referee", "sr-Latn-RS");
    assert.equal(i18n.pageLanguage, "sr-Latn");
    assert.deepEqual(S.stCols.preferans, EN.referee.stCols.preferans);
  });

  it("shows English when no catalogue comes at all", async () => {
    page({ search: "?lang=sr" });
    globalThis.fetch = async () => ({ ok: false, json: async () => null });
    const S = await i18n.loadStrings("index");
    assert.equal(i18n.pageLanguage, "sr-Cyrl");
    assert.equal(S.locale, "sr-Cyrl-RS");
  });
});
