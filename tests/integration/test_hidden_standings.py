"""Standings hidden for the last rounds, against a real `live serve` (docs/rules/prizes.md#hidden-standings): from the
start of
round N
(`[rules] standings_hidden_from_round = N`) no public way out tells the ranking — the WebSocket push and
snapshot of the display and the phones, `/api/state`, the CSV, the prize list — while the referee's
console keeps them; undoing round N's start shows them again."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server import Message, Server, WSClient, close_all, is_event, is_type, round_entry, start_server, write_tournament

HIDDEN = {"from_round": 2, "title": "Round 2"}
REFEREE_TIMEOUT = 10.0


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    rounds = [round_entry("r1", 1, start_in=3600, minutes=60), round_entry("r2", 2, start_in=7200, minutes=60)]
    file = write_tournament(tmp_path / "t.toml", timetable=rounds, rules={"standings_hidden_from_round": 2})
    with start_server(file, tmp_path / "t.db", seat="r1") as running:
        yield running


async def ok(server: Server, body: dict[str, Any]) -> dict[str, Any]:
    answer = await server.command(body)
    assert answer.status_code == 200, f"{body}: {answer.status_code} {answer.text}"
    return dict(answer.json())


def sections_after(client: WSClient, seq: int) -> dict[str, Any]:
    """The client's sections as a page has them after `seq`: the snapshot, then each event's changes."""
    sections: dict[str, Any] = {}
    for m in client.messages:
        if m.get("type") == "snapshot":
            sections = dict(m["sections"])
        elif m.get("type") == "event" and m["seq"] <= seq:
            sections.update(m.get("changes") or {})
    return sections


async def play_round_1(server: Server) -> None:
    await ok(server, {"type": "start_round", "item": "r1"})
    state = await server.state()
    (table,) = state["seating"]["r1"]["tables"]  # four players: one table of four
    a, b, c, d = table["players"]
    await ok(server, {"type": "record_result", "item": "r1", "table": 1, "results": {a: 50, b: 10, c: -20, d: -40}})
    await ok(server, {"type": "end_round", "item": "r1"})


async def test_from_round_n_only_the_referee_sees_the_standings(server: Server) -> None:
    await play_round_1(server)
    await ok(server, {"type": "publish_seating", "item": "r2"})
    before = await server.state()
    assert before["standings"] and "standings_hidden" not in before
    ranking = [row["player"] for row in before["standings"]]
    display, phone, referee = (await server.client("display"), await server.client("player", "p1"),
                               await server.client("referee"))
    clients = [display, phone, referee]
    try:
        await asyncio.gather(*(c.wait_for(is_type("snapshot"), timeout=REFEREE_TIMEOUT) for c in clients))
        started = (await ok(server, {"type": "start_round", "item": "r2"}))["seq"]
        pushed: list[Message] = list(await asyncio.gather(*(c.wait_for(is_event(started)) for c in clients)))
        for public in pushed[:2]:  # the display and the phone: no standings, and why
            assert public["changes"]["standings"] == []
            assert public["changes"]["standings_hidden"] == HIDDEN
        assert pushed[1]["changes"]["me"]["standing"] is None  # nor the player's own place
        assert pushed[2]["changes"]["standings_hidden"] == HIDDEN  # the referee: told, and keeps them
        assert [row["player"] for row in sections_after(referee, started)["standings"]] == ranking
        assert sections_after(display, started)["standings"] == []

        # A screen that connects now gets the same in its snapshot.
        late = await server.client("display")
        clients.append(late)
        snapshot = (await late.wait_for(is_type("snapshot")))["sections"]
        assert snapshot["standings"] == [] and snapshot["standings_hidden"] == HIDDEN

        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            referee_headers = {"Authorization": f"Bearer {server.token}"}
            public_state = (await http.get("/api/state")).json()
            assert public_state["standings"] == [] and public_state["standings_hidden"] == HIDDEN
            referee_state = (await http.get("/api/state", headers=referee_headers)).json()
            assert [row["player"] for row in referee_state["standings"]] == ranking
            for path in ("/api/standings.csv", "/api/prizes?fund=1000"):
                refused = await http.get(path)
                assert refused.status_code == 403, path
                assert refused.json()["detail"] == {"standings_hidden": HIDDEN, "code": "standings.hidden",
                                                    "title": HIDDEN["title"]}
                assert (await http.get(path, headers=referee_headers)).status_code == 200, path
            csv = (await http.get("/api/standings.csv", headers=referee_headers)).text
            assert all(name in csv for name in ("Ana Petrović", "Dragan Marković"))
            # The public log holds no ranking either: no event's payload carries standings.
            events = (await http.get("/api/events?since=0")).json()["events"]
            assert not any("standings" in e["payload"] for e in events)

        # Undo the start: the hall sees them again (the key that went away comes as null).
        undone = (await ok(server, {"type": "undo", "seq": started}))["seq"]
        back = await display.wait_for(is_event(undone))
        assert back["changes"]["standings_hidden"] is None
        assert [row["player"] for row in back["changes"]["standings"]] == ranking
        assert "standings_hidden" not in await server.state()
        assert (await server.get("/api/standings.csv")).status_code == 200
    finally:
        await close_all(clients)
