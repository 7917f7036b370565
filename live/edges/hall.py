"""The running tournament: the log, the folded state, the hub and the scheduler, wired together.

Every change goes one way: a command or a firing signal is validated against the state,
appended to the log (durably), folded into the state, and only then pushed to the screens
and turned into new jobs. `ingest` is the single door into the state, so events that come
from this process and events that another instance appended (Redis) take the same path.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import os
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from live.commands import captains as captain_commands
from live.commands.arrivals import self_check_in
from live.commands.captains import captain_decide
from live.commands.command import ABSENT, COMMAND_KEY_PREFIX, Command, command_key
from live.commands.decide import AddReferee, allowed_now, decide, parse
from live.commands.results import PublishSeating, played_before
from live.commands.signals import due_signals, missed_items, signal_event
from live.commands.validation import CommandError
from live.core import events as E
from live.core import payloads as P
from live.core.events import Event, EventJson, NewEvent
from live.core.json import JSONValue
from live.core.payloads import new_event
from live.core.plan import to_json as plan_json
from live.core.referees import SHARED_NAME
from live.core.state import State, advance, fold
from live.core.tournament import Tournament
from live.edges import sessions
from live.edges.budget import BUDGET, Served, fit
from live.edges.hub import Client, Hub
from live.edges.limits import REPLAY_MAX_BYTES, REPLAY_MAX_EVENTS
from live.edges.log import EventLog, LogUnavailable, SeqConflict, TailingLog
from live.edges.messages import Boot, Encoded, EventMessage, Hello, Pong, Snapshot, encode
from live.edges.patch import Op, SectionMap
from live.edges.patch import apply as patch_apply
from live.edges.patch import changes as sections_changed
from live.projections import checkin_codes
from live.projections.captains import CoordinatorView, MatchLine, coordinator_view, team_view
from live.projections.views import event_families, me_section, public_sections, referee_only
from live.projections.wire import MeSection
from scheduler import SignalScheduler
from scheduler.lease import Lease

log = logging.getLogger("live.edges.hall")


class CompetitionLog(logging.LoggerAdapter[logging.Logger]):
    """The hall's log lines, each named by its competition: a season server runs many halls in one process."""

    def process(self, msg: object, kwargs: Any) -> tuple[object, Any]:
        return f"{self.extra['competition'] if self.extra else '?'}: {msg}", kwargs


#: Events that can change what a player's own page shows (`me`), besides notices to them.
PERSONAL_TYPES = frozenset({E.RESULT_RECORDED, E.RESULT_CORRECTED, E.SEATING_PUBLISHED, E.PENALTY_APPLIED,
                            E.MATCH_FORFEITED, E.TEAM_WITHDRAWN, E.COMMAND_UNDONE, E.CHECKED_IN, E.CHECKED_IN_ALL,
                            E.ABSENCE_ANNOUNCED, E.RESERVE_SEATED, E.ROUND_STARTED, E.ROUND_ENDED,
                            E.PLAYER_UPDATED, E.PLAYER_WITHDRAWN, E.TEAM_UPDATED, E.SANCTION_RECORDED,
                            E.APPEAL_LODGED, E.APPEAL_DECIDED,
                            # the boards a bridge player played (`me.boards`): a sheet, a break begins a part
                            E.LINEUP_ENTERED, E.BREAK_ANNOUNCED})
#: Arrivals: before their round has results they change one line of its check-in list.
ARRIVAL_TYPES = frozenset({E.CHECKED_IN, E.ABSENCE_ANNOUNCED, E.RESERVE_SEATED})


CONFLICT_RETRIES = 5


def wall_clock_ms() -> int:
    return time.time_ns() // 1_000_000


