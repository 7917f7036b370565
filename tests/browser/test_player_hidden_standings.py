"""Standings hidden for the last rounds, in a real browser (docs/rules/prizes.md#hidden-standings): from the start of
round N the player's
phone says the standings are hidden until the prize-giving (no place, no list), the referee's console still
shows them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server import round_entry
from support.pages import (
    NAME,
    PHONE,
    PLAYERS,
    ack,
    bounded,
    choose,
    live,
    open_tab,
    play_round,
    referee_login,
    seen_seq,
    shot,
)

pytestmark = pytest.mark.asyncio(loop_scope="session")


@bounded
async def test_from_round_n_the_phone_says_the_standings_are_hidden_and_the_console_still_shows_them(
        browser: Any, serve: Any, artifacts: Path) -> None:
    rounds = [round_entry("r1", 1, start_in=3600, minutes=60), round_entry("r2", 2, start_in=7200, minutes=60)]
    server = await serve(name=NAME, players=PLAYERS, timetable=rounds, rules={"standings_hidden_from_round": 2})
    await play_round(server, "r1", seed=3)
    await ack(server, {"type": "end_round", "item": "r1"})
    phone = await open_tab(browser, server, "/player", viewport=PHONE, is_mobile=True, has_touch=True)
    console = await open_tab(browser, server, "/referee", viewport=PHONE, is_mobile=True, has_touch=True,
                             accept_dialogs=True)
    try:
        await choose(phone, "ves", "Vesna Jovanović")
        await live(phone)
        place = phone.page.locator("#place-card")
        await phone.page.locator("#place-line", has_text="of 6").wait_for(state="visible")  # round 1: her place
        assert await phone.page.locator("#around li").count() == 6
        await referee_login(console, server.token)

        await ack(server, {"type": "publish_seating", "item": "r2"})
        started = await ack(server, {"type": "start_round", "item": "r2"})
        await seen_seq(phone, started["seq"])
        await phone.page.locator("#place-line", has_text="Hidden until the prize-giving").wait_for(state="visible")
        assert "From round 2 on" in await phone.page.locator("#place-detail").inner_text()
        assert await phone.page.locator("#around li").count() == 0
        assert "of 6" not in await place.inner_text()
        await place.scroll_into_view_if_needed()
        await shot(phone, artifacts, "player-standings-hidden.png")

        await seen_seq(console, started["seq"])
        assert await console.page.locator("#st-body tr").count() == len(PLAYERS)  # the referee keeps them
        slips = console.page.locator("#ci-slips")  # and beside the printed codes, the slips to cut out
        assert await slips.get_attribute("href") == "/api/checkin-slips"
        assert await slips.inner_text() == "Print check-in slips"

        # The prize-giving: the referee shows the standings to the hall, and the phone has its place again.
        hidden = console.page.locator("#st-hidden")
        await hidden.wait_for(state="visible")
        assert "until the prize-giving" in await hidden.inner_text()
        await console.page.locator("#reveal").click()
        await phone.page.locator("#place-line", has_text="of 6").wait_for(state="visible")
        await hidden.wait_for(state="hidden")
        assert "prize-giving" in console.dialogs[-1]
        await console.page.locator("#audit tr", has_text="standings shown to the hall").wait_for()
        assert not phone.errors and not console.errors, (phone.errors, console.errors)
    finally:
        await phone.context.close()
        await console.context.close()
