// @ts-check
// Numbers, durations and times as people read them: a countdown's "12:34", a time in the
// tournament's zone, points with a real minus sign. Pure; the locale and zone come in as arguments.

/**
 * Times as a page shows them, in the tournament's zone (timeFormatter): each takes an instant (ms), and gives ""
 * for anything else.
 * @typedef {{ time: (ms: number) => string, day: (ms: number) => string, date: (ms: number) => string }} TimeFormat
 */

/**
 * 754_000 → "12:34"; 3_723_000 → "1:02:03". Seconds round up, so 0:00 means the end.
 * @param {number | null | undefined} ms
 * @returns {string}
 */
export function formatDuration(ms) {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "–:––";
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/**
 * The Intl objects a page formats with, made once per kind, locale and options: making one costs far
 * more than using it (the first one a page makes loads the locale's and the zone's data, tens of
 * milliseconds on a mid phone), and the pages format on every frame and for every row.
 */
const made = new Map();
export function intlCached(Kind, locale, options) {
  const key = `${Kind.name}|${locale}|${JSON.stringify(options)}`;
  let found = made.get(key);
  if (!found) {
    found = new Kind(locale, options);
    made.set(key, found);
  }
  return found;
}

/**
 * Time formatting in the tournament's time zone. `seconds` adds seconds (useful in a
 * sped-up demo, where a minute of the timetable lasts a second). Each of its three formats is made on
 * its first use (the date's, for instance, only when something is on another day), and made once.
 * @param {string | undefined} timeZone
 * @param {string} [locale]
 * @param {{ seconds?: boolean }} [options]
 * @returns {TimeFormat}
 */
export function timeFormatter(timeZone, locale = "en-GB", { seconds = false } = {}) {
  // Each made on its first use; an unknown zone throws then: the browser's own zone instead.
  const lazy = (options) => {
    let fmt = null;
    return (ms) => {
      if (!fmt) {
        try {
          fmt = intlCached(Intl.DateTimeFormat, options.locale, { ...options.with, timeZone });
        } catch {
          fmt = intlCached(Intl.DateTimeFormat, options.locale, options.with);
        }
      }
      return fmt.format(new Date(ms));
    };
  };
  const fmt = lazy({ locale, with: {
    hour: "2-digit", minute: "2-digit", second: seconds ? "2-digit" : undefined, hourCycle: "h23" } });
  const dayFmt = lazy({ locale: "en-CA", with: { year: "numeric", month: "2-digit", day: "2-digit" } });
  const dateFmt = lazy({ locale, with: { weekday: "long", day: "numeric", month: "long" } });
  return {
    time: (ms) => (Number.isFinite(ms) ? fmt(ms) : ""),
    /** "2027-03-06": the calendar day in the tournament's zone, for grouping. */
    day: (ms) => (Number.isFinite(ms) ? dayFmt(ms) : ""),
    date: (ms) => (Number.isFinite(ms) ? dateFmt(ms) : ""),
  };
}

/**
 * Numbers for people: up to `max` decimals (at least `min`), a real minus sign "−", and with
 * `signed` a "+" in front of positive values. Non-numbers come back as "–". `grouping` writes
 * thousands as the locale does (money: "61.600" in Serbian, "61 600" in Slovak, "61,600" in
 * English); scores and points go without, as in a column of them.
 * @param {unknown} value
 * @param {{ min?: number, max?: number, signed?: boolean, locale?: string, grouping?: boolean }} [options]
 * @returns {string}
 */
export function formatNumber(value, { min = 0, max = 2, signed = false, locale = "en-GB", grouping = false } = {}) {
  const n = Number(value);
  if (value === null || value === undefined || value === "" || !Number.isFinite(n)) return "–";
  const text = intlCached(Intl.NumberFormat, locale, {
    minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: grouping,
  }).format(Math.abs(n));
  if (n < 0 && /[1-9]/.test(text)) return `−${text}`;
  return signed && n > 0 ? `+${text}` : text;
}

/**
 * A prize or a prize fund as people read money across a hall: grouped by thousands as the page's language
 * groups them ("61.600" in Serbian, "61 600" in Slovak), up to cents, then its unit ("дин.", "€").
 * @param {unknown} value
 * @param {string} [unit]
 * @param {string} [locale]
 * @returns {string}
 */
export function prizeMoney(value, unit, locale = "en-GB") {
  const n = Number(value);
  if (value === null || value === undefined || value === "" || !Number.isFinite(n)) return "–";
  const text = intlCached(Intl.NumberFormat, locale, { maximumFractionDigits: 2 }).format(n);
  return unit ? `${text}\u00a0${unit}` : text;
}

/**
 * How many decimals (0–`cap`) the longest of these numbers needs: a column then shows all alike.
 * @param {Iterable<unknown>} values
 * @param {number} [cap]
 * @returns {number}
 */
export function decimalsOf(values, cap = 2) {
  let most = 0;
  for (const v of values) {
    const n = Number(v);
    if (!Number.isFinite(n)) continue;
    for (let d = most; d < cap && Math.abs(Math.round(n * 10 ** d) - n * 10 ** d) > 1e-9; d += 1) most = d + 1;
  }
  return most;
}

/**
 * "+10 minutes" / "−5 minutes" / "+1.5 minutes".
 * @param {number} minutes
 * @param {string} [one]
 * @param {string} [many]
 * @returns {string}
 */
export function signedMinutes(minutes, one = "minute", many = "minutes") {
  const sign = minutes < 0 ? "−" : "+";
  const abs = Math.abs(minutes);
  const shown = Number.isInteger(abs) ? String(abs) : abs.toFixed(1);
  return `${sign}${shown} ${abs === 1 ? one : many}`;
}
