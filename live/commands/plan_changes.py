"""The day's changes to the plan, as referee commands: the roster (walk-ins, names, withdrawals,
late teams) and the timetable (move, shift, add, cancel), the tournament's name and its rules.

Each handler checks a command against the state and the clock it is given and says the one
event it becomes (`live.core.plan.changed` folds it). `live serve --accept-changes` turns an edited
file's differences into these same commands, so the same checks refuse the same changes.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time
from typing import Any

from live.commands import rosters
from live.commands.command import ABSENT, Absent, Command, Handlers, wrong
from live.commands.validation import CommandError, referee_said, text_value
from live.core import events as E
from live.core import payloads as P
from live.core.events import NewEvent
from live.core.json import JSONValue
from live.core.plan import item_json
from live.core.records import AuditEntry, Kept
from live.core.state import State
from live.core.status import ItemStatus
from live.core.texts import MAX_NAME, MAX_REASON, MAX_TITLE
from live.core.tournament import ITEM_KINDS, PLAYING_KINDS, Item, Player, Team, Tournament, from_ms, to_ms
from live.rules.alphabet import LANGUAGES
from live.rules.lateness import SLOVAK
from live.rules.parameters import DAY_MINUTES, MAX_BOARDS, MAX_ROUND
from live.rules.parameters import Problem as ParameterProblem
from live.rules.parameters import problem as parameter_problem

MAX_SHIFT_MINUTES = 60 * 24 * 366 * 50  # enough to move a plan typed with the wrong year back to now
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")

HANDLERS = Handlers()

_PLAYER = wrong("{field} must be a player's id", "field.not_an_id")
_TEAM = wrong("{field} must be a team's id", "field.not_an_id")
_ITEM = wrong("{field} must be a timetable item's id, e.g. \"r3\"", "field.not_an_id")
_NEW_ID = wrong("{field} must be 1–40 letters, digits, '-' or '_'", "field.not_an_id")
_TIME = wrong("{field} must be a local time such as \"17:50\" or \"2027-03-06T17:50\"", "field.bad_time")
_MINUTES = wrong("{field} must be a number of minutes", "field.not_a_number")


@dataclass(frozen=True, kw_only=True)
class RegisterPlayer(Command):
    """A walk-in, or a team's new member (`replaces`: a Novi Sad replacement, live/commands/rosters.py)."""

    TYPE = "register_player"
    name: str
    lady: bool | Absent = ABSENT
    team: str | Absent = field(default=ABSENT, metadata=_TEAM)
    player: str | Absent = field(default=ABSENT, metadata=_NEW_ID)  # left out: the server numbers them w01, w02…
    junior: bool | Absent = ABSENT
    rating: float | Absent = field(default=ABSENT, metadata=rosters.RATING)
    replaces: str | Absent = field(default=ABSENT, metadata=_PLAYER)
    substitute: bool | Absent = ABSENT


@dataclass(frozen=True, kw_only=True)
class UpdatePlayer(Command):
    """`rating: null` clears the player's club rating."""

    TYPE = "update_player"
    player: str = field(metadata=_PLAYER)
    name: str | Absent = ABSENT
    lady: bool | Absent = ABSENT
    junior: bool | Absent = ABSENT
    rating: float | Absent | None = field(default=ABSENT, metadata=rosters.RATING)
    substitute: bool | Absent = ABSENT


@dataclass(frozen=True, kw_only=True)
class WithdrawPlayer(Command):
    TYPE = "withdraw_player"
    player: str = field(metadata=_PLAYER)
    reason: str


@dataclass(frozen=True, kw_only=True)
class RegisterTeam(Command):
    TYPE = "register_team"
    name: str
    team: str | Absent = field(default=ABSENT, metadata=_NEW_ID)


@dataclass(frozen=True, kw_only=True)
class UpdateTeam(Command):
    TYPE = "update_team"
    team: str = field(metadata=_TEAM)
    name: str


@dataclass(frozen=True, kw_only=True)
class MoveItem(Command):
    """Without `end` or `minutes` the item keeps its length."""

    TYPE = "move_item"
    item: str = field(metadata=_ITEM)
    start: str = field(metadata=_TIME)
    minutes: float | Absent = field(default=ABSENT, metadata=_MINUTES)
    end: str | Absent = field(default=ABSENT, metadata=_TIME)
    title: str | Absent = ABSENT


