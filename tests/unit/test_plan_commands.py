"""The day's changes as referee commands (live/commands/plan_changes.py through `live.commands.decide.decide`),
table-driven: the event a valid command becomes, and why a bad one is refused — naming the field,
with an HTTP status, and writing nothing."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import MIN, T0
from support.plans import BRIDGE, PREFERANS, R2, R3, Desk

from live.commands.plan_changes import HANDLERS
from live.core import events as E

R1_END = T0 + 180 * MIN
RUNNING = T0 + 60 * MIN  # round 1 is being played (until 14:00 in Belgrade)

# Named situations: (tournament, the commands that lead to them, the clock when the command comes).
SETUPS: dict[str, tuple[str, list[dict[str, Any]], int]] = {
    "empty": ("preferans", [], T0 - 30 * MIN),
    "r1 seated": ("preferans", [{"type": "publish_seating", "item": "r1", "seed": 7}], T0 - 30 * MIN),
    "r1 running": ("preferans", [{"type": "publish_seating", "item": "r1", "seed": 7},
                                 {"type": "start_round", "item": "r1"}], RUNNING),
    "r1 ended": ("preferans", [{"type": "publish_seating", "item": "r1", "seed": 7},
                               {"type": "start_round", "item": "r1"}, {"type": "end_round", "item": "r1"}],
                 R1_END + 5 * MIN),
    "p6 withdrawn": ("preferans", [{"type": "withdraw_player", "player": "p6", "reason": "ill"}], T0 - 30 * MIN),
    "bridge": ("bridge", [], T0 - 30 * MIN),
    "m1 running": ("bridge", [{"type": "publish_seating", "item": "m1"}, {"type": "start_round", "item": "m1"}],
                   T0 + 30 * MIN),
}
TOURNAMENTS = {"preferans": PREFERANS, "bridge": BRIDGE}


def desk(setup: str) -> Desk:
    which, commands, now = SETUPS[setup]
    d = Desk(TOURNAMENTS[which], T0 - 60 * MIN)
    for command in commands:
        if command["type"] == "start_round":  # on time
            planned = d.state.tournament.item(command["item"])
            assert planned is not None
            d.now = planned.start_ms - 1_000
        d.do(command["type"], **{k: v for k, v in command.items() if k != "type"})
    d.now = max(d.now, now)
    return d


# ---- valid commands ---------------------------------------------------------------------------

# (case, setup, command, event type, payload)
VALID: list[tuple[str, str, dict[str, Any], str, dict[str, Any]]] = [
    ("register a player", "empty", {"type": "register_player", "name": "Zoran", "lady": False},
     E.PLAYER_REGISTERED, {"name": "Zoran", "lady": False, "player": "w07"}),
    ("register a player with an id", "empty", {"type": "register_player", "name": "Ljiljana", "lady": True,
                                               "player": "p7"},
     E.PLAYER_REGISTERED, {"name": "Ljiljana", "lady": True, "player": "p7"}),
    ("register a walk-in after the draw", "r1 seated", {"type": "register_player", "name": "Zoran"},
     E.PLAYER_REGISTERED, {"name": "Zoran", "lady": False, "player": "w07", "enters": "r2"}),
    ("register a bridge player", "bridge", {"type": "register_player", "name": "Reserve", "team": "t3"},
     E.PLAYER_REGISTERED, {"name": "Reserve", "lady": False, "team": "t3", "player": "w17"}),
    ("rename a player", "empty", {"type": "update_player", "player": "p1", "name": "Milan Jovanović"},
     E.PLAYER_UPDATED, {"player": "p1", "name": "Milan Jovanović", "was": "Milan"}),
    ("mark a lady", "empty", {"type": "update_player", "player": "p6", "lady": True},
     E.PLAYER_UPDATED, {"player": "p6", "lady": True}),
    ("withdraw a player", "empty", {"type": "withdraw_player", "player": "p3", "reason": "left"},
     E.PLAYER_WITHDRAWN, {"player": "p3", "name": "Dragan", "reason": "left"}),
    ("register a team", "bridge", {"type": "register_team", "name": "Vojvodina"},
     E.TEAM_REGISTERED, {"team": "t05", "name": "Vojvodina"}),
    ("rename a team", "bridge", {"type": "update_team", "team": "t4", "name": "Vojvodina"},
     E.TEAM_UPDATED, {"team": "t4", "name": "Vojvodina", "was": "Team 4"}),
    ("move an item by local time", "empty", {"type": "move_item", "item": "r3", "start": "18:20"},
     E.ITEM_MOVED, {"item": "r3", "title": "Round 3", "start": R3 + 20 * MIN, "end": R3 + 200 * MIN,
                    "was": [R3, R3 + 180 * MIN]}),
    ("move and shorten an item", "empty", {"type": "move_item", "item": "r2", "start": "14:30", "minutes": 150},
     E.ITEM_MOVED, {"item": "r2", "title": "Round 2", "start": R2, "end": R2 + 150 * MIN,
                    "was": [R2, R2 + 180 * MIN]}),
    ("move the next round while one is played", "r1 running",
     {"type": "move_item", "item": "r2", "start": "14:40"},
     E.ITEM_MOVED, {"item": "r2", "title": "Round 2", "start": R2 + 10 * MIN, "end": R2 + 190 * MIN,
                    "was": [R2, R2 + 180 * MIN]}),
    ("shift the rest of the day", "r1 running", {"type": "shift_timetable", "item": "r2", "minutes": 15},
     E.TIMETABLE_SHIFTED, {"item": "r2", "title": "Round 2", "minutes": 15.0, "ms": 15 * MIN,
                           "items": ["r2", "r3"]}),
    ("shift earlier", "empty", {"type": "shift_timetable", "item": "r3", "minutes": -10},
     E.TIMETABLE_SHIFTED, {"item": "r3", "title": "Round 3", "minutes": -10.0, "ms": -10 * MIN, "items": ["r3"]}),
    ("add a round", "empty", {"type": "add_item", "item": "r4", "kind": "round", "start": "21:30", "end": "23:30",
                              "round": 4},
     E.ITEM_ADDED, {"item": "r4", "title": "Round 4", "start": R3 + 210 * MIN,
                    "entry": {"id": "r4", "kind": "round", "title": "Round 4", "start": R3 + 210 * MIN,
                              "end": R3 + 330 * MIN, "round": 4}}),
    ("add a ceremony", "empty", {"type": "add_item", "item": "prizes", "kind": "ceremony", "title": "Prizes",
                                 "start": "21:10", "minutes": 20},
     E.ITEM_ADDED, {"item": "prizes", "title": "Prizes", "start": R3 + 190 * MIN,
                    "entry": {"id": "prizes", "kind": "ceremony", "title": "Prizes", "start": R3 + 190 * MIN,
                              "end": R3 + 210 * MIN}}),
    ("cancel a round", "empty", {"type": "cancel_item", "item": "r3", "reason": "hall closes"},
     E.ITEM_CANCELLED, {"item": "r3", "title": "Round 3", "reason": "hall closes"}),
    ("rename the tournament", "empty", {"type": "update_tournament", "name": "Čačak Open"},
     E.TOURNAMENT_UPDATED, {"name": "Čačak Open", "was": "Test Cup"}),
    ("change the rules", "empty", {"type": "change_rules", "rules": {"follow": "hold", "last_deals_warning": 10}},
     E.RULES_CHANGED, {"rules": {"follow": "hold", "last_deals_warning": 10},
                       "was": {"follow": "shift", "last_deals_warning": 15.0}}),
]


def test_every_plan_command_has_a_valid_case() -> None:
    assert {c[2]["type"] for c in VALID} == set(HANDLERS.types)


@pytest.mark.parametrize(("setup", "command", "kind", "payload"), [c[1:] for c in VALID], ids=[c[0] for c in VALID])
def test_a_valid_plan_command_becomes_its_event(
    setup: str, command: dict[str, Any], kind: str, payload: dict[str, Any]
) -> None:
    d = desk(setup)
    event = d.do(command["type"], **{k: v for k, v in command.items() if k != "type"})
    assert (event.type, event.actor, event.payload) == (kind, "referee", payload)


# ---- bad input ------------------------------------------------------------------------------

# (case, setup, command, status, the field named, words in the error)
REFUSED: list[tuple[str, str, dict[str, Any], int, str, str]] = [
    # the roster
    ("an unknown player", "empty", {"type": "update_player", "player": "p99", "name": "X"}, 422, "player",
     "no player has the id 'p99'"),
    ("withdrawing an unknown player", "empty", {"type": "withdraw_player", "player": "p99", "reason": "x"}, 422,
     "player", "p99"),
    ("withdrawing twice", "p6 withdrawn", {"type": "withdraw_player", "player": "p6", "reason": "x"}, 409,
     "player", "already withdrawn"),
    ("a withdrawal without a reason", "empty", {"type": "withdraw_player", "player": "p1"}, 422, "reason",
     "needs the field 'reason'"),
    ("a withdrawal with a blank reason", "empty", {"type": "withdraw_player", "player": "p1", "reason": "  "}, 422,
     "reason", "reason"),
    ("a walk-in with a name already taken", "empty", {"type": "register_player", "name": " milan "}, 409, "name",
     "already registered (p1)"),
    ("a new name already taken", "empty", {"type": "update_player", "player": "p3", "name": "JELENA"}, 409, "name",
     "p2 is already named"),
    ("an empty name", "empty", {"type": "register_player", "name": "   "}, 422, "name", "must not be empty"),
    ("a name too long", "empty", {"type": "register_player", "name": "x" * 81}, 422, "name", "at most 80"),
    ("a player id already taken", "empty", {"type": "register_player", "name": "Zoran", "player": "p1"}, 409,
     "player", "already taken"),
    ("a bad player id", "empty", {"type": "register_player", "name": "Zoran", "player": "a b"}, 422, "player",
     "letters, digits"),
    ("lady not a flag", "empty", {"type": "update_player", "player": "p1", "lady": "yes"}, 422, "lady",
     "true or false"),
    ("an update with nothing to change", "empty", {"type": "update_player", "player": "p1"}, 422, "name",
     "needs a new name or lady"),
    ("a team for a preferans player", "empty", {"type": "register_player", "name": "Zoran", "team": "t1"}, 422,
     "team", "no team"),
    ("a bridge player without a team", "bridge", {"type": "register_player", "name": "Zoran"}, 422, "team",
     "joins a team"),
    ("a bridge player of an unknown team", "bridge", {"type": "register_player", "name": "Zoran", "team": "t9"},
     422, "team", "no team has the id 't9'"),
    ("a bridge member already in another team", "bridge",
     {"type": "register_player", "name": "player 1.2", "team": "t2"}, 409, "name",
     "already a member of team t1 (b12)"),
    ("a team in preferans", "empty", {"type": "register_team", "name": "Team"}, 422, "type", "no teams"),
    ("a team name already taken", "bridge", {"type": "register_team", "name": "team 3"}, 409, "name",
     "already registered (t3)"),
    ("a team registered after the first match started", "m1 running", {"type": "register_team", "name": "Late"},
     409, "name", "m1 started"),
    ("renaming an unknown team", "bridge", {"type": "update_team", "team": "t9", "name": "X"}, 422, "team", "t9"),
    ("renaming a team to a taken name", "bridge", {"type": "update_team", "team": "t1", "name": "Team 2"}, 409,
     "name", "t2 is already named"),
    # the timetable
    ("moving an unknown item", "empty", {"type": "move_item", "item": "r9", "start": "15:00"}, 422, "item",
     "no timetable item has the id 'r9'"),
    ("a move into the past", "r1 running", {"type": "move_item", "item": "r2", "start": "11:30"}, 422, "start",
     "in the past"),
    ("a move onto a running round", "r1 running", {"type": "move_item", "item": "r2", "start": "13:00"}, 409,
     "start", "overlap r1, which is being played until 14:00"),
    ("a move onto a planned round", "empty", {"type": "move_item", "item": "r3", "start": "16:00"}, 409, "start",
     "overlap r2, which runs until 17:30"),
    ("a move into the round after", "empty", {"type": "move_item", "item": "r2", "start": "17:00"}, 409, "start",
     "overlap r3, which runs until 21:00"),
    ("moving a round that started", "r1 running", {"type": "move_item", "item": "r1", "start": "15:00"}, 409,
     "item", "has started"),
    ("a move to the same times", "empty", {"type": "move_item", "item": "r2", "start": "14:30"}, 422, "start",
     "already planned 14:30–17:30"),
    ("a move with end and minutes", "empty", {"type": "move_item", "item": "r2", "start": "15:00", "end": "18:00",
                                              "minutes": 180}, 422, "minutes", "not both"),
    ("a move ending before it starts", "empty", {"type": "move_item", "item": "r2", "start": "15:00",
                                                 "end": "14:00"}, 422, "end", "after start"),
    ("a move to a time that is no time", "empty", {"type": "move_item", "item": "r2", "start": "25:99"}, 422,
     "start", "is not a time"),
    ("a move to a time that is not a string", "empty", {"type": "move_item", "item": "r2", "start": 1500}, 422,
     "start", "local time"),
    ("a move into the hour clocks skip", "empty", {"type": "move_item", "item": "r2", "start": "2027-03-28T02:30"},
     422, "start", "does not exist in Europe/Belgrade"),
    ("a shift of an item already played", "r1 ended", {"type": "shift_timetable", "item": "r1", "minutes": 10},
     409, "item", "r1 has started"),
    ("a shift of a round being played", "r1 running", {"type": "shift_timetable", "item": "r1", "minutes": 10},
     409, "item", "has started"),
    ("a shift into the past", "r1 running", {"type": "shift_timetable", "item": "r2", "minutes": -300}, 422,
     "minutes", "would start in the past"),
    ("a shift onto the running round", "r1 running", {"type": "shift_timetable", "item": "r2", "minutes": -60},
     409, "minutes", "overlap r1"),
    ("non-numeric minutes", "empty", {"type": "shift_timetable", "item": "r2", "minutes": "20"}, 422, "minutes",
     "a number of minutes"),
    ("minutes true", "empty", {"type": "shift_timetable", "item": "r2", "minutes": True}, 422, "minutes",
     "a number of minutes"),
    ("minutes not a number", "empty", {"type": "shift_timetable", "item": "r2", "minutes": float("nan")}, 422,
     "minutes", "a number of minutes"),
    ("zero minutes", "empty", {"type": "shift_timetable", "item": "r2", "minutes": 0}, 422, "minutes",
     "must not be 0"),
    ("non-numeric minutes of a move", "empty", {"type": "move_item", "item": "r2", "start": "15:00",
                                                "minutes": "90"}, 422, "minutes", "a number of minutes"),
    ("an unknown item kind", "empty", {"type": "add_item", "item": "party", "kind": "party", "start": "21:00",
                                       "minutes": 60}, 422, "kind", "kind must be one of"),
    ("a match in preferans", "empty", {"type": "add_item", "item": "m4", "kind": "match", "start": "21:00",
                                       "minutes": 60, "round": 4}, 422, "kind", "not a match"),
    ("a duplicate round number", "empty", {"type": "add_item", "item": "r4", "kind": "round", "start": "21:00",
                                           "minutes": 60, "round": 2}, 409, "round", "r2 is already round 2"),
    ("a round without its number", "empty", {"type": "add_item", "item": "r4", "kind": "round", "start": "21:00",
                                             "minutes": 60}, 422, "round", "needs its number"),
    ("a round number on a break", "empty", {"type": "add_item", "item": "tea", "kind": "break", "start": "21:00",
                                            "minutes": 10, "round": 4}, 422, "round", "no round number"),
    ("an id already in the timetable", "empty", {"type": "add_item", "item": "r3", "kind": "round",
                                                 "start": "21:00", "minutes": 60, "round": 4}, 409, "item",
     "already has an item 'r3'"),
    ("an added item without its length", "empty", {"type": "add_item", "item": "tea", "kind": "break",
                                                   "start": "21:00"}, 422, "minutes", "end or"),
    ("an added item in the past", "r1 running", {"type": "add_item", "item": "tea", "kind": "break",
                                                 "start": "11:00", "minutes": 10}, 422, "start", "in the past"),
    ("an added round onto another", "empty", {"type": "add_item", "item": "r4", "kind": "round", "start": "19:00",
                                              "minutes": 60, "round": 4}, 409, "start",
     "r4 would overlap r3, which runs until 21:00"),
    ("bad boards", "bridge", {"type": "add_item", "item": "m4", "kind": "match", "start": "21:00",
                              "minutes": 60, "round": 4, "boards": 0}, 422, "boards", "1 or more"),
    ("cancelling without a reason", "empty", {"type": "cancel_item", "item": "r3"}, 422, "reason",
     "needs the field 'reason'"),
    ("cancelling a started round", "r1 running", {"type": "cancel_item", "item": "r1", "reason": "x"}, 409,
     "item", "has started"),
    ("cancelling a seated round", "r1 seated", {"type": "cancel_item", "item": "r1", "reason": "x"}, 409,
     "item", "seating is published"),
    # the tournament and its rules
    ("an update of nothing", "empty", {"type": "update_tournament"}, 422, "name", "needs a name"),
    ("a language not offered", "empty", {"type": "update_tournament", "language": "de"}, 422, "language", "'de'"),
    ("no languages", "empty", {"type": "update_tournament", "languages": []}, 422, "languages", "non-empty"),
    # only the languages the pages have (docs/tournament-file.md#tournament): a tag no page speaks would leave the hall
    # in English
    ("a language no page speaks", "empty", {"type": "update_tournament", "languages": ["en", "de"]}, 422,
     "languages", "not 'de'"),
    ("a language's tag not as the pages write it", "empty", {"type": "update_tournament", "languages": ["sr"]}, 422,
     "languages", "not 'sr'"),
    ("a language of invisible letters", "empty", {"type": "update_tournament", "languages": ["\u3164"]}, 422,
     "languages", "the pages speak en, sr-Cyrl, sr-Latn, sk"),
    ("rules not a table", "empty", {"type": "change_rules", "rules": ["follow"]}, 422, "rules", "a table"),
    ("a rules key unknown", "empty", {"type": "change_rules", "rules": {"folow": "hold"}}, 422, "rules.folow",
     "not a rules parameter"),
    ("a rules value of the wrong type", "empty", {"type": "change_rules", "rules": {"call_before": "5"}}, 422,
     "rules.call_before", "must be a number, not '5'"),
    ("a flag given as a number", "empty", {"type": "change_rules", "rules": {"auto_start": 1}}, 422,
     "rules.auto_start", "must be true or false, not 1"),
    ("a number given as a flag", "empty", {"type": "change_rules", "rules": {"call_before": True}}, 422,
     "rules.call_before", "must be a number, not True"),
    ("a negative duration", "empty", {"type": "change_rules", "rules": {"call_before": -5}}, 422,
     "rules.call_before", "negative"),
    ("follow neither shift nor hold", "empty", {"type": "change_rules", "rules": {"follow": "skip"}}, 422,
     "rules.follow", "one of shift, hold"),
    ("the game", "empty", {"type": "change_rules", "rules": {"game": "bridge"}}, 422, "rules.game",
     "cannot change"),
    ("rules already in force", "empty", {"type": "change_rules", "rules": {"follow": "shift"}}, 422, "rules",
     "already in force"),
    ("rules changed after play began", "r1 running", {"type": "change_rules", "rules": {"follow": "hold"}}, 409,
     "rules", "r1 started"),
    ("rules changed after the first round ended", "r1 ended",
     {"type": "change_rules", "rules": {"call_before": 1}}, 409, "rules", "once play has begun"),
    ("an unknown field", "empty", {"type": "shift_timetable", "item": "r2", "minutes": 5, "from": "r2"}, 422,
     "from", "has no field 'from'"),
    # the JSON types, refused by the parse before the handler runs
    ("a rating that is not a number", "bridge", {"type": "update_player", "player": "b12", "rating": "1400"}, 422,
     "rating", "club rating"),
    ("a walk-in's rating null", "bridge", {"type": "register_player", "name": "Zoran", "team": "t3",
                                           "rating": None}, 422, "rating", "club rating"),
    ("an item that is not an id", "empty", {"type": "move_item", "item": 2, "start": "15:00"}, 422, "item",
     "timetable item's id"),
    ("a player id that is not text", "empty", {"type": "register_player", "name": "Zoran", "player": 7}, 422,
     "player", "letters, digits"),
]


@pytest.mark.parametrize(("setup", "command", "status", "field", "words"), [c[1:] for c in REFUSED],
                         ids=[c[0] for c in REFUSED])
def test_a_bad_plan_command_is_refused_naming_the_field(
    setup: str, command: dict[str, Any], status: int, field: str, words: str
) -> None:
    d = desk(setup)
    before = d.state
    refused = d.refuse(command)
    assert (refused.status, refused.detail["field"]) == (status, field)
    assert words in refused.error
    after = d.state
    assert (after.seq, after.plan, after.tournament) == (before.seq, before.plan, before.tournament)


def test_a_shift_into_the_past_says_how_far_to_shift() -> None:
    refused = desk("r1 running").refuse({"type": "shift_timetable", "item": "r2", "minutes": -300})
    # r2 starts at 14:30, the clock says 12:00: 149 minutes is the furthest it may move back
    assert refused.detail == {"field": "minutes", "at_most": 149, "code": "plan.shift_too_far", "item": "r2"}
    assert "at most 149 minutes" in refused.error
