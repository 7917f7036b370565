"""The organizer's day as it goes, in the Čačak tournament's own language (sr-Cyrl), in a real browser: the
console works on the round in play (the sanctions card and the slips follow round 3 when it starts, and a
sanction goes to round 3's table), a banner that shows a time shows the time after "+5 minutes" (the hall's
display and a phone), and a phone's round call and start say where to sit — live, and on a phone that was
away when the round was called or started."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from server import Server, round_entry, start_server_async, tournament_toml
from support.pages import (
    DISPLAY,
    PHONE,
    Tab,
    ack,
    bounded,
    choose,
    clock_text,
    live,
    no_toast,
    open_tab,
    record_all,
    referee_login,
    seating_of,
    seen_seq,
    shot,
    shown,
)
from support.referee_api import logged

#: Round 1 starts this long after the server comes up: inside the Čačak call's 5 minutes before a start
#: (live/rules/presets.py `call_before`), so that "to your tables" goes out as soon as the round is seated
#: (live/commands/signals.py), and long enough before the start for a test to be over before it.
CALLED_IN = 4 * 60.0

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
async def cacak_day(tmp_path: Path, rounds: int = 1, first_in: float = 4 * HOUR) -> AsyncIterator[Server]:
    """A Čačak preferans day in Serbian Cyrillic, as the seed's tournament is: rounds of 3 hours, 4 hours apart,
    the first `first_in` seconds from now (the referee starts them early)."""
    timetable = [round_entry(f"r{k}", k, start_in=first_in + (k - 1) * 4 * HOUR, minutes=180, title=f"{k}. коло")
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


async def still(page: Any) -> None:
    """Wait until the page's animations are over (a banner fading in), for a screenshot that shows it."""
    await page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")


async def called_at_seating(server: Server) -> tuple[dict[int, list[str]], int]:
    """Round 1 seated, and so called to the tables at once (CALLED_IN): its tables, and its start (epoch ms)."""
    tables = seating_of(await ack(server, {"type": "publish_seating", "item": "r1", "seed": 4}))
    (call,) = await logged(server, "round_called", 1)
    assert call["payload"]["item"] == "r1", call
    start = next(i for i in (await server.state())["timetable"] if i["id"] == "r1")["start"]
    return tables, start


def seat_words(tables: dict[int, list[str]], player: str) -> str:
    """"сто 2, место 3": where the player sits, as the phone says it."""
    table, players = next((n, ps) for n, ps in tables.items() if player in ps)
    return f"сто {table}, место {players.index(player) + 1}"


async def connected(phone_tab: Tab, on: bool) -> None:
    """The phone's network off (a phone in a pocket, out of the hall's Wi-Fi) or back, once its page shows it."""
    await phone_tab.context.set_offline(not on)
    await phone_tab.page.locator(f'#conn[data-state="{"up" if on else "down"}"]').wait_for(
        state="attached", timeout=15_000 if on else None)


async def reopened(phone_tab: Tab, server: Server) -> Any:
    """Its tab closed while asleep and opened again later: the new page, once it shows whose phone it is."""
    again = await phone_tab.context.new_page()
    again.on("pageerror", lambda error: phone_tab.errors.append(str(error)))
    phone_tab.page = again
    await again.goto(server.url + "/player")
    await again.locator("#me-name", has_text="Весна Јовановић").wait_for(state="visible")
    return again


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


