"""Referee commands about the score: results, corrections, seating, penalties, forfeits.

Like `live.commands.decide`, these are pure: they check a command against the state and say which
event it becomes, or raise CommandError naming the field. The numbers themselves (points, VP,
seating order) come from `live/rules/`; a result the rules refuse (three results that do not
sum to zero) is refused here with the rule's own message.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from live.commands.command import ABSENT, Absent, Command, Handlers, wrong
from live.commands.validation import CommandError, in_the_day, item_of, referee_said, text_value
from live.core import events as E
from live.core import payloads as P
from live.core.absent import given
from live.core.events import Event, NewEvent
from live.core.json import JSONValue
from live.core.plan import seated_from
from live.core.records import AuditEntry
from live.core.state import ItemState, State, fold
from live.core.status import ItemStatus
from live.core.texts import MAX_REASON
from live.core.tournament import Player, Tournament
from live.projections.matches import league_schedule
from live.projections.standings import compute as compute_standings
from live.projections.standings import hidden as standings_hidden
from live.projections.standings import league_matches
from live.rules import bridge, preferans, seating
from live.rules.numbers import to_decimal
from live.rules.vp import vp

RESULT_FIELDS = {"table", "results", "supe", "walkover", "absent", "home", "away", "imps_home", "imps_away"}
PENALTY_UNITS = {"preferans": ("bule",), "bridge": ("vp",)}

_ITEM = wrong("{field} must be a timetable item's id, e.g. \"r3\"", "field.not_an_id")
_PLAYER = wrong("{field} must be a player's id", "field.not_an_id")
_TEAM = wrong("{field} must be a team's id", "field.not_an_id")
_REASON = wrong("{field} must say why, in words", "field.not_text")
_IMPS = wrong("{field} must be the team's IMP total (0 or more)", "result.imps")

HANDLERS = Handlers()


@dataclass(frozen=True, kw_only=True)
class _Result(Command):
    """A preferans table's result (table and results, with supe; or a walkover and the absent) or a bridge
    match's (home, away and their IMPs): one set of fields for both games, `_only` refuses the other game's."""

    item: str = field(metadata=_ITEM)
    table: int | Absent = ABSENT
    results: dict[str, JSONValue] | Absent = field(default=ABSENT, metadata=wrong(
        'results must map each player\'s id to the bule of the slip, e.g. {{"p01": 37, "p02": -12, "p03": -25}}',
        "result.results_map"))
    supe: dict[str, JSONValue] | Absent = field(default=ABSENT, metadata=wrong(
        'supe must map writer → {{against: supe}}, e.g. {{"p01": {{"p02": 120}}}}', "result.supe_map"))
    walkover: str | Absent = field(default=ABSENT, metadata=_PLAYER)
    absent: list[object] | Absent = field(default=ABSENT, metadata=wrong(
        "absent must list the players who did not come", "result.absent_list"))
    home: str | Absent = field(default=ABSENT, metadata=_TEAM)
    away: str | Absent = field(default=ABSENT, metadata=_TEAM)
    imps_home: float | Absent = field(default=ABSENT, metadata=_IMPS)
    imps_away: float | Absent = field(default=ABSENT, metadata=_IMPS)


@dataclass(frozen=True, kw_only=True)
class RecordResult(_Result):
    TYPE = "record_result"


@dataclass(frozen=True, kw_only=True)
class CorrectResult(_Result):
    TYPE = "correct_result"
    reason: str = field(metadata=_REASON)


@dataclass(frozen=True, kw_only=True)
class PublishSeating(Command):
    """A preferans round seated by a draw takes its `seed` (the hall chooses one when it is left out)."""

    TYPE = "publish_seating"
    item: str = field(metadata=_ITEM)
    seed: int | Absent = ABSENT


@dataclass(frozen=True, kw_only=True)
class Penalty(Command):
    TYPE = "penalty"
    amount: float = field(metadata=wrong("{field} must be a positive number", "field.positive"))
    unit: str
    reason: str = field(metadata=_REASON)
    player: str | Absent = field(default=ABSENT, metadata=_PLAYER)
    team: str | Absent = field(default=ABSENT, metadata=_TEAM)
    item: str | Absent = field(default=ABSENT, metadata=_ITEM)


@dataclass(frozen=True, kw_only=True)
class Forfeit(Command):
    TYPE = "forfeit"
    item: str = field(metadata=_ITEM)
    team: str = field(metadata=_TEAM)
    reason: str | Absent = field(default=ABSENT, metadata=_REASON)


@dataclass(frozen=True, kw_only=True)
class Withdraw(Command):
    TYPE = "withdraw"
    team: str = field(metadata=_TEAM)
    reason: str = field(metadata=_REASON)


def _started(s: ItemState, doing: str) -> None:
    if s.open:
        raise CommandError(409, f"cannot {doing} for {s.item.id}: it has not started", {"field": "item",
                           "code": "round.not_started", "item": s.item.id})


def _text(value: str, name: str) -> str:
    return text_value(value, name, MAX_REASON, empty=f"{name} must say why, in words")


def _whole(value: Any, name: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CommandError(422, f"{name} must be a whole number, not {value!r}", {"field": name,
                           "code": "field.not_whole"})
    if minimum is not None and value < minimum:
        raise CommandError(422, f"{name} must be at least {minimum}, not {value}", {"field": name,
                           "code": "field.at_least", "min": minimum})
    if maximum is not None and value > maximum:
        raise CommandError(422, f"{name} must be at most {maximum:,}, not {_short(value, '.3g')}", {"field": name,
                           "code": "field.at_most", "max": maximum})
    return value


def _short(value: float, spec: str) -> str:
    # JSON may send a whole number past a float's range (10**400): format() would overflow converting it
    if isinstance(value, int) and abs(value) > 10**300:
        return format(to_decimal(value), ".3g")
    return format(value, spec)


#: Bule on one slip: a real game stays within a few thousand either way.
MAX_SLIP_BULE = 100_000


# results -----------------------------------------------------------------------------------------


@HANDLERS.on(RecordResult)
def record_result(t: Tournament, state: State, c: RecordResult, now: int) -> NewEvent:
    return _result(t, state, c)


@HANDLERS.on(CorrectResult)
def correct_result(t: Tournament, state: State, c: CorrectResult, now: int) -> NewEvent:
    return _result(t, state, c)


def _result(t: Tournament, state: State, c: _Result) -> NewEvent:
    s = item_of(state, c.item)
    _started(s, "enter a result")
    body = _preferans_result(t, state, s, c) if t.game == "preferans" else _bridge_result(t, state, s, c)
    earlier = state.results.get(s.item.id, {}).get(body.key)
    preferans_table = body.table is not ABSENT
    what = f"table {body.table}" if preferans_table else f"{body.home} – {body.away}"
    if isinstance(c, CorrectResult):
        reason = _text(c.reason, "reason")
        if earlier is None:
            raise CommandError(409, f"{what} of {s.item.id} has no result yet: use record_result", {"field": "item",
                               "code": "result.none_yet", "item": s.item.id})
        recorded = {f.name: getattr(body, f.name) for f in dataclasses.fields(body)}
        return referee_said(P.ResultCorrected(**recorded, reason=reason, replaces=earlier.seq))
    if earlier is not None:
        raise CommandError(409, f"{what} of {s.item.id} already has a result (event {earlier.seq}): "
                                "use correct_result", {"field": "table" if preferans_table else "home",
                           "code": "result.exists", "item": s.item.id, "seq": earlier.seq})
    return referee_said(body)


def match_result(t: Tournament, state: State, item: str, home: str, away: str, imps_home: float,
                 imps_away: float) -> P.ResultRecorded:
    """A bridge match's result as `record_result` would record it, checked the same way (the match has started,
    the teams play each other in it, the IMPs are whole and the VP scale has the boards): a captain's report and
    its confirmation are (live/commands/captains.py)."""
    s = item_of(state, item)
    _started(s, "enter a result")
    return _bridge_result(t, state, s, RecordResult(item=item, home=home, away=away, imps_home=imps_home,
                                                    imps_away=imps_away))


def _only(c: _Result, allowed: set[str], game: str) -> None:
    for name in sorted({n for n in RESULT_FIELDS if c.sent(n)} - allowed):
        raise CommandError(422, f"{name} is not part of a {game} result", {"field": name, "code": "field.unknown"})


def _preferans_result(t: Tournament, state: State, s: ItemState, c: _Result) -> P.ResultRecorded:
    if c.walkover is not ABSENT:
        _only(c, {"table", "walkover", "absent"}, "preferans walkover")
    else:
        _only(c, {"table", "results", "supe"}, "preferans")
    table = _whole(None if c.table is ABSENT else c.table, "table", minimum=1)
    published = state.seatings.get(s.item.id)
    seated: list[str] | None = None
    if published is not None:
        tables = given(published.body.tables, [])
        found = next((x for x in tables if x["table"] == table), None)
        if found is None:
            raise CommandError(422, f"{s.item.id} has no table {table} (tables 1–{len(tables)})",
                               {"field": "table",
                               "code": "result.no_table", "item": s.item.id, "table": table,
                               "tables": len(tables)})
        seated = list(found["players"])
    if c.walkover is not ABSENT:
        present, absent = c.walkover, c.absent
        if absent is ABSENT or not absent:
            raise CommandError(422, "absent must list the players who did not come", {"field": "absent",
                               "code": "result.absent_list"})
        checked = _check_players(t, state, s, table, [present, *absent], seated)
        try:
            preferans.score_walkover(present, checked[1:])
        except preferans.ResultError as exc:
            raise _not_scored(exc) from exc
        return P.ResultRecorded(item=s.item.id, table=table, walkover=present, absent=absent)
    results = c.results
    if results is ABSENT or not results:
        raise CommandError(422, "results must map each player's id to the bule of the slip, e.g. "
                                '{"p01": 37, "p02": -12, "p03": -25}', {"field": "results",
                           "code": "result.results_map"})
    bule = {pid: _whole(value, f"results.{pid}", minimum=-MAX_SLIP_BULE, maximum=MAX_SLIP_BULE)
            for pid, value in results.items()}
    checked = _check_players(t, state, s, table, list(results), seated)
    supe = ABSENT if c.supe is ABSENT else _supe(c.supe, set(checked))
    pairs = {} if supe is ABSENT else {(w, a): n for w, row in supe.items() for a, n in row.items()}
    try:
        preferans.score_table(bule, pairs or None, preferans.ScoringParams.from_rules(t.rules))
    except preferans.ResultError as exc:
        raise _not_scored(exc) from exc
    return P.ResultRecorded(item=s.item.id, table=table, results=bule, supe=supe)


def _not_scored(exc: preferans.ResultError) -> CommandError:
    return CommandError(422, str(exc), {"field": "results", "code": "result.not_scored"})


def _check_players(t: Tournament, state: State, s: ItemState, table: int, listed: list[object],
                   seated: list[str] | None) -> list[str]:
    players: list[str] = []
    for pid in listed:
        if not isinstance(pid, str) or t.player(pid) is None:
            raise CommandError(422, f"no player has the id {pid!r}", {"field": "results",
                               "code": "field.unknown_id", "id": pid})
        players.append(pid)
    if len(set(players)) != len(players):
        raise CommandError(422, "a player is listed twice", {"field": "results", "code": "result.player_twice"})
    if seated is not None and sorted(players) != sorted(seated):
        raise CommandError(422, f"table {table} of {s.item.id} seats {', '.join(seated)}, not {', '.join(players)}",
                           {"field": "results", "seated": seated, "code": "result.wrong_players", "table": table})
    if seated is None and not 3 <= len(players) <= 4:
        raise CommandError(422, f"a table has 3 or 4 players, not {len(players)}", {"field": "results",
                           "code": "result.table_size"})
    for key, entry in state.results.get(s.item.id, {}).items():
        if key == str(table):
            continue
        others = set(given(entry.body.results, {})) | {given(entry.body.walkover, None)} | \
            set(given(entry.body.absent, []))
        both = sorted(str(p) for p in others & set(players))
        if both:
            raise CommandError(422, f"{both[0]} already has a result at table {key} of {s.item.id}",
                               {"field": "results",
                               "code": "result.player_has_result", "player": both[0], "table": key})
    return players


def _supe(raw: Mapping[str, JSONValue], players: set[str]) -> dict[str, dict[str, int]]:
    clean: dict[str, dict[str, int]] = {}
    for writer, row in raw.items():
        if writer not in players or not isinstance(row, dict):
            raise CommandError(422, f"supe: {writer!r} is not a player of this table", {"field": "supe",
                               "code": "result.supe_writer", "player": writer})
        for against, value in row.items():
            if against not in players or against == writer:
                raise CommandError(422, f"supe: {writer} cannot write on {against!r}", {"field": "supe",
                                   "code": "result.supe_against", "player": writer, "against": against})
            clean.setdefault(writer, {})[against] = _whole(value, f"supe.{writer}.{against}", minimum=0)
    return clean


def _bridge_result(t: Tournament, state: State, s: ItemState, c: _Result) -> P.ResultRecorded:
    _only(c, {"home", "away", "imps_home", "imps_away"}, "bridge")
    home, away = _pair(t, state, s, c)
    imps: list[int | float] = []
    for name, value in (("imps_home", c.imps_home), ("imps_away", c.imps_away)):
        if value is ABSENT or value < 0:
            raise CommandError(422, f"{name} must be the team's IMP total (0 or more), not "
                                    f"{None if value is ABSENT else value!r}", {"field": name, "code": "result.imps"})
        if value != int(value):  # the VP scales convert whole IMP margins
            raise CommandError(422, f"{name} must be whole IMPs, not {value}", {"field": name,
                               "code": "result.imps_whole"})
        imps.append(int(value))
    if not s.item.boards:
        raise CommandError(422, f"{s.item.id} has no boards in the tournament file: the VP scale needs them",
                           {"field": "item", "code": "item.no_boards", "item": s.item.id})
    try:
        vp(str(t.rules.get("vp_scale", "wbf")), to_decimal(imps[0]) - to_decimal(imps[1]), s.item.boards)
    except ValueError as exc:
        raise CommandError(422, str(exc), {"field": "item", "code": "result.vp_scale", "item": s.item.id}) from exc
    return P.ResultRecorded(item=s.item.id, home=home, away=away, imps_home=imps[0], imps_away=imps[1])


def _pair(t: Tournament, state: State, s: ItemState, c: _Result) -> tuple[str, str]:
    team_ids = {team.id for team in t.teams}
    home, away = c.home, c.away
    for name, value in (("home", home), ("away", away)):
        if value is ABSENT or value not in team_ids:
            shown = None if value is ABSENT else value
            raise CommandError(422, f"{name}: no team has the id {shown!r}", {"field": name,
                               "code": "field.unknown_id", "id": shown})
        if value in state.withdrawn:
            raise CommandError(409, f"{value} has withdrawn: its remaining matches follow the withdrawal rule",
                               {"field": name, "code": "team.withdrawn", "team": value})
    assert home is not ABSENT and away is not ABSENT
    if home == away:
        raise CommandError(422, "a team cannot play itself", {"field": "away", "code": "result.same_team"})
    forfeited = state.forfeits.get(s.item.id, {}).get(f"{home}-{away}")
    if forfeited is not None:
        raise CommandError(409, f"{home} – {away} of {s.item.id} was forfeited (event {forfeited.seq}): "
                                "undo the forfeit first", {"field": "home",
                           "code": "result.forfeited", "home": home, "away": away, "item": s.item.id})
    published = state.seatings.get(s.item.id)
    if published is not None:
        pairs = [(m["home"], m["away"]) for m in given(published.body.matches, [])]
        if (home, away) not in pairs:
            hint = f"; {away} is home against {home}" if (away, home) in pairs else ""
            raise CommandError(422, f"{home} – {away} is not a match of {s.item.id}{hint}", {"field": "home",
                               "code": "result.not_a_match", "home": home, "away": away, "item": s.item.id})
    played: dict[str, P.ResultRecorded | P.MatchForfeited] = {
        key: x.body for key, x in state.results.get(s.item.id, {}).items()}
    played.update((key, x.body) for key, x in state.forfeits.get(s.item.id, {}).items())
    for key, entry in played.items():
        if key != f"{home}-{away}" and {entry.home, entry.away} & {home, away}:
            raise CommandError(422, f"{entry.home} – {entry.away} of {s.item.id} already has a result",
                               {"field": "home",
                               "code": "result.match_has_result", "home": entry.home, "away": entry.away,
                               "item": s.item.id})
    return home, away


# forfeits ----------------------------------------------------------------------------------------


@HANDLERS.on(Forfeit)
def forfeit(t: Tournament, state: State, c: Forfeit, now: int) -> NewEvent:
    if t.game != "bridge":
        raise CommandError(422, "a forfeit is for team events; in preferans enter a walkover result",
                           {"field": "type", "code": "forfeit.teams_only"})
    s = item_of(state, c.item)
    published = state.seatings.get(s.item.id)
    if published is None:
        raise CommandError(409, f"publish the seating of {s.item.id} first: a forfeit needs the match",
                           {"field": "item", "code": "forfeit.no_seating", "item": s.item.id})
    team = c.team
    match = next((m for m in given(published.body.matches, []) if team in (m["home"], m["away"])), None)
    if match is None:
        raise CommandError(422, f"{team!r} has no match in {s.item.id}", {"field": "team",
                           "code": "forfeit.no_match", "team": team, "item": s.item.id})
    key = f"{match['home']}-{match['away']}"
    if key in state.results.get(s.item.id, {}) or key in state.forfeits.get(s.item.id, {}):
        raise CommandError(409, f"{match['home']} – {match['away']} of {s.item.id} already has a result",
                           {"field": "team",
                           "code": "result.match_has_result", "home": match["home"], "away": match["away"],
                           "item": s.item.id})
    return referee_said(P.MatchForfeited(item=s.item.id, home=match["home"], away=match["away"], guilty=team,
                                         reason=ABSENT if c.reason is ABSENT else _text(c.reason, "reason")))


@HANDLERS.on(Withdraw)
def withdraw(t: Tournament, state: State, c: Withdraw, now: int) -> NewEvent:
    """A team leaves the event; the standings then follow the preset's withdrawal rule."""
    if t.game != "bridge":
        raise CommandError(422, "withdrawal is for team events", {"field": "type", "code": "withdrawal.teams_only"})
    team = c.team
    if t.team(team) is None:
        raise CommandError(422, f"no team has the id {team!r}", {"field": "team",
                           "code": "field.unknown_id", "id": team})
    if team in state.withdrawn:
        raise CommandError(409, f"{team} has already withdrawn", {"field": "team",
                           "code": "team.already_withdrawn", "team": team})
    return referee_said(P.TeamWithdrawn(team=team, reason=_text(c.reason, "reason")))


