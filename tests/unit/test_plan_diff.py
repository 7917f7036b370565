"""An edited tournament file against the plan the log holds (live/commands/plan_diff.py): every kind of
difference in words and as the command that makes it, the three-way rule (what the day already did
is no difference), and `accept`: all the events, or none and the refusals."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from helpers import MIN, T0, item, rounds, stored, tournament
from support.plans import BRIDGE, MEMBERS, PLAYERS, R2, R3, TEAMS, Desk

from live.commands.decide import decide
from live.commands.plan_diff import Difference, accept, differences
from live.core import events as E
from live.core.events import Event
from live.core.plan import to_json as plan_json
from live.core.state import fold
from live.core.tournament import Player, Tournament

R1_END = T0 + 180 * MIN
ITEMS = [*rounds(3), item("lunch", R1_END, 30, "meal")]
PREFERANS = tournament(ITEMS, players=PLAYERS)
REMOVED = "removed from the tournament file"


def edited(**changes: Any) -> Tournament:
    """The preferans file as the organizer edited it."""
    options: dict[str, Any] = {"players": PLAYERS, **changes}
    return tournament(options.pop("items", ITEMS), **options)


def edited_bridge(**changes: Any) -> Tournament:
    options: dict[str, Any] = {"preset": "novi-sad-teams", "teams": TEAMS, "players": MEMBERS, **changes}
    return tournament(options.pop("items", rounds(3, kind="match", minutes=90, gap=15, boards=12)), **options)


def renamed(players: list[dict[str, Any]], ident: str, **fields: Any) -> list[dict[str, Any]]:
    return [{**p, **fields} if p["id"] == ident else p for p in players]


def moved(ident: str, **fields: Any) -> list[dict[str, Any]]:
    return [{**i, **fields} if i["id"] == ident else i for i in ITEMS]


# (case, the file recorded, the file now, the differences)
CASES: list[tuple[str, Tournament, Tournament, list[Difference]]] = [
    ("the same file", PREFERANS, edited(), []),
    ("a player added", PREFERANS, edited(players=[*PLAYERS, {"id": "p7", "name": "Zoran", "lady": False}]),
     [Difference("player p7 Zoran added", {"type": "register_player", "player": "p7", "name": "Zoran",
                                           "lady": False})]),
    ("a player removed", PREFERANS, edited(players=PLAYERS[:5]),
     [Difference("player p6 Ana removed", {"type": "withdraw_player", "player": "p6", "reason": REMOVED})]),
    ("a player renamed", PREFERANS, edited(players=renamed(PLAYERS, "p1", name="Milan Jovanović")),
     [Difference("player p1 renamed Milan → Milan Jovanović",
                 {"type": "update_player", "player": "p1", "name": "Milan Jovanović"})]),
    ("a lady marked", PREFERANS, edited(players=renamed(PLAYERS, "p6", lady=True)),
     [Difference("player p6 marked as a lady", {"type": "update_player", "player": "p6", "lady": True})]),
    ("a lady unmarked and renamed", PREFERANS, edited(players=renamed(PLAYERS, "p2", lady=False, name="Jela")),
     [Difference("player p2 renamed Jelena → Jela and no longer marked as a lady",
                 {"type": "update_player", "player": "p2", "name": "Jela", "lady": False})]),
    ("a player moved to another team", BRIDGE, edited_bridge(players=renamed(MEMBERS, "b11", team="t2")),
     [Difference("player b11 Player 1.1 moved from team t1 to t2", refused="a player cannot change team on the day")]),
    ("an item added", PREFERANS, edited(items=[*ITEMS, item("r4", R3 + 210 * MIN, 120, round=4)]),
     [Difference("r4 Round 4 added, 21:30–23:30",
                 {"type": "add_item", "item": "r4", "kind": "round", "title": "Round 4",
                  "start": "2027-03-06T21:30:00", "end": "2027-03-06T23:30:00", "round": 4})]),
    ("an item removed", PREFERANS, edited(items=[i for i in ITEMS if i["id"] != "lunch"]),
     [Difference("lunch Meal removed", {"type": "cancel_item", "item": "lunch", "reason": REMOVED})]),
    ("an item moved", PREFERANS, edited(items=moved("r2", start=R2 + 30 * MIN)),
     [Difference("r2 start 14:30 → 15:00", {"type": "move_item", "item": "r2", "start": "2027-03-06T15:00:00",
                                             "end": "2027-03-06T18:00:00"})]),
    ("an item resized", PREFERANS, edited(items=moved("r3", minutes=150)),
     [Difference("r3 180 → 150 minutes", {"type": "move_item", "item": "r3", "start": "2027-03-06T18:00:00",
                                           "end": "2027-03-06T20:30:00"})]),
    ("an item retitled", PREFERANS, edited(items=moved("r3", title="Final round")),
     [Difference("r3 title 'Round 3' → 'Final round'",
                 {"type": "move_item", "item": "r3", "start": "2027-03-06T18:00:00", "end": "2027-03-06T21:00:00",
                  "title": "Final round"})]),
    ("a round's number changed", PREFERANS, edited(items=moved("r3", round=7, title="Round 3")),
     [Difference("r3 round 3 → 7", refused="an item's round cannot change; cancel it and add another")]),
    ("the rules changed", PREFERANS, edited(rules={"call_before": 10, "follow": "hold"}),
     [Difference("rules: call_before 5.0 → 10, follow 'shift' → 'hold'",
                 {"type": "change_rules", "rules": {"call_before": 10, "follow": "hold"}})]),
    ("a team added", BRIDGE, edited_bridge(teams=[*TEAMS, {"id": "t5", "name": "Team 5"}]),
     [Difference("team t5 Team 5 added", {"type": "register_team", "team": "t5", "name": "Team 5"})]),
    ("a team renamed", BRIDGE, edited_bridge(teams=[{**x, "name": "Partizan"} if x["id"] == "t2" else x
                                                    for x in TEAMS]),
     [Difference("team t2 renamed Team 2 → Partizan", {"type": "update_team", "team": "t2", "name": "Partizan"})]),
    ("the tournament renamed", PREFERANS, edited(name="Čačak Open 2027"),
     [Difference("tournament name 'Test Cup' → 'Čačak Open 2027'",
                 {"type": "update_tournament", "name": "Čačak Open 2027"})]),
    ("the timezone changed", PREFERANS, edited(timezone="Europe/Zagreb"),
     [Difference("timezone Europe/Belgrade → Europe/Zagreb",
                 refused="the timezone of a tournament under way cannot change: every local time would move")]),
]


@pytest.mark.parametrize(("recorded", "file", "found"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_kind_of_difference_in_words_and_as_its_command(
    recorded: Tournament, file: Tournament, found: list[Difference]
) -> None:
    assert differences(recorded, Desk(recorded).state, file) == found


def test_a_team_removed_is_withdrawn_with_its_players() -> None:
    file = edited_bridge(teams=TEAMS[:3], players=[p for p in MEMBERS if p["team"] != "t4"])
    found = differences(BRIDGE, Desk(BRIDGE).state, file)
    assert found[0] == Difference("team t4 Team 4 removed", {"type": "withdraw", "team": "t4", "reason": REMOVED})
    assert [d.command for d in found[1:]] == [
        {"type": "withdraw_player", "player": f"b4{k}", "reason": REMOVED} for k in range(1, 5)]


def test_a_rule_the_log_was_recorded_without_means_what_the_rules_read_then() -> None:
    """A Novi Sad log from before `match_boards` meant 12-board match time; the file's 12 is no difference (the
    rules cannot change once play has begun, so a difference would stop the hall), another number is."""
    old = replace(BRIDGE, rules={k: v for k, v in BRIDGE.rules.items() if k != "match_boards"})
    assert "match_boards" in BRIDGE.rules
    assert differences(old, Desk(old).state, edited_bridge()) == []
    assert differences(old, Desk(old).state, edited_bridge(rules={"match_boards": 16})) == [
        Difference("rules: match_boards 12 → 16", {"type": "change_rules", "rules": {"match_boards": 16}})]


def test_a_player_with_results_removed_from_the_file_is_refused_naming_the_rounds() -> None:
    desk = Desk(PREFERANS)
    desk.play("r1")
    found = differences(PREFERANS, desk.state, edited(players=PLAYERS[:5]))
    assert found == [Difference("player p6 Ana removed", refused="has results in r1; withdraw instead "
                                                                 "(withdraw_player): the results stay and count")]


# ---- three-way: what the day already did is no difference --------------------------------------


def test_a_walk_in_registered_at_the_console_and_absent_from_the_file_is_no_difference() -> None:
    desk = Desk(PREFERANS)
    desk.do("register_player", name="Zoran")
    assert differences(PREFERANS, desk.state, edited()) == []
    # ... and beside a real edit, only the edit is a difference
    assert [d.text for d in differences(PREFERANS, desk.state, edited(name="Open"))] == [
        "tournament name 'Test Cup' → 'Open'"]


@pytest.mark.parametrize(("command", "file"), [
    ({"type": "update_player", "player": "p1", "name": "Milan Jovanović"},
     edited(players=renamed(PLAYERS, "p1", name="Milan Jovanović"))),
    ({"type": "update_player", "player": "p6", "lady": True}, edited(players=renamed(PLAYERS, "p6", lady=True))),
    ({"type": "move_item", "item": "r2", "start": "15:00"}, edited(items=moved("r2", start=R2 + 30 * MIN))),
    ({"type": "cancel_item", "item": "lunch", "reason": "no food"},
     edited(items=[i for i in ITEMS if i["id"] != "lunch"])),
    ({"type": "withdraw_player", "player": "p6", "reason": "ill"}, edited(players=PLAYERS[:5])),
    ({"type": "register_player", "player": "p7", "name": "Zoran"},
     edited(players=[*PLAYERS, {"id": "p7", "name": "Zoran"}])),
    ({"type": "update_tournament", "name": "Open"}, edited(name="Open")),
    ({"type": "change_rules", "rules": {"call_before": 10}}, edited(rules={"call_before": 10})),
], ids=["rename", "lady", "move", "cancel", "withdraw", "walk-in", "tournament name", "rules"])
def test_a_change_made_both_at_the_console_and_in_the_file_is_no_difference(
    command: dict[str, Any], file: Tournament
) -> None:
    desk = Desk(PREFERANS)
    desk.do(command["type"], **{k: v for k, v in command.items() if k != "type"})
    assert differences(PREFERANS, desk.state, file) == []


@pytest.mark.parametrize("command", [
    {"type": "update_player", "player": "p1", "name": "Milan J."},
    {"type": "move_item", "item": "r2", "start": "14:40"},
    {"type": "cancel_item", "item": "lunch", "reason": "no food"},
    {"type": "withdraw_player", "player": "p6", "reason": "ill"},
], ids=["rename", "move", "cancel", "withdraw"])
def test_a_change_made_only_at_the_console_is_no_difference(command: dict[str, Any]) -> None:
    desk = Desk(PREFERANS)
    desk.do(command["type"], **{k: v for k, v in command.items() if k != "type"})
    assert differences(PREFERANS, desk.state, edited()) == []


def test_console_and_file_disagreeing_is_a_difference_from_what_the_console_did() -> None:
    desk = Desk(PREFERANS)
    desk.do("update_player", player="p1", name="Milan J.")
    assert differences(PREFERANS, desk.state, edited(players=renamed(PLAYERS, "p1", name="Milan Jovanović"))) == [
        Difference("player p1 renamed Milan J. → Milan Jovanović",
                   {"type": "update_player", "player": "p1", "name": "Milan Jovanović"})]


# ---- accept --------------------------------------------------------------------------------------


def test_accepting_valid_differences_gives_every_event_and_leaves_no_difference() -> None:
    desk = Desk(PREFERANS)
    desk.do("register_player", name="Zoran")  # w07, at the console
    file = edited(name="Open", players=renamed(PLAYERS, "p1", name="Milan Jovanović"),
                  items=[*moved("r2", start=R2 + 30 * MIN), item("r4", R3 + 210 * MIN, 120, round=4)])
    found = differences(PREFERANS, desk.state, file)
    outcome = accept(desk.state, found, desk.now, decide)
    assert outcome.refusals == []
    assert [e.type for e in outcome.events] == [E.TOURNAMENT_UPDATED, E.PLAYER_UPDATED, E.ITEM_MOVED, E.ITEM_ADDED]
    assert all(e.payload["via"] == "file" and e.actor == "referee" for e in outcome.events)
    for new in outcome.events:
        stored(desk.events, new, desk.now)
    state = desk.state
    assert differences(PREFERANS, state, file) == []
    assert state.tournament.name == "Open"
    assert state.tournament.player("p1") == Player("p1", "Milan Jovanović")
    assert state.tournament.player("w07") is not None, "the walk-in stays"
    assert [i.id for i in state.tournament.items] == ["r1", "lunch", "r2", "r3", "r4"]
    assert "r4" in state.items


def test_accepting_is_decided_in_order_against_the_changes_before() -> None:
    # a new round 4 and round 3 moved out of its way: the move must be decided before the addition
    file = edited(items=[*moved("r3", start=R3 - 30 * MIN), item("r4", R3 + 160 * MIN, 60, round=4)])
    outcome = accept(Desk(PREFERANS).state, differences(PREFERANS, Desk(PREFERANS).state, file), T0 - 30 * MIN, decide)
    assert [e.type for e in outcome.events] == [E.ITEM_MOVED, E.ITEM_ADDED] and outcome.refusals == []


def test_one_refused_difference_refuses_them_all() -> None:
    desk = Desk(PREFERANS)
    file = edited(name="Open", timezone="Europe/Zagreb")
    found = differences(PREFERANS, desk.state, file)
    outcome = accept(desk.state, found, desk.now, decide)
    assert outcome.events == []
    assert [(d.text, why) for d, why in outcome.refusals] == [
        ("timezone Europe/Belgrade → Europe/Zagreb",
         "the timezone of a tournament under way cannot change: every local time would move")]


def test_a_difference_the_console_would_refuse_is_refused_with_the_console_s_words() -> None:
    desk = Desk(PREFERANS)
    desk.do("publish_seating", item="r1", seed=7)
    desk.at(T0).do("start_round", item="r1")
    file = edited(name="Open", items=moved("r1", start=T0 + 30 * MIN))
    outcome = accept(desk.state, differences(PREFERANS, desk.state, file), desk.now, decide)
    assert outcome.events == []
    assert [(d.text, why) for d, why in outcome.refusals] == [
        ("r1 start 11:00 → 11:30", "r1 has started: it can no longer be moved")]
    events = list(desk.events)
    assert fold(PREFERANS, events).tournament.name == "Test Cup", "nothing was written"


def test_accepting_a_player_with_results_removed_is_refused() -> None:
    desk = Desk(PREFERANS)
    desk.play("r1")
    outcome = accept(desk.state, differences(PREFERANS, desk.state, edited(players=PLAYERS[:5], name="Open")),
                     desk.now, decide)
    assert outcome.events == []
    assert [d.text for d, _ in outcome.refusals] == ["player p6 Ana removed"]


def test_a_file_that_only_retitles_a_shifted_item_keeps_the_shift() -> None:
    desk = Desk(PREFERANS)
    desk.do("shift_timetable", item="r2", minutes=20)
    found = differences(PREFERANS, desk.state, edited(items=moved("r2", title="Round two")))
    assert found == [Difference("r2 title 'Round 2' → 'Round two'",
                                {"type": "move_item", "item": "r2", "start": "2027-03-06T14:50:00",
                                 "end": "2027-03-06T17:50:00", "title": "Round two"})]
    outcome = accept(desk.state, found, desk.now, decide)
    for new in outcome.events:
        stored(desk.events, new, desk.now)
    r2 = desk.state.tournament.item("r2")
    assert r2 is not None and (r2.title, r2.start_ms) == ("Round two", R2 + 20 * MIN)


def test_a_file_that_only_moves_an_item_keeps_the_title_given_at_the_console() -> None:
    desk = Desk(PREFERANS)
    desk.do("move_item", item="r2", start="14:40", title="Round II")
    found = differences(PREFERANS, desk.state, edited(items=moved("r2", start=R2 + 30 * MIN)))
    assert found == [Difference("r2 start 14:40 → 15:00", {"type": "move_item", "item": "r2",
                                                           "start": "2027-03-06T15:00:00",
                                                           "end": "2027-03-06T18:00:00"})]


def test_a_rule_of_the_document_the_code_learned_later_is_the_preset_s_in_a_log_recorded_without_it() -> None:
    """Čačak's sponsor's prize for the 5th was always in its propositions: a log recorded before the preset had
    `sponsor_places` means [5], so today's file is no difference (else the hall would not start again: the
    rules cannot change once play has begun), and the log reads it."""
    cacak = edited(preset="cacak-preferans")
    assert cacak.rules.get("sponsor_places") == [5]
    old = replace(cacak, rules={k: v for k, v in cacak.rules.items() if k != "sponsor_places"})
    assert differences(old, Desk(old).state, cacak) == []
    recorded = Event(1, T0, E.PLAN_RECORDED, "organizer", {"plan": plan_json(old)})
    assert fold(cacak, [recorded]).tournament.rules["sponsor_places"] == [5]
    assert differences(old, Desk(old).state, edited(preset="cacak-preferans", rules={"sponsor_places": []})) == [
        Difference("rules: sponsor_places [5] → []", {"type": "change_rules", "rules": {"sponsor_places": []}})]
