"""The files to take home, as the pages link them, in a real browser: the console's "Download CSV" saves the
standings in the console's language, so the organizer's spreadsheet in that language opens them right (a BOM,
its separators, its headings, Cyrillic names as written), and "Download results (CSV)" every result the same
way; the player page's calendar asks for its language."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from server import round_entry
from support.pages import PLAYERS, bounded, open_tab, referee_login

pytestmark = pytest.mark.asyncio(loop_scope="session")

FIELD = (*PLAYERS, {"id": "p7", "name": "Драган Марковић"}, {"id": "p8", "name": '=HYPERLINK("http://x","y")'})


async def downloaded(browser: Any, server: Any, path: str, link_id: str = "csv") -> tuple[str, bytes]:
    """The address of the CSV link `link_id` on the console at `path`, and the file a click on it saves."""
    tab = await open_tab(browser, server, path, viewport={"width": 1440, "height": 1000}, accept_downloads=True)
    try:
        await referee_login(tab, server.token)
        link = tab.page.locator(f"#{link_id}")
        await tab.page.wait_for_function("id => document.getElementById(id).href.includes('?lang=')", arg=link_id)
        href = await link.get_attribute("href")
        async with tab.page.expect_download() as started:
            await link.click()
        saved = await (await started.value).path()
        assert not tab.errors, tab.errors
        return href or "", Path(saved).read_bytes()
    finally:
        await tab.context.close()


@bounded
async def test_the_console_downloads_the_standings_in_its_own_language(browser: Any, serve: Any) -> None:
    server = await serve(players=FIELD, timetable=[round_entry("r1", 1, start_in=3600, minutes=180)])

    href, body = await downloaded(browser, server, "/referee?lang=sk")
    assert href == "/api/standings.csv?lang=sk"
    assert body.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig")), delimiter=";"))
    assert rows[0] == ["Poradie", "Hráč", "Body", "Buly", "Odohrané kolá"]
    names = {row[1] for row in rows[1:]}
    assert {"Драган Марковић", "Jelena Šarić", "'=HYPERLINK(\"http://x\",\"y\")"} <= names

    href, body = await downloaded(browser, server, "/referee")  # the tournament's language: English
    assert href == "/api/standings.csv?lang=en"
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig")), delimiter=","))
    assert rows[0] == ["Rank", "Player", "Points", "Bule", "Rounds played"] and len(rows) == 1 + len(FIELD)


@bounded
async def test_the_console_downloads_the_results_beside_the_standings_in_its_own_language(browser: Any,
                                                                                          serve: Any) -> None:
    server = await serve(players=FIELD, timetable=[round_entry("r1", 1, start_in=3600, minutes=180)])
    href, body = await downloaded(browser, server, "/referee?lang=sr-Cyrl", "results-csv")
    assert href == "/api/results.csv?lang=sr-Cyrl"
    assert body.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig")), delimiter=";"))
    assert rows == [["Коло", "Сто", "Играч", "Буле", "Место", "Бодови", "Напомена"]]  # no result yet


@bounded
async def test_the_player_pages_calendar_link_asks_for_the_pages_language(browser: Any, serve: Any) -> None:
    server = await serve(players=FIELD, timetable=[round_entry("r1", 1, start_in=3600, minutes=180)])
    for path, lang in (("/player?lang=sr-Latn", "sr-Latn"), ("/player?lang=sk", "sk"), ("/player", "en")):
        tab = await open_tab(browser, server, path)
        try:
            await tab.page.wait_for_function("() => document.getElementById('ics-link').href.includes('?lang=')")
            assert await tab.page.locator("#ics-link").get_attribute("href") == f"/api/timetable.ics?lang={lang}"
            assert not tab.errors, tab.errors
        finally:
            await tab.context.close()
