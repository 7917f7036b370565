"""Referee commands, table-driven: the event a valid command becomes, and why a bad one is refused."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from helpers import MIN, SEC, T0, ev, item, preferans, rounds, seating_event, stored, tournament

from live.commands.decide import (
    MAX_EXTEND_MINUTES,
    MAX_TEXT,
    ROUND_ACTIONS,
    CommandError,
    allowed_now,
    command_key,
    decide,
    known_types,
)
from live.core import events as E
from live.core.events import Event
from live.core.state import fold
from live.core.tournament import Tournament

R1_END = T0 + 180 * MIN
R2 = T0 + 210 * MIN

PREFERANS = tournament(
    [item("r1", T0, 180), item("snack", R1_END, 30, "break"), item("r2", R2, 180)],
    players=[{"id": "p1", "name": "Milan"}, {"id": "p2", "name": "Jelena", "lady": True},
             {"id": "p3", "name": "Dragan"}],
)
NOVI_SAD = tournament(rounds(2, kind="match", minutes=90, gap=15, boards=12), preset="novi-sad-teams",
                      teams=[{"id": "t1", "name": "Partizan"}, {"id": "t2", "name": "Vojvodina"}])
#: The standings hidden from the hall from round 1 on (`reveal_standings` shows them at the prize-giving).
HIDDEN = tournament(
    [item("r1", T0, 180), item("snack", R1_END, 30, "break"), item("r2", R2, 180)],
    players=[{"id": "p1", "name": "Milan"}, {"id": "p2", "name": "Jelena", "lady": True},
             {"id": "p3", "name": "Dragan"}], rules={"standings_hidden_from_round": 1},
)
TOURNAMENTS = {"preferans": PREFERANS, "novi-sad": NOVI_SAD, "hidden": HIDDEN}


def start(it: str = "r1", seq: int = 1) -> Event:
    return ev(seq, T0, E.ROUND_STARTED, "scheduler", item=it, due_at=T0, signal=f"{it}:start")


def seated(it: str = "r1", seq: int = 1, at: int = T0 - 40 * MIN, method: str = "draw") -> Event:
    """The seating the referee published: a preferans round is started only once it has one."""
    return seating_event(seq, at, it, ("p2", "p3", "p1"), method=method)


# Named situations, as event lists (r1 starts at T0 by the scheduler).
SETUPS: dict[str, list[Event]] = {
    "empty": [],
    "seated": [seated()],
    "seated, called": [seated(), ev(2, T0 - 5 * MIN, E.ROUND_CALLED, "scheduler", item="r1", due_at=T0 - 5 * MIN,
                                    signal="r1:call")],
    "ended, r2 seated": [start(), ev(2, T0 + 100 * MIN, E.ROUND_ENDED, "referee", item="r1"),
                         seated("r2", 3, T0 + 110 * MIN, "standings")],
    "running": [start()],
    "paused": [start(), ev(2, T0 + 60 * MIN, E.ROUND_PAUSED, "referee", item="r1")],
    "ended": [start(), ev(2, T0 + 100 * MIN, E.ROUND_ENDED, "referee", item="r1")],
    "last deals": [start(), ev(2, T0 + 150 * MIN, E.LAST_DEALS_ANNOUNCED, "referee", item="r1")],
    "called": [ev(1, T0 - 5 * MIN, E.ROUND_CALLED, "scheduler", item="r1", due_at=T0 - 5 * MIN, signal="r1:call")],
    "match running": [start("m1")],
    "pause undone": [
        start(),
        ev(2, T0 + 60 * MIN, E.ROUND_PAUSED, "referee", item="r1"),
        ev(3, T0 + 61 * MIN, E.COMMAND_UNDONE, "referee", target=2, undid=E.ROUND_PAUSED),
    ],
    "announced": [ev(1, T0 - 30 * MIN, E.ANNOUNCED, "referee", text="Welcome")],
    "prizes shown": [ev(1, T0 - 30 * MIN, E.PRIZES_SHOWN, "referee", fund=1000)],
    # round 1's table scored: a ranking the prizes can follow (before it everyone shares the first place)
    "scored": [seated(), start(seq=2), ev(3, T0 + 170 * MIN, E.RESULT_RECORDED, "referee", item="r1", table=1,
                                          results={"p1": 30, "p2": 10, "p3": -40})],
}

NOW = T0 + 100 * MIN  # 80 minutes left in round 1 if it runs from T0
BEFORE = T0 - 60 * MIN  # an hour before round 1
R3 = T0 + 420 * MIN  # 18:00 in Belgrade, after r2 (14:30–17:30)


# (case, tournament, setup, command, now, event type, payload)
VALID: list[tuple[str, str, str, dict[str, Any], int, str, dict[str, Any]]] = [
    ("start_round on time", "preferans", "seated", {"type": "start_round", "item": "r1"}, T0,
     E.ROUND_STARTED, {"item": "r1"}),
    ("start_round after the call", "preferans", "seated, called", {"type": "start_round", "item": "r1"}, T0 - MIN,
     E.ROUND_STARTED, {"item": "r1"}),
    ("start_round of the next round after the last ended", "preferans", "ended, r2 seated",
     {"type": "start_round", "item": "r2"}, R2 - 3 * MIN, E.ROUND_STARTED, {"item": "r2"}),
    ("start_round of a match", "novi-sad", "empty", {"type": "start_round", "item": "m1"}, T0,
     E.ROUND_STARTED, {"item": "m1"}),
    ("pause", "preferans", "running", {"type": "pause", "item": "r1"}, NOW, E.ROUND_PAUSED, {"item": "r1"}),
    ("resume", "preferans", "paused", {"type": "resume", "item": "r1"}, NOW, E.ROUND_RESUMED, {"item": "r1"}),
    ("extend", "preferans", "running", {"type": "extend", "item": "r1", "minutes": 10}, NOW,
     E.ROUND_EXTENDED, {"item": "r1", "minutes": 10, "ms": 10 * MIN}),
    ("extend by a fraction", "preferans", "running", {"type": "extend", "item": "r1", "minutes": 2.5}, NOW,
     E.ROUND_EXTENDED, {"item": "r1", "minutes": 2.5, "ms": 150 * SEC}),
    ("extend negative", "preferans", "running", {"type": "extend", "item": "r1", "minutes": -5}, NOW,
     E.ROUND_EXTENDED, {"item": "r1", "minutes": -5, "ms": -5 * MIN}),
    ("extend negative leaving one minute", "preferans", "running",
     {"type": "extend", "item": "r1", "minutes": -79}, NOW, E.ROUND_EXTENDED,
     {"item": "r1", "minutes": -79, "ms": -79 * MIN}),
    ("extend a paused round by its frozen time", "preferans", "paused",
     {"type": "extend", "item": "r1", "minutes": -100}, T0 + 170 * MIN, E.ROUND_EXTENDED,
     {"item": "r1", "minutes": -100, "ms": -100 * MIN}),
    ("extend a round not yet started", "preferans", "empty", {"type": "extend", "item": "r2", "minutes": 15},
     NOW, E.ROUND_EXTENDED, {"item": "r2", "minutes": 15, "ms": 15 * MIN}),
    ("extend by the maximum", "preferans", "running",
     {"type": "extend", "item": "r1", "minutes": MAX_EXTEND_MINUTES}, NOW, E.ROUND_EXTENDED,
     {"item": "r1", "minutes": 180, "ms": 180 * MIN}),
    ("announce_last_deals", "preferans", "running", {"type": "announce_last_deals", "item": "r1"}, NOW,
     E.LAST_DEALS_ANNOUNCED, {"item": "r1"}),
    ("announce_last_deals while paused", "preferans", "paused", {"type": "announce_last_deals", "item": "r1"},
     NOW, E.LAST_DEALS_ANNOUNCED, {"item": "r1"}),
    ("end_round", "preferans", "running", {"type": "end_round", "item": "r1"}, NOW, E.ROUND_ENDED, {"item": "r1"}),
    ("end_round while paused", "preferans", "paused", {"type": "end_round", "item": "r1"}, NOW,
     E.ROUND_ENDED, {"item": "r1"}),
    ("end_round of a match", "novi-sad", "match running", {"type": "end_round", "item": "m1"}, NOW,
     E.ROUND_ENDED, {"item": "m1"}),
    ("announce", "preferans", "empty", {"type": "announce", "text": "  Phones off, please  "}, NOW,
     E.ANNOUNCED, {"text": "Phones off, please"}),
    ("announce to a player", "preferans", "empty", {"type": "announce", "text": "Come to the desk", "player": "p2"},
     NOW, E.ANNOUNCED, {"text": "Come to the desk", "player": "p2"}),
    ("announce the longest text", "preferans", "empty", {"type": "announce", "text": "x" * MAX_TEXT}, NOW,
     E.ANNOUNCED, {"text": "x" * MAX_TEXT}),
    ("undo the last command", "preferans", "paused", {"type": "undo"}, NOW,
     E.COMMAND_UNDONE, {"target": 2, "undid": E.ROUND_PAUSED}),
    ("undo a given command", "preferans", "paused", {"type": "undo", "seq": 2}, NOW,
     E.COMMAND_UNDONE, {"target": 2, "undid": E.ROUND_PAUSED}),
    ("undo an announcement", "preferans", "announced", {"type": "undo"}, NOW,
     E.COMMAND_UNDONE, {"target": 1, "undid": E.ANNOUNCED}),
    # the plan: the roster, the timetable, the tournament and its rules (live/commands/plan_changes.py)
    ("register_player", "preferans", "empty", {"type": "register_player", "name": "  Zoran   Ilić "}, BEFORE,
     E.PLAYER_REGISTERED, {"name": "Zoran Ilić", "lady": False, "player": "w04"}),
    ("register_player while r1 is played: enters r2", "preferans", "running",
     {"type": "register_player", "name": "Zoran", "lady": False, "player": "zoran"}, NOW,
     E.PLAYER_REGISTERED, {"name": "Zoran", "lady": False, "enters": "r2", "player": "zoran"}),
    ("register_player in a bridge team", "novi-sad", "empty",
     {"type": "register_player", "name": "Goran", "lady": False, "team": "t2"}, BEFORE,
     E.PLAYER_REGISTERED, {"name": "Goran", "lady": False, "team": "t2", "player": "w01"}),
    ("update_player", "preferans", "running", {"type": "update_player", "player": "p2", "name": "Jelena Petrović"},
     NOW, E.PLAYER_UPDATED, {"player": "p2", "name": "Jelena Petrović", "was": "Jelena"}),
    ("update_player lady", "preferans", "empty", {"type": "update_player", "player": "p3", "lady": True}, BEFORE,
     E.PLAYER_UPDATED, {"player": "p3", "lady": True}),
    ("withdraw_player", "preferans", "running", {"type": "withdraw_player", "player": "p3", "reason": " ill "}, NOW,
     E.PLAYER_WITHDRAWN, {"player": "p3", "name": "Dragan", "reason": "ill"}),
    ("register_team", "novi-sad", "empty", {"type": "register_team", "name": "Proleter"}, BEFORE,
     E.TEAM_REGISTERED, {"team": "t03", "name": "Proleter"}),
    ("update_team", "novi-sad", "match running", {"type": "update_team", "team": "t1", "name": "Partizan Beograd"},
     NOW, E.TEAM_UPDATED, {"team": "t1", "name": "Partizan Beograd", "was": "Partizan"}),
    ("move_item to a local time of its day", "preferans", "running",
     {"type": "move_item", "item": "r2", "start": "14:45"}, NOW,  # R2 is 14:30 in Belgrade
     E.ITEM_MOVED, {"item": "r2", "title": "Round 2", "start": R2 + 15 * MIN, "end": R2 + 195 * MIN,
                    "was": [R2, R2 + 180 * MIN]}),
    ("shift_timetable", "preferans", "running", {"type": "shift_timetable", "item": "snack", "minutes": 15}, NOW,
     E.TIMETABLE_SHIFTED, {"item": "snack", "title": "Break", "minutes": 15, "ms": 15 * MIN,
                           "items": ["snack", "r2"]}),
    ("add_item", "preferans", "running",
     {"type": "add_item", "item": "r3", "kind": "round", "start": "18:00", "minutes": 180, "round": 3}, NOW,
     E.ITEM_ADDED, {"item": "r3", "title": "Round 3", "start": R3,
                    "entry": {"id": "r3", "kind": "round", "title": "Round 3", "start": R3, "end": R3 + 180 * MIN,
                              "round": 3}}),
    ("cancel_item", "preferans", "running", {"type": "cancel_item", "item": "snack", "reason": " no food "}, NOW,
     E.ITEM_CANCELLED, {"item": "snack", "title": "Break", "reason": "no food"}),
    ("update_tournament", "preferans", "empty", {"type": "update_tournament", "name": " Čačak Open "}, BEFORE,
     E.TOURNAMENT_UPDATED, {"name": "Čačak Open", "was": "Test Cup"}),
    ("change_rules", "preferans", "empty", {"type": "change_rules", "rules": {"follow": "hold", "call_before": 10}},
     BEFORE, E.RULES_CHANGED, {"rules": {"follow": "hold", "call_before": 10}, "was": {"follow": "shift",
                                                                                       "call_before": 5}}),
    ("add_referee", "preferans", "empty", {"type": "add_referee", "name": " Ana  Marić ", "salt": "salt-of-ana"},
     BEFORE, E.REFEREE_ADDED, {"name": "Ana Marić", "salt": "salt-of-ana"}),
    ("reveal_standings at the prize-giving", "hidden", "running", {"type": "reveal_standings"}, T0 + 200 * MIN,
     E.STANDINGS_REVEALED, {}),
    ("show_prizes for a fund", "preferans", "scored", {"type": "show_prizes", "fund": 1000}, NOW,
     E.PRIZES_SHOWN, {"fund": 1000}),
    ("hide_prizes", "preferans", "prizes shown", {"type": "hide_prizes"}, NOW, E.PRIZES_HIDDEN, {}),
    # the day the server was down: a start and an end recorded at the instant they happened
    ("start_round recorded after the fact", "novi-sad", "empty",
     {"type": "start_round", "item": "m1", "at": T0 + 5 * MIN, "reason": " the server was off "}, NOW,
     E.ROUND_STARTED, {"item": "m1", "at": T0 + 5 * MIN, "reason": "the server was off"}),
    ("end_round recorded after the fact", "novi-sad", "match running",
     {"type": "end_round", "item": "m1", "at": "2027-03-06T12:35:00+01:00", "reason": "the server was off"}, NOW,
     E.ROUND_ENDED, {"item": "m1", "at": T0 + 95 * MIN, "reason": "the server was off"}),
]


@pytest.mark.parametrize(("which", "setup", "command", "now", "kind", "payload"), [c[1:] for c in VALID],
                         ids=[c[0] for c in VALID])
def test_a_valid_command_becomes_its_event(
    which: str, setup: str, command: dict[str, Any], now: int, kind: str, payload: dict[str, Any]
) -> None:
    t = TOURNAMENTS[which]
    state = fold(t, SETUPS[setup])
    before = (state.seq, {k: (s.status, s.extended_ms) for k, s in state.items.items()})
    new = decide(t, state, command, now)
    assert len(new) == 1
    assert (new[0].type, new[0].actor, new[0].payload, new[0].signal) == (kind, "referee", payload, None)
    # deciding is pure: the state is not touched
    assert before == (state.seq, {k: (s.status, s.extended_ms) for k, s in state.items.items()})


def test_every_command_type_has_a_valid_case() -> None:
    # the scoring commands (results, seating, penalties, forfeits, withdrawals) have theirs in support/results.py,
    # the arrival commands (check-ins, announced absences, reserves) in support/arrivals.py
    # and the sanctions and appeals in support/sanctions_appeals.py, the desk's payments in support/desk.py
    from support.arrivals import VALID as ARRIVAL_VALID
    from support.desk import VALID as DESK_VALID
    from support.late_duties import VALID as LATE_VALID
    from support.lineups import VALID as SHEETS_VALID
    from support.publication import VALID as PUBLICATION_VALID
    from support.results import VALID as SCORING_VALID
    from support.sanctions_appeals import VALID as CONDUCT_VALID

    clock = {c[3]["type"] for c in VALID}
    scoring = {c[2]["type"] for c in SCORING_VALID}
    arrivals = {c[2]["type"] for c in ARRIVAL_VALID}
    conduct = {c[2]["type"] for c in CONDUCT_VALID}
    desk = {c[2]["type"] for c in DESK_VALID}
    sheets = {c[2]["type"] for c in SHEETS_VALID}  # the team sheets in support/lineups.py
    published = {c[2]["type"] for c in PUBLICATION_VALID}  # Slovak §24.1 in support/publication.py
    late = {c[2]["type"] for c in LATE_VALID}  # Slovak §12.3–4 in support/late_duties.py
    assert clock | scoring | arrivals | conduct | desk | sheets | published | late == set(known_types())
    assert scoring == {"record_result", "correct_result", "publish_seating", "penalty", "forfeit", "withdraw"}
    assert arrivals == {"check_in", "check_in_all", "excuse_absence", "seat_reserve"}
    assert conduct == {"sanction", "appeal", "decide_appeal"}
    assert desk == {"record_payment"}
    assert sheets == {"lineup"}
    assert late == {"sanction_late"}
    files = (clock, scoring, arrivals, conduct, desk, sheets, published, late)
    assert all(not (a & b) for n, a in enumerate(files) for b in files[n + 1:]), "each file covers its own"


# (case, tournament, setup, command, now, status, words in the error, field in the detail)
BAD: list[tuple[str, str, str, Any, int, int, str, str | None]] = [
    ("not an object", "preferans", "empty", ["start_round", "r1"], NOW, 400, "must be a JSON object", None),
    ("a string", "preferans", "empty", "start_round", NOW, 400, "must be a JSON object", None),
    ("missing type", "preferans", "empty", {"item": "r1"}, NOW, 422, 'has no "type"', "type"),
    ("type not a string", "preferans", "empty", {"type": 3}, NOW, 422, 'has no "type"', "type"),
    ("unknown type", "preferans", "empty", {"type": "begin", "item": "r1"}, NOW, 422,
     "unknown command type 'begin'", "type"),
    ("missing field", "preferans", "running", {"type": "extend", "item": "r1"}, NOW, 422,
     "extend needs the field 'minutes'", "minutes"),
    ("missing item", "preferans", "running", {"type": "pause"}, NOW, 422, "pause needs the field 'item'", "item"),
    ("unknown extra field", "preferans", "running", {"type": "pause", "item": "r1", "minutes": 5}, NOW, 422,
     "pause has no field 'minutes'", "minutes"),
    ("unknown item", "preferans", "empty", {"type": "start_round", "item": "r9"}, NOW, 422,
     "no round or match has the id 'r9'", "item"),
    ("item not a string", "preferans", "empty", {"type": "start_round", "item": 1}, NOW, 422,
     "item must be a timetable item's id", "item"),
    ("item is a break", "preferans", "running", {"type": "end_round", "item": "snack"}, NOW, 422,
     "'snack' is a break, not a round or match", "item"),
    ("start a running round", "preferans", "running", {"type": "start_round", "item": "r1"}, NOW, 409,
     "cannot start r1: it is running", "item"),
    ("start an ended round", "preferans", "ended", {"type": "start_round", "item": "r1"}, NOW, 409,
     "cannot start r1: it has ended", "item"),
    ("start before the seating is published", "preferans", "empty", {"type": "start_round", "item": "r1"}, T0,
     409, "cannot start r1: its seating is not published; publish it first", "item"),
    ("start after the call without a seating", "preferans", "called", {"type": "start_round", "item": "r1"}, T0,
     409, "cannot start r1: its seating is not published; publish it first", "item"),
    ("start while another runs", "preferans", "running", {"type": "start_round", "item": "r2"}, NOW, 409,
     "cannot start r2: r1 is still being played; end it first", "item"),
    ("start while another is paused", "preferans", "paused", {"type": "start_round", "item": "r2"}, NOW, 409,
     "cannot start r2: r1 is still being played; end it first", "item"),
    ("start before the round before is played", "preferans", "seated", {"type": "start_round", "item": "r2"}, NOW,
     409, "cannot start r2: r1 has not been played; end it first", "item"),
    ("start a match before the one before is played", "novi-sad", "empty", {"type": "start_round", "item": "m2"},
     NOW, 409, "cannot start m2: m1 has not been played; end it first", "item"),
    ("pause before the start", "preferans", "empty", {"type": "pause", "item": "r1"}, NOW, 409,
     "cannot pause r1: it has not started", "item"),
    ("pause when paused", "preferans", "paused", {"type": "pause", "item": "r1"}, NOW, 409,
     "cannot pause r1: it is paused", "item"),
    ("pause an ended round", "preferans", "ended", {"type": "pause", "item": "r1"}, NOW, 409,
     "cannot pause r1: it has ended", "item"),
    ("resume when running", "preferans", "running", {"type": "resume", "item": "r1"}, NOW, 409,
     "cannot resume r1: it is running", "item"),
    ("resume before the start", "preferans", "called", {"type": "resume", "item": "r1"}, NOW, 409,
     "cannot resume r1: it has not started", "item"),
    ("extend by 0", "preferans", "running", {"type": "extend", "item": "r1", "minutes": 0}, NOW, 422,
     "minutes must not be 0", "minutes"),
    ("extend by a string", "preferans", "running", {"type": "extend", "item": "r1", "minutes": "5"}, NOW, 422,
     "minutes must be a number of minutes", "minutes"),
    ("extend by true", "preferans", "running", {"type": "extend", "item": "r1", "minutes": True}, NOW, 422,
     "minutes must be a number of minutes", "minutes"),
    ("extend by null", "preferans", "running", {"type": "extend", "item": "r1", "minutes": None}, NOW, 422,
     "minutes must be a number of minutes", "minutes"),
    ("extend by NaN", "preferans", "running", {"type": "extend", "item": "r1", "minutes": float("nan")}, NOW,
     422, "minutes must be a number of minutes", "minutes"),
    ("extend by 500 minutes", "preferans", "running", {"type": "extend", "item": "r1", "minutes": 500}, NOW, 422,
     "minutes must be between -180 and 180, not 500", "minutes"),
    ("shorten by 500 minutes", "preferans", "running", {"type": "extend", "item": "r1", "minutes": -500}, NOW,
     422, "minutes must be between -180 and 180, not -500", "minutes"),
    ("shorten by more than is left", "preferans", "running", {"type": "extend", "item": "r1", "minutes": -90},
     NOW, 422, "cannot shorten r1 by 90 minutes: only 80.0 minutes are left; end the round instead", "minutes"),
    ("shorten to less than a minute", "preferans", "running", {"type": "extend", "item": "r1", "minutes": -79.5},
     NOW, 422, "cannot shorten r1 by 79.5 minutes: only 80.0 minutes are left", "minutes"),
    ("shorten a paused round by more than is frozen", "preferans", "paused",
     {"type": "extend", "item": "r1", "minutes": -121}, T0 + 170 * MIN, 422,
     "only 120.0 minutes are left", "minutes"),
    ("extend an ended round", "preferans", "ended", {"type": "extend", "item": "r1", "minutes": 5}, NOW, 409,
     "cannot extend r1: it has ended", "item"),
    ("last deals twice", "preferans", "last deals", {"type": "announce_last_deals", "item": "r1"}, NOW, 409,
     "the last deals of r1 were already announced", "item"),
    ("last deals before the start", "preferans", "empty", {"type": "announce_last_deals", "item": "r1"}, NOW,
     409, "cannot announce the last deals of r1: it has not started", "item"),
    ("last deals in a bridge match", "novi-sad", "match running", {"type": "announce_last_deals", "item": "m1"},
     NOW, 422, "the novi-sad-teams rules have no last-deals signal", "type"),
    ("end a round not started", "preferans", "empty", {"type": "end_round", "item": "r1"}, NOW, 409,
     "cannot end r1: it has not started", "item"),
    ("end a round twice", "preferans", "ended", {"type": "end_round", "item": "r1"}, NOW, 409,
     "cannot end r1: it has ended", "item"),
    ("announce empty text", "preferans", "empty", {"type": "announce", "text": "   "}, NOW, 422,
     "text must be the announcement's words", "text"),
    ("announce no text", "preferans", "empty", {"type": "announce", "text": None}, NOW, 422,
     "text must be the announcement's words", "text"),
    ("announce too long text", "preferans", "empty", {"type": "announce", "text": "x" * (MAX_TEXT + 1)}, NOW, 422,
     "text is 501 characters; at most 500", "text"),
    ("announce to an unknown player", "preferans", "empty", {"type": "announce", "text": "Hi", "player": "p99"},
     NOW, 422, "no player has the id 'p99'", "player"),
    ("show_prizes before any result", "preferans", "empty", {"type": "show_prizes", "fund": 1000}, NOW, 409,
     "no result is entered yet: the prize list would have everyone in first place", "type"),
    ("undo with nothing to undo", "preferans", "empty", {"type": "undo"}, NOW, 409,
     "there is no referee command to undo", "seq"),
    ("undo with only signals in the log", "preferans", "running", {"type": "undo"}, NOW, 409,
     "there is no referee command to undo", "seq"),
    ("undo when everything is undone", "preferans", "pause undone", {"type": "undo"}, NOW, 409,
     "there is no referee command to undo", "seq"),
    ("undo of an undo", "preferans", "pause undone", {"type": "undo", "seq": 3}, NOW, 422,
     "event 3 is an undo; an undo cannot be undone", "seq"),
    ("undo of an undone command", "preferans", "pause undone", {"type": "undo", "seq": 2}, NOW, 409,
     "command 2 is already undone", "seq"),
    ("undo of a signal", "preferans", "pause undone", {"type": "undo", "seq": 1}, NOW, 422,
     "event 1 is not a referee command", "seq"),
    ("undo of a seq not in the log", "preferans", "paused", {"type": "undo", "seq": 99}, NOW, 422,
     "event 99 is not a referee command", "seq"),
    ("undo with a seq that is not a number", "preferans", "paused", {"type": "undo", "seq": "2"}, NOW, 422,
     "seq must be the sequence number of a referee command", "seq"),
]


@pytest.mark.parametrize(("which", "setup", "command", "now", "status", "words", "field"), [c[1:] for c in BAD],
                         ids=[c[0] for c in BAD])
def test_a_bad_command_is_refused_with_the_reason(
    which: str, setup: str, command: Any, now: int, status: int, words: str, field: str | None
) -> None:
    t = TOURNAMENTS[which]
    with pytest.raises(CommandError) as info:
        decide(t, fold(t, SETUPS[setup]), command, now)
    error = info.value
    assert error.status == status
    assert words in error.error
    assert str(error) == error.error
    if field is None:
        assert error.detail == {"code": "command.not_object"}
    else:
        assert error.detail["field"] == field
    assert error.to_json() == {"error": error.error, "detail": error.detail}


def test_an_unknown_type_lists_the_known_ones() -> None:
    with pytest.raises(CommandError) as info:
        decide(PREFERANS, fold(PREFERANS, []), {"type": "begin"}, NOW)
    assert info.value.detail["known"] == known_types()


def test_an_unknown_item_lists_the_rounds() -> None:
    with pytest.raises(CommandError) as info:
        decide(PREFERANS, fold(PREFERANS, []), {"type": "pause", "item": "R1"}, NOW)
    assert info.value.detail == {"field": "item", "known": ["r1", "r2"], "code": "field.unknown_id", "id": "R1"}


# ---- commands in sequence: decide, store, fold ------------------------------------------


def run(t: Tournament, events: list[Event], command: dict[str, Any], now: int) -> Event:
    """Decide a command against the fold of `events` and store the one event it becomes at `now`."""
    (new,) = decide(t, fold(t, events), command, now)
    return stored(events, new, now)


def test_a_referee_session_pause_resume_extend_undo() -> None:
    events: list[Event] = []
    run(PREFERANS, events, {"type": "publish_seating", "item": "r1", "seed": 1}, T0 - 30 * MIN)
    run(PREFERANS, events, {"type": "start_round", "item": "r1"}, T0 + 2 * MIN)
    run(PREFERANS, events, {"type": "pause", "item": "r1"}, T0 + 30 * MIN)
    run(PREFERANS, events, {"type": "resume", "item": "r1"}, T0 + 35 * MIN)
    run(PREFERANS, events, {"type": "extend", "item": "r1", "minutes": 10}, T0 + 100 * MIN)
    s = fold(PREFERANS, events).items["r1"]
    assert s.ends_at() == R1_END + 2 * MIN + 5 * MIN + 10 * MIN

    undo = run(PREFERANS, events, {"type": "undo"}, T0 + 101 * MIN)
    assert undo.payload == {"target": 5, "undid": E.ROUND_EXTENDED}
    assert fold(PREFERANS, events).items["r1"].ends_at() == R1_END + 7 * MIN
    # a second undo takes the command before: the resume
    undo = run(PREFERANS, events, {"type": "undo"}, T0 + 102 * MIN)
    assert undo.payload == {"target": 4, "undid": E.ROUND_RESUMED}
    state = fold(PREFERANS, events)
    assert state.items["r1"].status == "paused"
    assert [(c["seq"], c["undone"]) for c in state.commands] == [
        (1, False), (2, False), (3, False), (4, True), (5, True), (6, False), (7, False),
    ]
    # the pause is still there, so the round can be resumed again, but not paused again
    with pytest.raises(CommandError) as info:
        decide(PREFERANS, state, {"type": "pause", "item": "r1"}, T0 + 103 * MIN)
    assert info.value.status == 409
    run(PREFERANS, events, {"type": "resume", "item": "r1"}, T0 + 103 * MIN)
    assert fold(PREFERANS, events).items["r1"].ends_at() == R1_END + 2 * MIN + 73 * MIN


def test_at_demo_speed_minutes_are_tournament_minutes() -> None:
    first = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
    demo = PREFERANS.rescheduled(first, 60)
    at = int(first.timestamp() * 1000)
    events = [ev(1, at, E.ROUND_STARTED, "referee", item="r1")]
    (new,) = decide(demo, fold(demo, events), {"type": "extend", "item": "r1", "minutes": 10}, at + 60 * SEC)
    assert new.payload == {"item": "r1", "minutes": 10, "ms": 10 * SEC}
    # 3 tournament minutes (3 s) are left at 177 s: shortening by 3 leaves nothing
    with pytest.raises(CommandError) as info:
        decide(demo, fold(demo, events), {"type": "extend", "item": "r1", "minutes": -3}, at + 177 * SEC)
    assert "only 3.0 minutes are left" in info.value.error


@pytest.mark.parametrize("ident", [7, "", "x" * 65, "tab\there", None])
def test_a_command_id_that_is_not_a_short_text_is_refused(ident: Any) -> None:
    t = preferans(2)
    with pytest.raises(CommandError) as info:
        decide(t, fold(t, []), {"type": "announce", "text": "hello", "id": ident}, T0)
    assert info.value.status == 422 and info.value.detail == {"field": "id", "code": "command.bad_id"}


def test_a_command_may_carry_its_own_id_and_the_event_is_the_same() -> None:
    t = preferans(2)
    with_id = decide(t, fold(t, []), {"type": "announce", "text": "hello", "id": "c-1"}, T0)
    without = decide(t, fold(t, []), {"type": "announce", "text": "hello"}, T0)
    assert with_id == without  # the hall adds the at-most-once key; the event itself is the same
    assert command_key({"id": "c-1"}) == "cmd:c-1" and command_key({}) is None


def test_undo_last_names_the_referees_own_last_command_not_a_players_check_in() -> None:
    from live.projections.views import referee_only

    t = preferans(2)
    events: list[Event] = []
    stored(events, decide(t, fold(t, events), {"type": "announce", "text": "one"}, T0)[0], T0)
    stored(events, decide(t, fold(t, events), {"type": "announce", "text": "two"}, T0)[0], T0 + SEC)
    events.append(ev(3, T0 + 2 * SEC, E.CHECKED_IN, "player:p1", item="r1", player="p1", at=T0 + 2 * SEC))
    assert referee_only(fold(t, events), {})["undo_last"] == 2
    stored(events, decide(t, fold(t, events), {"type": "undo", "seq": 2}, T0)[0], T0 + 3 * SEC)
    assert referee_only(fold(t, events), {})["undo_last"] == 1
    stored(events, decide(t, fold(t, events), {"type": "undo", "seq": 1}, T0)[0], T0 + 4 * SEC)
    assert referee_only(fold(t, events), {})["undo_last"] is None


# ---- what the console may offer: the rules asked, per item ---------------------------------------

ALLOWED = [
    # ("publish": a seating may change until its round starts)
    # (a round not yet played may be made longer: it ends later)
    ("no seating yet: no start (it would be held)", [], {"r1": ["publish", "extend"], "r2": ["publish", "extend"]}),
    ("seated", [seated()], {"r1": ["publish", "start", "extend"], "r2": ["publish", "extend"]}),
    ("running", [seated(), start(seq=2)], {"r1": ["pause", "extend", "lastDeals", "end"], "r2": ["publish", "extend"]}),
    ("paused", [seated(), start(seq=2), ev(3, T0 + 9 * MIN, E.ROUND_PAUSED, "referee", item="r1")],
     {"r1": ["resume", "extend", "lastDeals", "end"], "r2": ["publish", "extend"]}),
    ("last deals announced", [seated(), start(seq=2), ev(3, T0 + 160 * MIN, E.LAST_DEALS_ANNOUNCED, "referee",
                                                          item="r1")],
     {"r1": ["pause", "extend", "end"], "r2": ["publish", "extend"]}),
    ("ended, r2 seated", [seated(), start(seq=2), ev(3, T0 + 100 * MIN, E.ROUND_ENDED, "referee", item="r1"),
                          seated("r2", 4, T0 + 150 * MIN, method="standings")],
     {"r1": [], "r2": ["publish", "start", "extend"]}),
]


def test_what_the_console_may_offer_is_kept_until_an_event_changes_the_rounds() -> None:
    from live.core.state import apply

    state = fold(PREFERANS, [seated()])
    kept = allowed_now(state)
    assert allowed_now(state) is kept, "asked again: the same answer, not tried again"
    apply(state, ev(2, T0 + SEC, E.ANNOUNCED, "referee", text="Welcome"))
    assert allowed_now(state) is kept, "an announcement changes no round"
    apply(state, start(seq=3))
    assert allowed_now(state) == {"r1": ["pause", "extend", "lastDeals", "end"], "r2": ["publish", "extend"]}
    assert allowed_now(state) == allowed_now(fold(PREFERANS, [seated(), start(seq=3)]))


@pytest.mark.parametrize(("events", "expected"), [case[1:] for case in ALLOWED], ids=[case[0] for case in ALLOWED])
def test_the_console_is_offered_exactly_the_round_commands_the_server_would_take(
        events: list[Event], expected: dict[str, list[str]]) -> None:
    state = fold(PREFERANS, events)
    allowed = allowed_now(state)
    assert allowed == expected
    for ident, actions in allowed.items():  # and it is the rules' own answer, command by command
        for action, command in ROUND_ACTIONS.items():
            try:
                decide(PREFERANS, state, command(ident), T0 + 10 * MIN)
                took = True
            except CommandError:
                took = False
            assert took == (action in actions), (ident, action)
        publishing = {"type": "publish_seating", "item": ident, "seed": 1}
        try:
            decide(PREFERANS, state, publishing, T0 + 10 * MIN)
            took = True
        except CommandError as exc:
            took = "has started" not in str(exc)  # refused for the round's state, not for the seating itself
        assert took == ("publish" in actions), (ident, "publish")
