// @ts-check
// The console's team sheets (bridge): for a match of the round being played or the next, each team's
// line-up of every part picked from its roster, the substitutions during a part, the boards every
// player has played, the roster's bounds and replacement, and the Novi Sad individual ranking. All of
// it is the server's `lineups` section (live/commands/lineups.py `referee_view`): which parts may still change,
// who sits a part out, the referee's substitute's boards left, the sheet a roster of exactly as many
// players as seats leaves no choice in (one tap); a refusal is the server's sentence.
// The words are STRINGS.sheets of the console's catalogue; the arithmetic is in sheet-model.js.
import { el, fill } from "../lib/dom.js";
import { draftFrom, sheetCommand, sheetMatches, toggled } from "./sheet-model.js";
/** @import { CardContext } from "../../types/pages" */

/**
 * Draws the team sheets card into `card`. ctx = {S, sections(), command(body, button, errorBox),
 * itemTitle(id), teamName(id), playerName(id), num(v, opts)}. Returns {render()}, for every snapshot.
 * @param {HTMLElement} card
 * @param {CardContext & { itemTitle: (id: string) => string, teamName: (id: string) => string, playerName: (id: string) => string, num: (v: number, options?: { min?: number, max?: number, signed?: boolean }) => string }} ctx
 * @returns {{ render: () => void }}
 */
