"""The team sheets card on a phone (390×844), with the Novi Sad example's teams: a team's line-up for
both halves of a match entered before it starts; once it has begun, a referee's substitute for 3 boards
of the first half; a 4th board refused with the server's sentence naming the rule; the boards each
player played shown from the server's `lineups` section, which holds what the console sent."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
from server import Server, start_server_async
from support.examples import example_from_now
from support.pages import PHONE, ack, bounded, choose, open_tab, referee_login, shot

pytestmark = pytest.mark.asyncio(loop_scope="session")

ITEM, TEAM = "m1", "t3"  # round 1: Dunav – Štrand, Liman (t3, six members) – Fruška gora; Petrovaradin has the bye
HALF_1 = ["t3p1", "t3p2", "t3p3", "t3p4"]
HALF_2 = ["t3p1", "t3p2", "t3p5", "t3p6"]
SUBSTITUTE = "Stevan Miškov ml."


async def team_view(server: Server) -> dict[str, Any]:
    async with httpx.AsyncClient(timeout=10) as http:
        answer = await http.get(f"{server.url}/api/state", headers={"Authorization": f"Bearer {server.token}"})
    assert answer.status_code == 200, answer.text
    lineups = answer.json()["lineups"]
    return {"team": lineups["matches"][ITEM]["teams"][TEAM], "boards": lineups["boards"],
            "kinds": lineups["substitution_kinds"]}


async def pick(page: Any, part: int, players: list[str]) -> None:
    for player in players:
        chip = f'#sheets-card .r-sh-part[data-part="{part}"] [data-player="{player}"]'
        await page.locator(chip).click()
        await page.locator(f'{chip}[aria-pressed="true"]').wait_for()


@bounded
async def test_a_referee_enters_a_team_sheet_and_a_substitute_from_a_phone(browser: Any, tmp_path: Path,
                                                                           artifacts: Path) -> None:
    server = await start_server_async(example_from_now(tmp_path / "ns.toml"), tmp_path / "ns.db")
    try:
        console = await open_tab(browser, server, "/referee?lang=sr-Latn", viewport=PHONE, is_mobile=True,
                                 has_touch=True)
        page = console.page
        await referee_login(console, server.token)
        chip = page.locator('#r-nav a[data-nav="sheets-card"]')
        await chip.wait_for(state="visible")
        await chip.click()
        card = page.locator("#sheets-card")
        await card.wait_for(state="visible")
        await card.locator(f'.r-sh-teams [data-team="{TEAM}"]').click()
        await card.locator(f'.r-sh-team[data-team="{TEAM}"]').wait_for()
        # both halves before the match: four of the roster each, then one save
        await pick(page, 1, HALF_1)
        await pick(page, 2, HALF_2)
        others = card.locator('.r-sh-part[data-part="1"] .r-sh-chip:not([aria-pressed="true"]):not([disabled])')
        assert await others.count() == 0, "with four picked the others wait"
        await card.locator('[data-action="save-sheet"]').click()
        for _ in range(100):
            sheet = (await team_view(server))["team"]["sheet"]
            if sheet:
                break
            await asyncio.sleep(0.1)
        assert sheet and sheet["parts"] == [HALF_1, HALF_2], sheet
        await shot(console, artifacts, "console-sheets-sr-Latn.png")

        # the match begins: half 1 is under way; a referee's substitute plays its last 3 boards for t3p4
        await ack(server, {"type": "start_round", "item": ITEM})
        form = card.locator('[data-role="substitution-form"]')
        await form.wait_for()
        # Novi Sad takes only a referee's substitute during a half (the server's `substitution_kinds`): no
        # "a member comes in" to choose, which the server would refuse
        assert (await team_view(server))["kinds"] == ["substitute"]
        assert await form.locator('[data-role="sub-kind"]').count() == 0
        assert await form.locator('[data-role="sub-in"]').count() == 0
        assert await form.locator('[data-role="substitute-name"]').is_visible()
        await form.locator('[data-role="sub-out"]').select_option("t3p4")
        await form.locator('[data-role="sub-boards"]').fill("3")
        await form.locator('[data-role="substitute-name"]').fill(SUBSTITUTE)
        await form.locator('[data-action="record-substitution"]').click()
        left = card.locator('[data-role="substitute-left"]')
        await page.wait_for_function(
            "() => /\\b0\\b/.test(document.querySelector('[data-role=\"substitute-left\"]')?.textContent || '')")
        view = await team_view(server)
        assert view["team"]["sheet"]["substitutions"] == [
            {"part": 1, "out": "t3p4", "boards": 3, "substitute": SUBSTITUTE}], view["team"]["sheet"]
        assert view["team"]["substitute_boards_left"] == 0
        # the boards played as the server counts them: half 1 begun, t3p4 3 of its 6
        assert view["boards"]["t3p4"]["total"] == 3 and view["boards"]["t3p1"]["total"] == 6, view["boards"]
        cell = '[data-role="boards-table"] tr[data-player="{}"] [data-role="boards"]'
        row = card.locator(cell.format("t3p4"))
        await page.wait_for_function("(sel) => document.querySelector(sel)?.textContent === '3'",
                                     arg=cell.format("t3p4"))
        assert await card.locator(cell.format("t3p1")).inner_text() == "6"
        assert SUBSTITUTE in await card.locator('[data-role="substitutions"]').inner_text()
        assert await row.is_visible() and await left.is_visible()

        # a 4th board of a referee's substitute: the server refuses, and its sentence is shown
        seq = (await server.state())["seq"]
        await form.locator('[data-role="sub-out"]').select_option("t3p3")
        await form.locator('[data-role="sub-boards"]').fill("1")
        await form.locator('[data-role="substitute-name"]').fill("Jovan Jovanović")
        await form.locator('[data-action="record-substitution"]').click()
        error = card.locator('[data-role="sheet-error"]')
        await error.wait_for(state="visible")
        said = await error.inner_text()
        assert "najviše 3 borda" in said and "4 borda" in said, said  # the page's language (sr-Latn)
        assert (await server.state())["seq"] == seq, "a refused sheet writes nothing"
        assert (await team_view(server))["team"]["substitute_boards_left"] == 0

        # the audit reads the sheet: its players and the substitute by name
        audit = page.locator("#audit tr", has_text=SUBSTITUTE).first
        text = await audit.inner_text()
        assert "Liman" in text and "Kolo 1" in text and "Zoran Kecman" in text, text
        if await page.locator("#toast").is_visible():
            await page.locator("#toast-close").click()
        await error.scroll_into_view_if_needed()
        await shot(console, artifacts, "console-sheets-refused.png")
        for lang in ("sr-Cyrl", "sk"):
            await page.goto(f"{server.url}/referee?lang={lang}#sheets-card")
            await card.wait_for(state="visible")
            await card.locator(f'.r-sh-teams [data-team="{TEAM}"]').click()
            await card.locator('[data-role="substitution-form"]').wait_for()
            await card.scroll_into_view_if_needed()
            await shot(console, artifacts, f"console-sheets-{lang}.png")
            await card.locator('[data-role="boards-table"]').scroll_into_view_if_needed()
            await shot(console, artifacts, f"console-sheets-{lang}-boards.png")
        assert not console.errors, console.errors
        await console.context.close()

        # the player's own phone shows the boards the server counts, and what the individual ranking needs
        view = (await team_view(server))["boards"]["t3p4"]["total"]
        phone = await open_tab(browser, server, "/player?lang=sr-Latn", viewport=PHONE, is_mobile=True, has_touch=True)
        me = (await server.get_json("/api/state"))["players"]
        name = next(p["name"] for p in me if p["id"] == "t3p4")
        await choose(phone, name.split()[-1], name)
        line = phone.page.locator("#me-boards")
        await line.filter(has_text=f"odigrano {view} od ").wait_for(state="visible")
        assert "za pojedinačni plasman potrebno je 40 %" in await line.inner_text()
        assert not phone.errors, phone.errors
        await phone.context.close()
    finally:
        server.stop()


@bounded
async def test_after_half_the_roster_card_replaces_a_player_with_a_rating_held_to_the_average(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    server = await start_server_async(example_from_now(tmp_path / "ns.toml"), tmp_path / "ns.db")
    try:
        # Liman (t3) plays rounds 1–4: half of its 8 league matches once they have ended
        for number in range(1, 5):
            await ack(server, {"type": "start_round", "item": f"m{number}"})
            await ack(server, {"type": "end_round", "item": f"m{number}"})
        for player, rating in (("t3p2", 1400), ("t3p3", 1500), ("t3p4", 1600), ("t3p5", 1500), ("t3p6", 1500)):
            await ack(server, {"type": "update_player", "player": player, "rating": rating})
        console = await open_tab(browser, server, "/referee?lang=sr-Latn", viewport=PHONE, is_mobile=True,
                                 has_touch=True, accept_dialogs=True)
        page = console.page
        await referee_login(console, server.token)
        roster = page.locator("#roster-card")
        # the rating in a player's change form: t3p1's club rating, sent as update_player
        row = roster.locator('.r-ro-row[data-id="t3p1"]')
        await row.locator('[data-action="change"]').click()
        await row.locator('[data-role="rating"]').fill("1300")
        await row.locator('button[type="submit"]').click()
        for _ in range(100):
            players = {p["id"]: p for p in (await server.state())["players"]}
            if players["t3p1"].get("rating") == 1300:
                break
            await asyncio.sleep(0.1)
        else:
            raise AssertionError(f"no rating for t3p1: {players['t3p1']}")
        # the average of the six is 1466.67: the server refuses 1500 naming the rule, takes 1450
        await roster.locator('[data-role="walk-in-team"]').select_option("t3")
        replaces = roster.locator('[data-role="walk-in-replaces"]')
        await replaces.wait_for()
        await roster.locator('[data-role="walk-in-name"]').fill("Petar Nikolić")
        await roster.locator('[data-role="walk-in-rating"]').fill("1500")
        await replaces.select_option("t3p6")
        await roster.locator('[data-action="register"]').click()
        await roster.locator(".r-ro-add .error", has_text="proseka ekipe").wait_for()  # "higher than the average"
        await roster.locator(".r-ro-add").first.scroll_into_view_if_needed()
        await shot(console, artifacts, "console-roster-replacement.png")
        await roster.locator('[data-role="walk-in-rating"]').fill("1450")
        await roster.locator('[data-action="register"]').click()
        for _ in range(100):
            players = {p["id"]: p for p in (await server.state())["players"]}
            if any(p["name"] == "Petar Nikolić" for p in players.values()):
                break
            await asyncio.sleep(0.1)
        new = next(p for p in players.values() if p["name"] == "Petar Nikolić")
        assert new["team"] == "t3" and new["rating"] == 1450, new
        assert players["t3p6"].get("withdrawn"), players["t3p6"]
        # the team sheets card says the replacement is used (Liman has the bye in round 5: its match of round 6)
        await page.locator('#sheets-card [data-role="sheet-match"]').select_option("m6")
        await page.locator('#sheets-card .r-sh-teams [data-team="t3"]').click()
        await page.locator('#sheets-card [data-role="sheet-roster"]', has_text="iskorišćena").wait_for()
        assert not console.errors, console.errors
        await console.context.close()
    finally:
        server.stop()