@dataclass(frozen=True, kw_only=True)
class ShiftTimetable(Command):
    TYPE = "shift_timetable"
    item: str = field(metadata=_ITEM)
    minutes: float = field(metadata=_MINUTES)


@dataclass(frozen=True, kw_only=True)
class AddItem(Command):
    TYPE = "add_item"
    item: str = field(metadata=wrong("item must be a new id of 1–40 letters, digits, '-' or '_'", "field.not_an_id"))
    kind: str
    start: str = field(metadata=_TIME)
    title: str | Absent = ABSENT
    minutes: float | Absent = field(default=ABSENT, metadata=_MINUTES)
    end: str | Absent = field(default=ABSENT, metadata=_TIME)
    round: int | Absent = ABSENT
    boards: int | Absent = field(default=ABSENT, metadata=wrong("boards must be a whole number, 1 or more",
                                                                "field.not_whole"))
    #: The gathering the match is played at (Slovak §18.2; live/core/tournament.py `_opening`); left out, the
    #: match is in the gathering of the match before it if that one is on its day of play or the day before.
    gathering: str | Absent = field(default=ABSENT, metadata=_NEW_ID)


@dataclass(frozen=True, kw_only=True)
class CancelItem(Command):
    TYPE = "cancel_item"
    item: str = field(metadata=_ITEM)
    reason: str


@dataclass(frozen=True, kw_only=True)
class UpdateTournament(Command):
    TYPE = "update_tournament"
    name: str | Absent = ABSENT
    languages: list[object] | Absent = field(default=ABSENT, metadata=wrong(
        "languages must be a non-empty list of language tags", "plan.languages"))
    language: str | Absent = ABSENT


@dataclass(frozen=True, kw_only=True)
class ChangeRules(Command):
    TYPE = "change_rules"
    rules: dict[str, JSONValue] = field(metadata=wrong("rules must be a table of parameters and their new values",
                                                 "rules.not_a_table"))


# small checks --------------------------------------------------------------------------------------


def _name(value: str, field: str = "name", limit: int = MAX_NAME) -> str:
    return text_value(value, field, limit, empty=f"{field} must not be empty")


def _reason(value: str) -> str:
    return text_value(value, "reason", MAX_REASON, empty="reason must say why, in words")


def _flag(value: bool | Absent) -> bool:
    """A true/false field; left out, false."""
    return value is True


def _new_id(value: str | Absent, field: str, taken: set[str], prefix: str) -> str:
    if value is not ABSENT:
        if not _ID.match(value):
            raise CommandError(422, f"{field} must be 1–40 letters, digits, '-' or '_', not {value!r}",
                               {"field": field, "code": "field.not_an_id"})
        if value in taken:
            raise CommandError(409, f"the id {value!r} is already taken", {"field": field,
                               "code": "plan.id_taken", "id": value})
        return value
    n = len(taken) + 1
    while f"{prefix}{n:02d}" in taken:
        n += 1
    return f"{prefix}{n:02d}"


def _fold_name(name: str) -> str:
    return " ".join(name.casefold().split())


def _player(t: Tournament, ident: str) -> Player:
    found = t.player(ident)
    if found is None:
        raise CommandError(422, f"no player has the id {ident!r}", {"field": "player",
                           "code": "field.unknown_id", "id": ident})
    return found


def _team(t: Tournament, ident: str, field: str = "team") -> Team:
    found = t.team(ident)
    if found is None:
        raise CommandError(422, f"no team has the id {ident!r}", {"field": field,
                                                                  "known": [x.id for x in t.teams],
                           "code": "field.unknown_id", "id": ident})
    return found


def _minutes(value: float, field: str, *, limit: float) -> float:
    if value == 0:
        raise CommandError(422, f"{field} must not be 0", {"field": field, "code": "field.zero"})
    if abs(value) > limit:
        raise CommandError(422, f"{field} must be at most {limit:g} minutes, not {value:g}", {"field": field,
                           "code": "field.at_most", "max": limit})
    return float(value)


