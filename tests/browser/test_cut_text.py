"""Nothing the hall reads is cut: a long tournament name, a long round title and the next item's title on
the display at 1920×1080, and the console's head, timetable titles and the Slovak addressee select on a
390×844 phone, each whole (wrapped if need be), never ending in "…"; and no button of any card of the
console on that phone reaches past its card or cuts its label, in any of the four languages (a long label
wraps inside its button, as the Slovak "Tlačiť lístky na prezentáciu" must)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from server import Server, from_now, round_entry, start_server_async
from support.examples import CACAK, EXAMPLES
from support.pages import DISPLAY, PHONE, ack, bounded, open_tab, referee_login, shot
from support.referee_api import round_one_played

from live.rules.alphabet import to_latin

pytestmark = pytest.mark.asyncio(loop_scope="session")

NAME = "Отворено првенство Чачка у преферансу за 2027. годину — меморијал Живорада Ранковића"
ROUND = "Завршно коло и проглашење победника"
DINNER = "Свечана вечера у ресторану хотела „Морава“ за све учеснике"

#: The elements whose text is cut: wider inside than shown, or a select narrower than its longest option.
CUT = """(selectors) => {
  const cut = [];
  for (const sel of selectors) {
    for (const el of document.querySelectorAll(sel)) {
      if (!el.getClientRects().length || !el.textContent.trim()) continue;
      if (el.tagName === 'SELECT') {
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = getComputedStyle(el).font;
        const widest = Math.max(...[...el.options].map((o) => ctx.measureText(o.text).width));
        if (widest + 24 > el.clientWidth) cut.push(`${sel}: ${Math.round(widest)} in ${el.clientWidth}`);
      } else if (el.scrollWidth > el.clientWidth + 1) {
        cut.push(`${sel}: ${el.textContent.trim()} (${el.scrollWidth} in ${el.clientWidth})`);
      }
    }
  }
  return cut;
}"""


#: The buttons of the console's cards that are out of their card (past its padding, unless inside a box of
#: the card that scrolls sideways) or narrower than their label, and how many buttons were looked at.
BUTTONS_OUT = """() => {
  const out = [];
  let seen = 0;
  for (const card of document.querySelectorAll('.card')) {
    if (!card.getClientRects().length) continue;
    const outer = card.getBoundingClientRect();
    const style = getComputedStyle(card);
    const left = outer.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    const right = outer.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
    for (const button of card.querySelectorAll('button, .btn')) {
      if (!button.getClientRects().length) continue;
      let scrolls = false;
      for (let e = button.parentElement; e && e !== card; e = e.parentElement) {
        scrolls ||= ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
      }
      if (scrolls) continue;
      seen += 1;
      const box = button.getBoundingClientRect();
      if (box.left < left - 0.5 || box.right > right + 0.5 || button.scrollWidth > button.clientWidth + 1) {
        out.push(`${card.id || card.className}: ${button.textContent.trim()} (${Math.round(box.left)}–` +
          `${Math.round(box.right)} in ${Math.round(left)}–${Math.round(right)})`);
      }
    }
  }
  return { out, seen };
}"""
LANGUAGES = ("en", "sr-Cyrl", "sr-Latn", "sk")


def morning_zone() -> str:
    """A time zone where it is now about 08:00: the round and the dinner after it fall on today, whatever the hour
    the tests run at (in UTC late in the evening the dinner was tomorrow's, and the display and the phone showed
    another day's timetable). Etc/GMT zones name their offset with the sign reversed."""
    ahead = (8 - datetime.now(UTC).hour) % 24
    ahead = ahead - 24 if ahead > 14 else ahead
    return "UTC" if ahead == 0 else f"Etc/GMT{'-' if ahead > 0 else '+'}{abs(ahead)}"


async def serve_long(serve: Any) -> Server:
    return await serve(name=NAME, timezone=morning_zone(), timetable=[
        round_entry("r1", 1, start_in=600, minutes=120, title=ROUND),
        {"id": "dinner", "kind": "break", "title": DINNER, "start": from_now(600 + 125 * 60), "minutes": 60},
    ])


@bounded
async def test_the_display_shows_long_names_and_titles_whole(browser: Any, serve: Any, artifacts: Path) -> None:
    server = await serve_long(serve)
    tab = await open_tab(browser, server, "/display?lang=sr-Cyrl", viewport=DISPLAY)
    try:
        await tab.page.locator(".d-headline", has_text=ROUND).wait_for(state="visible")
        await tab.page.locator(".d-next-title", has_text=DINNER).wait_for(state="visible")
        await shot(tab, artifacts, "display-long-titles.png")
        assert await tab.page.evaluate(CUT, [".d-name", ".d-headline", ".d-next", ".d-next-title"]) == []
        digits = await tab.page.locator(".d-countdown").bounding_box()
        assert digits is not None and digits["height"] > 100, digits  # the words wrap; the countdown still reads
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()


@bounded
async def test_the_console_on_a_phone_shows_its_words_whole(browser: Any, serve: Any, artifacts: Path) -> None:
    server = await serve_long(serve)
    tab = await open_tab(browser, server, "/referee?lang=sk", viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        await tab.page.locator("#token").fill(server.token)
        await tab.page.locator("#login-button").click()
        await tab.page.locator(".r-item .title", has_text=to_latin(DINNER)).wait_for(state="visible")  # a Latin page
        await tab.page.locator("#announce-player option").first.wait_for(state="attached")
        await shot(tab, artifacts, "console-long-titles-sk.png")
        assert await tab.page.evaluate(CUT, [".r-top h1", ".r-item .title", "#announce-player"]) == []
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()


@bounded
async def test_the_player_page_on_a_phone_shows_its_words_whole(browser: Any, serve: Any) -> None:
    server = await serve_long(serve)
    tab = await open_tab(browser, server, "/player?lang=sr-Cyrl", viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        await tab.page.locator(".p-tt .title", has_text=DINNER).wait_for(state="visible")
        assert await tab.page.evaluate(CUT, [".p-name", ".p-tt .title"]) == []
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()


@pytest.mark.parametrize("example", ["cacak", "slovak"])
@bounded
async def test_no_button_of_the_console_reaches_past_its_card_on_a_phone_in_any_language(
        browser: Any, tmp_path: Path, artifacts: Path, example: str) -> None:
    """Čačak with round 1 played (check-in, desk, standings, prizes, sanctions, slips…) and a Slovak league day
    seated (check-in, team sheets, appeals…): every card a referee sees, in each language."""
    file = CACAK if example == "cacak" else EXAMPLES / "slovak-league-2027.toml"
    server = await start_server_async(file, tmp_path / f"{example}.db")
    try:
        if example == "cacak":
            await round_one_played(server)
            last = "#prizes-card"
        else:
            await ack(server, {"type": "publish_seating", "item": "m1"})
            last = "#sheets-card"
        for lang in LANGUAGES:
            tab = await open_tab(browser, server, f"/referee?lang={lang}", viewport=PHONE, is_mobile=True,
                                 has_touch=True)
            try:
                await referee_login(tab, server.token)
                for card in ("#checkin-card", last):
                    await tab.page.locator(card).wait_for(state="visible")
                await tab.page.locator("#ci-list .r-ci-row").first.wait_for(state="visible")
                found = await tab.page.evaluate(BUTTONS_OUT)
                if lang == "sk":
                    await tab.page.locator("#checkin-card").scroll_into_view_if_needed()
                    await shot(tab, artifacts, f"console-buttons-{example}-sk.png")
                assert found["seen"] > 20, found  # (the cards are drawn: their buttons are there to measure)
                assert found["out"] == [], f"{lang}: {found['out']}"
                assert not tab.errors, tab.errors
            finally:
                await tab.context.close()
    finally:
        server.stop()
