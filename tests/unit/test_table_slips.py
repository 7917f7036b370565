"""The scoring desk's list (docs/rules/cacak.md#slip): the winner of each table brings the slip, the
last-placed pays the 200 dinar scoring fee — the pure rule (live/rules/table_slips.py) and the
projection from the fold (live/projections/table_slips.py)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from support.results import TABLE1, TABLE2, record, session

from live.projections.table_slips import all_slips, round_slips
from live.projections.views import referee_only
from live.rules.preferans import score_table, score_walkover
from live.rules.table_slips import table_slip

D = Decimal


@pytest.mark.parametrize(("results", "supe", "brings", "pays"), [
    pytest.param({"a": 37, "b": -12, "c": -25}, None, ("a",), (("c", D(200)),), id="winner brings, last pays"),
    pytest.param({"a": 40, "b": 10, "c": -20, "d": -30}, None, ("a",), (("d", D(200)),), id="a table of four"),
    pytest.param({"a": 20, "b": -10, "c": -10}, {("b", "c"): 50}, ("a",), (("c", D(200)),),
                 id="a tie for last broken by the supe"),
    pytest.param({"a": 20, "b": -10, "c": -10}, None, ("a",), (("b", D(100)), ("c", D(100))),
                 id="a shared last place splits the fee"),
    pytest.param({"a": 10, "b": 10, "c": -20}, None, ("a", "b"), (("c", D(200)),),
                 id="a shared first place: either brings the slip"),
    pytest.param({"a": 60, "b": -20, "c": -20, "d": -20}, None, ("a",),
                 (("b", D("66.66")), ("c", D("66.66")), ("d", D("66.66"))),
                 id="three share the last: to the hundredth"),
])
def test_the_winner_brings_the_slip_and_the_last_placed_pays(
        results: dict[str, int], supe: dict[tuple[str, str], int] | None, brings: tuple[str, ...],
        pays: tuple[tuple[str, Decimal], ...]) -> None:
    slip = table_slip(score_table(results, supe), 200)
    assert (slip.brings, slip.pays, slip.walkover) == (brings, pays, False)


def test_a_walkover_played_no_game_so_nobody_brings_or_pays() -> None:
    slip = table_slip(score_walkover("a", ["b", "c"]), 200)
    assert (slip.brings, slip.pays, slip.walkover) == ((), (), True)


def test_the_list_follows_the_results_of_each_round() -> None:
    s = session("r1 running")
    s.do("record_result", item="r1", table=1, results=TABLE1)
    listed = round_slips(s.state, "r1")
    assert listed["tables"] == [{"table": 1, "walkover": False, "brings": [{"player": "p1", "name": "Milan"}],
                                 "pays": [{"player": "p3", "name": "Dragan", "amount": 200}]}]
    assert (listed["missing"], listed["complete"], listed["fee"], listed["fees"]) == ([2], False, 200, 200)
    s.do("record_result", **{k: v for k, v in record(2, TABLE2).items() if k != "type"})
    s.do("end_round", item="r1")
    listed = round_slips(s.state, "r1")
    assert [(t["brings"][0]["player"], t["pays"][0]["player"]) for t in listed["tables"]] == [("p1", "p3"),
                                                                                            ("p4", "p6")]
    assert (listed["missing"], listed["complete"], listed["fees"]) == ([], True, 400)
    # a correction changes who pays: the list is derived, never stored
    s.do("correct_result", item="r1", table=1, results={"p1": -25, "p2": -12, "p3": 37}, reason="upside down")
    assert round_slips(s.state, "r1")["tables"][0]["pays"][0]["player"] == "p1"
    assert referee_only(s.state, {})["slips"] == all_slips(s.state)
    assert list(all_slips(s.state) or {}) == ["r1"]  # rounds not started have no list yet


def test_bridge_has_no_scoring_fee() -> None:
    state = session("m1 recorded").state
    assert all_slips(state) is None
    assert referee_only(state, {})["slips"] is None and referee_only(state, {})["sanctions"] is None
    assert referee_only(state, {})["appeals"] is None
