"""The player page's name picker in a real browser: the names in the alphabetical order of the page's
language, each in the page's script (a name typed in Latin at the desk reads in Cyrillic on a Cyrillic
page, and the other way round), whatever order the tournament file lists them in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server import round_entry
from support.pages import PHONE, bounded, open_tab, shot

pytestmark = pytest.mark.asyncio(loop_scope="session")

#: In no alphabet's order; some typed in Latin, some in Cyrillic.
PLAYERS = (
    {"id": "p1", "name": "Živko Lukić"},
    {"id": "p2", "name": "Зоран Илић"},
    {"id": "p3", "name": "Đorđe Šarić"},
    {"id": "p4", "name": "Драган Чолић"},
    {"id": "p5", "name": "Ljubiša Hadžić"},
    {"id": "p6", "name": "Лука Петровић"},
    {"id": "p7", "name": "Chalupa Ján"},
    {"id": "p8", "name": "Hudec Peter"},
    {"id": "p9", "name": "Ана Јовановић"},
)


async def picker(browser: Any, serve_url: Any, lang: str, artifacts: Path) -> list[str]:
    tab = await open_tab(browser, serve_url, f"/player?lang={lang}", viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        await tab.page.locator("#players button").first.wait_for(state="visible")
        await shot(tab, artifacts, f"name-picker-{lang}.png")
        names: list[str] = await tab.page.locator("#players button > span:first-child").all_inner_texts()
        assert not tab.errors, tab.errors
        return names
    finally:
        await tab.context.close()


@bounded
async def test_the_name_picker_lists_names_in_the_pages_alphabet_and_script(browser: Any, serve: Any,
                                                                          artifacts: Path) -> None:
    server = await serve(players=PLAYERS, timetable=[round_entry("r1", 1, start_in=3600, minutes=180)])
    assert await picker(browser, server, "sr-Cyrl", artifacts) == [
        "Ана Јовановић", "Драган Чолић", "Ђорђе Шарић", "Живко Лукић", "Зоран Илић", "Лука Петровић", "Љубиша Хаџић",
        "Худец Петер", "Chalupa Ján"]  # a name with a letter outside Serbian's alphabet stays as written
    assert await picker(browser, server, "sk", artifacts) == [
        "Ana Jovanović", "Đorđe Šarić", "Dragan Čolić", "Hudec Peter", "Chalupa Ján", "Ljubiša Hadžić", "Luka Petrović",
        "Zoran Ilić", "Živko Lukić"]
    assert await picker(browser, server, "sr-Latn", artifacts) == [
        "Ana Jovanović", "Chalupa Ján", "Dragan Čolić", "Đorđe Šarić", "Hudec Peter", "Luka Petrović", "Ljubiša Hadžić",
        "Zoran Ilić", "Živko Lukić"]
