"""The event-log contract. Every backend must pass these; add a backend to `BACKENDS`.

The Redis backend runs against a real `redis-server` of the tests' own (tests/redis_server.py),
with the AOF fsynced on every write; the tests at the end are about what only a networked,
shared log has: several instances, Redis going away and coming back, the tail.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Protocol

import pytest
import redis.asyncio
from redis_server import RedisServer

from live.core.events import Event, NewEvent
from live.edges.log import EventLog, LogUnavailable, SeqConflict, TailingLog
from live.edges.log import TournamentMismatch as TournamentMismatchInLog
from live.edges.log.memory import MemoryLog, MemoryStore
from live.edges.log.redis import RedisLog
from live.edges.log.sqlite import SQLiteLog, TournamentMismatch

TOURNAMENT = "Contract Cup"
WAIT = 10.0  # seconds: the longest any single expectation below may take before the test fails


class Factory(Protocol):
    def __call__(self, tournament: str = TOURNAMENT) -> EventLog: ...


def sqlite_factory(request: pytest.FixtureRequest, tmp_path: Path) -> Factory:
    return lambda tournament=TOURNAMENT: SQLiteLog(tmp_path / "log.db", tournament)


def redis_factory(request: pytest.FixtureRequest, tmp_path: Path) -> Factory:
    server: RedisServer = request.getfixturevalue("redis_server")  # started only when a Redis test runs
    prefix = f"contract-{uuid.uuid4().hex[:12]}"
    return lambda tournament=TOURNAMENT: RedisLog(server.url, tournament, key_prefix=prefix)


def memory_factory(request: pytest.FixtureRequest, tmp_path: Path) -> Factory:
    store = MemoryStore()  # one per test, shared by every log the test makes: as one file is
    return lambda tournament=TOURNAMENT: MemoryLog(store, tournament)


BACKENDS: dict[str, Callable[[pytest.FixtureRequest, Path], Factory]] = {
    "sqlite": sqlite_factory,
    "redis": redis_factory,
    "memory": memory_factory,
}


@pytest.fixture(params=sorted(BACKENDS))
def make_log(request: pytest.FixtureRequest, tmp_path: Path) -> Factory:
    return BACKENDS[request.param](request, tmp_path)


@pytest.fixture
async def log(make_log: Factory) -> AsyncIterator[EventLog]:
    opened = make_log()
    await opened.open()
    yield opened
    await opened.close()


def announce(text: str) -> NewEvent:
    return NewEvent("announced", "referee", {"text": text})


# the contract, for every backend ------------------------------------------------------------------


async def test_append_gives_consecutive_seqs_and_keeps_the_payload(log: EventLog) -> None:
    first = await log.append(announce("one"))
    second = await log.append(NewEvent("round_started", "referee", {"item": "r1", "nested": {"a": [1, 2]}}))
    assert first is not None and second is not None
    assert (first.seq, second.seq) == (1, 2)
    assert second.payload == {"item": "r1", "nested": {"a": [1, 2]}}
    assert first.ts <= second.ts
    read = await log.read(0)
    assert [e.to_json() for e in read] == [first.to_json(), second.to_json()]


async def test_unicode_and_empty_payloads_round_trip(log: EventLog) -> None:
    stored = [await log.append(NewEvent("announced", "sudija Ђорђе", {"text": "Runda 3 — sto 4, Istok ♠"})),
              await log.append(NewEvent("round_ended", "scheduler"))]
    assert [e.to_json() for e in await log.read(0)] == [e.to_json() for e in stored if e]
    assert (await log.read(1))[0].payload == {}


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
    assert [e.seq for e in await log.read(0)] == list(range(1, 51))


async def test_append_with_the_current_seq_is_stored(log: EventLog) -> None:
    first = await log.append(announce("one"), expect_seq=0)
    second = await log.append(announce("two"), expect_seq=1)
    assert first is not None and second is not None
    assert (first.seq, second.seq) == (1, 2)


async def test_append_decided_against_a_stale_seq_writes_nothing_and_says_where_the_log_is(log: EventLog) -> None:
    await log.append(announce("one"))
    await log.append(announce("two"))
    for stale in (0, 1, 3):
        with pytest.raises(SeqConflict) as conflict:
            await log.append(announce("decided on an old state"), expect_seq=stale)
        assert (conflict.value.expected, conflict.value.current) == (stale, 2)
    assert [e.payload["text"] for e in await log.read(0)] == ["one", "two"]
    caught_up = await log.append(announce("decided again"), expect_seq=conflict.value.current)
    assert caught_up is not None and caught_up.seq == 3


async def test_of_appends_decided_against_one_state_exactly_one_is_stored(log: EventLog) -> None:
    await log.append(announce("zero"))
    outcomes = await asyncio.gather(*(log.append(announce(f"cmd{n}"), expect_seq=1) for n in range(10)),
                                    return_exceptions=True)
    stored = [o for o in outcomes if isinstance(o, Event)]
    conflicts = [o for o in outcomes if isinstance(o, SeqConflict)]
    assert len(stored) == 1 and stored[0].seq == 2
    assert len(conflicts) == 9 and {c.current for c in conflicts} == {2}
    assert [e.seq for e in await log.read(0)] == [1, 2]


async def test_seq_check_comes_before_the_signal_check(log: EventLog) -> None:
    signal = NewEvent("round_started", "scheduler", {"item": "r1"}, signal="r1:start")
    assert await log.append(signal, expect_seq=0) is not None
    assert await log.append(signal, expect_seq=1) is None  # current state, duplicate signal: not again
    with pytest.raises(SeqConflict):
        await log.append(signal, expect_seq=0)  # stale: catch up first, the fold then says it happened
    assert len(await log.read(0)) == 1


async def test_what_was_acknowledged_survives_reopening(make_log: Factory) -> None:
    first = make_log()
    await first.open()
    stored = [await first.append(announce(str(n))) for n in range(3)]
    await first.append(NewEvent("round_started", "scheduler", {"item": "r1"}, signal="r1:start"))
    await first.close()
    second = make_log()
    await second.open()
    try:
        assert [e.to_json() for e in await second.read(0)][:3] == [e.to_json() for e in stored if e]
        assert await second.append(NewEvent("round_started", "scheduler", {}, signal="r1:start")) is None
        after = await second.append(announce("after"))
        assert after is not None and after.seq == 5
    finally:
        await second.close()


async def test_a_log_refuses_to_open_for_another_tournament(make_log: Factory) -> None:
    ours = make_log()
    await ours.open()
    await ours.append(announce("ours"))
    await ours.close()
    theirs = make_log("Another Cup")
    with pytest.raises(TournamentMismatch, match="Contract Cup"):
        await theirs.open()
    await theirs.close()
    again = make_log()
    await again.open()
    try:
        assert [e.payload["text"] for e in await again.read(0)] == ["ours"]
    finally:
        await again.close()


class Maker:
    """A `make` for `secret` that hands out "value-1", "value-2", … and counts its calls."""

    def __init__(self, prefix: str = "value") -> None:
        self.prefix, self.calls = prefix, 0

    def __call__(self) -> str:
        self.calls += 1
        return f"{self.prefix}-{self.calls}"


async def test_a_secret_is_made_once_and_then_kept(log: EventLog) -> None:
    make = Maker()
    assert await log.secret("referee_token", make) == "value-1"
    assert await log.secret("referee_token", Maker("other")) == "value-1"
    assert await log.secret("checkin_secret", Maker("checkin")) == "checkin-1"  # each name its own
    assert make.calls == 1
    assert await log.read(0) == []  # a secret is no event: the fold, the exports, /api/events never see it
    stored = await log.append(announce("after"))
    assert stored is not None and stored.seq == 1


async def test_a_secret_is_the_same_after_reopening(make_log: Factory) -> None:
    first = make_log()
    await first.open()
    made = await first.secret("referee_token", Maker("first"))
    await first.close()
    second = make_log()
    await second.open()
    try:
        assert await second.secret("referee_token", Maker("second")) == made == "first-1"
    finally:
        await second.close()


async def test_two_first_calls_at_once_agree_on_the_secret(make_log: Factory) -> None:
    one, two = make_log(), make_log()  # two instances (two threads for SQLite, two clients for Redis)
    await one.open()
    await two.open()
    try:
        values = await asyncio.gather(*(log.secret("checkin_secret", Maker(f"{n}-{id(log)}"))
                                        for n in range(10) for log in (one, two)))
        assert len(set(values)) == 1
        assert await one.secret("checkin_secret", Maker()) == await two.secret("checkin_secret", Maker()) == values[0]
    finally:
        await one.close()
        await two.close()


async def test_a_secret_cannot_overwrite_whose_log_it_is_nor_be_empty(make_log: Factory) -> None:
    log = make_log()
    await log.open()
    try:
        for name in ("tournament", "", "a b", "a:b"):
            with pytest.raises(ValueError, match="cannot name a secret"):
                await log.secret(name, Maker())
        with pytest.raises(ValueError, match="non-empty string"):
            await log.secret("referee_token", lambda: "")
        assert await log.secret("referee_token", Maker()) == "value-1"  # nothing was stored by the refusal
    finally:
        await log.close()
    theirs = make_log("Another Cup")
    with pytest.raises(TournamentMismatch, match="Contract Cup"):
        await theirs.open()
    await theirs.close()


async def test_a_secret_needs_an_open_log(make_log: Factory) -> None:
    log = make_log()
    with pytest.raises(LogUnavailable, match="not open"):
        await log.secret("referee_token", Maker())
    await log.close()


def test_tournament_mismatch_is_one_class_importable_from_both_places() -> None:
    assert TournamentMismatch is TournamentMismatchInLog


# SQLite only --------------------------------------------------------------------------------------


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


async def test_sqlite_log_offers_no_tail(tmp_path: Path) -> None:
    assert not isinstance(SQLiteLog(tmp_path / "log.db", "Contract Cup"), TailingLog)


def legacy_files(db: Path) -> dict[str, str]:
    """The files an older version kept the secrets in, beside the log, with what they held."""
    kept = {".token": "old-referee-token", ".secret": "old-checkin-secret", ".referee-secret": "old-signing"}
    for suffix, value in kept.items():
        db.with_name(db.name + suffix).write_text(value + "\n")
    return kept


async def test_sqlite_log_adopts_the_secrets_of_the_files_an_older_version_kept(tmp_path: Path) -> None:
    db = tmp_path / "log.db"
    old = SQLiteLog(db, TOURNAMENT)
    await old.open()  # a log written before the secrets moved into it: no secret in meta
    await old.append(announce("before the upgrade"))
    await old.close()
    legacy_files(db)
    log = SQLiteLog(db, TOURNAMENT)
    await log.open()
    try:
        assert await log.secret("referee_token", Maker()) == "old-referee-token"
        assert await log.secret("checkin_secret", Maker()) == "old-checkin-secret"
        assert await log.secret("referee_secret", Maker()) == "old-signing"
        assert await log.secret("another_secret", Maker()) == "value-1"  # no file of old for it: made
    finally:
        await log.close()
    for suffix in (".token", ".secret", ".referee-secret"):
        db.with_name(db.name + suffix).unlink()  # adopted: meta keeps them now
    again = SQLiteLog(db, TOURNAMENT)
    await again.open()
    try:
        assert await again.secret("referee_token", Maker()) == "old-referee-token"
    finally:
        await again.close()
    with sqlite3.connect(db) as raw:
        assert dict(raw.execute("SELECT key, value FROM meta")) == {
            "tournament": TOURNAMENT, "referee_token": "old-referee-token", "checkin_secret": "old-checkin-secret",
            "referee_secret": "old-signing", "another_secret": "value-1"}


async def test_sqlite_log_keeps_meta_over_a_file_written_later(tmp_path: Path) -> None:
    db = tmp_path / "log.db"
    log = SQLiteLog(db, TOURNAMENT)
    await log.open()
    try:
        assert await log.secret("referee_token", Maker()) == "value-1"
        legacy_files(db)  # e.g. an older version run on the log once: meta still wins
        assert await log.secret("referee_token", Maker()) == "value-1"
    finally:
        await log.close()


async def test_sqlite_log_refuses_to_replace_an_unreadable_secret_file(tmp_path: Path) -> None:
    db = tmp_path / "log.db"
    db.with_name("log.db.token").mkdir()  # there, but no file's text can be read from it
    log = SQLiteLog(db, TOURNAMENT)
    await log.open()
    try:
        with pytest.raises(LogUnavailable, match=r"log.db.token cannot be read"):
            await log.secret("referee_token", Maker())
        assert await log.secret("checkin_secret", Maker()) == "value-1"
    finally:
        await log.close()


async def test_sqlite_log_file_is_owner_only_as_it_holds_the_secrets(tmp_path: Path) -> None:
    log = SQLiteLog(tmp_path / "new.db", TOURNAMENT)
    await log.open()
    await log.append(announce("x"))
    await log.secret("referee_token", Maker())
    assert {p.name: p.stat().st_mode & 0o777 for p in tmp_path.iterdir()} == {
        "new.db": 0o600, "new.db-wal": 0o600, "new.db-shm": 0o600}
    await log.close()
    wide = tmp_path / "wide.db"
    sqlite3.connect(wide).close()
    wide.chmod(0o644)  # a log from before, readable by everyone
    SQLiteLog(wide, TOURNAMENT).verify()
    assert wide.stat().st_mode & 0o777 == 0o600


# Memory only --------------------------------------------------------------------------------------


async def test_memory_log_gives_copies_so_a_caller_cannot_change_the_log() -> None:
    log = MemoryLog(tournament_name=TOURNAMENT)
    await log.open()
    payload = {"item": "r1", "tables": [1, 2]}
    stored = await log.append(NewEvent("round_started", "referee", payload))
    assert stored is not None and stored.payload == payload and stored.payload is not payload
    payload["tables"].append(3)
    stored.payload["tables"].append(4)
    (read,) = await log.read(0)
    read.payload["item"] = "changed"
    assert (await log.read(0))[0].payload == {"item": "r1", "tables": [1, 2]}
    with pytest.raises(TypeError):  # what a file or Redis could not store is refused here too
        await log.append(NewEvent("announced", "referee", {"when": object()}))
    assert len(await log.read(0)) == 1


async def test_memory_log_timestamps_never_go_back() -> None:
    clock = iter([5_000, 7_000, 1_000, 9_000])
    log = MemoryLog(MemoryStore(), TOURNAMENT, clock=lambda: next(clock))
    await log.open()
    stamps = [e.ts for e in [await log.append(announce(str(n))) for n in range(4)] if e]
    assert stamps == [5_000, 7_000, 7_000, 9_000]  # the clock stepped back: the log did not


async def test_memory_log_offers_no_tail_and_a_new_store_each_time() -> None:
    one, two = MemoryLog(tournament_name=TOURNAMENT), MemoryLog(tournament_name="Another Cup")
    assert not isinstance(one, TailingLog)
    await one.open()
    await two.open()  # stores of their own: not one log
    await one.append(announce("one"))
    assert await two.read(0) == []


async def test_memory_log_adopts_a_legacy_owner() -> None:
    store = MemoryStore()
    old = MemoryLog(store, "Contract Cup 2026")
    await old.open()
    new = MemoryLog(store, "contract-cup", legacy_owner="Contract Cup 2026")
    await new.open()
    assert store.meta["tournament"] == "contract-cup"
    with pytest.raises(TournamentMismatch):
        MemoryLog(store, "Contract Cup 2026").verify()


# Redis only ---------------------------------------------------------------------------------------


def redis_log(server: RedisServer, prefix: str = "hall", tournament: str = TOURNAMENT, **options: float) -> RedisLog:
    return RedisLog(server.url, tournament, key_prefix=prefix, **options)  # type: ignore[arg-type]


@contextlib.asynccontextmanager
async def opened(*logs: RedisLog) -> AsyncIterator[None]:
    for each in logs:
        await each.open()
    try:
        yield
    finally:
        for each in logs:
            await each.close()


class Tail:
    """`log.tail(since)` running in a task, collecting what it yields."""

    def __init__(self, log: RedisLog, since: int) -> None:
        self.events: list[Event] = []
        self._arrived = asyncio.Event()
        self._task = asyncio.create_task(self._follow(log, since))

    async def _follow(self, log: RedisLog, since: int) -> None:
        async for event in log.tail(since):
            self.events.append(event)
            self._arrived.set()

    async def until(self, count: int) -> list[Event]:
        async with asyncio.timeout(WAIT):
            while len(self.events) < count:
                self._arrived.clear()
                if self._task.done():
                    self._task.result()
                await self._arrived.wait()
        return self.events

    async def stop(self) -> None:
        self._task.cancel()
        done, _ = await asyncio.wait({self._task}, timeout=WAIT)
        assert done, "the tail did not stop when its task was cancelled"
        assert self._task.cancelled()


async def test_redis_log_keeps_its_keys_under_the_prefix(redis_server: RedisServer) -> None:
    log = redis_log(redis_server, prefix="layout-cup")
    async with opened(log):
        await log.append(NewEvent("round_started", "scheduler", {"item": "r1"}, signal="r1:start"))
        await log.append(announce("two"))
    client = redis.asyncio.Redis.from_url(redis_server.url, decode_responses=True)
    try:
        assert sorted(await client.keys("layout-cup:*")) == [
            "layout-cup:events", "layout-cup:meta", "layout-cup:seq", "layout-cup:signals"]
        entries = await client.xrange("layout-cup:events")
        assert [entry_id for entry_id, _ in entries] == ["1-0", "2-0"]
        assert entries[0][1]["signal"] == "r1:start" and "signal" not in entries[1][1]
        assert await client.get("layout-cup:seq") == "2"
        assert await client.hgetall("layout-cup:signals") == {"r1:start": "1"}
        assert await client.hgetall("layout-cup:meta") == {"tournament": TOURNAMENT}
    finally:
        await client.aclose()


async def test_two_tournaments_share_one_redis_under_two_prefixes(redis_server: RedisServer) -> None:
    cup, league = redis_log(redis_server, "cup-a"), redis_log(redis_server, "league-b", "Spring League")
    async with opened(cup, league):
        a = await cup.append(announce("cup"))
        b = await league.append(announce("league"))
        assert a is not None and b is not None and (a.seq, b.seq) == (1, 1)
        assert [e.payload["text"] for e in await league.read(0)] == ["league"]


async def test_redis_timestamps_come_from_redis_and_never_go_back(redis_server: RedisServer) -> None:
    log = redis_log(redis_server, prefix="clock-cup")
    client = redis.asyncio.Redis.from_url(redis_server.url, decode_responses=True)
    async with opened(log):
        seconds, micros = await client.time()
        first = await log.append(announce("now"))
        assert first is not None and abs(first.ts - (seconds * 1000 + micros // 1000)) < 1000
        # Pretend the previous event was stamped by a Redis whose clock has since stepped back an hour:
        future = first.ts + 3_600_000
        await client.xadd("clock-cup:events", {"ts": future, "type": "announced", "actor": "referee",
                                               "payload": "{}"}, id="2-0")
        await client.set("clock-cup:seq", 2)
        later = await log.append(announce("after the clock stepped back"))
        assert later is not None and later.seq == 3 and later.ts == future
    await client.aclose()


async def test_two_instances_racing_on_one_signal_store_it_once(redis_server: RedisServer) -> None:
    one, two = redis_log(redis_server, "race-cup"), redis_log(redis_server, "race-cup")
    signal = NewEvent("round_started", "scheduler", {"item": "r3"}, signal="r3:start")
    async with opened(one, two):
        results = await asyncio.gather(*(log.append(signal) for _ in range(10) for log in (one, two)),
                                       *(log.append(announce(f"{n}")) for n in range(10) for log in (one, two)))
        assert sum(r is not None and r.signal == "r3:start" for r in results) == 1
        assert [e.seq for e in await one.read(0)] == list(range(1, 22))
        assert await one.read(0) == await two.read(0)


async def test_redis_log_reads_in_batches(redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("live.edges.log.redis.READ_BATCH", 3)
    log = redis_log(redis_server, prefix="batch-cup")
    async with opened(log):
        for n in range(8):
            await log.append(announce(str(n)))
        assert [e.seq for e in await log.read(0)] == list(range(1, 9))
        assert [e.seq for e in await log.read(2)] == list(range(3, 9))
        tail = Tail(log, 1)
        try:
            assert [e.seq for e in await tail.until(7)] == list(range(2, 9))
        finally:
            await tail.stop()


async def test_acknowledged_events_survive_a_crash_of_redis(own_redis: RedisServer) -> None:
    log = redis_log(own_redis)
    async with opened(log):
        stored = [await log.append(announce(str(n))) for n in range(5)]
        await log.append(NewEvent("round_started", "scheduler", {"item": "r1"}, signal="r1:start"))
    own_redis.kill()  # SIGKILL: no shutdown, only what is in the AOF comes back
    own_redis.start()
    again = redis_log(own_redis)
    async with opened(again):
        read = await again.read(0)
        assert [e.to_json() for e in read[:5]] == [e.to_json() for e in stored if e]
        assert await again.append(NewEvent("round_started", "scheduler", {}, signal="r1:start")) is None
        after = await again.append(announce("after the crash"))
        assert after is not None and after.seq == 7 and after.ts >= read[-1].ts


async def test_while_redis_is_down_nothing_is_acknowledged_and_the_same_log_recovers(own_redis: RedisServer) -> None:
    log = redis_log(own_redis, timeout=1.0)
    async with opened(log):
        await log.append(announce("before"))
        own_redis.kill()
        with pytest.raises(LogUnavailable, match=rf"Redis at {own_redis.url} is unreachable"):
            await log.append(announce("during"))
        with pytest.raises(LogUnavailable, match="unreachable"):
            await log.read(0)
        with pytest.raises(LogUnavailable):
            await log.append(NewEvent("round_started", "scheduler", {}, signal="r1:start"))
        own_redis.start()
        after = await log.append(announce("after"))
        assert after is not None and after.seq == 2
        signal = await log.append(NewEvent("round_started", "scheduler", {}, signal="r1:start"))
        assert signal is not None and signal.seq == 3
        assert [e.payload.get("text") for e in await log.read(0)] == ["before", "after", None]


async def test_open_fails_clearly_when_redis_is_unreachable(own_redis: RedisServer) -> None:
    own_redis.kill()
    log = redis_log(own_redis, timeout=1.0)
    with pytest.raises(LogUnavailable, match="unreachable"):
        await log.open()
    with pytest.raises(LogUnavailable, match="unreachable"):
        log.verify()
    with pytest.raises(LogUnavailable, match="not open"):
        await log.append(announce("x"))


async def test_verify_checks_the_tournament_synchronously(redis_server: RedisServer) -> None:
    redis_log(redis_server, prefix="verify-cup").verify()
    with pytest.raises(TournamentMismatch, match="'Contract Cup', not of 'Another Cup'"):
        redis_log(redis_server, prefix="verify-cup", tournament="Another Cup").verify()


async def test_passwords_stay_out_of_messages() -> None:
    log = RedisLog("redis://user:s3cret@127.0.0.1:1/0", TOURNAMENT, timeout=0.5)
    with pytest.raises(LogUnavailable) as unavailable:
        await log.open()
    assert "s3cret" not in str(unavailable.value) and "s3cret" not in repr(log)


async def test_open_warns_when_redis_does_not_fsync_every_write(caplog: pytest.LogCaptureFixture) -> None:
    with RedisServer(extra_args=("--appendfsync", "everysec")) as server:
        log = redis_log(server)
        with caplog.at_level(logging.WARNING, logger="live.edges.log.redis"):
            async with opened(log):
                pass
    assert "appendfsync everysec" in caplog.text


async def test_redis_log_offers_a_tail(redis_server: RedisServer) -> None:
    assert isinstance(redis_log(redis_server), TailingLog)


async def test_tail_yields_what_is_there_then_what_any_instance_appends(redis_server: RedisServer) -> None:
    ours, theirs = redis_log(redis_server, "tail-cup", block_ms=200), redis_log(redis_server, "tail-cup")
    async with opened(ours, theirs):
        await ours.append(announce("a"))
        await theirs.append(announce("b"))
        tail = Tail(ours, 0)
        try:
            assert [e.seq for e in await tail.until(2)] == [1, 2]
            await asyncio.sleep(0.3)  # one XREAD BLOCK ran out empty meanwhile
            await theirs.append(announce("c"))
            await ours.append(NewEvent("round_ended", "scheduler", {"item": "r1"}, signal="r1:end"))
            await theirs.append(NewEvent("round_ended", "scheduler", {"item": "r1"}, signal="r1:end"))  # refused
            await theirs.append(announce("d"))
            events = await tail.until(5)
            assert [e.to_json() for e in events] == [e.to_json() for e in await theirs.read(0)]
            assert [e.seq for e in events] == [1, 2, 3, 4, 5]
        finally:
            await tail.stop()
        late = Tail(theirs, 3)
        try:
            assert [e.seq for e in await late.until(2)] == [4, 5]
        finally:
            await late.stop()


async def test_tail_resumes_after_redis_restarts_without_skipping_or_repeating(own_redis: RedisServer) -> None:
    reader, writer = redis_log(own_redis, block_ms=200), redis_log(own_redis, timeout=1.0)
    async with opened(reader, writer):
        for n in range(3):
            await writer.append(announce(f"before {n}"))
        tail = Tail(reader, 0)
        try:
            await tail.until(3)
            own_redis.kill()
            await asyncio.sleep(0.5)  # the tail's XREAD fails and it backs off, more than once
            await asyncio.to_thread(own_redis.start)
            for n in range(3):
                await writer.append(announce(f"after {n}"))
            events = await tail.until(6)
            await asyncio.sleep(0.5)  # nothing more arrives: no repeats
            assert [e.seq for e in tail.events] == [1, 2, 3, 4, 5, 6]
            assert [e.to_json() for e in events] == [e.to_json() for e in await writer.read(0)]
        finally:
            await tail.stop()


async def test_a_tail_started_while_redis_is_down_delivers_once_it_is_back(own_redis: RedisServer) -> None:
    reader = redis_log(own_redis, block_ms=200)
    async with opened(reader):
        await reader.append(announce("one"))
        own_redis.kill()
        tail = Tail(reader, 0)
        try:
            await asyncio.sleep(0.3)
            assert tail.events == []
            await asyncio.to_thread(own_redis.start)
            await reader.append(announce("two"))
            assert [e.payload["text"] for e in await tail.until(2)] == ["one", "two"]
        finally:
            await tail.stop()


async def test_a_hung_redis_makes_appends_fail_within_the_timeout(own_redis: RedisServer) -> None:
    log = redis_log(own_redis, timeout=0.5)
    async with opened(log):
        await log.append(announce("before"))
        own_redis.freeze()
        try:
            loop = asyncio.get_running_loop()
            started = loop.time()
            with pytest.raises(LogUnavailable, match=r"did not answer within 0.5 s"):
                await log.append(announce("during"))
            assert loop.time() - started < 2.0
        finally:
            own_redis.thaw()
        # The append that timed out was not acknowledged; Redis, thawed, may still have stored it:
        # that is why a timed-out append is never retried blindly, and why the tail shows it if so.
        texts = [e.payload["text"] for e in await log.read(0)]
        assert texts in (["before"], ["before", "during"])


async def test_cancelling_a_tail_stops_it_at_once_even_while_xread_blocks(redis_server: RedisServer) -> None:
    log = redis_log(redis_server, "cancel-cup", block_ms=30_000)
    async with opened(log):
        for round_ in range(5):  # cancel right as events arrive and while the tail waits for more
            tail = Tail(log, 0)
            await log.append(announce(str(round_)))
            await tail.until(round_ + 1)
            loop = asyncio.get_running_loop()
            started = loop.time()
            await tail.stop()
            assert loop.time() - started < 1.0
