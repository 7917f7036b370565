"""Every signal the console sends to the hall asks first, saying what the hall will hear: a tap on
"Last three deals" beside "End" is no longer a chime and a voice in the hall by mistake."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from server import round_entry
from support.pages import NAME, PHONE, PLAYERS, ack, bounded, open_tab, referee_login, seating_of, shot

pytestmark = pytest.mark.asyncio(loop_scope="session")

ACTIONS = {  # button → (what the question says, the event it sends)
    "lastDeals": ("Last three deals", "last_deals_announced"),
    "pause": ("Paused", "round_paused"),
    "extend": ("new end", "round_extended"),
}


@bounded
async def test_a_signal_to_the_hall_is_sent_only_once_the_referee_confirms_what_the_hall_will_hear(
        browser: Any, serve: Any) -> None:
    server = await serve(name=NAME, players=PLAYERS,
                         timetable=[round_entry("r1", 1, start_in=120, minutes=180, title="Round 1")])
    await ack(server, {"type": "publish_seating", "item": "r1", "seed": 4})
    await ack(server, {"type": "start_round", "item": "r1"})
    no = await open_tab(browser, server, "/referee", viewport=PHONE, is_mobile=True, has_touch=True)
    yes = await open_tab(browser, server, "/referee", viewport=PHONE, is_mobile=True, has_touch=True,
                         accept_dialogs=True)
    try:
        await referee_login(no, server.token)
        seq = (await server.state())["seq"]  # (the sign-in itself is in the log)
        for action, (words, _) in ACTIONS.items():
            await no.page.locator(f'#items li[data-item="r1"] [data-action="{action}"]').click()
            assert words in no.dialogs[-1] and "Round 1" in no.dialogs[-1], no.dialogs
        await asyncio.sleep(0.5)
        assert (await server.state())["seq"] == seq, "a question answered no sends nothing"
        await referee_login(yes, server.token)
        for action, (_, kind) in ACTIONS.items():
            button = yes.page.locator(f'#items li[data-item="r1"] [data-action="{action}"]')
            await button.wait_for(state="visible")
            if action == "extend":  # a paused round is resumed first: extend goes to a running one too
                await ack(server, {"type": "resume", "item": "r1"})
            await button.click()
            for _ in range(100):
                if any(e["type"] == kind for e in await server.events()):
                    break
                await asyncio.sleep(0.1)
            else:
                raise AssertionError(f"{action}: no {kind} after the referee said yes")
        assert len(yes.dialogs) == len(ACTIONS)
    finally:
        await asyncio.gather(no.context.close(), yes.context.close())


@bounded
async def test_the_audit_says_what_a_slip_entered_not_only_where(browser: Any, serve: Any) -> None:
    server = await serve(name=NAME, players=PLAYERS,
                         timetable=[round_entry("r1", 1, start_in=120, minutes=180, title="Round 1")])
    tables = seating_of(await ack(server, {"type": "publish_seating", "item": "r1", "seed": 4}))
    await ack(server, {"type": "start_round", "item": "r1"})
    players = tables[1]
    names = {p["id"]: p["name"] for p in PLAYERS}
    slip = dict(zip(players, (62, -18, -44), strict=True)) if len(players) == 3 else \
        dict(zip(players, (60, 20, -30, -50), strict=True))
    await ack(server, {"type": "record_result", "item": "r1", "table": 1, "results": slip})
    console = await open_tab(browser, server, "/referee", viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        await referee_login(console, server.token)
        row = console.page.locator("#audit tr", has_text="Round 1").filter(has_text=names[players[0]]).first
        await row.wait_for()
        text = await row.inner_text()
        for pid, bule in slip.items():
            assert f"{names[pid]} {'+' if bule > 0 else '−'}{abs(bule)}" in text, text
    finally:
        await console.context.close()


@bounded
async def test_on_a_phone_the_current_round_s_actions_stay_in_thumb_reach(browser: Any, serve: Any,
                                                                           artifacts: Any) -> None:
    server = await serve(name=NAME, players=PLAYERS,
                         timetable=[round_entry("r1", 1, start_in=120, minutes=180, title="Round 1"),
                                    round_entry("r2", 2, start_in=120 + 200 * 60, minutes=180, title="Round 2")])
    await ack(server, {"type": "publish_seating", "item": "r1", "seed": 4})
    phone = await open_tab(browser, server, "/referee", viewport=PHONE, is_mobile=True, has_touch=True,
                           accept_dialogs=True)
    try:
        await referee_login(phone, server.token)
        thumb = phone.page.locator("#thumb")
        # Before the round: the one thing to do, Start, at the bottom of the screen.
        await thumb.get_by_role("button", name="Start").wait_for()
        box = await thumb.bounding_box()
        assert box is not None and box["y"] + box["height"] >= PHONE["height"] - 1, box
        head = await phone.page.locator(".r-top").bounding_box()
        assert head is not None and head["height"] <= 0.15 * PHONE["height"], head
        await thumb.get_by_role("button", name="Start").click()
        # Playing: pause, +5, last deals and end, whatever the page is scrolled to.
        await thumb.get_by_role("button", name="Pause").wait_for()
        await phone.page.mouse.wheel(0, 4000)
        await thumb.get_by_role("button", name="Last deals").click()
        for _ in range(100):
            if any(e["type"] == "last_deals_announced" for e in await server.events()):
                break
            await asyncio.sleep(0.1)
        else:
            raise AssertionError("no last deals from the thumb bar")
        assert "Last three deals" in phone.dialogs[-1] and "Round 1" in phone.dialogs[-1]
        await thumb.locator("button:disabled", has_text="Last deals").wait_for()  # announced once
        await shot(phone, artifacts, "referee-thumb-phone.png")
    finally:
        await phone.context.close()


@bounded
async def test_correct_opens_the_recorded_slip_in_its_form_and_sends_a_correction(browser: Any, serve: Any) -> None:
    server = await serve(name=NAME, players=PLAYERS,
                         timetable=[round_entry("r1", 1, start_in=120, minutes=180, title="Round 1")])
    tables = seating_of(await ack(server, {"type": "publish_seating", "item": "r1", "seed": 4}))
    await ack(server, {"type": "start_round", "item": "r1"})
    players = tables[1]
    slip = (62, -18, -44) if len(players) == 3 else (60, 20, -30, -50)
    await ack(server, {"type": "record_result", "item": "r1", "table": 1,
                       "results": dict(zip(players, slip, strict=True))})
    console = await open_tab(browser, server, "/referee", viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        await referee_login(console, server.token)
        button = console.page.locator('[data-action="correct"]').first
        await button.scroll_into_view_if_needed()
        await button.click()
        form = console.page.locator('[data-role="reason"]').locator("xpath=ancestor::form")
        await form.wait_for()
        values = [await x.input_value() for x in await form.locator('input[inputmode], input[type="number"]').all()]
        assert [str(v) for v in slip] == [v for v in values if v][: len(slip)], values
        await form.locator('[data-role="reason"]').fill("slip misread")
        await form.locator('button[type="submit"]').click()
        for _ in range(100):
            if any(e["type"] == "result_corrected" for e in await server.events()):
                break
            await asyncio.sleep(0.1)
        else:
            raise AssertionError("no correction was sent")
    finally:
        await console.context.close()
