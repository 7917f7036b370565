// @ts-check
// The languages there are catalogues for, and which of them a page is in: ?lang= first, else the
// nearest one to the tournament's language. No DOM beyond the page's URL.

/** The languages there are catalogues for, and the locale each one formats dates with. */
export const LANGUAGES = { en: "en-GB", "sr-Cyrl": "sr-Cyrl-RS", "sr-Latn": "sr-Latn-RS", sk: "sk-SK" };

/** The language a page asked for with ?lang= (null if none or unknown). */
export function requestedLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (!asked) return null;
  if (LANGUAGES[asked]) return asked;
  const lower = asked.toLowerCase();
  const found = Object.keys(LANGUAGES).find((l) => l.toLowerCase() === lower) ||
    (lower === "sr" ? "sr-Cyrl" : Object.keys(LANGUAGES).find((l) => l.split("-")[0] === lower.split("-")[0]));
  return found || null;
}

/** The nearest language with a catalogue ("sr" → "sr-Cyrl", "sk-SK" → "sk"; else "en"). */
export function catalogueLanguage(tag) {
  if (!tag) return "en";
  if (LANGUAGES[tag]) return tag;
  const lower = String(tag).toLowerCase();
  if (lower.startsWith("sr")) return /latn/.test(lower) ? "sr-Latn" : "sr-Cyrl";
  return Object.keys(LANGUAGES).find((l) => l.toLowerCase() === lower.split("-")[0]) || "en";
}
