"""IMP → VP conversion: the WBF continuous 20-VP scale and the Slovak league's 25-VP table.

A team match ends as two IMP totals; the standings add up victory points (VP) instead, so one
runaway match cannot decide an event. Which scale converts the margin is a rules parameter
(`vp_scale`): the Novi Sad championship uses the WBF continuous scale (docs/rules/novi-sad.md#scoring),
the Slovak league the 25-VP table of Annex 1 of its regulations (docs/rules/slovak-league.md#vp-table).

Every VP here is a `decimal.Decimal` (the WBF scale in hundredths, the Slovak table in whole
points), never a float: the standings compare sums of VP for equality, and a float sum of
10.36 + 9.64 need not equal 10 + 10. A WBF winner's and loser's VP add up to exactly 20.
"""

from __future__ import annotations

import decimal
from decimal import Decimal
from functools import lru_cache
from typing import NamedTuple

from live.rules.numbers import to_decimal

#: A number of IMPs or VP as the rules take it: an int or an exact decimal.
Number = int | Decimal

SCALES = ("wbf", "slovak25")

HUNDREDTH = Decimal("0.01")
WBF_TOTAL = 20
WBF_DRAW = 10


def _whole(margin: Number | float, what: str = "IMP margin") -> int:
    d = to_decimal(margin)
    if d != d.to_integral_value():
        raise ValueError(f"{what} must be a whole number of IMPs, not {margin}")
    return int(d)


# ---- WBF continuous 20-VP scale ---------------------------------------------------------


def _wbf_raw_hundredths(boards: int) -> list[int]:
    """The formula in hundredths, rounded half up, capped at 20 VP, margins 0 … first 20.00.

    VP(M) = 10 + 10 · (1 − τ^(3M/B)) / (1 − τ³) with B = 15·√N and τ = (√5 − 1)/2, so VP(B)
    is exactly 20: the blitz margin B is where the curve reaches 20 (and stays, by the cap).
    Computed with 50 significant digits so that no rounding to hundredths depends on float
    error (no value of the formula except M = 0 lies exactly on a half hundredth).
    """
    with decimal.localcontext() as ctx:
        ctx.prec = 50
        ctx.rounding = decimal.ROUND_HALF_EVEN
        tau = (Decimal(5).sqrt() - 1) / 2
        blitz = 15 * Decimal(boards).sqrt()
        denominator = 1 - tau**3
        values: list[int] = []
        margin = 0
        while True:
            vp = 10 + 10 * (1 - tau ** (3 * Decimal(margin) / blitz)) / denominator
            hundredths = int((vp * 100).quantize(Decimal(1), rounding=decimal.ROUND_HALF_UP))
            values.append(min(2000, hundredths))
            if values[-1] >= 2000:
                return values
            margin += 1


def _concave(values: list[int]) -> list[int]:
    """Raise middle values by one hundredth until no increment exceeds the one before it.

    The WBF's correction of the rounded formula (the scale must give every extra IMP no more VP
    than the previous one): wherever V[i+1] − V[i] > V[i] − V[i−1], V[i] goes up by 0.01, and
    the sweep repeats until nothing changes. The published 12-board table shows it: margins 42,
    44 and 49 are 19.02, 19.24, 19.74 where the rounded formula gives 19.01, 19.23, 19.73.
    Each raise is forced (a raised value never passes the smallest concave sequence above the
    rounded one), so the result is that smallest concave majorant whatever the sweep order;
    the ends, 10.00 and 20.00, never move.
    """
    v = list(values)
    changed = True
    while changed:
        changed = False
        for i in range(1, len(v) - 1):
            if v[i + 1] - v[i] > v[i] - v[i - 1]:
                v[i] += 1
                changed = True
    return v


@lru_cache(maxsize=128)
def _wbf_hundredths(boards: int) -> tuple[int, ...]:
    return tuple(_concave(_wbf_raw_hundredths(boards)))


def _check_boards(boards: int) -> int:
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ValueError(f"the number of boards must be a positive whole number, not {boards!r}")
    return boards


def wbf_table(boards: int) -> list[Decimal]:
    """The winner's VP for margins 0, 1, … up to the first margin that earns 20.00 (index = margin).

    For 12 boards: 10.00, 10.36, 10.71, … 19.92, 20.00 (53 values, margins 0–52).
    """
    return [Decimal(h).scaleb(-2) for h in _wbf_hundredths(_check_boards(boards))]


