// @ts-check
// The hall's banner and its sound: one signal at a time across the screen (a call, a start, an
// announcement), with a chime and its words spoken, and the header's sound switch. Browsers allow
// sound only after a first click or tap, so the header shows whether sound is on; for the first
// SOUND_HINT_MS the hint beside it says how to turn it on, then it fades (an unattended projector
// must not say "click" all day), and it never covers a part of the screen.
import { BannerQueue } from "../lib/banners.js";
import { setClass, setText } from "../lib/dom.js";
import { pageLanguage } from "../lib/i18n.js";
import { sound } from "../lib/sound.js";
import { $, STRINGS } from "./state.js";

/** The page's banner queue (main.js pushes the signals; a click or Escape dismisses one). */
export const banners = new BannerQueue((b, { again = false } = {}) => {
  const box = $("banner");
  if (!b) {
    box.hidden = true;
    return;
  }
  box.className = `banner tone-${b.tone}${b.long ? " long" : ""}`;
  setText($("banner-kicker"), b.kicker);
  setText($("banner-title"), b.title);
  setText($("banner-sub"), b.sub);
  box.hidden = false;
  if (again) return; // the same banner, its time drawn anew: no second chime
  // Sound: a chime for every banner, then its words spoken in the page's language.
  audio.chime(b.tone);
  audio.speak([b.kicker, b.title, b.sub].filter(Boolean).join(". "), pageLanguage);
});

const SOUND_HINT_MS = 15_000;
const audio = sound();
const soundBox = $("sound");
audio.onChange((on) => {
  soundBox.dataset.on = String(on);
  soundBox.title = on ? STRINGS.soundOn : STRINGS.soundOff;
  // Named by its words while it shows them (the title adds the rest), by the title once it shows none.
  if (on) soundBox.setAttribute("aria-label", soundBox.title);
  else soundBox.removeAttribute("aria-label");
  setText($("sound-text"), on ? "" : STRINGS.soundHint);
  setClass(soundBox, "is-hinting", !on);
});
setTimeout(() => setClass(soundBox, "is-hinting", false), SOUND_HINT_MS);
$("banner").addEventListener("click", () => banners.dismiss());
