// The hall display's parts (display/hall/parts.js) and its banner queue (display/lib/banners.js BannerQueue).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { BannerQueue } from "../../display/lib/banners.js";
import { describePenalty, stepAt } from "../../display/lib/lateness.js";
import { STALE_AFTER_MS, fitStandings, keptAnnouncements, lateLines, offlineNote, pagesOf } from "../../display/hall/parts.js";
import { lateSignalDue } from "../../display/lib/signals.js";
import { LANGS, MIN, at, event, fmt, strings } from "./helpers.mjs";

/** A standings panel as hall/standings-panel.js measures it: Roboto-like condensed names, a row 1.5 em high. */
const PANEL = { nameEm: 10.5, fixedEm: 9, rowEm: 1.5, headEm: 1.2, gapEm: 1.2, minFont: 22, maxFont: 44 };

describe("the standings fill their panel", () => {
  it("shows thirty players on one or two pages in a full-height panel, never cutting a name", () => {
    const fit = fitStandings({ ...PANEL, width: 780, height: 930, count: 30 });
    assert.ok(fit.fits);
    assert.ok(fit.pages <= 2, JSON.stringify(fit));
    assert.ok(fit.perPage >= 15, `${fit.perPage} rows a page`);
    assert.ok((PANEL.nameEm + PANEL.fixedEm) * fit.font <= (780 - (fit.columns - 1) * PANEL.gapEm * fit.font) / fit.columns);
  });

  it("uses side-by-side columns when the panel is wide", () => {
    const fit = fitStandings({ ...PANEL, width: 1700, height: 420, count: 30 });
    assert.ok(fit.columns >= 2, JSON.stringify(fit));
    assert.ok(fit.pages <= 3, JSON.stringify(fit));
  });

  it("takes the largest letters when everybody fits anyway", () => {
    const fit = fitStandings({ ...PANEL, width: 900, height: 930, count: 8 });
    assert.equal(fit.font, PANEL.maxFont);
    assert.deepEqual([fit.columns, fit.pages], [1, 1]);
  });

  it("says so when even the smallest letters cut a name", () => {
    const fit = fitStandings({ ...PANEL, width: 300, height: 500, count: 10 });
    assert.equal(fit.fits, false);
    assert.equal(fit.font, PANEL.minFont);
  });

  it("cuts a list into pages of columns", () => {
    assert.deepEqual(pagesOf([1, 2, 3, 4, 5, 6, 7], 4, 2), [[[1, 2], [3, 4]], [[5, 6], [7]]]);
  });
});

const STEPS = [
  { from_ms: 0, bule: 0, starts_with: 300, tolerated: false, deduction: 0, reserve_due: false },
  { from_ms: 1, bule: 0, starts_with: 300, tolerated: true, deduction: 0, reserve_due: false },
  { from_ms: 15 * MIN + 1, bule: 58, starts_with: 358, tolerated: false, deduction: 0, reserve_due: false },
];

function lines(lang, model) {
  const S = strings("display", lang);
  const tables = { p8: 8, p3: 3 };
  return lateLines({ steps: STEPS, ...model }, {
    L: S.late, penalty: S.penalty, describePenalty, stepAt, minute: MIN, tableOf: (id) => tables[id] ?? null,
    name: (row) => row.name, bridge: false, needed: 4,
  }).map((l) => l.parts.map((p) => p.text).join(" · "));
}

