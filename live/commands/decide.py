"""Referee commands: validate against the state, then say which events they become.

`decide` is pure: the clock comes in as `now`. A command that is wrong in any way raises
CommandError naming the field and the reason, and nothing is written. The error codes follow
HTTP: 400 the body is not a command at all, 422 a field is wrong, 409 the command does not
fit the state (ending a round that has not started).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, time

from live.commands import appeals, arrivals, desk, late_duties, lineups, prizes, publication, results, sanctions
from live.commands import plan_changes as plan_commands
from live.commands.arrivals import parse_instant
from live.commands.command import ABSENT, Absent, Command, CommandField, Handlers, command_key, wrong
from live.commands.validation import CommandError, item_of, referee_said, text_value
from live.core import events as E
from live.core import payloads as P
from live.core import referees
from live.core.events import NewEvent
from live.core.schedule import previous_playing
from live.core.state import ItemState, State, start_blocker
from live.core.status import ItemStatus
from live.core.texts import MAX_REASON, MAX_TEXT
from live.core.tournament import Tournament
from live.projections.standings import hidden
from live.projections.views import last_undoable

__all__ = ["CommandError", "allowed_now", "command_key", "decide", "described", "fields", "known_types", "parse"]

MAX_EXTEND_MINUTES = 180

_ITEM = wrong("{field} must be a timetable item's id, e.g. \"r3\"", "field.not_an_id")


_AT = "at must be epoch milliseconds or an ISO time with offset, e.g. 2027-03-06T11:07:40+01:00"
_WHY = "{field} must be text: a start or end recorded at an earlier time needs a reason, in words"


@dataclass(frozen=True, kw_only=True)
class StartRound(Command):
    """Start now; or, with `at` and a `reason`, record that it started at that earlier instant (the server
    was not running then): the clock and lateness count from it."""

    TYPE = "start_round"
    item: str = field(metadata=_ITEM)
    at: int | str | Absent = field(default=ABSENT, metadata=wrong(_AT, "field.bad_time"))
    reason: str | Absent = field(default=ABSENT, metadata=wrong(_WHY, "field.not_text"))


@dataclass(frozen=True, kw_only=True)
class Pause(Command):
    TYPE = "pause"
    item: str = field(metadata=_ITEM)


@dataclass(frozen=True, kw_only=True)
class Resume(Command):
    TYPE = "resume"
    item: str = field(metadata=_ITEM)


@dataclass(frozen=True, kw_only=True)
class Extend(Command):
    """Minutes added to a running or paused round's clock (negative: taken off)."""

    TYPE = "extend"
    item: str = field(metadata=_ITEM)
    minutes: float = field(metadata=wrong("minutes must be a number of minutes, e.g. 10 or -5",
                                          "field.not_a_number"))


@dataclass(frozen=True, kw_only=True)
class AnnounceLastDeals(Command):
    TYPE = "announce_last_deals"
    item: str = field(metadata=_ITEM)


@dataclass(frozen=True, kw_only=True)
class EndRound(Command):
    """End now; or, with `at` and a `reason`, record that it ended at that earlier instant."""

    TYPE = "end_round"
    item: str = field(metadata=_ITEM)
    at: int | str | Absent = field(default=ABSENT, metadata=wrong(_AT, "field.bad_time"))
    reason: str | Absent = field(default=ABSENT, metadata=wrong(_WHY, "field.not_text"))


@dataclass(frozen=True, kw_only=True)
class Announce(Command):
    """Words for the hall, or with `player` a private notice on that player's phone."""

    TYPE = "announce"
    text: str = field(metadata=wrong("text must be the announcement's words", "field.not_text"))
    player: str | Absent = field(default=ABSENT, metadata=wrong("{field} must be a player's id", "field.not_an_id"))


@dataclass(frozen=True, kw_only=True)
class RevealStandings(Command):
    TYPE = "reveal_standings"


@dataclass(frozen=True, kw_only=True)
class Undo(Command):
    """Without `seq`: the asking referee's own last command."""

    TYPE = "undo"
    seq: int | Absent = field(default=ABSENT, metadata=wrong("seq must be the sequence number of a referee command",
                                                              "undo.bad_seq"))


