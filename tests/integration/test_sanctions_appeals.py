"""Sanctions, appeals and the scoring desk's slips with the real server (docs/rules/sanctions.md#cacak,
docs/rules/appeals.md#cacak, docs/rules/cacak.md#slip): commands over HTTP, their undo, what the referee, the player and
the hall are shown, and every bad input a 4xx naming the field with nothing written.

A `live serve` subprocess with six players; round 1 is an hour away and the referee starts it. The
seed 654 seats p1 p2 p3 at table 1 and p4 p5 p6 at table 2. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server import (
    REFEREE_TOKEN,
    Server,
    WSClient,
    codes_page,
    is_event,
    is_type,
    round_entry,
    start_server,
    write_tournament,
)

from live.projections.standings import ranks

PLAYERS = tuple({"id": f"p{n}", "name": name} for n, name in enumerate(
    ("Ana Petrović", "Bojan Ilić", "Vesna Jovanović", "Dragan Marković", "Jelena Šarić", "Milan Đorđević"), 1))
IN_ORDER = 654
SCENARIO_TIMEOUT = 60.0
REFEREE = {"Authorization": f"Bearer {REFEREE_TOKEN}"}


def by_player(standings: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """player → their row, with the place a page reads from the rows (`ranks`) written in as "rank"."""
    return {row["player"]: {**row, "rank": rank} for row, rank in zip(standings, ranks(standings), strict=True)}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    file = write_tournament(tmp_path / "t.toml", players=PLAYERS, timetable=[
        round_entry("r1", 1, start_in=3600, minutes=60), round_entry("r2", 2, start_in=7200, minutes=60)])
    with start_server(file, tmp_path / "t.db") as running:
        yield running


async def running_round(server: Server) -> None:
    await server.acked_event({"type": "publish_seating", "item": "r1", "seed": IN_ORDER})
    await server.acked_event({"type": "start_round", "item": "r1"})


def penalty_bule(state: dict[str, Any]) -> dict[str, int]:
    return {row["player"]: row["penalty_bule"] for row in state["standings"]}


async def test_sanctions_take_their_steps_count_on_the_paper_and_undo(server: Server) -> None:
    async def scenario() -> None:
        await running_round(server)
        referee = await server.client("referee")
        try:
            await referee.wait_for(is_type("snapshot"))
            shuffles = [await server.acked_event({"type": "sanction", "player": "p1", "kind": "bad_shuffle",
                                                 "item": "r1"})
                        for _ in range(3)]
            assert [(e["type"], e["payload"]["step"], e["payload"]["bule"]) for e in shuffles] == [
                ("sanction_recorded", 1, 0), ("sanction_recorded", 2, 4), ("sanction_recorded", 3, 16)]
            # the console proposes the next step from the referee's own section, pushed with the event (or
            # fetched after it when the event's message is over its budget)
            pushed = await referee.wait_for(is_event(shuffles[-1]["seq"]), timeout=10)
            assert (await server.changed(pushed, "referee"))["sanctions"]["next"]["p1"]["bad_shuffle"] == {
                "step": 4, "bule": 32, "warning": False, "per_co_player": False, "measure": "bule"}
            misdeal = await server.acked_event({"type": "sanction", "player": "p2", "kind": "misdeal", "item": "r1",
                                         "step": 1, "reason": "dealt 11 cards"})
            assert [(x["to"], x["amount"]) for x in misdeal["payload"]["penalties"]] == [("p1", 2), ("p3", 2)]
            state = await server.referee_state()
            assert penalty_bule(state) == {"p1": 20, "p2": 4, "p3": 0, "p4": 0, "p5": 0, "p6": 0}
            assert state["sanctions"]["next"]["p2"]["misdeal"]["step"] == 2
            # the sanctions are public like any penalty: the hall's standings show the bule on the paper
            assert penalty_bule(await server.state()) == penalty_bule(state)

            undo = await server.acked_event({"type": "undo"})
            assert undo["payload"] == {"target": misdeal["seq"], "undid": "sanction_recorded"}
            state = await server.referee_state()
            assert penalty_bule(state)["p2"] == 0
            assert "p2" not in state["sanctions"]["next"], "the undo took p2's only sanction"
            assert state["sanctions"]["first"]["misdeal"]["step"] == 1
            assert [x["seq"] for x in state["sanctions"]["recorded"]] == [e["seq"] for e in shuffles]

            # removal from the tournament is a withdrawal with the reason; then no more sanctions
            await server.acked_event({"type": "withdraw_player", "player": "p1",
                               "reason": "removed by the referee after repeated bad shuffles"})
            await server.refused({"type": "sanction", "player": "p1", "kind": "bad_shuffle", "item": "r1"},
                          409, "player")
        finally:
            await referee.close()

    await asyncio.wait_for(scenario(), SCENARIO_TIMEOUT)


async def test_signalling_steps_and_a_deduction_of_points_changes_the_standings_and_its_undo_gives_back(
        server: Server) -> None:
    async def scenario() -> None:
        await running_round(server)
        await server.acked_event({"type": "record_result", "item": "r1", "table": 1,
                           "results": {"p1": 37, "p2": -12, "p3": -25}})
        await server.acked_event({"type": "record_result", "item": "r1", "table": 2,
                           "results": {"p4": 50, "p5": 10, "p6": -60}})
        phone = await server.client("player", "p4")
        try:
            await phone.wait_for(is_type("snapshot"))
            signals = [await server.acked_event({"type": "sanction", "player": "p5", "kind": "signalling", "item": "r1",
                                          "step": n}) for n in (1, 2, 3)]
            assert [(e["payload"]["measure"], e["payload"]["warning"], e["payload"]["penalties"]) for e in signals] == [
                ("leader_warning", True, []), ("referee_warning", True, []), ("no_follow", False, [])]
            state = await server.referee_state()
            assert state["sanctions"]["next"]["p5"]["signalling"]["measure"] == "no_follow"
            assert "signalling" in state["sanctions"]["kinds"] and "deduction" in state["sanctions"]["kinds"]
            assert penalty_bule(state)["p5"] == 0

            rows = by_player((await server.state())["standings"])
            assert (rows["p4"]["rank"], rows["p4"]["points"], rows["p1"]["points"]) == (1, 4.5, 4.3)
            deduction = await server.acked_event({"type": "sanction", "player": "p4", "kind": "deduction", "item": "r1",
                                           "points": 0.5, "reason": "insulted an opponent"})
            assert deduction["payload"]["penalties"] == [
                {"player": "p4", "amount": 0.5, "unit": "points",
                 "reason": "deduction of points (1st offence): insulted an opponent"}]
            rows = by_player((await server.state())["standings"])
            assert (rows["p4"]["rank"], rows["p4"]["points"], rows["p4"]["penalty_points"]) == (2, 4, 0.5)
            assert rows["p1"]["rank"] == 1
            # the player's own page is told at once: their line with the points taken, and the penalty
            pushed = await phone.wait_for(is_event(deduction["seq"]), timeout=10)
            me = pushed["changes"]["me"]
            assert (me["standing"]["points"], me["standing"]["penalty_points"]) == (4, 0.5)
            assert me["standing"]["rank"] == 2  # (their own line says its place: it has no position to read)
            assert [p["unit"] for p in me["penalties"]] == ["points"]

            undo = await server.acked_event({"type": "undo"})
            assert undo["payload"] == {"target": deduction["seq"], "undid": "sanction_recorded"}
            rows = by_player((await server.state())["standings"])
            assert (rows["p4"]["rank"], rows["p4"]["points"], rows["p4"]["penalty_points"]) == (1, 4.5, 0)
        finally:
            await phone.close()

    await asyncio.wait_for(scenario(), SCENARIO_TIMEOUT)


@pytest.mark.parametrize(("command", "status", "field"), [
    ({"type": "sanction", "player": "p9", "kind": "bad_shuffle", "item": "r1"}, 422, "player"),
    ({"type": "sanction", "player": "p1", "kind": "talking", "item": "r1"}, 422, "kind"),
    ({"type": "sanction", "player": "p1", "kind": "misdeal", "item": "r2"}, 409, "item"),
    ({"type": "sanction", "player": "p1", "kind": "misdeal", "item": "r1", "step": 2}, 409, "step"),
    ({"type": "sanction", "player": "p1", "kind": "misdeal", "item": "r1", "bule": 20}, 422, "bule"),
    ({"type": "sanction", "player": "p1", "kind": "misdeal"}, 422, "item"),
    ({"type": "sanction", "player": "p1", "kind": "deduction", "item": "r1", "points": "2", "reason": "x"}, 422,
     "points"),
    ({"type": "sanction", "player": "p1", "kind": "deduction", "item": "r1", "points": 0, "reason": "x"}, 422,
     "points"),
    ({"type": "sanction", "player": "p1", "kind": "deduction", "item": "r1", "points": -1.5, "reason": "x"}, 422,
     "points"),
    ({"type": "sanction", "player": "p1", "kind": "deduction", "item": "r1", "reason": "x"}, 422, "points"),
    ({"type": "sanction", "player": "p1", "kind": "deduction", "item": "r1", "points": 1}, 422, "reason"),
    ({"type": "sanction", "player": "p1", "kind": "signalling", "item": "r1", "points": 1}, 422, "points"),
    ({"type": "appeal", "player": "p1", "item": "r1", "subject": ""}, 422, "subject"),
    ({"type": "appeal", "player": "p1", "item": "r2", "subject": "too early"}, 409, "item"),
    ({"type": "appeal", "player": "p7", "item": "r1", "subject": "who?"}, 422, "player"),
    ({"type": "decide_appeal", "appeal": 99, "decision": "upheld", "unanimous": True}, 422, "appeal"),
])
async def test_a_bad_sanction_or_appeal_is_a_4xx_naming_the_field(server: Server, command: dict[str, Any],
                                                                 status: int, field: str) -> None:
    async def scenario() -> None:
        await running_round(server)
        await server.refused(command, status, field)

    await asyncio.wait_for(scenario(), SCENARIO_TIMEOUT)


async def session_phone(server: Server, player: str, code: str) -> WSClient:
    async with httpx.AsyncClient(timeout=10) as http:
        answer = await http.post(f"{server.url}/api/player-session", json={"code": code})
    assert answer.status_code == 200, answer.text
    cookie = f"live_player={answer.cookies['live_player']}"
    return await WSClient.connect(server.ws_url("player", player), additional_headers={"Cookie": cookie})


async def test_appeals_three_a_player_a_unanimous_decision_corrects_the_standings(server: Server) -> None:
    async def scenario() -> None:
        await running_round(server)
        codes = await codes_page(server)
        await server.acked_event({"type": "record_result", "item": "r1", "table": 1,
                           "results": {"p1": 37, "p2": -12, "p3": -25}})
        await server.acked_event({"type": "record_result", "item": "r1", "table": 2,
                           "results": {"p4": 50, "p5": 10, "p6": -60}})
        vesna = await session_phone(server, "p3", codes["p3"])
        anyone = await WSClient.connect(server.ws_url("player", "p3"))
        try:
            await vesna.wait_for(is_type("snapshot"))
            await anyone.wait_for(is_type("snapshot"))
            first = await server.acked_event({"type": "appeal", "player": "p3", "item": "r1",
                                       "subject": "the slip of table 1 was read upside down"})
            mine = (await vesna.wait_for(is_event(first["seq"]), timeout=10))["changes"]["me"]
            assert (mine["appeals"]["left"], mine["appeals"]["used"]) == (2, 1)
            other = (await anyone.wait_for(is_event(first["seq"]), timeout=10))
            assert "appeals" not in other["changes"]["me"] and "upside down" not in json.dumps(other)
            # the hall sees that something happened, not who appealed what
            public = await server.events()
            assert next(e for e in public if e["seq"] == first["seq"])["payload"] == {"private": True}
            assert all(c["type"] != "appeal_lodged" for c in (await server.state())["audit"])


            second = await server.acked_event({"type": "appeal", "player": "p3", "item": "r1",
                                               "subject": "the last deals"})
            third = await server.acked_event({"type": "appeal", "player": "p3", "item": "r1", "subject": "the misdeal"})
            answer = await server.refused({"type": "appeal", "player": "p3", "item": "r1", "subject": "once more"},
                                   409, "player")
            assert answer["detail"]["rule"] == "appeals_per_player" and "3 times" in answer["error"]

            # the committee meets after the round
            await server.refused({"type": "decide_appeal", "appeal": first["seq"], "decision": "upheld",
                                   "unanimous": True}, 409, "appeal")
            corrected = await server.acked_event({"type": "correct_result", "item": "r1", "table": 1,
                                           "results": {"p1": -25, "p2": -12, "p3": 37},
                                           "reason": "the judges' committee, unanimously"})
            await server.acked_event({"type": "end_round", "item": "r1"})
            state = await server.referee_state()
            assert [x["seq"] for x in state["appeals"]["open"]] == [first["seq"], second["seq"], third["seq"]]
            assert state["appeals"]["left"]["p3"] == 0 and state["appeals"]["left"]["p1"] == 3

            # a split committee cannot change the referee's decision: no correction goes with it
            await server.refused({"type": "decide_appeal", "appeal": second["seq"], "decision": "upheld",
                                   "unanimous": False, "correction": corrected["seq"]}, 409, "unanimous")
            split = await server.acked_event({"type": "decide_appeal", "appeal": second["seq"], "decision": "upheld",
                                       "unanimous": False})
            assert split["payload"]["outcome"] == "stands"
            upheld = await server.acked_event({"type": "decide_appeal", "appeal": first["seq"], "decision": "upheld",
                                        "unanimous": True, "correction": corrected["seq"]})
            assert upheld["payload"]["outcome"] == "changed"
            standings = {row["player"]: row for row in (await server.state())["standings"]}
            assert (standings["p3"]["points"], standings["p1"]["points"]) == (4.3, 0.8)
            # the decision is final, and the correction it links stays until the decision is undone
            await server.refused({"type": "decide_appeal", "appeal": first["seq"], "decision": "rejected",
                                   "unanimous": True}, 409, "appeal")
            await server.refused({"type": "undo", "seq": corrected["seq"]}, 409, "seq")
            await server.acked_event({"type": "undo", "seq": upheld["seq"]})
            await server.acked_event({"type": "undo", "seq": corrected["seq"]})
            standings = {row["player"]: row for row in (await server.state())["standings"]}
            assert (standings["p3"]["points"], standings["p1"]["points"]) == (0.8, 4.3)
        finally:
            await vesna.close()
            await anyone.close()

    await asyncio.wait_for(scenario(), SCENARIO_TIMEOUT)


async def test_the_scoring_desk_lists_who_brings_the_slip_and_who_pays(server: Server) -> None:
    async def scenario() -> None:
        await running_round(server)
        await server.acked_event({"type": "record_result", "item": "r1", "table": 1,
                           "results": {"p1": 37, "p2": -12, "p3": -25}})
        async with httpx.AsyncClient(timeout=10) as http:
            url = f"{server.url}/api/desk/slips"
            answer = await http.get(url, params={"item": "r1"}, headers=REFEREE)
            assert answer.status_code == 200, answer.text
            listed = answer.json()
            assert listed["tables"] == [{"table": 1, "walkover": False,
                                         "brings": [{"player": "p1", "name": "Ana Petrović"}],
                                         "pays": [{"player": "p3", "name": "Vesna Jovanović", "amount": 200}]}]
            assert (listed["missing"], listed["complete"], listed["fee"]) == ([2], False, 200)
            everything = (await http.get(url, headers=REFEREE)).json()
            assert [r["item"] for r in everything["rounds"]] == ["r1"] and everything["fee"] == 200
            assert (await server.referee_state())["slips"]["r1"] == listed

            assert (await http.get(url, params={"item": "r1"})).status_code == 401  # the referees' only
            bad = await http.get(url, params={"item": "r9"}, headers=REFEREE)
            assert bad.status_code == 422 and bad.json()["detail"]["field"] == "item", bad.text
            assert bad.json()["detail"]["known"] == ["r1", "r2"]
            early = await http.get(url, params={"item": "r2"}, headers=REFEREE)
            assert early.status_code == 409 and early.json()["detail"]["field"] == "item", early.text
        assert "slips" not in await server.state()

    await asyncio.wait_for(scenario(), SCENARIO_TIMEOUT)
