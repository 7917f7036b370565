"""Views: what each kind of screen is shown, as JSON-ready sections built from the state.

A view is a dict of named sections. Clients replace a section whole when it arrives, so an
event message carries only the sections that changed. Times are epoch milliseconds (UTC):
clients render countdowns themselves against the synchronized server clock.
"""

from __future__ import annotations

from typing import Any

from live import events as E
from live.referees import SHARED_NAME, is_referee
from live.schedule import start_blocker
from live.standings import final_view, hidden
from live.state import ItemState, State
from live.tournament import Item, Player, Tournament

AUDIT_SHOWN = 100


def item_view(t: Tournament, item: Item, s: ItemState | None, planned: Item | None = None,
              state: State | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": item.id, "kind": item.kind, "title": item.title, "round": item.round,
        "start": item.start_ms, "end": item.end_ms, "playing": item.playing,
    }
    if planned is not None and planned.start_ms != item.start_ms:
        data["planned_start"] = planned.start_ms  # moved because a round before it ran long
    if item.boards:
        data["boards"] = item.boards
    # Whether the day's commands may still move, shift or cancel it (the server checks them again):
    # a round or match until it starts; any other item until its time comes, except on a plan of
    # which nothing has been played yet, where everything may still move.
    data["changeable"] = s.open if s is not None else True
    data["changeable_until"] = None if s is not None or state is None or not state.played else item.start_ms
    if s is None:
        return data
    # Why a held round still waits, as it stands now (None: it can be started).
    held = start_blocker(state, item.id) if state is not None and s.status == "held" else None
    data.update(
        status=s.status, started_at=s.started_at, ended_at=s.ended_at, called_at=s.called_at,
        held_at=s.held_at, held_for=held[0] if held else None, waiting_for=held[1] if held else None,
        ends_at=s.ends_at() if s.status != "ended" else s.ended_at,
        paused_at=s.paused_at, extended_ms=s.extended_ms, last_deals_at=s.last_deals_at,
        breaks=list(s.breaks), parts=t.segments(item),
    )
    if s.status == "paused":
        data["remaining_ms"] = s.remaining_ms(s.paused_at or 0)
    elif s.open:
        data["remaining_ms"] = s.remaining_ms(0)
    return data


def public_sections(state: State) -> dict[str, Any]:
    """What every screen sees. While the standings are hidden (`live.standings.hidden`) they are an empty list
    and `standings_hidden` says since which round (absent while they are shown)."""
    t = state.tournament
    plan = state.plan or t
    concealed = hidden(state)
    return {
        "tournament": {
            "name": t.name, "timezone": t.timezone, "preset": t.preset, "game": t.game,
            "language": t.language, "languages": list(t.languages), "speed": t.speed, "id": t.id,
            "follow": t.rules.get("follow", "shift"),
            "call_before_ms": t.rule_ms("call_before"),
            "last_deals_warning_ms": t.rule_ms("last_deals_warning"),
        },
        "timetable": [item_view(t, i, state.items.get(i.id), plan.item(i.id), state) for i in t.items],
        "announcements": [a for a in state.announcements if not _private(a)],
        "players": [_player(p) for p in t.players],
        "teams": [{"id": x.id, "name": x.name} for x in t.teams],
        "standings": [] if concealed else state.standings,
        **({"standings_hidden": concealed} if concealed else {}),
        "seating": {item: _seating(s) for item, s in state.seatings.items()},
        "results": state.scored_results,
        "final": final_view(state) if state.tournament.game == "bridge" else None,
        "lateness": state.lateness,
    }


def _player(p: Player) -> dict[str, Any]:
    data: dict[str, Any] = {"id": p.id, "name": p.name, "team": p.team}
    if p.lady:
        data["lady"] = True
    if p.enters:
        data["enters"] = p.enters  # a walk-in, seated from this round on
    if p.withdrawn:
        data["withdrawn"] = True
    return data


def _private(announcement: dict[str, Any]) -> bool:
    """A notice to one player (the hall does not see its words)."""
    return announcement["type"] == "announced" and "player" in announcement


def _seating(published: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in published.items() if k not in ("ts",)}


def referee_sections(state: State) -> dict[str, Any]:
    return {**public_sections(state), **referee_only(state)}


#: Audit entries no undo takes back: an undo, and a sign-in (it happened; a session ends by logging out).
NOT_UNDOABLE = frozenset({E.COMMAND_UNDONE, E.REFEREE_SIGNED_IN})


def undoable_by(state: State, actor: str) -> list[dict[str, Any]]:
    """The commands "undo last" may take back for this referee: their own, in force, not an undo or a sign-in."""
    return [x for x in state.commands if not x["undone"] and x["type"] not in NOT_UNDOABLE
            and x.get("by", SHARED_NAME) == actor]


