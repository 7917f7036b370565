// @ts-check
// The referee console's desk (docs/rules/desk.md): per player and team what is due, paid and
// still owed, the payment the server proposes in one tap (after a question naming who and how much),
// any other amount or kind in a form, who has not paid yet, a search by name, and the prize fund the
// payments make. Every amount, limit and proposal is the server's (the referee section `desk`); a
// refused payment shows the server's words by its row. Undo is the audit's. The words are STRINGS.desk.
import { el, fill, setText } from "../lib/dom.js";
import { pageLanguage } from "../lib/i18n.js";
import { accountLines, amountToSend, currencyName, deskRows, money, paymentWords, proposalOf } from "./desk-books.js";
/** @import { CardContext } from "../../types/pages" */
/** @import { DeskView } from "../../types/sections" */

/**
 * Draws the desk card into `card`. ctx = {S, sections(), command(body, button, errorBox)}.
 * Returns {render()}, to call whenever the sections change.
 * @param {HTMLElement} card
 * @param {CardContext} ctx
 * @returns {{ render: () => void }}
 */
export function deskCard(card, ctx) {
  const S = ctx.S;
  const D = S.desk;
  const forms = new Map(); // "player:<id>" | "team:<id>" → {open, what, amount, refund, method, note, error, focus}
  const rows = new Map(); // the same key → {node, key}
  const errors = new Map(); // the same key → {text, of}: the refusal of its one-tap payment, while its account is as it was
  let query = "";
  let unpaidOnly = false;

  const title = el("h2", {}, D.title);
  const summary = el("span", { class: "r-hint r-desk-summary", dataset: { role: "desk-summary" } });
  const fund = el("div", { class: "r-desk-fund", dataset: { role: "fund" } });
  const search = el("input", {
    class: "field r-desk-search", type: "search", placeholder: D.search, "aria-label": D.search,
    autocomplete: "off", spellcheck: "false", dataset: { role: "desk-search" },
    oninput: (e) => {
      query = e.currentTarget.value;
      render();
    },
  });
  const unpaidBox = el("input", {
    type: "checkbox", dataset: { role: "desk-unpaid" },
    onchange: (e) => {
      unpaidOnly = e.currentTarget.checked;
      render();
    },
  });
  const unpaidLabel = el("span", {});
  const list = el("div", { class: "r-desk-list", dataset: { role: "desk" } });
  const empty = el("div", { class: "r-hint", hidden: true });
  card.replaceChildren(el("div", { class: "r-card-head" }, title, summary), fund,
    el("div", { class: "r-desk-tools" }, search, el("label", { class: "r-check" }, unpaidBox, unpaidLabel)), list, empty);

  const locale = () => S.locale;
  const desk = () => ctx.sections().desk;
  const cash = (value, opts = {}) => money(value, desk()?.currency, D, { locale: locale(), ...opts });
  const keyOf = (x) => `${x.kind}:${x.id}`;
  const whatName = (what) => D.what[what] || what;
  const methodName = (method) => D.method[method] || method;

  // ---- the prize fund ------------------------------------------------------------------------

  function renderFund(books) {
    const f = books.fund;
    fund.hidden = !f;
    if (!f) return;
    const from = Array.isArray(f.from) ? f.from : [];
    const fromText = D.fundFrom[from.join(",")] || from.map(whatName).join(", ");
    fill(fund,
      el("div", { class: "r-desk-fund-head" }, el("span", {}, D.fundTitle),
        el("b", { class: "num", dataset: { role: "fund-amount" } }, cash(f.amount))),
      el("div", { class: "r-hint" }, [D.fundShare(f.share, cash(f.counted), fromText), D.fundIfAll(cash(f.if_all_paid)),
        D.fundPayments(f.payments)].join(" · ")));
  }

  // ---- one account -----------------------------------------------------------------------------

  function formOf(key) {
    if (!forms.has(key)) forms.set(key, { open: false, error: "" });
    return forms.get(key);
  }

  function rebuild(key) {
    rows.delete(key);
    render();
  }

  /** Open the form: with the proposal in it (a refund, given back with a note), or empty for another payment. */
  function openForm(x, key, proposal = null) {
    const methods = desk()?.methods || [];
    Object.assign(formOf(key), {
      open: true, error: "", focus: true, method: methods[0] || "",
      what: proposal ? proposal.what : x.next?.what ?? x.whats?.[0] ?? "",
      amount: proposal ? String(Math.abs(proposal.amount)) : "", refund: Boolean(proposal?.refund), note: "",
    });
    errors.delete(key);
    rebuild(key);
  }

  /** The question before money is written down: who, how much, for what, how. */
  function question(x, amount, what, method) {
    const words = paymentWords({ amount, what, method, currency: desk()?.currency }, D, locale());
    const sum = `${words.money}\u00a0${words.currencyName}`.trim();
    return (words.refund ? D.confirmRefund : D.confirmTake)(x.name, sum, words.whatName, words.methodName);
  }

  async function takeProposal(x, key, proposal, button, errorBox) {
    const method = desk()?.methods?.[0];
    if (!confirm(question(x, proposal.amount, proposal.what, method))) return;
    const body = { type: "record_payment", [x.kind]: x.id, what: proposal.what, amount: proposal.amount };
    if (method) body.method = method;
    if (await ctx.command(body, button, errorBox)) errors.delete(key);
    else errors.set(key, { text: errorBox.textContent, of: JSON.stringify(x) });
  }

  function accountRow(x) {
    const key = keyOf(x);
    const f = formOf(key);
    if (errors.has(key) && errors.get(key).of !== JSON.stringify(x)) errors.delete(key); // its books have moved on
    const refused = errors.get(key)?.text || "";
    const dataKey = JSON.stringify([x, f.open, refused, desk()?.currency, desk()?.methods]);
    const cached = rows.get(key);
    if (cached && cached.key === dataKey) return cached.node;
    const proposal = proposalOf(x);
    const owed = Number(x.owed);
    // The button names the kind only where the account pays more than one (its lines say which it is).
    const kinds = (x.whats || []).filter((w) => w !== "other").length;
    const tags = [
      x.teamName ? el("span", { class: "r-desk-team" }, x.teamName) : null,
      x.lady ? el("span", { class: "chip r-ro-tag" }, D.lady) : null,
      x.junior ? el("span", { class: "chip r-ro-tag" }, D.junior) : null,
      x.withdrawn ? el("span", { class: "chip r-ro-tag is-withdrawn" }, D.withdrawn) : null,
    ];
    const status = owed > 0
      ? el("span", { class: "chip r-desk-owes", dataset: { role: "owes" } }, D.owes(cash(owed)))
      : proposal?.refund ? el("span", { class: "chip r-desk-back" }, D.giveBack(cash(-proposal.amount)))
        : Number(x.paid) > 0 ? el("span", { class: "chip r-desk-square" }, D.square) : null;
    const lines = accountLines(x).map((line) => {
      const say = D.line[line.what] || D.line.other;
      return el("div", { class: "r-desk-line", dataset: { what: line.what } },
        say({ due: cash(line.due), paid: cash(line.paid), matches: line.matches ?? 0, each: cash(line.each ?? 0) }));
    });
    const error = el("div", { class: "error", role: "alert" }, refused);
    const main = proposal
      ? el("button", {
        type: "button", class: `btn small ${proposal.refund ? "hold" : "go"}`, dataset: { action: proposal.refund ? "refund" : "take" },
        onclick: (e) => (proposal.refund ? openForm(x, key, proposal)
          : takeProposal(x, key, proposal, e.currentTarget, error)),
      }, (proposal.refund ? D.refundOffer : D.take)(cash(Math.abs(proposal.amount)), kinds > 1 ? whatName(proposal.what) : ""))
      : null;
    const other = el("button", {
      type: "button", class: `btn small r-plan-open${f.open ? " is-on" : ""}`, dataset: { action: "other" },
      "aria-expanded": f.open ? "true" : "false",
      onclick: () => {
        if (f.open) {
          forms.delete(key);
          rebuild(key);
        } else openForm(x, key);
      },
    }, D.otherPayment);
    const node = el("div", {
      class: `r-desk-row${x.withdrawn ? " is-withdrawn" : ""}${f.open ? " is-open" : ""}${x.unpaid ? " is-unpaid" : ""}`,
      dataset: { kind: x.kind, id: x.id },
    },
    el("div", { class: "r-desk-who" }, el("b", {}, x.name), el("small", {}, x.id), tags),
    status ? el("div", { class: "r-desk-status" }, status) : el("div", {}),
    el("div", { class: "r-desk-lines" }, lines),
    el("div", { class: "r-desk-actions" }, main, other),
    error);
    if (f.open) node.append(paymentForm(x, key, f));
    rows.set(key, { node, key: dataKey });
    return node;
  }

  // ---- another amount, another kind, a refund -------------------------------------------------

  function paymentForm(x, key, f) {
    const books = /** @type {Partial<DeskView>} */ (desk() || {});
    const error = el("div", { class: "error", role: "alert" }, f.error);
    const hint = el("p", { class: "r-hint r-desk-hint" });
    const field = (label, control, cls = "") => el("label", { class: `r-field ${cls}` }, el("span", {}, label), control);
    const showHint = () => {
      const line = x.lines?.[f.what];
      const parts = [];
      if (line && line.most !== null && line.most !== undefined) parts.push(D.hintMost(cash(line.most)));
      if (line && Number(line.refundable) > 0) parts.push(D.hintBack(cash(line.refundable)));
      setText(hint, parts.join(" · "));
    };
    const what = el("select", {
      class: "field", dataset: { role: "what" },
      onchange: (e) => {
        f.what = e.currentTarget.value;
        showHint();
      },
    }, (x.whats || []).map((w) => el("option", { value: w, selected: w === f.what }, whatName(w))));
    const amount = el("input", {
      class: "field r-desk-amount", type: "text", inputmode: "decimal", value: f.amount ?? "", autocomplete: "off",
      dataset: { role: "amount" },
      oninput: (e) => {
        f.amount = e.currentTarget.value;
      },
    });
    const refund = el("input", {
      type: "checkbox", checked: f.refund, dataset: { role: "refund" },
      onchange: (e) => {
        f.refund = e.currentTarget.checked;
      },
    });
    const method = el("select", {
      class: "field", dataset: { role: "method" },
      onchange: (e) => {
        f.method = e.currentTarget.value;
      },
    }, (books.methods || []).map((m) => el("option", { value: m, selected: m === f.method }, methodName(m))));
    const note = el("input", {
      class: "field", type: "text", value: f.note ?? "", "data-limit": "reason", placeholder: D.notePlaceholder,
      autocomplete: "off", dataset: { role: "note" },
      oninput: (e) => {
        f.note = e.currentTarget.value;
      },
    });
    const send = el("button", { type: "submit", class: "btn small go", dataset: { action: "record" } }, D.send);
    const cancel = el("button", {
      type: "button", class: "btn small",
      onclick: () => {
        forms.delete(key);
        rebuild(key);
      },
    }, D.cancel);
    const form = el("form", { class: "r-plan-form r-desk-form", autocomplete: "off", novalidate: true },
      el("div", { class: "r-row" },
        field(D.whatLabel, what),
        field(D.amountLabel, el("span", { class: "r-amount" }, amount, el("span", { class: "r-unit" }, currencyName(books.currency, D)))),
        field(D.methodLabel, method),
        el("label", { class: "r-check" }, refund, D.refund)),
      hint,
      el("div", { class: "r-row" }, field(D.noteLabel, note, "grow"), send, cancel),
      error);
    showHint();
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const value = amountToSend(f.amount, f.refund);
      if (value === null) {
        f.error = D.needAmount;
        setText(error, f.error);
        return;
      }
      if (!confirm(question(x, value, f.what, f.method))) return;
      const body = { type: "record_payment", [x.kind]: x.id, what: f.what, amount: value };
      if (f.method) body.method = f.method;
      const said = String(f.note ?? "").trim();
      if (said) body.note = said;
      if (await ctx.command(body, send, error)) {
        forms.delete(key);
        rebuild(key);
      } else {
        f.error = error.textContent;
      }
    });
    if (f.focus) {
      f.focus = false;
      requestAnimationFrame(() => (f.refund ? note : amount).focus());
    }
    return form;
  }

  // ---- the list --------------------------------------------------------------------------------

  function render() {
    const sections = ctx.sections();
    const books = sections.desk;
    card.hidden = !books;
    if (!books) return;
    const owing = Array.isArray(books.unpaid) ? books.unpaid.length : 0;
    setText(summary, D.summary(owing, cash(books.owed)));
    setText(unpaidLabel, D.unpaidOnly(owing));
    renderFund(books);
    const shown = deskRows(books, { query, unpaidOnly, lang: pageLanguage, teams: sections.teams });
    const nodes = shown.map(accountRow);
    nodes.forEach((node, i) => {
      if (list.children[i] !== node) list.insertBefore(node, list.children[i] || null);
    });
    while (list.children.length > nodes.length) list.lastElementChild.remove();
    empty.hidden = nodes.length > 0;
    setText(empty, unpaidOnly && !query.trim() ? D.allPaid : D.noMatch);
  }

  return { render };
}
