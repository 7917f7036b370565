// What the pages read or set on `window` beyond the DOM's own declarations (docs/contributing.md#types-in-the-pages).
export {};

declare global {
  interface Window {
    /** Safari before 14.1 names its AudioContext so (display/lib/sound.js). */
    webkitAudioContext?: typeof AudioContext;
    /** A page's parts, for debugging from the browser's console (each page's main.js). */
    hall?: Record<string, unknown>;
  }
}
