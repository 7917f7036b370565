// @ts-check
// The referee console's referees: who is signed in on this device, adding a colleague (the server
// answers with a one-time login link and its QR code for their phone), and a new login link for any
// referee (a second device, a session that ended). Links are made by the server; a link's secret is
// in its fragment (#login=…), which no server or proxy log sees. Words: STRINGS.referees.
import { at } from "../lib/base.js";
import { el, fill, setText } from "../lib/dom.js";
import { jsonOf } from "../lib/http.js";
import { sayRefusal } from "./refusal.js";
/** @import { CardContext } from "../../types/pages" */
/** @import { TimeFormat } from "../lib/format.js" */

/**
 * Draws the referees card into `card`. ctx = {S, me(), sections(), command(body, button, errorBox),
 * fmt(), signedOut()}. Returns {render()}, to call whenever the sections change.
 * @param {HTMLElement} card
 * @param {CardContext & { fmt: () => TimeFormat, me: () => ({ name: string, referees?: string[] } | null), displayName: (name: string) => string, signedOut: () => void }} ctx
 * @returns {{ render: () => void }}
 */
export function refereesCard(card, ctx) {
  const R = ctx.S.referees;
  let shown = null; // the link on screen: {name, url, qr, expires, token?}
  const title = el("h2", {}, R.title);
  const you = el("p", { class: "r-hint", dataset: { role: "referee-me" } });
  const list = el("ul", { class: "r-ref-list", dataset: { role: "referees" } });
  const error = el("div", { class: "error", role: "alert" });
  const name = el("input", {
    class: "field", type: "text", "data-limit": "referee_name", placeholder: R.namePlaceholder, autocomplete: "off",
    spellcheck: "false", "aria-label": R.nameLabel, dataset: { role: "new-referee" },
  });
  const add = el("button", { type: "submit", class: "btn small go", dataset: { action: "add-referee" } }, R.add);
  const form = el("form", { class: "r-plan-form", autocomplete: "off", novalidate: true },
    el("div", { class: "r-row" }, el("label", { class: "r-field grow" }, el("span", {}, R.nameLabel), name), add), error);
  const panel = el("div", { class: "r-ref-link", hidden: true, dataset: { role: "login-link" } });
  card.replaceChildren(title, you, list, form, panel);

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const wanted = name.value.trim();
    if (!wanted) {
      setText(error, R.needName);
      return;
    }
    const answer = await ctx.command({ type: "add_referee", name: wanted }, add, error);
    if (answer && answer.login) {
      name.value = "";
      show(answer.login);
    }
  });

  async function linkFor(who, button) {
    button.disabled = true;
    try {
      const response = await fetch(at("/api/login-links"), {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name: who }),
      });
      const data = await jsonOf(response);
      if (response.status === 401) {
        ctx.signedOut();
        return;
      }
      if (!response.ok) {
        setText(error, sayRefusal(response.status, data || { error: response.statusText }, ctx.S));
        return;
      }
      setText(error, "");
      show(data);
    } catch (err) {
      setText(error, ctx.S.unreachable(err.message || String(err)));
    } finally {
      button.disabled = false;
    }
  }

  function show(link) {
    shown = link;
    const who = ctx.displayName(link.name);
    fill(panel, [
      el("h3", {}, R.linkFor(who)),
      el("img", { class: "r-ref-qr", src: link.qr, alt: R.linkFor(who), width: "220", height: "220" }),
      el("p", { class: "r-hint" }, R.linkHelp(who, ctx.fmt().time(link.expires))),
      el("input", {
        class: "field r-ref-url", type: "text", readonly: true, value: link.url, "aria-label": R.link,
        onfocus: (e) => e.currentTarget.select(),
      }),
      link.token ? el("p", { class: "r-hint", dataset: { role: "new-token" } }, R.token(link.token)) : null,
      el("button", {
        type: "button", class: "btn small", onclick: () => {
          shown = null;
          panel.hidden = true;
          fill(panel, []);
        },
      }, R.close),
    ]);
    panel.hidden = false;
    panel.scrollIntoView({ block: "nearest" });
  }

  let listKey = "";
  function render() {
    const me = ctx.me();
    if (!me) return;
    setText(you, R.you(ctx.displayName(me.name)));
    const names = [...new Set([...(me.referees || []), ...(ctx.sections().referees || [])])];
    const key = JSON.stringify(names);
    if (key === listKey) return;
    listKey = key;
    fill(list, names.map((who) => el("li", { dataset: { referee: who } },
      el("span", { class: "r-ref-name" }, ctx.displayName(who)),
      el("button", {
        type: "button", class: "btn small", dataset: { action: "login-link" },
        onclick: (e) => linkFor(who, e.currentTarget),
      }, R.link))));
    if (shown && !names.includes(shown.name)) {
      shown = null; // taken away meanwhile (an undone addition): its link no longer signs in
      panel.hidden = true;
    }
  }

  return { render };
}
