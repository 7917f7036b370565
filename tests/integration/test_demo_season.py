"""`live demo --tournament season` (live/edges/demo_captains.py) with the real server: the Slovak season on one
season server, the first league run by the referee's stand-in, the second league's two conferences by their captains.

Through the season server's HTTP API: in each conference the home captains report, the away captains confirm (the
events are by `captain:<team>`), one match is disputed and the coordinator (the referee) settles it, one report
comes late — the match is overdue in the competition's `/<id>/api/captains` and in the root's `/api/coordinator`
(the season organizer's token), with the §12.3 proposal — and one record comes after its term (§12.4); the
standings of each conference count every confirmed and settled result. The stand-ins are refused nothing.

The demo runs 900× faster than real time, its first match 3 seconds after the start; a second-league match lasts
17 seconds, a demo's day of the captains' terms one (live/rules/deadlines.py `squeezed`). Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server import HOST, REFEREE_TOKEN, REPO, Server, free_port

SCENARIO_TIMEOUT = 120.0
ORGANIZER_TOKEN = "organizer-of-the-demo-season"
REFEREE = {"Authorization": f"Bearer {REFEREE_TOKEN}"}
ORGANIZER = {"Authorization": f"Bearer {ORGANIZER_TOKEN}"}
CONFERENCES = ("2-liga-vychod-2027", "2-liga-zapad-2027")
FIRST_LEAGUE = "slovak-league-2027"

Events = list[dict[str, Any]]


@pytest.fixture
def season(tmp_path: Path) -> Iterator[Server]:
    port = free_port()
    fd, log_name = tempfile.mkstemp(prefix=f"live-demo-season-{port}-", suffix=".log", dir=tmp_path)
    os.close(fd)
    env = {**os.environ, "LIVE_REFEREE_TOKEN": REFEREE_TOKEN, "LIVE_ORGANIZER_TOKEN": ORGANIZER_TOKEN,
           "PYTHONUNBUFFERED": "1"}
    args = [sys.executable, "-m", "live", "demo", "--tournament", "season", "--speed", "900", "--start-in", "3",
            "--host", HOST, "--port", str(port), "--db", str(tmp_path / "logs")]
    with open(log_name, "wb") as out:
        proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=REPO,
                                env=env)
    server = Server(proc, host=HOST, port=port, file=REPO / "examples", db=tmp_path / "logs", token=REFEREE_TOKEN,
                    log_path=Path(log_name))
    with server as running:
        running.wait_healthy()
        yield running


def of(events: Events, kind: str, **match: Any) -> Events:
    return [e for e in events if e["type"] == kind and all(e["payload"].get(k) == v for k, v in match.items())]


def no_refusal(server: Server) -> None:
    refused = [line for line in server.output().splitlines() if "refused" in line or "WARNING live.edges.demo" in line]
    assert not refused, "\n".join(refused)


async def lines(http: httpx.AsyncClient, server: Server, competition: str) -> list[dict[str, Any]]:
    answer = await http.get(f"{server.url}/{competition}/api/captains", headers=REFEREE)
    assert answer.status_code == 200, answer.text
    return list(answer.json()["matches"])


def line(matches: list[dict[str, Any]], item: str, n: int) -> dict[str, Any]:
    """The n-th match (from 0) of a round, as the round lists them."""
    return [x for x in matches if x["item"] == item][n]


async def watch(server: Server) -> dict[str, dict[str, Any]]:
    """Each conference's coordinator list polled until round 2's late record is in; with the overdue line of
    round 1 as it was seen (before its late report came), and the root's list at that moment."""
    seen: dict[str, dict[str, Any]] = {}
    async with httpx.AsyncClient(timeout=5.0) as http:
        while True:
            assert server.running, f"the demo exited:\n{server.output()}"
            done = True
            for competition in CONFERENCES:
                matches = await lines(http, server, competition)
                first = line(matches, "m1", 0)
                if first["state"] == "overdue" and competition not in seen:
                    root = await http.get(f"{server.url}/api/coordinator", headers=ORGANIZER)
                    assert root.status_code == 200, root.text
                    seen[competition] = {"line": first, "root": root.json()}
                record = line(matches, "m2", 0)
                done = done and record["record_sent"] is not None and line(matches, "m1", 1)["result"] is not None
            if done and len(seen) == len(CONFERENCES):
                return seen
            await asyncio.sleep(0.2)


