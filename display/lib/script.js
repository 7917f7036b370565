// @ts-check
// Serbian Cyrillic in Latin letters, for the pages of a Latin-script language (sr-Latn, sk, en).
//
// Presentation only: the server's data (names, item titles, the tournament's name) stays as
// written; a page in a Latin-script language shows the Serbian Cyrillic in it in Serbian Latin
// (Gaj's alphabet), which is a fixed letter-for-letter table. Pure: no DOM, no state.
//
// The other way (Latin → Cyrillic) is done for the names of people and teams only, on a sr-Cyrl
// page: a name typed in Latin at the desk ("Đorđe Živković") is shown "Ђорђе Живковић" beside the
// others. A name with a letter outside Gaj's alphabet (q, w, x, y, ä, é…) is a foreign one and stays
// as written ("John Wagner"); lj, nj, dž are read as one letter each (right in names; "nadživeti" would be
// wrong, which is why titles, announcements and the catalogue's words are never converted). The
// server prints the same (live/rules/alphabet.py).
/** @import { LiveEvent, PageSections } from "../../types/pages" */

/** Serbian Cyrillic → Latin, lower case; Љ, Њ, Џ are two Latin letters. */
const LOWER = {
  а: "a", б: "b", в: "v", г: "g", д: "d", ђ: "đ", е: "e", ж: "ž", з: "z", и: "i", ј: "j", к: "k",
  л: "l", љ: "lj", м: "m", н: "n", њ: "nj", о: "o", п: "p", р: "r", с: "s", т: "t", ћ: "ć", у: "u",
  ф: "f", х: "h", ц: "c", ч: "č", џ: "dž", ш: "š",
};

const CYRILLIC = /[\u0400-\u04FF]/u;
const SERBIAN = /[а-шђјљњћџ]/iu;
const isUpper = (c) => Boolean(c) && c !== c.toLowerCase() && c === c.toUpperCase();
const isLetter = (c) => Boolean(c) && /\p{L}/u.test(c);

/** Whether a text has any Cyrillic letter. */
export function hasCyrillic(text) {
  return typeof text === "string" && CYRILLIC.test(text);
}

/**
 * Serbian Cyrillic in Latin: "Љубомир Ђорђевић" → "Ljubomir Đorđević", "ЉУБА" → "LJUBA".
 * A capital Љ/Њ/Џ is "Lj"/"Nj"/"Dž" at the start of a capitalised word and "LJ"/"NJ"/"DŽ" in a
 * word written in capitals. Letters outside the Serbian alphabet, and everything that is not
 * Cyrillic, stay as they are; a non-string comes back unchanged.
 */
export function toLatin(text) {
  if (typeof text !== "string" || !CYRILLIC.test(text)) return text;
  const chars = [...text];
  let out = "";
  for (let i = 0; i < chars.length; i += 1) {
    const c = chars[i];
    const lower = c.toLowerCase();
    const latin = SERBIAN.test(c) ? LOWER[lower] : undefined;
    if (latin === undefined) {
      out += c;
      continue;
    }
    if (c === lower) {
      out += latin;
      continue;
    }
    if (latin.length === 1) {
      out += latin.toUpperCase();
      continue;
    }
    // Љ, Њ, Џ: all capitals when the word around it is in capitals.
    const next = chars[i + 1];
    const prev = chars[i - 1];
    const capitals = isLetter(next) ? isUpper(next) : isUpper(prev);
    out += capitals ? latin.toUpperCase() : latin[0].toUpperCase() + latin.slice(1);
  }
  return out;
}

const LATIN_TO_CYRILLIC = Object.fromEntries(Object.entries(LOWER).map(([cyrillic, latin]) => [latin, cyrillic]));
/** Gaj's alphabet's letters: a word of only these can be written in Cyrillic. */
const GAJ = new Set([...Object.keys(LATIN_TO_CYRILLIC).join("")]);
const DIGRAPHS = new Set(["dž", "lj", "nj"]);
const LATIN_LETTER = /\p{Script=Latin}/u;

/**
 * Serbian Latin in Cyrillic, for names on a sr-Cyrl page: "Ljubomir Đorđević" → "Љубомир Ђорђевић",
 * "LJUBA" → "ЉУБА"; lj, nj, dž one letter each. A name with a letter outside Gaj's alphabet (q, w, x,
 * y, á, ü…) is a foreign one and stays as written, all of it ("Chalupa Ján", not "Цхалупа Ján"); a
 * non-string comes back unchanged.
 */
