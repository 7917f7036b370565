"""The player page and the hall display do not jump while they load and go live: the layout shift
(CLS: the largest session window of `layout-shift` entries without recent input, as the Web Vitals count
it) from the navigation until the page shows its first useful screen and a while after stays under 0.1.
The page is opened with the CPU four times slower and a phone's network (a mid phone), where late-filled
boxes show most."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from server import round_entry
from support.examples import FIELD
from support.pages import DISPLAY, PHONE, ack, bounded, open_tab

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from first_screen import WATCH
from pages import OBSERVE, session_cls

pytestmark = pytest.mark.asyncio(loop_scope="session")

NAME = "Отворено првенство Чачка у преферансу 2027 — меморијал Живорада Ранковића"
GOAL = 0.1


async def shift_of(browser: Any, server: Any, path: str, **args: Any) -> tuple[float, list[Any]]:
    tab = await open_tab(browser, server, "/", **args)  # a blank start: the observers are set before the page
    try:
        cdp = await tab.context.new_cdp_session(tab.page)
        await cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        await cdp.send("Network.enable")  # and a phone's network: 150 ms a request, 1.6 Mbit/s
        await cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 150,
                                                            "downloadThroughput": 200_000, "uploadThroughput": 200_000})
        await tab.page.goto(server.url + path, wait_until="commit")
        await tab.page.wait_for_function("() => window.__firstScreen !== undefined", polling=100)
        await tab.page.wait_for_timeout(2000)  # going live: the first updates after the first screen
        seen = await tab.page.evaluate("window.__jank")
        assert not tab.errors, tab.errors
        return session_cls(seen["shifts"]), seen["shifts"]
    finally:
        await tab.context.close()


async def seated(serve: Any) -> Any:
    server = await serve(name=NAME, players=FIELD, timetable=[round_entry("r1", 1, start_in=600, minutes=120),
                                               round_entry("r2", 2, start_in=3 * 3600, minutes=120)])
    await ack(server, {"type": "publish_seating", "item": "r1", "seed": 7})
    return server


@bounded
async def test_the_player_page_does_not_jump(browser: Any, serve: Any) -> None:
    server = await seated(serve)
    choice = json.dumps({"id": FIELD[0]["id"], "tournament": NAME})
    init = f"localStorage.setItem('live.player', {json.dumps(choice)});{OBSERVE}{WATCH}"
    cls, shifts = await shift_of(browser, server, "/player", viewport=PHONE, is_mobile=True, has_touch=True,
                                 init_script=init)
    assert cls < GOAL, shifts


@bounded
async def test_the_display_does_not_jump(browser: Any, serve: Any) -> None:
    server = await seated(serve)
    cls, shifts = await shift_of(browser, server, "/display", viewport=DISPLAY, init_script=OBSERVE + WATCH)
    assert cls < GOAL, shifts
