"""A command with the client's `id` is stored at most once, on both backends: a resend after a lost
answer or a 503 gets the first event back (same seq) and stores nothing."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from cluster import start_instance
from redis_server import RedisServer
from server import round_entry, start_server, write_tournament


def far() -> list[dict[str, Any]]:
    return [round_entry("r1", 1, start_in=3600, minutes=60), round_entry("r2", 2, start_in=7200, minutes=60)]


async def check_resend(server: Any) -> None:
    first = await server.command({"type": "announce", "text": "Dinner at 21:00", "id": "console-7f3a"})
    assert first.status_code == 200, first.text
    again = await server.command({"type": "announce", "text": "Dinner at 21:00", "id": "console-7f3a"})
    assert again.status_code == 200 and again.json() == first.json()
    other = await server.command({"type": "announce", "text": "Dinner at 21:00", "id": "console-7f3b"})
    assert other.json()["seq"] == first.json()["seq"] + 1  # another id is another command
    events = await server.events()
    assert [e["signal"] for e in events if e["type"] == "announced"] == ["cmd:console-7f3a", "cmd:console-7f3b"]
    bad = await server.command({"type": "announce", "text": "x", "id": "x" * 65})
    assert bad.status_code == 422 and bad.json()["detail"]["field"] == "id"
    assert len(await server.events()) == len(events)


async def test_a_resend_is_answered_with_the_first_event_on_sqlite(tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "t.toml", timetable=far())
    with start_server(file, tmp_path / "t.db") as server:
        await check_resend(server)
    with start_server(file, tmp_path / "t.db") as server:  # after a restart too: the log remembers
        again = await server.command({"type": "announce", "text": "Dinner at 21:00", "id": "console-7f3a"})
        assert again.status_code == 200 and again.json()["seq"] == 2


async def test_a_resend_is_answered_with_the_first_event_on_redis(tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "t.toml", timetable=far())
    with RedisServer(directory=tmp_path / "redis") as redis:
        server = await asyncio.to_thread(start_instance, file, redis.url)
        try:
            await check_resend(server)
        finally:
            server.stop()


async def test_a_command_answered_503_and_stored_anyway_is_not_applied_twice(tmp_path: Path) -> None:
    """Redis hangs: the command times out (503) but Redis stores it when it wakes up. The console's
    resend with the same id then gets that event, and the extension counts once."""
    file = write_tournament(tmp_path / "t.toml", timetable=far())
    with RedisServer(directory=tmp_path / "redis") as redis:
        server = await asyncio.to_thread(start_instance, file, redis.url)
        try:
            command = {"type": "extend", "item": "r1", "minutes": 10, "id": "extend-once"}
            redis.freeze()
            try:
                lost = await server.command(command, timeout=15)
            finally:
                redis.thaw()
            assert lost.status_code == 503
            assert "may have been stored" in lost.json()["error"] and "same id" in lost.json()["error"]
            deadline = time.monotonic() + 15
            while not any(e["type"] == "round_extended" for e in await server.events()):
                assert time.monotonic() < deadline, "the timed-out append never reached the log"
                await asyncio.sleep(0.1)
            resent = await server.command(command)
            assert resent.status_code == 200, resent.text
            extended = [e for e in await server.events() if e["type"] == "round_extended"]
            assert [e["seq"] for e in extended] == [resent.json()["seq"]]
            r1 = next(i for i in (await server.state())["timetable"] if i["id"] == "r1")
            assert r1["extended_ms"] == 10 * 60_000
        finally:
            server.stop()
