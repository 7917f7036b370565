"""A console back after its command got no answer asks whether the log holds it (GET /api/commands?id=):
the event it became when it was stored, else "not stored", so that the console can say "not applied: press
again" instead of "it may have been applied" for ever. Only a referee may ask, and a wrong id is refused."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from live.core.events import Event
from live.core.tournament import load
from live.edges.hall import Hall
from live.edges.log.memory import MemoryLog, MemoryStore
from live.edges.log.sqlite import SQLiteLog
from live.edges.web.app import create_app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TOKEN = "lookup-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    t = load(EXAMPLES / "cacak-preferans-2027.toml")
    hall = Hall(t, SQLiteLog(tmp_path / "l.db", t.id), run_scheduler=False, clock=lambda: t.items[2].start_ms)
    with TestClient(create_app(hall, TOKEN), raise_server_exceptions=False) as http:
        yield http


def test_a_command_sent_with_its_id_is_found_by_it_and_one_never_stored_is_not(client: TestClient) -> None:
    sent = client.post("/api/commands", json={"type": "announce", "text": "Dinner at 8", "id": "c0ffee01"},
                       headers=AUTH)
    assert sent.status_code == 200, sent.text
    (stored,) = sent.json()["events"]
    found = client.get("/api/commands", params={"id": "c0ffee01"}, headers=AUTH)
    assert found.status_code == 200, found.text
    assert found.json() == {"id": "c0ffee01", "stored": True, "seq": stored["seq"], "event": stored}
    assert found.headers["cache-control"] == "no-store"
    never = client.get("/api/commands", params={"id": "c0ffee02"}, headers=AUTH)
    assert never.json() == {"id": "c0ffee02", "stored": False, "seq": stored["seq"], "event": None}
    # Pressed again with the same id once it was known not to be stored: stored then, once.
    again = client.post("/api/commands", json={"type": "announce", "text": "Dinner at 8", "id": "c0ffee02"},
                        headers=AUTH)
    assert again.status_code == 200
    assert client.get("/api/commands", params={"id": "c0ffee02"}, headers=AUTH).json()["stored"] is True


def test_only_a_referee_may_ask_and_a_wrong_id_is_refused_naming_it(client: TestClient) -> None:
    stranger = client.get("/api/commands", params={"id": "c0ffee01"})
    assert stranger.status_code == 401 and stranger.json()["detail"] == {"code": "auth.needed"}
    for wrong in ("", "x" * 65, "tab\there"):
        answer = client.get("/api/commands", params={"id": wrong}, headers=AUTH)
        assert answer.status_code == 422, (wrong, answer.text)
        assert answer.json()["detail"] == {"field": "id", "code": "command.bad_id"}
    assert client.get("/api/commands", headers=AUTH).status_code == 422
    assert client.post("/api/commands", json={"type": "announce", "text": "x"}, headers=AUTH).status_code == 200


class SlowTail(MemoryLog):
    """A log another instance appends to, whose tail has not brought this instance anything yet."""

    async def tail(self, since: int) -> AsyncIterator[Event]:
        await asyncio.Event().wait()  # (never: the tail is behind)
        yield  # type: ignore[misc]  # (an async generator)


async def test_an_instance_whose_tail_is_behind_finds_a_command_another_instance_stored() -> None:
    t = load(EXAMPLES / "cacak-preferans-2027.toml")
    store = MemoryStore()
    clock = lambda: t.items[2].start_ms  # noqa: E731
    a = Hall(t, SlowTail(store, t.id), run_scheduler=False, clock=clock)
    b = Hall(t, SlowTail(store, t.id), run_scheduler=False, clock=clock)
    await a.start()
    await b.start()
    try:
        (stored,) = await a.command({"type": "announce", "text": "via a", "id": "c0ffee03"})
        assert b.state.seq < stored.seq, "b has not followed the log yet"
        assert await b.stored_command("cmd:c0ffee03") == stored
        assert await b.stored_command("cmd:c0ffee04") is None
    finally:
        await a.stop()
        await b.stop()
