"""Preferans scoring of one game and the tournament standings (docs/rules/cacak.md), pure functions.

Every table-driven case names the rule it checks in its id, by its anchor in docs/rules/ ("cacak.md#scoring: ...").
"""

from __future__ import annotations

import random
from decimal import Decimal
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from live.rules.preferans import (
    DEFAULT_PARAMS,
    PlayerScore,
    ResultError,
    ScoringParams,
    TableScore,
    score_table,
    score_walkover,
    steps,
)
from live.rules.presets import PRESETS
from live.rules.seating import draw
from live.rules.standings_preferans import DEFAULT_TIEBREAKS, StandingsError, standings

D = Decimal


def points(results: dict[str, int | Decimal], supe: dict[tuple[str, str], int] | None = None,
           params: ScoringParams = DEFAULT_PARAMS) -> dict[str, Decimal]:
    scored = score_table(results, supe, params)
    return {line.player: line.points for line in scored.scores}


# ---- one game ---------------------------------------------------------------------------

SCORING = [
    # (results a, b, c[, d]) → points, in the same order
    pytest.param((37, -12, -25), ("4.3", "2.9", "0.8"), id="cacak.md#scoring: 1st, 2nd negative, 3rd"),
    pytest.param((60, 0, -60), ("4.5", "3", "0.4"), id="cacak.md#scoring: bonus capped at 0.5, result 0 scores 3"),
    pytest.param((30, 20, -50), ("4.3", "3.2", "0.5"), id="cacak.md#scoring: 2nd positive gets a bonus"),
    pytest.param((9, 1, -10), ("4", "3", "0.9"), id="cacak.md#scoring: 9 bule is not a full 10"),
    pytest.param((10, -3, -7), ("4.1", "3", "1"), id="cacak.md#scoring: 2nd negative under 10 loses nothing"),
    pytest.param((100, 80, -180), ("4.5", "3.5", "-0.8"), id="cacak.md#scoring: both bonuses capped, malus not"),
    pytest.param((200, -20, -180), ("4.5", "2.8", "-0.8"), id="cacak.md#scoring: 3rd's malus has no limit"),
    pytest.param((150, -150, 0), ("4.5", "-0.5", "3"), id="cacak.md#scoring: input order is not place order"),
    pytest.param((D("37.5"), D("-12.5"), -25), ("4.3", "2.9", "0.8"), id="cacak.md#scoring: decimal bule"),
    pytest.param((20, 20, -40), ("3.7", "3.7", "0.6"), id="cacak.md#ties-at-table: 1st and 2nd shared without supe"),
    pytest.param((40, -20, -20), ("4.4", "1.8", "1.8"), id="cacak.md#ties-at-table: 2nd negative and 3rd shared"),
    pytest.param((55, 55, -110), ("4", "4", "-0.1"), id="cacak.md#ties-at-table: shared 4.5 and 3.5"),
    pytest.param((0, 0, 0), ("3", "3", "3"), id="cacak.md#scoring: three zeros all count as 2nd positive"),
    # a table of four (docs/rules/cacak.md#table-of-four: fields not a multiple of 3): 4 / 3±b / 3±b / 1−m
    pytest.param((30, 10, -15, -25), ("4.3", "3.1", "2.9", "0.8"), id="cacak.md#table-of-four: 1st 2nd 2nd 3rd"),
    pytest.param((25, -5, -5, -15), ("4.2", "3", "3", "0.9"), id="cacak.md#table-of-four: tied middle places"),
    pytest.param((30, -10, -10, -10), ("4.3", "2.23", "2.23", "2.23"),
                 id="cacak.md#table-of-four: three-way share rounded to 0.01"),
    pytest.param((20, 0, 0, -20), ("4.2", "3", "3", "0.8"), id="cacak.md#table-of-four: zeros"),
]


@pytest.mark.parametrize(("results", "expected"), SCORING)
def test_points_of_one_game(results: tuple[int | Decimal, ...], expected: tuple[str, ...]) -> None:
    names = "abcd"[: len(results)]
    got = points(dict(zip(names, results, strict=True)))
    assert got == {n: D(e) for n, e in zip(names, expected, strict=True)}


