"""Each event type's payload as a class: what the fold reads, by name and type, instead of dict keys.

Why: an event is the log's JSON (`Event.payload`), and it stays that: old logs replay unchanged and
the pages read these payloads as they always have. `Event.body` is the same payload as an instance of
its type's class, which the fold dispatches on (`match`) — a key misspelt there is a type error, not a
silent `None`. A field an event did not write is `ABSENT` (live/core/absent.py); `None` is in a field's
type only where the log writes a JSON null (a seating's `bye`, an appeal's `allowed`).

`body_of` is tolerant the way a reader of an old log must be: keys this version does not know are left
in the JSON (the fold never needed them), and an event type it does not know has no body (the fold
ignores it, as it always did). tests/unit/test_payloads.py checks that every payload of the recorded
old logs and of today's commands comes back from its class key for key.
"""

from __future__ import annotations

import dataclasses
import os
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NotRequired, TypedDict, TypeVar

from live.core import events as E
from live.core.absent import ABSENT, Absent
from live.core.events import NewEvent

__all__ = ["PAYLOADS", "Payload", "body_of", "new_event"]

P = TypeVar("P", bound="Payload")


@dataclass(frozen=True, kw_only=True)
class Payload:
    """What every payload class has: its event type (`TYPE`) and the way to and from the log's JSON."""

    TYPE: ClassVar[str] = ""

    def to_payload(self) -> dict[str, object]:
        """The payload as the log stores it (fields left out stay out)."""
        return {f.name: value for f in dataclasses.fields(self)
                if (value := getattr(self, f.name)) is not ABSENT}

    @classmethod
    def from_payload(cls: type[P], data: Mapping[str, Any]) -> P:
        names = _names(cls)
        return cls(**{k: v for k, v in data.items() if k in names})


_NAMES: dict[type[Payload], frozenset[str]] = {}


def _names(cls: type[Payload]) -> frozenset[str]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = frozenset(f.name for f in dataclasses.fields(cls))
    return names


Opt = Absent  # (read `x: int | Opt = ABSENT` as "an int, or not written")


# -- the JSON inside payloads: the plan, and a sanction's penalty lines ------------------------------


class ItemJson(TypedDict):
    """A timetable item in a recorded plan (`plan_recorded`, `item_added`): instants as epoch ms."""

    id: str
    kind: str
    title: str
    start: int
    end: int
    round: NotRequired[int]
    boards: NotRequired[int]
    gathering: NotRequired[str]


class PlayerJson(TypedDict):
    """A player in a recorded plan; the flags are written only when set."""

    id: str
    name: str
    lady: bool
    team: NotRequired[str]
    enters: NotRequired[str]
    withdrawn: NotRequired[bool]
    junior: NotRequired[bool]
    rating: NotRequired[int | float]
    substitute: NotRequired[bool]


class TeamJson(TypedDict):
    id: str
    name: str


class PlanJson(TypedDict):
    """The plan as `plan_recorded` holds it (live/core/plan.py `to_json`): everything a fold needs. `rules`
    stays a plain mapping: its values are of as many kinds as the presets' parameters (live/rules/presets.py)."""

    id: NotRequired[str]
    name: str
    timezone: str
    preset: str
    rules: dict[str, Any]
    languages: list[str]
    language: str
    speed: NotRequired[float]
    items: list[ItemJson]
    players: list[PlayerJson]
    teams: list[TeamJson]


class PenaltyLine(TypedDict):
    """One of a sanction's penalty lines (live/commands/sanctions.py): it counts like a `penalty_applied`."""

    player: str
    amount: int | float
    unit: str
    reason: NotRequired[str]
    to: NotRequired[str]


# -- the round's life-cycle (signals by the scheduler, or commands) -------------------------------


@dataclass(frozen=True, kw_only=True)
class Signal(Payload):
    """What a round signal or round command names: its item, and a scheduled signal's due time."""

    item: str
    due_at: int | Opt = ABSENT  # a scheduled signal's due time: it takes effect then, not when logged


@dataclass(frozen=True, kw_only=True)
class RoundCalled(Signal):
    TYPE = E.ROUND_CALLED


@dataclass(frozen=True, kw_only=True)
class Recorded(Signal):
    """A start or end the referee records after the fact (the server was not running then): `at`, the
    instant it happened, which the clock and lateness count from, and the referee's `reason`."""

    at: int | Opt = ABSENT
    reason: str | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class RoundStarted(Recorded):
    TYPE = E.ROUND_STARTED


