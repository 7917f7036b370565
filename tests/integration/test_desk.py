"""The registration desk with the real server (docs/rules/desk.md): payments over HTTP, the prize
fund they make and `GET /api/prizes` without `fund`, the list of who has not paid, the undo of a payment,
and every bad input a 4xx naming the field with nothing written.

A `live serve` subprocess; round 1 is an hour away and the referee starts it. The seed 654 seats p1 p2 p3
at table 1 and p4 p5 p6 at table 2. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server import REFEREE_TOKEN, Server, is_event, is_type, round_entry, run_cli, start_server, write_tournament

PLAYERS = ({"id": "p1", "name": "Ana Petrović", "lady": True}, {"id": "p2", "name": "Bojan Ilić"},
           {"id": "p3", "name": "Vesna Jovanović", "lady": True}, {"id": "p4", "name": "Dragan Marković"},
           {"id": "p5", "name": "Jelena Šarić", "lady": True}, {"id": "p6", "name": "Milan Đorđević"})
IN_ORDER = 654
SCENARIO_TIMEOUT = 60.0
REFEREE = {"Authorization": f"Bearer {REFEREE_TOKEN}"}
SHARE = 80  # the organizer's share of the entry fees for the prize fund (at least 70)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    file = write_tournament(tmp_path / "t.toml", players=PLAYERS, rules={"prize_fund_share": SHARE}, timetable=[
        round_entry("r1", 1, start_in=3600, minutes=60), round_entry("r2", 2, start_in=7200, minutes=60)])
    with start_server(file, tmp_path / "t.db") as running:
        yield running


async def ack(server: Server, command: dict[str, Any]) -> dict[str, Any]:
    """The command's first event (the command must be taken)."""
    return dict((await server.acked(command))["events"][0])


async def refused(server: Server, command: dict[str, Any], status: int, field: str) -> dict[str, Any]:
    """The command is refused with `status`, naming `field`, and the log is as it was."""
    before = (await server.get_json("/api/events"))["seq"]
    books = await desk(server)
    answer = await server.command(command)
    assert answer.status_code == status, f"{command}: {answer.status_code} {answer.text}"
    assert answer.json()["detail"]["field"] == field, answer.text
    assert (await server.get_json("/api/events"))["seq"] == before, "a refused command writes nothing"
    assert await desk(server) == books
    return dict(answer.json())


async def desk(server: Server) -> dict[str, Any]:
    async with httpx.AsyncClient(timeout=10) as http:
        answer = await http.get(f"{server.url}/api/desk/payments", headers=REFEREE)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


async def prizes(server: Server, **params: str) -> dict[str, Any]:
    async with httpx.AsyncClient(timeout=10) as http:
        answer = await http.get(f"{server.url}/api/prizes", params=params)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def pay(player: str, what: str, amount: Any, **more: Any) -> dict[str, Any]:
    return {"type": "record_payment", "player": player, "what": what, "amount": amount, **more}


async def scored_round(server: Server) -> None:
    """r1 played: p1 p4 first at their tables, p2 p5 second, p3 p6 last (ranks 1–6 by points and bule)."""
    await ack(server, {"type": "publish_seating", "item": "r1", "seed": IN_ORDER})
    await ack(server, {"type": "start_round", "item": "r1"})
    await ack(server, {"type": "record_result", "item": "r1", "table": 1, "results": {"p1": 50, "p2": 10, "p3": -60}})
    await ack(server, {"type": "record_result", "item": "r1", "table": 2, "results": {"p4": 37, "p5": -12, "p6": -25}})


async def test_payments_make_the_prize_fund_that_the_prizes_split_and_an_undo_takes_one_back(server: Server) -> None:
    async def scenario() -> None:
        await scored_round(server)
        referee = await server.client("referee")
        try:
            await referee.wait_for(is_type("snapshot"))
            books = await desk(server)
            proposed = {x["id"]: x["next"] for x in books["accounts"]}
            assert proposed["p1"] == {"what": "entry", "amount": 2000}  # a lady
            assert proposed["p2"] == {"what": "entry", "amount": 4000}
            assert (books["fund"]["share"], books["fund"]["amount"], books["owed"]) == (SHARE, 0, 18000)

            # the desk takes what the console proposes; one pays by transfer, one in part
            for player in ("p1", "p2", "p3", "p4"):
                await ack(server, pay(player, **proposed[player]))
            transfer = await ack(server, pay("p5", "entry", 2000, method="account", note="transfer of 3 March"))
            part = await ack(server, pay("p6", "entry", 1000))
            pushed = await referee.wait_for(is_event(part["seq"]), timeout=10)
            assert pushed["changes"]["desk"]["unpaid"] == [
                {"kind": "player", "id": "p6", "name": "Milan Đorđević", "withdrawn": False, "owed": 3000,
                 "by_what": {"entry": 3000}}]
            books = await desk(server)
            collected = 2000 + 4000 + 2000 + 4000 + 2000 + 1000
            assert books["fund"]["amount"] == collected * SHARE / 100 == 12000
            assert books["payments"][-2]["method"] == "account" and books["payments"][-2]["seq"] == transfer["seq"]

            # GET /api/prizes without a fund: the desk's, split 50 / 25 / 15 / 10 by the standings
            answer = await prizes(server)
            assert answer["fund"] == 12000
            assert answer["fund_source"] == {"from": "payments", "share": SHARE, "counted": ["entry"],
                                             "collected": collected, "payments": 6}
            assert [(p["id"], p["amount"]) for p in answer["prizes"]] == [
                ("p1", 6000), ("p4", 3000), ("p2", 1800), ("p5", 1200)]
            # fund=N still overrides
            given = await prizes(server, fund="10000")
            assert (given["fund"], given["fund_source"]) == (10000, {"from": "query"})
            assert [p["amount"] for p in given["prizes"]] == [5000, 2500, 1500, 1000]

            # the undo of the part payment: p6 owes all of it again, and the fund falls
            undo = await ack(server, {"type": "undo"})
            assert undo["payload"] == {"target": part["seq"], "undid": "payment_recorded"}
            pushed = await referee.wait_for(is_event(undo["seq"]), timeout=10)
            assert pushed["changes"]["desk"]["fund"]["amount"] == 11200
            assert (await prizes(server))["fund"] == 11200
            assert [(x["id"], x["owed"]) for x in (await desk(server))["unpaid"]] == [("p6", 4000)]
        finally:
            await referee.close()

        # who paid what is the desk's: the hall sees that something happened, not what
        public = await server.events()
        assert next(e for e in public if e["seq"] == transfer["seq"])["payload"] == {"private": True}
        assert all(c["type"] != "payment_recorded" for c in (await server.state())["audit"])
        assert "desk" not in await server.state()
        async with httpx.AsyncClient(timeout=10) as http:
            assert (await http.get(f"{server.url}/api/desk/payments")).status_code == 401

    await asyncio.wait_for(scenario(), SCENARIO_TIMEOUT)


