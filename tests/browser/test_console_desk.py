"""The desk in the referee console, on a phone (390×844), with the Čačak example file: the payment the
server proposes is taken in one tap after a question naming who and how much, another kind of payment
goes in with its note, a refund is refused or taken as the server decides (its words by the form), the
list of who has not paid shrinks, the prize fund shown is the one /api/desk/payments computes, and the
audit names each payment and undoes it. The Slovak league has no desk: no card, no section chip."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import httpx
import pytest
from server import Server, start_server_async
from support.pages import PHONE, Tab, ack, bounded, open_tab, referee_login, shot, until

pytestmark = pytest.mark.asyncio(loop_scope="session")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CACAK = EXAMPLES / "cacak-preferans-2027.toml"
SLOVAK = EXAMPLES / "slovak-league-2027.toml"
#: p04 and p01 of the example (Зоран Марковић, Милан Јовановић) as the English console shows them:
#: in Latin letters (display/referee/latin.js).
ZORAN, MILAN = "Zoran Marković", "Milan Jovanović"


async def books(server: Server) -> dict[str, Any]:
    """GET /api/desk/payments (the referees only): the desk's books as the server keeps them."""
    async with httpx.AsyncClient(timeout=10) as http:
        answer = await http.get(f"{server.url}/api/desk/payments", headers={"Authorization": f"Bearer {server.token}"})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def account(desk: dict[str, Any], player: str) -> dict[str, Any]:
    return next(x for x in desk["accounts"] if x["kind"] == "player" and x["id"] == player)


def money(amount: float) -> str:
    return f"{amount:,g}\u00a0RSD"  # thousands grouped as English groups them


async def row(tab: Tab, player: str) -> Any:
    """The desk's row of a player, found with the card's own search."""
    await tab.page.locator('#desk-card [data-role="desk-search"]').fill(player)
    found = tab.page.locator(f'#desk-card .r-desk-row[data-id="{player}"]')
    await found.wait_for(state="visible")
    return found


async def open_console(browser: Any, server: Server, lang: str) -> Tab:
    tab = await open_tab(browser, server, f"/referee?lang={lang}", viewport=PHONE, is_mobile=True, has_touch=True,
                         accept_dialogs=True)
    await referee_login(tab, server.token)
    await tab.page.locator("#desk-card").wait_for(state="visible")
    return tab