@dataclass(frozen=True, kw_only=True)
class RoundStartHeld(Signal):
    TYPE = E.ROUND_START_HELD
    reason: str | Opt = ABSENT  # "previous" (another round still runs), "seating" or "past" (signals.py)
    waiting_for: str | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class RoundPaused(Signal):
    TYPE = E.ROUND_PAUSED


@dataclass(frozen=True, kw_only=True)
class RoundResumed(Signal):
    TYPE = E.ROUND_RESUMED


@dataclass(frozen=True, kw_only=True)
class RoundExtended(Signal):
    TYPE = E.ROUND_EXTENDED
    minutes: int | float
    ms: int


@dataclass(frozen=True, kw_only=True)
class LastDealsAnnounced(Signal):
    TYPE = E.LAST_DEALS_ANNOUNCED


@dataclass(frozen=True, kw_only=True)
class BreakAnnounced(Signal):
    TYPE = E.BREAK_ANNOUNCED
    part: int
    parts: int | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class RoundEnded(Recorded):
    TYPE = E.ROUND_ENDED


@dataclass(frozen=True, kw_only=True)
class LatenessAlert(Signal):
    TYPE = E.LATENESS_ALERT
    threshold: str
    absent: list[Any]
    tables: list[Any] | Opt = ABSENT


# -- results, seating, penalties --------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ResultRecorded(Payload):
    """A preferans table's (`table`, `results`, …) or a bridge match's (`home`, `away`, IMPs)."""

    TYPE = E.RESULT_RECORDED
    item: str
    table: int | Opt = ABSENT
    results: dict[str, int] | Opt = ABSENT  # player → the bule of their slip
    supe: dict[str, dict[str, int]] | Opt = ABSENT  # writer → against → supe
    walkover: str | Opt = ABSENT
    absent: list[Any] | Opt = ABSENT
    home: str | Opt = ABSENT
    away: str | Opt = ABSENT
    imps_home: int | float | Opt = ABSENT
    imps_away: int | float | Opt = ABSENT

    @property
    def key(self) -> str:
        """Which result it is: the preferans table's number, or the bridge match's teams."""
        return str(self.table) if self.table is not ABSENT else f"{self.home}-{self.away}"

    @property
    def corrected(self) -> bool:
        """A correction that says why (the screens mark it)."""
        return isinstance(self, ResultCorrected) and self.reason is not ABSENT

    def match(self) -> tuple[str, str, int | float, int | float]:
        """A bridge match's result: home, away and their IMPs (a preferans table's has none: ValueError)."""
        if isinstance(self.home, Absent) or isinstance(self.away, Absent) or isinstance(self.imps_home, Absent) \
                or isinstance(self.imps_away, Absent):
            raise ValueError(f"{self.TYPE} of {self.item} is not a bridge match's result")
        return self.home, self.away, self.imps_home, self.imps_away


@dataclass(frozen=True, kw_only=True)
class ResultCorrected(ResultRecorded):
    TYPE = E.RESULT_CORRECTED
    reason: str | Opt = ABSENT
    replaces: int | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class SeatingPublished(Payload):
    TYPE = E.SEATING_PUBLISHED
    item: str
    method: str | Opt = ABSENT
    round: int | Opt = ABSENT
    tables: list[Any] | Opt = ABSENT
    matches: list[Any] | Opt = ABSENT
    bye: str | Opt | None = ABSENT
    seed: int | Opt = ABSENT
    after: str | Opt = ABSENT
    order: str | Opt = ABSENT
    carry_over: int | float | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class PenaltyApplied(Payload):
    TYPE = E.PENALTY_APPLIED
    amount: int | float
    unit: str
    reason: str
    player: str | Opt = ABSENT
    team: str | Opt = ABSENT
    item: str | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class MatchForfeited(Payload):
    TYPE = E.MATCH_FORFEITED
    item: str
    home: str
    away: str
    guilty: str
    reason: str | Opt = ABSENT

    @property
    def key(self) -> str:
        return f"{self.home}-{self.away}"


@dataclass(frozen=True, kw_only=True)
class TeamWithdrawn(Payload):
    TYPE = E.TEAM_WITHDRAWN
    team: str
    reason: str


@dataclass(frozen=True, kw_only=True)
class ResultReported(Payload):
    """A captain's report of a bridge match's result (their team is `team`, one of the two): it counts only once
    the other captain confirms it (live/commands/captains.py)."""

    TYPE = E.RESULT_REPORTED
    item: str
    home: str
    away: str
    imps_home: int
    imps_away: int
    team: str

    @property
    def key(self) -> str:
        return f"{self.home}-{self.away}"


