"""The Slovak league's roster minimum and appeals to the presidium (docs/rules/team-sheets.md#slovak and
docs/rules/appeals.md#slovak; seed §17.1, §24.1, §28): the pure rules (live/rules/rosters.py, live/rules/appeals.py)
with their edges, and the commands through `live.commands.decide.decide` and the fold (pure, fake clock): a withdrawal
and a line-up held to the 4 members, a team's appeal signed by its captain or half of its line-up, no limit on their
number, a decision without unanimity, and the provisional results while an appeal is open.
"""

from __future__ import annotations

from typing import Any

import pytest
from support.results import Session
from support.slovak_appeals import SLOVAK

from live.core import events as E
from live.projections.rosters import referee_view as rosters_view
from live.projections.views import public_sections, referee_only
from live.rules import appeals as A
from live.rules import rosters as R
from live.rules.presets import PRESETS

S1 = ["t1p1", "t1p2", "t1p3", "t1p4"]
S6 = ["t6p1", "t6p2", "t6p3", "t6p4"]
S2 = ["t2p1", "t2p2", "t2p3", "t2p4"]


def sheet(team: str, *parts: list[str], item: str = "m1", subs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    command: dict[str, Any] = {"type": "lineup", "item": item, "team": team, "parts": [list(x) for x in parts]}
    if subs is not None:
        command["substitutions"] = subs
    return command


def appeal(team: str = "t1", item: str = "m1", **who: Any) -> dict[str, Any]:
    return {"type": "appeal", "team": team, "item": item, "subject": "the director's ruling on board 7", **who}


def played_m1() -> Session:
    """m1 started with the sheets of t1 and t6 entered, a result of t1–t6 recorded."""
    s = Session(SLOVAK)
    s.do("publish_seating", item="m1")
    s.do("start_round", item="m1")
    s.run(sheet("t1", S1))
    s.run(sheet("t6", S6))
    s.run(sheet("t2", S2))
    s.do("record_result", item="m1", home="t1", away="t6", imps_home=40, imps_away=20)
    s.do("record_result", item="m1", home="t2", away="t5", imps_home=30, imps_away=30)
    return s


# ---- the pure rules -------------------------------------------------------------------------------


@pytest.mark.parametrize(("members", "short", "leave"), [(3, True, False), (4, False, False), (5, False, True),
                                                         (0, True, False)])
def test_a_roster_under_four_is_short_and_a_fourth_member_may_not_leave(members: int, short: bool,
                                                                       leave: bool) -> None:
    assert R.roster_short(members, 4) is short
    assert R.may_leave(members, 4) is leave
    assert R.roster_short(0, None) is False and R.may_leave(1, None) is True  # no minimum (Novi Sad)


@pytest.mark.parametrize(("line_up", "needed"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_half_of_the_line_up_is_rounded_up(line_up: int, needed: int) -> None:
    assert A.signatures_needed(line_up) == needed
    assert A.enough_signatures(needed, line_up) and not A.enough_signatures(needed - 1, line_up)


def test_each_preset_says_who_appeals_to_whom_how_often_and_whether_unanimously() -> None:
    cacak = A.AppealRules.from_rules(PRESETS["cacak-preferans"])
    slovak = A.AppealRules.from_rules(PRESETS["slovak-league"])
    assert cacak == A.AppealRules(to="committee", by="player", limit=3, unanimity=True, decision_days=None)
    assert slovak == A.AppealRules(to="presidium", by="team", limit=None, unanimity=False, decision_days=28,
                                   window_days=15)
    assert A.AppealRules.from_rules(PRESETS["novi-sad-teams"]) is None
    # the presidium: upheld changes the decision, no unanimity asked; the committee: only unanimously
    assert A.outcome("upheld", False, unanimity=False) == "changed"
    assert A.outcome("rejected", False, unanimity=False) == "stands"
    assert A.outcome("upheld", False, unanimity=True) == "stands"
    assert A.requests_left(10, None) is None and A.may_appeal(10, None)
    assert not A.may_appeal(3, 3) and A.may_appeal(2, 3)
    assert A.due(0, 28) == 28 * 24 * 3600 * 1000 and A.due(5, None) is None


# ---- the roster of at least four (§17.1) ----------------------------------------------------------------


def test_a_withdrawal_that_leaves_fewer_than_four_is_refused_naming_17_1() -> None:
    s = Session(SLOVAK)
    error = s.refused({"type": "withdraw_player", "player": "t1p4", "reason": "moved abroad"}, 409, "player",
                    "roster_min", "t1 has 4 members")
    assert "§17.1" in error.error and error.detail["minimum"] == 4
    s.do("withdraw_player", player="t2p5", reason="moved abroad")  # t2 had five: four are left
    s.refused({"type": "withdraw_player", "player": "t2p1", "reason": "ill"}, 409, "player", "roster_min")
    # with the new member registered first, the one who leaves may go
    new = s.do("register_player", team="t1", name="Nový hráč").payload["player"]
    s.do("withdraw_player", player="t1p4", reason="moved abroad")
    assert [p.id for p in s.state.tournament.players if p.team == "t1" and not p.withdrawn] == [
        "t1p1", "t1p2", "t1p3", new]


def test_a_team_under_four_gets_no_line_up_and_its_roster_shows_incomplete() -> None:
    s = Session(SLOVAK)
    s.do("publish_seating", item="m1")
    rosters = rosters_view(s.state)
    assert (rosters["t3"]["current"], rosters["t3"]["incomplete"]) == (3, True)
    assert (rosters["t1"]["current"], rosters["t1"]["incomplete"]) == (4, False)
    error = s.refused(sheet("t3", ["t3p1", "t3p2", "t3p3", "t4p1"]), 409, "team", "roster_min",
                    "t3 has 3 members on its roster")
    assert "§17.1" in error.error
    # the fourth member comes (during a match too: only the 5th and later wait for the match's end)
    s.do("start_round", item="m1")
    new = s.do("register_player", team="t3", name="Štvrtý hráč").payload["player"]
    assert rosters_view(s.state)["t3"]["incomplete"] is False
    assert s.run(sheet("t3", ["t3p1", "t3p2", "t3p3", new])).type == E.LINEUP_ENTERED


# ---- appeals to the presidium (§28) --------------------------------------------------------------------


def test_half_of_the_line_up_may_appeal_for_the_team_fewer_may_not() -> None:
    s = played_m1()
    error = s.refused(appeal(signed_by=["t1p1"]), 409, "signed_by", "appeal_signatures",
                    "1 of the 4 players of t1's line-up in m1 sign")
    assert "§28.3" in error.error and error.detail["needed"] == 2
    lodged = s.run(appeal(signed_by=["t1p1", "t1p3"]))
    assert lodged.payload == {"team": "t1", "item": "m1", "match": ["t1", "t6"],
                              "subject": "the director's ruling on board 7", "signed_by": ["t1p1", "t1p3"],
                              "line_up": 4, "number": 1, "allowed": None, "to": "presidium"}


def test_a_line_up_of_five_needs_three_signatures() -> None:
    s = played_m1()
    s.run(sheet("t2", S2, subs=[{"part": 1, "out": "t2p4", "in": "t2p5", "boards": 3}]))
    s.refused(appeal("t2", signed_by=["t2p1", "t2p5"]), 409, "signed_by", "appeal_signatures", "2 of the 5")
    assert s.run(appeal("t2", signed_by=["t2p1", "t2p5", "t2p2"])).payload["line_up"] == 5


def test_the_captain_alone_signs_and_a_fourth_appeal_is_accepted() -> None:
    s = played_m1()
    lodged = [s.run(appeal(captain=" Ján Kapitán ")) for _ in range(4)]
    assert [e.payload["number"] for e in lodged] == [1, 2, 3, 4]
    assert lodged[0].payload["captain"] == "Ján Kapitán" and "signed_by" not in lodged[0].payload
    view = referee_only(s.state, {})["appeals"]
    assert (view["to"], view["by"], view["allowed"], view["unanimity"]) == ("presidium", "team", None, False)
    assert view["open"][0]["due"] == lodged[0].ts + 28 * 24 * 3600 * 1000
    assert view["signers"]["m1"]["t1"] == {"line_up": S1, "needed": 2}
    assert view["signers"]["m1"]["t5"] == {"line_up": None, "needed": None}
    assert "left" not in view


BAD = [
    (appeal(signed_by=["t1p1", "t6p1"]), 422, "signed_by", "appeal_signatures"),  # not on t1's line-up
    (appeal(signed_by=["t1p1", "t1p1"]), 422, "signed_by", None),
    (appeal(signed_by=[]), 422, "signed_by", None),
    (appeal(signed_by="t1p1"), 422, "signed_by", None),
    (appeal("t5", signed_by=["t5p1", "t5p2"]), 409, "signed_by", "appeal_signatures"),  # t5 has no sheet
    (appeal(signed_by=["t1p1", "t1p2"], captain="Ján"), 422, "signed_by", "appeal_signatures"),
    (appeal(), 422, "signed_by", "appeal_signatures"),  # nobody signs
    (appeal(captain=" "), 422, "captain", None),
    (appeal("t9", captain="Ján"), 422, "team", None),
    (appeal("t1", "m2", captain="Ján"), 409, "item", None),  # m2 has not started
    (appeal("t1", "m9", captain="Ján"), 422, "item", None),
    ({"type": "appeal", "item": "m1", "subject": "x", "captain": "Ján"}, 422, "team", None),
    ({**appeal(captain="Ján"), "player": "t1p1"}, 422, "player", "appeal_by"),  # the team appeals, not a player
    ({**appeal(captain="Ján"), "subject": ""}, 422, "subject", None),
]


@pytest.mark.parametrize(("command", "status", "field", "rule"), BAD, ids=[f"{c[2]}-{n}" for n, c in enumerate(BAD)])
def test_a_bad_team_appeal_is_refused_naming_the_field_and_nothing_is_written(
        command: dict[str, Any], status: int, field: str, rule: str | None) -> None:
    played_m1().refused(command, status, field, rule)


def test_the_presidiums_decision_needs_no_unanimity_and_an_upheld_one_links_its_correction() -> None:
    s = played_m1()
    lodged = s.run(appeal(signed_by=["t1p1", "t1p2"]))
    s.refused({"type": "decide_appeal", "appeal": lodged.seq, "decision": "upheld"}, 409, "appeal",
            words="the presidium decides on a match played")
    corrected = s.do("correct_result", item="m1", home="t1", away="t6", imps_home=50, imps_away=20,
                     reason="the presidium's decision")
    other = s.do("correct_result", item="m1", home="t2", away="t5", imps_home=31, imps_away=30, reason="typo")
    s.do("end_round", item="m1")
    s.refused({"type": "decide_appeal", "appeal": lodged.seq, "decision": "upheld", "unanimous": True}, 422,
            "unanimous", "appeal_unanimity", "no unanimity rule")
    s.refused({"type": "decide_appeal", "appeal": lodged.seq, "decision": "upheld", "correction": other.seq}, 422,
            "correction", words="the appeal is t1's")
    upheld = s.do("decide_appeal", appeal=lodged.seq, decision="upheld", correction=corrected.seq)
    assert upheld.payload == {"appeal": lodged.seq, "team": "t1", "item": "m1", "decision": "upheld",
                              "outcome": "changed", "correction": corrected.seq}
    s.refused({"type": "decide_appeal", "appeal": lodged.seq, "decision": "rejected"}, 409, "appeal", words="final")
    second = s.run(appeal(captain="Ján"))
    assert s.do("decide_appeal", appeal=second.seq, decision="rejected").payload["outcome"] == "stands"
    s.refused({"type": "undo", "seq": corrected.seq}, 409, "seq", words="undo the decision first")


def test_the_standings_and_the_match_are_provisional_while_an_appeal_is_open() -> None:
    s = played_m1()
    assert "standings_provisional" not in public_sections(s.state)
    assert not any(row.get("provisional") for row in public_sections(s.state)["results"]["m1"])
    lodged = s.run(appeal("t6", signed_by=["t6p1", "t6p2"]))
    public = public_sections(s.state)
    flag = public["standings_provisional"]
    assert flag["items"] == ["m1"] and flag["matches"] == [{"item": "m1", "home": "t1", "away": "t6"}]
    assert "§24.1" in flag["rule"]
    rows = {(r["home"], r["away"]): r for r in public["results"]["m1"]}
    assert rows[("t1", "t6")]["provisional"] is True and "provisional" not in rows[("t2", "t5")]
    assert "t6p1" not in str(flag) and "t6" not in str(flag["items"])  # no appellant named (the match is)
    s.do("end_round", item="m1")
    s.do("decide_appeal", appeal=lodged.seq, decision="rejected")
    public = public_sections(s.state)
    assert "standings_provisional" not in public
    assert not any(row.get("provisional") for row in public["results"]["m1"])
    # an undone decision opens the appeal again, and the results are provisional again
    s.do("undo")
    assert public_sections(s.state)["standings_provisional"]["items"] == ["m1"]
