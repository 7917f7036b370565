// @ts-check
// The referee console's appeals to the judges' committee (Čačak): lodge a player's request against a
// referee's decision in a round (with how many requests the player has left, as the server counts
// them; a request beyond the allowed is refused by the server, and its words are shown), the open
// appeals with the committee's decision (upheld or rejected, unanimous or not, and the correction that
// carried it out: a result correction or an undo of that round, picked from the audit or typed as a
// seq), and the decided ones. The server decides what a decision may link. Words: STRINGS.appeals.
// Slovak league (`appeals.by` "team", to the presidium): the team appeals, signed by its captain (a name) or
// by players of its line-up in the match (the server sends each match's line-up and how many must sign);
// no limit, no unanimity (`appeals.unanimity` false), the day the decision is due; and whether the
// standings are provisional (`standings_provisional`).
import { el, fill, setText } from "../lib/dom.js";
import { pageLanguage } from "../lib/i18n.js";
import { appellants, correctionChoices, followRoundInPlay, startedRounds } from "./committee-picks.js";
/** @import { CardContext } from "../../types/pages" */
/** @import { TimeFormat } from "../lib/format.js" */
/** @import { AuditEntry } from "../../types/sections" */

const OTHER = "other";

/**
 * Draws the appeals card into `card`. ctx = {S, sections(), command(body, button, errorBox),
 * playerName(id), itemTitle(id), describe(entry), fmt()}. Returns {render()}.
 * @param {HTMLElement} card
 * @param {CardContext & { playerName: (id: string) => string, itemTitle: (id: string) => string, num: (n: number) => string, describe: (entry: AuditEntry) => string, fmt: () => TimeFormat }} ctx
 * @returns {{ render: () => void }}
 */
