// Serbian Cyrillic in Latin letters, for the pages of a Latin-script language (sr-Latn, sk, en).
//
// Presentation only: the server's data (names, item titles, the tournament's name) stays as
// written; a page in a Latin-script language shows the Serbian Cyrillic in it in Serbian Latin
// (Gaj's alphabet), which is a fixed letter-for-letter table. Pure: no DOM, no state.
//
// The other way (Latin → Cyrillic) is deliberately not done: Latin text on a Cyrillic page is
// normal Serbian usage for foreign names ("John Smith" must not become "Јохн Смитх"), and the
// digraphs lj, nj, dž are not always one letter ("konjugacija" is кон-југација, "nadživeti"
// над-живети, but "Odžak" is Оџак), so no rule avoids wrong splits without a dictionary.

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

/** The languages whose pages show Serbian Cyrillic in Latin letters. */
const LATIN_PAGES = new Set(["sr-Latn", "sk", "en"]);

/** The function a page in `lang` shows names and titles through (identity for sr-Cyrl). */
export function scriptFor(lang) {
  return LATIN_PAGES.has(lang) ? toLatin : null;
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
 * The sections as a page in `lang` shows them: the names of the players and teams, the titles
 * of the timetable's items and the tournament's name in the page's script (with their rows in
 * the standings and the lateness reports, and the player's own `me`). Ids, numbers and free text
 * (announcements, reasons) are left alone. Sections it does not know pass through unchanged;
 * for sr-Cyrl (or an unknown language) the sections come back as they are.
 */
export function presentSections(sections, lang) {
  const show = scriptFor(lang);
  if (!show || !sections || typeof sections !== "object") return sections;
  const out = { ...sections };
  const NAME = ["name"];
  if ("tournament" in out) out.tournament = shownFields(out.tournament, NAME, show);
  if ("timetable" in out) out.timetable = mapList(out.timetable, ["title"], show);
  if ("players" in out) out.players = mapList(out.players, NAME, show);
  if ("me" in out) out.me = shownFields(out.me, NAME, show); // the player's own card
  if ("teams" in out) out.teams = mapList(out.teams, NAME, show);
  if ("standings" in out) out.standings = mapList(out.standings, NAME, show);
  if ("lateness" in out) {
    out.lateness = mapValues(out.lateness, (report) => (report && typeof report === "object" && Array.isArray(report.rows)
      ? { ...report, rows: mapList(report.rows, ["name", "reserve"], show) } : report));
  }
  return out;
}

/** An event as a page in `lang` shows it: the names and titles in its payload in the page's script. */
export function presentEvent(event, lang) {
  const show = scriptFor(lang);
  if (!show || !event || typeof event !== "object" || !event.payload || typeof event.payload !== "object") return event;
  const payload = shownFields(event.payload, ["name", "title", "reserve", "was"], show);
  return payload === event.payload ? event : { ...event, payload };
}
