"""Numbers as the rules count them, in one place: exact decimals (a TOML float or a JSON number goes
through its shortest repr, so 12.5 is 12.5 and 0.1 is 0.1), back to JSON numbers for the pages, and
the rules' minutes as clock milliseconds. Every module converts through these, so a figure never
differs by the rounding of whichever copy computed it."""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any

#: A minute of the rules on the clock, at speed 1.
MINUTE_MS = 60_000


def to_decimal(value: Decimal | Fraction | int | float | str) -> Decimal:
    """An exact Decimal; a float goes through its shortest repr (12.5, not 12.4999…). A bool is refused:
    `True` is no number of bule, IMPs or dinars."""
    if isinstance(value, Decimal):
        return value
    if isinstance(value, bool):
        raise TypeError(f"not a number: {value!r}")
    if isinstance(value, float):
        return Decimal(repr(value))
    if isinstance(value, Fraction):
        return Decimal(value.numerator) / Decimal(value.denominator)
    return Decimal(value)


def json_number(value: Decimal) -> int | float:
    """A Decimal for JSON: whole numbers stay whole, others keep their digits (4.3, not 4.29999…)."""
    return int(value) if value == value.to_integral_value() else float(value)


def minutes_ms(minutes: Any, speed: float = 1.0) -> int:
    """Rules minutes as clock milliseconds (a demo runs `speed` times faster), rounded half-even."""
    if speed <= 0:
        raise ValueError(f"speed must be positive, not {speed}")
    ms = to_decimal(minutes) * MINUTE_MS / to_decimal(speed)
    return int(ms.to_integral_value(rounding=ROUND_HALF_EVEN))