@dataclass(frozen=True, kw_only=True)
class ResultDisputed(Payload):
    """The other captain's dispute of a report (`report`: its seq), with why: the coordinator settles it."""

    TYPE = E.RESULT_DISPUTED
    item: str
    home: str
    away: str
    team: str
    report: int
    reason: str

    @property
    def key(self) -> str:
        return f"{self.home}-{self.away}"


@dataclass(frozen=True, kw_only=True)
class RecordSent(Payload):
    """The home team's captain (`team`) sent the match record ("zápis") to the coordinator (Slovak §12.2)."""

    TYPE = E.RECORD_SENT
    item: str
    home: str
    away: str
    team: str

    @property
    def key(self) -> str:
        return f"{self.home}-{self.away}"


@dataclass(frozen=True, kw_only=True)
class LateDutySanctioned(Payload):
    """Slovak §12.3–4: the coordinator's record of the `measure` ("warning", or "fine" of `amount` `currency`)
    the presidium gave `team` for its late `duty` ("report", §12.1; "record", §12.2) of the match `home`–`away`
    in `item`, under `rule` (live/commands/late_duties.py)."""

    TYPE = E.LATE_DUTY_SANCTIONED
    item: str
    home: str
    away: str
    team: str
    duty: str
    measure: str
    rule: str
    amount: int | Opt = ABSENT
    currency: str | Opt = ABSENT
    reason: str | Opt = ABSENT

    @property
    def key(self) -> str:
        return f"{self.home}-{self.away}"


# -- sanctions, appeals, sheets, the desk --------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class SanctionRecorded(Payload):
    """A warning or penalty by kind; its `penalties` lines count like `penalty_applied`."""

    TYPE = E.SANCTION_RECORDED
    player: str
    kind: str
    item: str
    penalties: list[PenaltyLine]
    step: int | Opt = ABSENT
    warning: bool | Opt = ABSENT
    bule: int | Opt = ABSENT
    unit: str | Opt = ABSENT
    table: int | Opt = ABSENT
    reason: str | Opt = ABSENT
    measure: str | Opt = ABSENT
    points: int | float | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class AppealLodged(Payload):
    TYPE = E.APPEAL_LODGED
    item: str
    subject: str
    player: str | Opt = ABSENT
    team: str | Opt = ABSENT
    number: int | Opt = ABSENT
    allowed: int | Opt | None = ABSENT
    match: list[Any] | Opt = ABSENT
    signed_by: list[Any] | Opt = ABSENT
    captain: str | Opt = ABSENT
    line_up: int | Opt = ABSENT
    to: str | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class AppealDecided(Payload):
    TYPE = E.APPEAL_DECIDED
    appeal: int
    decision: str
    player: str | Opt = ABSENT
    team: str | Opt = ABSENT
    item: str | Opt = ABSENT
    unanimous: bool | Opt = ABSENT
    outcome: str | Opt = ABSENT
    correction: int | Opt = ABSENT
    reason: str | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class LineupEntered(Payload):
    TYPE = E.LINEUP_ENTERED
    item: str
    team: str
    parts: list[Any]
    substitutions: list[Any] | Opt = ABSENT
    fixes: list[Any] | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class PaymentRecorded(Payload):
    TYPE = E.PAYMENT_RECORDED
    what: str
    amount: int | float
    player: str | Opt = ABSENT
    team: str | Opt = ABSENT
    currency: str | Opt = ABSENT
    method: str | Opt = ABSENT
    note: str | Opt = ABSENT


# -- arrivals --------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class CheckedIn(Payload):
    """A player's (or in bridge a team's) arrival at `at`; `corrects` the check-in it replaces."""

    TYPE = E.CHECKED_IN
    item: str
    player: str | Opt = ABSENT
    team: str | Opt = ABSENT
    at: int | Opt = ABSENT
    reason: str | Opt = ABSENT
    corrects: int | Opt = ABSENT

    @property
    def who(self) -> str:
        return self.player if self.player is not ABSENT else str(self.team)


@dataclass(frozen=True, kw_only=True)
class CheckedInAll(Payload):
    """"All present": the players (preferans) or teams (bridge) not yet in of a round, or of one of its
    tables, arrived at `at`: one event, so that one undo takes the whole tap back."""

    TYPE = E.CHECKED_IN_ALL
    item: str
    at: int
    players: list[str] | Opt = ABSENT
    teams: list[str] | Opt = ABSENT
    table: int | Opt = ABSENT

    @property
    def who(self) -> list[str]:
        named = self.players if self.players is not ABSENT else self.teams
        return [] if named is ABSENT else list(named)


