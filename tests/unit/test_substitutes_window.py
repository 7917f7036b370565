"""Two Slovak rules the seed has (docs/rules/differences.md#slovak-substitutes, docs/rules/appeals.md#window),
and who hears an appeal (seed §27.1, §24.1, §28.2): the
pure rules (live/rules/lineups.py, live/rules/appeals.py) with their edges, and the commands through
`live.commands.decide` and the fold (pure, fake clock):

- a substitute ("náhradník", the roster's `substitute` flag) may not play in half or more of the rounds of the
  competition: the sheet that would make it half is refused naming §27.1, and so is marking as a substitute
  one who is on that many sheets already; the flag is a player field of the file, the plan and its commands;
- an appeal is taken until 15 days after the overall results are published (the last match ended with its
  result), later refused naming §24.1; the clock is the command's;
- `appeal_to` / `appeal_by` are checked by `change_rules` and the file against the bodies the rules know;
- the player's page (`me.appeals`, with the session) shows their team's appeals and where each stands.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import MIN, rounds, tournament
from support.results import Session

from live.commands.plan_diff import differences
from live.core import events as E
from live.core.plan import from_json, to_json
from live.core.tournament import TournamentFileError
from live.projections.appeals import results_published
from live.projections.lineups import referee_view as sheets_view
from live.projections.rosters import referee_view as rosters_view
from live.projections.views import me_section, referee_only
from live.rules import appeals as A
from live.rules import lineups as L

DAY = 24 * 60 * MIN
TEAMS6 = [{"id": f"t{k}", "name": f"Tím {k}"} for k in range(1, 7)]
TEAMS4 = TEAMS6[:4]
#: Five a team; t1p5 is the file's substitute in SUBS.
PLAYERS = [{"id": f"{team}p{k}", "name": f"Hráč {team}p{k}", "team": team} for team in
           ("t1", "t2", "t3", "t4", "t5", "t6") for k in range(1, 6)]
#: Ten rounds of 24 boards (6 teams, double round robin): a substitute plays in at most 4.
SLOVAK = tournament(rounds(10, kind="match", minutes=240, gap=30, boards=24), preset="slovak-league",
                    teams=TEAMS6, players=PLAYERS)
#: Four teams, two rounds: the overall results are in once both have ended with their results.
SHORT = tournament(rounds(2, kind="match", minutes=240, gap=30, boards=24), preset="slovak-league",
                   teams=TEAMS4, players=[p for p in PLAYERS if p["team"] in ("t1", "t2", "t3", "t4")])
WITH_T1P5 = ["t1p1", "t1p2", "t1p3", "t1p5"]
S1 = ["t1p1", "t1p2", "t1p3", "t1p4"]


def sheet(item: str, *parts: list[str], team: str = "t1") -> dict[str, Any]:
    return {"type": "lineup", "item": item, "team": team, "parts": [list(x) for x in parts]}


# ---- the pure rules -------------------------------------------------------------------------------


@pytest.mark.parametrize(("rounds_", "percent", "most"), [
    (10, 50, 4), (9, 50, 4), (11, 50, 5), (2, 50, 0), (1, 50, 0), (0, 50, 0), (10, 40, 3), (14, 50, 6)])
def test_a_substitute_plays_in_fewer_than_half_of_the_rounds(rounds_: int, percent: int, most: int) -> None:
    assert L.substitute_rounds_allowed(rounds_, percent) == most
    assert not L.substitute_too_often(most, rounds_, percent)
    assert L.substitute_too_often(most + 1, rounds_, percent)


def test_half_of_the_rounds_exactly_is_too_many() -> None:
    # "v polovici alebo viac kolách": 5 of 10 is half, refused; 4 of 9 (44 %) is allowed, 5 of 9 (56 %) not
    assert L.substitute_too_often(5, 10, 50) and not L.substitute_too_often(4, 9, 50)
    assert L.substitute_too_often(5, 9, 50)
    with pytest.raises(ValueError, match="-1 rounds"):
        L.substitute_rounds_allowed(-1, 50)


def test_the_appeal_window_closes_15_days_after_the_overall_results() -> None:
    published = 1_000_000
    closes = published + 15 * DAY
    assert A.window_closes(published, 15) == closes
    assert A.in_window(closes - 1, published, 15) and not A.in_window(closes, published, 15)
    assert A.in_window(published - 5 * DAY, published, 15)  # an appeal before the publication: in time
    # not published yet, or no term in the rules: the window is open
    assert A.window_closes(None, 15) is None and A.in_window(10**15, None, 15)
    assert A.window_closes(published, None) is None and A.in_window(10**15, published, None)


# ---- §27.1: a substitute's rounds --------------------------------------------------------------------


def test_a_substitute_on_four_of_ten_rounds_is_refused_the_fifth_naming_27_1() -> None:
    s = Session(SLOVAK)
    marked = s.do("update_player", player="t1p5", substitute=True)
    assert marked.payload == {"player": "t1p5", "substitute": True}
    assert s.state.tournament.player("t1p5").substitute is True
    for k in range(1, 5):  # sheets handed in ahead count: the parts still to come are the captain's line-up
        s.run(sheet(f"m{k}", WITH_T1P5))
    error = s.refused(sheet("m5", WITH_T1P5), 422, "parts", "substitute_rounds_below_percent",
                    "t1p5 Hráč t1p5 is a substitute and would play in 5 of the 10 rounds")
    assert "§27.1" in error.error
    assert {k: error.detail[k] for k in ("code", "player", "rounds", "allowed", "total")} == {
        "code": "lineup.substitute_rounds", "player": "t1p5", "rounds": 5, "allowed": 4, "total": 10}
    assert s.run(sheet("m5", S1)).type == E.LINEUP_ENTERED  # without the substitute
    view = sheets_view(s.state)
    assert view["substitutes"] == {"percent": 50, "rounds": 10, "allowed": 4, "played": {"t1p5": [1, 2, 3, 4]}}
    assert next(m for m in rosters_view(s.state)["t1"]["members"] if m["player"] == "t1p5")["substitute"] is True
    # the same match's sheet entered again is not one more round
    assert s.run(sheet("m4", ["t1p5", "t1p1", "t1p2", "t1p3"])).type == E.LINEUP_ENTERED


def test_a_substitute_coming_in_during_a_part_plays_in_that_round() -> None:
    s = Session(SLOVAK)
    s.do("update_player", player="t1p5", substitute=True)
    s.do("publish_seating", item="m1")
    s.do("start_round", item="m1")
    swap = {"part": 1, "out": "t1p4", "in": "t1p5", "boards": 4}
    s.run({**sheet("m1", S1), "substitutions": [swap]})  # the director's exceptional substitution: round 1
    for k in range(2, 5):
        s.run(sheet(f"m{k}", WITH_T1P5))
    error = s.refused(sheet("m5", WITH_T1P5), 422, "parts", "substitute_rounds_below_percent")
    assert "(rounds 1, 2, 3, 4, 5)" in error.error


def test_an_undone_sheet_or_flag_gives_the_round_back() -> None:
    s = Session(SLOVAK)
    marked = s.do("update_player", player="t1p5", substitute=True)
    sheets = [s.run(sheet(f"m{k}", WITH_T1P5)) for k in range(1, 5)]
    s.refused(sheet("m5", WITH_T1P5), 422, "parts", "substitute_rounds_below_percent")
    s.do("undo", seq=sheets[-1].seq)
    assert s.run(sheet("m5", WITH_T1P5)).type == E.LINEUP_ENTERED
    s.refused(sheet("m6", WITH_T1P5), 422, "parts", "substitute_rounds_below_percent")
    s.do("undo", seq=marked.seq)  # no longer a substitute: of the basic line-up, no limit
    assert s.state.tournament.player("t1p5").substitute is False
    assert s.run(sheet("m6", WITH_T1P5)).type == E.LINEUP_ENTERED


def test_one_on_half_of_the_rounds_already_cannot_be_marked_a_substitute() -> None:
    s = Session(SLOVAK)
    for k in range(1, 6):
        s.run(sheet(f"m{k}", WITH_T1P5))
    error = s.refused({"type": "update_player", "player": "t1p5", "substitute": True}, 409, "substitute",
                    "substitute_rounds_below_percent", "t1p5 Hráč t1p5 is on the sheets of 5 of the 10 rounds")
    assert error.detail["code"] == "roster.substitute_rounds" and "§27.1" in error.error
    s.do("update_player", player="t1p4", substitute=True)  # on none: marked


def test_a_new_member_registers_as_a_substitute_and_the_flag_is_a_yes_or_no() -> None:
    s = Session(SLOVAK)
    new = s.do("register_player", team="t1", name="Nový náhradník", substitute=True)
    assert new.payload["substitute"] is True
    assert s.state.tournament.player(new.payload["player"]).substitute is True
    assert "substitute" not in s.do("register_player", team="t2", name="Iný hráč", substitute=False).payload
    s.refused({"type": "update_player", "player": "t1p1", "substitute": "yes"}, 422, "substitute")
    s.refused({"type": "register_player", "team": "t1", "name": "X Y", "substitute": 1}, 422, "substitute")


def test_rules_without_substitutes_refuse_the_flag() -> None:
    novi_sad = tournament(rounds(2, kind="match", minutes=90, gap=15, boards=12), preset="novi-sad-teams",
                          teams=TEAMS4, players=[p for p in PLAYERS if p["team"] in ("t1", "t2", "t3", "t4")])
    s = Session(novi_sad)
    error = s.refused({"type": "update_player", "player": "t1p1", "substitute": True}, 422, "substitute")
    assert error.detail["code"] == "rules.no_substitutes"
    s.do("update_player", player="t1p1", substitute=False, name="Hráč T1P1")  # false is no substitute: taken
    with pytest.raises(TournamentFileError) as info:
        tournament(rounds(1, kind="match", minutes=90, boards=12), preset="novi-sad-teams", teams=TEAMS4,
                   players=[{"id": "a", "name": "A", "team": "t1", "substitute": True}])
    assert info.value.field == "players[1].substitute" and "no substitutes" in info.value.message


def test_the_substitute_is_a_player_field_of_the_file_the_recorded_plan_and_an_edited_file() -> None:
    marked = [{**p, "substitute": True} if p["id"] == "t1p5" else p for p in PLAYERS]
    t = tournament(rounds(10, kind="match", minutes=240, gap=30, boards=24), preset="slovak-league",
                   teams=TEAMS6, players=marked)
    assert t.player("t1p5").substitute and not t.player("t1p4").substitute
    again = from_json(to_json(t))
    assert again.player("t1p5").substitute and to_json(again) == to_json(t)
    # the file edited afterwards: t1p5 no longer a substitute, t2p5 one — two update_player commands
    edited = [{**p, "substitute": True} if p["id"] == "t2p5" else p for p in PLAYERS]
    later = tournament(rounds(10, kind="match", minutes=240, gap=30, boards=24), preset="slovak-league",
                       teams=TEAMS6, players=edited)
    commands = [d.command for d in differences(t, Session(t).state, later) if d.command]
    assert {"type": "update_player", "player": "t1p5", "substitute": False} in commands
    assert {"type": "update_player", "player": "t2p5", "substitute": True} in commands
    with pytest.raises(TournamentFileError) as info:
        tournament(rounds(1, kind="match", boards=24), preset="slovak-league", teams=TEAMS6,
                   players=[{"id": "a", "name": "A", "substitute": True}])
    assert info.value.field == "players[1].substitute"


# ---- §24.1: the appeal window --------------------------------------------------------------------------


def finished() -> Session:
    """Both rounds of SHORT played, with t1's sheets (round 1: t1–t4, t2–t3; round 2: t4–t3, t1–t2)."""
    s = Session(SHORT)
    for item in ("m1", "m2"):
        s.do("publish_seating", item=item)
        s.do("start_round", item=item)
        s.run(sheet(item, S1))
        for match in s.state.seatings[item].body.matches:
            s.do("record_result", item=item, home=match["home"], away=match["away"], imps_home=30, imps_away=20)
        s.do("end_round", item=item)
    return s


