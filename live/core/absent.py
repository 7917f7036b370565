"""`ABSENT`: a field that was not sent or not written, which is not a JSON null.

Commands (live/commands/command.py) and event payloads (live/core/payloads.py) have optional fields; a
few of them take null on purpose (`rating: null` clears a player's rating, a seating's `bye: null` says
nobody sits out), so "left out" needs a value of its own.
"""

from __future__ import annotations

import enum

__all__ = ["ABSENT", "Absent"]


class Absent(enum.Enum):
    """A field left out (its one member is `ABSENT`)."""

    ABSENT = "absent"

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT = Absent.ABSENT