@dataclass(frozen=True, kw_only=True)
class AddReferee(Command):
    """A referee added at the console; the server chooses the `salt` their token is derived from."""

    TYPE = "add_referee"
    name: str = field(metadata=wrong("the name must be text", "referee.bad_name"))
    salt: str | Absent = field(default=ABSENT, metadata=wrong("salt must be 8–64 printable characters (the server "
                                                               "chooses it)", "referee.bad_salt"))


HANDLERS = Handlers()


def decide(tournament: Tournament, state: State, command: Command | Mapping[str, object], now: int,
           actor: str = referees.SHARED_NAME) -> list[NewEvent]:
    """The events a command becomes, each by `actor` (the referee's: `referees.actor(name)`). A command
    as JSON (the demo's, a test's) is parsed first, like the HTTP edge does (`parse`)."""
    if not isinstance(command, Command):
        command = parse(command)
    # Always against the plan as the log has it (walk-ins, moved items), whatever the caller holds.
    if isinstance(command, Undo):  # "undo last" is the last command of the referee who asks
        new = _undo(state.tournament, state, command, now, actor)
    else:
        new = _ALL.run(state.tournament, state, command, now)
    return [replace(new, actor=actor)]


def parse(data: object) -> Command:
    """The command a JSON value says (its class's instance), or the refusal naming what is wrong."""
    return _ALL.parse(data)


def known_types() -> list[str]:
    return _ALL.types


def described() -> list[tuple[type[Command], list[CommandField]]]:
    """Every command type's class and the fields its parse takes, as the API's document shows them."""
    return _ALL.described()


def fields(kind: str) -> tuple[set[str], set[str]]:
    """The required and optional fields of the command type `kind`."""
    return _ALL.fields(kind)


def _conflict(s: ItemState, doing: str, action: str) -> CommandError:
    """`action` names the command for the pages, which say the refusal in their own language."""
    said = {ItemStatus.SCHEDULED: "has not started", ItemStatus.CALLED: "has not started",
            ItemStatus.HELD: "has not started", ItemStatus.MISSED: "has not started",
            ItemStatus.RUNNING: "is running", ItemStatus.PAUSED: "is paused", ItemStatus.ENDED: "has ended"}[s.status]
    return CommandError(409, f"cannot {doing} {s.item.id}: it {said}",
                        {"field": "item", "item": s.item.id, "status": s.status, "action": action,
                         "code": "round.state"})


@HANDLERS.on(StartRound)
def _start(t: Tournament, state: State, c: StartRound, now: int) -> NewEvent:
    s = item_of(state, c.item)
    if not s.open:
        raise _conflict(s, "start", "start")
    blocker = start_blocker(state, s.item.id)
    if blocker is not None and blocker[0] == "previous":
        other = state.items[str(blocker[1])]
        doing = "is still being played" if other.in_progress else "has not been played"
        raise CommandError(409, f"cannot start {s.item.id}: {other.item.id} {doing}; end it first",
                           {"field": "item", "item": s.item.id, "waiting_for": other.item.id, "reason": "previous",
                            "in_progress": other.item.id if other.in_progress else None, "code": "round.previous"})
    if blocker is not None:
        raise CommandError(409, f"cannot start {s.item.id}: its seating is not published; publish it first",
                           {"field": "item", "item": s.item.id, "reason": "seating",
                            "code": "round.seating_unpublished"})
    if c.at is ABSENT:
        _no_reason_without_at(c.sent("reason"))
        return referee_said(P.RoundStarted(item=s.item.id))
    earliest, after = _day_start(t, s), "day"
    before = previous_playing(t, s.item.id)
    done = state.items.get(before.id) if before is not None else None
    if done is not None and done.ended_at is not None and done.ended_at > earliest:
        earliest, after = done.ended_at, "previous"
    at, reason = _recorded(c.at, c.reason, c.sent("reason"), now, earliest)
    if at is None:
        raise _too_early(s, "start", after, done.item.id if after == "previous" and done is not None else None)
    return referee_said(P.RoundStarted(item=s.item.id, at=at, reason=reason))


