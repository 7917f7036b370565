"""A player's own check-in on their phone (390×844) goes to the round it is for and says so, in the languages
of the examples' tournaments:

- Čačak (sr-Cyrl, and its other script sr-Latn), its rounds moved closer together than the hour a round's
  check-in opens before it: the phone offers round 1 (not round 3, whose check-in is open too), confirms the
  check-in in words with the time the server recorded, and offers it again once a referee undid it.
- A Slovak league day (sk): a team member's own check-in is the server's word, not the phone's: confirmed,
  and forgotten once a referee undid it.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from server import Server, start_server_async
from support.examples import close_rounds, slovak
from support.pages import PHONE, Tab, ack, bounded, choose, live, open_session, open_tab, shot, until
from support.referee_api import referee_state, rows

pytestmark = pytest.mark.asyncio(loop_scope="session")

VESNA = ("p08", "Весна Павловић")


@bounded
async def test_a_phone_checks_in_for_round_1_says_so_and_offers_it_again_after_an_undo(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    server = await start_server_async(close_rounds(tmp_path / "cacak.toml"), tmp_path / "cacak.db")
    phone: Tab | None = None
    try:
        await ack(server, {"type": "publish_seating", "item": "r1", "seed": 5})
        state = await server.state()
        titles = {i["id"]: i["title"] for i in state["timetable"]}
        assert titles["r1"] == "Коло 1"
        phone = await open_tab(browser, server, "/player?lang=sr-Cyrl", viewport=PHONE, is_mobile=True,
                               has_touch=True)
        page = phone.page
        await choose(phone, "весн", VESNA[1])
        await open_session(phone, server, VESNA[0])
        await live(phone)
        # round 3's check-in is open too, but she is here for round 1
        await page.locator("#ci-title", has_text="Коло 1").wait_for(state="visible")
        await page.locator("#ci-button").click()
        status = page.locator("#ci-status")
        await status.filter(has_text=re.compile(r"Коло 1: пријављени сте у \d\d:\d\d\.")).wait_for(state="visible")
        assert await page.locator("#ci-button").is_hidden()
        came = await until(lambda: _arrived(server, VESNA[0]), "her check-in for round 1")
        shown = datetime.fromtimestamp(came / 1000, ZoneInfo("Europe/Belgrade")).strftime("%H:%M")
        assert f"у {shown}." in await status.inner_text(), "the time the server recorded"
        await shot(phone, artifacts, "player-checked-in-sr-Cyrl.png")
        # the same phone in Latin letters (the tournament's other script)
        await page.goto(f"{server.url}/player?lang=sr-Latn")
        await live(phone)
        await status.filter(has_text=re.compile(r"\S+ 1: prijavljeni ste u \d\d:\d\d\.")).wait_for(state="visible")
        await shot(phone, artifacts, "player-checked-in-sr-Latn.png")

        # a referee undoes her check-in: her phone offers it again
        audit = (await referee_state(server))["audit"]
        mine = next(c for c in audit if c["type"] == "checked_in" and c["by"] == f"player:{VESNA[0]}")
        assert mine["payload"]["item"] == "r1"
        await ack(server, {"type": "undo", "seq": mine["seq"]})
        await page.locator("#ci-button").wait_for(state="visible")
        assert "prijavljeni ste" not in await status.inner_text()
        await shot(phone, artifacts, "player-checkin-undone-sr-Latn.png")
        assert not phone.errors, phone.errors
    finally:
        if phone is not None:
            await phone.context.close()
        server.stop()


async def _arrived(server: Server, player: str) -> int | None:
    row = (await rows(server)).get(player)
    return None if row is None else row.get("arrived_at")


@bounded
async def test_a_team_members_phone_in_slovak_says_their_own_check_in_and_forgets_it_once_undone(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    server = await start_server_async(slovak(tmp_path / "sk.toml"), tmp_path / "sk.db")
    phone: Tab | None = None
    try:
        await ack(server, {"type": "publish_seating", "item": "m1"})
        phone = await open_tab(browser, server, "/player?lang=sk", viewport=PHONE, is_mobile=True, has_touch=True)
        page = phone.page
        await choose(phone, "t11", "Hráč T11")
        await open_session(phone, server, "t1p1")
        await live(phone)
        await page.locator("#ci-button").click()
        status = page.locator("#ci-status")
        await status.filter(has_text=re.compile(r"1\. kolo: prezentácia zapísaná o \d\d:\d\d\.")).wait_for()
        assert await page.locator("#ci-button").is_hidden()
        await shot(phone, artifacts, "player-checked-in-sk.png")
        audit = (await referee_state(server))["audit"]
        mine = next(c for c in audit if c["type"] == "checked_in" and c["by"] == "player:t1p1")
        await ack(server, {"type": "undo", "seq": mine["seq"]})
        await page.locator("#ci-button").wait_for(state="visible")
        assert "prezentácia zapísaná" not in await status.inner_text(), "the phone keeps no check-in of its own"
        assert not phone.errors, phone.errors
    finally:
        if phone is not None:
            await phone.context.close()
        server.stop()
