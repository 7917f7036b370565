"""A big field's once-a-round sections, as the hall and a phone get them: too long to push with their event
(live/edges/budget.py), the pages fetch them, and end with what the server has — real Chromium against a real
`live serve` of 600 players, the display at 1920×1080 and a player's phone at 390×844."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from server import Server, round_entry
from support.pages import PHONE, Tab, ack, bounded, choose, live, open_tab, seating_of, shot

pytestmark = pytest.mark.asyncio(loop_scope="session")

PLAYERS = [{"id": f"p{n:03}", "name": "Vesna Jovanović" if n == 7 else f"Player {n}"} for n in range(1, 601)]
#: What the page's connection holds of the two sections, once it has the event `seq` and fetched what it named.
HELD = """(seq) => { const c = window.hall.connection;
    return c.lastSeq >= seq && c.pending.size === 0
        ? {seating: c.sections.seating, lateness: c.sections.lateness} : null; }"""


async def held(tab: Tab, seq: int) -> dict[str, Any]:
    handle = await tab.page.wait_for_function(HELD, arg=seq)
    return dict(await handle.json_value())


async def servers_sections(server: Server) -> dict[str, Any]:
    state = await server.state()
    return {"seating": state["seating"], "lateness": state["lateness"]}


@bounded
async def test_a_big_fields_seating_and_check_in_list_are_fetched_and_shown(browser: Any, serve: Any,
                                                                           artifacts: Path) -> None:
    server = await serve(name="Big Open", players=PLAYERS, timetable=[round_entry("r1", 1, start_in=1800, minutes=180)])
    display = await open_tab(browser, server, "/display")
    phone = await open_tab(browser, server, "/player", viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        await choose(phone, "vesna", "Vesna Jovanović")
        await asyncio.gather(live(display), live(phone))
        published = await ack(server, {"type": "publish_seating", "item": "r1", "seed": 3})
        table, seated = next((n, ps) for n, ps in seating_of(published).items() if "p007" in ps)
        await phone.page.locator("#seat-line", has_text=f"table {table}, seat {seated.index('p007') + 1}").wait_for(
            state="visible")
        assert await held(display, published["seq"]) == await servers_sections(server)
        assert any("/api/sections/seating?" in url for url in display.requests), "fetched, not pushed"
        await display.page.evaluate("() => { while (window.hall.banners.current) window.hall.banners.dismiss(); }")
        await shot(display, artifacts, "display-big-field-seating.png")
        # the start changes every line of the list (a reserve may now take a seat): fetched again; a check-in
        # right after it is a patch the page applies on top of what it fetched
        await ack(server, {"type": "start_round", "item": "r1"})
        came = await ack(server, {"type": "check_in", "item": "r1", "player": "p001"})
        assert await held(display, came["seq"]) == await servers_sections(server)
        assert await held(phone, came["seq"]) == await servers_sections(server)
        await display.page.evaluate("() => { while (window.hall.banners.current) window.hall.banners.dismiss(); }")
        await shot(display, artifacts, "display-big-field.png")
        await shot(phone, artifacts, "player-big-field.png")
        assert not display.errors and not phone.errors, (display.errors, phone.errors)
    finally:
        await asyncio.gather(display.context.close(), phone.context.close())
