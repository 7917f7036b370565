"""Scoring commands, table-driven: results, corrections, seating, penalties and forfeits through
`live.commands.decide.decide` and `live.core.state.fold` (pure, fake clock), and the standings and scored
results the fold derives from them (docs/rules/cacak.md, docs/rules/novi-sad.md,
docs/rules/slovak-league.md).
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import MIN, SEC, T0, published_seating, ranked, rounds, stored, tournament
from hypothesis import given, settings
from hypothesis import strategies as st
from support.results import (
    DRAWN,
    IDS,
    IN_ORDER,
    IN_ORDER7,
    PLAYERS,
    PREFERANS,
    SEED,
    TABLE1,
    TABLE2,
    TEAMS5,
    VALID,
    Session,
    record,
    seated,
    session,
    tables,
)

from live.commands.decide import decide
from live.core import events as E
from live.core.state import State
from live.projections.kept import numbered, penalty_json, stamped
from live.projections.standings import final_view, scored_results, standings_of
from live.projections.views import me_section
from live.rules import seating
from live.rules.berger import berger
from live.rules.vp import slovak25_vp, wbf_vp

SEVEN = [*IDS, "p7"]


assert [list(x.players) for x in seating.draw(IDS, IN_ORDER)] == [IDS[:3], IDS[3:]]
assert [list(x.players) for x in seating.draw(SEVEN, IN_ORDER7)] == [SEVEN[:4], SEVEN[4:]]


def scoring(state: State) -> tuple[Any, ...]:
    return (state.seq, state.results, state.seatings, state.penalties, state.forfeits)


# ---- valid commands: the event each becomes --------------------------------------------------


@pytest.mark.parametrize(("setup", "command", "kind", "payload"), [c[1:] for c in VALID], ids=[c[0] for c in VALID])
def test_a_valid_scoring_command_becomes_its_event(
    setup: str, command: dict[str, Any], kind: str, payload: dict[str, Any]
) -> None:
    s = session(setup)
    state = s.state
    before = repr(scoring(state))
    new = decide(s.t, state, command, s.now)
    assert [(n.type, n.actor, n.payload, n.signal) for n in new] == [(kind, "referee", payload, None)]
    assert repr(scoring(state)) == before, "deciding is pure: the state is not touched"
    # and the event folds in: the state then holds it
    stored(s.events, new[0], s.now + SEC)
    after = s.state
    if kind in (E.RESULT_RECORDED, E.RESULT_CORRECTED):
        key = str(payload["table"]) if "table" in payload else f"{payload['home']}-{payload['away']}"
        entry = after.results[payload["item"]][key]
        assert stamped(entry) == {**payload, "seq": after.seq, "ts": s.now + SEC}
        # a correction keeps the time the result was first handed in (Novi Sad overtime counts to it)
        first = s.now + SEC if kind == E.RESULT_RECORDED else state.results[payload["item"]][key].ts
        assert entry.submitted_at == first
    elif kind == E.SEATING_PUBLISHED:
        seating = after.seatings[payload["item"]].body
        assert (seating.tables if "tables" in payload else seating.matches) == payload.get(
            "tables", payload.get("matches"))
    elif kind == E.PENALTY_APPLIED:
        assert penalty_json(after.penalties[-1]) == {**payload, "seq": after.seq, "ts": s.now + SEC}
    elif kind == E.TEAM_WITHDRAWN:
        assert numbered(after.withdrawn[payload["team"]]) == {**payload, "seq": after.seq}
    else:
        assert after.forfeits["m1"][f"{payload['home']}-{payload['away']}"].body.guilty == payload["guilty"]


# ---- refused commands --------------------------------------------------------------------------

FOREIGN = seated(2, (10, 0, -10))  # the players of table 2 of the seed-7 draw

# (case, setup, command, status, words in the error, field in the detail)
BAD: list[tuple[str, str, dict[str, Any], int, str, str]] = [
    ("results that do not sum to zero", "r1 running", record(1, {"p1": 37, "p2": -12, "p3": -20}), 422,
     "the results sum to 5, not 0", "results"),
    ("results that sum below zero", "r1 running", record(1, {"p1": 10, "p2": -12, "p3": -20}), 422,
     "the results sum to -22, not 0", "results"),
    ("a round not started", "empty", record(1, TABLE1), 409, "cannot enter a result for r1: it has not started",
     "item"),
    ("a round not started while another runs", "r1 running", record(1, TABLE1, "r2"), 409,
     "cannot enter a result for r2: it has not started", "item"),
    ("a second record for the same table", "r1 recorded", record(1, {"p1": 1, "p2": 2, "p3": -3}), 409,
     "table 1 of r1 already has a result (event 3): use correct_result", "table"),
    ("correct_result without a reason", "r1 recorded",
     {"type": "correct_result", "item": "r1", "table": 1, "results": TABLE1}, 422,
     "correct_result needs the field 'reason'", "reason"),
    ("correct_result with a blank reason", "r1 recorded",
     {"type": "correct_result", "item": "r1", "table": 1, "results": TABLE1, "reason": "  "}, 422,
     "reason must say why", "reason"),
    ("correct_result with a reason that is not text", "r1 recorded",
     {"type": "correct_result", "item": "r1", "table": 1, "results": TABLE1, "reason": 5}, 422,
     "reason must say why", "reason"),
    ("correct_result of a table without a result", "r1 recorded",
     {"type": "correct_result", "item": "r1", "table": 2, "results": TABLE2, "reason": "typo"}, 409,
     "table 2 of r1 has no result yet: use record_result", "item"),
    ("players not seated at that table", "r1 seated", record(1, FOREIGN), 422,
     f"table 1 of r1 seats {', '.join(DRAWN[0])}, not", "results"),
    ("a table the seating does not have", "r1 seated", record(3, seated(1, (3, 0, -3))), 422,
     "r1 has no table 3 (tables 1–2)", "table"),
    ("a player at two tables in one round", "r1 recorded unseated", record(2, {"p1": 10, "p4": 0, "p5": -10}), 422,
     "p1 already has a result at table 1 of r1", "results"),
    ("a player of another table of the seating", "r1 recorded", record(2, {"p1": 10, "p4": 0, "p5": -10}), 422,
     "table 2 of r1 seats p4, p5, p6, not p1, p4, p5", "results"),
    ("an unknown player", "r1 running", record(1, {"p1": 10, "p9": 0, "p3": -10}), 422,
     "no player has the id 'p9'", "results"),
    ("a table of two", "r1 running unseated", record(1, {"p1": 10, "p2": -10}), 422,
     "a table has 3 or 4 players, not 2", "results"),
    ("two of a seated table of three", "r1 running", record(1, {"p1": 10, "p2": -10}), 422,
     "table 1 of r1 seats p1, p2, p3, not p1, p2", "results"),
    ("results that are not a mapping", "r1 running", record(1, [37, -12, -25]), 422,  # type: ignore[arg-type]
     "results must map each player's id", "results"),
    ("a result that is not whole", "r1 running", record(1, {"p1": 37.5, "p2": -12.5, "p3": -25}), 422,
     "results.p1 must be a whole number", "results.p1"),
    ("a result given as text", "r1 running", record(1, {"p1": "37", "p2": -12, "p3": -25}), 422,
     "results.p1 must be a whole number", "results.p1"),
    ("a result past a float's range", "r1 running", record(1, {"p1": 10**400, "p2": -(10**400), "p3": 0}), 422,
     "results.p1 holds a number far too large", "results.p1"),
    ("table 0", "r1 running", record(0, TABLE1), 422, "table must be at least 1, not 0", "table"),
    ("no table", "r1 running", {"type": "record_result", "item": "r1", "results": TABLE1}, 422,
     "table must be a whole number, not None", "table"),
    ("a bridge field in a preferans result", "r1 running", record(1, TABLE1, home="t1"), 422,
     "home is not part of a preferans result", "home"),
    ("supe in a walkover", "r1 running",
     {"type": "record_result", "item": "r1", "table": 1, "walkover": "p1", "absent": ["p2", "p3"], "supe": {}},
     422, "supe is not part of a preferans walkover result", "supe"),
    ("a walkover without the absent", "r1 running",
     {"type": "record_result", "item": "r1", "table": 1, "walkover": "p1"}, 422,
     "absent must list the players who did not come", "absent"),
    ("a walkover of one absent player", "r1 running unseated",
     {"type": "record_result", "item": "r1", "table": 1, "walkover": "p1", "absent": ["p2"]}, 422,
     "a table has 3 or 4 players, not 2", "results"),
    ("a walkover missing a player of the seated table", "r1 running",
     {"type": "record_result", "item": "r1", "table": 1, "walkover": "p1", "absent": ["p2"]}, 422,
     "table 1 of r1 seats p1, p2, p3, not p1, p2", "results"),
    ("a walkover of players of another table", "r1 seated",
     {"type": "record_result", "item": "r1", "table": 1, "walkover": DRAWN[1][0], "absent": DRAWN[1][1:]}, 422,
     "table 1 of r1 seats", "results"),
    ("supe on a player of another table", "r1 running", record(1, TABLE1, supe={"p1": {"p4": 10}}), 422,
     "supe: p1 cannot write on 'p4'", "supe"),
    ("negative supe", "r1 running", record(1, TABLE1, supe={"p1": {"p2": -10}}), 422,
     "supe.p1.p2 must be at least 0, not -10", "supe.p1.p2"),
    ("a result for a break", "r1 running", record(1, TABLE1, "r9"), 422, "no round or match has the id 'r9'",
     "item"),
    ("undo a correction whose original now clashes", "r1 corrected away unseated", {"type": "undo", "seq": 3}, 409,
     "command 3 cannot be undone: p1 is at two tables", "seq"),
    # seating
    ("a seed for a later round", "r1 scored", {"type": "publish_seating", "item": "r2", "seed": 3}, 422,
     "r2 is seated from the standings; a seed is only for the draw", "seed"),
    ("publishing after the round started", "r1 running", {"type": "publish_seating", "item": "r1", "seed": 3}, 409,
     "r1 has started: its seating can no longer change", "item"),
    ("publishing an ended round", "r1 scored", {"type": "publish_seating", "item": "r1"}, 409,
     "r1 has started: its seating can no longer change", "item"),
    ("the draw without a seed", "empty", {"type": "publish_seating", "item": "r1"}, 422,
     "seed must be a whole number, not None", "seed"),
    ("a negative seed", "empty", {"type": "publish_seating", "item": "r1", "seed": -1}, 422,
     "seed must be at least 0, not -1", "seed"),
    ("a seed that is not a number", "empty", {"type": "publish_seating", "item": "r1", "seed": "abc"}, 422,
     "seed must be a whole number", "seed"),
    # penalties
    ("a VP penalty in preferans", "empty",
     {"type": "penalty", "player": "p1", "amount": 1, "unit": "vp", "reason": "slow"}, 422,
     "unit must be bule in preferans, not 'vp'", "unit"),
    ("a penalty of 0", "empty", {"type": "penalty", "player": "p1", "amount": 0, "unit": "bule", "reason": "x"},
     422, "amount must be a positive number, not 0", "amount"),
    ("a negative penalty", "empty",
     {"type": "penalty", "player": "p1", "amount": -4, "unit": "bule", "reason": "bad shuffle"}, 422,
     "amount must be a positive number, not -4", "amount"),
    ("a penalty given as text", "empty",
     {"type": "penalty", "player": "p1", "amount": "4", "unit": "bule", "reason": "bad shuffle"}, 422,
     "amount must be a positive number", "amount"),
    ("a penalty of true", "empty",
     {"type": "penalty", "player": "p1", "amount": True, "unit": "bule", "reason": "bad shuffle"}, 422,
     "amount must be a positive number", "amount"),
    ("a penalty of NaN", "empty",
     {"type": "penalty", "player": "p1", "amount": float("nan"), "unit": "bule", "reason": "bad shuffle"}, 422,
     "amount must be a positive number", "amount"),
    ("a fraction of a bula", "empty",
     {"type": "penalty", "player": "p1", "amount": 2.5, "unit": "bule", "reason": "bad shuffle"}, 422,
     "amount must be a whole number, not 2.5", "amount"),
    ("a penalty without a reason", "empty", {"type": "penalty", "player": "p1", "amount": 4, "unit": "bule"}, 422,
     "penalty needs the field 'reason'", "reason"),
    ("a penalty with a blank reason", "empty",
     {"type": "penalty", "player": "p1", "amount": 4, "unit": "bule", "reason": ""}, 422, "reason must say why",
     "reason"),
    ("a penalty for a player and a team", "empty",
     {"type": "penalty", "player": "p1", "team": "t1", "amount": 4, "unit": "bule", "reason": "x"}, 422,
     "a penalty names either a player or a team", "player"),
    ("a penalty for nobody", "empty", {"type": "penalty", "amount": 4, "unit": "bule", "reason": "x"}, 422,
     "a penalty names either a player or a team", "player"),
    ("a penalty for an unknown player", "empty",
     {"type": "penalty", "player": "p9", "amount": 4, "unit": "bule", "reason": "x"}, 422,
     "no player has the id 'p9'", "player"),
    ("a forfeit in preferans", "r1 running", {"type": "forfeit", "item": "r1", "team": "p1"}, 422,
     "a forfeit is for team events; in preferans enter a walkover result", "type"),
    # bridge
    ("a pair that is not in the round", "m1 running",
     {"type": "record_result", "item": "m1", "home": "t2", "away": "t3", "imps_home": 1, "imps_away": 0}, 422,
     "t2 – t3 is not a match of m1", "home"),
    ("a pair in the reversed orientation", "m1 running",
     {"type": "record_result", "item": "m1", "home": "t5", "away": "t2", "imps_home": 10, "imps_away": 30}, 422,
     "t5 – t2 is not a match of m1; t2 is home against t5", "home"),
    ("the bye team", "m1 running",
     {"type": "record_result", "item": "m1", "home": "t1", "away": "t2", "imps_home": 1, "imps_away": 0}, 422,
     "t1 – t2 is not a match of m1", "home"),
    ("a team against itself", "m1 running",
     {"type": "record_result", "item": "m1", "home": "t2", "away": "t2", "imps_home": 1, "imps_away": 0}, 422,
     "a team cannot play itself", "away"),
    ("an unknown team", "m1 running",
     {"type": "record_result", "item": "m1", "home": "t2", "away": "t9", "imps_home": 1, "imps_away": 0}, 422,
     "away: no team has the id 't9'", "away"),
    ("negative IMPs", "m1 running",
     {"type": "record_result", "item": "m1", "home": "t2", "away": "t5", "imps_home": -3, "imps_away": 0}, 422,
     "imps_home must be the team's IMP total (0 or more), not -3", "imps_home"),
    ("IMPs as text", "m1 running",
     {"type": "record_result", "item": "m1", "home": "t2", "away": "t5", "imps_home": 3, "imps_away": "7"}, 422,
     "imps_away must be the team's IMP total", "imps_away"),
    ("infinite IMPs", "m1 running",
     {"type": "record_result", "item": "m1", "home": "t2", "away": "t5", "imps_home": float("inf"),
      "imps_away": 0}, 422, "imps_home holds a number far too large", "imps_home"),
    ("a quarter IMP", "m1 running",
     {"type": "record_result", "item": "m1", "home": "t2", "away": "t5", "imps_home": 3.25, "imps_away": 0}, 422,
     "imps_home must be whole IMPs, not 3.25", "imps_home"),
    ("half IMPs: the VP scales convert whole margins", "m1 running",
     {"type": "record_result", "item": "m1", "home": "t2", "away": "t5", "imps_home": 34, "imps_away": 21.5}, 422,
     "imps_away must be whole IMPs, not 21.5", "imps_away"),
    ("no IMPs", "m1 running", {"type": "record_result", "item": "m1", "home": "t2", "away": "t5"}, 422,
     "imps_home must be the team's IMP total", "imps_home"),
    ("a preferans field in a bridge result", "m1 running",
     {"type": "record_result", "item": "m1", "table": 1, "home": "t2", "away": "t5", "imps_home": 3,
      "imps_away": 0}, 422, "table is not part of a bridge result", "table"),
    ("a second record for the same match", "m1 recorded",
     {"type": "record_result", "item": "m1", "home": "t2", "away": "t5", "imps_home": 3, "imps_away": 0}, 409,
     "t2 – t5 of m1 already has a result (event 3): use correct_result", "home"),
    ("a result for a forfeited match", "m1 forfeited",
     {"type": "record_result", "item": "m1", "home": "t2", "away": "t5", "imps_home": 3, "imps_away": 0}, 409,
     "t2 – t5 of m1 was forfeited (event 3): undo the forfeit first", "home"),
    ("a correction of a forfeited match", "m1 forfeited",
     {"type": "correct_result", "item": "m1", "home": "t2", "away": "t5", "imps_home": 3, "imps_away": 0,
      "reason": "they came after all"}, 409, "t2 – t5 of m1 was forfeited", "home"),
    ("a second match for a team of the round (no seating)", "m1 unseated, t1–t2 recorded",
     {"type": "record_result", "item": "m1", "home": "t3", "away": "t2", "imps_home": 3, "imps_away": 0}, 422,
     "t1 – t2 of m1 already has a result", "home"),
    ("a bridge result before the start", "m1 seated",
     {"type": "record_result", "item": "m1", "home": "t2", "away": "t5", "imps_home": 3, "imps_away": 0}, 409,
     "cannot enter a result for m1: it has not started", "item"),
    ("a forfeit of the bye team", "m1 running", {"type": "forfeit", "item": "m1", "team": "t1"}, 422,
     "'t1' has no match in m1", "team"),
    ("a forfeit before the seating", "novi-sad empty", {"type": "forfeit", "item": "m1", "team": "t2"}, 409,
     "publish the seating of m1 first", "item"),
    ("a forfeit of a match with a result", "m1 recorded", {"type": "forfeit", "item": "m1", "team": "t5"}, 409,
     "t2 – t5 of m1 already has a result", "team"),
    ("a second forfeit of the same match", "m1 forfeited", {"type": "forfeit", "item": "m1", "team": "t2"}, 409,
     "t2 – t5 of m1 already has a result", "team"),
    ("a forfeit with a blank reason", "m1 running", {"type": "forfeit", "item": "m1", "team": "t2", "reason": " "},
     422, "reason must say why", "reason"),
    ("a bule penalty in bridge", "novi-sad empty",
     {"type": "penalty", "team": "t1", "amount": 4, "unit": "bule", "reason": "x"}, 422,
     "unit must be vp in bridge, not 'bule'", "unit"),
    ("a VP penalty in hundredths", "novi-sad empty",
     {"type": "penalty", "team": "t1", "amount": 0.25, "unit": "vp", "reason": "x"}, 422,
     "amount must be in tenths of a VP, not 0.25", "amount"),
    ("an infinite VP penalty", "novi-sad empty",
     {"type": "penalty", "team": "t1", "amount": float("inf"), "unit": "vp", "reason": "x"}, 422,
     "amount holds a number far too large", "amount"),
    ("a VP penalty for an unknown team", "novi-sad empty",
     {"type": "penalty", "team": "t9", "amount": 1, "unit": "vp", "reason": "x"}, 422,
     "no team has the id 't9'", "team"),
]


@pytest.mark.parametrize(("setup", "command", "status", "words", "field"), [c[1:] for c in BAD],
                         ids=[c[0] for c in BAD])
def test_a_bad_scoring_command_is_refused_with_the_reason(
    setup: str, command: dict[str, Any], status: int, words: str, field: str
) -> None:
    s = session(setup)
    before = repr(scoring(s.state))
    error = s.refuse(command)
    assert (error.status, error.detail["field"]) == (status, field), error.error
    assert words in error.error
    assert repr(scoring(s.state)) == before


def test_a_pair_not_in_the_round_has_no_orientation_hint() -> None:
    error = session("m1 running").refuse(
        {"type": "record_result", "item": "m1", "home": "t2", "away": "t4", "imps_home": 1, "imps_away": 0})
    assert error.error == "t2 – t4 is not a match of m1"


def test_a_result_whose_sum_is_not_zero_leaves_nothing_in_state() -> None:
    s = session("r1 running")
    error = s.refuse(record(1, {"p1": 37, "p2": -12, "p3": -13}))
    assert (error.status, error.error) == (422, "the results sum to 12, not 0")
    state = s.state
    assert state.results == {} and scored_results(state) == {}
    assert all(row["points"] == 0 and row["rounds"] == 0 for row in standings_of(state))


# ---- preferans: points, standings, scored results ------------------------------------------------

# (case, results, supe, points by player, place by player) — docs/rules/cacak.md#scoring
TABLES: list[tuple[str, dict[str, int], dict[str, dict[str, int]] | None, dict[str, float], dict[str, int]]] = [
    ("the rules page's example", TABLE1, None, {"p1": 4.3, "p2": 2.9, "p3": 0.8}, {"p1": 1, "p2": 2, "p3": 3}),
    ("the bonus is at most 0.5, the malus unlimited", {"p1": 120, "p2": 60, "p3": -180}, None,
     {"p1": 4.5, "p2": 3.5, "p3": -0.8}, {"p1": 1, "p2": 2, "p3": 3}),
    ("a result of exactly 0 scores 3", {"p1": 30, "p2": 0, "p3": -30}, None, {"p1": 4.3, "p2": 3, "p3": 0.7},
     {"p1": 1, "p2": 2, "p3": 3}),
    ("under 10 bule no bonus", {"p1": 9, "p2": -4, "p3": -5}, None, {"p1": 4, "p2": 3, "p3": 1},
     {"p1": 1, "p2": 2, "p3": 3}),
    ("second and positive", {"p1": 45, "p2": 19, "p3": -64}, None, {"p1": 4.4, "p2": 3.1, "p3": 0.4},
     {"p1": 1, "p2": 2, "p3": 3}),
    ("a tie broken by the supe written on the other", {"p1": 20, "p2": 20, "p3": -40},
     {"p1": {"p2": 30}, "p2": {"p1": 50}}, {"p2": 4.2, "p1": 3.2, "p3": 0.6}, {"p2": 1, "p1": 2, "p3": 3}),
    ("a tie the supe do not break is shared", {"p1": 20, "p2": 20, "p3": -40}, None,
     {"p1": 3.7, "p2": 3.7, "p3": 0.6}, {"p1": 1, "p2": 1, "p3": 3}),
]


@pytest.mark.parametrize(("results", "supe", "points", "places"), [c[1:] for c in TABLES], ids=[c[0] for c in TABLES])
def test_a_recorded_table_scores_points_in_the_standings_and_the_results(
    results: dict[str, int], supe: dict[str, dict[str, int]] | None, points: dict[str, float],
    places: dict[str, int],
) -> None:
    s = session("r1 running")
    event = s.do("record_result", item="r1", table=1, results=results, **({"supe": supe} if supe else {}))
    state = s.state
    rows = {row["player"]: row for row in standings_of(state)}
    assert {p: rows[p]["points"] for p in points} == pytest.approx(points)
    assert {p: rows[p]["bule"] for p in results} == results
    assert {p: rows[p]["rounds"] for p in IDS} == {p: int(p in results) for p in IDS}
    at_table = [row["player"] for row in standings_of(state) if row["player"] in results]
    assert at_table == sorted(points, key=lambda p: (-points[p], p))
    (table,) = scored_results(state)["r1"]
    assert {k: table[k] for k in ("table", "seq", "corrected", "walkover")} == {
        "table": 1, "seq": event.seq, "corrected": False, "walkover": False}
    assert {line["player"]: (line["result"], line["place"], line["points"]) for line in table["players"]} == {
        p: (results[p], places[p], pytest.approx(points[p])) for p in results}
    # best place first
    assert [line["place"] for line in table["players"]] == sorted(line["place"] for line in table["players"])


def test_the_standings_rank_the_whole_field() -> None:
    state = session("r1 scored").state
    assert [(r["rank"], r["player"], r["name"], r["points"], r["bule"], r["rounds"], r["shared"])
            for r in ranked(standings_of(state))] == [
        (1, "p4", "Vesna", 4.5, 50, 1, False),
        (2, "p1", "Milan", 4.3, 37, 1, False),
        (3, "p5", "Bojan", 3.1, 10, 1, False),
        (4, "p2", "Jelena", 2.9, -12, 1, False),
        (5, "p3", "Dragan", 0.8, -25, 1, False),
        (6, "p6", "Ana", 0.4, -60, 1, False),
    ]
    assert [t["table"] for t in scored_results(state)["r1"]] == [1, 2]


def test_a_correction_replaces_the_entry_and_its_undo_restores_the_standings() -> None:
    s = session("r1 scored")
    original = standings_of(s.state)
    correction = s.do("correct_result", item="r1", table=1, results={"p1": -25, "p2": -12, "p3": 37},
                      reason="slip read upside down")
    state = s.state
    assert state.results["r1"]["1"].body.results == {"p1": -25, "p2": -12, "p3": 37}
    assert state.results["r1"]["1"].body.replaces == 3
    points = {row["player"]: row["points"] for row in standings_of(state)}
    assert points == pytest.approx({"p1": 0.8, "p2": 2.9, "p3": 4.3, "p4": 4.5, "p5": 3.1, "p6": 0.4})
    assert [row["player"] for row in standings_of(state)][:2] == ["p4", "p3"]
    table1 = scored_results(state)["r1"][0]
    assert (table1["corrected"], table1["seq"]) == (True, correction.seq)
    assert scored_results(state)["r1"][1]["corrected"] is False

    undo = s.do("undo", seq=correction.seq)
    assert undo.payload == {"target": correction.seq, "undid": E.RESULT_CORRECTED}
    state = s.state
    assert standings_of(state) == original
    assert state.results["r1"]["1"].body.results == TABLE1
    assert scored_results(state)["r1"][0]["corrected"] is False
    # the record is still there: entering it again is refused, a new correction is not
    assert s.refuse(record(1, TABLE1)).status == 409
    s.do("correct_result", item="r1", table=1, results={"p1": -25, "p2": 37, "p3": -12}, reason="second look")
    assert {r["player"]: r["points"] for r in standings_of(s.state)}["p2"] == pytest.approx(4.3)


def test_an_undone_record_can_be_entered_again() -> None:
    s = session("r1 recorded")
    s.do("undo")
    assert s.state.results == {}
    assert all(row["points"] == 0 for row in standings_of(s.state))
    s.do("record_result", item="r1", table=1, results={"p1": 10, "p2": 0, "p3": -10})
    assert {r["player"]: r["points"] for r in standings_of(s.state)}["p1"] == pytest.approx(4.1)


def test_a_walkover_gives_the_present_player_four_points() -> None:
    s = session("r1 running")
    s.do("record_result", item="r1", table=1, results=TABLE1)
    event = s.do("record_result", item="r1", table=2, walkover="p5", absent=["p4", "p6"])
    state = s.state
    rows = {row["player"]: row for row in standings_of(state)}
    assert (rows["p5"]["points"], rows["p5"]["bule"], rows["p5"]["rounds"]) == (4, 0, 1)
    assert [(rows[p]["points"], rows[p]["rounds"]) for p in ("p4", "p6")] == [(0, 0), (0, 0)]
    assert standings_of(state)[0]["player"] == "p1" and standings_of(state)[1]["player"] == "p5"
    table2 = scored_results(state)["r1"][1]
    assert (table2["table"], table2["seq"], table2["walkover"]) == (2, event.seq, True)
    assert [(x["player"], x["points"], x["absent"]) for x in table2["players"]] == [
        ("p5", 4, False), ("p4", 0, True), ("p6", 0, True)]


def test_the_round_one_draw_is_reproducible_by_its_seed() -> None:
    def draw(seed: int) -> list[dict[str, Any]]:
        return session("empty").do("publish_seating", item="r1", seed=seed).payload["tables"]

    assert draw(SEED) == draw(SEED) == [{"table": 1, "players": DRAWN[0]}, {"table": 2, "players": DRAWN[1]}]
    assert sorted(p for table in draw(SEED) for p in table["players"]) == IDS
    assert len({str(draw(seed)) for seed in range(10)}) > 1, "the seed decides the draw"
    # the same seed in another tournament with the players registered in another order: the same tables
    shuffled = tournament(rounds(3), players=list(reversed(PLAYERS)))
    s = Session(shuffled)
    assert s.do("publish_seating", item="r1", seed=SEED).payload["tables"] == draw(SEED)


def test_a_republished_draw_replaces_the_first_until_the_round_starts() -> None:
    s = session("empty")
    s.do("publish_seating", item="r1", seed=1)
    s.do("publish_seating", item="r1", seed=2)
    assert s.state.seatings["r1"].body.seed == 2
    s.do("start_round", item="r1")
    assert s.refuse({"type": "publish_seating", "item": "r1", "seed": 3}).status == 409


async def test_the_hall_chooses_the_seed_of_a_draw_sent_without_one() -> None:
    from live.commands.results import PublishSeating
    from live.edges.hall import Hall
    from live.edges.log.memory import MemoryLog

    hall = Hall(PREFERANS, MemoryLog(tournament_name=PREFERANS.name), run_scheduler=False, clock=lambda: T0 - MIN)
    await hall.start()
    try:
        for command in ({"type": "publish_seating", "item": "r1"}, PublishSeating(item="r1")):  # JSON or a class
            (event,) = await hall.command(command)
            assert event.payload["method"] == "draw" and isinstance(event.payload["seed"], int), event.payload
        (event,) = await hall.command(PublishSeating(item="r1", seed=SEED))
        assert event.payload["seed"] == SEED and event.payload["tables"][0]["players"] == DRAWN[0]
    finally:
        await hall.stop()


@pytest.mark.parametrize("amount", ["4", True, None, [4]])
def test_a_penalty_amount_that_is_not_a_number_is_refused_by_its_type(amount: object) -> None:
    error = session("empty").refuse({"type": "penalty", "player": "p1", "amount": amount, "unit": "bule",
                                     "reason": "bad shuffle"})
    assert (error.status, error.detail, error.error) == (422, {"field": "amount", "code": "field.positive"},
                                                         "amount must be a positive number")


def test_a_later_round_is_seated_from_the_standings() -> None:
    s = session("empty")
    s.do("publish_seating", item="r1", seed=SEED)
    s.do("start_round", item="r1")
    s.do("record_result", item="r1", table=1, results=seated(1, (-30, 5, 25)))
    s.do("record_result", item="r1", table=2, results=seated(2, (70, -20, -50)))
    s.do("end_round", item="r1")
    ranking = [row["player"] for row in standings_of(s.state)]
    assert ranking[:2] == [DRAWN[1][0], DRAWN[0][2]]
    event = s.do("publish_seating", item="r2")
    assert event.payload == {"item": "r2", "method": "standings", "after": "r1",
                             "tables": [{"table": 1, "players": ranking[:3]}, {"table": 2, "players": ranking[3:]}]}
    # round 2's results must then follow that seating
    s.do("start_round", item="r2")
    assert s.refuse(record(1, dict(zip(ranking[3:], (1, 2, -3), strict=True)), "r2")).status == 422
    s.do("record_result", item="r2", table=1, results=dict(zip(ranking[:3], (1, 2, -3), strict=True)))
    assert {r["player"]: r["rounds"] for r in standings_of(s.state)} == {
        p: 2 if p in ranking[:3] else 1 for p in IDS}


def test_a_bule_penalty_is_shown_in_the_standings_not_subtracted() -> None:
    s = session("r1 scored")
    before = {row["player"]: (row["points"], row["bule"]) for row in standings_of(s.state)}
    first = s.do("penalty", player="p2", amount=4, unit="bule", reason="bad shuffle, second time", item="r1")
    s.do("penalty", player="p2", amount=16, unit="bule", reason="bad shuffle, third time")
    s.do("penalty", player="p6", amount=2, unit="bule", reason="misdeal")
    state = s.state
    assert {row["player"]: (row["points"], row["bule"]) for row in standings_of(state)} == before
    assert {row["player"]: row["penalty_bule"] for row in standings_of(state)} == {
        "p1": 0, "p2": 20, "p3": 0, "p4": 0, "p5": 0, "p6": 2}
    assert [p.body.amount for p in state.penalties] == [4, 16, 2]
    s.do("undo", seq=first.seq)
    assert {row["player"]: row["penalty_bule"] for row in standings_of(s.state)}["p2"] == 16


def test_a_player_sees_their_seat_results_penalties_and_standing() -> None:
    s = session("empty")
    s.do("publish_seating", item="r1", seed=SEED)
    s.do("start_round", item="r1")
    result = s.do("record_result", item="r1", table=1, results=seated(1, (37, -12, -25)))
    s.do("penalty", player=DRAWN[0][1], amount=4, unit="bule", reason="bad shuffle")
    state = s.state
    me = me_section(state, DRAWN[0][1])
    assert me is not None
    assert me["seats"] == [{"item": "r1", "table": 1, "seat": 2}]
    assert [(r["item"], r["table"], r["seq"]) for r in me["results"]] == [("r1", 1, result.seq)]
    assert [p["amount"] for p in me["penalties"]] == [4]
    assert me["standing"]["player"] == DRAWN[0][1]
    assert (me["standing"]["points"], me["standing"]["penalty_bule"]) == (2.9, 4)
    other = me_section(state, DRAWN[1][0])
    assert other is not None
    assert (other["seats"], other["results"], other["penalties"]) == ([{"item": "r1", "table": 2, "seat": 1}], [], [])


# ---- bridge: Novi Sad ------------------------------------------------------------------------------


def test_published_seatings_are_the_berger_rounds_with_the_bye() -> None:
    schedule = berger([t["id"] for t in TEAMS5], double=True)
    s = session("novi-sad empty")
    for number in range(1, 11):
        payload = s.do("publish_seating", item=f"m{number}").payload
        rnd = schedule[number - 1]
        assert payload["matches"] == [{"home": h, "away": a} for h, a in rnd.pairs]
        assert payload["bye"] == rnd.bye
    byes = [s.state.seatings[f"m{n}"].body.bye for n in range(1, 11)]
    assert sorted(byes[:5]) == sorted(byes[5:]) == [t["id"] for t in TEAMS5], "one bye per team per cycle"


def test_a_bridge_result_scores_wbf_vp() -> None:
    s = session("m1 running")
    event = s.do("record_result", item="m1", home="t2", away="t5", imps_home=47, imps_away=27)
    home_vp, away_vp = wbf_vp(20, 12)
    assert (home_vp, away_vp) == (home_vp, 20 - home_vp) and home_vp > 10
    state = s.state
    assert scored_results(state)["m1"] == [{
        "home": "t2", "away": "t5", "imps_home": 47, "imps_away": 27, "vp_home": float(home_vp),
        "vp_away": float(away_vp), "seq": event.seq, "corrected": False}]
    rows = {row["team"]: row for row in standings_of(state)}
    assert (rows["t2"]["vp"], rows["t2"]["imps_for"], rows["t2"]["imps_against"], rows["t2"]["imp_diff"],
            rows["t2"]["played"]) == (float(home_vp), 47, 27, 20, 1)
    assert (rows["t5"]["vp"], rows["t5"]["imp_diff"], rows["t5"]["played"]) == (float(away_vp), -20, 1)
    # a correction with the teams' IMPs swapped: the VP swap too
    s.do("correct_result", item="m1", home="t2", away="t5", imps_home=27, imps_away=47, reason="teams swapped")
    rows = {row["team"]: row for row in standings_of(s.state)}
    assert (rows["t2"]["vp"], rows["t5"]["vp"]) == (float(away_vp), float(home_vp))
    assert scored_results(s.state)["m1"][0]["corrected"] is True


def test_the_bye_team_gets_12_vp_once_its_round_has_started() -> None:
    s = session("m1 seated")
    rows = {row["team"]: row for row in standings_of(s.state)}
    assert (rows["t1"]["vp"], rows["t1"]["awarded"]) == (0, 0)
    s.do("start_round", item="m1")
    rows = {row["team"]: row for row in standings_of(s.state)}
    assert (rows["t1"]["vp"], rows["t1"]["awarded"], rows["t1"]["played"]) == (12, 1, 0)
    assert standings_of(s.state)[0]["team"] == "t1"
    s.do("end_round", item="m1")
    assert {row["team"]: row["vp"] for row in standings_of(s.state)}["t1"] == 12, "once, not again at the end"


def test_a_forfeit_gives_the_innocent_team_at_least_12_vp_and_the_guilty_none() -> None:
    s = session("m1 running")
    event = s.do("forfeit", item="m1", team="t5", reason="two players missing at 30 minutes")
    state = s.state
    rows = {row["team"]: row for row in standings_of(state)}
    assert rows["t2"]["vp"] >= 12 and rows["t5"]["vp"] == 0
    assert (rows["t2"]["awarded"], rows["t5"]["awarded"], rows["t2"]["imp_diff"]) == (1, 1, 0)
    assert scored_results(state)["m1"] == [{"home": "t2", "away": "t5", "forfeit": "t5", "seq": event.seq}]
    # the other match of the round is unaffected
    s.do("record_result", item="m1", home="t3", away="t4", imps_home=10, imps_away=10)
    rows = {row["team"]: row for row in standings_of(s.state)}
    assert (rows["t3"]["vp"], rows["t4"]["vp"]) == (10, 10)


def test_a_forfeit_later_in_the_league_awards_the_better_of_12_vp_and_the_averages() -> None:
    s = session("novi-sad empty")
    s.play("m1", lambda home, away: (60, 0) if "t2" in (home, away) and home == "t2" else (0, 0))
    t2_vp = {row["team"]: row["vp"] for row in standings_of(s.state)}["t2"]
    assert t2_vp > 12
    s.do("publish_seating", item="m2")
    s.do("start_round", item="m2")
    match = next(m for m in s.state.seatings["m2"].body.matches if "t2" in (m["home"], m["away"]))
    guilty = match["away"] if match["home"] == "t2" else match["home"]
    s.do("forfeit", item="m2", team=guilty)
    rows = {row["team"]: row for row in standings_of(s.state)}
    assert rows["t2"]["vp"] == pytest.approx(2 * t2_vp), "t2's own average beats 12"


def test_a_vp_penalty_lowers_only_that_teams_vp() -> None:
    s = session("m1 recorded")
    before = {row["team"]: row for row in standings_of(s.state)}
    s.do("penalty", team="t2", amount=1.5, unit="vp", reason="10 minutes over time", item="m1")
    after = {row["team"]: row for row in standings_of(s.state)}
    assert after["t2"]["vp"] == pytest.approx(before["t2"]["vp"] - 1.5)
    assert after["t2"]["penalty_vp"] == 1.5 and before["t2"]["penalty_vp"] == 0
    assert after["t2"]["imp_diff"] == before["t2"]["imp_diff"]
    for team in ("t1", "t3", "t4", "t5"):
        assert after[team] == before[team]


def test_the_final_is_seated_with_the_top_two_and_the_carry_over() -> None:
    strength = {"t1": 4, "t2": 3, "t3": 2, "t4": 1, "t5": 0}
    s = session("novi-sad empty")
    for number in range(1, 11):
        s.play(f"m{number}", lambda home, away: (20 + 6 * strength[home], 20 + 6 * strength[away]))
    ranking = [row["team"] for row in standings_of(s.state)]
    assert ranking == ["t1", "t2", "t3", "t4", "t5"]
    event = s.do("publish_seating", item="m11")
    # t1 beat t2 by 6 IMPs in both league matches: half of the aggregate 12 is carried over
    assert event.payload == {"item": "m11", "method": "final", "round": 11,
                             "matches": [{"home": "t1", "away": "t2"}], "bye": None, "carry_over": 6.0}
    league = {row["team"]: row["vp"] for row in standings_of(s.state)}
    s.do("start_round", item="m11")
    s.do("record_result", item="m11", home="t1", away="t2", imps_home=50, imps_away=60)
    assert s.refuse({"type": "record_result", "item": "m11", "home": "t3", "away": "t4", "imps_home": 1,
                     "imps_away": 0}).status == 422
    # docs/rules/novi-sad.md#final: decided on IMPs with the carry-over (50 + 6 < 60), not added to the league table
    assert {row["team"]: row["vp"] for row in standings_of(s.state)} == league
    final = final_view(s.state)
    assert final is not None
    assert (final["first"], final["second"], final["carry_over"], final["winner"]) == ("t1", "t2", 6.0, "t2")


def test_the_final_waits_for_the_end_of_the_league() -> None:
    s = session("novi-sad empty")
    for number in range(1, 10):
        s.play(f"m{number}", lambda home, away: (30, 20))
    refused = s.refuse({"type": "publish_seating", "item": "m11"})
    assert refused.status == 409 and "m10 has not ended" in refused.error


def test_the_final_is_not_seated_when_fewer_than_two_teams_are_left_in_the_league_standings() -> None:
    """Teams that withdrew before half of their matches leave the table (docs/rules/novi-sad.md#withdrawal): with
    four of five gone, there is no second team to seat in the final, and the referee is told so instead of an
    error 500."""
    s = session("novi-sad empty")
    for team in ("t2", "t3", "t4", "t5"):
        s.do("withdraw", team=team, reason="left the league")
    for number in range(1, 11):
        for kind in ("publish_seating", "start_round", "end_round"):
            s.do(kind, item=f"m{number}")
    assert [row["team"] for row in standings_of(s.state)] == ["t1"]
    refused = s.refused({"type": "publish_seating", "item": "m11"}, 409, "item", words="two")
    assert refused.detail["code"] == "seating.final_teams"


def test_no_carry_over_when_the_first_did_not_win_the_league_matches_on_aggregate() -> None:
    s = session("novi-sad empty")

    def result(home: str, away: str) -> tuple[int, int]:
        if {home, away} == {"t1", "t2"}:
            return (10, 30) if home == "t1" else (30, 10)  # t2 wins both league matches against t1 ...
        if "t1" in (home, away):
            return (50, 0) if home == "t1" else (0, 50)  # ... but t1 routs everyone else
        return (10, 10)

    for number in range(1, 11):
        s.play(f"m{number}", result)
    top = [row["team"] for row in standings_of(s.state)][:2]
    assert top == ["t1", "t2"]
    assert s.do("publish_seating", item="m11").payload["carry_over"] == 0.0


# ---- bridge: Slovak league -------------------------------------------------------------------------


def test_a_slovak_result_scores_on_the_25_vp_table() -> None:
    s = session("slovak m1 running")
    assert [(m["home"], m["away"]) for m in s.state.seatings["m1"].body.matches] == [("t1", "t6"), ("t2", "t5"),
                                                                                   ("t3", "t4")]
    assert s.state.seatings["m1"].body.bye is None
    s.do("record_result", item="m1", home="t1", away="t6", imps_home=100, imps_away=10)
    s.do("record_result", item="m1", home="t2", away="t5", imps_home=30, imps_away=28)
    s.do("record_result", item="m1", home="t3", away="t4", imps_home=20, imps_away=40)
    assert slovak25_vp(90, 24) == (25, 0)
    assert slovak25_vp(-20, 24) == (11, 19)
    state = s.state
    assert [(r["home"], r["vp_home"], r["vp_away"]) for r in scored_results(state)["m1"]] == [
        ("t1", 25, 0), ("t2", 15, 15), ("t3", 11, 19)]
    assert [(r["rank"], r["team"], r["name"], r["vp"], r["imp_diff"]) for r in ranked(standings_of(state))] == [
        (1, "t1", "Tím 1", 25, 90), (2, "t4", "Tím 4", 19, 20), (3, "t2", "Tím 2", 15, 2),
        (4, "t5", "Tím 5", 15, -2), (5, "t3", "Tím 3", 11, -20), (6, "t6", "Tím 6", 0, -90)]
    assert standings_of(state)[2]["decided_by"] == "imp_diff"


def test_a_slovak_vp_penalty_in_half_points() -> None:
    s = session("slovak m1 running")
    s.do("record_result", item="m1", home="t1", away="t6", imps_home=100, imps_away=10)
    s.do("penalty", team="t1", amount=0.5, unit="vp", reason="fouled board (§27.6b)")
    rows = {row["team"]: row for row in standings_of(s.state)}
    assert (rows["t1"]["vp"], rows["t1"]["penalty_vp"], rows["t6"]["vp"]) == (24.5, 0.5, 0)


# ---- properties ------------------------------------------------------------------------------------

TABLE_RESULTS = st.tuples(st.integers(-300, 300), st.integers(-300, 300)).map(lambda ab: (ab[0], ab[1], -ab[0] - ab[1]))


@st.composite
def two_rounds(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Record commands for both tables of r1 and r2, the players seated at random."""
    entries = []
    for round_id in ("r1", "r2"):
        order = draw(st.permutations(IDS))
        for table, players in ((1, order[:3]), (2, order[3:])):
            values = draw(TABLE_RESULTS)
            entries.append(record(table, dict(zip(players, values, strict=True)), round_id))
    return entries


def played(entries: list[dict[str, Any]]) -> Session:
    """Both rounds played at the tables of `entries` (their published seatings), the results entered after."""
    s = Session(PREFERANS)

    def seat(round_id: str) -> None:  # the tables as generated (not a draw, nor from the standings)
        s.now += SEC
        tables = sorted((e["table"], list(e["results"])) for e in entries if e["item"] == round_id)
        stored(s.events, published_seating(round_id, *(players for _, players in tables)), s.now)

    seat("r1")
    s.do("start_round", item="r1")
    s.do("end_round", item="r1")
    seat("r2")
    s.do("start_round", item="r2")
    for command in entries:
        s.do(command["type"], **{k: v for k, v in command.items() if k != "type"})
    return s


@settings(max_examples=150, deadline=None)
@given(two_rounds(), st.data())
def test_preferans_standings_do_not_depend_on_the_order_of_entry(entries: list[dict[str, Any]],
                                                                  data: st.DataObject) -> None:
    reordered = data.draw(st.permutations(entries))
    first, second = played(entries).state, played(list(reordered)).state
    assert standings_of(second) == standings_of(first)
    assert tables(second) == tables(first)
    assert sum(row["bule"] for row in standings_of(first)) == 0


@settings(max_examples=150, deadline=None)
@given(two_rounds(), st.integers(0, 3), TABLE_RESULTS)
def test_a_correction_followed_by_its_undo_returns_the_original_standings(
    entries: list[dict[str, Any]], which: int, values: tuple[int, int, int]
) -> None:
    s = played(entries)
    original = standings_of(s.state)
    target = entries[which]
    corrected = dict(zip(target["results"], values, strict=True))
    correction = s.do("correct_result", item=target["item"], table=target["table"], results=corrected,
                      reason="slip misread")
    # the corrected standings are those of a session where the right slip was entered at once
    right = [{**e, "results": corrected} if e is target else e for e in entries]
    assert standings_of(s.state) == standings_of(played(right).state)
    s.do("undo", seq=correction.seq)
    assert standings_of(s.state) == original