def test_points_are_exact_decimals() -> None:
    # docs/rules/cacak.md#scoring: 3.1 + 0.1 must stay 3.2, and the bonus adds to the exact place points
    scored = score_table({"a": 30, "b": 10, "c": -40})
    assert scored.of("b").points == D("3.1")
    assert scored.of("b").points + D("0.1") == D("3.2")
    assert all(isinstance(line.points, Decimal) for line in scored.scores)


@pytest.mark.parametrize(
    ("result", "n"),
    [
        pytest.param(0, 0, id="cacak.md#scoring, full 10: 0"),
        pytest.param(9, 0, id="cacak.md#scoring, full 10: 9"),
        pytest.param(10, 1, id="cacak.md#scoring, full 10: 10"),
        pytest.param(-19, 1, id="cacak.md#scoring, full 10: -19"),
        pytest.param(-20, 2, id="cacak.md#scoring, full 10: -20"),
        pytest.param(D("29.9"), 2, id="cacak.md#scoring, full 10: 29.9"),
    ],
)
def test_full_tens_are_the_floor_of_the_absolute_result(result: int | Decimal, n: int) -> None:
    assert steps(result) == n


TIES = [
    # (results, supe written {(writer, against): supe}) → points of a, b, c
    pytest.param((20, 20, -40), {("a", "b"): 30, ("b", "a"): 10}, ("4.2", "3.2", "0.6"),
                 id="cacak.md#ties-at-table: more supe on the other wins the place"),
    pytest.param((20, 20, -40), {("a", "b"): 10, ("b", "a"): 30}, ("3.2", "4.2", "0.6"),
                 id="cacak.md#ties-at-table: ... either way"),
    pytest.param((20, 20, -40), {("a", "b"): 10, ("b", "a"): 10, ("a", "c"): 20, ("b", "c"): 50},
                 ("3.2", "4.2", "0.6"), id="cacak.md#ties-at-table: equal on each other, more in total wins"),
    pytest.param((20, 20, -40), {("a", "b"): 10, ("b", "a"): 10, ("a", "c"): 50, ("b", "c"): 50},
                 ("3.7", "3.7", "0.6"), id="cacak.md#ties-at-table: all equal, the points are shared"),
    pytest.param((40, -20, -20), {("c", "b"): 5}, ("4.4", "0.8", "2.8"),
                 id="cacak.md#ties-at-table: 2nd negative against 3rd"),
    pytest.param((0, 0, 0), {("a", "b"): 5, ("a", "c"): 5}, ("3", "3", "3"),
                 id="cacak.md#ties-at-table: a zero scores 3 whatever the supe"),
]


@pytest.mark.parametrize(("results", "supe", "expected"), TIES)
def test_ties_at_the_table(results: tuple[int, int, int], supe: dict[tuple[str, str], int],
                           expected: tuple[str, str, str]) -> None:
    got = points(dict(zip("abc", results, strict=True)), supe)
    assert got == {n: D(e) for n, e in zip("abc", expected, strict=True)}


def test_places_and_shared_flags() -> None:
    # docs/rules/cacak.md#ties-at-table: the shared players both hold the better place of the two
    scored = score_table({"a": 20, "b": 20, "c": -40})
    assert [(s.player, s.place, s.shared) for s in scored.scores] == [("a", 1, True), ("b", 1, True), ("c", 3, False)]
    ordered = score_table({"a": 20, "b": 20, "c": -40}, {("b", "a"): 1})
    assert [(s.player, s.place, s.shared) for s in ordered.scores] == [
        ("b", 1, False), ("a", 2, False), ("c", 3, False)
    ]


def test_a_three_way_tie_at_a_table_of_four_is_broken_inside_the_group() -> None:
    # docs/rules/cacak.md#ties-at-table, extended to three tied players: supe against the other tied players, then
    # the two left tied are compared head to head (b wrote more on c than c on b)
    supe = {("b", "c"): 20, ("b", "d"): 10, ("c", "d"): 30, ("c", "b"): 5, ("d", "b"): 35}
    # against the group: b 30, c 35, d 35 → b last; c vs d: c→d 30, d→c 0 → c first
    scored = score_table({"a": 30, "b": -10, "c": -10, "d": -10}, supe)
    assert [(s.player, s.place, s.points) for s in scored.scores] == [
        ("a", 1, D("4.3")), ("c", 2, D("2.9")), ("d", 3, D("2.9")), ("b", 4, D("0.9"))
    ]


