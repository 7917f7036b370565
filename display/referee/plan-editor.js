// @ts-check
// The referee console's timetable on the day: move, shift or cancel an item that has not started,
// add an item, rename the tournament (the one-tap "shift the plan to now" when the whole plan is
// already in the past: plan-missed.js). Every check is the server's: a refused command shows its words by the
// form. The words are STRINGS.plan of the console's catalogue.
import { el, setText } from "../lib/dom.js";
import { localStart, minutesValue, newItemId, nextRoundNumber, notStarted, wallClock } from "../lib/plan.js";
/** @import { CardContext } from "../../types/pages" */
/** @import { TimeFormat } from "../lib/format.js" */

const PLAYING = new Set(["round", "match"]);
const OTHER_KINDS = ["registration", "opening", "break", "meal", "ceremony", "other"];

/**
 * ctx = {S (the console's strings), sections(), fmt(), now(), command(body, button, errorBox), rerender()}
 * (rerender: draw the timetable rows again, after a form opened or closed).
 * Returns {toolsFor(item), openTools(item), renderAdd(box), renderTournament(box)}. It comes with the console's
 * other cards (cards.js); until then the timetable draws each row's closed tools itself (timetable.js), and
 * the one-tap move of a plan in the past is plan-missed.js's, in the first file.
 * @param {CardContext & { fmt: () => TimeFormat, now: () => number, rerender: () => void }} ctx
 */
