"""Slovak §24.1 on the hall display in a real browser (docs/rules/appeals.md#final): once the coordinator publishes
the overall results the standings' title says "provisional", and when the term for complaints closes it says
"final" with no event — the page compares the section's `final_at` with the server's clock.

Four Slovak teams whose file sets a term of 0.0003 days (25.92 s); two matches played and scored by the referee."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from server import round_entry, start_server_async, tournament_toml
from support.pages import DISPLAY, ack, bounded, open_tab

pytestmark = pytest.mark.asyncio(loop_scope="session")
TEAMS = ("t1", "t2", "t3", "t4")


def write(path: Path) -> Path:
    roster = [{"id": f"{team}p{k}", "name": f"Hráč {team}p{k}", "team": team} for team in TEAMS for k in range(1, 5)]
    timetable = [round_entry("m1", 1, start_in=3600, minutes=240, kind="match", boards=24),
                 round_entry("m2", 2, start_in=3600 + 5 * 3600, minutes=240, kind="match", boards=24)]
    text = tournament_toml(preset="slovak-league", timetable=timetable, players=roster,
                           rules={"auto_start": False, "auto_end": False, "appeal_window_days": 0.0003})
    text += "".join(f'\n[[teams]]\nid = "{team}"\nname = "Tím {team}"\n' for team in TEAMS)
    path.write_text(text, encoding="utf-8")
    return path


@bounded
async def test_the_hall_says_provisional_after_the_publication_and_final_when_the_term_closes(
        browser: Any, tmp_path: Path) -> None:
    server = await start_server_async(write(tmp_path / "sk.toml"), tmp_path / "sk.db")
    hall = None
    try:
        for item in ("m1", "m2"):
            seating = await ack(server, {"type": "publish_seating", "item": item})
            await ack(server, {"type": "start_round", "item": item})
            for match in seating["events"][0]["payload"]["matches"]:
                await ack(server, {"type": "record_result", "item": item, "home": match["home"],
                                   "away": match["away"], "imps_home": 30, "imps_away": 20})
            await ack(server, {"type": "end_round", "item": item})
        published = await ack(server, {"type": "publish_results"})
        started = time.monotonic()
        hall = await open_tab(browser, server, "/display?view=standings&lang=en", viewport=DISPLAY)
        title = hall.page.locator("#standings-title")
        await title.filter(has_text="Standings (provisional)").wait_for()
        await title.filter(has_text="Standings (final)").wait_for(timeout=60_000)
        assert time.monotonic() - started > 20  # the term ran (25.92 s from the publication), then the title turned
        assert (await server.events())[-1]["seq"] == published["seq"]  # no event made them final
        assert not hall.errors, hall.errors
    finally:
        if hall is not None:
            await hall.context.close()
        server.stop()