def local_instant(t: Tournament, value: str, field: str, day: date) -> int:
    """A local time of the tournament's zone: "2027-03-06T17:50", or "17:50" on the item's own day."""
    if not value.strip():
        raise CommandError(422, f"{field} must be a local time such as \"17:50\" or \"2027-03-06T17:50\"",
                           {"field": field, "code": "field.bad_time"})
    text = value.strip().replace(" ", "T")
    try:
        parsed = datetime.fromisoformat(text) if "T" in text else datetime.combine(day, time.fromisoformat(text))
    except ValueError:
        raise CommandError(422, f"{field} {value!r} is not a time such as \"17:50\" or \"2027-03-06T17:50\"",
                           {"field": field, "code": "field.bad_time"}) from None
    zone = t.zone
    if parsed.tzinfo is None:
        local = parsed.replace(tzinfo=zone)
        if local.astimezone(UTC).astimezone(zone).replace(tzinfo=None) != parsed:
            raise CommandError(422, f"{field} {value!r} does not exist in {zone.key} (clocks change)",
                               {"field": field, "code": "time.gap", "value": value})
        parsed = local
    return to_ms(parsed)


def _span(plan: Tournament, c: MoveItem | AddItem, day: date, length_ms: int | None) -> tuple[int, int]:
    """A command's `start` and its `end` or `minutes` (else `length_ms`) as instants."""
    start = local_instant(plan, c.start, "start", day)
    if c.minutes is not ABSENT and c.end is not ABSENT:
        raise CommandError(422, "give either end or minutes, not both", {"field": "minutes",
                           "code": "plan.end_or_minutes"})
    if c.minutes is not ABSENT:
        end = start + plan.minutes_ms(_minutes(c.minutes, "minutes", limit=DAY_MINUTES))
        if end <= start:
            raise CommandError(422, "minutes must be more than 0", {"field": "minutes", "code": "field.positive"})
    elif c.end is not ABSENT:
        end = local_instant(plan, c.end, "end", plan.local(start).date())
        if end <= start:
            raise CommandError(422, "end must be after start", {"field": "end", "code": "plan.end_before_start"})
        if end - start > plan.minutes_ms(DAY_MINUTES):  # (as the file's timetable: live/core/tournament.py)
            raise CommandError(422, f"end must be at most a day ({DAY_MINUTES} minutes) after start",
                               {"field": "end", "code": "field.at_most", "max": _when(plan, start + plan.minutes_ms(
                                   DAY_MINUTES))})
    elif length_ms is None:
        raise CommandError(422, f"{c.TYPE} needs the end or the minutes", {"field": "minutes",
                           "code": "plan.end_needed"})
    else:
        end = start + length_ms
    return start, end


def _clock(t: Tournament, ms: int) -> str:
    return f"{t.local(ms):%H:%M}"


def _when(t: Tournament, ms: int) -> str:
    return f"{t.local(ms):%Y-%m-%d %H:%M}"


def _started(state: State, item: Item, now: int) -> bool:
    """Whether an item has begun: a round or match by its own start, any other item by the clock —
    except on a plan of which nothing has been played yet (typed with the wrong year, say), where
    everything may still move."""
    s = state.items.get(item.id)
    if s is not None:
        return not s.open
    return item.start_ms <= now and state.played


def _timetable_item(state: State, ident: str) -> Item:
    plan = state.plan or state.tournament
    found = plan.item(ident)
    if found is None:
        raise CommandError(422, f"no timetable item has the id {ident!r}",
                           {"field": "item", "known": [i.id for i in plan.items],
                           "code": "field.unknown_id", "id": ident})
    return found


def _check_overlap(state: State, changed: dict[str, tuple[int, int]], field: str) -> None:
    """Playing items must not overlap: neither in the plan, nor with a round that is being played."""
    plan = state.plan or state.tournament
    spans: list[tuple[int, int, str]] = []
    for item in plan.items:
        if not item.playing:
            continue
        s = state.items.get(item.id)
        if item.id in changed:
            start, end = changed[item.id]
        elif s is not None and s.status == ItemStatus.ENDED:
            continue
        elif s is not None and s.in_progress:
            start, end = s.start_ms(), s.ends_at()
        else:
            start, end = item.start_ms, item.end_ms
        spans.append((start, end, item.id))
    spans += [(start, end, ident) for ident, (start, end) in changed.items() if plan.item(ident) is None]  # added
    spans.sort()
    pairs = [(x, y) for n, x in enumerate(spans) for y in spans[n + 1:]]
    for (_, a_end, a), (b_start, b_end, b) in pairs:
        if b_start < a_end and (a in changed or b in changed):
            moved, other, until = (b, a, a_end) if b in changed else (a, b, b_end)
            s = state.items.get(other)
            doing = "is being played until" if s is not None and s.in_progress else "runs until"
            raise CommandError(409, f"{moved} would overlap {other}, which {doing} {_clock(plan, until)}",
                               {"field": field, "overlaps": other, "code": "plan.overlap", "item": moved})


