"""The hall display read from the back of the hall: 10 m from a 65" 16:9 screen at 1920×1080.

The screen is 0.81 m high over 1080 px (0.75 mm a pixel). Text is legible from afar when its capital
letters take about 16′ of arc or more (46 mm at 10 m): what the hall must read from the back (the
countdown, what is now or next, the announcement under the clock, the banner) is at least that; the rest
(the labels around them, the item after the next one, the standings, the seating and the timetable strip,
in the room a whole screen leaves them) at least 10′. The display shows its parts in scenes: the clock,
then one panel at a time across the screen with the clock in a band over it. The capital height is
measured in the page with the fonts it renders. Every text on the display has the contrast WCAG AA asks
(4.5:1, 3:1 for large text), the "ENDED" of a played round in the timetable strip too, and nothing is cut
or spills out of the screen, in the four languages.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from server import from_now, round_entry
from support.axe import settled
from support.examples import FIELD
from support.pages import DISPLAY, ack, bounded, live, open_tab, play, seen_seq, shot

pytestmark = pytest.mark.asyncio(loop_scope="session")

SCREEN_HEIGHT_M = 65 * 0.0254 * 9 / math.hypot(16, 9)  # a 65" 16:9 screen: 0.81 m high
DISTANCE_M = 10.0
READ_ARCMIN = 16.0
LABEL_ARCMIN = 10.0

NAME = "Отворено првенство Чачка у преферансу за 2027. годину — меморијал Живорада Ранковића"
NOTE = ("Молимо играче да искључе мобилне телефоне; вечера је у ресторану хотела „Морава“ после последњег кола, "
        "а проглашење победника у сали на првом спрату")


def arc_minutes(px: float, screen_px: int = DISPLAY["height"]) -> float:
    """The arc (minutes) `px` pixels of a `screen_px` high picture take on the 65" screen seen from 10 m."""
    metres = px * SCREEN_HEIGHT_M / screen_px
    return math.degrees(2 * math.atan(metres / 2 / DISTANCE_M)) * 60


async def test_the_arc_of_a_line_of_pixels() -> None:
    # 62 px of capitals are 16′ at 10 m; 24 px of letters (17 px capitals) under 5′
    assert 15.9 < arc_minutes(62) < 16.1
    assert arc_minutes(17) < 5


#: The first shown element of each selector (a panel whose scene is not up is hidden): its text, its capital
#: height (px, measured with its font), and whether its text is cut or out of the screen.
SIZES = """(selectors) => {
  const ctx = document.createElement('canvas').getContext('2d');
  const out = {};
  for (const sel of selectors) {
    const node = [...document.querySelectorAll(sel)].find((n) => n.getClientRects().length && n.textContent.trim()
      && getComputedStyle(n).visibility !== 'hidden');
    if (!node) { out[sel] = null; continue; }
    const style = getComputedStyle(node);
    ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const box = node.getBoundingClientRect();
    out[sel] = {
      text: node.textContent.trim().slice(0, 40), font: parseFloat(style.fontSize),
      cap: ctx.measureText('H').actualBoundingBoxAscent,
      out: box.left < -1 || box.top < -1 || box.right > innerWidth + 1 || box.bottom > innerHeight + 1,
    };
  }
  return out;
}"""

#: Every shown text of the display whose contrast with what is behind it is under WCAG AA: its colour
#: mixed with the background by the opacity of it and its parents, against the first opaque background.
#: Measured once the CSS transitions under way have ended: a hint caught half faded in (or out) is a frame
#: of a fade, not the colour it is read in; text with no area or no opacity left is not drawn at all.
LOW_CONTRAST = """async (only) => {
  await Promise.allSettled(document.getAnimations().filter((a) => a instanceof CSSTransition)
    .map((a) => a.finished));
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const low = [];
  for (const node of document.querySelectorAll(only || 'body *')) {
    const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    if (!own || !node.getClientRects().length) continue;
    const style = getComputedStyle(node);
    const box = node.getBoundingClientRect();
    if (style.visibility === 'hidden' || !box.width || !box.height) continue;
    let opacity = 1, back = null;
    for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
      const s = getComputedStyle(n);
      opacity *= Number(s.opacity);
      const b = rgb(s.backgroundColor);
      if (!back && b.length >= 3 && (b.length === 3 || b[3] === 1)) back = b.slice(0, 3);
    }
    if (opacity === 0) continue;
    back = back || rgb(getComputedStyle(document.body).backgroundColor).slice(0, 3);
    const fg = rgb(style.color);
    const alpha = (fg.length > 3 ? fg[3] : 1) * opacity;
    const seen = fg.slice(0, 3).map((v, i) => v * alpha + back[i] * (1 - alpha));
    const [a, b] = [lum(seen), lum(back)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio < need) low.push(`${node.id || node.className}: "${node.textContent.trim().slice(0, 30)}" ` +
                               `${ratio.toFixed(2)}:1 (${need}:1 needed)`);
  }
  return low;
}"""

