"""The recorded plan: the tournament as the log holds it, and the day's changes applied to it.

The tournament file is read once, on a new log, and recorded as the first event
(`plan_recorded`). From then on the plan is a pure fold of that event and the roster and
timetable events after it (a walk-in, a corrected name, a moved item, ...): restarting with
an edited file changes nothing until the organizer accepts the differences
(`live.commands.plan_diff`). Each change here is a pure function from one plan to the next.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from live.core import events as E
from live.core.tournament import Item, Player, Team, Tournament, from_ms, to_ms

#: The event types that change the plan (the fold hands them to `changed`).
PLAN_TYPES = frozenset({
    E.PLAYER_REGISTERED, E.PLAYER_UPDATED, E.PLAYER_WITHDRAWN, E.TEAM_REGISTERED, E.TEAM_UPDATED,
    E.ITEM_MOVED, E.TIMETABLE_SHIFTED, E.ITEM_ADDED, E.ITEM_CANCELLED, E.TOURNAMENT_UPDATED, E.RULES_CHANGED,
})


# the plan as JSON ----------------------------------------------------------------------------------


def item_json(item: Item) -> dict[str, Any]:
    data: dict[str, Any] = {"id": item.id, "kind": item.kind, "title": item.title,
                            "start": item.start_ms, "end": item.end_ms}
    if item.round is not None:
        data["round"] = item.round
    if item.boards is not None:
        data["boards"] = item.boards
    return data


def item_from_json(data: dict[str, Any]) -> Item:
    return Item(str(data["id"]), str(data["kind"]), str(data["title"]), from_ms(int(data["start"])),
                from_ms(int(data["end"])), data.get("round"), data.get("boards"))


def player_json(p: Player) -> dict[str, Any]:
    data: dict[str, Any] = {"id": p.id, "name": p.name, "lady": p.lady}
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


def player_from_json(data: dict[str, Any]) -> Player:
    return Player(str(data["id"]), str(data["name"]), bool(data.get("lady", False)), data.get("team"),
                  data.get("enters"), bool(data.get("withdrawn", False)), junior=bool(data.get("junior", False)),
                  rating=data.get("rating"), substitute=bool(data.get("substitute", False)))


def to_json(t: Tournament) -> dict[str, Any]:
    """Everything a fold needs, in plain JSON: instants as epoch ms, the rules as they apply."""
    return {
        "id": t.id, "name": t.name, "timezone": t.timezone, "preset": t.preset, "rules": _plain(t.rules),
        "languages": list(t.languages), "language": t.language, "speed": t.speed,
        "items": [item_json(i) for i in t.items],
        "players": [player_json(p) for p in t.players],
        "teams": [{"id": x.id, "name": x.name} for x in t.teams],
    }


def from_json(data: dict[str, Any], source: str = "") -> Tournament:
    return Tournament(
        name=str(data["name"]), timezone=str(data["timezone"]), preset=str(data["preset"]),
        rules=dict(data["rules"]), languages=tuple(data["languages"]), language=str(data["language"]),
        items=tuple(item_from_json(i) for i in data["items"]),
        players=tuple(player_from_json(p) for p in data["players"]),
        teams=tuple(Team(str(x["id"]), str(x["name"])) for x in data["teams"]),
        speed=float(data.get("speed", 1.0)), source=source, id=str(data.get("id", "")),
    )


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


def changed(plan: Tournament, kind: str, p: dict[str, Any]) -> Tournament:
    """The plan after one roster or timetable event (already validated when it was decided)."""
    if kind == E.PLAYER_REGISTERED:
        player = Player(p["player"], p["name"], bool(p.get("lady", False)), p.get("team"), p.get("enters"),
                        junior=bool(p.get("junior", False)), rating=p.get("rating"),
                        substitute=bool(p.get("substitute", False)))
        # A Novi Sad replacement (live/commands/rosters.py): the player replaced leaves the team.
        kept = tuple(replace(x, withdrawn=True) if x.id == p.get("replaces") else x for x in plan.players)
        return replace(plan, players=(*kept, player))
    if kind == E.PLAYER_UPDATED:
        return replace(plan, players=tuple(
            replace(x, **{k: p[k] for k in ("name", "lady", "junior", "rating", "substitute") if k in p})
            if x.id == p["player"] else x
            for x in plan.players))
    if kind == E.PLAYER_WITHDRAWN:
        return replace(plan, players=tuple(replace(x, withdrawn=True) if x.id == p["player"] else x
                                           for x in plan.players))
    if kind == E.TEAM_REGISTERED:
        return replace(plan, teams=(*plan.teams, Team(p["team"], p["name"])))
    if kind == E.TEAM_UPDATED:
        return replace(plan, teams=tuple(replace(x, name=p["name"]) if x.id == p["team"] else x
                                         for x in plan.teams))
    if kind == E.ITEM_MOVED:
        moved = _with_times(plan, {p["item"]: (int(p["start"]), int(p["end"]))})
        return replace(moved, items=tuple(replace(i, title=str(p["title"])) if i.id == p["item"] else i
                                          for i in moved.items))
    if kind == E.TIMETABLE_SHIFTED:
        ms = int(p["ms"])
        return _with_times(plan, {i.id: (i.start_ms + ms, i.end_ms + ms) for i in plan.items if i.id in p["items"]})
    if kind == E.ITEM_ADDED:
        return replace(plan, items=sorted_items([*plan.items, item_from_json(p["entry"])]))
    if kind == E.ITEM_CANCELLED:
        return replace(plan, items=tuple(i for i in plan.items if i.id != p["item"]))
    if kind == E.TOURNAMENT_UPDATED:
        fields: dict[str, Any] = {k: p[k] for k in ("name", "language") if k in p}
        if "languages" in p:
            fields["languages"] = tuple(p["languages"])
        return replace(plan, **fields)
    if kind == E.RULES_CHANGED:
        return replace(plan, rules={**plan.rules, **p["rules"]})
    return plan


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
