"""What the screens are told about lateness, so that they keep no rule of their own: the running clock of
those not yet in (`late_clock`), what completes a team (`players_needed`), how late each alert's
threshold is and the boards it removes, what a reserve starts with, and the console's preview of a typed
arrival time (live/projections/checkin_lists.py `report`, `preview`; live/rules/lateness.py `running_clock`).
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import MIN, T0, rounds, tournament
from hypothesis import given
from hypothesis import strategies as st
from support.arrivals import CACAK, NOVI_SAD, PLAYERS, SEED, Desk, at, row, slovak, started

from live.commands.arrivals import preview as priced
from live.commands.arrivals import preview_question
from live.commands.decide import decide
from live.commands.validation import CommandError
from live.core.state import State
from live.projections.checkin_lists import lateness_of
from live.rules import lateness as L

# ---- the running clock -----------------------------------------------------------------------


@given(st.integers(0, 10_000), st.lists(st.tuples(st.integers(0, 20_000), st.integers(0, 5_000)), max_size=5),
       st.booleans(), st.integers(0, 30_000))
def test_the_running_clock_reads_like_late_ms_from_the_last_pause_on(reference: int, spans: list[tuple[int, int]],
                                                                     still_paused: bool, later: int) -> None:
    pauses: list[tuple[int, int | None]] = [(begin, begin + length) for begin, length in spans]
    if still_paused and pauses:
        pauses[-1] = (pauses[-1][0], None)
    clock = L.running_clock(reference, pauses)
    last = max([reference, *(b for p in pauses for b in p if b is not None)])
    for now in (last, last + later):
        assert clock.read(now) == L.late_ms(reference, now, pauses), (now, clock)
    open_pause = any(end is None for _, end in pauses)
    assert clock.running is not open_pause


def test_the_clock_runs_from_the_reference_start_stops_in_a_pause_and_runs_again() -> None:
    assert L.running_clock(T0) == (0, T0, True)
    assert L.running_clock(T0).read(T0 - 5 * MIN) == 0, "it starts at the reference start, not before"
    assert L.running_clock(T0, [(at(10), None)]) == (10 * MIN, at(10), False)
    assert L.running_clock(T0, [(at(10), at(15))]) == (10 * MIN, at(15), True)
    assert L.running_clock(T0, [(at(-20), None)]) == (0, T0, False), "paused before the start: nothing runs"


# ---- the report ------------------------------------------------------------------------------


def test_a_report_carries_its_late_clock_through_a_pause() -> None:
    desk = started()
    assert lateness_of(desk.state)["r1"]["late_clock"] == {"ms": 0, "at": T0, "running": True}
    desk.do("pause", at(10), item="r1")
    assert lateness_of(desk.state)["r1"]["late_clock"] == {"ms": 10 * MIN, "at": at(10), "running": False}
    desk.do("resume", at(15), item="r1")
    clock = lateness_of(desk.state)["r1"]["late_clock"]
    assert clock == {"ms": 10 * MIN, "at": at(15), "running": True}
    assert clock["ms"] + at(22) - clock["at"] == 17 * MIN, "22 minutes after the start, 5 of them paused"


def test_a_round_not_started_yet_counts_from_its_scheduled_start() -> None:
    desk = Desk(CACAK)
    report = lateness_of(desk.state)["r1"]
    assert report["late_clock"] == {"ms": 0, "at": T0, "running": True} and report["thresholds"] == []


def test_players_needed_is_the_rules_in_bridge_and_none_in_preferans() -> None:
    assert lateness_of(started().state)["r1"]["players_needed"] is None
    assert lateness_of(Desk(NOVI_SAD).state)["m1"]["players_needed"] == 4
    three = tournament(rounds(2, kind="match", minutes=90, boards=12), preset="novi-sad-teams",
                       teams=[{"id": "t1", "name": "A"}], rules={"players_needed": 3})
    assert lateness_of(Desk(three).state)["m1"]["players_needed"] == 3


def test_each_threshold_says_how_late_it_is_whatever_the_pauses() -> None:
    desk = started()
    desk.do("pause", at(2), item="r1")
    desk.do("resume", at(6), item="r1")
    thresholds = lateness_of(desk.state)["r1"]["thresholds"]
    assert [(x["name"], x["at"], x["late_ms"], x["minutes"]) for x in thresholds] == [
        ("grace", at(9), 5 * MIN, 5), ("reserve", at(34), 30 * MIN, 30)]


def test_a_slovak_block_names_the_boards_removed_up_to_it_and_from_it_on() -> None:
    thresholds = lateness_of(slovak().state)["m1"]["thresholds"]
    blocks = [(x["name"], x["minutes"], x["boards_removed"], x["boards_removed_next"]) for x in thresholds
              if x["name"].startswith("block:")]
    assert blocks[:3] == [("block:2", 15, 2, 4), ("block:3", 30, 4, 6), ("block:4", 45, 6, 8)]
    assert thresholds[-1]["name"] == "forfeit" and "boards_removed" not in thresholds[-1]


def test_every_preferans_row_says_what_a_reserve_in_its_seat_starts_with() -> None:
    desk = Desk(CACAK)
    desk.seat()
    desk.do("excuse_absence", at(-45), item="r1", player="p3", reason="wedding")
    assert (row(desk.state, "p3")["reserve_starts_with"], row(desk.state, "p1")["reserve_starts_with"]) == (300, 350)
    other = tournament(rounds(2), players=PLAYERS, rules={"game_bule": 250, "reserve_bule": 320})
    desk = Desk(other)
    desk.seat()
    desk.do("excuse_absence", at(-45), item="r1", player="p3", reason="wedding")
    assert (row(desk.state, "p3")["reserve_starts_with"], row(desk.state, "p1")["reserve_starts_with"]) == (250, 320)
    seated = desk.do("seat_reserve", at(-20), item="r1", player="p3", name="Goran")
    assert seated.payload["starts_with"] == 250, "the replacement starts with the game's bule, as the row said"


def reserve_taken(desk: Desk, player: str, when: int) -> bool:
    """Whether `seat_reserve` would take a reserve for `player` at `when` (nothing is stored)."""
    try:
        decide(desk.t, desk.state, {"type": "seat_reserve", "item": "r1", "player": player, "name": "Zoran"}, when)
    except CommandError:
        return False
    return True


def reserve_offered(desk: Desk, player: str, when: int) -> bool:
    """What the console reads from the report: the row's `reserve_from_ms` against the late clock at `when`."""
    report = lateness_of(desk.state)["r1"]
    since = row(desk.state, player)["reserve_from_ms"]
    clock = L.RunningClock(**report["late_clock"])
    return since is not None and clock.read(when) >= since


