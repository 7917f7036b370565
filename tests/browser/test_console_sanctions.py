"""Čačak sanctions, appeals and the slips list from a phone console (390×844), in a real browser: a bad
shuffle twice (a warning, then the 4 bule the server proposes, in the standings' penalty), a misdeal
written by each co-player, an appeal lodged and decided unanimously with the correction that carried it
out, a fourth request refused in the server's words, the player's own count of requests left, and the
desk's list of who brings each slip and who pays the fee, printable."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from server import Server, round_entry
from support.pages import (
    NAME,
    PHONE,
    PLAYERS,
    Tab,
    ack,
    bounded,
    choose,
    live,
    no_toast,
    open_session,
    open_tab,
    record_all,
    referee_login,
    seating_of,
    shot,
)
from support.referee_api import as_referee, logged, referee_events

pytestmark = pytest.mark.asyncio(loop_scope="session")

NAMES = {p["id"]: p["name"] for p in PLAYERS}
#: The console's print button calls window.print(): counted here instead of opening a dialog.
NO_PRINT = "window.__printed = 0; window.print = () => { window.__printed += 1; };"


async def started(server: Server) -> dict[int, list[str]]:
    tables = seating_of(await ack(server, {"type": "publish_seating", "item": "r1", "seed": 4}))
    await ack(server, {"type": "start_round", "item": "r1"})
    return tables


async def console_tab(browser: Any, server: Server, lang: str = "") -> Tab:
    tab = await open_tab(browser, server, f"/referee{'?lang=' + lang if lang else ''}", viewport=PHONE,
                         is_mobile=True, has_touch=True, accept_dialogs=True, init_script=NO_PRINT)
    await referee_login(tab, server.token)
    return tab


async def sanction_from_console(tab: Tab, find: str, player: str, kind: str, proposed: str) -> str:
    """Find the player, tap them and the offence, check the server's proposal, send; the question asked."""
    card = tab.page.locator("#sanctions-card")
    search = card.locator('[data-role="sanction-find"]')
    await search.fill(find)
    await card.locator(f'[data-role="sanction-players"] [data-player="{player}"]').click()
    await card.locator(f'[data-kind="{kind}"]').click()
    proposal = card.locator('[data-role="sanction-proposal"]')
    await proposal.filter(has_text=proposed).wait_for(state="visible")
    asked = len(tab.dialogs)
    await card.locator('[data-action="sanction"]').click()
    for _ in range(50):
        if len(tab.dialogs) > asked:
            break
        await asyncio.sleep(0.1)
    await search.fill("")
    return tab.dialogs[-1]


