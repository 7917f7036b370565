"""Preferans tournament standings (docs/rules/cacak.md#standings, and the best lady:
docs/rules/prizes.md#cacak).

The standings are the sum of each player's points over the rounds; ties are broken by a chain
of criteria, the preset's `standings_tiebreaks` (default: the sum of results in bule, then head
to head), and players still tied share the place. The chain is a parameter because the seed only
scores a game and the tournament ranking is an interpretation (docs/rules/cacak.md#standings).

Head to head (our definition, the seed has none): among the players tied on everything before it
in the chain, every time two of them sat at the same table, the one with the better place at
that table (places include the supe tie-breaks) scores +1 and the other −1; a shared place is 0.
A player's head-to-head value is the sum over his meetings with the other tied players, so
players who never met stay level. As in the bridge standings (docs/rules/slovak-league.md#standings: "each
group still tied after a criterion starts the chain again among its own members only"), a criterion that
splits a tied group sends each smaller group still tied back to the start of the chain, so head
to head is counted again among the smaller group's own members: two players left level inside a
three-way tie are separated by their own meetings.

A referee's deduction of points (docs/rules/sanctions.md#deduction: "a warning, a deduction of
points, and as the last measure removal"; live/rules/sanctions.py) is in the same tournament points
and comes off the sum before anything is ranked: the row's `points` are what the player has after it,
`penalty_points` what was taken. The bule, head to head and rounds do not change.

The standings depend only on the set of scored tables, never on the order rounds are given in;
players tied on every criterion are listed in player-id order so the list (and the seating made
from it) is deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from live.rules.preferans import PlayerId, TableScore
from live.rules.presets import PRESETS

TIEBREAKS = ("bule", "head_to_head")
DEFAULT_TIEBREAKS: tuple[str, ...] = tuple(PRESETS["cacak-preferans"]["standings_tiebreaks"])


class StandingsError(ValueError):
    """Scored rounds that cannot be ranked (a player at two tables of one round, a bad chain)."""


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings; `rank` is shared by players tied on the whole chain. `points` are after
    the referee's deductions, `penalty_points` the points deducted."""

    rank: int
    player: PlayerId
    points: Decimal
    bule: Decimal
    rounds: int
    shared: bool = False
    penalty_points: Decimal = Decimal(0)


def standings(
    rounds: Iterable[Iterable[TableScore]],
    players: Iterable[PlayerId] = (),
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
    deductions: Mapping[PlayerId, Decimal] | None = None,
) -> tuple[StandingRow, ...]:
    """The standings after the given rounds (each an iterable of scored tables).

    `players` adds registered players who have no scored table yet (0 points, 0 rounds).
    `rounds` counts the rounds a player was at a table and not absent (a walkover winner played).
    `deductions` are the tournament points taken off each player by the referee (positive numbers).
    """
    unknown = [name for name in tiebreaks if name not in TIEBREAKS]
    if unknown:
        raise StandingsError(f"unknown tie-break {unknown[0]!r} (known: {', '.join(TIEBREAKS)})")
    tables = _tables(rounds)

    points: dict[PlayerId, Decimal] = {p: Decimal(0) for p in players}
    bule: dict[PlayerId, Decimal] = {p: Decimal(0) for p in points}
    played: dict[PlayerId, int] = {p: 0 for p in points}
    at_tables: dict[PlayerId, list[TableScore]] = {}  # for head-to-head: only the tables a tied player sat at
    for table in tables:
        for line in table.scores:
            at_tables.setdefault(line.player, []).append(table)
            points[line.player] = points.get(line.player, Decimal(0)) + line.points
            bule[line.player] = bule.get(line.player, Decimal(0)) + line.result
            played[line.player] = played.get(line.player, 0) + (0 if line.absent else 1)
    taken: dict[PlayerId, Decimal] = {}
    for p, amount in (deductions or {}).items():
        if amount < 0:
            raise StandingsError(f"a deduction takes points off: {p}'s cannot be {amount}")
        taken[p] = Decimal(amount)
        points[p] = points.get(p, Decimal(0)) - taken[p]
        bule.setdefault(p, Decimal(0))
        played.setdefault(p, 0)

    def key(name: str, group: list[PlayerId]) -> Callable[[PlayerId], Any]:
        if name == "points":
            return points.__getitem__
        if name == "bule":
            return bule.__getitem__
        duels = _head_to_head(group, at_tables)
        return duels.__getitem__

    def order(group: list[PlayerId], chain: Sequence[str]) -> list[list[PlayerId]]:
        """Blocks of players in ranking order (a block of several shares its place): the first criterion
        of `chain` that splits the group decides, and each smaller block restarts the whole tie-break chain."""
        if len(group) == 1:
            return [group]
        for name in chain:
            value = key(name, group)
            levels: dict[Any, list[PlayerId]] = {}
            for p in group:
                levels.setdefault(value(p), []).append(p)
            if len(levels) == 1:
                continue
            return [block for v in sorted(levels, reverse=True) for block in order(sorted(levels[v]), tiebreaks)]
        return [sorted(group)]

    groups = order(sorted(points), ("points", *tiebreaks))

    rows: list[StandingRow] = []
    for group in groups:
        rank = len(rows) + 1
        rows.extend(
            StandingRow(rank=rank, player=p, points=points[p], bule=bule[p], rounds=played[p], shared=len(group) > 1,
                        penalty_points=taken.get(p, Decimal(0)))
            for p in sorted(group)
        )
    return tuple(rows)


def _tables(rounds: Iterable[Iterable[TableScore]]) -> list[TableScore]:
    """All scored tables, checking that nobody sits at two tables of one round."""
    tables: list[TableScore] = []
    for number, round_tables in enumerate(rounds, start=1):
        seen: set[PlayerId] = set()
        for table in round_tables:
            for player in table.players:
                if player in seen:
                    raise StandingsError(f"{player} is at two tables in the {_ordinal(number)} round given")
                seen.add(player)
            tables.append(table)
    return tables


def _head_to_head(group: list[PlayerId], at_tables: dict[PlayerId, list[TableScore]]) -> dict[PlayerId, int]:
    members = set(group)
    score = dict.fromkeys(group, 0)
    shared = {id(table): table for p in group for table in at_tables.get(p, ())}
    for table in shared.values():
        met = [line for line in table.scores if line.player in members and not line.absent]
        for a in met:
            for b in met:
                if a.place < b.place:
                    score[a.player] += 1
                    score[b.player] -= 1
    return score


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
