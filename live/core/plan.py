"""The recorded plan: the tournament as the log holds it, and the day's changes applied to it.

The tournament file is read once, on a new log, and recorded as the first event
(`plan_recorded`). From then on the plan is a pure fold of that event and the roster and
timetable events after it (a walk-in, a corrected name, a moved item, ...): restarting with
an edited file changes nothing until the organizer accepts the differences
(`live.commands.plan_diff`). Each change here is a pure function from one plan to the next.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, TypeVar

from live.core import events as E
from live.core import payloads as P
from live.core.absent import ABSENT, Absent
from live.core.payloads import ItemJson, Payload, PlanJson, PlayerJson
from live.core.records import Fault
from live.core.tournament import Item, Player, Team, Tournament, from_ms, to_ms
from live.rules.parameters import problem as parameter_problem
from live.rules.presets import LEARNED_LATER, PARAMETER_TYPES, PRESETS, absent_means

#: The event types that change the plan (the fold hands them to `changed`).
PLAN_TYPES = frozenset({
    E.PLAYER_REGISTERED, E.PLAYER_UPDATED, E.PLAYER_WITHDRAWN, E.TEAM_REGISTERED, E.TEAM_UPDATED,
    E.ITEM_MOVED, E.TIMETABLE_SHIFTED, E.ITEM_ADDED, E.ITEM_CANCELLED, E.TOURNAMENT_UPDATED, E.RULES_CHANGED,
})

T = TypeVar("T")
D = TypeVar("D")


# the plan as JSON ----------------------------------------------------------------------------------


def item_json(item: Item) -> ItemJson:
    data: ItemJson = {"id": item.id, "kind": item.kind, "title": item.title,
                      "start": item.start_ms, "end": item.end_ms}
    if item.round is not None:
        data["round"] = item.round
    if item.boards is not None:
        data["boards"] = item.boards
    if item.gathering is not None:
        data["gathering"] = item.gathering
    return data


def item_from_json(data: ItemJson) -> Item:
    return Item(str(data["id"]), str(data["kind"]), str(data["title"]), from_ms(int(data["start"])),
                from_ms(int(data["end"])), data.get("round"), data.get("boards"), data.get("gathering"))


def player_json(p: Player) -> PlayerJson:
    data: PlayerJson = {"id": p.id, "name": p.name, "lady": p.lady}
    if p.team is not None:
        data["team"] = p.team
    if p.enters is not None:
        data["enters"] = p.enters
    if p.withdrawn:
        data["withdrawn"] = True
    if p.junior:
        data["junior"] = True
    if p.rating is not None:
        data["rating"] = p.rating
    if p.substitute:
        data["substitute"] = True
    return data


def player_from_json(data: PlayerJson) -> Player:
    return Player(str(data["id"]), str(data["name"]), bool(data.get("lady", False)), data.get("team"),
                  data.get("enters"), bool(data.get("withdrawn", False)), junior=bool(data.get("junior", False)),
                  rating=data.get("rating"), substitute=bool(data.get("substitute", False)))


def to_json(t: Tournament) -> PlanJson:
    """Everything a fold needs, in plain JSON: instants as epoch ms, the rules as they apply."""
    return {
        "id": t.id, "name": t.name, "timezone": t.timezone, "preset": t.preset, "rules": _plain(t.rules),
        "languages": list(t.languages), "language": t.language, "speed": t.speed,
        "items": [item_json(i) for i in t.items],
        "players": [player_json(p) for p in t.players],
        "teams": [{"id": x.id, "name": x.name} for x in t.teams],
    }


def from_json(data: PlanJson, source: str = "") -> Tournament:
    return Tournament(
        name=str(data["name"]), timezone=str(data["timezone"]), preset=str(data["preset"]),
        rules=dict(data["rules"]), languages=tuple(data["languages"]), language=str(data["language"]),
        items=tuple(item_from_json(i) for i in data["items"]),
        players=tuple(player_from_json(p) for p in data["players"]),
        teams=tuple(Team(str(x["id"]), str(x["name"])) for x in data["teams"]),
        speed=float(data.get("speed", 1.0)), source=source, id=str(data.get("id", "")),
    )


@dataclass(frozen=True)
class SetAside:
    """A rules value a log holds that today's bounds refuse (an older server let it in): the fold keeps
    `kept` instead, and the referee is told (`State.set_aside`)."""

    key: str
    value: Any
    kept: Any
    why: str

    def to_json(self, seq: int) -> Fault:
        """For the referee's `faults` (the value as text: a NaN or 1e308 is no number a page can read)."""
        value = f"{self.value:g}" if isinstance(self.value, float) else str(self.value)
        return {"kind": "rule", "seq": seq, "key": self.key, "value": value[:40],
                "kept": self.kept, "error": f"{self.key} {self.why}"}


def _refused(preset: str, key: str, value: Any, rules: dict[str, Any]) -> str | None:
    """Why today's bounds refuse a rules value a log holds (live/rules/parameters.py), or None. The preset's
    own values always stand; keys no preset knows are let be (nothing reads them)."""
    if key not in PARAMETER_TYPES or value == PRESETS.get(preset, {}).get(key):
        return None
    wrong = parameter_problem(key, value, rules)
    return None if wrong is None else wrong.message


