"""Helpers for tests of several `live serve --redis` instances on one real Redis (tests/redis_server.py).

    with RedisServer() as redis:
        a, b = await start_instances(file, redis.url, 2, lease_ttl=3, seat="r1")
        ...
        assert await leader(redis.url) is a

Tests import this module as `cluster` (pytest puts tests/integration on sys.path).
"""

from __future__ import annotations

import asyncio
import collections
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import redis.asyncio
from server import Server, WSClient, start_server

PREFIX = "live"


def start_instance(file: Path, redis_url: str, *, lease_ttl: float | None = None, prefix: str = PREFIX,
                   extra_args: Sequence[str] = (), seat: str | None = None) -> Server:
    """`live serve FILE --redis URL` (no --db) on a free port; LIVE_LEASE_TTL when given.

    `seat="r1"` publishes that round's seating once the instance answers (see `server.start_server`).
    """
    env = {} if lease_ttl is None else {"LIVE_LEASE_TTL": f"{lease_ttl:g}"}
    return start_server(file, None, extra_args=("--redis", redis_url, "--redis-prefix", prefix, *extra_args), env=env,
                        seat=seat)


async def start_instances(file: Path, redis_url: str, count: int, *, seat: str | None = None,
                          **kwargs: Any) -> list[Server]:
    """`count` instances started together (each in a thread), all healthy when this returns.

    `seat="r1"` publishes that round's seating once, through the first instance, when all answer
    (a preferans round starts only once its seating is published).
    """
    started = await asyncio.gather(*(asyncio.to_thread(start_instance, file, redis_url, **kwargs)
                                     for _ in range(count)), return_exceptions=True)
    servers = [s for s in started if isinstance(s, Server)]
    failed: list[BaseException] = [s for s in started if not isinstance(s, Server)]
    if not failed and seat is not None:
        try:
            await servers[0].publish_seating(seat)
        except BaseException as exc:  # the instances are killed, then it is raised
            failed.append(exc)
    if failed:
        for server in servers:
            server.kill()
        raise failed[0]
    return servers


async def leader_owner(redis_url: str, prefix: str = PREFIX) -> str | None:
    """The lease key's value (`host:pid:random`), or None while nobody holds the lease."""
    client = redis.asyncio.Redis.from_url(redis_url, decode_responses=True, socket_timeout=2)
    try:
        value = await client.get(f"{prefix}:leader")
        return None if value is None else str(value)
    finally:
        await client.aclose()


async def leader(redis_url: str, servers: Iterable[Server], *, timeout: float = 10.0,
                 prefix: str = PREFIX) -> Server:
    """The instance whose process holds the lease (waits up to `timeout` seconds for one to hold it)."""
    by_pid = {server.proc.pid: server for server in servers}
    deadline = asyncio.get_running_loop().time() + timeout
    owner = None
    while asyncio.get_running_loop().time() < deadline:
        owner = await leader_owner(redis_url, prefix)
        if owner is not None:
            pid = int(owner.split(":")[-2])
            if pid in by_pid:
                return by_pid[pid]
        await asyncio.sleep(0.1)
    raise AssertionError(f"no instance of {sorted(by_pid)} holds the lease within {timeout} s (key: {owner!r})")


def event_messages(client: WSClient) -> list[dict[str, Any]]:
    """The log events a client received, in the order it received them (replayed ones included)."""
    return [dict(m["event"]) for m in client.events()]


def assert_gapless(client: WSClient, last_seq: int, *, first_seq: int = 1) -> None:
    """The client received exactly the events first_seq..last_seq, each once, in order."""
    seqs = client.seqs()
    expected = list(range(first_seq, last_seq + 1))
    if seqs != expected:
        counts = collections.Counter(seqs)
        missing = sorted(set(expected) - set(seqs))
        twice = sorted(s for s, n in counts.items() if n > 1)
        raise AssertionError(f"{client.url}: expected seqs {first_seq}..{last_seq} once each, in order; "
                             f"missing {missing}, received twice {twice}, received {len(seqs)}: {seqs}")


def duplicate_signals(events: Iterable[dict[str, Any]]) -> dict[str, int]:
    """Signal ids that appear more than once in a list of log events (should be empty)."""
    counts = collections.Counter(e["signal"] for e in events if e.get("signal"))
    return {signal: n for signal, n in counts.items() if n > 1}


async def wait_for_seq(servers: Iterable[Server], seq: int, timeout: float = 10.0) -> None:
    """Wait until every instance's /api/health shows at least `seq` (each has folded the log that far)."""
    deadline = asyncio.get_running_loop().time() + timeout
    pending = list(servers)
    while pending:
        pending = [s for s in pending if (await s.health())["seq"] < seq]
        if not pending:
            return
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"{[s.url for s in pending]} did not reach seq {seq} within {timeout} s")
        await asyncio.sleep(0.05)
