"""Preferans seating (docs/rules/cacak.md#seating): who sits at which table, as pure functions.

Round 1 is drawn by lot; the draw is a `random.Random(seed)` shuffle of the player ids in sorted
order, so the seed alone (logged with the draw) replays it, whatever order the players were
registered or passed in. Every later round is seated from the results table: ranks 1–3 at
table 1, 4–6 at table 2, and so on.

A field that is not a multiple of 3 gets tables of four, the lowest-numbered tables first
(docs/rules/cacak.md#seating: "the lowest-numbered first"): n = 3k + 1 makes table 1 a table of four, n = 3k + 2 makes
tables 1 and 2 tables of four (31 players: table 1 of four, tables 2–10 of three; 32 players:
tables 1–2 of four, tables 3–10 of three). So after round 1 the top of the standings plays at the
tables of four. Five players cannot be seated (one table of 3 leaves 2; two tables of 4 need 8),
nor fewer than three.

Seats are numbered 1–3 (1–4 at a table of four) in listing order: seat 1 is the best ranked
(round 1: the first drawn). They are not chairs: the seed has the players of each table draw a
card, the lowest choosing his chair and dealing first, the next sitting on his right and the
highest on his left — done at the table, not by the server. Preferans has no compass seats.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

PlayerId = str


class SeatingError(ValueError):
    """A field that cannot be seated at tables of three and four, or a player listed twice."""


@dataclass(frozen=True)
class Table:
    """One table of a round: its number and (seat, player) in seat order."""

    number: int
    seats: tuple[tuple[int, PlayerId], ...]

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return tuple(player for _, player in self.seats)


def table_sizes(n: int) -> tuple[int, ...]:
    """The sizes of tables 1, 2, … for a field of n: threes, with the fours first."""
    if n < 3 or n == 5:
        raise SeatingError(f"{n} players cannot be seated at tables of three and four")
    fours = n % 3  # 3k + 1 = 4 + 3(k − 1): one table of four; 3k + 2 = 4 + 4 + 3(k − 2): two
    return (4,) * fours + (3,) * ((n - 4 * fours) // 3)


def seat(ordered: Sequence[PlayerId]) -> tuple[Table, ...]:
    """Fill the tables in order: the first players at table 1, seat 1 upwards."""
    if len(set(ordered)) != len(ordered):
        twice = next(p for p in ordered if list(ordered).count(p) > 1)
        raise SeatingError(f"{twice} is listed twice")
    tables: list[Table] = []
    start = 0
    for number, size in enumerate(table_sizes(len(ordered)), start=1):
        chunk = ordered[start:start + size]
        tables.append(Table(number=number, seats=tuple(enumerate(chunk, start=1))))
        start += size
    return tuple(tables)


def draw(players: Iterable[PlayerId], seed: int | str) -> tuple[Table, ...]:
    """Round 1: the seeded draw. The same players and seed always give the same seating."""
    field = sorted(players)
    random.Random(seed).shuffle(field)
    return seat(field)


def from_standings(ranking: Sequence[PlayerId]) -> tuple[Table, ...]:
    """A later round: player ids best first (e.g. `[row.player for row in standings(...)]`)."""
    return seat(ranking)
