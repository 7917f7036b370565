// @ts-check
// The coordinator's card: every match of a team league as the captains report it from the clubs' venues
// (`GET /api/captains`): its state, its terms, the report, the dispute, the result, who is late and the
// sanction to propose (§12.3–4), with the VP deduction's ready `penalty` command sent through the console's
// own command path (commands.js); a disputed match settled with the rounds card's `record_result` form,
// prefilled with the report (or, when the rounds card has no block for it, a small form here); and the
// captains' codes (`GET /api/captain-codes`) to show, and their slips to print (`GET /api/captain-slips`: each
// team's code with a QR code that opens the captain's page signed in). The list is asked for every minute and after each
// live event that may change it (coordinator.js `concernsCaptains`). Words: STRINGS.coordinator.
import { at } from "../lib/base.js";
import { el, fill, setText } from "../lib/dom.js";
import { dueText } from "../lib/due.js";
import { jsonOf } from "../lib/http.js";
import { appliedPenalty, concernsCaptains, coordinatorWanted, countParts, proposalText, settleValues, shownLines } from "./coordinator.js";
import { blocks, formOf } from "./result-kit.js";
import { pickRound } from "./round-choice.js";
/** @import { CardContext } from "../../types/pages" */
/** @import { TimeFormat } from "../lib/format.js" */
/** @import { CoordinatorView } from "./coordinator.js" */

/** How often the list is asked for again while the console is open: a term passes with no event. */
const REFRESH_MS = 60_000;

/**
 * Draws the coordinator's card into `card`. Returns {render(), onEvent(event)}.
 * @param {HTMLElement} card
 * @param {CardContext & { fmt: () => TimeFormat, teamName: (id: string) => string, num: (n: number) => string,
 *   signedIn: () => boolean, signedOut: () => void }} ctx
 */
