"""The prize-giving on the hall's screens: a referee puts the prize list on them (`show_prizes`, for a fund
or the desk's), and takes it off (`hide_prizes`); either is undone like any command.

What the screens show is the `prizes` section (live/projections/prizes.py), built from the standings as
they stand, so a result corrected while the list is up moves it. The ranking stays hidden while the
standings are (`standings_hidden_from_round`): the standings are shown first (`reveal_standings`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from live.commands.command import ABSENT, Absent, Command, Handlers, wrong
from live.commands.validation import CommandError, referee_said
from live.core import payloads as P
from live.core.events import NewEvent
from live.core.state import State
from live.core.tournament import Tournament
from live.projections.prizes import MAX_FUND, NoPrizeList, prize_list, shown_fund
from live.projections.standings import hidden
from live.rules.numbers import json_number, to_decimal

HANDLERS = Handlers()


@dataclass(frozen=True, kw_only=True)
class ShowPrizes(Command):
    """The prize list on the hall's screens: for `fund`, else for the fund the desk's payments make."""

    TYPE = "show_prizes"
    fund: float | Absent = field(default=ABSENT, metadata=wrong("fund must be the prize fund as a number, "
                                                                 "e.g. 120000", "field.not_a_number"))


@dataclass(frozen=True, kw_only=True)
class HidePrizes(Command):
    TYPE = "hide_prizes"


def scored(state: State) -> bool:
    """Whether any result (or forfeit) is in force: before one, every competitor shares the first place."""
    return any(state.results.values()) or any(state.forfeits.values())


@HANDLERS.on(ShowPrizes)
def _show(t: Tournament, state: State, c: ShowPrizes, now: int) -> NewEvent:
    if hidden(state) is not None:
        raise CommandError(409, "the standings are hidden from the hall: show them first, then the prizes",
                           {"field": "type", "code": "prizes.standings_hidden"})
    fund: Decimal | None = None
    if c.fund is not ABSENT:
        fund = to_decimal(c.fund)
        if not 0 <= fund <= MAX_FUND:
            raise CommandError(422, f"fund must be from 0 to {MAX_FUND:,}, not {c.fund}",
                               {"field": "fund", "code": "field.between", "min": 0, "max": MAX_FUND})
    try:
        prize_list(state, fund)
    except NoPrizeList as exc:
        raise CommandError(422, exc.error, {"field": "fund", "code": "prizes.no_split" if exc.code == "prizes.no_split"
                                            else "prizes.no_fund"}) from exc
    if not scored(state):  # everyone level at the top: the hall would see the whole field "1st"
        raise CommandError(409, "no result is entered yet: the prize list would have everyone in first place",
                           {"field": "type", "code": "prizes.no_results"})
    if state.prizes_shown is not None and shown_fund(state) == fund:
        raise CommandError(409, "the prize list is on the screens already", {"field": "type",
                           "code": "prizes.already_shown"})
    return referee_said(P.PrizesShown(fund=ABSENT if fund is None else json_number(fund)))


@HANDLERS.on(HidePrizes)
def _hide(t: Tournament, state: State, c: HidePrizes, now: int) -> NewEvent:
    if state.prizes_shown is None:
        raise CommandError(409, "the prize list is not on the screens", {"field": "type",
                           "code": "prizes.not_shown"})
    return referee_said(P.PrizesHidden())
