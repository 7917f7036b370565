"""The console says what is true when an answer is slow or lost: "not confirmed yet" while it waits,
"not confirmed — it may have been applied" when no answer came, and the outcome once the event
arrives; a lost answer is never shown as "cannot reach the server" for a command that was stored."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from server import round_entry
from support.pages import NAME, PHONE, PLAYERS, ack, bounded, open_tab, referee_login

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def extended_ms(server: Any) -> int:
    item = next(i for i in (await server.state())["timetable"] if i["id"] == "r1")
    return int(item.get("extended_ms") or 0)


async def running_round(serve: Any) -> Any:
    server = await serve(name=NAME, players=PLAYERS,
                         timetable=[round_entry("r1", 1, start_in=120, minutes=180, title="Round 1")])
    await ack(server, {"type": "publish_seating", "item": "r1", "seed": 4})
    await ack(server, {"type": "start_round", "item": "r1"})
    return server


@bounded
async def test_a_stored_command_whose_answers_are_lost_is_not_confirmed_then_confirmed_by_its_event(
        browser: Any, serve: Any) -> None:
    server = await running_round(serve)
    console = await open_tab(browser, server, "/referee", viewport=PHONE, is_mobile=True, has_touch=True,
                             accept_dialogs=True)
    sent: list[str] = []
    try:
        await referee_login(console, server.token)

        async def lose_the_answer(route: Any) -> None:
            sent.append(route.request.post_data or "")
            await route.fetch()  # the server stores it …
            await route.abort("connectionreset")  # … and the answer never reaches the phone

        await console.page.route("**/api/commands", lose_the_answer)
        await console.page.locator('#items li[data-item="r1"] [data-action="extend"]').click()
        toast = console.page.locator("#toast-msg")
        await toast.filter(has_text="Confirmed after all").wait_for(timeout=20_000)
        assert "extended" in (await toast.inner_text()).lower() or "5" in await toast.inner_text()
        assert len(sent) >= 2 and len(set(sent)) == 1, "every resend is the same command, with its id"
        assert await extended_ms(server) == 5 * 60_000, "stored once, however often it was sent"
        assert "Cannot reach the server" not in await toast.inner_text()
        assert not console.errors, console.errors
    finally:
        await console.context.close()


@bounded
async def test_a_slow_answer_says_not_confirmed_yet_and_then_done(browser: Any, serve: Any) -> None:
    server = await running_round(serve)
    console = await open_tab(browser, server, "/referee", viewport=PHONE, is_mobile=True, has_touch=True,
                             accept_dialogs=True)
    try:
        await referee_login(console, server.token)

        async def slow(route: Any) -> None:
            answer = await route.fetch()
            await asyncio.sleep(3.5)
            await route.fulfill(response=answer)

        await console.page.route("**/api/commands", slow)
        await console.page.locator('#items li[data-item="r1"] [data-action="extend"]').click()
        toast = console.page.locator("#toast-msg")
        await toast.filter(has_text="Not confirmed yet").wait_for(timeout=5_000)
        await toast.filter(has_text="Done").wait_for(timeout=10_000)
        assert await extended_ms(server) == 5 * 60_000
    finally:
        await console.context.close()