async def test_a_removed_player_gets_no_refund_naming_the_rule(server: Server) -> None:
    async def scenario() -> None:
        await ack(server, pay("p2", "entry", 4000))
        await ack(server, {"type": "withdraw_player", "player": "p2", "reason": "removed by the referee"})
        answer = await refused(server, pay("p2", "entry", -4000, note="he asks for it back"), 409, "amount")
        assert answer["detail"]["rule"] == "withdrawn_no_refund" and "no refund" in answer["error"]

    await asyncio.wait_for(scenario(), SCENARIO_TIMEOUT)


@pytest.mark.parametrize(("command", "status", "field"), [
    (pay("p2", "entry", 4500), 409, "amount"),
    (pay("p1", "entry", 4000), 409, "amount"),  # a lady's entry is 2000
    (pay("p2", "entry", 0), 422, "amount"),
    (pay("p2", "entry", "4000"), 422, "amount"),
    (pay("p2", "entry", 4000.001), 422, "amount"),
    (pay("p2", "entry", -10, note="a mistake"), 409, "amount"),  # nothing paid to give back
    (pay("p2", "entry", -10), 422, "note"),
    (pay("p2", "other", 200), 422, "note"),
    (pay("p2", "match_fee", 50), 422, "what"),
    (pay("p2", "dinner", 500), 422, "what"),
    (pay("p2", "entry", 4000, method="card"), 422, "method"),
    (pay("p9", "entry", 4000), 422, "player"),
    ({"type": "record_payment", "team": "t1", "what": "entry", "amount": 1500}, 422, "team"),
    ({"type": "record_payment", "what": "entry", "amount": 4000}, 422, "player"),
    ({"type": "record_payment", "player": "p2", "amount": 4000}, 422, "what"),
    ({"type": "record_payment", "player": "p2", "what": "entry"}, 422, "amount"),
    ({"type": "change_rules", "rules": {"prize_fund_share": 65}}, 422, "rules.prize_fund_share"),
])
async def test_a_bad_payment_is_a_4xx_naming_the_field_and_nothing_is_written(
        server: Server, command: dict[str, Any], status: int, field: str) -> None:
    async def scenario() -> None:
        await refused(server, command, status, field)

    await asyncio.wait_for(scenario(), SCENARIO_TIMEOUT)


def test_a_share_below_70_in_the_file_is_refused_by_live_check(tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "t.toml", players=PLAYERS, rules={"prize_fund_share": 60},
                            timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    checked = run_cli("check", str(file))
    said = checked.stderr + checked.stdout
    assert checked.returncode != 0 and "rules.prize_fund_share" in said and "at least 70" in said, said


async def test_novi_sad_all_the_fees_go_to_the_fund_and_a_junior_plays_free(tmp_path: Path) -> None:
    teams = "".join(f'\n[[teams]]\nid = "t{k}"\nname = "Tim {k}"\n' for k in range(1, 5))
    members = tuple({"id": f"a{k}", "name": f"Igrač {k}", "team": "t1", **({"junior": True} if k == 4 else {})}
                    for k in range(1, 5))
    file = write_tournament(tmp_path / "t.toml", preset="novi-sad-teams", players=members, timetable=[
        round_entry("m1", 1, start_in=1800, minutes=90, kind="match", boards=12),
        round_entry("m2", 2, start_in=9000, minutes=90, kind="match", boards=12)])
    file.write_text(file.read_text(encoding="utf-8") + teams, encoding="utf-8")

    async def scenario(running: Server) -> None:
        await ack(running, {"type": "publish_seating", "item": "m1"})
        for k in range(1, 5):
            await ack(running, {"type": "check_in", "item": "m1", "player": f"a{k}"})
        await ack(running, {"type": "start_round", "item": "m1"})
        for team in ("t1", "t2", "t3", "t4"):
            await ack(running, {"type": "record_payment", "team": team, "what": "entry", "amount": 1500})
        for k in (1, 2, 3):
            await ack(running, pay(f"a{k}", "match_fee", 50))
        answer = await refused(running, pay("a4", "match_fee", 50), 409, "what")
        assert answer["detail"]["rule"] == "match_fee_junior"
        books = await desk(running)
        assert books["unpaid"] == [] and books["fund"]["amount"] == 4 * 1500 + 3 * 50
        answer = await prizes(running)
        assert answer["fund"] == 6150 and answer["fund_source"]["counted"] == ["entry", "match_fee"]

    with start_server(file, tmp_path / "t.db") as running:
        await asyncio.wait_for(scenario(running), SCENARIO_TIMEOUT)