@HANDLERS.on(Pause)
def _pause(t: Tournament, state: State, c: Pause, now: int) -> NewEvent:
    s = item_of(state, c.item)
    if s.status != ItemStatus.RUNNING:
        raise _conflict(s, "pause", "pause")
    return referee_said(P.RoundPaused(item=s.item.id))


@HANDLERS.on(Resume)
def _resume(t: Tournament, state: State, c: Resume, now: int) -> NewEvent:
    s = item_of(state, c.item)
    if s.status != ItemStatus.PAUSED:
        raise _conflict(s, "resume", "resume")
    return referee_said(P.RoundResumed(item=s.item.id))


@HANDLERS.on(Extend)
def _extend(t: Tournament, state: State, c: Extend, now: int) -> NewEvent:
    s = item_of(state, c.item)
    minutes = c.minutes
    if minutes == 0:
        raise CommandError(422, "minutes must not be 0", {"field": "minutes", "code": "field.zero"})
    if abs(minutes) > MAX_EXTEND_MINUTES:
        limit = MAX_EXTEND_MINUTES
        raise CommandError(422, f"minutes must be between -{limit} and {limit}, not {minutes}", {"field": "minutes",
                           "code": "field.between", "min": -limit, "max": limit})
    if s.status == ItemStatus.ENDED:
        raise _conflict(s, "extend", "extend")
    ms = t.minutes_ms(minutes)
    if abs(ms) < 1000:
        raise CommandError(422, f"minutes {minutes:g} is less than a second: nothing would change",
                           {"field": "minutes", "code": "extend.too_small"})
    if minutes < 0:
        remaining = s.remaining_ms(now)
        if remaining + ms < t.minutes_ms(1):
            left = remaining / t.minutes_ms(1)
            raise CommandError(422, f"cannot shorten {s.item.id} by {-minutes} minutes: only {left:.1f} minutes "
                                    "are left; end the round instead", {"field": "minutes",
                               "code": "extend.too_short", "item": s.item.id, "left": round(left, 1)})
    return referee_said(P.RoundExtended(item=s.item.id, minutes=minutes, ms=ms))


@HANDLERS.on(AnnounceLastDeals)
def _last_deals(t: Tournament, state: State, c: AnnounceLastDeals, now: int) -> NewEvent:
    s = item_of(state, c.item)
    if not t.rules.get("last_deals_warning"):
        raise CommandError(422, f"the {t.preset} rules have no last-deals signal", {"field": "type",
                                                                                    "code": "rules.no_last_deals"})
    if not s.in_progress:
        raise _conflict(s, "announce the last deals of", "lastDeals")
    if s.last_deals_at is not None:
        raise CommandError(409, f"the last deals of {s.item.id} were already announced", {"field": "item",
                           "code": "round.last_deals_done", "item": s.item.id})
    return referee_said(P.LastDealsAnnounced(item=s.item.id))


@HANDLERS.on(EndRound)
def _end(t: Tournament, state: State, c: EndRound, now: int) -> NewEvent:
    s = item_of(state, c.item)
    if not s.in_progress:
        raise _conflict(s, "end", "end")
    if c.at is ABSENT:
        _no_reason_without_at(c.sent("reason"))
        return referee_said(P.RoundEnded(item=s.item.id))
    # Not before anything its clock has recorded: the start, a pause or its resumption, the last deals.
    marks = [s.start_ms(), *(m for pause in s.pauses for m in pause if m is not None)]
    if s.last_deals_at is not None:
        marks.append(s.last_deals_at)
    at, reason = _recorded(c.at, c.reason, c.sent("reason"), now, max(marks))
    if at is None:
        raise _too_early(s, "end", "start", None)
    return referee_said(P.RoundEnded(item=s.item.id, at=at, reason=reason))