# the roster ----------------------------------------------------------------------------------------


@HANDLERS.on(RegisterPlayer)
def register_player(t: Tournament, state: State, c: RegisterPlayer, now: int) -> NewEvent:
    plan = state.plan or t
    name = _name(c.name)
    lady = _flag(c.lady)
    junior = _flag(c.junior)  # free of the match fee where the preset says so (live/rules/desk.py)
    team_id: str | None = None
    enters: str | Absent = ABSENT
    if plan.game == "bridge":
        if c.team is ABSENT:
            raise CommandError(422, "a bridge player joins a team: give its id in \"team\"", {"field": "team",
                               "code": "plan.team_needed"})
        team = _team(plan, c.team)
        for other in plan.players:
            if _fold_name(other.name) == _fold_name(name):
                raise rosters.already_member(state, plan, other, team.id, name)  # naming the rule (§17.3)
        team_id = team.id
    else:
        if c.team is not ABSENT:
            raise CommandError(422, "preferans players play on their own: no team", {"field": "team",
                               "code": "plan.no_teams_preferans"})
        same = next((p for p in plan.players if _fold_name(p.name) == _fold_name(name)), None)
        if same is not None:
            raise CommandError(409, f"a player named {name} is already registered ({same.id})",
                               {"field": "name", "player": same.id, "code": "plan.name_taken", "name": name})
        first = next((s for s in state.items.values()), None)
        if first is not None and (not first.open or first.item.id in state.seatings):
            entry = next((s for s in state.items.values() if s.open and s.item.id not in state.seatings), None)
            if entry is None:
                raise CommandError(409, "every round left is already seated: no round is left for a walk-in",
                                   {"field": "name", "code": "plan.no_round_left"})
            enters = entry.item.id
    # The rating; a team's roster bounds, and a Novi Sad replacement after half of the matches
    # (live/commands/rosters.py).
    member = rosters.member_fields(plan, state, team_id, name=c.name, rating=c.rating, replaces=c.replaces,
                                   substitute=c.substitute)
    # Slovak §27.1: not of the basic line-up (live/commands/rosters.py)
    substitute = c.substitute is not ABSENT and rosters.substitute_flag(plan, state, c.substitute, None)
    player = _new_id(c.player, "player", {p.id for p in plan.players}, "w")
    return referee_said(P.PlayerRegistered(
        player=player, name=name, lady=lady, junior=True if junior else ABSENT,
        team=ABSENT if team_id is None else team_id, enters=enters, rating=member.rating, replaces=member.replaces,
        average=member.average, substitute=True if substitute else ABSENT))


@HANDLERS.on(UpdatePlayer)
def update_player(t: Tournament, state: State, c: UpdatePlayer, now: int) -> NewEvent:
    plan = state.plan or t
    player = _player(plan, c.player)
    if not any(c.sent(name) for name in ("name", "lady", "junior", "rating", "substitute")):
        raise CommandError(422, "update_player needs a new name or lady, the junior or substitute flag, or the rating",
                           {"field": "name", "code": "plan.nothing_to_update"})
    name: str | Absent = ABSENT
    if c.name is not ABSENT:
        name = _name(c.name)
        same = next((p for p in plan.players if p.id != player.id and _fold_name(p.name) == _fold_name(name)), None)
        if same is not None:
            raise CommandError(409, f"{same.id} is already named {name}", {"field": "name", "player": same.id,
                               "code": "plan.already_named", "id": same.id, "name": name})
    # the club rating (null: none)
    rating = c.rating if c.rating is ABSENT or c.rating is None else rosters.rating_value(c.rating)
    substitute = (ABSENT if c.substitute is ABSENT
                  else rosters.substitute_flag(plan, state, c.substitute, player))  # Slovak §27.1
    return referee_said(P.PlayerUpdated(player=player.id, name=name, was=ABSENT if name is ABSENT else player.name,
                                        lady=c.lady, junior=c.junior, rating=rating, substitute=substitute))