async def test_the_season_demo_has_captains_report_confirm_dispute_and_run_late(season: Server) -> None:
    seen = await asyncio.wait_for(watch(season), SCENARIO_TIMEOUT)
    no_refusal(season)
    async with httpx.AsyncClient(timeout=10.0) as http:
        listing = (await http.get(f"{season.url}/api/competitions")).json()["competitions"]
        assert sorted(x["id"] for x in listing) == sorted([FIRST_LEAGUE, *CONFERENCES])
        assert (await http.get(f"{season.url}/api/coordinator")).status_code == 401  # the organizer's only
        root = (await http.get(f"{season.url}/api/coordinator", headers=ORGANIZER)).json()
        assert {x["id"] for x in root["competitions"]} == {FIRST_LEAGUE, *CONFERENCES}
        for competition in CONFERENCES:
            await conference(http, season, competition, seen[competition], root)
        first = (await http.get(f"{season.url}/{FIRST_LEAGUE}/api/events?since=0", headers=REFEREE)).json()["events"]
        assert of(first, "result_recorded") and all(e["actor"] == "referee" for e in of(first, "result_recorded"))
        assert not of(first, "result_reported")  # the first league's referee is at its gatherings


async def conference(http: httpx.AsyncClient, server: Server, competition: str, seen: dict[str, Any],
                     root: dict[str, Any]) -> None:
    # Round 1's first match was overdue, in both lists, with the §12.3 proposal for both captains who had not reported.
    overdue = seen["line"]
    assert overdue["report"] is None and sorted(overdue["late"]) == sorted([overdue["home"], overdue["away"]])
    assert [p["rule"] for p in overdue["proposed"]] == ["§12.3", "§12.3"]
    then = next(x for x in seen["root"]["competitions"] if x["id"] == competition)
    assert then["counts"].get("overdue") == 1 and line(then["matches"], "m1", 0)["state"] == "overdue"

    state = (await http.get(f"{server.url}/{competition}/api/state", headers=REFEREE)).json()
    events = [e for e in (await http.get(f"{server.url}/{competition}/api/events?since=0",
                                         headers=REFEREE)).json()["events"] if e["seq"] <= state["seq"]]
    now = {x["item"] + x["home"]: x for x in next(c for c in root["competitions"] if c["id"] == competition)["matches"]}
    late = now["m1" + overdue["home"]]
    assert late["state"] == "confirmed" and late["report"]["ts"] > late["report_due"]  # reported, too late
    assert [p["rule"] for p in late["proposed"]] == ["§12.3", "§12.3"]

    # Every reported match: the home captain reported, the away captain confirmed (the result is theirs) …
    reported = of(events, "result_reported")
    assert reported and all(e["actor"] == f"captain:{e['payload']['home']}" for e in reported)
    results = of(events, "result_recorded")
    confirmed = [e for e in results if e["actor"].startswith("captain:")]
    assert len(confirmed) >= 3 and all(e["actor"] == f"captain:{e['payload']['away']}" for e in confirmed)
    # … but round 1's second match: the away captain disputed, the coordinator settled it later.
    (disputed,) = of(events, "result_disputed")
    (settled,) = [e for e in results if not e["actor"].startswith("captain:")]
    assert disputed["actor"] == f"captain:{disputed['payload']['away']}" and disputed["payload"]["item"] == "m1"
    assert settled["actor"] == "referee" and settled["seq"] > disputed["seq"]
    assert (settled["payload"]["home"], settled["payload"]["item"]) == (disputed["payload"]["home"], "m1")
    assert now["m1" + disputed["payload"]["home"]]["state"] == "settled"
    # The home captains send the records; round 2's first one after its term (§12.4).
    sent = of(events, "record_sent")
    assert sent and all(e["actor"] == f"captain:{e['payload']['home']}" for e in sent)
    record = next(x for x in now.values() if x["item"] == "m2" and x["record_late"])
    assert record["record_sent"] > record["record_due"] and [p["rule"] for p in record["proposed"]] == ["§12.4"]
    assert sum(x["record_late"] for x in now.values()) == 1

    # The standings count every result, the captains' and the coordinator's.
    played: dict[str, int] = {}
    diff: dict[str, int] = {}
    for e in results:
        p = e["payload"]
        sides = ((p["home"], p["imps_home"], p["imps_away"]), (p["away"], p["imps_away"], p["imps_home"]))
        for team, own, other in sides:
            played[team] = played.get(team, 0) + 1
            diff[team] = diff.get(team, 0) + own - other
    rows = {row["team"]: row for row in state["standings"]}
    assert {team: row["played"] for team, row in rows.items() if row["played"]} == played
    assert {team: rows[team]["imp_diff"] for team in played} == diff
    assert sum(row["vp"] for row in rows.values()) > 0