@bounded
async def test_a_referee_records_sanctions_by_kind_from_a_phone_as_the_server_proposes(
        browser: Any, serve: Any, artifacts: Path) -> None:
    server = await serve(name=NAME, players=PLAYERS,
                         timetable=[round_entry("r1", 1, start_in=120, minutes=180, title="Round 1")])
    tables = await started(server)
    dealer, other = tables[1][0], tables[2][1]
    console = await console_tab(browser, server)
    try:
        # A bad shuffle, found by table: the first is a warning, the second the preset's 4 bule.
        asked = await sanction_from_console(console, "1", dealer, "bad_shuffle", "1st offence — a warning")
        assert NAMES[dealer] in asked and "Bad shuffle or cut" in asked and "a warning" in asked, asked
        first = (await logged(server, "sanction_recorded", 1))[0]["payload"]
        assert (first["player"], first["step"], first["warning"]) == (dealer, 1, True)
        asked = await sanction_from_console(console, "1", dealer, "bad_shuffle", "2nd offence — 4 bule")
        assert "2nd offence" in asked and "4 bule" in asked, asked
        second = (await logged(server, "sanction_recorded", 2))[1]["payload"]
        assert (second["step"], second["bule"]) == (2, 4)
        standing = next(r for r in (await server.state())["standings"] if r["player"] == dealer)
        assert standing["penalty_bule"] == 4
        penalty = console.page.locator("#st-body tr", has_text=NAMES[dealer]).locator("td").last
        await penalty.filter(has_text="4").wait_for()  # the standings' penalty column in the console
        # A misdeal, found by name: 2 bule from each co-player at the table, named.
        co = [p for p in tables[2] if p != other]
        asked = await sanction_from_console(console, NAMES[other].split()[0][:4], other, "misdeal", "2 bule")
        assert all(NAMES[p] in asked for p in co), asked
        misdeal = (await logged(server, "sanction_recorded", 3))[2]["payload"]
        assert misdeal["kind"] == "misdeal" and sorted(x["to"] for x in misdeal["penalties"]) == sorted(co)
        # Signalling: the leader's polite warning first, then the referee's public warning (no bule), from
        # the server's ladder; the page has no rule of its own.
        signaller = tables[1][1]
        asked = await sanction_from_console(console, "1", signaller, "signalling",
                                            "1st offence — a polite warning by the leader")
        assert "Signalling" in asked and "a polite warning by the leader" in asked, asked
        asked = await sanction_from_console(console, "1", signaller, "signalling",
                                            "2nd offence — a public warning by the referee")
        signals = (await logged(server, "sanction_recorded", 5))[3:]
        assert [(x["payload"]["measure"], x["payload"]["penalties"]) for x in signals] == [
            ("leader_warning", []), ("referee_warning", [])]
        card = console.page.locator("#sanctions-card")
        await card.locator('[data-role="sanction-find"]').fill("1")
        await card.locator(f'[data-role="sanction-players"] [data-player="{signaller}"]').click()
        await card.locator('[data-kind="signalling"]').click()
        await card.locator('[data-role="sanction-proposal"]').filter(
            has_text="3rd offence — may not follow in that hand").wait_for()
        # A deduction of points: the points and a reason asked for, the standings' points lower at once.
        await card.locator('[data-kind="deduction"]').click()
        points = card.locator('[data-role="sanction-points"]')
        await points.wait_for(state="visible")
        await card.locator('[data-action="sanction"]').click()
        await card.locator(".error", has_text="Enter the points to deduct").wait_for()
        await points.fill("1.5")
        await card.locator('[data-role="sanction-proposal"]').filter(has_text="1.5 points deducted").wait_for()
        await card.locator('[data-role="sanction-reason"]').fill("insulted an opponent")
        before = next(r for r in (await server.state())["standings"] if r["player"] == signaller)["points"]
        await card.locator('[data-action="sanction"]').click()
        deduction = (await logged(server, "sanction_recorded", 6))[5]["payload"]
        assert (deduction["kind"], deduction["points"], deduction["reason"]) == (
            "deduction", 1.5, "insulted an opponent")
        assert "1.5 points deducted" in console.dialogs[-1], console.dialogs[-1]
        row = next(r for r in (await server.state())["standings"] if r["player"] == signaller)
        assert (row["points"], row["penalty_points"]) == (round(before - 1.5, 1), 1.5)
        await console.page.locator("#st-body tr", has_text=NAMES[signaller]).locator(
            '[data-role="penalty-points"]').filter(has_text="1.5").wait_for()
        await card.locator('[data-role="sanction-find"]').fill("")
        # The list, newest first, and the audit in words.
        first_row = console.page.locator('#sanctions-card [data-role="sanctions"] li').first
        await first_row.filter(has_text="1.5 points deducted").wait_for()
        assert "Misdeal" in await console.page.locator('#sanctions-card [data-role="sanctions"]').inner_text()
        deducted = console.page.locator("#audit tr", has_text="Deduction of points").first
        assert "1.5 points deducted" in await deducted.inner_text()
        # The player's phone: the penalty in its unit's words, and the points taken in their standing.
        phone = await open_tab(browser, server, "/player", viewport=PHONE, is_mobile=True, has_touch=True)
        try:
            await choose(phone, NAMES[signaller], NAMES[signaller])
            await phone.page.locator("#penalties li", has_text="1.5 points off your score").wait_for()
            await phone.page.locator("#place-detail", has_text="1.5 points deducted").wait_for()
            assert "taken off your score" in await phone.page.locator("#pen-note").inner_text()
            assert not phone.errors, phone.errors
        finally:
            await phone.context.close()
        audit = console.page.locator("#audit tr", has_text="Bad shuffle or cut").first
        assert "2nd offence" in await audit.inner_text()
        await console.page.locator("#sanctions-card").scroll_into_view_if_needed()
        await no_toast(console)
        await shot(console, artifacts, "console-sanctions.png")
        assert not console.errors, console.errors
    finally:
        await console.context.close()