@HANDLERS.on(WithdrawPlayer)
def withdraw_player(t: Tournament, state: State, c: WithdrawPlayer, now: int) -> NewEvent:
    player = _player(state.plan or t, c.player)
    if player.withdrawn:
        raise CommandError(409, f"{player.id} {player.name} has already withdrawn", {"field": "player",
                           "code": "player.already_withdrawn", "player": player.id, "name": player.name})
    rosters.check_withdrawal(state.plan or t, player)  # Slovak §17.1: not under the roster's minimum
    return referee_said(P.PlayerWithdrawn(player=player.id, name=player.name, reason=_reason(c.reason)))


@HANDLERS.on(RegisterTeam)
def register_team(t: Tournament, state: State, c: RegisterTeam, now: int) -> NewEvent:
    plan = state.plan or t
    if plan.game != "bridge":
        raise CommandError(422, "a preferans tournament has no teams: register players", {"field": "type",
                           "code": "plan.no_teams_preferans"})
    name = _name(c.name)
    same = next((x for x in plan.teams if _fold_name(x.name) == _fold_name(name)), None)
    if same is not None:
        raise CommandError(409, f"a team named {name} is already registered ({same.id})", {"field": "name",
                           "code": "plan.name_taken", "name": name})
    started = next((s.item.id for s in state.items.values() if not s.open), None)
    if started is not None:
        raise CommandError(409, f"the league has begun ({started} started): the schedule of matches is fixed; "
                                "a team enters before the first match", {"field": "name",
                           "code": "plan.league_begun", "item": started})
    ident = _new_id(c.team, "team", {x.id for x in plan.teams}, "t")
    return referee_said(P.TeamRegistered(team=ident, name=name))


@HANDLERS.on(UpdateTeam)
def update_team(t: Tournament, state: State, c: UpdateTeam, now: int) -> NewEvent:
    plan = state.plan or t
    team = _team(plan, c.team)
    name = _name(c.name)
    same = next((x for x in plan.teams if x.id != team.id and _fold_name(x.name) == _fold_name(name)), None)
    if same is not None:
        raise CommandError(409, f"{same.id} is already named {name}", {"field": "name",
                           "code": "plan.already_named", "id": same.id, "name": name})
    return referee_said(P.TeamUpdated(team=team.id, name=name, was=team.name))


# the timetable -------------------------------------------------------------------------------------


@HANDLERS.on(MoveItem)
def move_item(t: Tournament, state: State, c: MoveItem, now: int) -> NewEvent:
    plan = state.plan or t
    item = _timetable_item(state, c.item)
    shown = state.tournament.item(item.id) or item
    if _started(state, shown, now):
        raise CommandError(409, f"{item.id} has started: it can no longer be moved", {"field": "item",
                           "code": "plan.item_started", "item": item.id})
    day = shown.start.astimezone(plan.zone).date()
    start, end = _span(plan, c, day, item.duration_ms)
    if start <= now:
        raise CommandError(422, f"start {_when(plan, start)} is in the past; choose a time still to come",
                           {"field": "start", "code": "field.past"})
    title = _name(c.title, "title", MAX_TITLE) if c.title is not ABSENT else item.title
    if (start, end, title) == (item.start_ms, item.end_ms, item.title):
        raise CommandError(422, f"{item.id} is already planned {_clock(plan, start)}–{_clock(plan, end)}",
                           {"field": "start", "code": "plan.unchanged", "item": item.id})
    if item.playing:
        _check_overlap(state, {item.id: (start, end)}, "start")
    return referee_said(P.ItemMoved(item=item.id, title=title, start=start, end=end, was=[item.start_ms, item.end_ms]))


