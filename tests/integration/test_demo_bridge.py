"""`live demo --tournament novi-sad|slovak` (live/edges/demo_bridge.py) with the real server: the stand-in
organizer enters the team sheets before each match and at its break, the IMPs as matches end, the entry
and match fees at the desk, a referee's substitute (Novi Sad) or a team appeal (Slovak) — and the rules
refuse none of it (the organizer logs a refusal as a warning).

The demo runs 900× faster than real time, its first match 3 seconds after the start (`--start-in`), for as
long as the checks need (a Novi Sad match lasts 6 seconds, a Slovak one 13). Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server import HOST, REFEREE_TOKEN, REPO, Server, free_port

SCENARIO_TIMEOUT = 90.0
REFEREE = {"Authorization": f"Bearer {REFEREE_TOKEN}"}

Events = list[dict[str, Any]]


def start_demo(tournament: str, db: Path) -> Server:
    port = free_port()
    fd, log_name = tempfile.mkstemp(prefix=f"live-demo-{port}-", suffix=".log", dir=db.parent)
    os.close(fd)
    env = {**os.environ, "LIVE_REFEREE_TOKEN": REFEREE_TOKEN, "PYTHONUNBUFFERED": "1"}
    args = [sys.executable, "-m", "live", "demo", "--tournament", tournament, "--speed", "900", "--start-in", "3",
            "--host", HOST, "--port", str(port), "--db", str(db)]
    with open(log_name, "wb") as out:
        proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=REPO,
                                env=env)
    server = Server(proc, host=HOST, port=port, file=REPO / "examples", db=db, token=REFEREE_TOKEN,
                    log_path=Path(log_name))
    server.wait_healthy()
    return server


@pytest.fixture
def novi_sad(tmp_path: Path) -> Iterator[Server]:
    with start_demo("novi-sad", tmp_path / "demo.db") as running:
        yield running


@pytest.fixture
def slovak(tmp_path: Path) -> Iterator[Server]:
    with start_demo("slovak", tmp_path / "demo.db") as running:
        yield running


async def log_until(server: Server, done: Callable[[Events], bool]) -> Events:
    """The log as the referees read it, polled until `done` says it has what the test waits for."""
    async with httpx.AsyncClient(timeout=5.0, headers=REFEREE) as http:
        while True:
            assert server.running, f"the demo exited:\n{server.output()}"
            response = await http.get(f"{server.url}/api/events?since=0")
            assert response.status_code == 200, response.text
            events: Events = response.json()["events"]
            if done(events):
                return events
            await asyncio.sleep(0.3)


def of(events: Events, kind: str, **match: Any) -> Events:
    return [e for e in events if e["type"] == kind and all(e["payload"].get(k) == v for k, v in match.items())]


def no_refusal(server: Server) -> None:
    refused = [line for line in server.output().splitlines() if "refused" in line or "WARNING live.edges.demo" in line]
    assert not refused, "\n".join(refused)


async def test_the_novi_sad_demo_enters_sheets_results_and_fees(novi_sad: Server) -> None:
    def done(events: Events) -> bool:  # round 2's results are in, after its break's referee's substitute
        return len(of(events, "result_recorded", item="m2")) == 2 and any(
            e["payload"]["substitutions"] for e in of(events, "lineup_entered", item="m2"))

    events = await asyncio.wait_for(log_until(novi_sad, done), SCENARIO_TIMEOUT)
    no_refusal(novi_sad)
    seq = {e["type"]: e["seq"] for e in reversed(events)}  # the first of each kind
    started = of(events, "round_started", item="m1")[0]["seq"]
    sheets = of(events, "lineup_entered", item="m1")
    assert {e["payload"]["team"] for e in sheets if e["seq"] < started} == {"t2", "t3", "t4", "t5"}  # t1: the bye
    assert all(len(e["payload"]["parts"]) == 2 for e in sheets if e["seq"] > started)  # typed in at the break
    assert seq["seating_published"] < started
    (substitution,) = [x for e in of(events, "lineup_entered", item="m2") for x in e["payload"]["substitutions"]]
    assert substitution["part"] == 1 and 1 <= substitution["boards"] <= 3 and "substitute" in substitution
    assert {(e["payload"]["home"], e["payload"]["away"]) for e in of(events, "result_recorded", item="m1")} == {
        ("t2", "t5"), ("t3", "t4")}
    paid = of(events, "payment_recorded")
    assert {e["payload"]["what"] for e in paid} == {"entry", "match_fee"}
    assert all(e["payload"]["amount"] == 1500 for e in paid if e["payload"]["what"] == "entry")
    assert len({e["payload"]["player"] for e in paid if e["payload"]["what"] == "match_fee"}) >= 12


async def test_the_slovak_demo_has_a_team_appeal_within_the_rules(slovak: Server) -> None:
    def done(events: Events) -> bool:
        return bool(of(events, "appeal_lodged")) and bool(of(events, "break_announced", item="m2"))

    events = await asyncio.wait_for(log_until(slovak, done), SCENARIO_TIMEOUT)
    no_refusal(slovak)
    (appeal,) = of(events, "appeal_lodged")
    assert appeal["payload"]["item"] == "m1" and len(appeal["payload"]["signed_by"]) * 2 >= appeal["payload"]["line_up"]
    assert len(of(events, "result_recorded", item="m1")) == 3  # six teams, three matches
    assert len(of(events, "lineup_entered", item="m1")) >= 6
    assert not of(events, "payment_recorded")  # the league's rules keep no desk