@dataclass(frozen=True, kw_only=True)
class AbsenceAnnounced(Payload):
    TYPE = E.ABSENCE_ANNOUNCED
    item: str
    player: str
    reason: str | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class ReserveSeated(Payload):
    TYPE = E.RESERVE_SEATED
    item: str
    player: str
    name: str
    starts_with: int | Opt = ABSENT
    table: int | Opt = ABSENT


# -- the plan: recorded once, then changed on the day --------------------------------------------


@dataclass(frozen=True, kw_only=True)
class PlanRecorded(Payload):
    TYPE = E.PLAN_RECORDED
    plan: PlanJson
    file: str | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class PlanMissed(Payload):
    """Items already over when nothing had been played: shown as missed, never fired."""

    TYPE = E.PLAN_MISSED
    items: list[str]
    at: int | Opt = ABSENT
    shift_item: str | Opt = ABSENT
    shift_minutes: int | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class _PlanChange(Payload):
    via: str | Opt = ABSENT  # "file": the change came from an edited tournament file


@dataclass(frozen=True, kw_only=True)
class PlayerRegistered(_PlanChange):
    TYPE = E.PLAYER_REGISTERED
    player: str
    name: str
    lady: bool | Opt = ABSENT
    junior: bool | Opt = ABSENT
    team: str | Opt = ABSENT
    enters: str | Opt = ABSENT
    rating: int | float | Opt = ABSENT
    replaces: str | Opt = ABSENT
    average: int | float | Opt = ABSENT
    substitute: bool | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class PlayerUpdated(_PlanChange):
    TYPE = E.PLAYER_UPDATED
    player: str
    name: str | Opt = ABSENT
    was: str | Opt = ABSENT
    lady: bool | Opt = ABSENT
    junior: bool | Opt = ABSENT
    rating: int | float | Opt | None = ABSENT
    substitute: bool | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class PlayerWithdrawn(_PlanChange):
    TYPE = E.PLAYER_WITHDRAWN
    player: str
    name: str | Opt = ABSENT
    reason: str | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class TeamRegistered(_PlanChange):
    TYPE = E.TEAM_REGISTERED
    team: str
    name: str


@dataclass(frozen=True, kw_only=True)
class TeamUpdated(_PlanChange):
    TYPE = E.TEAM_UPDATED
    team: str
    name: str
    was: str | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class ItemMoved(_PlanChange):
    TYPE = E.ITEM_MOVED
    item: str
    start: int
    title: str | Opt = ABSENT
    end: int | Opt = ABSENT
    was: list[Any] | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class TimetableShifted(_PlanChange):
    TYPE = E.TIMETABLE_SHIFTED
    item: str
    ms: int
    minutes: int | float | Opt = ABSENT
    title: str | Opt = ABSENT
    items: list[str] | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class ItemAdded(_PlanChange):
    TYPE = E.ITEM_ADDED
    item: str
    entry: ItemJson
    start: int | Opt = ABSENT
    title: str | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class ItemCancelled(_PlanChange):
    TYPE = E.ITEM_CANCELLED
    item: str
    title: str | Opt = ABSENT
    reason: str | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class TournamentUpdated(_PlanChange):
    TYPE = E.TOURNAMENT_UPDATED
    name: str | Opt = ABSENT
    was: str | Opt = ABSENT
    languages: list[str] | Opt = ABSENT
    language: str | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class RulesChanged(_PlanChange):
    TYPE = E.RULES_CHANGED
    rules: dict[str, Any]
    was: dict[str, Any] | Opt = ABSENT


# -- the rest ----------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Announced(Payload):
    """Words for the hall, or with `player` a private notice to that player."""

    TYPE = E.ANNOUNCED
    text: str
    player: str | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class CommandUndone(Payload):
    TYPE = E.COMMAND_UNDONE
    target: int
    undid: str | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class RefereeAdded(Payload):
    TYPE = E.REFEREE_ADDED
    name: str
    salt: str


@dataclass(frozen=True, kw_only=True)
class StandingsRevealed(Payload):
    TYPE = E.STANDINGS_REVEALED


@dataclass(frozen=True, kw_only=True)
class PrizesShown(Payload):
    """The prize list put on the hall's screens (live/commands/prizes.py): for `fund`, else the desk's."""

    TYPE = E.PRIZES_SHOWN
    fund: int | float | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class PrizesHidden(Payload):
    TYPE = E.PRIZES_HIDDEN


