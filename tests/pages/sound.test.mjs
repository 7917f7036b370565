// display/lib/sound.js: a phone's page makes no audio context while it loads (making one holds a mid
// phone's main thread a long moment): the first tap makes it; a projector's page probes at once
// (node --test tests/pages). Node has no Web Audio: a fake window records what the page makes.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

function fakeWindow({ autoplay = false } = {}) {
  const listeners = {};
  const contexts = [];
  class AudioContext {
    constructor() {
      this.state = autoplay ? "running" : "suspended";
      contexts.push(this);
    }

    addEventListener() {}

    resume() {
      this.state = "running";
      return Promise.resolve();
    }
  }
  globalThis.window = {
    AudioContext,
    addEventListener: (type, fn) => {
      (listeners[type] ??= []).push(fn);
    },
  };
  return { contexts, tap: () => listeners.pointerdown.forEach((fn) => fn()) };
}

const { Sound } = await import("../../display/lib/sound.js");

describe("the page's sound", () => {
  it("on a phone: no audio context while the page loads, one at the first tap", async () => {
    const browser = fakeWindow();
    const sound = new Sound({ probe: false });
    assert.equal(browser.contexts.length, 0);
    assert.equal(sound.chime("go"), false, "no sound before a tap");
    browser.tap();
    assert.equal(browser.contexts.length, 1);
    await Promise.resolve();
    assert.equal(sound.unlocked, true);
  });

  it("on a projector: probes at once, and needs no gesture where the browser allows sound", () => {
    const browser = fakeWindow({ autoplay: true });
    const sound = new Sound();
    assert.equal(browser.contexts.length, 1);
    assert.equal(sound.unlocked, true);
  });
});