@bounded
async def test_after_plus_five_minutes_the_banners_on_the_display_and_a_phone_say_the_new_end_and_the_seat(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    async with cacak_day(tmp_path) as server:
        tables = seating_of(await ack(server, {"type": "publish_seating", "item": "r1", "seed": 4}))
        display = await open_tab(browser, server, "/display", viewport=DISPLAY)
        vesna = await phone(browser, server)
        try:
            await choose(vesna, "ves", "Весна Јовановић")
            await asyncio.gather(live(display), live(vesna))
            for tab in (display, vesna):
                await tab.page.evaluate(HOLD_BANNERS)
            started = await ack(server, {"type": "start_round", "item": "r1"})
            ends = next(i for i in (await server.state())["timetable"] if i["id"] == "r1")["ends_at"]
            seat = seat_words(tables, "p3")
            await shown(display, "#banner", "Почетак кола", f"завршетак у {clock_text(ends, ZONE)}")
            # The phone's start says where to sit, and when the round ends.
            await shown(vesna, "#banner", "Почетак кола", seat, f"завршетак у {clock_text(ends, ZONE)}")
            await still(vesna.page)
            await shot(vesna, artifacts, "day-phone-start-seat-sr-Cyrl.png")
            # +5 minutes while the start is on screen: the banner says the new end, as the clock under it.
            extended = await ack(server, {"type": "extend", "item": "r1", "minutes": 5})
            await asyncio.gather(seen_seq(display, extended["seq"]), seen_seq(vesna, extended["seq"]))
            new_end = clock_text(ends + 5 * 60_000, ZONE)
            assert new_end != clock_text(ends, ZONE)
            for tab in (display, vesna):
                await shown(tab, "#banner", f"завршетак у {new_end}")
                text = await tab.page.locator("#banner").inner_text()
                assert clock_text(ends, ZONE) not in text, text
            await shown(vesna, "#banner", seat)
            await asyncio.gather(still(display.page), still(vesna.page))
            await shot(display, artifacts, "day-display-extended-sr-Cyrl.png")
            await shot(vesna, artifacts, "day-phone-extended-sr-Cyrl.png")
            # Shown next, the extension's own banner says the new end too.
            for tab in (display, vesna):
                await tab.page.evaluate("() => window.hall.banners.dismiss()")
                await shown(tab, "#banner", "+5 минута", f"нови завршетак: {new_end}")
            assert started["seq"] < extended["seq"]
            assert not display.errors and not vesna.errors, (display.errors, vesna.errors)
        finally:
            await asyncio.gather(display.context.close(), vesna.context.close())


@bounded
async def test_a_phone_away_when_its_round_started_shows_the_start_with_its_seat(browser: Any, tmp_path: Path,
                                                                                artifacts: Path) -> None:
    async with cacak_day(tmp_path) as server:
        tables = seating_of(await ack(server, {"type": "publish_seating", "item": "r1", "seed": 4}))
        seat = seat_words(tables, "p3")
        vesna = await phone(browser, server)
        try:
            await choose(vesna, "ves", "Весна Јовановић")
            await live(vesna)
            # Off line (a phone in a pocket, out of the hall's Wi-Fi) while the round starts; back, it says so.
            await connected(vesna, False)
            await ack(server, {"type": "start_round", "item": "r1"})
            await connected(vesna, True)
            await shown(vesna, "#banner", "Почетак кола", seat)
            # Its tab closed while asleep and opened again later: the start it missed, with its seat.
            again = await reopened(vesna, server)
            await shown(vesna, "#banner", "Почетак кола", seat, "завршетак у")
            await still(again)
            await shot(vesna, artifacts, "day-phone-missed-start-sr-Cyrl.png")
            # Seen once, it is not shown again on the next reconnect.
            await again.evaluate("() => window.hall.banners.dismiss()")
            await again.reload()
            await again.locator("#me-name", has_text="Весна Јовановић").wait_for(state="visible")
            await live(vesna)
            await again.wait_for_timeout(300)
            assert await again.locator("#banner").is_hidden()
            # The same in the hall's other languages (a tab of its own: it has not shown the start yet).
            table, place = seat.removeprefix("сто ").split(", место ")
            for lang, words in (("sr-Latn", f"sto {table}, mesto {place}"), ("sk", f"stôl {table}, miesto {place}")):
                other = await vesna.context.new_page()
                other.on("pageerror", lambda error: vesna.errors.append(str(error)))
                await other.goto(f"{server.url}/player?lang={lang}")
                await other.locator("#banner", has_text=words).wait_for(state="visible")
                await still(other)
                await other.screenshot(path=str(artifacts / f"day-phone-missed-start-{lang}.png"))
                await other.close()
            assert not vesna.errors, vesna.errors
        finally:
            await vesna.context.close()


@bounded
async def test_a_phone_called_to_the_tables_says_where_to_sit_and_when_the_round_starts(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    async with cacak_day(tmp_path, first_in=CALLED_IN) as server:
        vesna = await phone(browser, server)
        try:
            await choose(vesna, "ves", "Весна Јовановић")
            await live(vesna)
            await vesna.page.evaluate(HOLD_BANNERS)
            tables, start = await called_at_seating(server)
            seat = seat_words(tables, "p3")
            # The call, live: the table and seat first, then when the round starts.
            await shown(vesna, "#banner", "1. коло", "За столове", seat, f"почетак у {clock_text(start, ZONE)}")
            text = (await vesna.page.locator("#banner").inner_text()).replace("\n", " ")
            assert text.index(seat) < text.index("почетак у"), text
            await still(vesna.page)
            await shot(vesna, artifacts, "day-phone-call-seat-sr-Cyrl.png")
            # Shown in sight, it is not shown again when the page comes back (a reload of the same tab).
            await vesna.page.evaluate("() => window.hall.banners.dismiss()")
            await vesna.page.reload()
            await vesna.page.locator("#me-name", has_text="Весна Јовановић").wait_for(state="visible")
            await live(vesna)
            await vesna.page.wait_for_timeout(300)
            assert await vesna.page.locator("#banner").is_hidden()
            assert not vesna.errors, vesna.errors
        finally:
            await vesna.context.close()


@bounded
async def test_a_phone_away_when_its_round_was_called_shows_the_call_with_its_seat(browser: Any, tmp_path: Path,
                                                                                  artifacts: Path) -> None:
    async with cacak_day(tmp_path, first_in=CALLED_IN) as server:
        vesna = await phone(browser, server)
        try:
            await choose(vesna, "ves", "Весна Јовановић")
            await live(vesna)
            # Off line while the round is seated and called; back, it says so, with the seat.
            await connected(vesna, False)
            tables, start = await called_at_seating(server)
            seat, starts = seat_words(tables, "p3"), f"почетак у {clock_text(start, ZONE)}"
            await connected(vesna, True)
            await shown(vesna, "#banner", "За столове", seat, starts)
            # Its tab closed while asleep and opened again later: the call it missed, with its seat.
            again = await reopened(vesna, server)
            await shown(vesna, "#banner", "За столове", seat, starts)
            await still(again)
            await shot(vesna, artifacts, "day-phone-missed-call-sr-Cyrl.png")
            # In the hall's Latin script too (a tab of its own: it has not shown the call yet).
            table, place = seat.removeprefix("сто ").split(", место ")
            other = await vesna.context.new_page()
            other.on("pageerror", lambda error: vesna.errors.append(str(error)))
            await other.goto(f"{server.url}/player?lang=sr-Latn")
            await other.locator("#banner", has_text=f"sto {table}, mesto {place}").wait_for(state="visible")
            await other.locator("#banner", has_text="Za stolove").wait_for(state="visible")
            await other.close()
            # No round started meanwhile: the call is what the phone missed, not a start.
            assert (await vesna.page.locator("#banner").inner_text()).count("Почетак кола") == 0
            assert not vesna.errors, vesna.errors
        finally:
            await vesna.context.close()
