"""Scoring with the real server: the referee enters results over HTTP, every screen gets the standings.

A `live serve` subprocess with a preferans tournament of six players (two tables of three); two
hall displays and one player's phone are connected over /ws. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import csv
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server import Server, WSClient, close_all, is_event, is_type, round_entry, start_server, write_tournament

from live.projections.standings import ranks

PLAYERS = (
    {"id": "p1", "name": "Ana Petrović"},
    {"id": "p2", "name": "Bojan Ilić"},
    {"id": "p3", "name": "Vesna Jovanović"},
    {"id": "p4", "name": "Dragan Marković"},
    {"id": "p5", "name": "Jelena Šarić"},
    {"id": "p6", "name": "Milan Đorđević"},
)
NAMES = {p["id"]: p["name"] for p in PLAYERS}
#: Results by seat (seat 1, 2, 3) and the points docs/rules/cacak.md#scoring gives them.
SLIPS = {1: (37, -12, -25), 2: (50, 10, -60)}
POINTS = {1: (4.3, 2.9, 0.8), 2: (4.5, 3.1, 0.4)}
CSV_HEADER = ["rank", "name", "points", "bule", "rounds"]
#: The CSV's headings of those columns in an English tournament (display/i18n/en.json, section "exports").
CSV_HEADINGS = ["Rank", "Player", "Points", "Bule", "Rounds played"]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    # Rounds an hour and two hours away: nothing fires by itself; the referee starts round 1.
    file = write_tournament(tmp_path / "t.toml", players=PLAYERS, timetable=[
        round_entry("r1", 1, start_in=3600, minutes=60), round_entry("r2", 2, start_in=7200, minutes=60)])
    with start_server(file, tmp_path / "t.db") as running:
        yield running


async def pushed(clients: list[WSClient], seq: int) -> list[dict[str, Any]]:
    """The event message with `seq` as each client received it."""
    return list(await asyncio.gather(*(c.wait_for(is_event(seq), timeout=10) for c in clients)))


async def standings_csv(server: Server) -> list[list[str]]:
    response = await server.get("/api/standings.csv")
    assert response.status_code == 200, f"{response.status_code} {response.text}"
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    assert response.content.startswith(b"\xef\xbb\xbf")  # the BOM: Excel reads the file as UTF-8
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def csv_rows(standings: list[dict[str, Any]]) -> list[list[str]]:
    """The CSV lines /api/standings.csv must have for these standings rows (as /api/state gives them: the
    CSV's rank is the place each row's position and `tied` say)."""
    return [CSV_HEADINGS, *([str(row[c]) for c in CSV_HEADER] for row in ranked(standings))]


def ranked(standings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows with the place a page reads from them (`ranks`) written in as "rank"."""
    return [{**row, "rank": rank} for row, rank in zip(standings, ranks(standings), strict=True)]


