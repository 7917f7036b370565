"""Preferans seating (docs/rules/cacak.md#seating): the seeded round-1 draw and seating by rank."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from live.rules.preferans import score_table
from live.rules.seating import SeatingError, Table, draw, from_standings, seat, table_sizes
from live.rules.standings_preferans import standings


@pytest.mark.parametrize(
    ("n", "sizes"),
    [
        pytest.param(3, (3,), id="cacak.md#seating: one table of three"),
        pytest.param(4, (4,), id="cacak.md#seating: one table of four"),
        pytest.param(6, (3, 3), id="cacak.md#seating: a multiple of 3"),
        pytest.param(7, (4, 3), id="cacak.md#seating: 3k+1, table 1 of four"),
        pytest.param(8, (4, 4), id="cacak.md#seating: 3k+2, tables 1-2 of four"),
        pytest.param(30, (3,) * 10, id="cacak.md#seating: 30 players, ten tables of three"),
        pytest.param(31, (4,) + (3,) * 9, id="cacak.md#seating: 31 players, table 1 of four, 2-10 of three"),
        pytest.param(32, (4, 4) + (3,) * 8, id="cacak.md#seating: 32 players, tables 1-2 of four, 3-10"),
    ],
)
def test_table_sizes_put_tables_of_four_first(n: int, sizes: tuple[int, ...]) -> None:
    assert table_sizes(n) == sizes
    assert sum(sizes) == n


@pytest.mark.parametrize("n", [pytest.param(n, id=f"cacak.md#seating: {n} cannot be seated")
                               for n in (0, 1, 2, 5)])
def test_fields_that_cannot_be_seated(n: int) -> None:
    with pytest.raises(SeatingError, match=f"{n} players cannot be seated"):
        table_sizes(n)


def test_later_rounds_seat_ranks_1_to_3_at_table_1() -> None:
    # docs/rules/cacak.md#seating: rank 1–3 at table 1, rank 4–6 at table 2, and so on
    ranking = [f"r{i}" for i in range(1, 10)]
    assert from_standings(ranking) == (
        Table(1, ((1, "r1"), (2, "r2"), (3, "r3"))),
        Table(2, ((1, "r4"), (2, "r5"), (3, "r6"))),
        Table(3, ((1, "r7"), (2, "r8"), (3, "r9"))),
    )


def test_a_field_of_seven_puts_the_top_four_at_table_1() -> None:
    # docs/rules/cacak.md#seating: a field not a multiple of 3 gets tables of 4, lowest tables first
    tables = from_standings([f"r{i}" for i in range(1, 8)])
    assert [t.players for t in tables] == [("r1", "r2", "r3", "r4"), ("r5", "r6", "r7")]
    assert tables[0].seats[3] == (4, "r4")


def test_seating_from_the_results_table() -> None:
    # docs/rules/cacak.md#seating: players find their seat from the results table
    rows = standings([[score_table({"a": 37, "b": -12, "c": -25}), score_table({"d": 10, "e": 0, "f": -10})]])
    tables = from_standings([row.player for row in rows])
    assert [t.players for t in tables] == [("a", "d", "e"), ("b", "f", "c")]


def test_a_player_listed_twice_is_refused() -> None:
    with pytest.raises(SeatingError, match="b is listed twice"):
        seat(["a", "b", "c", "b"])
    with pytest.raises(SeatingError, match="listed twice"):
        draw(["a", "b", "c", "a", "d", "e", "f"], seed=1)


def test_the_draw_is_fixed_by_its_seed() -> None:
    # docs/rules/cacak.md#seating: the draw is seeded and logged so it can be replayed
    field = [f"p{i:02}" for i in range(30)]
    assert draw(field, seed="cacak-2027") == draw(list(reversed(field)), seed="cacak-2027")
    assert draw(field, seed=1) != draw(field, seed=2)


FIELDS = st.integers(3, 60).filter(lambda n: n != 5).map(lambda n: [f"p{i:02}" for i in range(n)])


@given(FIELDS, st.integers(0, 2**64), st.randoms(use_true_random=False))
def test_the_draw_is_a_reproducible_permutation(field: list[str], seed: int, rnd: random.Random) -> None:
    # docs/rules/cacak.md#seating: round 1 drawn by lot, replayable from the seed
    tables = draw(field, seed)
    seated = [p for t in tables for p in t.players]
    assert sorted(seated) == sorted(field)  # everybody once, nobody else
    assert [t.number for t in tables] == list(range(1, len(tables) + 1))
    assert tuple(len(t.seats) for t in tables) == table_sizes(len(field))
    assert all([s for s, _ in t.seats] == list(range(1, len(t.seats) + 1)) for t in tables)
    shuffled = list(field)
    rnd.shuffle(shuffled)
    assert draw(shuffled, seed) == tables  # the same seed replays it, whatever the input order


@given(FIELDS)
def test_seating_by_rank_keeps_the_ranking_order(field: list[str]) -> None:
    # docs/rules/cacak.md#seating: the ranking read table by table, seat by seat
    tables = from_standings(field)
    assert [p for t in tables for p in t.players] == field
    sizes = [len(t.seats) for t in tables]
    assert sizes == sorted(sizes, reverse=True) and set(sizes) <= {3, 4} and sizes.count(4) <= 2
