"""Team-match scoring and standings: docs/rules/novi-sad.md (Novi Sad teams) and docs/rules/slovak-league.md (Slovak
league)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from live.rules.bridge import (
    BYE,
    FORFEIT_LOST,
    FORFEIT_WON,
    NOVI_SAD_TIEBREAKS,
    PLAYED,
    SLOVAK_TIEBREAKS,
    Fixture,
    MatchResult,
    Penalty,
    Score,
    StandingRow,
    average_vp,
    average_vp_against,
    disqualified,
    final_carry_over,
    final_winner,
    match_vp,
    novi_sad_bye,
    novi_sad_forfeit,
    novi_sad_withdrawal,
    score_match,
    slovak_bye,
    slovak_unplayed,
    slovak_withdrawal,
    standings,
)
from live.rules.presets import PRESETS

D = Decimal


def pair(rnd: int, home: str, away: str, vp_home: float, vp_away: float, imps_home: int = 0, imps_away: int = 0,
         ) -> list[Score]:
    """Both lines of a played match with the VP given directly (to build exact standings cases)."""
    return [
        Score(rnd, home, away, D(str(vp_home)), D(imps_home), D(imps_away)),
        Score(rnd, away, home, D(str(vp_away)), D(imps_away), D(imps_home)),
    ]


def played(rnd: int, team: str, vp: float, opponent: str = "X") -> Score:
    return Score(rnd, team, opponent, D(str(vp)))


def order(rows: tuple[StandingRow, ...]) -> list[tuple[int, str, str]]:
    return [(r.rank, r.team, r.decided_by) for r in rows]


# ---- the presets carry the numbers ------------------------------------------------------


# docs/rules/novi-sad.md#scoring, docs/rules/slovak-league.md#vp-table
def test_presets_have_the_scoring_parameters() -> None:
    ns, sk = PRESETS["novi-sad-teams"], PRESETS["slovak-league"]
    assert (ns["vp_scale"], ns["bye_vp"], ns["forfeit_vp"], ns["forfeit_guilty_vp"], ns["max_forfeits"]) == (
        "wbf", 12.0, 12.0, 0.0, 2)
    assert ns["standings_tiebreaks"] == ["h2h_vp", "imp_diff"] == list(NOVI_SAD_TIEBREAKS)
    assert (sk["vp_scale"], sk["bye_bonus"], sk["forfeit_guilty_vp"], sk["unplayed_complement"]) == (
        "slovak25", 0.2, 5.0, 25.0)
    assert sk["standings_tiebreaks"] == ["h2h_vp", "imp_diff", "h2h_imp_diff"] == list(SLOVAK_TIEBREAKS)


# ---- played matches ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scale", "boards", "imps", "expected"),
    [
        pytest.param("wbf", 12, (30, 25), ("11.70", "8.30"), id="rules2-wbf-12-boards-plus-5"),
        pytest.param("wbf", 12, (12, 46), ("2.00", "18.00"), id="rules2-wbf-away-by-34"),
        pytest.param("wbf", 12, (0, 0), ("10.00", "10.00"), id="rules2-wbf-draw"),
        pytest.param("slovak25", 24, (43, 40), ("15", "15"), id="rules3-24-boards-3-imp-draw"),
        pytest.param("slovak25", 24, (50, 41), ("16", "14"), id="rules3-24-boards-9"),
        pytest.param("slovak25", 24, (0, 90), ("0", "25"), id="rules3-24-boards-blitz"),
    ],
)
def test_a_played_match(scale: str, boards: int, imps: tuple[int, int], expected: tuple[str, str]) -> None:
    match = MatchResult(3, "A", "B", imps[0], imps[1], boards)
    assert match_vp(match, scale) == (D(expected[0]), D(expected[1]))
    home, away = score_match(match, scale)
    assert (home.team, home.opponent, home.vp, home.imps_for, home.imps_against, home.kind) == (
        "A", "B", D(expected[0]), imps[0], imps[1], PLAYED)
    assert (away.team, away.opponent, away.vp, away.imps_for, away.imps_against) == (
        "B", "A", D(expected[1]), imps[1], imps[0])
    assert home.imp_diff == -away.imp_diff


def test_bad_matches_are_refused() -> None:
    with pytest.raises(ValueError, match="cannot play itself"):
        MatchResult(1, "A", "A", 1, 0, 12)
    with pytest.raises(ValueError, match="at least one board"):
        MatchResult(1, "A", "B", 1, 0, 0)
    with pytest.raises(ValueError, match="not negative"):
        MatchResult(1, "A", "B", -1, 0, 12)
    with pytest.raises(ValueError, match="no column for 30 boards"):
        score_match(MatchResult(1, "A", "B", 1, 0, 30), "slovak25")


# ---- byes -------------------------------------------------------------------------------


def test_novi_sad_bye_is_12_vp() -> None:  # docs/rules/novi-sad.md#bye
    bye = novi_sad_bye("E", 4)
    assert (bye.round, bye.team, bye.opponent, bye.vp, bye.imp_diff, bye.kind) == (4, "E", None, 12, 0, BYE)
    assert novi_sad_bye("E", 4, bye_vp=10).vp == 10


@pytest.mark.parametrize(
    ("boards", "imps"),
    [
        pytest.param(32, 22, id="rules3-bye-32-boards-18-vp-plus-22"),
        pytest.param(24, 19, id="rules3-bye-24-boards-top-of-15-19"),
        pytest.param(8, 11, id="rules3-bye-8-boards-top-of-9-11"),
        pytest.param(48, 28, id="rules3-bye-48-boards-top-of-21-28"),
    ],
)
def test_slovak_bye_is_a_draw_plus_20_percent_with_imps_at_the_top_of_the_band(boards: int, imps: int) -> None:
    bye = slovak_bye("F", 2, boards)
    assert (bye.vp, bye.imps_for, bye.imps_against, bye.kind, bye.opponent) == (18, imps, 0, BYE, None)


# ---- Novi Sad forfeits (docs/rules/novi-sad.md#forfeit) ----------------------------------------


def test_forfeit_in_round_1_gives_12_and_0() -> None:  # docs/rules/novi-sad.md#forfeit: no average yet
    won, lost = novi_sad_forfeit(1, "A", "B", [])
    assert (won.team, won.opponent, won.vp, won.kind) == ("A", "B", 12, FORFEIT_WON)
    assert (lost.team, lost.opponent, lost.vp, lost.kind) == ("B", "A", 0, FORFEIT_LOST)
    assert won.imp_diff == lost.imp_diff == 0


@pytest.mark.parametrize(
    ("history", "expected", "why"),
    [
        pytest.param([played(1, "A", 16.18), played(2, "A", 17.08)], "16.63", "own average",
                     id="rules2-own-average-beats-12"),
        pytest.param([played(1, "A", 14), played(2, "A", 14), played(1, "B", 3.82), played(2, "B", 5.54)],
                     "15.32", "20 − opponent's average", id="rules2-20-minus-opponent-average"),
        pytest.param([played(1, "A", 9.5), played(2, "B", 11)], "12.0", "12.0 VP", id="rules2-12-is-the-floor"),
        pytest.param([played(1, "A", 10.36), played(2, "A", 10.36), played(3, "A", 13.37)], "12", "12.0 VP",
                     id="rules2-average-11.36-below-12"),
        pytest.param([played(1, "A", 12.36), played(2, "A", 12.36), played(3, "A", 12.37)], "12.36", "own average",
                     id="rules2-average-rounded-to-hundredths"),
        pytest.param([played(1, "A", 18), played(6, "A", 20)], "18.00", "own average",
                     id="rules2-later-rounds-do-not-count"),
        pytest.param([played(1, "A", 18), Score(2, "A", None, D(12), kind=BYE)], "18.00", "own average",
                     id="rules2-byes-do-not-count"),
    ],
)
def test_forfeit_innocent_gets_the_best_of_three(history: list[Score], expected: str, why: str) -> None:
    won, lost = novi_sad_forfeit(5, "A", "B", history)
    assert won.vp == D(expected)
    assert won.note == f"forfeit: {why}"
    assert lost.vp == 0


def test_forfeit_parameters() -> None:  # docs/rules/novi-sad.md#forfeit
    won, lost = novi_sad_forfeit(1, "A", "B", [], min_vp=13, guilty_vp=2)
    assert (won.vp, lost.vp) == (13, 2)


def test_averages_so_far() -> None:
    history = [*pair(1, "A", "B", 16, 14), *pair(2, "C", "A", 12, 18), Score(3, "A", None, D(12), kind=BYE)]
    assert average_vp(history, "A", 3) == 17
    assert average_vp(history, "A", 2) == 16
    assert average_vp(history, "A", 1) is None
    assert average_vp_against(history, "A", 3) == 13


def test_three_forfeits_disqualify() -> None:  # docs/rules/novi-sad.md#withdrawal: max_forfeits = 2
    lines = [novi_sad_forfeit(r, "A", "B", [])[1] for r in (1, 2)]
    assert not disqualified(lines, "B")
    lines.append(novi_sad_forfeit(3, "C", "B", [])[1])
    assert disqualified(lines, "B")
    assert not disqualified(lines, "B", max_forfeits=3)


# ---- Slovak unplayed matches (docs/rules/slovak-league.md#unplayed, §27.8) ---------------------


@pytest.mark.parametrize(
    ("history", "vp", "imps", "why"),
    [
        pytest.param([], "18.0", 19, "(a) draw + 20 %", id="rules3-27.8a-no-average-yet"),
        pytest.param([played(1, "A", 22), played(2, "A", 21)], "21.5", 34, "(b) own average",
                     id="rules3-27.8b-own-average-band-21-top-34"),
        pytest.param([played(1, "A", 15), played(1, "B", 6), played(2, "B", 7)], "18.5", 19,
                     "(c) complement of opponent's average", id="rules3-27.8c-25-minus-6.5"),
        pytest.param([played(1, "B", 6), played(2, "B", 6.5)], "18.8", 19,
                     "(c) complement of opponent's average", id="rules3-27.8c-rounded-after-subtracting"),
        pytest.param([played(1, "A", 25), played(2, "A", 25)], "25.0", 88, "(b) own average",
                     id="rules3-27.8b-25-open-band-uses-88"),
    ],
)
def test_unplayed_innocent(history: list[Score], vp: str, imps: int, why: str) -> None:
    won, _ = slovak_unplayed(3, "A", "B", 24, history)
    assert (won.vp, won.imps_for, won.imps_against, won.kind) == (D(vp), imps, 0, FORFEIT_WON)
    assert won.note == f"unplayed: {why}"


@pytest.mark.parametrize(
    ("history", "vp", "imps", "why"),
    [
        pytest.param([], "5.0", -57, "(d) 5.0 VP", id="rules3-27.8d-5-vp-bottom-of-52-57"),
        pytest.param([played(1, "B", 2), played(2, "B", 4), played(3, "B", 4)], "3.3", -71, "(e) own average",
                     id="rules3-27.8e-own-average-3.3-band-25-3"),
        pytest.param([*pair(1, "A", "C", 25, 2), *pair(2, "D", "A", 6, 24), played(1, "B", 10)], "4.0", -64,
                     "(f) others' average against the opponent", id="rules3-27.8f-others-against-innocent"),
        pytest.param([played(1, "B", 0), played(2, "B", 0)], "0.0", -88, "(e) own average",
                     id="rules3-27.8e-0-open-band-uses-88"),
    ],
)
def test_unplayed_guilty(history: list[Score], vp: str, imps: int, why: str) -> None:
    _, lost = slovak_unplayed(4, "A", "B", 24, history)
    assert (lost.vp, lost.imp_diff, lost.imps_for, lost.kind) == (D(vp), imps, 0, FORFEIT_LOST)
    assert lost.note == f"unplayed: {why}"


def test_unplayed_32_boards_matches_the_bye_example() -> None:  # docs/rules/slovak-league.md#bye: 18 VP and +22 IMP
    won, lost = slovak_unplayed(1, "A", "B", 32, [])
    assert (won.vp, won.imp_diff, lost.vp, lost.imp_diff) == (18, 22, 5, -65)  # 25:5 on 32 boards is 59–65


def test_unplayed_complement_parameter() -> None:  # docs/rules/differences.md#slovak-complement
    history = [played(1, "B", 10)]
    assert slovak_unplayed(2, "A", "B", 24, history)[0].vp == 18
    assert slovak_unplayed(2, "A", "B", 24, history, complement=30)[0].vp == 20


# ---- withdrawal -------------------------------------------------------------------------


def _league(teams: list[str], rounds: int) -> list[Score]:
    """A round-robin-ish history: in each round teams[0] beats the others in turn, 16 : 14."""
    lines: list[Score] = []
    for r in range(1, rounds + 1):
        rival = teams[1 + (r - 1) % (len(teams) - 1)]
        lines += pair(r, teams[0], rival, 16, 14, 20, 10)
    return lines


def test_novi_sad_withdrawal_before_half_erases_everything() -> None:  # docs/rules/novi-sad.md#withdrawal
    history = _league(["W", "A", "B", "C", "D"], 3)  # W played 3 of 8
    remaining = [Fixture(r, "W", "A", 12) for r in range(4, 9)]
    out = novi_sad_withdrawal("W", history, remaining)
    assert out.erased and out.scores == ()
    keep = [*history, *pair(3, "A", "B", 11, 9)]
    assert novi_sad_withdrawal("W", keep, remaining, scheduled=8).scores == tuple(pair(3, "A", "B", 11, 9))


def test_novi_sad_withdrawal_after_half_turns_the_rest_into_forfeits() -> None:  # docs/rules/novi-sad.md#withdrawal
    history = _league(["W", "A", "B", "C", "D"], 4)  # W played 4 of 8: half → "after half"
    remaining = [Fixture(5, "A", "W", 12), Fixture(6, "W", "B", 12), Fixture(7, "C", "W", 12), Fixture(8, "W", "D", 12)]
    out = novi_sad_withdrawal("W", history, remaining)
    assert not out.erased
    added = out.scores[len(history):]
    # each innocent team lost its one played match to W 14 : 16, so its own average (14) beats 12
    assert [(s.round, s.team, s.opponent, s.vp, s.kind) for s in added] == [
        (5, "A", "W", D(14), FORFEIT_WON), (5, "W", "A", 0, FORFEIT_LOST),
        (6, "B", "W", D(14), FORFEIT_WON), (6, "W", "B", 0, FORFEIT_LOST),
        (7, "C", "W", D(14), FORFEIT_WON), (7, "W", "C", 0, FORFEIT_LOST),
        (8, "D", "W", D(14), FORFEIT_WON), (8, "W", "D", 0, FORFEIT_LOST),
    ]
    assert added[0].note == "forfeit: own average"
    with pytest.raises(ValueError, match="does not play"):
        novi_sad_withdrawal("W", history, [Fixture(5, "A", "B", 12)])


def test_slovak_exclusion_below_half() -> None:  # docs/rules/slovak-league.md#withdrawal
    history = _league(["W", "A", "B", "C", "D", "E"], 4)  # 4 of 10 played
    assert slovak_withdrawal("W", history, scheduled=10).erased
    history5 = _league(["W", "A", "B", "C", "D", "E"], 5)  # 5 of 10: stays
    remaining = [Fixture(r, "W", "ABCDE"[(r - 1) % 5], 24) for r in range(6, 11)]
    out = slovak_withdrawal("W", history5, remaining)
    assert not out.erased
    added = out.scores[len(history5):]
    assert [(s.team, s.vp, s.imp_diff) for s in added[:2]] == [("A", D("18.0"), 19), ("W", D("5.0"), -57)]
    assert len(added) == 10


# ---- standings --------------------------------------------------------------------------


def test_standings_without_ties() -> None:  # docs/rules/novi-sad.md#standings: VP first
    scores = [*pair(1, "A", "B", 12.5, 7.5, 30, 20), *pair(2, "B", "C", 11, 9, 5, 2), *pair(3, "C", "A", 10, 10)]
    rows = standings(scores, tiebreaks=NOVI_SAD_TIEBREAKS)
    assert order(rows) == [(1, "A", "vp"), (2, "C", "vp"), (3, "B", "vp")]  # 22.5, 19, 18.5
    a = rows[0]
    assert (a.vp, a.imps_for, a.imps_against, a.imp_diff, a.played, a.awarded, a.shared) == (
        D("22.5"), 30, 20, 10, 2, 0, False)


def _three_way() -> list[Score]:
    """A, B, C level on 50 VP. Among them A has 34, B and C 28 each; B beat C; C has the better IMPs."""
    return [
        *pair(1, "A", "B", 20, 10, 40, 10),
        *pair(2, "B", "C", 18, 12, 20, 15),
        *pair(3, "C", "A", 16, 14, 25, 20),
        *pair(4, "A", "D", 16, 14, 30, 25),
        *pair(5, "B", "D", 22, 8, 30, 0),
        *pair(6, "C", "D", 22, 8, 80, 0),
    ]


# docs/rules/slovak-league.md#standings, §19 b)
def test_three_tied_teams_mini_league_then_restart_for_the_two_left() -> None:
    rows = standings(_three_way(), tiebreaks=SLOVAK_TIEBREAKS)
    assert [r.vp for r in rows] == [50, 50, 50, 30]
    # A leads the mini-league of A, B, C; B and C (28 each there) are ranked again between themselves:
    # B beat C, although C's IMP difference over all matches is far better.
    assert order(rows) == [(1, "A", "h2h_vp"), (2, "B", "h2h_vp"), (3, "C", "h2h_vp"), (4, "D", "vp")]
    assert rows[2].imp_diff > rows[1].imp_diff


def test_two_tied_by_vp_decided_head_to_head() -> None:  # docs/rules/novi-sad.md#standings
    scores = [*pair(1, "A", "B", 9, 11, 10, 14), *pair(2, "A", "C", 15, 5, 40, 0), *pair(3, "B", "C", 13, 7, 9, 0)]
    rows = standings(scores, tiebreaks=NOVI_SAD_TIEBREAKS)
    assert [r.vp for r in rows] == [24, 24, 12]
    assert order(rows)[:2] == [(1, "B", "h2h_vp"), (2, "A", "h2h_vp")]


def _level_twice() -> list[Score]:
    """A and B: 45 VP each, 30 : 30 between them, +5 IMPs each overall, but +5 / −5 between them."""
    return [
        *pair(1, "A", "B", 18, 12, 20, 5),
        *pair(2, "B", "A", 18, 12, 10, 0),
        *pair(3, "A", "C", 15, 15, 10, 10),
        *pair(4, "B", "C", 15, 15, 20, 10),
    ]


def test_slovak_chain_reaches_imps_between_the_tied_teams() -> None:  # docs/rules/slovak-league.md#standings, §19 d)
    rows = standings(_level_twice(), tiebreaks=SLOVAK_TIEBREAKS)
    assert order(rows)[:2] == [(1, "A", "h2h_imp_diff"), (2, "B", "h2h_imp_diff")]
    assert rows[0].imp_diff == rows[1].imp_diff == 5


def test_novi_sad_chain_leaves_them_sharing() -> None:  # docs/rules/novi-sad.md#standings: VP, h2h VP, IMP difference
    rows = standings(_level_twice(), tiebreaks=NOVI_SAD_TIEBREAKS)
    assert order(rows) == [(1, "A", "shared"), (1, "B", "shared"), (3, "C", "vp")]
    assert rows[0].shared and rows[1].shared and not rows[2].shared


def test_imp_difference_over_all_matches() -> None:  # docs/rules/slovak-league.md#standings, §19 c)
    scores = [
        *pair(1, "A", "B", 15, 15, 10, 10), *pair(2, "B", "A", 15, 15, 0, 0),
        *pair(3, "A", "C", 16, 14, 10, 6), *pair(4, "B", "C", 16, 14, 9, 4),
    ]
    rows = standings(scores, tiebreaks=SLOVAK_TIEBREAKS)
    assert order(rows)[:2] == [(1, "B", "imp_diff"), (2, "A", "imp_diff")]
    # the literal reading of §19 c) "súčet IMPov" (IMPs scored) would put A first
    literal = standings(scores, tiebreaks=("h2h_vp", "imps_for"))
    assert order(literal)[:2] == [(1, "A", "imps_for"), (2, "B", "imps_for")]


def test_shared_places_skip_ranks() -> None:
    scores = [*pair(1, "A", "B", 15, 15), *pair(1, "C", "D", 20, 10), *pair(2, "A", "C", 12, 18)]
    rows = standings(scores, tiebreaks=NOVI_SAD_TIEBREAKS, teams=["E"])
    assert order(rows) == [(1, "C", "vp"), (2, "A", "vp"), (3, "B", "vp"), (4, "D", "vp"), (5, "E", "vp")]
    level = [*pair(1, "A", "B", 10, 10), *pair(1, "C", "D", 10, 10)]
    assert [(r.rank, r.team) for r in standings(level, tiebreaks=NOVI_SAD_TIEBREAKS)] == [
        (1, "A"), (1, "B"), (1, "C"), (1, "D")]


def test_penalties_deduct_from_one_team_only() -> None:  # docs/rules/slovak-league.md#procedural-penalties, §26.1
    scores = [*pair(1, "A", "B", 16, 14), *pair(2, "A", "C", 15, 15), *pair(2, "B", "D", 17, 13)]
    penalties = [Penalty("A", D("1"), "forbidden convention", 1), Penalty("A", D("0.5"), "fouled board", 2)]
    rows = {r.team: r for r in standings(scores, penalties, SLOVAK_TIEBREAKS)}
    assert (rows["A"].vp, rows["A"].penalty_vp) == (D("29.5"), D("1.5"))
    assert (rows["B"].vp, rows["B"].penalty_vp) == (31, 0)
    assert order(standings(scores, penalties, SLOVAK_TIEBREAKS))[0] == (1, "B", "vp")
    with pytest.raises(ValueError, match="positive number of VP"):
        Penalty("A", -1)


# docs/rules/slovak-league.md#procedural-penalties: not a match result
def test_penalties_are_not_head_to_head() -> None:
    scores = [*pair(1, "A", "B", 16, 14), *pair(2, "A", "C", 16, 14), *pair(3, "B", "C", 15, 15)]
    rows = standings(scores, [Penalty("A", 3, "wrong direction", round=1)], SLOVAK_TIEBREAKS)
    assert [r.vp for r in rows] == [29, 29, 29]  # A 32 − 3, B 29, C 29
    # A beat B 16 : 14; counting the penalty of that round would make it 13 : 14. B–C are level
    # between themselves and on IMPs, so they share 2nd place.
    assert order(rows) == [(1, "A", "h2h_vp"), (2, "B", "shared"), (2, "C", "shared")]


def test_byes_and_forfeits_count_but_not_as_played() -> None:  # docs/rules/novi-sad.md#forfeit
    scores = [*pair(1, "A", "B", 11, 9), novi_sad_bye("C", 1), *novi_sad_forfeit(2, "C", "A", [])]
    rows = {r.team: r for r in standings(scores, tiebreaks=NOVI_SAD_TIEBREAKS)}
    assert (rows["C"].vp, rows["C"].played, rows["C"].awarded) == (24, 0, 2)
    assert (rows["A"].vp, rows["A"].played, rows["A"].awarded) == (11, 1, 1)


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown tie-break 'coin'"):
        standings([], tiebreaks=("coin",))
    with pytest.raises(ValueError, match="two lines in round 1"):
        standings([*pair(1, "A", "B", 10, 10), *pair(1, "A", "C", 10, 10)])
    with pytest.raises(ValueError, match="unknown kind"):
        Score(1, "A", "B", D(1), kind="walkover")


@st.composite
def leagues(draw: st.DrawFn) -> tuple[list[Score], list[Penalty], str]:
    """A double round robin of 3–6 teams with random IMPs, some byes and penalties."""
    scale = draw(st.sampled_from(["wbf", "slovak25"]))
    boards = 12 if scale == "wbf" else 24
    teams = [f"T{k}" for k in range(draw(st.integers(3, 6)))]
    imps = st.integers(0, 60)
    matches = []
    rnd = 0
    for leg in range(2):
        for i, home in enumerate(teams):
            for away in teams[i + 1:]:
                rnd += 1
                h, a = (home, away) if leg == 0 else (away, home)
                matches.append(MatchResult(rnd, h, a, draw(imps), draw(imps), boards))
    scores = [line for match in matches for line in score_match(match, scale)]
    scores += [novi_sad_bye(t, rnd + 1) for t in draw(st.lists(st.sampled_from(teams), unique=True, max_size=2))]
    penalties = [Penalty(t, D(draw(st.sampled_from(["0.5", "1", "2"])))) for t in
                 draw(st.lists(st.sampled_from(teams), max_size=3))]
    return scores, penalties, scale


@settings(max_examples=60, deadline=None)
@given(league=leagues(), data=st.data())
def test_standings_do_not_depend_on_the_order_of_results(
    league: tuple[list[Score], list[Penalty], str], data: st.DataObject,
) -> None:  # docs/rules/novi-sad.md#standings, docs/rules/slovak-league.md#standings
    scores, penalties, _ = league
    shuffled = data.draw(st.permutations(scores))
    shuffled_penalties = data.draw(st.permutations(penalties))
    for chain in (SLOVAK_TIEBREAKS, NOVI_SAD_TIEBREAKS):
        assert standings(scores, penalties, chain) == standings(shuffled, shuffled_penalties, chain)


@settings(max_examples=60, deadline=None)
@given(league=leagues())
def test_standings_are_sorted_and_ranks_are_consistent(league: tuple[list[Score], list[Penalty], str]) -> None:
    scores, penalties, _ = league
    rows = standings(scores, penalties, SLOVAK_TIEBREAKS)
    assert [r.vp for r in rows] == sorted((r.vp for r in rows), reverse=True)
    for k, row in enumerate(rows):
        assert row.rank <= k + 1
        if row.rank < k + 1:  # shares the place of the row above
            assert row.shared and rows[k - 1].rank == row.rank and row.vp == rows[k - 1].vp
    assert sum(r.penalty_vp for r in rows) == sum(p.vp for p in penalties)


# ---- Novi Sad final (docs/rules/novi-sad.md#final) --------------------------------------------


@pytest.mark.parametrize(
    ("matches", "carry"),
    [
        pytest.param([(2, "A", "B", 40, 20), (7, "B", "A", 30, 25)], 7.5, id="rules2-won-on-aggregate-15-carries-7.5"),
        pytest.param([(2, "A", "B", 40, 20), (7, "B", "A", 50, 25)], 0.0, id="rules2-lost-on-aggregate-no-carry"),
        pytest.param([(2, "A", "B", 30, 20), (7, "B", "A", 30, 20)], 0.0, id="rules2-level-no-carry"),
        pytest.param([(2, "B", "A", 10, 31), (7, "A", "B", 12, 12)], 10.5, id="rules2-away-win-counts"),
        pytest.param([(2, "A", "B", 40, 20), (3, "A", "C", 90, 0)], 10.0, id="rules2-other-matches-ignored"),
        pytest.param([], 0.0, id="rules2-no-match-between-them"),
    ],
)
def test_final_carry_over(matches: list[tuple[int, str, str, int, int]], carry: float) -> None:
    results = [MatchResult(r, h, a, ih, ia, 12) for r, h, a, ih, ia in matches]
    assert final_carry_over(results, "A", "B") == carry


def test_final_winner_counts_the_carry_over() -> None:  # docs/rules/novi-sad.md#final
    assert final_winner("A", "B", 80, 85, 7.5) == "A"
    assert final_winner("A", "B", 70, 85, 7.5) == "B"
    assert final_winner("A", "B", 70, D("77.5"), 7.5) is None
    assert final_winner("A", "B", 70, 60) == "A"
