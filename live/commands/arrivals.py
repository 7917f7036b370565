"""The arrival commands (check-in, "all present", its preview, an absence excused, a reserve seated, the phone's
own check-in);
what the screens are shown of arrivals and lateness is derived in live/projections/checkin_lists.py.

Arrivals: check-ins, absences announced in advance, reserves — and the lateness they add up to.

Every penalty here is derived from timestamps in the log (docs/rules/lateness.md#derived):
the reference start of the round (scheduled, or the referee's later start), the
pauses, and each check-in's time. A corrected check-in is a new event and everything is
recomputed. The numbers come from `live/rules/lateness.py`; this module decides who is
expected, who has arrived, and turns the rules' answers into commands' checks and screens' rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime

from live.commands.command import ABSENT, Absent, Command, Handlers, wrong
from live.commands.validation import CommandError, item_of, referee_said, text_value
from live.core import payloads as P
from live.core.absent import given
from live.core.events import NewEvent
from live.core.state import ItemState, State
from live.core.status import ItemStatus
from live.core.texts import MAX_NAME, MAX_REASON
from live.core.tournament import Tournament
from live.projections.checkin_lists import (
    arrived_at,
    bridge_fields,
    expected,
    late_at,
    penalty_fields,
    preferans_params,
    reference,
    reserve_starts_with,
)
from live.projections.matches import match_pairs
from live.rules import checkin as C
from live.rules import lateness as late_rules

_ITEM = wrong("{field} must be a timetable item's id, e.g. \"r3\"", "field.not_an_id")
_PLAYER = wrong("{field} must be a player's id", "field.not_an_id")
_TEAM = wrong("{field} must be a team's id", "field.not_an_id")
_AT = "at must be epoch milliseconds or an ISO time with offset, e.g. 2027-03-06T11:07:40+01:00"


@dataclass(frozen=True, kw_only=True)
class CheckIn(Command):
    """A player (or a bridge team) arrived: now, or with `at` and a `reason` at an earlier time."""

    TYPE = "check_in"
    item: str = field(metadata=_ITEM)
    player: str | Absent = field(default=ABSENT, metadata=_PLAYER)
    team: str | Absent = field(default=ABSENT, metadata=_TEAM)
    at: int | str | Absent = field(default=ABSENT, metadata=wrong(_AT, "field.bad_time"))
    reason: str | Absent = field(default=ABSENT, metadata=wrong(
        "{field} must be text: a check-in at an earlier time needs a reason, in words", "field.not_text"))


@dataclass(frozen=True, kw_only=True)
class CheckInAll(Command):
    """"All present": everyone expected in a round, at one of its preferans tables (`table`) or in one of its
    bridge matches (`home` and `away`), who is not in yet (no check-in, no announced absence, no reserve in
    their seat; in bridge a team not complete) arrived now: checked in at one instant, as one event, which one
    undo takes back whole."""

    TYPE = "check_in_all"
    item: str = field(metadata=_ITEM)
    table: int | Absent = field(default=ABSENT, metadata=wrong("{field} must be a table's number, e.g. 3",
                                                                "field.not_whole"))
    home: str | Absent = field(default=ABSENT, metadata=_TEAM)
    away: str | Absent = field(default=ABSENT, metadata=_TEAM)


@dataclass(frozen=True, kw_only=True)
class ExcuseAbsence(Command):
    TYPE = "excuse_absence"
    item: str = field(metadata=_ITEM)
    player: str = field(metadata=_PLAYER)
    reason: str


@dataclass(frozen=True, kw_only=True)
class SeatReserve(Command):
    TYPE = "seat_reserve"
    item: str = field(metadata=_ITEM)
    player: str = field(metadata=_PLAYER)
    name: str


HANDLERS = Handlers()


def _who(t: Tournament, player: str | Absent, team: str | Absent, *, teams: bool) -> tuple[str, str]:
    named = [(name, ident) for name, ident in (("player", player), ("team", team)) if ident is not ABSENT]
    if len(named) != 1:
        raise CommandError(422, "name either a player or a team", {"field": "player", "code": "who.player_or_team"})
    kind, ident = named[0]
    assert isinstance(ident, str)
    if kind == "team" and (not teams or t.game != "bridge"):
        raise CommandError(422, "only a bridge team checks in as a team", {"field": "team",
                           "code": "checkin.team_bridge_only"})
    known = t.player(ident) if kind == "player" else t.team(ident)
    if known is None:
        raise CommandError(422, f"no {kind} has the id {ident!r}", {"field": kind,
                           "code": "field.unknown_id", "id": ident})
    return kind, ident


def parse_instant(value: object) -> int:
    """A check-in time: epoch milliseconds, or an ISO 8601 time with its offset."""
    if isinstance(value, bool):
        raise ValueError
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        parsed = datetime.fromisoformat(value)
        if parsed.tzinfo is None:
            raise ValueError
        return int(parsed.timestamp() * 1000)
    raise ValueError


def _not_over(s: ItemState, doing: str) -> None:
    if s.status == ItemStatus.ENDED:
        raise CommandError(409, f"{s.item.id} is over: cannot {doing}", {"field": "item",
                           "code": "round.over", "item": s.item.id})


@HANDLERS.on(CheckIn)
def check_in(t: Tournament, state: State, c: CheckIn, now: int) -> NewEvent:
    kind, who = _who(t, c.player, c.team, teams=True)
    s = item_of(state, c.item)
    _not_over(s, "record a check-in for it")
    earlier = state.check_ins.get(s.item.id, {}).get(who)
    if who in state.reserves.get(s.item.id, {}):
        raise CommandError(409, f"a reserve plays {who}'s seat in {s.item.id}: undo the reserve first",
                           {"field": kind, "code": "checkin.reserve_seated", "who": who, "item": s.item.id})
    reason: str | Absent = ABSENT
    if c.at is not ABSENT:
        try:
            at = parse_instant(c.at)
        except ValueError as exc:
            raise CommandError(422, _AT, {"field": "at", "code": "field.bad_time"}) from exc
        if at > now:
            raise CommandError(422, "at is in the future: a check-in cannot be recorded before it happens",
                               {"field": "at", "code": "field.future"})
        opens = s.item.start_ms - t.rule_ms("checkin_opens_before")
        if at < opens:
            raise CommandError(422, f"at is before check-in for {s.item.id} opened: an arrival lies between the "
                                    "opening of check-in and now", {"field": "at", "opens": opens,
                               "code": "checkin.before_open", "item": s.item.id})
        reason = text_value(c.reason, "reason", MAX_REASON, empty="a check-in at an earlier time needs a reason",
                            sent=c.sent("reason"))
    else:
        if c.sent("reason"):
            raise CommandError(422, "a reason goes with an earlier time (at)", {"field": "reason",
                               "code": "checkin.reason_without_at"})
        if earlier is not None:
            raise CommandError(409, f"{who} is already checked in to {s.item.id}; to change the time send at and a "
                                    "reason", {"field": kind, "at": earlier.at,
                               "code": "checkin.already", "who": who, "item": s.item.id})
        at = now
    return referee_said(P.CheckedIn(item=s.item.id, player=who if kind == "player" else ABSENT,
                                    team=who if kind == "team" else ABSENT, at=at, reason=reason,
                                    corrects=ABSENT if earlier is None else earlier.seq))


@HANDLERS.on(CheckInAll)
def check_in_all(t: Tournament, state: State, c: CheckInAll, now: int) -> NewEvent:
    """One event for the whole tap (not one per arrival): it is recorded whole or not at all, every arrival
    at the same instant, and the referee who tapped the wrong table takes it back with one undo."""
    s = item_of(state, c.item)
    _not_over(s, "record a check-in for it")
    who = expected(state, s.item.id)
    where = f"in {s.item.id}"
    if c.table is not ABSENT:
        if t.game != "preferans":
            raise CommandError(422, "a table checks in together in preferans; in bridge the teams check in",
                               {"field": "table", "code": "checkin.table_preferans_only"})
        seating = state.seatings.get(s.item.id)
        tables = given(seating.body.tables, []) if seating else []
        found = next((x for x in tables if x["table"] == c.table), None)
        if found is None:
            raise CommandError(422, f"{s.item.id} has no table {c.table}" + ("" if tables else
                               ": its seating is not published"), {"field": "table", "code": "checkin.no_table",
                               "table": c.table, "item": s.item.id, "tables": [x["table"] for x in tables]})
        who = [x for x in who if x in found["players"]]
        where = f"at table {c.table} of {s.item.id}"
    if t.game == "bridge":
        who, where = _match_teams(state, s.item.id, c, who, where)
    elif c.home is not ABSENT or c.away is not ABSENT:
        raise CommandError(422, "a match checks in together in bridge; in preferans a table does",
                           {"field": "home" if c.home is not ABSENT else "away", "code": "checkin.match_bridge_only"})
    excused, reserves = state.excused.get(s.item.id, {}), state.reserves.get(s.item.id, {})
    missing = [x for x in who if arrived_at(state, s.item.id, x) is None and x not in excused and x not in reserves]
    if not missing:
        raise CommandError(409, f"everyone expected {where} is in already", {"field": "item", "code": "checkin.all_in",
                           "item": s.item.id, "table": None if c.table is ABSENT else c.table})
    bridge = t.game == "bridge"
    return referee_said(P.CheckedInAll(item=s.item.id, at=now, players=ABSENT if bridge else missing,
                                       teams=missing if bridge else ABSENT, table=c.table))


def _match_teams(state: State, item: str, c: CheckInAll, who: list[str], where: str) -> tuple[list[str], str]:
    """Bridge: the teams a tap checks in (those of one match, with `home` and `away`), and where, in words.
    Refused while the round's matches are not known (the final before it is seated): every team of the
    league is on its list then, and only two play it."""
    pairs = match_pairs(state, item)
    if pairs is None:
        raise CommandError(409, f"the teams of {item} are known once its seating is published: publish it first, "
                                "then all present checks them in", {"field": "item", "code": "checkin.no_matches",
                           "item": item})
    if c.home is ABSENT and c.away is ABSENT:
        return who, where
    for name, value in (("home", c.home), ("away", c.away)):
        if value is ABSENT:
            raise CommandError(422, f"{name} is missing: a match is named by its home and away teams",
                               {"field": name, "code": "field.missing"})
    pair = next((p for p in pairs if set(p) == {c.home, c.away}), None)
    if pair is None:
        raise CommandError(422, f"{c.home} and {c.away} play no match in {item}", {"field": "home",
                           "code": "checkin.no_match", "home": c.home, "away": c.away, "item": item})
    return [x for x in who if x in pair], f"in the match {pair[0]}–{pair[1]} of {item}"


def preview_question(asked: Mapping[str, object]) -> CheckIn:
    """The check-in a preview is asked about (GET /api/lateness/preview's query: `item`, a `player` or a
    `team`, and `at`), parsed like the command itself: a field unknown or of the wrong type is refused naming it."""
    if "item" not in asked:
        raise CommandError(422, "item is missing: send item, player (or team) and at", {"field": "item",
                           "code": "field.missing"})
    parsed = HANDLERS.parse({**asked, "type": CheckIn.TYPE})
    assert isinstance(parsed, CheckIn)
    return parsed


def preview(state: State, c: CheckIn, now: int) -> dict[str, object]:
    """What the check-in `c` (with its `at`) would record, before the referee sends it: how late (running clock
    since the reference start, pauses not counted: `late_ms`, and as tournament time `tournament_ms` and
    whole `minutes`) and the penalty fields a row of the check-in list would then carry.

    Asked of the check-in command itself: an instant it would refuse (in the future, before check-in
    opened, a seat a reserve took, a round that is over) raises its CommandError, with its words."""
    t = state.tournament
    if c.at is ABSENT:
        raise CommandError(422, "at is missing: send item, player (or team) and at", {"field": "at",
                           "code": "field.missing"})
    event = check_in(t, state, replace(c, id=ABSENT, reason="preview"), now)
    kind, who = _who(t, c.player, c.team, teams=True)
    s = state.items[event.payload["item"]]
    at = int(event.payload["at"])
    late = late_at(t, s, at)
    out: dict[str, object] = {"item": s.item.id, kind: who, "at": at, "reference_start": reference(s),
                           "late_ms": late, "tournament_ms": round(late * t.speed),
                           "minutes": late // t.minutes_ms(1)}
    if t.game == "preferans":
        excused = who in state.excused.get(s.item.id, {})
        penalty = late_rules.preferans_late_penalty(late, preferans_params(t), announced=excused)
        out.update(penalty_fields(penalty))
    else:
        out.update(bridge_fields(t, s, late))
    return out


@HANDLERS.on(ExcuseAbsence)
def excuse_absence(t: Tournament, state: State, c: ExcuseAbsence, now: int) -> NewEvent:
    _, player = _who(t, c.player, ABSENT, teams=False)
    s = item_of(state, c.item)
    _not_over(s, "excuse an absence from it")
    if player in state.check_ins.get(s.item.id, {}):
        raise CommandError(409, f"{player} has checked in to {s.item.id}", {"field": "player",
                           "code": "player.checked_in", "player": player, "item": s.item.id})
    if player in state.excused.get(s.item.id, {}):
        raise CommandError(409, f"{player}'s absence from {s.item.id} is already recorded", {"field": "player",
                           "code": "absence.already", "player": player, "item": s.item.id})
    reason = text_value(c.reason, "reason", MAX_REASON, empty="reason must say why, in words")
    return referee_said(P.AbsenceAnnounced(item=s.item.id, player=player, reason=reason))


@HANDLERS.on(SeatReserve)
def seat_reserve(t: Tournament, state: State, c: SeatReserve, now: int) -> NewEvent:
    if t.game != "preferans":
        raise CommandError(422, "reserves are seated in preferans; a bridge team changes its own line-up",
                           {"field": "type", "code": "reserve.preferans_only"})
    _, player = _who(t, c.player, ABSENT, teams=False)
    s = item_of(state, c.item)
    _not_over(s, "seat a reserve in it")
    if s.item.id not in state.seatings:
        raise CommandError(409, f"{s.item.id} has no published seating: a reserve takes a seat at a table",
                           {"field": "item", "code": "reserve.no_seating", "item": s.item.id})
    name = text_value(c.name, "name", MAX_NAME, empty=f"name must be the reserve's name (1–{MAX_NAME} characters)")
    if player not in expected(state, s.item.id):
        raise CommandError(422, f"{player} does not play in {s.item.id}", {"field": "player",
                           "code": "reserve.not_playing", "player": player, "item": s.item.id})
    if player in state.check_ins.get(s.item.id, {}):
        raise CommandError(409, f"{player} has checked in to {s.item.id}", {"field": "player",
                           "code": "player.checked_in", "player": player, "item": s.item.id})
    if player in state.reserves.get(s.item.id, {}):
        raise CommandError(409, f"a reserve already plays for {player} in {s.item.id}", {"field": "player",
                           "code": "reserve.already", "player": player, "item": s.item.id})
    excused = player in state.excused.get(s.item.id, {})
    if not excused:
        params = preferans_params(t)
        late = late_rules.late_ms(reference(s), now, s.pauses) if not s.open else 0
        if late <= params.reserve_after_ms:
            minutes = round(params.reserve_after_ms / params.minute_ms)
            raise CommandError(409, f"a reserve takes the seat of a player absent {minutes} minutes after the start, "
                                    "or one whose absence was announced", {"field": "player",
                               "code": "reserve.too_early", "minutes": minutes})
    seating = state.seatings.get(s.item.id)
    table = next((x["table"] for x in (given(seating.body.tables, []) if seating else [])
                  if player in x["players"]), None)
    return referee_said(P.ReserveSeated(item=s.item.id, player=player, name=name.strip(),
                                        starts_with=reserve_starts_with(t, excused=excused),
                                        table=ABSENT if table is None else table))


def checkin_rounds(state: State) -> list[C.Round]:
    """The rounds as the check-in rule reads them (live/rules/checkin.py)."""
    return [C.Round(id=s.item.id, start=s.item.start_ms, started=s.in_progress,
                    over=s.status in (ItemStatus.ENDED, ItemStatus.MISSED)) for s in state.items.values()]


def self_check_in(t: Tournament, state: State, player: str, now: int) -> NewEvent:
    """A player's own check-in with their code: for the next round to be played, once its check-in opened
    (live/rules/checkin.py; the timeline's `checkin` names the same round to the phone)."""
    opens = t.rule_ms("checkin_opens_before")
    rounds = checkin_rounds(state)
    chosen = C.checkin_round(rounds, now, opens)
    if chosen is None:
        upcoming = C.opens_at(rounds, opens)
        when = ""
        detail: dict[str, str | int] = {"field": "code", "code": "checkin.closed"}
        if upcoming:
            ident, opens_at = upcoming
            clock = datetime.fromtimestamp(opens_at / 1000, t.zone).strftime("%H:%M")
            when = (f" (check-in for {state.items[ident].item.title} opens at {clock}, "
                    f"{round(opens / t.minutes_ms(1))} minutes before it starts)")
            detail["opens_at"] = opens_at
        raise CommandError(409, f"no round is open for check-in now{when}", detail)
    item = state.items[chosen]
    earlier = state.check_ins.get(item.item.id, {}).get(player)
    if earlier is not None:  # said to the player, in words: no ids, no field names
        clock = datetime.fromtimestamp(earlier.at / 1000, t.zone).strftime("%H:%M")
        raise CommandError(409, f"you are already checked in to {item.item.title} (at {clock})",
                           {"field": "code", "at": earlier.at,
                           "code": "checkin.you_already", "title": item.item.title})
    if player in state.reserves.get(item.item.id, {}):
        raise CommandError(409, f"a reserve plays your seat in {item.item.title}: please see the referee",
                           {"field": "code", "code": "checkin.you_reserve", "title": item.item.title})
    event = check_in(t, state, CheckIn(player=player, item=item.item.id), now)
    return replace(event, actor=f"player:{player}")

