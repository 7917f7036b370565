"""The schedule as the hall follows it: the plan moved by what actually happened, and whether a
start can be played yet. Pure functions of the plan and the items' states.

*Follow* (`[rules] follow = "shift"`, every preset's default): when a playing item ends later than
planned — it started late, was paused or extended — every later item of that day moves by the
overrun, keeping its length and the break before it. A referee needs that break (results are
entered and the next seating is drawn in it), so a round that ran ten minutes long moves the
rest of the day ten minutes rather than eating the break. When a later round ends on time
again, what follows it comes back to its planned times. Items of the next day never move (a day
ends at a night, `Tournament.day`: an evening session past midnight is still one day).
With `follow = "hold"` nothing moves: a start that comes while the previous round is still
being played is held for the referee.
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from dataclasses import replace
from typing import Protocol

from live.core.status import ItemStatus
from live.core.tournament import Item, Tournament, from_ms

FOLLOW_MODES = ("shift", "hold")


class Played(Protocol):
    """What `follow` reads of an item's life-cycle (`live.core.state.ItemState`, which folds it): the
    schedule sits below the state, so it names only what it needs."""

    @property
    def status(self) -> ItemStatus: ...
    @property
    def started_at(self) -> int | None: ...
    @property
    def ended_at(self) -> int | None: ...
    @property
    def extended_ms(self) -> int: ...
    @property
    def paused_ms(self) -> int: ...


def follow(plan: Tournament, states: Mapping[str, Played], pinned: Set[str] = frozenset()) -> tuple[Item, ...]:
    """The plan's items at the times the hall will play them. A `pinned` item keeps the time a
    referee (or the organizer's file) gave it on the day, with `move_item` or `add_item`: the
    overrun of an earlier round does not move what was typed, and what follows it counts from it."""
    if plan.rules.get("follow", "shift") != "shift":
        return plan.items
    out: list[Item] = []
    push = 0  # ms every later item of the day moves by
    day = None
    for item in plan.items:
        today = plan.day(item)
        if today != day:
            day, push = today, 0
        s = states.get(item.id)
        # A started item keeps the time it was due at (lateness counts from it); its clock runs
        # from its own start (ItemState).
        if item.id in pinned:
            push = 0
        moved = replace(item, start=from_ms(item.start_ms + push), end=from_ms(item.end_ms + push)) if push else item
        out.append(moved)
        if s is None:
            continue
        if s.status == ItemStatus.ENDED and s.ended_at is not None:
            end = s.ended_at
        elif s.started_at is not None:
            end = s.started_at + item.duration_ms + s.extended_ms + s.paused_ms
        else:
            end = moved.end_ms + s.extended_ms
        push = max(0, end - item.end_ms)
    return tuple(out)


def previous_playing(t: Tournament, item_id: str) -> Item | None:
    """The playing item before this one in the timetable (the round whose results seat this one)."""
    before = None
    for item in t.items:
        if item.id == item_id:
            return before
        if item.playing:
            before = item
    return None
