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
  fitBanner();
  if (again) return; // the same banner, its time drawn anew: no second chime
  // Sound: a chime for every banner, then its words spoken in the page's language.
  audio.chime(b.tone);
  audio.speak([b.kicker, b.title, b.sub].filter(Boolean).join(". "), pageLanguage);
});

/**
 * The smallest size (in vh) a banner's text steps down to: letters whose capitals take 10′ of arc from the back
 * of the hall (docs/pages.md#the-pages; about 3.6vh of capital, 5.4vh of type with capitals of 0.7 em and more).
 */
const BANNER_MIN_VH = 5.4;

/**
 * Make the banner on screen fit it: a long announcement (the server takes up to `limits.announcement`
 * characters) would wrap past the screen's height and, centred, push its label off the top. Its text steps
 * down from the size banner.css gives it until the label, the text and the line under it fit, never under
 * BANNER_MIN_VH (what is left over then stays in the banner's scroll, its label at the top).
 */
function fitBanner() {
  const box = $("banner");
  const inner = /** @type {HTMLElement} */ (box.firstElementChild);
  const title = $("banner-title");
  title.style.fontSize = "";
  if (box.hidden) return;
  const style = getComputedStyle(box);
  const room = box.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  const floor = (BANNER_MIN_VH * window.innerHeight) / 100;
  let size = parseFloat(getComputedStyle(title).fontSize);
  // offsetHeight, not the box on screen: the banner's pop-in scales it while it comes up.
  while (inner.offsetHeight > room && size > floor) {
    size = Math.max(floor, size * 0.9);
    title.style.fontSize = `${size}px`;
  }
}
window.addEventListener("resize", fitBanner);

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
