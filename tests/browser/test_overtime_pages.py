"""Novi Sad's VP for a match over time, as the hall, the referee and the player read it, each in their language:
the Novi Sad example file served with match 1 two hours ago (the server was off: the start and the late team's
arrival recorded after the fact), its result handed in now, 15 minutes past match + scoring (1 h 45 min): the
team that came later loses 3 VP. The server sends which match, how many blocks of how many minutes and the
VP; the display (sr-Latn, 1920×1080) and its printed standings, the console (sk, a phone) and the player's
page (sr-Cyrl, a phone) word it, the match's title first. Screenshots of all three."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from server import start_server_async
from support.examples import moved_example
from support.pages import PHONE, Tab, ack, bounded, choose, live, open_tab, referee_login, seen_seq, shot

from live.rules.alphabet import shown as in_script

pytestmark = pytest.mark.asyncio(loop_scope="session")

NOVI_SAD = "novi-sad-teams-2026.toml"
MINUTE_MS = 60_000


async def lines(tab: Tab, selector: str) -> list[str]:
    await tab.page.locator(selector).first.wait_for(state="visible")
    return [" ".join(text.split()) for text in await tab.page.locator(selector).all_inner_texts()]


@bounded
async def test_the_vp_for_a_match_over_time_are_said_on_every_page_in_its_language(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    path = moved_example(NOVI_SAD, tmp_path, starts_in=-timedelta(minutes=120))
    with path.open("a", encoding="utf-8") as file:  # the referee signals every match (no scheduler's start)
        file.write("\n[rules]\nauto_start = false\nauto_end = false\n")
    server = await start_server_async(path, tmp_path / "novi-sad.db")
    tabs: list[Tab] = []
    try:
        state = await server.state()
        start = next(i for i in state["timetable"] if i["id"] == "m1")["start"]
        seating = (await ack(server, {"type": "publish_seating", "item": "m1"}))["events"][0]["payload"]
        home, away = seating["matches"][0]["home"], seating["matches"][0]["away"]
        off = "the server was off"
        await ack(server, {"type": "start_round", "item": "m1", "at": start, "reason": off})
        await ack(server, {"type": "check_in", "item": "m1", "team": home, "at": start, "reason": off})
        await ack(server, {"type": "check_in", "item": "m1", "team": away, "at": start + 12 * MINUTE_MS, "reason": off})
        done = await ack(server, {"type": "record_result", "item": "m1", "home": home, "away": away,
                                  "imps_home": 31, "imps_away": 12})
        rows = {row["team"]: row for row in (await server.state())["standings"]}
        assert rows[away]["overtime"] == [{"item": "m1", "blocks": 3, "block_minutes": 5, "vp": 3,
                                           "at": rows[away]["overtime"][0]["at"]}]
        team = rows[away]["name"]

        # the standings' screen: a match is still over time, so the shared screen keeps its clock up (scenes.js)
        display = await open_tab(browser, server, "/display?lang=sr-Latn&view=standings")
        tabs.append(display)
        await live(display)
        await seen_seq(display, done["seq"])
        assert await lines(display, "#standings-notes li") == [
            f"{team}: −3 VP (Kolo 1: prekoračenje vremena 3 × 5 min)"]
        cut = await display.page.evaluate("""() => [...document.querySelectorAll('#standings-notes li')]
            .some((li) => li.scrollWidth > li.clientWidth + 1)""")
        assert not cut, "the line is whole on the display"
        await shot(display, artifacts, "display-overtime-sr-Latn.png")

        printed = await open_tab(browser, server, "/display?lang=sr-Latn&view=standings")
        tabs.append(printed)
        await live(printed)
        await printed.page.emulate_media(media="print")
        assert await lines(printed, "#standings-notes li") == [
            f"{team}: −3 VP (Kolo 1: prekoračenje vremena 3 × 5 min)"]

        console = await open_tab(browser, server, "/referee?lang=sk", viewport=PHONE, is_mobile=True, has_touch=True)
        tabs.append(console)
        await referee_login(console, server.token)
        assert await lines(console, "#st-overtime li") == [f"{team}: −3 VB (Kolo 1: prekročenie času 3 × 5 min)"]
        await console.page.locator("#standings-card").scroll_into_view_if_needed()
        await shot(console, artifacts, "console-overtime-sk.png")

        phone = await open_tab(browser, server, "/player?lang=sr-Cyrl", viewport=PHONE, is_mobile=True, has_touch=True)
        tabs.append(phone)
        member = in_script(next(p for p in state["players"] if p.get("team") == away)["name"], "sr-Cyrl")
        await choose(phone, member.split()[-1][:4], member)
        (said,) = await lines(phone, '#penalties li[data-role="overtime"]')
        assert said.endswith("у: Kolo 1 3 VP — прекорачење времена 3 × 5 мин"), said  # (the title as the file has it)
        await phone.page.locator("#pen-card").scroll_into_view_if_needed()
        await shot(phone, artifacts, "player-overtime-sr-Cyrl.png")
        for tab in tabs:
            assert tab.errors == [], tab.errors
    finally:
        for tab in tabs:
            await tab.context.close()
        server.stop()
