"""The shared event log: a Redis Stream that several server instances append to and tail.

Keys (all under `key_prefix`, default `live`; one prefix = one tournament's log):

    {prefix}:events    Stream. Entry id `<seq>-0`, so the stream's order is the seq order and
                       `XRANGE`/`XREAD` from `<N>-0` is "the events after N". Fields: ts (epoch
                       ms), type, actor, payload (JSON), signal (only when the event has one).
    {prefix}:seq       String: the last seq (0 or missing when the log is empty).
    {prefix}:signals   Hash: signal id → the seq it was appended at (the at-most-once check).
    {prefix}:meta      Hash: `tournament` → the id of the tournament the log belongs to; and
                       the secrets (`secret`): `referee_token`, `checkin_secret`,
                       `referee_secret`, each set once (HSETNX) by the first instance to ask.

Several tournaments can share one Redis under different prefixes. For Redis Cluster give a
prefix with a hash tag (`{hall}`), so that all four keys land in one slot.

An append is one Lua script (APPEND_SCRIPT), so the seq check, the signal check, the seq
increment and the XADD are atomic among all instances. Its first write is the XADD, which can
only fail before anything is written; the script never leaves half an event behind.

The timestamp is the Redis server's clock (`TIME` inside the script), not the instance's:
with several instances behind a load balancer, one clock for the whole log keeps ts in the same
order as seq whichever instance took the command. It is never less than the previous event's
ts, even if the Redis host's clock steps back. (Keep the instances' clocks NTP-synced anyway:
they compute `now` for commands and countdowns.)

Durability is the server's: run Redis with `appendonly yes` and `appendfsync always` (Redis
then fsyncs the AOF before it answers). `open` logs a warning when it can see that it does not.

Errors: every Redis connection or timeout error in `open`/`append`/`read` becomes LogUnavailable
(the HTTP layer answers 503). The client for commands has short timeouts and no automatic retry:
an append that timed out may have been stored, and retrying it blindly could store a referee
command twice. (Retrying a *signal* is safe: the signal hash refuses the second one.) What an
append acknowledged is stored; an append that raised may still show up in `read`/`tail`.

`tail` follows the stream with XREAD BLOCK on its own client (its socket timeout exceeds the
block time); on a connection error it backs off and resumes after the last event it yielded.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any, TypedDict, cast
from urllib.parse import urlsplit, urlunsplit

import redis
import redis.asyncio
from redis.asyncio.retry import Retry as AsyncRetry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError, ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.retry import Retry

try:  # redis-py >= 6; older versions have no maintenance notifications (and speak RESP2 by default)
    from redis.maint_notifications import MaintNotificationsConfig
except ImportError:  # pragma: no cover
    MaintNotificationsConfig = None  # type: ignore[assignment,misc]  # (the class, or None where redis-py lacks it)

from live.core.events import Event, NewEvent
from live.edges.log import LogUnavailable, SeqConflict, TournamentMismatch, check_secret_name, check_secret_value

log = logging.getLogger("live.edges.log.redis")

#: KEYS: events, seq, signals. ARGV: type, actor, payload JSON, signal or '', expect_seq or ''.
#: Returns {'ok', seq, ts}; {'conflict', current seq}; or nil when the signal is already in the log.
APPEND_SCRIPT = """
local current = tonumber(redis.call('GET', KEYS[2]) or '0')
if ARGV[5] ~= '' and tonumber(ARGV[5]) ~= current then
  return {'conflict', current}
end
local signal = ARGV[4]
if signal ~= '' and redis.call('HEXISTS', KEYS[3], signal) == 1 then
  return false
end
local now = redis.call('TIME')
local ts = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
if last[1] then
  local fields = last[1][2]
  for i = 1, #fields, 2 do
    if fields[i] == 'ts' then ts = math.max(ts, tonumber(fields[i + 1])) end
  end
end
local seq = current + 1
local id = string.format('%.0f-0', seq)
ts = string.format('%.0f', ts)
if signal ~= '' then
  redis.call('XADD', KEYS[1], id, 'ts', ts, 'type', ARGV[1], 'actor', ARGV[2], 'payload', ARGV[3],
             'signal', signal)
  redis.call('HSET', KEYS[3], signal, seq)
else
  redis.call('XADD', KEYS[1], id, 'ts', ts, 'type', ARGV[1], 'actor', ARGV[2], 'payload', ARGV[3])