def test_a_row_says_from_when_a_reserve_may_take_the_seat_as_the_command_decides() -> None:
    desk = Desk(CACAK)
    assert row(desk.state, "p6")["reserve_from_ms"] is None, "no seating: no seat to take"
    desk.seat(at(-50))
    desk.do("excuse_absence", at(-45), item="r1", player="p3", reason="wedding")
    for player in ("p1", "p2", "p4", "p5"):
        desk.check_in(player, at(-5))
    assert (row(desk.state, "p3")["reserve_from_ms"], row(desk.state, "p6")["reserve_from_ms"]) == (0, None)
    assert row(desk.state, "p1")["reserve_from_ms"] is None, "they came"
    desk.run_until(T0)
    desk.do("pause", at(10), item="r1")
    desk.do("resume", at(12), item="r1")
    assert row(desk.state, "p6")["reserve_from_ms"] == 30 * MIN + 1
    for when in (at(20), at(31, 59), at(32), at(32) + 1, at(40)):
        for player in ("p3", "p6"):
            assert reserve_offered(desk, player, when) == reserve_taken(desk, player, when), (player, when)
    assert reserve_offered(desk, "p6", at(32) + 1) and not reserve_offered(desk, "p6", at(32))


# ---- the preview of a typed arrival time ----------------------------------------------------------


def preview(state: State, asked: dict[str, object], now: int) -> dict[str, Any]:
    """The preview as GET /api/lateness/preview asks it: the query parsed as a check-in, then priced."""
    return priced(state, preview_question(asked), now)


