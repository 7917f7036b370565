"""The Slovak league's appeals to the presidium and the roster minimum in a real browser
(docs/rules/team-sheets.md#slovak and docs/rules/appeals.md#slovak; seed §17.1, §24.1, §28): on a phone console, a
team's appeal signed by one player of its line-up is refused in the server's words, by two it is lodged; the hall's
standings say "provisional" while it is open; the presidium's decision has no unanimity box and, upheld, changes the
director's decision; the sheets card shows a roster of three as incomplete, as the server flags it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server import start_server_async
from support.examples import slovak
from support.pages import DISPLAY, PHONE, ack, bounded, open_tab, referee_login, shot
from support.referee_api import events_of

pytestmark = pytest.mark.asyncio(loop_scope="session")

LINE_UP = ["t1p1", "t1p2", "t1p3", "t1p4"]


@bounded
async def test_a_team_appeals_to_the_presidium_and_the_hall_sees_provisional_standings(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    server = await start_server_async(slovak(tmp_path / "sk.toml"), tmp_path / "sk.db")
    console = hall = None
    try:
        seating = await ack(server, {"type": "publish_seating", "item": "m1"})
        (home, away), = [(m["home"], m["away"]) for m in seating["events"][0]["payload"]["matches"]
                         if "t1" in (m["home"], m["away"])]
        await ack(server, {"type": "start_round", "item": "m1"})
        await ack(server, {"type": "lineup", "item": "m1", "team": "t1", "parts": [LINE_UP]})
        await ack(server, {"type": "record_result", "item": "m1", "home": home, "away": away,
                           "imps_home": 30, "imps_away": 10})
        hall = await open_tab(browser, server, "/display?view=standings&lang=en", viewport=DISPLAY)
        title = hall.page.locator("#standings-title")
        await title.filter(has_text="Standings").wait_for()
        console = await open_tab(browser, server, "/referee?lang=en", viewport=PHONE, is_mobile=True, has_touch=True,
                                 accept_dialogs=True)
        await referee_login(console, server.token)
        card = console.page.locator("#appeals-card")
        await card.locator("h2", has_text="Appeals to the presidium").wait_for()
        await card.locator('[data-role="appeal-player"]').select_option("t1")
        signers = card.locator('[data-role="appeal-signers"]')
        await signers.locator("[data-signer]").nth(3).wait_for()
        assert await signers.locator("[data-signer]").count() == 4
        await signers.locator("p", has_text="at least 2 of the 4 players").wait_for()
        await signers.locator('[data-signer="t1p1"]').check()
        await card.locator('[data-role="appeal-subject"]').fill("the ruling on board 7")
        await card.locator('[data-action="appeal"]').click()
        await card.locator('[data-role="appeal-error"]').filter(has_text="1 of the 4 players").wait_for()
        await signers.locator('[data-signer="t1p3"]').check()
        await card.locator('[data-action="appeal"]').click()
        lodged = (await events_of(server, "appeal_lodged", 1))[0]
        assert lodged["payload"]["signed_by"] == ["t1p1", "t1p3"] and "Signed by" in console.dialogs[-1]
        row = card.locator(f'[data-role="appeals-open"] li[data-appeal="{lodged["seq"]}"]')
        await row.filter(has_text="the presidium decides by").wait_for()
        await card.locator('[data-role="appeals-provisional"]', has_text="Tím").wait_for()
        await title.filter(has_text="Standings (provisional)").wait_for()
        await card.scroll_into_view_if_needed()
        await shot(console, artifacts, "console-appeals-presidium.png")

        await ack(server, {"type": "end_round", "item": "m1"})
        await row.locator('[data-action="open-decision"]').click()
        await row.locator('[data-decision="upheld"]').click()
        assert await row.locator('[data-role="appeal-unanimous"]').count() == 0
        await row.locator('[data-action="decide-appeal"]').click()
        decided = (await events_of(server, "appeal_decided", 1))[0]["payload"]
        assert decided["outcome"] == "changed" and "unanimous" not in decided
        await card.locator('[data-role="appeals-decided"] li', has_text="the director's decision is changed").wait_for()
        await title.filter(has_text="Standings").filter(has_not_text="provisional").wait_for()

        # The sheets card: a roster of three is incomplete, as the server says.
        chip = console.page.locator('#r-nav a[data-nav="sheets-card"]')
        await chip.click()
        sheets = console.page.locator("#sheets-card")
        t3 = "t3"
        await sheets.locator(f'.r-sh-teams [data-team="{t3}"]').click()
        line = sheets.locator(f'.r-sh-team[data-team="{t3}"] [data-role="sheet-roster"]')
        await line.filter(has_text="incomplete").wait_for()
        assert "r-sh-incomplete" in (await line.get_attribute("class") or "")
        await line.scroll_into_view_if_needed()
        await shot(console, artifacts, "console-sheets-incomplete.png")
        assert not console.errors and not hall.errors, (console.errors, hall.errors)
    finally:
        for tab in (console, hall):
            if tab is not None:
                await tab.context.close()
        server.stop()
