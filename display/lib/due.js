// @ts-check
// A term's instant as people say it: a term that ends at midnight is the end of the day before ("Tuesday
// 24:00"), not the start of the next ("Wednesday 00:00"): the Slovak league's match record is due at the end of
// the second working day (live/rules/deadlines.py `record_due`), and a captain reading "Wednesday" would think
// they had one more day. Pure: the time format (format.js `timeFormatter`) comes in.
/** @import { TimeFormat } from "./format.js" */

/**
 * "Tuesday, 30 March 24:00" for the midnight that starts the 31st; "Saturday, 6 March 17:30" otherwise.
 * `join(date, time)` puts the two together as the page's language does.
 * @param {number} ms
 * @param {TimeFormat} fmt
 * @param {(date: string, time: string) => string} join
 * @returns {string}
 */
export function dueText(ms, fmt, join) {
  if (!Number.isFinite(ms)) return "";
  const time = fmt.time(ms);
  if (time === "00:00") return join(fmt.date(ms - 1), "24:00");
  return join(fmt.date(ms), time);
}
