"""The fold's table of what each event makes stale (`live.core.state.INVALIDATES`).

Why: a fact the fold records that no entry of the table follows leaves every kept part that reads it as it was:
a screen showing what was true before. tests/unit/test_kept_sections.py proves the entries right on long mixed
days; here, that every fact folded has an entry, and what each kind of entry forgets.
"""

from __future__ import annotations

import ast
import inspect
import textwrap

import pytest
from helpers import rounds, tournament

from live.core import payloads as P
from live.core import state as fold_module
from live.core.state import INVALIDATES, READ_WHEN_BUILT, UNSCORED, Clears, Parts, State, clears, invalidate


def folded_classes() -> list[type[P.Payload]]:
    """The payload classes `apply` and `_apply_scoring` record a fact for (their `case P.X(...)` arms)."""
    found = []
    for function in (fold_module.apply, fold_module._apply_scoring):
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
        for node in ast.walk(tree):
            if isinstance(node, ast.MatchClass) and isinstance(node.cls, ast.Attribute):
                found.append(getattr(P, node.cls.attr))
    return found


def test_every_fact_the_fold_records_says_what_it_makes_stale() -> None:
    folded = folded_classes()
    assert P.ResultRecorded in folded and P.PrizesShown in folded, folded  # (the parse found the arms)
    missing = [c.__name__ for c in folded
               if c not in READ_WHEN_BUILT and clears(c.__new__(c)) is None]
    assert not missing, f"folded but neither in INVALIDATES nor READ_WHEN_BUILT: {missing}"
    assert not READ_WHEN_BUILT & INVALIDATES.keys()


def test_a_correction_invalidates_as_the_result_it_corrects() -> None:
    assert P.ResultCorrected not in INVALIDATES
    assert clears(P.ResultCorrected.__new__(P.ResultCorrected)) is Clears.SCORE


def kept(names: list[str]) -> State:
    state = State.initial(tournament(rounds(1)))
    for name in names:
        state.derived(name, lambda: object())
    state.late_rows[("r1", "p1")] = {}
    return state


PARTS = ["standings", "desk", "sanctions", "prizes", "timetable", "expected:r1"]


@pytest.mark.parametrize(("what", "left", "lines_kept"), [
    (Clears.ALL, [], False),
    (Clears.DERIVED, [], True),
    (Clears.SCORE, sorted(UNSCORED), True),
    (Parts(("desk", "prizes")), ["expected:r1", "sanctions", "standings", "timetable"], True),
    (None, sorted(PARTS), True),
])
def test_each_kind_of_entry_forgets_what_it_says(what: Clears | Parts | None, left: list[str],
                                                   lines_kept: bool) -> None:
    state = kept(PARTS)
    invalidate(state, what)
    assert sorted(state._derived) == left
    assert (("r1", "p1") in state.late_rows) is lines_kept


def test_an_arrival_before_the_start_rebuilds_its_line_and_the_parts_that_read_arrivals() -> None:
    state = kept(PARTS)
    invalidate(state, Clears.ARRIVAL, [("r1", "p1")])
    assert ("r1", "p1") not in state.late_rows
    assert state.late_dirty == {"r1": {"p1"}}
    # `expected` and the timetable read no arrival (`ARRIVAL_BLIND`); `prizes` neither. Nothing here reads one.
    assert sorted(state._derived) == sorted(PARTS)
