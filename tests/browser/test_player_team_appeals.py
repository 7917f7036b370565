"""A Slovak league player's phone, in a real browser: with their session open, their card lists their team's
appeal to the presidium as the server sends it (`me.appeals`, seed §28.3) — open with the day the decision is
due, then upheld with the decision changed — and, once the overall results are in, until when appeals are
taken (§24.1); a teammate's phone without the session shows none of it. In Slovak, the league's language,
and in English."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server import round_entry, start_server_async, tournament_toml
from support.pages import PHONE, ack, bounded, choose, live, open_session, open_tab, shot

pytestmark = pytest.mark.asyncio(loop_scope="session")

SIZES = {"t1": 4, "t2": 4}
LINE_UP = ["t1p1", "t1p2", "t1p3", "t1p4"]


def slovak(path: Path) -> Path:
    roster = [{"id": f"{team}p{k}", "name": f"Hráč {team.upper()}{k}", "team": team}
              for team, size in SIZES.items() for k in range(1, size + 1)]
    timetable = [round_entry("m1", 1, start_in=1800, minutes=240, kind="match", boards=24, title="1. kolo")]
    text = tournament_toml(name="Slovenská liga", preset="slovak-league", timetable=timetable, players=roster,
                           rules={"auto_start": False, "auto_end": False})
    text += "".join(f'\n[[teams]]\nid = "{team}"\nname = "Tím {team.upper()}"\n' for team in SIZES)
    path.write_text(text, encoding="utf-8")
    return path


@bounded
async def test_the_players_card_lists_the_teams_appeal_and_where_it_stands(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    server = await start_server_async(slovak(tmp_path / "sk.toml"), tmp_path / "sk.db")
    phone = other = None
    try:
        seating = await ack(server, {"type": "publish_seating", "item": "m1"})
        ((home, away),) = [(m["home"], m["away"]) for m in seating["events"][0]["payload"]["matches"]]
        await ack(server, {"type": "start_round", "item": "m1"})
        await ack(server, {"type": "lineup", "item": "m1", "team": "t1", "parts": [LINE_UP]})
        phone = await open_tab(browser, server, "/player?lang=sk", viewport=PHONE, is_mobile=True, has_touch=True)
        await choose(phone, "t12", "Hráč T12")
        await open_session(phone, server, "t1p2")
        await live(phone)
        block = phone.page.locator("#me-team-appeals")
        await block.locator(".p-team-appeal", has_text="nepodalo žiadne odvolanie").wait_for()
        assert await phone.page.locator("#me-appeals").is_hidden()  # the Čačak count is not for a team
        lodged = (await ack(server, {"type": "appeal", "team": "t1", "item": "m1", "captain": "Ján Kapitán",
                                     "subject": "rozhodnutie o rozdaní 7"}))["events"][0]
        row = block.locator(f'[data-appeal="{lodged["seq"]}"]')
        await row.filter(has_text="1. kolo — rozhodnutie o rozdaní 7: otvorené, rozhodnutie do ").wait_for()
        assert await row.get_attribute("data-state") == "open"

        # the match ends with its result: the overall results are in, the window runs
        await ack(server, {"type": "record_result", "item": "m1", "home": home, "away": away,
                           "imps_home": 30, "imps_away": 10})
        await ack(server, {"type": "end_round", "item": "m1"})
        await ack(server, {"type": "decide_appeal", "appeal": lodged["seq"], "decision": "upheld"})
        await row.filter(has_text="vyhovené: rozhodnutie sa mení").wait_for()
        assert await row.get_attribute("data-state") == "decided"
        await block.locator(".p-team-appeals-window", has_text="Odvolania sa prijímajú do ").wait_for()
        if not await phone.page.locator("#banner").is_hidden():
            await phone.page.locator("#banner").click()  # the end-of-match banner, tapped away
        await shot(phone, artifacts, "player-team-appeals-sk.png")

        # a teammate without the session: nothing of it; in English with the session, the same facts
        other = await open_tab(browser, server, "/player?lang=en", viewport=PHONE, is_mobile=True, has_touch=True)
        await choose(other, "t13", "Hráč T13")
        await live(other)
        assert await other.page.locator("#me-team-appeals").is_hidden()
        await open_session(other, server, "t1p3")
        english = other.page.locator("#me-team-appeals")
        await english.locator(".p-team-appeals-title", has_text="Your team's appeals").wait_for()
        await english.locator(f'[data-appeal="{lodged["seq"]}"]',
                              has_text="1. kolo — rozhodnutie o rozdaní 7: upheld: the decision is changed").wait_for()
        assert not phone.errors and not other.errors, (phone.errors, other.errors)
    finally:
        for tab in (phone, other):
            if tab is not None:
                await tab.context.close()
        server.stop()
