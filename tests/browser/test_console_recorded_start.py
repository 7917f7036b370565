"""The day the server was down, in the console (a phone, 390×844, in Slovak): a league match due 50 minutes
before the server first came up is held, its row saying why ("the start is past: start it now or record
when it started"), with no forfeit alert; the referee records that it began 12 minutes past its time, with
a reason, and the match runs from then."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from server import from_now, round_entry, start_server_async, write_tournament
from support.pages import PHONE, bounded, open_tab, referee_login, shot

pytestmark = pytest.mark.asyncio(loop_scope="session")


@bounded
async def test_a_match_past_its_start_is_held_and_the_referee_records_when_it_began(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    # 50 minutes ago: the Slovak 15-minute marks counted from the recorded start (12 past) that are still
    # ahead when it is recorded are minutes away, past the test's end
    start = from_now(-50 * 60).replace(second=0, microsecond=0)
    file = write_tournament(tmp_path / "t.toml", name="1. liga 2027", preset="slovak-league", players=(),
                            timetable=[round_entry("m1", 1, start=start, minutes=240, kind="match", boards=24,
                                                   title="1. kolo")])
    text = file.read_text(encoding="utf-8") + "".join(
        f'\n[[teams]]\nid = "t{k}"\nname = "Družstvo {k}"\n' for k in (1, 2))
    slovak = 'preset = "slovak-league"\nlanguages = ["sk"]\nlanguage = "sk"'
    file.write_text(text.replace('preset = "slovak-league"', slovak), encoding="utf-8")
    server = await start_server_async(file, tmp_path / "t.db")
    tab = None
    try:
        tab = await open_tab(browser, server, "/referee?lang=sk", viewport=PHONE, is_mobile=True, has_touch=True,
                             accept_dialogs=True)
        await referee_login(tab, server.token)
        row = tab.page.locator('.r-item[data-item="m1"]')
        await row.locator(".r-held", has_text="čas začiatku uplynul, keď server nebežal").wait_for()
        await row.locator('[data-action="record"]').click()
        form = row.locator('[data-role="record"]')
        await form.wait_for(state="visible")
        began = start + timedelta(minutes=12)  # as the hall's clock said it (the tournament's zone is UTC)
        await form.locator('[data-role="record-at"]').fill(began.strftime("%H:%M"))
        await form.locator('[data-role="record-reason"]').fill("server nebežal; začiatok podľa hodín v sále")
        await row.scroll_into_view_if_needed()
        await shot(tab, artifacts, "console-record-start-sk.png")
        assert await form.locator('[data-action="record-send"]').inner_text() == "Zapísať začiatok"
        await form.locator('[data-action="record-send"]').click()
        await row.locator(".chip.st-running").wait_for()
        state = await server.state()
        (m1,) = [i for i in state["timetable"] if i["id"] == "m1"]
        assert (m1["status"], m1["started_at"]) == ("running", int(began.timestamp() * 1000))
        events = await server.events()
        held = [e for e in events if e.get("signal") == "m1:start"]
        assert [(e["type"], e["payload"]["reason"]) for e in held] == [("round_start_held", "past")]
        assert not [e for e in events if e["type"] == "lateness_alert"], "no forfeit alert against every team"
        assert not tab.errors, tab.errors
    finally:
        if tab is not None:
            await tab.context.close()
        server.stop()
