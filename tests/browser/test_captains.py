"""Captains' results from the venues in a real browser (docs/rules/slovak-league.md#captains): on a Slovak league
server, the home captain of a match signs in on the captain's page of a phone (390×844) with the team's code,
reports the IMPs; the away captain, in another browser context, sees the report and confirms it; the console's
coordinator card shows the match confirmed. In the other match one captain reports and the other disputes it
with a reason: both phones and the coordinator's card show it disputed, and the coordinator settles it with the
rounds card's result form, prefilled from the card. A captain's step while the console is open shows on its card
by the event. A wrong code is refused in the page's language. Screenshots of the captain's page in sk and sr-Latn,
and of the coordinator's card, go to tests/artifacts/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from server import Server, start_server_async
from support.axe import no_violations
from support.examples import slovak
from support.pages import PHONE, Tab, ack, bounded, open_tab, referee_login, shot
from support.referee_api import events_of

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def captain_codes(server: Server) -> dict[str, str]:
    async with httpx.AsyncClient(timeout=10) as http:
        answer = await http.get(f"{server.url}/api/captain-codes", headers={"Authorization": f"Bearer {server.token}"})
    assert answer.status_code == 200, answer.text
    return {x["team"]: x["code"] for x in answer.json()["captains"]}


async def phone(browser: Any, server: Server, lang: str) -> Tab:
    return await open_tab(browser, server, f"/captain?lang={lang}", viewport=PHONE, is_mobile=True, has_touch=True)


async def sign_in(tab: Tab, code: str) -> None:
    await tab.page.locator("#code-input").fill(code)
    await tab.page.locator("#code-open").click()
    await tab.page.locator("#team-card").wait_for(state="visible")


async def axe(tab: Tab, scope: str | None = None) -> None:
    await no_violations(tab.page, scope)


def match(tab: Tab, item: str = "m1") -> Any:
    return tab.page.locator(f'#matches article[data-item="{item}"]')


@bounded
async def test_captains_report_confirm_and_dispute_and_the_coordinator_sees_it(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    server = await start_server_async(slovak(tmp_path / "sk.toml"), tmp_path / "sk.db")
    tabs: list[Tab] = []
    try:
        codes = await captain_codes(server)
        seating = await ack(server, {"type": "publish_seating", "item": "m1"})
        first, second = [(m["home"], m["away"]) for m in seating["events"][0]["payload"]["matches"]][:2]
        await ack(server, {"type": "start_round", "item": "m1"})
        await ack(server, {"type": "end_round", "item": "m1"})

        # A wrong code, refused in Slovak; then the home captain's own.
        home = await phone(browser, server, "sk")
        tabs.append(home)
        await home.page.locator("#code-card").wait_for(state="visible")
        await home.page.locator("#code-input").fill("AAAA-AAAA")
        await home.page.locator("#code-open").click()
        await home.page.locator("#code-error").filter(has_text="Tento kód nie je správny").wait_for()
        await shot(home, artifacts, "captain-sk-code.png")
        await axe(home)
        await sign_in(home, codes[first[0]])
        card = match(home)
        await card.locator('[data-role="state"]').filter(has_text="Čaká na nahlásenie").wait_for()
        assert "Poslať zápis o stretnutí do:" in await card.inner_text()
        await card.locator('input[data-side="home"]').fill("45")
        await card.locator('input[data-side="away"]').fill("12")
        await card.locator('[data-action="report"]').click()
        await card.locator('[data-role="own"]').filter(has_text="45 : 12").wait_for()
        await card.locator('[data-role="state"]').filter(has_text="Nahlásený, nepotvrdený").wait_for()
        await shot(home, artifacts, "captain-sk-reported.png")
        await axe(home)

        # The away captain, on another phone (Serbian, Latin letters), sees the report and confirms it.
        away = await phone(browser, server, "sr-Latn")
        tabs.append(away)
        await sign_in(away, codes[first[1]])
        theirs = match(away)
        await theirs.locator('[data-role="reported"]').filter(has_text="45 : 12").wait_for()
        await shot(away, artifacts, "captain-sr-Latn-to-confirm.png")
        await axe(away)
        await theirs.locator('[data-action="confirm"]').click()
        await theirs.locator('[data-role="state"]').filter(has_text="Potvrđen").wait_for()
        await theirs.locator('[data-role="result"]').filter(has_text="45 : 12").wait_for()
        (recorded,) = await events_of(server, "result_recorded", 1)
        assert recorded["actor"] == f"captain:{first[1]}"
        assert recorded["payload"]["imps_home"] == 45 and recorded["payload"]["imps_away"] == 12

        # The home captain marks the match record sent.
        await home.page.locator("#refresh").click()
        await card.locator('[data-role="state"]').filter(has_text="Potvrdený").wait_for()
        await card.locator('[data-action="record"]').click()
        await card.locator(".c-terms").filter(has_text="Zápis o stretnutí odoslaný").wait_for()
        assert await card.locator('[data-action="record"]').count() == 0

        # The other match: reported by its away captain, disputed by its home captain.
        reporter = await phone(browser, server, "sr-Latn")
        tabs.append(reporter)
        await sign_in(reporter, codes[second[1]])
        mine = match(reporter)
        await mine.locator('input[data-side="home"]').fill("30")
        await mine.locator('input[data-side="away"]').fill("31")
        await mine.locator('[data-action="report"]').click()
        await mine.locator('[data-role="own"]').wait_for()
        disputer = await phone(browser, server, "sk")
        tabs.append(disputer)
        await sign_in(disputer, codes[second[0]])
        other = match(disputer)
        await other.locator('[data-role="reported"]').filter(has_text="30 : 31").wait_for()
        await other.locator('[data-action="dispute"]').click()
        await other.locator('[data-action="dispute-send"]').click()
        await other.locator(".c-error").filter(has_text="Najprv napíšte").wait_for()  # a dispute says why
        await axe(disputer)
        await other.locator('[data-role="reason"]').fill("rozdanie 9 bolo 420, nie 450")
        await other.locator('[data-action="dispute-send"]').click()
        await other.locator('[data-role="state"]').filter(has_text="Namietnutý").wait_for()
        await other.locator(".c-disputed").filter(has_text="rozdanie 9 bolo 420").wait_for()
        await shot(disputer, artifacts, "captain-sk-disputed.png")
        await reporter.page.locator("#refresh").click()
        await mine.locator('[data-role="state"]').filter(has_text="Osporen").wait_for()
        await shot(reporter, artifacts, "captain-sr-Latn-disputed.png")

        # The coordinator's card: the first match confirmed, the second disputed; settled from the card.
        console = await open_tab(browser, server, "/referee?lang=en", viewport={"width": 1280, "height": 900},
                                 accept_dialogs=True)
        tabs.append(console)
        await referee_login(console, server.token)
        coordinator = console.page.locator("#captains-card")
        await coordinator.locator("h2", has_text="Captains' reports").wait_for()
        line = coordinator.locator(f'.r-cap-line[data-item="m1"][data-home="{first[0]}"]')
        await line.locator('[data-role="state"]').filter(has_text="confirmed").wait_for()
        await line.filter(has_text="record sent").wait_for()
        disputed = coordinator.locator(f'.r-cap-line[data-item="m1"][data-home="{second[0]}"]')
        await disputed.locator('[data-role="state"]').filter(has_text="disputed").wait_for()
        await disputed.filter(has_text="rozdanie 9 bolo 420").wait_for()
        await coordinator.locator('[data-count="disputed"]').filter(has_text="disputed: 1").wait_for()
        await coordinator.locator('[data-action="captain-codes"]').click()
        codes_box = coordinator.locator('[data-role="captain-codes"]')
        await codes_box.locator(f'tr[data-team="{first[0]}"]').filter(has_text=codes[first[0]]).wait_for()
        # beside them, the captains' slips to print (tests/browser/test_captain_slips.py), in a tab of their own
        slips = codes_box.locator('[data-action="captain-slips"]')
        assert await slips.get_attribute("href") == "/api/captain-slips"
        assert await slips.get_attribute("target") == "_blank"
        await coordinator.scroll_into_view_if_needed()
        await shot(console, artifacts, "console-captains.png")
        await axe(console, "#captains-card")

        # A captain's step while the console is open shows on the card by its event, with no reload.
        assert await disputed.filter(has_text="record sent").count() == 0
        await match(disputer).locator('[data-action="record"]').click()
        await disputed.filter(has_text="record sent").wait_for()

        # Settle: the rounds card's result form of the match, prefilled with the disputed report.
        await disputed.locator('[data-action="settle"]').click()
        block = console.page.locator(f'#rounds-card [data-block="m1:m{second[0]}-{second[1]}"]')
        assert await block.locator('input[data-side="home"]').input_value() == "30"
        assert await block.locator('input[data-side="away"]').input_value() == "31"
        await block.locator('input[data-side="away"]').fill("29")
        await block.locator('button[type="submit"]').click()
        await disputed.locator('[data-role="state"]').filter(has_text="settled").wait_for()
        settled = [e for e in await events_of(server, "result_recorded", 2) if e["payload"]["home"] == second[0]]
        assert settled and settled[0]["payload"]["imps_away"] == 29 and settled[0]["actor"].startswith("referee")
        for tab in tabs:
            assert not tab.errors, tab.errors
    finally:
        for tab in tabs:
            await tab.context.close()
        server.stop()
