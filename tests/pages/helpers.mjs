// Helpers for the node tests of the pages' modules: the catalogues from disk, a formatter, events.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { timeFormatter } from "../../display/lib/format.js";
import { compileStrings } from "../../display/lib/templates.js";

export const DISPLAY_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "display");
export const LANGS = ["en", "sr-Latn", "sr-Cyrl", "sk"];

/** A catalogue as the server serves it (/static/i18n/<lang>.json). */
export function catalogue(lang) {
  return JSON.parse(readFileSync(join(DISPLAY_DIR, "i18n", `${lang}.json`), "utf8"));
}

/** One page's words in `lang`, compiled as loadStrings does (English fills what the language omits). */
export function strings(page, lang = "en") {
  const merge = (base, over) => {
    const out = { ...base };
    for (const [k, v] of Object.entries(over || {})) {
      out[k] = v && typeof v === "object" && !Array.isArray(v) && base[k] && typeof base[k] === "object" ? merge(base[k], v) : v;
    }
    return out;
  };
  const en = catalogue("en")[page];
  return compileStrings(lang === "en" ? en : merge(en, catalogue(lang)[page]), lang);
}

export const ZONE = "Europe/Belgrade";
export const fmt = timeFormatter(ZONE, "en-GB");

/** Epoch ms of a local time in Belgrade on 6 March 2027 (UTC+1 then). */
export const at = (hh, mm = 0) => Date.UTC(2027, 2, 6, hh - 1, mm);
export const MIN = 60_000;

/** A playing item's status → its `phase`, as the server sends both (live/projections/timeline.py PHASES). */
const PHASES = {
  scheduled: "upcoming", called: "upcoming", held: "upcoming", missed: "missed", running: "in_progress", paused: "in_progress",
  ended: "done",
};

/** A playing item as the server's timetable section has it (its `phase` that of its status unless given). */
export function round(id, number, start, minutes = 180, extra = {}) {
  const item = {
    id, kind: "round", title: `Round ${number}`, round: number, start, end: start + minutes * MIN, playing: true,
    status: "scheduled", started_at: null, ended_at: null, held_for: null, waiting_for: null, ...extra,
  };
  return { ...item, phase: "phase" in extra ? extra.phase : PHASES[item.status] ?? "upcoming" };
}

/** A non-playing item (no phase: the timeline says when it is on). */
export function other(id, title, start, minutes = 30, kind = "break") {
  return { id, kind, title, round: null, start, end: start + minutes * MIN, playing: false, phase: null };
}

export function event(seq, type, payload, ts = at(12)) {
  return { seq, ts, type, actor: "referee", payload };
}

/** A timeline entry (section `now`) as live/projections/timeline.py sends it (the fields it leaves out are null,
 * `day` empty). */
export function timelineEntry(from, fields = {}) {
  return { from, current: null, next: null, then: null, mode: "idle", deadline: null, day: [], checkin: null, ...fields };
}

/** A check-in list (section `lateness`, one round's) as the server sends it: each threshold says how late it is,
 * in minutes as the hall reads them. */
export function latenessReport(extra = {}) {
  return {
    item: "r1", reference_start: at(14), pauses: [], late_clock: { ms: 0, at: at(14), running: true }, players_needed: null,
    steps: [], rows: [],
    thresholds: [
      { name: "grace", at: at(14, 5), late_ms: 5 * MIN, minutes: 5 },
      { name: "reserve", at: at(14, 15), late_ms: 15 * MIN, minutes: 15 },
      { name: "forfeit", at: at(14, 30), late_ms: 30 * MIN, minutes: 30 },
    ],
    ...extra,
  };
}