def recorded_rules(preset: str, rules: dict[str, Any]) -> tuple[dict[str, Any], list[SetAside]]:
    """The rules of a recorded plan, each value checked as the file is checked today: one refused is set
    aside and the preset's kept (or none, for an optional parameter).

    A log is its record and it always starts again: what an older server let in and a screen or the
    scheduler would choke on (a call 10³⁰⁸ minutes early) stays in the log, unused, and the referee is told."""
    own = PRESETS.get(preset, {})
    out, aside = dict(rules), []
    for key in LEARNED_LATER & own.keys() - rules.keys():  # (a rule of the document the code learned later)
        out[key] = absent_means(preset, key)
    for key, value in rules.items():
        why = _refused(preset, key, value, rules)
        if why is not None:
            aside.append(SetAside(key, value, own.get(key), why))
            if key in own:
                out[key] = own[key]
            else:
                del out[key]
    return out, aside


def changed_rules(preset: str, rules: dict[str, Any], changes: dict[str, Any]) -> tuple[dict[str, Any], list[SetAside]]:
    """`rules` after a `rules_changed`: a change today's `change_rules` would refuse is set aside and the value
    before it kept (see `recorded_rules`)."""
    out, aside = dict(rules), []
    for key, value in changes.items():
        why = _refused(preset, key, value, out)
        if why is not None:
            aside.append(SetAside(key, value, rules.get(key), why))
            continue
        out[key] = value
    return out, aside


def _plain(value: Any) -> Any:
    """Tuples as lists, so a plan compares equal to itself after a trip through JSON."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def normalized(t: Tournament) -> Tournament:
    """The plan as it would come back from the log (rules as plain JSON values)."""
    return from_json(to_json(t), t.source)


def sorted_items(items: list[Item] | tuple[Item, ...]) -> tuple[Item, ...]:
    return tuple(sorted(items, key=lambda i: (i.start, i.end, i.id)))


# the day's changes -----------------------------------------------------------------------------------


def changed(plan: Tournament, body: Payload) -> Tournament:
    """The plan after one roster or timetable event (already validated when it was decided)."""
    match body:
        case P.PlayerRegistered():
            player = Player(body.player, body.name, bool(_given(body.lady, False)), _given(body.team, None),
                            _given(body.enters, None), junior=bool(_given(body.junior, False)),
                            rating=_given(body.rating, None), substitute=bool(_given(body.substitute, False)))
            # A Novi Sad replacement (live/commands/rosters.py): the player replaced leaves the team.
            kept = tuple(replace(x, withdrawn=True) if x.id == body.replaces else x for x in plan.players)
            return replace(plan, players=(*kept, player))
        case P.PlayerUpdated(player=ident):
            return replace(plan, players=tuple(_updated(x, body) if x.id == ident else x for x in plan.players))
        case P.PlayerWithdrawn(player=ident):
            return replace(plan, players=tuple(replace(x, withdrawn=True) if x.id == ident else x
                                               for x in plan.players))
        case P.TeamRegistered(team=ident, name=name):
            return replace(plan, teams=(*plan.teams, Team(ident, name)))
        case P.TeamUpdated(team=ident, name=name):
            return replace(plan, teams=tuple(replace(x, name=name) if x.id == ident else x for x in plan.teams))
        case P.ItemMoved(item=ident, start=start):
            # Every item_moved the commands write has its end and title; one without them keeps its length
            # and its title (the fold never needed either to be written).
            was = plan.item(ident)
            end = body.end if body.end is not ABSENT else start + (was.duration_ms if was else 0)
            moved = _with_times(plan, {ident: (int(start), int(end))})
            if body.title is ABSENT:
                return moved
            title = str(body.title)
            return replace(moved, items=tuple(replace(i, title=title) if i.id == ident else i
                                              for i in moved.items))
        case P.TimetableShifted(ms=ms):
            shifted = set(_given(body.items, []))
            return _with_times(plan, {i.id: (i.start_ms + int(ms), i.end_ms + int(ms))
                                      for i in plan.items if i.id in shifted})
        case P.ItemAdded(entry=entry):
            return replace(plan, items=sorted_items([*plan.items, item_from_json(entry)]))
        case P.ItemCancelled(item=ident):
            return replace(plan, items=tuple(i for i in plan.items if i.id != ident))
        case P.TournamentUpdated():
            fields: dict[str, Any] = {k: v for k, v in (("name", body.name), ("language", body.language))
                                      if v is not ABSENT}
            if body.languages is not ABSENT:
                fields["languages"] = tuple(body.languages)
            return replace(plan, **fields)
        case P.RulesChanged(rules=rules):
            return replace(plan, rules=changed_rules(plan.preset, plan.rules, rules)[0])
    return plan


def _updated(player: Player, body: P.PlayerUpdated) -> Player:
    """Only what the event wrote changes (a written null rating clears the rating)."""
    return replace(player, name=_given(body.name, player.name), lady=_given(body.lady, player.lady),
                   junior=_given(body.junior, player.junior), rating=_given(body.rating, player.rating),
                   substitute=_given(body.substitute, player.substitute))


def _given(value: T | Absent, default: D) -> T | D:
    """A payload field's value, or `default` where the event left it out."""
    return default if value is ABSENT else value


def _with_times(plan: Tournament, times: dict[str, tuple[int, int]]) -> Tournament:
    items = [replace(i, start=from_ms(times[i.id][0]), end=from_ms(times[i.id][1])) if i.id in times else i
             for i in plan.items]
    return replace(plan, items=sorted_items(items))


def seated_from(plan: Tournament, player: Player, item_id: str) -> bool:
    """Whether a player takes part in a round's seating: not withdrawn, and registered for it."""
    if player.withdrawn:
        return False
    if player.enters is None:
        return True
    entry, this = plan.item(player.enters), plan.item(item_id)
    if entry is None or this is None:
        return True
    return to_ms(this.start) >= to_ms(entry.start)
