"""The organizer's day as it goes, in the Čačak tournament's own language (sr-Cyrl), in a real browser: the
console works on the round in play (the sanctions card and the slips follow round 3 when it starts, and a
sanction goes to round 3's table)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from server import Server, round_entry, start_server_async, tournament_toml
from test_console_sanctions import logged, no_toast
from test_pages import (
    PHONE,
    Tab,
    ack,
    bounded,
    open_tab,
    record_all,
    referee_login,
    seating_of,
    seen_seq,
    shot,
)

pytestmark = pytest.mark.asyncio(loop_scope="session")

NAME = "Куп Чачка у преферансу 2027"
ZONE = "Europe/Belgrade"
PLAYERS = ({"id": "p1", "name": "Ана Петровић"}, {"id": "p2", "name": "Бојан Илић"},
           {"id": "p3", "name": "Весна Јовановић"}, {"id": "p4", "name": "Драган Марковић"},
           {"id": "p5", "name": "Јелена Шарић"}, {"id": "p6", "name": "Милан Ђорђевић"})
HOUR = 3600
#: A banner stays up until the test has seen what it must (the pages' window.hall.banners is theirs to debug).
HOLD_BANNERS = "() => { window.hall.banners.showMs = 600000; window.hall.banners.minMs = 600000; }"


@contextlib.asynccontextmanager
async def cacak_day(tmp_path: Path, rounds: int = 1) -> AsyncIterator[Server]:
    """A Čačak preferans day in Serbian Cyrillic, as the seed's tournament is: rounds of 3 hours, the first an
    hour from now (the referee starts them early)."""
    timetable = [round_entry(f"r{k}", k, start_in=k * 4 * HOUR, minutes=180, title=f"{k}. коло")
                 for k in range(1, rounds + 1)]
    text = tournament_toml(name=NAME, timezone=ZONE, timetable=timetable, players=PLAYERS).replace(
        'preset = "cacak-preferans"',
        'preset = "cacak-preferans"\nlanguages = ["sr-Cyrl", "sr-Latn", "en"]\nlanguage = "sr-Cyrl"')
    file = tmp_path / "cacak.toml"
    file.write_text(text, encoding="utf-8")
    server = await start_server_async(file, tmp_path / "cacak.db")
    try:
        yield server
    finally:
        server.stop()


async def phone(browser: Any, server: Server, path: str = "/player") -> Tab:
    return await open_tab(browser, server, path, viewport=PHONE, is_mobile=True, has_touch=True)


def seat_words(tables: dict[int, list[str]], player: str) -> str:
    """"сто 2, место 3": where the player sits, as the phone says it."""
    table, players = next((n, ps) for n, ps in tables.items() if player in ps)
    return f"сто {table}, место {players.index(player) + 1}"


@bounded
async def test_the_console_opened_in_round_1_works_on_round_3_once_it_starts(browser: Any, tmp_path: Path,
                                                                             artifacts: Path) -> None:
    async with cacak_day(tmp_path, rounds=3) as server:
        first = seating_of(await ack(server, {"type": "publish_seating", "item": "r1", "seed": 4}))
        await ack(server, {"type": "start_round", "item": "r1"})
        console = await open_tab(browser, server, "/referee", viewport=PHONE, is_mobile=True, has_touch=True,
                                 accept_dialogs=True)
        try:
            await referee_login(console, server.token)
            sanctions = console.page.locator("#sanctions-card")
            await sanctions.locator('[data-role="sanction-players"] [data-player]').first.wait_for(state="visible")
            slips = console.page.locator("#slips-card")
            await slips.wait_for(state="visible")
            # The day goes on with the console open: round 1 played and ended, round 2 too, round 3 started.
            await record_all(server, "r1", first)
            await ack(server, {"type": "end_round", "item": "r1"})
            second = seating_of(await ack(server, {"type": "publish_seating", "item": "r2"}))
            await ack(server, {"type": "start_round", "item": "r2"})
            await record_all(server, "r2", second)
            await ack(server, {"type": "end_round", "item": "r2"})
            third = seating_of(await ack(server, {"type": "publish_seating", "item": "r3"}))
            started = await ack(server, {"type": "start_round", "item": "r3"})
            await seen_seq(console, started["seq"])
            on = '[aria-pressed="true"]'
            await sanctions.locator(f'[data-role="sanction-rounds"] [data-item="r3"]{on}').wait_for(state="visible")
            await slips.locator(f'[data-role="slip-rounds"] [data-item="r3"]{on}').wait_for(state="visible")
            # A sanction found by table 1 goes to round 3's table 1, not round 1's.
            dealer = third[1][0]
            await sanctions.locator('[data-role="sanction-find"]').fill("1")
            await sanctions.locator(f'[data-role="sanction-players"] [data-player="{dealer}"]').click()
            await sanctions.locator('[data-kind="bad_shuffle"]').click()
            await sanctions.locator('[data-role="sanction-proposal"]', has_text="опомена").wait_for(state="visible")
            await sanctions.locator('[data-role="sanction-find"]').fill("")
            await sanctions.locator('[data-role="sanction-find"]').blur()
            await console.page.locator("#sanctions-card").scroll_into_view_if_needed()
            await shot(console, artifacts, "day-console-sanctions-r3-sr-Cyrl.png")
            await sanctions.locator('[data-action="sanction"]').click()
            recorded = [e["payload"] for e in await logged(server, "sanction_recorded", 1)]
            assert [(x["item"], x["player"], x.get("table")) for x in recorded] == [("r3", dealer, 1)]
            await no_toast(console)
            await slips.scroll_into_view_if_needed()
            await shot(console, artifacts, "day-console-slips-r3-sr-Cyrl.png")
            assert not console.errors, console.errors
        finally:
            await console.context.close()