@pytest.mark.parametrize(
    ("results", "supe", "message"),
    [
        pytest.param({"a": 30, "b": -10, "c": -8}, None, "the results sum to 12, not 0",
                     id="cacak.md#scoring: results must sum to zero"),
        pytest.param({"a": 30, "b": -10, "c": -25}, None, "the results sum to -5, not 0",
                     id="cacak.md#scoring: negative sum named"),
        pytest.param({"a": D("0.5"), "b": 0, "c": 0}, None, "the results sum to 0.5, not 0",
                     id="cacak.md#scoring: decimal sum named"),
        pytest.param({"a": 10, "b": -10}, None, "a table has 3 or 4 players, not 2",
                     id="cacak.md#scoring: tables of three (or four)"),
        pytest.param({"a": 10, "b": -10, "c": 0}, {("a", "x"): 3}, "both must sit at this table",
                     id="cacak.md#ties-at-table: supe only between players of the table"),
        pytest.param({"a": 10, "b": -10, "c": 0}, {("a", "b"): -3}, "whole number ≥ 0",
                     id="cacak.md#ties-at-table: supe are not negative"),
        pytest.param({"a": 10.0, "b": -10, "c": 0}, None, "whole or decimal number",
                     id="cacak.md#scoring: floats are refused (exact arithmetic)"),
    ],
)
def test_bad_slips_are_refused(results: dict[str, int | Decimal], supe: dict[tuple[str, str], int] | None,
                               message: str) -> None:
    with pytest.raises(ResultError, match=message):
        score_table(results, supe)


def test_result_error_is_a_value_error() -> None:
    assert issubclass(ResultError, ValueError)


def test_walkover() -> None:
    # docs/rules/cacak.md#late-arrival: two absent at 30 minutes → the one who came gets 4, the absent 0
    scored = score_walkover("a", ["c", "b"])
    assert scored.walkover
    assert [(s.player, s.points, s.result, s.absent) for s in scored.scores] == [
        ("a", D(4), D(0), False), ("b", D(0), D(0), True), ("c", D(0), D(0), True)
    ]
    with pytest.raises(ResultError):
        score_walkover("a", ["a", "b"])
    with pytest.raises(ResultError):
        score_walkover("a", [])


def test_parameters_come_from_the_preset_and_its_overrides() -> None:
    # docs/tournament-file.md#rules-parameters: every number is a parameter of the preset
    rules = PRESETS["cacak-preferans"]
    assert ScoringParams.from_rules(rules) == DEFAULT_PARAMS
    assert DEFAULT_PARAMS.first == D(4) and DEFAULT_PARAMS.step_points == D("0.1")
    wider = ScoringParams.from_rules({**rules, "bonus_cap": 1, "points_walkover": 3.5})
    assert points({"a": 60, "b": 0, "c": -60}, params=wider) == {"a": D("4.6"), "b": D(3), "c": D("0.4")}
    assert score_walkover("a", ["b", "c"], wider).of("a").points == D("3.5")
    with pytest.raises(ValueError, match="bonus_step_bule"):
        ScoringParams(step_bule=0)


# ---- properties of one game -------------------------------------------------------------

NAMES = ("ana", "bora", "ceca", "deki")


@st.composite
def tables(draw_: st.DrawFn) -> tuple[dict[str, int], dict[tuple[str, str], int]]:
    """A valid slip: 3 or 4 players, results summing to 0, some supe written."""
    size = draw_(st.sampled_from((3, 4)))
    players = NAMES[:size]
    first = draw_(st.lists(st.integers(-300, 300), min_size=size - 1, max_size=size - 1))
    results = dict(zip(players, [*first, -sum(first)], strict=True))
    pairs = [(w, a) for w in players for a in players if w != a]
    supe = draw_(st.dictionaries(st.sampled_from(pairs), st.integers(0, 60), max_size=len(pairs)))
    return results, supe