describe("the late panel: one line per player", () => {
  it("puts the table, the minutes and the bule beside the name", () => {
    const missing = [{ id: "p8", name: "Станислав Ерић", arrived_at: null }];
    const [group, line] = lines("sr-Cyrl", { missing, late: 29 * MIN + 5000 });
    assert.match(group, /1/);
    assert.equal(line, "Станислав Ерић · сто 8 · касни 29 мин · 358 була");
    assert.equal(lines("en", { missing, late: 29 * MIN })[1], "Станислав Ерић · table 8 · 29 min late · 358 bule");
  });

  it("words those who came late and the reserves in every language", () => {
    const came = [{ id: "p3", name: "Bojan Simić", arrived_at: at(11, 10), late_ms: 10 * MIN, bule: 20, starts_with: 320 }];
    const reserves = [{ id: "p8", name: "Stanislav Erić", reserve: "Rezerva Jedan", starts_with: 350 }];
    for (const lang of LANGS) {
      const out = lines(lang, { came, reserves });
      assert.equal(out.length, 4, out.join("\n"));
      assert.match(out[1], /^Bojan Simić · \S+ 3 · .*10.* · 320 \S+$/, `${lang}: ${out[1]}`);
      assert.match(out[3], /^Rezerva Jedan · \S+ 8 · .*Stanislav Erić · 350 \S+$/, `${lang}: ${out[3]}`);
      assert.doesNotMatch(out.join(" "), /\{|undefined|null/, lang);
    }
  });
});

describe("the announcements kept on the hall display", () => {
  it("keeps the newest free-text ones of the day, newest first", () => {
    const list = [
      { seq: 3, ts: at(9), type: "announced", text: "Breakfast is served" },
      { seq: 4, ts: at(10), type: "round_started", item: "r1" },
      { seq: 5, ts: at(10, 5), type: "announced", text: "Phones off, please" },
      { seq: 6, ts: at(10, 6), type: "announced", text: "for you", player: "p1" },
      { seq: 7, ts: at(10, 30), type: "announced", text: "Table 4: a new deck" },
      { seq: 1, ts: at(9) - 24 * 60 * MIN, type: "announced", text: "yesterday" },
    ];
    assert.deepEqual(keptAnnouncements(list, at(11), fmt, 2).map((a) => a.text), ["Table 4: a new deck", "Phones off, please"]);
    assert.deepEqual(keptAnnouncements(list, at(11), fmt).map((a) => a.seq), [7, 5, 3]);
  });
});

describe("a display that lost the server", () => {
  it("says so over the clock after a while, with since when, in the page's language", () => {
    const lost = at(14, 32) + 20_000;
    const S = strings("display", "en");
    assert.equal(offlineNote(null, lost + 60_000, S, fmt), null, "connected");
    assert.equal(offlineNote(lost, lost + STALE_AFTER_MS - 1, S, fmt), null, "a reconnect or a short break passes unmarked");
    assert.deepEqual(offlineNote(lost, lost + STALE_AFTER_MS, S, fmt),
      { title: "Offline since 14:32", sub: "The time shown may be out of date" });
    assert.equal(offlineNote(lost, lost + 3_600_000, S, fmt, false).sub, "What is shown may be out of date",
      "a screen of only standings or seating");
    const said = {
      "sr-Cyrl": ["Нема везе од 14:32", "Приказано време можда није тачно", "Приказани подаци можда нису ажурни"],
      "sr-Latn": ["Nema veze od 14:32", "Prikazano vreme možda nije tačno", "Prikazani podaci možda nisu ažurni"],
      sk: ["Bez spojenia od 14:32", "Zobrazený čas nemusí byť aktuálny", "Zobrazené údaje nemusia byť aktuálne"],
    };
    for (const [lang, [title, clock, lists]] of Object.entries(said)) {
      const words = strings("display", lang);
      assert.deepEqual(offlineNote(lost, lost + 60_000, words, fmt), { title, sub: clock }, lang);
      assert.equal(offlineNote(lost, lost + 60_000, words, fmt, false).sub, lists, lang);
    }
  });
});

describe("a signal that went out late", () => {
  it("gives its due time when it was appended well after it", () => {
    assert.equal(lateSignalDue(event(9, "round_started", { item: "r1", due_at: at(11) }, at(11) + 32_000)), at(11));
    assert.equal(lateSignalDue(event(9, "round_started", { item: "r1", due_at: at(11) }, at(11) + 40)), null);
    assert.equal(lateSignalDue(event(9, "round_started", { item: "r1" }, at(11))), null, "a referee's start has no due time");
  });
});

describe("the banner queue on a bad network", () => {
  const queue = (now) => {
    const shown = [];
    const q = new BannerQueue((b) => shown.push(b), { showMs: 60_000, minMs: 60_000, now: () => now });
    return { q, shown };
  };

  it("never drops a round's start for later alerts", () => {
    const { q } = queue(at(11));
    q.push({ seq: 1, ts: at(11), type: "announced", title: "hello" });
    q.push({ seq: 2, ts: at(11), type: "round_started", item: "r1", title: "Start" });
    for (let seq = 3; seq < 9; seq += 1) q.push({ seq, ts: at(11), type: "lateness_alert", item: "r1", title: `alert ${seq}` });
    assert.ok(q.queue.some((b) => b.type === "round_started"), q.queue.map((b) => b.title).join(", "));
    assert.ok(q.queue.length <= 4);
    clearTimeout(q.timer);
  });

  it("takes the call of a round away once the round started", () => {
    const { q, shown } = queue(at(11));
    q.push({ seq: 1, ts: at(11), type: "round_called", item: "r1", title: "To your tables" });
    q.push({ seq: 2, ts: at(11), type: "round_started", item: "r1", title: "Start" });
    assert.equal(q.current.type, "round_started");
    assert.deepEqual(shown.map((b) => b.title), ["To your tables", "Start"]);
    clearTimeout(q.timer);
  });

  it("shows no banner for an event older than a few seconds on arrival", () => {
    const { q, shown } = queue(at(11) + 31_000);
    assert.equal(q.push({ seq: 1, ts: at(11), type: "round_called", item: "r1", title: "To your tables" }), false);
    assert.equal(q.push({ seq: 2, ts: at(11) + 29_000, type: "announced", title: "fresh" }), true);
    assert.deepEqual(shown.map((b) => b.title), ["fresh"]);
    clearTimeout(q.timer);
  });

  it("withdraws banners by a test on them (an alert nobody is missing for any more)", () => {
    const { q } = queue(at(11));
    q.push({ seq: 1, ts: at(11), type: "lateness_alert", item: "r1", title: "reserves for table 6" });
    q.push({ seq: 2, ts: at(11), type: "announced", title: "hello" });
    q.withdraw((b) => b.type === "lateness_alert" && b.item === "r1");
    assert.equal(q.current.title, "hello");
    clearTimeout(q.timer);
  });
});