def _no_reason_without_at(sent: bool) -> None:
    if sent:
        raise CommandError(422, "a reason goes with an earlier time (at)", {"field": "reason",
                           "code": "round.reason_without_at"})


def _day_start(t: Tournament, s: ItemState) -> int:
    """Midnight, in the tournament's zone, of the day the plan has the item on: a start recorded after the
    fact is not before it (a date typed wrong would move the whole day's clock)."""
    day = datetime.fromtimestamp(s.item.start_ms / 1000, t.zone).date()
    return int(datetime.combine(day, time(), t.zone).timestamp() * 1000)


def _recorded(at_sent: int | str, reason_sent: str | Absent, reason_given: bool, now: int,
              earliest: int) -> tuple[int | None, str]:
    """A start or end recorded after the fact: its instant (None: before `earliest`) and the referee's reason.
    Like a check-in at an earlier time (live/commands/arrivals.py), it needs a reason and cannot be ahead
    of the clock."""
    try:
        at = parse_instant(at_sent)
    except ValueError as exc:
        raise CommandError(422, _AT, {"field": "at", "code": "field.bad_time"}) from exc
    if at > now:
        raise CommandError(422, "at is in the future: a start or end cannot be recorded before it happens",
                           {"field": "at", "code": "field.future"})
    reason = text_value(reason_sent, "reason", MAX_REASON, sent=reason_given,
                        empty="a start or end recorded at an earlier time needs a reason")
    return (at if at >= earliest else None), reason


def _too_early(s: ItemState, doing: str, after: str, previous: str | None) -> CommandError:
    """`after`: what the recorded instant may not precede — the item's day ("day"), the end of the round
    before it ("previous"), or for an end its start and everything since that the clock recorded ("start")."""
    said = {"day": f"the day {s.item.id} is on", "previous": f"the end of {previous}",
            "start": f"its start or the last pause, resumption or last deals of {s.item.id}"}[after]
    return CommandError(422, f"at is before {said}: the {doing} of {s.item.id} cannot be recorded then",
                        {"field": "at", "item": s.item.id, "previous": previous,
                         "code": "round.at_before_day" if after == "day" else "round.at_before_previous"
                         if after == "previous" else "round.at_before_start"})


@HANDLERS.on(Announce)
def _announce(t: Tournament, state: State, c: Announce, now: int) -> NewEvent:
    text = text_value(c.text, "text", MAX_TEXT, lines=True, empty="text must be the announcement's words")
    if c.player is not ABSENT and t.player(c.player) is None:
        raise CommandError(422, f"no player has the id {c.player!r}", {"field": "player",
                                                                       "code": "field.unknown_id", "id": c.player})
    return referee_said(P.Announced(text=text, player=c.player))


@HANDLERS.on(RevealStandings)
def _reveal_standings(t: Tournament, state: State, c: RevealStandings, now: int) -> NewEvent:
    """The prize-giving: the hall sees the standings it has not seen since round N started."""
    if hidden(state) is None:
        why = ("the standings are already shown to the hall" if state.standings_revealed
               else "the standings are not hidden: the hall sees them")
        raise CommandError(409, why, {"field": "type", "code": "standings.already_shown" if state.standings_revealed
                                      else "standings.not_hidden"})
    return referee_said(P.StandingsRevealed())


@HANDLERS.on(Undo)
def _undo_shared(t: Tournament, state: State, c: Undo, now: int) -> NewEvent:
    return _undo(t, state, c, now)


