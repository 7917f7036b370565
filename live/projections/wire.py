"""The wire: the shape of every section the pages are sent, declared once.

Each section (live/projections/views.py), and each kind of row in it, is a TypedDict here: the builders in
live/projections/ return them, mypy checks every key they write, and the JSON Schema the pages' tests read
(docs/sections.schema.json) is generated from these declarations (`python -m live.projections.wire`). A key
marked `NotRequired` may be absent (the pages read its absence: `tied`, `planned_start`); `X | None` is
always there, `null` when there is nothing. A `Literal` is a closed set the pages switch on.

The words of each field are in docs/protocol.md#sections; here are the types. A section not declared yet is
`Any` in `PublicSections`, `RefereeSections` or `MeSection` (and `{}`, anything, in the schema).
"""

import json
import sys
import types
from enum import Enum
from typing import (
    Any,
    Literal,
    NotRequired,
    TypedDict,
    Union,
    final,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from live.core.status import ItemStatus

# tournament ---------------------------------------------------------------------------------------------------


class TournamentInfo(TypedDict):
    """`tournament`: the tournament and the rules durations the pages need, in clock milliseconds."""

    name: str
    timezone: str
    preset: str
    game: str
    language: str
    languages: list[str]
    speed: float
    id: str
    follow: str
    call_before_ms: int
    last_deals_warning_ms: int
    checkin_opens_before_ms: int
    minute_ms: int


class Limits(TypedDict):
    """`limits`: the longest texts the server takes, and the check-in code's letters and grouping."""

    name: int
    title: int
    reason: int
    announcement: int
    referee_name: int
    code: int
    code_group: int


class PlayerLine(TypedDict):
    """A line of `players`, the roster: `withdrawn` offered for no round to come, `gone` withdrawn before playing."""

    id: str
    name: str
    team: str | None
    lady: NotRequired[bool]
    junior: NotRequired[bool]
    rating: NotRequired[int | float]
    substitute: NotRequired[bool]
    enters: NotRequired[str]
    withdrawn: NotRequired[bool]
    gone: NotRequired[bool]


class TeamLine(TypedDict):
    """A line of `teams` (bridge)."""

    id: str
    name: str


# timetable ----------------------------------------------------------------------------------------------------

#: A playing item's phase (live/projections/timeline.py `phase`); None for a break or a meal.
Phase = Literal["upcoming", "in_progress", "done", "missed"]
#: Why a held start waits (live/core/state.py `start_blocker`; "past": found past its start at a restart).
HeldFor = Literal["previous", "seating", "past"]


class TimetableItem(TypedDict):
    """One item of `timetable`. A playing item (a round, a match) adds its clock, from `status` on."""

    id: str
    kind: str
    title: str
    round: int | None
    start: int
    end: int
    playing: bool
    planned_start: NotRequired[int]
    boards: NotRequired[int]
    changeable: bool
    changeable_until: int | None
    phase: Phase | None
    status: NotRequired[ItemStatus]
    started_at: NotRequired[int | None]
    ended_at: NotRequired[int | None]
    called_at: NotRequired[int | None]
    held_at: NotRequired[int | None]
    held_for: NotRequired[HeldFor | None]
    waiting_for: NotRequired[str | None]
    ends_at: NotRequired[int | None]
    paused_at: NotRequired[int | None]
    extended_ms: NotRequired[int]
    last_deals_at: NotRequired[int | None]
    breaks: NotRequired[list[int]]
    parts: NotRequired[int]
    remaining_ms: NotRequired[int]


# now ----------------------------------------------------------------------------------------------------------

#: What the big countdown does (live/projections/timeline.py `headline`).
Mode = Literal["running", "paused", "held", "until", "ends", "missed", "idle"]


class Headline(TypedDict):
    """The headline's answer at one instant (live/projections/timeline.py `headline`)."""

    current: str | None
    next: str | None
    then: str | None
    mode: Mode
    deadline: int | None
    day: list[str]
    checkin: str | None


#: One entry of `now`: the headline from `from` on (a key Python cannot name in a class body).
# (Not `from __future__ import annotations` in this module: a class body's `NotRequired` would then be a string,
# and the TypedDict would count its key as required.)
NowEntry = TypedDict("NowEntry", {"from": int, "current": str | None, "next": str | None, "then": str | None,
                                  "mode": Mode, "deadline": int | None, "day": list[str], "checkin": str | None})


# standings ----------------------------------------------------------------------------------------------------


class _PreferansLine(TypedDict):
    shared: bool
    player: str
    name: str
    lady: bool
    points: int | float
    bule: int | float
    rounds: int
    penalty_bule: int
    penalty_points: int | float


@final
class PreferansRow(_PreferansLine):
    """A preferans row of `standings`: `tied` when it shares the place of the row above."""

    tied: NotRequired[bool]


@final
class RankedPreferansRow(_PreferansLine):
    """A preferans row with its place written out (`me`'s `standing`)."""

    rank: int


class Overtime(TypedDict):
    """A Novi Sad league match run over its time: the VP its team lost (live/projections/standings.py)."""

    item: str
    blocks: int
    block_minutes: int | float
    vp: int | float
    at: int


class _BridgeLine(TypedDict):
    shared: bool
    team: str
    name: str
    vp: int | float
    penalty_vp: int | float
    imps_for: int | float
    imps_against: int | float
    imp_diff: int | float
    played: int
    awarded: int
    decided_by: str | None
    withdrawn: bool
    overtime: NotRequired[list[Overtime]]


@final
class BridgeRow(_BridgeLine):
    """A bridge row of `standings`: `tied` when it shares the place of the row above."""

    tied: NotRequired[bool]


@final
class RankedBridgeRow(_BridgeLine):
    """A bridge row with its place written out (`me`'s `standing`)."""

    rank: int


#: (`final`: `"player" in row` tells a preferans row from a bridge row, for mypy as for the pages.)
StandingRow = PreferansRow | BridgeRow
RankedRow = RankedPreferansRow | RankedBridgeRow


class StandingsHidden(TypedDict):
    """`standings_hidden`: since which round the hall does not see the standings."""

    from_round: int
    title: str


# lateness -----------------------------------------------------------------------------------------------------


class LateClock(TypedDict):
    """How late someone not yet in is at any instant: ms + max(0, now − at) while running, else ms."""

    ms: int
    at: int
    running: bool


class Threshold(TypedDict):
    """A lateness threshold of a round that started: when it falls and how late that is."""

    name: str
    at: int
    late_ms: int
    minutes: int
    boards_removed: NotRequired[int]
    boards_removed_next: NotRequired[int]


class PreferansPenalty(TypedDict):
    """What a preferans player's lateness costs (live/rules/lateness.py `LatePenalty`)."""

    late_ms: int
    minutes: int
    bule: int
    starts_with: int
    deduction: int
    tolerated: bool
    reserve_due: bool


@final
class PreferansStep(TypedDict):
    """From `from_ms` late on, these numbers apply (a preferans player)."""

    from_ms: int
    bule: int
    starts_with: int
    deduction: int
    tolerated: bool
    reserve_due: bool


class BridgeLate(TypedDict):
    """What a bridge team's lateness costs: Slovak boards and IMPs, or (Novi Sad) only whether it forfeits."""

    late_ms: int
    boards_removed: NotRequired[int]
    compensation_imps: NotRequired[int]
    forfeit: bool


@final
class BridgeStep(TypedDict):
    """From `from_ms` late on, these numbers apply (a bridge team)."""

    from_ms: int
    boards_removed: NotRequired[int]
    compensation_imps: NotRequired[int]
    forfeit: bool


Step = PreferansStep | BridgeStep


@final
class PreferansArrival(TypedDict):
    """A preferans line of a check-in list: the penalty's numbers once the player came."""

    id: str
    arrived_at: int | None
    name: str
    excused: bool
    reserve: str | None
    reserve_starts_with: int
    reserve_from_ms: int | None
    starts_with: NotRequired[int]
    late_ms: NotRequired[int]
    minutes: NotRequired[int]
    bule: NotRequired[int]
    deduction: NotRequired[int]
    tolerated: NotRequired[bool]
    reserve_due: NotRequired[bool]


@final
class BridgeArrival(TypedDict):
    """A bridge line of a check-in list: a team, how many of its members are in, its lateness once complete."""

    id: str
    arrived_at: int | None
    name: str
    members_in: int
    late_ms: NotRequired[int]
    boards_removed: NotRequired[int]
    compensation_imps: NotRequired[int]
    forfeit: NotRequired[bool]


Arrival = PreferansArrival | BridgeArrival


class LatenessReport(TypedDict):
    """One round's check-in list (`lateness` maps the rounds whose arrivals matter now to theirs)."""

    item: str
    reference_start: int
    pauses: list[list[int | None]]
    late_clock: LateClock
    players_needed: int | None
    thresholds: list[Threshold]
    rows: list[Arrival]
    steps: list[Step]
    matches: NotRequired[list[list[str]] | None]


# the views ----------------------------------------------------------------------------------------------------


class PublicSections(TypedDict):
    """What every screen sees (live/projections/views.py `public_sections`)."""

    tournament: TournamentInfo
    timetable: list[TimetableItem]
    now: list[NowEntry]
    in_play: str | None
    limits: Limits
    announcements: list[Any]
    players: list[PlayerLine]
    teams: list[TeamLine]
    standings: list[StandingRow]
    standings_hidden: NotRequired[StandingsHidden]
    standings_provisional: NotRequired[Any]
    prizes: NotRequired[Any]
    seating: dict[str, Any]
    results: dict[str, Any]
    final: Any
    lateness: dict[str, LatenessReport]


@final
class TableSeat(TypedDict):
    """Where a preferans player sits in a published round (`me`'s `seats`)."""

    item: str
    table: int
    seat: int


@final
class MatchSeat(TypedDict):
    """A bridge team's match of a published round: at home or away, against whom."""

    item: str
    home: bool
    opponent: str


@final
class ByeSeat(TypedDict):
    """A bridge team's bye in a published round."""

    item: str
    bye: bool


class MeSection(TypedDict):
    """`me`, a player's own page: without their session only what the public sections show, picked out for
    them; with it (`session`), the notices' words, their check-ins and appeals."""

    id: str
    name: str
    team: str | None
    session: bool
    arrivals: list[Any]
    notices: NotRequired[list[Any]]
    private_notices: NotRequired[int]
    check_ins: NotRequired[dict[str, int]]
    appeals: NotRequired[Any]
    seats: list[TableSeat | MatchSeat | ByeSeat]
    results: list[Any]
    penalties: list[Any]
    boards: Any
    standing: RankedRow | None


# the schema ---------------------------------------------------------------------------------------------------

#: The declarations the schema names at its top: the views' sections.
ROOTS: tuple[type, ...] = (PublicSections, MeSection)


def schema() -> dict[str, object]:
    """A JSON Schema (2020-12) of the sections, from the declarations above: each TypedDict a `$defs` entry
    (`properties`, `required`, no other key), `X | None` an `anyOf` with `null`, a `Literal` or an Enum an
    `enum`, `list[X]` an array of X, `dict[str, X]` an object of X, `Any` anything. Pure: the same schema
    for the same declarations (docs/sections.schema.json is this, checked in)."""
    defs: dict[str, object] = {}
    top = {root.__name__: _of(root, defs) for root in ROOTS}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "The sections of the views (live/projections/wire.py)",
            "$ref": next(iter(top.values()))["$ref"], "$defs": dict(sorted(defs.items()))}


