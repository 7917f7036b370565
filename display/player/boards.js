// @ts-check
// A bridge player's boards played, on their own card (the words and the rule of which words:
// boards-line.js; the numbers: the server's `me.boards`).
import { setText } from "../lib/dom.js";
import { boardsLine, shortOfShare } from "./boards-line.js";
import { $, NUM, STRINGS } from "./state.js";

/** The line on the player's card; hidden for preferans, or before their team has boards to play. */
export function renderBoards(me) {
  const line = $("me-boards");
  const text = boardsLine(me?.boards, STRINGS, NUM);
  line.hidden = !text;
  setText(line, text);
  line.classList.toggle("p-me-boards-short", Boolean(text) && shortOfShare(me.boards));
}
