// @ts-check
// A preferans table in the rounds card: the slip as recorded (bule, place, points), the form that
// records it (the sum must be 0; one field left shows the number that makes it so), a walkover,
// the supe that break a tie, and a correction with its reason. The server computes the points.
import { el, setText } from "../lib/dom.js";
import { placeSpan } from "../lib/standings.js";
import { blockShell, correctButton, correctionControls, formOf, sendResult, tagsFor } from "./result-kit.js";
import { STRINGS } from "./state.js";
import { num, playerName } from "./words.js";
/** @import { PreferansResult, SeatingTable, TimetableItem } from "../../types/sections" */

/**
 * A table's block: its recorded slip (and Correct), its seating while the round is open, else its form.
 * @param {TimetableItem} item
 * @param {SeatingTable} table
 * @param {PreferansResult | undefined} row
 * @param {boolean} open whether the seating may still be published (the server's `allowed`), so no result is taken yet
 * @param {string} key
 * @returns {HTMLDivElement}
 */
export function preferansBlock(item, table, row, open, key) {
  const f = formOf(key);
  const players = table.players || [];
  const title = STRINGS.tableN(table.table);
  if (row && f.mode !== "correct") {
    const byPlayer = new Map((row.players || []).map((p) => [p.player, p]));
    const body = el("table", { class: "r-table r-result" },
      el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", { class: "num" }, STRINGS.colBule),
        el("th", { class: "num" }, STRINGS.colPlace), el("th", { class: "num" }, STRINGS.colPoints))),
      el("tbody", {}, (row.players || []).map((p) => el("tr", {},
        el("td", {}, playerName(p.player)),
        el("td", { class: "num" }, row.walkover ? (p.absent ? STRINGS.absentWord : STRINGS.came) : num(p.result, { signed: true, max: 1 })),
        el("td", { class: "num" }, row.walkover ? "" : p.shared ? STRINGS.sharedPlace(...placeSpan(row.players, p)) : STRINGS.place(p.place)),
        el("td", { class: "num strong" }, num(p.points, { min: 1 }))))));
    const correct = correctButton(f, key, () => {
      f.walkover = Boolean(row.walkover);
      f.present = row.walkover ? ((row.players || []).find((p) => !p.absent) || {}).player || "" : "";
      f.values = Object.fromEntries(players.map((p) => [p, byPlayer.has(p) && !row.walkover ? String(byPlayer.get(p).result) : ""]));
      f.supe = {};
    });
    return blockShell(key, title, [...tagsFor(row), correct], body);
  }
  if (open) {
    return blockShell(key, title, [], el("ol", { class: "r-seat-names" }, players.map((p) => el("li", {}, playerName(p)))));
  }
  return blockShell(key, title, tagsFor(row), preferansForm(item, table, row, key));
}