def appeal(item: str = "m2") -> dict[str, Any]:
    return {"type": "appeal", "team": "t1", "item": item, "subject": "the director's ruling on board 7",
            "captain": "Ján Kapitán"}


def test_an_appeal_is_taken_until_15_days_after_the_overall_results_then_refused_naming_24_1() -> None:
    s = finished()
    published = results_published(s.state)
    assert published == s.state.items["m2"].ended_at  # the last match ended after its results came in
    window = referee_only(s.state, {})["appeals"]["window"]
    assert (window["days"], window["published"], window["closes"]) == (15, published, published + 15 * DAY)
    s.now = published + 15 * DAY - 2000  # (the session's clock moves a second on with each command)
    assert s.run(appeal()).type == E.APPEAL_LODGED  # a second before the term ends
    s.now = published + 15 * DAY
    error = s.refused(appeal("m1"), 409, "item", "appeal_window_days", "the term for an appeal closed at")
    assert "§24.1" in error.error and "complaint (§28.2)" in error.error
    assert {k: error.detail[k] for k in ("code", "days", "published", "closed")} == {
        "code": "appeal.out_of_window", "days": 15, "published": window["published_on"],
        "closed": window["closes_on"]}
    # the presidium's decision on the appeal lodged in time is not held to the window
    lodged = s.state.commands[-1]["seq"]
    assert s.do("decide_appeal", appeal=lodged, decision="rejected").type == E.APPEAL_DECIDED


