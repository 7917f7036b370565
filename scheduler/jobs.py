"""One APScheduler job per due signal, rebuilt from the state after every event.

Jobs are never the truth: they are recomputed from the fold (`live.commands.signals.due_signals`)
after each event and at start, with the signal id as the job id. A job that fires late (the
server was down, the loop was busy) still fires — `misfire_grace_time=None` — because the
fold records both when it was due and when it happened. Whether it should still happen is
decided when it fires, against the state at that moment, and the log refuses a duplicate.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable
from datetime import UTC, datetime, timedelta

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.date import DateTrigger

from live.commands.signals import Signal

log = logging.getLogger("scheduler")
RETRY_SECONDS = 1.0


class SignalScheduler:
    def __init__(self, fire: Callable[[str], Awaitable[object]]) -> None:
        self._fire = fire
        self._scheduler = AsyncIOScheduler(timezone=UTC)
        self._planned: dict[str, int] = {}  # job id → due epoch ms
        self._wanted: dict[str, Signal] = {}  # the signals of the last sync
        self._firing: set[str] = set()  # a job running now is not added again meanwhile
        self._active = False

    @property
    def running(self) -> bool:
        return self._active

    def start(self) -> None:
        """Schedule from now on (the next `sync` plans the jobs)."""
        if not self._scheduler.running:
            self._scheduler.start()
        self._active = True

    def stop(self) -> None:
        """Stop scheduling: no job fires until `start` again. (APScheduler itself keeps running,
        empty: version 3 does not fire jobs again after a shutdown and restart, and an instance
        that loses the lead may win it back.)"""
        self._active = False
        if self._scheduler.running:
            self._scheduler.remove_all_jobs()
        self._planned.clear()

    def shutdown(self) -> None:
        self.stop()
        if self._scheduler.running:
            self._scheduler.shutdown(wait=False)

    def planned(self) -> dict[str, int]:
        return dict(self._planned)

    def sync(self, signals: Iterable[Signal]) -> None:
        """Make the jobs exactly the given signals: add new ones, move changed ones, drop the rest."""
        if not self._active:
            return
        wanted = {s.id: s for s in signals}
        self._wanted = wanted
        for job_id in list(self._planned):
            if job_id not in wanted:
                del self._planned[job_id]
                if self._scheduler.get_job(job_id) is not None:
                    self._scheduler.remove_job(job_id)
        for job_id, signal in wanted.items():
            if job_id in self._firing:
                continue  # decided when it ends (see `_run`)
            if self._planned.get(job_id) == signal.due_at and self._scheduler.get_job(job_id) is not None:
                continue
            self._plan(signal)

    def _plan(self, signal: Signal) -> None:
        self._planned[signal.id] = signal.due_at
        run_at = datetime.fromtimestamp(signal.due_at / 1000, UTC)
        self._scheduler.add_job(
            self._run, DateTrigger(run_date=run_at, timezone=UTC), args=[signal.id], id=signal.id,
            replace_existing=True, misfire_grace_time=None, coalesce=True,
        )

    async def _run(self, signal_id: str) -> None:
        self._planned.pop(signal_id, None)
        self._firing.add(signal_id)
        try:
            await self._fire(signal_id)
            # Still wanted after firing (it was not due any more: the state moved it): plan it again.
            again = self._wanted.get(signal_id)
            if self._active and again is not None and signal_id not in self._planned:
                self._plan(again)
        except Exception:  # the log is unreachable: try again shortly, never drop a signal
            log.exception("signal %s could not be appended; retrying in %s s", signal_id, RETRY_SECONDS)
            if self._active:
                retry_at = datetime.now(UTC) + timedelta(seconds=RETRY_SECONDS)
                self._planned[signal_id] = int(retry_at.timestamp() * 1000)
                self._scheduler.add_job(
                    self._run, DateTrigger(run_date=retry_at, timezone=UTC), args=[signal_id],
                    id=signal_id, replace_existing=True, misfire_grace_time=None,
                )
        finally:
            self._firing.discard(signal_id)
