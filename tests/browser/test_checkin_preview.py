"""The console's check-in card asks the server what it cannot know itself (docs/design.md#the-console-asks, "the pages
hold no rule"): a typed arrival time is priced by GET /api/lateness/preview — asked once the referee stops typing,
"checking…" meanwhile, the server's own words when it refuses the time — and the Seat reserve button comes when the
row's `reserve_from_ms` is reached, with the bule the server says the reserve starts with."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from server import from_now, now_ms, round_entry
from support.pages import NAME, PLAYERS, ack, bounded, live, open_tab, referee_login

pytestmark = pytest.mark.asyncio(loop_scope="session")

CONSOLE = {"width": 1440, "height": 1000}
PREVIEW_PATH = "/api/lateness/preview"
#: What the server says of an arrival 4 minutes after the start, in the console's words.
PRICED = "→ 4:00 late · within the grace period (logged)"


def row(player: str) -> str:
    return f'.r-ci-row[data-id="{player}"]'


def wall(instant: datetime) -> str:
    """A time as the referee types it (the tournament's zone is UTC here)."""
    return instant.astimezone(UTC).strftime("%H:%M:%S")


@bounded
async def test_a_typed_arrival_time_is_priced_by_the_server_once_the_referee_stops_typing(
        browser: Any, serve: Any) -> None:
    start = from_now(-7 * 60).replace(microsecond=0)  # on a whole second: the typed time is exact
    server = await serve(name=NAME, players=PLAYERS,
                         timetable=[round_entry("r1", 1, start=start, minutes=180)])
    console = await open_tab(browser, server, "/referee", viewport=CONSOLE)
    asked: list[dict[str, list[str]]] = []
    gate = asyncio.Event()

    async def hold(route: Any) -> None:
        asked.append(parse_qs(urlsplit(route.request.url).query))
        await gate.wait()  # the answer waits until the test has seen "checking…"
        await route.continue_()

    try:
        await ack(server, {"type": "check_in", "item": "r1", "player": "p1"})  # the hall uses check-in
        await referee_login(console, server.token)
        await console.page.route(f"**{PREVIEW_PATH}*", hold)
        await console.page.locator(f'{row("p2")} button[data-action="time"]').click()
        note = console.page.locator(f"{row('p2')} .r-ci-note")
        field = console.page.locator(f'{row("p2")} input[data-role="time"]')
        await field.wait_for(state="visible")
        await field.fill("")
        await field.press_sequentially(wall(start + timedelta(minutes=4)), delay=40)
        assert await note.inner_text() == "→ checking…", "asking, not guessing"
        await console.page.wait_for_timeout(700)
        gate.set()
        await console.page.wait_for_function("([css, text]) => document.querySelector(css)?.textContent === text",
                                             arg=[f"{row('p2')} .r-ci-note", PRICED])
        # At most the time the form opened with, and the typed one: not one question a keystroke.
        typed_at = str(int((start + timedelta(minutes=4)).timestamp() * 1000))
        typed = [q for q in asked if q.get("at") == [typed_at]]
        assert len(typed) == 1 and len(asked) <= 2, asked
        assert typed[0]["item"] == ["r1"] and typed[0]["player"] == ["p2"]

        # A time still to come: the server refuses it (field.future), said in the page's language under the field.
        await field.fill(wall(datetime.fromtimestamp(now_ms() / 1000 + 120, UTC)))
        await console.page.wait_for_function(
            "(selector) => (document.querySelector(selector)?.textContent || '').includes('that is in the future')",
            arg=f"{row('p2')} .r-ci-note")
        assert not console.errors, console.errors
    finally:
        await console.context.close()


#: Seconds instead of minutes: a seat still empty 15 s after the start may take a reserve.
FAST_RULES = {"call_before": 0.0, "last_deals_warning": 0.0, "grace_minutes": 0.05, "reserve_after_minutes": 0.25,
              "late_cap_minutes": 0.25}


@bounded
async def test_the_seat_reserve_button_comes_when_the_server_says_and_names_the_reserves_bule(
        browser: Any, serve: Any) -> None:
    server = await serve(name=NAME, players=PLAYERS, rules=FAST_RULES,
                         timetable=[round_entry("r1", 1, start=from_now(-30), minutes=180)])
    console = await open_tab(browser, server, "/referee", viewport=CONSOLE)
    try:
        await ack(server, {"type": "publish_seating", "item": "r1", "seed": 3})
        await ack(server, {"type": "check_in", "item": "r1", "player": "p1"})
        await ack(server, {"type": "excuse_absence", "item": "r1", "player": "p4", "reason": "ill"})
        # Started later than scheduled: lateness counts from now.
        started = await ack(server, {"type": "start_round", "item": "r1"})
        await referee_login(console, server.token)
        await live(console)
        await console.page.wait_for_function("(seq) => window.hall.connection.lastSeq >= seq", arg=started["seq"])
        await console.page.locator(row("p2")).wait_for(state="visible")
        # An announced absence: a reserve may sit down at once, with the game's own bule.
        excused = console.page.locator(f'{row("p4")} button[data-action="reserve"]')
        await excused.click()
        await console.page.locator(f"{row('p4')} .r-ci-note", has_text="The reserve starts with 300 bule.").wait_for()
        report = (await server.state())["lateness"]["r1"]
        assert next(r for r in report["rows"] if r["id"] == "p2")["reserve_from_ms"] == 15_001
        late = console.page.locator(f'{row("p2")} button[data-action="reserve"]')
        if report["late_clock"]["ms"] + now_ms() - report["late_clock"]["at"] < 12_000:
            assert await late.count() == 0, "no reserve before the deadline"
        await late.wait_for(state="visible", timeout=30_000)
        await late.click()
        await console.page.locator(f"{row('p2')} .r-ci-note", has_text="The reserve starts with 350 bule.").wait_for()
        assert not console.errors, console.errors
    finally:
        await console.context.close()
