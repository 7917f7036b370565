"""Slovak §24.1 with the real server (docs/rules/appeals.md#final): the standings are running until the coordinator
publishes the overall results, provisional while the term for complaints runs and while an appeal is open, and final
once both are over — the last by the clock alone, with no event: `GET /api/state` tells it at its `now`, and the
pushed section carries the instant (`final_at`).

A `live serve` subprocess of four Slovak teams whose file sets a term of 0.0001 days (8.64 s: a short competition's
term is the organizer's, and may be a fraction of a day); two matches played and scored by the referee. Every wait is
bounded.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from server import Server, WSClient, is_event, is_type, round_entry, start_server, tournament_toml

SCENARIO_TIMEOUT = 120.0
TERM_DAYS = 0.0001
TERM_MS = round(TERM_DAYS * 24 * 60 * 60 * 1000)


def write(path: Path) -> Path:
    roster = [{"id": f"{team}p{k}", "name": f"Hráč {team}p{k}", "team": team}
              for team in ("t1", "t2", "t3", "t4") for k in range(1, 5)]
    timetable = [round_entry("m1", 1, start_in=3600, minutes=240, kind="match", boards=24),
                 round_entry("m2", 2, start_in=3600 + 5 * 3600, minutes=240, kind="match", boards=24)]
    text = tournament_toml(preset="slovak-league", timetable=timetable, players=roster,
                           rules={"auto_start": False, "auto_end": False, "appeal_window_days": TERM_DAYS})
    text += "".join(f'\n[[teams]]\nid = "{team}"\nname = "Tím {team}"\n' for team in ("t1", "t2", "t3", "t4"))
    path.write_text(text, encoding="utf-8")
    return path


async def play(server: Server, item: str) -> None:
    seating = await server.acked_event({"type": "publish_seating", "item": item})
    await server.acked_event({"type": "start_round", "item": item})
    for match in seating["payload"]["matches"]:
        await server.acked_event({"type": "record_result", "item": item, "home": match["home"], "away": match["away"],
                                  "imps_home": 30, "imps_away": 20})
    await server.acked_event({"type": "end_round", "item": item})


async def status(server: Server) -> dict[str, object]:
    section: dict[str, object] = (await server.state())["standings_status"]
    return section


async def test_published_provisional_while_an_appeal_is_open_and_final_once_the_term_is_over(tmp_path: Path) -> None:
    async def scenario(server: Server) -> None:
        await server.acked_event({"type": "publish_seating", "item": "m1"})
        assert "standings_status" not in await server.state()  # running: nothing published
        refused = await server.refused({"type": "publish_results"}, 409, "type")
        assert refused["detail"]["code"] == "results.not_out"
        await server.acked_event({"type": "start_round", "item": "m1"})
        seating = (await server.state())["seating"]["m1"]
        for match in seating["matches"]:
            await server.acked_event({"type": "record_result", "item": "m1", "home": match["home"],
                                      "away": match["away"], "imps_home": 30, "imps_away": 20})
        await server.acked_event({"type": "end_round", "item": "m1"})
        lodged = await server.acked_event({"type": "appeal", "team": "t1", "item": "m1", "captain": "Ján Kapitán",
                                           "subject": "the director's ruling on board 7"})
        await play(server, "m2")

        hall = await WSClient.connect(server.ws_url("display"))
        try:
            await hall.wait_for(is_type("snapshot"))
            published = await server.acked_event({"type": "publish_results", "reason": "on the federation's site"})
            seen = await hall.wait_for(is_event(published["seq"]), timeout=10)
            assert "standings_status" in json.dumps(seen)
        finally:
            await hall.close()
        held = await status(server)
        assert (held["status"], held["since"], held["final_at"], held["open_appeals"]) == (
            "provisional", published["ts"], None, 1)
        assert held["closes"] == published["ts"] + TERM_MS
        # the appeal is decided: final once the term is over, at `final_at`, by the clock alone
        await server.acked_event({"type": "decide_appeal", "appeal": lodged["seq"], "decision": "rejected"})
        decided = await status(server)
        assert decided["open_appeals"] == 0
        closes = published["ts"] + TERM_MS
        if decided["status"] == "provisional":  # (the term is 8.64 s: the machine may be slower than that)
            assert (decided["final_at"], decided["why"]) == (closes, "term")
        deadline = time.monotonic() + 30
        while (found := await status(server))["status"] != "final":
            assert time.monotonic() < deadline, found
            await asyncio.sleep(0.5)
        assert found["since"] == found["final_at"] and found["why"] == "term_over"
        assert found["final_at"] >= closes  # type: ignore[operator]
        events = [e["type"] for e in await server.events()]
        assert events[-1] == "appeal_decided"  # no event made them final

        # the publication undone: the hall's own (every result out) counts, long past its term: final still;
        # an appeal now is out of its term and refused
        await server.acked_event({"type": "undo", "seq": published["seq"]})
        assert (await status(server))["published"] != published["ts"]
        late = await server.refused({"type": "appeal", "team": "t2", "item": "m2", "captain": "Peter",
                                     "subject": "too late"}, 409, "item", rule="appeal_window_days")
        assert late["detail"]["code"] == "appeal.out_of_window"

    with start_server(write(tmp_path / "t.toml"), tmp_path / "t.db") as server:
        await asyncio.wait_for(scenario(server), SCENARIO_TIMEOUT)
