"""The coordinator records the sanction of a late result report or match record (Slovak §12.3–4,
docs/rules/slovak-league.md#captains-late): the warning or fine the federation's presidium gave a team.

    {"type": "sanction_late", "team": "t2", "item": "m3", "duty": "report", "measure": "warning"}
    {"type": "sanction_late", "team": "t2", "item": "m3", "duty": "record", "measure": "fine", "amount": 300,
     "reason": "the presidium's decision of 12 March"}

Why a command of its own: the coordinator's list (live/projections/captains.py) proposes the sanction, and
until now only a repeated late record's 1 VP could be applied (`penalty`); a warning or a fine was nowhere in
the log, so the list kept proposing it and nobody could see that it was given.

It is taken only as the rules allow it, asked of the same computation the list shows (`duties`, at the
command's `now`): the team's `duty` of that match is late — its captain's report (§12.1, either team) or the
home captain's record (§12.2); the `measure` is one §12.3–4 allows for that duty (a report: a warning or a
fine; a record: a fine only); a fine's `amount` is whole and within the rule's range, in its currency
(live/rules/deadlines.py `report_sanction`, `record_sanction`); and the team has no sanction of that duty of
that match yet (undo it first to record another). The 1 VP of a repeated late record is not a measure here:
it is the `penalty` command the list gives.

The event (`late_duty_sanctioned`) carries the match, the rule and the currency, so that a later change of
the rules or an undo elsewhere does not rewrite a sanction given; it is undone like any referee command.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from live.commands.command import ABSENT, Absent, Command, Handlers, wrong
from live.commands.validation import CommandError, item_of, referee_said, text_value
from live.core import payloads as P
from live.core.events import NewEvent
from live.core.state import State
from live.core.texts import MAX_REASON
from live.core.tournament import Tournament
from live.projections.captains import Duty, duties
from live.rules import citations as C

HANDLERS = Handlers()

#: The duties, as the coordinator's list names them: the result report (§12.1) and the match record (§12.2).
DUTIES = ("report", "record")
#: The measures a command records; a repeated late record's VP is the `penalty` command's.
MEASURES = ("warning", "fine")


@dataclass(frozen=True, kw_only=True)
class SanctionLate(Command):
    """The presidium's warning or fine of `team` for its late `duty` of the match in `item` (§12.3–4);
    `amount` for a fine, in the rule's currency."""

    TYPE = "sanction_late"
    team: str = field(metadata=wrong("{field} must be a team's id", "field.not_an_id"))
    item: str = field(metadata=wrong("{field} must be a match's id, e.g. \"m3\"", "field.not_an_id"))
    duty: str = field(metadata=wrong("{field} must be \"report\" or \"record\"", "field.not_text"))
    measure: str = field(metadata=wrong("{field} must be \"warning\" or \"fine\"", "field.not_text"))
    amount: int | Absent = field(default=ABSENT, metadata=wrong("{field} must be the fine, a whole number",
                                                                 "field.not_whole"))
    reason: str | Absent = field(default=ABSENT, metadata=wrong("{field} must say why, in words",
                                                                "field.not_text"))


def _cite(t: Tournament, rule: str) -> dict[str, str]:
    """The refusal's `detail.cite`: §12.3 or §12.4 of the Slovak league's rules, whose terms these are."""
    return C.Citation(C.SLOVAK, section=rule).detail(t.preset)


def _duty(t: Tournament, state: State, c: SanctionLate, now: int) -> Duty:
    """The team's duty the command names, as the coordinator's list computes it at `now`."""
    if t.game != "bridge":
        raise CommandError(422, "late reports and records are the team captains' duties, of team matches",
                           {"field": "type", "code": "late.teams_only"})
    if t.team(c.team) is None:
        raise CommandError(422, f"no team has the id {c.team!r}", {"field": "team", "code": "field.unknown_id",
                                                                     "id": c.team})
    item = item_of(state, c.item).item.id
    for name, value, known in (("duty", c.duty, DUTIES), ("measure", c.measure, MEASURES)):
        if value not in known:
            raise CommandError(422, f"{name} must be {' or '.join(known)}, not {value!r}", {
                "field": name, "code": "field.not_one_of", "known": list(known)})
    theirs = [d for d in duties(state, now) if d.item == item and c.team in (d.home, d.away)]
    if not theirs:
        raise CommandError(422, f"{c.team} has no match in {item}", {"field": "item",
                           "code": "captain.not_your_match", "team": c.team, "item": item})
    found = next((d for d in theirs if d.team == c.team and d.duty == c.duty), None)
    if found is None:  # the record is the home team's duty only
        raise CommandError(409, f"the home team's captain sends the record of {item}: {theirs[0].home}'s",
                           {"field": "team", "code": "captain.not_home", "item": item, "home": theirs[0].home})
    return found


@HANDLERS.on(SanctionLate)
def sanction_late(t: Tournament, state: State, c: SanctionLate, now: int) -> NewEvent:
    d = _duty(t, state, c, now)
    what = "result report" if d.duty == "report" else "match record"
    due = f"{t.local(d.due):%Y-%m-%d %H:%M}"
    if not d.late or d.proposal is None:
        raise CommandError(409, f"{d.team}'s {what} of {d.item} is not late (due {due}): there is nothing to "
                                "sanction", {"field": "duty", "code": "late.not_late", "team": d.team,
                                             "item": d.item, "duty": d.duty, "due": due})
    if d.sanctioned is not None:
        raise CommandError(409, f"{d.team}'s late {what} of {d.item} has its sanction already (event "
                                f"{d.sanctioned.seq}): undo that first to record another",
                           {"field": "duty", "code": "late.already", "team": d.team, "item": d.item,
                            "duty": d.duty, "seq": d.sanctioned.seq})
    p = d.proposal
    if c.measure not in p.kinds:
        allowed = " or ".join(k for k in p.kinds if k in MEASURES)
        raise CommandError(409, f"{p.rule}: a late {what} is sanctioned with a {allowed}, not a {c.measure}",
                           {"field": "measure", "code": "late.measure", "duty": d.duty, "measure": c.measure,
                            "cite": _cite(t, p.rule)})
    amount: int | Absent = ABSENT
    if c.measure == "warning":
        if c.amount is not ABSENT:
            raise CommandError(422, "a warning has no amount: leave it out", {"field": "amount",
                               "code": "late.warning_amount"})
    else:
        if c.amount is ABSENT:
            raise CommandError(422, "amount is missing: the fine, in the rule's currency", {"field": "amount",
                               "code": "field.missing"})
        low = max(p.fine_min, 1)  # "up to 500 Sk" (§12.3): a fine of nothing is no fine
        if not low <= c.amount <= p.fine_max:
            raise CommandError(422, f"{p.rule}: the fine is {low} to {p.fine_max} {p.currency}, not {c.amount}",
                               {"field": "amount", "code": "late.fine_range", "min": low, "max": p.fine_max,
                                "currency": p.currency, "cite": _cite(t, p.rule)})
        amount = c.amount
    reason = ABSENT if c.reason is ABSENT else text_value(c.reason, "reason", MAX_REASON,
                                                           empty="reason must say why, in words")
    return referee_said(P.LateDutySanctioned(
        item=d.item, home=d.home, away=d.away, team=d.team, duty=d.duty, measure=c.measure, rule=p.rule,
        amount=amount, currency=ABSENT if amount is ABSENT else p.currency, reason=reason))


__all__ = ["DUTIES", "HANDLERS", "MEASURES", "SanctionLate"]
