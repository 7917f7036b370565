"""A lost connection shows on the page within seconds, not at the next half-minute heartbeat: a
server that stops answering (frozen, or the network dropping packets), and a browser that knows it
went offline."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import time
from typing import Any

import pytest
from server import round_entry
from support.pages import NAME, PLAYERS, Tab, bounded, live, open_tab

pytestmark = pytest.mark.asyncio(loop_scope="session")

#: The pages ping after 2 s of quiet and give up 2.5 s later; the rest is the test's slack.
NOTICED_WITHIN_MS = 7_000


@bounded
async def test_a_server_that_stops_answering_shows_as_offline_within_seconds_and_back_after(
        browser: Any, serve: Any) -> None:
    server = await serve(name=NAME, players=PLAYERS,
                         timetable=[round_entry("r1", 1, start_in=3600, minutes=180, title="Round 1")])
    display = await open_tab(browser, server, "/display")
    try:
        await live(display)
        os.kill(server.proc.pid, signal.SIGSTOP)  # the socket stays open; nothing answers
        frozen = time.monotonic()
        try:
            await display.page.locator('#conn[data-state="down"]').wait_for(state="attached",
                                                                             timeout=NOTICED_WITHIN_MS)
            noticed = time.monotonic() - frozen
        finally:
            os.kill(server.proc.pid, signal.SIGCONT)
        assert noticed < NOTICED_WITHIN_MS / 1000
        await display.page.locator('#conn[data-state="up"]').wait_for(state="attached", timeout=15_000)
    finally:
        await display.context.close()


@bounded
async def test_a_browser_gone_offline_shows_it_at_once(browser: Any, serve: Any) -> None:
    server = await serve(name=NAME, players=PLAYERS,
                         timetable=[round_entry("r1", 1, start_in=3600, minutes=180, title="Round 1")])
    display = await open_tab(browser, server, "/display")
    try:
        await live(display)
        await display.context.set_offline(True)
        await display.page.locator('#conn[data-state="down"]').wait_for(state="attached", timeout=1_500)
        await display.context.set_offline(False)
        await display.page.locator('#conn[data-state="up"]').wait_for(state="attached", timeout=15_000)
    finally:
        await display.context.close()


@bounded
async def test_a_player_page_shows_its_seat_and_countdown_from_its_own_data_then_catches_up(
        browser: Any, serve: Any) -> None:
    """The page's HTML carries its first data (#live-boot): with the WebSocket refused, the player's table
    and seat and the countdown are there all the same, on a clock not off by the page's load; once the
    socket is let through it asks only for what came after (`since`) and shows it."""
    server = await serve(name=NAME, players=PLAYERS,
                         timetable=[round_entry("r1", 1, start_in=1800, minutes=180, title="Round 1")])
    seated = await server.command({"type": "publish_seating", "item": "r1", "seed": 3})
    assert seated.status_code == 200, seated.text
    tables = {t["table"]: t["players"] for t in seated.json()["events"][0]["payload"]["tables"]}
    table, players = next((n, ps) for n, ps in tables.items() if "p3" in ps)
    where = f"table {table}, seat {players.index('p3') + 1}"
    choice = json.dumps({"id": "p3", "tournament": NAME})
    context = await browser.new_context(viewport={"width": 390, "height": 844})
    await context.add_init_script(f"localStorage.setItem('live.player', {json.dumps(choice)});")
    allowed = asyncio.Event()
    sockets: list[str] = []

    async def socket(ws: Any) -> None:
        sockets.append(ws.url)
        if allowed.is_set():
            ws.connect_to_server()
        else:
            await ws.close()  # as if the network refused it

    await context.route_web_socket(re.compile(r"/ws\?"), socket)
    errors: list[str] = []
    try:
        # A slow link: a second each way, the server writing the page in the middle. (A page answered this way
        # comes from no address the browser knows, and may not open a socket to this machine: only the first
        # screen is looked at here.)
        async def slow(route: Any) -> None:
            await asyncio.sleep(1)
            answer = await route.fetch()
            await asyncio.sleep(1)
            await route.fulfill(response=answer)

        far = await context.new_page()
        far.on("pageerror", lambda error: errors.append(str(error)))
        await far.route(re.compile(r"/player$"), slow)
        await far.goto(server.url + "/player")
        await far.locator("#seat-line", has_text=where).wait_for(state="visible")
        await far.wait_for_function("() => /\\d:\\d\\d/.test(document.getElementById('countdown').textContent)")
        clock = await far.evaluate("""() => ({connected: window.hall.connection.connected,
            rough: window.hall.connection.clock.rough, offset: window.hall.connection.clock.offset,
            conn: document.getElementById('conn').dataset.state})""")
        assert clock["connected"] is False and clock["conn"] != "up", clock
        # The clock from the page's data alone: the server's (this machine's), not a second or more behind for
        # the time the page took to come and load.
        assert clock["rough"] is True and abs(clock["offset"]) < 400, clock
        await far.close()

        page = await context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        await page.goto(server.url + "/player")
        await page.locator("#seat-line", has_text=where).wait_for(state="visible")
        await page.wait_for_function("() => /\\d:\\d\\d/.test(document.getElementById('countdown').textContent)")
        assert await page.evaluate("window.hall.connection.connected") is False
        assert sockets, "the page tried its socket"
        boot = await page.evaluate("JSON.parse(document.getElementById('live-boot').textContent).hello")
        # Something happens while the page has no socket; then the socket is let through.
        text = "Round 1: tables 1-3 in the small hall"
        said = await server.command({"type": "announce", "text": text})
        assert said.status_code == 200, said.text
        allowed.set()
        await page.locator("#announcements", has_text=text).wait_for(state="visible", timeout=20_000)
        await live(Tab(page, context))
        assert f"since={boot['seq']}" in sockets[-1], sockets
        assert not errors, errors
    finally:
        await context.close()