async def test_results_entered_over_http_reach_every_display_and_the_players_phone(server: Server) -> None:
    displays = [await server.client("display") for _ in range(2)]
    phone = await server.client("player", "p1")
    clients = [*displays, phone]
    try:
        await asyncio.gather(*(c.wait_for(is_type("snapshot")) for c in clients))
        empty = (await server.state())["standings"]
        assert [(row["player"], row["points"], row["rounds"]) for row in empty] == [
            (p["id"], 0, 0) for p in PLAYERS]
        assert await standings_csv(server) == csv_rows(empty)

        # the seating: no seed given, so the server draws one and logs it with the tables
        seating = (await server.acked({"type": "publish_seating", "item": "r1"}))["events"][0]
        assert seating["type"] == "seating_published"
        assert seating["payload"]["method"] == "draw" and isinstance(seating["payload"]["seed"], int)
        tables = {t["table"]: t["players"] for t in seating["payload"]["tables"]}
        assert sorted(tables) == [1, 2] and sorted(tables[1] + tables[2]) == sorted(NAMES)
        where = next((n, players.index("p1") + 1) for n, players in tables.items() if "p1" in players)
        mine = (await phone.wait_for(is_event(seating["seq"]), timeout=10))["changes"]["me"]
        assert mine["seats"] == [{"item": "r1", "table": where[0], "seat": where[1]}]
        for display in displays:
            message = await display.wait_for(is_event(seating["seq"]), timeout=10)
            assert "me" not in message["changes"]
            assert message["changes"]["seating"]["r1"]["tables"] == seating["payload"]["tables"]

        await server.acked({"type": "start_round", "item": "r1"})

        # both tables' slips, entered by seat
        expected: dict[str, float] = {}
        for number in (1, 2):
            results = dict(zip(tables[number], SLIPS[number], strict=True))
            expected.update(zip(tables[number], POINTS[number], strict=True))
            answer = await server.acked({"type": "record_result", "item": "r1", "table": number, "results": results})
            seq = answer["seq"]
            messages = await pushed(clients, seq)
            standings = [m["changes"]["standings"] for m in messages[:2]]
            assert standings[0] == standings[1], "every display gets the same standings"
            points = {row["player"]: row["points"] for row in standings[0]}
            assert {p: points[p] for p in expected} == pytest.approx(expected)
            assert messages[0]["changes"]["results"]["r1"][-1]["table"] == number
            assert messages[2]["changes"]["standings"] == standings[0]

        state = await server.state()
        assert state["standings"] == standings[0]
        assert [row["player"] for row in state["standings"]] == sorted(expected, key=lambda p: -expected[p])
        assert ranks(state["standings"]) == [1, 2, 3, 4, 5, 6]
        assert not any("rank" in row or "tied" in row for row in state["standings"]), "no place shared"

        # the phone: its seat and its result, with its own points
        table_of_p1 = where[0]
        record_seq = next(e["seq"] for e in await server.events() if e["type"] == "result_recorded"
                          and e["payload"]["table"] == table_of_p1)
        me = (await phone.wait_for(is_event(record_seq), timeout=10))["changes"]["me"]
        assert me["id"] == "p1" and me["seats"] == [{"item": "r1", "table": where[0], "seat": where[1]}]
        (result,) = me["results"]
        assert (result["item"], result["table"]) == ("r1", table_of_p1)
        line = next(x for x in result["players"] if x["player"] == "p1")
        assert (line["result"], line["points"]) == (SLIPS[table_of_p1][where[1] - 1], pytest.approx(expected["p1"]))
        assert me["standing"]["player"] == "p1" and me["standing"]["points"] == pytest.approx(expected["p1"])

        assert await standings_csv(server) == csv_rows(state["standings"])

        # a correction: table 1's first and last seats were swapped on the slip
        first, second, third = tables[1]
        corrected = {first: SLIPS[1][2], second: SLIPS[1][1], third: SLIPS[1][0]}
        answer = await server.acked({"type": "correct_result", "item": "r1", "table": 1, "results": corrected,
                                    "reason": "first and third seat swapped on the slip"})
        messages = await pushed(clients, answer["seq"])
        after = [m["changes"]["standings"] for m in messages[:2]]
        assert after[0] == after[1] != standings[0]
        points = {row["player"]: row["points"] for row in after[0]}
        assert (points[first], points[third]) == pytest.approx((0.8, 4.3))
        assert messages[0]["changes"]["results"]["r1"][0]["corrected"] is True
        assert "me" in messages[2]["changes"]
        state = await server.state()
        assert state["standings"] == after[0]
        assert await standings_csv(server) == csv_rows(state["standings"])

        # a refused slip changes nothing and pushes nothing
        before = await server.events()
        refused = await server.command({"type": "record_result", "item": "r1", "table": 2,
                                        "results": dict(zip(tables[2], (1, 2, -3), strict=True))})
        assert refused.status_code == 409 and "correct_result" in refused.json()["error"]
        wrong = await server.command({"type": "correct_result", "item": "r1", "table": 2, "reason": "typo",
                                      "results": dict(zip(tables[2], (1, 2, 3), strict=True))})
        assert wrong.status_code == 422 and "sum to 6, not 0" in wrong.json()["error"]
        assert await server.events() == before
        await asyncio.sleep(0.2)
        assert all(c.seqs()[-1] == answer["seq"] for c in clients)
    finally:
        await close_all(clients)


