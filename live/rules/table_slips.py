"""Who brings a table's result slip and who pays for the scoring (docs/rules/cacak.md#slip).

The seed: "the winner of the game brings the slip with the result and the cards to the scoring
table, and the last-placed pays 200 dinars as a fee for processing the data" (`scoring_fee`).

Readings:
- Places are the scored table's (supe tie-breaks included, late deductions too when the
  tournament subtracts them): the winner is place 1, the last-placed the bottom place (3rd, or
  4th at a table of four).
- Players still sharing first place are both named to bring the slip (either may); players still
  sharing the last place split the fee equally (to the hundredth, rounded down).
- A walkover table played no game: nobody brings a slip and nobody pays.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

from live.rules.preferans import PlayerId, TableScore

_HUNDREDTH = Decimal("0.01")


@dataclass(frozen=True)
class Slip:
    """One table's line at the scoring desk."""

    brings: tuple[PlayerId, ...]
    pays: tuple[tuple[PlayerId, Decimal], ...]
    walkover: bool = False


def table_slip(table: TableScore, fee: Decimal | int) -> Slip:
    """The table's winner(s), who bring the slip, and the last-placed, who pay `fee` between them."""
    if table.walkover:
        return Slip((), (), walkover=True)
    if not table.scores:
        raise ValueError("a table without players has no slip")
    first = min(s.place for s in table.scores)
    last = max(s.place for s in table.scores)
    brings = tuple(sorted(s.player for s in table.scores if s.place == first))
    paying = sorted(s.player for s in table.scores if s.place == last)
    each = (Decimal(fee) / len(paying)).quantize(_HUNDREDTH, rounding=ROUND_DOWN)
    return Slip(brings, tuple((p, each) for p in paying))