def _undo(t: Tournament, state: State, c: Undo, now: int, actor: str = referees.SHARED_NAME) -> NewEvent:
    # "Undo" alone undoes the referee's own last command; a player's check-in only when named by its seq.
    if c.seq is not ABSENT:
        seq = c.seq
        target = state.audit_at.get(seq)
        if target is None:
            raise CommandError(422, f"event {seq} is not a referee command", {"field": "seq",
                                                                              "code": "undo.not_a_command", "seq": seq})
        if target["type"] == E.COMMAND_UNDONE:
            raise CommandError(422, f"event {seq} is an undo; an undo cannot be undone", {"field": "seq",
                               "code": "undo.undo", "seq": seq})
        if target["type"] == E.REFEREE_SIGNED_IN:
            raise CommandError(422, f"event {seq} is a sign-in; it cannot be undone", {"field": "seq",
                               "code": "undo.sign_in", "seq": seq})
        if target["undone"]:
            raise CommandError(409, f"command {seq} is already undone", {"field": "seq",
                                                                         "code": "undo.already", "seq": seq})
    else:
        last = last_undoable(state, actor)
        if last is None:
            raise CommandError(409, "there is no referee command to undo", {"field": "seq", "code": "undo.nothing"})
        target = last
    results.check_undo(t, state, target)
    plan_commands.check_undo(state, target)
    appeals.check_undo(state, target)
    lineups.check_undo(state, target)
    desk.check_undo(state, target)
    return referee_said(P.CommandUndone(target=target["seq"], undid=target["type"]))


@HANDLERS.on(AddReferee)
def _add_referee(t: Tournament, state: State, c: AddReferee, now: int) -> NewEvent:
    """A referee added at the console. Their token is derived from the referee secret and the salt
    (chosen by the server, `Hall.command`): the log holds no secret. Undoing it takes them away."""
    name = c.name
    problem = referees.name_problem(name)
    if problem is not None:
        raise CommandError(422, f"the name {problem}", {"field": "name", "code": "referee.bad_name"})
    name = referees.clean_name(name)
    if name.casefold() == referees.SHARED_NAME or any(n.casefold() == name.casefold() for n in state.referees):
        raise CommandError(409, f"{name} is a referee already: give the new one another name", {"field": "name",
                           "code": "referee.exists", "name": name})
    salt = c.salt
    if salt is ABSENT or not 8 <= len(salt) <= 64 or not salt.isascii() or not salt.isprintable():
        raise CommandError(422, "salt must be 8–64 printable characters (the server chooses it)", {"field": "salt",
                           "code": "referee.bad_salt"})
    return referee_said(P.RefereeAdded(name=name, salt=salt))


#: The round commands a console offers per item, as the pages name them, each as a command to try.
ROUND_ACTIONS: dict[str, Callable[[str], Command]] = {
    "start": lambda item: StartRound(item=item), "pause": lambda item: Pause(item=item),
    "resume": lambda item: Resume(item=item), "extend": lambda item: Extend(item=item, minutes=1),
    "lastDeals": lambda item: AnnounceLastDeals(item=item), "end": lambda item: EndRound(item=item),
}


def allowed_now(state: State) -> dict[str, list[str]]:
    """Which round commands the server would take now, per round or match: the console enables
    exactly those buttons. Asked of the rules themselves (each handler is tried), so the page holds
    no copy of when a round may be started, paused or ended. (An extension is tried as +1 minute;
    a shortening is checked when it is sent.) A seating's "publish" follows the round's state only: whether
    the draw or the standings can seat everyone is said when it is sent, since trying it would seat
    every round on every event.

    Kept in the state until an event clears its derived parts (`State.derived`): it tries six commands on
    every item of the timetable, and most events (an announcement, a check-in before the start, a payment)
    change none of their answers. The hall's section check (LIVE_CHECK_SECTIONS) builds it anew to prove it."""
    return state.derived("allowed", lambda: _allowed(state))


def _allowed(state: State) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for ident, s in state.items.items():
        ok = ["publish"] if s.item.playing and results.seating_may_change(s) else []
        for action, command in ROUND_ACTIONS.items():
            try:
                _ALL.run(state.tournament, state, command(ident), s.item.start_ms)
            except CommandError:
                continue
            ok.append(action)
        out[ident] = ok
    return out


#: Every command type: its class and its handler, from every subject.
_ALL = Handlers(HANDLERS, results.HANDLERS, arrivals.HANDLERS, plan_commands.HANDLERS, sanctions.HANDLERS,
                appeals.HANDLERS, lineups.HANDLERS, desk.HANDLERS, prizes.HANDLERS, publication.HANDLERS,
                late_duties.HANDLERS)
