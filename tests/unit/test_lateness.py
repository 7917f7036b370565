"""Lateness rules (live/rules/lateness.py): pure functions of explicit instants.

The clock is plain integers (epoch milliseconds from T0, the scheduled start). Every case names the rule it checks in
its id: "1 late" = docs/rules/cacak.md#late-arrival, "2 time" = docs/rules/novi-sad.md#overtime and
docs/rules/novi-sad.md#forfeit, "3 late" = docs/rules/slovak-league.md#late-arrival (§18, §27.2), "late everywhere" =
docs/rules/lateness.md.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from helpers import MIN, SEC, T0

from live.rules.lateness import (
    NOVI_SAD_DEFAULTS,
    PREFERANS_DEFAULTS,
    SLOVAK_DEFAULTS,
    LatePenalty,
    NoviSadTimeParams,
    Pause,
    PreferansLateParams,
    SlovakLateParams,
    Threshold,
    late_ms,
    later_arriving,
    minutes_ms,
    novi_sad_overtime,
    preferans_late_penalty,
    preferans_table_at_deadline,
    reference_start,
    running_deadline,
    slovak_late,
    slovak_waiting_ms,
    thresholds,
)
from live.rules.presets import PARAMETER_TYPES, PRESETS

D = Decimal
HOUR = 60 * MIN
CACAK, NOVI_SAD, SLOVAK = PRESETS["cacak-preferans"], PRESETS["novi-sad-teams"], PRESETS["slovak-league"]


def at(minutes: float = 0, seconds: float = 0) -> int:
    """T0 + a duration: the fake clock."""
    return T0 + round(minutes * MIN + seconds * SEC)


# ---- how late: reference start, pauses ----------------------------------------------------

REFERENCE = [
    # (scheduled, referee's start signal) → reference
    pytest.param(T0, None, T0, id="late everywhere: not started yet → the scheduled start"),
    pytest.param(T0, at(10), at(10), id="late everywhere: a round started late moves the reference"),
    pytest.param(T0, at(-2), T0, id="late everywhere: an early start does not move the reference earlier"),
    pytest.param(T0, T0, T0, id="late everywhere: started on time"),
]


@pytest.mark.parametrize(("scheduled", "started", "expected"), REFERENCE)
def test_reference_start(scheduled: int, started: int | None, expected: int) -> None:
    assert reference_start(scheduled, started) == expected


LATE = [
    # (reference, arrived, pauses) → ms late
    pytest.param(T0, at(-3), [], 0, id="late everywhere: a check-in before the start is not late"),
    pytest.param(T0, T0, [], 0, id="late everywhere: a check-in at the start is not late"),
    pytest.param(T0, at(7, 40), [], 7 * MIN + 40 * SEC, id="1 late: 7 min 40 s"),
    pytest.param(reference_start(T0, at(10)), at(16), [], 6 * MIN,
                 id="late everywhere: the referee started 10 min late, check-in at 16 → 6 min"),
    pytest.param(reference_start(T0, at(-2)), at(3), [], 3 * MIN,
                 id="late everywhere: early start, check-in 3 min after the scheduled start → 3 min"),
    pytest.param(T0, at(12), [(at(3), at(8))], 7 * MIN,
                 id="late everywhere: a 5-minute pause between start and check-in does not count"),
    pytest.param(T0, at(12), [(at(-10), at(-5))], 12 * MIN, id="late everywhere: a pause before the start"),
    pytest.param(T0, at(10), [(at(-2), at(2))], 8 * MIN,
                 id="late everywhere: only the part of a pause after the start counts"),
    pytest.param(T0, at(10), [(at(12), at(15))], 10 * MIN, id="late everywhere: a pause after the check-in"),
    pytest.param(T0, at(20), [(at(5), None)], 5 * MIN,
                 id="late everywhere: an open pause stops the lateness (checked in during the pause)"),
    pytest.param(T0, at(10), [(at(4), at(8)), (at(2), at(6))], 4 * MIN,
                 id="late everywhere: overlapping pauses are counted once"),
    pytest.param(T0, at(10), [(at(2), at(3)), (at(5), at(6))], 8 * MIN, id="late everywhere: two pauses"),
]


@pytest.mark.parametrize(("reference", "arrived", "pauses", "expected"), LATE)
def test_late_ms(reference: int, arrived: int, pauses: list[Pause], expected: int) -> None:
    assert late_ms(reference, arrived, pauses) == expected


def test_a_pause_cannot_end_before_it_begins() -> None:  # late everywhere
    with pytest.raises(ValueError, match="before it begins"):
        late_ms(T0, at(10), [(at(5), at(4))])


DEADLINES = [
    # (running ms, pauses) → instant
    pytest.param(30 * MIN, [], at(30), id="late everywhere: 30 min of running clock"),
    pytest.param(30 * MIN, [(at(10), at(15))], at(35), id="late everywhere: a pause pushes the deadline back"),
    pytest.param(30 * MIN, [(at(-5), at(2))], at(32), id="late everywhere: only the part after the start"),
    pytest.param(30 * MIN, [(at(10), None)], None, id="late everywhere: an open pause holds the deadline"),
    pytest.param(30 * MIN, [(at(40), None)], at(30), id="late everywhere: a pause after the deadline"),
    pytest.param(30 * MIN, [(at(30), at(40))], at(30), id="late everywhere: a pause from the deadline on"),
    pytest.param(0, [(T0, None)], T0, id="late everywhere: no running time needed"),
]


@pytest.mark.parametrize(("running", "pauses", "expected"), DEADLINES)
def test_running_deadline(running: int, pauses: list[Pause], expected: int | None) -> None:
    assert running_deadline(T0, running, pauses) == expected


# ---- Čačak: the penalty -------------------------------------------------------------------

START = PREFERANS_DEFAULTS
GRACE_END = PreferansLateParams.from_rules({**CACAK, "count_from": "grace_end"})
RESULT = PreferansLateParams.from_rules({**CACAK, "late_penalty_applies": "result"})

PENALTIES = [
    # (ms late, params) → (whole minutes, counted minutes, bule, starts with, tolerated, reserve due)
    pytest.param(0, START, (0, 0, 0, 300, False, False), id="1 late: on time"),
    pytest.param(4 * MIN + 59 * SEC, START, (4, 0, 0, 300, True, False), id="1 late: 4:59 tolerated"),
    pytest.param(5 * MIN, START, (5, 0, 0, 300, True, False), id="1 late: 5:00 exactly is still tolerated"),
    pytest.param(5 * MIN + 1, START, (5, 5, 10, 310, False, False), id="1 late: 5:00.001 is penalized"),
    pytest.param(5 * MIN + SEC, START, (5, 5, 10, 310, False, False), id="1 late: 5:01 → 5 whole minutes → 10"),
    pytest.param(7 * MIN + 40 * SEC, START, (7, 7, 14, 314, False, False), id="1 late: 7:40 → 7 → 14, 314"),
    pytest.param(29 * MIN + 59 * SEC, START, (29, 29, 58, 358, False, False), id="1 late: 29:59 → 58"),
    pytest.param(30 * MIN, START, (30, 30, 60, 360, False, False),
                 id="1 late: 30:00 → 60, arrived at the deadline so he plays"),
    pytest.param(30 * MIN + SEC, START, (30, 30, 60, 350, False, True),
                 id="1 late: 30:01 → capped 60, reserve due from 350"),
    pytest.param(45 * MIN, START, (45, 30, 60, 350, False, True), id="1 late: 45:00 → capped 60, reserve due"),
    pytest.param(5 * MIN, GRACE_END, (5, 0, 0, 300, True, False), id="1 late: grace_end, 5:00 tolerated"),
    pytest.param(5 * MIN + SEC, GRACE_END, (5, 0, 0, 300, False, False),
                 id="1 late: grace_end, 5:01 → 0 whole minutes after the grace → 0"),
    pytest.param(6 * MIN, GRACE_END, (6, 1, 2, 302, False, False), id="1 late: grace_end, 6:00 → 1 → 2"),
    pytest.param(7 * MIN + 40 * SEC, GRACE_END, (7, 2, 4, 304, False, False), id="1 late: grace_end, 7:40 → 2 → 4"),
    pytest.param(30 * MIN, GRACE_END, (30, 25, 50, 350, False, False),
                 id="1 late: grace_end, the cap is on the lateness: 30:00 → 25 → 50"),
    pytest.param(45 * MIN, GRACE_END, (45, 25, 50, 350, False, True), id="1 late: grace_end, 45:00 → reserve"),
    pytest.param(7 * MIN + 40 * SEC, RESULT, (7, 7, 14, 300, False, False),
                 id="1 late: applies=result, the paper starts at 300"),
]


@pytest.mark.parametrize(("late", "params", "expected"), PENALTIES)
def test_preferans_late_penalty(late: int, params: PreferansLateParams, expected: tuple) -> None:
    p = preferans_late_penalty(late, params)
    minutes, counted, bule, starts_with, tolerated, reserve_due = expected
    assert (p.minutes, p.counted_minutes, p.bule, p.starts_with, p.tolerated, p.reserve_due) == (
        minutes, counted, D(bule), D(starts_with), tolerated, reserve_due)
    assert isinstance(p.bule, Decimal) and p.late_ms == late and not p.excused


def test_result_deduction_only_when_the_penalty_applies_to_the_result() -> None:  # 1 late
    assert preferans_late_penalty(7 * MIN + 40 * SEC, RESULT).result_deduction == D(14)
    assert preferans_late_penalty(7 * MIN + 40 * SEC).result_deduction == D(0)
    assert preferans_late_penalty(45 * MIN, RESULT).result_deduction == D(0)  # the reserve plays from 350


def test_announced_absence_is_never_penalized() -> None:  # 1 late: "announces absence in advance"
    p = preferans_late_penalty(45 * MIN, announced=True)
    assert p == LatePenalty(45 * MIN, 45, 0, D(0), D(300), D(0), tolerated=False, reserve_due=False, excused=True)


SCENARIOS = [
    # (scheduled, referee's start, pauses, check-in) → bule
    pytest.param(T0, None, [], at(-1), 0, id="1 late: checked in before the start"),
    pytest.param(T0, at(10), [], at(16), 12, id="1 late + late everywhere: the round started 10 min late"),
    pytest.param(T0, at(10), [], at(14), 0, id="1 late + late everywhere: late start, 4 min after it tolerated"),
    pytest.param(T0, at(-3), [], at(5, 30), 10, id="1 late + late everywhere: early start does not count"),
    pytest.param(T0, None, [(at(3), at(8))], at(12), 14,
                 id="1 late + late everywhere: paused 5 min between start and check-in → 7 → 14"),
    pytest.param(T0, None, [(at(2), at(6))], at(9), 0, id="1 late + late everywhere: 9 − 4 paused = 5:00"),
]


@pytest.mark.parametrize(("scheduled", "started", "pauses", "arrived", "bule"), SCENARIOS)
def test_late_start_and_pauses_feed_the_penalty(scheduled: int, started: int | None, pauses: list[Pause],
                                                arrived: int, bule: int) -> None:
    late = late_ms(reference_start(scheduled, started), arrived, pauses)
    assert preferans_late_penalty(late).bule == D(bule)


def test_demo_speed_scales_the_minutes() -> None:  # 1 late, at 60× a minute is a second
    fast = PreferansLateParams.from_rules(CACAK, speed=60)
    assert (fast.grace_ms, fast.minute_ms, fast.reserve_after_ms) == (5 * SEC, SEC, 30 * SEC)
    assert preferans_late_penalty(7 * SEC + 666, fast).bule == D(14)


# ---- Čačak: the table at 30 minutes -------------------------------------------------------

ABC = ("a", "b", "c")

TABLES = [
    # (players, arrivals, pauses, now) → (kind, reserve for, walkover to)
    pytest.param(ABC, {"a": T0, "b": T0, "c": None}, [], at(29, 59), ("pending", (), None),
                 id="1 late: not decided before 30 minutes"),
    pytest.param(ABC, {"a": T0, "b": at(7), "c": at(29)}, [], at(30), ("complete", (), None),
                 id="1 late: everyone came"),
    pytest.param(ABC, {"a": T0, "b": T0, "c": None}, [], at(30), ("reserve", ("c",), None),
                 id="1 late: one absent at 30:00 → a reserve for his seat"),
    pytest.param(ABC, {"a": T0, "b": T0, "c": at(30)}, [], at(31), ("complete", (), None),
                 id="1 late: a check-in at exactly 30:00 is in time"),
    pytest.param(ABC, {"a": T0, "b": T0, "c": at(30, 1)}, [], at(31), ("reserve", ("c",), None),
                 id="1 late: a check-in at 30:01 is too late"),
    pytest.param(ABC, {"a": at(2), "b": None}, [], at(30), ("walkover", ("b", "c"), "a"),
                 id="1 late: two absent → walkover to the one who came"),
    pytest.param(ABC, {}, [], at(30), ("no_game", (), None), id="1 late: nobody came"),
    pytest.param(ABC, {"a": T0, "b": T0, "c": None}, [(at(10), at(15))], at(30), ("pending", (), None),
                 id="1 late + late everywhere: a pause pushes the 30 minutes back"),
    pytest.param(ABC, {"a": T0, "b": T0, "c": at(34)}, [(at(10), at(15))], at(35), ("complete", (), None),
                 id="1 late + late everywhere: after a 5-min pause, 34:00 is in time"),
    pytest.param(ABC, {"a": T0, "b": T0, "c": None}, [(at(10), None)], at(60), ("pending", (), None),
                 id="1 late + late everywhere: an open pause holds the decision"),
    pytest.param(("a", "b", "c", "d"), {"a": T0, "b": T0}, [], at(30), ("reserve", ("c", "d"), None),
                 id="1 late: table of four, two absent → two reserves"),
    pytest.param(("a", "b", "c", "d"), {"d": T0}, [], at(30), ("walkover", ("a", "b", "c"), "d"),
                 id="1 late: table of four, three absent → walkover"),
]


@pytest.mark.parametrize(("players", "arrived", "pauses", "now", "expected"), TABLES)
def test_preferans_table_at_deadline(players: tuple[str, ...], arrived: dict[str, int | None],
                                     pauses: list[Pause], now: int, expected: tuple) -> None:
    kind, reserve_for, walkover_to = expected
    table = preferans_table_at_deadline(players, arrived, T0, pauses, now)
    got = (table.kind, table.reserve_for, table.walkover_to)
    if kind == "walkover":
        got = (table.kind, table.absent, table.walkover_to)
    assert got == (kind, reserve_for, walkover_to)


def test_pending_table_says_who_is_missing_so_far() -> None:  # 1 late
    table = preferans_table_at_deadline(ABC, {"a": T0, "b": at(12)}, T0, [], at(10))
    assert (table.decided, table.deadline, table.present, table.absent) == (False, at(30), ("a",), ("b", "c"))


def test_table_uses_the_moved_reference() -> None:  # 1 late + late everywhere
    ref = reference_start(T0, at(10))
    assert preferans_table_at_deadline(ABC, {"a": T0, "b": T0}, ref, [], at(30)).kind == "pending"
    assert preferans_table_at_deadline(ABC, {"a": T0, "b": T0}, ref, [], at(40)).reserve_for == ("c",)


# ---- Novi Sad ------------------------------------------------------------------------------

OVERTIME = [
    # (submitted at, pauses) → (over ms, whole blocks, VP)
    pytest.param(at(90), [], (0, 0, 0), id="2 time: inside the match time"),
    pytest.param(at(105), [], (0, 0, 0), id="2 time: exactly 1 h 45 min"),
    pytest.param(at(109, 59), [], (4 * MIN + 59 * SEC, 0, 0), id="2 time: 1:49:59 → no whole 5 minutes"),
    pytest.param(at(110), [], (5 * MIN, 1, 1), id="2 time: 1:50:00 → 1 block"),
    pytest.param(at(114, 59), [], (9 * MIN + 59 * SEC, 1, 1), id="2 time: 1:54:59 → 1 block → 1 VP"),
    pytest.param(at(115), [], (10 * MIN, 2, 2), id="2 time: 1:55:00 → 2 blocks"),
    pytest.param(at(130), [], (25 * MIN, 5, 5), id="2 time: 2:10:00 → 5 VP"),
    pytest.param(at(115), [(at(40), at(50))], (0, 0, 0), id="2 time + late everywhere: a 10-min pause"),
]


@pytest.mark.parametrize(("submitted", "pauses", "expected"), OVERTIME)
def test_novi_sad_overtime(submitted: int, pauses: list[Pause], expected: tuple[int, int, int]) -> None:
    p = novi_sad_overtime(T0, submitted, pauses=pauses)
    assert (p.over_ms, p.blocks, p.vp) == (expected[0], expected[1], D(expected[2]))


CAUSED_BY = [
    # (arrivals, referee names) → charged team
    pytest.param({"A": at(-5), "B": at(20)}, None, "B", id="2 time: the late team caused the delay"),
    pytest.param({"A": at(12), "B": at(20)}, None, "B", id="2 time: both late → the later one"),
    pytest.param({"A": at(20), "B": at(20)}, None, None, id="2 time: equally late → the referee must name"),
    pytest.param({"A": at(-5), "B": T0}, None, None, id="2 time: nobody late → the referee must name"),
    pytest.param({"A": at(-5), "B": at(20)}, "A", "A", id="2 time: the team the referee names"),
    pytest.param({}, None, None, id="2 time: no arrivals given"),
]


@pytest.mark.parametrize(("arrived", "named", "expected"), CAUSED_BY)
def test_novi_sad_overtime_is_charged_to(arrived: dict[str, int | None], named: str | None,
                                         expected: str | None) -> None:
    assert novi_sad_overtime(T0, at(130), arrived=arrived, caused_by=named).caused_by == expected


def test_a_late_arrival_counts_toward_the_overtime() -> None:  # 2 time
    # B completes 20 min late; the match and scoring then take their full 1 h 45 min
    p = novi_sad_overtime(T0, at(20 + 105), arrived={"A": T0, "B": at(20)})
    assert (p.blocks, p.vp, p.caused_by) == (4, D(4), "B")


def test_later_arriving_treats_never_complete_as_latest() -> None:  # 2 time
    assert later_arriving({"A": at(25), "B": None}, T0) == "B"


def test_novi_sad_parameters() -> None:  # 2 time: every number is a preset parameter
    assert NoviSadTimeParams.from_rules(NOVI_SAD) == NOVI_SAD_DEFAULTS
    assert NOVI_SAD_DEFAULTS.allowed_ms() == NOVI_SAD_DEFAULTS.allowed_ms(12) == 105 * MIN
    half = NoviSadTimeParams.from_rules({**NOVI_SAD, "overtime_vp_per_block": 0.5, "match_minutes": 100})
    assert novi_sad_overtime(T0, at(130), half).vp == D("1.5")  # 15 min over 1 h 55
    sixteen = NoviSadTimeParams.from_rules({**NOVI_SAD, "match_minutes": 120, "match_boards": 16})
    assert sixteen.allowed_ms(16) == 135 * MIN and sixteen.allowed_ms(8) == 75 * MIN


ALLOWED = [
    # (boards) → minutes a match may take: §1's pace of 90 minutes per 12 boards, + 15 for scoring
    pytest.param(12, 105, id="2 time: 12 boards → 1 h 30 + 15"),
    pytest.param(24, 195, id="2 time: 24 boards → 3 h + 15"),
    pytest.param(40, 315, id="2 time: the final's 40 boards → 5 h + 15"),
    pytest.param(6, 60, id="2 time: 6 boards → 45 min + 15"),
    pytest.param(13, 112.5, id="2 time: 13 boards → 97.5 min + 15"),
]


@pytest.mark.parametrize(("boards", "minutes"), ALLOWED)
def test_the_allowed_time_keeps_the_pace_for_the_matchs_boards(boards: int, minutes: float) -> None:
    assert NOVI_SAD_DEFAULTS.allowed_ms(boards) == minutes * MIN
    allowed = T0 + round(minutes * MIN)
    assert novi_sad_overtime(T0, allowed, boards=boards).blocks == 0
    assert novi_sad_overtime(T0, allowed + 5 * MIN - 1, boards=boards).blocks == 0
    assert novi_sad_overtime(T0, allowed + 5 * MIN, boards=boards).blocks == 1


# ---- Slovak league --------------------------------------------------------------------------

WAITING = [
    pytest.param(180, False, 45 * MIN, id="3 late: ¼ of 3 hours"),
    pytest.param(200, False, 50 * MIN, id="3 late: ¼ of 200 minutes"),
    pytest.param(195, False, 48 * MIN + 45 * SEC, id="3 late: ¼ of 195 minutes, exact to the ms"),
    pytest.param(180, True, 2 * HOUR, id="3 late: first match of a gathering → 2 hours"),
]


@pytest.mark.parametrize(("match_minutes", "first", "expected"), WAITING)
def test_slovak_waiting_ms(match_minutes: float, first: bool, expected: int) -> None:
    assert slovak_waiting_ms(match_minutes, first) == expected


SLOVAK_LATE = [
    # (ms late, boards, match minutes, first of gathering) → (blocks, boards removed, IMPs, forfeit)
    pytest.param(0, 24, 180, False, (0, 0, 0, False), id="3 late: on time"),
    pytest.param(SEC, 24, 180, False, (1, 2, 6, False), id="3 late: 0:01 starts the first 15 minutes"),
    pytest.param(14 * MIN + 59 * SEC, 24, 180, False, (1, 2, 6, False), id="3 late: 14:59 → 1 block"),
    pytest.param(15 * MIN, 24, 180, False, (1, 2, 6, False), id="3 late: 15:00 → still 1 block"),
    pytest.param(15 * MIN + SEC, 24, 180, False, (2, 4, 12, False), id="3 late: 15:01 → 2 blocks"),
    pytest.param(30 * MIN, 24, 180, False, (2, 4, 12, False), id="3 late: 30:00 → 2 blocks"),
    pytest.param(45 * MIN, 24, 180, False, (3, 6, 18, False), id="3 late: exactly the waiting period → plays"),
    pytest.param(45 * MIN + SEC, 24, 180, False, (4, 0, 0, True), id="3 late: past the waiting period → forfeit"),
    pytest.param(30 * MIN + SEC, 24, 120, False, (3, 0, 0, True), id="3 late: 2-hour match waits 30 min"),
    pytest.param(119 * MIN, 24, 180, True, (8, 16, 48, False), id="3 late: first match of a gathering, 1:59"),
    pytest.param(2 * HOUR, 24, 180, True, (8, 16, 48, False), id="3 late: first match, exactly 2 hours"),
    pytest.param(2 * HOUR + SEC, 24, 180, True, (9, 0, 0, True), id="3 late: first match, 2:00:01 → forfeit"),
    pytest.param(HOUR, 8, 180, True, (4, 8, 24, False), id="3 late: never more boards than the match has"),
]


@pytest.mark.parametrize(("late", "boards", "match_minutes", "first", "expected"), SLOVAK_LATE)
def test_slovak_late(late: int, boards: int, match_minutes: float, first: bool,
                     expected: tuple[int, int, int, bool]) -> None:
    s = slovak_late(late, boards, match_minutes, first)
    assert (s.blocks, s.boards_removed, s.compensation_imps, s.forfeit) == (
        expected[0], expected[1], D(expected[2]), expected[3])


def test_slovak_parameters() -> None:  # 3 late: every number is a preset parameter
    assert SlovakLateParams.from_rules(SLOVAK) == SLOVAK_DEFAULTS
    other = SlovakLateParams.from_rules({**SLOVAK, "imps_per_removed_board": 2.5, "boards_removed_per_block": 3})
    assert slovak_late(20 * MIN, 24, 180, False, other).compensation_imps == D(15)  # 2 blocks × 3 × 2.5


# ---- alerts ---------------------------------------------------------------------------------

THRESHOLDS = [
    # (rules, match minutes, first, pauses) → [(name, at)]
    pytest.param(CACAK, None, False, [], [("grace", at(5)), ("reserve", at(30))], id="1 late: grace and reserve"),
    pytest.param(CACAK, None, False, [(at(2), at(4))], [("grace", at(7)), ("reserve", at(32))],
                 id="1 late + late everywhere: a pause moves the alerts"),
    pytest.param(CACAK, None, False, [(at(10), None)], [("grace", at(5))],
                 id="1 late + late everywhere: an open pause holds the later alert"),
    pytest.param({**CACAK, "grace_minutes": 2.5}, None, False, [], [("grace", at(2, 30)), ("reserve", at(30))],
                 id="1 late: overridden grace"),
    pytest.param(NOVI_SAD, None, False, [], [("forfeit", at(30))], id="2 time: forfeit"),
    pytest.param(SLOVAK, 180, False, [], [("block:2", at(15)), ("block:3", at(30)), ("forfeit", at(45))],
                 id="3 late: blocks up to a waiting period on a block boundary"),
    pytest.param(SLOVAK, 200, False, [],
                 [("block:2", at(15)), ("block:3", at(30)), ("block:4", at(45)), ("forfeit", at(50))],
                 id="3 late: blocks up to a waiting period between boundaries"),
    pytest.param(SLOVAK, None, True, [],
                 [*((f"block:{k + 1}", at(15 * k)) for k in range(1, 8)), ("forfeit", at(120))],
                 id="3 late: first match of a gathering"),
]


@pytest.mark.parametrize(("rules", "match_minutes", "first", "pauses", "expected"), THRESHOLDS)
def test_thresholds(rules: dict, match_minutes: float | None, first: bool, pauses: list[Pause],
                    expected: list[tuple[str, int]]) -> None:
    assert thresholds(rules, T0, match_minutes, first, pauses=pauses) == expected


def test_thresholds_are_named_tuples_and_scale_with_the_demo() -> None:  # 1 late
    alerts = thresholds(CACAK, T0, speed=60)
    assert alerts == [Threshold("grace", T0 + 5 * SEC), Threshold("reserve", T0 + 30 * SEC)]
    assert alerts[0].name == "grace" and alerts[0].at == T0 + 5 * SEC


def test_thresholds_need_known_rules_and_the_match_time() -> None:  # 3 late
    with pytest.raises(ValueError, match="unknown lateness rules"):
        thresholds({"game": "bridge"}, T0)
    with pytest.raises(ValueError, match="match's minutes"):
        thresholds(SLOVAK, T0)


# ---- the presets ----------------------------------------------------------------------------


# docs/tournament-file.md#rules-parameters: every number a parameter
def test_presets_carry_the_lateness_parameters() -> None:
    assert {k: CACAK[k] for k in ("grace_minutes", "late_bule_per_minute", "late_cap_minutes",
                                  "reserve_after_minutes", "reserve_bule", "game_bule", "count_from",
                                  "late_penalty_applies")} == {
        "grace_minutes": 5.0, "late_bule_per_minute": 2, "late_cap_minutes": 30.0, "reserve_after_minutes": 30.0,
        "reserve_bule": 350, "game_bule": 300, "count_from": "start", "late_penalty_applies": "paper"}
    assert (NOVI_SAD["forfeit_after_minutes"], NOVI_SAD["match_minutes"], NOVI_SAD["scoring_minutes"],
            NOVI_SAD["overtime_block_minutes"], NOVI_SAD["overtime_vp_per_block"], NOVI_SAD["match_boards"]) == \
        (30.0, 90.0, 15.0, 5.0, 1.0, 12)
    assert (SLOVAK["waiting_fraction"], SLOVAK["first_match_waiting_minutes"], SLOVAK["late_block_minutes"],
            SLOVAK["boards_removed_per_block"], SLOVAK["imps_per_removed_board"]) == (0.25, 120.0, 15.0, 2, 3.0)
    for name, rules in PRESETS.items():
        assert rules["lateness"] == name
        for key, value in rules.items():
            assert key in PARAMETER_TYPES, key
            assert isinstance(value, PARAMETER_TYPES[key]), key


def test_preferans_parameters() -> None:  # 1 late
    assert PreferansLateParams.from_rules(CACAK) == PREFERANS_DEFAULTS
    assert (START.grace_ms, START.cap_ms, START.bule_per_minute) == (5 * MIN, 30 * MIN, D(2))
    with pytest.raises(ValueError, match="count_from"):
        PreferansLateParams.from_rules({**CACAK, "count_from": "grace"})
    with pytest.raises(ValueError, match="late_penalty_applies"):
        PreferansLateParams.from_rules({**CACAK, "late_penalty_applies": "both"})
    with pytest.raises(ValueError, match="negative"):
        preferans_late_penalty(-1)


def test_minutes_ms_is_exact() -> None:  # late everywhere: durations are minutes, floats allowed
    assert minutes_ms(0.1) == 6 * SEC
    assert minutes_ms(2.5, speed=60) == 2500