/** A slip's form: each player's bule (summing to 0), a walkover, supe for a tie; or its correction. */
function preferansForm(item, table, row, key) {
  const f = formOf(key);
  const correcting = Boolean(row) && f.mode === "correct";
  const players = table.players || [];
  const inputs = new Map();
  const radios = new Map();
  const sumBox = el("span", { class: "r-sum" });
  const error = el("div", { class: "error", role: "alert" }, f.error);
  const send = el("button", { type: "submit", class: "btn small go" }, correcting ? STRINGS.sendCorrection : STRINGS.save);

  const lines = players.map((p) => {
    const input = el("input", {
      type: "number", class: "field bule", step: "1", value: f.values[p] ?? "",
      "aria-label": `${playerName(p)}: ${STRINGS.bulePlaceholder}`, dataset: { player: p },
      oninput: (e) => {
        f.values[p] = e.currentTarget.value;
        update();
      },
    });
    const radio = el("input", {
      type: "radio", name: `came-${key}`, value: p, checked: f.present === p, dataset: { came: p },
      onchange: () => {
        f.present = p;
        update();
      },
    });
    inputs.set(p, input);
    radios.set(p, radio);
    return el("div", { class: "r-line" }, el("span", { class: "name" }, playerName(p)), input,
      el("label", { class: "r-came" }, radio, STRINGS.came));
  });

  const walkover = el("input", {
    type: "checkbox", checked: f.walkover, dataset: { role: "walkover" },
    onchange: (e) => {
      f.walkover = e.currentTarget.checked;
      update();
    },
  });

  // Supe: who wrote how much on whom, only to break a tie at the table.
  const supeInputs = [];
  const supeRows = players.map((w) => el("div", { class: "r-supe-row" },
    el("span", { class: "name" }, playerName(w)),
    players.filter((a) => a !== w).map((a) => {
      const input = el("input", {
        type: "number", class: "field supe", min: "0", step: "1", value: f.supe[w]?.[a] ?? "",
        title: STRINGS.supeOn(playerName(a)), "aria-label": `${playerName(w)}: ${STRINGS.supeOn(playerName(a))}`,
        dataset: { writer: w, against: a },
        oninput: (e) => {
          (f.supe[w] ||= {})[a] = e.currentTarget.value;
        },
      });
      supeInputs.push(input);
      return el("label", { class: "r-supe-cell" }, el("small", {}, STRINGS.supeOn(playerName(a))), input);
    })));
  const supe = el("details", { class: "r-supe", open: f.supeOpen, ontoggle: (e) => (f.supeOpen = e.currentTarget.open) },
    el("summary", {}, STRINGS.supe), supeRows);

  const { reason, cancel } = correcting ? correctionControls(f, key) : { reason: null, cancel: null };

  const form = el("form", { class: "r-result-form", autocomplete: "off", novalidate: true },
    lines,
    el("label", { class: "r-check" }, walkover, STRINGS.walkover),
    supe,
    reason,
    el("div", { class: "r-row" }, sumBox, send, cancel),
    error);

  function parse() {
    const values = players.map((p) => f.values[p] ?? "");
    const filled = values.filter((v) => String(v).trim() !== "");
    const numbers = filled.map(Number);
    return { values, filled, numbers, whole: numbers.every((n) => Number.isInteger(n)), total: numbers.reduce((a, b) => a + b, 0) };
  }

  function update() {
    form.classList.toggle("is-walkover", f.walkover);
    if (f.walkover) {
      sumBox.className = "r-sum";
      setText(sumBox, f.present ? "" : STRINGS.pickCame);
      send.disabled = !f.present;
      return;
    }
    const { values, filled, whole, total } = parse();
    // With one field left, its placeholder shows the number that makes the sum 0.
    for (const [p, input] of inputs) {
      input.placeholder = filled.length === values.length - 1 && whole && String(f.values[p] ?? "").trim() === ""
        ? String(-total) : STRINGS.bulePlaceholder;
    }
    let text;
    let ok = false;
    if (!whole) text = STRINGS.sumNotWhole;
    else if (filled.length < values.length) text = filled.length ? STRINGS.sum(num(total, { signed: true })) + ` · ${STRINGS.sumMissing}` : STRINGS.sumMissing;
    else if (total !== 0) text = STRINGS.sumNotZero(num(total, { signed: true }));
    else {
      text = STRINGS.sumOk;
      ok = true;
    }
    sumBox.className = `r-sum ${ok ? "ok" : filled.length === values.length ? "bad" : ""}`;
    setText(sumBox, text);
    send.disabled = !ok;
  }

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const body = { type: correcting ? "correct_result" : "record_result", item: item.id, table: table.table };
    if (f.walkover) {
      if (!f.present) return;
      body.walkover = f.present;
      body.absent = players.filter((p) => p !== f.present);
    } else {
      const { whole, filled, total } = parse();
      if (!whole || filled.length < players.length || total !== 0) return;
      body.results = Object.fromEntries(players.map((p) => [p, Number(f.values[p])]));
      const written = {};
      for (const input of supeInputs) {
        const v = input.value.trim();
        if (v !== "") (written[input.dataset.writer] ||= {})[input.dataset.against] = Number(v);
      }
      if (Object.keys(written).length) body.supe = written;
    }
    await sendResult(body, { correcting, f, error, reason, send, key, update });
  });
  update();
  return form;
}
