"""The player page's private session in a real browser (headless Chromium, a phone's 390×844).

Without the player's session the page shows the public view (seat, standings) and asks for the
code; the code, typed once, opens the session (an HttpOnly cookie the page cannot read) and the
private notices appear. The page keeps no code; "not me" ends the session.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from server import Server, round_entry
from support.pages import NAME, PHONE, PLAYERS, ack, bounded, choose, live, open_tab, seen_seq, shot

pytestmark = pytest.mark.asyncio(loop_scope="session")

PRIVATE = "Vesna Jovanović: please come to the referees' desk"


async def codes_of(server: Server) -> dict[str, str]:
    async with httpx.AsyncClient(timeout=10) as http:
        page = await http.get(f"{server.url}/api/checkin-codes", headers={"Authorization": f"Bearer {server.token}"})
    assert page.status_code == 200, page.text
    return dict(re.findall(r"<tr><td>(\w+)</td><td>[^<]*</td><td class=code>([A-Z0-9-]+)</td></tr>", page.text))


@bounded
async def test_the_page_asks_for_the_code_and_then_shows_the_private_notice(browser: Any, serve: Any,
                                                                           artifacts: Path) -> None:
    server = await serve(name=NAME, players=PLAYERS, timetable=[round_entry("r1", 1, start_in=1800, minutes=180)])
    codes = await codes_of(server)
    await ack(server, {"type": "announce", "text": PRIVATE, "player": "p3"})
    phone = await open_tab(browser, server, "/player", viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        await choose(phone, "ves", "Vesna Jovanović")
        await live(phone)
        page = phone.page
        # the public view: her name and check-in status, no words of the notice, a prompt for the code
        await page.locator("#code-card").wait_for(state="visible")
        await page.locator("#notices-locked", has_text="1 notice for you").wait_for(state="visible")
        assert PRIVATE not in await page.locator("body").inner_text()
        assert await page.locator("#ci-button").is_hidden(), "no check-in without the code"
        await page.locator("#ci-hint", has_text="Type your code above").wait_for(state="visible")

        # a wrong code first: said so, nothing opens
        await page.locator("#code-input").fill("ZZZZ-ZZZZ")
        await page.locator("#code-open").click()
        await page.locator("#code-error", has_text="not right").wait_for(state="visible")

        # her code, typed as people type it: lower case, no dash
        await page.locator("#code-input").fill(codes["p3"].replace("-", "").lower())
        await page.locator("#code-open").click()
        await page.locator("#notices", has_text=PRIVATE).wait_for(state="visible")
        await page.locator("#code-card").wait_for(state="hidden")
        kept = await page.evaluate("() => JSON.stringify(localStorage) + document.cookie")
        assert codes["p3"].replace("-", "") not in kept.upper().replace("-", ""), "the page keeps no code"
        assert "live_player" not in kept, "the session cookie is HttpOnly"

        # a new private notice arrives live; the check-in goes through the session
        text = "Your table is 4 today"
        notice = await ack(server, {"type": "announce", "text": text, "player": "p3"})
        await seen_seq(phone, notice["seq"])
        await page.locator("#notices", has_text=text).wait_for(state="visible")
        if not await page.locator("#banner").is_hidden():
            await page.locator("#banner").click()
            await page.locator("#banner").wait_for(state="hidden")
        await page.locator("#ci-button").click()
        await page.locator("#ci-status", has_text="You are checked in for Round 1 at").wait_for(state="visible")
        await shot(phone, artifacts, "player-session.png")

        # "not me": the session ends; her page is public again
        await page.locator("#not-you").click()
        await choose(phone, "ves", "Vesna Jovanović")
        await page.locator("#code-card").wait_for(state="visible")
        await page.locator("#notices-locked", has_text="2 notices for you").wait_for(state="visible")
        assert PRIVATE not in await page.locator("body").inner_text()
        assert not phone.errors, phone.errors
    finally:
        await phone.context.close()


@bounded
async def test_the_code_prompt_in_serbian_cyrillic_and_slovak(browser: Any, serve: Any, artifacts: Path) -> None:
    server = await serve(name=NAME, players=PLAYERS, timetable=[round_entry("r1", 1, start_in=1800, minutes=180)])
    await ack(server, {"type": "announce", "text": PRIVATE, "player": "p3"})
    # A name typed in Latin reads in Cyrillic on a Cyrillic page.
    for lang, prompt, vesna in (("sr-Cyrl", "Ваш код", "Весна Јовановић"), ("sk", "Váš kód", "Vesna Jovanović")):
        phone = await open_tab(browser, server, f"/player?lang={lang}", viewport=PHONE, is_mobile=True, has_touch=True)
        try:
            await choose(phone, "ves", vesna)
            await phone.page.locator("#code-title", has_text=prompt).wait_for(state="visible")
            await phone.page.locator("#notices-locked").wait_for(state="visible")
            await shot(phone, artifacts, f"player-code-{lang}.png")
            assert not phone.errors, phone.errors
        finally:
            await phone.context.close()
