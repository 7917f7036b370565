"""A pushed message stays within its budget (live/edges/budget.py): its event abridged, its longest sections
named in `fetch`; and a page fetches them (`GET /api/sections/<name>`) as of a seq at or after the event's."""

from __future__ import annotations

import asyncio
import gzip
import json
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import T0, rounds, tournament_toml
from page_reader import read_sections, served_by_seq
from starlette.testclient import TestClient
from support.hub import FakeSocket

from live.core.events import Event
from live.core.tournament import parse
from live.edges.budget import BUDGET, FIELD_BYTES, Served, abridged, fit
from live.edges.cli import main
from live.edges.hall import Hall
from live.edges.hub import Client
from live.edges.log.memory import MemoryLog
from live.edges.messages import EventMessage, Sections, encode
from live.edges.web import api
from live.edges.web.app import create_app
from live.projections.views import public_sections

TOKEN = "budget-token"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: 300 players: the check-in list (≈ 40 KB) and the seating are each far over a message's budget.
PLAYERS = [{"id": f"p{n:03}", "name": f"Player {n}"} for n in range(1, 301)]


def wire(text: str) -> int:
    return len(text.encode())


def event(seq: int = 7, **payload: Any) -> dict[str, Any]:
    return {"seq": seq, "ts": T0, "type": "seating_published", "actor": "referee", "payload": payload}


def test_a_message_within_the_budget_is_left_as_it_is() -> None:
    message = EventMessage(event(item="r1"), 7, {"now": {"current": "r1"}},
                           [{"op": "add", "path": "/audit/3", "value": 1}])
    assert fit(message).text == encode(message).text


def test_the_longest_sections_are_fetched_until_the_message_fits() -> None:
    long_list = [{"id": f"p{n}", "name": "x" * 40} for n in range(200)]
    patch = [{"op": "replace", "path": f"/standings/{n}/points", "value": n} for n in range(20)]
    message = EventMessage(event(item="r1"), 7, {"lateness": {"r1": long_list}, "now": {"current": "r1"},
                                                 "seating": {"r1": long_list[:60]}}, patch)
    out = fit(message)
    assert wire(out.text) <= BUDGET
    sent = json.loads(out.text)
    assert sent["fetch"] == ["lateness", "seating"], "the longest first, only as many as needed"
    assert sent["changes"] == {"now": {"current": "r1"}}
    assert sent["patch"] == patch, "the standings' patch fits beside the rest"


def test_an_events_long_payload_fields_are_left_out_and_named() -> None:
    tables = [{"table": n, "players": [f"p{3 * n}", f"p{3 * n + 1}", f"p{3 * n + 2}"]} for n in range(400)]
    message = EventMessage(event(item="r1", method="draw", tables=tables), 7, {"now": {"current": "r1"}})
    sent = json.loads(fit(message).text)
    assert sent["event"]["payload"] == {"item": "r1", "method": "draw"}
    assert sent["event"]["abridged"] == ["tables"]
    assert "fetch" not in sent, "abridging the event was enough"
    assert abridged(event(item="r1")) == event(item="r1"), "no field longer than FIELD_BYTES: as it is"
    assert len(json.dumps(tables)) > FIELD_BYTES


def test_a_players_own_section_is_never_fetched() -> None:
    me = {"id": "p1", "results": ["x" * 100] * 60}
    out = json.loads(fit(EventMessage(event(), 7, {"me": me})).text)
    assert out["changes"]["me"] == me and "fetch" not in out


def test_a_sections_message_for_a_slow_reader_keeps_the_budget_too() -> None:
    standings = [{"player": f"p{n}", "points": n} for n in range(400)]
    out = json.loads(fit(Sections(9, {"standings": standings, "now": 1})).text)
    assert out == {"type": "sections", "seq": 9, "resync": True, "changes": {"now": 1}, "fetch": ["standings"]}


def test_each_version_of_a_section_is_encoded_and_gzipped_once() -> None:
    served = Served()
    value = {"r1": [{"id": "p1"}]}
    raw, packed = served.body("public", "lateness", value)
    assert json.loads(raw) == value and gzip.decompress(packed) == raw
    assert served.body("public", "lateness", value)[0] is raw, "the same version: the bytes kept"
    assert served.body("referee", "lateness", value)[0] is not raw, "a view's own"
    assert json.loads(served.body("public", "lateness", {"r1": []})[0]) == {"r1": []}, "a new version: encoded again"


