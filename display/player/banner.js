// @ts-check
// The player page's banner: one signal at a time over the page (a call, a start, a notice for the
// player), with a vibration, until tapped or timed out.
import { BannerQueue } from "../lib/banners.js";
import { setText } from "../lib/dom.js";
import { $ } from "./state.js";

/** The page's banner queue (main.js pushes the signals; a tap on the banner dismisses it). */
export const banners = new BannerQueue((b, { again = false } = {}) => {
  const box = $("banner");
  if (!b) {
    box.hidden = true;
    return;
  }
  box.className = `p-banner tone-${b.tone}${b.long ? " long" : ""}`;
  setText($("banner-kicker"), b.kicker);
  setText($("banner-title"), b.title);
  setText($("banner-sub"), b.sub);
  box.hidden = false;
  if (again) return; // the same banner, its words drawn anew: no second vibration
  try {
    if (navigator.userActivation?.hasBeenActive !== false) navigator.vibrate?.(b.tone === "private" || b.tone === "called" || b.tone === "go" ? [300, 120, 300] : 200);
  } catch {
    /* not allowed yet (no tap on the page): fine */
  }
});
$("banner").addEventListener("click", () => banners.dismiss());
