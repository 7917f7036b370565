"""The fold: the current state is a pure function of the recorded plan and the events.

The plan is the `plan_recorded` event (the tournament file as it was when the log began; for a
log older than that event, the file it is served with), changed by the day's roster and
timetable events (`live.core.plan`). `State.plan` is that plan; `State.tournament` is the same plan
at the times the hall follows (`live.core.schedule`), which every rule and view reads.

No clock is read here. Every time comes from an event: a referee command takes effect at
the event's timestamp; a scheduler signal at its `due_at` (so a signal appended late after a
restart still starts the clock when the timetable said). Remaining time is always derived
from those instants, never counted down, which is why a restart shows the right clock.

An undo is a compensating event; the state after it is the fold of all events except the
undone command, so every later consequence is recomputed, not patched.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, TypedDict, TypeVar

from live.core import events as E
from live.core import payloads as P
from live.core.absent import ABSENT
from live.core.events import Event
from live.core.payloads import Payload, body_of
from live.core.plan import PLAN_TYPES, changed_rules, recorded_rules
from live.core.plan import changed as changed_plan
from live.core.plan import from_json as plan_from_json
from live.core.records import Appeal, AuditEntry, CheckIn, Fault, Kept, Penalty, Report, Result, Sheet
from live.core.referees import is_referee
from live.core.schedule import follow, previous_playing
from live.core.status import AWAITING_START, IN_PROGRESS, OPEN, ItemStatus
from live.core.tournament import Item, Tournament, with_items

ANNOUNCEMENTS_KEPT = 20

T = TypeVar("T")


@dataclass
class ItemState:
    """One playing item's life-cycle: scheduled → called → running ⇄ paused → ended.

    `missed`: already over when the server first saw a plan in which nothing had been played; it
    fires no signal (the referee may still start it, or move it to a time still to come)."""

    item: Item
    status: ItemStatus = ItemStatus.SCHEDULED
    called_at: int | None = None
    held_at: int | None = None
    #: Why a held start waits: "previous" (that round is not over: `waiting_for`) or "seating".
    held_for: str | None = None
    waiting_for: str | None = None
    started_at: int | None = None
    #: When a start recorded after the fact (`start_round` with `at`: the server was not running at the start)
    #: was logged; a lateness threshold passed by then is not alerted (live/commands/signals.py). None otherwise.
    start_logged: int | None = None
    ended_at: int | None = None
    paused_at: int | None = None
    paused_ms: int = 0  # total of finished pauses
    extended_ms: int = 0
    last_deals_at: int | None = None
    breaks: list[int] = field(default_factory=list)  # parts whose break was announced
    pauses: list[tuple[int, int | None]] = field(default_factory=list)  # (paused at, resumed at)

    @property
    def in_progress(self) -> bool:
        return self.status in IN_PROGRESS

    @property
    def open(self) -> bool:
        """Not started yet: a start (scheduled or by the referee) is still to come."""
        return self.status in OPEN

    def start_ms(self) -> int:
        return self.started_at if self.started_at is not None else self.item.start_ms

    def ends_at(self) -> int:
        """The end as it stands if the clock runs on from now (moved by late start, pauses, extensions).

        While paused this is the end as if the pause ended at the moment it began; use
        `remaining_ms` for the frozen remaining time.
        """
        return self.start_ms() + self.item.duration_ms + self.extended_ms + self.paused_ms

    def remaining_ms(self, now: int) -> int:
        if self.status == ItemStatus.ENDED:
            return 0
        if self.status == ItemStatus.PAUSED and self.paused_at is not None:
            return max(0, self.ends_at() - self.paused_at)
        if self.open:
            return self.item.duration_ms + self.extended_ms
        return max(0, self.ends_at() - now)


@dataclass
class State:
    tournament: Tournament  # the plan at the times the hall follows
    plan: Tournament | None = None  # the recorded plan with the day's changes (None: as `tournament`)
    pinned: set[str] = field(default_factory=set)  # items given a time on the day (`live.core.schedule.follow`)
    seq: int = 0
    items: dict[str, ItemState] = field(default_factory=dict)
    #: The hall's last lines (`_announcement`): an event the screens tell with the fields of its payload they read.
    announcements: list[dict[str, object]] = field(default_factory=list)
    commands: list[AuditEntry] = field(default_factory=list)  # the referee's audit log
    #: The audit's entries by their seq: an undo or an appeal names the command it concerns.
    audit_at: dict[int, AuditEntry] = field(default_factory=dict)
    #: Per actor, the seqs of their commands an undo may still take back, oldest first (kept as events come,
    #: so "undo last" and the console's `undo_last_by` cost the same on the last round as on the first).
    in_force: dict[str, list[int]] = field(default_factory=dict)
    undone: set[int] = field(default_factory=set)
    fired: set[str] = field(default_factory=set)  # signal ids already in the log: each happens once
    #: Referees added at the console (`referee_added`, not undone): name → the salt their token comes from.
    referees: dict[str, str] = field(default_factory=dict)
    #: The hidden standings shown to the hall again (`reveal_standings`, not undone).
    standings_revealed: bool = False
    #: The prize list on the hall's screens (`show_prizes`, not undone nor hidden since): its payload.
    prizes_shown: P.PrizesShown | None = None
    #: Slovak §24.1: the coordinator's publication of the overall results in force (`publish_results`), and the
    #: presidium's approval of them before the open appeals were decided (`approve_results`).
    publication: Kept[P.ResultsPublished] | None = None
    approval: Kept[P.ResultsApproved] | None = None
    #: When the last event folded in was logged: the instant the state is as of (the standings' status,
    #: live/projections/finality.py, is told as of then, with the instant the clock alone changes it).
    ts: int = 0
    #: item → result key (preferans table number, bridge "home-away") → the latest result
    results: dict[str, dict[str, Result]] = field(default_factory=dict)
    seatings: dict[str, Kept[P.SeatingPublished]] = field(default_factory=dict)  # item → published seating
    penalties: list[Penalty] = field(default_factory=list)
    forfeits: dict[str, dict[str, Kept[P.MatchForfeited]]] = field(default_factory=dict)  # item → key → forfeit
    #: item → player or team id → the latest check-in
    check_ins: dict[str, dict[str, CheckIn]] = field(default_factory=dict)
    excused: dict[str, dict[str, Kept[P.AbsenceAnnounced]]] = field(default_factory=dict)  # item → player → absence
    reserves: dict[str, dict[str, Kept[P.ReserveSeated]]] = field(default_factory=dict)  # item → absent → reserve
    withdrawn: dict[str, Kept[P.TeamWithdrawn]] = field(default_factory=dict)  # team → withdrawal
    #: Captains' reports of a match's result (`result_reported`, with its dispute): item → "home-away" → the latest
    #: (live/commands/captains.py); a confirmed one is a result like the referee's, in `results`.
    reports: dict[str, dict[str, Report]] = field(default_factory=dict)
    #: The match records the home captains sent (`record_sent`, §12.2): item → "home-away" → the first.
    records_sent: dict[str, dict[str, Kept[P.RecordSent]]] = field(default_factory=dict)
    #: The coordinator's §12.3–4 warnings and fines of late reports and records (`late_duty_sanctioned`,
    #: live/commands/late_duties.py): item → "home-away" → one per team and duty, in the log's order.
    late_sanctions: dict[str, dict[str, list[Kept[P.LateDutySanctioned]]]] = field(default_factory=dict)
    #: Sanctions by kind in force (`sanction_recorded`), oldest first; their penalty lines are in `penalties`.
    sanctions: list[Kept[P.SanctionRecorded]] = field(default_factory=list)
    #: Appeals to the judges' committee in force, by the seq of their `appeal_lodged`, with their decision.
    appeals: dict[int, Appeal] = field(default_factory=dict)
    #: Payments at the desk in force (`payment_recorded`), oldest first (live/commands/desk.py).
    payments: list[Kept[P.PaymentRecorded]] = field(default_factory=list)
    #: Team sheets in force (`lineup_entered`): item → team → the latest sheet, with the parts fixed
    #: (live/commands/lineups.py).
    lineups: dict[str, dict[str, Sheet]] = field(default_factory=dict)
    #: The rules values the log holds that today's bounds refuse, set aside by the fold (`live.core.plan.SetAside`),
    #: with the seq of the event that holds each: the referee is told (`faults`), the hall logs them.
    set_aside: list[Fault] = field(default_factory=list)
    #: The events the fold passed over because folding them raised (`fold`, `advance`), by seq: the state is as
    #: if they were not in the log; the referee is told (`faults`), the hall logs them.
    rejected: list[Fault] = field(default_factory=list)
    #: The screens' sections that failed to build, by name: since which seq and why (live/projections/views.py).
    #: Not the log's: what today's code made of it, so that a failing part is told once, not at every event.
    broken: dict[str, Fault] = field(default_factory=dict, repr=False)
    _derived: dict[str, object] = field(default_factory=dict, repr=False)  # (each part of its own type: `derived`)
    #: A logged result's scored table, by the result event's seq and the late deductions it was scored with
    #: (derived once: events never change).
    table_cache: dict[tuple[int, tuple[tuple[str, int], ...]], Any] = field(default_factory=dict, repr=False)

    #: A check-in list's lines, by (item, player or team): kept while nothing they are made of changes, so
    #: a check-in rebuilds one line, not the whole field's (`live.projections.checkin_lists.report`).
    #: (Each a live/projections/wire.py `Arrival`: the core does not know the projections' declarations.)
    late_rows: dict[tuple[str, str], Any] = field(default_factory=dict, repr=False)
    #: Each check-in list's lines as last built, by item: of which `expected` list, the lines, and where each
    #: player or team stands in them; with `late_dirty`, the lines an arrival changed since. A check-in in a
    #: field of 10,000 then copies the list and rebuilds one line, instead of looking up all 10,000.
    late_lists: dict[str, tuple[list[str], list[Any], dict[str, int]]] = field(default_factory=dict, repr=False)
    late_dirty: dict[str, set[str]] = field(default_factory=dict, repr=False)

    def derived(self, name: str, build: Callable[[], T]) -> T:
        """A part of the screens' data, built on first use and kept until an event that can change it:
        the table `INVALIDATES` says which events clear which parts. A replay of the whole log builds each once,
        and an event that touches one part leaves the others as they are — the same objects, which is how
        the hall sees at once that they did not change (`live.edges.patch`)."""
        if name not in self._derived:
            self._derived[name] = build()
        return self._derived[name]  # type: ignore[return-value]  # (built by `build`: a T)

    def forget(self, *names: str) -> None:
        """Clear derived parts (all of them, and every check-in line, without names)."""
        if not names:
            self._derived.clear()
            self.late_rows.clear()
            self.late_lists.clear()
            self.late_dirty.clear()
            return
        for name in names:
            self._derived.pop(name, None)

    @classmethod
    def initial(cls, tournament: Tournament) -> State:
        return cls(tournament, plan=tournament, items={i.id: ItemState(i) for i in tournament.items if i.playing})

    @property
    def played(self) -> bool:
        """Whether any round or match has started: from then on the plan is being played."""
        return any(s.started_at is not None for s in self.items.values())

    def item_in_progress(self, other_than: str | None = None) -> ItemState | None:
        return next((s for s in self.items.values() if s.in_progress and s.item.id != other_than), None)


def fold(tournament: Tournament, events: Iterable[Event]) -> State:
    """The state after `events`. `tournament` is the plan unless the events hold a recorded one.

    An event that today's fold cannot take (`apply` raises: a bug, a payload an older server wrote) is
    passed over as if it were not there, and said among the state's `rejected`; the events after it fold
    on (`advance`). A log that was accepted once always starts again."""
    events = list(events)
    rejected: dict[int, Fault] = {}
    state = _begin(tournament, events, rejected)
    for n, event in enumerate(events):
        state = _folded(state, event, tournament, events, n, rejected)
    return state


def advance(state: State, event: Event, tournament: Tournament, events: Sequence[Event]) -> State:
    """`state`, the fold of `events` but the last, with the last, `event`, folded in: in place, or, when
    folding it raises, the state as it was before it (the fold of the events before it, anew), with the
    event among the `rejected` and its seq passed. `tournament`: the plan `fold` was given."""
    rejected = {x["seq"]: x for x in state.rejected}
    return _folded(state, event, tournament, events, len(events) - 1, rejected)


#: The longest text of a rejected event's error the referee is shown.
REJECTED_CHARS = 300


def _folded(state: State, event: Event, tournament: Tournament, events: Sequence[Event], n: int,
            rejected: dict[int, Fault]) -> State:
    """`state` with `events[n]` (`event`) folded in, or passed over as `rejected`.

    Why the fold of the events before it anew rather than the state as `apply` left it: `apply` changes the
    state in place, part by part, and one that raised halfway has left some parts changed and not others.
    The fold is pure, so the events before it make the very state it was given. It costs a fold of the log
    once per rejected event: rare (today's code and an old log at odds), where an undo costs it every time."""
    if event.seq in rejected:  # (its plan or undo could not be read: `_begin`)
        _passed(state, event)
        return state
    try:
        apply(state, event)
        return state
    except Exception as exc:  # (any failure of one event: the state, the next start and the hall go on)
        rejected[event.seq] = {"kind": "event", "seq": event.seq, "type": event.type,
                               "error": f"{type(exc).__name__}: {exc}"[:REJECTED_CHARS]}
    before = _begin(tournament, events, rejected)
    for earlier in events[:n]:
        if earlier.seq in rejected:
            _passed(before, earlier)
        else:
            apply(before, earlier)  # (it folded a moment ago onto this very state)
    _passed(before, event)
    before.rejected = sorted(rejected.values(), key=lambda x: x["seq"])
    before.broken = state.broken  # (a screens' part that fails was told once: not again for the fold anew)
    return before


def _passed(state: State, event: Event) -> None:
    """A rejected event: the state goes past it and nothing else changes, but a signal it holds is in the log
    (the log refuses it a second time), so the scheduler does not fire it again."""
    state.seq = event.seq
    state.ts = max(state.ts, event.ts)
    if event.signal:
        state.fired.add(event.signal)


def _begin(tournament: Tournament, events: Sequence[Event], rejected: dict[int, Fault]) -> State:
    """The state before the first event: the recorded plan (else `tournament`) and which commands are undone
    (an undo that is itself rejected undoes nothing). A plan or an undo whose payload cannot be read is
    rejected here."""
    marked: list[tuple[int, Payload | None]] = []
    undone: set[int] = set()
    for e in events:
        if e.type not in (E.PLAN_RECORDED, E.COMMAND_UNDONE) or e.seq in rejected:
            continue
        try:
            body = body_of(e.type, e.payload)
            if isinstance(body, P.CommandUndone):
                undone.add(int(body.target))
        except Exception as exc:  # a payload today's code cannot read: the event is passed over
            rejected[e.seq] = {"kind": "event", "seq": e.seq, "type": e.type,
                               "error": f"{type(exc).__name__}: {exc}"[:REJECTED_CHARS]}
            continue
        marked.append((e.seq, body))
    aside: list[Fault] = []
    for seq, body in marked:
        if not isinstance(body, P.PlanRecorded):
            continue
        try:
            recorded = plan_from_json(body.plan, tournament.source)
        except Exception as exc:  # a plan today's code cannot read: the file's plan in its place, said
            rejected[seq] = {"kind": "event", "seq": seq, "type": E.PLAN_RECORDED,
                             "error": f"{type(exc).__name__}: {exc}"[:REJECTED_CHARS]}
            break
        tournament = recorded
        rules, refused = recorded_rules(tournament.preset, tournament.rules)
        if rules != tournament.rules:
            tournament = replace(tournament, rules=rules)
        aside = [x.to_json(seq) for x in refused]
        break
    state = State.initial(tournament)
    state.set_aside = aside
    state.undone = undone
    state.rejected = sorted(rejected.values(), key=lambda x: x["seq"])
    return state


def when(event: Event, body: Payload | None = None) -> int:
    """The instant an event takes effect: the instant a referee recorded for a start or end after the fact
    (`at`), the due time of a signal, else when it was logged."""
    body = body if body is not None else body_of(event.type, event.payload)
    if isinstance(body, P.Recorded) and isinstance(body.at, int):
        return body.at
    return body.due_at if isinstance(body, P.Signal) and isinstance(body.due_at, int) else event.ts


def apply(state: State, event: Event) -> None:
    """Fold one event in. Events that no longer fit (after an undo) change nothing but the seq."""
    state.seq = event.seq
    state.ts = max(state.ts, event.ts)
    if event.signal:
        state.fired.add(event.signal)
    # A player's own check-in and a captain's report, confirmation or dispute are audited too.
    if is_referee(event.actor) or event.actor.startswith(("player:", "captain:")):
        entry: AuditEntry = {"seq": event.seq, "ts": event.ts, "type": event.type, "payload": event.payload,
                          "by": event.actor, "undone": event.seq in state.undone}
        state.commands.append(entry)
        state.audit_at[event.seq] = entry
        if not entry["undone"] and event.type not in E.NOT_UNDOABLE:
            state.in_force.setdefault(event.actor, []).append(event.seq)
    if event.seq in state.undone:
        return
    body = body_of(event.type, event.payload)
    match body:
        case P.CommandUndone(target=target):
            command = state.audit_at.get(target)
            if command is not None:
                command["undone"] = True
                stack = state.in_force.get(command["by"], [])
                if target in stack:
                    stack.remove(target)
        case P.RefereeAdded(name=name, salt=salt):
            state.referees[name] = salt
        case P.StandingsRevealed():
            state.standings_revealed = True
        case P.PrizesShown():
            state.prizes_shown = body
        case P.PrizesHidden():
            state.prizes_shown = None
        case P.ResultsPublished():
            state.publication = Kept(event, body)
        case P.ResultsApproved():
            state.approval = Kept(event, body)
    ident = getattr(body, "item", None)
    item = state.items.get(ident) if isinstance(ident, str) else None
    at = when(event, body)
    changed = _apply_to_item(item, body, at, event.ts) if item else False
    if event.type in PLAN_TYPES or event.type == E.PLAN_MISSED:
        announced = _apply_plan(state, body, event.seq)
        changed = True
    else:
        announced = item
    if changed:
        invalidate(state, TIMETABLE_MOVED)
        followed = _follow(state, announce=event.type not in PLAN_TYPES)
    else:
        followed = []
    if event.type in (E.ANNOUNCED, E.LATENESS_ALERT, E.RESERVE_SEATED):
        changed = True
    if _apply_scoring(state, event, body):
        invalidate(state, clears(body), _arrivals(body))
    if changed and event.type in E.SIGNAL_TYPES:
        state.announcements.append(_announcement(event, body, announced))
    for moved in followed:
        state.announcements.append({"seq": event.seq, "ts": event.ts, "type": E.TIMETABLE_FOLLOWED, **moved})
    del state.announcements[:-ANNOUNCEMENTS_KEPT]


def _apply_plan(state: State, body: Payload | None, seq: int) -> ItemState | None:
    """A roster or timetable change: a new plan, and the items' states made to match it."""
    plan = state.plan or state.tournament
    if isinstance(body, P.PlanMissed):
        for ident in body.items:
            s = state.items.get(ident)
            if s is not None and s.status in AWAITING_START:
                s.status = ItemStatus.MISSED
        return None
    if body is None:
        return None
    if isinstance(body, P.RulesChanged):  # what today's bounds refuse is set aside (`live.core.plan.changed_rules`)
        rules, refused = changed_rules(plan.preset, plan.rules, body.rules)
        state.set_aside += [x.to_json(seq) for x in refused]
        state.plan = replace(plan, rules=rules)
    else:
        state.plan = changed_plan(plan, body)
    if isinstance(body, P.ItemMoved | P.ItemAdded):
        state.pinned.add(body.item)
    target = body.item if isinstance(body, P.ItemMoved | P.TimetableShifted | P.ItemAdded | P.ItemCancelled) else None
    moved = set(body.items) if isinstance(body, P.TimetableShifted) and body.items is not ABSENT else set()
    if target is not None:
        moved.add(target)
    for item in state.plan.items:
        if item.playing and item.id not in state.items:
            state.items[item.id] = ItemState(item)
        s = state.items.get(item.id)
        if s is not None and item.id in moved and s.status == ItemStatus.MISSED:
            s.status = ItemStatus.SCHEDULED  # moved to a time still to come (checked when it was decided)
    if isinstance(body, P.ItemCancelled):
        return state.items.pop(body.item, None)
    return state.items.get(target) if target is not None else None


class Followed(TypedDict):
    """A round the schedule moved because another ran long: what the hall is told (`timetable_followed`)."""

    item: str
    title: str
    round: int | None
    start: int
    was: int


def _follow(state: State, *, announce: bool) -> list[Followed]:
    """Put every item at the time the hall follows; say which not-yet-started rounds moved because
    another ran long (a roster or timetable command says its own change)."""
    plan = state.plan or state.tournament
    before = {i.id: i.start_ms for i in state.tournament.items}
    items = follow(plan, state.items, state.pinned)
    state.tournament = with_items(plan, items)
    order = [s.item.id for s in state.items.values()]
    for item in items:
        s = state.items.get(item.id)
        if s is not None:
            s.item = item
    if order != [i.id for i in items if i.playing]:
        state.items = {i.id: state.items[i.id] for i in items if i.playing and i.id in state.items}
    if not announce:
        return []
    moved: list[Followed] = [
        {"item": i.id, "title": i.title, "round": i.round, "start": i.start_ms, "was": before[i.id]}
             for i in items if i.id in before and before[i.id] != i.start_ms
             and (s := state.items.get(i.id)) is not None and s.open]
    return moved[:1]  # the next round is what the hall needs to hear; the timetable shows the rest


def _apply_to_item(s: ItemState, body: Payload | None, at: int, logged: int) -> bool:
    """A signal or a round command taking effect `at`, logged at `logged`: the item's new state (False: the
    event does not fit it now)."""
    match body:
        case P.RoundCalled() if s.status == ItemStatus.SCHEDULED:
            s.status, s.called_at = ItemStatus.CALLED, at
        case P.RoundStartHeld(reason=reason, waiting_for=waiting_for) if s.open:
            s.status, s.held_at = ItemStatus.HELD, at
            s.held_for = "previous" if reason is ABSENT else reason
            s.waiting_for = None if waiting_for is ABSENT else waiting_for
        case P.RoundStarted(at=recorded) if s.open:
            s.status, s.started_at = ItemStatus.RUNNING, at
            s.start_logged = logged if isinstance(recorded, int) else None
        case P.RoundPaused() if s.status == ItemStatus.RUNNING:
            s.status, s.paused_at = ItemStatus.PAUSED, at
            s.pauses.append((at, None))
        case P.RoundResumed() if s.status == ItemStatus.PAUSED and s.paused_at is not None:
            s.paused_ms += max(0, at - s.paused_at)
            s.pauses[-1] = (s.paused_at, at)
            s.status, s.paused_at = ItemStatus.RUNNING, None
        case P.RoundExtended(ms=ms) if s.status != ItemStatus.ENDED:
            s.extended_ms += int(ms)
        case P.LastDealsAnnounced() if s.in_progress and s.last_deals_at is None:
            s.last_deals_at = at
        case P.BreakAnnounced(part=part) if s.in_progress and int(part) not in s.breaks:
            s.breaks.append(int(part))
        case P.RoundEnded() if s.in_progress:
            if s.status == ItemStatus.PAUSED and s.paused_at is not None:
                s.paused_ms += max(0, at - s.paused_at)
                s.pauses[-1] = (s.paused_at, at)
                s.paused_at = None
            s.status, s.ended_at = ItemStatus.ENDED, at
        case _:
            return False
    return True


def _apply_scoring(state: State, event: Event, body: Payload | None) -> bool:
    """The score, the arrivals, the desk, the sheets and the committee's files: the facts only. What each
    makes stale among the derived parts is the table `INVALIDATES`; False when the event no longer fits
    (a decision on an appeal already decided) and so changes nothing.

    The state keeps each event as a record with its payload as its class (live/core/records.py): the checks
    and the screens' builders read those (live/commands/, live/projections/)."""
    match body:
        case P.ResultRecorded(item=item, key=key):  # a correction too
            entries = state.results.setdefault(item, {})
            earlier = entries.get(key)
            # A correction keeps the time the result was first handed in (Novi Sad counts overtime to it).
            submitted = earlier.submitted_at if earlier and isinstance(body, P.ResultCorrected) else event.ts
            entries[key] = Result(event, body, submitted)
        case P.CheckedIn(item=item, who=who):
            state.check_ins.setdefault(item, {})[who] = CheckIn(event, body)
        case P.CheckedInAll(item=item, at=at, who=everyone):
            # Each one's check-in as if checked in alone (a correction of one names this event's seq).
            team = body.players is ABSENT
            arrived = state.check_ins.setdefault(item, {})
            for who in everyone:
                alone = P.CheckedIn(item=item, team=who, at=at) if team else P.CheckedIn(item=item, player=who, at=at)
                arrived[who] = CheckIn(event, alone, everyone=True)
        case P.AbsenceAnnounced(item=item, player=player):
            state.excused.setdefault(item, {})[player] = Kept(event, body)
        case P.ReserveSeated(item=item, player=player):
            state.reserves.setdefault(item, {})[player] = Kept(event, body)
        case P.TeamWithdrawn(team=team):
            state.withdrawn[team] = Kept(event, body)
        case P.ResultReported(item=item, key=key, team=team):
            reports = state.reports.setdefault(item, {})
            before = reports.get(key)
            again = before is not None and before.body.team == team and before.dispute is None
            reports[key] = Report(event, body, before.first_at if before is not None and again else event.ts)
        case P.ResultDisputed(item=item, key=key, report=number):
            report = state.reports.get(item, {}).get(key)
            if report is None or report.seq != int(number) or report.dispute is not None:
                return False
            state.reports[item][key] = replace(report, dispute=Kept(event, body))
        case P.RecordSent(item=item, key=key):
            state.records_sent.setdefault(item, {}).setdefault(key, Kept(event, body))
        case P.LateDutySanctioned(item=item, key=key, team=team, duty=duty):
            kept = state.late_sanctions.setdefault(item, {}).setdefault(key, [])
            if any(x.body.team == team and x.body.duty == duty for x in kept):
                return False  # one per team and duty: the command refuses a second, the fold keeps the first
            kept.append(Kept(event, body))
        case P.SeatingPublished(item=item):  # who is expected, and where a reserve may sit
            state.seatings[item] = Kept(event, body)
        case P.PenaltyApplied():
            state.penalties.append(Penalty(event, body))
        case P.MatchForfeited(item=item, key=key):
            state.forfeits.setdefault(item, {})[key] = Kept(event, body)
        case P.SanctionRecorded(item=item, penalties=lines):
            # The sanction's penalty lines are ordinary penalties: the standings and the player's page count them.
            state.sanctions.append(Kept(event, body))
            state.penalties.extend(Penalty(event, P.PenaltyApplied.from_payload({"reason": "", **line, "item": item}),
                                           line=n) for n, line in enumerate(lines))
        case P.AppealLodged():
            state.appeals[event.seq] = Appeal(event, body)
        case P.AppealDecided(appeal=number):
            appeal = state.appeals.get(int(number))
            if appeal is None or appeal.decision is not None:
                return False
            state.appeals[int(number)] = replace(appeal, decision=Kept(event, body))
        case P.PaymentRecorded():
            state.payments.append(Kept(event, body))
        case P.LineupEntered(item=item, team=team, fixes=fixes):
            sheets = state.lineups.setdefault(item, {})
            sheet = sheets.get(team)
            fixed = set(sheet.fixed if sheet else ()) | set(() if fixes is ABSENT else fixes)
            sheets[team] = Sheet(event, body, tuple(sorted(fixed)))
    return True


def _arrivals(body: Payload | None) -> list[tuple[str, str]]:
    """The (item, player or team) lines of a check-in list an arrival changes."""
    match body:
        case P.CheckedIn(item=item, who=who):
            return [(item, who)]
        case P.CheckedInAll(item=item, who=everyone):
            return [(item, who) for who in everyone]
        case P.AbsenceAnnounced(item=item, player=player) | P.ReserveSeated(item=item, player=player):
            return [(item, player)]
    return []


class Clears(Enum):
    """What an event that took effect makes stale among the parts the state keeps between events."""

    #: Every derived part and every check-in line.
    ALL = "all"
    #: Every derived part; the check-in lines are made of none of what such an event changes.
    DERIVED = "derived"
    #: The parts that read the score: all but `UNSCORED`.
    SCORE = "score"
    #: The arrivals' check-in lines, and the parts `_arrived` says an arrival may change.
    ARRIVAL = "arrival"


@dataclass(frozen=True)
class Parts:
    """Only the derived parts named."""

    names: tuple[str, ...]


Invalidation = Clears | Parts

#: What each kind of event makes stale once it took effect: the fold's one answer to "which kept parts does
#: this change?", read by `invalidate`. An event not here changes no kept part (an announcement, a referee
#: added, the standings revealed: the views read those when they build). tests/unit/test_kept_sections.py
#: checks the table against parts built anew after every event of long mixed days, and
#: tests/unit/test_invalidation.py that every payload that changes the state is in it.
INVALIDATES: dict[type[Payload], Invalidation] = {
    P.ResultRecorded: Clears.SCORE,  # and its correction, a subclass
    P.PenaltyApplied: Clears.SCORE,
    P.CheckedIn: Clears.ARRIVAL,
    P.CheckedInAll: Clears.ARRIVAL,
    P.AbsenceAnnounced: Clears.ARRIVAL,
    P.ReserveSeated: Clears.ARRIVAL,
    P.TeamWithdrawn: Clears.ALL,  # the field, the byes and the schedule of matches
    P.SeatingPublished: Clears.ALL,  # who is expected, and where a reserve may sit
    P.MatchForfeited: Clears.DERIVED,
    P.SanctionRecorded: Clears.DERIVED,
    P.AppealLodged: Clears.DERIVED,
    P.AppealDecided: Clears.DERIVED,
    P.LineupEntered: Clears.DERIVED,
    P.PaymentRecorded: Parts(("desk", "prizes")),  # only the desk reads the payments; the prize fund may be theirs
    P.PrizesShown: Parts(("prizes",)),
    P.PrizesHidden: Parts(("prizes",)),
    P.ResultsPublished: Parts(("appeals",)),  # the appeal window runs from the publication
}

#: Events the fold records that no kept part is made of: the views read them whenever they build (who the
#: referees are, whether the standings were shown), and an undo folds the log anew without its command.
READ_WHEN_BUILT: frozenset[type[Payload]] = frozenset({P.CommandUndone, P.RefereeAdded, P.StandingsRevealed,
                                                      # the captains' reports: the coordinator's list (HTTP) only
                                                      P.ResultReported, P.ResultDisputed, P.RecordSent,
                                                      P.ResultsApproved,
                                                      # a late duty's warning or fine: that list only (no VP)
                                                      P.LateDutySanctioned})

#: An event that moved an item's times or state, or the plan: byes count from a round's start; lateness and
#: overtime follow the clock; the rosters and the rules may be new.
TIMETABLE_MOVED: Invalidation = Clears.ALL


def clears(body: Payload | None) -> Invalidation | None:
    """The table's entry for a payload's class or the nearest class it extends (a correction is a result)."""
    for kind in type(body).__mro__:
        if kind in INVALIDATES:
            return INVALIDATES[kind]
    return None


def invalidate(state: State, what: Invalidation | None, arrivals: Sequence[tuple[str, str]] = ()) -> None:
    """Forget what `what` names (from `INVALIDATES`); `arrivals` are the check-in lines of an arrival."""
    match what:
        case None:
            pass
        case Clears.ALL:
            state.forget()
        case Clears.DERIVED:
            state._derived.clear()
        case Clears.SCORE:
            _keep_only(state, lambda name: name in UNSCORED)
        case Clears.ARRIVAL:
            for item, who in arrivals:
                _arrived(state, item, who)
        case Parts(names=names):
            state.forget(*names)


#: The derived parts that no result or penalty changes: the desk (entry and match fees, payments) and the
#: next sanction steps (a player's sanctions so far). Building them costs a line per player.
UNSCORED = ("desk", "sanctions")

#: The derived parts no arrival changes while its round has not started and has no result — the common case,
#: a hall arriving: each is named with why, and only these are kept (`_arrived`). Any other part, one added
#: later too, is built again after an arrival: a part that reads the arrivals is then right without anyone
#: having to remember it, and costs one build until it is shown here to read none (tests/unit/test_kept_sections.py
#: checks every part after every event). So the team sheets are not here: a team complete after the scheduled
#: start loses boards (Slovak §27.2) before the referee starts the match, and the sheets show them.
ARRIVAL_BLIND = frozenset({
    "timetable", "now",  # the items' times and states, which no arrival moves
    "allowed",  # the round commands the console offers: no start or end waits for the arrivals
    "players", "took_part",  # who took part: arrivals count only for a round or match that started
    "teams", "seating", "expected", "pairs",  # the rosters and the seatings, which expect whoever comes
    "standings", "results", "final", "prizes",  # arrivals score only through a round's results (none yet)
    "desk",  # the fees of a round that started only
    "sanctions", "appeals", "slips",  # from their own commands and the results
})


def _family(name: str) -> str:
    """A derived part's name without the item it is kept for: `expected:r1` → `expected`, `pairs/m1` → `pairs`."""
    return name.split(":", 1)[0].split("/", 1)[0]


def _keep_only(state: State, kept: Callable[[str], bool]) -> None:
    """Forget every derived part but those `kept` says no event of this kind changes."""
    for name in [name for name in state._derived if not kept(name)]:
        del state._derived[name]


def _arrived(state: State, item: str, who: str) -> None:
    """An arrival (a check-in, an announced absence, a reserve seated) changes one line of its round's
    check-in list (in bridge the line of the player's team) and that list. Before the round starts and
    while it has no result, only the parts that read the arrivals are built again (`ARRIVAL_BLIND` keeps the
    others) — a hall arriving costs a line. Once it started, the desk (who took part), the sheets (boards
    removed) and, with results, the score (late deductions, Slovak compensation, Novi Sad overtime) may follow:
    every derived part is built again."""
    state.late_rows.pop((item, who), None)
    dirty = state.late_dirty.setdefault(item, set())
    dirty.add(who)
    player = state.tournament.player(who)
    if player is not None and player.team:
        state.late_rows.pop((item, player.team), None)
        dirty.add(player.team)
    s = state.items.get(item)
    if state.results.get(item) or s is None or not s.open:
        state._derived.clear()
    else:
        _keep_only(state, lambda name: _family(name) in ARRIVAL_BLIND)


#: What of a signal's payload its announcement repeats (in this order), where the event wrote it.
ANNOUNCED_FIELDS = ("text", "player", "minutes", "part", "parts", "due_at", "waiting_for", "threshold", "absent",
                    "tables", "name", "starts_with", "table", "reason", "start", "was", "items", "ms",
                    "shift_item", "shift_minutes", "at")


def _announcement(event: Event, body: Payload | None, item: ItemState | None) -> dict[str, object]:
    """The hall's line for a signal: its item as the plan now has it, and the fields of its payload the
    banners read (the class's fields: those the event left out are `ABSENT`, and stay out)."""
    data: dict[str, object] = {"seq": event.seq, "ts": event.ts, "type": event.type}
    if item is not None:
        data.update(item=item.item.id, title=item.item.title, round=item.item.round)
    for key in ANNOUNCED_FIELDS:
        value = getattr(body, key, ABSENT)
        if value is not ABSENT:
            data[key] = value
    return data


def start_blocker(state: State, item_id: str) -> tuple[str, str | None] | None:
    """Why a round cannot be started now: ("previous", id) while the round before it has not
    ended, ("seating", None) for a preferans round whose seating is not published; None when it
    can be played."""
    t = state.tournament
    before = previous_playing(t, item_id)
    if before is not None:
        previous = state.items.get(before.id)
        if previous is not None and previous.status not in (ItemStatus.ENDED, ItemStatus.MISSED):
            return ("previous", before.id)
    busy = state.item_in_progress(other_than=item_id)
    if busy is not None:
        return ("previous", busy.item.id)
    if t.game == "preferans" and item_id not in state.seatings:
        return ("seating", None)
    return None