export function toCyrillic(text) {
  if (typeof text !== "string" || !LATIN_LETTER.test(text)) return text; // a Cyrillic name: nothing to do
  const chars = [...text.normalize("NFC")];
  if (chars.some((c) => LATIN_LETTER.test(c) && !GAJ.has(c.toLowerCase()))) return text;
  let out = "";
  for (let i = 0; i < chars.length;) {
    const step = DIGRAPHS.has(`${chars[i]}${chars[i + 1] ?? ""}`.toLowerCase()) ? 2 : 1;
    const letter = LATIN_TO_CYRILLIC[chars.slice(i, i + step).join("").toLowerCase()];
    if (letter === undefined) {
      out += chars[i];
      i += 1;
      continue;
    }
    out += isUpper(chars[i]) ? letter.toUpperCase() : letter;
    i += step;
  }
  return out;
}

/** The languages whose pages show Serbian Cyrillic in Latin letters. */
const LATIN_PAGES = new Set(["sr-Latn", "sk", "en"]);

/** The function a page in `lang` shows names and titles through (identity for sr-Cyrl). */
export function scriptFor(lang) {
  return LATIN_PAGES.has(lang) ? toLatin : null;
}

/**
 * The function a page in `lang` shows the names of people and teams through: in Latin letters on a
 * Latin-script page, in Cyrillic on a sr-Cyrl one; null for another language.
 */
export function namesFor(lang) {
  if (LATIN_PAGES.has(lang)) return toLatin;
  return lang === "sr-Cyrl" ? toCyrillic : null;
}

/** A copy of `row` with its string `fields` shown through `show` (the row itself if nothing changes). */
function shownFields(row, fields, show) {
  if (!row || typeof row !== "object") return row;
  let copy = null;
  for (const f of fields) {
    const value = row[f];
    if (typeof value !== "string") continue;
    const shown = show(value);
    if (shown === value) continue;
    copy ||= { ...row };
    copy[f] = shown;
  }
  return copy || row;
}

const mapList = (list, fields, show) => (Array.isArray(list) ? list.map((r) => shownFields(r, fields, show)) : list);
const mapValues = (obj, fn) => (obj && typeof obj === "object" && !Array.isArray(obj)
  ? Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, fn(v)])) : obj);

/**
 * The sections as a page in `lang` shows them: the names of the players and teams in the page's
 * script (with their rows in the standings, the lateness reports and the prize list, and the player's own `me`):
 * Latin on a Latin-script page, Cyrillic on a sr-Cyrl one (namesFor); on a Latin-script page the
 * titles of the timetable's items and the tournament's name in Latin too. Ids, numbers and free
 * text (announcements, reasons) are left alone. Sections it does not know pass through unchanged;
 * for an unknown language the sections come back as they are.
 * @template {PageSections | null | undefined} S
 * @param {S} sections
 * @param {string} lang
 * @returns {S}
 */
export function presentSections(sections, lang) {
  const show = scriptFor(lang);
  const names = namesFor(lang);
  if (!names || !sections || typeof sections !== "object") return sections;
  const out = { ...sections };
  const NAME = ["name"];
  if (show && "tournament" in out) out.tournament = shownFields(out.tournament, NAME, show);
  if (show && "timetable" in out) out.timetable = mapList(out.timetable, ["title"], show);
  if ("players" in out) out.players = mapList(out.players, NAME, names);
  if ("me" in out) out.me = shownFields(out.me, NAME, names); // the player's own card
  if ("teams" in out) out.teams = mapList(out.teams, NAME, names);
  if ("standings" in out) out.standings = mapList(out.standings, NAME, names);
  if (out.prizes && typeof out.prizes === "object") { // the prize-giving: the places' names, the sponsors', the best lady's
    const { prizes, sponsor_prizes: sponsor, best_lady: lady } = out.prizes;
    out.prizes = { ...out.prizes, prizes: mapList(prizes, NAME, names), sponsor_prizes: mapList(sponsor, NAME, names),
      best_lady: shownFields(lady, NAME, names) };
  }
  if ("lateness" in out) {
    out.lateness = mapValues(out.lateness, (report) => (report && typeof report === "object" && Array.isArray(report.rows)
      ? { ...report, rows: mapList(report.rows, ["name", "reserve"], names) } : report));
  }
  return out;
}

/**
 * An event as a page in `lang` shows it: the names in its payload in the page's script (namesFor),
 * and on a Latin-script page its title in Latin too.
 * @template {LiveEvent | null | undefined} E
 * @param {E} event
 * @param {string} lang
 * @returns {E}
 */
export function presentEvent(event, lang) {
  const show = scriptFor(lang);
  const names = namesFor(lang);
  if (!names || !event || typeof event !== "object" || !event.payload || typeof event.payload !== "object") return event;
  let payload = shownFields(event.payload, ["name", "reserve", "was"], names);
  if (show) payload = shownFields(payload, ["title"], show);
  return payload === event.payload ? event : { ...event, payload };
}
