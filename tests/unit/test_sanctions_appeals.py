"""Sanctions by kind and appeals to the judges' committee (docs/rules/sanctions.md#cacak,
docs/rules/appeals.md#cacak):
the pure rules (live/rules/sanctions.py, live/rules/appeals.py) and the commands through
`live.commands.decide.decide` and `live.core.state.fold` (pure, fake clock), with their undo and their views.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import SEC, ranked, rounds, stored, tournament
from support.results import PREFERANS7, TABLE1, TABLE2, Session, record
from support.sanctions_appeals import END_R1, VALID, appeal, decision, do, running, sanction, session

from live.commands.decide import decide
from live.core import events as E
from live.core.tournament import TournamentFileError
from live.projections.kept import penalty_json
from live.projections.sanctions import referee_view as sanctions_view
from live.projections.standings import standings_of
from live.projections.views import me_section, public_audit, referee_only
from live.rules import appeals as A
from live.rules import sanctions as S
from live.rules.presets import PRESETS

CACAK = PRESETS["cacak-preferans"]


def penalty_bule(s: Session) -> dict[str, int]:
    return {row["player"]: row["penalty_bule"] for row in standings_of(s.state)}


# ---- the pure rules ------------------------------------------------------------------------------


@pytest.mark.parametrize(("earlier", "bule"), [(0, 0), (1, 4), (2, 16), (3, 32), (4, 32), (9, 32)])
def test_bad_shuffle_is_a_warning_then_4_16_32_and_stays_at_the_last_step(earlier: int, bule: int) -> None:
    given = S.step(S.BAD_SHUFFLE, earlier, CACAK)
    assert (given.number, given.bule, given.warning) == (earlier + 1, bule, bule == 0)
    assert S.effects(given, "p1", ["p1", "p2", "p3"]) == (() if bule == 0 else (S.Effect("p1", bule),))


@pytest.mark.parametrize(("kind", "bule"), [(S.FORBIDDEN_BID, 20), (S.PARTNER_PASS, 10)])
def test_forbidden_bid_and_partner_pass_cost_the_same_every_time(kind: str, bule: int) -> None:
    for earlier in range(3):
        given = S.step(kind, earlier, CACAK)
        assert (given.bule, given.warning, given.per_co_player) == (bule, False, False)
        assert S.effects(given, "p2", ["p1", "p2", "p3"]) == (S.Effect("p2", bule),)


def test_a_misdeal_gives_2_bule_to_each_co_player_at_the_table() -> None:
    given = S.step(S.MISDEAL, 0, CACAK)
    assert (given.bule, given.per_co_player) == (2, True)
    assert S.effects(given, "p2", ["p1", "p2", "p3"]) == (S.Effect("p2", 2, "p1"), S.Effect("p2", 2, "p3"))
    four = S.effects(given, "p4", ["p1", "p2", "p3", "p4"])  # a table of four: three co-players
    assert four == (S.Effect("p4", 2, "p1"), S.Effect("p4", 2, "p2"), S.Effect("p4", 2, "p3"))
    with pytest.raises(S.SanctionError, match="nobody else"):
        S.effects(given, "p1", ["p1"])


def test_the_steps_are_the_presets_and_an_override_changes_them() -> None:
    rules = {**CACAK, "sanction_bad_shuffle_bule": [0, 5], "sanction_misdeal_bule": 3}
    assert [S.step(S.BAD_SHUFFLE, n, rules).bule for n in range(4)] == [0, 5, 5, 5]
    assert S.step(S.MISDEAL, 0, rules).bule == 3
    assert S.available(CACAK) and not S.available(PRESETS["novi-sad-teams"])
    with pytest.raises(S.SanctionError, match="unknown kind"):
        S.step("talking", 0, CACAK)
    nexts = S.next_steps(["bad_shuffle", "misdeal", "bad_shuffle", "signalling"], CACAK)
    assert {k: (x.number, x.bule, x.measure) for k, x in nexts.items()} == {
        "bad_shuffle": (3, 16, "bule"), "misdeal": (2, 2, "bule"), "forbidden_bid": (1, 20, "bule"),
        "partner_pass": (1, 10, "bule"), "signalling": (2, 0, "referee_warning"), "deduction": (1, 0, "points")}


def test_appeals_three_requests_and_only_a_unanimous_upheld_decision_changes_anything() -> None:
    assert [A.requests_left(n, 3) for n in range(5)] == [3, 2, 1, 0, 0]
    assert [A.may_appeal(n, 3) for n in range(5)] == [True, True, True, False, False]
    assert A.outcome("upheld", True) == A.CHANGED
    assert A.outcome("upheld", False) == A.STANDS  # a split committee cannot change the referee's decision
    assert A.outcome("rejected", True) == A.outcome("rejected", False) == A.STANDS
    with pytest.raises(ValueError, match="upheld or rejected"):
        A.outcome("maybe", True)


# ---- sanction: the command ------------------------------------------------------------------------


def test_each_bad_shuffle_takes_the_next_step_and_its_bule_go_on_the_paper() -> None:
    s = running()
    steps = [do(s, sanction("p1", "bad_shuffle")).payload for _ in range(5)]
    assert [(p["step"], p["bule"], p["warning"]) for p in steps] == [
        (1, 0, True), (2, 4, False), (3, 16, False), (4, 32, False), (5, 32, False)]
    assert steps[0]["penalties"] == []  # a warning writes nothing
    assert steps[1] == {"player": "p1", "kind": "bad_shuffle", "item": "r1", "table": 1, "step": 2,
                        "warning": False, "bule": 4, "unit": "bule",
                        "penalties": [{"player": "p1", "amount": 4, "unit": "bule",
                                       "reason": "bad shuffle or cut (2nd offence)"}]}
    # ordinary penalty lines: the standings show them beside the result (docs/rules/sanctions.md#on-the-paper)
    assert penalty_bule(s)["p1"] == 4 + 16 + 32 + 32
    assert all(penalty_json(p)["sanction"] == p.seq and penalty_json(p)["kind"] == "bad_shuffle"
               for p in s.state.penalties)
    assert [p["player"] for p in me_section(s.state, "p1")["penalties"]] == ["p1"] * 4  # type: ignore[index]


def test_the_history_is_per_player_and_per_kind() -> None:
    s = running()
    do(s, sanction("p1", "bad_shuffle"))
    do(s, sanction("p2", "bad_shuffle"))
    do(s, sanction("p1", "misdeal"))
    view = sanctions_view(s.state)
    assert view is not None
    assert view["next"]["p1"]["bad_shuffle"] == {"step": 2, "bule": 4, "warning": False, "per_co_player": False,
                                                 "measure": "bule"}
    assert view["next"]["p2"]["bad_shuffle"]["step"] == 2
    assert view["first"]["bad_shuffle"] == {"step": 1, "bule": 0, "warning": True, "per_co_player": False,
                                            "measure": "warning"}
    assert "p3" not in view["next"], "a player with no sanction has no line of their own"
    assert view["next"]["p1"]["misdeal"] == {"step": 2, "bule": 2, "warning": False, "per_co_player": True,
                                             "measure": "bule"}
    assert view["steps"] == {"bad_shuffle": [0, 4, 16, 32], "misdeal": [2], "forbidden_bid": [20],
                             "partner_pass": [10], "signalling": ["leader_warning", "referee_warning", "no_follow"],
                             "deduction": []}
    assert view["kinds"] == ["bad_shuffle", "misdeal", "forbidden_bid", "partner_pass", "signalling", "deduction"]
    assert view["needs"] == {"deduction": ["points", "reason"]} and view["points"] == {"step": 0.1, "max": 100}
    assert [x["player"] for x in view["recorded"]] == ["p1", "p2", "p1"]
    assert referee_only(s.state, {})["sanctions"] == view


def test_a_misdeal_is_written_by_each_co_player_on_the_dealer() -> None:
    s = running()
    event = do(s, sanction("p2", "misdeal", reason="13 cards to p3"))
    assert event.payload["penalties"] == [
        {"player": "p2", "amount": 2, "unit": "bule", "to": "p1", "reason": "misdeal (1st offence): 13 cards to p3"},
        {"player": "p2", "amount": 2, "unit": "bule", "to": "p3", "reason": "misdeal (1st offence): 13 cards to p3"}]
    assert event.payload["reason"] == "13 cards to p3"
    assert penalty_bule(s) == {"p1": 0, "p2": 4, "p3": 0, "p4": 0, "p5": 0, "p6": 0}


def test_a_misdeal_at_a_table_of_four_goes_to_three_co_players() -> None:
    s = session("r1 running, seven players")
    event = do(s, sanction("p1", "misdeal"))
    assert [(x["to"], x["amount"]) for x in event.payload["penalties"]] == [("p2", 2), ("p3", 2), ("p4", 2)]
    assert penalty_bule(s)["p1"] == 6


def test_forbidden_bid_and_partner_pass_are_20_and_10_bule() -> None:
    s = running()
    assert do(s, sanction("p4", "forbidden_bid")).payload["bule"] == 20
    assert do(s, sanction("p5", "partner_pass")).payload["bule"] == 10
    assert do(s, sanction("p4", "forbidden_bid")).payload["step"] == 2
    assert penalty_bule(s)["p4"] == 40 and penalty_bule(s)["p5"] == 10


def test_an_undone_sanction_takes_its_bule_away_and_the_next_proposal_steps_back() -> None:
    s = running()
    do(s, sanction("p1", "bad_shuffle"))
    second = do(s, sanction("p1", "bad_shuffle"))
    assert penalty_bule(s)["p1"] == 4
    undo = do(s, {"type": "undo"})
    assert undo.payload == {"target": second.seq, "undid": E.SANCTION_RECORDED}
    assert penalty_bule(s)["p1"] == 0 and s.state.penalties == []
    assert sanctions_view(s.state)["next"]["p1"]["bad_shuffle"]["step"] == 2  # type: ignore[index]
    assert [x["undone"] for x in s.state.commands if x["type"] == E.SANCTION_RECORDED] == [False, True]
    assert do(s, sanction("p1", "bad_shuffle", step=2)).payload["bule"] == 4


def test_a_sanction_proposed_before_another_was_recorded_is_refused() -> None:
    s = running()
    do(s, sanction("p1", "bad_shuffle"))
    refused = s.refuse(sanction("p1", "bad_shuffle", step=1))  # the console still proposed the warning
    assert (refused.status, refused.detail) == (409, {"field": "step", "next": 2, "code": "sanction.step_changed",
                                                             "player": "p1"})


# ---- signalling and the deduction of points -----------------------------------------------------------


@pytest.mark.parametrize(("earlier", "measure", "warning"), [
    (0, "leader_warning", True), (1, "referee_warning", True), (2, "no_follow", False), (3, "no_follow", False),
    (7, "no_follow", False)])
def test_signalling_is_the_leaders_warning_then_the_referees_then_no_follow_and_costs_no_bule(
        earlier: int, measure: str, warning: bool) -> None:
    given = S.step(S.SIGNALLING, earlier, CACAK)
    assert (given.number, given.measure, given.warning, given.bule) == (earlier + 1, measure, warning, 0)
    assert S.effects(given, "p1", ["p1", "p2", "p3"]) == ()
    assert S.ladder(S.SIGNALLING, CACAK) == ["leader_warning", "referee_warning", "no_follow"]


@pytest.mark.parametrize(("value", "points"), [(1, "1"), (0.1, "0.1"), (2.5, "2.5"), (100, "100"), (1.0, "1")])
def test_a_deduction_takes_a_number_of_points_above_0_in_tenths(value: float, points: str) -> None:
    assert str(S.deduction_points(value)) == points


@pytest.mark.parametrize(("value", "words"), [
    (0, "more than 0"), (-0.1, "more than 0"), (0.05, "tenths"), (100.1, "at most 100"), ("1", "a number"),
    (None, "a number"), (True, "a number"), (float("nan"), "a number"), (float("-inf"), "a number")])
def test_a_deduction_of_no_points_or_not_a_number_is_refused(value: object, words: str) -> None:
    with pytest.raises(S.SanctionError, match=words):
        S.deduction_points(value)


def test_signalling_steps_up_per_player_and_the_last_step_is_recorded_as_such() -> None:
    s = running()
    given = [do(s, sanction("p2", "signalling", step=n)).payload for n in (1, 2, 3, 4)]
    assert [(p["measure"], p["warning"], p["bule"], p["penalties"]) for p in given] == [
        ("leader_warning", True, 0, []), ("referee_warning", True, 0, []), ("no_follow", False, 0, []),
        ("no_follow", False, 0, [])]
    assert penalty_bule(s)["p2"] == 0 and s.state.penalties == []
    view = sanctions_view(s.state)
    assert view is not None
    assert view["next"]["p2"]["signalling"] == {"step": 5, "bule": 0, "warning": False, "per_co_player": False,
                                                "measure": "no_follow"}
    assert view["first"]["signalling"]["measure"] == "leader_warning" and "p1" not in view["next"]
    do(s, {"type": "undo"})
    do(s, {"type": "undo"})
    assert sanctions_view(s.state)["next"]["p2"]["signalling"]["measure"] == "no_follow"  # type: ignore[index]
    entry = next(x for x in reversed(s.state.commands) if x["type"] == E.SANCTION_RECORDED and not x["undone"])
    assert entry["payload"]["measure"] == "referee_warning"


def test_a_deduction_of_points_comes_off_the_standings_score_and_its_undo_gives_them_back() -> None:
    s = session("r1 recorded")
    do(s, record(2, TABLE2))
    before = {row["player"]: row for row in ranked(standings_of(s.state))}
    assert (before["p1"]["rank"], before["p4"]["rank"], before["p1"]["penalty_points"]) == (2, 1, 0)
    given = do(s, sanction("p4", "deduction", points=0.5, reason="insulted an opponent"))
    assert given.payload == {
        "player": "p4", "kind": "deduction", "item": "r1", "table": 2, "step": 1, "warning": False, "bule": 0,
        "unit": "points", "measure": "points", "points": 0.5, "reason": "insulted an opponent",
        "penalties": [{"player": "p4", "amount": 0.5, "unit": "points",
                       "reason": "deduction of points (1st offence): insulted an opponent"}]}
    after = {row["player"]: row for row in ranked(standings_of(s.state))}
    # 4.5 − 0.5 = 4.0 < p1's 4.3: p4 drops to 2nd; the bule and the bule on the paper do not change
    assert (after["p4"]["points"], after["p4"]["penalty_points"], after["p4"]["rank"]) == (4, 0.5, 2)
    assert (after["p1"]["rank"], after["p4"]["bule"], after["p4"]["penalty_bule"]) == (1, 50, 0)
    assert me_section(s.state, "p4")["standing"]["penalty_points"] == 0.5  # type: ignore[index]
    assert me_section(s.state, "p4")["standing"]["rank"] == 2  # type: ignore[index]  # (one line: its place said)
    assert [p["unit"] for p in me_section(s.state, "p4")["penalties"]] == ["points"]  # type: ignore[index]
    do(s, sanction("p4", "deduction", points=1, reason="again"))
    assert {r["player"]: r["penalty_points"] for r in standings_of(s.state)}["p4"] == 1.5
    do(s, {"type": "undo"})
    do(s, {"type": "undo", "seq": given.seq})
    back = {row["player"]: row for row in ranked(standings_of(s.state))}
    assert (back["p4"]["points"], back["p4"]["penalty_points"], back["p4"]["rank"]) == (4.5, 0, 1)


def test_a_deduction_before_any_result_makes_the_score_negative_and_ranks_last() -> None:
    s = running()
    do(s, sanction("p3", "deduction", points=2, reason="left the table"))
    rows = {row["player"]: row for row in ranked(standings_of(s.state))}
    assert (rows["p3"]["points"], rows["p3"]["penalty_points"], rows["p3"]["rank"]) == (-2, 2, 6)
    assert rows["p1"]["rank"] == 1 and rows["p1"]["shared"]


def test_a_sanction_in_an_ended_round_is_taken() -> None:
    s = session("r1 ended")
    assert do(s, sanction("p3", "partner_pass")).payload["table"] == 1


BAD_SANCTIONS = [
    ("r1 running", sanction("p9", "bad_shuffle"), 422, "player"),
    ("r1 running", sanction(5, "bad_shuffle"), 422, "player"),  # type: ignore[arg-type]
    ("r1 running", sanction("p1", "talking"), 422, "kind"),
    ("r1 running", sanction("p1", ["misdeal"]), 422, "kind"),  # type: ignore[arg-type]
    ("r1 running", sanction("p1", "misdeal", item="r9"), 422, "item"),
    ("empty", sanction("p1", "misdeal"), 409, "item"),  # r1 has not started
    ("r1 running", sanction("p1", "misdeal", step=0), 422, "step"),
    ("r1 running", sanction("p1", "misdeal", step=True), 422, "step"),
    ("r1 running", sanction("p1", "misdeal", step=2), 409, "step"),
    ("r1 running", sanction("p1", "misdeal", reason="  "), 422, "reason"),
    ("r1 running", sanction("p1", "misdeal", amount=4), 422, "amount"),  # the amount is the rules', not typed
    ("r1 running unseated", sanction("p1", "misdeal"), 409, "item"),  # no table: no co-players
    ("m1 running", sanction("p1", "misdeal", item="m1"), 422, "type"),  # bridge: a VP penalty instead
    # a deduction of points: a number above 0, in tenths, with a reason; no other kind takes points
    ("r1 running", sanction("p1", "deduction", reason="insults"), 422, "points"),
    ("r1 running", sanction("p1", "deduction", points=0, reason="insults"), 422, "points"),
    ("r1 running", sanction("p1", "deduction", points=-1, reason="insults"), 422, "points"),
    ("r1 running", sanction("p1", "deduction", points="1", reason="insults"), 422, "points"),
    ("r1 running", sanction("p1", "deduction", points=True, reason="insults"), 422, "points"),
    ("r1 running", sanction("p1", "deduction", points=None, reason="insults"), 422, "points"),
    ("r1 running", sanction("p1", "deduction", points=float("nan"), reason="insults"), 422, "points"),
    ("r1 running", sanction("p1", "deduction", points=float("inf"), reason="insults"), 422, "points"),
    ("r1 running", sanction("p1", "deduction", points=0.25, reason="insults"), 422, "points"),
    ("r1 running", sanction("p1", "deduction", points=100.1, reason="insults"), 422, "points"),
    ("r1 running", sanction("p1", "deduction", points=1), 422, "reason"),
    ("r1 running", sanction("p1", "deduction", points=1, reason=" "), 422, "reason"),
    ("r1 running", sanction("p1", "signalling", points=1), 422, "points"),
    ("r1 running", sanction("p1", "signalling", step=2), 409, "step"),
    ("empty", sanction("p1", "deduction", points=1, reason="insults"), 409, "item"),
]


@pytest.mark.parametrize(("setup", "command", "status", "field"), BAD_SANCTIONS,
                         ids=[f"{c[1].get('kind')}-{c[3]}-{n}" for n, c in enumerate(BAD_SANCTIONS)])
def test_a_bad_sanction_is_refused_naming_the_field_and_nothing_is_written(
        setup: str, command: dict[str, Any], status: int, field: str) -> None:
    refused = session(setup).refuse(command)
    assert (refused.status, refused.detail["field"]) == (status, field), refused.error


def test_a_player_without_a_seat_in_the_round_or_withdrawn_is_refused() -> None:
    s = Session(PREFERANS7)
    s.do("publish_seating", item="r1", seed=11164)
    s.do("start_round", item="r1")
    s.do("register_player", name="Walk In", player="w1")  # a walk-in enters from the next round
    refused = s.refuse(sanction("w1", "bad_shuffle"))
    assert (refused.status, refused.detail["field"]) == (422, "player")
    s.do("withdraw_player", player="p7", reason="removed by the referee: repeated misconduct")
    refused = s.refuse(sanction("p7", "bad_shuffle"))
    assert (refused.status, refused.detail["field"]) == (409, "player")
    assert "p7" not in sanctions_view(s.state)["next"]  # type: ignore[index]


# ---- appeals: the commands -----------------------------------------------------------------------


def test_a_player_may_ask_three_times_and_the_fourth_is_refused_naming_the_rule() -> None:
    s = running()
    lodged = [do(s, appeal("p1", subject=f"decision {n}")) for n in (1, 2, 3)]
    assert [e.payload["number"] for e in lodged] == [1, 2, 3]
    assert lodged[0].payload == {"player": "p1", "item": "r1", "subject": "decision 1", "number": 1, "allowed": 3}
    refused = s.refuse(appeal("p1"))
    assert refused.status == 409 and "3 times in the tournament" in refused.error
    assert refused.detail == {"field": "player", "rule": "appeals_per_player", "allowed": 3, "used": 3,
                              "appeals": [e.seq for e in lodged], "code": "appeal.limit", "player": "p1",
                              "name": "Milan", "cite": {"doc": "cacak-preferans", "topic": "sanctions_appeals"}}
    do(s, appeal("p2"))  # another player's requests are their own
    # a request entered by mistake and undone never was
    do(s, {"type": "undo", "seq": lodged[2].seq})
    assert do(s, appeal("p1")).payload["number"] == 3


def test_every_request_counts_whatever_the_committee_decided() -> None:
    s = running()
    first = do(s, appeal("p1"))
    do(s, END_R1)
    do(s, decision(first.seq, "rejected", unanimous=True))
    assert referee_only(s.state, {})["appeals"]["left"]["p1"] == 2


def test_the_committee_meets_after_the_round() -> None:
    s = running()
    lodged = do(s, appeal("p1"))
    refused = s.refuse(decision(lodged.seq))
    assert (refused.status, refused.detail["field"]) == (409, "appeal") and "after the round" in refused.error
    do(s, END_R1)
    assert do(s, decision(lodged.seq, "rejected", unanimous=False)).payload["outcome"] == "stands"


def test_a_split_upheld_decision_leaves_the_referees_decision_standing() -> None:
    s = session("r1 recorded")
    lodged = do(s, appeal("p1"))
    corrected = do(s, {"type": "correct_result", "item": "r1", "table": 1, "results": TABLE1, "reason": "appeal"})
    do(s, END_R1)
    refused = s.refuse(decision(lodged.seq, "upheld", unanimous=False, correction=corrected.seq))
    assert (refused.status, refused.detail["field"]) == (409, "unanimous") and "only unanimously" in refused.error
    split = do(s, decision(lodged.seq, "upheld", unanimous=False, reason="two to one"))
    assert split.payload == {"appeal": lodged.seq, "player": "p1", "item": "r1", "decision": "upheld",
                             "unanimous": False, "outcome": "stands", "reason": "two to one"}
    view = referee_only(s.state, {})["appeals"]
    assert view["open"] == [] and view["decided"][0]["decision"]["outcome"] == "stands"
    refused = s.refuse(decision(lodged.seq, "upheld", unanimous=True))  # the decision is final
    assert (refused.status, refused.detail["field"]) == (409, "appeal") and "final" in refused.error


def test_an_appeal_upheld_unanimously_links_the_correction_and_the_standings_follow_it() -> None:
    s = session("r1 recorded")
    do(s, record(2, TABLE2))
    lodged = do(s, appeal("p3", subject="the slip of table 1 was misread"))
    before = {row["player"]: row["points"] for row in standings_of(s.state)}
    corrected = do(s, {"type": "correct_result", "item": "r1", "table": 1,
                       "results": {"p1": -25, "p2": -12, "p3": 37}, "reason": "the committee's decision"})
    do(s, END_R1)
    upheld = do(s, decision(lodged.seq, "upheld", unanimous=True, correction=corrected.seq))
    assert (upheld.payload["outcome"], upheld.payload["correction"]) == ("changed", corrected.seq)
    after = {row["player"]: row["points"] for row in standings_of(s.state)}
    assert after["p3"] > before["p3"] and after["p1"] < before["p1"]
    # the record stays whole: the correction and the appeal go only after the decision
    for target in (corrected.seq, lodged.seq):
        refused = s.refuse({"type": "undo", "seq": target})
        assert (refused.status, refused.detail["field"]) == (409, "seq") and "decision first" in refused.error
    do(s, {"type": "undo", "seq": upheld.seq})
    assert referee_only(s.state, {})["appeals"]["open"][0]["seq"] == lodged.seq
    do(s, {"type": "undo", "seq": lodged.seq})
    assert s.state.appeals == {}


def test_an_upheld_appeal_may_link_the_undo_of_a_sanction() -> None:
    s = running()
    given = do(s, sanction("p2", "forbidden_bid"))
    lodged = do(s, appeal("p2", subject="the bid was playable"))
    removed = do(s, {"type": "undo", "seq": given.seq})
    do(s, END_R1)
    assert do(s, decision(lodged.seq, correction=removed.seq)).payload["correction"] == removed.seq
    assert penalty_bule(s)["p2"] == 0


def test_the_correction_must_carry_out_this_appeal() -> None:
    s = session("r1 recorded")
    early = do(s, {"type": "correct_result", "item": "r1", "table": 1, "results": TABLE1, "reason": "typo"})
    penalty = do(s, {"type": "penalty", "player": "p1", "amount": 2, "unit": "bule", "reason": "late slip"})
    elsewhere = do(s, {"type": "penalty", "player": "p1", "amount": 2, "unit": "bule", "reason": "noise",
                       "item": "r2"})
    lodged = do(s, appeal("p1"))
    other = do(s, appeal("p2"))
    elsewhere_removed = do(s, {"type": "undo", "seq": elsewhere.seq})
    later = do(s, {"type": "correct_result", "item": "r1", "table": 1, "results": TABLE1, "reason": "committee"})
    do(s, END_R1)
    for command, field, status in [
        (decision(lodged.seq, correction=early.seq), "correction", 422),  # before the appeal
        (decision(lodged.seq, correction=penalty.seq), "correction", 422),  # a penalty given is no correction
        (decision(lodged.seq, correction=9999), "correction", 422),
        (decision(lodged.seq, correction=elsewhere_removed.seq), "correction", 422),  # a penalty of r2
        (decision(lodged.seq, correction="44"), "correction", 422),
        (decision(lodged.seq, "rejected", correction=later.seq), "correction", 422),
        (decision(9999), "appeal", 422),
        (decision(True), "appeal", 422),  # type: ignore[arg-type]
        (decision(penalty.seq), "appeal", 422),  # not an appeal
        (decision(lodged.seq, "partly"), "decision", 422),
        (decision(lodged.seq, unanimous="yes"), "unanimous", 422),  # type: ignore[arg-type]
        (decision(lodged.seq, reason=""), "reason", 422),
        ({"type": "decide_appeal", "appeal": lodged.seq, "decision": "upheld"}, "unanimous", 422),
    ]:
        refused = s.refuse(command)
        assert (refused.status, refused.detail["field"]) == (status, field), (command, refused.error)
    do(s, decision(lodged.seq, correction=later.seq))
    refused = s.refuse(decision(other.seq, correction=later.seq))  # one correction carries out one appeal
    assert (refused.status, refused.detail["field"]) == (409, "correction")


BAD_APPEALS = [
    ("r1 running", appeal("p9"), 422, "player"),
    ("r1 running", appeal("p1", item="r9"), 422, "item"),
    ("empty", appeal("p1"), 409, "item"),  # nothing decided yet in a round not started
    ("r1 running", appeal("p1", subject=" "), 422, "subject"),
    ("r1 running", appeal("p1", subject="x" * 2000), 422, "subject"),
    ("r1 running", {"type": "appeal", "player": "p1", "item": "r1"}, 422, "subject"),
    ("m1 running", {"type": "appeal", "player": "p1", "item": "m1", "subject": "x"}, 422, "type"),
]


@pytest.mark.parametrize(("setup", "command", "status", "field"), BAD_APPEALS,
                         ids=[f"{c[3]}-{n}" for n, c in enumerate(BAD_APPEALS)])
def test_a_bad_appeal_is_refused_naming_the_field_and_nothing_is_written(
        setup: str, command: dict[str, Any], status: int, field: str) -> None:
    refused = session(setup).refuse(command)
    assert (refused.status, refused.detail["field"]) == (status, field), refused.error


def test_appeals_are_the_players_and_the_referees_not_the_halls() -> None:
    s = running()
    lodged = do(s, appeal("p1"))
    state = s.state
    assert public_audit(state) == [c for c in public_audit(state) if c["type"] != E.APPEAL_LODGED]
    assert all(c["type"] != E.APPEAL_LODGED for c in public_audit(state))
    assert lodged.public_json()["payload"] == {"private": True}
    mine = me_section(state, "p1", private=True)
    assert mine is not None and mine["appeals"]["left"] == 2 and mine["appeals"]["used"] == 1
    assert mine["appeals"]["requests"][0]["subject"] == "the misdeal ruling at table 1"
    assert "appeals" not in (me_section(state, "p1") or {})  # without the player's session: nothing of it
    view = referee_only(state, {})["appeals"]
    assert view["allowed"] == 3 and view["left"] == {"p1": 2, "p2": 3, "p3": 3, "p4": 3, "p5": 3, "p6": 3}
    assert [x["seq"] for x in view["open"]] == [lodged.seq]


# ---- every command type has a valid case (test_commands.py collects these) ---------------------


@pytest.mark.parametrize(("setup", "command", "kind", "payload"), [c[1:] for c in VALID], ids=[c[0] for c in VALID])
def test_a_valid_conduct_command_becomes_its_event(setup: str, command: dict[str, Any], kind: str,
                                                   payload: dict[str, Any]) -> None:
    s = session(setup)
    new = decide(s.t, s.state, command, s.now)
    assert [(n.type, n.payload) for n in new] == [(kind, payload)]
    stored(s.events, new[0], s.now + SEC)


# ---- the parameters -------------------------------------------------------------------------------


@pytest.mark.parametrize("steps", [[], [0, -4], [0, 4.5], ["warning"], [True]])
def test_a_bad_list_of_steps_is_refused_in_the_file_and_at_the_console(steps: list[Any]) -> None:
    with pytest.raises(TournamentFileError, match="sanction_bad_shuffle_bule"):
        tournament(rounds(1), rules={"sanction_bad_shuffle_bule": steps})
    refused = session("empty").refuse({"type": "change_rules", "rules": {"sanction_bad_shuffle_bule": steps}})
    assert (refused.status, refused.detail["field"]) == (422, "rules.sanction_bad_shuffle_bule")


def test_the_organizer_may_change_the_steps_and_the_limit_before_play() -> None:
    t = tournament(rounds(1), players=[{"id": f"p{n}", "name": f"P{n}"} for n in range(1, 4)],
                   rules={"sanction_bad_shuffle_bule": [4, 8], "appeals_per_player": 1})
    s = Session(t)
    s.do("publish_seating", item="r1", seed=1)
    s.do("start_round", item="r1")
    assert [do(s, sanction("p1", "bad_shuffle")).payload["bule"] for _ in range(3)] == [4, 8, 8]
    do(s, appeal("p1"))
    refused = s.refuse(appeal("p1"))
    assert refused.status == 409 and refused.detail["allowed"] == 1