# penalties ---------------------------------------------------------------------------------------


#: The most one referee penalty takes: far beyond any rule's, short of a typo's extra zeros.
MAX_PENALTY = {"bule": 10_000, "vp": 100}


@HANDLERS.on(Penalty)
def penalty(t: Tournament, state: State, c: Penalty, now: int) -> NewEvent:
    who = [(name, ident) for name, ident in (("player", c.player), ("team", c.team)) if isinstance(ident, str)]
    if len(who) != 1:
        raise CommandError(422, "a penalty names either a player or a team", {"field": "player",
                           "code": "who.player_or_team"})
    (named, ident), = who
    known = t.player(ident) if named == "player" else t.team(ident)
    if known is None:
        raise CommandError(422, f"no {named} has the id {ident!r}", {"field": named,
                           "code": "field.unknown_id", "id": ident})
    if isinstance(known, Player):
        in_the_day(state, known)
    units = PENALTY_UNITS[t.game]
    unit = c.unit
    if unit not in units:
        raise CommandError(422, f"unit must be {' or '.join(units)} in {t.game}, not {unit!r}", {"field": "unit",
                           "code": "field.not_one_of", "known": list(units)})
    if t.game == "bridge" and named != "team":
        raise CommandError(422, "a VP penalty is given to a team", {"field": "team", "code": "penalty.team_only"})
    amount = c.amount
    if amount <= 0:
        raise CommandError(422, f"amount must be a positive number, not {amount!r}", {"field": "amount",
                           "code": "field.positive"})
    if amount > MAX_PENALTY[unit]:
        raise CommandError(422, f"amount must be at most {MAX_PENALTY[unit]:,} {unit}, not {_short(amount, 'g')}",
                           {"field": "amount", "code": "field.at_most", "max": MAX_PENALTY[unit]})
    if unit == "bule":
        _whole(amount, "amount", minimum=1)
    elif amount * 10 != int(amount * 10):
        raise CommandError(422, f"amount must be in tenths of a VP, not {amount}", {"field": "amount",
                           "code": "penalty.tenths"})
    reason = _text(c.reason, "reason")
    return referee_said(P.PenaltyApplied(player=ident if named == "player" else ABSENT,
                                         team=ident if named == "team" else ABSENT, amount=amount, unit=unit,
                                         reason=reason,
                                         item=ABSENT if c.item is ABSENT else item_of(state, c.item).item.id))


