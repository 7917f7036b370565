// @ts-check
// The desk's books as the console reads them: the server's `desk` section (live/commands/desk.py referee_view)
// sorted and filtered for the list, each account's lines and proposal in the words of the page, and a
// payment as the audit names it. Pure (no DOM, no state): every amount, limit and proposal is the
// server's; this module only orders, picks and formats them.
import { formatNumber } from "../lib/format.js";
import { byName } from "../lib/name-order.js";
import { matchesQuery } from "../lib/roster.js";
/** @import { Account, AccountLine, DeskView, Payment, TeamLine } from "../../types/sections" */

const OTHER = "other";

/**
 * How the page writes a currency: the catalogue's word for its code ("дин."), else the code itself.
 * @param {string | undefined} code
 * @param {Record<string, any>} D
 * @returns {string}
 */
export function currencyName(code, D) {
  return (D && D.currency && D.currency[code]) || code || "";
}

/**
 * An amount of money as the page writes it: "61.600 дин.", "−2,000 RSD" (`signed`: "+4.000"), up to
 * cents, thousands grouped as the locale groups them.
 * @param {number} value
 * @param {string | undefined} code
 * @param {Record<string, any>} D
 * @param {{ locale?: string, signed?: boolean }} [options]
 * @returns {string}
 */
export function money(value, code, D, { locale = "en-GB", signed = false } = {}) {
  const shown = formatNumber(value, { max: 2, signed, locale, grouping: true });
  const unit = currencyName(code, D);
  return unit ? `${shown}\u00a0${unit}` : shown;
}

/** Whether an account is on the server's list of who has not paid. */
function unpaidKeys(desk) {
  return new Set((Array.isArray(desk?.unpaid) ? desk.unpaid : []).map((x) => `${x.kind}:${x.id}`));
}

/**
 * The desk's list as the console shows it: teams first, then players, each by name as a page in `lang`
 * shows it (lib/name-order.js), the withdrawn last; only those the server lists as not paid with
 * `unpaidOnly`; only those whose name, id or team matches `query` (any script: "djordj" finds
 * "Ђорђевић"). Each row is the server's account
 * with `unpaid` (on the server's list) and `teamName` added.
 * @param {DeskView | null | undefined} desk
 * @param {{ query?: string, unpaidOnly?: boolean, lang?: string, teams?: TeamLine[] }} [options]
 * @returns {(Account & { unpaid: boolean, teamName: string })[]}
 */
export function deskRows(desk, { query = "", unpaidOnly = false, lang = "en", teams = [] } = {}) {
  const accounts = Array.isArray(desk?.accounts) ? desk.accounts : [];
  const owing = unpaidKeys(desk);
  const teamNames = new Map((Array.isArray(teams) ? teams : []).map((t) => [t.id, t.name]));
  const byNameThenId = byName(lang);
  const order = (x) => (x.kind === "team" ? 0 : 1);
  return accounts
    .map((x) => ({ ...x, unpaid: owing.has(`${x.kind}:${x.id}`), teamName: x.team ? teamNames.get(x.team) ?? x.team : "" }))
    .filter((x) => !unpaidOnly || x.unpaid)
    .filter((x) => !String(query).trim() || matchesQuery(`${x.name} ${x.id} ${x.teamName}`, query))
    .sort((a, b) => order(a) - order(b) || Number(a.withdrawn) - Number(b.withdrawn) || byNameThenId(a, b));
}

/**
 * An account's kinds of payment as its row lists them, in the server's order: every kind the desk may
 * offer it (`whats`) but `other`, and `other` only once something was paid as `other`. Each is the
 * server's line ({due, paid, owed, most, refundable; matches, each for match fees}) with its `what`.
 * @param {Account} account
 * @returns {(AccountLine & { what: string })[]}
 */
export function accountLines(account) {
  const lines = account?.lines && typeof account.lines === "object" ? account.lines : {};
  const offered = new Set(Array.isArray(account?.whats) ? account.whats : []);
  return Object.entries(lines)
    .filter(([what, line]) => (what === OTHER ? Number(line.paid) !== 0 : offered.has(what) || Number(line.paid) !== 0
      || Number(line.due) !== 0))
    .map(([what, line]) => ({ what, ...line }));
}

/**
 * What the row's main button does: the server's proposed payment (`next`) as {what, amount, refund},
 * `refund` when it gives money back (a negative amount); null when nothing is proposed.
 * @param {Account} account
 * @returns {{ what: string, amount: number, refund: boolean } | null}
 */
export function proposalOf(account) {
  const next = account?.next;
  if (!next || !Number.isFinite(Number(next.amount)) || Number(next.amount) === 0) return null;
  const amount = Number(next.amount);
  return { what: next.what, amount, refund: amount < 0 };
}

/**
 * The amount a form sends: the typed number, negative when the referee said it is given back (a phone's
 * number keyboard may have no minus sign); null when nothing usable is typed (the server judges the rest).
 * @param {string | null | undefined} typed
 * @param {boolean} refund
 * @returns {number | null}
 */
export function amountToSend(typed, refund) {
  const text = String(typed ?? "").trim().replace(",", ".").replace(/^[\u2212]/, "-");
  if (!text) return null;
  const n = Number(text);
  if (!Number.isFinite(n)) return null;
  return refund ? -Math.abs(n) : n;
}

/**
 * The words a payment's audit line and question need beside its payload: the amount without its sign
 * (`money`), whether it is a refund, the currency, the kind and the method in the page's language.
 * @param {Partial<Payment>} payload
 * @param {Record<string, any>} D
 * @param {string} [locale]
 * @returns {{ money: string, refund: boolean, currencyName: string, whatName: string, methodName: string }}
 */
export function paymentWords(payload, D, locale = "en-GB") {
  const amount = Number(payload?.amount);
  return {
    money: formatNumber(Math.abs(amount), { max: 2, locale, grouping: true }),
    refund: amount < 0,
    currencyName: currencyName(payload?.currency, D),
    whatName: (D && D.what && D.what[payload?.what]) || payload?.what || "",
    methodName: (D && D.method && D.method[payload?.method]) || payload?.method || "",
  };
}
