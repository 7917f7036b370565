"""Slovak §27.1 and §24.1 with the real server: a substitute registered at the console (audited) may be on the
sheets of fewer than half of the league's rounds — the sheet that would make it half is a 422 naming §27.1
and the field, with nothing written, and the console's sheets section counts the substitute's rounds; an
appeal after the overall results' window is a 409 naming §24.1 (the file sets the window to 0 days, so it
shuts the moment the last result is in); `change_rules` refuses a body the rules do not know.

A `live serve` subprocess of four teams and four matches (a substitute plays in at most one of the four
rounds), the matches an hour from now and later; the referee starts and ends them. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from server import REFEREE_TOKEN, Server, round_entry, start_server, tournament_toml

SCENARIO_TIMEOUT = 120.0
REFEREE = {"Authorization": f"Bearer {REFEREE_TOKEN}"}
TEAMS = ("t1", "t2", "t3", "t4")
LINE_UP = ["t1p1", "t1p2", "t1p3"]


def write(path: Path) -> Path:
    roster = [{"id": f"{team}p{k}", "name": f"Hráč {team}p{k}", "team": team} for team in TEAMS for k in range(1, 5)]
    timetable = [round_entry(f"m{k}", k, start_in=3600 + (k - 1) * 5 * 3600, minutes=240, kind="match", boards=24)
                 for k in range(1, 5)]
    text = tournament_toml(preset="slovak-league", timetable=timetable, players=roster,
                           rules={"auto_start": False, "auto_end": False, "appeal_window_days": 0})
    text += "".join(f'\n[[teams]]\nid = "{team}"\nname = "Tím {team}"\n' for team in TEAMS)
    path.write_text(text, encoding="utf-8")
    return path


async def refused(server: Server, command: dict[str, Any], status: int, field: str,
                  code: str) -> dict[str, Any]:
    """`Server.refused`, and the appeals, players, lineups as they were."""
    return await server.refused(command, status, field, code=code, sections=("appeals", "players", "lineups",))


async def test_a_substitutes_rounds_and_the_appeal_window(tmp_path: Path) -> None:
    async def scenario(server: Server) -> None:
        await refused(server, {"type": "register_player", "team": "t1", "name": "Náhradník", "substitute": "áno"},
                      422, "substitute", "field.not_bool")
        new = await server.acked_event({"type": "register_player", "team": "t1", "name": "Náhradník",
                                       "substitute": True})
        sub = new["payload"]["player"]
        assert new["payload"]["substitute"] is True
        players = (await server.referee_state())["players"]
        assert next(p for p in players if p["id"] == sub)["substitute"] is True
        await server.acked_event({"type": "lineup", "item": "m1", "team": "t1", "parts": [[*LINE_UP, sub]]})
        # 1 of 4 rounds is allowed; 2 is half
        error = await refused(server, {"type": "lineup", "item": "m2", "team": "t1", "parts": [[*LINE_UP, sub]]},
                              422, "parts", "lineup.substitute_rounds")
        assert "§27.1" in error["error"] and (error["detail"]["rounds"], error["detail"]["allowed"]) == (2, 1)
        substitutes = (await server.referee_state())["lineups"]["substitutes"]
        assert substitutes == {"percent": 50, "rounds": 4, "allowed": 1, "played": {sub: [1]}}
        await refused(server, {"type": "change_rules", "rules": {"appeal_to": "jury"}}, 422, "rules.appeal_to",
                      "rules.bad_value")

        # the four matches played with their results: the overall results are published, the window (0 days) shut
        for k in range(1, 5):
            item = f"m{k}"
            seating = await server.acked_event({"type": "publish_seating", "item": item})
            await server.acked_event({"type": "start_round", "item": item})
            if k == 1:
                lodged = await server.acked_event({"type": "appeal", "team": "t1", "item": "m1", "captain": "Ján",
                                            "subject": "the ruling on board 7"})  # before the results: in time
            for m in seating["payload"]["matches"]:
                await server.acked_event({"type": "record_result", "item": item, "home": m["home"], "away": m["away"],
                                   "imps_home": 20, "imps_away": 10})
            await server.acked_event({"type": "end_round", "item": item})
        late = await refused(server, {"type": "appeal", "team": "t1", "item": "m4", "captain": "Ján",
                                      "subject": "the ruling on board 3"}, 409, "item", "appeal.out_of_window")
        assert "§24.1" in late["error"] and late["detail"]["days"] == 0
        window = (await server.referee_state())["appeals"]["window"]
        assert window["published"] is not None and window["closes"] == window["published"]
        decided = await server.acked_event({"type": "decide_appeal", "appeal": lodged["seq"], "decision": "rejected"})
        assert decided["payload"]["outcome"] == "stands"  # the one lodged in time is still decided

    with start_server(write(tmp_path / "t.toml"), tmp_path / "t.db") as server:
        await asyncio.wait_for(scenario(server), SCENARIO_TIMEOUT)