def check_undo(t: Tournament, state: State, target: AuditEntry) -> None:
    """An undo refolds without its target, which can bring back an entry no command checked (undoing a
    correction restores the result it replaced, whose players may since have a result at another table):
    refuse an undo after which the standings could not be computed."""
    if target["type"] == E.SEATING_PUBLISHED:
        s = state.items.get(str(target["payload"].get("item")))
        if s is not None and not s.open:
            raise CommandError(409, f"command {target['seq']} cannot be undone: {s.item.id} has started with "
                                    "this seating", {"field": "seq",
                               "code": "undo.seating_used", "seq": target['seq'], "item": s.item.id})
        return
    if target["type"] not in (E.RESULT_RECORDED, E.RESULT_CORRECTED, E.MATCH_FORFEITED):
        return
    scoring = (E.RESULT_RECORDED, E.RESULT_CORRECTED, E.MATCH_FORFEITED, E.PENALTY_APPLIED)
    kept = [Event(x["seq"], x["ts"], x["type"], "referee", x["payload"]) for x in state.commands
            if x["type"] in scoring and not x["undone"] and x["seq"] != target["seq"]]
    try:
        compute_standings(fold(t, kept))
    except ValueError as exc:
        raise CommandError(409, f"command {target['seq']} cannot be undone: {exc}", {"field": "seq",
                           "code": "undo.standings", "seq": target['seq']}) from exc