@bounded
async def test_the_desk_takes_the_proposed_entry_other_money_and_a_refund_as_the_server_decides(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    server = await start_server_async(CACAK, tmp_path / "cacak.db")
    tabs: list[Tab] = []
    try:
        tab = await open_console(browser, server, "en")
        tabs.append(tab)
        page = tab.page
        assert await page.locator('#r-nav a[data-nav="desk-card"]').is_visible(), "the desk has its section chip"
        start = await books(server)
        owing = len(start["unpaid"])
        assert owing == len(start["accounts"]) == 30

        # The one-tap proposal: the question names the player and the amount; the server takes the entry.
        zoran = await row(tab, "p04")
        take = zoran.locator('[data-action="take"]')
        assert "4,000" in await take.inner_text()
        await take.click()
        await until(lambda: _owed(server, "p04", 0), "p04's entry paid")
        assert ZORAN in tab.dialogs[-1] and "4,000" in tab.dialogs[-1], tab.dialogs
        audit = page.locator("#audit tr", has_text=f"payment: {ZORAN} 4,000 RSD entry fee (cash)")
        await audit.first.wait_for()
        await zoran.locator(".r-desk-square").wait_for()

        # Other money, by transfer, with what it is for.
        await zoran.locator('[data-action="other"]').click()
        form = zoran.locator("form")
        await form.locator('[data-role="what"]').select_option("other")
        await form.locator('[data-role="amount"]').fill("200")
        await form.locator('[data-role="method"]').select_option("account")
        await form.locator('[data-role="note"]').fill("scoring fee, round 1")
        await form.locator('[data-action="record"]').click()
        other = await until(lambda: _payment(server, "p04", "other"), "the other payment")
        assert (other["amount"], other["method"], other["note"]) == (200, "account", "scoring fee, round 1")
        assert "200" in tab.dialogs[-1] and ZORAN in tab.dialogs[-1]
        await page.locator("#audit tr", has_text=f"payment: {ZORAN} 200 RSD other (by transfer)").first.wait_for()

        # A refund beyond what was paid: the server refuses, and the form says its words.
        await zoran.locator('[data-action="other"]').click()
        form = zoran.locator("form")
        await form.locator('[data-role="amount"]').fill("5000")
        await form.locator('[data-role="refund"]').check()
        await form.locator('[data-role="note"]').fill("changed his mind")
        await form.locator('[data-action="record"]').click()
        await form.locator(".error", has_text="is more than the").wait_for()
        assert not await _payment(server, "p04", "entry", refund=True)

        # A lady's flag set after she paid in full: the desk proposes giving 2000 back. Without a note the
        # server refuses (it says why); with one it takes it.
        await ack(server, {"type": "record_payment", "player": "p01", "what": "entry", "amount": 4000})
        await ack(server, {"type": "update_player", "player": "p01", "lady": True})
        milan = await row(tab, "p01")
        back = milan.locator('[data-action="refund"]')
        await back.wait_for()
        assert "2,000" in await back.inner_text()
        await back.click()
        form = milan.locator("form")
        assert await form.locator('[data-role="amount"]').input_value() == "2000"
        assert await form.locator('[data-role="refund"]').is_checked()
        await form.locator('[data-action="record"]').click()
        await form.locator(".error", has_text="note").wait_for()
        await form.locator('[data-role="note"]').fill("a lady pays 2000")
        await form.locator('[data-action="record"]').click()
        refund = await until(lambda: _payment(server, "p01", "entry", refund=True), "the refund")
        assert refund["amount"] == -2000
        assert MILAN in tab.dialogs[-1] and "2,000" in tab.dialogs[-1]
        await page.locator("#audit tr", has_text=f"refund: {MILAN} 2,000 RSD entry fee (cash)").first.wait_for()
        await milan.locator(".r-desk-square").wait_for()

        # Who has not paid: the filter lists exactly the server's list, two fewer than at the start.
        await page.locator('#desk-card [data-role="desk-search"]').fill("")
        await page.locator('#desk-card [data-role="desk-unpaid"]').check()
        desk = await books(server)
        assert len(desk["unpaid"]) == owing - 2
        rows = page.locator("#desk-card .r-desk-row")
        await page.wait_for_function("(n) => document.querySelectorAll('#desk-card .r-desk-row').length === n",
                                     arg=len(desk["unpaid"]))
        shown = {await rows.nth(i).get_attribute("data-id") for i in range(await rows.count())}
        assert shown == {x["id"] for x in desk["unpaid"]}
        assert f"({owing - 2})" in await page.locator("#desk-card .r-desk-tools").inner_text()

        # The prize fund is the server's: 70 % of 4000 + 4000 − 2000 (the other money does not count).
        fund = desk["fund"]
        assert fund["amount"] == 4200
        await page.locator('#desk-card [data-role="fund-amount"]', has_text=money(fund["amount"])).wait_for()
        assert money(fund["if_all_paid"]) in await page.locator('#desk-card [data-role="fund"]').inner_text()

        # Undo is the audit's: the other payment goes, and the fund does not move.
        seq = other["seq"]
        await page.locator(f'#audit button[data-undo="{seq}"]').click()
        await until(lambda: _gone(server, seq), "the undone payment gone from the books")
        assert (await books(server))["fund"]["amount"] == fund["amount"]

        # The same desk in Serbian and Slovak, as the phone shows it.
        for lang in ("sr-Cyrl", "sk"):
            other_tab = await open_console(browser, server, lang)
            tabs.append(other_tab)
            await other_tab.page.evaluate(
                "document.getElementById('desk-card').scrollIntoView(); window.scrollBy(0, -70)")
            await shot(other_tab, artifacts, f"console-desk-{lang}.png")
            assert not other_tab.errors, other_tab.errors
        assert not tab.errors, tab.errors
    finally:
        for t in tabs:
            with contextlib.suppress(Exception):
                await t.context.close()
        server.stop()


@bounded
async def test_a_league_without_entry_fees_has_no_desk(browser: Any, tmp_path: Path) -> None:
    server = await start_server_async(SLOVAK, tmp_path / "slovak.db")
    tab = await open_tab(browser, server, "/referee", viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        await referee_login(tab, server.token)
        await tab.page.wait_for_function("() => window.hall.connection.sections.tournament")
        assert await tab.page.locator("#desk-card").is_hidden()
        assert await tab.page.locator('#r-nav a[data-nav="desk-card"]').is_hidden()
    finally:
        await tab.context.close()
        server.stop()


async def _owed(server: Server, player: str, owed: float) -> bool:
    return bool(account(await books(server), player)["owed"] == owed)


async def _payment(server: Server, player: str, what: str, *, refund: bool = False) -> dict[str, Any] | None:
    """The player's last payment of `what` in force (a refund: a negative one), if any."""
    found = [x for x in (await books(server))["payments"]
             if x.get("player") == player and x["what"] == what and (x["amount"] < 0) == refund]
    return found[-1] if found else None


async def _gone(server: Server, seq: int) -> bool:
    return all(x["seq"] != seq for x in (await books(server))["payments"])
