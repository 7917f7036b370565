"""The coordinator's warnings and fines of late result reports and match records (Slovak §12.3–4,
live/commands/late_duties.py): a Slovak league whose first rounds were played with no captain's report nor
record, and a valid case of the command (tests/unit/test_commands.py checks that every command type has one;
tests/unit/test_late_duties.py runs them).

Round 1 is t1–t6, t2–t5, t3–t4 and round 3 has t2 at home again (t2–t6): t2's record of m3 is its second late
one, a repeat (§12.4)."""

from __future__ import annotations

from typing import Any

from helpers import MIN

from live.core import events as E
from live.core.tournament import Tournament
from support.results import SLOVAK, Session

DAY = 24 * 60 * MIN


def played(t: Tournament = SLOVAK, rounds: tuple[str, ...] = ("m1", "m2", "m3")) -> Session:
    """`rounds` started and ended by the hall, no captain having reported nor sent a record; the clock just after."""
    s = Session(t)
    for item in rounds:
        s.do("start_round", item=item)
        s.do("end_round", item=item)
    return s


def session(setup: str) -> Session:
    """"played": `played()`; "late": the same ten days on, every report and record of those rounds late."""
    s = played()
    if setup == "late":
        s.now += 10 * DAY
    return s


def sanction(team: str, item: str, duty: str, measure: str, **more: Any) -> dict[str, Any]:
    return {"type": "sanction_late", "team": team, "item": item, "duty": duty, "measure": measure, **more}


#: (name, setup, command, event type, payload)
VALID: list[tuple[str, str, dict[str, Any], str, dict[str, Any]]] = [
    ("a late report's warning", "late", sanction("t4", "m1", "report", "warning"), E.LATE_DUTY_SANCTIONED,
     {"item": "m1", "home": "t3", "away": "t4", "team": "t4", "duty": "report", "measure": "warning",
      "rule": "§12.3"}),
    ("a late record's fine", "late",
     sanction("t2", "m1", "record", "fine", amount=300, reason=" the presidium, 12 March "), E.LATE_DUTY_SANCTIONED,
     {"item": "m1", "home": "t2", "away": "t5", "team": "t2", "duty": "record", "measure": "fine", "rule": "§12.4",
      "amount": 300, "currency": "Sk", "reason": "the presidium, 12 March"}),
]