@HANDLERS.on(ShiftTimetable)
def shift_timetable(t: Tournament, state: State, c: ShiftTimetable, now: int) -> NewEvent:
    """"We run 20 minutes late": this item and every later one not yet started move together."""
    plan = state.plan or t
    item = _timetable_item(state, c.item)
    minutes = _minutes(c.minutes, "minutes", limit=MAX_SHIFT_MINUTES)
    if _started(state, state.tournament.item(item.id) or item, now):
        raise CommandError(409, f"{item.id} has started: shift the items after it", {"field": "item",
                           "code": "plan.item_started", "item": item.id})
    ms = plan.minutes_ms(minutes)  # tournament minutes, like extend's (the demo runs them faster)
    minute = plan.minutes_ms(1)
    moving = [i for i in plan.items if i.start_ms >= item.start_ms
              and not _started(state, state.tournament.item(i.id) or i, now)]
    for moved in moving:
        if moved.start_ms + ms <= now:
            need = math.ceil((now - moved.start_ms) / minute) + 1
            if ms < 0:
                most = math.ceil((moved.start_ms - now) / minute) - 1
                raise CommandError(422, f"{moved.id} would start in the past ({_when(plan, moved.start_ms + ms)}); "
                                        f"it can move back at most {most} minutes",
                                   {"field": "minutes", "at_most": most,
                                   "code": "plan.shift_too_far", "item": moved.id})
            raise CommandError(422, f"{moved.id} would still start in the past ({_when(plan, moved.start_ms + ms)}); "
                                    f"shift by at least {need} minutes", {"field": "minutes", "at_least": need,
                               "code": "plan.shift_too_little", "item": moved.id})
    _check_overlap(state, {i.id: (i.start_ms + ms, i.end_ms + ms) for i in moving if i.playing}, "minutes")
    return referee_said(P.TimetableShifted(item=item.id, title=item.title, minutes=minutes, ms=ms,
                                           items=[i.id for i in moving]))


@HANDLERS.on(AddItem)
def add_item(t: Tournament, state: State, c: AddItem, now: int) -> NewEvent:
    plan = state.plan or t
    ident = c.item
    if not _ID.match(ident):
        raise CommandError(422, f"item must be a new id of 1–40 letters, digits, '-' or '_', not {ident!r}",
                           {"field": "item", "code": "field.not_an_id"})
    if plan.item(ident) is not None:
        raise CommandError(409, f"the timetable already has an item {ident!r}", {"field": "item",
                           "code": "plan.id_taken", "id": ident})
    kind = c.kind
    if kind not in ITEM_KINDS:
        raise CommandError(422, f"kind must be one of {', '.join(ITEM_KINDS)}, not {kind!r}", {"field": "kind",
                           "code": "field.not_one_of", "known": list(ITEM_KINDS)})
    if kind in PLAYING_KINDS and kind != ("round" if plan.game == "preferans" else "match"):
        raise CommandError(422, f"a {plan.game} tournament plays {'rounds' if plan.game == 'preferans' else 'matches'}"
                                f", not a {kind}", {"field": "kind", "code": "plan.wrong_kind", "kind": kind})
    today = plan.local(now).date()
    start, end = _span(plan, c, today, None)
    if start <= now:
        raise CommandError(422, f"start {_when(plan, start)} is in the past; choose a time still to come",
                           {"field": "start", "code": "field.past"})
    number = None if c.round is ABSENT else c.round
    if kind in PLAYING_KINDS:
        if number is None or number < 1:
            raise CommandError(422, f"a {kind} needs its number in \"round\" (1 or more)", {"field": "round",
                               "code": "plan.round_needed"})
        if number > MAX_ROUND:
            raise CommandError(422, f"round must be at most {MAX_ROUND}", {"field": "round", "code": "field.at_most",
                                                                           "max": MAX_ROUND})
    elif number is not None:
        raise CommandError(422, f"a {kind} has no round number", {"field": "round", "code": "plan.no_round_number"})
    boards = None if c.boards is ABSENT else c.boards
    if boards is not None and boards < 1:
        raise CommandError(422, "boards must be a whole number, 1 or more", {"field": "boards",
                           "code": "field.at_least", "min": 1})
    if boards is not None and boards > MAX_BOARDS:
        raise CommandError(422, f"boards must be at most {MAX_BOARDS}", {"field": "boards", "code": "field.at_most",
                                                                         "max": MAX_BOARDS})
    if boards is None and kind in PLAYING_KINDS and not plan.rules["segments"] and plan.rules["max_boards_per_segment"]:
        raise CommandError(422, "these rules split a match into parts by its boards: give boards", {"field": "boards",
                           "code": "plan.boards_needed"})
    gathering = None if c.gathering is ABSENT else c.gathering
    if gathering is not None:
        if not _ID.match(gathering):
            raise CommandError(422, f"gathering must be 1–40 letters, digits, '-' or '_', not {gathering!r}",
                               {"field": "gathering", "code": "field.not_an_id"})
        if kind not in PLAYING_KINDS or plan.rules.get("lateness") != SLOVAK:
            raise CommandError(422, "only a match of the Slovak league belongs to a gathering (§18.2)",
                               {"field": "gathering", "code": "plan.no_gathering"})
    default_title = f"{kind.capitalize()} {number}" if number else kind.capitalize()
    title = _name(c.title, "title", MAX_TITLE) if c.title is not ABSENT else default_title
    entry = Item(ident, kind, title, from_ms(start), from_ms(end), number, boards, gathering)
    if entry.playing:
        same = next((i for i in plan.items if i.playing and i.round == number), None)
        if same is not None:
            raise CommandError(409, f"{same.id} is already {kind} {number}", {"field": "round",
                               "code": "plan.round_taken", "item": same.id, "round": number})
        _check_overlap(state, {ident: (start, end)}, "start")
    return referee_said(P.ItemAdded(item=ident, title=title, start=start, entry=item_json(entry)))


