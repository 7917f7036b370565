"""Captains' reports through the real server (live/edges/web/captains_api.py): the coordinator lists the captains'
codes; two captains sign in from their phones with them, one reports a match's result, the other confirms it and
the standings change; in the other match a dispute goes to the coordinator's list, who settles it with the
referee's `record_result`. A wrong code, another team's command and a captain confirming their own report are
refused with a clear error and write nothing. A match played ten days ago (a log written beforehand by the commands
themselves, at those instants) has its record late by the server's own clock: the coordinator records the team's
§12.4 fine (`sanction_late`) and sees it on the list, which no longer proposes it.

A `live serve` subprocess of four teams (a Slovak league, no automatic start), httpx clients keeping each
captain's session cookie as a phone would. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import httpx
from server import REFEREE_TOKEN, Server, round_entry, start_server, tournament_toml

from live.commands.decide import decide
from live.core import events as E
from live.core import payloads as P
from live.core.events import Event, NewEvent
from live.core.payloads import new_event
from live.core.plan import to_json as plan_json
from live.core.state import fold
from live.core.tournament import load
from live.edges.log.sqlite import SQLiteLog

SCENARIO_TIMEOUT = 90.0
REFEREE = {"Authorization": f"Bearer {REFEREE_TOKEN}"}
TEAMS = ("t1", "t2", "t3", "t4")


def write(path: Path, first_in: float = 3600) -> Path:
    """Three rounds of four teams, 5 hours apart; the first `first_in` seconds from now (negative: in the past)."""
    roster = [{"id": f"{team}p{k}", "name": f"Hráč {team}p{k}", "team": team} for team in TEAMS for k in range(1, 5)]
    timetable = [round_entry("m1", 1, start_in=first_in, minutes=240, kind="match", boards=24),
                 *(round_entry(f"m{k}", k, start_in=3600 + (k - 1) * 5 * 3600, minutes=240, kind="match", boards=24)
                   for k in range(2, 4))]
    text = tournament_toml(preset="slovak-league", timetable=timetable, players=roster,
                           rules={"auto_start": False, "auto_end": False})
    text += "".join(f'\n[[teams]]\nid = "{team}"\nname = "Tím {team}"\n' for team in TEAMS)
    path.write_text(text, encoding="utf-8")
    return path


async def seq(server: Server) -> int:
    return int((await server.referee_state())["seq"])


async def vp(server: Server) -> dict[str, Any]:
    return {row["team"]: row["vp"] for row in (await server.referee_state())["standings"]}


async def coordinator(server: Server, http: httpx.AsyncClient, item: str, home: str) -> dict[str, Any]:
    answer = await http.get(f"{server.url}/api/captains", headers=REFEREE)
    assert answer.status_code == 200, answer.text
    return dict(next(x for x in answer.json()["matches"] if x["item"] == item and x["home"] == home))


async def refused(server: Server, phone: httpx.AsyncClient, body: dict[str, Any], status: int, code: str) -> None:
    """A captain's command refused with `status` and `code`, and the log as it was."""
    before = await seq(server)
    answer = await phone.post(f"{server.url}/api/captain-commands", json=body)
    assert answer.status_code == status, answer.text
    refusal = answer.json()
    assert refusal["detail"]["code"] == code and refusal["error"], answer.text
    assert await seq(server) == before, "a refused command writes nothing"