def test_the_window_does_not_run_before_every_match_has_its_result() -> None:
    s = Session(SHORT)
    for item in ("m1", "m2"):
        s.do("publish_seating", item=item)
        s.do("start_round", item=item)
        s.run(sheet(item, S1))
        s.do("record_result", item=item, home=s.state.seatings[item].body.matches[0]["home"],
             away=s.state.seatings[item].body.matches[0]["away"], imps_home=10, imps_away=5)
        s.do("end_round", item=item)
    assert results_published(s.state) is None  # one match of each round has no result
    s.now += 100 * DAY
    assert s.run(appeal()).type == E.APPEAL_LODGED
    # the last result, handed in later, publishes the overall results; a correction later does not again
    match = s.state.seatings["m2"].body.matches[1]
    last = s.do("record_result", item="m2", home=match["home"], away=match["away"], imps_home=1, imps_away=2)
    assert results_published(s.state) is None  # m1's second match still has none
    match1 = s.state.seatings["m1"].body.matches[1]
    last = s.do("record_result", item="m1", home=match1["home"], away=match1["away"], imps_home=1, imps_away=2)
    assert results_published(s.state) == last.ts
    s.now += 10 * DAY
    s.do("correct_result", item="m1", home=match1["home"], away=match1["away"], imps_home=2, imps_away=2,
         reason="typo")
    assert results_published(s.state) == last.ts