@HANDLERS.on(CancelItem)
def cancel_item(t: Tournament, state: State, c: CancelItem, now: int) -> NewEvent:
    item = _timetable_item(state, c.item)
    reason = _reason(c.reason)
    if _started(state, state.tournament.item(item.id) or item, now):
        raise CommandError(409, f"{item.id} has started: it can no longer be cancelled", {"field": "item",
                           "code": "plan.item_started", "item": item.id})
    for what, table in (("its seating is published", state.seatings), ("check-ins are recorded", state.check_ins),
                        ("results are recorded", state.results), ("reserves are seated", state.reserves)):
        if table.get(item.id):
            raise CommandError(409, f"{item.id} cannot be cancelled: {what}; undo that first", {"field": "item",
                               "code": "plan.cancel_blocked", "item": item.id})
    return referee_said(P.ItemCancelled(item=item.id, title=item.title, reason=reason))


# the tournament and its rules -------------------------------------------------------------------------


@HANDLERS.on(UpdateTournament)
def update_tournament(t: Tournament, state: State, c: UpdateTournament, now: int) -> NewEvent:
    plan = state.plan or t
    if not any(c.sent(name) for name in ("name", "languages", "language")):
        raise CommandError(422, "update_tournament needs a name, languages or language", {"field": "name",
                           "code": "plan.nothing_to_update"})
    name = ABSENT if c.name is ABSENT else _name(c.name, "name", MAX_TITLE)
    languages = list(plan.languages)
    if c.languages is not ABSENT:
        if not c.languages or not all(isinstance(x, str) and x.strip() for x in c.languages):
            raise CommandError(422, "languages must be a non-empty list of language tags", {"field": "languages",
                               "code": "plan.languages"})
        unknown = next((x for x in c.languages if isinstance(x, str) and x.strip() not in LANGUAGES), None)
        if unknown is not None:
            raise CommandError(422, f"languages: the pages speak {', '.join(LANGUAGES)}, not {str(unknown)[:40]!r}",
                               {"field": "languages", "code": "field.not_one_of", "known": list(LANGUAGES)})
        languages = list(dict.fromkeys(x.strip() for x in c.languages if isinstance(x, str)))
    language = c.language if c.language is not ABSENT else (
        plan.language if plan.language in languages else languages[0])
    if language not in languages:
        raise CommandError(422, f"language {language!r} is not one of {languages}", {"field": "language",
                           "code": "field.not_one_of", "known": languages})
    return referee_said(P.TournamentUpdated(name=name, was=ABSENT if name is ABSENT else plan.name,
                                            languages=ABSENT if c.languages is ABSENT else languages,
                                            language=ABSENT if language == plan.language else language))


