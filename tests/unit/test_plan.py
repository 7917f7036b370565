"""The recorded plan and the day's changes to it (live/core/plan.py, through `live.core.state.fold`): each
roster and timetable event as the hall sees it, and the undo of each referee command that makes one.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import MIN, T0, ev, item, rounds, tournament
from support.plans import BRIDGE, DAY, PLAYERS, PREFERANS, R2, R3, Desk, recorded

from live.commands.signals import due_signals
from live.core import events as E
from live.core.plan import to_json
from live.core.state import State, fold
from live.core.tournament import Player, Tournament
from live.projections.standings import standings_of
from live.projections.views import public_sections

R1_END = T0 + 180 * MIN

SEVEN = [*PLAYERS, {"id": "p7", "name": "Goran"}]
PREFERANS7 = tournament(rounds(3), players=SEVEN)


def seated(state: State, item_id: str) -> list[str]:
    return [p for table in state.seatings[item_id].body.tables for p in table["players"]]


def starts(state: State) -> dict[str, int]:
    return {i.id: i.start_ms for i in state.tournament.items}


def snapshot(state: State) -> tuple[dict[str, Any], dict[str, Any]]:
    """Everything a screen or a restart sees of the state: the plan as JSON and the public view."""
    return to_json(state.plan or state.tournament), public_sections(state)


# ---- plan_recorded -----------------------------------------------------------------------------


def test_the_recorded_plan_replaces_the_file_passed_to_fold() -> None:
    then = tournament(rounds(3), players=PLAYERS, name="Spring Cup")
    now = tournament(rounds(2), players=PLAYERS[:3], name="Edited the night after")
    state = fold(now, [recorded(then)])
    assert state.tournament.name == "Spring Cup"
    assert [i.id for i in state.tournament.items] == ["r1", "r2", "r3"]
    assert list(state.items) == ["r1", "r2", "r3"]
    assert [p["id"] for p in public_sections(state)["players"]] == ["p1", "p2", "p3", "p4", "p5", "p6"]


def test_a_plan_recorded_late_in_an_old_log_still_is_the_plan_of_every_event() -> None:
    # A log from before plans were recorded: round 3 was started, then the plan was recorded.
    then = tournament([item("r3", T0, 180)], players=PLAYERS, name="Spring Cup")
    now = tournament(rounds(2), players=PLAYERS, name="Edited")
    events = [
        ev(1, T0 - 60 * MIN, E.ANNOUNCED, "referee", text="Welcome"),
        ev(2, T0 + 5 * MIN, E.ROUND_STARTED, "referee", item="r3"),
        recorded(then, seq=3, ts=T0 + 6 * MIN),
    ]
    state = fold(now, events)
    assert state.tournament.name == "Spring Cup"
    assert list(state.items) == ["r3"]
    assert (state.items["r3"].status, state.items["r3"].started_at) == ("running", T0 + 5 * MIN)
    assert state.seq == 3


# ---- the roster --------------------------------------------------------------------------------


def test_a_walk_in_before_the_round_one_draw_is_in_the_draw() -> None:
    desk = Desk(PREFERANS)
    event = desk.do("register_player", name="  Zoran   Ilić ")
    assert event.type == E.PLAYER_REGISTERED
    assert event.payload == {"name": "Zoran Ilić", "lady": False, "player": "w07"}
    assert {"id": "w07", "name": "Zoran Ilić", "team": None} in public_sections(desk.state)["players"]
    desk.do("publish_seating", item="r1", seed=7)
    assert sorted(seated(desk.state, "r1")) == ["p1", "p2", "p3", "p4", "p5", "p6", "w07"]
    assert [len(t["players"]) for t in desk.state.seatings["r1"].body.tables] == [4, 3]


def test_a_walk_in_after_the_draw_enters_the_next_round_seated_from_the_standings() -> None:
    desk = Desk(PREFERANS)
    desk.do("publish_seating", item="r1", seed=7)
    event = desk.do("register_player", name="Zoran", lady=False)
    assert event.payload["enters"] == "r2"
    walk_in = event.payload["player"]
    assert walk_in not in seated(desk.state, "r1"), "round 1 was drawn without them"
    row = next(p for p in public_sections(desk.state)["players"] if p["id"] == walk_in)
    assert row["enters"] == "r2"
    desk.do("start_round", item="r1")
    for table in desk.state.seatings["r1"].body.tables:
        desk.do("record_result", item="r1", table=table["table"],
                results=dict(zip(table["players"], (30, 0, -30), strict=True)))
    desk.do("end_round", item="r1")
    published = desk.do("publish_seating", item="r2")
    assert published.payload["method"] == "standings"
    assert sorted(seated(desk.state, "r2")) == sorted([*[p["id"] for p in PLAYERS], walk_in])


def test_a_walk_in_after_round_one_started_enters_round_two() -> None:
    desk = Desk(PREFERANS)
    desk.do("publish_seating", item="r1", seed=7)
    desk.at(T0).do("start_round", item="r1")
    event = desk.do("register_player", name="Zoran")
    assert event.payload["enters"] == "r2"
    plan = desk.state.plan
    assert plan is not None and plan.player("w07") == Player("w07", "Zoran", enters="r2")


def test_a_corrected_name_and_lady_mark_show_everywhere() -> None:
    desk = Desk(PREFERANS)
    event = desk.do("update_player", player="p2", name="Jelena Petrović", lady=False)
    assert event.payload == {"player": "p2", "name": "Jelena Petrović", "was": "Jelena", "lady": False}
    state = desk.state
    assert state.tournament.player("p2") == Player("p2", "Jelena Petrović", lady=False)
    assert next(p for p in public_sections(state)["players"] if p["id"] == "p2") == {
        "id": "p2", "name": "Jelena Petrović", "team": None}


def test_a_withdrawn_player_is_not_seated_again_and_their_results_stay() -> None:
    desk = Desk(PREFERANS7)
    desk.play("r1")
    before = {row["player"]: row for row in standings_of(desk.state)}
    event = desk.do("withdraw_player", player="p1", reason="  fell ill ")
    assert event.payload == {"player": "p1", "name": "Milan", "reason": "fell ill"}
    state = desk.state
    assert next(p for p in public_sections(state)["players"] if p["id"] == "p1")["withdrawn"] is True
    after = {row["player"]: row for row in standings_of(state)}
    assert after["p1"]["points"] == before["p1"]["points"] and after["p1"]["rounds"] == 1
    desk.do("publish_seating", item="r2")
    assert sorted(seated(desk.state, "r2")) == ["p2", "p3", "p4", "p5", "p6", "p7"]
    assert [len(t["players"]) for t in desk.state.seatings["r2"].body.tables] == [3, 3]


def test_a_team_registered_on_the_day_plays_the_league() -> None:
    desk = Desk(BRIDGE)
    event = desk.do("register_team", name="Team 5", team="t5")
    assert event.payload == {"team": "t5", "name": "Team 5"}
    assert {"id": "t5", "name": "Team 5"} in public_sections(desk.state)["teams"]
    desk.do("publish_seating", item="m1")
    published = desk.state.seatings["m1"]
    playing = {m["home"] for m in published.body.matches} | {m["away"] for m in published.body.matches}
    assert playing | {published.body.bye} == {"t1", "t2", "t3", "t4", "t5"}, "five teams: one has the bye"


def test_a_renamed_team_shows_its_new_name() -> None:
    desk = Desk(BRIDGE)
    event = desk.do("update_team", team="t2", name="Partizan")
    assert event.payload == {"team": "t2", "name": "Partizan", "was": "Team 2"}
    assert public_sections(desk.state)["teams"][1] == {"id": "t2", "name": "Partizan"}


# ---- the timetable -----------------------------------------------------------------------------


def test_a_moved_item_is_played_at_its_new_time() -> None:
    desk = Desk(PREFERANS)
    event = desk.do("move_item", item="r2", start="15:00", title="Round 2 (after lunch)")
    assert event.payload == {"item": "r2", "title": "Round 2 (after lunch)", "start": R2 + 30 * MIN,
                             "end": R2 + 210 * MIN, "was": [R2, R2 + 180 * MIN]}
    state = desk.state
    r2 = state.tournament.item("r2")
    assert r2 is not None and (r2.start_ms, r2.end_ms, r2.title) == (R2 + 30 * MIN, R2 + 210 * MIN,
                                                                      "Round 2 (after lunch)")
    assert state.items["r2"].item == r2
    assert ("r2:start", R2 + 30 * MIN) in [(s.id, s.due_at) for s in due_signals(state.tournament, state)]
    assert state.announcements[-1]["type"] == E.ITEM_MOVED and state.announcements[-1]["item"] == "r2"


def test_a_moved_item_with_a_new_length() -> None:
    desk = Desk(PREFERANS)
    desk.do("move_item", item="r3", start="2027-03-06T18:30", end="21:00")
    r3 = desk.state.tournament.item("r3")
    assert r3 is not None and (r3.start_ms, r3.end_ms) == (R3 + 30 * MIN, R3 + 180 * MIN)


def test_a_shift_moves_the_item_and_every_later_one_keeping_their_lengths() -> None:
    t = tournament([*rounds(3), item("dinner", T0 + 600 * MIN, 60, "meal")], players=PLAYERS)
    desk = Desk(t)
    event = desk.do("shift_timetable", item="r2", minutes=20)
    assert event.payload == {"item": "r2", "title": "Round 2", "minutes": 20.0, "ms": 20 * MIN,
                             "items": ["r2", "r3", "dinner"]}
    state = desk.state
    assert starts(state) == {"r1": T0, "r2": R2 + 20 * MIN, "r3": R3 + 20 * MIN, "dinner": T0 + 620 * MIN}
    assert all(i.duration_ms == 180 * MIN for i in state.tournament.items if i.playing)


def test_an_added_round_gets_a_clock_and_its_signals() -> None:
    desk = Desk(PREFERANS)
    desk.do("add_item", item="r4", kind="round", start="21:30", minutes=120, round=4)
    desk.do("add_item", item="dinner", kind="meal", start="21:05", end="21:25")
    state = desk.state
    assert [i.id for i in state.tournament.items] == ["r1", "r2", "r3", "dinner", "r4"]
    r4 = state.tournament.item("r4")
    assert r4 is not None and (r4.title, r4.round, r4.duration_ms) == ("Round 4", 4, 120 * MIN)
    assert state.items["r4"].status == "scheduled" and "dinner" not in state.items
    assert "r4:start" in [s.id for s in due_signals(state.tournament, state)]


def test_a_round_added_between_two_others_is_played_between_them() -> None:
    desk = Desk(tournament(rounds(2, gap=60), players=PLAYERS))  # r1 11:00–14:00, r2 15:00–18:00
    desk.do("add_item", item="extra", kind="round", start="14:10", minutes=40, round=3)
    state = desk.state
    assert list(state.items) == ["r1", "extra", "r2"]
    assert [i["id"] for i in public_sections(state)["timetable"]] == ["r1", "extra", "r2"]


def test_a_cancelled_round_leaves_the_timetable_and_fires_nothing() -> None:
    desk = Desk(PREFERANS)
    event = desk.do("cancel_item", item="r3", reason="the hall closes early")
    assert event.payload == {"item": "r3", "title": "Round 3", "reason": "the hall closes early"}
    state = desk.state
    assert "r3" not in state.items and state.tournament.item("r3") is None
    assert [i["id"] for i in public_sections(state)["timetable"]] == ["r1", "r2"]
    assert not [s for s in due_signals(state.tournament, state) if s.item == "r3"]


def test_a_renamed_tournament() -> None:
    desk = Desk(PREFERANS)
    desk.do("update_tournament", name="Čačak Open 2027", languages=["sr-Latn", "en", "sr-Latn"], language="en")
    shown = public_sections(desk.state)["tournament"]
    assert (shown["name"], shown["languages"], shown["language"]) == ("Čačak Open 2027", ["sr-Latn", "en"], "en")


def test_changed_rules_apply_to_the_signals() -> None:
    desk = Desk(PREFERANS)
    desk.do("publish_seating", item="r1", seed=7)
    assert ("r1:call", T0 - 5 * MIN) in [(s.id, s.due_at) for s in due_signals(desk.state.tournament, desk.state)]
    event = desk.do("change_rules", rules={"call_before": 10, "auto_start": False})
    assert event.payload == {"rules": {"call_before": 10, "auto_start": False},
                             "was": {"call_before": 5.0, "auto_start": True}}
    state = desk.state
    due = [(s.id, s.due_at) for s in due_signals(state.tournament, state)]
    assert ("r1:call", T0 - 10 * MIN) in due
    assert not [s for s, _ in due if s.endswith(":start")], "no automatic start any more"
    assert public_sections(state)["tournament"]["call_before_ms"] == 10 * MIN


# ---- plan_missed ---------------------------------------------------------------------------------


def test_missed_items_fire_nothing_until_a_shift_brings_them_back() -> None:
    # Typed a year early: every round was over long before the server first saw the plan.
    typo = tournament(rounds(3, start=T0 - 365 * DAY), players=PLAYERS)
    now = T0 - 30 * MIN
    events = [recorded(typo), ev(2, now, E.PLAN_MISSED, "scheduler", items=["r1", "r2", "r3"], at=now)]
    state = fold(typo, events)
    assert [s.status for s in state.items.values()] == ["missed", "missed", "missed"]
    assert due_signals(state.tournament, state) == []
    assert [v["status"] for v in public_sections(state)["timetable"]] == ["missed"] * 3

    desk = Desk(typo, now)
    desk.events = events
    desk.do("shift_timetable", item="r1", minutes=365 * 24 * 60)
    state = desk.state
    assert [s.status for s in state.items.values()] == ["scheduled"] * 3
    assert starts(state) == {"r1": T0, "r2": R2, "r3": R3}
    assert "r1:start" in [s.id for s in due_signals(state.tournament, state)]


# ---- undo ----------------------------------------------------------------------------------------

# (case, tournament, the commands before, the command undone)
UNDONE: list[tuple[str, Tournament, list[dict[str, Any]], dict[str, Any]]] = [
    ("register_player", PREFERANS, [], {"type": "register_player", "name": "Zoran"}),
    ("register_player after the draw", PREFERANS, [{"type": "publish_seating", "item": "r1", "seed": 7}],
     {"type": "register_player", "name": "Zoran"}),
    ("update_player", PREFERANS, [], {"type": "update_player", "player": "p2", "name": "Jelena P.", "lady": False}),
    ("withdraw_player", PREFERANS7, [], {"type": "withdraw_player", "player": "p7", "reason": "ill"}),
    ("register_team", BRIDGE, [], {"type": "register_team", "name": "Team 5"}),
    ("update_team", BRIDGE, [], {"type": "update_team", "team": "t1", "name": "Partizan"}),
    ("move_item", PREFERANS, [], {"type": "move_item", "item": "r2", "start": "15:00", "title": "Late"}),
    ("shift_timetable", PREFERANS, [], {"type": "shift_timetable", "item": "r2", "minutes": 25}),
    ("add_item", PREFERANS, [], {"type": "add_item", "item": "r4", "kind": "round", "start": "21:30",
                                 "minutes": 120, "round": 4}),
    ("cancel_item", PREFERANS, [], {"type": "cancel_item", "item": "r3", "reason": "hall closes"}),
    ("update_tournament", PREFERANS, [], {"type": "update_tournament", "name": "Čačak Open"}),
    ("change_rules", PREFERANS, [], {"type": "change_rules", "rules": {"follow": "hold", "call_before": 10}}),
]


@pytest.mark.parametrize(("t", "setup", "command"), [c[1:] for c in UNDONE], ids=[c[0] for c in UNDONE])
def test_undo_of_a_plan_command_restores_the_state_before_it(
    t: Tournament, setup: list[dict[str, Any]], command: dict[str, Any]
) -> None:
    desk = Desk(t)
    for c in setup:
        desk.do(c["type"], **{k: v for k, v in c.items() if k != "type"})
    before = snapshot(desk.state)
    done = desk.do(command["type"], **{k: v for k, v in command.items() if k != "type"})
    assert snapshot(desk.state) != before, "the command changed something"
    undo = desk.do("undo")
    assert undo.payload == {"target": done.seq, "undid": done.type}
    assert snapshot(desk.state) == before


def test_undo_of_a_walk_in_already_seated_is_refused() -> None:
    desk = Desk(PREFERANS)
    walk_in = desk.do("register_player", name="Zoran")
    desk.do("publish_seating", item="r1", seed=7)
    refused = desk.refuse({"type": "undo", "seq": walk_in.seq})
    assert refused.status == 409 and refused.detail["field"] == "seq"
    assert "w07" in refused.error and "seated" in refused.error and "withdraw" in refused.error
    # once the seating that holds them is undone, so may the walk-in be
    desk.do("undo")
    desk.do("undo", seq=walk_in.seq)
    assert desk.state.plan is not None and desk.state.plan.player("w07") is None


def test_undo_of_an_added_round_in_use_is_refused() -> None:
    desk = Desk(PREFERANS)
    added = desk.do("add_item", item="r4", kind="round", start="21:30", minutes=120, round=4)
    desk.do("check_in", item="r4", player="p1")
    refused = desk.refuse({"type": "undo", "seq": added.seq})
    assert refused.status == 409 and refused.detail["field"] == "seq" and "cancel" in refused.error
    assert refused.detail["code"] == "undo.item_in_use"


def test_undo_of_a_team_already_seated_is_refused() -> None:
    desk = Desk(BRIDGE)
    team = desk.do("register_team", name="Team 5")
    desk.do("publish_seating", item="m1")
    refused = desk.refuse({"type": "undo", "seq": team.seq})
    assert refused.status == 409 and refused.detail["field"] == "seq"
    assert refused.detail["code"] == "undo.registered_in_use"
    assert "team t05 is already seated" in refused.error


def test_the_seating_of_a_round_that_has_started_cannot_be_undone() -> None:
    desk = Desk(PREFERANS)
    published = desk.do("publish_seating", item="r1", seed=1)
    desk.do("start_round", item="r1")
    refused = desk.refuse({"type": "undo", "seq": published.seq})
    assert refused.status == 409 and "r1 has started" in refused.error


def test_the_timetable_says_what_may_still_change_and_until_when() -> None:
    """The console offers move, shift and cancel from these; the commands check again."""
    t = tournament([item("reg", T0 - 120 * MIN, 60, "registration"), *rounds(2)], players=PLAYERS)
    desk = Desk(t)
    rows = {row["id"]: row for row in public_sections(desk.state)["timetable"]}
    assert (rows["reg"]["changeable"], rows["reg"]["changeable_until"]) == (True, None)  # nothing played yet
    desk.do("publish_seating", item="r1", seed=1)
    desk.do("start_round", item="r1")
    rows = {row["id"]: row for row in public_sections(desk.state)["timetable"]}
    assert (rows["reg"]["changeable"], rows["reg"]["changeable_until"]) == (True, T0 - 120 * MIN)
    assert (rows["r1"]["changeable"], rows["r1"]["changeable_until"]) == (False, None)
    assert (rows["r2"]["changeable"], rows["r2"]["changeable_until"]) == (True, None)