@pytest.fixture
def hall() -> Hall:
    t = parse(tournament_toml(rounds(2), players=PLAYERS), "budget.toml")
    return Hall(t, MemoryLog(), run_scheduler=False, clock=lambda: T0)


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def test_a_big_fields_seating_and_round_start_fit_and_the_page_ends_with_the_servers_sections(
        hall: Hall) -> None:
    await hall.start()
    served = served_by_seq(hall)
    socket = FakeSocket()
    hall.connect(Client("display", None, socket), None)
    try:
        for body in ({"type": "publish_seating", "item": "r1", "seed": 3},
                     {"type": "check_in", "item": "r1", "player": "p001"},
                     {"type": "start_round", "item": "r1"},
                     {"type": "check_in", "item": "r1", "player": "p002"}):
            await hall.command(body)
            await settle()
        messages = [json.loads(text) for text in socket.texts()]
        events = [m for m in messages if m["type"] == "event"]
        assert all(wire(json.dumps(m, ensure_ascii=False, separators=(",", ":"))) <= BUDGET for m in events)
        seating, _, start, _ = events
        assert set(seating["fetch"]) == {"seating", "lateness"} and seating["event"]["abridged"] == ["tables"]
        assert start["fetch"] == ["lateness"], "a round start changes every line of the check-in list"
        sections, _ = read_sections(messages, served("display"))
        assert sections == json.loads(json.dumps({k: v for k, v in public_sections(hall.state).items()
                                                  if v is not None}))
    finally:
        await hall.stop()


async def test_a_request_for_a_section_waits_for_the_instance_to_reach_its_event(hall: Hall) -> None:
    await hall.start()
    try:
        seq = hall.state.seq
        assert await hall.reached(seq, 0.01)
        assert not await hall.reached(seq + 1, 0.01), "not there yet"
        waiting = asyncio.ensure_future(hall.reached(seq + 1, 5))
        await asyncio.sleep(0)
        await hall.command({"type": "announce", "text": "tea"})
        assert await waiting
    finally:
        await hall.stop()


@pytest.fixture
def http(hall: Hall) -> Iterator[TestClient]:
    with TestClient(create_app(hall, TOKEN), raise_server_exceptions=False) as client:
        yield client


def test_a_section_is_served_with_the_seq_it_is_of_gzipped_when_asked(http: TestClient, hall: Hall) -> None:
    auth = {"Authorization": f"Bearer {TOKEN}"}
    answer = http.post("/api/commands", json={"type": "publish_seating", "item": "r1", "seed": 3}, headers=auth)
    seq = answer.json()["seq"]
    got = http.get(f"/api/sections/lateness?view=display&since={seq}")
    assert got.status_code == 200 and got.headers["content-encoding"] == "gzip"
    assert int(got.headers["x-live-seq"]) == seq
    assert got.json() == json.loads(json.dumps(public_sections(hall.state)["lateness"]))
    plain = http.get(f"/api/sections/seating?view=player&since={seq}", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.json()["r1"]["tables"]
    assert http.get("/api/sections/audit?view=referee", headers=auth).json()[-1]["type"] == "seating_published"


def test_a_section_request_that_cannot_be_answered_says_why(http: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(api, "SECTION_WAIT_S", 0.01)
    for path, status, words in (
            ("/api/sections/audit?view=referee", 401, "referee"),
            ("/api/sections/me?view=player", 404, "no section 'me'"),
            ("/api/sections/lateness?view=hall", 400, "view must be one of"),
            ("/api/sections/lateness?since=x", 400, "since must be a sequence number"),
            ("/api/sections/lateness?since=999", 409, "since 999 is past this server's last event")):
        answer = http.get(path)
        assert answer.status_code == status and words in answer.json()["error"], (path, answer.text)


class SharedMemoryLog(MemoryLog):
    """A MemoryLog whose store other halls append to: `tail` follows the store, as the Redis log follows Redis."""

    async def tail(self, since: int) -> AsyncIterator[Event]:
        while True:
            for event in await self.read(since):
                since = event.seq
                yield event
            await asyncio.sleep(0.01)


def test_a_section_of_an_event_a_shared_log_has_not_brought_yet_is_asked_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With several instances, another one may have written the event: this one waits for it, then says 503."""
    monkeypatch.setattr(api, "SECTION_WAIT_S", 0.01)
    t = parse(tournament_toml(rounds(2), players=PLAYERS), "budget.toml")
    hall = Hall(t, SharedMemoryLog(), run_scheduler=False, clock=lambda: T0)
    with TestClient(create_app(hall, TOKEN), raise_server_exceptions=False) as http:
        answer = http.get("/api/sections/lateness?since=999")
    assert answer.status_code == 503 and "has not reached event 999" in answer.json()["error"], answer.text


@pytest.mark.parametrize("budget", ["100", "99999999999"])
def test_a_message_budget_out_of_range_is_refused_before_anything_starts(
        budget: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["serve", str(EXAMPLES / "cacak-preferans-2027.toml"), "--db", str(tmp_path / "x.db"),
              "--message-budget", budget])
    assert stopped.value.code == 2
    assert f"--message-budget must be bytes from 1024 to {16 * 1024 * 1024}, not {budget}" in capsys.readouterr().err
    assert not (tmp_path / "x.db").exists(), "nothing written"
