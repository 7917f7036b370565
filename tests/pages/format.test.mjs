// display/lib/format.js: durations, times and numbers as people read them (node --test tests/pages).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  decimalsOf, formatDuration, formatNumber, intlCached, prizeMoney, signedMinutes, timeFormatter,
} from "../../display/lib/format.js";
import { ZONE, at } from "./helpers.mjs";

describe("a countdown's time", () => {
  it("shows minutes and seconds, hours only when there are some", () => {
    assert.equal(formatDuration(754_000), "12:34");
    assert.equal(formatDuration(3_723_000), "1:02:03");
    assert.equal(formatDuration(59_000), "0:59");
    assert.equal(formatDuration(3 * 3_600_000), "3:00:00");
  });

  it("rounds seconds up, so 0:00 is the end itself", () => {
    assert.equal(formatDuration(1), "0:01");
    assert.equal(formatDuration(59_001), "1:00");
    assert.equal(formatDuration(0), "0:00");
    assert.equal(formatDuration(-5_000), "0:00");
  });

  it("shows dashes when there is nothing to count", () => {
    for (const ms of [null, undefined, NaN, Infinity]) assert.equal(formatDuration(ms), "–:––");
  });
});

describe("times in the tournament's zone", () => {
  it("gives the time, the day for grouping and the date, in the zone and the locale", () => {
    const fmt = timeFormatter(ZONE, "en-GB");
    const ms = at(17, 5);
    assert.equal(fmt.time(ms), "17:05");
    assert.equal(fmt.day(ms), "2027-03-06");
    assert.equal(fmt.date(ms), "Saturday 6 March");
    assert.equal(timeFormatter("UTC", "en-GB").time(ms), "16:05");
    assert.equal(fmt.day(at(23, 30)), "2027-03-06");
    assert.equal(fmt.day(at(24, 30)), "2027-03-07", "past midnight in Belgrade");
    assert.equal(timeFormatter(ZONE, "sr-Latn-RS").date(ms), "subota, 6. mart");
  });

  it("adds seconds for a sped-up demo, and shows nothing for no instant", () => {
    assert.equal(timeFormatter(ZONE, "en-GB", { seconds: true }).time(at(17, 5) + 9_000), "17:05:09");
    const fmt = timeFormatter(ZONE);
    assert.deepEqual([fmt.time(null), fmt.day(undefined), fmt.date(NaN)], ["", "", ""]);
  });

  it("still formats with a time zone the browser does not know", () => {
    const fmt = timeFormatter("Mars/Olympus_Mons", "en-GB");
    assert.match(fmt.time(at(17, 5)), /^\d\d:05$/);
  });
});

describe("the Intl objects a page formats with", () => {
  it("are made on their first use, once, however many formatters and calls ask for them", () => {
    const Real = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = class DateTimeFormat extends Real {
      constructor(...args) {
        super(...args);
        made += 1;
      }
    };
    try {
      const fmt = timeFormatter("Asia/Tokyo", "en-GB");
      timeFormatter("Asia/Tokyo", "en-GB");
      assert.equal(made, 0, "nothing made before a time is shown");
      const ms = at(17, 5);
      assert.equal(fmt.time(ms), timeFormatter("Asia/Tokyo", "en-GB").time(ms));
      fmt.time(ms + 60_000);
      assert.equal(made, 1, "one time format, shared");
      assert.equal(fmt.day(ms), "2027-03-07");
      assert.equal(made, 2, "the date's format not made: nothing asked for a date");
    } finally {
      Intl.DateTimeFormat = Real;
    }
  });

  it("a number format is kept per locale and options", () => {
    const a = intlCached(Intl.NumberFormat, "sk", { maximumFractionDigits: 1 });
    assert.equal(intlCached(Intl.NumberFormat, "sk", { maximumFractionDigits: 1 }), a);
    assert.notEqual(intlCached(Intl.NumberFormat, "sk", { maximumFractionDigits: 2 }), a);
    assert.equal(formatNumber(61600, { locale: "sk", grouping: true }), formatNumber(61600, { locale: "sk", grouping: true }));
  });
});

describe("numbers for people", () => {
  it("shows up to two decimals in the locale, with a real minus sign", () => {
    assert.equal(formatNumber(6.25), "6.25");
    assert.equal(formatNumber(6.2, { locale: "sr-Latn-RS" }), "6,2");
    assert.equal(formatNumber(-3), "−3");
    assert.equal(formatNumber(12345.678), "12345.68", "no grouping: a column of scores stays narrow");
    assert.equal(formatNumber(2, { min: 1 }), "2.0");
    assert.equal(formatNumber(2.456, { max: 1 }), "2.5");
  });

  it("signs positives when asked, and never shows −0", () => {
    assert.equal(formatNumber(5, { signed: true }), "+5");
    assert.equal(formatNumber(0, { signed: true }), "0");
    assert.equal(formatNumber(-0.001), "0");
  });

  it("shows a dash for what is not a number", () => {
    for (const v of [null, undefined, "", "abc", NaN]) assert.equal(formatNumber(v), "–");
    assert.equal(formatNumber("4.5"), "4.5");
  });

  it("finds the decimals a column needs, so that all its numbers show alike", () => {
    assert.equal(decimalsOf([1, 2, 3]), 0);
    assert.equal(decimalsOf([1, 2.5, 3]), 1);
    assert.equal(decimalsOf([1, 2.5, 3.25]), 2);
    assert.equal(decimalsOf([0.125]), 2, "at most `cap`");
    assert.equal(decimalsOf([0.125], 3), 3);
    assert.equal(decimalsOf(["6.2", null, "x"]), 1);
    assert.equal(decimalsOf([0.1 + 0.2]), 1, "float noise is no decimal");
  });

  it("signs minutes, with a decimal only when needed", () => {
    assert.equal(signedMinutes(10), "+10 minutes");
    assert.equal(signedMinutes(-5), "−5 minutes");
    assert.equal(signedMinutes(1), "+1 minute");
    assert.equal(signedMinutes(1.5, "minuta", "minuta"), "+1.5 minuta");
  });

  it("writes a prize as the language groups money, with its unit", () => {
    assert.equal(prizeMoney(61600, "дин.", "sr-Cyrl-RS"), "61.600\u00a0дин.");
    assert.equal(prizeMoney(61600, "din.", "sk-SK"), "61\u00a0600\u00a0din.");
    assert.equal(prizeMoney(1234.5, "", "en-GB"), "1,234.5");
    assert.equal(prizeMoney(null, "€"), "–");
  });
});
