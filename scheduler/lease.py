"""The leader lease: with several instances on one Redis, only the holder runs the scheduler.

    lease = Lease(redis_url, "live:leader", ttl=15.0, renew_every=5.0)
    task = asyncio.create_task(lease.run(on_acquired=scheduler_start, on_lost=scheduler_stop))
    ...
    task.cancel()  # on shutdown: calls on_lost if held, then releases the key for the next instance

The key holds the owner's random token with a TTL. `run` loops forever:

- not held: try to acquire every `retry_every` seconds (default `renew_every`): `SET key token NX
  PX ttl`, or, when the key already holds our own token (a renewal's answer was lost, Redis came
  back with its AOF), take it back and extend it. Then call `on_acquired`.
- held: renew every `renew_every` seconds with a compare-and-PEXPIRE (only while the value is our
  token). When a renewal fails — Redis unreachable, no answer in time, or the key gone or someone
  else's — call `on_lost` at once and go back to acquiring. A renewal never waits past the moment
  the key could have expired (the send time of the last successful renewal + ttl), so the holder
  steps down before another instance can acquire, as long as `renew_every + timeout < ttl`
  (checked in the constructor) and the clocks of the two machines run at the same rate.
- cancelled: if held, call `on_lost`, then delete the key if it still holds our token
  (compare-and-DEL), so another instance takes over at its next attempt instead of after ttl.

Every `on_acquired` is followed by exactly one `on_lost` (when the lease is lost, when run is
cancelled, or when `on_acquired` raised). Callbacks may be plain functions or coroutine functions;
they run inside the lease loop, so they should return quickly (starting or stopping an
APScheduler does). An exception from a callback ends `run` with that exception (the key released).
`held` is True only between `on_acquired` and `on_lost`, and turns False by itself if the
loop is starved past the lease's validity.

The correctness of signals never depends on the lease (the log refuses a duplicate signal); the
lease only keeps two instances from doing the same work. This is deliberately not
`redis.asyncio.lock.Lock`, which keeps its token in thread-local storage and never renews itself.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from typing import Any, NoReturn

from redis.exceptions import RedisError

from live.edges.log.redis import make_client, raise_if_cancelled, redacted

log = logging.getLogger("scheduler.lease")

Callback = Callable[[], Awaitable[None] | None]

#: KEYS[1] the lease; ARGV owner, ttl ms. 1 if the key is now ours (taken, or ours already and extended).
ACQUIRE_SCRIPT = """
local current = redis.call('GET', KEYS[1])
if current == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if current then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])
return 1
"""

#: Extend the key only while it holds our token: 1 if extended, 0 if it is gone or someone else's.
RENEW_SCRIPT = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
"""

#: Delete the key only while it holds our token.
RELEASE_SCRIPT = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