@HANDLERS.on(ChangeRules)
def change_rules(t: Tournament, state: State, c: ChangeRules, now: int) -> NewEvent:
    plan = state.plan or t
    rules = c.rules
    if not rules:
        raise CommandError(422, "rules must be a table of parameters and their new values", {"field": "rules",
                           "code": "rules.not_a_table"})
    started = next((s.item.id for s in state.items.values() if not s.open), None)
    if started is not None:
        raise CommandError(409, f"the rules cannot change once play has begun ({started} started)",
                           {"field": "rules", "code": "rules.play_begun", "item": started})
    for key, value in rules.items():
        wrong = parameter_problem(key, value, plan.rules)  # (the tournament file's [rules] ask the same)
        if wrong is not None:
            raise _rules_refusal(key, wrong)
    changes = {k: v for k, v in rules.items() if plan.rules.get(k) != v}
    if not changes:
        raise CommandError(422, "these are the rules already in force", {"field": "rules", "code": "rules.unchanged"})
    return referee_said(P.RulesChanged(rules=changes, was={k: plan.rules.get(k) for k in changes}))


def _rules_refusal(key: str, wrong: ParameterProblem) -> CommandError:
    """A rules value refused (live/rules/parameters.py says why), with its code and the field named."""
    error, field = f"{key} {wrong.message}", f"rules.{key}"
    match wrong.code:
        case "rules.between":
            return CommandError(422, error, {"field": field, "code": "rules.between", "key": key,
                                             "min": wrong.detail["min"], "max": wrong.detail["max"]})
        case "rules.unknown":
            return CommandError(422, error, {"field": field, "code": "rules.unknown", "key": key})
        case "rules.game_fixed":
            return CommandError(422, error, {"field": field, "code": "rules.game_fixed"})
        case "rules.wrong_type":
            return CommandError(422, error, {"field": field, "code": "rules.wrong_type", "key": key})
        case "rules.negative":
            return CommandError(422, error, {"field": field, "code": "rules.negative", "key": key})
    return CommandError(422, error, {"field": field, "code": "rules.bad_value", "key": key})


# undo -----------------------------------------------------------------------------------------------


def check_undo(state: State, target: AuditEntry) -> None:
    """Refuse an undo that would leave results, seats or check-ins pointing at nobody."""
    p = target["payload"]
    kind = target["type"]
    seq = target["seq"]
    if kind == E.PLAYER_REGISTERED:
        _unused(state, seq, p["player"], player=True)
    elif kind == E.TEAM_REGISTERED:
        _unused(state, seq, p["team"], player=False)
    elif kind == E.ITEM_ADDED:
        s = state.items.get(p["item"])
        if (s is not None and not s.open) or any(table.get(p["item"]) for table in (
                state.seatings, state.check_ins, state.results, state.reserves)):
            raise CommandError(409, f"command {seq} cannot be undone: {p['item']} is already in use; "
                                    "cancel it instead", {"field": "seq",
                               "code": "undo.item_in_use", "seq": seq, "item": p['item']})


def _unused(state: State, seq: int, who: str, *, player: bool) -> None:
    def mentions(value: Any) -> bool:
        if isinstance(value, Kept):  # (what the event says, as logged: a seating's tables, a result's lines)
            return mentions(value.payload)
        if isinstance(value, dict):
            return any(k == who or mentions(v) for k, v in value.items())
        if isinstance(value, list):
            return any(mentions(v) for v in value)
        return bool(value == who)

    for what, table in (("seated", state.seatings), ("checked in", state.check_ins),
                        ("in the results", state.results), ("in a forfeit", state.forfeits)):
        if mentions(table):
            kind = "player" if player else "team"
            raise CommandError(409, f"command {seq} cannot be undone: {kind} {who} is already {what}; "
                                    f"withdraw {'them' if player else 'the team'} instead", {"field": "seq",
                               "code": "undo.registered_in_use", "seq": seq, "who": who})


__all__ = ["HANDLERS", "AddItem", "CancelItem", "ChangeRules", "MoveItem", "RegisterPlayer", "RegisterTeam",
           "ShiftTimetable", "UpdatePlayer", "UpdateTeam", "UpdateTournament", "WithdrawPlayer", "check_undo",
           "local_instant"]