export function captainsCard(card, ctx) {
  const W = ctx.S.coordinator;
  /** @type {CoordinatorView | null} */
  let view = null;
  let problem = "";
  /** @type {number | null} */
  let loadedAt = null;
  let loading = false;
  let onlyOpen = false;
  /** @type {{ team: string, name: string, code: string }[] | null} */
  let codes = null;
  /** The small settling forms opened here (a match the rounds card has no block for): "item:home-away" → values. */
  const settling = new Map();

  const when = (ms) => dueText(ms, ctx.fmt(), W.when);
  const score = (h, a) => ctx.S.score(ctx.num(h), ctx.num(a));
  const keyOf = (line) => `${line.item}:m${line.home}-${line.away}`;

  const summary = el("div", { class: "r-cap-summary", dataset: { role: "captains-summary" } });
  const status = el("p", { class: "r-hint", dataset: { role: "captains-status" } });
  const list = el("div", { class: "r-cap-list", dataset: { role: "captains-list" } });
  const codesBox = el("div", { class: "r-cap-codes", dataset: { role: "captain-codes" }, hidden: true });
  const only = el("input", { type: "checkbox", onchange: (e) => {
    onlyOpen = e.currentTarget.checked;
    draw();
  } });
  const refreshButton = el("button", { type: "button", class: "btn small", onclick: () => load() }, W.refresh);
  const codesButton = el("button", {
    type: "button", class: "btn small", title: W.codesTitle, dataset: { action: "captain-codes" },
    onclick: () => toggleCodes(),
  }, W.codes);
  card.replaceChildren(
    el("div", { class: "r-card-head" }, el("h2", {}, W.title), el("div", { class: "r-cap-tools" }, codesButton, refreshButton)),
    el("p", { class: "r-hint" }, W.intro), codesBox,
    el("label", { class: "r-check" }, only, el("span", {}, W.onlyOpen)), summary, list, status);

  // ---- the server ----

  async function load() {
    if (loading || !ctx.signedIn() || ctx.sections().tournament?.game !== "bridge") return;
    loading = true;
    try {
      const response = await fetch(at("/api/captains"), { headers: { Accept: "application/json" }, cache: "no-store" });
      const data = await jsonOf(response);
      if (response.status === 401) {
        ctx.signedOut();
        return;
      }
      if (!response.ok || !data || !Array.isArray(data.matches)) {
        problem = W.failed(`HTTP ${response.status}`);
      } else {
        view = data;
        problem = "";
        loadedAt = Date.now();
      }
    } catch (err) {
      problem = W.failed(String(err && err.message ? err.message : err));
    } finally {
      loading = false;
    }
    render();
  }

  async function toggleCodes() {
    if (codes) {
      codes = null;
      drawCodes();
      return;
    }
    try {
      const response = await fetch(at("/api/captain-codes"), { headers: { Accept: "application/json" }, cache: "no-store" });
      const data = await jsonOf(response);
      if (response.status === 401) {
        ctx.signedOut();
        return;
      }
      codes = response.ok && data && Array.isArray(data.captains) ? data.captains : null;
      if (!codes) problem = W.failed(`HTTP ${response.status}`);
    } catch (err) {
      problem = W.failed(String(err && err.message ? err.message : err));
    }
    drawCodes();
    setText(status, problem);
  }

  // ---- drawing ----

  function codesTable() {
    return el("table", { class: "r-table r-cap-codes-table" },
      el("thead", {}, el("tr", {}, el("th", {}, W.colTeam), el("th", {}, W.colCode))),
      el("tbody", {}, (codes || []).map((c) => el("tr", { dataset: { team: c.team } },
        el("td", {}, c.name), el("td", { class: "r-cap-code" }, c.code)))));
  }

  function drawCodes() {
    codesBox.hidden = !codes;
    setText(codesButton, codes ? W.codesHide : W.codes);
    if (!codes) {
      codesBox.replaceChildren();
      return;
    }
    const address = `${location.origin}${at("/captain")}`;
    // The slips open in a tab of their own, printed from there (the session cookie opens them: no token in the
    // address).
    const slips = el("a", {
      class: "btn small", target: "_blank", rel: "noopener noreferrer", href: at("/api/captain-slips"),
      title: W.codesSlipsTitle, dataset: { action: "captain-slips" },
    }, W.codesSlips);
    fill(codesBox, el("p", { class: "r-hint" }, W.codesIntro(address)), codesTable(), el("div", { class: "r-row" }, slips));
  }

  /** The proposal's line: what it proposes, and its VP deduction's button (or that it was applied). */
  function proposalItem(p, line) {
    const text = proposalText(p, W, ctx.teamName, ctx.num);
    const cmd = p.command;
    let action = null;
    if (cmd) {
      const done = appliedPenalty(cmd, ctx.sections().audit);
      action = done ? el("span", { class: "chip r-cap-applied" }, W.applied(done.seq)) : el("button", {
        type: "button", class: "btn small warn", dataset: { action: "apply-penalty", team: cmd.team },
        onclick: (e) => {
          if (!confirm(W.applyConfirm(ctx.num(cmd.amount), ctx.teamName(cmd.team), p.rule))) return;
          ctx.command({ ...cmd }, e.currentTarget).then((ok) => {
            if (ok) load();
          });
        },
      }, W.apply(ctx.num(cmd.amount)));
    }
    return el("li", { dataset: { duty: p.duty, team: p.team, item: line.item } }, el("span", {}, text), action);
  }

  /** Settle a disputed match: the rounds card's result form of the match, prefilled; else a small form here. */
  function settle(line) {
    const key = keyOf(line);
    if (roundsHasMatch(line)) {
      const f = formOf(key);
      f.mode = "";
      f.values = settleValues(line);
      blocks.delete(key);
      pickRound(line.item);
      const block = document.querySelector(`#rounds-card [data-block="${CSS.escape(key)}"]`);
      if (block) {
        block.scrollIntoView({ block: "center" });
        /** @type {HTMLInputElement | null} */ (block.querySelector("input.imps"))?.focus();
        return;
      }
    }
    settling.set(key, settleValues(line));
    draw(true);
  }

  /** Whether the rounds card lists this match (its round's seating has it, and the round has started). */
  function roundsHasMatch(line) {
    const seating = (ctx.sections().seating || {})[line.item];
    const started = !((ctx.sections().allowed || {})[line.item] || []).includes("publish");
    return Boolean(started && seating && (seating.matches || []).some((m) => m.home === line.home && m.away === line.away));
  }

  function settleForm(line) {
    const key = keyOf(line);
    const values = settling.get(key) || { home: "", away: "" };
    const error = el("div", { class: "error", role: "alert" });
    const input = (side, team) => el("label", { class: "r-field" }, el("span", {}, ctx.S.impsLabel(ctx.teamName(team))),
      el("input", {
        type: "number", class: "field imps", min: "0", step: "1", value: values[side], dataset: { side },
        oninput: (e) => (values[side] = e.currentTarget.value),
      }));
    const form = el("form", { class: "r-cap-settle", autocomplete: "off", novalidate: true, dataset: { role: "settle" } },
      el("b", {}, W.settleTitle(line.title)), el("p", { class: "r-hint" }, W.settleHint),
      el("div", { class: "r-row" }, input("home", line.home), input("away", line.away)),
      el("div", { class: "r-row" },
        el("button", { type: "submit", class: "btn small go" }, W.settleSave),
        el("button", { type: "button", class: "btn small", onclick: () => {
          settling.delete(key);
          draw(true);
        } }, ctx.S.cancel)),
      error);
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const whole = (raw) => (/^\d+$/.test(String(raw).trim()) ? Number(raw) : null);
      const home = whole(values.home);
      const away = whole(values.away);
      if (home === null || away === null) {
        setText(error, ctx.S.impsMissing);
        return;
      }
      const body = { type: "record_result", item: line.item, home: line.home, away: line.away, imps_home: home, imps_away: away };
      const button = /** @type {HTMLButtonElement} */ (form.querySelector("button[type=submit]"));
      if (await ctx.command(body, button, error)) {
        settling.delete(key);
        load();
      }
    });
    return form;
  }

  /** One match's line. */
  function lineOf(line) {
    const details = [];
    if (line.report) details.push(W.reported(ctx.teamName(line.report.team), score(line.report.imps_home, line.report.imps_away)));
    if (line.dispute) details.push(W.disputedBy(ctx.teamName(line.dispute.team), line.dispute.reason));
    if (line.result) details.push(W.result(score(line.result.imps_home, line.result.imps_away)));
    if (line.record_sent !== null) details.push(W.recordSent(when(line.record_sent)));
    const late = [line.late.length ? W.lateReport(line.late.map(ctx.teamName).join(", ")) : "",
      line.record_late ? W.recordLate : ""].filter(Boolean);
    const key = keyOf(line);
    const settleButton = line.state === "disputed" && !settling.has(key) ? el("button", {
      type: "button", class: "btn small go", dataset: { action: "settle" }, onclick: () => settle(line),
    }, W.settle) : null;
    return el("div", { class: `r-cap-line st-cap-${line.state}`, dataset: { item: line.item, home: line.home, away: line.away, state: line.state } },
      el("div", { class: "r-cap-head" },
        el("b", {}, line.title), el("span", { class: "r-cap-teams" }, ctx.S.matchTitle(ctx.teamName(line.home), ctx.teamName(line.away))),
        el("span", { class: `chip r-cap-state is-${line.state}`, dataset: { role: "state" } }, W.states[line.state] || line.state),
        settleButton),
      el("div", { class: "t r-cap-due" }, W.due(when(line.report_due), when(line.record_due))),
      details.map((d) => el("div", { class: "r-cap-detail" }, d)),
      late.length ? el("div", { class: "r-cap-late" }, late.join(" · ")) : null,
      line.proposed.length ? el("ul", { class: "r-cap-proposed" }, line.proposed.map((p) => proposalItem(p, line))) : null,
      settling.has(key) ? settleForm(line) : null);
  }

  let drawn = "";
  function draw(force = false) {
    const audit = (ctx.sections().audit || []).filter((x) => x.type === "penalty_applied");
    const k = JSON.stringify([view, onlyOpen, [...settling.keys()], audit.map((x) => [x.seq, x.undone]),
      ctx.sections().teams, ctx.sections().timetable?.map((i) => i.title)]);
    setText(status, [problem, loadedAt ? W.updated(ctx.fmt().time(loadedAt)) : ""].filter(Boolean).join(" · "));
    if (k === drawn && !force) return;
    drawn = k;
    const counts = view ? countParts(view.counts) : [];
    fill(summary, counts.map(([s, n]) => el("span", { class: `chip r-cap-state is-${s}`, dataset: { count: s } },
      W.count(W.states[s] || s, n))));
    const lines = view ? shownLines(view.matches, onlyOpen) : [];
    fill(list, view && !view.matches.length ? el("p", { class: "r-hint" }, W.empty)
      : view && !lines.length ? el("p", { class: "r-hint" }, W.none) : lines.map(lineOf));
  }

  function render() {
    card.hidden = !coordinatorWanted(ctx.sections().tournament, view);
    if (card.hidden) return;
    if (!view && !loading && !problem) load();
    draw();
  }

  let soon = 0;
  /** A live event that may change the list: asked for again shortly (a burst of events asks once). */
  function onEvent(event) {
    if (!concernsCaptains(event.type)) return;
    clearTimeout(soon);
    soon = setTimeout(load, 300);
  }

  setInterval(() => {
    if (!document.hidden && !card.hidden) load();
  }, REFRESH_MS);
  load();
  return { render, onEvent };
}