@bounded
async def test_an_appeal_is_lodged_and_decided_with_its_correction_and_a_fourth_is_refused(
        browser: Any, serve: Any, artifacts: Path) -> None:
    server = await serve(name=NAME, players=PLAYERS,
                         timetable=[round_entry("r1", 1, start_in=120, minutes=180, title="Round 1")])
    tables = await started(server)
    await record_all(server, "r1", tables)
    appellant = tables[1][0]
    console = await console_tab(browser, server)
    phone = await open_tab(browser, server, "/player", viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        await choose(phone, NAMES[appellant].split()[0][:4].lower(), NAMES[appellant])
        await open_session(phone, server, appellant)
        await live(phone)
        card = console.page.locator("#appeals-card")
        await card.locator('[data-role="appeal-player"]').select_option(appellant)
        await card.locator('[data-role="appeal-left"]', has_text="3 of 3").wait_for()
        await card.locator('[data-role="appeal-subject"]').fill("the count of the slip at table 1")
        await card.locator('[data-action="appeal"]').click()
        lodged = (await logged(server, "appeal_lodged", 1))[0]
        assert "the count of the slip at table 1" in console.dialogs[-1]
        await phone.page.locator("#me-appeals", has_text="Requests to the committee left: 2 of 3").wait_for()
        # The committee meets after the round: meanwhile the slip is corrected.
        await ack(server, {"type": "end_round", "item": "r1"})
        slip = dict(zip(tables[1], (-10, 50, -40), strict=True))  # the second player had the most
        corrected = await ack(server, {"type": "correct_result", "item": "r1", "table": 1, "results": slip,
                                       "reason": "the committee found 10 bule counted twice"})
        row = card.locator(f'[data-role="appeals-open"] li[data-appeal="{lodged["seq"]}"]')
        await row.locator('[data-action="open-decision"]').click()
        await row.locator('[data-decision="upheld"]').click()
        await row.locator('[data-role="appeal-unanimous"]').check()
        correction = row.locator('[data-role="appeal-correction"]')
        await correction.locator(f'option[value="{corrected["seq"]}"]').wait_for(state="attached")
        await correction.select_option(str(corrected["seq"]))
        await row.locator('[data-action="decide-appeal"]').click()
        decided = (await logged(server, "appeal_decided", 1))[0]["payload"]
        assert (decided["outcome"], decided["correction"], decided["unanimous"]) == ("changed", corrected["seq"], True)
        await card.locator('[data-role="appeals-decided"] li', has_text="the referee's decision is changed").wait_for()
        # Two more requests, then a fourth: refused by the server, in its words, beside the form.
        for n in (2, 3):
            await ack(server, {"type": "appeal", "player": appellant, "item": "r1", "subject": f"request {n}"})
        await card.locator('[data-role="appeal-left"]', has_text="0 of 3").wait_for()
        await card.locator('[data-role="appeal-subject"]').fill("a fourth request")
        await card.locator('[data-action="appeal"]').click()
        error = card.locator('[data-role="appeal-error"]')
        await error.filter(has_text="a player may ask 3 times").wait_for()
        assert len(await referee_events(server, "appeal_lodged")) == 3
        await phone.page.locator("#me-appeals", has_text="left: 0 of 3").wait_for()
        # The desk's list: who brings each slip and who pays the fee, as the server has it, printable.
        desk = await as_referee(server, "/api/desk/slips?item=r1")
        slips = console.page.locator("#slips-card")
        for table in desk["tables"]:
            line = slips.locator(f'tr[data-table="{table["table"]}"]')
            await line.locator(".r-sl-brings", has_text=table["brings"][0]["name"]).wait_for()
            assert table["pays"][0]["name"] in await line.locator(".r-sl-pays").inner_text()
        assert desk["tables"][0]["brings"][0]["player"] == tables[1][1], "the correction changed who brings it"
        await slips.locator('[data-action="print-slips"]').click()
        assert await console.page.evaluate("window.__printed") == 1
        sheet = console.page.locator('[data-role="slips-print"] tr[data-table]')
        assert await sheet.count() == len(desk["tables"])
        await console.page.emulate_media(media="print")
        assert await console.page.locator("#app").is_hidden()
        await shot(console, artifacts, "console-slips-print.png")
        await console.page.emulate_media(media="screen")
        await no_toast(console)
        await slips.scroll_into_view_if_needed()
        await shot(console, artifacts, "console-slips.png")
        await card.scroll_into_view_if_needed()
        await shot(console, artifacts, "console-appeals.png")
        if not await phone.page.locator("#banner").is_hidden():
            await phone.page.locator("#banner").click()
        await phone.page.evaluate("window.scrollTo(0, 0)")
        await shot(phone, artifacts, "player-appeals.png")
        assert not console.errors and not phone.errors, (console.errors, phone.errors)
    finally:
        await asyncio.gather(console.context.close(), phone.context.close())


@bounded
async def test_the_cards_read_and_fit_in_serbian_and_slovak(browser: Any, serve: Any, artifacts: Path) -> None:
    server = await serve(name=NAME, players=PLAYERS,
                         timetable=[round_entry("r1", 1, start_in=120, minutes=180, title="Round 1")])
    tables = await started(server)
    await record_all(server, "r1", tables)
    dealer = tables[1][0]
    await ack(server, {"type": "sanction", "player": dealer, "kind": "bad_shuffle", "item": "r1"})
    await ack(server, {"type": "sanction", "player": tables[2][0], "kind": "misdeal", "item": "r1"})
    await ack(server, {"type": "appeal", "player": dealer, "item": "r1", "subject": "the misdeal ruling"})
    for lang in ("sr-Cyrl", "sk"):
        console = await console_tab(browser, server, lang)
        try:
            card = console.page.locator("#sanctions-card")
            await card.locator(f'[data-player="{dealer}"]').click()
            await card.locator('[data-kind="bad_shuffle"]').click()
            await card.locator('[data-role="sanction-proposal"]', has_text="4").wait_for()
            await console.page.locator('#appeals-card [data-action="open-decision"]').click()
            await console.page.locator('#appeals-card [data-decision="upheld"]').click()
            width = await console.page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"{lang}: the page is {width} px wide"
            for name in ("sanctions", "appeals", "slips"):
                await console.page.locator(f"#{name}-card").scroll_into_view_if_needed()
                await no_toast(console)
                await shot(console, artifacts, f"console-{name}-{lang}.png")
            assert not console.errors, console.errors
        finally:
            await console.context.close()
