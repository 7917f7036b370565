"""Slovak §27.1 "Družstvo tvoria štyria až šiesti hráči základnej zostavy": a team is four to six players of its
basic line-up, any further member a substitute (`basic_lineup_max`, live/commands/rosters.py): the file, a walk-in
and a substitute made a basic player again are held to it, naming the rule; substitutes and withdrawn players do
not count; presets without the rule are not held."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import rounds, tournament
from support.results import Session

from live.core.tournament import TournamentFileError
from live.rules.rosters import over_basic

TEAMS = [{"id": f"t{k}", "name": f"Tím {k}"} for k in range(1, 5)]


def players(basic: int, substitutes: int = 0) -> list[dict[str, Any]]:
    """t1 with `basic` players of its basic line-up and `substitutes` more; the others four each."""
    t1 = [{"id": f"t1p{k}", "name": f"Hráč t1p{k}", "team": "t1", **({"substitute": True} if k > basic else {})}
          for k in range(1, basic + substitutes + 1)]
    return t1 + [{"id": f"{t}p{k}", "name": f"Hráč {t}p{k}", "team": t} for t in ("t2", "t3", "t4")
                 for k in range(1, 5)]


def slovak(basic: int, substitutes: int = 0, preset: str = "slovak-league") -> Session:
    return Session(tournament(rounds(6, kind="match", minutes=240, gap=30, boards=24), preset=preset, teams=TEAMS,
                              players=players(basic, substitutes)))


def test_the_pure_rule_counts_the_basic_line_up_only() -> None:
    six = [("t1", False)] * 6
    assert over_basic(six, 6) is None
    assert over_basic([*six, ("t1", True), ("t1", True)], 6) is None  # substitutes do not count
    index, why = over_basic([*six, ("t2", False), ("t1", False)], 6) or (None, "")
    assert index == 7 and "t1 would have 7 players of its basic line-up" in why and "§27.1" in why
    assert over_basic([*six, (None, False), ("t1", False)], None) is None  # no such rule


def test_a_file_with_seven_basic_players_is_refused_naming_the_rule() -> None:
    with pytest.raises(TournamentFileError, match=r"t1 would have 7 players of its basic line-up.*§27\.1"):
        slovak(7)
    slovak(6, 2)  # six and two substitutes: the roster of eight §17.1 allows


def test_a_seventh_basic_player_walks_in_only_as_a_substitute() -> None:
    s = slovak(6)
    error = s.refuse({"type": "register_player", "team": "t1", "name": "Nový Hráč"})
    assert (error.status, error.detail["field"], error.detail["rule"], error.detail["code"]) == (
        409, "substitute", "basic_lineup_max", "roster.basic_full")
    assert (error.detail["members"], error.detail["allowed"]) == (6, 6)
    assert "§27.1" in error.error and "substitute" in error.error
    event = s.do("register_player", team="t1", name="Nový Hráč", substitute=True)
    assert event.payload["substitute"] is True


def test_a_substitute_becomes_a_basic_player_only_while_there_is_room() -> None:
    s = slovak(6, 1)
    error = s.refuse({"type": "update_player", "player": "t1p7", "substitute": False})
    assert (error.status, error.detail["code"], error.detail["team"]) == (409, "roster.basic_full", "t1")
    s.do("withdraw_player", player="t1p6", reason="left the club")  # a withdrawn player is no longer of it
    assert s.do("update_player", player="t1p7", substitute=False).payload["substitute"] is False


def test_other_presets_have_no_basic_line_up() -> None:
    s = slovak(5, preset="novi-sad-teams")
    for k in (6, 7, 8):
        s.do("register_player", team="t1", name=f"Igrač {k}")
