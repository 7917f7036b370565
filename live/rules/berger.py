"""Berger round-robin schedules (FIDE Handbook C.05 Annex 1), for the team events (docs/rules/novi-sad.md#format,
docs/rules/slovak-league.md#format).

The FIDE Berger table for n (even) numbers keeps n fixed and rotates 1 … n−1: in round r the
other numbers are read from 1 + (r−1)·n/2 (mod n−1) onwards as s₀ … s_{n−2}; board 1 pairs
s₀ with n (s₀ home in odd rounds, n home in even rounds) and board k pairs s_{k−1} (home) with
s_{n−k}. For 6 this gives 1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1,
the published table (the unit tests hold the tables for 4, 6, 8 and 10).

An odd number of teams gets a dummy as the highest number (FIDE: "the highest number counts as
a bye"): the team drawn against it has the bye that round, so each team has exactly one bye per
cycle. A double round robin repeats the first cycle with home and away reversed (docs/rules/novi-sad.md#format:
rounds 1–5 the first-listed team is home, rounds 6–10 reversed). FIDE recommends swapping the
last two rounds of the first cycle in a double round robin (no team three times running at
home); that is `swap_last_two`, off by default because no rules document asks for it.

Home is the first of each pair: the open room in bridge, White in chess.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class BergerRound(Generic[T]):
    """One round: (home, away) pairs in board order, and the team with the bye (odd fields)."""

    number: int
    pairs: tuple[tuple[T, T], ...]
    bye: T | None = None


def berger_numbers(n: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The FIDE Berger table for an even n: rounds 1 … n−1 of (home, away) numbers 1 … n."""
    if n < 2 or n % 2:
        raise ValueError(f"a Berger table has an even number of places, not {n}")
    half, ring = n // 2, n - 1
    rounds = []
    for r in range(1, n):
        start = (r - 1) * half % ring  # 0-based index of s₀ in 1 … n−1
        s = [(start + i) % ring + 1 for i in range(ring)]
        first = (s[0], n) if r % 2 else (n, s[0])
        rounds.append((first, *((s[k - 1], s[n - k]) for k in range(2, half + 1))))
    return tuple(rounds)


def berger(teams: Sequence[T], *, double: bool = False, swap_last_two: bool = False) -> tuple[BergerRound[T], ...]:
    """The schedule for teams in draw order (the first is number 1), single or double round robin."""
    if len(teams) < 2:
        raise ValueError(f"a round robin needs at least 2 teams, not {len(teams)}")
    if len(set(teams)) != len(teams):
        raise ValueError("a team is listed twice")
    n = len(teams) + len(teams) % 2
    dummy = len(teams) + 1 if len(teams) % 2 else None  # the number that means "bye"
    table = list(berger_numbers(n))
    if swap_last_two and double and len(table) >= 2:
        table[-2], table[-1] = table[-1], table[-2]

    cycles = [False, True] if double else [False]
    rounds: list[BergerRound[T]] = []
    for reverse in cycles:
        for numbers in table:
            pairs: list[tuple[T, T]] = []
            bye: T | None = None
            for home, away in numbers:
                if dummy in (home, away):
                    bye = teams[(away if home == dummy else home) - 1]
                    continue
                pair = (teams[home - 1], teams[away - 1])
                pairs.append((pair[1], pair[0]) if reverse else pair)
            rounds.append(BergerRound(number=len(rounds) + 1, pairs=tuple(pairs), bye=bye))
    return tuple(rounds)
