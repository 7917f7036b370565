"""Every page passes axe-core (the copy shipped in the `axe-playwright-python` package; nothing is
downloaded) in every language: the index, the hall display, the player's page before and after a name
is chosen (and her code typed), the console's sign-in screen and the signed-in console with its cards
filled (check-in, timetable, roster, the rounds' tabs, standings, penalties, sanctions, appeals, slips).
Besides WCAG 2.x A/AA, axe's best practices and its experimental rules run too (the name that must contain
a control's visible words is one of these). A failure lists each rule with its
impact and the elements it found.

Also what axe cannot see: the console's refusal toast is a live region that is in the page before its
text is set (a screen reader announces what is written into it), and the console's first focusable
element is a skip link to the round's actions."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from server import Server, round_entry, start_server_async, write_tournament
from support.axe import report, violations
from support.pages import (
    NAME,
    PHONE,
    PLAYERS,
    ack,
    bounded,
    choose,
    live,
    open_session,
    open_tab,
    play_round,
    referee_login,
)

pytestmark = pytest.mark.asyncio(loop_scope="session")

LANGUAGES = ("en", "sr-Cyrl", "sr-Latn", "sk")
CONSOLE = {"width": 1440, "height": 1000}


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def hall(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Server]:
    """One tournament for the whole module, with something on every card: round 1 played (results,
    standings), round 2 seated and due, a check-in, a penalty, announcements to the hall and to a player."""
    folder = tmp_path_factory.mktemp("a11y")
    file = write_tournament(folder / "t.toml", name=NAME, players=PLAYERS,
                            timetable=[round_entry("r1", 1, start_in=-4 * 3600, minutes=180, title="Round 1"),
                                       round_entry("r2", 2, start_in=1800, minutes=180, title="Round 2")])
    server = await start_server_async(file, folder / "t.db")
    try:
        await play_round(server, "r1", 3)
        await ack(server, {"type": "end_round", "item": "r1"})
        await ack(server, {"type": "publish_seating", "item": "r2"})
        await ack(server, {"type": "check_in", "item": "r2", "player": "p1"})
        await ack(server, {"type": "announce", "text": "Dinner at 21:00"})
        await ack(server, {"type": "announce", "text": "Come to the desk, please", "player": "p3"})
        await ack(server, {"type": "penalty", "player": "p2", "amount": 10, "unit": "bule", "reason": "Late",
                           "item": "r1"})
        yield server
    finally:
        server.stop()


PAGES = ("index", "display", "player", "player-chosen", "sign-in", "console")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("view", PAGES)
@bounded
async def test_no_accessibility_violation(browser: Any, hall: Server, view: str, lang: str) -> None:
    phone = view.startswith("player")
    path = {"index": "/", "display": "/display", "player": "/player", "player-chosen": "/player",
            "sign-in": "/referee", "console": "/referee"}[view] + f"?lang={lang}"
    tab = await open_tab(browser, hall, path, viewport=PHONE if phone else CONSOLE if view == "console" else
                         {"width": 1920, "height": 1080}, **({"is_mobile": True, "has_touch": True} if phone else {}))
    try:
        page = tab.page
        if view == "index":
            await page.locator("#l-display").wait_for(state="visible")
            await page.wait_for_function("() => document.getElementById('name').textContent !== ''")
        elif view in ("display", "player"):
            await live(tab)
        elif view == "player-chosen":
            await live(tab)
            await choose(tab, *(("вес", "Весна Јовановић") if lang == "sr-Cyrl" else ("ves", "Vesna Jovanović")))
            await open_session(tab, hall, "p3")
            await page.locator("#seat-card").wait_for(state="visible")
            if await page.locator("#banner").is_visible():
                await page.locator("#banner").click()
                await page.locator("#banner").wait_for(state="hidden")
        elif view == "sign-in":
            await page.locator("#login").wait_for(state="visible")
        else:
            await referee_login(tab, hall.token)
            await page.locator("#rounds-card").wait_for(state="visible")
            await page.locator("#st-body tr").first.wait_for(state="visible")
        found = await violations(page, experimental=True)
        assert not found, report(f"{view} ({lang})", found)
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()


#: The element that has the focus: its id, its data-action, the round row or bar it is in, on screen or not.
FOCUSED = """() => {
    const node = document.activeElement;
    const box = node.getBoundingClientRect();
    return {id: node.id, action: node.dataset.action || null, text: node.textContent.trim(),
            row: node.closest("#items li")?.dataset.item || null, thumb: Boolean(node.closest("#thumb-actions")),
            seen: box.width > 1 && box.height > 1 && box.top >= 0 && box.bottom <= innerHeight};
}"""


@bounded
async def test_the_consoles_refusal_is_said_in_a_live_region_that_was_there_before(browser: Any, hall: Server) -> None:
    tab = await open_tab(browser, hall, "/referee?lang=en", viewport=CONSOLE)
    try:
        page = tab.page
        await referee_login(tab, hall.token)
        # Before anything is said: an empty alert region, in the page and not display:none (a region
        # that appears with its words is not announced by every screen reader).
        before = await page.evaluate("""() => {
            const region = document.getElementById("toast-alert");
            window.regionBefore = region;
            return region && {role: region.getAttribute("role"), text: region.textContent,
                              rendered: region.getClientRects().length > 0};
        }""")
        assert before == {"role": "alert", "text": "", "rendered": True}, before
        await page.locator("#announce-text").fill("   ")  # nothing to announce: refused
        await page.locator("#announce-button").click()
        await page.locator("#toast-msg").wait_for(state="visible")
        said = await page.locator("#toast-msg").inner_text()
        after = await page.evaluate("""() => {
            const region = document.getElementById("toast-alert");
            return {same: region === window.regionBefore, text: region.textContent,
                    status: document.getElementById("toast-status").textContent};
        }""")
        assert said and after == {"same": True, "text": said, "status": ""}, (said, after)
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()


@pytest.mark.parametrize("phone", [False, True], ids=["laptop", "phone"])
@bounded
async def test_the_first_tab_stop_of_the_console_skips_to_the_rounds_actions(browser: Any, hall: Server,
                                                                          phone: bool) -> None:
    tab = await open_tab(browser, hall, "/referee?lang=en", viewport=PHONE if phone else CONSOLE,
                         **({"is_mobile": True, "has_touch": True} if phone else {}))
    try:
        page = tab.page
        await referee_login(tab, hall.token)
        await page.locator('#items li[data-item="r2"] button[data-action="start"]:not([disabled])').wait_for(
            state="attached")
        await page.evaluate("() => { document.activeElement?.blur(); window.scrollTo(0, 0); }")
        await page.keyboard.press("Tab")
        first = await page.evaluate(FOCUSED)
        assert first["id"] == "skip" and first["seen"], first
        assert first["text"] == "Skip to the round's actions", first
        await page.keyboard.press("Enter")
        await page.wait_for_function("() => document.activeElement.id !== 'skip'")
        landed = await page.evaluate(FOCUSED)
        # Round 2 is seated and due: its start, in the thumb bar on a phone, in its row on a laptop.
        assert landed["action"] == "start" or landed["text"] == "Start", landed
        assert (landed["thumb"] if phone else landed["row"] == "r2"), landed
        assert landed["seen"], landed
    finally:
        await tab.context.close()


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def season(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Server]:
    """A season of two competitions (a preferans open, a Slovak league) for the root's own pages."""
    folder = tmp_path_factory.mktemp("a11y-season")
    (folder / "season").mkdir()
    write_tournament(folder / "season" / "open.toml", name=NAME, players=PLAYERS,
                     timetable=[round_entry("r1", 1, start_in=1800, minutes=180, title="Round 1")])
    write_tournament(folder / "season" / "side-event.toml", name="Side Event", players=PLAYERS,
                     timetable=[round_entry("r1", 1, start_in=7 * 86400, minutes=180, title="Round 1")])
    server = await start_server_async(folder / "season", folder / "logs", env={"LIVE_ORGANIZER_TOKEN": "a11y"})
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("view", ["season", "season-organizer", "side-picker"])
@bounded
async def test_no_accessibility_violation_on_a_seasons_pages(browser: Any, season: Server, view: str,
                                                              lang: str) -> None:
    """The season's start page (its list, and the organizer's area signed in and open) on a phone, and the side
    page's picker (the page without two competitions named); the framed displays are the display's own test."""
    path = ("/side" if view == "side-picker" else "/") + f"?lang={lang}"
    tab = await open_tab(browser, season, path, viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = tab.page
        if view == "side-picker":
            await page.locator("select").first.wait_for(state="visible")
        else:
            await page.locator(".s-card").first.wait_for(state="visible")
        if view == "season-organizer":
            await page.locator("#org > summary").click()
            await page.locator("#org-token").fill("a11y")
            await page.locator("#org-sign-in").click()
            await page.locator("#org-in").wait_for(state="visible")
        found = await violations(page, experimental=True)
        assert not found, report(f"{view} ({lang})", found)
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()
