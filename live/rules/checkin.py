"""Which round a player's own check-in is for (docs/rules/check-in.md#who: a check-in is made by the
referee, or by the player from a phone with a per-player code), pure: the clock is passed in.

A player who taps "I am here" arrives for the next round to be played: the first round, in time order, not
started and neither over nor missed, once its check-in is open (`checkin_opens_before` ahead of its start).
Never a later one: when the rounds are closer together than `checkin_opens_before`, several rounds'
check-in windows are open at once, and only the first of them is the one the player is in the hall for
(recording an arrival for round 3 before round 1 began left round 1 with nobody in, every player "absent"
at its lateness alerts, and the phone never saw its check-in confirmed).

While a round is being played, a player arriving late arrives for it, until the next round's check-in is
open and its start is nearer than the running round's start: then they are in the hall for the next one
(three hours into a round, the player who walks in is there for the round after it). The instant halfway
between the two starts still belongs to the running round.

While none of that holds, no round is open for a player's own check-in (the referee may still record
any arrival by hand).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Round:
    """What the rule reads of a playing item: its id, its start as the hall now has it (epoch ms),
    whether it has started (running or paused), and whether it is done with (ended, or missed: over
    before anything was played; a missed round is nobody's next round)."""

    id: str
    start: int
    started: bool = False
    over: bool = False


def checkin_round(rounds: Iterable[Round], now: int, opens_before_ms: int) -> str | None:
    """The id of the round a player's own check-in at `now` goes to, or None while none is open for it.

    `rounds` in timetable order; of equal starts the first counts. `opens_before_ms` (>= 0) is how long
    before its start a round's check-in opens."""
    if opens_before_ms < 0:
        raise ValueError(f"opens_before_ms must be 0 or more, not {opens_before_ms}")
    rounds = list(rounds)
    playing = next((r for r in rounds if r.started and not r.over), None)
    ahead = _next(rounds)
    if ahead is not None and ahead.start - opens_before_ms > now:
        ahead = None  # its check-in has not opened yet
    if playing is not None and (ahead is None or 2 * now <= playing.start + ahead.start):
        return playing.id
    return None if ahead is None else ahead.id


def switches(rounds: Iterable[Round]) -> list[int]:
    """The instants at which `checkin_round` may change with the clock alone, besides the openings of
    the check-in windows: the first instant past halfway between a round being played and the next."""
    rounds = list(rounds)
    playing = next((r for r in rounds if r.started and not r.over), None)
    ahead = _next(rounds)
    if playing is None or ahead is None:
        return []
    return [(playing.start + ahead.start) // 2 + 1]


def _next(rounds: list[Round]) -> Round | None:
    """The next round to be played: the first not started and not over (of equal starts, the first)."""
    return min((r for r in rounds if not r.started and not r.over), key=lambda r: r.start, default=None)


def opens_at(rounds: Iterable[Round], opens_before_ms: int) -> tuple[str, int] | None:
    """The round a player's own check-in will go to next and the instant its check-in opens, or None when
    no round is still to be played: what a phone says while none is open ("check-in for Round 1 opens at
    10:00")."""
    ahead = _next(list(rounds))
    return None if ahead is None else (ahead.id, ahead.start - opens_before_ms)
