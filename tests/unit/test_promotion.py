"""Promotion and relegation between the Slovak leagues (live/rules/promotion.py, docs/rules/slovak-league.md#promotion;
seed §7, §13.1, §14.3, §14.5): the last two of the first league down, the winners of East and West up, and the
cascade of §13.1 when a team declines its licence, case by case as the seed writes them."""

from __future__ import annotations

import pytest

from live.rules.promotion import PromotionError, Step, propose

FIRST = ["A1", "A2", "A3", "A4", "A5", "A6"]  # the first league by final place
SECOND = {"east": ["E1", "E2", "E3", "E4"], "west": ["W1", "W2", "W3", "W4", "W5", "W6", "W7"]}


def test_the_last_two_go_down_and_the_two_winners_go_up() -> None:
    found = propose(FIRST, SECOND)
    assert (found.stay, found.promoted, found.relegated) == (["A1", "A2", "A3", "A4"], ["E1", "W1"], ["A5", "A6"])
    assert found.first_league == ["A1", "A2", "A3", "A4", "E1", "W1"]
    assert (found.open_places, found.steps, found.playoff) == (0, [], [])


def test_a_winner_who_declines_passes_its_licence_to_the_second_of_its_own_league() -> None:
    found = propose(FIRST, SECOND, declined={"E1"})
    assert found.promoted == ["E2", "W1"] and found.relegated == ["A5", "A6"]
    assert found.steps == [Step("east 1", "E1", "E2", "§13.1: the licence passes to the second team of the same "
                                                      "second league")]


def test_then_to_the_second_of_the_other_league() -> None:
    found = propose(FIRST, SECOND, declined={"E1", "E2"})
    assert found.promoted == ["W2", "W1"]
    assert [(x.team, x.to) for x in found.steps] == [("E2", None), ("E1", "W2")]


def test_then_the_first_leagues_second_to_last_may_stay() -> None:
    found = propose(FIRST, SECOND, declined={"E1", "E2", "W2"})
    assert (found.stay, found.promoted, found.relegated) == (["A1", "A2", "A3", "A4", "A5"], ["W1"], ["A6"])
    assert found.steps[-1] == Step("east 1", "E1", "A5", "§13.1: the first league's second-to-last may stay")


def test_and_if_it_does_not_want_to_the_presidium_decides() -> None:
    found = propose(FIRST, SECOND, declined={"E1", "E2", "W2", "A5"})
    assert (found.stay, found.promoted, found.relegated) == (["A1", "A2", "A3", "A4"], ["W1"], ["A5", "A6"])
    assert found.open_places == 1
    assert found.steps[-1] == Step("east 1", "E1", None, "§13.1: the presidium decides")


def test_both_winners_decline_each_licence_goes_to_its_own_second() -> None:
    found = propose(FIRST, SECOND, declined={"E1", "W1"})
    assert found.promoted == ["E2", "W2"]
    # and with the east's second declining too: the east's licence goes to the west's second (the other league's),
    # so the west's, its own second taken and the east's declined, keeps the second-to-last in the first league
    found = propose(FIRST, SECOND, declined={"E1", "W1", "E2"})
    assert found.promoted == ["W2"] and "A5" in found.stay and found.relegated == ["A6"]
    assert [(x.place, x.to) for x in found.steps if x.to] == [("east 1", "W2"), ("west 1", "A5")]
    assert found.open_places == 0
    found = propose(FIRST, SECOND, declined={"E1", "W1", "E2", "A5"})
    assert found.open_places == 1 and found.relegated == ["A5", "A6"]


def test_a_first_league_team_of_the_first_four_that_does_not_confirm_frees_a_place_for_the_chain() -> None:
    """§7.2, §14.3 (and §14.5, asking to play the second league instead): the coordinator asks further teams in the
    sense of §13.1 — the second teams of the second leagues, then the second-to-last."""
    found = propose(FIRST, SECOND, declined={"A2"})
    assert (found.stay, found.promoted, found.relegated) == (["A1", "A3", "A4"], ["E1", "W1", "E2"], ["A5", "A6"])
    assert found.steps == [Step("first 2", "A2", "E2", "§14.3, §13.1: a second team of a second league")]
    found = propose(FIRST, SECOND, declined={"A2", "A3", "E2"})
    assert found.promoted == ["E1", "W1", "W2"] and found.stay == ["A1", "A4", "A5"]
    assert found.relegated == ["A6"] and found.open_places == 0


def test_an_enlargement_by_two_sends_the_seconds_and_the_last_two_to_a_play_off() -> None:
    found = propose(FIRST, SECOND, enlargement=2)
    assert (found.stay, found.promoted, found.relegated) == (["A1", "A2", "A3", "A4"], ["E1", "W1"], [])
    assert (found.playoff, found.playoff_places) == (["E2", "W2", "A5", "A6"], 2)
    played = propose(FIRST, SECOND, enlargement=2, playoff=["W2", "A6", "A5", "E2"])
    assert (played.stay, played.promoted, played.relegated) == (["A1", "A2", "A3", "A4", "A6"], ["E1", "W1", "W2"],
                                                                ["A5"])
    assert len(played.first_league) == 8
    declined = propose(FIRST, SECOND, declined={"W2"}, enlargement=2, playoff=["W2", "A6", "A5", "E2"])
    assert declined.relegated == [] and declined.stay[-2:] == ["A6", "A5"]
    with pytest.raises(PromotionError, match="play-off"):
        propose(FIRST, SECOND, enlargement=2, playoff=["W2", "A6", "A4", "E2"])


def test_an_enlargement_by_four_relegates_nobody_and_promotes_the_first_two_of_both() -> None:
    found = propose(FIRST, SECOND, enlargement=4)
    assert (found.stay, found.promoted, found.relegated) == (FIRST, ["E1", "E2", "W1", "W2"], [])
    assert len(found.first_league) == 10
    assert propose(FIRST, SECOND, declined={"E2"}, enlargement=4).open_places == 1


@pytest.mark.parametrize(("first", "second", "enlargement", "words"), [
    (FIRST, SECOND, 3, "0, 2 or 4"),
    (["A1", "A2"], SECOND, 0, "one more is needed"),
    (FIRST, {"east": ["E1", "E2"]}, 0, "two second leagues"),
    (FIRST, {"east": ["E1"], "west": ["W1", "W2"]}, 0, "its first two"),
    (FIRST, {"east": ["E1", "A3"], "west": ["W1", "W2"]}, 0, "A3 is in the first league and in east"),
])
def test_standings_the_rule_cannot_read_are_refused_naming_why(first: list[str], second: dict[str, list[str]],
                                                               enlargement: int, words: str) -> None:
    with pytest.raises(PromotionError, match=words):
        propose(first, second, enlargement=enlargement)
