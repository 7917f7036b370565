"""What the browser tests read from the server as the referees do (the log's events, /api/state, a round's
check-in rows), and a round played through the referee's commands (`round_one_played`)."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from server import Server

from support.pages import ack


async def as_referee(server: Server, path: str) -> Any:
    """GET a path with the referee token: the JSON answer."""
    async with httpx.AsyncClient(timeout=10) as http:
        answer = await http.get(server.url + path, headers={"Authorization": f"Bearer {server.token}"})
    assert answer.status_code == 200, answer.text
    return answer.json()


async def referee_events(server: Server, kind: str) -> list[dict[str, Any]]:
    """The log's events of a type as the referees see them (appeals are theirs and the player's)."""
    return [e for e in (await as_referee(server, "/api/events?since=0"))["events"] if e["type"] == kind]


async def logged(server: Server, kind: str, count: int) -> list[dict[str, Any]]:
    """Wait until the log holds `count` events of a type (the console's command went through)."""
    for _ in range(100):
        found = await referee_events(server, kind)
        if len(found) >= count:
            return found
        await asyncio.sleep(0.1)
    raise AssertionError(f"no {count} × {kind} in the log")


async def events_of(server: Server, kind: str, count: int) -> list[dict[str, Any]]:
    """Wait until the log holds `count` events of a type, as the referees see them."""
    async with httpx.AsyncClient(timeout=10) as http:
        for _ in range(100):
            answer = await http.get(f"{server.url}/api/events?since=0",
                                    headers={"Authorization": f"Bearer {server.token}"})
            found = [e for e in answer.json()["events"] if e["type"] == kind]
            if len(found) >= count:
                return found
            await asyncio.sleep(0.1)
    raise AssertionError(f"no {count} × {kind} in the log")


async def referee_state(server: Server) -> dict[str, Any]:
    """/api/state as the referees see it (the audit with it)."""
    async with httpx.AsyncClient(timeout=10) as http:
        answer = await http.get(f"{server.url}/api/state", headers={"Authorization": f"Bearer {server.token}"})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


async def rows(server: Server, item: str = "r1") -> dict[str, Any]:
    """The check-in list of a round as the server has it: player → their line."""
    return {r["id"]: r for r in (await server.state())["lateness"][item]["rows"]}


async def round_one_played(server: Server) -> None:
    seating = (await ack(server, {"type": "publish_seating", "item": "r1", "seed": 3}))["events"][0]["payload"]
    await ack(server, {"type": "start_round", "item": "r1"})
    for n, table in enumerate(seating["tables"]):
        players = table["players"]
        results = {p: 0 for p in players}
        results[players[0]], results[players[-1]] = 60 - n, n - 60
        await ack(server, {"type": "record_result", "item": "r1", "table": table["table"], "results": results})
