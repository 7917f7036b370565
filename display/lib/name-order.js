// @ts-check
// Lists of people and teams in the order their reader reads them: by the name as the page shows it.
//
// A page in a Latin-script language (sr-Latn, sk, en) shows Serbian Cyrillic names in Latin letters
// (script.js toLatin), so it sorts them by that Latin form with its own language's collation: on
// sr-Latn "Zoran" before "Živko" and "Dragan" before "Džaja" before "Đorđe" (č, ć, dž, đ, lj, nj, š, ž
// are letters of their own), on sk "ch" after "h"; sorted by the Cyrillic original, "Живко" would come
// before "Зоран" and "Весна" before "Горан", which the reader sees as no order at all. A page in
// sr-Cyrl shows a name typed in Latin in Cyrillic (script.js toCyrillic) and sorts the Cyrillic with
// Serbian Cyrillic collation. The server prints its lists in the same order (live/rules/alphabet.py).
// Pure: no DOM, no state.

import { LANGUAGES } from "./languages.js";
import { namesFor } from "./script.js";

/** The collation a page in each language sorts names with (the script is part of the choice). */
const COLLATION = { en: "en", "sr-Cyrl": "sr-Cyrl", "sr-Latn": "sr-Latn", sk: "sk" };

const same = (text) => text;
const collators = new Map(); // one Intl.Collator per collation: making one costs more than a sort
const comparers = new Map();

/** The page's collation as an Intl.Collator, made once. */
function collatorFor(tag) {
  let collator = collators.get(tag);
  if (!collator) {
    collator = new Intl.Collator(tag);
    collators.set(tag, collator);
  }
  return collator;
}

/** A page language's collation tag; a clear error for anything else (a locale such as "sr-Latn-RS" too). */
function collationOf(lang) {
  const tag = Object.hasOwn(COLLATION, lang) ? COLLATION[lang] : undefined;
  if (!tag) {
    throw new RangeError(`names are sorted for a page language (${Object.keys(LANGUAGES).join(", ")}), `
      + `not ${JSON.stringify(lang)}`);
  }
  return tag;
}

/**
 * How a page in `lang` compares two names: `show(name)` is the name as the page shows it (Latin on a
 * Latin-script page, in Cyrillic on a sr-Cyrl one), `compare(a, b)` compares two names (as written; each is shown first) with the
 * page's collation. One per language, kept.
 */
export function nameCollator(lang) {
  const tag = collationOf(lang);
  let found = comparers.get(tag);
  if (!found) {
    const show = namesFor(lang) || same;
    const collator = collatorFor(tag);
    found = Object.freeze({ show, compare: (a, b) => collator.compare(show(String(a ?? "")), show(String(b ?? ""))) });
    comparers.set(tag, found);
  }
  return found;
}

const codeOrder = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
/** Ids in the order a person counts them ("p2" before "p10"), then letter by letter: one order, always. */
let idCollator = null; // made at the first sort, not while the page loads: the first collator loads its data
const idOrder = (a, b) => (idCollator ??= new Intl.Collator("en", { numeric: true })).compare(a, b) || codeOrder(a, b);

/**
 * A sort comparator of rows (players, teams, accounts) by name as a page in `lang` shows it, then by
 * id (so that two of the same name keep one order on every screen). `name` and `id` read a row's
 * (default: its `name` and `id` fields); a missing name sorts as "".
 */
export function byName(lang, { name = (row) => row?.name, id = (row) => row?.id } = {}) {
  const { show } = nameCollator(lang);
  const collator = collatorFor(collationOf(lang));
  const shown = new Map(); // each name transliterated once per sort
  const key = (row) => {
    const written = String(name(row) ?? "");
    let k = shown.get(written);
    if (k === undefined) {
      k = show(written);
      shown.set(written, k);
    }
    return k;
  };
  return (a, b) => collator.compare(key(a), key(b)) || idOrder(String(id(a) ?? ""), String(id(b) ?? ""));
}
