"""The Slovak league's roster minimum and appeals to the presidium with the real server
(docs/rules/team-sheets.md#slovak and docs/rules/appeals.md#slovak; seed §17.1, §24.1, §28): a withdrawal below 4
members and a line-up of a team under 4 refused naming §17.1; a team's appeal signed by half of its line-up (fewer
refused), by its captain, a fourth one taken; the standings and the match provisional on the hall's screen while it is
open; the presidium's decision without unanimity linking its correction; every bad input a 4xx naming the field with
nothing written.

A `live serve` subprocess of four teams (t1 four members, t2 and t4 five, t3 three); the matches start an
hour from now and later, and the referee starts and ends them (`auto_start`, `auto_end` off). Every wait is
bounded.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from server import REFEREE_TOKEN, Server, WSClient, is_event, is_type, round_entry, start_server, tournament_toml

SCENARIO_TIMEOUT = 120.0
REFEREE = {"Authorization": f"Bearer {REFEREE_TOKEN}"}
SIZES = {"t1": 4, "t2": 5, "t3": 3, "t4": 5}


def write(path: Path) -> Path:
    roster = [{"id": f"{team}p{k}", "name": f"Hráč {team}p{k}", "team": team}
              for team, size in SIZES.items() for k in range(1, size + 1)]
    timetable = [round_entry("m1", 1, start_in=3600, minutes=240, kind="match", boards=24),
                 round_entry("m2", 2, start_in=3600 + 5 * 3600, minutes=240, kind="match", boards=24)]
    text = tournament_toml(preset="slovak-league", rules={"auto_start": False, "auto_end": False},
                           timetable=timetable, players=roster)
    text += "".join(f'\n[[teams]]\nid = "{team}"\nname = "Tím {team}"\n' for team in SIZES)
    path.write_text(text, encoding="utf-8")
    return path


def appeal(team: str, **who: Any) -> dict[str, Any]:
    return {"type": "appeal", "team": team, "item": "m1", "subject": "the director's ruling on board 7", **who}


async def refused(server: Server, command: dict[str, Any], status: int, field: str,
                  rule: str | None = None) -> dict[str, Any]:
    """`Server.refused`, and the appeals, players, lineups as they were."""
    return await server.refused(command, status, field, rule=rule, sections=("appeals", "players", "lineups",))


async def test_a_roster_under_four_and_an_appeal_to_the_presidium(tmp_path: Path) -> None:
    async def scenario(server: Server) -> None:
        short = await refused(server, {"type": "withdraw_player", "player": "t1p4", "reason": "moved abroad"}, 409,
                              "player", "roster_min")
        assert "§17.1" in short["error"]
        seating = await server.acked_event({"type": "publish_seating", "item": "m1"})
        (pair,) = [(m["home"], m["away"]) for m in seating["payload"]["matches"] if "t1" in (m["home"], m["away"])]
        other = pair[1] if pair[0] == "t1" else pair[0]
        sheet = {"type": "lineup", "item": "m1", "team": "t3", "parts": [["t3p1", "t3p2", "t3p3", "t1p1"]]}
        incomplete = await refused(server, sheet, 409, "team", "roster_min")
        assert "t3 has 3 members" in incomplete["error"]
        rosters = (await server.referee_state())["lineups"]["rosters"]
        assert (rosters["t3"]["incomplete"], rosters["t1"]["incomplete"]) == (True, False)
        await server.acked_event({"type": "start_round", "item": "m1"})
        await server.acked_event({"type": "lineup", "item": "m1", "team": "t1", "parts": [["t1p1", "t1p2",
                                 "t1p3", "t1p4"]]})
        home, away = pair
        await server.acked_event({"type": "record_result", "item": "m1", "home": home, "away": away,
                           "imps_home": 40, "imps_away": 20})

        few = await refused(server, appeal("t1", signed_by=["t1p2"]), 409, "signed_by", "appeal_signatures")
        assert "§28.3" in few["error"] and few["detail"]["needed"] == 2
        await refused(server, appeal("t1", signed_by=["t1p2", f"{other}p1"]), 422, "signed_by", "appeal_signatures")
        await refused(server, {**appeal("t1", captain="Ján"), "player": "t1p1"}, 422, "player", "appeal_by")
        await refused(server, appeal("t9", captain="Ján"), 422, "team")
        await refused(server, appeal("t1"), 422, "signed_by", "appeal_signatures")

        hall = await WSClient.connect(server.ws_url("display"))
        try:
            await hall.wait_for(is_type("snapshot"))
            lodged = await server.acked_event(appeal("t1", signed_by=["t1p2", "t1p4"]))
            seen = await hall.wait_for(is_event(lodged["seq"]), timeout=10)
            assert "standings_provisional" in json.dumps(seen) and "t1p2" not in json.dumps(seen)
        finally:
            await hall.close()
        public = await server.state()
        assert public["standings_provisional"]["matches"] == [{"item": "m1", "home": home, "away": away}]
        (row,) = [r for r in public["results"]["m1"] if (r["home"], r["away"]) == pair]
        assert row["provisional"] is True
        # no limit of three: a fourth appeal, signed by the captain, is taken
        more = [await server.acked_event(appeal("t1", captain="Ján Kapitán")) for _ in range(3)]
        assert more[-1]["payload"]["number"] == 4

        await refused(server, {"type": "decide_appeal", "appeal": lodged["seq"], "decision": "upheld"}, 409, "appeal")
        corrected = await server.acked_event({"type": "correct_result", "item": "m1", "home": home, "away": away,
                                       "imps_home": 20, "imps_away": 40, "reason": "the presidium's decision"})
        await server.acked_event({"type": "end_round", "item": "m1"})
        await refused(server, {"type": "decide_appeal", "appeal": lodged["seq"], "decision": "upheld",
                               "unanimous": True}, 422, "unanimous", "appeal_unanimity")
        upheld = await server.acked_event({"type": "decide_appeal", "appeal": lodged["seq"], "decision": "upheld",
                                    "correction": corrected["seq"]})
        assert upheld["payload"]["outcome"] == "changed"
        for x in more:
            await server.acked_event({"type": "decide_appeal", "appeal": x["seq"], "decision": "rejected"})
        public = await server.state()
        assert "standings_provisional" not in public
        assert not any(r.get("provisional") for r in public["results"]["m1"])
        view = (await server.referee_state())["appeals"]
        assert view["open"] == [] and len(view["decided"]) == 4 and view["to"] == "presidium"

    with start_server(write(tmp_path / "t.toml"), tmp_path / "t.db") as server:
        await asyncio.wait_for(scenario(server), SCENARIO_TIMEOUT)