def test_rules_without_a_window_take_an_appeal_whenever() -> None:
    from helpers import preferans

    t = preferans(1, players=[{"id": f"p{k}", "name": f"Igrač {k}"} for k in range(1, 7)])
    s = Session(t)
    s.do("publish_seating", item="r1", seed=1)
    s.do("start_round", item="r1")
    s.do("end_round", item="r1")
    assert A.AppealRules.from_rules(t.rules).window_days is None
    s.now += 400 * DAY
    assert s.do("appeal", player="p1", item="r1", subject="the count of the slip").type == E.APPEAL_LODGED
    assert referee_only(s.state, {})["appeals"]["window"] is None
    # an organizer's window of 0 days shuts the moment the results are published
    assert A.AppealRules.from_rules({**SHORT.rules, "appeal_window_days": 0}).window_days == 0


# ---- appeal_to / appeal_by in change_rules and the file ----------------------------------------------


@pytest.mark.parametrize(("key", "value"), [("appeal_to", "jury"), ("appeal_by", "captain"), ("appeal_to", "")])
def test_who_hears_and_who_lodges_an_appeal_are_the_bodies_the_rules_know(key: str, value: str) -> None:
    s = Session(SHORT)
    error = s.refused({"type": "change_rules", "rules": {key: value}}, 422, f"rules.{key}")
    assert error.detail["code"] == "rules.bad_value" and "must be one of" in error.error
    with pytest.raises(TournamentFileError) as info:
        tournament(rounds(1, kind="match", boards=24), preset="slovak-league", rules={key: value})
    assert info.value.field == f"rules.{key}" and "must be one of" in info.value.message