end
redis.call('SET', KEYS[2], seq)
return {'ok', seq, tonumber(ts)}
"""

READ_BATCH = 1000
TAIL_BACKOFF_START = 0.1
TAIL_BACKOFF_MAX = 2.0


def raise_if_cancelled() -> None:
    """Re-raise a cancellation that redis-py swallowed.

    On Python 3.11 `asyncio.wait_for`, which redis-py uses to send every command, returns normally
    when the task is cancelled in the instant the send completes (CPython gh-86296, fixed in 3.12):
    the CancelledError is lost, though `Task.cancelling()` still counts it. A loop around redis
    calls would then never stop; call this after each call in such a loop.
    """
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError


class _ClientOptions(TypedDict, total=False):
    """The client's options this redis-py may lack (`make_client`)."""

    maint_notifications_config: MaintNotificationsConfig


def make_client(url: str, *, timeout: float, read_timeout: float | None = None) -> redis.asyncio.Redis:
    """An asyncio client as the log and the lease need one.

    - `timeout` bounds connecting, and every answer unless `read_timeout` is given (the tail's
      XREAD BLOCK needs longer);
    - no automatic retry (redis-py retries 3 times by default): a command is sent once;
    - maintenance notifications off: with them on (the default with RESP3) the pool does not notice
      that a pooled connection was closed by a restarted Redis, and the first command after a
      restart would fail;
    - strings decoded as UTF-8.
    """
    options: _ClientOptions = {}
    if MaintNotificationsConfig is not None:
        options["maint_notifications_config"] = MaintNotificationsConfig(enabled=False)
    return redis.asyncio.Redis.from_url(
        url, decode_responses=True, socket_connect_timeout=timeout,
        socket_timeout=timeout if read_timeout is None else read_timeout, retry=AsyncRetry(NoBackoff(), 0), **options)


