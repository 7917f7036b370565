"""`ABSENT`: a field that was not sent or not written, which is not a JSON null.

Commands (live/commands/command.py) and event payloads (live/core/payloads.py) have optional fields; a
few of them take null on purpose (`rating: null` clears a player's rating, a seating's `bye: null` says
nobody sits out), so "left out" needs a value of its own.
"""

from __future__ import annotations

import enum
from typing import TypeVar

__all__ = ["ABSENT", "Absent", "given", "written"]


class Absent(enum.Enum):
    """A field left out (its one member is `ABSENT`)."""

    ABSENT = "absent"

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT = Absent.ABSENT


T = TypeVar("T")
D = TypeVar("D")


def given(value: T | Absent, default: D) -> T | D:
    """`value`, or `default` where the field was not written: a reader's one way to say what "left out" means."""
    return default if value is ABSENT else value


def written(value: T | Absent, name: str) -> T:
    """A field its kind of payload always has in practice (a bridge result's IMPs, a final's carry-over): read
    as the JSON would have been, a KeyError when it is not there."""
    if isinstance(value, Absent):
        raise KeyError(name)
    return value