export function appealsCard(card, ctx) {
  const A = ctx.S.appeals;
  const lodge = { player: "", item: "", subject: "", captain: "", signed: [] }; // player: the player's or team's id
  const forms = new Map(); // appeal seq → {decision, unanimous, correction, seq, reason, open}
  const count = el("span", { class: "r-hint" });
  const field = (label, control, cls = "") => el("label", { class: `r-field ${cls}` }, el("span", {}, label), control);
  const teamMode = () => view()?.by === "team";
  const teamName = (id) => (ctx.sections().teams || []).find((t) => t.id === id)?.name ?? id;
  const whoName = (x) => (x.team ? teamName(x.team) : ctx.playerName(x.player));

  // ---- lodge --------------------------------------------------------------------------------
  const who = el("select", {
    class: "field", dataset: { role: "appeal-player" },
    onchange: (e) => {
      lodge.player = e.currentTarget.value;
      lodge.signed = [];
      drawLeft();
      drawSigners();
    },
  });
  const round = el("select", {
    class: "field", dataset: { role: "appeal-item" },
    onchange: (e) => {
      lodge.item = e.currentTarget.value;
      lodge.signed = [];
      key = "";
      render();
    },
  });
  const whoLabel = el("span", {}, A.player);
  const captain = el("input", {
    class: "field", type: "text", "data-limit": "name", placeholder: A.captainPlaceholder, autocomplete: "off",
    dataset: { role: "appeal-captain" },
    oninput: (e) => {
      lodge.captain = e.currentTarget.value;
    },
  });
  const signers = el("div", { class: "r-ap-signers", dataset: { role: "appeal-signers" } });
  const signBox = el("div", { class: "r-ap-sign", hidden: true }, field(A.captain, captain), signers);
  const subject = el("input", {
    class: "field", type: "text", "data-limit": "reason", placeholder: A.subjectPlaceholder, autocomplete: "off",
    dataset: { role: "appeal-subject" },
    oninput: (e) => {
      lodge.subject = e.currentTarget.value;
    },
  });
  const left = el("p", { class: "r-hint r-ap-left", dataset: { role: "appeal-left" } });
  const send = el("button", { type: "submit", class: "btn warn", dataset: { action: "appeal" } }, A.send);
  const error = el("div", { class: "error", role: "alert", dataset: { role: "appeal-error" } });
  const form = el("form", { class: "r-form r-ap-form", autocomplete: "off", novalidate: true },
    el("div", { class: "r-row" }, el("label", { class: "r-field grow" }, whoLabel, who), field(A.round, round)),
    left, signBox, field(A.subject, subject),
    el("div", { class: "r-row" }, send, error));
  const none = el("p", { class: "r-hint", hidden: true }, A.noRound);
  const openTitle = el("h3", { class: "r-sa-sub" }, A.open);
  const openList = el("ul", { class: "r-ap-list", dataset: { role: "appeals-open" } });
  const decidedTitle = el("h3", { class: "r-sa-sub" }, A.decided);
  const decidedList = el("ul", { class: "r-pen-list r-ap-list", dataset: { role: "appeals-decided" } });
  const title = el("h2", {}, A.title);
  const provisional = el("p", { class: "r-hint r-ap-provisional", hidden: true, dataset: { role: "appeals-provisional" } });
  card.replaceChildren(el("div", { class: "r-card-head" }, title, count), provisional,
    el("h3", { class: "r-sa-sub" }, A.lodgeTitle), none, form, openTitle, openList, decidedTitle, decidedList);

  const view = () => ctx.sections().appeals;

  /** A team's appeal: the captain's name, or the players of its line-up in the match who sign. */
  function drawSigners() {
    signBox.hidden = !teamMode();
    if (signBox.hidden) return;
    const line = view()?.signers?.[lodge.item]?.[lodge.player];
    if (!line?.line_up) {
      fill(signers, lodge.player ? el("p", { class: "r-hint" }, A.noSheet) : null);
      return;
    }
    fill(signers, el("span", { class: "r-hint" }, A.signers),
      line.line_up.map((id) => el("label", { class: "r-check" }, el("input", {
        type: "checkbox", checked: lodge.signed.includes(id), dataset: { signer: id },
        onchange: (e) => {
          lodge.signed = e.currentTarget.checked ? [...lodge.signed, id] : lodge.signed.filter((x) => x !== id);
        },
      }), ctx.playerName(id))),
      el("p", { class: "r-hint" }, A.signersNeeded(line.needed, line.line_up.length)));
  }

  function drawLeft() {
    const v = view();
    const n = lodge.player && !teamMode() ? v?.left?.[lodge.player] : undefined;
    left.hidden = n === undefined || n === null;
    if (n !== undefined) {
      setText(left, A.left(n, v.allowed));
      left.classList.toggle("r-ap-none", n === 0);
    }
  }

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const said = subject.value.trim();
    if (!lodge.player) return setText(error, teamMode() ? A.needTeam : A.needPlayer);
    if (!said) return setText(error, A.needSubject);
    const v = view();
    if (teamMode()) return lodgeTeam(said);
    const question = A.confirmLodge({
      name: ctx.playerName(lodge.player), item: ctx.itemTitle(lodge.item), subject: said,
      left: v?.left?.[lodge.player] ?? "", allowed: v?.allowed ?? "",
    });
    if (!confirm(question)) return;
    if (await ctx.command({ type: "appeal", player: lodge.player, item: lodge.item, subject: said }, send, error)) {
      lodge.subject = "";
      subject.value = "";
    }
  });

  async function lodgeTeam(said) {
    const named = lodge.captain.trim();
    const line = view()?.signers?.[lodge.item]?.[lodge.player]?.line_up || [];
    const signed = lodge.signed.filter((id) => line.includes(id));
    if (!named && !signed.length) return setText(error, A.needSigners);
    const body = { type: "appeal", team: lodge.player, item: lodge.item, subject: said, ...(named ? { captain: named } : { signed_by: signed }) };
    const question = A.confirmLodgeTeam({
      name: teamName(lodge.player), item: ctx.itemTitle(lodge.item), subject: said,
      signed: named || signed.map((id) => ctx.playerName(id)).join(", "),
    });
    if (!confirm(question)) return;
    if (await ctx.command(body, send, error)) {
      Object.assign(lodge, { subject: "", captain: "", signed: [] });
      subject.value = "";
      captain.value = "";
      drawSigners();
    }
  }

  // ---- decide -------------------------------------------------------------------------------
  const formOf = (seq) => {
    if (!forms.has(seq)) forms.set(seq, { decision: "", unanimous: false, correction: "", seq: "", reason: "", open: false });
    return forms.get(seq);
  };

  function appealHead(x) {
    const number = x.allowed == null ? A.numberNoLimit(x.number) : A.number(x.number, x.allowed);
    const signed = x.captain ? A.signedByCaptain(x.captain)
      : x.signed_by ? A.signedBy(x.signed_by.map((id) => ctx.playerName(id)).join(", ")) : "";
    return el("div", {}, el("b", {}, whoName(x)),
      el("span", { class: "t" }, ` · ${ctx.itemTitle(x.item)} · #${x.seq} · ${number}${signed ? ` · ${signed}` : ""}`));
  }

  function decideForm(x, f) {
    const problem = el("div", { class: "error", role: "alert" });
    const redraw = () => {
      key = "";
      render();
    };
    const choice = (decision, label) => el("button", {
      type: "button", class: `btn small${f.decision === decision ? " is-on" : ""}`, dataset: { decision },
      "aria-pressed": f.decision === decision ? "true" : "false",
      onclick: () => {
        f.decision = decision;
        redraw();
      },
    }, label);
    const unanimous = el("input", {
      type: "checkbox", checked: f.unanimous, dataset: { role: "appeal-unanimous" },
      onchange: (e) => {
        f.unanimous = e.currentTarget.checked;
        redraw();
      },
    });
    const choices = correctionChoices(ctx.sections().audit, x);
    const corrections = el("select", {
      class: "field", dataset: { role: "appeal-correction" },
      onchange: (e) => {
        f.correction = e.currentTarget.value;
        redraw();
      },
    }, el("option", { value: "" }, A.noCorrection),
    choices.map((c) => el("option", { value: String(c.seq), selected: f.correction === String(c.seq) }, `#${c.seq} ${ctx.describe(c)}`)),
    el("option", { value: OTHER, selected: f.correction === OTHER }, A.otherSeq));
    const seqInput = f.correction === OTHER ? el("input", {
      class: "field r-ap-seq", type: "number", min: "1", step: "1", inputmode: "numeric", value: f.seq,
      "aria-label": A.seqLabel, placeholder: "#", dataset: { role: "appeal-correction-seq" },
      oninput: (e) => {
        f.seq = e.currentTarget.value;
      },
    }) : null;
    // The presidium (Slovak §28) decides without a unanimity rule: upheld changes the decision.
    const unanimity = view()?.unanimity !== false;
    const changes = f.decision === "upheld" && (f.unanimous || !unanimity);
    const reason = el("input", {
      class: "field", type: "text", "data-limit": "reason", value: f.reason, autocomplete: "off", dataset: { role: "appeal-reason" },
      oninput: (e) => {
        f.reason = e.currentTarget.value;
      },
    });
    const submit = el("button", { type: "submit", class: "btn go", dataset: { action: "decide-appeal" } }, A.sendDecision);
    const decide = el("form", { class: "r-plan-form r-ap-decide", autocomplete: "off", novalidate: true },
      el("div", { class: "r-plan-bar", role: "group" }, choice("upheld", A.upheld), choice("rejected", A.rejected)),
      unanimity ? el("label", { class: "r-check" }, unanimous, A.unanimous) : null,
      f.decision === "upheld" ? el("div", { class: "r-row" }, field(A.correction, corrections, "grow"), seqInput) : null,
      f.decision === "upheld" ? el("p", { class: "r-hint" }, unanimity ? (changes ? A.changesHint : A.standsHint)
        : A.changesHintPresidium) : null,
      field(A.reason, reason),
      el("div", { class: "r-row" }, submit,
        el("button", { type: "button", class: "btn small", onclick: () => { forms.delete(x.seq); redraw(); } }, A.close)),
      problem);
    decide.addEventListener("submit", async (e) => {
      e.preventDefault();
      if (!f.decision) return setText(problem, A.needDecision);
      /** @type {{ type: string, appeal: number, decision: string, unanimous?: boolean, correction?: number, reason?: string }} */
      const body = { type: "decide_appeal", appeal: x.seq, decision: f.decision, ...(unanimity ? { unanimous: f.unanimous } : {}) };
      const linked = f.decision === "upheld" ? (f.correction === OTHER ? f.seq.trim() : f.correction) : "";
      if (linked) {
        const n = Number(linked);
        if (!Number.isInteger(n) || n < 1) return setText(problem, A.badSeq);
        body.correction = n;
      }
      if (f.reason.trim()) body.reason = f.reason.trim();
      const question = (unanimity ? A.confirmDecide : A.confirmDecidePresidium)({
        name: whoName(x), seq: x.seq, decision: f.decision === "upheld" ? A.upheld : A.rejected,
        unanimous: f.unanimous, correction: body.correction ?? "",
      });
      if (!confirm(question)) return;
      if (await ctx.command(body, submit, problem)) forms.delete(x.seq);
    });
    return decide;
  }

  function drawOpen(v) {
    fill(openList, v.open.length ? [...v.open].reverse().map((x) => {
      const f = formOf(x.seq);
      return el("li", { class: "r-ap-row", dataset: { appeal: x.seq } }, appealHead(x),
        el("div", { class: "r-ap-subject" }, A.quoted(x.subject)),
        el("div", { class: "t" }, A.lodgedAt(ctx.fmt().time(x.ts)), x.due ? ` · ${A.due(ctx.fmt().date(x.due))}` : ""),
        f.open ? decideForm(x, f) : el("button", {
          type: "button", class: "btn small", dataset: { action: "open-decision" },
          onclick: () => {
            f.open = true;
            key = "";
            render();
          },
        }, v.to === "presidium" ? A.decidePresidium : A.decide));
    }) : el("li", { class: "t" }, A.noneOpen));
  }

  function drawDecided(v) {
    decidedTitle.hidden = !v.decided.length;
    fill(decidedList, [...v.decided].reverse().map((x) => {
      const d = x.decision;
      return el("li", { dataset: { appeal: x.seq } }, appealHead(x),
        el("div", { class: "t" }, A.quoted(x.subject)),
        el("div", {}, (v.unanimity === false ? A.outcomePresidium : A.outcome)({
          decision: d.decision, unanimous: d.unanimous, outcome: d.outcome, correction: d.correction ?? "",
        })),
        d.reason ? el("div", { class: "t" }, d.reason) : null);
    }));
  }

  let key = "";
  /** Draw the card again from the sections (a form being filled in keeps what is typed). */
  function render() {
    const sections = ctx.sections();
    const v = sections.appeals;
    card.hidden = !v;
    if (!v) return;
    const started = startedRounds(sections);
    // The round in play (the server's), or the one picked in the form until the next round starts.
    followRoundInPlay(lodge, sections, started.map((i) => i.id));
    lodge.item ??= "";
    // Who appeals: a player (with the requests left), or a team with a match in the round (Slovak §28.3).
    const players = appellants(sections, lodge.item, pageLanguage);
    const pv = sections.standings_provisional;
    provisional.hidden = !pv;
    if (pv) {
      const where = pv.matches?.length ? pv.matches.map((m) => `${ctx.itemTitle(m.item)} ${teamName(m.home)} – ${teamName(m.away)}`)
        : (pv.items || []).map((id) => ctx.itemTitle(id));
      setText(provisional, A.provisional(where.join(", ")));
    }
    if (!players.some((p) => p.id === lodge.player)) lodge.player = "";
    none.hidden = started.length > 0;
    form.hidden = !started.length;
    // An open decision form offers the audit's corrections: drawn again only when those change.
    const offered = v.open.filter((x) => forms.get(x.seq)?.open).map((x) => correctionChoices(sections.audit, x).map((c) => c.seq));
    const k = JSON.stringify([v, lodge.item, started.map((i) => [i.id, i.title]), players.map((p) => [p.id, p.name]), offered]);
    if (k === key) return;
    key = k;
    setText(count, v.open.length ? A.openCount(v.open.length) : "");
    setText(title, v.to === "presidium" ? A.titlePresidium : A.title);
    setText(whoLabel, v.by === "team" ? A.team : A.player);
    fill(who, el("option", { value: "" }, v.by === "team" ? A.chooseTeam : A.choose),
      players.map((p) => el("option", { value: p.id, selected: p.id === lodge.player },
        v.by === "team" ? p.name : A.option(p.name, v.left[p.id]))));
    fill(round, started.map((i) => el("option", { value: i.id, selected: i.id === lodge.item }, i.title)));
    drawLeft();
    drawSigners();
    for (const seq of forms.keys()) if (!v.open.some((x) => x.seq === seq)) forms.delete(seq);
    drawOpen(v);
    drawDecided(v);
  }

  return { render };
}