export function sheetsCard(card, ctx) {
  const W = ctx.S.sheets;
  const drafts = new Map(); // "item/team" → {base: the sheet's JSON it started from, draft: [[ids] per part]}
  const errors = new Map(); // "item/team" → the last refusal or problem, kept across redraws
  const sub = { part: "", out: "", boards: "", kind: "", name: "", member: "" };
  let item = null;
  let team = null;
  let picked = false; // the referee chose a match: keep it
  let rankingOpen = false; // the ranking's <details>, open across redraws
  let key = "";

  const title = el("h2", {}, W.title);
  const matchSelect = el("select", {
    class: "field r-sh-match", "aria-label": W.match, dataset: { role: "sheet-match" },
    onchange: (e) => {
      item = e.currentTarget.value;
      picked = true;
      team = null;
      render();
    },
  });
  const body = el("div", { class: "r-sh-body" });
  card.replaceChildren(el("div", { class: "r-card-head" }, title, matchSelect), body);

  const draftOf = (m, t, id) => {
    const k = `${item}/${id}`;
    const base = JSON.stringify(t.sheet);
    if (!drafts.has(k) || drafts.get(k).base !== base) drafts.set(k, { base, draft: draftFrom(t, m.parts) });
    return drafts.get(k);
  };
  const redraw = () => {
    key = "";
    render();
  };

  function render() {
    const sections = ctx.sections();
    const lineups = sections.lineups;
    card.hidden = !lineups || !lineups.matches;
    if (card.hidden) return;
    const { order, first } = sheetMatches(sections);
    if (!picked || !order.includes(item)) item = first;
    const m = item ? lineups.matches[item] : null;
    const teamIds = m ? Object.keys(m.teams) : [];
    if (!teamIds.includes(team)) team = teamIds[0] || null;
    const draft = m && team ? draftOf(m, m.teams[team], team) : null;
    const now = JSON.stringify([lineups, order, item, team, draft && draft.draft, sub, errors.get(`${item}/${team}`),
      (sections.teams || []).map((t) => t.name), (sections.timetable || []).map((i) => i.title)]);
    if (now === key) return;
    key = now;
    fill(matchSelect, order.map((id) => el("option", { value: id, selected: id === item }, ctx.itemTitle(id))));
    matchSelect.hidden = order.length < 2;
    if (!m) {
      fill(body, el("p", { class: "r-hint" }, W.noMatches));
      return;
    }
    fill(body,
      el("p", { class: "r-hint r-sh-state", dataset: { role: "sheet-state" } }, W.matchState(m.begun, m.parts, m.part_boards)),
      teamTabs(m, teamIds),
      team ? teamBlock(lineups, m, team, draft) : null,
      ranking(lineups.individual));
  }

  // ---- the teams of the match --------------------------------------------------------------------

  function teamTabs(m, ids) {
    const tab = (id) => {
      const t = m.teams[id];
      const handed = t.sheet ? t.sheet.parts.length : 0;
      return el("button", {
        type: "button", class: `r-tab${id === team ? " is-on" : ""}${handed === m.parts ? " is-done" : ""}`,
        "aria-pressed": id === team ? "true" : "false", dataset: { team: id },
        onclick: () => {
          team = id;
          render();
        },
      }, el("span", {}, ctx.teamName(id)), el("small", {}, t.forfeited ? W.forfeited : W.handed(handed, m.parts)));
    };
    const pairs = [];
    for (let k = 0; k < ids.length; k += 2) {
      pairs.push(el("div", { class: "r-sh-pair" }, tab(ids[k]), ids[k + 1] ? el("span", { class: "r-sh-dash" }, "–") : null,
        ids[k + 1] ? tab(ids[k + 1]) : null));
    }
    return el("div", { class: "r-tabs r-sh-teams" }, pairs);
  }

  function teamBlock(lineups, m, id, entry) {
    const t = m.teams[id];
    const roster = lineups.rosters?.[id] || { members: [] };
    const errorKey = `${item}/${id}`;
    const error = el("div", { class: "error", role: "alert", dataset: { role: "sheet-error" } }, errors.get(errorKey) || "");
    if (t.forfeited) {
      return el("div", { class: "r-sh-team", dataset: { team: id } }, el("p", { class: "r-hint" }, W.forfeitedLine), boardsTable(lineups, id, roster));
    }
    const send = async (button, added) => {
      const made = sheetCommand(item, id, entry.draft, lineups.size, t.sheet?.substitutions || [], added);
      if (made.problem) {
        errors.set(errorKey, W.problem[made.problem](made.part, lineups.size));
        return redraw();
      }
      const ok = await ctx.command(made.body, button, error);
      errors.set(errorKey, ok ? "" : error.textContent);
      if (ok && added) Object.assign(sub, { out: "", boards: "", name: "", member: "" });
      return redraw();
    };
    const dirty = JSON.stringify(entry.draft.filter((p) => p.length)) !== JSON.stringify(t.sheet?.parts || []);
    const save = el("button", { type: "button", class: "btn go", dataset: { action: "save-sheet" }, disabled: !dirty,
      onclick: (e) => send(e.currentTarget, null) }, W.save);
    return el("div", { class: "r-sh-team", dataset: { team: id } },
      rosterLine(roster),
      forcedLine(t, id, error),
      m.part_boards.map((boards, k) => partEditor(lineups, m, t, roster, entry, k, boards)),
      el("div", { class: "r-row r-sh-save" }, save, el("span", { class: "r-hint" }, W.saveNote)),
      substitutions(m, t, roster, entry, send, lineups.substitution_kinds),
      error,
      boardsTable(lineups, id, roster));
  }

  /** The sheet the roster leaves no choice in (the server's `forced`): one tap enters it for every part. */
  function forcedLine(t, id, error) {
    if (!Array.isArray(t.forced)) return null;
    const body = { type: "lineup", item, team: id, parts: t.forced.map((p) => [...p]) };
    const recorded = t.sheet?.substitutions || [];
    if (recorded.length) body.substitutions = recorded.map((x) => ({ ...x }));
    const button = el("button", {
      type: "button", class: "btn go", dataset: { action: "forced-sheet" },
      onclick: async (e) => {
        const ok = await ctx.command(body, e.currentTarget, error);
        errors.set(`${item}/${id}`, ok ? "" : error.textContent);
        redraw();
      },
    }, W.forced(t.forced[0].map(ctx.playerName).join(", ")));
    return el("div", { class: "r-row r-sh-forced", dataset: { role: "forced-sheet" } }, button,
      el("span", { class: "r-hint" }, W.forcedNote));
  }

  function rosterLine(roster) {
    const active = roster.current ?? roster.members.filter((x) => !x.withdrawn).length;
    const bits = [W.members(active)];
    // Under the roster's minimum (Slovak §17.1), as the server says: the team is given no line-up.
    if (roster.incomplete) bits.unshift(W.incomplete(roster.min));
    if (roster.min != null || roster.max != null) bits.push(W.bounds({ min: roster.min, max: roster.max }));
    if (roster.room === true) bits.push(W.room);
    else if (roster.room === false) bits.push(W.noRoom);
    const r = roster.replacement;
    if (r) {
      if (!r.after_half) bits.push(W.extendUntil(r.played, r.matches));
      else if (r.open) bits.push(W.replaceOpen(r.allowed - r.used, r.average == null ? "" : ctx.num(r.average, { max: 2 })));
      else bits.push(W.replaceUsed);
    }
    return el("p", { class: `r-hint r-sh-roster${roster.incomplete ? " r-sh-incomplete" : ""}`, dataset: { role: "sheet-roster" } },
      bits.join(" · "));
  }

  // ---- the line-up of a part -----------------------------------------------------------------------

  function partEditor(lineups, m, t, roster, entry, k, boards) {
    const part = k + 1;
    const open = t.changeable.includes(part);
    const begun = part <= m.begun;
    const barred = new Set(t.barred[String(part)] || []);
    const chosen = new Set(entry.draft[k]);
    const ids = roster.members.map((x) => x.player);
    const full = chosen.size >= lineups.size;
    const chips = roster.members.filter((x) => !x.withdrawn || chosen.has(x.player)).map((x) => {
      const on = chosen.has(x.player);
      const off = !open || (!on && (full || barred.has(x.player) || x.withdrawn));
      return el("button", {
        type: "button", class: `r-sh-chip${on ? " is-on" : ""}${barred.has(x.player) ? " is-barred" : ""}`,
        "aria-pressed": on ? "true" : "false", disabled: off, dataset: { player: x.player },
        title: barred.has(x.player) ? W.barred : null,
        onclick: () => {
          entry.draft = toggled(entry.draft, k, x.player, ids);
          errors.delete(`${item}/${team}`);
          render();
        },
      }, el("span", {}, x.name), barred.has(x.player) ? el("small", {}, W.sitsOut) : null);
    });
    const counts = t.line_ups[k];
    const continues = !entry.draft[k].length && counts && begun
      ? el("p", { class: "r-hint" }, W.continues(counts.map(ctx.playerName).join(", "))) : null;
    const status = !open ? W.fixed : begun ? W.begunOpen : W.open;
    return el("div", { class: `r-sh-part${open ? "" : " is-fixed"}`, dataset: { part } },
      el("div", { class: "r-sh-part-head" },
        el("b", {}, W.partTitle(part, boards, m.parts)),
        el("span", { class: `chip${begun ? " st-running" : ""}` }, status),
        el("span", { class: "r-sum" }, W.count(chosen.size, lineups.size))),
      el("div", { class: "r-sh-chips" }, chips), continues);
  }

  // ---- substitutions during a part -----------------------------------------------------------------

  /** `allowed`: who may come in during a part under the tournament's rules, as the server says (`substitute`, `member`). */
  function substitutions(m, t, roster, entry, send, allowed = []) {
    const recorded = t.sheet?.substitutions || [];
    const list = recorded.length
      ? el("ul", { class: "r-sh-subs", dataset: { role: "substitutions" } }, recorded.map((x) => el("li", {}, subWords(x))))
      : null;
    const left = t.substitute_boards_left;
    const leftLine = left === null || left === undefined ? null
      : el("p", { class: "r-hint", dataset: { role: "substitute-left" } }, W.substituteLeft(left));
    const parts = m.part_boards.map((_, k) => k + 1).filter((p) => p <= m.begun && entry.draft[p - 1].length);
    const words = { substitute: W.kindSubstitute, member: W.kindMember };
    const kinds = (allowed || []).filter((k) => words[k]).map((k) => [k, words[k]]);
    if (!parts.length || !kinds.length) return el("div", { class: "r-sh-subs-box" }, list, leftLine);
    if (!parts.includes(Number(sub.part))) sub.part = String(parts[parts.length - 1]);
    const part = Number(sub.part);
    const atTable = entry.draft[part - 1];
    if (!atTable.includes(sub.out)) sub.out = atTable[0] || "";
    if (!kinds.some(([k]) => k === sub.kind)) sub.kind = kinds[0][0];
    const field = (label, control, cls = "") => el("label", { class: `r-field ${cls}` }, el("span", {}, label), control);
    const select = (prop, options, role) => el("select", {
      class: "field", dataset: { role },
      onchange: (e) => {
        sub[prop] = e.currentTarget.value;
        render();
      },
    }, options.map(([value, label]) => el("option", { value, selected: String(sub[prop]) === String(value) }, label)));
    const bench = roster.members.filter((x) => !x.withdrawn && !atTable.includes(x.player));
    if (sub.kind === "member" && !bench.some((x) => x.player === sub.member)) sub.member = bench[0]?.player || "";
    const who = sub.kind === "substitute"
      ? field(W.substituteName, el("input", {
        class: "field", type: "text", value: sub.name, "data-limit": "name", autocomplete: "off", spellcheck: "false",
        dataset: { role: "substitute-name" }, oninput: (e) => (sub.name = e.currentTarget.value),
      }), "grow")
      : field(W.memberIn, select("member", bench.map((x) => [x.player, x.name]), "sub-in"), "grow");
    const boards = el("input", {
      class: "field r-sh-boards", type: "number", min: "1", step: "1", inputmode: "numeric", value: sub.boards,
      dataset: { role: "sub-boards" }, oninput: (e) => (sub.boards = e.currentTarget.value),
    });
    const record = el("button", {
      type: "button", class: "btn small warn", dataset: { action: "record-substitution" },
      onclick: (e) => {
        const count = Number(sub.boards);
        const fail = (words) => {
          errors.set(`${item}/${team}`, words);
          redraw();
        };
        if (!Number.isInteger(count) || count < 1) return fail(W.needBoards);
        const added = { part, out: sub.out, boards: count };
        if (sub.kind === "substitute") {
          if (!sub.name.trim()) return fail(W.needName);
          added.substitute = sub.name.trim();
        } else {
          if (!sub.member) return fail(W.needMember);
          added.in = sub.member;
        }
        return send(e.currentTarget, added);
      },
    }, W.record);
    const form = el("div", { class: "r-plan-form r-sh-sub-form", dataset: { role: "substitution-form" } },
      el("h3", {}, W.subTitle),
      el("div", { class: "r-row" },
        parts.length > 1 ? field(W.part, select("part", parts.map((p) => [p, W.partShort(p)]), "sub-part")) : null,
        field(W.out, select("out", atTable.map((id) => [id, ctx.playerName(id)]), "sub-out"), "grow"),
        field(W.boards, boards)),
      el("div", { class: "r-row" }, kinds.length > 1 ? field(W.kind, select("kind", kinds, "sub-kind")) : null, who),
      el("div", { class: "r-row" }, record, el("span", { class: "r-hint" }, W.subNote(part))));
    return el("div", { class: "r-sh-subs-box" }, list, leftLine, form);
  }

  function subWords(x) {
    const A = W.audit;
    const name = ctx.playerName;
    return x.in ? A.member({ part: x.part, out: name(x.out), in: name(x.in), boards: x.boards })
      : A.substitute({ part: x.part, out: name(x.out), in: x.substitute, boards: x.boards });
  }

  // ---- boards played and the individual ranking ------------------------------------------------------

  function boardsTable(lineups, id, roster) {
    const share = lineups.individual?.teams?.find((x) => x.team === id) || null;
    const rated = roster.members.some((x) => x.rating != null); // no column of blanks where nobody is rated
    const rows = roster.members.map((x) => {
      const own = share?.players?.find((p) => p.player === x.player);
      const boards = lineups.boards?.[x.player]?.total ?? x.boards ?? 0;
      return el("tr", { class: x.withdrawn ? "is-withdrawn" : "", dataset: { player: x.player } },
        el("td", {}, x.name, x.withdrawn ? el("small", {}, ` · ${W.withdrawn}`) : null),
        rated ? el("td", { class: "num" }, x.rating == null ? "" : ctx.num(x.rating, { max: 1 })) : null,
        el("td", { class: "num", dataset: { role: "boards" } }, ctx.num(boards)),
        share ? el("td", { class: "num" }, own ? W.percent(ctx.num(own.percent, { max: 1 })) : "") : null,
        share ? el("td", { class: own?.eligible ? "r-sh-ok" : "" }, own ? (own.eligible ? W.eligible : W.stillNeeded(own.still_needed)) : "") : null);
    });
    return el("div", { class: "r-sh-boards-box" },
      el("h3", {}, W.boardsTitle),
      share ? el("p", { class: "r-hint" }, W.needed(share.needed, share.boards, lineups.individual.percent)) : null,
      el("div", { class: "r-sh-wrap" }, el("table", { class: "r-table r-sh-table", dataset: { role: "boards-table" } },
        el("thead", {}, el("tr", {}, el("th", {}, W.player), rated ? el("th", { class: "num" }, W.rating) : null, el("th", { class: "num" }, W.boardsCol),
          share ? el("th", { class: "num" }, W.share) : null, share ? el("th", {}, W.status) : null)),
        el("tbody", {}, rows))));
  }

  function ranking(individual) {
    if (!individual) return null;
    const rows = individual.ranking.map((r) => el("tr", {},
      el("td", { class: "rank" }, `${r.rank}.`), el("td", {}, r.name, el("small", {}, ` · ${r.team_name}`)),
      el("td", { class: "num" }, ctx.num(r.boards)), el("td", { class: "num" }, W.percent(ctx.num(r.percent, { max: 1 })))));
    return el("details", {
      class: "r-plan-add r-sh-ranking", dataset: { role: "individual" }, open: rankingOpen,
      ontoggle: (e) => (rankingOpen = e.currentTarget.open),
    },
      el("summary", {}, W.rankingTitle(individual.ranking.length)),
      el("p", { class: "r-hint" }, W.rankingNote(individual.percent)),
      rows.length ? el("div", { class: "r-sh-wrap" }, el("table", { class: "r-table" }, el("tbody", {}, rows)))
        : el("p", { class: "r-hint" }, W.rankingEmpty));
  }

  return { render };
}
