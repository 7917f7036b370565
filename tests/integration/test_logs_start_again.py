"""A log that was accepted once always starts again, with the real server: a Slovak league whose matches
are planned shorter than §24.2's comparing time plays and restarts; a log an older server let absurd rules
into (a call 10³⁰⁸ minutes early, a check-in opening 10¹² minutes early, a reserve due after 10⁶ minutes),
written into the log directly as that server wrote it, starts, answers /api/state, and shows every other
section as it should, the values set aside and told to the referee.

`live serve` subprocesses; every wait is bounded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from fixtures.old_rules import write_old_log
from server import REFEREE_TOKEN, Server, round_entry, start_server, tournament_toml

from live.core import payloads as P

REFEREE = {"Authorization": f"Bearer {REFEREE_TOKEN}"}
MINUTE_MS = 60_000
TEAMS = ("t1", "t2")


async def referee_state(server: Server) -> dict[str, Any]:
    async with httpx.AsyncClient(timeout=10) as http:
        answer = await http.get(f"{server.url}/api/state", headers=REFEREE)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def slovak_file(path: Path) -> Path:
    """Two matches of 24 boards planned for 10 minutes each: §24.2 gives 24 boards 15 minutes to compare."""
    roster = [{"id": f"{team}p{k}", "name": f"Hráč {team}p{k}", "team": team} for team in TEAMS for k in range(1, 5)]
    timetable = [round_entry("m1", 1, start_in=3600, minutes=10, kind="match", boards=24),
                 round_entry("m2", 2, start_in=3600 + 3600, minutes=10, kind="match", boards=24)]
    text = tournament_toml(preset="slovak-league", rules={"auto_start": False, "auto_end": False},
                           timetable=timetable, players=roster)
    text += "".join(f'\n[[teams]]\nid = "{team}"\nname = "Tím {team}"\n' for team in TEAMS)
    path.write_text(text, encoding="utf-8")
    return path


async def test_a_slovak_match_shorter_than_its_comparing_time_starts_and_the_server_starts_again(
        tmp_path: Path) -> None:
    path, db = slovak_file(tmp_path / "short.toml"), tmp_path / "short.db"
    with start_server(path, db) as server:
        for body in ({"type": "start_round", "item": "m1"}, {"type": "end_round", "item": "m1"},
                     {"type": "start_round", "item": "m2"}):
            await server.acked(body)
        state = await referee_state(server)
        assert state["timetable"][1]["status"] == "running"
        assert [x["name"] for x in state["lateness"]["m2"]["thresholds"]] == ["forfeit"]
        assert "faults" not in state
    with start_server(path, db) as again:  # the log with the short match started: a start like any other
        assert (await again.state())["timetable"][1]["status"] == "running"


async def test_a_log_with_rules_an_older_server_let_in_starts_answers_and_shows_the_rest(tmp_path: Path) -> None:
    path, db = tmp_path / "old.toml", tmp_path / "old.db"
    text = tournament_toml(timetable=[round_entry("r1", 1, start_in=3 * 3600, minutes=180),
                                      round_entry("r2", 2, start_in=7 * 3600, minutes=180)])
    path.write_text(text, encoding="utf-8")
    await write_old_log(db, text, str(path), P.Announced(text="Dobro došli"))
    with start_server(path, db) as server:
        state = await referee_state(server)
        tournament = state["tournament"]
        assert (tournament["call_before_ms"], tournament["checkin_opens_before_ms"]) == (5 * MINUTE_MS, 60 * MINUTE_MS)
        assert [(x["seq"], x["key"], x["kept"]) for x in state["faults"]] == [
            (1, "call_before", 5.0), (2, "checkin_opens_before", 60.0), (2, "reserve_after_minutes", 30.0)]
        assert all(x["kind"] == "rule" for x in state["faults"])
        # the other sections: the plan, the roster, the standings, the check-in list of the round to come
        assert [(i["id"], i["status"]) for i in state["timetable"]] == [("r1", "scheduled"), ("r2", "scheduled")]
        assert [p["name"] for p in state["players"]] == ["Ana Petrović", "Bojan Ilić", "Vesna Jovanović",
                                                         "Dragan Marković"]
        assert len(state["standings"]) == 4
        assert state["announcements"][-1]["text"] == "Dobro došli"
        steps = state["lateness"]["r1"]["steps"]
        assert steps[-1]["reserve_due"] and steps[-1]["from_ms"] == 30 * MINUTE_MS + 1  # the preset's 30, not 10⁶
        assert [row["id"] for row in state["lateness"]["r1"]["rows"]] == ["p1", "p2", "p3", "p4"]
        hall = await server.state()  # the hall's view: the same plan, no faults
        assert "faults" not in hall and hall["tournament"] == tournament
        assert (await server.acked({"type": "announce", "text": "Kafa"}))["seq"] == 4  # and it takes commands
    with start_server(path, db) as again:
        assert (await again.state())["seq"] == 4
