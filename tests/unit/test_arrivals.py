"""Arrivals: check-ins, announced absences and reserves through the whole pure pipeline.

Commands go through `live.commands.decide.decide`, signals through `live.commands.signals.due_signals` /
`signal_event`, everything is folded with `live.core.state.fold`, and the checks read what the screens
read: the state's `lateness` (the check-in lists) and `standings`. The clock is plain integers
(epoch milliseconds; T0 is the scheduled start of round 1 / match 1, 11:00 in Belgrade).

Ids name the rule they check: "1 late" = docs/rules/cacak.md#late-arrival, "2 time" = docs/rules/novi-sad.md#overtime
and docs/rules/novi-sad.md#forfeit, "3 late" = docs/rules/slovak-league.md#late-arrival (§18, §27.2), "late everywhere"
= docs/rules/lateness.md.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from helpers import MIN, SEC, T0, item, ranked, rounds, stored, tournament
from support.arrivals import (
    CACAK,
    HOUR,
    IN_ORDER,
    NOVI_SAD,
    PLAYERS,
    SEED,
    TEAMS5,
    TEAMS6,
    VALID,
    Desk,
    at,
    members,
    row,
    slovak,
    started,
)

from live.commands.arrivals import self_check_in
from live.commands.decide import CommandError, decide
from live.commands.signals import due_signals, signal_event
from live.core import events as E
from live.core.events import Event
from live.core.state import State, fold
from live.core.tournament import Tournament
from live.edges.web.exports import STANDINGS_COLUMNS, standings_csv
from live.projections import checkin_codes
from live.projections.checkin_lists import absent, lateness_of
from live.projections.kept import check_in_json
from live.projections.standings import ranks, scored_results, standings_of
from live.projections.views import me_section
from live.rules import seating
from live.rules.vp import slovak25_vp, wbf_vp

IDS = [p["id"] for p in PLAYERS]
#: The referee starts the rounds by hand (no scheduled start): a late start moves the reference.
CACAK_BY_HAND = tournament(rounds(2), players=PLAYERS, rules={"auto_start": False})
CACAK_RESULT = tournament(rounds(2), players=PLAYERS, rules={"late_penalty_applies": "result"})
DRAWN = [list(x.players) for x in seating.draw(IDS, SEED)]  # [[p5, p1, p6], [p4, p2, p3]]
assert [list(x.players) for x in seating.draw(IDS, IN_ORDER)] == [IDS[:3], IDS[3:]]
R2 = T0 + 210 * MIN  # round 2 of the preferans rounds


M2 = T0 + 270 * MIN


def penalty(state: State, who: str, item: str = "r1") -> tuple[Any, ...]:
    r = row(state, who, item)
    return r["late_ms"], r["minutes"], r["bule"], r["starts_with"], r["tolerated"], r["reserve_due"]


def alerts(events: list[Event]) -> list[Event]:
    return [e for e in events if e.type == E.LATENESS_ALERT]


def late_signals(desk: Desk) -> list[tuple[str, int]]:
    return [(s.id, s.due_at) for s in due_signals(desk.t, desk.state) if s.type == E.LATENESS_ALERT]


# ---- valid commands: the event each becomes ----------------------------------------------------

# The setups the cases of support/arrivals.py's VALID name.
def _p1_in() -> Desk:
    desk = started()
    desk.check_in("p1", at(2))
    return desk


def _p3_excused() -> Desk:
    desk = Desk(CACAK)
    desk.seat(T0 - 30 * MIN)
    desk.do("excuse_absence", T0 - 20 * MIN, item="r1", player="p3", reason="phoned: ill")
    return desk


SETUPS = {
    "r1 scheduled": lambda: Desk(CACAK),
    "r1 running": started,
    "r1 running, p1 in": _p1_in,
    "r1 scheduled, p3 excused": _p3_excused,
    "r1 seated, running": lambda: started(seed=SEED),
    "m1 running": lambda: started(NOVI_SAD, seed=1, item="m1"),
}


@pytest.mark.parametrize(("setup", "command", "now", "kind", "payload"), [c[1:] for c in VALID],
                         ids=[c[0] for c in VALID])
def test_a_valid_arrival_command_becomes_its_event(
    setup: str, command: dict[str, Any], now: int, kind: str, payload: dict[str, Any]
) -> None:
    desk = SETUPS[setup]()
    state = desk.state
    before = repr((state.check_ins, state.excused, state.reserves))
    new = decide(desk.t, state, command, now)
    assert [(n.type, n.actor, n.payload, n.signal) for n in new] == [(kind, "referee", payload, None)]
    assert repr((state.check_ins, state.excused, state.reserves)) == before, "deciding is pure"
    event = stored(desk.events, new[0], now)
    after = desk.state
    store = {E.CHECKED_IN: after.check_ins, E.CHECKED_IN_ALL: after.check_ins, E.ABSENCE_ANNOUNCED: after.excused,
             E.RESERVE_SEATED: after.reserves}
    for who in payload.get("players") or payload.get("teams") or [payload.get("player") or payload.get("team")]:
        assert store[kind][payload["item"]][who].seq == event.seq


# ---- Čačak: how late, how many bule -------------------------------------------------------------

EDGES = [
    # (check-in, late_ms, whole minutes, bule, starts with, tolerated, reserve due)
    pytest.param(at(-10), 0, 0, 0, 300, False, False, id="1 late: a check-in before the start is 0 late"),
    pytest.param(T0, 0, 0, 0, 300, False, False, id="1 late: at the start"),
    pytest.param(at(4, 59), at(4, 59) - T0, 4, 0, 300, True, False, id="1 late: 4:59 tolerated"),
    pytest.param(at(5), 5 * MIN, 5, 0, 300, True, False, id="1 late: 5:00 still tolerated"),
    pytest.param(at(5, 1), at(5, 1) - T0, 5, 10, 310, False, False, id="1 late: 5:01 → 5 minutes, 10 bule"),
    pytest.param(at(7, 40), at(7, 40) - T0, 7, 14, 314, False, False, id="1 late: 7:40 → 14 bule, starts with 314"),
    pytest.param(at(29, 59), at(29, 59) - T0, 29, 58, 358, False, False, id="1 late: 29:59 → 58 bule"),
    pytest.param(at(30), 30 * MIN, 30, 60, 360, False, False, id="1 late: 30:00 → 60 bule, still plays"),
    pytest.param(at(30, 1), at(30, 1) - T0, 30, 60, 350, False, True, id="1 late: 30:01 → the reserve's 350"),
    pytest.param(at(45), 45 * MIN, 45, 60, 350, False, True, id="1 late: capped at 30 minutes"),
]


@pytest.mark.parametrize(("when", "late", "minutes", "bule", "starts_with", "tolerated", "reserve_due"), EDGES)
def test_the_edge_minutes_of_cacak(when: int, late: int, minutes: int, bule: int, starts_with: int,
                                   tolerated: bool, reserve_due: bool) -> None:
    desk = Desk(CACAK)
    desk.seat()
    desk.run_until(min(when, T0))
    desk.check_in("p1", when)
    desk.run_until(max(when, T0) + MIN)
    assert desk.state.items["r1"].status == "running"
    assert penalty(desk.state, "p1") == (late, minutes, bule, starts_with, tolerated, reserve_due)
    assert row(desk.state, "p1")["arrived_at"] == when
    assert row(desk.state, "p1")["deduction"] == 0, "on paper (the default), nothing is taken off the result"
    assert row(desk.state, "p2")["arrived_at"] is None and "bule" not in row(desk.state, "p2")


def test_the_steps_give_the_penalty_of_any_moment_for_those_not_yet_in() -> None:
    steps = lateness_of(started().state)["r1"]["steps"]

    def step(late: int) -> dict[str, Any]:
        return [s for s in steps if s["from_ms"] <= late][-1]

    assert step(0)["bule"] == 0 and step(0)["tolerated"] is False
    assert step(4 * MIN + 59 * SEC)["tolerated"] is True
    assert (step(5 * MIN)["bule"], step(5 * MIN)["tolerated"]) == (0, True)
    assert (step(5 * MIN + 1)["bule"], step(5 * MIN + 1)["starts_with"]) == (10, 310)
    assert step(7 * MIN + 40 * SEC)["bule"] == 14
    assert step(30 * MIN)["starts_with"] == 360
    assert (step(30 * MIN + 1)["starts_with"], step(30 * MIN + 1)["reserve_due"]) == (350, True)


def test_a_correction_recomputes_the_penalty_and_the_audit_keeps_both() -> None:
    desk = started()
    first = desk.check_in("p1", at(7, 40))
    assert penalty(desk.state, "p1")[2:4] == (14, 314)
    correction = desk.check_in("p1", at(20), at="2027-03-06T11:04:30+01:00",
                               reason="signed the sheet at the desk at 11:04:30")
    state = desk.state
    assert penalty(state, "p1") == (at(4, 30) - T0, 4, 0, 300, True, False)
    assert check_in_json(state.check_ins["r1"]["p1"]) == {
        "item": "r1", "player": "p1", "at": at(4, 30), "reason": "signed the sheet at the desk at 11:04:30",
        "corrects": first.seq, "seq": correction.seq, "by": "referee"}
    audit = [c for c in state.commands if c["type"] == E.CHECKED_IN]
    assert [(c["seq"], c["payload"]["at"], c["undone"]) for c in audit] == [
        (first.seq, at(7, 40), False), (correction.seq, at(4, 30), False)]
    # a correction to a later time costs more
    desk.check_in("p1", at(21), at=at(12), reason="the sheet was misread")
    assert penalty(desk.state, "p1")[2:4] == (24, 324)
    # and undoing it brings back the time before
    desk.do("undo", at(22))
    assert penalty(desk.state, "p1")[2:4] == (0, 300)
    assert len([c for c in desk.state.commands if c["type"] == E.CHECKED_IN]) == 3


def test_a_late_start_by_the_referee_moves_the_reference() -> None:
    desk = Desk(CACAK_BY_HAND)
    desk.seat()
    desk.run_until(at(8))
    assert desk.state.items["r1"].status == "called"
    desk.check_in("p1", at(8))  # after the scheduled start, before the referee's
    assert penalty(desk.state, "p1")[0] == 8 * MIN, "until the round starts, the scheduled start counts"
    desk.do("start_round", at(10), item="r1")
    state = desk.state
    assert lateness_of(state)["r1"]["reference_start"] == at(10)
    assert penalty(state, "p1") == (0, 0, 0, 300, False, False)
    desk.check_in("p2", at(15))
    desk.check_in("p3", at(17, 40))
    state = desk.state
    assert penalty(state, "p2")[1:5] == (5, 0, 300, True)
    assert penalty(state, "p3")[1:4] == (7, 14, 314)
    assert [(x["name"], x["at"]) for x in lateness_of(state)["r1"]["thresholds"]] == [
        ("grace", at(15)), ("reserve", at(40))]
    assert late_signals(desk) == [("r1:late:grace", at(15)), ("r1:late:reserve", at(40))]


def test_an_early_start_does_not_make_anyone_late_earlier() -> None:
    desk = Desk(CACAK_BY_HAND)
    desk.seat()
    desk.do("start_round", at(-3), item="r1")
    desk.check_in("p1", at(-1))  # after the early start, before the scheduled one
    desk.check_in("p2", at(2))
    assert lateness_of(desk.state)["r1"]["reference_start"] == T0
    assert penalty(desk.state, "p1")[0] == 0
    assert penalty(desk.state, "p2")[0] == 2 * MIN


def test_a_pause_between_the_start_and_the_check_in_does_not_count() -> None:
    desk = started()
    desk.do("pause", at(3), item="r1")
    desk.check_in("p3", at(8))  # while paused: 3 minutes of running clock
    desk.do("resume", at(13), item="r1")
    desk.check_in("p2", at(15))  # 3 + 2 minutes
    desk.check_in("p1", at(20, 30))  # 3 + 7:30 minutes
    state = desk.state
    assert penalty(state, "p3")[:2] == (3 * MIN, 3) and row(state, "p3")["tolerated"] is True
    assert penalty(state, "p2")[:5] == (5 * MIN, 5, 0, 300, True)
    assert penalty(state, "p1")[:5] == (10 * MIN + 30 * SEC, 10, 20, 320, False)
    assert lateness_of(state)["r1"]["pauses"] == [[at(3), at(13)]]
    assert [(x["name"], x["at"]) for x in lateness_of(state)["r1"]["thresholds"]] == [
        ("grace", at(15)), ("reserve", at(40))]
    # the reserve comes 30 minutes of running clock after the start
    assert desk.refuse({"type": "seat_reserve", "item": "r1", "player": "p4", "name": "Zoran"}, at(39)).status == 409
    desk.do("seat_reserve", at(40, 1), item="r1", player="p4", name="Zoran")


def test_no_lateness_alert_is_due_while_the_round_is_paused() -> None:
    desk = started()
    assert late_signals(desk) == [("r1:late:grace", at(5)), ("r1:late:reserve", at(30))]
    desk.do("pause", at(2), item="r1")
    assert late_signals(desk) == []
    desk.do("resume", at(12), item="r1")
    assert late_signals(desk) == [("r1:late:grace", at(15)), ("r1:late:reserve", at(40))]


# ---- alerts ---------------------------------------------------------------------------------------


def test_alerts_are_due_only_while_someone_is_absent_and_list_the_absent() -> None:
    desk = Desk(CACAK)
    desk.seat()
    desk.run_until(at(-1))
    assert late_signals(desk) == [], "no lateness alert before the round starts"
    desk.check_in("p1", at(-1))
    desk.run_until(T0)
    assert late_signals(desk) == [("r1:late:grace", at(5)), ("r1:late:reserve", at(30))]
    desk.check_in("p2", at(3))
    desk.check_in("p3", at(4))
    grace = alerts(desk.run_until(at(5)))
    assert [(e.signal, e.actor, e.ts, e.payload) for e in grace] == [
        ("r1:late:grace", "scheduler", at(5),
         {"item": "r1", "due_at": at(5), "threshold": "grace", "absent": ["p4", "p5", "p6"]})]
    for player in ("p4", "p5", "p6"):
        desk.check_in(player, at(6))
    assert late_signals(desk) == [], "everyone came: no more alerts"
    assert alerts(desk.run_until(at(60))) == []


def test_no_alert_when_everyone_came_in_time() -> None:
    desk = Desk(CACAK)
    desk.seat()
    for player in IDS:
        desk.check_in(player, at(-10))
    desk.run_until(at(60))
    assert desk.state.items["r1"].status == "running"
    assert late_signals(desk) == []
    assert alerts(desk.events) == []
    assert signal_event(CACAK, desk.state, "r1:late:grace", at(60)) is None


def test_an_alert_not_needed_any_more_when_it_fires_is_not_appended() -> None:
    desk = started()
    for player in IDS[:-1]:
        desk.check_in(player, at(1))
    state = desk.state
    assert [s.id for s in due_signals(CACAK, state) if s.type == E.LATENESS_ALERT] == [
        "r1:late:grace", "r1:late:reserve"]
    desk.check_in("p6", at(4))  # the last one, within the grace
    assert signal_event(CACAK, desk.state, "r1:late:grace", at(5)) is None
    assert signal_event(CACAK, state, "r1:late:grace", at(4)) is None, "not before it is due"


def test_the_reserve_alert_says_what_each_table_needs() -> None:
    desk = started(seed=SEED)  # table 1: p5 p1 p6, table 2: p4 p2 p3
    for player in ("p5", "p1", "p4"):
        desk.check_in(player, at(2))
    grace = alerts(desk.run_until(at(5)))
    assert [e.payload["absent"] for e in grace] == [["p6", "p2", "p3"]]
    assert "tables" not in grace[0].payload
    desk.check_in("p2", at(29))  # late, but in time to play
    (reserve,) = alerts(desk.run_until(at(30)))
    assert reserve.signal == "r1:late:reserve" and reserve.ts == at(30)
    assert reserve.payload == {
        "item": "r1", "due_at": at(30), "threshold": "reserve", "absent": ["p6", "p3"],
        "tables": [{"table": 1, "kind": "reserve", "absent": ["p6"], "walkover_to": None},
                   {"table": 2, "kind": "reserve", "absent": ["p3"], "walkover_to": None}],
    }


def test_two_absent_at_a_table_give_the_one_who_came_a_walkover() -> None:
    desk = started(seed=SEED)
    for player in ("p5", "p1", "p6", "p4"):
        desk.check_in(player, at(1))
    desk.check_in("p2", at(31))  # too late: the table was decided at 30:00
    (grace, reserve) = alerts(desk.run_until(at(60)))
    assert grace.payload["absent"] == ["p2", "p3"]
    assert reserve.payload["absent"] == ["p2", "p3"]
    assert reserve.payload["tables"] == [
        {"table": 2, "kind": "walkover", "absent": ["p2", "p3"], "walkover_to": "p4"}]


# ---- announced absences and reserves --------------------------------------------------------------


def test_an_announced_absence_is_never_penalized_and_needs_no_reserve() -> None:
    desk = Desk(CACAK)
    desk.do("excuse_absence", at(-45), item="r1", player="p3", reason="phoned ahead: train delayed")
    desk.do("publish_seating", at(-40), item="r1", seed=SEED)  # p3 sits at table 2 with p4 and p2
    for player in ("p5", "p1", "p6", "p4"):
        desk.check_in(player, at(-5))
    desk.run_until(T0)
    # A replacement for him would start with the game's own 300 bule, and may take the seat at once.
    assert row(desk.state, "p3") == {"id": "p3", "arrived_at": None, "name": "Dragan", "excused": True,
                                     "reserve": None, "reserve_starts_with": 300, "reserve_from_ms": 0}
    assert late_signals(desk) == [("r1:late:grace", at(5)), ("r1:late:reserve", at(30))]  # p2 is missing
    (grace, reserve) = alerts(desk.run_until(at(31)))
    assert grace.payload["absent"] == ["p2"] and reserve.payload["absent"] == ["p2"]
    # p3's seat is his replacement's: p2 alone is missing, so table 2 needs a reserve, not a walkover
    assert reserve.payload["tables"] == [{"table": 2, "kind": "reserve", "absent": ["p2"], "walkover_to": None}]
    # he turns up after all, 50 minutes after the start: still no penalty
    desk.check_in("p3", at(50))
    r = row(desk.state, "p3")
    assert (r["excused"], r["bule"], r["starts_with"], r["deduction"], r["reserve_due"]) == (True, 0, 300, 0, False)


def test_an_excused_player_alone_missing_raises_no_alert() -> None:
    desk = Desk(CACAK)
    desk.seat()
    desk.do("excuse_absence", at(-45), item="r1", player="p3", reason="ill")
    for player in ("p1", "p2", "p4", "p5", "p6"):
        desk.check_in(player, at(-5))
    desk.run_until(at(60))
    assert desk.state.items["r1"].status == "running"
    assert late_signals(desk) == [] and alerts(desk.events) == []


def test_a_reserve_only_after_30_minutes_and_it_starts_with_350() -> None:
    desk = started(seed=SEED)
    for player in ("p5", "p1", "p4", "p2", "p3"):
        desk.check_in(player, at(1))
    command = {"type": "seat_reserve", "item": "r1", "player": "p6", "name": "Zoran"}
    for when in (at(10), at(29, 59), at(30)):
        error = desk.refuse(command, when)
        assert (error.status, error.detail) == (409, {"field": "player", "code": "reserve.too_early", "minutes": 30})
        assert "30 minutes after the start" in error.error
    seated = desk.do("seat_reserve", at(30, 1), item="r1", player="p6", name="Zoran")
    assert seated.payload == {"item": "r1", "player": "p6", "name": "Zoran", "starts_with": 350, "table": 1}
    r = row(desk.state, "p6")
    assert (r["reserve"], r["starts_with"], r["arrived_at"]) == ("Zoran", 350, None)
    assert late_signals(desk) == [], "a seat a reserve took is nobody's absence"
    assert desk.refuse(command).status == 409  # a second reserve for the same seat


def test_an_excused_players_replacement_starts_with_300() -> None:
    desk = Desk(CACAK)
    desk.seat()
    desk.do("excuse_absence", at(-45), item="r1", player="p3", reason="wedding")
    desk.do("seat_reserve", at(-20), item="r1", player="p3", name="Goran")
    desk.run_until(T0)
    r = row(desk.state, "p3")
    assert (r["excused"], r["reserve"], r["starts_with"]) == (True, "Goran", 300)


# ---- late_penalty_applies: on the paper, or off the result ----------------------------------------

SLIP = {"p1": 37, "p2": -12, "p3": -25}  # docs/rules/cacak.md#scoring: 4.3 / 2.9 / 0.8


def scored(t: Tournament, late: int) -> Desk:
    desk = started(t)
    desk.check_in("p2", at(1))
    desk.check_in("p3", at(2))
    desk.check_in("p1", at(late))
    desk.do("record_result", at(170), item="r1", table=1, results=SLIP)
    return desk


def standing(state: State) -> dict[str, tuple[Any, ...]]:
    return {r["player"]: (r["rank"], r["points"], r["bule"]) for r in ranked(standings_of(state)) if r["rounds"]}


def test_on_paper_the_standings_are_as_entered() -> None:
    state = scored(CACAK, 25).state
    assert (row(state, "p1")["bule"], row(state, "p1")["starts_with"], row(state, "p1")["deduction"]) == (50, 350, 0)
    assert standing(state) == {"p1": (1, 4.3, 37), "p2": (2, 2.9, -12), "p3": (3, 0.8, -25)}


def test_off_the_result_the_late_players_bule_are_subtracted_and_places_change() -> None:
    state = scored(CACAK_RESULT, 25).state
    r = row(state, "p1")
    assert (r["bule"], r["starts_with"], r["deduction"]) == (50, 300, 50)
    # p1: 37 − 50 = −13, now behind p2's −12: 2nd with a negative result (3 − 0.1); p2 first with no bule
    # good, so no bonus (4)
    assert standing(state) == {"p2": (1, 4, -12), "p1": (2, 2.9, -13), "p3": (3, 0.8, -25)}
    (table,) = scored_results(state)["r1"]
    assert {p["player"]: (p["result"], p["place"]) for p in table["players"]} == {
        "p2": (-12, 1), "p1": (-13, 2), "p3": (-25, 3)}


def test_off_the_result_a_tolerated_or_corrected_lateness_takes_nothing() -> None:
    desk = scored(CACAK_RESULT, 4)
    assert standing(desk.state)["p1"] == (1, 4.3, 37)
    desk = scored(CACAK_RESULT, 25)
    desk.check_in("p1", at(175), at=at(3), reason="he was at the wrong table")
    assert standing(desk.state)["p1"] == (1, 4.3, 37)


# ---- Novi Sad: forfeit at 30 minutes, overtime VP -------------------------------------------------

def novi_sad() -> Desk:
    """m1 seated (t2–t5, t3–t4, t1 bye); t3 and t4 in before the start; started at T0."""
    desk = Desk(NOVI_SAD)
    desk.do("publish_seating", item="m1")
    assert desk.state.seatings["m1"].body.matches == [{"home": "t2", "away": "t5"}, {"home": "t3", "away": "t4"}]
    desk.check_in("t3", at(-20), item="m1")
    desk.check_in("t4", at(-15), item="m1")
    desk.run_until(T0)
    return desk


@pytest.mark.parametrize("by_members", [True, False], ids=["2 time: four members", "2 time: a team check-in"])
def test_a_team_complete_31_minutes_after_the_start_gets_the_forfeit_alert(by_members: bool) -> None:
    desk = novi_sad()
    desk.check_in("t2", at(1), item="m1")
    for player in ("t5p1", "t5p2", "t5p3"):
        desk.check_in(player, at(10), item="m1")
    assert late_signals(desk) == [("m1:late:forfeit", at(30))]
    (forfeit,) = alerts(desk.run_until(at(30)))
    assert forfeit.payload == {"item": "m1", "due_at": at(30), "threshold": "forfeit", "absent": ["t5"]}
    assert row(desk.state, "t5", "m1")["members_in"] == 3 and row(desk.state, "t5", "m1")["arrived_at"] is None
    if by_members:
        desk.check_in("t5p4", at(31), item="m1")
    else:
        desk.check_in("t5", at(31), item="m1")
    r = row(desk.state, "t5", "m1")
    assert (r["arrived_at"], r["late_ms"], r["forfeit"]) == (at(31), 31 * MIN, True)
    assert row(desk.state, "t2", "m1")["forfeit"] is False


def test_a_team_complete_at_30_minutes_is_in_time() -> None:
    desk = novi_sad()
    desk.check_in("t2", at(1), item="m1")
    desk.check_in("t5", at(30), item="m1")
    assert late_signals(desk) == []
    assert alerts(desk.run_until(at(60))) == []
    assert row(desk.state, "t5", "m1")["forfeit"] is False


def test_the_members_needed_complete_a_team() -> None:
    desk = novi_sad()
    for player, minute in (("t5p2", 1), ("t5p1", 3), ("t5p4", 7)):
        desk.check_in(player, at(minute), item="m1")
    assert row(desk.state, "t5", "m1")["arrived_at"] is None, "three of four are not a team"
    desk.check_in("t5p3", at(12), item="m1")
    assert row(desk.state, "t5", "m1")["arrived_at"] == at(12), "complete with the fourth member"


@pytest.mark.parametrize(("handed_in", "vp_off"), [
    pytest.param(at(109, 59), 0, id="2 time: 1:49:59 → nothing"),
    pytest.param(at(110), 1, id="2 time: 1:50:00 → 1 VP"),
    pytest.param(at(116), 2, id="2 time: 1:56:00 → 2 VP (whole 5-minute blocks)"),
])
def test_a_result_handed_in_late_costs_the_late_team_vp(handed_in: int, vp_off: int) -> None:
    desk = novi_sad()
    desk.check_in("t2", T0, item="m1")
    desk.check_in("t5", at(12), item="m1")
    desk.do("record_result", handed_in, item="m1", home="t2", away="t5", imps_home=30, imps_away=10)
    rows = {r["team"]: r for r in standings_of(desk.state)}
    home, away = wbf_vp(Decimal(20), 12)
    assert rows["t5"]["penalty_vp"] == vp_off
    assert rows["t5"]["vp"] == pytest.approx(float(away) - vp_off)
    assert (rows["t2"]["penalty_vp"], rows["t2"]["vp"]) == (0, pytest.approx(float(home)))


def test_the_overtime_is_in_the_row_as_data_the_pages_word_and_the_csv_stays_its_columns() -> None:
    """The row says which match, how many whole blocks of how many minutes, and the VP: no server-made words
    (the pages say it in their language with the match's title, display/i18n); the CSV keeps its columns."""
    desk = novi_sad()
    desk.check_in("t2", T0, item="m1")
    desk.check_in("t5", at(12), item="m1")
    desk.do("record_result", at(116), item="m1", home="t2", away="t5", imps_home=30, imps_away=10)
    table = standings_of(desk.state)
    rows = {r["team"]: r for r in table}
    assert rows["t5"]["overtime"] == [{"item": "m1", "blocks": 2, "block_minutes": 5, "vp": 2, "at": at(116)}]
    assert rows["t5"]["penalty_vp"] == 2
    assert all("overtime" not in r for r in table if r["team"] != "t5"), "a row without stays as it was"
    assert "over time" not in repr(table) and "over time" not in repr(me_section(desk.state, "t5p1"))
    assert me_section(desk.state, "t5p1")["standing"]["overtime"] == rows["t5"]["overtime"]  # the player's page
    text = standings_csv("bridge", table, ranks(table), {}, "sr-Latn").decode("utf-8-sig")
    lines = [line.split(";") for line in text.splitlines()]
    assert lines[0] == [key for key, _ in STANDINGS_COLUMNS["bridge"]]
    assert all(len(line) == len(lines[0]) for line in lines)
    (t5,) = [line for line in lines if line[1] == rows["t5"]["name"]]
    assert t5[2] == str(rows["t5"]["vp"]).replace(".", ","), "the VP after the overtime, a number"


def test_a_correction_keeps_the_original_submission_time() -> None:
    desk = novi_sad()
    desk.check_in("t2", T0, item="m1")
    desk.check_in("t5", at(12), item="m1")
    desk.do("record_result", at(116), item="m1", home="t2", away="t5", imps_home=30, imps_away=10)
    desk.do("correct_result", at(140), item="m1", home="t2", away="t5", imps_home=30, imps_away=12,
            reason="board 4 rescored")
    rows = {r["team"]: r for r in standings_of(desk.state)}
    assert rows["t5"]["penalty_vp"] == 2, "counted to the first submission (1:56), not to the correction (2:20)"
    assert rows["t5"]["imps_for"] == 12


def test_overtime_without_a_late_team_is_for_the_referee_to_charge() -> None:
    desk = novi_sad()
    desk.check_in("t2", T0, item="m1")
    desk.check_in("t5", at(1), item="m1", at=at(-1), reason="signed the sheet before the start")
    desk.do("record_result", at(116), item="m1", home="t2", away="t5", imps_home=30, imps_away=10)
    assert {r["team"]: r["penalty_vp"] for r in standings_of(desk.state)}["t5"] == 0


def test_a_paused_match_does_not_run_into_overtime() -> None:
    desk = novi_sad()
    desk.check_in("t2", T0, item="m1")
    desk.check_in("t5", at(12), item="m1")
    desk.do("pause", at(40), item="m1")
    desk.do("resume", at(50), item="m1")
    desk.do("record_result", at(116), item="m1", home="t2", away="t5", imps_home=30, imps_away=10)
    assert {r["team"]: r["penalty_vp"] for r in standings_of(desk.state)}["t5"] == 0  # 1:46 of running clock


def two_teams(*items: dict[str, Any]) -> Desk:
    """A Novi Sad league of two teams (t1, t2: four members each) on the given timetable."""
    teams = [{"id": "t1", "name": "Team 1"}, {"id": "t2", "name": "Team 2"}]
    return Desk(tournament(items, preset="novi-sad-teams", teams=teams,
                           players=[p for team in ("t1", "t2") for p in members(team)]))


@pytest.mark.parametrize(("handed_in", "vp_off"), [
    pytest.param(190, 0, id="2 time: 24 boards, 3:10 is within 180 + 15 minutes"),
    pytest.param(199, 0, id="2 time: 24 boards, 3:19 → 4 minutes over, no whole block"),
    pytest.param(200, 1, id="2 time: 24 boards, 3:20 → 1 VP"),
])
def test_a_match_of_other_boards_is_allowed_the_pace_for_its_boards(handed_in: int, vp_off: int) -> None:
    """§1's time, 1 h 30 min + 15, is "adapted to the 12-board format": 24 boards are allowed 3 hours + 15."""
    desk = two_teams(item("m1", T0, 180, "match", boards=24), item("m2", T0 + 210 * MIN, 180, "match", boards=24))
    desk.do("publish_seating", item="m1")
    desk.run_until(T0)
    (match,) = desk.state.seatings["m1"].body.matches
    desk.check_in(match["home"], T0, item="m1")
    desk.check_in(match["away"], at(10), item="m1")
    desk.do("record_result", at(handed_in), item="m1", home=match["home"], away=match["away"],
            imps_home=30, imps_away=10)
    rows = {r["team"]: r for r in standings_of(desk.state)}
    assert (rows[match["away"]]["penalty_vp"], rows[match["home"]]["penalty_vp"]) == (vp_off, 0)


def test_the_finals_time_does_not_cost_vp_in_the_league_table() -> None:
    """The final's result (IMPs with the carry-over, no VP) is not part of the league table, so a finalist
    complete late loses no VP there, even when the final runs past its own time (40 boards: 5 h + 15 min)."""
    final_at = T0 + 7 * HOUR
    desk = two_teams(item("m1", T0, 90, "match", boards=12), item("m2", T0 + 105 * MIN, 90, "match", boards=12),
                     item("final", final_at, 300, "match", round=3, boards=40))
    for league, start in (("m1", T0), ("m2", T0 + 105 * MIN)):
        desk.do("publish_seating", item=league)
        desk.run_until(start)
        (match,) = desk.state.seatings[league].body.matches
        desk.do("record_result", start + 80 * MIN, item=league, home=match["home"], away=match["away"],
                imps_home=25 if match["home"] == "t1" else 20, imps_away=20 if match["home"] == "t1" else 25)
    desk.run_until(final_at - 30 * MIN)
    league = {r["team"]: r for r in standings_of(desk.state)}
    desk.do("publish_seating", item="final")
    assert desk.state.seatings["final"].body.method == "final"
    desk.run_until(final_at)
    (match,) = desk.state.seatings["final"].body.matches
    desk.check_in(match["home"], final_at, item="final")
    desk.check_in(match["away"], at(10, start=final_at), item="final")
    desk.do("record_result", at(330, start=final_at), item="final", home=match["home"], away=match["away"],
            imps_home=80, imps_away=75)
    after = {r["team"]: r for r in standings_of(desk.state)}
    assert all("overtime" not in r for r in after.values())
    assert {team: (r["vp"], r["penalty_vp"]) for team, r in after.items()} == \
        {team: (r["vp"], 0) for team, r in league.items()}


# ---- Slovak: boards removed, IMPs to the other team, forfeit past the waiting period -----------------


def test_a_slovak_team_16_minutes_late_loses_4_boards_and_the_other_team_gets_12_imps() -> None:
    desk = slovak()
    home, away = desk.state.seatings["m1"].body.matches[0]["home"], desk.state.seatings["m1"].body.matches[0]["away"]
    desk.check_in(home, T0, item="m1")
    desk.check_in(away, at(16), item="m1")
    r = row(desk.state, away, "m1")
    assert (r["late_ms"], r["boards_removed"], r["compensation_imps"], r["forfeit"]) == (16 * MIN, 4, 12, False)
    assert row(desk.state, home, "m1")["boards_removed"] == 0
    desk.do("record_result", at(200), item="m1", home=home, away=away, imps_home=30, imps_away=30)
    rows = {x["team"]: x for x in standings_of(desk.state)}
    # the 12 IMPs go into the match before the VP: 42 : 30 over 24 boards
    assert (rows[home]["imps_for"], rows[home]["imps_against"]) == (42, 30)
    assert (rows[home]["vp"], rows[away]["vp"]) == slovak25_vp(12, 24) == (17, 13)
    (match,) = [m for m in scored_results(desk.state)["m1"] if m["home"] == home]
    assert (match["vp_home"], match["vp_away"]) == (17, 13), "the results show the VP the standings count"
    assert (match["imps_home"], match["imps_away"], match["late_imps"]) == (30, 30, {"home": 12, "away": 0})


@pytest.mark.parametrize(("item", "start", "late", "forfeit", "boards"), [
    pytest.param("m1", T0, 120, False, 16, id="3 late: first match of the day: 2:00 is still in time"),
    pytest.param("m1", T0, 121, True, 0, id="3 late: first match of the day: 2:01 → forfeit"),
    pytest.param("m2", M2, 56, False, 8, id="3 late: second match: 56 of ¼ × 225 = 56:15 minutes → 8 boards"),
    pytest.param("m2", M2, 57, True, 0, id="3 late: second match: 57 minutes → forfeit"),
])
def test_past_the_slovak_waiting_period_the_late_team_forfeits(item: str, start: int, late: int, forfeit: bool,
                                                                boards: int) -> None:
    desk = slovak(item, start)
    match = desk.state.seatings[item].body.matches[0]
    desk.check_in(match["home"], start, item=item)
    desk.check_in(match["away"], at(late, start=start), item=item)
    r = row(desk.state, match["away"], item)
    assert (r["forfeit"], r["boards_removed"], r["compensation_imps"]) == (forfeit, boards, boards * 3)
    names = [x["name"] for x in lateness_of(desk.state)[item]["thresholds"]]
    assert names[-1] == "forfeit"
    waiting = 120 * MIN if item == "m1" else 56 * MIN + 15 * SEC
    assert lateness_of(desk.state)[item]["thresholds"][-1]["at"] == start + waiting


def test_on_the_sunday_of_a_gathering_the_first_match_waits_a_quarter_not_2_hours() -> None:
    """§18.2 gives 2 hours to the first match of a gathering, and §5.1 makes a gathering a Saturday and a
    Sunday: Sunday's first match waits ¼ of its playing time (180 of 195 minutes → 45)."""
    sunday = T0 + 24 * HOUR
    t = tournament([item("m1", T0, 195, "match", boards=24), item("m2", sunday, 195, "match", boards=24)],
                   preset="slovak-league", teams=TEAMS6)
    desk = Desk(t, sunday - 30 * MIN)
    desk.do("publish_seating", item="m2")
    desk.do("start_round", item="m1")
    desk.do("end_round", item="m1")
    desk.run_until(sunday)
    match = desk.state.seatings["m2"].body.matches[0]
    desk.check_in(match["home"], sunday, item="m2")
    desk.check_in(match["away"], at(46, start=sunday), item="m2")
    r = row(desk.state, match["away"], "m2")
    assert (r["forfeit"], r["boards_removed"]) == (True, 0)
    assert lateness_of(desk.state)["m2"]["thresholds"][-1] == {**lateness_of(desk.state)["m2"]["thresholds"][-1],
                                                              "name": "forfeit", "at": sunday + 45 * MIN}


def test_a_slovak_forfeit_adds_no_compensation() -> None:
    desk = slovak()
    match = desk.state.seatings["m1"].body.matches[0]
    desk.check_in(match["home"], T0, item="m1")
    desk.check_in(match["away"], at(130), item="m1")
    desk.do("record_result", at(200), item="m1", home=match["home"], away=match["away"], imps_home=5, imps_away=5)
    rows = {x["team"]: x for x in standings_of(desk.state)}
    assert (rows[match["home"]]["imps_for"], rows[match["home"]]["imps_against"]) == (5, 5)


# ---- bad input: a clear 4xx and nothing written -------------------------------------------------------


def ended() -> Desk:
    desk = started()
    desk.do("end_round", at(100), item="r1")
    return desk


def checked_in() -> Desk:
    desk = started()
    desk.check_in("p1", at(2))
    return desk


BAD_SETUPS = {"running": started, "p1 in": checked_in, "ended": ended, "seated": lambda: started(seed=SEED),
              "novi-sad": lambda: started(NOVI_SAD, seed=1, item="m1")}
CHECK_IN = {"type": "check_in", "item": "r1"}

# (case, setup, command, minutes after T0, status, words in the error, field in the detail)
BAD: list[tuple[str, str, dict[str, Any], float, int, str, str]] = [
    ("an unknown player", "running", {**CHECK_IN, "player": "p99"}, 8, 422, "no player has the id 'p99'", "player"),
    ("a player id that is not text", "running", {**CHECK_IN, "player": 7}, 8, 422, "player must be a player's id",
     "player"),
    ("a team in preferans", "running", {**CHECK_IN, "team": "t1"}, 8, 422, "only a bridge team checks in as a team",
     "team"),
    ("an unknown team", "novi-sad", {"type": "check_in", "item": "m1", "team": "t9"}, 8, 422,
     "no team has the id 't9'", "team"),
    ("nobody named", "running", dict(CHECK_IN), 8, 422, "name either a player or a team", "player"),
    ("a player and a team", "novi-sad", {"type": "check_in", "item": "m1", "team": "t2", "player": "t2p1"}, 8, 422,
     "name either a player or a team", "player"),
    ("an unknown round", "running", {"type": "check_in", "item": "r9", "player": "p1"}, 8, 422,
     "no round or match has the id 'r9'", "item"),
    ("a round that is over", "ended", {**CHECK_IN, "player": "p2"}, 101, 409,
     "r1 is over: cannot record a check-in for it", "item"),
    ("a correction for a round that is over", "ended", {**CHECK_IN, "player": "p2", "at": T0, "reason": "late entry"},
     101, 409, "r1 is over", "item"),
    ("a time in the future", "running", {**CHECK_IN, "player": "p2", "at": T0 + 8 * MIN + 1, "reason": "x"}, 8, 422,
     "at is in the future", "at"),
    ("an ISO time in the future", "running",
     {**CHECK_IN, "player": "p2", "at": "2027-03-06T11:30:00+01:00", "reason": "x"}, 8, 422, "at is in the future",
     "at"),
    ("an earlier time without a reason", "p1 in", {**CHECK_IN, "player": "p1", "at": T0}, 8, 422,
     "a check-in at an earlier time needs a reason", "reason"),
    ("an earlier time with a blank reason", "running", {**CHECK_IN, "player": "p2", "at": T0, "reason": "  "}, 8, 422,
     "needs a reason", "reason"),
    ("an earlier time with a reason that is not text", "running", {**CHECK_IN, "player": "p2", "at": T0, "reason": 3},
     8, 422, "needs a reason", "reason"),
    ("a reason without a time", "running", {**CHECK_IN, "player": "p2", "reason": "came by taxi"}, 8, 422,
     "a reason goes with an earlier time (at)", "reason"),
    ("all present at a bridge table", "novi-sad", {"type": "check_in_all", "item": "m1", "table": 1}, 8, 422,
     "a table checks in together in preferans", "table"),
    ("all present at a table that is not there", "seated", {"type": "check_in_all", "item": "r1", "table": 3}, 8,
     422, "r1 has no table 3", "table"),
    ("all present at a table of a round not seated", "running", {"type": "check_in_all", "item": "r2", "table": 1},
     8, 422, "r2 has no table 1: its seating is not published", "table"),
    ("all present at a table number that is not whole", "seated",
     {"type": "check_in_all", "item": "r1", "table": "1"}, 8, 422, "table must be a table's number", "table"),
    ("all present in a round that is over", "ended", {"type": "check_in_all", "item": "r1"}, 101, 409,
     "r1 is over: cannot record a check-in for it", "item"),
    ("all present in a match in preferans", "seated", {"type": "check_in_all", "item": "r1", "home": "p1",
     "away": "p2"}, 8, 422, "a match checks in together in bridge", "home"),
    ("all present in a match named by its home team alone", "novi-sad",
     {"type": "check_in_all", "item": "m1", "home": "t2"}, 8, 422, "away is missing", "away"),
    ("all present in a match not played in the round", "novi-sad",
     {"type": "check_in_all", "item": "m1", "home": "t2", "away": "t3"}, 8, 422, "t2 and t3 play no match in m1",
     "home"),
    ("all present in a match with the team that has a bye", "novi-sad",
     {"type": "check_in_all", "item": "m1", "home": "t1", "away": "t2"}, 8, 422, "play no match in m1", "home"),
    ("a second check-in without a time", "p1 in", {**CHECK_IN, "player": "p1"}, 8, 409,
     "p1 is already checked in to r1; to change the time send at and a reason", "player"),
    ("at without an offset", "running", {**CHECK_IN, "player": "p2", "at": "2027-03-06T11:04:00", "reason": "x"}, 8,
     422, "at must be epoch milliseconds or an ISO time with offset", "at"),
    ("at as a clock time", "running", {**CHECK_IN, "player": "p2", "at": "11:04", "reason": "x"}, 8, 422,
     "at must be epoch milliseconds", "at"),
    ("at as a float", "running", {**CHECK_IN, "player": "p2", "at": float(T0), "reason": "x"}, 8, 422,
     "at must be epoch milliseconds", "at"),
    ("at as true", "running", {**CHECK_IN, "player": "p2", "at": True, "reason": "x"}, 8, 422,
     "at must be epoch milliseconds", "at"),
    ("at as null", "running", {**CHECK_IN, "player": "p2", "at": None, "reason": "x"}, 8, 422,
     "at must be epoch milliseconds", "at"),
    ("an unknown field", "running", {**CHECK_IN, "player": "p2", "by": "phone"}, 8, 422,
     "check_in has no field 'by'", "by"),
    ("excuse a player who came", "p1 in", {"type": "excuse_absence", "item": "r1", "player": "p1", "reason": "x"}, 8,
     409, "p1 has checked in to r1", "player"),
    ("excuse without words", "running", {"type": "excuse_absence", "item": "r1", "player": "p2", "reason": " "}, 8,
     422, "reason must say why", "reason"),
    ("excuse an unknown player", "running", {"type": "excuse_absence", "item": "r1", "player": "x", "reason": "ill"},
     8, 422, "no player has the id 'x'", "player"),
    ("excuse for a round that is over", "ended",
     {"type": "excuse_absence", "item": "r1", "player": "p2", "reason": "ill"}, 101, 409, "r1 is over", "item"),
    ("a reserve before 30 minutes", "running", {"type": "seat_reserve", "item": "r1", "player": "p2", "name": "Z"},
     20, 409, "a reserve takes the seat of a player absent 30 minutes after the start", "player"),
    ("a reserve for a player who came", "p1 in", {"type": "seat_reserve", "item": "r1", "player": "p1", "name": "Z"},
     40, 409, "p1 has checked in to r1", "player"),
    ("a reserve without a name", "running", {"type": "seat_reserve", "item": "r1", "player": "p2", "name": " "}, 40,
     422, "name must be the reserve's name", "name"),
    ("a reserve with a name too long", "running",
     {"type": "seat_reserve", "item": "r1", "player": "p2", "name": "x" * 81}, 40, 422,
     "name is 81 characters; at most 80", "name"),
    ("a reserve in bridge", "novi-sad", {"type": "seat_reserve", "item": "m1", "player": "t2p1", "name": "Z"}, 40,
     422, "reserves are seated in preferans", "type"),
    ("a reserve for a round that is over", "ended",
     {"type": "seat_reserve", "item": "r1", "player": "p2", "name": "Z"}, 101, 409, "r1 is over", "item"),
]


@pytest.mark.parametrize(("setup", "command", "minutes", "status", "words", "field"), [c[1:] for c in BAD],
                         ids=[c[0] for c in BAD])
def test_bad_arrival_commands_are_refused_and_nothing_is_written(
    setup: str, command: dict[str, Any], minutes: float, status: int, words: str, field: str
) -> None:
    desk = BAD_SETUPS[setup]()
    error = desk.refuse(command, at(minutes))
    assert error.status == status, error.error
    assert words in error.error
    assert error.detail["field"] == field


def test_an_excused_absence_is_recorded_once() -> None:
    desk = Desk(CACAK)
    desk.do("excuse_absence", at(-40), item="r1", player="p2", reason="ill")
    error = desk.refuse({"type": "excuse_absence", "item": "r1", "player": "p2", "reason": "ill"}, at(-39))
    assert (error.status, error.error) == (409, "p2's absence from r1 is already recorded")


# ---- "All present": one command for a table or the round ----------------------------------------


def test_all_present_is_one_instant_one_event_and_one_undo_takes_it_back_whole() -> None:
    desk = started()
    desk.check_in("p4", at(1))
    table = desk.do("check_in_all", at(2), item="r1", table=1)
    state = desk.state
    assert [row(state, p)["arrived_at"] for p in IDS] == [at(2)] * 3 + [at(1), None, None]
    assert (row(state, "p2")["bule"], row(state, "p2")["tolerated"]) == (0, True), "2 minutes late: tolerated"
    everyone = desk.do("check_in_all", at(7, 40), item="r1")
    assert everyone.payload == {"item": "r1", "at": at(7, 40), "players": ["p5", "p6"]}
    assert [row(desk.state, p)["bule"] for p in ("p5", "p6")] == [14, 14], "7 min 40 s late: 14 bule each"
    assert absent(desk.state, "r1", at(8)) == []
    error = desk.refuse({"type": "check_in_all", "item": "r1", "table": 2}, at(8))
    assert (error.status, error.error, error.detail["code"]) == (409, "everyone expected at table 2 of r1 is in "
                                                                      "already", "checkin.all_in")
    # one undo takes back the whole round's tap, and nothing else
    desk.do("undo", at(9))
    assert [row(desk.state, p)["arrived_at"] for p in IDS] == [at(2)] * 3 + [at(1), None, None]
    # a correction of one player's time names the tap it corrects
    fixed = desk.do("check_in", at(10), item="r1", player="p2", at=at(1), reason="came with p4")
    assert fixed.payload["corrects"] == table.seq
    assert [row(desk.state, p)["arrived_at"] for p in ("p1", "p2")] == [at(2), at(1)]


def test_all_present_leaves_out_a_reserve_an_announced_absence_and_a_team_already_complete() -> None:
    desk = started(seed=SEED)  # [[p5, p1, p6], [p4, p2, p3]]
    desk.do("excuse_absence", at(1), item="r1", player="p2", reason="ill")
    desk.do("seat_reserve", at(31), item="r1", player="p5", name="Zoran")
    new = desk.do("check_in_all", at(32), item="r1")
    assert new.payload["players"] == ["p1", "p6", "p4", "p3"]
    team = novi_sad()  # t3 and t4 in before the start
    team.check_in("t2p1", at(1), item="m1")
    assert team.do("check_in_all", at(2), item="m1").payload == {"item": "m1", "at": at(2), "teams": ["t2", "t5"]}
    assert [r["arrived_at"] for r in lateness_of(team.state)["m1"]["rows"]] == [at(2), at(2), at(-20), at(-15)]


#: A league of two teams: one match a day, then a final of the two (a round after the league's schedule).
PAIR = tournament(rounds(3, kind="match", minutes=90, gap=15, boards=12), preset="novi-sad-teams",
                  teams=TEAMS5[:2], players=[p for k in (1, 2) for p in members(f"t{k}")])


def test_all_present_in_one_match_of_a_bridge_round_checks_in_its_two_teams_and_no_bye() -> None:
    """Novi Sad round 1, not seated (a bridge round plays the league's Berger round): t2–t5, t3–t4, t1 a bye."""
    desk = Desk(NOVI_SAD, T0 - 30 * MIN)
    report = lateness_of(desk.state)["m1"]
    assert report["matches"] == [["t2", "t5"], ["t3", "t4"]]
    assert [r["id"] for r in report["rows"]] == ["t2", "t5", "t3", "t4"], "the team with a bye is not expected"
    desk.check_in("t3p1", at(-25), item="m1")
    one = desk.do("check_in_all", at(-20), item="m1", home="t4", away="t3")  # (either way round)
    assert one.payload == {"item": "m1", "at": at(-20), "teams": ["t3", "t4"]}
    assert {r["id"]: r["arrived_at"] for r in lateness_of(desk.state)["m1"]["rows"]} == {
        "t2": None, "t5": None, "t3": at(-20), "t4": at(-20)}
    error = desk.refuse({"type": "check_in_all", "item": "m1", "home": "t3", "away": "t4"}, at(-19))
    assert (error.status, error.detail["code"]) == (409, "checkin.all_in")
    rest = desk.do("check_in_all", at(-10), item="m1")
    assert rest.payload["teams"] == ["t2", "t5"]
    assert absent(desk.state, "m1", at(0)) == []
    desk.do("undo", at(-9))
    assert absent(desk.state, "m1", at(0)) == ["t2", "t5"], "one undo takes the round's tap back, not the match's"


def test_a_day_of_a_single_match_checks_in_its_two_teams_and_a_final_not_seated_is_refused() -> None:
    desk = Desk(PAIR, T0 - 30 * MIN)
    report = lateness_of(desk.state)["m1"]
    assert (report["matches"], [r["id"] for r in report["rows"]]) == ([["t1", "t2"]], ["t1", "t2"])
    tap = desk.do("check_in_all", at(-20), item="m1", home="t1", away="t2")
    assert tap.payload == {"item": "m1", "at": at(-20), "teams": ["t1", "t2"]}
    assert [r["arrived_at"] for r in lateness_of(desk.state)["m1"]["rows"]] == [at(-20), at(-20)]
    # the final (m3, after the league's two rounds): nobody knows its teams before it is seated
    final = Desk(PAIR, T0 + 200 * MIN)
    for match in ("m1", "m2"):
        final.do("start_round", item=match)
        final.do("record_result", item=match, home=_pair(final, match)[0], away=_pair(final, match)[1],
                 imps_home=30, imps_away=10)
        final.do("end_round", item=match)
    assert lateness_of(final.state)["m3"]["matches"] is None
    error = final.refuse({"type": "check_in_all", "item": "m3"})
    assert (error.status, error.detail) == (409, {"field": "item", "code": "checkin.no_matches", "item": "m3"})
    final.do("publish_seating", item="m3")
    assert lateness_of(final.state)["m3"]["matches"] == [["t1", "t2"]]
    assert final.do("check_in_all", item="m3").payload["teams"] == ["t1", "t2"]


def _pair(desk: Desk, item: str) -> tuple[str, str]:
    (pair,) = lateness_of(desk.state)[item]["matches"]
    return pair[0], pair[1]


# ---- a player's own check-in with a code ---------------------------------------------------------


def test_self_check_in_opens_60_minutes_before_the_round() -> None:
    desk = Desk(CACAK, T0 - 2 * HOUR)
    with pytest.raises(CommandError) as info:
        self_check_in(CACAK, desk.state, "p1", T0 - 60 * MIN - 1)
    assert info.value.status == 409
    assert info.value.error == ("no round is open for check-in now (check-in for Round 1 opens at 10:00, "
                                "60 minutes before it starts)")
    assert info.value.detail == {"field": "code", "code": "checkin.closed", "opens_at": T0 - 60 * MIN}
    new = self_check_in(CACAK, desk.state, "p1", T0 - 60 * MIN)
    assert (new.type, new.actor, new.payload) == (E.CHECKED_IN, "player:p1", {"item": "r1", "player": "p1",
                                                                            "at": T0 - 60 * MIN})
    stored(desk.events, new, T0 - 60 * MIN)
    with pytest.raises(CommandError) as again:
        self_check_in(CACAK, desk.state, "p1", T0 - 50 * MIN)
    assert again.value.status == 409 and "already checked in" in again.value.error


def test_self_check_in_goes_to_the_next_round_once_its_check_in_is_open() -> None:
    desk = started()
    stored(desk.events, self_check_in(CACAK, desk.state, "p1", at(1)), at(1))
    # round 2 opens for check-in an hour before its start, while round 1 is still being played
    new = self_check_in(CACAK, desk.state, "p1", R2 - 50 * MIN)
    assert new.payload == {"item": "r2", "player": "p1", "at": R2 - 50 * MIN}
    # and once round 1 is over, with round 2 not yet open, nothing is open
    desk.do("end_round", at(100), item="r1")
    with pytest.raises(CommandError) as info:
        self_check_in(CACAK, desk.state, "p2", at(101))
    assert info.value.status == 409 and "Round 2" in info.value.error


def test_check_in_codes_are_stable_typeable_and_distinct() -> None:
    code = checkin_codes.code_for("secret", "p1")
    assert code == checkin_codes.code_for("secret", "p1"), "the same on every restart"
    assert code != checkin_codes.code_for("other secret", "p1") and code != checkin_codes.code_for("secret", "p2")
    assert len(code) == checkin_codes.LENGTH and set(code) <= set(checkin_codes.ALPHABET)
    assert not set(code) & set("01OIL")
    typed = " ".join(code.lower()[i:i + 3] for i in range(0, checkin_codes.LENGTH, 3))
    assert checkin_codes.normalize(typed) == code
    assert checkin_codes.normalize(f"  {code[:3].lower()}-{code[3:]} ") == code
    assert checkin_codes.grouped(code) == f"{code[:4]}-{code[4:]}", "printed as ABCD-EFGH"
    assert checkin_codes.normalize(checkin_codes.grouped(code)) == code
    assert checkin_codes.LENGTH >= 8 and len(checkin_codes.ALPHABET) ** checkin_codes.LENGTH > 8 * 10**11, \
        "long enough: see docs/rules/check-in.md"
    ids = [f"player-{k}" for k in range(1000)]
    table = checkin_codes.codes("tournament secret", ids)
    assert sorted(table.values()) == sorted(ids), "1000 players, 1000 distinct codes"
    with pytest.raises(ValueError, match="the same check-in code"):
        checkin_codes.codes("s", ["p1", "p1"])


def test_a_players_own_page_with_their_session_says_when_they_checked_in_and_forgets_an_undone_one() -> None:
    team = novi_sad()
    own = team.do("check_in", at(2), item="m1", player="t5p1")
    mine = me_section(team.state, "t5p1", private=True)
    assert mine is not None and mine["check_ins"] == {"m1": at(2)}, "the team's line counts, this says who"
    assert "check_ins" not in (me_section(team.state, "t5p1") or {}), "without the session, only the public line"
    assert (me_section(team.state, "t5p2", private=True) or {})["check_ins"] == {}, "t5p1 came, not t5p2"
    team.do("undo", at(4), seq=own.seq)
    assert (me_section(team.state, "t5p1", private=True) or {})["check_ins"] == {}


def test_a_players_own_page_has_the_arrivals_but_never_the_code() -> None:
    desk = started()
    desk.check_in("p1", at(7, 40))
    me = me_section(desk.state, "p1")
    assert me is not None and "code" not in me, "anyone may open anyone's page: the code is on paper"
    # the round under way, and the next one to start (check-in for it opens an hour before)
    assert [(a["item"], a["id"], a.get("bule"), a.get("starts_with")) for a in me["arrivals"]] == [
        ("r1", "p1", 14, 314), ("r2", "p1", None, None)]
    other = me_section(desk.state, "p2")
    assert other is not None
    assert [(a["item"], a["arrived_at"]) for a in other["arrivals"]] == [("r1", None), ("r2", None)]
    # in a team event a player sees the team's line
    team = novi_sad()
    team.check_in("t5p1", at(2), item="m1")
    mine = me_section(team.state, "t5p1")
    assert mine is not None
    assert [(a["item"], a["id"], a["members_in"]) for a in mine["arrivals"]] == [("m1", "t5", 1), ("m2", "t5", 0)]


def test_a_fired_alert_is_not_due_again_and_a_players_own_check_in_is_audited_but_not_undone_by_default() -> None:
    t = CACAK
    start = T0
    events = [
        Event(1, start, E.ROUND_STARTED, "scheduler", {"item": "r1", "due_at": start}, "r1:start"),
        Event(2, start + 6 * MIN, E.LATENESS_ALERT, "scheduler",
              {"item": "r1", "due_at": start + 5 * MIN, "threshold": "grace", "absent": ["p1"]}, "r1:late:grace"),
        Event(3, start + 7 * MIN, E.CHECKED_IN, "player:p2", {"item": "r1", "player": "p2", "at": start + 7 * MIN}),
        Event(4, start + 8 * MIN, E.ANNOUNCED, "referee", {"text": "welcome"}),
    ]
    state = fold(t, events)
    assert "r1:late:grace" not in [s.id for s in due_signals(t, state)]
    assert [(c["seq"], c["by"]) for c in state.commands] == [(3, "player:p2"), (4, "referee")]
    undo = decide(t, state, {"type": "undo"}, start + 9 * MIN)[0]
    assert undo.payload["target"] == 4, "undo alone takes back the referee's own last command"
    assert decide(t, state, {"type": "undo", "seq": 3}, start + 9 * MIN)[0].payload["target"] == 3


def test_no_check_in_for_a_seat_a_reserve_took_and_a_player_is_told_in_words() -> None:
    desk = started()
    desk.do("seat_reserve", at(31), item="r1", player="p6", name="Zoran")
    refused = desk.refuse({"type": "check_in", "item": "r1", "player": "p6"}, at(40))
    assert refused.status == 409 and "a reserve plays p6's seat" in refused.error
    with pytest.raises(CommandError) as caught:
        self_check_in(desk.t, desk.state, "p6", at(40))
    assert caught.value.status == 409 and caught.value.error.startswith("a reserve plays your seat in")
    desk.check_in("p1", at(41))
    with pytest.raises(CommandError) as again:
        self_check_in(desk.t, desk.state, "p1", at(42))
    assert again.value.error.startswith("you are already checked in to") and "p1" not in again.value.error
