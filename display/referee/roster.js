// @ts-check
// The referee console's roster on the day: register a walk-in, rename a player (or a bridge team),
// withdraw a player with a reason, register a team; a bridge player's club rating, and the Novi Sad
// replacement after half of the matches where the team sheets' rosters say one may be made now. The
// server decides who may still join and from which round a walk-in is seated; the list shows what it
// says ("from Round 2", withdrawn). Where the rules have substitutes (Slovak §27.1; the server says so,
// substitute-flag.js), register and edit carry the `substitute` flag, and the list tags who is one.
// The words are STRINGS.roster of the console's catalogue.
import { el, fill, setText } from "../lib/dom.js";
import { formatNumber } from "../lib/format.js";
import { pageLanguage } from "../lib/i18n.js";
import { matchesQuery, rosterModel } from "../lib/roster.js";
import { isSubstitute, substituteField, substitutesOffered } from "./substitute-flag.js";
/** @import { CardContext } from "../../types/pages" */

/**
 * Draws the roster card into `card`. ctx = {S, sections(), command(body, button, errorBox)}.
 * Returns {render()}, to call whenever the sections change.
 * @param {HTMLElement} card
 * @param {CardContext} ctx
 * @returns {{ render: () => void }}
 */
export function rosterCard(card, ctx) {
  const R = ctx.S.roster;
  const forms = new Map(); // "p:<id>" | "t:<id>" → {mode: "" | "rename" | "withdraw", name, lady, reason, error}
  const rows = new Map(); // the same key → {node, key}
  const add = { name: "", lady: false, substitute: false, team: "", rating: "", replaces: "", error: "" };
  const addTeam = { name: "", error: "" };
  let query = "";
  // Bridge: a player's club rating (the sections' players), and a team's roster as the team sheets see it
  // (`lineups.rosters`: whether a replacement may be made now, and against which average).
  const ratingOf = (id) => (ctx.sections().players || []).find((x) => x.id === id)?.rating ?? null;
  const rosterOf = (team) => ctx.sections().lineups?.rosters?.[team] || null;
  const offered = () => substitutesOffered(ctx.sections());
  const substituteBox = (state, role) => el("label", { class: "r-check" }, el("input", {
    type: "checkbox", checked: Boolean(state.substitute), dataset: { role },
    onchange: (e) => (state.substitute = e.currentTarget.checked),
  }), R.substitute);
  const numberOrNull = (text) => (String(text ?? "").trim() === "" ? null : Number(text));

  const title = el("h2", {}, R.title);
  const summary = el("span", { class: "r-hint r-ro-summary" });
  const addBox = el("div", { class: "r-ro-add" });
  const teamBox = el("div", { class: "r-ro-add" });
  const filter = el("input", {
    class: "field r-ro-filter", type: "search", placeholder: R.filterPlaceholder, "aria-label": R.filterPlaceholder,
    autocomplete: "off", spellcheck: "false", dataset: { role: "roster-filter" },
    oninput: (e) => {
      query = e.currentTarget.value;
      render();
    },
  });
  const list = el("div", { class: "r-ro-list", dataset: { role: "roster" } });
  const empty = el("div", { class: "r-hint", hidden: true });
  card.replaceChildren(el("div", { class: "r-card-head" }, title, summary), addBox, teamBox, filter, list, empty);

  const formOf = (key) => {
    if (!forms.has(key)) forms.set(key, { mode: "", error: "" });
    return forms.get(key);
  };
  const field = (label, control, cls = "") => el("label", { class: `r-field ${cls}` }, el("span", {}, label), control);
  const textInput = (state, prop, attrs) => el("input", {
    class: "field", type: "text", value: state[prop] ?? "", autocomplete: "off", spellcheck: "false", ...attrs,
    oninput: (e) => {
      state[prop] = e.currentTarget.value;
    },
  });

  // ---- register a walk-in (and, in a bridge league, a team) ----------------------------------

  let addKey = "";
  function renderAdd(model) {
    const chosen = model.bridge && add.team ? rosterOf(add.team) : null;
    const replacement = chosen?.replacement?.open ? chosen : null; // Novi Sad after half: replace, not extend
    const key = JSON.stringify([model.bridge, model.teams.map((t) => [t.id, t.name]), add.team, replacement, offered()]);
    if (key === addKey) return;
    addKey = key;
    const error = el("div", { class: "error", role: "alert" }, add.error);
    const name = textInput(add, "name", { "data-limit": "name", placeholder: R.namePlaceholder, dataset: { role: "walk-in-name" } });
    const lady = el("input", {
      type: "checkbox", checked: add.lady, dataset: { role: "walk-in-lady" },
      onchange: (e) => {
        add.lady = e.currentTarget.checked;
      },
    });
    const team = model.bridge ? el("select", {
      class: "field", dataset: { role: "walk-in-team" },
      onchange: (e) => {
        add.team = e.currentTarget.value;
        renderAdd(model); // the chosen team says whether a replacement is asked for
      },
    }, el("option", { value: "" }, R.chooseTeam), model.teams.map((t) => el("option", { value: t.id, selected: t.id === add.team }, t.name)))
      : null;
    const rating = model.bridge ? el("input", {
      class: "field r-ro-rating", type: "number", min: "0", step: "any", inputmode: "decimal", value: add.rating,
      dataset: { role: "walk-in-rating" }, oninput: (e) => (add.rating = e.currentTarget.value),
    }) : null;
    const leaving = replacement ? replacement.members.filter((x) => !x.withdrawn) : [];
    if (replacement && !leaving.some((x) => x.player === add.replaces)) add.replaces = "";
    const replaces = replacement ? el("select", {
      class: "field", dataset: { role: "walk-in-replaces" }, onchange: (e) => (add.replaces = e.currentTarget.value),
    }, el("option", { value: "" }, R.chooseReplaced), leaving.map((x) => el("option", { value: x.player, selected: x.player === add.replaces }, x.name)))
      : null;
    const send = el("button", { type: "submit", class: "btn small go", dataset: { action: "register" } }, R.register);
    const form = el("form", { class: "r-plan-form", autocomplete: "off", novalidate: true },
      el("div", { class: "r-row" },
        field(R.nameLabel, name, "grow"),
        team ? field(R.team, team) : null,
        rating ? field(R.rating, rating) : null,
        replaces ? field(R.replaces, replaces) : null,
        el("label", { class: "r-check" }, lady, R.lady),
        offered() ? substituteBox(add, "walk-in-substitute") : null,
        send),
      replacement ? el("p", { class: "r-hint" }, R.replaceNote(replacement.replacement.average == null ? ""
        : formatNumber(replacement.replacement.average, { max: 2, locale: ctx.S.locale }))) : null,
      error);
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const fail = (message) => {
        add.error = message;
        setText(error, message);
      };
      const value = add.name.trim();
      if (!value) return fail(R.needName);
      const body = { type: "register_player", name: value, lady: add.lady };
      if (model.bridge) {
        if (!add.team) return fail(R.needTeam);
        body.team = add.team;
        const value = numberOrNull(add.rating);
        if (value !== null && !Number.isFinite(value)) return fail(R.badRating);
        if (value !== null) body.rating = value;
        if (replacement && add.replaces) body.replaces = add.replaces;
        Object.assign(body, substituteField(offered(), add.substitute));
      }
      if (await ctx.command(body, send, error)) {
        Object.assign(add, { name: "", lady: false, substitute: false, rating: "", replaces: "", error: "" });
        addKey = "";
        render();
        requestAnimationFrame(() => /** @type {HTMLInputElement | null} */ (addBox.querySelector("input[type=text]"))?.focus());
      } else {
        add.error = error.textContent;
      }
      return undefined;
    });
    addBox.replaceChildren(el("h3", {}, model.bridge ? R.addPlayerBridge : R.addTitle), form);
  }

  let teamKey = "";
  function renderAddTeam(model) {
    const key = JSON.stringify([model.bridge]);
    if (key === teamKey) return;
    teamKey = key;
    teamBox.hidden = !model.bridge;
    if (!model.bridge) {
      teamBox.replaceChildren();
      return;
    }
    const error = el("div", { class: "error", role: "alert" }, addTeam.error);
    const name = textInput(addTeam, "name", { "data-limit": "name", placeholder: R.teamPlaceholder, dataset: { role: "team-name" } });
    const send = el("button", { type: "submit", class: "btn small go", dataset: { action: "register-team" } }, R.registerTeam);
    const form = el("form", { class: "r-plan-form", autocomplete: "off", novalidate: true },
      el("div", { class: "r-row" }, field(R.teamName, name, "grow"), send), error);
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const value = addTeam.name.trim();
      if (!value) {
        addTeam.error = R.needTeamName;
        return setText(error, addTeam.error);
      }
      if (await ctx.command({ type: "register_team", name: value }, send, error)) {
        Object.assign(addTeam, { name: "", error: "" });
        teamKey = "";
        render();
      } else {
        addTeam.error = error.textContent;
      }
      return undefined;
    });
    teamBox.replaceChildren(el("details", { class: "r-plan-add" }, el("summary", {}, R.addTeamTitle), form));
  }

  // ---- the list -------------------------------------------------------------------------------

  function rebuild(key) {
    rows.delete(key);
    render();
  }

  function playerRow(p) {
    const key = `p:${p.id}`;
    const f = formOf(key);
    if (p.withdrawn && f.mode === "withdraw") f.mode = "";
    const substitute = isSubstitute(ctx.sections(), p.id);
    const dataKey = JSON.stringify([p, ratingOf(p.id), substitute, offered(), f.mode]);
    const cached = rows.get(key);
    if (cached && cached.key === dataKey) return cached.node;
    const show = (mode) => () => {
      if (f.mode === mode) return;
      Object.assign(f, { mode, name: p.name, lady: p.lady, substitute, rating: String(ratingOf(p.id) ?? ""), reason: "", error: "", focus: true });
      rebuild(key);
    };
    const tags = [
      p.lady ? el("span", { class: "chip r-ro-tag", title: R.lady }, R.ladyTag) : null,
      substitute ? el("span", { class: "chip r-ro-tag is-substitute", title: R.substitute }, R.substituteTag) : null,
      p.enters ? el("span", { class: "chip r-ro-tag is-walkin" }, R.walkIn(p.entersTitle)) : null,
      p.withdrawn ? el("span", { class: "chip r-ro-tag is-withdrawn" }, R.withdrawn) : null,
    ];
    // One quiet button per player; opened, rename and withdraw as tabs over their form.
    const tab = (mode, label) => el("button", {
      type: "button", class: `btn small${f.mode === mode ? " is-on" : ""}`, dataset: { action: mode },
      "aria-pressed": f.mode === mode ? "true" : "false", onclick: show(mode),
    }, label);
    const actions = f.mode
      ? [tab("rename", R.rename), p.withdrawn ? null : tab("withdraw", R.withdraw)]
      : [el("button", { type: "button", class: "btn small r-plan-open", dataset: { action: "change" }, onclick: show("rename") }, R.change)];
    const node = el("div", {
      class: `r-ro-row${p.withdrawn ? " is-withdrawn" : ""}${p.enters ? " is-walkin" : ""}${f.mode ? " is-open" : ""}`, dataset: { id: p.id },
    }, el("div", { class: "r-ro-who" }, el("b", {}, p.name), el("small", {}, p.id), tags), el("div", { class: "r-ro-actions" }, actions));
    if (f.mode) node.append(playerForm(p, key, f));
    rows.set(key, { node, key: dataKey });
    return node;
  }

  function playerForm(p, key, f) {
    const error = el("div", { class: "error", role: "alert" }, f.error);
    const close = () => {
      forms.delete(key);
      rebuild(key);
    };
    const fail = (message) => {
      f.error = message;
      setText(error, message);
    };
    const send = async (body, button) => {
      if (await ctx.command(body, button, error)) close();
      else f.error = error.textContent;
    };
    const cancel = el("button", { type: "button", class: "btn small", onclick: close }, R.cancel);
    let fields;
    let submit;
    let onSubmit;
    if (f.mode === "rename") {
      const lady = el("input", {
        type: "checkbox", checked: f.lady, dataset: { role: "lady" },
        onchange: (e) => {
          f.lady = e.currentTarget.checked;
        },
      });
      const rating = p.team ? el("input", {
        class: "field r-ro-rating", type: "number", min: "0", step: "any", inputmode: "decimal", value: f.rating ?? "",
        dataset: { role: "rating" }, oninput: (e) => (f.rating = e.currentTarget.value),
      }) : null;
      fields = [field(R.nameLabel, textInput(f, "name", { "data-limit": "name", dataset: { role: "name" } }), "grow"),
        rating ? field(R.rating, rating) : null, el("label", { class: "r-check" }, lady, R.lady),
        p.team && offered() ? substituteBox(f, "substitute") : null];
      submit = el("button", { type: "submit", class: "btn small go" }, R.save);
      onSubmit = () => {
        const name = String(f.name ?? "").trim();
        if (!name) return fail(R.needName);
        const body = { type: "update_player", player: p.id };
        if (name !== p.name) body.name = name;
        if (f.lady !== p.lady) body.lady = f.lady;
        if (p.team) { // a bridge player's club rating; emptied, it is cleared
          const value = numberOrNull(f.rating);
          if (value !== null && !Number.isFinite(value)) return fail(R.badRating);
          if (value !== ratingOf(p.id)) body.rating = value;
        }
        if (p.team) Object.assign(body, substituteField(offered(), f.substitute, isSubstitute(ctx.sections(), p.id)));
        if (!["name", "lady", "rating", "substitute"].some((k) => k in body)) return fail(R.nothingChanged);
        return send(body, submit);
      };
    } else {
      fields = [field(R.reasonLabel, textInput(f, "reason", { "data-limit": "reason", placeholder: R.reasonPlaceholder, dataset: { role: "reason" } }), "grow")];
      submit = el("button", { type: "submit", class: "btn small danger" }, R.withdrawSend);
      onSubmit = () => {
        const reason = String(f.reason ?? "").trim();
        if (!reason) return fail(R.needReason);
        if (!confirm(R.confirmWithdraw(p.name))) return undefined;
        return send({ type: "withdraw_player", player: p.id, reason }, submit);
      };
    }
    const form = el("form", { class: "r-plan-form", autocomplete: "off", novalidate: true, dataset: { mode: f.mode } },
      el("div", { class: "r-row" }, fields, submit, cancel), error);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      onSubmit();
    });
    if (f.focus) {
      f.focus = false;
      requestAnimationFrame(() => /** @type {HTMLInputElement | null} */ (form.querySelector("input[type=text]"))?.focus());
    }
    return form;
  }

  function teamRow(t) {
    const key = `t:${t.id}`;
    const f = formOf(key);
    const dataKey = JSON.stringify([t.id, t.name, t.players.length, f.mode]);
    const cached = rows.get(key);
    if (cached && cached.key === dataKey) return cached.node;
    const node = el("div", { class: "r-ro-team", dataset: { team: t.id } },
      el("div", { class: "r-ro-who" }, el("b", {}, t.name), el("small", {}, R.members(t.players.length))),
      el("div", { class: "r-ro-actions" }, el("button", {
        type: "button", class: `btn small${f.mode ? " is-on" : ""}`, dataset: { action: "rename-team" },
        onclick: () => {
          Object.assign(f, { mode: f.mode ? "" : "rename", name: t.name, error: "", focus: true });
          rebuild(key);
        },
      }, R.renameTeam)));
    if (f.mode) {
      const error = el("div", { class: "error", role: "alert" }, f.error);
      const send = el("button", { type: "submit", class: "btn small go" }, R.save);
      const close = () => {
        forms.delete(key);
        rebuild(key);
      };
      const form = el("form", { class: "r-plan-form", autocomplete: "off", novalidate: true },
        el("div", { class: "r-row" }, field(R.teamName, textInput(f, "name", { "data-limit": "name", dataset: { role: "team-name" } }), "grow"),
          send, el("button", { type: "button", class: "btn small", onclick: close }, R.cancel)), error);
      form.addEventListener("submit", async (e) => {
        e.preventDefault();
        const name = String(f.name ?? "").trim();
        if (!name || name === t.name) {
          f.error = name ? R.nothingChanged : R.needTeamName;
          return setText(error, f.error);
        }
        if (await ctx.command({ type: "update_team", team: t.id, name }, send, error)) close();
        else f.error = error.textContent;
        return undefined;
      });
      if (f.focus) {
        f.focus = false;
        requestAnimationFrame(() => form.querySelector("input")?.focus());
      }
      node.append(form);
    }
    rows.set(key, { node, key: dataKey });
    return node;
  }

  function render() {
    const sections = ctx.sections();
    const model = rosterModel(sections, pageLanguage);
    card.hidden = !Array.isArray(sections.players);
    if (card.hidden) return;
    setText(summary, R.summary(model.counts));
    renderAdd(model);
    renderAddTeam(model);
    filter.hidden = model.players.length < 8;
    const shown = (p) => !query.trim() || matchesQuery(`${p.name} ${p.id} ${p.teamName}`, query);
    const nodes = [];
    if (model.bridge) {
      const placed = new Set();
      for (const t of model.teams) {
        const members = t.players.filter(shown);
        if (!members.length && query.trim() && !matchesQuery(t.name, query)) continue;
        nodes.push(teamRow(t));
        for (const p of members) {
          nodes.push(playerRow(p));
          placed.add(p.id);
        }
      }
      for (const p of model.players.filter((x) => !placed.has(x.id) && shown(x) && !model.teams.some((t) => t.id === x.team))) nodes.push(playerRow(p));
    } else {
      for (const p of model.players.filter(shown)) nodes.push(playerRow(p));
    }
    nodes.forEach((node, i) => {
      if (list.children[i] !== node) list.insertBefore(node, list.children[i] || null);
    });
    while (list.children.length > nodes.length) list.lastElementChild.remove();
    empty.hidden = nodes.length > 0;
    fill(empty, model.players.length ? R.noMatch : R.empty);
  }

  return { render };
}
