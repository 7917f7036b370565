"""The event log in process memory: for tests and for a demo that needs no file.

The events live in a `MemoryStore`, which is to a `MemoryLog` what the file is to a `SQLiteLog`:
two MemoryLogs given one store are the same log (closing one and opening another on the store
is "reopening"; a log for another tournament on the store is refused). Nothing survives the
process, so it is never the log of a real tournament.

It keeps the contract the other backends keep (live/edges/log/__init__.py): payloads are stored as
JSON and every read gives back a fresh copy, as a file or Redis would, so a caller that changes
an event it got cannot change the log; a signal id is stored at most once; `expect_seq` is
checked before the signal; timestamps never go back, even when the clock does. Every operation
runs without an await in the middle and under the store's lock, so it is atomic among the
coroutines of one loop and among threads. It has no tail: like SQLite, one process owns it.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from live.core.events import Event, NewEvent
from live.edges.log import LogUnavailable, SeqConflict, TournamentMismatch, check_secret_name, check_secret_value

__all__ = ["MemoryLog", "MemoryStore"]


def wall_ms() -> int:
    """The wall clock in epoch milliseconds, as the SQLite backend stamps events."""
    return time.time_ns() // 1_000_000


@dataclass(frozen=True)
class _Stored:
    """One event as the store keeps it: the payload as JSON text, never a live object."""

    seq: int
    ts: int
    type: str
    actor: str
    payload: str
    signal: str | None

    def event(self) -> Event:
        return Event(self.seq, self.ts, self.type, self.actor, json.loads(self.payload), self.signal)


@dataclass
class MemoryStore:
    """The storage behind one or more MemoryLogs: events, the signals seen, and the meta entries
    (`tournament` → the id of the tournament it belongs to; the secrets, see `MemoryLog.secret`)."""

    events: list[_Stored] = field(default_factory=list)
    signals: dict[str, int] = field(default_factory=dict)
    meta: dict[str, str] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)


class MemoryLog:
    """The EventLog in a `MemoryStore` (a new, empty one unless one is given).

    `clock` gives epoch milliseconds; it is a parameter so that a test can step it back.
    """

    def __init__(self, store: MemoryStore | None = None, tournament_name: str | None = None, *,
                 legacy_owner: str | None = None, clock: Callable[[], int] = wall_ms) -> None:
        self.store = MemoryStore() if store is None else store
        self.tournament_name = tournament_name  # the tournament's id (`[tournament] id`)
        #: What logs written before tournaments had ids hold instead (the name): adopted, and rewritten.
        self.legacy_owner = legacy_owner
        self.clock = clock
        self._open = False

    def __repr__(self) -> str:
        return f"MemoryLog({self.tournament_name!r}, {len(self.store.events)} events)"

    async def open(self) -> None:
        """Claim the store for this tournament, or check that it is ours (TournamentMismatch if not)."""
        self.verify()
        self._open = True

    def verify(self) -> None:
        """Synchronously: the same check as `open`, without opening (as the other backends offer)."""
        if self.tournament_name is None:
            return
        with self.store.lock:
            owner = self.store.meta.setdefault("tournament", self.tournament_name)
            if self.legacy_owner is not None and owner == self.legacy_owner:
                self.store.meta["tournament"] = owner = self.tournament_name
        if owner != self.tournament_name:
            raise TournamentMismatch(f"this in-memory log holds the log of {owner!r}, not of "
                                     f"{self.tournament_name!r}; give the tournament a store of its own")

    async def close(self) -> None:
        self._open = False

    def _check_open(self) -> None:
        if not self._open:
            raise LogUnavailable("the event log is not open")

    async def append(self, event: NewEvent, *, expect_seq: int | None = None) -> Event | None:
        """Store `event`; None if its signal is already in the log. SeqConflict if `expect_seq` is stale."""
        self._check_open()
        payload = json.dumps(event.payload, ensure_ascii=False, separators=(",", ":"))
        store = self.store
        with store.lock:
            current = store.events[-1].seq if store.events else 0
            if expect_seq is not None and expect_seq != current:
                raise SeqConflict(expect_seq, current)
            if event.signal is not None and event.signal in store.signals:
                return None
            ts = max(self.clock(), store.events[-1].ts if store.events else 0)
            stored = _Stored(current + 1, ts, event.type, event.actor, payload, event.signal)
            store.events.append(stored)
            if event.signal is not None:
                store.signals[event.signal] = stored.seq
        return stored.event()

    async def read(self, since: int = 0) -> list[Event]:
        """The events after `since`, in seq order, each a fresh copy."""
        self._check_open()
        with self.store.lock:
            # seqs are 1, 2, 3, …: the events after `since` start at index `since`
            later = self.store.events[max(since, 0):]
        return [stored.event() for stored in later]

    async def secret(self, name: str, make: Callable[[], str]) -> str:
        """The value kept in the store's meta under `name`; on the first call, `make()`'s (see EventLog)."""
        self._check_open()
        check_secret_name(name)
        with self.store.lock:
            if name not in self.store.meta:
                self.store.meta[name] = check_secret_value(name, make())
            return self.store.meta[name]

