"""The desk's payments: `pay`, `books` (the desk's projection), and `VALID`, a valid case of each payment
command (tests/unit/test_commands.py checks that every command type has one)."""

from __future__ import annotations

from typing import Any

from live.core import events as E
from live.projections import desk
from support.results import Session


def pay(who: str, what: str, amount: Any, **more: Any) -> dict[str, Any]:
    field = "team" if who.startswith("t") else "player"
    return {"type": "record_payment", field: who, "what": what, "amount": amount, **more}


def books(s: Session) -> dict[str, Any]:
    view = desk.referee_view(s.state)
    assert view is not None
    return view


#: (case, setup, command, event type, payload).
VALID: list[tuple[str, str, dict[str, Any], str, dict[str, Any]]] = [
    ("an entry fee in cash", "preferans", pay("p1", "entry", 4000), E.PAYMENT_RECORDED,
     {"player": "p1", "what": "entry", "amount": 4000, "currency": "RSD", "method": "cash"}),
    ("a lady's entry to the club's account", "preferans", pay("p2", "entry", 2000.0, method="account"),
     E.PAYMENT_RECORDED, {"player": "p2", "what": "entry", "amount": 2000, "currency": "RSD", "method": "account"}),
    ("the scoring fee as other money", "preferans", pay("p3", "other", 200, note=" scoring fee, round 1 "),
     E.PAYMENT_RECORDED, {"player": "p3", "what": "other", "amount": 200, "currency": "RSD", "method": "cash",
                          "note": "scoring fee, round 1"}),
    ("a team's entry", "novi-sad", pay("t2", "entry", 1500), E.PAYMENT_RECORDED,
     {"team": "t2", "what": "entry", "amount": 1500, "currency": "RSD", "method": "cash"}),
    ("a match fee", "novi-sad m1", pay("a1", "match_fee", 50), E.PAYMENT_RECORDED,
     {"player": "a1", "what": "match_fee", "amount": 50, "currency": "RSD", "method": "cash"}),
]
