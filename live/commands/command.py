"""A referee command as a class: one frozen dataclass per command type, parsed once at the edge.

Why: the console, the scheduler's signals, the demo and an edited tournament file all send
commands as JSON objects. `parse` turns one into the instance of its type's class, or refuses
it naming the field (a 400 when it is not a command at all, a 422 when a field is missing,
unknown or of the wrong JSON type), so that a handler gets typed fields and checks only what
the rules say of them (an id that exists, a time in range, a round in the right state).

A field the sender left out is `ABSENT`, which is not a JSON null: a few fields take null on
purpose (`rating: null` clears a player's rating) and say so by having `None` in their type.
The type of a field says what JSON it takes:

    str    text          int    a whole number        float  any number (not true/false)
    bool   true/false    list   an array              dict   an object
    object anything (the handler checks it: nested shapes such as a table's results)

and `wrong(...)` in its metadata says how the refusal of another type is worded when the
field-type's own words (`field.not_text`, `field.not_whole`…) would not help the referee.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from live.commands.validation import CommandError
from live.core.absent import ABSENT, Absent
from live.core.events import NewEvent
from live.core.json import JSONValue
from live.core.state import State
from live.core.tournament import Tournament

__all__ = ["ABSENT", "Absent", "Command", "CommandField", "Handlers", "command_key", "wrong"]


MAX_COMMAND_ID = 64
#: The largest number a command may carry anywhere: what the pages' JavaScript holds exactly (2^53 − 1). No count,
#: amount, instant (epoch ms) or minute of a tournament comes near it; past it a number is a slip or an attack, and
#: formatting or arithmetic on it (a 400-digit integer as a float, 1e308 minutes as milliseconds) fails in a handler.
MAX_NUMBER = 2**53 - 1
#: The deepest a command's value nests (a team's parts in a line-up, a table's results: 2 or 3 levels).
MAX_DEPTH = 8
#: The log's at-most-once key of a command that carries a client's `id` (scheduler signals use
#: ids like `r3:start`; the log refuses a second event with the same key on every backend).
COMMAND_KEY_PREFIX = "cmd:"
#: A command as JSON, as a client sends it (`type`, its fields, maybe `id`): what `Handlers.parse` takes.
CommandJSON = dict[str, JSONValue]


@dataclass(frozen=True, kw_only=True)
class Command:
    """What every command has: its type's name (`TYPE`, as the JSON says it) and the client's own
    `id` if it sent one (a resend with the same id stores nothing twice, `command_key`)."""

    TYPE: ClassVar[str] = ""
    id: str | Absent = ABSENT

    def to_json(self) -> CommandJSON:
        """The command as it would be sent (fields left out stay out)."""
        data: CommandJSON = {"type": self.TYPE}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value is not ABSENT:
                data[f.name] = value
        return data

    def sent(self, name: str) -> bool:
        """Whether the sender sent the field `name` (null counts as sent)."""
        return getattr(self, name, ABSENT) is not ABSENT


def command_key(command: Command | Mapping[str, object]) -> str | None:
    """The at-most-once key of a command with an `id` (None without one): the client chooses the id,
    so a resend after a lost answer or a 503 stores nothing and gets the first event back."""
    if isinstance(command, Command):
        ident: object = command.id
        if ident is ABSENT:
            return None
    else:
        if "id" not in command:
            return None
        ident = command["id"]
    if not isinstance(ident, str) or not 1 <= len(ident) <= MAX_COMMAND_ID or not ident.isprintable():
        raise CommandError(422, f"id must be the command's own id: 1–{MAX_COMMAND_ID} printable characters",
                           {"field": "id", "code": "command.bad_id"})
    return COMMAND_KEY_PREFIX + ident


@dataclass(frozen=True)
class _Wrong:
    error: str  # "{field}" is replaced by the field's name
    code: str


def wrong(error: str, code: str) -> dict[str, _Wrong]:
    """A field's metadata: how a value of the wrong JSON type is refused (`error` may say `{field}`)."""
    return {"wrong": _Wrong(error, code)}


