"""The event log: the only storage. One small interface, one backend per file.

Backends: `live.edges.log.sqlite.SQLiteLog` (embedded, one file), `live.edges.log.redis.RedisLog`
(a Redis Stream shared by several server instances) and `live.edges.log.memory.MemoryLog` (process
memory, for tests and a demo without a file).

Contract (tests/contract runs it against every backend):
- `append` stores the event durably before it returns, gives it the next seq and the
  log's timestamp, and returns it; an event whose `signal` id is already in the log is not
  stored again and `append` returns None.
- `append(event, expect_seq=N)` stores the event only if the log's last seq is still N (the
  state the event was decided against); otherwise it writes nothing and raises SeqConflict
  carrying the current seq, so the caller can catch up (`read(N)`), decide again and retry.
  The check comes first: a stale append raises SeqConflict even when its signal is a
  duplicate.
- `read(since)` returns the events after `since`, in seq order, with no gaps.
- `open` refuses (TournamentMismatch) a log that belongs to another tournament.
- `secret(name, make)` returns the value the log keeps under `name` beside its events (SQLite's
  meta table, Redis's meta hash, the memory store): the referee token, the check-in secret and
  the referee-session secret live with the log they guard, so every restart and every instance
  on the same log agrees on them. The first call stores `make()`'s value; the check and the store
  are one atomic step, so two first calls at once (two coroutines, two instances) return the same
  value, and `make` may run for a caller whose value then loses (it is thrown away). The log must
  be open. `name` is letters, digits, '_' or '-', never `tournament`; the value a non-empty string.
  (What an environment variable gives instead is the caller's business: live/edges/cli.py.)
- An error of the storage becomes LogUnavailable: nothing was acknowledged. (For a networked
  backend an append that timed out may still have been stored; a tail or the next `read`
  shows it. Whatever was acknowledged is stored.)

A backend may also offer `tail(since)` (see `TailingLog`) when other processes append to the
same log: an endless async iterator of every event after `since`, in order, without gaps or
repeats, including the ones this process appended. The SQLite backend has no tail: one server
owns the file and ingests its own appends.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Protocol, runtime_checkable

from live.core.events import Event, NewEvent


class LogUnavailable(RuntimeError):
    """The log cannot store anything right now; the command is not acknowledged."""


class TournamentMismatch(RuntimeError):
    """The log holds the events of another tournament."""


class SeqConflict(RuntimeError):
    """`append(..., expect_seq=N)` found the log at another seq; nothing was written."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"the log is at seq {current}, not {expected}: catch up and decide again")
        self.expected = expected
        self.current = current


def check_secret_name(name: str) -> None:
    """A secret's name is a plain word (it becomes a meta key or hash field), and never `tournament`,
    the meta entry that says whose log it is: a secret must not be able to overwrite it."""
    if not name or name == "tournament" or not name.replace("_", "").replace("-", "").isalnum() \
            or not name.isascii():
        raise ValueError(f"{name!r} cannot name a secret: use letters, digits, '_' or '-', and not 'tournament'")


def check_secret_value(name: str, value: object) -> str:
    """A secret is a non-empty string: an empty token would let anyone in."""
    if not isinstance(value, str) or not value:
        raise ValueError(f"the secret {name!r} must be a non-empty string, not {value!r}")
    return value


class EventLog(Protocol):
    async def open(self) -> None: ...

    async def append(self, event: NewEvent, *, expect_seq: int | None = None) -> Event | None: ...

    async def read(self, since: int = 0) -> list[Event]: ...

    async def secret(self, name: str, make: Callable[[], str]) -> str: ...

    async def close(self) -> None: ...


@runtime_checkable
class TailingLog(EventLog, Protocol):
    """A log other processes append to: `tail` follows it. Check with `isinstance(log, TailingLog)`."""

    def tail(self, since: int) -> AsyncIterator[Event]: ...
