"""What the state keeps of the events that score, seat and check in: typed records, not the log's JSON.

Why: the fold used to keep each of these events as its JSON with a few keys added (`{**payload, "seq": …}`),
and every reader looked fields up by string — a key misspelt or renamed there was a silent `None`. A record
here holds the event and its payload as its class (live/core/payloads.py): code reads `rec.body.table` and
`rec.seq`, which mypy checks. The event stays in the record because the pages are sent some of these
payloads whole, exactly as the log holds them (the keys in their order, and an old log's keys this version
does not know): the projections build that JSON from `rec.payload` (docs/design.md#fold).

A record is frozen: the fold replaces it when a later event changes it (an appeal decided, a sheet fixing
more parts), so a part of the screens built from the old one is not changed under it.
"""


from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, NotRequired, TypedDict, TypeVar

from live.core import payloads as P
from live.core.absent import Absent
from live.core.events import Event

__all__ = ["Appeal", "AuditEntry", "CheckIn", "Fault", "Kept", "Penalty", "Result", "Sheet", "tables_of"]

B = TypeVar("B", bound=P.Payload)


@dataclass(frozen=True)
class Kept(Generic[B]):
    """An event the state keeps, with its payload as its class: what the checks and the screens read."""

    event: Event
    body: B

    @property
    def seq(self) -> int:
        return self.event.seq

    @property
    def ts(self) -> int:
        return self.event.ts

    @property
    def actor(self) -> str:
        return self.event.actor

    @property
    def payload(self) -> Mapping[str, object]:
        """The payload as the log holds it: what the pages are sent (the class drops keys it does not know)."""
        return self.event.payload


@dataclass(frozen=True)
class Result(Kept[P.ResultRecorded]):
    """A table's or match's latest result (a correction too), and when it was first handed in: a correction
    keeps that time, which Novi Sad counts overtime to (live/projections/standings.py)."""

    submitted_at: int


@dataclass(frozen=True)
class Report(Kept[P.ResultReported]):
    """A match's latest captain's report not yet counted, and the other captain's dispute of it once there is
    one (live/commands/captains.py): a confirmation is a `result_recorded`, kept among the results. `first_at`:
    when its captain first reported the match (a report they sent again keeps it: §12.1 counts the first)."""

    first_at: int
    dispute: Kept[P.ResultDisputed] | None = None


@dataclass(frozen=True)
class CheckIn(Kept[P.CheckedIn]):
    """One player's (or bridge team's) latest check-in to a round.

    `everyone`: it came with "all present" (`checked_in_all`, the `event`), and `body` is this one's line as
    if checked in alone — so a reader asks one question (`body.at`, `body.reason`) whichever way they came."""

    everyone: bool = False

    @property
    def at(self) -> int:
        """When they arrived: the instant the check-in names, else when it was logged."""
        return self.body.at if isinstance(self.body.at, int) else self.ts


@dataclass(frozen=True)
class Penalty(Kept[P.PenaltyApplied]):
    """A penalty the score counts: a `penalty_applied`, or one of a sanction's penalty lines (which count the
    same: live/commands/sanctions.py). For a line, `line` is its place in the sanction's `penalties` and
    `body` the line read as a penalty of the sanction's item; the event is the `sanction_recorded`."""

    line: int | None = None

    @property
    def sanction(self) -> P.SanctionRecorded | None:
        """The sanction the line is of (None: a penalty applied alone)."""
        return None if self.line is None else P.SanctionRecorded.from_payload(self.event.payload)


@dataclass(frozen=True)
class Appeal(Kept[P.AppealLodged]):
    """An appeal to the judges' committee in force, and the committee's decision once there is one (final:
    the fold takes no second, live/core/state.py `_apply_scoring`)."""

    decision: Kept[P.AppealDecided] | None = None


@dataclass(frozen=True)
class Sheet(Kept[P.LineupEntered]):
    """A team's latest sheet of a match, with `fixed`: the parts that stand, fixed by any sheet in force
    (a sheet may not change them: live/commands/lineups.py)."""

    fixed: tuple[int, ...]


class AuditEntry(TypedDict):
    """A line of `audit`, a command a referee (or a player's own check-in) gave: the console lists them, names
    the one "undo last" takes back, and reads the payloads it needs (an absence's, a penalty's, a correction's).
    `payload` is the event's, of any of its types (live/core/events.py); an undo sets `undone`
    (live/core/state.py `apply`)."""

    seq: int
    ts: int
    type: str
    payload: dict[str, Any]  # (the log's JSON, as `Event.payload`)
    by: str
    undone: bool


class Fault(TypedDict):
    """A line of `faults`, what of the log today's code cannot use (display/referee/faults.js words it by
    `kind`): a rules value set aside (`key`, `value`, the value `kept`), an event passed over (`type`), or a
    section that fails to build (`section`); `error` says why."""

    kind: Literal["rule", "event", "section"]
    seq: int
    error: str
    key: NotRequired[str]
    value: NotRequired[str]
    kept: NotRequired[Any]
    type: NotRequired[str]
    section: NotRequired[str]


def tables_of(seating: Kept[P.SeatingPublished] | None) -> list[Any]:
    """A published preferans seating's tables (none: no seating published yet, or a bridge one)."""
    return [] if seating is None or isinstance(seating.body.tables, Absent) else seating.body.tables