async def test_captains_report_confirm_and_dispute_from_their_phones(tmp_path: Path) -> None:
    async def scenario(server: Server) -> None:
        async with httpx.AsyncClient(timeout=10) as desk:
            assert (await desk.get(f"{server.url}/api/captain-codes")).status_code == 401  # the referees' only
            answer = await desk.get(f"{server.url}/api/captain-codes", headers=REFEREE)
            assert answer.status_code == 200, answer.text
            codes = {x["team"]: x["code"] for x in answer.json()["captains"]}
            assert sorted(codes) == list(TEAMS) and all(len(c) == 9 for c in codes.values())  # ABCD-EFGH

            before = await seq(server)
            wrong = await desk.post(f"{server.url}/api/captain-session", json={"code": "AAAA-AAAA"})
            assert wrong.status_code == 403 and wrong.json()["detail"]["code"] == "code.wrong"
            assert await seq(server) == before
            nobody = await desk.post(f"{server.url}/api/captain-commands", json={"type": "confirm_result",
                                                                                 "item": "m1"})
            assert nobody.status_code == 401 and nobody.json()["detail"]["code"] == "captain.no_session"

            seating = await server.acked_event({"type": "publish_seating", "item": "m1"})
            (first, second) = [(m["home"], m["away"]) for m in seating["payload"]["matches"]]
            await server.acked_event({"type": "start_round", "item": "m1"})
            phones = {team: httpx.AsyncClient(timeout=10) for team in TEAMS}
            try:
                for team, phone in phones.items():
                    signed = await phone.post(f"{server.url}/api/captain-session",
                                              json={"code": codes[team].lower().replace("-", " ")})
                    assert signed.status_code == 200, signed.text
                    assert signed.json()["team"] == team and signed.json()["name"] == f"Tím {team}"
                    assert "live_captain" in signed.cookies
                home, away = first
                standings = await vp(server)
                report = await phones[home].post(f"{server.url}/api/captain-commands", json={
                    "type": "report_result", "item": "m1", "imps_home": 45, "imps_away": 12})
                assert report.status_code == 200, report.text
                reported = report.json()["events"][0]
                assert reported["type"] == "result_reported" and reported["actor"] == f"captain:{home}"
                assert await vp(server) == standings  # a report alone counts for nothing
                await refused(server, phones[home], {"type": "confirm_result", "item": "m1"}, 409,
                              "captain.own_report")
                await refused(server, phones[home], {"type": "confirm_result", "item": "m1", "team": away}, 403,
                              "captain.not_your_team")
                mine = await phones[away].get(f"{server.url}/api/captain-session")
                (line,) = mine.json()["matches"][:1]
                assert line["state"] == "reported" and line["report"]["seq"] == reported["seq"]
                confirm = await phones[away].post(f"{server.url}/api/captain-commands", json={
                    "type": "confirm_result", "item": "m1", "report": reported["seq"]})
                assert confirm.status_code == 200, confirm.text
                assert confirm.json()["events"][0]["type"] == "result_recorded"
                after = await vp(server)
                assert after[home] > after[away] and after != standings
                assert (await coordinator(server, desk, "m1", home))["state"] == "confirmed"
                await refused(server, phones[away], {"type": "report_result", "item": "m1", "imps_home": 1,
                                                     "imps_away": 0}, 409, "captain.result_counted")

                home2, away2 = second
                report2 = await phones[away2].post(f"{server.url}/api/captain-commands", json={
                    "type": "report_result", "item": "m1", "imps_home": 30, "imps_away": 31})
                assert report2.status_code == 200, report2.text
                dispute = await phones[home2].post(f"{server.url}/api/captain-commands", json={
                    "type": "dispute_result", "item": "m1", "reason": "board 9 was 420, not 450"})
                assert dispute.status_code == 200, dispute.text
                line2 = await coordinator(server, desk, "m1", home2)
                assert line2["state"] == "disputed" and line2["dispute"]["reason"] == "board 9 was 420, not 450"
                assert (await vp(server)) == after  # a disputed report does not count
                await server.acked_event({"type": "record_result", "item": "m1", "home": home2, "away": away2,
                                          "imps_home": 40, "imps_away": 31})
                assert (await coordinator(server, desk, "m1", home2))["state"] == "settled"
                settled = await vp(server)
                assert settled[home2] > settled[away2]
                steps = [("result_reported", f"captain:{home}"), ("result_recorded", f"captain:{away}"),
                         ("result_reported", f"captain:{away2}"), ("result_disputed", f"captain:{home2}")]
                events = await server.events()
                assert [(e["type"], e["actor"]) for e in events if e["actor"].startswith("captain:")] == steps
                audit = (await server.referee_state())["audit"]  # the console's audit shows who did each step
                assert [(x["type"], x["by"]) for x in audit if x["by"].startswith("captain:")] == steps
            finally:
                for phone in phones.values():
                    await phone.aclose()

    with start_server(write(tmp_path / "t.toml"), tmp_path / "t.db") as server:
        await asyncio.wait_for(scenario(server), SCENARIO_TIMEOUT)