async def test_an_undone_correction_restores_the_standings_on_every_display(server: Server) -> None:
    await server.acked({"type": "publish_seating", "item": "r1", "seed": 2027})
    tables = {t["table"]: t["players"] for t in (await server.state())["seating"]["r1"]["tables"]}
    await server.acked({"type": "start_round", "item": "r1"})
    for number in (1, 2):
        await server.acked({"type": "record_result", "item": "r1", "table": number,
                           "results": dict(zip(tables[number], SLIPS[number], strict=True))})
    original = (await server.state())["standings"]
    displays = [await server.client("display") for _ in range(2)]
    try:
        snapshots = await asyncio.gather(*(d.wait_for(is_type("snapshot")) for d in displays))
        assert all(s["sections"]["standings"] == original for s in snapshots)
        correction = await server.acked({"type": "correct_result", "item": "r1", "table": 2, "reason": "misread",
                                        "results": dict(zip(tables[2], (-60, 10, 50), strict=True))})
        changed = [m["changes"]["standings"] for m in await pushed(displays, correction["seq"])]
        assert changed[0] == changed[1] != original
        undo = await server.acked({"type": "undo", "seq": correction["seq"]})
        restored = [m["changes"]["standings"] for m in await pushed(displays, undo["seq"])]
        assert restored[0] == restored[1] == original == (await server.state())["standings"]
        assert await standings_csv(server) == csv_rows(original)
    finally:
        await close_all(displays)


async def test_the_standings_csv_of_a_bridge_tournament(tmp_path: Path) -> None:
    text = (write_tournament(tmp_path / "t.toml", preset="novi-sad-teams", players=(), timetable=[
        round_entry("m1", 1, start_in=3600, minutes=90, kind="match", boards=12)]).read_text(encoding="utf-8")
            + "".join(f'\n[[teams]]\nid = "t{k}"\nname = "Tim {k}"\n' for k in range(1, 6)))
    (tmp_path / "t.toml").write_text(text, encoding="utf-8")
    with start_server(tmp_path / "t.toml", tmp_path / "t.db") as running:
        await running.acked({"type": "publish_seating", "item": "m1"})
        await running.acked({"type": "start_round", "item": "m1"})
        await running.acked({"type": "record_result", "item": "m1", "home": "t2", "away": "t5", "imps_home": 30,
                            "imps_away": 10})
        state = await running.state()
        columns = ["rank", "name", "vp", "imps_for", "imps_against", "imp_diff", "played"]
        header = ["Rank", "Team", "VP", "IMPs won", "IMPs lost", "IMP difference", "Matches played"]
        async with httpx.AsyncClient(timeout=10) as http:
            response = await running.get("/api/standings.csv", http=http)
        assert response.status_code == 200, response.text
        assert response.headers["content-type"] == "text/csv; charset=utf-8"
        rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
        assert rows == [header, *([str(row[c]) for c in columns] for row in ranked(state["standings"]))]
        # the two teams yet to play share the 4th place: the CSV says it on both lines (the rows say `tied`)
        assert [(r[0], r[1]) for r in rows[1:]][3:] == [("4", "Tim 3"), ("4", "Tim 4")]
        assert [row.get("tied", False) for row in state["standings"]] == [False, False, False, False, True]
        assert rows[1][:2] == ["1", "Tim 2"] and rows[1][-1] == "1"
        assert [r[1] for r in rows[1:]].count("Tim 1") == 1  # the bye team, 12 VP