#: The refusal of a value of another JSON type, by the type the field takes.
_TYPE_REFUSALS: dict[type, _Wrong] = {
    str: _Wrong("{field} must be text", "field.not_text"),
    int: _Wrong("{field} must be a whole number", "field.not_whole"),
    float: _Wrong("{field} must be a number", "field.not_a_number"),
    bool: _Wrong("{field} must be true or false", "field.not_bool"),
    list: _Wrong("{field} must be a list", "field.not_a_list"),
    dict: _Wrong("{field} must be an object", "field.not_an_object"),
}


def _fits(value: object, kind: type) -> bool:
    if kind is object:
        return True
    if kind is bool:
        return isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:  # (a whole number is always finite: math.isfinite would overflow on 10**400)
        return (isinstance(value, int) and not isinstance(value, bool)) or (isinstance(value, float)
                                                                            and math.isfinite(value))
    return isinstance(value, kind)


@dataclass(frozen=True)
class CommandField:
    """A field as the parser takes it: what `parse` checks is what the API's document says
    (live/edges/web/openapi.py reads these, so the two cannot differ)."""

    name: str
    kinds: tuple[type, ...]  # the JSON types it takes (NoneType: null)
    required: bool
    refusal: _Wrong


def _field_of(f: dataclasses.Field[Any], hint: Any) -> CommandField:
    members = typing.get_args(hint) if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union \
        else (hint,)
    kinds = tuple(typing.get_origin(m) or m for m in members if m is not Absent)
    if not kinds or any(k not in (*_TYPE_REFUSALS, object, type(None)) for k in kinds):
        raise TypeError(f"{f.name}: a command field takes str, int, float, bool, list, dict, object or None")
    first = next((k for k in kinds if k is not type(None)), object)
    refusal = f.metadata.get("wrong") or _TYPE_REFUSALS.get(first) or _TYPE_REFUSALS[str]  # object: never refused
    required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    if not required and f.default is not ABSENT:
        raise TypeError(f"{f.name}: an optional command field defaults to ABSENT")
    return CommandField(f.name, kinds, required, refusal)


C = TypeVar("C", bound=Command)
Handler = Callable[[Tournament, State, C, int], NewEvent]


class _Type(Generic[C]):
    """A command type's class, the fields it takes, and its handler."""

    def __init__(self, cls: type[C], handler: Handler[C]) -> None:
        hints = typing.get_type_hints(cls)
        self.cls, self.handler = cls, handler
        self.fields = [_field_of(f, hints[f.name]) for f in dataclasses.fields(cls) if f.name != "id"]

    def parse(self, data: Mapping[str, object]) -> C:
        kind = self.cls.TYPE
        for f in self.fields:
            if f.required and f.name not in data:
                raise CommandError(422, f"{kind} needs the field {f.name!r}", {"field": f.name,
                                                                               "code": "field.missing"})
        command_key(data)  # a wrong id is refused before anything else is checked
        names = {f.name for f in self.fields}
        for name in sorted(set(data) - names - {"type", "id"}):
            raise CommandError(422, f"{kind} has no field {name!r}", {"field": name, "known": sorted(names),
                                                                      "code": "field.unknown"})
        for f in self.fields:
            if f.name in data:
                _within_bounds(data[f.name], f.name)
        values: dict[str, Any] = {}
        for f in self.fields:
            if f.name not in data:
                continue
            value = data[f.name]
            if not any(value is None if k is type(None) else _fits(value, k) for k in f.kinds):
                raise _wrong_type(f)
            values[f.name] = value
        if "id" in data:
            values["id"] = data["id"]
        return self.cls(**values)