def default_owner() -> str:
    """A token no other process will have: host, pid and 64 random bits (the host and pid help a person reading)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(8)}"


class Lease:
    """A renewable lease on one Redis key. See the module docstring for the protocol.

    `timeout` bounds each Redis call (connect and answer); by default min(2 s, (ttl − renew_every) / 2).
    """

    def __init__(self, redis_url: str, key: str, *, ttl: float = 15.0, renew_every: float = 5.0,
                 owner: str | None = None, retry_every: float | None = None, timeout: float | None = None) -> None:
        if not 0 < renew_every < ttl:
            raise ValueError(f"renew_every ({renew_every} s) must be more than 0 and less than ttl ({ttl} s)")
        self.timeout = timeout if timeout is not None else min(2.0, (ttl - renew_every) / 2)
        if renew_every + self.timeout >= ttl:
            raise ValueError(f"renew_every + timeout ({renew_every} + {self.timeout} s) must be less than "
                             f"ttl ({ttl} s): the holder must step down before its key can expire")
        self.redis_url = redis_url
        self.key = key
        self.ttl = ttl
        self.renew_every = renew_every
        self.retry_every = renew_every if retry_every is None else retry_every
        self.owner = owner or default_owner()
        self._held = False
        self._valid_until = 0.0  # time.monotonic() before which the key is surely still ours
        self._last_sent = 0.0  # when the last successful acquire/renewal was sent

    def __repr__(self) -> str:
        return f"Lease({redacted(self.redis_url)!r}, {self.key!r}, owner={self.owner!r}, held={self.held})"

    @property
    def held(self) -> bool:
        """Whether this lease is held now (between on_acquired and on_lost, and not past its validity)."""
        return self._held and time.monotonic() < self._valid_until

    async def run(self, on_acquired: Callback, on_lost: Callback) -> NoReturn:
        """Compete for the lease forever (until cancelled); see the module docstring."""
        client = make_client(self.redis_url, timeout=self.timeout)
        acquire = client.register_script(ACQUIRE_SCRIPT)
        renew = client.register_script(RENEW_SCRIPT)
        release = client.register_script(RELEASE_SCRIPT)
        try:
            while True:
                await self._acquire(acquire)
                self._held = True
                log.info("lease %s acquired by %s", self.key, self.owner)
                try:
                    await _call(on_acquired)
                    await self._keep(renew)
                except BaseException:  # cancelled, or a callback failed: step down, then hand the key over
                    self._held = False
                    try:
                        await _call(on_lost)
                    finally:
                        await self._release(release)
                    raise
                self._held = False
                await _call(on_lost)
        finally:
            self._held = False
            await client.aclose()

    async def _acquire(self, acquire: Any) -> None:
        """Return once the key is ours (its validity recorded); try every retry_every seconds."""
        failing = False
        while True:
            sent = time.monotonic()
            try:
                async with asyncio.timeout(self.timeout):
                    got = await acquire(keys=[self.key], args=[self.owner, _ms(self.ttl)])
            except (RedisError, OSError, TimeoutError) as exc:
                raise_if_cancelled()
                got = 0
                if not failing:
                    log.warning("lease %s: Redis at %s unreachable (%s); retrying every %g s",
                                self.key, redacted(self.redis_url), exc or type(exc).__name__, self.retry_every)
                failing = True
            raise_if_cancelled()
            if got:
                self._last_sent, self._valid_until = sent, sent + self.ttl
                return
            await asyncio.sleep(self.retry_every)

    async def _keep(self, renew: Any) -> None:
        """Renew every renew_every seconds; return (without raising) as soon as a renewal fails."""
        while True:
            await asyncio.sleep(max(0.0, self._last_sent + self.renew_every - time.monotonic()))
            sent = time.monotonic()
            remaining = self._valid_until - sent
            if remaining <= 0:
                log.warning("lease %s: not renewed in time (the loop was busy); stepping down", self.key)
                return
            try:
                async with asyncio.timeout(min(self.timeout, remaining)):
                    renewed = await renew(keys=[self.key], args=[self.owner, _ms(self.ttl)])
            except (RedisError, OSError, TimeoutError) as exc:
                raise_if_cancelled()
                log.warning("lease %s: renewal failed (%s); stepping down", self.key, exc or type(exc).__name__)
                return
            raise_if_cancelled()
            if not renewed:
                log.warning("lease %s: the key is gone or someone else's; stepping down", self.key)
                return
            self._last_sent, self._valid_until = sent, sent + self.ttl

    async def _release(self, release: Any) -> None:
        if time.monotonic() >= self._valid_until:
            return  # expired already; it may be someone else's now (the script would check, but why ask)
        try:
            async with asyncio.timeout(self.timeout):
                await release(keys=[self.key], args=[self.owner])
        except (RedisError, OSError, TimeoutError) as exc:
            log.info("lease %s: could not release (%s); it expires within %g s", self.key, exc, self.ttl)


def _ms(seconds: float) -> int:
    return max(1, round(seconds * 1000))


async def _call(callback: Callback) -> None:
    result = callback()
    if inspect.isawaitable(result):
        await result
