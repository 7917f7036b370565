"""The event-log contract. Every backend must pass these; add a backend to `BACKENDS`."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from live.events import NewEvent
from live.log import EventLog
from live.log.sqlite import SQLiteLog, TournamentMismatch

Factory = Callable[[], EventLog]


def sqlite_factory(tmp_path: Path) -> Factory:
    return lambda: SQLiteLog(tmp_path / "log.db", "Contract Cup")


BACKENDS = {"sqlite": sqlite_factory}


@pytest.fixture(params=sorted(BACKENDS))
def make_log(request: pytest.FixtureRequest, tmp_path: Path) -> Factory:
    return BACKENDS[request.param](tmp_path)


@pytest.fixture
async def log(make_log: Factory) -> AsyncIterator[EventLog]:
    opened = make_log()
    await opened.open()
    yield opened
    await opened.close()


def announce(text: str) -> NewEvent:
    return NewEvent("announced", "referee", {"text": text})


async def test_append_gives_consecutive_seqs_and_keeps_the_payload(log: EventLog) -> None:
    first = await log.append(announce("one"))
    second = await log.append(NewEvent("round_started", "referee", {"item": "r1", "nested": {"a": [1, 2]}}))
    assert first is not None and second is not None
    assert (first.seq, second.seq) == (1, 2)
    assert second.payload == {"item": "r1", "nested": {"a": [1, 2]}}
    assert first.ts <= second.ts
    read = await log.read(0)
    assert [e.to_json() for e in read] == [first.to_json(), second.to_json()]


async def test_read_since_returns_only_later_events_in_order(log: EventLog) -> None:
    for n in range(5):
        await log.append(announce(f"n{n}"))
    later = await log.read(3)
    assert [e.seq for e in later] == [4, 5]
    assert [e.payload["text"] for e in later] == ["n3", "n4"]
    assert await log.read(5) == []


async def test_a_signal_id_is_appended_at_most_once(log: EventLog) -> None:
    signal = NewEvent("round_started", "scheduler", {"item": "r1", "due_at": 1}, signal="r1:start")
    first = await log.append(signal)
    again = await log.append(signal)
    other = await log.append(NewEvent("round_ended", "scheduler", {"item": "r1"}, signal="r1:end"))
    assert first is not None and first.signal == "r1:start"
    assert again is None
    assert other is not None and other.seq == first.seq + 1
    assert [e.signal for e in await log.read(0)] == ["r1:start", "r1:end"]


async def test_concurrent_appends_of_one_signal_store_it_once(log: EventLog) -> None:
    signal = NewEvent("round_called", "scheduler", {"item": "r2"}, signal="r2:call")
    results = await asyncio.gather(*(log.append(signal) for _ in range(20)))
    assert sum(r is not None for r in results) == 1
    assert len(await log.read(0)) == 1


async def test_concurrent_appends_get_distinct_gapless_seqs(log: EventLog) -> None:
    results = await asyncio.gather(*(log.append(announce(str(n))) for n in range(50)))
    assert sorted(r.seq for r in results if r) == list(range(1, 51))


async def test_what_was_acknowledged_survives_reopening(make_log: Factory) -> None:
    first = make_log()
    await first.open()
    stored = [await first.append(announce(str(n))) for n in range(3)]
    await first.close()
    second = make_log()
    await second.open()
    try:
        assert [e.to_json() for e in await second.read(0)] == [e.to_json() for e in stored if e]
        after = await second.append(announce("after"))
        assert after is not None and after.seq == 4
    finally:
        await second.close()


async def test_sqlite_log_refuses_another_tournaments_file(tmp_path: Path) -> None:
    ours = SQLiteLog(tmp_path / "log.db", "Contract Cup")
    await ours.open()
    await ours.close()
    with pytest.raises(TournamentMismatch, match="Contract Cup"):
        SQLiteLog(tmp_path / "log.db", "Another Cup").verify()


async def test_sqlite_log_is_durable_wal(tmp_path: Path) -> None:
    log = SQLiteLog(tmp_path / "log.db", "Contract Cup")
    await log.open()
    await log.append(announce("x"))
    with sqlite3.connect(tmp_path / "log.db") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("SELECT count(*) FROM events").fetchone()[0] == 1
    await log.close()