def _within_bounds(value: object, field: str) -> None:
    """Refuse a value holding a number past MAX_NUMBER (or infinite, or NaN), or nesting deeper than MAX_DEPTH, anywhere
    within it: the refusal names the field (and the keys down to the number, while they are an object's: the
    `results.p07` of a table's results), before any handler formats or computes with it."""
    pending: list[tuple[object, str, int, bool]] = [(value, field, 1, True)]
    while pending:
        value, path, depth, keyed = pending.pop()
        if isinstance(value, bool) or value is None or isinstance(value, str):
            continue
        if isinstance(value, float) and math.isnan(value):
            if depth > 1:  # (a field's own NaN is refused by its type, in its own words)
                raise CommandError(422, f"{path} must be a number", {"field": path, "code": "field.not_a_number"})
            continue
        if isinstance(value, int | float):
            if abs(value) > MAX_NUMBER:  # (infinity too)
                raise CommandError(422, f"{path} holds a number far too large", {"field": path,
                                   "code": "field.too_large"})
            continue
        if isinstance(value, dict | list) and depth > MAX_DEPTH:
            raise CommandError(422, f"{field} is nested deeper than {MAX_DEPTH} levels", {"field": field,
                               "code": "field.too_deep", "max": MAX_DEPTH})
        if isinstance(value, dict):
            inner = [(v, f"{path}.{k}" if keyed else path, depth + 1, keyed) for k, v in value.items()]
            pending.extend(reversed(inner))
        elif isinstance(value, list):
            pending.extend(reversed([(v, path, depth + 1, False) for v in value]))


def _wrong_type(f: CommandField) -> CommandError:
    """The refusal of a value of another JSON type: its code is checked where it is declared (`wrong`,
    or `_TYPE_REFUSALS`; tests/unit/test_refusals.py reads both)."""
    return CommandError(422, f.refusal.error.format(field=f.name), {"field": f.name, "code": f.refusal.code})


class Handlers:
    """The command types of a subject and their handlers: `@HANDLERS.on(StartRound)` over the
    function that decides what a `StartRound` becomes. `decide` joins every subject's."""

    def __init__(self, *others: Handlers) -> None:
        self._by_name: dict[str, _Type[Any]] = {}
        self._by_class: dict[type[Command], _Type[Any]] = {}
        for other in others:
            for entry in other._by_name.values():
                self._add(entry)

    def on(self, cls: type[C]) -> Callable[[Handler[C]], Handler[C]]:
        def register(handler: Handler[C]) -> Handler[C]:
            self._add(_Type(cls, handler))
            return handler
        return register

    def _add(self, entry: _Type[Any]) -> None:
        kind = entry.cls.TYPE
        if not kind or kind in self._by_name:
            raise TypeError(f"command type {kind!r} is registered twice or has no TYPE")
        self._by_name[kind], self._by_class[entry.cls] = entry, entry

    @property
    def types(self) -> list[str]:
        return sorted(self._by_name)

    def classes(self) -> Iterable[type[Command]]:
        return self._by_class.keys()

    def described(self) -> list[tuple[type[Command], list[CommandField]]]:
        """Every command type's class with the fields its parse takes (besides `type` and `id`), by type name."""
        return [(entry.cls, list(entry.fields)) for _, entry in sorted(self._by_name.items())]

    def fields(self, kind: str) -> tuple[set[str], set[str]]:
        """The required and the optional fields of the command type `kind`."""
        entry = self._by_name[kind]
        return ({f.name for f in entry.fields if f.required}, {f.name for f in entry.fields if not f.required})

    def parse(self, data: object) -> Command:
        """The command a JSON value says, or the refusal naming what is wrong with it."""
        if not isinstance(data, dict):
            raise CommandError(400, "a command must be a JSON object with a \"type\"", {"code": "command.not_object"})
        kind = data.get("type")
        if not isinstance(kind, str) or not kind:
            raise CommandError(422, "the command has no \"type\"", {"field": "type", "known": self.types,
                                                                    "code": "command.no_type"})
        entry = self._by_name.get(kind)
        if entry is None:
            raise CommandError(422, f"unknown command type {kind!r}", {"field": "type", "known": self.types,
                                                                       "code": "command.unknown_type", "type": kind})
        parsed: Command = entry.parse(data)
        return parsed

    def run(self, t: Tournament, state: State, command: Command, now: int) -> NewEvent:
        """What the handler of the command's class decides."""
        entry = self._by_class.get(type(command))
        if entry is None:
            raise TypeError(f"no handler for {type(command).__name__}")
        new: NewEvent = entry.handler(t, state, command, now)
        return new
