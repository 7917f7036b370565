"""A lost connection shows on the page within seconds, not at the next half-minute heartbeat: a
server that stops answering (frozen, or the network dropping packets), and a browser that knows it
went offline."""

from __future__ import annotations

import os
import signal
import time
from typing import Any

import pytest
from server import round_entry
from test_pages import NAME, PLAYERS, bounded, live, open_tab

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
