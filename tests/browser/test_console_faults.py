"""A log an older server let absurd rules into starts again, and the console tells the referee, on a phone
(390×844) in the tournament's languages: each value set aside, the event that holds it and the value kept,
in one card above the clock; the console works as on any log. So does a log holding an event today's fold
cannot take (a committee's decision on an appeal it names in words): the state is as if it were not there, and
the card names it. On a sound log there is no such card."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fixtures.old_rules import write_old_log
from server import round_entry, start_server_async, tournament_toml
from support.pages import PHONE, bounded, open_tab, referee_login, shot

from live.core import events as E
from live.core.events import NewEvent
from live.edges.log.sqlite import SQLiteLog

pytestmark = pytest.mark.asyncio(loop_scope="session")

#: The card's first line in each language (seq 1: the call recorded with the plan, 5 minutes kept).
FIRST = {
    "sr-Cyrl": "Догађај бр. 1 поставио је call_before на 1e+308, што овај сервер не прихвата; остаје 5.",
    "sr-Latn": "Događaj br. 1 postavio je call_before na 1e+308, što ovaj server ne prihvata; ostaje 5.",
    "sk": "Udalosť č. 1 nastavila call_before na 1e+308, čo tento server neprijíma; zostáva 5.",
}


@bounded
async def test_the_console_tells_what_the_log_holds_that_the_server_set_aside(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    path, db = tmp_path / "old.toml", tmp_path / "old.db"
    text = tournament_toml(name="Kup Čačka 2027", timezone="Europe/Belgrade",
                           timetable=[round_entry("r1", 1, start_in=3 * 3600, minutes=180, title="Коло 1")])
    path.write_text(text, encoding="utf-8")
    await write_old_log(db, text, str(path))
    server = await start_server_async(path, db)
    try:
        for lang, first in FIRST.items():
            tab = await open_tab(browser, server, f"/referee?lang={lang}", viewport=PHONE, is_mobile=True,
                                 has_touch=True)
            try:
                await referee_login(tab, server.token)
                card = tab.page.locator("#faults-card")
                await card.wait_for(state="visible")
                lines = await card.locator(".r-fault").all_inner_texts()
                assert lines[0] == first and len(lines) == 3, lines
                assert "1e+12" in lines[1] and "60" in lines[1] and "1e+06" in lines[2] and "30" in lines[2]
                assert await tab.page.locator("#items li[data-item=\"r1\"]").is_visible()  # the console works
                await shot(tab, artifacts, f"console-faults-{lang}.png")
                assert not tab.errors, tab.errors
            finally:
                await tab.context.close()
    finally:
        server.stop()


@bounded
async def test_the_console_names_an_event_the_fold_passed_over_and_works_on(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    path, db = tmp_path / "old.toml", tmp_path / "old.db"
    text = tournament_toml(name="Kup Čačka 2027", timezone="Europe/Belgrade",
                           timetable=[round_entry("r1", 1, start_in=3 * 3600, minutes=180, title="Коло 1")])
    path.write_text(text, encoding="utf-8")
    await write_old_log(db, text, str(path))
    log = SQLiteLog(db, "old")
    await log.open()
    try:  # (seq 3: a committee's decision on an appeal named in words, not by its seq: the fold cannot file it)
        await log.append(NewEvent(E.APPEAL_DECIDED, "referee", {"appeal": "the first one", "decision": "upheld"}))
    finally:
        await log.close()
    server = await start_server_async(path, db)
    tab = await open_tab(browser, server, "/referee?lang=sr-Latn", viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        await referee_login(tab, server.token)
        card = tab.page.locator("#faults-card")
        await card.wait_for(state="visible")
        lines = await card.locator(".r-fault").all_inner_texts()
        assert lines[-1].startswith("Događaj br. 3 (odluka komisije) ovaj server ne može da primeni: sve je kao da "
                                    "ga nema u dnevniku, a događaji posle njega se računaju."), lines
        assert await tab.page.locator("#items li[data-item=\"r1\"]").is_visible()  # the console works
        assert (await server.state())["seq"] >= 3  # (the server answers past it: the sign-in came after)
        await shot(tab, artifacts, "console-faults-event-sr-Latn.png")
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()
        server.stop()


@bounded
async def test_a_sound_log_has_no_faults_card(browser: Any, serve: Any) -> None:
    server = await serve(timetable=[round_entry("r1", 1, start_in=3 * 3600, minutes=180)])
    tab = await open_tab(browser, server, "/referee?lang=sk", viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        await referee_login(tab, server.token)
        await tab.page.locator("#items li[data-item=\"r1\"]").wait_for(state="visible")
        assert await tab.page.locator("#faults-card").is_hidden()
    finally:
        await tab.context.close()
