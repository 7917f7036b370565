"""Slovak gatherings (§5.1: a Saturday and a Sunday): which match is the first of its gathering and waits 2
hours for a late team (§18.2), from the days of play or from the file's `gathering` names; the file's names
checked with the line and the field; the names kept by the log, the file's differences and `add_item`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import MIN, T0, item, tournament
from support.plans import Desk

from live.commands.plan_diff import Difference, differences
from live.core.plan import from_json, to_json
from live.core.state import fold
from live.core.tournament import Tournament, TournamentFileError, load
from live.projections.checkin_lists import reference, thresholds

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
HOUR = 60 * MIN
DAY = 24 * HOUR
TEAMS = [{"id": f"t{k}", "name": f"Tím {k}"} for k in range(1, 7)]


def match(ident: str, start: int, **fields: Any) -> dict[str, Any]:
    """A 24-board match planned at 195 minutes: 180 of play (¼: 45 minutes of waiting) + 15 of comparing."""
    return item(ident, start, 195, "match", boards=24, **fields)


#: Two weekends a week apart (T0 is Saturday 6 March 2027, 11:00 in Belgrade): two matches on each day.
WEEKENDS = [match("m1", T0), match("m2", T0 + 4 * HOUR), match("m3", T0 + DAY), match("m4", T0 + DAY + 4 * HOUR),
            match("m5", T0 + 7 * DAY), match("m6", T0 + 8 * DAY)]


def slovak(items: list[dict[str, Any]]) -> Tournament:
    return tournament(items, preset="slovak-league", teams=TEAMS)


def opening(t: Tournament) -> list[str]:
    return [i.id for i in t.items if i.playing and t.first_of_gathering(i)]


def waiting(t: Tournament, ident: str) -> int:
    """The waiting period of a match, as the lateness alerts count it: to its `forfeit` alert."""
    s = fold(t, []).items[ident]
    (forfeit,) = [x for x in thresholds(t, s) if x.name == "forfeit"]
    return forfeit.at - reference(s)


def test_days_of_play_in_a_row_are_one_gathering() -> None:
    assert opening(slovak(WEEKENDS)) == ["m1", "m5"]


@pytest.mark.parametrize(("ident", "minutes"), [
    pytest.param("m1", 120, id="3 late: Saturday's first match opens the gathering → 2 hours"),
    pytest.param("m2", 45, id="3 late: Saturday's second match → ¼ of 180 minutes"),
    pytest.param("m3", 45, id="3 late: Sunday's first match, the same gathering → ¼ of 180 minutes"),
    pytest.param("m5", 120, id="3 late: the next weekend's first match → 2 hours"),
    pytest.param("m6", 45, id="3 late: that weekend's Sunday → ¼"),
])
def test_only_the_first_match_of_a_gathering_waits_2_hours(ident: str, minutes: int) -> None:
    assert waiting(slovak(WEEKENDS), ident) == minutes * MIN


def test_a_friday_evening_saturday_and_sunday_are_one_gathering() -> None:
    t = slovak([match("m1", T0 - 16 * HOUR), match("m2", T0), match("m3", T0 + DAY), match("m4", T0 + 3 * DAY)])
    assert opening(t) == ["m1", "m4"]


def test_the_example_league_opens_a_gathering_in_april_and_in_september() -> None:
    t = load(EXAMPLES / "slovak-league-2027.toml")
    assert opening(t) == ["m1", "m6"]
    assert [i.gathering for i in t.items if i.playing] == ["april"] * 5 + ["september"] * 5


def test_named_gatherings_keep_matches_on_days_in_a_row_apart() -> None:
    """A second league played as single matches (§18.2: "pri zápase druhej ligy nehranom formou sústredenia"):
    each match is a gathering of its own, and each waits 2 hours."""
    t = slovak([match("m1", T0, gathering="r1"), match("m2", T0 + DAY, gathering="r2")])
    assert opening(t) == ["m1", "m2"]
    assert waiting(t, "m2") == 120 * MIN
    same = slovak([match("m1", T0, gathering="spring"), match("m2", T0 + DAY, gathering="spring")])
    assert opening(same) == ["m1"]


# ---- the file's names, checked ------------------------------------------------------------------------------

BAD = [
    pytest.param([match("m1", T0, gathering="april"), match("m2", T0 + DAY)], "slovak-league", "timetable[2].gathering",
                 "is missing: the other matches name theirs (m1: 'april'); name the gathering of every match or of "
                 "none", id="one match of two named"),
    pytest.param([match("m1", T0, gathering="apríl")], "slovak-league", "timetable[1].gathering",
                 "'apríl' must be 1–40 letters, digits, '-' or '_'", id="not a name"),
    pytest.param([match("m1", T0, gathering=4)], "slovak-league", "timetable[1].gathering", "must be text, not 4",
                 id="a number"),
    pytest.param([item("reg", T0 - HOUR, 30, "registration", gathering="april"), match("m1", T0, gathering="april")],
                 "slovak-league", "timetable[1].gathering",
                 "only a match or a round belongs to a gathering, not a registration", id="not a match"),
    pytest.param([item("m1", T0, 90, "match", boards=12, gathering="april")], "novi-sad-teams",
                 "timetable[1].gathering", "these rules (novi-sad-teams) count no gatherings: only the Slovak "
                 "league's waiting period does (§18.2)", id="not the Slovak rules"),
    pytest.param([match("m1", T0, gathering="april"), match("m2", T0 + 7 * DAY, gathering="april")], "slovak-league",
                 "timetable[2].gathering", "m2 is in 'april', 7 days after m1: a gathering is days of play in a row "
                 "(§5.1: a Saturday and a Sunday); name the later one another", id="a week apart"),
    pytest.param([match("m1", T0, gathering="april"), match("m2", T0 + 4 * HOUR, gathering="may"),
                  match("m3", T0 + DAY, gathering="april")], "slovak-league", "timetable[3].gathering",
                 "m3 is in 'april', which ended before m2 of 'may': a gathering's matches follow one another",
                 id="after another gathering"),
]


@pytest.mark.parametrize(("items", "preset", "field", "message"), BAD)
def test_a_bad_gathering_names_its_field(items: list[dict[str, Any]], preset: str, field: str, message: str) -> None:
    with pytest.raises(TournamentFileError) as info:
        tournament(items, preset=preset, teams=TEAMS)
    assert (info.value.field, info.value.message) == (field, message)
    assert info.value.line is not None


# ---- kept by the log, the file's differences and the console ------------------------------------------------


NAMED = [match("m1", T0, gathering="april"), match("m2", T0 + DAY, gathering="april"),
         match("m3", T0 + 7 * DAY, gathering="may")]


def test_the_log_keeps_the_names() -> None:
    t = slovak(NAMED)
    assert from_json(to_json(t)).items == t.items
    assert to_json(t)["items"][0]["gathering"] == "april"
    assert "gathering" not in to_json(slovak(WEEKENDS))["items"][0], "no name: as an older log holds it"


def test_names_that_change_which_match_opens_a_gathering_are_refused_and_others_are_no_difference() -> None:
    t = slovak(NAMED)
    split = slovak([NAMED[0], match("m2", T0 + DAY, gathering="sunday"), NAMED[2]])
    assert differences(t, fold(t, []), split) == [Difference("m2 gathering april → sunday", refused=(
        "m2 would open a gathering; an item's gathering cannot change; cancel it and add another"))]
    renamed = slovak([*NAMED[:2], match("m3", T0 + 7 * DAY, gathering="june")])
    assert differences(t, fold(t, []), renamed) == [], "m3 opens its gathering under either name"
    added = slovak([*NAMED, match("m4", T0 + 8 * DAY, gathering="june")])
    (diff,) = differences(t, fold(t, []), added)
    assert diff.command is not None and diff.command["gathering"] == "june"


def test_a_log_from_before_the_names_is_no_different_from_a_file_naming_the_same_gatherings() -> None:
    unnamed = slovak([{k: v for k, v in x.items() if k != "gathering"} for x in NAMED])
    assert opening(unnamed) == opening(slovak(NAMED)) == ["m1", "m3"]
    assert differences(unnamed, fold(unnamed, []), slovak(NAMED)) == []


def test_a_match_added_at_the_console_with_or_without_a_gathering() -> None:
    desk = Desk(slovak(NAMED[:2]))
    desk.do("add_item", item="m3", kind="match", round=3, boards=24, start="2027-03-13T11:00", minutes=195,
            gathering="may")
    desk.do("add_item", item="m4", kind="match", round=4, boards=24, start="2027-03-14T11:00", minutes=195)
    plan = desk.state.tournament
    assert [(i.id, i.gathering) for i in plan.items] == [("m1", "april"), ("m2", "april"), ("m3", "may"), ("m4", None)]
    assert opening(plan) == ["m1", "m3"], "m4 is the day after m3: in its gathering"


@pytest.mark.parametrize(("t", "fields", "code"), [
    pytest.param(slovak(NAMED[:1]), {"gathering": "ap ril"}, "field.not_an_id", id="not a name"),
    pytest.param(slovak(NAMED[:1]), {"gathering": 7}, "field.not_an_id", id="a number"),
    pytest.param(tournament([item("m1", T0, 90, "match", boards=12)], preset="novi-sad-teams", teams=TEAMS),
                 {"gathering": "may"}, "plan.no_gathering", id="not the Slovak rules"),
    pytest.param(slovak(NAMED[:1]), {"gathering": "may", "kind": "meal", "round": None}, "plan.no_gathering",
                 id="not a match"),
])
def test_a_bad_gathering_at_the_console_is_refused(t: Tournament, fields: dict[str, Any], code: str) -> None:
    command = {"type": "add_item", "item": "m9", "kind": "match", "round": 9, "boards": 24,
               "start": "2027-03-13T11:00", "minutes": 195, **fields}
    error = Desk(t).refuse({k: v for k, v in command.items() if v is not None})
    assert (error.detail["field"], error.detail["code"]) == ("gathering", code)