export function planEditor(ctx) {
  const S = ctx.S;
  const P = S.plan;
  const forms = new Map(); // item id → {mode: "" | "move" | "shift" | "cancel", date, time, minutes, title, shift, reason, error}
  const built = new Map(); // item id → {node, key}
  const zone = () => ctx.sections().tournament?.timezone;

  function formOf(item) {
    if (!forms.has(item.id)) forms.set(item.id, { mode: "", error: "" });
    return forms.get(item.id);
  }

  /** Open a form with the item's values as they are now. */
  function open(item, mode) {
    const f = formOf(item);
    const fmt = ctx.fmt();
    Object.assign(f, {
      mode, error: "", date: fmt.day(item.start), time: wallClock(item.start, zone()),
      minutes: "", title: item.title, shift: f.shift ?? "", reason: "", focus: true,
    });
  }

  /** The tools under one timetable row: a Change… button and, when open, the form. */
  function toolsFor(item) {
    const sections = ctx.sections();
    const can = notStarted(item, sections, ctx.now());
    const f = formOf(item);
    if (!can) f.mode = "";
    const key = JSON.stringify([item.id, item.title, item.start, item.end, can, f.mode, zone()]);
    const cached = built.get(item.id);
    if (cached && cached.key === key) return cached.node;
    const node = can ? toolsNode(item, f) : el("div", { class: "r-plan", hidden: true });
    built.set(item.id, { node, key });
    return node;
  }

  /** A row's tools opened on its first form (Change… tapped before this module was here). */
  function openTools(item) {
    open(item, "move");
    rebuild(item);
  }

  function rebuild(item) {
    built.delete(item.id);
    ctx.rerender();
  }

  function toolsNode(item, f) {
    // One quiet button per row; opened, the three changes as tabs over their form.
    const box = el("div", { class: "r-plan", dataset: { planItem: item.id } });
    if (!f.mode) {
      box.append(el("button", {
        type: "button", class: "btn small r-plan-open", dataset: { plan: "open" }, "aria-expanded": "false",
        onclick: () => {
          open(item, "move");
          rebuild(item);
        },
      }, P.change));
      return box;
    }
    const tab = (mode, label) => el("button", {
      type: "button", class: `btn small${f.mode === mode ? " is-on" : ""}`, dataset: { plan: mode },
      "aria-pressed": f.mode === mode ? "true" : "false",
      onclick: () => {
        if (f.mode === mode) return;
        open(item, mode);
        rebuild(item);
      },
    }, label);
    box.append(el("div", { class: "r-plan-bar", role: "group" }, tab("move", P.move), tab("shift", P.shift), tab("cancel", P.cancel)),
      formNode(item, f));
    return box;
  }

  function formNode(item, f) {
    const error = el("div", { class: "error", role: "alert" }, f.error);
    const fail = (message) => {
      f.error = message;
      setText(error, message);
    };
    const close = () => {
      forms.delete(item.id);
      rebuild(item);
    };
    const input = (prop, attrs) => el("input", {
      class: "field", value: f[prop] ?? "", autocomplete: "off", ...attrs,
      oninput: (e) => {
        f[prop] = e.currentTarget.value;
      },
    });
    const field = (label, control, cls = "") => el("label", { class: `r-field ${cls}` }, el("span", {}, label), control);
    const cancel = el("button", { type: "button", class: "btn small", onclick: close }, P.close);
    const send = async (body, button) => {
      if (await ctx.command(body, button, error)) close();
      else f.error = error.textContent;
    };
    let fields;
    let note = "";
    let submit;
    let onSubmit;
    const lengthMin = Math.round((item.end - item.start) / 60_000);
    if (f.mode === "move") {
      fields = [
        field(P.dateLabel, input("date", { type: "date", dataset: { role: "date" } })),
        field(P.timeLabel, input("time", { type: "time", required: true, dataset: { role: "time" } })),
        field(P.minutesLabel, input("minutes", {
          type: "number", min: "1", step: "1", inputmode: "numeric", placeholder: String(lengthMin), dataset: { role: "length" },
          class: "field r-plan-min",
        })),
        field(P.titleLabel, input("title", { type: "text", "data-limit": "title", dataset: { role: "title" } }), "grow"),
      ];
      note = P.moveNote(zone() || "");
      submit = el("button", { type: "submit", class: "btn small go" }, P.moveSend);
      onSubmit = () => {
        const start = localStart(f.date, f.time);
        if (start === null) return fail(P.badTime);
        const body = { type: "move_item", item: item.id, start };
        if (String(f.minutes ?? "").trim()) {
          const minutes = minutesValue(f.minutes);
          if (minutes === null || minutes < 0) return fail(P.badLength);
          body.minutes = minutes;
        }
        const title = String(f.title ?? "").trim();
        if (title && title !== item.title) body.title = title;
        return send(body, submit);
      };
    } else if (f.mode === "shift") {
      fields = [field(P.shiftLabel, input("shift", {
        type: "number", step: "1", inputmode: "numeric", placeholder: "20", dataset: { role: "shift" }, class: "field r-plan-min",
      }))];
      note = P.shiftNote(item.title);
      submit = el("button", { type: "submit", class: "btn small go" }, P.shiftSend);
      onSubmit = () => {
        const minutes = minutesValue(f.shift);
        if (minutes === null) return fail(P.badMinutes);
        return send({ type: "shift_timetable", item: item.id, minutes }, submit);
      };
    } else {
      fields = [field(P.reasonLabel, input("reason", {
        type: "text", "data-limit": "reason", placeholder: P.reasonPlaceholder, dataset: { role: "reason" },
      }), "grow")];
      note = P.cancelNote;
      submit = el("button", { type: "submit", class: "btn small danger" }, P.cancelSend);
      onSubmit = () => {
        const reason = String(f.reason ?? "").trim();
        if (!reason) return fail(P.needReason);
        if (!confirm(P.confirmCancel(item.title))) return undefined;
        return send({ type: "cancel_item", item: item.id, reason }, submit);
      };
    }
    const form = el("form", { class: "r-plan-form", autocomplete: "off", novalidate: true, dataset: { mode: f.mode } },
      el("div", { class: "r-row" }, fields),
      el("div", { class: "r-row" }, el("span", { class: "r-ci-note" }, note), submit, cancel), error);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      onSubmit();
    });
    if (f.focus) {
      f.focus = false;
      requestAnimationFrame(() => /** @type {HTMLInputElement | null} */ (form.querySelector(f.mode === "move" ? "input[type=time]" : "input"))?.focus());
    }
    return form;
  }

  // ---- a new item -------------------------------------------------------------------------

  const add = { kind: "", round: "", title: "", date: "", time: "", minutes: "", boards: "", open: false, error: "" };
  let addKey = "";
  function renderAdd(box) {
    const sections = ctx.sections();
    const game = sections.tournament?.game;
    const playingKind = game === "bridge" ? "match" : "round";
    const key = JSON.stringify([game, zone(), add.kind, nextRoundNumber(sections)]);
    if (key === addKey) return;
    addKey = key;
    const A = P.add;
    if (!add.kind) add.kind = playingKind;
    const playing = PLAYING.has(add.kind);
    const last = [...(sections.timetable || [])].reverse().find((i) => i.playing);
    const defaultMinutes = playing && last ? Math.round((last.end - last.start) / 60_000) : 30;
    const defaultRound = nextRoundNumber(sections);
    const defaultTitle = playing ? A.defaultTitle[add.kind](Number(add.round) || defaultRound) : A.kinds[add.kind];
    if (!add.date) add.date = ctx.fmt().day(ctx.now());
    const error = el("div", { class: "error", role: "alert" }, add.error);
    const input = (prop, attrs) => el("input", {
      class: "field", value: add[prop] ?? "", autocomplete: "off", ...attrs,
      oninput: (e) => {
        add[prop] = e.currentTarget.value;
      },
    });
    const field = (label, control, cls = "") => el("label", { class: `r-field ${cls}` }, el("span", {}, label), control);
    const kind = el("select", {
      class: "field", dataset: { role: "kind" },
      onchange: (e) => {
        add.kind = e.currentTarget.value;
        renderAdd(box);
      },
    }, [playingKind, ...OTHER_KINDS].map((k) => el("option", { value: k, selected: k === add.kind }, A.kinds[k])));
    const send = el("button", { type: "submit", class: "btn small go" }, A.send);
    const form = el("form", { class: "r-plan-form r-add-form", autocomplete: "off", novalidate: true },
      el("div", { class: "r-row" },
        field(A.kind, kind),
        playing ? field(A.round, input("round", {
          type: "number", min: "1", step: "1", inputmode: "numeric", placeholder: String(defaultRound),
          class: "field r-plan-min", dataset: { role: "round" },
        })) : null,
        field(A.titleLabel, input("title", { type: "text", "data-limit": "title", placeholder: defaultTitle, dataset: { role: "title" } }), "grow")),
      el("div", { class: "r-row" },
        field(P.dateLabel, input("date", { type: "date", dataset: { role: "date" } })),
        field(P.timeLabel, input("time", { type: "time", required: true, dataset: { role: "time" } })),
        field(A.minutes, input("minutes", {
          type: "number", min: "1", step: "1", inputmode: "numeric", placeholder: String(defaultMinutes),
          class: "field r-plan-min", dataset: { role: "length" },
        })),
        playing && game === "bridge" ? field(A.boards, input("boards", {
          type: "number", min: "1", step: "1", inputmode: "numeric", placeholder: last?.boards ? String(last.boards) : "",
          class: "field r-plan-min", dataset: { role: "boards" },
        })) : null),
      el("div", { class: "r-row" }, el("span", { class: "r-ci-note" }, P.moveNote(zone() || "")), send),
      error);
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const fail = (message) => {
        add.error = message;
        setText(error, message);
      };
      const start = localStart(add.date, add.time);
      if (start === null) return fail(P.badTime);
      const minutes = String(add.minutes).trim() ? minutesValue(add.minutes) : defaultMinutes;
      if (minutes === null || minutes <= 0) return fail(P.badLength);
      const body = { type: "add_item", kind: add.kind, start, minutes };
      if (playing) {
        const round = String(add.round).trim() ? Number(add.round) : defaultRound;
        if (!Number.isInteger(round) || round < 1) return fail(A.badRound);
        body.round = round;
        const boards = String(add.boards).trim() ? Number(add.boards) : last?.boards;
        if (game === "bridge" && boards !== undefined && boards !== null) {
          if (!Number.isInteger(boards) || boards < 1) return fail(A.badBoards);
          body.boards = boards;
        }
      }
      body.title = String(add.title).trim() || (playing ? A.defaultTitle[add.kind](body.round) : A.kinds[add.kind]);
      body.item = newItemId(ctx.sections(), add.kind, body.round);
      if (await ctx.command(body, send, error)) {
        Object.assign(add, { round: "", title: "", time: "", minutes: "", boards: "", error: "" });
        addKey = "";
        renderAdd(box);
      } else {
        add.error = error.textContent;
      }
      return undefined;
    });
    const details = el("details", {
      class: "r-plan-add", open: add.open,
      ontoggle: (e) => {
        add.open = e.currentTarget.open;
      },
    }, el("summary", {}, A.summary), form);
    box.replaceChildren(details);
  }

  // ---- the tournament's name -----------------------------------------------------------------

  let nameKey = "";
  const rename = { value: null, open: false };
  function renderTournament(box) {
    const name = ctx.sections().tournament?.name || "";
    const key = name;
    if (key === nameKey) return;
    nameKey = key;
    const T = P.tournament;
    const error = el("div", { class: "error", role: "alert" });
    const input = el("input", {
      class: "field", type: "text", "data-limit": "title", value: rename.value ?? name, dataset: { role: "tournament-name" },
      "aria-label": T.label, oninput: (e) => {
        rename.value = e.currentTarget.value;
      },
    });
    const send = el("button", { type: "submit", class: "btn small go" }, T.send);
    const form = el("form", { class: "r-plan-form", autocomplete: "off", novalidate: true },
      el("div", { class: "r-row" }, el("label", { class: "r-field grow" }, el("span", {}, T.label), input), send), error);
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const value = input.value.trim();
      if (!value) return setText(error, T.empty);
      if (value === name) return setText(error, T.same);
      if (await ctx.command({ type: "update_tournament", name: value }, send, error)) rename.value = null;
      return undefined;
    });
    box.replaceChildren(el("details", {
      class: "r-plan-add", open: rename.open,
      ontoggle: (e) => {
        rename.open = e.currentTarget.open;
      },
    }, el("summary", {}, T.title), form));
  }

  return { toolsFor, openTools, renderAdd, renderTournament };
}
