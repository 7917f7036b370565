"""Fewer taps where the hall is busiest, on a phone console (390×844), in the languages of the examples'
tournaments:

- Čačak (sr-Cyrl): "All present" for one table, then for the rest of the round, each one command whose
  arrivals share one instant; one undo takes the round's back whole.
- Novi Sad (sr-Latn): a team of exactly four members gets its sheet for both halves with one tap.
- A Slovak league day (sk): the forfeit form names no guilty team; the referee must choose one.
- A bridge league of two teams (a day of a single match, sk and sr-Cyrl): "All present" in the match's head
  checks in its two teams at one instant; on the final's day, before its seating is published, the card says
  to publish it first instead of checking in every team of the league.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server import Server, round_entry, start_server_async, tournament_toml
from support.examples import close_rounds, example_from_now, slovak
from support.pages import PHONE, Tab, ack, bounded, open_tab, referee_login, shot, until
from support.referee_api import referee_state, rows

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


async def _all_in(server: Server, players: list[str], item: str = "r1") -> dict[str, Any] | None:
    found = await rows(server, item)
    return found if all(found[p]["arrived_at"] is not None for p in players) else None


async def _count_in(server: Server, count: int) -> dict[str, Any] | None:
    found = await rows(server)
    return found if sum(r["arrived_at"] is not None for r in found.values()) == count else None


@bounded
async def test_a_team_of_four_gets_its_sheet_in_one_tap(browser: Any, tmp_path: Path, artifacts: Path) -> None:
    server = await start_server_async(example_from_now(tmp_path / "ns.toml"), tmp_path / "ns.db")
    console: Tab | None = None
    try:
        console = await open_tab(browser, server, "/referee?lang=sr-Latn", viewport=PHONE, is_mobile=True,
                                 has_touch=True)
        page = console.page
        await referee_login(console, server.token)
        chip = page.locator('#r-nav a[data-nav="sheets-card"]')
        await chip.wait_for(state="visible")
        await chip.click()
        card = page.locator("#sheets-card")
        # Dunav (t2) has four members: one tap enters them for both halves of round 1
        await card.locator('.r-sh-teams [data-team="t2"]').click()
        forced = card.locator('.r-sh-team[data-team="t2"] [data-action="forced-sheet"]')
        await forced.wait_for(state="visible")
        assert "Upiši sastav:" in await forced.inner_text()
        await shot(console, artifacts, "console-sheets-forced-sr-Latn.png")
        await forced.click()

        async def sheet() -> Any:
            return (await referee_state(server))["lineups"]["matches"]["m1"]["teams"]["t2"]["sheet"]

        entered = await until(sheet, "Dunav's sheet")
        members = ["t2p1", "t2p2", "t2p3", "t2p4"]
        assert [sorted(x) for x in entered["parts"]] == [members, members], entered
        await forced.wait_for(state="detached")
        # a team with six members has a choice to make: no such button
        await card.locator('.r-sh-teams [data-team="t3"]').click()
        await card.locator('.r-sh-team[data-team="t3"]').wait_for()
        assert await card.locator('[data-action="forced-sheet"]').count() == 0
        assert not console.errors, console.errors
    finally:
        if console is not None:
            await console.context.close()
        server.stop()


@bounded
async def test_the_forfeit_form_names_no_team_until_the_referee_chooses_one(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    server = await start_server_async(slovak(tmp_path / "sk.toml"), tmp_path / "sk.db")
    console: Tab | None = None
    try:
        seating = await ack(server, {"type": "publish_seating", "item": "m1"})
        match = seating["events"][0]["payload"]["matches"][0]
        console = await open_tab(browser, server, "/referee?lang=sk", viewport=PHONE, is_mobile=True,
                                 has_touch=True, accept_dialogs=True)
        page = console.page
        await referee_login(console, server.token)
        block = page.locator(f'[data-block="m1:m{match["home"]}-{match["away"]}"]')
        await block.locator('[data-action="forfeit"]').click()
        guilty = block.locator('[data-role="guilty"]')
        await guilty.wait_for(state="visible")
        assert await guilty.input_value() == "", "no team is chosen for the referee"
        assert "Ktoré družstvo nehralo?" in await guilty.inner_text()
        seq = (await server.state())["seq"]
        await block.locator('[data-action="forfeit-send"]').click()
        await block.locator(".error", has_text="Vyberte družstvo, ktoré nehralo.").wait_for(state="visible")
        assert console.dialogs == [] and (await server.state())["seq"] == seq, "nothing asked, nothing written"
        await shot(console, artifacts, "console-forfeit-sk.png")
        await guilty.select_option(match["away"])
        await block.locator('[data-action="forfeit-send"]').click()
        events = await until(lambda: _forfeits(server), "the forfeit")
        assert events[0]["payload"]["guilty"] == match["away"], events
        assert not console.errors, console.errors
    finally:
        if console is not None:
            await console.context.close()
        server.stop()


async def _forfeits(server: Server) -> list[dict[str, Any]]:
    return [e for e in await server.events() if e["type"] == "match_forfeited"]


def two_teams(path: Path) -> Path:
    """Novi Sad's rules, two teams of four: the league is two matches (home and away), then their final."""
    roster = [{"id": f"{team}p{k}", "name": f"Hráč {team.upper()}{k}", "team": team} for team in ("t1", "t2")
              for k in range(1, 5)]
    timetable = [round_entry(f"m{n}", n, start_in=1800 + (n - 1) * 7200, minutes=90, kind="match", boards=12,
                             title=title) for n, title in ((1, "1. kolo"), (2, "2. kolo"), (3, "Finále"))]
    text = tournament_toml(name="Liga dvoch", preset="novi-sad-teams", timetable=timetable, players=roster,
                           rules={"auto_start": False, "auto_end": False})
    text += "".join(f'\n[[teams]]\nid = "{team}"\nname = "{name}"\n' for team, name in (("t1", "Tatry"),
                                                                                       ("t2", "Дунав")))
    path.write_text(text, encoding="utf-8")
    return path


