// @ts-check
// The catalogues' template language: a catalogue string becomes text or a function of its
// arguments, with plural forms by number in the page's language. Pure (no DOM, no fetch).
//
// A catalogue string is plain text, or a template: "{0}" is the first argument, "{0:signed}"
// a signed number ("+5", "−5"), "{0|one:бод|few:бода|other:бодова}" a choice by the
// argument (a number, or a number already formatted as text like "6,2": an "=N" case, else its
// CLDR plural category in the page's locale — zero, one, two, few, many, other — by
// Intl.PluralRules with the decimals shown; an array: by its length; anything else: the case
// named like the value, "null" for null, undefined, "" or false). "{0.item}" is a field of an argument. A choice falls back
// to "other", then to the value itself. Arrays are shown joined with ", ". A template becomes a
// function of its arguments; "{}" (nothing inside) only marks a function that takes none.

import { LANGUAGES } from "./languages.js";

function splitTop(text, sep) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === "{") depth += 1;
    else if (c === "}") depth -= 1;
    else if (c === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function showValue(value, lang) {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/** A number as text, as the pages format them: "6,2", "6.25", "−3", "+5" (not "1 234" nor "2–3"). */
const NUMBER_TEXT = /^[+\u2212-]?\d+(?:[.,](\d+))?$/;

/**
 * What a choice counts: {n, decimals} for a number, a number formatted as text ("6,2": the
 * plural category of 6.2 with one decimal shown, as in "6,2 бода") or an array (its length);
 * else null.
 */
function countOf(value) {
  if (Array.isArray(value)) return { n: value.length, decimals: 0 };
  if (typeof value === "number") return Number.isFinite(value) ? { n: Math.abs(value), decimals: 0 } : null;
  if (typeof value !== "string") return null;
  const m = NUMBER_TEXT.exec(value.trim());
  if (!m) return null;
  const digits = value.trim().replace(/^[+\u2212-]/, "").replace(",", ".");
  return { n: Math.abs(Number(digits)), decimals: m[1] ? m[1].length : 0 };
}

/**
 * Plural rules of a language, one per number of shown decimals ("6,0" is not "6" in Slovak
 * or Serbian): `plurals(decimals).select(n)` is one of CLDR's zero/one/two/few/many/other.
 */
function pluralRules(lang) {
  const locale = LANGUAGES[lang] || lang;
  const made = new Map();
  return (decimals = 0) => {
    if (!made.has(decimals)) {
      let rules;
      try {
        rules = new Intl.PluralRules(locale, { minimumFractionDigits: decimals });
      } catch {
        rules = new Intl.PluralRules("en", { minimumFractionDigits: decimals });
      }
      made.set(decimals, rules);
    }
    return made.get(decimals);
  };
}

function renderTemplate(template, args, lang, plurals) {
  let out = "";
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf("{", i);
    if (open < 0) {
      out += template.slice(i);
      break;
    }
    out += template.slice(i, open);
    let depth = 0;
    let close = open;
    for (; close < template.length; close += 1) {
      if (template[close] === "{") depth += 1;
      else if (template[close] === "}" && (depth -= 1) === 0) break;
    }
    const inner = template.slice(open + 1, close);
    i = close + 1;
    if (!inner) continue;
    const [head, ...cases] = splitTop(inner, "|");
    const [path, modifier] = head.split(":");
    const [index, ...props] = path.split(".");
    let value = args[Number(index)];
    for (const prop of props) value = value === null || value === undefined ? undefined : value[prop];
    if (!cases.length) {
      if (modifier === "signed" && Number.isFinite(Number(value))) {
        const n = Number(value);
        const abs = Math.abs(n);
        out += `${n < 0 ? "−" : "+"}${Number.isInteger(abs) ? abs : abs.toFixed(1)}`;
      } else out += showValue(value, lang);
      continue;
    }
    const table = {};
    for (const c of cases) {
      const colon = c.indexOf(":");
      if (colon > 0) table[c.slice(0, colon)] = c.slice(colon + 1);
    }
    let pick;
    const count = countOf(value);
    if (value === null || value === undefined || value === "" || value === false) pick = table.null;
    else if (count !== null) pick = table[`=${count.n}`] ?? table[plurals(count.decimals).select(count.n)];
    else pick = table[String(value)];
    pick = pick ?? table.other;
    out += pick === undefined ? showValue(value, lang) : renderTemplate(pick, args, lang, plurals);
  }
  return out;
}

/** A catalogue section made usable: templates become functions, objects stay objects. */
export function compileStrings(section, lang) {
  const plurals = pluralRules(lang);
  const compile = (value) => {
    if (typeof value === "string") {
      return value.includes("{") ? (...args) => renderTemplate(value, args, lang, plurals) : value;
    }
    if (Array.isArray(value)) return value.map(compile);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compile(v)]));
    }
    return value;
  };
  return compile(section);
}