def test_a_typed_time_is_priced_as_the_check_in_would_be() -> None:
    desk = started()
    desk.do("pause", at(2), item="r1")
    desk.do("resume", at(4), item="r1")
    answer = preview(desk.state, {"item": "r1", "player": "p2", "at": at(9, 40)}, at(12))
    assert answer == {"item": "r1", "player": "p2", "at": at(9, 40), "reference_start": T0,
                      "late_ms": 7 * MIN + 40_000, "tournament_ms": 7 * MIN + 40_000, "minutes": 7,
                      "bule": 14, "starts_with": 314, "deduction": 0, "tolerated": False, "reserve_due": False}
    iso = preview(desk.state, {"item": "r1", "player": "p2", "at": "2027-03-06T11:05:00+01:00"}, at(12))
    assert (iso["late_ms"], iso["tolerated"], iso["bule"]) == (3 * MIN, True, 0), "the pause is not late"
    early = preview(desk.state, {"item": "r1", "player": "p2", "at": at(-5)}, at(12))
    assert (early["late_ms"], early["minutes"], early["tolerated"]) == (0, 0, False)
    assert desk.state.check_ins.get("r1", {}).get("p2") is None, "a preview records nothing"


def test_an_excused_player_and_a_late_team_are_priced_by_their_rules() -> None:
    desk = Desk(CACAK)
    desk.seat(at(-50))
    desk.do("excuse_absence", at(-45), item="r1", player="p3", reason="wedding")
    desk.run_until(at(40))
    answer = preview(desk.state, {"item": "r1", "player": "p3", "at": at(35)}, at(40))
    assert (answer["late_ms"], answer["bule"], answer["starts_with"], answer["reserve_due"]) == (35 * MIN, 0, 300,
                                                                                                 False)
    teams = slovak()
    away = teams.state.seatings["m1"].body.matches[0]["away"]
    answer = preview(teams.state, {"item": "m1", "team": away, "at": at(16)}, at(20))
    assert (answer["team"], answer["boards_removed"], answer["compensation_imps"], answer["forfeit"]) == (away, 4, 12,
                                                                                                         False)


@pytest.mark.parametrize(("asked", "status", "field"), [
    ({"player": "p2", "at": 0}, 422, "item"),
    ({"item": "r1", "player": "p2"}, 422, "at"),
    ({"item": "r9", "player": "p2", "at": "x"}, 422, "item"),
    ({"item": "r1", "player": "p9", "at": 0}, 422, "player"),
    ({"item": "r1", "at": 0}, 422, "player"),
    ({"item": "r1", "player": "p2", "team": "t1", "at": 0}, 422, "player"),
    ({"item": "r1", "team": "t1", "at": 0}, 422, "team"),
    ({"item": "r1", "player": "p2", "at": "11:07"}, 422, "at"),
    ({"item": "r1", "player": "p2", "at": "NOW+1"}, 422, "at"),
])
def test_a_preview_of_a_bad_question_names_the_field(asked: dict[str, object], status: int, field: str) -> None:
    with pytest.raises(CommandError) as info:
        preview(started().state, asked, at(12))
    assert (info.value.status, info.value.detail["field"]) == (status, field), info.value.error


def test_a_preview_refuses_what_the_check_in_would_with_its_words() -> None:
    desk = started(seed=SEED)
    future = pytest.raises(CommandError)
    with future as info:
        preview(desk.state, {"item": "r1", "player": "p2", "at": at(13)}, at(12))
    assert (info.value.status, info.value.detail["field"]) == (422, "at") and "future" in info.value.error
    with pytest.raises(CommandError) as info:
        preview(desk.state, {"item": "r1", "player": "p2", "at": at(-61)}, at(12))
    assert "before check-in" in info.value.error
    for player in ("p5", "p1", "p4", "p2", "p3"):
        desk.check_in(player, at(1))
    desk.do("seat_reserve", at(31), item="r1", player="p6", name="Zoran")
    with pytest.raises(CommandError) as info:
        preview(desk.state, {"item": "r1", "player": "p6", "at": at(20)}, at(32))
    assert info.value.status == 409 and "reserve" in info.value.error
