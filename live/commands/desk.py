"""The commands of the desk and their undo checks; what the screens are shown of them is
derived in live/projections/desk.py.

The registration desk (docs/rules/desk.md): the `record_payment` command, its undo check, and
what the console is shown — per player and team what is due, what is paid and the next payment to take,
who has not paid, and the prize fund the payments make — so the console keeps no rule of its own.

    {"type": "record_payment", "player": "p04", "what": "entry", "amount": 4000}
    {"type": "record_payment", "team": "t2", "what": "entry", "amount": 1500, "method": "account"}
    {"type": "record_payment", "player": "p11", "what": "match_fee", "amount": 100}
    {"type": "record_payment", "player": "p04", "what": "other", "amount": 200, "note": "scoring fee, round 2"}
    {"type": "record_payment", "player": "p09", "what": "entry", "amount": -2000, "note": "a lady: 2000, not 4000"}

`what` is `entry`, `match_fee` or `other`; a negative amount is a refund of that kind. `note` says what an
`other` payment or a refund is for (required for those, optional else); `method` is `cash` (the default)
or `account` (paid to the club's account beforehand, docs/rules/desk.md#cacak). The rules are live/rules/desk.py.

Matches played (the Novi Sad match fee) are those the team sheets in force put a player in
(live/commands/lineups.py); for a match without their team's sheet, the started matches they checked in for,
less a bye or a match their team forfeited. A player withdrawn before playing (live/projections/field.py)
owes no entry and has a line only for money he paid (kept where the rules give no refund). The payment
events are the referees' (`REFEREE_ONLY_TYPES`): the hall sees that something happened, not who paid what.
`GET /api/desk/payments` (live/edges/web/desk_api.py) answers the `desk` section; `GET /api/prizes` without
`fund` takes the fund from here (`fund_for_prizes`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from live.commands.command import ABSENT, Absent, Command, Handlers, wrong
from live.commands.validation import CommandError, referee_said, text_value
from live.core import events as E
from live.core import payloads as P
from live.core.events import NewEvent
from live.core.records import AuditEntry
from live.core.state import State
from live.core.texts import MAX_REASON
from live.core.tournament import Tournament
from live.projections.desk import MAX_AMOUNT, METHODS, balances, fees, is_junior, is_withdrawn, paid
from live.rules import desk as D
from live.rules.numbers import json_number, to_decimal

HANDLERS = Handlers()


@dataclass(frozen=True, kw_only=True)
class RecordPayment(Command):
    TYPE = "record_payment"
    what: str
    amount: float = field(metadata=wrong("{field} must be a number of money, e.g. 4000 (negative: a refund)",
                                         "field.not_a_number"))
    player: str | Absent = field(default=ABSENT, metadata=wrong("{field} must be a player's id", "field.not_an_id"))
    team: str | Absent = field(default=ABSENT, metadata=wrong("{field} must be a team's id", "field.not_an_id"))
    note: str | Absent = ABSENT
    method: str | Absent = ABSENT


@HANDLERS.on(RecordPayment)
def record_payment(t: Tournament, state: State, c: RecordPayment, now: int) -> NewEvent:
    f = fees(state)
    if f is None:
        raise CommandError(422, f"the {t.preset} rules have no entry fees: no desk to record payments at",
                           {"field": "type", "code": "rules.no_desk"})
    kind, ident = _who(state, c)
    what = c.what
    if what not in D.WHATS:
        raise CommandError(422, f"what must be one of {', '.join(D.WHATS)}, not {what!r}",
                           {"field": "what", "known": list(D.WHATS), "code": "field.not_one_of"})
    allowed = f.whats(kind)
    if what not in allowed:
        raise CommandError(422, _not_for(f, kind, what), {"field": "what", "known": list(allowed),
                                                          "code": "desk.not_for", "what": what})
    problem = D.amount_problem(c.amount, MAX_AMOUNT)
    if problem is not None:
        raise CommandError(422, f"amount {problem}", {"field": "amount", "code": "desk.amount", "max": MAX_AMOUNT})
    amount = Decimal(repr(c.amount)) if isinstance(c.amount, float) else Decimal(c.amount)
    if c.note is not ABSENT or what == D.OTHER or amount < 0:
        said = "what the money is for" if what == D.OTHER and amount > 0 else "why it is given back"
        note = text_value(None if c.note is ABSENT else c.note, "note", MAX_REASON,
                          empty=f"note must say {said}, in words", sent=c.sent("note"))
    else:
        note = None
    method = METHODS[0] if c.method is ABSENT else c.method
    if method not in METHODS:
        raise CommandError(422, f"method must be {' or '.join(METHODS)}, not {method!r}",
                           {"field": "method", "known": list(METHODS), "code": "field.not_one_of"})
    balance = balances(state, f, kind, ident)[what]
    try:
        D.check_payment(f, what, amount, balance, withdrawn=is_withdrawn(state, kind, ident),
                        junior=is_junior(state, kind, ident))
    except D.DeskError as exc:
        detail: dict[str, str | int | float] = {"field": exc.field, "due": json_number(balance.due),
                                  "paid": json_number(balance.paid),
                                  "most": json_number(balance.most),
                                  "code": "desk.no_refund" if exc.rule == D.NO_REFUND
                                  else "desk.no_match_fee" if exc.field == "what"
                                  else "desk.refund_too_big" if amount < 0 else "desk.too_much"}
        if exc.rule is not None:
            detail["rule"] = exc.rule
        raise CommandError(409, f"{ident}: {exc.message}", detail) from None
    return referee_said(P.PaymentRecorded(player=ident if kind == D.PER_PLAYER else ABSENT,
                                          team=ident if kind == D.PER_TEAM else ABSENT, what=what,
                                          amount=json_number(amount), currency=f.currency, method=method,
                                          note=ABSENT if note is None else note))


def _who(state: State, c: RecordPayment) -> tuple[str, str]:
    t = state.tournament
    named = [(k, v) for k, v in ((D.PER_PLAYER, c.player), (D.PER_TEAM, c.team)) if isinstance(v, str)]
    if len(named) != 1:
        raise CommandError(422, "name either the player or the team who pays", {"field": "player",
                                                                                "code": "who.player_or_team"})
    (kind, ident), = named
    if kind == D.PER_TEAM and t.game != "bridge":
        raise CommandError(422, f"a {t.game} tournament has no teams: the player pays", {"field": "team",
                                                                                         "code": "who.no_teams"})
    found = t.player(ident) if kind == D.PER_PLAYER else t.team(ident)
    if found is None:
        raise CommandError(422, f"no {kind} has the id {ident!r}", {"field": kind,
                                                                    "code": "field.unknown_id", "id": ident})
    return kind, ident


def _not_for(f: D.Fees, kind: str, what: str) -> str:
    if what == D.ENTRY:
        return f"the entry is paid per {f.per} under these rules: record it for the {f.per}"
    if kind == D.PER_TEAM:
        return "match fees are each player's: record them for the player"
    return "these rules have no match fee"


def check_undo(state: State, target: AuditEntry) -> None:
    """Keep the books whole: a payment is undone only if what is left of its kind stays 0 or more (undo the
    refund that followed it first), and a walk-in or late team with payments is not undone (undo those)."""
    seq = target["seq"]
    p = target["payload"]
    if target["type"] == E.PAYMENT_RECORDED:
        kind = D.PER_TEAM if "team" in p else D.PER_PLAYER
        left = paid(state, kind, p[kind]).get(p["what"], Decimal(0)) - to_decimal(p["amount"])
        if left < 0:
            raise CommandError(409, f"command {seq} cannot be undone: a refund of it follows; undo the refund first",
                               {"field": "seq", "code": "undo.refunded", "seq": seq})
    elif target["type"] in (E.PLAYER_REGISTERED, E.TEAM_REGISTERED):
        kind = D.PER_PLAYER if target["type"] == E.PLAYER_REGISTERED else D.PER_TEAM
        mine = [x.seq for x in state.payments if (x.body.player if kind == D.PER_PLAYER else x.body.team) == p[kind]]
        if mine:
            raise CommandError(409, f"command {seq} cannot be undone: {p[kind]} has paid at the desk (events "
                                    f"{', '.join(map(str, mine))}); undo the payments first", {"field": "seq",
                               "code": "undo.paid", "seq": seq, "who": p[kind]})


__all__ = ["HANDLERS", "RecordPayment", "check_undo"]