# seating -----------------------------------------------------------------------------------------


def seating_may_change(s: ItemState) -> bool:
    """A seating may be published (or published again) until its round starts: the console's
    Publish button follows this (`commands.allowed_now`), and so does the command."""
    return s.open


@HANDLERS.on(PublishSeating)
def publish_seating(t: Tournament, state: State, c: PublishSeating, now: int) -> NewEvent:
    s = item_of(state, c.item)
    if not seating_may_change(s):
        raise CommandError(409, f"{s.item.id} has started: its seating can no longer change", {"field": "item",
                           "code": "seating.started", "item": s.item.id})
    if t.game == "preferans":
        return referee_said(_preferans_seating(t, state, s, c.seed))
    return referee_said(_bridge_seating(t, state, s))


def _preferans_seating(t: Tournament, state: State, s: ItemState, sent_seed: int | Absent) -> P.SeatingPublished:
    earlier = played_before(state, s.item.id)
    playing = [p.id for p in t.players if seated_from(t, p, s.item.id)]
    if earlier:
        _previous_scored(state, earlier[-1], s.item.id)
    seed: int | Absent = ABSENT
    try:
        if not earlier:
            seed = _whole(None if sent_seed is ABSENT else sent_seed, "seed", minimum=0)
            tables = seating.draw(playing, seed)
        else:
            if sent_seed is not ABSENT:
                raise CommandError(422, f"{s.item.id} is seated from the standings; a seed is only for the draw",
                                   {"field": "seed", "code": "seating.no_seed", "item": s.item.id})
            ranking = [row["player"] for row in compute_standings(state)
                       if "player" in row and row["player"] in playing]
            ranking += [p for p in playing if p not in ranking]
            tables = seating.from_standings(ranking)
    except seating.SeatingError as exc:
        raise CommandError(422, str(exc), {"field": "item", "code": "seating.cannot_seat", "item": s.item.id}) from exc
    listed = [list(x.players) for x in tables]
    order: str | Absent = ABSENT
    if earlier and standings_hidden(state) is not None:
        # Seat 1 is the best ranked (they are not chairs): while the standings are hidden from the hall each
        # table lists its players by name instead, so the published seating tells no more than the table.
        names = {p.id: p.name for p in t.players}
        listed = [sorted(players, key=lambda p: (names.get(p, str(p)).casefold(), str(p))) for players in listed]
        order = "name"
    return P.SeatingPublished(item=s.item.id, method="standings" if earlier else "draw", seed=seed,
                              after=earlier[-1] if earlier else ABSENT, order=order,
                              tables=[{"table": x.number, "players": players}
                                      for x, players in zip(tables, listed, strict=True)])


