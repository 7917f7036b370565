"""Fewer taps where the hall is busiest, on a phone console (390×844), in the languages of the examples'
tournaments:

- Čačak (sr-Cyrl): "All present" for one table, then for the rest of the round, each one command whose
  arrivals share one instant; one undo takes the round's back whole.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server import Server, start_server_async
from test_console_desk import until
from test_pages import PHONE, Tab, ack, bounded, open_tab, referee_login, shot
from test_player_checkin import close_rounds, referee_state, rows

pytestmark = pytest.mark.asyncio(loop_scope="session")


@bounded
async def test_all_present_for_a_table_and_for_the_round_in_one_tap_each_and_one_undo(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    server = await start_server_async(close_rounds(tmp_path / "cacak.toml"), tmp_path / "cacak.db")
    console: Tab | None = None
    try:
        published = await ack(server, {"type": "publish_seating", "item": "r1", "seed": 5})
        tables = {t["table"]: t["players"] for t in published["events"][0]["payload"]["tables"]}
        await ack(server, {"type": "check_in", "item": "r1", "player": tables[2][0]})  # one came on their own
        alone = (await rows(server))[tables[2][0]]["arrived_at"]
        console = await open_tab(browser, server, "/referee?lang=sr-Cyrl", viewport=PHONE, is_mobile=True,
                                 has_touch=True, accept_dialogs=True)
        page = console.page
        await referee_login(console, server.token)
        card = page.locator("#checkin-card")
        await card.wait_for(state="visible")
        head = card.locator('.r-ci-table[data-table="1"]')
        await head.scroll_into_view_if_needed()
        await shot(console, artifacts, "console-all-present-sr-Cyrl.png")
        # table 1: its three players in one tap, at one instant
        await head.locator('[data-action="all-present-table"]', has_text="Сви присутни (3)").click()
        first = await until(lambda: _all_in(server, tables[1]), "table 1 in")
        assert len({first[p]["arrived_at"] for p in tables[1]}) == 1, "one instant for the table"
        others = [p for t, ps in tables.items() if t != 1 for p in ps if p != tables[2][0]]
        assert all(first[p]["arrived_at"] is None for p in others), "only table 1"
        await head.locator('[data-action="all-present-table"]').wait_for(state="detached")

        # the rest of the round: everyone not yet in, one command
        everyone = [p for ps in tables.values() for p in ps]
        missing = len(everyone) - 4
        button = card.locator("#ci-all")
        await button.filter(has_text=f"Сви присутни ({missing})").click()
        after = await until(lambda: _all_in(server, everyone), "the whole round in")
        assert after[tables[2][0]]["arrived_at"] == alone, "the one who came alone kept their time"
        assert after[tables[1][0]]["arrived_at"] == first[tables[1][0]]["arrived_at"], "table 1 kept its time"
        await button.wait_for(state="hidden")
        await card.locator("#ci-summary", has_text=f"присутно {len(everyone)} од {len(everyone)}").wait_for()
        audit = (await referee_state(server))["audit"]
        together = [c for c in audit if c["type"] == "checked_in_all"]
        assert [len(c["payload"]["players"]) for c in together] == [3, missing], together
        row = page.locator("#audit tr", has_text="сви присутни, Коло 1").first
        await row.wait_for()

        # one undo takes the round's tap back whole: table 1 and the one who came stay in
        await page.locator("#undo-last").click()
        back = await until(lambda: _count_in(server, 4), "the round's tap undone")
        assert {p for p, r in back.items() if r["arrived_at"] is not None} == {*tables[1], tables[2][0]}
        await button.filter(has_text=f"Сви присутни ({missing})").wait_for(state="visible")
        await shot(console, artifacts, "console-all-present-undone-sr-Cyrl.png")
        assert not console.errors, console.errors
    finally:
        if console is not None:
            await console.context.close()
        server.stop()


async def _all_in(server: Server, players: list[str]) -> dict[str, Any] | None:
    found = await rows(server)
    return found if all(found[p]["arrived_at"] is not None for p in players) else None


async def _count_in(server: Server, count: int) -> dict[str, Any] | None:
    found = await rows(server)
    return found if sum(r["arrived_at"] is not None for r in found.values()) == count else None