@dataclass(frozen=True, kw_only=True)
class ResultsPublished(Payload):
    """Slovak §24.1: the overall results published by the coordinator (live/commands/publication.py); `reason`,
    where they were published, if said."""

    TYPE = E.RESULTS_PUBLISHED
    reason: str | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class ResultsApproved(Payload):
    """Slovak §24.1: the presidium approved the results before the open `appeals` (their seqs) were decided."""

    TYPE = E.RESULTS_APPROVED
    appeals: list[Any]
    reason: str | Opt = ABSENT


@dataclass(frozen=True, kw_only=True)
class RefereeSignedIn(Payload):
    TYPE = E.REFEREE_SIGNED_IN
    how: str | Opt = ABSENT


#: Every event type's payload class.
PAYLOADS: dict[str, type[Payload]] = {cls.TYPE: cls for cls in (
    RoundCalled, RoundStarted, RoundStartHeld, RoundPaused, RoundResumed, RoundExtended, LastDealsAnnounced,
    BreakAnnounced, RoundEnded, LatenessAlert, ResultRecorded, ResultCorrected, SeatingPublished, PenaltyApplied,
    MatchForfeited, TeamWithdrawn, ResultReported, ResultDisputed, RecordSent, SanctionRecorded, AppealLodged,
    AppealDecided, LineupEntered, PaymentRecorded,
    CheckedIn, CheckedInAll, AbsenceAnnounced, ReserveSeated, PlanRecorded, PlanMissed, PlayerRegistered, PlayerUpdated,
    PlayerWithdrawn, TeamRegistered, TeamUpdated, ItemMoved, TimetableShifted, ItemAdded, ItemCancelled,
    TournamentUpdated, RulesChanged, Announced, CommandUndone, RefereeAdded, StandingsRevealed, RefereeSignedIn,
    PrizesShown, PrizesHidden, ResultsPublished, ResultsApproved, LateDutySanctioned,
)}


#: LIVE_CHECK_PAYLOADS=1 (set by the test suite, tests/conftest.py) makes `body_of` refuse a payload with a key
#: its class does not declare or a value of a JSON type the field does not take: every event the tests write
#: is then described by its class. In the hall an old log's extra keys are simply not read.
CHECK_PAYLOADS = "LIVE_CHECK_PAYLOADS"

_JSON: dict[type, tuple[type, ...]] = {int: (int,), float: (int, float), str: (str,), bool: (bool,), list: (list,),
                                       dict: (dict,), type(None): (type(None),)}
_KINDS: dict[tuple[type[Payload], str], tuple[type, ...] | None] = {}


def _kinds(cls: type[Payload], name: str) -> tuple[type, ...] | None:
    """The Python types a field's JSON may have (None: anything)."""
    if (cls, name) not in _KINDS:
        hint = typing.get_type_hints(cls)[name]
        members = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
        kinds: list[type] = []
        for m in members:
            origin = typing.get_origin(m) or m
            if origin is Absent:
                continue
            if origin is Any:
                kinds = []
                break
            if typing.is_typeddict(origin):
                origin = dict
            kinds.extend(_JSON[origin])
        _KINDS[(cls, name)] = tuple(kinds) or None
    return _KINDS[(cls, name)]


def check(cls: type[Payload], payload: Mapping[str, Any]) -> str | None:
    """What in `payload` its class does not describe (a key it lacks, a value of another JSON type)."""
    names = _names(cls)
    for key, value in payload.items():
        if key not in names:
            return f"{cls.TYPE} has a key {key!r} that {cls.__name__} does not declare"
        kinds = _kinds(cls, key)
        if kinds is not None and (not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds)):
            return f"{cls.TYPE}.{key} is {type(value).__name__}, not what {cls.__name__} takes"
    missing = [f.name for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING and f.name not in payload]
    return f"{cls.TYPE} lacks {', '.join(missing)}" if missing else None


def body_of(kind: str, payload: Mapping[str, Any]) -> Payload | None:
    """The payload of an event of type `kind` as its class (None for a type this version does not know)."""
    cls = PAYLOADS.get(kind)
    if cls is None:
        return None
    if os.environ.get(CHECK_PAYLOADS):
        wrong = check(cls, payload)
        if wrong is not None:
            raise ValueError(f"{wrong} (live/core/payloads.py)")
    return cls.from_payload(payload)


def new_event(body: Payload, actor: str, signal: str | None = None) -> NewEvent:
    """The event to append that says `body`, by `actor` (its payload the class's JSON)."""
    return NewEvent(body.TYPE, actor, body.to_payload(), signal)