def referee_only(state: State) -> dict[str, Any]:
    """What only the referees see: the audit, and the command "undo last" takes back for each referee
    (their own last command still in force), so the console names it and sends its seq. `undo_last`
    is the shared token's referee's; `undo_last_by` maps every referee's actor to theirs."""
    last: dict[str, int] = {}
    for x in state.commands:
        if not x["undone"] and x["type"] not in NOT_UNDOABLE and is_referee(x.get("by", SHARED_NAME)):
            last[x.get("by", SHARED_NAME)] = x["seq"]
    concealed = hidden(state)
    # The referees keep the standings the hall no longer sees, and are told that it does not see them.
    shown = {"standings": state.standings, "standings_hidden": concealed} if concealed else {}
    from live.commands import allowed_now  # (commands reads views: imported here, not at the top)

    return {"audit": state.commands[-AUDIT_SHOWN:], "undo_last": last.get(SHARED_NAME), "undo_last_by": last,
            "allowed": allowed_now(state),
            "referees": sorted(state.referees), **shown}


def public_audit(state: State) -> list[dict[str, Any]]:
    """The audit log without the words of private notices (those are for their player and the referees)
    and without the referees' own entries (who was added, who signed in)."""
    return [{**c, "payload": {"player": c["payload"]["player"], "private": True}}
            if c["type"] == "announced" and "player" in c["payload"] else c
            for c in state.commands[-AUDIT_SHOWN:] if c["type"] not in E.REFEREE_ONLY_TYPES]


def me_section(state: State, player_id: str, *, private: bool = False) -> dict[str, Any] | None:
    """A player's own page. Anyone may choose anyone's name on the player page, so without the player's
    session (`private`) it holds only what the public sections show anyway, picked out for them (arrivals,
    seats, results, penalties, standing) and how many notices are for them; with it, the notices' words."""
    player = state.tournament.player(player_id)
    if player is None:
        return None
    mine = {player.id, player.team} - {None}
    notices = [a for a in state.announcements if _private(a) and a["player"] == player_id]
    return {
        "id": player.id, "name": player.name, "team": player.team, "session": private,
        "arrivals": [{"item": item, **row} for item, report in state.lateness.items() for row in report["rows"]
                     if row["id"] in mine],
        **({"notices": notices} if private else {"private_notices": len(notices)}),
        "seats": _seats(state, player.id, player.team),
        "results": [{"item": item, **row} for item, rows in state.scored_results.items() for row in rows
                    if _involves(row, player.id, player.team)],
        "penalties": [p for p in state.penalties if p.get("player") == player.id or
                      (player.team and p.get("team") == player.team)],
        # While the standings are hidden, a player's own line is too (their place would tell the others').
        "standing": None if hidden(state) else next(
            (row for row in state.standings
             if row.get("player") == player.id or (player.team and row.get("team") == player.team)), None),
    }


def _involves(row: dict[str, Any], player: str, team: str | None) -> bool:
    if "players" in row:
        return any(p["player"] == player for p in row["players"])
    return team is not None and team in (row["home"], row["away"])


def _seats(state: State, player: str, team: str | None) -> list[dict[str, Any]]:
    """Where the player sits in each published round: "r3: table 4, seat 2" / "home vs t2"."""
    seats = []
    for item, published in state.seatings.items():
        for table in published.get("tables", []):
            if player in table["players"]:
                seats.append({"item": item, "table": table["table"], "seat": table["players"].index(player) + 1})
        for match in published.get("matches", []):
            if team in (match["home"], match["away"]):
                home = match["home"] == team
                seats.append({"item": item, "home": home, "opponent": match["away"] if home else match["home"]})
        if team is not None and published.get("bye") == team:
            seats.append({"item": item, "bye": True})
    return seats


def clock(state: State, now: int) -> dict[str, Any]:
    """The current and next timetable items at `now`: what the hall display headlines."""
    t = state.tournament
    current = next((s.item.id for s in state.items.values() if s.in_progress), None)
    if current is None:
        current = next((i.id for i in t.items if i.start_ms <= now < i.end_ms and not i.playing), None)
    upcoming = [i for i in t.items if i.id != current and (
        (i.playing and state.items[i.id].open) or (not i.playing and i.start_ms > now))]
    return {"now": now, "current": current, "next": upcoming[0].id if upcoming else None}


def full_state(state: State, now: int, *, referee: bool = False) -> dict[str, Any]:
    """GET /api/state: everything; private notices only for a request with the referee token."""
    audit = state.commands[-AUDIT_SHOWN:] if referee else public_audit(state)
    extra = {k: v for k, v in referee_only(state).items() if k != "audit"} if referee else {}
    return {**public_sections(state), "audit": audit, **extra, "clock": clock(state, now), "seq": state.seq}
