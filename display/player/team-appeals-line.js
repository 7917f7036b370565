// @ts-check
// The words of the player's team's appeals on their card (Slovak §28.3: a team appeals, to the
// federation's presidium): each appeal's match, subject and where it stands, and until when appeals
// are taken. Every fact is the server's (`me.appeals`, live/projections/appeals.py `player_view`, sent only with
// the player's session): the state, the decision and its outcome, the dates as local dates. Pure (no
// DOM, no catalogue fetch): the node tests call it; appeals.js draws it.

/** Where one appeal stands, in the words `S` (`STRINGS.appeals.team`). */
export function appealState(line, S) {
  if (line.state !== "decided") return line.due_on ? S.open(line.due_on) : S.openNoTerm;
  if (line.decision === "rejected") return S.rejected;
  return line.outcome === "changed" ? S.changed : S.split;
}

/**
 * The card's block for a team's appeals (`me.appeals` with `by: "team"`): null for anything else (the
 * Čačak requests have their own line); else the title, one line per appeal (oldest first, with its
 * `state` and `outcome` for the style) and the window's line ("" while the term has not begun to run).
 */
export function teamAppeals(appeals, S) {
  if (!appeals || appeals.by !== "team") return null;
  const lines = (appeals.appeals || []).map((x) => ({
    appeal: x.appeal,
    state: x.state,
    outcome: x.outcome || null,
    text: S.line(x.title || x.item, x.subject, appealState(x, S)),
  }));
  const closes = appeals.window && appeals.window.closes_on;
  return { title: S.title, lines, empty: lines.length ? "" : S.none, window: closes ? S.window(closes) : "" };
}