def _of(kind: object, defs: dict[str, object]) -> dict[str, Any]:
    if kind is Any:
        return {}
    if is_typeddict(kind):
        assert isinstance(kind, type)
        name = kind.__name__
        if name not in defs:
            defs[name] = {}  # (a placeholder while its fields are read: a declaration that names itself)
            hints = get_type_hints(kind)
            required = sorted(kind.__required_keys__)  # type: ignore[attr-defined]  # (a TypedDict class has it)
            described = {"description": doc} if (doc := _first_line(kind.__doc__)) else {}
            defs[name] = {"type": "object", **described,
                          "properties": {key: _of(hint, defs) for key, hint in hints.items()},
                          "required": required, "additionalProperties": False}
        return {"$ref": f"#/$defs/{name}"}
    if isinstance(kind, type) and issubclass(kind, Enum):
        return {"enum": [member.value for member in kind]}
    origin, args = get_origin(kind), get_args(kind)
    if origin is Literal:
        return {"enum": list(args)}
    if origin in (Union, types.UnionType):
        values = [a for a in args if a is not type(None)]
        parts = [_of(a, defs) for a in values]
        if len(values) < len(args):
            parts.append({"type": "null"})
        return parts[0] if len(parts) == 1 else {"anyOf": parts}
    if origin is NotRequired:
        return _of(args[0], defs)
    if origin is list:
        return {"type": "array", "items": _of(args[0], defs)}
    if origin is dict:
        return {"type": "object", "additionalProperties": _of(args[1], defs)}
    if kind is bool:
        return {"type": "boolean"}
    if kind is int:
        return {"type": "integer"}
    if kind is float:
        return {"type": "number"}
    if kind is str:
        return {"type": "string"}
    raise TypeError(f"no JSON Schema for {kind!r}: declare it with the types the generator knows")


def _first_line(doc: str | None) -> str:
    return (doc or "").strip().split("\n\n")[0].replace("\n", " ")


def main() -> None:
    """`python -m live.projections.wire > docs/sections.schema.json`"""
    sys.stdout.write(json.dumps(schema(), indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