def played_before(state: State, item_id: str) -> list[str]:
    """The rounds before this one that are part of the tournament (not missed): none means the
    round is seated by a draw, else from the standings after the last of them."""
    order = [s.item.id for s in state.items.values()]
    before = order[:order.index(item_id)] if item_id in order else []
    return [i for i in before if state.items[i].status != ItemStatus.MISSED]


def _previous_scored(state: State, before: str, item: str) -> None:
    """The standings seat a round only once the round before it is over and every table's result is in."""
    previous = state.items[before]
    if previous.status != ItemStatus.ENDED:
        doing = "is still being played" if previous.in_progress else "has not been played"
        raise CommandError(409, f"{item} is seated from the standings, and {before} {doing}", {"field": "item",
                                                                                          "waiting_for": before,
                           "code": "seating.waiting", "item": item})
    seated = state.seatings.get(before)
    tables = [str(x["table"]) for x in (given(seated.body.tables, []) if seated else [])]
    missing = [n for n in tables if n not in state.results.get(before, {})]
    if missing:
        raise CommandError(409, f"{item} is seated from the standings, and {before} has no result yet at "
                                f"table{'s' if len(missing) > 1 else ''} {', '.join(missing)}",
                           {"field": "item", "waiting_for": before, "tables": missing,
                           "code": "seating.results_missing", "item": item})