def redacted(url: str) -> str:
    """The URL without a password, for messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username or ''}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


class RedisLog:
    """The EventLog on a Redis Stream, shared by every instance that opens it with the same URL and prefix.

    `timeout` bounds connecting and every command (seconds); `block_ms` is how long one XREAD of
    `tail` waits for new events before asking again.
    """

    def __init__(self, url: str, tournament_name: str, *, key_prefix: str = "live",
                 timeout: float = 2.0, block_ms: int = 5000, legacy_owner: str | None = None) -> None:
        if not key_prefix:
            raise ValueError("key_prefix must not be empty")
        self.url = url
        self.tournament_name = tournament_name  # the tournament's id (`[tournament] id`)
        #: What logs written before tournaments had ids hold instead (the name): adopted, and rewritten.
        self.legacy_owner = legacy_owner
        self.key_prefix = key_prefix
        self.timeout = timeout
        self.block_ms = block_ms
        self.events_key = f"{key_prefix}:events"
        self.seq_key = f"{key_prefix}:seq"
        self.signals_key = f"{key_prefix}:signals"
        self.meta_key = f"{key_prefix}:meta"
        self._client: redis.asyncio.Redis | None = None
        self._append_script: Any = None

    def __repr__(self) -> str:
        return f"RedisLog({redacted(self.url)!r}, {self.tournament_name!r}, key_prefix={self.key_prefix!r})"

    def _unavailable(self, exc: BaseException, doing: str) -> LogUnavailable:
        where = f"Redis at {redacted(self.url)}"
        if isinstance(exc, RedisTimeoutError | TimeoutError):
            return LogUnavailable(f"{where} did not answer within {self.timeout:g} s while {doing}: {exc}")
        if isinstance(exc, RedisConnectionError | OSError):
            return LogUnavailable(f"{where} is unreachable: {exc}")
        return LogUnavailable(f"{where} refused {doing}: {exc}")

    def _mismatch(self, owner: str) -> TournamentMismatch:
        return TournamentMismatch(
            f"Redis at {redacted(self.url)} holds under the prefix {self.key_prefix!r} the log of {owner!r}, "
            f"not of {self.tournament_name!r}; use another key prefix (or Redis database) for this tournament")

    # life-cycle ---------------------------------------------------------------------------------

    async def open(self) -> None:
        """Connect, claim the prefix for this tournament (or check it is ours) and load the append script.

        Raises LogUnavailable when Redis cannot be reached, TournamentMismatch when the prefix holds
        another tournament's log.
        """
        if self._client is not None:
            return
        client = make_client(self.url, timeout=self.timeout)
        try:
            await client.hsetnx(self.meta_key, "tournament", self.tournament_name)
            owner = await client.hget(self.meta_key, "tournament")
            if self.legacy_owner is not None and owner == self.legacy_owner:
                await client.hset(self.meta_key, "tournament", self.tournament_name)
                owner = self.tournament_name
            if owner != self.tournament_name:
                raise self._mismatch(str(owner))
            await self._check_durability(client)
            script = client.register_script(APPEND_SCRIPT)
            await client.script_load(APPEND_SCRIPT)
        except (RedisError, OSError) as exc:
            await client.aclose()
            raise self._unavailable(exc, "opening the log") from exc
        except BaseException:
            await client.aclose()
            raise
        self._client = client
        self._append_script = script

    async def _check_durability(self, client: redis.asyncio.Redis) -> None:
        try:
            config = await client.config_get("append*")
        except ResponseError:  # CONFIG is often disabled on managed Redis: nothing to check then
            log.info("cannot read the configuration of Redis at %s; make sure it runs with appendonly yes "
                     "and appendfsync always", redacted(self.url))
            return
        if config.get("appendonly") != "yes" or config.get("appendfsync") != "always":
            log.warning("Redis at %s runs with appendonly %s, appendfsync %s: an acknowledged event can be lost "
                        "when Redis or its machine crashes; use appendonly yes and appendfsync always",
                        redacted(self.url), config.get("appendonly"), config.get("appendfsync"))

    def verify(self) -> None:
        """Synchronously check once that Redis answers and the prefix is free or this tournament's.

        For the command line, before the server starts. Raises LogUnavailable or TournamentMismatch.
        """
        client = redis.Redis.from_url(self.url, decode_responses=True, socket_connect_timeout=self.timeout,
                                      socket_timeout=self.timeout, retry=Retry(NoBackoff(), 0))
        try:
            client.hsetnx(self.meta_key, "tournament", self.tournament_name)
            owner = client.hget(self.meta_key, "tournament")
        except (RedisError, OSError) as exc:
            raise self._unavailable(exc, "opening the log") from exc
        finally:
            client.close()
        if owner != self.tournament_name:
            raise self._mismatch(str(owner))

    async def close(self) -> None:
        client, self._client, self._append_script = self._client, None, None
        if client is not None:
            await client.aclose()

    # the log ------------------------------------------------------------------------------------

    async def append(self, event: NewEvent, *, expect_seq: int | None = None) -> Event | None:
        """Store `event` with the next seq and Redis's time; None if its signal is already in the log.

        With `expect_seq`, raises SeqConflict (writing nothing) unless the log's last seq is `expect_seq`.
        """
        if self._append_script is None:
            raise LogUnavailable("the event log is not open")
        payload = json.dumps(event.payload, ensure_ascii=False, separators=(",", ":"))
        args = [event.type, event.actor, payload, event.signal or "", "" if expect_seq is None else str(expect_seq)]
        try:
            reply = await self._append_script(keys=[self.events_key, self.seq_key, self.signals_key], args=args)
        except (RedisError, OSError) as exc:
            raise self._unavailable(exc, "appending") from exc
        if reply is None:
            return None
        status, *values = reply
        if status == "conflict":
            assert expect_seq is not None
            raise SeqConflict(expect_seq, int(values[0]))
        seq, ts = int(values[0]), int(values[1])
        return Event(seq, ts, event.type, event.actor, json.loads(payload), event.signal)

    async def secret(self, name: str, make: Callable[[], str]) -> str:
        """The value under `name` in the meta hash: HSETNX of `make()`'s value, then HGET. The first
        instance to ask stores its value; every other instance, now or after a restart, reads that one."""
        check_secret_name(name)
        if self._client is None:
            raise LogUnavailable("the event log is not open")
        value = check_secret_value(name, make())
        try:
            await self._client.hsetnx(self.meta_key, name, value)
            kept = await self._client.hget(self.meta_key, name)
        except (RedisError, OSError) as exc:
            raise self._unavailable(exc, f"keeping the secret {name!r}") from exc
        if not kept:  # deleted between the two calls by hand: nothing to agree on, say so
            raise LogUnavailable(f"Redis at {redacted(self.url)} lost {self.meta_key} {name!r} while it was set")
        return str(kept)

    async def read(self, since: int = 0) -> list[Event]:
        """The events after `since`, in seq order (read in batches of READ_BATCH)."""
        if self._client is None:
            raise LogUnavailable("the event log is not open")
        out: list[Event] = []
        start = max(since, 0) + 1
        try:
            while True:
                # (redis-py's hints join its sync and async answers: the asyncio client's is the entries.)
                entries: list[tuple[str, dict[str, str]]] = cast(
                    "list[tuple[str, dict[str, str]]]",
                    await self._client.xrange(self.events_key, f"{start}-0", "+", count=READ_BATCH))
                out.extend(_event(entry_id, fields) for entry_id, fields in entries)
                if len(entries) < READ_BATCH:
                    return out
                start = out[-1].seq + 1
        except (RedisError, OSError) as exc:
            raise self._unavailable(exc, "reading") from exc

    async def tail(self, since: int) -> AsyncIterator[Event]:
        """Every event after `since`, in order, forever: first those already stored, then each new one.

        One XREAD BLOCK at a time on a client of its own. A connection error (Redis restarting,
        the network gone) is logged and retried with a back-off from 0.1 s doubling to 2 s; the
        tail resumes after the last event it yielded, so it never skips or repeats one. Other
        errors (e.g. the key holds something else) end the iteration with the exception.

        Run it in a task and cancel the task to stop: it stops at once, even while an XREAD blocks,
        and closes its client. (Breaking out of an `async for` leaves the generator to be closed
        later; use `contextlib.aclosing` then.) It has a client of its own; `open` the log first all
        the same, which checks that the prefix holds this tournament.
        """
        last = max(since, 0)
        delay = TAIL_BACKOFF_START
        client = make_client(self.url, timeout=self.timeout, read_timeout=self.block_ms / 1000 + max(self.timeout, 1.0))
        try:
            while True:
                try:
                    reply = await self._xread(client, last)
                except (RedisConnectionError, RedisTimeoutError, OSError) as exc:
                    log.warning("tailing Redis at %s after seq %d failed (%s); retrying in %.1f s",
                                redacted(self.url), last, exc, delay)
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, TAIL_BACKOFF_MAX)
                    continue
                if delay > TAIL_BACKOFF_START:
                    log.warning("tailing Redis at %s again after seq %d", redacted(self.url), last)
                delay = TAIL_BACKOFF_START
                for entry_id, fields in _stream_entries(reply):
                    event = _event(entry_id, fields)
                    if event.seq <= last:
                        continue
                    last = event.seq
                    yield event
        finally:
            await client.aclose()  # also ends an XREAD still blocked in its task

    async def _xread(self, client: redis.asyncio.Redis, last: int) -> Any:
        """One XREAD BLOCK, in a task of its own so that cancelling the tail stops it at once.

        (On Python 3.11 redis-py can swallow a cancellation, see `raise_if_cancelled`; awaited
        directly, the tail would then stop only after the block time.)
        """
        read: asyncio.Future[Any] = asyncio.ensure_future(
            client.xread({self.events_key: f"{last}-0"}, count=READ_BATCH, block=self.block_ms))
        read.add_done_callback(_retrieve)
        try:
            await asyncio.wait({read})
        except asyncio.CancelledError:
            read.cancel()
            raise
        return read.result()


def _retrieve(task: asyncio.Future[Any]) -> None:
    """Mark a task's exception as seen (the tail reports errors through `result()`, or not at all when cancelled)."""
    if not task.cancelled():
        task.exception()


def _stream_entries(reply: Any) -> list[tuple[str, dict[str, str]]]:
    """The entries of an XREAD reply (RESP2: [[key, entries]]; RESP3, `?protocol=3` in the URL: {key: [entries]})."""
    if not reply:
        return []
    if isinstance(reply, dict):
        return [entry for value in reply.values() for entries in value for entry in entries]
    return [entry for _key, entries in reply for entry in entries]


def _event(entry_id: str, fields: dict[str, str]) -> Event:
    seq = int(entry_id.split("-", 1)[0])
    return Event(seq, int(fields["ts"]), fields["type"], fields["actor"], json.loads(fields["payload"]),
                 fields.get("signal") or None)
