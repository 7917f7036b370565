"""A printed check-in slip in a real browser (docs/rules/check-in.md#codes): its QR code opens `/player#code=<code>` on
the
player's phone, which opens that player's session at once and clears the code from the address bar."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from server import Server, round_entry
from support.pages import NAME, PHONE, PLAYERS, bounded, live, open_tab, printed_slips

pytestmark = pytest.mark.asyncio(loop_scope="session")

async def slips_page(server: Server) -> str:
    async with httpx.AsyncClient(timeout=10) as http:
        page = await http.get(f"{server.url}/api/checkin-slips", headers={"Authorization": f"Bearer {server.token}"})
    assert page.status_code == 200, page.text
    return page.text


@bounded
async def test_a_slips_qr_address_opens_the_players_session_on_a_phone_and_leaves_no_code(
        browser: Any, serve: Any, artifacts: Path) -> None:
    server = await serve(name=NAME, players=PLAYERS, timetable=[round_entry("r1", 1, start_in=1800, minutes=180)])
    slip = re.search(r'data-player="p3">.*?<div class=code>([A-Z0-9-]+)</div>', await slips_page(server), re.S)
    assert slip is not None
    code = slip.group(1).replace("-", "")
    phone = await open_tab(browser, server, f"/player#code={code}", viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        await phone.page.locator("#me-name", has_text="Vesna Jovanović").wait_for(state="visible")
        await live(phone)
        await phone.page.wait_for_function("() => window.hall.connection.sections.me?.session === true")
        assert await phone.page.locator("#code-card").is_hidden()  # nothing left to type
        href = await phone.page.evaluate("location.href")
        assert "#" not in href and code not in href, href
        cookies = {c["name"] for c in await phone.context.cookies()}
        assert "live_player" in cookies
        assert not phone.errors, phone.errors
    finally:
        await phone.context.close()

    # The sheet as it prints: A4, cut lines, a QR code on every slip.
    assert await printed_slips(browser, server, "/api/checkin-slips", artifacts, "checkin-slips.png") == len(PLAYERS)


@bounded
async def test_a_wrong_code_in_the_address_says_so_and_is_cleared(browser: Any, serve: Any) -> None:
    server = await serve(name=NAME, players=PLAYERS, timetable=[round_entry("r1", 1, start_in=1800, minutes=180)])
    phone = await open_tab(browser, server, "/player#code=ABCDEFGH", viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        await phone.page.locator("#who-problem").wait_for(state="visible")
        assert "#" not in await phone.page.evaluate("location.href")
        await phone.page.locator("#players button").first.wait_for(state="visible")  # the names to choose from
    finally:
        await phone.context.close()