#: LIVE_CHECK_SECTIONS=1 (set by the test suite) builds every section from scratch after events as well and
#: stops at the first difference: the proof that the parts kept between events (`State.derived`) are cleared
#: by every event that changes them. It samples: the first event of each type the hall folds, then every
#: CHECK_EVERY-th — what an event clears is the fold's table (`live.core.state.INVALIDATES`), which
#: tests/unit/test_kept_sections.py checks after every event of long mixed days. `all` checks every event,
#: at what the hall cost before parts were kept.
CHECK_SECTIONS = "LIVE_CHECK_SECTIONS"
CHECK_EVERY = 8
#: What an open referee view is told when the referee it was signed in as is taken away.
REFEREE_REMOVED = "you are no longer a referee of this tournament"


class StaleSection(AssertionError):
    pass


def _check_sections(state: State, public: Mapping[str, object], referee: Mapping[str, object]) -> None:
    fresh = copy.copy(state)
    fresh._derived, fresh.late_rows, fresh.table_cache, fresh.late_lists, fresh.late_dirty = {}, {}, {}, {}, {}
    built_public: SectionMap = {**public_sections(fresh)}
    built = {"public": built_public, "referee": {**built_public, **referee_only(fresh, allowed_now(fresh))}}
    for name, kept in (("public", public), ("referee", referee)):
        for key in kept.keys() | built[name].keys():
            if kept.get(key) != built[name].get(key):
                raise StaleSection(f"after seq {state.seq} the {name} section {key!r} kept is not the one built anew")


def _check_changes(seq: int, before: Mapping[str, object], after: Mapping[str, object], changes: Mapping[str, object],
                   patch: list[Op]) -> None:
    """What a screen that had `before` has after this event's message (as display/lib/connection.js reads it)."""
    seen = {**patch_apply(before, patch), **changes}
    seen = {k: v for k, v in seen.items() if not (v is None and k not in after)}
    if seen != after:
        wrong = sorted(k for k in seen.keys() | after.keys() if seen.get(k) != after.get(k))
        raise StaleSection(f"after seq {seq} a screen would have the sections {wrong} wrong")


