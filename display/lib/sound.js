// @ts-check
// Sound: a chime made in the browser (Web Audio, no files) and the banner's words spoken
// (speechSynthesis). Browsers allow sound only after a first click/tap/key on the page.

/** Tones of a chime per banner tone (Hz); each a short sine with a soft attack and decay. */
const CHIMES = {
  go: [660, 880, 1320],
  called: [784, 988, 1175],
  warn: [880, 698, 523],
  hold: [587, 523],
  info: [740, 988],
  private: [880, 1175, 880],
  default: [659, 880],
};

/** Voice language per page language (speech engines know "sr", not the script). */
const SPEECH_LANG = { en: "en-GB", "sr-Cyrl": "sr-RS", "sr-Latn": "sr-RS", sk: "sk-SK" };

/**
 * The page's sound: a chime per banner tone and the banner's words spoken, once the browser allows
 * it (a page shows a hint until then; `onChange` says when sound became allowed).
 */
export class Sound {
  /**
   * `probe`: make the audio context now, to learn whether the browser allows sound without a gesture (a
   * kiosk's projector), and start loading the voices. A phone never does, and making an audio context
   * keeps a mid phone busy for a long moment while its page loads: without it, the first gesture makes it.
   */
  constructor({ probe = true } = {}) {
    this.ctx = null;
    this.unlocked = false;
    this.listeners = new Set();
    const unlock = () => this.unlock();
    for (const type of ["pointerdown", "keydown", "touchstart", "click"]) {
      window.addEventListener(type, unlock, { capture: true, passive: true });
    }
    if (!probe) return;
    // A kiosk browser may allow sound without a gesture: then no hint is needed.
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (Ctx) {
        this.ctx = new Ctx();
        if (this.ctx.state === "running") this.unlocked = true;
        this.ctx.addEventListener?.("statechange", () => {
          if (this.ctx.state === "running") this.markUnlocked();
        });
      }
    } catch {
      this.ctx = null;
    }
    try {
      window.speechSynthesis?.getVoices(); // starts loading the voice list
    } catch {
      /* no speech */
    }
  }

  /** Call fn(unlocked) now and whenever sound becomes allowed. */
  onChange(fn) {
    this.listeners.add(fn);
    fn(this.unlocked);
  }

  markUnlocked() {
    if (this.unlocked) return;
    this.unlocked = true;
    for (const fn of this.listeners) fn(true);
  }

  unlock() {
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!this.ctx && Ctx) this.ctx = new Ctx();
      if (this.ctx && this.ctx.state !== "running") {
        this.ctx.resume().then(() => this.markUnlocked(), () => {});
      } else if (this.ctx) this.markUnlocked();
    } catch {
      /* no Web Audio */
    }
    if (!this.ctx) this.markUnlocked();
  }

  /** Two or three sine tones with a short envelope. */
  chime(tone = "default") {
    const ctx = this.ctx;
    if (!ctx || ctx.state !== "running") return false;
    const notes = CHIMES[tone] || CHIMES.default;
    const start = ctx.currentTime + 0.02;
    notes.forEach((freq, i) => {
      const at = start + i * 0.22;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.9);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 1);
    });
    return true;
  }

  /** Say `text` in `lang` (a page language), with a voice of that language when there is one. */
  speak(text, lang = "en", { delayMs = 700 } = {}) {
    const synth = window.speechSynthesis;
    if (!synth || !this.unlocked || !text || typeof SpeechSynthesisUtterance === "undefined") return false;
    const tag = SPEECH_LANG[lang] || lang;
    const primary = tag.split("-")[0].toLowerCase();
    setTimeout(() => {
      try {
        const utterance = new SpeechSynthesisUtterance(String(text));
        utterance.lang = tag;
        const voices = synth.getVoices() || [];
        const voice = voices.find((v) => v.lang?.toLowerCase().replace("_", "-") === tag.toLowerCase()) ||
          voices.find((v) => v.lang?.toLowerCase().split(/[-_]/)[0] === primary) ||
          // Croatian/Bosnian voices read Serbian Latin well enough.
          (primary === "sr" ? voices.find((v) => /^(hr|bs)/i.test(v.lang || "")) : null);
        if (voice) utterance.voice = voice;
        synth.cancel();
        synth.speak(utterance);
      } catch {
        /* speech is a bonus */
      }
    }, delayMs);
    return true;
  }
}

let theSound = null;

/** The one sound of a page, made on first use (it listens for the page's first gesture); `options` as
 * Sound's, on the first call. */
export function sound(options) {
  if (!theSound) theSound = new Sound(options);
  return theSound;
}
