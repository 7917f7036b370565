"""Team sheets and rosters of the bridge events (docs/rules/team-sheets.md): the pure rules
(live/rules/lineups.py, live/rules/rosters.py) with their edge cases, and the commands through
`live.commands.decide.decide` and `live.core.state.fold` (pure, fake clock): `lineup`, the roster checks of
`register_player`, their undo, the boards played and the Novi Sad individual ranking.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import MIN, SEC, T0, rounds, tournament
from support.lineups import NOVI_SAD, NOVI_SAD_PLAYERS, S1, T2, TEAMS5, VALID, break_signal, sheet, started
from support.results import Session

from live.core import events as E
from live.core.tournament import TournamentFileError
from live.projections.lineups import individual, played, referee_view
from live.projections.rosters import referee_view as rosters_view
from live.rules import lineups as L
from live.rules import rosters as R

TEAMS6 = [{"id": f"t{k}", "name": f"Tím {k}"} for k in range(1, 7)]
#: Two matches only: t2 plays t5 in m1 and t1 in m2, 24 boards in all (40 % → 10 boards).
NOVI_SAD_SHORT = tournament(rounds(2, kind="match", minutes=90, gap=15, boards=12), preset="novi-sad-teams",
                            teams=TEAMS5, players=NOVI_SAD_PLAYERS)
SLOVAK_PLAYERS = [{"id": f"{team}p{k}", "name": f"Hráč {team}p{k}", "team": team}
                  for team in ("t1", "t2", "t3", "t4", "t5", "t6") for k in range(1, 6)]
#: 24 boards a match: two parts of 12. Round 1: t1–t6, t2–t5, t3–t4.
SLOVAK = tournament(rounds(10, kind="match", minutes=240, gap=30, boards=24), preset="slovak-league",
                    teams=TEAMS6, players=SLOVAK_PLAYERS)

T5 = ["t5p1", "t5p2", "t5p3", "t5p4"]


# ---- the pure rules -------------------------------------------------------------------------------


@pytest.mark.parametrize(("boards", "parts", "each"), [
    (12, 2, (6, 6)), (40, 2, (20, 20)), (24, 2, (12, 12)), (36, 3, (12, 12, 12)), (13, 2, (7, 6)), (8, 1, (8,))])
def test_a_match_splits_into_parts_of_equal_boards(boards: int, parts: int, each: tuple[int, ...]) -> None:
    assert L.part_boards(boards, parts) == each
    assert L.part_boards(1, 2) == (1, 0)
    with pytest.raises(ValueError):
        L.part_boards(12, 0)


@pytest.mark.parametrize(("status", "breaks", "begun"), [
    ("scheduled", [], 0), ("held", [], 0), ("running", [], 1), ("paused", [], 1), ("running", [1], 2),
    ("running", [2], 1), ("running", [1, 2], 3), ("ended", [], 3)])
def test_a_part_begins_at_the_start_or_at_the_break_before_it(status: str, breaks: list[int], begun: int) -> None:
    assert L.begun(status, breaks, 3) == begun


def test_boards_played_follow_the_line_ups_substitutions_and_an_unchanged_part() -> None:
    director = L.Substitution(1, "p2", 4, player_in="p5")
    referee = L.Substitution(1, "p3", 3, substitute="Petar")
    # part 2 was not handed in: the table at the end of part 1 plays on (p5 for p2; p3 back after the substitute)
    assert L.sheet_line_ups([["p1", "p2", "p3", "p4"]], [director, referee], 2) == [
        ("p1", "p2", "p3", "p4"), ("p1", "p5", "p3", "p4")]
    assert L.boards_played([["p1", "p2", "p3", "p4"]], [director, referee], (12, 12), 2) == {
        "p1": 24, "p2": 8, "p3": 21, "p4": 24, "p5": 16}
    assert L.boards_played([["p1", "p2", "p3", "p4"]], [director], (12, 12), 1) == {
        "p1": 12, "p2": 8, "p3": 12, "p4": 12, "p5": 4}
    assert L.boards_played([], [], (12, 12), 2) == {}
    assert L.barred([director, referee], 2) == {2: {"p2"}}
    assert L.barred([L.Substitution(2, "p2", 4, player_in="p5")], 2) == {}  # no part after the last
    assert L.substitute_boards([director, referee, L.Substitution(2, "p1", 2, substitute="Ana")]) == 5


@pytest.mark.parametrize(("boards", "total", "percent", "eligible"), [
    (48, 120, 40, True),  # exactly 40 %: at least is enough
    (47, 120, 40, False),
    (39, 96, 40, True),  # 40.6 %
    (38, 96, 40, False),  # 39.6 %
    (0, 0, 40, False),  # no boards to play: nobody
    (1, 3, 33.3, True), (1, 3, 33.4, False),  # no float rounding either way
])
def test_the_individual_ranking_needs_at_least_the_share_of_the_boards(boards: int, total: int, percent: float,
                                                                       eligible: bool) -> None:
    assert L.eligible(boards, total, percent) is eligible


def test_the_boards_needed_are_the_share_rounded_up() -> None:
    assert [L.needed(total, 40) for total in (120, 96, 136, 24, 0)] == [48, 39, 55, 10, 0]
    assert L.percent_of(39, 96) == 40.6 and L.percent_of(1, 0) is None


def test_a_replacement_is_rated_at_most_the_average_of_the_members() -> None:
    members = [1400, 1500, 1600, 1500, None]  # the unrated member is left out: 1500
    assert R.average(members) == 1500
    assert R.rating_allowed(1500, members)  # equal to the average: not higher
    assert not R.rating_allowed(1500.5, members)
    assert R.rating_allowed(1499.99, [1499.99, 1500])
    assert not R.rating_allowed(0, [None, None])  # nothing to compare with
    assert R.shown(R.average([1, 2]) or 0) == 1.5 and R.shown(R.average([1, 3]) or 0) == 2


@pytest.mark.parametrize(("played_", "matches", "after"), [(3, 8, False), (4, 8, True), (5, 8, True), (2, 5, False),
                                                          (3, 5, True), (0, 0, False)])
def test_half_of_the_matches_is_at_or_after_half_of_the_teams_own(played_: int, matches: int, after: bool) -> None:
    assert R.after_half(played_, matches) is after


def test_a_roster_has_room_below_its_maximum() -> None:
    assert not R.roster_full(7, 8) and R.roster_full(8, 8) and not R.roster_full(50, None)
    assert R.over_full(["t1"] * 8 + ["t2"], 8) is None
    assert R.over_full(["t1"] * 4 + [None, "t2"] + ["t1"] * 5, 8) == (
        10, "t1 would have 9 members: a roster has at most 8 (Slovak §17.1)")


# ---- the lineup command -----------------------------------------------------------------------------


def test_a_line_up_changes_freely_before_its_part_begins_and_then_stands() -> None:
    s = Session(NOVI_SAD)
    s.do("publish_seating", item="m1")
    first = s.run(sheet("t2", T2))
    assert first.payload == {"item": "m1", "team": "t2", "parts": [T2], "substitutions": [], "fixes": []}
    s.run(sheet("t2", ["ba", "bb", "bc", "be"]))  # the captain changed his mind before the match
    s.do("start_round", item="m1")
    # the first sheet after the start is the one the match began with: it may still differ, then it stands
    fixing = s.run(sheet("t2", T2, ["ba", "bb", "bc", "be"]))
    assert fixing.payload["fixes"] == [1]
    assert list(s.state.lineups["m1"]["t2"].fixed) == [1]
    s.refused(sheet("t2", ["ba", "bb", "bc", "bf"]), 409, "parts", "changes_at_breaks", "part 1 of m1 is under way")
    s.refused(sheet("t2", T2, ["ba", "bb", "bc", "be"]), 422, "parts", words="already entered")
    s.run(sheet("t2", T2, ["ba", "bb", "bc", "bf"]))  # part 2 has not begun: still the captain's to change
    break_signal(s)
    at_break = s.run(sheet("t2", T2, ["ba", "bb", "bd", "bf"]))  # handed in at half-time
    assert at_break.payload["fixes"] == [1, 2]
    s.refused(sheet("t2", T2, ["ba", "bb", "bc", "bf"]), 409, "parts", "changes_at_breaks", "part 2 of m1")
    s.refused(sheet("t2", T2), 409, "parts", "changes_at_breaks")  # nor dropped
    s.do("end_round", item="m1")
    assert played(s.state) == {"ba": {"m1": 12}, "bb": {"m1": 12}, "bc": {"m1": 6}, "bd": {"m1": 12}, "bf": {"m1": 6}}


def test_a_roster_of_exactly_as_many_members_as_seats_is_offered_its_whole_sheet() -> None:
    s = Session(NOVI_SAD)
    s.do("publish_seating", item="m1")
    teams = (referee_view(s.state) or {})["matches"]["m1"]["teams"]
    assert teams["t5"]["forced"] == [T5, T5], "four members, four seats: both halves"
    assert teams["t2"]["forced"] is None, "six members: the captain chooses"
    s.run(sheet("t5", *teams["t5"]["forced"]))  # the console's one tap: the server takes it as it is
    assert (referee_view(s.state) or {})["matches"]["m1"]["teams"]["t5"]["forced"] is None, "entered: not offered"
    other = Session(NOVI_SAD)
    other.do("publish_seating", item="m1")
    other.do("withdraw_player", player="t5p4", reason="ill")
    assert (referee_view(other.state) or {})["matches"]["m1"]["teams"]["t5"]["forced"] is None, "three: no choice"


def test_a_sheet_handed_in_after_the_match_is_recorded_once() -> None:
    s = started()
    s.do("end_round", item="m1")
    s.run(sheet("t5", T5))  # the paper sheet typed in afterwards: part 2 continued unchanged
    assert played(s.state)["t5p1"] == {"m1": 12}
    s.run(sheet("t5", T5, ["t5p1", "t5p2", "t5p3", "t5p4"]))  # confirming part 2 fixes it
    assert list(s.state.lineups["m1"]["t5"].fixed) == [1, 2]
    s.refused(sheet("t5", T5, T5), 422, "parts", words="already entered")


def test_the_undo_of_a_line_up_brings_back_the_sheet_before_it() -> None:
    s = started()
    first = s.run(sheet("t2", T2))
    s.run(sheet("t2", T2, ["ba", "bb", "bc", "be"]))
    last = s.run(sheet("t2", T2, ["ba", "bb", "bc", "bf"]))
    s.do("undo", seq=last.seq)
    assert s.state.lineups["m1"]["t2"].body.parts == [T2, ["ba", "bb", "bc", "be"]]
    s.do("undo")
    s.do("undo", seq=first.seq)
    assert "t2" not in s.state.lineups.get("m1", {})
    s.run(sheet("t2", ["ba", "bb", "be", "bf"]))  # nothing fixed any more: the corrected sheet goes in
    assert list(s.state.lineups["m1"]["t2"].fixed) == [1]


def test_a_referee_substitute_plays_at_most_three_boards_of_a_match() -> None:
    s = started()
    break_signal(s)
    three = [{"part": 1, "out": "bb", "substitute": "Petar Petrović", "boards": 2},
             {"part": 2, "out": "bc", "substitute": "Petar Petrović", "boards": 1}]
    s.run(sheet("t2", T2, T2, subs=three))
    assert played(s.state)["bb"] == {"m1": 10} and played(s.state)["bc"] == {"m1": 11}
    assert referee_view(s.state)["matches"]["m1"]["teams"]["t2"]["substitute_boards_left"] == 0
    fourth = [*three, {"part": 2, "out": "bd", "substitute": "Petar Petrović", "boards": 1}]
    error = s.refused(sheet("t2", T2, T2, subs=fourth), 422, "substitutions", "substitute_max_boards",
                    "would play 4 boards")
    assert error.detail["allowed"] == 3
    s.refused(sheet("t5", T5, subs=[{"part": 1, "out": "t5p1", "substitute": "Ana", "boards": 4}]), 422,
            "substitutions", "substitute_max_boards")
    # the substitution recorded stands like its part
    s.refused(sheet("t2", T2, T2, subs=three[:1]), 409, "substitutions", "changes_at_breaks")


@pytest.mark.parametrize(("command", "status", "field", "words"), [
    (sheet("t2", ["ba", "bb", "bc"]), 422, "parts", "part 1 must list 4 players"),
    (sheet("t2", ["ba", "bb", "bc", "ba"]), 422, "parts", "lists ba twice"),
    (sheet("t2", ["ba", "bb", "bc", "t5p1"]), 422, "parts", "t5p1 Player t5p1 plays for t5"),
    (sheet("t2", ["ba", "bb", "bc", "zz"]), 422, "parts", "no player has the id 'zz'"),
    (sheet("t2", T2, T2, T2), 422, "parts", "1 to 2 lists"),
    ({"type": "lineup", "item": "m1", "team": "t2", "parts": []}, 422, "parts", "1 to 2 lists"),
    ({"type": "lineup", "item": "m1", "team": "t2", "parts": "ba bb"}, 422, "parts", ""),
    (sheet("t1", T2), 422, "team", "t1 has no match in m1: it has the bye"),
    (sheet("t9", T2), 422, "team", "no team has the id 't9'"),
    (sheet("t2", T2, item_="x1"), 422, "item", "no round or match"),
    (sheet("t2", T2, subs=[{"part": 2, "out": "ba", "substitute": "Ana", "boards": 1}]), 422, "substitutions",
     "must be a part of this sheet"),
    (sheet("t2", T2, T2, subs=[{"part": 2, "out": "ba", "substitute": "Ana", "boards": 1}]), 409, "substitutions",
     "part 2 has not begun"),
    (sheet("t2", T2, subs=[{"part": 1, "out": "be", "substitute": "Ana", "boards": 1}]), 422, "substitutions",
     "a player of part 1's line-up"),
    (sheet("t2", T2, subs=[{"part": 1, "out": "ba", "substitute": "Ana", "boards": 6}]), 422, "substitutions",
     "must be 1–5"),
    (sheet("t2", T2, subs=[{"part": 1, "out": "ba", "boards": 1}]), 422, "substitutions", "names who came in"),
    (sheet("t2", T2, subs=[{"part": 1, "out": "ba", "substitute": " ", "boards": 1}]), 422, "substitutions", ""),
    (sheet("t2", T2, subs=[{"part": 1, "out": "ba", "sub": "Ana", "boards": 1}]), 422, "substitutions", "no field"),
    (sheet("t2", T2, subs=[{"part": 1, "out": "ba", "in": "be", "boards": 1}]), 422, "substitutions",
     "players change at half-time"),
    ({"type": "lineup", "item": "m1", "team": "t2", "parts": [T2], "substitutions": {}}, 422, "substitutions", ""),
])
def test_bad_line_ups_are_refused_naming_the_field(command: dict[str, Any], status: int, field: str,
                                                   words: str) -> None:
    started().refused(command, status, field, words=words)


def test_no_sheet_for_a_forfeited_match_or_a_final_not_yet_seated_or_in_preferans() -> None:
    s = started()
    s.do("forfeit", item="m1", team="t5")
    s.refused(sheet("t2", T2), 409, "team", words="forfeited")
    Session(NOVI_SAD).refused(sheet("t2", T2, item_="m11"), 409, "item", words="publish its seating")
    preferans = Session(tournament(rounds(1), players=[{"id": "p1", "name": "Ana"}]))
    assert preferans.refuse(sheet("t2", T2, item_="r1")).detail == {"field": "type", "code": "rules.no_sheets"}


def test_a_forfeit_entered_after_the_sheet_takes_its_boards_away() -> None:
    s = Session(NOVI_SAD)
    s.do("publish_seating", item="m1")
    s.run(sheet("t2", T2))
    s.do("start_round", item="m1")
    assert played(s.state)["ba"] == {"m1": 6}
    s.do("forfeit", item="m1", team="t5")
    assert played(s.state) == {}


# ---- Slovak: the director's substitution and the roster (§17, §27.5) --------------------------------


def test_a_player_replaced_during_a_part_may_not_play_the_next() -> None:
    s = started(SLOVAK)
    swap = [{"part": 1, "out": "t1p2", "in": "t1p5", "boards": 5}]
    s.run(sheet("t1", S1, subs=swap))
    break_signal(s)
    error = s.refused(sheet("t1", S1, ["t1p1", "t1p2", "t1p3", "t1p5"], subs=swap), 422, "parts",
                    "replaced_sits_out", "t1p2 was replaced during part 1 and may not play part 2")
    assert "§27.5" in error.error and error.detail["part"] == 2
    # not handed in, part 2 goes on with the table at the end of part 1: t1p5 for t1p2
    assert referee_view(s.state)["matches"]["m1"]["teams"]["t1"]["line_ups"][1] == ["t1p1", "t1p5", "t1p3", "t1p4"]
    assert referee_view(s.state)["matches"]["m1"]["teams"]["t1"]["barred"] == {"2": ["t1p2"]}
    s.run(sheet("t1", S1, ["t1p1", "t1p5", "t1p3", "t1p4"], subs=swap))
    s.refused(sheet("t1", S1, ["t1p1", "t1p5", "t1p3", "t1p4"],
                     subs=[*swap, {"part": 2, "out": "t1p1", "in": "t1p2", "boards": 2}]), 422, "parts",
            "replaced_sits_out")
    s.do("end_round", item="m1")
    assert {p: m["m1"] for p, m in played(s.state).items() if p.startswith("t1")} == {
        "t1p1": 24, "t1p2": 7, "t1p3": 24, "t1p4": 24, "t1p5": 17}


def test_a_player_replaced_at_a_break_may_play_the_part_after_next() -> None:
    s = started(SLOVAK)
    break_signal(s)
    s.run(sheet("t1", S1, ["t1p1", "t1p2", "t1p3", "t1p5"]))  # t1p4 replaced at the break: nothing barred
    assert referee_view(s.state)["matches"]["m1"]["teams"]["t1"]["barred"] == {}


def test_the_slovak_league_has_no_referee_substitute() -> None:
    s = started(SLOVAK)
    s.refused(sheet("t1", S1, subs=[{"part": 1, "out": "t1p2", "substitute": "Ján", "boards": 2}]), 422,
            "substitutions", "substitute_max_boards", "§17")


def test_a_roster_has_at_most_eight_members_the_ninth_is_refused() -> None:
    s = Session(SLOVAK)
    s.do("register_player", team="t1", name="Nový hráč 6")
    for k in (7, 8):  # (§27.1: beyond the six of the basic line-up, substitutes)
        s.do("register_player", team="t1", name=f"Nový hráč {k}", substitute=True)
    error = s.refused({"type": "register_player", "team": "t1", "name": "Deviaty hráč"}, 409, "team", "roster_max",
                    "t1 has 8 members")
    assert "§17.1" in error.error
    assert rosters_view(s.state)["t1"]["room"] is False
    assert rosters_view(s.state)["t2"]["room"] is True


def test_a_tournament_file_with_nine_members_is_refused_by_line() -> None:
    players = [{"id": f"p{k}", "name": f"Hráč {k}", "team": "t1"} for k in range(1, 10)]
    with pytest.raises(TournamentFileError) as info:
        tournament(rounds(1, kind="match", boards=24), preset="slovak-league", teams=TEAMS6, players=players)
    assert info.value.field == "players[9].team" and "at most 8" in info.value.message


def test_the_fifth_member_is_added_before_a_match_not_during_it() -> None:
    s = started(SLOVAK)
    s.refused({"type": "register_player", "team": "t1", "name": "Neskorý hráč"}, 409, "team", "added_before_match",
            "m1 is being played")
    s.do("end_round", item="m1")
    new = s.do("register_player", team="t1", name="Neskorý hráč")  # for m2
    assert new.payload["team"] == "t1"


def test_a_player_who_played_for_another_team_is_not_added_to_this_one() -> None:
    s = started(SLOVAK)
    s.run(sheet("t1", S1))
    s.do("end_round", item="m1")
    error = s.refused({"type": "register_player", "team": "t2", "name": "hráč T1P1"}, 409, "name", "one_team",
                    "has played 24 boards for it")
    assert "§17.3" in error.error and error.detail["player"] == "t1p1"
    # one who has not played is refused too, by the same rule, without the boards
    error = s.refused({"type": "register_player", "team": "t2", "name": "Hráč t1p5"}, 409, "name", "one_team")
    assert error.detail["boards"] == 0 and "§17.3" not in error.error and "§17.4" in error.error


def test_undoing_a_registration_on_a_sheet_is_refused() -> None:
    s = Session(SLOVAK)
    new = s.do("register_player", team="t1", name="Nový hráč")
    s.do("publish_seating", item="m1")
    s.run(sheet("t1", ["t1p1", "t1p2", "t1p3", new.payload["player"]]))
    error = s.refuse({"type": "undo", "seq": new.seq})
    assert error.status == 409 and "is on t1's sheet of m1" in error.error


# ---- Novi Sad: the replacement after half of the matches ---------------------------------------------


def after_half() -> Session:
    """Rounds 1–5 played: t1 (bye in round 1) has played 4 of its 8 matches."""
    s = Session(NOVI_SAD)
    for n in range(1, 6):
        s.do("publish_seating", item=f"m{n}")
        s.do("start_round", item=f"m{n}")
        s.do("end_round", item=f"m{n}")
    return s


def test_a_team_is_extended_until_half_of_its_matches() -> None:
    s = Session(NOVI_SAD)
    for n in range(1, 5):  # rounds 1–4: t1 has played 3
        s.do("publish_seating", item=f"m{n}")
        s.do("start_round", item=f"m{n}")
        s.do("end_round", item=f"m{n}")
    s.refused({"type": "register_player", "team": "t1", "name": "Novi", "rating": 1000, "replaces": "a1"}, 409,
            "replaces", "replacements_after_half", "t1 has played 3 of its 8 matches")
    s.do("register_player", team="t1", name="Novi", rating=1900)  # an extension: no rating rule
    assert rosters_view(s.state)["t1"]["replacement"]["open"] is False


def test_after_half_one_player_is_replaced_by_one_rated_at_most_the_average() -> None:
    s = after_half()
    view = rosters_view(s.state)["t1"]["replacement"]
    assert view == {"after_half": True, "played": 4, "matches": 8, "allowed": 1, "used": 0, "open": True,
                    "average": 1500}
    s.refused({"type": "register_player", "team": "t1", "name": "Novi"}, 409, "replaces",
            "replacements_after_half", "t1 has played 4 of its 8 matches")
    s.refused({"type": "register_player", "team": "t1", "name": "Novi", "rating": 1500.5, "replaces": "a3"}, 409,
            "rating", "replacement_rating", "higher than the average of t1's members, 1500")
    s.refused({"type": "register_player", "team": "t1", "name": "Novi", "replaces": "a3"}, 422, "rating",
            "replacement_rating")
    s.refused({"type": "register_player", "team": "t1", "name": "Novi", "rating": 1500, "replaces": "ba"}, 422,
            "replaces")
    new = s.do("register_player", team="t1", name="Novi", rating=1500, replaces="a3")  # equal: not higher
    assert new.payload["replaces"] == "a3" and new.payload["average"] == 1500
    plan = s.state.tournament
    assert plan.player("a3").withdrawn and plan.player(new.payload["player"]).rating == 1500
    s.refused({"type": "register_player", "team": "t1", "name": "Drugi", "rating": 1000, "replaces": "a1"}, 409,
            "replaces", "replacements_after_half", "replaced 1 player already")
    s.do("undo", seq=new.seq)
    assert not s.state.tournament.player("a3").withdrawn


def test_a_replacement_needs_rated_members_and_the_rating_is_a_number() -> None:
    s = after_half()
    s.refused({"type": "register_player", "team": "t2", "name": "Novi", "rating": 1000, "replaces": "ba"}, 409,
            "rating", "replacement_rating", "no member of t2 has a club rating")
    s.refused({"type": "register_player", "team": "t2", "name": "Novi", "rating": "high"}, 422, "rating")
    s.refused({"type": "update_player", "player": "ba", "rating": -1}, 422, "rating")
    s.do("update_player", player="ba", rating=1200)
    assert s.state.tournament.player("ba").rating == 1200
    s.do("update_player", player="ba", rating=None)
    assert s.state.tournament.player("ba").rating is None


def test_the_slovak_league_has_no_replacement_field() -> None:
    Session(SLOVAK).refused({"type": "register_player", "team": "t1", "name": "Nový", "replaces": "t1p1"}, 422,
            "replaces")


# ---- Novi Sad: the boards and the final individual ranking --------------------------------------------


def test_the_individual_ranking_lists_the_players_with_forty_percent_of_their_teams_boards() -> None:
    s = Session(NOVI_SAD_SHORT)
    s.do("publish_seating", item="m1")
    s.do("start_round", item="m1")
    break_signal(s)
    s.run(sheet("t2", ["ba", "bb", "bc", "bd"], ["ba", "be", "bc", "bd"],
                subs=[{"part": 2, "out": "ba", "substitute": "Petar", "boards": 2}]))
    s.do("end_round", item="m1")
    s.do("publish_seating", item="m2")
    s.do("start_round", item="m2")
    s.do("end_round", item="m2")
    s.run(sheet("t2", ["bb", "bc", "bd", "be"], ["bf", "bc", "bd", "be"], item_="m2",
                subs=[{"part": 1, "out": "bb", "substitute": "Jovan", "boards": 3}]))
    ranking = individual(s.state)
    assert ranking is not None and ranking["percent"] == 40
    team = next(x for x in ranking["teams"] if x["team"] == "t2")
    assert (team["boards"], team["needed"]) == (24, 10)
    rows = {p["player"]: (p["boards"], p["eligible"], p["still_needed"]) for p in team["players"]}
    assert rows == {"ba": (10, True, 0), "bb": (9, False, 1), "bc": (24, True, 0), "bd": (24, True, 0),
                    "be": (18, True, 0), "bf": (6, False, 4)}
    assert [(x["player"], x["rank"]) for x in ranking["ranking"] if x["team"] == "t2"] == [
        ("ba", team["rank"]), ("bc", team["rank"]), ("bd", team["rank"]), ("be", team["rank"])]
    assert individual(Session(SLOVAK).state) is None


# ---- every command's valid case (test_commands.py collects them) ----------------------------------------

SETUPS = {"novi-sad m1 running": lambda: started(), "slovak m1 running": lambda: started(SLOVAK)}


@pytest.mark.parametrize(("setup", "command", "kind", "payload"), [c[1:] for c in VALID], ids=[c[0] for c in VALID])
def test_a_valid_sheet_becomes_its_event(setup: str, command: dict[str, Any], kind: str,
                                         payload: dict[str, Any]) -> None:
    event = SETUPS[setup]().run(command)
    assert (event.type, event.payload) == (kind, payload)


# ---- GET /api/individual ----------------------------------------------------------------------------------


def test_the_individual_ranking_endpoint_is_public_hidden_with_the_standings_and_absent_elsewhere() -> None:
    from starlette.testclient import TestClient

    from live.edges.hall import Hall
    from live.edges.log.memory import MemoryLog
    from live.edges.web.app import create_app

    hidden = tournament(rounds(2, kind="match", minutes=90, gap=15, boards=12), preset="novi-sad-teams",
                        teams=TEAMS5, players=NOVI_SAD_PLAYERS, rules={"standings_hidden_from_round": 2})
    token = {"Authorization": "Bearer sheets-token"}
    for t in (hidden, SLOVAK):
        hall = Hall(t, MemoryLog(tournament_name=t.name), run_scheduler=False, clock=lambda: T0)
        with TestClient(create_app(hall, "sheets-token")) as http:
            if t is SLOVAK:
                answer = http.get("/api/individual")
                assert answer.status_code == 404 and "no individual ranking" in answer.json()["error"]
                continue
            for body in ({"type": "publish_seating", "item": "m1"}, sheet("t2", T2), {"type": "start_round",
                                                                                      "item": "m1"}):
                assert http.post("/api/commands", json=body, headers=token).status_code == 200
            body = http.get("/api/individual").json()
            team = next(x for x in body["teams"] if x["team"] == "t2")
            assert (team["boards"], team["needed"]) == (24, 10)
            assert {p["player"]: p["boards"] for p in team["players"]}["ba"] == 6
            for command in ({"type": "end_round", "item": "m1"}, {"type": "publish_seating", "item": "m2"},
                            {"type": "start_round", "item": "m2"}):
                assert http.post("/api/commands", json=command, headers=token).status_code == 200
            assert http.get("/api/individual").status_code == 403  # the ranking tells the standings
            assert http.get("/api/individual", headers=token).status_code == 200


# ---- the tournament file ------------------------------------------------------------------------------


def test_a_rating_is_a_players_field_in_the_file_and_the_recorded_plan() -> None:
    from live.core.plan import player_from_json, player_json

    a1 = NOVI_SAD.player("a1")
    assert a1 is not None and a1.rating == 1400 and NOVI_SAD.player("ba").rating is None  # type: ignore[union-attr]
    assert player_from_json(player_json(a1)) == a1
    for bad in (-1, 1e9, "1500"):
        with pytest.raises(TournamentFileError) as info:
            tournament(rounds(1, kind="match", boards=12), preset="novi-sad-teams", teams=TEAMS5,
                       players=[{"id": "x", "name": "X", "team": "t1", "rating": bad}])
        assert info.value.field == "players[1].rating"


@pytest.mark.parametrize("value", [0, 101, 400])
def test_the_individual_share_is_a_percentage(value: int) -> None:
    with pytest.raises(TournamentFileError) as info:
        tournament(rounds(1, kind="match", boards=12), preset="novi-sad-teams", teams=TEAMS5,
                   rules={"individual_min_percent": value})
    assert info.value.field == "rules.individual_min_percent" and "percentage" in info.value.message


def test_a_rating_edited_in_the_file_is_an_update_player() -> None:
    from live.commands.plan_diff import Difference, differences
    from live.core.state import State

    players = [{**p, "rating": 1550} if p["id"] == "a2" else p for p in NOVI_SAD_PLAYERS]
    edited = tournament(rounds(2, kind="match", minutes=90, gap=15, boards=12), preset="novi-sad-teams",
                        teams=TEAMS5, players=players)
    assert differences(NOVI_SAD_SHORT, State.initial(NOVI_SAD_SHORT), edited) == [
        Difference("player a2 rated 1550", {"type": "update_player", "player": "a2", "rating": 1550})]


def test_no_boards_against_a_team_that_has_withdrawn() -> None:
    s = Session(NOVI_SAD)
    s.do("publish_seating", item="m1")
    s.run(sheet("t2", T2))
    s.do("withdraw", team="t5", reason="gone home")
    s.refused(sheet("t2", T2, T2), 409, "team", words="t5 has withdrawn")
    s.refused(sheet("t5", T5), 409, "team", words="t5 has withdrawn")
    s.do("start_round", item="m1")
    assert "ba" not in played(s.state)
    team = next(x for x in individual(s.state)["teams"] if x["team"] == "t2")  # type: ignore[index]
    assert team["boards"] == 72  # its 8 league matches (the final not seated), less the two against t5


# ---- boards removed for lateness (Slovak §18 / §27.2) ------------------------------------------------


@pytest.mark.parametrize(("removed", "each"), [
    (0, (12, 12)), (2, (10, 12)), (12, (0, 12)), (14, (0, 10)), (24, (0, 0)), (30, (0, 0))])
def test_boards_removed_for_lateness_are_the_first_ones(removed: int, each: tuple[int, ...]) -> None:
    assert L.played_part_boards((12, 12), removed) == each
    with pytest.raises(ValueError):
        L.played_part_boards((12, 12), -1)


#: One Slovak match of 24 boards (two parts of 12), t1–t6, with the Novi Sad individual ranking and a referee's
#: substitute besides the director's substitution: the 40 % and the substitute's boards count what was played.
SLOVAK_40 = tournament(rounds(1, kind="match", minutes=240, boards=24), preset="slovak-league", teams=TEAMS6,
                       players=SLOVAK_PLAYERS, rules={"individual_min_percent": 40, "substitute_max_boards": 3})
S6 = ["t6p1", "t6p2", "t6p3", "t6p4"]


def slovak_late(minutes: float) -> Session:
    """m1 started on time; t6 complete at the start, t1 `minutes` late (a started 15 minutes: 2 boards)."""
    s = Session(SLOVAK_40)
    s.do("publish_seating", item="m1")
    s.do("check_in", team="t6", item="m1")  # (a second late would be a started 15 minutes too)
    s.now = T0 - SEC
    s.do("start_round", item="m1")
    s.now = T0 + round(minutes * MIN) - SEC
    s.do("check_in", team="t1", item="m1")
    return s


def test_boards_removed_for_lateness_are_not_played_by_either_team_and_the_40_percent_counts_that() -> None:
    s = slovak_late(10)
    assert referee_view(s.state)["matches"]["m1"]["teams"]["t1"]["boards_removed"] == 2
    assert referee_view(s.state)["matches"]["m1"]["teams"]["t6"]["boards_removed"] == 2
    # part 1 had 10 boards: a substitution in it is of at most 9 (with none removed, 11)
    s.refused(sheet("t1", S1, subs=[{"part": 1, "out": "t1p4", "in": "t1p5", "boards": 10}]), 422,
            "substitutions", words="must be 1–9")
    subs = [{"part": 1, "out": "t1p4", "in": "t1p5", "boards": 1},
            {"part": 1, "out": "t1p3", "substitute": "Ján", "boards": 2}]
    s.run(sheet("t1", S1, subs=subs))
    s.run(sheet("t6", S6))
    break_signal(s)
    s.run(sheet("t1", S1, ["t1p1", "t1p2", "t1p3", "t1p5"], subs=subs))
    s.do("end_round", item="m1")
    counts = {p: m["m1"] for p, m in played(s.state).items()}
    assert counts == {"t1p1": 22, "t1p2": 22, "t1p3": 20, "t1p4": 9, "t1p5": 13,
                      "t6p1": 22, "t6p2": 22, "t6p3": 22, "t6p4": 22}
    ranking = individual(s.state)
    assert ranking is not None
    team = next(x for x in ranking["teams"] if x["team"] == "t1")
    # 40 % of the 22 boards played is 8.8: 9 boards count (40.9 %), 8 would not (36.4 %)
    assert (team["boards"], team["needed"]) == (22, 9)
    rows = {p["player"]: (p["boards"], p["percent"], p["eligible"]) for p in team["players"]}
    assert rows["t1p4"] == (9, 40.9, True)
    assert next(x for x in ranking["teams"] if x["team"] == "t6")["boards"] == 22
    from live.projections.lineups import player_view
    assert player_view(s.state, "t1p4") == {"played": 9, "of": 22, "percent": 40.9, "min_percent": 40,
                                            "needed": 9, "eligible": True}


def test_one_board_fewer_than_the_share_is_not_eligible_and_the_undone_check_in_gives_the_boards_back() -> None:
    s = slovak_late(10)
    subs = [{"part": 1, "out": "t1p4", "in": "t1p5", "boards": 2}]
    s.run(sheet("t1", S1, subs=subs))
    break_signal(s)
    s.run(sheet("t1", S1, ["t1p1", "t1p2", "t1p3", "t1p5"], subs=subs))
    s.do("end_round", item="m1")
    from live.projections.lineups import player_view
    assert player_view(s.state, "t1p4") == {"played": 8, "of": 22, "percent": 36.4, "min_percent": 40,
                                            "needed": 9, "eligible": False}
    # the check-in entered as at 10 minutes late was a mistake: undone, nothing is removed (10 of 24)
    check_in = next(x for x in s.state.commands if x["type"] == E.CHECKED_IN and x["payload"].get("team") == "t1")
    s.do("undo", seq=check_in["seq"])
    assert player_view(s.state, "t1p4") == {"played": 10, "of": 24, "percent": 41.7, "min_percent": 40,
                                            "needed": 10, "eligible": True}


@pytest.mark.parametrize(("minutes", "removed"), [(0, 0), (14.99, 2), (15.01, 4), (29.99, 4), (30.01, 6)])
def test_every_started_15_minutes_removes_two_boards_of_the_match(minutes: float, removed: int) -> None:
    from live.projections.lineups import removed_boards
    assert removed_boards(slovak_late(minutes).state, "m1", ("t1", "t6")) == removed


def test_novi_sad_removes_no_boards_and_each_preset_offers_the_substitutions_its_command_takes() -> None:
    from live.projections.lineups import removed_boards, substitution_kinds
    s = started()
    assert removed_boards(s.state, "m1", ("t2", "t5")) == 0
    assert substitution_kinds(NOVI_SAD) == ["substitute"] and referee_view(s.state)["substitution_kinds"] == [
        "substitute"]
    assert substitution_kinds(SLOVAK) == ["member"]
    assert substitution_kinds(SLOVAK_40) == ["substitute", "member"]