class Hall:
    def __init__(self, tournament: Tournament, log_: EventLog, *, clock: Callable[[], int] = wall_clock_ms,
                 run_scheduler: bool = True, checkin_secret: str | None = None, lease: Lease | None = None,
                 message_budget: int = BUDGET) -> None:
        #: The plan a new log records, and the one an old log (from before plans were recorded) is
        #: served with. The truth after that is the log: see `tournament`.
        self.file_plan = tournament
        self._log = CompetitionLog(log, {"competition": tournament.id})
        self._secret = checkin_secret or secrets.token_urlsafe(24)
        self.codes: dict[str, str] = {}  # code → player
        self._code_of: dict[str, str] = {}
        #: The team captains' codes (code → team) and back: derived from the same secret for another purpose.
        self.captain_codes: dict[str, str] = {}
        self._captain_code_of: dict[str, str] = {}
        self.log = log_
        self.clock = clock
        #: The most bytes a pushed message may take (live/edges/budget.py).
        self.budget = message_budget
        self.hub = Hub(message_budget)
        self.events: list[Event] = []
        self.state = State.initial(tournament)
        self.scheduler = SignalScheduler(self.fire) if run_scheduler else None
        #: With several instances, only the holder of the lease runs the scheduler.
        self.lease = lease
        self._tasks: list[asyncio.Task[None]] = []
        self._lock = asyncio.Lock()
        self._sections: dict[str, SectionMap] = {}
        check = os.environ.get(CHECK_SECTIONS)
        self._check_sections = check in ("1", "all")
        self._check_every = 1 if check == "all" else CHECK_EVERY
        self._checked_types: set[str] = set()
        #: The sections the referee view has of its own (not the public one's), at the last push.
        self._referee_own: set[str] = set()
        #: Commands that carried a client's id, by their at-most-once key: a resend gets its event.
        self._once: dict[str, Event] = {}
        #: Called with every event after it is folded and pushed (the demo organizer listens here).
        self.listeners: list[Callable[[Event], None]] = []
        #: Requests waiting for this instance to reach a seq (`reached`), with the seq each waits for.
        self._waiting: list[tuple[int, asyncio.Future[None]]] = []
        #: The sections' texts as fetched over HTTP (`section`), each version encoded once.
        self._served = Served()
        #: The rules values set aside by the fold (`State.set_aside`) already logged, by (seq, key).
        self._told: set[tuple[int, str]] = set()
        self._roster_codes()

    @property
    def tournament(self) -> Tournament:
        """The plan as the log has it, at the times the hall follows."""
        return self.state.tournament

    def _roster_codes(self) -> None:
        ids = [p.id for p in self.state.tournament.players]
        teams = [team.id for team in self.state.tournament.teams]
        if set(ids) != set(self._code_of):
            self.codes = checkin_codes.codes(self._secret, ids)
            self._code_of = {player: code for code, player in self.codes.items()}
            self._captain_code_of = {}  # checked against the players' codes again
        if set(teams) != set(self._captain_code_of):
            self.captain_codes = checkin_codes.captain_codes(self._secret, teams, self.codes)
            self._captain_code_of = {team: code for code, team in self.captain_codes.items()}

    # life-cycle -----------------------------------------------------------------------------

    async def start(self) -> None:
        await self.log.open()
        self.events = await self.log.read(0)
        self.state = fold(self.file_plan, self.events)
        self._once = {e.signal: e for e in self.events if e.signal and e.signal.startswith(COMMAND_KEY_PREFIX)}
        if not any(e.type == E.PLAN_RECORDED for e in self.events):
            await self._record_plan()
        self._roster_codes()
        public: SectionMap = {**public_sections(self.state)}  # (first: the referee's `faults` tell what failed)
        own: SectionMap = {**referee_only(self.state, allowed_now(self.state))}
        self._sections = {"public": public, "referee": {**public, **own}}
        self._log_set_aside()
        self._referee_own = set(own)
        self._log.info("replayed %d events; seq %d", len(self.events), self.state.seq)
        if isinstance(self.log, TailingLog):  # other instances append too: follow the shared log
            self._tasks.append(asyncio.create_task(self._follow(self.log), name="log-tail"))
        if self.scheduler is None:
            return
        if self.lease is None:
            self._lead()
        else:
            self._tasks.append(asyncio.create_task(self.lease.run(self._lead, self._step_down), name="lease"))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.scheduler is not None:
            self.scheduler.shutdown()
        await self.hub.close_all()
        await self.log.close()

    async def _record_plan(self) -> None:
        """A new log (or one from before plans were recorded) gets the file as its plan, once: the
        signal id `plan` makes a second instance's attempt a no-op. The fold takes the first
        recorded plan as the start of everything, wherever it stands in the log."""
        new = new_event(P.PlanRecorded(plan=plan_json(self.file_plan), file=E.file_name(self.file_plan.source)),
                        "organizer", signal="plan")
        while True:
            try:
                event = await self.log.append(new, expect_seq=self.state.seq)
            except SeqConflict:
                for missed in await self.log.read(self.state.seq):
                    self.events.append(missed)
                    self.state = advance(self.state, missed, self.file_plan, self.events)
                if any(e.type == E.PLAN_RECORDED for e in self.events):
                    break
                continue
            if event is not None:
                self.events.append(event)
            break
        self.state = fold(self.file_plan, self.events)

    def _log_set_aside(self) -> None:
        """Log once each rules value the log holds that the fold set aside (an older server let it in), and each
        event the fold passed over because folding it raised."""
        for x in self.state.set_aside:
            if (x["seq"], x["key"]) not in self._told:
                self._told.add((x["seq"], x["key"]))
                self._log.warning("event %d: %s; %s = %s is kept instead of %s", x["seq"], x["error"], x["key"],
                            x["kept"], x["value"])
        for x in self.state.rejected:
            if (x["seq"], "") not in self._told:
                self._told.add((x["seq"], ""))
                self._log.error("event %d (%s) cannot be folded: %s; the state is as if it were not in the log, the "
                          "events after it fold on", x["seq"], x["type"], x["error"])

    def _lead(self) -> None:
        """This instance runs the scheduler: jobs are rebuilt from the state, and whatever fell due
        while nobody led fires now, once (the log refuses a signal twice) — unless nothing has been
        played yet, when what is already over is recorded as missed instead of fired."""
        assert self.scheduler is not None
        self._log.info("leading: running the scheduler")
        self.scheduler.start()
        missed = missed_items(self.state, self.clock())
        if missed:
            task = asyncio.create_task(self._mark_missed(), name="missed")
            self._tasks.append(task)
        else:
            self.reschedule()

    async def _mark_missed(self) -> None:
        def decided() -> NewEvent | None:
            items = missed_items(self.state, self.clock())
            if not items:
                return None
            # What the console offers: the whole plan moved to start ten minutes from now.
            first = self.state.tournament.items[0]
            return new_event(P.PlanMissed(
                items=items, at=self.clock(), shift_item=first.id,
                shift_minutes=max(1, -(-(self.clock() - first.start_ms) // self.tournament.minutes_ms(1))) + 10),
                "scheduler")

        try:
            await self._store(decided)
        except LogUnavailable:
            self._log.exception("could not record the missed items")
        self.reschedule()

    def _step_down(self) -> None:
        assert self.scheduler is not None
        self._log.info("no longer leading: scheduler stopped")
        self.scheduler.stop()

    async def _follow(self, shared: TailingLog) -> None:
        async for event in shared.tail(self.state.seq):
            self.ingest(event)

    # the way in -----------------------------------------------------------------------------

    async def command(self, command: Command | Mapping[str, object], actor: str = SHARED_NAME) -> list[Event]:
        """Validate and store a referee command, as `actor` (`live.core.referees.actor` of the referee's name);
        a command as JSON is parsed first. Raises CommandError or LogUnavailable."""
        if not isinstance(command, Command):
            command = parse(command)
        if isinstance(command, AddReferee):
            if command.salt is not ABSENT:  # one chosen by a client would give back a removed referee's token
                raise CommandError(422, "salt is chosen by the server: leave it out",
                                   {"field": "salt", "code": "referee.bad_salt"})
            command = replace(command, salt=secrets.token_urlsafe(12))  # their token comes from it: chosen here
        if isinstance(command, PublishSeating) and command.seed is ABSENT and self._draws_next(command):
            # The draw's seed is chosen here, at the edge, and logged with the seating so it can be replayed.
            command = replace(command, seed=secrets.randbelow(10**9))
        key = command_key(command)
        if key is not None and key in self._once:
            return [self._once[key]]  # a resend: the first answer again, nothing stored

        def decided() -> NewEvent | None:
            if key is not None and key in self._once:
                return None  # stored meanwhile (we caught up with the log): answer with it
            (new,) = decide(self.tournament, self.state, command, self.clock(), actor)
            return replace(new, signal=key) if key is not None else new

        event = await self._store(decided)
        if event is None and key is not None and key in self._once:
            return [self._once[key]]
        if event is None:
            raise LogUnavailable("the log refused the event")
        return [event]

    async def stored_command(self, key: str) -> Event | None:
        """The event a command with the at-most-once `key` (`command_key`) became, or None when the log has
        no such command. A console whose command got no answer (the server or the network down) asks once it
        is back, to say "applied" or "not applied: press again". On a log other instances append to, this one
        reads what it has not folded yet first, so that a command another instance stored is found."""
        if key not in self._once and isinstance(self.log, TailingLog):
            async with self._lock:
                for missed in await self.log.read(self.state.seq):
                    self.ingest(missed)
        return self._once.get(key)

    async def sign_in(self, actor: str, how: str, key: str | None = None) -> Event | None:
        """Record a referee's sign-in (audited). With a login link's `key` (`login:<nonce>`) it is
        stored at most once on every backend: None when the link was used already."""
        def decided() -> NewEvent | None:
            if key is not None and key in self.state.fired:
                return None
            return new_event(P.RefereeSignedIn(how=how), actor, signal=key)

        event = await self._store(decided)
        if event is None and key is None:
            raise LogUnavailable("the log refused the event")
        return event

    async def _store(self, decided: Callable[[], NewEvent | None]) -> Event | None:
        """Decide against the state, append only if the log has not moved since, fold it in.

        With several instances another one may have appended meanwhile: then we catch up and
        decide again (a command that no longer fits is refused like any other), so an event is
        never stored against a state it was not checked against, and the seqs we fold stay
        gapless. None: nothing to store (a signal no longer due, or already in the log).
        """
        async with self._lock:
            for _ in range(CONFLICT_RETRIES):
                new = decided()
                if new is None:
                    return None
                try:
                    event = await self.log.append(new, expect_seq=self.state.seq)
                except SeqConflict:
                    for missed in await self.log.read(self.state.seq):
                        self.ingest(missed)
                    continue
                if event is not None:
                    self.ingest(event)
                return event
            raise LogUnavailable("the log kept moving while this command was decided; send it again")

    def _draws_next(self, command: PublishSeating) -> bool:
        """Whether publishing this item's seating is a draw by lot (preferans, no results yet)."""
        item = command.item
        return self.tournament.game == "preferans" and item in self.state.items and not played_before(self.state, item)

    async def fire(self, signal_id: str) -> Event | None:
        """Append a signal if it is still due; None when it is not (or was already appended)."""
        return await self._store(lambda: signal_event(self.tournament, self.state, signal_id, self.clock()))

    def ingest(self, event: Event) -> None:
        if event.seq <= self.state.seq:
            return  # already folded (our own append, seen again on the shared log's tail)
        if event.seq != self.state.seq + 1:
            self._log.error("event %d arrived after %d: a gap; it waits for the tail", event.seq, self.state.seq)
            return
        self.events.append(event)
        if event.signal and event.signal.startswith(COMMAND_KEY_PREFIX):
            self._once[event.signal] = event
        if event.type == E.COMMAND_UNDONE:
            broken = self.state.broken  # (a part that fails was logged: not again for the fold anew)
            self.state = fold(self.file_plan, self.events)
            self.state.broken = broken
        else:
            self.state = advance(self.state, event, self.file_plan, self.events)
        if event.type in (E.PLAYER_REGISTERED, E.COMMAND_UNDONE):
            self._roster_codes()
        if event.type in (E.RULES_CHANGED, E.COMMAND_UNDONE) or self.state.rejected:
            self._log_set_aside()
        self._push(event)
        if event.type == E.COMMAND_UNDONE:  # (the one way a referee is taken away: their addition undone)
            self._revoke_referees()
        self._wake()
        self.reschedule()
        for listener in self.listeners:
            listener(event)

    def _revoke_referees(self) -> None:
        """End the feed of every referee view whose sign-in no longer stands, before the event that ended it
        goes out (the hub writes an event just after this step)."""
        now = self.clock()
        gone = [c for c in self.hub.clients if c.grant is not None and not c.grant.holds(now, self.state.referees)]
        if gone:
            self.hub.revoke(gone, REFEREE_REMOVED)

    def _wake(self) -> None:
        if not self._waiting:
            return
        waiting, self._waiting = self._waiting, []
        for seq, future in waiting:
            if seq > self.state.seq:
                self._waiting.append((seq, future))
            elif not future.done():
                future.set_result(None)

    def can_reach(self, seq: int) -> bool:
        """Whether this instance has or may yet fold the event `seq`. On a log other instances append to, a seq
        past its own may be on its way; on a log only this instance writes, one past its last event is no event
        of this log (a page that saw the log before it was replaced): waiting would not bring it."""
        return seq <= self.state.seq or isinstance(self.log, TailingLog)

    async def reached(self, seq: int, timeout: float) -> bool:
        """Whether this instance has folded the event `seq`, waiting up to `timeout` s for it: with several
        instances a page may ask this one for what another one's event changed before its tail brought it."""
        if seq <= self.state.seq:
            return True
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        waiting = (seq, future)
        self._waiting.append(waiting)
        try:
            await asyncio.wait_for(future, timeout)
        except TimeoutError:
            self._waiting.remove(waiting)  # (a seq never reached leaves no waiter behind)
            return False
        return True

    def section(self, view: str, name: str) -> tuple[int, bytes, bytes] | None:
        """A section of a view as a page fetches it (live/edges/budget.py): the seq it is the value of, its JSON
        and the same gzipped; None if the view has no such section (a player's own `me` is never fetched)."""
        kind = "referee" if view == "referee" else "public"
        sections = self._sections.get(kind, {})
        if name not in sections:
            return None
        raw, packed = self._served.body(kind, name, sections[name])
        return self.state.seq, raw, packed

    def reschedule(self) -> None:
        if self.scheduler is not None:
            self.scheduler.sync(due_signals(self.tournament, self.state))

    # the way out ----------------------------------------------------------------------------

    def _push(self, event: Event) -> None:
        public: SectionMap = {**public_sections(self.state)}  # (the sections by name: live/projections/wire.py)
        own: SectionMap = {**referee_only(self.state, allowed_now(self.state))}
        referee = {**public, **own}
        if self._check_sections and (event.type not in self._checked_types or event.seq % self._check_every == 0):
            self._checked_types.add(event.type)
            _check_sections(self.state, public, referee)
        changes, patch = sections_changed(self._sections.get("public", {}), public)
        referee_changes, referee_patch = self._referee_changed(public, own, changes, patch)
        if self._check_sections:
            _check_changes(self.state.seq, self._sections.get("public", {}), public, changes, patch)
            _check_changes(self.state.seq, self._sections.get("referee", {}), referee, referee_changes, referee_patch)
        self._sections = {"public": public, "referee": referee}
        self._referee_own = set(own)
        wire = event.to_json()
        # (each message within the budget: its longest sections fetched, live/edges/budget.py)
        public_text = fit(EventMessage(event.public_json(), event.seq, changes, patch), self.budget)
        pushed = public_text.message
        assert isinstance(pushed, EventMessage)
        by_player: dict[str, Encoded] = {}
        public_by_player: dict[str, Encoded] = {}
        # Seats, results, penalties, an undo: any player's own page may change; else only the addressee's.
        # A page with the player's session sees the event whole and its notices; any other, the public form.
        pages = {(c.player, c.private) for c in self.hub.clients if c.player}
        concerned = self._concerned(event, {p for p, _ in pages})
        for player, private in pages:
            if player not in concerned:
                continue
            shown = wire if private and player == event.addressee else pushed.event
            (by_player if private else public_by_player)[player] = encode(replace(
                pushed, event=shown, changes={**pushed.changes, "me": self.me(player, private=private)}))
        self.hub.publish(
            {"display": public_text, "player": public_text,
             "referee": fit(EventMessage(wire, event.seq, referee_changes, referee_patch), self.budget)},
            # (`sections`: for a client that fell behind, live/edges/coalesce.py)
            by_player, public_by_player, sections=self._sections,
        )

    def _referee_changed(self, public: Mapping[str, object], own: Mapping[str, object],
                         changes: Mapping[str, object], patch: list[Op]) -> tuple[SectionMap, list[Op]]:
        """The referee view's changes: the public ones for the sections it shares with the public view (found
        once), and its own sections' — those it has now and those it had (the standings while hidden)."""
        mine = own.keys() | self._referee_own
        before = self._sections.get("referee", {})
        now = {**public, **own}
        whole, ops = sections_changed({k: before[k] for k in mine if k in before},
                                      {k: now[k] for k in mine if k in now})
        shared = {k: v for k, v in changes.items() if k not in mine}
        return {**shared, **whole}, [op for op in patch if op["path"].split("/")[1] not in mine] + ops

    def _concerned(self, event: Event, connected: set[str]) -> set[str]:
        """The players whose own page (`me`) this event may change, among those connected. An arrival before
        its round has results changes only the line of the player (and in bridge their team's members);
        anything else in PERSONAL_TYPES may change anyone's (a result moves everybody's place)."""
        if event.type not in PERSONAL_TYPES:
            return {event.addressee} if event.addressee is not None else set()
        p = event.payload
        if event.type in ARRIVAL_TYPES and not self.state.results.get(str(p.get("item"))):
            who = str(p.get("player") or p.get("team"))
            player = self.tournament.player(who)
            team = player.team if player is not None else who
            return {who} | {x for x in connected if (q := self.tournament.player(x)) is not None and q.team == team}
        return connected

    def me(self, player: str, *, private: bool = False) -> MeSection | None:
        """A player's own page: with their session (`private`) their notices too. No check-in code here:
        it comes on the referee's printed list, and the player types it once to open their session."""
        return me_section(self.state, player, private=private)

    def code_of(self, player: str) -> str | None:
        return self._code_of.get(player)

    def player_for_code(self, code: str) -> str | None:
        """The player whose check-in code this is (as typed: case, spaces and dashes do not matter)."""
        return self.codes.get(checkin_codes.normalize(code))

    def open_session(self, player: str) -> tuple[str, int]:
        """A player session for one who proved their code: the signed value and when it expires."""
        expires = self.clock() + sessions.LIFETIME_MS
        return sessions.issue(self._secret, self.tournament.id, player, expires), expires

    def session_player(self, value: str | None) -> str | None:
        """The player a session value names, if it is valid here and now (and the player is on the roster)."""
        player = sessions.verify(self._secret, self.tournament.id, value, self.clock())
        return player if player is not None and player in self._code_of else None

    # the team captains (live/commands/captains.py) ---------------------------------------------

    def captain_code_of(self, team: str) -> str | None:
        return self._captain_code_of.get(team)

    def team_for_captain_code(self, code: str) -> str | None:
        """The team whose captain's code this is (as typed: case, spaces and dashes do not matter)."""
        return self.captain_codes.get(checkin_codes.normalize(code))

    def open_captain_session(self, team: str) -> tuple[str, int]:
        """A captain's session for one who proved their team's captain code: the signed value, its expiry."""
        expires = self.clock() + sessions.LIFETIME_MS
        return sessions.issue(self._secret, self.tournament.id, team, expires, sessions.CAPTAIN), expires

    def session_captain(self, value: str | None) -> str | None:
        """The team a captain's session value names, if it is valid here and now (and the team is on the roster)."""
        team = sessions.verify(self._secret, self.tournament.id, value, self.clock(), sessions.CAPTAIN)
        return team if team is not None and team in self._captain_code_of else None

    async def captain_command(self, team: str, command: Mapping[str, object]) -> Event:
        """Validate and store a captain's command for `team` (their session's). Raises CommandError or
        LogUnavailable. A command with the client's `id` is stored at most once, like a referee's, under a key of
        the team's own (another team's captain, or a referee, sending the same id gets nothing of theirs)."""
        parsed = captain_commands.HANDLERS.parse(command)
        sent = command_key(parsed)
        key = None if sent is None else f"{COMMAND_KEY_PREFIX}captain:{team}:{sent[len(COMMAND_KEY_PREFIX):]}"
        if key is not None and key in self._once:
            return self._once[key]

        def decided() -> NewEvent | None:
            if key is not None and key in self._once:
                return None
            new = captain_decide(self.tournament, self.state, team, parsed, self.clock())
            return replace(new, signal=key) if key is not None else new

        event = await self._store(decided)
        if event is None and key is not None and key in self._once:
            return self._once[key]
        if event is None:
            raise LogUnavailable("the log refused the event")
        return event

    def coordinator_view(self) -> CoordinatorView:
        """The coordinator's list of the matches as the captains report them, now (live/projections/captains.py)."""
        return coordinator_view(self.state, self.clock())

    def captain_view(self, team: str) -> list[MatchLine]:
        return team_view(self.state, team, self.clock())

    async def self_check_in(self, player: str) -> Event:
        """A player checks in from their phone (for the round open for check-in), once they proved who they
        are with their code or session. Refusals say why (the caller decides who may hear it)."""
        event = await self._store(lambda: self_check_in(self.tournament, self.state, player, self.clock()))
        if event is None:
            raise LogUnavailable("the log refused the event")
        return event

    def snapshot(self, view: str, player: str | None, *, private: bool = False) -> Snapshot:
        sections = dict(self._sections["referee" if view == "referee" else "public"])
        if view == "player" and player:
            sections["me"] = self.me(player, private=private)
        return Snapshot(view, self.state.seq, sections)

    @property
    def log_id(self) -> str:
        """Which log this is, as the pages are told it in the hello: a page that comes back with `since` and
        this id has the sections of this log's event `since`, not of another log that reached the same seq
        (a new log started under the same address). The tournament's id and the first event's instant."""
        first = self.events[0] if self.events else None
        return f"{self.tournament.id}.{first.ts if first else 0}"

    def hello(self, view: str, since: int | None = None, *, resync: bool = False,
              current: bool = False) -> Hello:
        """The first message a client gets: the server's time and seq, the log's id, and the event families the
        pages treat specially (`live.projections.views.event_families`), so that no page keeps a list of its own.
        `current`: the client's sections are those of now, and no snapshot follows."""
        return Hello(self.clock(), self.state.seq, view, since, resync, self.log_id, self.tournament.name,
                     event_families(), current)

    def boot(self, view: str, player: str | None = None, *, private: bool = False) -> Boot:
        """What a fresh client of `view` gets on its WebSocket before any event (`connect` with no `since`):
        `{"hello": …, "snapshot": …}`. The pages carry it in their HTML (live/edges/web/assets.py), so the first screen
        needs no round trip after the page."""
        return {"hello": self.hello(view).to_json(), "snapshot": self.snapshot(view, player, private=private).to_json()}

    def connect(self, client: Client, since: int | None, log: str | None = None) -> Client:
        """Greet a client, replay what it missed (or mark it `resync`), snapshot it, then subscribe it —
        with no await in between, so no event can fall into a gap or arrive twice.

        A client that has this log's sections of now (`since` is the seq, `log` this log's id: a page that
        opens its socket right after its boot data, or reconnects when nothing happened) gets the hello
        alone, marked `current`: on a slow link the snapshot is the most it would wait for."""
        if since is not None and since == self.state.seq and log == self.log_id:
            self.hub.add(client, [encode(self.hello(client.view, since, current=True))])
            return client
        replay = self._replay(client, since) if since is not None else []
        resync = replay is None  # too far behind for a replay: the snapshot alone replaces what it had
        first = [encode(self.hello(client.view, since, resync=resync))]
        first += replay or []
        first.append(encode(self.snapshot(client.view, client.player, private=client.private)))
        self.hub.add(client, first)
        return client

    def _replay(self, client: Client, since: int) -> list[Encoded] | None:
        """The events after `since`, encoded as replayed, or None when the client is too far behind for a
        replay (more than REPLAY_MAX_EVENTS events or REPLAY_MAX_BYTES, or a `since` this log never reached):
        it then gets only the snapshot, its hello marked `"resync": true` (live/edges/limits.py says why)."""
        seq = self.state.seq
        if since > seq or seq - since > REPLAY_MAX_EVENTS:
            return None
        # seqs are distinct and at most `seq`, so the events after `since` are among the last seq − since
        texts: list[Encoded] = []
        size = 0
        for event in self.events[-(seq - since):] if seq > since else []:
            if event.seq <= since:
                continue
            text = fit(EventMessage(self._visible(event, client), event.seq, replay=True), self.budget)
            size += len(text.text)
            if size > REPLAY_MAX_BYTES:
                return None
            texts.append(text)
        return texts

    @staticmethod
    def _visible(event: Event, client: Client) -> EventJson:
        if client.view == "referee" or (client.private and client.player == event.addressee):
            return event.to_json()
        return event.public_json()

    def pong(self, client: Client, t: JSONValue) -> None:
        self.hub.offer(client, [encode(Pong(t, self.clock()))])