@given(tables())
def test_every_player_of_a_valid_table_gets_points(table: tuple[dict[str, int], dict[tuple[str, str], int]]) -> None:
    # docs/rules/cacak.md#scoring: a valid slip always scores, each player exactly once
    results, supe = table
    scored = score_table(results, supe)
    assert sorted(scored.players) == sorted(results)
    assert all(isinstance(line.points, Decimal) for line in scored.scores)
    assert sorted(line.place for line in scored.scores)[0] == 1


@given(tables(), st.randoms(use_true_random=False))
def test_input_order_does_not_change_anyones_points(table: tuple[dict[str, int], dict[tuple[str, str], int]],
                                                    rnd: random.Random) -> None:
    # docs/rules/cacak.md#scoring: places follow the results, not the order of entry
    results, supe = table
    items = list(results.items())
    rnd.shuffle(items)
    supe_items = list(supe.items())
    rnd.shuffle(supe_items)
    assert score_table(dict(items), dict(supe_items)) == score_table(results, supe)


@given(tables())
def test_a_better_result_never_scores_fewer_points(table: tuple[dict[str, int], dict[tuple[str, str], int]]) -> None:
    # docs/rules/cacak.md#scoring: 1st ≥ 2nd positive ≥ 3 (zero) ≥ 2nd negative ≥ 3rd
    results, supe = table
    scored = score_table(results, supe)
    for a in scored.scores:
        for b in scored.scores:
            if a.result > b.result:
                assert a.points >= b.points


@given(tables(), st.integers(-50, 50).filter(lambda e: e != 0))
def test_results_that_do_not_sum_to_zero_are_refused(table: tuple[dict[str, int], dict[tuple[str, str], int]],
                                                      error: int) -> None:
    # docs/rules/cacak.md#scoring: the three results sum to zero
    results, _ = table
    bad = {**results, "ana": results["ana"] + error}
    with pytest.raises(ResultError, match=f"sum to {error}, not 0"):
        score_table(bad)


# ---- tournament standings -----------------------------------------------------------------


def line(player: str, place: int, points_: str, result: int, *, absent: bool = False) -> PlayerScore:
    return PlayerScore(player=player, result=D(result), place=place, points=D(points_), absent=absent)


def table(*lines: PlayerScore) -> TableScore:
    return TableScore(scores=lines)


def test_standings_sum_points_and_bule_over_rounds() -> None:
    # docs/rules/cacak.md#standings: sum of points over the rounds
    r1 = [score_table({"a": 37, "b": -12, "c": -25}), score_table({"d": 10, "e": 0, "f": -10})]
    r2 = [score_table({"a": -30, "d": 20, "e": 10}), score_table({"b": 50, "c": -20, "f": -30})]
    rows = standings([r1, r2])
    by = {r.player: r for r in rows}
    # a: 4.3 + (3rd at -30: 1 - 0.3) = 5.0; b: 2.9 + 4.5 = 7.4; c: 0.8 + (2nd negative at -20) 2.8 = 3.6
    # d: 4.1 + 4.2 = 8.3; e: 3 + 3.1 = 6.1; f: 0.9 + 0.7 = 1.6
    assert {p: r.points for p, r in by.items()} == {
        "a": D("5.0"), "b": D("7.4"), "c": D("3.6"), "d": D("8.3"), "e": D("6.1"), "f": D("1.6")
    }
    assert [r.player for r in rows] == ["d", "b", "e", "a", "c", "f"]
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5, 6]
    assert {p: r.bule for p, r in by.items()} == {"a": 7, "b": 38, "c": -45, "d": 30, "e": 10, "f": -40}
    assert all(r.rounds == 2 for r in rows)


