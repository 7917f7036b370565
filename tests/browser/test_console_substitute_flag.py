"""The `substitute` player flag (Slovak §27.1) in the console's roster on a phone (390×844): under the Slovak
league's rules the walk-in form and a player's form have the box, in the page's language; checked, the
commands carry `substitute` and the list tags the player; under rules without substitutes (Novi Sad) the box
is not there — the server says which (`lineups.substitutes`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server import round_entry, start_server_async, tournament_toml
from support.examples import slovak
from support.pages import PHONE, bounded, open_tab, referee_login, shot
from support.referee_api import events_of

pytestmark = pytest.mark.asyncio(loop_scope="session")


def novi_sad(path: Path) -> Path:
    roster = [{"id": f"t{t}p{k}", "name": f"Igrač {t}{k}", "team": f"t{t}"} for t in (1, 2) for k in range(1, 5)]
    timetable = [round_entry("m1", 1, start_in=1800, minutes=90, kind="match", boards=12)]
    text = tournament_toml(name="Novi Sad", preset="novi-sad-teams", timetable=timetable, players=roster,
                           rules={"auto_start": False, "auto_end": False})
    text += "".join(f'\n[[teams]]\nid = "t{t}"\nname = "Tim {t}"\n' for t in (1, 2))
    path.write_text(text, encoding="utf-8")
    return path


@bounded
async def test_the_console_marks_a_substitute_where_the_rules_have_them(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    server = await start_server_async(slovak(tmp_path / "sk.toml"), tmp_path / "sk.db")
    console = None
    try:
        console = await open_tab(browser, server, "/referee?lang=sk", viewport=PHONE, is_mobile=True, has_touch=True,
                                 accept_dialogs=True)
        await referee_login(console, server.token)
        card = console.page.locator("#roster-card")
        box = card.locator('[data-role="walk-in-substitute"]')
        await box.wait_for()
        assert "náhradník" in await card.locator('label.r-check:has([data-role="walk-in-substitute"])').inner_text()
        await card.locator('[data-role="walk-in-name"]').fill("Peter Náhradný")
        await card.locator('[data-role="walk-in-team"]').select_option("t2")
        await box.check()
        await card.locator('[data-action="register"]').click()
        (registered,) = await events_of(server, "player_registered", 1)
        assert registered["payload"]["substitute"] is True
        # an existing player: opened, marked, saved
        row = card.locator('.r-ro-row[data-id="t2p2"]')
        await row.locator('[data-action="change"]').click()
        await row.locator('[data-role="substitute"]').check()
        await row.locator('button[type="submit"]').click()
        (updated,) = await events_of(server, "player_updated", 1)
        assert updated["payload"]["player"] == "t2p2" and updated["payload"]["substitute"] is True
        await card.locator('.r-ro-row[data-id="t2p2"] .is-substitute').wait_for()
        assert await card.locator(".r-ro-row .is-substitute").count() == 2
        width = await console.page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the roster card scrolls sideways on a phone: {width}px"
        await shot(console, artifacts, "sk-console-substitute-390.png")
    finally:
        if console is not None:
            await console.context.close()
        server.stop()

    server = await start_server_async(novi_sad(tmp_path / "ns.toml"), tmp_path / "ns.db")
    console = None
    try:
        console = await open_tab(browser, server, "/referee?lang=sr-Latn", viewport=PHONE, is_mobile=True,
                                 has_touch=True, accept_dialogs=True)
        await referee_login(console, server.token)
        card = console.page.locator("#roster-card")
        await card.locator('[data-role="walk-in-name"]').wait_for()
        row = card.locator('.r-ro-row[data-id="t1p2"]')
        await row.locator('[data-action="change"]').click()
        await row.locator('[data-role="rating"]').wait_for()
        assert await card.locator('[data-role="walk-in-substitute"], [data-role="substitute"]').count() == 0
    finally:
        if console is not None:
            await console.context.close()
        server.stop()