@bounded
async def test_all_present_in_the_head_of_a_single_bridge_match_and_not_before_the_final_is_seated(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    server = await start_server_async(two_teams(tmp_path / "two.toml"), tmp_path / "two.db")
    tabs: list[Tab] = []
    try:
        await ack(server, {"type": "check_in", "item": "m1", "player": "t1p1"})  # one came on their own
        for lang in ("sk", "sr-Cyrl"):
            tabs.append(await open_tab(browser, server, f"/referee?lang={lang}", viewport=PHONE, is_mobile=True,
                                       has_touch=True, accept_dialogs=True))
            await referee_login(tabs[-1], server.token)
        slovak, serbian = (tab.page for tab in tabs)
        card = slovak.locator("#checkin-card")
        head = card.locator('.r-ci-table[data-match="t1-t2"]')
        await head.locator("b", has_text="Tatry – Dunav").wait_for()  # the match, its teams in the page's script
        await serbian.locator('#checkin-card .r-ci-table[data-match="t1-t2"] b', has_text="Tatry – Дунав").wait_for()
        assert await card.locator("#ci-all").is_hidden(), "the match's head has the round's one tap"
        await head.scroll_into_view_if_needed()
        await shot(tabs[0], artifacts, "console-all-present-match-sk.png")
        await serbian.locator("#checkin-card .r-ci-table").scroll_into_view_if_needed()
        await shot(tabs[1], artifacts, "console-all-present-match-sr-Cyrl.png")

        await head.locator('[data-action="all-present-match"]', has_text="Všetci prítomní (2)").click()
        both = await until(lambda: _all_in(server, ["t1", "t2"], "m1"), "both teams in")
        assert both["t1"]["arrived_at"] == both["t2"]["arrived_at"], "one instant for the match"
        await head.locator('[data-action="all-present-match"]').wait_for(state="detached")
        await card.locator("#ci-summary", has_text="prítomní 2 z 2").wait_for()
        together = [c for c in (await referee_state(server))["audit"] if c["type"] == "checked_in_all"]
        assert [c["payload"]["teams"] for c in together] == [["t1", "t2"]], together

        # the league played, the final's day: nobody knows its teams before it is seated
        for item in ("m1", "m2"):
            await ack(server, {"type": "start_round", "item": item})
            await ack(server, {"type": "record_result", "item": item, "home": "t1", "away": "t2", "imps_home": 31,
                               "imps_away": 12} if item == "m1" else
                      {"type": "record_result", "item": item, "home": "t2", "away": "t1", "imps_home": 9,
                       "imps_away": 20})
            await ack(server, {"type": "end_round", "item": item})
        await card.locator("#ci-title", has_text="Finále").wait_for()
        note = card.locator("#ci-all-note")
        await note.filter(has_text="Finále: družstvá ešte nie sú známe").wait_for(state="visible")
        assert await card.locator("#ci-all").is_hidden() and await card.locator(".r-ci-table").count() == 0
        await ack(server, {"type": "publish_seating", "item": "m3"})
        await note.wait_for(state="hidden")
        final = card.locator('.r-ci-table[data-match="t1-t2"]')
        await final.locator('[data-action="all-present-match"]', has_text="Všetci prítomní (2)").click()
        await until(lambda: _all_in(server, ["t1", "t2"], "m3"), "the finalists in")
        for tab in tabs:
            assert not tab.errors, tab.errors
    finally:
        for tab in tabs:
            await tab.context.close()
        server.stop()