def wbf_vp(margin: Number | float, boards: int) -> tuple[Decimal, Decimal]:
    """(home, away) VP for a signed margin = home IMPs − away IMPs; the pair sums to exactly 20.

    A positive margin gives (winner, loser), a negative one the reversed pair. Margins beyond
    the table are a blitz, 20.00 : 0.00. Only whole IMP margins exist on this scale.
    """
    m = _whole(margin)
    table = _wbf_hundredths(_check_boards(boards))
    winner = Decimal(table[min(abs(m), len(table) - 1)]).scaleb(-2)
    loser = WBF_TOTAL - winner
    return (winner, loser) if m >= 0 else (loser, winner)


# ---- Slovak league 25-VP table (Annex 1) --------------------------------------------------

#: The board counts that Annex 1 has a column for, in its order.
SLOVAK25_BOARDS: tuple[int, ...] = (8, 10, 12, 14, 16, 20, 24, 28, 32, 36, 40, 48)

#: Annex 1 „Prevodná tabuľka IMP na VP", copied row by row: the VP split, then for each column
#: of SLOVAK25_BOARDS the lowest IMP margin ("spodná hranica rozdielov IMP") that earns it.
#: Note the sums: 15:15 … 25:5 add up to 30, the blitz rows 25:4 … 25:0 to less.
_SLOVAK25_ROWS: tuple[tuple[int, int, tuple[int, ...]], ...] = (
    # VP       8   10   12   14   16   20   24   28   32   36   40   48
    (25, 0, (51, 56, 62, 67, 72, 80, 88, 95, 101, 107, 113, 124)),
    (25, 1, (46, 51, 56, 61, 65, 73, 80, 86, 92, 98, 103, 113)),
    (25, 2, (42, 46, 51, 55, 59, 66, 72, 77, 83, 89, 94, 103)),
    (25, 3, (38, 42, 46, 49, 53, 60, 65, 69, 74, 80, 85, 94)),
    (25, 4, (34, 38, 41, 44, 47, 54, 58, 62, 66, 72, 77, 85)),
    (25, 5, (30, 34, 37, 39, 42, 48, 52, 56, 59, 65, 69, 77)),
    (24, 6, (27, 30, 33, 35, 37, 42, 46, 50, 53, 58, 61, 69)),
    (23, 7, (24, 26, 29, 31, 32, 37, 40, 44, 47, 51, 54, 61)),
    (22, 8, (21, 22, 25, 27, 28, 32, 35, 38, 41, 44, 47, 53)),
    (21, 9, (18, 19, 21, 23, 24, 27, 30, 32, 35, 37, 40, 45)),
    (20, 10, (15, 16, 17, 19, 20, 22, 25, 26, 29, 30, 33, 37)),
    (19, 11, (12, 13, 13, 15, 16, 17, 20, 21, 23, 24, 26, 29)),
    (18, 12, (9, 10, 10, 11, 12, 13, 15, 16, 17, 18, 19, 21)),
    (17, 13, (6, 7, 7, 8, 8, 9, 10, 11, 11, 12, 12, 13)),
    (16, 14, (2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 4, 5)),
    (15, 15, (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
)


class Band(NamedTuple):
    """One row of a 25-VP column: margins lowest … highest (None: and more) earn winner : loser."""

    lowest: int
    highest: int | None
    vp_winner: int
    vp_loser: int


def _slovak_column(boards: int) -> int:
    if boards not in SLOVAK25_BOARDS:
        valid = ", ".join(str(b) for b in SLOVAK25_BOARDS)
        raise ValueError(f"the Slovak 25-VP table (Annex 1) has no column for {boards} boards; valid: {valid}")
    return SLOVAK25_BOARDS.index(boards)


def slovak25_bands(boards: int) -> list[Band]:
    """The column for `boards` as bands, from the draw (15:15) up to the biggest blitz (25:0)."""
    column = _slovak_column(boards)
    rows = [(winner, loser, lows[column]) for winner, loser, lows in reversed(_SLOVAK25_ROWS)]
    bands = []
    for k, (winner, loser, lowest) in enumerate(rows):
        highest = rows[k + 1][2] - 1 if k + 1 < len(rows) else None
        bands.append(Band(lowest, highest, winner, loser))
    return bands


def slovak25_vp(margin: Number | float, boards: int) -> tuple[int, int]:
    """(home, away) VP for a signed margin = home IMPs − away IMPs under Annex 1.

    The table lists the lowest margin that earns each split, so a margin earns the highest band
    whose lowest margin it reaches (a fractional margin, should one arise, falls in the band
    below the next whole bound). A negative margin gives the reversed pair.
    """
    m = to_decimal(margin)
    band = next(b for b in reversed(slovak25_bands(boards)) if abs(m) >= b.lowest)
    return (band.vp_winner, band.vp_loser) if m >= 0 else (band.vp_loser, band.vp_winner)


def slovak25_draw(boards: int) -> int:
    """VP of a drawn match (15); checks that the table has the column."""
    first = slovak25_bands(boards)[0]
    return first.vp_winner


def slovak25_margin_range(vp: int, boards: int) -> tuple[int | None, int | None]:
    """The signed margins (from the team's side) that earn this team exactly `vp` VP.

    (lowest, highest); None is an open end. 15 VP: the draw band, e.g. (−3, 3) for 24 boards;
    18 VP for 32 boards: (17, 22); 25 VP: (52, None) for 24 boards (every 25:x row); 5 VP for
    24 boards: (−57, −52). §27.8 uses the top of this range for the innocent team and its
    bottom for the team that caused an unplayed match.
    """
    if isinstance(vp, bool) or not isinstance(vp, int) or not 0 <= vp <= 25:
        raise ValueError(f"a whole number of VP on the 25-VP table (0–25), not {vp!r}")
    ranges: list[tuple[int | None, int | None]] = []
    for band in slovak25_bands(boards):
        if band.vp_winner == vp:
            ranges.append((band.lowest, band.highest))
        if band.vp_loser == vp:
            ranges.append((None if band.highest is None else -band.highest, -band.lowest))
    if not ranges:
        raise ValueError(f"no result earns {vp} VP on the 25-VP table for {boards} boards")
    lows, highs = [lo for lo, _ in ranges], [hi for _, hi in ranges]
    return (None if None in lows else min(lo for lo in lows if lo is not None),
            None if None in highs else max(hi for hi in highs if hi is not None))


# ---- any scale ----------------------------------------------------------------------------


def _check_scale(scale: str) -> None:
    if scale not in SCALES:
        raise ValueError(f"unknown VP scale {scale!r} (known: {', '.join(SCALES)})")


def vp(scale: str, margin: Number | float, boards: int) -> tuple[Decimal, Decimal]:
    """(home, away) VP for a signed margin under `scale` ("wbf" | "slovak25"), as Decimals."""
    _check_scale(scale)
    if scale == "wbf":
        return wbf_vp(margin, boards)
    home, away = slovak25_vp(margin, boards)
    return Decimal(home), Decimal(away)


def draw_vp(scale: str, boards: int) -> Decimal:
    """VP of a drawn match: 10 on the WBF scale, 15 on the Slovak table."""
    _check_scale(scale)
    if scale == "wbf":
        _check_boards(boards)
        return Decimal(WBF_DRAW)
    return Decimal(slovak25_draw(boards))


def vp_table_text(scale: str, boards: int) -> str:
    """The printable table a referee pins to the wall (`live vp-table --scale … --boards N`)."""
    _check_scale(scale)
    lines: list[str]
    if scale == "wbf":
        table = wbf_table(boards)
        last = len(table) - 1
        lines = [f"WBF continuous VP scale (20 VP), {boards} boards", "", "  IMP     VP winner – loser"]
        for margin, winner in enumerate(table):
            label = f"{margin}+" if margin == last else str(margin)
            lines.append(f"{label:>5}     {winner:>5} – {WBF_TOTAL - winner:>5}")
    else:
        lines = [f"25-VP table (Slovak league, Annex 1), {boards} boards", "", "      IMP     VP"]
        for band in slovak25_bands(boards):
            span = f"{band.lowest}+" if band.highest is None else f"{band.lowest}–{band.highest}"
            lines.append(f"{span:>9}     {band.vp_winner:>2} : {band.vp_loser}")
    lines.append("")
    lines.append("Winner's margin in IMPs; the loser gets the second number.")
    return "\n".join(lines) + "\n"

