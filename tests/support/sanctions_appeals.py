"""Sanctions and appeals on the scoring's `Session`: the commands (`sanction`, `appeal`, `decision`), the
situations of `session(setup)`, `running`, and `VALID`, a valid case of each conduct command
(tests/unit/test_commands.py checks that every command type has one)."""

from __future__ import annotations

from typing import Any

from helpers import SEC, stored

from live.commands.decide import decide
from live.core import events as E
from live.core.events import Event
from support.results import PUBLISH_IN_ORDER, START_R1, Session
from support.results import session as scoring_session

END_R1 = {"type": "end_round", "item": "r1"}


def sanction(player: str, kind: str, item: str = "r1", **more: Any) -> dict[str, Any]:
    return {"type": "sanction", "player": player, "kind": kind, "item": item, **more}


def appeal(player: str, item: str = "r1", subject: str = "the misdeal ruling at table 1") -> dict[str, Any]:
    return {"type": "appeal", "player": player, "item": item, "subject": subject}


def decision(appeal_seq: int, decided: str = "upheld", unanimous: bool = True, **more: Any) -> dict[str, Any]:
    return {"type": "decide_appeal", "appeal": appeal_seq, "decision": decided, "unanimous": unanimous, **more}


#: Situations of their own, beside support/results.py's: r1 with an appeal (seq 3), then ended.
SETUPS: dict[str, list[dict[str, Any]]] = {
    "r1 appealed, ended": [PUBLISH_IN_ORDER, START_R1, appeal("p2"), END_R1],
}


def session(setup: str) -> Session:
    if setup not in SETUPS:
        return scoring_session(setup)
    s = scoring_session("empty")
    for command in SETUPS[setup]:
        do(s, command)
    return s


def running() -> Session:
    """Round 1 running, p1 p2 p3 at table 1 and p4 p5 p6 at table 2."""
    return session("r1 running")


def do(s: Session, command: dict[str, Any]) -> Event:
    """`Session.do` for a whole command (a sanction's `kind` field would clash with its argument)."""
    s.now += SEC
    (new,) = decide(s.t, s.state, command, s.now)
    return stored(s.events, new, s.now)


#: (case, setup, command, event type, payload); the setups are `session`'s.
VALID: list[tuple[str, str, dict[str, Any], str, dict[str, Any]]] = [
    ("a bad shuffle, first a warning", "r1 running", sanction("p1", "bad_shuffle", step=1), E.SANCTION_RECORDED,
     {"player": "p1", "kind": "bad_shuffle", "item": "r1", "table": 1, "step": 1, "warning": True, "bule": 0,
      "unit": "bule", "penalties": []}),
    ("a unanimous rejection", "r1 appealed, ended", decision(3, "rejected", unanimous=True, reason=" no case "),
     E.APPEAL_DECIDED, {"appeal": 3, "player": "p2", "item": "r1", "decision": "rejected", "unanimous": True,
                        "outcome": "stands", "reason": "no case"}),
    ("an appeal", "r1 running", appeal("p4", subject="  the ruling on the last deal "), E.APPEAL_LODGED,
     {"player": "p4", "item": "r1", "subject": "the ruling on the last deal", "number": 1, "allowed": 3}),
]