READ = ["#count", "#headline", ".d-note-text"]
CLOCK_LABELS = [".d-next-title", "#sub", ".d-next-label", ".d-next-time", ".d-notes-title", "#name"]
STANDINGS_LABELS = ["#standings-title", ".d-st-row:not(.d-st-cols) .c-name", ".d-st-row:not(.d-st-cols) .c-main"]
SEATING_LABELS = ["#seating-title", ".d-seat-names li", ".d-seat-no b"]


async def between_rounds(serve: Any) -> Any:
    """Round 1 played and over (ENDED in the strip, the standings up), round 2's seating out, a long note."""
    timetable = [round_entry("r1", 1, start_in=600, minutes=120, title="Коло 1"),
                 round_entry("r2", 2, start_in=3 * 3600, minutes=180, title="Завршно коло и проглашење победника"),
                 {"id": "dinner", "kind": "break", "title": "Свечана вечера у ресторану хотела „Морава“",
                  "start": from_now(6.5 * 3600), "minutes": 60}]
    server = await serve(name=NAME, players=FIELD, timetable=timetable)
    await play(server, "r1", seed=5)
    await ack(server, {"type": "end_round", "item": "r1"})
    await ack(server, {"type": "publish_seating", "item": "r2"})
    return server


@bounded
@pytest.mark.parametrize("lang", ["sr-Cyrl", "en"])
async def test_every_text_of_the_display_has_aa_contrast(browser: Any, serve: Any, artifacts: Path,
                                                         lang: str) -> None:
    server = await between_rounds(serve)
    await ack(server, {"type": "start_round", "item": "r2"})  # round 2 on: the strip under the clock again
    tab = await open_tab(browser, server, f"/display?lang={lang}", viewport=DISPLAY)
    try:
        await live(tab)
        ended = tab.page.locator(".d-cell.st-ended .d-cell-status")
        await ended.first.wait_for(state="visible")
        assert await tab.page.evaluate(LOW_CONTRAST, ".d-cell.st-ended .d-cell-status") == []
        assert await tab.page.evaluate(LOW_CONTRAST, None) == []
        await shot(tab, artifacts, f"display-contrast-{lang}.png")  # (as measured: no fade half-way)
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()


async def scene(tab: Any, name: str) -> None:
    """Bring `name` up as an update does (a result its standings, a seating its panel) and wait for it: the
    scenes take turns on their own, but a test need not wait for the whole round of them."""
    await tab.page.evaluate("(name) => { window.hall.page.want = name; }", name)
    await tab.page.locator(f'body[data-scene="{name}"]').wait_for(state="attached")
    await tab.page.wait_for_timeout(400)  # the panel measured at its size (ResizeObserver)
    await settled(tab.page)  # its fade-in over


@bounded
@pytest.mark.parametrize("lang", ["sr-Cyrl", "sr-Latn", "sk", "en"])
async def test_the_back_of_the_hall_reads_the_display(browser: Any, serve: Any, artifacts: Path, lang: str) -> None:
    server = await between_rounds(serve)
    tab = await open_tab(browser, server, f"/display?lang={lang}", viewport=DISPLAY)
    try:
        await live(tab)
        made = await ack(server, {"type": "announce", "text": NOTE})
        await seen_seq(tab, made["seq"])
        await tab.page.locator("#banner").wait_for(state="visible")
        sizes = await tab.page.evaluate(SIZES, [".banner-title"])
        await shot(tab, artifacts, f"display-reading-banner-{lang}.png")
        await tab.page.evaluate("() => { while (window.hall.banners.current) window.hall.banners.dismiss(); }")
        # The clock scene: what is on, the countdown, the announcement under it; then each panel across the screen.
        await scene(tab, "clock")
        await tab.page.locator("#notes").wait_for(state="visible")
        await shot(tab, artifacts, f"display-reading-{lang}.png")
        sizes |= await tab.page.evaluate(SIZES, READ + CLOCK_LABELS)
        for name, labels in (("standings", STANDINGS_LABELS), ("seating", SEATING_LABELS)):
            await scene(tab, name)
            await tab.page.locator(f"#{name}-panel").wait_for(state="visible")
            await shot(tab, artifacts, f"display-reading-{name}-{lang}.png")
            sizes |= {f"{name} {sel}": seen for sel, seen in (await tab.page.evaluate(SIZES, labels)).items()}
            # the clock stays in sight over the panel
            sizes |= {f"{name} #count": (await tab.page.evaluate(SIZES, ["#count"]))["#count"]}
        missing = [sel for sel, seen in sizes.items() if seen is None]
        assert not missing, missing
        arcs = {sel: round(arc_minutes(seen["cap"]), 1) for sel, seen in sizes.items()}
        print(lang, arcs)
        small = {sel: arc for sel, arc in arcs.items() if arc < (READ_ARCMIN if sel in [*READ, ".banner-title"]
                                                                   else LABEL_ARCMIN)}
        assert not small, f"under {READ_ARCMIN:g}′ (what the hall reads) or {LABEL_ARCMIN:g}′ (labels) at 10 m: {small}"
        assert arcs["#count"] >= 2 * READ_ARCMIN, arcs["#count"]  # the clock bigger than any word
        spilled = [sel for sel, seen in sizes.items() if seen["out"]]
        assert not spilled, spilled
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()
