"""What every referee command check shares: the error it raises and how it finds its item."""

from __future__ import annotations

from typing import Any

from live import texts
from live.events import NewEvent
from live.state import ItemState, State


class CommandError(Exception):
    """A refused command. `status` follows HTTP: 400 not a command at all, 422 a field is wrong,
    409 the command does not fit the state. Nothing is written for a refused command."""

    def __init__(self, status: int, error: str, detail: Any = None) -> None:
        super().__init__(error)
        self.status, self.error, self.detail = status, error, detail

    def to_json(self) -> dict[str, Any]:
        return {"error": self.error, "detail": self.detail}


def item_state(state: State, command: dict[str, Any]) -> ItemState:
    """The round or match a command names in its `item` field."""
    ident = command["item"]
    if not isinstance(ident, str):
        raise CommandError(422, "item must be a timetable item's id, e.g. \"r3\"", {"field": "item"})
    found = state.items.get(ident)
    if found is None:
        known = sorted(state.items)
        other = state.tournament.item(ident)
        why = (f"{ident!r} is a {other.kind}, not a round or match" if other
               else f"no round or match has the id {ident!r}")
        raise CommandError(422, why, {"field": "item", "known": known})
    return found


def text_field(c: dict[str, Any], field: str, limit: int, *, lines: bool = False, empty: str | None = None) -> str:
    """A command's text field, checked like every text (live/texts.py) and cleaned; `empty` is the
    refusal to give when it is missing or has nothing to see."""
    value = c.get(field)
    wrong = texts.problem(value, limit, lines=lines)
    if wrong is not None:
        if empty is not None and (not isinstance(value, str) or not texts.visible(value)):
            raise CommandError(422, empty, {"field": field})
        raise CommandError(422, f"{field} {wrong}", {"field": field})
    assert isinstance(value, str)
    return texts.cleaned(value, lines=lines)


def referee_event(kind: str, payload: dict[str, Any]) -> NewEvent:
    return NewEvent(kind, "referee", payload)
