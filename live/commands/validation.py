"""What every referee command check shares: the error it raises and how it finds its item."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping
from typing import Any, TypedDict

from live.commands import refusals
from live.core import texts
from live.core.events import NewEvent
from live.core.payloads import Payload, new_event
from live.core.state import ItemState, State
from live.core.tournament import Player
from live.projections import field

#: LIVE_CHECK_REFUSALS=1 (set by the test suite, tests/conftest.py) makes a refusal without a known
#: code (live/commands/refusals.py) fail loudly; in the hall it is logged and the refusal still goes out, in
#: English only, rather than a refused command turning into a server error.
CHECK_REFUSALS = "LIVE_CHECK_REFUSALS"

log = logging.getLogger("live.commands.refusals")


class Refusal(TypedDict):
    """A refusal as the API answers it: the English sentence and the detail the pages say it from."""

    error: str
    detail: Mapping[str, object] | None


class CommandError(Exception):
    """A refused command. `status` follows HTTP: 400 not a command at all, 422 a field is wrong,
    409 the command does not fit the state. Nothing is written for a refused command.

    `detail.code` is the reason's code in live/commands/refusals.py, with the parameters its sentence takes
    beside it, so that the pages say it in their language; `error` is the same in English."""

    def __init__(self, status: int, error: str, detail: Any = None) -> None:
        super().__init__(error)
        self.status, self.error, self.detail = status, error, detail
        check_refusal(error, detail)

    def to_json(self) -> Refusal:
        return {"error": self.error, "detail": self.detail}


def check_refusal(error: str, detail: Any) -> None:
    """A refusal's detail must name a registered code with its parameters (a command's, or any refusal the HTTP
    API answers): under LIVE_CHECK_REFUSALS a ValueError, in the hall an error in the log."""
    wrong = refusals.problem(detail)
    if os.environ.get(CHECK_REFUSALS):
        if wrong is not None:
            raise ValueError(f"refusal {error!r}: {wrong} (live/commands/refusals.py)")
        json.dumps(detail)  # the answer carries it: a Decimal or a set would be a server error
    elif wrong is not None:
        log.error("refusal %r: %s", error, wrong)


def item_of(state: State, ident: object) -> ItemState:
    """The round or match with the id `ident` (a command's `item` field)."""
    if not isinstance(ident, str):
        raise CommandError(422, "item must be a timetable item's id, e.g. \"r3\"",
                           {"field": "item", "code": "field.not_an_id"})
    found = state.items.get(ident)
    if found is None:
        known = sorted(state.items)
        other = state.tournament.item(ident)
        if other is not None:
            raise CommandError(422, f"{ident!r} is a {other.kind}, not a round or match",
                               {"field": "item", "known": known, "code": "item.not_playing", "id": ident})
        raise CommandError(422, f"no round or match has the id {ident!r}",
                           {"field": "item", "known": known, "code": "field.unknown_id", "id": ident})
    return found


def in_the_day(state: State, player: Player) -> None:
    """Refuse a command about a player who withdrew before playing: gone from the day (live/projections/field.py),
    no list offers him, and nothing may be given to him that a list would then have to show."""
    if field.standing(state, player) == field.GONE:
        raise CommandError(409, f"{player.id} {player.name} has withdrawn from the tournament", {"field": "player",
                           "code": "player.withdrawn", "player": player.id, "name": player.name})


def text_value(value: object, field: str, limit: int, *, lines: bool = False, empty: str | None = None,
               sent: bool = True) -> str:
    """The text a command sent in `field` (`sent`: whether it sent the field at all), checked like every
    text (live/core/texts.py) and cleaned; `empty` is the refusal to give when it has nothing to see."""
    wrong = texts.problem(value, limit, lines=lines)
    if wrong is not None:
        if empty is not None and (not isinstance(value, str) or not texts.visible(value)):
            raise CommandError(422, empty, {"field": field, "code": "field.empty" if sent else "field.missing"})
        raise CommandError(422, f"{field} {wrong}", {"field": field, **text_refusal(value, limit, lines=lines)})
    assert isinstance(value, str)
    return texts.cleaned(value, lines=lines)


def text_refusal(value: object, limit: int, *, lines: bool = False) -> dict[str, str | int]:
    """The code (and limit) of what texts.problem finds wrong with a text, in the order it checks:
    not text, nothing to see, control characters (what is left wrong at any length), too long."""
    if not isinstance(value, str):
        return {"code": "field.not_text"}
    if not texts.visible(value):
        return {"code": "field.empty"}
    if texts.problem(value, len(value), lines=lines) is not None:
        return {"code": "field.control_chars"}
    return {"code": "field.too_long", "max": limit}


def referee_said(body: Payload) -> NewEvent:
    """The event a referee's command becomes (`decide` sets the referee as its actor)."""
    return new_event(body, "referee")
