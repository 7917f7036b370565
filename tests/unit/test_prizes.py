"""Prize money by place: docs/rules/prizes.md#cacak (50/25/15/10 %) and docs/rules/prizes.md#novi-sad
(60 : 40)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from live.rules.presets import PRESETS
from live.rules.prizes import CACAK_SHARES, NOVI_SAD_SHARES, champion_first, place_amounts, prizes, sponsored

D = Decimal


def test_preset_shares() -> None:  # docs/rules/prizes.md: Čačak 50/25/15/10 %, Novi Sad 60 : 40
    assert CACAK_SHARES == (50, 25, 15, 10)
    assert NOVI_SAD_SHARES == (60, 40)


@pytest.mark.parametrize(
    ("ranking", "expected"),
    [
        pytest.param([("a", 1), ("b", 2), ("c", 3), ("d", 4), ("e", 5)],
                     {"a": 42000, "b": 21000, "c": 12600, "d": 8400, "e": 0}, id="rules1-no-ties"),
        pytest.param([("a", 1), ("b", 2), ("c", 2), ("d", 4)],
                     {"a": 42000, "b": 16800, "c": 16800, "d": 8400}, id="rules1-tie-for-2nd-splits-2nd-and-3rd"),
        pytest.param([("a", 1), ("b", 1), ("c", 3), ("d", 4)],
                     {"a": 31500, "b": 31500, "c": 12600, "d": 8400}, id="rules1-tie-for-1st"),
        pytest.param([("a", 1), ("b", 2), ("c", 3), ("d", 4), ("e", 4)],
                     {"a": 42000, "b": 21000, "c": 12600, "d": 4200, "e": 4200}, id="rules1-tie-for-4th-with-5th"),
        pytest.param([("a", 1), ("b", 2), ("c", 2), ("d", 2)],
                     {"a": 42000, "b": 14000, "c": 14000, "d": 14000}, id="rules1-three-way-tie-for-2nd"),
    ],
)
def test_cacak_split(ranking: list[tuple[str, int]], expected: dict[str, int]) -> None:
    # docs/rules/desk.md#prize-fund: e.g. 30 players × 4000 dinars = 120 000, 70 % to the fund = 84 000
    assert prizes(84000, ranking) == {k: D(v) for k, v in expected.items()}


@pytest.mark.parametrize(
    ("ranking", "expected"),
    [
        pytest.param([("X", 1), ("Y", 2), ("Z", 3)], {"X": 4500, "Y": 3000, "Z": 0}, id="rules2-60-40"),
        pytest.param([("X", 1), ("Y", 1), ("Z", 3)], {"X": 3750, "Y": 3750, "Z": 0}, id="rules2-shared-1st"),
    ],
)
def test_novi_sad_split(ranking: list[tuple[str, int]], expected: dict[str, int]) -> None:
    assert prizes(7500, ranking, NOVI_SAD_SHARES) == {k: D(v) for k, v in expected.items()}


@pytest.mark.parametrize(
    ("ranking", "expected"),
    [
        pytest.param([("a", 1), ("b", 2), ("c", 3), ("d", 4), ("e", 5), ("f", 6)], {5: ["e"]}, id="rules1-5th"),
        pytest.param([("a", 1), ("b", 2), ("c", 3), ("d", 4), ("e", 4), ("f", 6)], {5: ["d", "e"]},
                     id="rules1-a-tie-for-4th-covers-the-5th"),
        pytest.param([("a", 1), ("b", 2), ("c", 3), ("d", 3), ("e", 3), ("f", 6)], {5: ["c", "d", "e"]},
                     id="rules1-a-three-way-tie-for-3rd-covers-the-5th"),
        pytest.param([("a", 1), ("b", 2), ("c", 3), ("d", 4)], {}, id="rules1-a-field-of-four-has-no-5th"),
    ],
)
def test_the_sponsors_place_goes_to_whoever_holds_it(ranking: list[tuple[str, int]],
                                                     expected: dict[int, list[str]]) -> None:
    # docs/rules/prizes.md#cacak: the fifth place and the best lady get sponsors' prizes
    assert PRESETS["cacak-preferans"]["sponsor_places"] == [5]
    assert sponsored(ranking, [5]) == expected
    assert sponsored(ranking, []) == {}


def test_amounts_round_down_to_the_unit() -> None:
    assert prizes(1000, [("a", 1), ("b", 1), ("c", 1)], (100,)) == {"a": 333, "b": 333, "c": 333}
    assert prizes(1000, [("a", 1), ("b", 1), ("c", 1)], (100,), unit=D("0.01")) == {
        "a": D("333.33"), "b": D("333.33"), "c": D("333.33")}
    assert place_amounts(84000) == [42000, 21000, 12600, 8400]


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="more than 100"):
        prizes(1000, [("a", 1)], (60, 50))
    with pytest.raises(ValueError, match="ranks start at 1"):
        prizes(1000, [("a", 0)])
    with pytest.raises(ValueError, match="rank 2 overlaps"):
        prizes(1000, [("a", 1), ("b", 1), ("c", 2)])
    with pytest.raises(ValueError, match="negative"):
        prizes(-5, [("a", 1)])


@given(
    fund=st.integers(0, 10_000_000),
    groups=st.lists(st.integers(1, 4), min_size=1, max_size=8),
    shares=st.sampled_from([CACAK_SHARES, NOVI_SAD_SHARES, (100,), (34, 33, 33)]),
)
def test_prizes_never_exceed_the_fund(fund: int, groups: list[int], shares: tuple[int, ...]) -> None:  # §1, §2
    ranking: list[tuple[str, int]] = []
    for size in groups:  # each group shares one place; the next rank skips the shared places
        rank = len(ranking) + 1
        ranking += [(f"p{rank + k}", rank) for k in range(size)]
    paid = prizes(fund, ranking, shares)
    assert sum(paid.values()) <= fund
    covered = sum(place_amounts(fund, shares)[: len(ranking)], D(0))  # the places someone occupies
    assert covered - sum(paid.values()) < len(ranking)  # rounding keeps back less than a dinar each
    assert set(paid) == {p for p, _ in ranking}
    ranks = dict(ranking)
    assert all(paid[a] >= paid[b] for a in paid for b in paid if ranks[a] < ranks[b])


# ---- Novi Sad: the champion is the final's winner (docs/rules/novi-sad.md#final) ---------------


@pytest.mark.parametrize(("league", "winner", "runner_up", "expected"), [
    pytest.param([("t1", 1), ("t2", 2), ("t3", 3), ("t4", 4)], "t2", "t1",
                 [("t2", 1), ("t1", 2), ("t3", 3), ("t4", 4)], id="the league's second wins the final"),
    pytest.param([("t1", 1), ("t2", 2), ("t3", 3)], "t1", "t2", [("t1", 1), ("t2", 2), ("t3", 3)],
                 id="the league's first wins it: nothing moves"),
    pytest.param([("t1", 1), ("t2", 2), ("t3", 2), ("t4", 4)], "t2", "t1",
                 [("t2", 1), ("t1", 2), ("t3", 3), ("t4", 4)], id="a team level with a finalist is 3rd"),
])
def test_the_finals_winner_is_first_and_its_loser_second(
        league: list[tuple[str, int]], winner: str, runner_up: str, expected: list[tuple[str, int]]) -> None:
    order = champion_first(league, winner, runner_up)
    assert order == expected
    paid = prizes(1000, order, NOVI_SAD_SHARES)
    assert (paid[winner], paid[runner_up]) == (600, 400)


def test_the_finalists_must_be_in_the_ranking() -> None:
    with pytest.raises(ValueError, match="two competitors"):
        champion_first([("t1", 1), ("t2", 2)], "t1", "t1")
    with pytest.raises(ValueError, match="two competitors"):
        champion_first([("t1", 1), ("t2", 2)], "t1", "t9")
