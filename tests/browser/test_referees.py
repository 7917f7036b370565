"""Named referees in a real browser: a referee added at the console signs in on a 390×844 phone by
opening their one-time login link (no token typed), the link leaves the address bar at once, the
console's audit shows their name on what they did, and the same link in a second browser is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from server import round_entry
from support.pages import PHONE, PLAYERS, ack, bounded, live, open_tab, referee_login, shot

pytestmark = pytest.mark.asyncio(loop_scope="session")


@bounded
async def test_a_referee_signs_in_on_a_phone_with_the_login_link_and_the_audit_names_them(
        browser: Any, serve: Any, artifacts: Path) -> None:
    server = await serve(players=PLAYERS, timetable=[round_entry("r1", 1, start_in=3600, minutes=180)])
    added = await ack(server, {"type": "add_referee", "name": "Vesna Jovanović"})
    assert added["events"][0]["type"] == "referee_added"
    async with httpx.AsyncClient(timeout=10) as http:  # the link the console showed the colleague who added her
        made = await http.post(f"{server.url}/api/login-links", json={"name": "Vesna Jovanović"},
                               headers={"Authorization": f"Bearer {server.token}"})
    path = "/referee#login=" + made.json()["url"].split("#login=")[1]
    phone = await open_tab(browser, server, path, viewport=PHONE, is_mobile=True, has_touch=True, accept_dialogs=True)
    try:
        await phone.page.locator("#app").wait_for(state="visible")
        await live(phone)
        assert "login=" not in phone.page.url, "the link's secret is taken out of the address at once"
        # (the referees' card is one of the cards drawn after the first screen: display/referee/cards.js)
        await phone.page.locator("#referees-card", has_text="Vesna Jovanović").wait_for(state="attached")
        await phone.page.locator("#announce-text").fill("Round 1 starts in ten minutes")
        await phone.page.locator("#announce-button").click()
        row = phone.page.locator("#audit tr", has_text="Round 1 starts in ten minutes")
        await row.locator("td.who", has_text="Vesna Jovanović").wait_for()
        signed = phone.page.locator("#audit tr", has_text="login link")
        await signed.locator("td.who", has_text="Vesna Jovanović").wait_for()
        events = await server.events()
        assert [e["actor"] for e in events if e["type"] == "announced"] == ["referee:Vesna Jovanović"]
        # her console can show a login link (and its QR code) for a colleague
        await phone.page.locator("#referees-card li[data-referee='referee'] [data-action='login-link']").click()
        await phone.page.locator("[data-role='login-link'] img.r-ref-qr").wait_for()
        assert not phone.errors, phone.errors
        await shot(phone, artifacts, "referee-login-link-phone.png")
    finally:
        await phone.context.close()
    # the same link once more, in another browser: refused, and the sign-in form is shown
    again = await open_tab(browser, server, path, viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        await again.page.locator("#login-error", has_text="used already").wait_for()
        assert await again.page.locator("#app").is_hidden()
        await referee_login(again, server.token)  # the token typed once still signs in (as "referee")
        await again.page.locator("#me").wait_for(state="attached")
    finally:
        await again.context.close()
