"""A player withdrawn at the door is gone from the day's printed lists and screens, against a real `live serve`:
the referee's check-in codes and slips no longer have him, nor the standings every screen gets, and the roster
the pages name players from marks him `gone` (live/projections/field.py); one who withdraws after playing keeps
his place in the standings but needs no code any more."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
from server import DEFAULT_PLAYERS, codes_page, round_entry, start_server, tournament_toml

PLAYERS = (*DEFAULT_PLAYERS, {"id": "p5", "name": "Jelena Šarić"}, {"id": "p6", "name": "Milan Đorđević"},
           {"id": "p7", "name": "Zoran Vuković"})


async def slips_of(url: str, token: str) -> list[str]:
    async with httpx.AsyncClient(timeout=10) as http:
        page = await http.get(f"{url}/api/checkin-slips", headers={"Authorization": f"Bearer {token}"})
    assert page.status_code == 200, page.text
    return re.findall(r'<div class=slip data-player="(\w+)">', page.text)


async def test_a_player_withdrawn_at_the_door_has_no_code_no_slip_and_no_line_in_the_standings(tmp_path: Path) -> None:
    file = tmp_path / "t.toml"
    file.write_text(tournament_toml(timetable=[round_entry("r1", 1, start_in=3600, minutes=60)], players=PLAYERS),
                    encoding="utf-8")
    with start_server(file, tmp_path / "t.db") as server:
        assert sorted(await codes_page(server)) == [f"p{k}" for k in range(1, 8)]
        await server.acked({"type": "withdraw_player", "player": "p7", "reason": "did not come"})
        assert sorted(await codes_page(server)) == [f"p{k}" for k in range(1, 7)]
        assert sorted(await slips_of(server.url, server.token)) == [f"p{k}" for k in range(1, 7)]
        seated = await server.acked({"type": "publish_seating", "item": "r1", "seed": 5})
        tables = {t["table"]: t["players"] for t in seated["events"][0]["payload"]["tables"]}
        await server.acked({"type": "start_round", "item": "r1"})
        for number, players in tables.items():
            await server.acked({"type": "record_result", "item": "r1", "table": number,
                                "results": dict(zip(players, (30, -10, -20), strict=True))})
        state = await server.state()
        assert sorted(row["player"] for row in state["standings"]) == [f"p{k}" for k in range(1, 7)]
        gone = next(p for p in state["players"] if p["id"] == "p7")
        assert (gone["withdrawn"], gone["gone"]) == (True, True)
        # One who withdraws after playing keeps his line, and needs no code any more.
        await server.acked({"type": "withdraw_player", "player": "p1", "reason": "left after round 1"})
        state = await server.state()
        assert "p1" in [row["player"] for row in state["standings"]] and len(state["standings"]) == 6
        assert "gone" not in next(p for p in state["players"] if p["id"] == "p1")
        assert sorted(await codes_page(server)) == [f"p{k}" for k in range(2, 7)]
