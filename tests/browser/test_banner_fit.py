"""A referee's long announcement on the hall display (1920×1080): about 150 characters sent through the referee
API come up as a full-screen banner whose label ("ANNOUNCEMENT") shows whole above the text, and whose text
wraps and, when it must, steps its size down until the banner fits the screen, never under 10′ of arc at 10 m
(test_display_reading.py measures the same way); nothing is cut or reaches past the screen, in the four
languages, each with its own long words; and the longest the server takes (its `limits.announcement`) too.
Screenshots: tests/artifacts/display-banner-long-<lang>.png and display-banner-limit-<lang>.png."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from server import round_entry
from support.axe import settled
from support.pages import DISPLAY, ack, bounded, live, open_tab, seen_seq, shot

from live.core.texts import MAX_TEXT

pytestmark = pytest.mark.asyncio(loop_scope="session")

SCREEN_HEIGHT_M = 65 * 0.0254 * 9 / math.hypot(16, 9)  # a 65" 16:9 screen: 0.81 m high
DISTANCE_M = 10.0
#: A long announcement may be smaller than the 16′ of a short one, but the back of the hall still reads it.
MIN_ARCMIN = 10.0

#: About 150 characters in each language, with the long words of each.
LONG = {
    "sr-Cyrl": ("Због реконструкције електроинсталација завршно коло и проглашење најуспешнијих такмичара одржаваће се "
                "у конгресној дворани хотела „Морава“, други спрат."),
    "sr-Latn": ("Zbog rekonstrukcije elektroinstalacija završno kolo i proglašenje najuspešnijih takmičara održavaće "
                "se u kongresnoj dvorani hotela „Morava“, drugi sprat."),
    "sk": ("Pre rekonštrukciu elektroinštalácie sa záverečné kolo a slávnostné vyhlásenie najúspešnejších súťažiacich "
           "presúva do kongresovej sály na prvom poschodí."),
    "en": ("Because the electrical installations are being reconstructed, the final round and the announcement of "
           "the prizewinners move to the conference hall upstairs."),
}

#: The banner's parts as seen: text, box, capital height (px, with the font rendered), whether the text is cut
#: (wider or taller inside than shown), out of the screen, or covered; and whether the banner's inside fits it.
BANNER = """() => {
  const ctx = document.createElement('canvas').getContext('2d');
  const part = (node) => {
    const style = getComputedStyle(node);
    ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const box = node.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 5));
    return {
      text: node.textContent, font: parseFloat(style.fontSize), top: box.top, bottom: box.bottom,
      cap: ctx.measureText('H').actualBoundingBoxAscent,
      shown: box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && Number(style.opacity) > 0.5,
      inside: box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth,
      cut: node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1,
      covered: !(top && (top === node || node.contains(top))),
    };
  };
  const banner = document.getElementById('banner');
  return {
    kicker: part(document.getElementById('banner-kicker')), title: part(document.getElementById('banner-title')),
    spills: banner.scrollHeight > banner.clientHeight + 1 || banner.scrollWidth > banner.clientWidth + 1,
  };
}"""


def arc_minutes(px: float) -> float:
    """The arc (minutes) `px` pixels of the 1080 px high picture take on the 65" screen seen from 10 m."""
    metres = px * SCREEN_HEIGHT_M / DISPLAY["height"]
    return math.degrees(2 * math.atan(metres / 2 / DISTANCE_M)) * 60


def longest(text: str) -> str:
    """`text` again and again up to the longest announcement the server takes, ending at a word."""
    words = " ".join([text] * (MAX_TEXT // len(text) + 1))[:MAX_TEXT + 1]
    return words[:words.rindex(" ")]


@bounded
@pytest.mark.parametrize("longer", [False, True], ids=["150", "limit"])
@pytest.mark.parametrize("lang", list(LONG))
async def test_a_long_announcement_fits_its_banner_label_and_all(browser: Any, serve: Any, artifacts: Path,
                                                                lang: str, longer: bool) -> None:
    text = longest(LONG[lang]) if longer else LONG[lang]
    assert 145 <= len(text) <= 160 or longer, len(text)
    server = await serve(timetable=[round_entry("r1", 1, start_in=3600, minutes=180)])
    tab = await open_tab(browser, server, f"/display?lang={lang}")
    try:
        await live(tab)
        made = await ack(server, {"type": "announce", "text": text})
        await seen_seq(tab, made["seq"])
        await tab.page.locator("#banner").wait_for(state="visible")
        await settled(tab.page)  # the banner's pop-in over
        seen = await tab.page.evaluate(BANNER)
        await shot(tab, artifacts, f"display-banner-{'limit' if longer else 'long'}-{lang}.png")
        kicker, title = seen["kicker"], seen["title"]
        print(lang, len(text), {"label": round(arc_minutes(kicker["cap"]), 1),
                                "text": round(arc_minutes(title["cap"]), 1)})
        assert title["text"] == text, title["text"]
        assert kicker["text"].strip(), kicker
        for name, part in (("label", kicker), ("text", title)):
            assert part["shown"] and part["inside"], (name, part)
            assert not part["cut"] and not part["covered"], (name, part)
        assert kicker["bottom"] <= title["top"] + 1, "the label above the text, not over it"
        assert not seen["spills"], seen
        assert arc_minutes(title["cap"]) >= MIN_ARCMIN, (arc_minutes(title["cap"]), title)
        assert arc_minutes(kicker["cap"]) >= MIN_ARCMIN, (arc_minutes(kicker["cap"]), kicker)
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()