def test_the_organizer_may_have_the_players_appeal_to_a_committee_before_play() -> None:
    s = Session(SHORT)
    changed = s.do("change_rules", rules={"appeal_to": "committee", "appeal_by": "player"})
    assert changed.payload == {"rules": {"appeal_to": "committee", "appeal_by": "player"},
                               "was": {"appeal_to": "presidium", "appeal_by": "team"}}
    rules = A.AppealRules.from_rules(s.state.tournament.rules)
    assert (rules.to, rules.by) == ("committee", "player")
    s.do("publish_seating", item="m1")
    s.do("start_round", item="m1")
    # now a player appeals, and the team's fields are refused naming who lodges
    s.refused({"type": "appeal", "team": "t1", "item": "m1", "subject": "x", "captain": "J"}, 422, "captain",
            "appeal_by")
    assert s.do("appeal", player="t1p1", item="m1", subject="the ruling").type == E.APPEAL_LODGED


# ---- the player's page: the team's appeals ---------------------------------------------------------------


def test_the_players_page_shows_the_teams_appeals_with_their_state_only_with_the_session() -> None:
    s = finished()
    lodged = s.run(appeal("m1"))
    mine = me_section(s.state, "t1p2", private=True)["appeals"]
    assert (mine["by"], mine["to"], mine["team"]) == ("team", "presidium", "t1")
    assert mine["window"]["closes_on"] is not None
    (line,) = mine["appeals"]
    assert {k: line[k] for k in ("appeal", "item", "title", "subject", "state")} == {
        "appeal": lodged.seq, "item": "m1", "title": "Match 1", "subject": "the director's ruling on board 7",
        "state": "open"}
    assert line["due"] == lodged.ts + 28 * DAY and line["due_on"] == f"{s.t.local(line['due']):%Y-%m-%d}"
    assert "captain" not in line and "signed_by" not in line
    assert "appeals" not in me_section(s.state, "t1p2", private=False)  # who appealed: not for anyone's eyes
    assert me_section(s.state, "t2p1", private=True)["appeals"]["appeals"] == []  # another team's
    s.do("decide_appeal", appeal=lodged.seq, decision="upheld")
    (line,) = me_section(s.state, "t1p2", private=True)["appeals"]["appeals"]
    assert (line["state"], line["decision"], line["outcome"]) == ("decided", "upheld", "changed")
    assert "due" not in line


def test_the_cacak_requests_keep_their_shape_with_who_appeals() -> None:
    from helpers import preferans

    t = preferans(2, players=[{"id": f"p{k}", "name": f"Igrač {k}"} for k in range(1, 7)])
    view = me_section(Session(t).state, "p1", private=True)["appeals"]
    assert view == {"by": "player", "allowed": 3, "used": 0, "left": 3, "requests": []}