STANDINGS = [
    # (rounds of hand-made tables, tie-break chain) → [(rank, player)]
    pytest.param(
        [[table(line("a", 1, "4", 10), line("b", 2, "3", 20), line("c", 3, "1", -30))]],
        DEFAULT_TIEBREAKS, [(1, "a"), (2, "b"), (3, "c")],
        id="cacak.md#standings: points first",
    ),
    pytest.param(
        [[table(line("a", 1, "3.5", 10), line("b", 1, "3.5", 30), line("c", 3, "1", -40))]],
        DEFAULT_TIEBREAKS, [(1, "b"), (2, "a"), (3, "c")],
        id="cacak.md#standings: equal points, more bule ahead",
    ),
    pytest.param(
        [
            [table(line("a", 1, "4", 10), line("b", 2, "3", 0), line("c", 3, "1", -10))],
            [table(line("b", 1, "4", 10), line("d", 2, "3", 0), line("e", 3, "1", -10)),
             table(line("a", 2, "3", 0), line("f", 1, "4", 5), line("g", 3, "1", -5))],
        ],
        DEFAULT_TIEBREAKS, [(1, "a"), (2, "b"), (3, "f"), (4, "d"), (5, "g"), (6, "c"), (6, "e")],
        id="cacak.md#standings: equal points and bule, head to head",
    ),
    pytest.param(
        [
            [table(line("a", 1, "4", 10), line("b", 2, "3", 0), line("c", 3, "1", -10))],
            [table(line("b", 1, "4", 10), line("d", 2, "3", 0), line("e", 3, "1", -10)),
             table(line("a", 2, "3", 0), line("f", 1, "4", 5), line("g", 3, "1", -5))],
        ],
        ("bule",), [(1, "a"), (1, "b"), (3, "f"), (4, "d"), (5, "g"), (6, "c"), (6, "e")],
        id="cacak.md#standings: chain without head to head shares the place",
    ),
    pytest.param(
        [[table(line("a", 1, "3.5", 10), line("b", 1, "3.5", 30), line("c", 3, "1", -40))]],
        (), [(1, "a"), (1, "b"), (3, "c")],
        id="cacak.md#standings: empty chain, shared place",
    ),
    pytest.param(
        [[table(line("a", 1, "3.5", 30), line("b", 2, "3.5", 30), line("c", 3, "1", -60))]],
        ("head_to_head", "bule"), [(1, "a"), (2, "b"), (3, "c")],
        id="cacak.md#standings: head to head counts the place at the table",
    ),
    pytest.param(
        # a, b and c level on points (4) and bule (0); head to head among the three: a +2 (beat b twice, split
        # with c), b −1 and c −1. b and c restart the chain between themselves: b beat c, so b is 2nd alone.
        [[table(line("a", 1, "1", 0), line("b", 2, "1", 0), line("f1", 3, "0", 0))],
         [table(line("a", 1, "1", 0), line("b", 2, "1", 0), line("f2", 3, "0", 0))],
         [table(line("a", 1, "1", 0), line("c", 2, "1", 0), line("f3", 3, "0", 0))],
         [table(line("c", 1, "1", 0), line("a", 2, "1", 0), line("f4", 3, "0", 0))],
         [table(line("b", 1, "2", 0), line("c", 2, "2", 0), line("f5", 3, "0", 0))]],
        DEFAULT_TIEBREAKS, [(1, "a"), (2, "b"), (3, "c"), (4, "f1"), (4, "f2"), (4, "f3"), (4, "f4"), (4, "f5")],
        id="cacak.md#standings: two left level in a three-way tie restart the chain between themselves",
    ),
    pytest.param(
        [[score_walkover("a", ["b", "c"])], [table(line("b", 1, "4", 0), line("c", 2, "3", 0), line("d", 3, "1", 0))]],
        DEFAULT_TIEBREAKS, [(1, "a"), (1, "b"), (3, "c"), (4, "d")],
        id="cacak.md#late-arrival: walkover points count, absent players met nobody",
    ),
]


@pytest.mark.parametrize(("rounds", "chain", "expected"), STANDINGS)
def test_standings_tie_breaks(rounds: list[list[TableScore]], chain: tuple[str, ...],
                              expected: list[tuple[int, str]]) -> None:
    assert [(r.rank, r.player) for r in standings(rounds, tiebreaks=chain)] == expected


def test_rounds_played_and_registered_players_without_results() -> None:
    # docs/rules/cacak.md#late-arrival: an absent player has not played that round
    rows = standings([[score_walkover("a", ["b", "c"])]], players=["z"])
    assert {r.player: r.rounds for r in rows} == {"a": 1, "b": 0, "c": 0, "z": 0}
    assert [(r.rank, r.player, r.shared) for r in rows] == [(1, "a", False), (2, "b", True), (2, "c", True),
                                                            (2, "z", True)]


