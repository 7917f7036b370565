"""The event log: the only storage. One small interface, one backend per file.

Contract (tests/contract runs it against every backend):
- `append` stores the event durably before it returns, gives it the next seq and the
  log's timestamp, and returns it; an event whose `signal` id is already in the log is not
  stored again and `append` returns None.
- `read(since)` returns the events after `since`, in seq order, with no gaps.
"""

from __future__ import annotations

from typing import Protocol

from live.events import Event, NewEvent


class LogUnavailable(RuntimeError):
    """The log cannot store anything right now; the command is not acknowledged."""


class EventLog(Protocol):
    async def open(self) -> None: ...

    async def append(self, event: NewEvent) -> Event | None: ...

    async def read(self, since: int = 0) -> list[Event]: ...

    async def close(self) -> None: ...
