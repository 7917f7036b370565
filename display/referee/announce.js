// @ts-check
// The console's announcement card: a text for every screen in the hall (a banner, the chime, the
// voice), or a notice for one player's phone.
import { el, fill } from "../lib/dom.js";
import { pageLanguage } from "../lib/i18n.js";
import { command } from "./commands.js";
import { noticeAddressees } from "./committee-picks.js";
import { $, STRINGS, state } from "./state.js";
import { toast } from "./toast.js";
import { playerName } from "./words.js";

let playersKey = "";
/** The announcement's addressees: everyone, or one player (a notice on their phone only). */
export function renderPlayerSelect() {
  const players = noticeAddressees(state.sections, pageLanguage);
  const key = JSON.stringify(players.map((p) => [p.id, p.name]));
  if (key === playersKey) return;
  playersKey = key;
  const select = /** @type {HTMLSelectElement} */ ($("announce-player"));
  const chosen = select.value;
  fill(select, el("option", { value: "" }, STRINGS.everyone),
    players.map((p) => el("option", { value: p.id }, STRINGS.onlyTo(p.name))));
  select.value = players.some((p) => p.id === chosen) ? chosen : "";
}

/** The announcement form: asks first, then sends it to the hall or to one player. */
export function wireAnnounce() {
  $("announce").addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = /** @type {HTMLTextAreaElement} */ ($("announce-text")).value.trim();
    if (!text) {
      toast(STRINGS.emptyText, "error");
      return;
    }
    const body = { type: "announce", text };
    const player = /** @type {HTMLSelectElement} */ ($("announce-player")).value;
    if (player) body.player = player;
    if (!confirm(player ? STRINGS.confirmNotice(playerName(player), text) : STRINGS.confirmAnnounce(text))) return;
    if (await command(body, $("announce-button"))) {
      /** @type {HTMLTextAreaElement} */ ($("announce-text")).value = "";
      /** @type {HTMLSelectElement} */ ($("announce-player")).value = "";
    }
  });
}