TEN_DAYS = 10 * 24 * 3600


async def played_long_ago(file: Path, db: Path) -> None:
    """The log of a hall that published m1's seating, started it at its time ten days ago and ended it four hours
    later, then stopped: each command decided by the server's own code at that instant, stored with it."""
    t = load(file)
    start = t.items[0].start_ms
    log = SQLiteLog(db, t.id, legacy_owner=t.name)  # (the schema, and the log's owner as `live serve` opens it)
    await log.open()
    await log.close()
    events: list[Event] = []

    def store(new: NewEvent, ts: int) -> None:
        events.append(Event(len(events) + 1, ts, new.type, new.actor, dict(new.payload), new.signal))

    store(new_event(P.PlanRecorded(plan=plan_json(t), file=E.file_name(t.source)), "organizer", signal="plan"),
          start - 2 * 3_600_000)
    for command, ts in (({"type": "publish_seating", "item": "m1"}, start - 3_600_000),
                        ({"type": "start_round", "item": "m1"}, start), ({"type": "end_round", "item": "m1"},
                                                                         start + 4 * 3_600_000)):
        (new,) = decide(t, fold(t, events), command, ts)
        store(new, ts)
    with sqlite3.connect(db) as rows:
        rows.executemany("INSERT INTO events(seq, ts, type, actor, payload, signal) VALUES (?, ?, ?, ?, ?, ?)",
                         [(e.seq, e.ts, e.type, e.actor, json.dumps(e.payload, ensure_ascii=False), e.signal)
                          for e in events])
    rows.close()


async def test_the_coordinator_records_a_fine_for_a_late_record_and_sees_it_on_the_list(tmp_path: Path) -> None:
    async def scenario(server: Server) -> None:
        async with httpx.AsyncClient(timeout=10) as desk:
            answer = await desk.get(f"{server.url}/api/captains", headers=REFEREE)
            assert answer.status_code == 200, answer.text
            (line, _) = [x for x in answer.json()["matches"] if x["item"] == "m1"]
            home = line["home"]
            assert line["record_late"] and line["record_sent"] is None and line["sanctions"] == []
            (proposal,) = [p for p in line["proposed"] if p["duty"] == "record"]
            assert (proposal["team"], proposal["kinds"], proposal["fine_min"], proposal["fine_max"],
                    proposal["currency"]) == (home, ["fine"], 200, 500, "Sk")

            fine = {"type": "sanction_late", "team": home, "item": "m1", "duty": "record", "measure": "fine"}
            refused = await server.refused({**fine, "measure": "warning"}, 409, "measure", code="late.measure")
            assert refused["detail"]["cite"] == {"doc": "slovak-league", "section": "§12.4"}
            await server.refused({**fine, "amount": 600}, 422, "amount", code="late.fine_range")
            event = await server.acked_event({**fine, "amount": 300, "reason": "the presidium's decision"})
            assert event["type"] == "late_duty_sanctioned" and event["payload"] == {
                "item": "m1", "home": home, "away": line["away"], "team": home, "duty": "record", "measure": "fine",
                "rule": "§12.4", "amount": 300, "currency": "Sk", "reason": "the presidium's decision"}

            after = await coordinator(server, desk, "m1", home)
            assert after["sanctions"] == [{"duty": "record", "team": home, "measure": "fine", "amount": 300,
                                           "currency": "Sk", "seq": event["seq"], "by": event["actor"],
                                           "ts": event["ts"]}]
            assert [p for p in after["proposed"] if p["duty"] == "record"] == []
            assert after["record_late"]  # late it was: the fine is for that
            await server.refused({**fine, "amount": 400}, 409, "duty", code="late.already")
            audit = (await server.referee_state())["audit"]
            assert any(x["seq"] == event["seq"] and x["type"] == "late_duty_sanctioned" for x in audit)

    file = write(tmp_path / "t.toml", first_in=-TEN_DAYS)
    db = tmp_path / "t.db"
    await played_long_ago(file, db)
    with start_server(file, db) as server:
        await asyncio.wait_for(scenario(server), SCENARIO_TIMEOUT)
