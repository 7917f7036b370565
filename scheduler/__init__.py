"""Timetable → jobs → signal events. See `scheduler.jobs.SignalScheduler`."""

from scheduler.jobs import SignalScheduler

__all__ = ["SignalScheduler"]
