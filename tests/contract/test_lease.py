"""The leader lease against a real Redis (tests/redis_server.py): one holder, hand-over, stepping down.

Short times (ttl 1.5 s, renewal every 0.5 s, so each Redis call may take 0.5 s) keep the tests
quick; every expectation is bounded and derived from those numbers.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
import redis.asyncio
from redis_server import RedisServer

from scheduler.lease import Lease

TTL = 1.5
RENEW = 0.5
SLACK = 0.3  # scheduling noise on a busy machine
KEY = "live:leader"
REPO = Path(__file__).resolve().parents[2]


def now() -> float:
    return time.monotonic()


class Contender:
    """A Lease running in a task, recording when its callbacks were called."""

    def __init__(self, url: str, name: str, *, key: str = KEY, ttl: float = TTL, renew_every: float = RENEW,
                 on_acquired: Callable[[], None] | None = None) -> None:
        self.lease = Lease(url, key, ttl=ttl, renew_every=renew_every, owner=name)
        self.name = name
        self.calls: list[tuple[str, float]] = []
        self._changed = asyncio.Event()
        self._extra = on_acquired
        self.task = asyncio.create_task(self.lease.run(self._acquired, self._lost))

    def _acquired(self) -> None:  # a plain function
        self.calls.append(("acquired", now()))
        self._changed.set()
        if self._extra is not None:
            self._extra()

    async def _lost(self) -> None:  # a coroutine function
        self.calls.append(("lost", now()))
        self._changed.set()

    def count(self, kind: str) -> int:
        return sum(1 for k, _ in self.calls if k == kind)

    def last(self, kind: str) -> float:
        return max(t for k, t in self.calls if k == kind)

    async def wait(self, kind: str, count: int = 1, timeout: float = 10.0) -> float:
        """Wait until the callback `kind` has been called `count` times; the time of the last call."""
        async with asyncio.timeout(timeout):
            while self.count(kind) < count:
                self._changed.clear()
                if self.task.done():
                    self.task.result()
                await self._changed.wait()
        return self.last(kind)

    async def cancel(self) -> None:
        self.task.cancel()
        done, _ = await asyncio.wait({self.task}, timeout=5.0)
        assert done, f"{self.name}'s lease did not stop when cancelled"


@contextlib.asynccontextmanager
async def contenders(url: str, *names: str) -> AsyncIterator[list[Contender]]:
    running = [Contender(url, name) for name in names]
    try:
        yield running
    finally:
        for each in running:
            await each.cancel()


async def first_holder(*candidates: Contender, timeout: float = 10.0) -> Contender:
    async with asyncio.timeout(timeout):
        while True:
            held = [c for c in candidates if c.lease.held]
            if held:
                return held[0]
            await asyncio.sleep(0.02)


async def clear(url: str) -> None:
    client = redis.asyncio.Redis.from_url(url)
    try:
        await client.delete(KEY)
    finally:
        await client.aclose()


async def key_value(url: str) -> str | None:
    client = redis.asyncio.Redis.from_url(url, decode_responses=True)
    try:
        return await client.get(KEY)
    finally:
        await client.aclose()


def test_a_lease_that_could_outlive_its_key_is_refused() -> None:
    with pytest.raises(ValueError, match="less than ttl"):
        Lease("redis://127.0.0.1:1/0", KEY, ttl=5.0, renew_every=5.0)
    with pytest.raises(ValueError, match="step down before its key can expire"):
        Lease("redis://127.0.0.1:1/0", KEY, ttl=5.0, renew_every=4.0, timeout=1.0)
    assert Lease("redis://127.0.0.1:1/0", KEY).timeout == 2.0  # ttl 15, renew 5: 5 + 2 < 15
    assert Lease("redis://127.0.0.1:1/0", KEY).owner != Lease("redis://127.0.0.1:1/0", KEY).owner


async def test_of_two_leases_on_one_key_exactly_one_holds_and_keeps_it(redis_server: RedisServer) -> None:
    await clear(redis_server.url)
    async with contenders(redis_server.url, "a", "b") as (a, b):
        holder = await first_holder(a, b)
        other = b if holder is a else a
        deadline = now() + 3 * TTL  # several expiries' worth: the holder renews, the other never gets in
        while now() < deadline:
            assert [c.lease.held for c in (a, b)].count(True) == 1
            assert holder.lease.held
            await asyncio.sleep(0.05)
        assert await key_value(redis_server.url) == holder.name
        assert (holder.count("acquired"), holder.count("lost")) == (1, 0)
        assert other.calls == []


async def test_cancelling_the_holder_steps_down_releases_and_hands_over_at_once(redis_server: RedisServer) -> None:
    await clear(redis_server.url)
    async with contenders(redis_server.url, "a", "b") as (a, b):
        holder = await first_holder(a, b)
        other = b if holder is a else a
        cancelled_at = now()
        await holder.cancel()
        assert holder.count("lost") == 1 and not holder.lease.held
        acquired_at = await other.wait("acquired")
        # released, not expired: the other gets it at its next attempt, not a ttl later
        assert acquired_at - cancelled_at < RENEW + SLACK
        assert await key_value(redis_server.url) == other.name


HOLDER = """
import asyncio, sys
from scheduler.lease import Lease