def _bridge_seating(t: Tournament, state: State, s: ItemState) -> P.SeatingPublished:
    if len(t.teams) < 2:
        raise CommandError(422, "the tournament file lists fewer than two teams", {"field": "item",
                           "code": "seating.too_few_teams"})
    schedule = league_schedule(t)
    number_ = s.item.round or 0
    if number_ <= len(schedule):
        rnd = schedule[number_ - 1]
        return P.SeatingPublished(item=s.item.id, method="berger", round=number_,
                                  matches=[{"home": h, "away": a} for h, a in rnd.pairs], bye=rnd.bye)
    # After the league: the final of the two top teams, with the carry-over (docs/rules/novi-sad.md#final).
    unfinished = [x.item.id for x in state.items.values()
                  if (x.item.round or 0) <= len(schedule) and x.status != ItemStatus.ENDED]
    if unfinished:
        raise CommandError(409, f"the final is seated from the league's final standings; {', '.join(unfinished)} "
                                "has not ended", {"field": "item",
                           "code": "seating.final_waiting", "items": unfinished})
    table = [row for row in compute_standings(state) if "team" in row]
    # the others withdrew before half of their matches: they left the table (docs/rules/novi-sad.md#withdrawal)
    if len(table) < 2:
        raise CommandError(409, "the final is played by the league's top two teams, and fewer than two are left in "
                                "its standings", {"field": "item", "code": "seating.final_teams"})
    first, second = table[0]["team"], table[1]["team"]
    carry = bridge.final_carry_over(league_matches(state), first, second)
    return P.SeatingPublished(item=s.item.id, method="final", round=number_,
                              matches=[{"home": first, "away": second}], bye=None, carry_over=carry)
