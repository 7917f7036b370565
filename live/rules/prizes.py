"""Prize money by place: Čačak (50/25/15/10 % of the fund), Novi Sad (60 : 40, by the final); and the places
a sponsor's prize goes to (Čačak: the 5th; docs/rules/prizes.md), the presets' `sponsor_places`.

The shares are the presets' `prize_shares` (percent of the fund for 1st, 2nd, …). Competitors
who share a place share the money of the places they cover: two players tied for 2nd take
(25 % + 15 %) / 2 each, as is usual when a tie is not broken. Money is Decimal; each amount
is rounded down to `unit` (default one dinar) so the prizes never add up to more than the fund,
and the few dinars left over stay with the organizer.
"""

from __future__ import annotations

import decimal
from collections.abc import Iterable, Sequence
from decimal import Decimal

from live.rules.numbers import to_decimal
from live.rules.presets import PRESETS
from live.rules.vp import Number

CACAK_SHARES: tuple[Number, ...] = tuple(PRESETS["cacak-preferans"]["prize_shares"])
NOVI_SAD_SHARES: tuple[Number, ...] = tuple(PRESETS["novi-sad-teams"]["prize_shares"])


def place_amounts(fund: Number | float, shares: Sequence[Number | float] = CACAK_SHARES) -> list[Decimal]:
    """The exact amount of each paid place: fund × share / 100."""
    fund_d = to_decimal(fund)
    percents = [to_decimal(s) for s in shares]
    if fund_d < 0 or any(p < 0 for p in percents):
        raise ValueError("the fund and the shares cannot be negative")
    if sum(percents, Decimal(0)) > 100:
        raise ValueError(f"the shares add up to more than 100 % ({sum(percents, Decimal(0))} %)")
    return [fund_d * p / 100 for p in percents]


def prizes(
    fund: Number | float,
    ranking: Iterable[tuple[str, int]],
    shares: Sequence[Number | float] = CACAK_SHARES,
    unit: Number | float = 1,
) -> dict[str, Decimal]:
    """Each competitor's prize from (id, rank) pairs, ranks as the standings give them (1, 2, 2, 4).

    A group of k competitors with rank r covers places r … r+k−1 and splits their amounts
    equally; places beyond the shares pay nothing. Everyone in `ranking` is in the result.
    Ranks that overlap (1, 1, 2: the second place is taken by the tie for first) are refused.
    """
    per_place = place_amounts(fund, shares)
    step = to_decimal(unit)
    if step <= 0:
        raise ValueError(f"the rounding unit must be positive, not {unit}")
    groups: dict[int, list[str]] = {}
    for competitor, rank in ranking:
        if rank < 1:
            raise ValueError(f"ranks start at 1, not {rank} ({competitor})")
        groups.setdefault(rank, []).append(competitor)
    result: dict[str, Decimal] = {}
    next_free = 1
    for rank in sorted(groups):
        if rank < next_free:
            raise ValueError(f"rank {rank} overlaps the places of the competitors ranked above it")
        next_free = rank + len(groups[rank])
    for rank, members in groups.items():
        covered = per_place[rank - 1 : rank - 1 + len(members)]
        each = sum(covered, Decimal(0)) / len(members)
        rounded = (each / step).to_integral_value(rounding=decimal.ROUND_DOWN) * step
        for competitor in members:
            result[competitor] = rounded
    return result


def sponsored(ranking: Iterable[tuple[str, int]], places: Iterable[int]) -> dict[int, list[str]]:
    """The competitors each sponsor's place goes to (docs/rules/prizes.md#cacak: "the fifth place … get[s]
    sponsors' prizes"), from (id, rank) pairs as `prizes` takes them: those whose place is it, or whose shared
    place covers it (two tied for 4th cover the 4th and the 5th place: both). A place nobody reaches (a field
    of four) goes to nobody."""
    groups: dict[int, list[str]] = {}
    for competitor, rank in ranking:
        groups.setdefault(rank, []).append(competitor)
    return {place: members for place in places
            for rank, members in sorted(groups.items()) if rank <= place < rank + len(members)}


def champion_first(ranking: Iterable[tuple[str, int]], winner: str, runner_up: str) -> list[tuple[str, int]]:
    """The ranking the prizes follow once a final is decided (docs/rules/novi-sad.md#final): "the champion is the
    team with more IMPs in the final, counting the carry-over", so the final's winner is 1st and its loser
    2nd, whatever their league places; every other team keeps its league order, from 3rd down (a team that
    shared the league's 2nd place with a finalist is 3rd)."""
    listed = list(ranking)
    ids = [competitor for competitor, _ in listed]
    if winner == runner_up or winner not in ids or runner_up not in ids:
        raise ValueError(f"the finalists {winner!r} and {runner_up!r} must be two competitors of the ranking")
    rest = [(competitor, max(rank, 3)) for competitor, rank in listed if competitor not in (winner, runner_up)]
    return [(winner, 1), (runner_up, 2), *rest]
