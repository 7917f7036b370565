"""The `sanction` command; what the screens are shown of the sanctions (each player's history and
next step) is derived in live/projections/sanctions.py.

The referee's sanctions by kind (docs/rules/sanctions.md#cacak): the `sanction` command,
and the next step of each kind for each player, which the console proposes without a rule of its own.

    {"type": "sanction", "player": "p04", "kind": "bad_shuffle", "item": "r2"}
    {"type": "sanction", "player": "p04", "kind": "misdeal", "item": "r2", "step": 1, "reason": "13 cards"}
    {"type": "sanction", "player": "p04", "kind": "signalling", "item": "r2", "step": 3}
    {"type": "sanction", "player": "p04", "kind": "deduction", "item": "r2", "points": 1.5,
     "reason": "insulted the referee"}

`kind` is one of `live.rules.sanctions.KINDS`; the step and its bule follow from the preset and the
player's history of that kind (live/rules/sanctions.py). An optional `step` is the step the console
proposed: a sanction another referee recorded in between makes it stale, and the command is refused
instead of silently giving the next step up. The event carries the step, the bule and its penalty
lines, so an undo of an earlier sanction or a change of the rules never rewrites a sanction given.
The lines fold into `State.penalties` like a `penalty` command's, and the undo takes them away.

A signalling step is a measure (`measure` in the event: the leader's warning, the referee's public
warning, "may not follow in that hand") and writes no line. A deduction takes `points` (the referee's
number, in tournament points, refused when not a number above 0 in tenths) and needs a `reason`: its
one line has `unit: "points"`, which the standings subtract from the player's score
(`penalty_points` in the row); the committee reads why in the audit.

Removal from the tournament is not a step: it is `withdraw_player` with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from live.commands.command import ABSENT, Absent, Command, Handlers, wrong
from live.commands.validation import CommandError, item_of, referee_said, text_value
from live.core import payloads as P
from live.core.events import NewEvent
from live.core.state import State
from live.core.texts import MAX_REASON
from live.core.tournament import Tournament
from live.projections.sanctions import history, table_of
from live.rules import sanctions as S
from live.rules.numbers import json_number

HANDLERS = Handlers()


@dataclass(frozen=True, kw_only=True)
class Sanction(Command):
    TYPE = "sanction"
    player: str = field(metadata=wrong("{field} must be a player's id", "field.not_an_id"))
    kind: str
    item: str = field(metadata=wrong("{field} must be a timetable item's id, e.g. \"r3\"", "field.not_an_id"))
    step: int | Absent = field(default=ABSENT, metadata=wrong("{field} must be the offence's number (1 or more)",
                                                              "field.not_whole"))
    reason: str | Absent = field(default=ABSENT, metadata=wrong("{field} must say what happened, in words",
                                                                "field.not_text"))
    points: float | Absent = field(default=ABSENT, metadata=wrong("{field} must be a number of tournament points",
                                                                  "field.not_a_number"))


@HANDLERS.on(Sanction)
def sanction(t: Tournament, state: State, c: Sanction, now: int) -> NewEvent:
    if not S.available(t.rules):
        raise CommandError(422, f"the {t.preset} rules give no sanctions by kind: use a penalty", {"field": "type",
                           "code": "rules.no_sanction_kinds"})
    ident = c.player
    player = t.player(ident)
    if player is None:
        raise CommandError(422, f"no player has the id {ident!r}", {"field": "player",
                                                                    "code": "field.unknown_id", "id": ident})
    kind = c.kind
    if kind not in S.KINDS:
        raise CommandError(422, f"kind must be one of {', '.join(S.KINDS)}, not {kind!r}",
                           {"field": "kind", "known": list(S.KINDS), "code": "field.not_one_of"})
    s = item_of(state, c.item)
    if s.open:
        raise CommandError(409, f"cannot record a sanction in {s.item.id}: it has not started", {"field": "item",
                           "code": "sanction.not_started", "item": s.item.id})
    if player.withdrawn:
        raise CommandError(409, f"{player.id} {player.name} has withdrawn from the tournament", {"field": "player",
                           "code": "player.withdrawn", "player": player.id, "name": player.name})
    table = table_of(state, s.item.id, player.id)
    if table is None and s.item.id in state.seatings:
        raise CommandError(422, f"{player.id} has no seat in {s.item.id}", {"field": "player",
                           "code": "sanction.no_seat", "player": player.id, "item": s.item.id})
    if table is None and kind in S.PER_CO_PLAYER:
        raise CommandError(409, f"a {S.NAMES[kind]} is paid to the co-players at the table: {s.item.id} has no "
                                "published seating", {"field": "item",
                                                      "code": "sanction.no_seating", "item": s.item.id})
    given = S.step(kind, len(history(state, player.id, kind)), t.rules)
    if c.step is not ABSENT:
        proposed = c.step
        if proposed < 1:
            raise CommandError(422, f"step must be the offence's number (1 or more), not {proposed!r}",
                               {"field": "step", "code": "field.at_least", "min": 1})
        if proposed != given.number:
            raise CommandError(409, f"this would be {player.id}'s {S.ordinal(given.number)} {S.NAMES[kind]}, not the "
                                    f"{S.ordinal(proposed)}: another sanction was recorded meanwhile",
                               {"field": "step", "next": given.number,
                                "code": "sanction.step_changed", "player": player.id})
    points = _points(c.points, kind)
    if kind == S.DEDUCTION and c.reason is ABSENT:
        raise CommandError(422, "a deduction of points says why: reason", {"field": "reason",
                                                                           "code": "sanction.reason_needed"})
    note = (text_value(c.reason, "reason", MAX_REASON, empty="reason must say what happened, in words")
            if c.reason is not ABSENT else None)
    measure = f": {S.MEASURE_NAMES[given.measure]}" if given.measure in S.MEASURE_NAMES else ""
    said = f"{S.NAMES[kind]} ({S.ordinal(given.number)} offence{measure})" + (f": {note}" if note else "")
    lines: list[P.PenaltyLine]
    if points is None:
        lines = [_line(x.player, x.bule, "bule", said, x.to)
                 for x in S.effects(given, player.id, table[1] if table else ())]
    else:
        lines = [_line(player.id, json_number(points), "points", said)]
    return referee_said(P.SanctionRecorded(
        player=player.id, kind=kind, item=s.item.id, step=given.number, warning=given.warning, bule=given.bule,
        unit="bule" if points is None else "points", penalties=lines,
        measure=given.measure if kind == S.SIGNALLING or points is not None else ABSENT,
        points=ABSENT if points is None else json_number(points),
        table=ABSENT if table is None else table[0], reason=ABSENT if note is None else note))


def _line(player: str, amount: int | float, unit: str, reason: str, to: str | None = None) -> P.PenaltyLine:
    """A penalty line of the sanction (the player's bule or points; `to`: whom a co-player's bule go to)."""
    line: P.PenaltyLine = {"player": player, "amount": amount, "unit": unit, "reason": reason}
    if to:
        line["to"] = to
    return line


def _points(points: float | Absent, kind: str) -> Decimal | None:
    """A deduction's points (required there, refused with any other kind)."""
    if kind != S.DEDUCTION:
        if points is not ABSENT:
            raise CommandError(422, f"only a deduction takes points: a {S.NAMES[kind]} costs what its step says",
                               {"field": "points", "code": "sanction.points_not_taken"})
        return None
    if points is ABSENT:
        raise CommandError(422, "a deduction names its points: the tournament points taken off", {"field": "points",
                           "code": "sanction.points_needed"})
    try:
        return S.deduction_points(points)
    except S.SanctionError as exc:
        raise CommandError(422, str(exc), {"field": "points", "code": "sanction.bad_points",
                                           "max": json_number(S.MAX_DEDUCTION_POINTS)}) from exc


__all__ = ["HANDLERS", "Sanction"]

