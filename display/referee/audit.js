// @ts-check
// The console's audit log and undo: every command as the server stored it, in words, with the
// referee who sent it; a row's undo, and undoing this referee's own last command.
import { el, fill } from "../lib/dom.js";
import { command } from "./commands.js";
import { $, STRINGS, state } from "./state.js";
import { toast } from "./toast.js";
import { actorName, describeAudit } from "./words.js";

/** The audit log, newest first: who did what when, each command undoable once. */
export function renderAudit() {
  const audit = [...(state.sections.audit || [])].reverse();
  const body = $("audit");
  if (!audit.length) {
    fill(body, el("tr", {}, el("td", { colspan: "5", class: "what" }, STRINGS.auditEmpty)));
    return;
  }
  fill(body, audit.map((entry) => {
    // Which entries no undo takes back (an undo, a sign-in) the server's hello says.
    const undoable = !entry.undone && Boolean(state.connection) && !state.connection.types.not_undoable.has(entry.type);
    return el("tr", { class: entry.undone ? "undone" : "", dataset: { seq: entry.seq } },
      el("td", { class: "seq" }, `#${entry.seq}`),
      el("td", { class: "ts" }, state.fmt.time(entry.ts)),
      el("td", { class: "who" }, actorName(entry.by)),
      el("td", { class: "what" }, el("span", { class: "type" }, describeAudit(entry)),
        entry.undone ? el("span", { class: "detail" }, ` · ${STRINGS.undone}`) : null),
      el("td", {}, undoable
        ? el("button", {
          type: "button", class: "btn small", dataset: { undo: entry.seq },
          onclick: (e) => {
            if (confirm(STRINGS.confirmUndo(entry.seq, describeAudit(entry)))) {
              command({ type: "undo", seq: entry.seq }, e.currentTarget);
            }
          },
        }, STRINGS.undoRow)
        : null));
  }));
}

/** "Undo my last": this referee's own last command, as the server names it. */
export function wireUndoLast() {
  $("undo-last").addEventListener("click", (e) => {
    // The server names the command "undo last" takes back; the console sends its seq, so a command a
    // colleague entered meanwhile is never the one undone.
    // Each referee's own last command: `undo_last_by` maps every referee's actor to theirs.
    const mine = state.me && state.sections.undo_last_by ? state.sections.undo_last_by[state.me.actor] : state.sections.undo_last;
    const last = (state.sections.audit || []).find((x) => x.seq === mine);
    if (!last) {
      toast(STRINGS.nothingToUndo, "error");
      return;
    }
    if (confirm(STRINGS.confirmUndoLast(describeAudit(last)))) command({ type: "undo", seq: last.seq }, e.currentTarget);
  });
}