def test_a_deduction_of_points_comes_off_the_sum_before_ranking_and_ties_fall_to_the_chain() -> None:
    # docs/rules/sanctions.md#deduction: "a deduction of points" — tournament points, off the standings score
    r1 = [score_table({"a": 37, "b": -12, "c": -25}), score_table({"d": 10, "e": 0, "f": -10})]
    plain = {r.player: r for r in standings([r1])}
    assert (plain["a"].points, plain["d"].points, plain["a"].penalty_points) == (D("4.3"), D("4.1"), 0)
    rows = standings([r1], deductions={"a": D("0.2")})
    by = {r.player: r for r in rows}
    # a: 4.3 − 0.2 = 4.1, level with d: the sum of bule decides (a +37, d +10)
    assert (by["a"].points, by["a"].penalty_points, by["a"].bule, by["a"].rounds) == (D("4.1"), D("0.2"), 37, 1)
    assert [(r.rank, r.player) for r in rows[:2]] == [(1, "a"), (2, "d")]
    rows = standings([r1], deductions={"a": D("0.3")})  # 4.0: below d
    assert [(r.rank, r.player) for r in rows[:2]] == [(1, "d"), (2, "a")]
    assert {r.player: r.penalty_points for r in rows} == {"a": D("0.3"), **{p: 0 for p in "bcdef"}}
    late = standings([], players=["z"], deductions={"y": D(1)})  # a deduction before any table
    assert [(r.player, r.points, r.rounds) for r in late] == [("z", 0, 0), ("y", -1, 0)]
    with pytest.raises(StandingsError, match="takes points off"):
        standings([r1], deductions={"a": D(-1)})


def test_the_default_chain_is_the_presets() -> None:
    assert DEFAULT_TIEBREAKS == ("bule", "head_to_head") == tuple(PRESETS["cacak-preferans"]["standings_tiebreaks"])


def test_bad_standings_input_is_refused() -> None:
    t = score_table({"a": 10, "b": 0, "c": -10})
    with pytest.raises(StandingsError, match="unknown tie-break 'lots'"):
        standings([[t]], tiebreaks=("lots",))
    with pytest.raises(StandingsError, match="a is at two tables in the 1st round"):
        standings([[t, score_table({"a": 10, "d": 0, "e": -10})]])


# ---- properties of the standings -------------------------------------------------------------

FIELD = [f"p{i:02}" for i in range(10)]  # 10 players: tables of 4 and 3 and 3


@st.composite
def tournaments(draw_: st.DrawFn) -> list[list[TableScore]]:
    """A few rounds: each seated by a seeded draw, each table with random results."""
    rounds = []
    for _ in range(draw_(st.integers(1, 4))):
        tables_ = []
        for seating in draw(FIELD, draw_(st.integers(0, 2**32))):
            who = list(seating.players)
            first = draw_(st.lists(st.integers(-60, 60), min_size=len(who) - 1, max_size=len(who) - 1))
            tables_.append(score_table(dict(zip(who, [*first, -sum(first)], strict=True))))
        rounds.append(tables_)
    return rounds


@settings(max_examples=60)
@given(tournaments(), st.randoms(use_true_random=False))
def test_standings_do_not_depend_on_the_order_of_rounds_and_tables(rounds: list[list[TableScore]],
                                                                     rnd: random.Random) -> None:
    # docs/rules/cacak.md#standings: a sum over rounds, whatever order the results come in
    shuffled = [list(r) for r in rounds]
    for r in shuffled:
        rnd.shuffle(r)
    rnd.shuffle(shuffled)
    assert standings(shuffled) == standings(rounds)


@settings(max_examples=60)
@given(tournaments())
def test_standings_are_a_ranking_of_everybody(rounds: list[list[TableScore]]) -> None:
    rows = standings(rounds)
    assert sorted(r.player for r in rows) == FIELD
    assert rows[0].rank == 1
    assert all(a.points >= b.points for a, b in pairwise(rows))
    assert all(r.rounds == len(rounds) for r in rows)
    for i, row in enumerate(rows):
        assert row.rank == 1 + sum(1 for other in rows[:i] if other.rank != row.rank)
