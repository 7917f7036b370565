"""Referee commands: validate against the state, then say which events they become.

`decide` is pure: the clock comes in as `now`. A command that is wrong in any way raises
CommandError naming the field and the reason, and nothing is written. The error codes follow
HTTP: 400 the body is not a command at all, 422 a field is wrong, 409 the command does not
fit the state (ending a round that has not started).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from live.commands import appeals, arrivals, desk, lineups, results, sanctions
from live.commands import plan_changes as plan_commands
from live.commands.validation import CommandError, item_state, referee_event, text_field
from live.core import events as E
from live.core import referees
from live.core.events import NewEvent
from live.core.state import ItemState, State, start_blocker
from live.core.status import ItemStatus
from live.core.texts import MAX_TEXT
from live.core.tournament import Tournament
from live.projections.standings import hidden
from live.projections.views import undoable_by

__all__ = ["FIELDS", "CommandError", "command_key", "decide"]

MAX_EXTEND_MINUTES = 180


# type → (required fields, optional fields)
FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "start_round": ({"item"}, set()),
    "pause": ({"item"}, set()),
    "resume": ({"item"}, set()),
    "extend": ({"item", "minutes"}, set()),
    "announce_last_deals": ({"item"}, set()),
    "end_round": ({"item"}, set()),
    "announce": ({"text"}, {"player"}),
    "reveal_standings": (set(), set()),
    "undo": (set(), {"seq"}),
    "add_referee": ({"name", "salt"}, set()),
    "record_result": ({"item"}, results.RESULT_FIELDS),
    "correct_result": ({"item", "reason"}, results.RESULT_FIELDS),
    "publish_seating": ({"item"}, {"seed"}),
    "penalty": ({"amount", "unit", "reason"}, {"player", "team", "item"}),
    "forfeit": ({"item", "team"}, {"reason"}),
    "withdraw": ({"team", "reason"}, set()),
    "check_in": ({"item"}, {"player", "team", "at", "reason"}),
    "excuse_absence": ({"item", "player", "reason"}, set()),
    "seat_reserve": ({"item", "player", "name"}, set()),
    **plan_commands.FIELDS,
    **sanctions.FIELDS,
    **appeals.FIELDS,
    **lineups.FIELDS,
    **desk.FIELDS,
}


def decide(tournament: Tournament, state: State, command: Any, now: int,
           actor: str = referees.SHARED_NAME) -> list[NewEvent]:
    """The events a command becomes, each by `actor` (the referee's: `referees.actor(name)`)."""
    if not isinstance(command, dict):
        raise CommandError(400, "a command must be a JSON object with a \"type\"", {"code": "command.not_object"})
    kind = command.get("type")
    if not isinstance(kind, str) or not kind:
        raise CommandError(422, "the command has no \"type\"", {"field": "type", "known": sorted(FIELDS),
                                                                "code": "command.no_type"})
    if kind not in FIELDS:
        raise CommandError(422, f"unknown command type {kind!r}", {"field": "type", "known": sorted(FIELDS),
                                                                   "code": "command.unknown_type", "type": kind})
    required, optional = FIELDS[kind]
    for name in sorted(required):
        if name not in command:
            raise CommandError(422, f"{kind} needs the field {name!r}", {"field": name, "code": "field.missing"})
    command_key(command)  # a wrong id is refused before anything else is checked
    for name in sorted(set(command) - required - optional - {"type", "id"}):
        known = sorted(required | optional)
        raise CommandError(422, f"{kind} has no field {name!r}", {"field": name, "known": known,
                                                                  "code": "field.unknown"})
    # Always against the plan as the log has it (walk-ins, moved items), whatever the caller holds.
    if kind == "undo":  # "undo last" is the last command of the referee who asks
        new = _undo(state.tournament, state, command, now, actor)
    else:
        new = _HANDLERS[kind](state.tournament, state, command, now)
    return [replace(new, actor=actor)]


MAX_COMMAND_ID = 64
#: The log's at-most-once key of a command that carries a client's `id` (scheduler signals use
#: ids like `r3:start`; the log refuses a second event with the same key on every backend).
COMMAND_KEY_PREFIX = "cmd:"


def command_key(command: dict[str, Any]) -> str | None:
    """The at-most-once key of a command with an `id` (None without one): the client chooses the id,
    so a resend after a lost answer or a 503 stores nothing and gets the first event back."""
    if "id" not in command:
        return None
    ident = command["id"]
    if not isinstance(ident, str) or not 1 <= len(ident) <= MAX_COMMAND_ID or not ident.isprintable():
        raise CommandError(422, f"id must be the command's own id: 1–{MAX_COMMAND_ID} printable characters",
                           {"field": "id", "code": "command.bad_id"})
    return COMMAND_KEY_PREFIX + ident


def _conflict(s: ItemState, doing: str, action: str) -> CommandError:
    """`action` names the command for the pages, which say the refusal in their own language."""
    said = {ItemStatus.SCHEDULED: "has not started", ItemStatus.CALLED: "has not started",
            ItemStatus.HELD: "has not started", ItemStatus.MISSED: "has not started",
            ItemStatus.RUNNING: "is running", ItemStatus.PAUSED: "is paused", ItemStatus.ENDED: "has ended"}[s.status]
    return CommandError(409, f"cannot {doing} {s.item.id}: it {said}",
                        {"field": "item", "item": s.item.id, "status": s.status, "action": action,
                         "code": "round.state"})


def _start(t: Tournament, state: State, c: dict[str, Any], now: int) -> NewEvent:
    s = item_state(state, c)
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
    return referee_event(E.ROUND_STARTED, {"item": s.item.id})


def _pause(t: Tournament, state: State, c: dict[str, Any], now: int) -> NewEvent:
    s = item_state(state, c)
    if s.status != ItemStatus.RUNNING:
        raise _conflict(s, "pause", "pause")
    return referee_event(E.ROUND_PAUSED, {"item": s.item.id})


def _resume(t: Tournament, state: State, c: dict[str, Any], now: int) -> NewEvent:
    s = item_state(state, c)
    if s.status != ItemStatus.PAUSED:
        raise _conflict(s, "resume", "resume")
    return referee_event(E.ROUND_RESUMED, {"item": s.item.id})


def _extend(t: Tournament, state: State, c: dict[str, Any], now: int) -> NewEvent:
    s = item_state(state, c)
    minutes = c["minutes"]
    if isinstance(minutes, bool) or not isinstance(minutes, int | float) or minutes != minutes:
        raise CommandError(422, "minutes must be a number of minutes, e.g. 10 or -5", {"field": "minutes",
                                                                                       "code": "field.not_a_number"})
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
    return referee_event(E.ROUND_EXTENDED, {"item": s.item.id, "minutes": minutes, "ms": ms})


def _last_deals(t: Tournament, state: State, c: dict[str, Any], now: int) -> NewEvent:
    s = item_state(state, c)
    if not t.rules.get("last_deals_warning"):
        raise CommandError(422, f"the {t.preset} rules have no last-deals signal", {"field": "type",
                                                                                    "code": "rules.no_last_deals"})
    if not s.in_progress:
        raise _conflict(s, "announce the last deals of", "lastDeals")
    if s.last_deals_at is not None:
        raise CommandError(409, f"the last deals of {s.item.id} were already announced", {"field": "item",
                           "code": "round.last_deals_done", "item": s.item.id})
    return referee_event(E.LAST_DEALS_ANNOUNCED, {"item": s.item.id})


def _end(t: Tournament, state: State, c: dict[str, Any], now: int) -> NewEvent:
    s = item_state(state, c)
    if not s.in_progress:
        raise _conflict(s, "end", "end")
    return referee_event(E.ROUND_ENDED, {"item": s.item.id})


def _announce(t: Tournament, state: State, c: dict[str, Any], now: int) -> NewEvent:
    text = text_field(c, "text", MAX_TEXT, lines=True, empty="text must be the announcement's words")
    payload: dict[str, Any] = {"text": text}
    if "player" in c:
        player = c["player"]
        if not isinstance(player, str) or t.player(player) is None:
            raise CommandError(422, f"no player has the id {player!r}", {"field": "player",
                                                                         "code": "field.unknown_id", "id": player})
        payload["player"] = player
    return referee_event(E.ANNOUNCED, payload)


def _reveal_standings(t: Tournament, state: State, c: dict[str, Any], now: int) -> NewEvent:
    """The prize-giving: the hall sees the standings it has not seen since round N started."""
    if hidden(state) is None:
        why = ("the standings are already shown to the hall" if state.standings_revealed
               else "the standings are not hidden: the hall sees them")
        raise CommandError(409, why, {"field": "type", "code": "standings.already_shown" if state.standings_revealed
                                      else "standings.not_hidden"})
    return referee_event(E.STANDINGS_REVEALED, {})


def _undo(t: Tournament, state: State, c: dict[str, Any], now: int, actor: str = referees.SHARED_NAME) -> NewEvent:
    # "Undo" alone undoes the referee's own last command; a player's check-in only when named by its seq.
    undoable = undoable_by(state, actor)
    if "seq" in c:
        seq = c["seq"]
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise CommandError(422, "seq must be the sequence number of a referee command", {"field": "seq",
                                                                                             "code": "undo.bad_seq"})
        target = next((x for x in state.commands if x["seq"] == seq), None)
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
        if not undoable:
            raise CommandError(409, "there is no referee command to undo", {"field": "seq", "code": "undo.nothing"})
        target = undoable[-1]
    results.check_undo(t, state, target)
    plan_commands.check_undo(state, target)
    appeals.check_undo(state, target)
    lineups.check_undo(state, target)
    desk.check_undo(state, target)
    return referee_event(E.COMMAND_UNDONE, {"target": target["seq"], "undid": target["type"]})


def _add_referee(t: Tournament, state: State, c: dict[str, Any], now: int) -> NewEvent:
    """A referee added at the console. Their token is derived from the referee secret and the salt
    (chosen by the server, `Hall.command`): the log holds no secret. Undoing it takes them away."""
    name = c["name"]
    wrong = referees.name_problem(name)
    if wrong is not None:
        raise CommandError(422, f"the name {wrong}", {"field": "name", "code": "referee.bad_name"})
    name = referees.clean_name(name)
    if name.casefold() == referees.SHARED_NAME or any(n.casefold() == name.casefold() for n in state.referees):
        raise CommandError(409, f"{name} is a referee already: give the new one another name", {"field": "name",
                           "code": "referee.exists", "name": name})
    salt = c["salt"]
    if not isinstance(salt, str) or not 8 <= len(salt) <= 64 or not salt.isascii() or not salt.isprintable():
        raise CommandError(422, "salt must be 8–64 printable characters (the server chooses it)", {"field": "salt",
                           "code": "referee.bad_salt"})
    return referee_event(E.REFEREE_ADDED, {"name": name, "salt": salt})


#: The round commands a console offers per item, as the pages name them, each as a command to try.
ROUND_ACTIONS: dict[str, dict[str, Any]] = {
    "start": {"type": "start_round"}, "pause": {"type": "pause"}, "resume": {"type": "resume"},
    "extend": {"type": "extend", "minutes": 1}, "lastDeals": {"type": "announce_last_deals"},
    "end": {"type": "end_round"},
}


def allowed_now(state: State) -> dict[str, list[str]]:
    """Which round commands the server would take now, per round or match: the console enables
    exactly those buttons. Asked of the rules themselves (each handler is tried), so the page holds
    no copy of when a round may be started, paused or ended. (An extension is tried as +1 minute;
    a shortening is checked when it is sent.) A seating's "publish" follows the round's state only: whether
    the draw or the standings can seat everyone is said when it is sent, since trying it would seat
    every round on every event."""
    out: dict[str, list[str]] = {}
    for ident, s in state.items.items():
        ok = ["publish"] if s.item.playing and results.seating_may_change(s) else []
        for action, command in ROUND_ACTIONS.items():
            try:
                _HANDLERS[command["type"]](state.tournament, state, {**command, "item": ident}, s.item.start_ms)
            except CommandError:
                continue
            ok.append(action)
        out[ident] = ok
    return out


_HANDLERS = {
    "start_round": _start,
    "pause": _pause,
    "resume": _resume,
    "extend": _extend,
    "announce_last_deals": _last_deals,
    "end_round": _end,
    "announce": _announce,
    "reveal_standings": _reveal_standings,
    "undo": _undo,
    "add_referee": _add_referee,
    "record_result": results.record_result,
    "correct_result": results.correct_result,
    "publish_seating": results.publish_seating,
    "penalty": results.penalty,
    "forfeit": results.forfeit,
    "withdraw": results.withdraw,
    "check_in": arrivals.check_in,
    "excuse_absence": arrivals.excuse_absence,
    "seat_reserve": arrivals.seat_reserve,
    **plan_commands.HANDLERS,
    **sanctions.HANDLERS,
    **appeals.HANDLERS,
    **lineups.HANDLERS,
    **desk.HANDLERS,
}