async def main():
    lease = Lease(sys.argv[1], sys.argv[2], ttl=float(sys.argv[3]), renew_every=float(sys.argv[4]), owner="doomed")
    await lease.run(lambda: print("acquired", flush=True), lambda: print("lost", flush=True))

asyncio.run(main())
"""


async def test_a_holder_that_dies_is_replaced_within_ttl_and_a_renewal(redis_server: RedisServer) -> None:
    await clear(redis_server.url)
    doomed = await asyncio.create_subprocess_exec(
        sys.executable, "-c", HOLDER, redis_server.url, KEY, str(TTL), str(RENEW),
        cwd=REPO, stdout=asyncio.subprocess.PIPE)
    try:
        assert doomed.stdout is not None
        async with asyncio.timeout(10):
            assert await doomed.stdout.readline() == b"acquired\n"
        async with contenders(redis_server.url, "survivor") as (survivor,):
            await asyncio.sleep(2 * TTL)  # the doomed holder keeps renewing: no way in
            assert survivor.calls == [] and await key_value(redis_server.url) == "doomed"
            doomed.kill()  # SIGKILL: no on_lost, no release; only the key's expiry frees it
            await doomed.wait()
            died_at = now()
            acquired_at = await survivor.wait("acquired")
            assert TTL - RENEW - SLACK < acquired_at - died_at < TTL + RENEW + SLACK
    finally:
        if doomed.returncode is None:
            doomed.kill()
            await doomed.wait()


async def test_a_holder_whose_redis_goes_away_steps_down_within_a_renewal(own_redis: RedisServer) -> None:
    async with contenders(own_redis.url, "a") as (a,):
        await a.wait("acquired")
        await asyncio.sleep(RENEW * 1.5)  # renewed at least once
        own_redis.kill()
        killed_at = now()
        lost_at = await a.wait("lost")
        assert lost_at - killed_at < RENEW + SLACK
        assert not a.lease.held


async def test_a_holder_whose_redis_hangs_steps_down_before_its_key_could_expire(own_redis: RedisServer) -> None:
    async with contenders(own_redis.url, "a") as (a,):
        await a.wait("acquired")
        await asyncio.sleep(RENEW * 1.5)
        own_redis.freeze()  # the port stays open, nothing answers: the renewal times out
        try:
            frozen_at = now()
            lost_at = await a.wait("lost")
            assert lost_at - frozen_at < RENEW + a.lease.timeout + SLACK
            assert lost_at - frozen_at < TTL  # before anyone else could have taken the key
        finally:
            own_redis.thaw()


async def test_after_redis_restarts_one_of_them_acquires_again(own_redis: RedisServer) -> None:
    async with contenders(own_redis.url, "a", "b") as (a, b):
        holder = await first_holder(a, b)
        own_redis.stop()
        await holder.wait("lost")
        await asyncio.sleep(RENEW * 2)  # both try in vain meanwhile
        assert not a.lease.held and not b.lease.held
        await asyncio.to_thread(own_redis.start)
        restarted_at = now()
        again = await first_holder(a, b)
        assert now() - restarted_at < TTL + RENEW + SLACK
        deadline = now() + 2 * TTL
        while now() < deadline:
            assert [c.lease.held for c in (a, b)].count(True) == 1
            await asyncio.sleep(0.05)
        assert await key_value(own_redis.url) == again.name


async def test_a_holder_whose_key_was_taken_over_steps_down_and_waits(redis_server: RedisServer) -> None:
    client = redis.asyncio.Redis.from_url(redis_server.url, decode_responses=True)
    await client.delete(KEY)
    async with contenders(redis_server.url, "a") as (a,):
        await a.wait("acquired")
        await client.set(KEY, "intruder", px=int(TTL * 1000 * 3))
        taken_at = now()
        lost_at = await a.wait("lost")
        assert lost_at - taken_at < RENEW + SLACK
        await asyncio.sleep(TTL)
        assert a.count("acquired") == 1 and await client.get(KEY) == "intruder"  # never overwritten
        await client.delete(KEY)
        await a.wait("acquired", count=2, timeout=RENEW + SLACK + 1)
    await client.aclose()


async def test_a_failing_on_acquired_ends_run_after_stepping_down_and_releasing(redis_server: RedisServer) -> None:
    await clear(redis_server.url)

    def refuse() -> None:
        raise RuntimeError("the scheduler would not start")

    broken = Contender(redis_server.url, "broken", on_acquired=refuse)
    with pytest.raises(RuntimeError, match="would not start"):
        async with asyncio.timeout(10):
            await broken.task
    assert broken.count("lost") == 1 and not broken.lease.held
    assert await key_value(redis_server.url) is None
