"""Berger round-robin schedules (docs/rules/novi-sad.md#format, docs/rules/slovak-league.md#format): FIDE Berger
tables."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from live.rules.berger import BergerRound, berger, berger_numbers

# The published FIDE Berger tables (Handbook C.05 Annex 1), one line per round, home first.
FIDE = {
    4: """1-4 2-3
          4-3 1-2
          2-4 3-1""",
    6: """1-6 2-5 3-4
          6-4 5-3 1-2
          2-6 3-1 4-5
          6-5 1-4 2-3
          3-6 4-2 5-1""",
    8: """1-8 2-7 3-6 4-5
          8-5 6-4 7-3 1-2
          2-8 3-1 4-7 5-6
          8-6 7-5 1-4 2-3
          3-8 4-2 5-1 6-7
          8-7 1-6 2-5 3-4
          4-8 5-3 6-2 7-1""",
    10: """1-10 2-9 3-8 4-7 5-6
           10-6 7-5 8-4 9-3 1-2
           2-10 3-1 4-9 5-8 6-7
           10-7 8-6 9-5 1-4 2-3
           3-10 4-2 5-1 6-9 7-8
           10-8 9-7 1-6 2-5 3-4
           4-10 5-3 6-2 7-1 8-9
           10-9 1-8 2-7 3-6 4-5
           5-10 6-4 7-3 8-2 9-1""",
}


def parse(text: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    return tuple(
        tuple((int(a), int(b)) for a, b in (pair.split("-") for pair in line.split()))
        for line in text.strip().splitlines()
    )


@pytest.mark.parametrize("n", [pytest.param(n, id=f"Berger: FIDE table for {n}") for n in FIDE])
def test_the_fide_berger_tables(n: int) -> None:
    assert berger_numbers(n) == parse(FIDE[n])


def test_novi_sad_five_teams_double_round_robin() -> None:
    # docs/rules/novi-sad.md#format: double round robin (Berger), 5 teams so one has a bye each round: 10 rounds;
    # rounds 1–5 the first-listed team is home, rounds 6–10 home is reversed
    teams = ["NS1", "NS2", "NS3", "NS4", "NS5"]
    rounds = berger(teams, double=True)
    assert [r.number for r in rounds] == list(range(1, 11))
    # team 6 is the dummy: in the 6-table, 1-6 / 6-4 / 2-6 / 6-5 / 3-6 are the byes
    assert rounds[:5] == (
        BergerRound(1, (("NS2", "NS5"), ("NS3", "NS4")), bye="NS1"),
        BergerRound(2, (("NS5", "NS3"), ("NS1", "NS2")), bye="NS4"),
        BergerRound(3, (("NS3", "NS1"), ("NS4", "NS5")), bye="NS2"),
        BergerRound(4, (("NS1", "NS4"), ("NS2", "NS3")), bye="NS5"),
        BergerRound(5, (("NS4", "NS2"), ("NS5", "NS1")), bye="NS3"),
    )
    for first, second in zip(rounds[:5], rounds[5:], strict=True):
        assert second.number == first.number + 5
        assert second.pairs == tuple((away, home) for home, away in first.pairs)
        assert second.bye == first.bye


def test_an_even_field_has_no_byes() -> None:
    # docs/rules/slovak-league.md#format: first league, 6 teams, double round robin at two gatherings
    rounds = berger(list("ABCDEF"), double=True)
    assert len(rounds) == 10 and all(r.bye is None and len(r.pairs) == 3 for r in rounds)
    assert rounds[0].pairs == (("A", "F"), ("B", "E"), ("C", "D"))


def test_fide_swap_of_the_last_two_rounds_of_the_first_cycle() -> None:
    plain = berger(list("ABCDEF"), double=True)
    swapped = berger(list("ABCDEF"), double=True, swap_last_two=True)
    assert [r.pairs for r in swapped[:5]] == [r.pairs for r in (*plain[:3], plain[4], plain[3])]
    assert [r.number for r in swapped] == list(range(1, 11))
    assert berger(list("ABCDEF"), swap_last_two=True) == berger(list("ABCDEF"))  # single: no effect


@pytest.mark.parametrize(
    ("teams", "message"),
    [
        pytest.param(["A"], "at least 2 teams", id="Berger: one team is no round robin"),
        pytest.param(["A", "B", "A"], "listed twice", id="Berger: a team once"),
    ],
)
def test_bad_fields(teams: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        berger(teams)


def test_berger_numbers_wants_an_even_count() -> None:
    with pytest.raises(ValueError, match="even"):
        berger_numbers(5)


@given(st.integers(2, 20), st.booleans())
def test_round_robin_properties(n: int, double: bool) -> None:
    # docs/rules/novi-sad.md#format, docs/rules/slovak-league.md#format: every team meets every other exactly once per
    # cycle (twice in a double round robin, home and away swapped), plays at most once a round, and an odd field's byes
    # go one per team per cycle
    teams = [f"T{i}" for i in range(1, n + 1)]
    rounds = berger(teams, double=double)
    cycle = n - 1 + n % 2
    assert len(rounds) == cycle * (2 if double else 1)
    meetings = Counter(frozenset(p) for r in rounds for p in r.pairs)
    assert set(meetings) == {frozenset((a, b)) for a in teams for b in teams if a < b}
    assert set(meetings.values()) == {2 if double else 1}
    for r in rounds:
        playing = [t for p in r.pairs for t in p] + ([r.bye] if r.bye is not None else [])
        assert sorted(playing) == sorted(teams)  # everybody once: playing or on the bye
        assert (r.bye is not None) == (n % 2 == 1)
    for start in range(0, len(rounds), cycle):
        byes = [r.bye for r in rounds[start:start + cycle] if r.bye is not None]
        assert sorted(byes) == (sorted(teams) if n % 2 else [])
    if double:
        directed = Counter(p for r in rounds for p in r.pairs)
        assert set(directed.values()) == {1}  # A-B once at home and once away
        for first, second in zip(rounds[:cycle], rounds[cycle:], strict=True):
            assert second.pairs == tuple((b, a) for a, b in first.pairs)
