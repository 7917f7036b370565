"""Standings hidden for the last rounds (`[rules] standings_hidden_from_round = N`): from the start of round N
the hall and the phones see no standings, the referees still do (docs/rules/prizes.md#hidden-standings)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import T0, preferans, rounds, tournament_toml
from starlette.testclient import TestClient

from live.core.tournament import TournamentFileError, parse
from live.edges.hall import Hall
from live.edges.log.sqlite import SQLiteLog
from live.edges.web.app import create_app
from live.projections.standings import standings_of
from live.projections.views import full_state, me_section, public_sections, referee_sections

TOKEN = "hidden-token"
REFEREE = {"Authorization": f"Bearer {TOKEN}"}
PLAYERS = [{"id": f"p{n}", "name": name} for n, name in enumerate(
    ["Zoran Zec", "Ana Ban", "Mira Kos", "Boris Lon", "Vera Ris", "Goran Tot"], start=1)]


# the tournament file --------------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "why"), [
    (0, "must be a round number (1 or more)"), (-2, "must not be negative"), ("4", "must be a whole number"),
    (True, "must be a whole number"), (2.5, "must be a whole number"),
])
def test_a_bad_value_is_a_file_error_naming_its_line(value: Any, why: str) -> None:
    text = tournament_toml(rounds(3), rules={"call_before": 5.0, "standings_hidden_from_round": value})
    with pytest.raises(TournamentFileError) as caught:
        parse(text, "cup.toml")
    line = next(n for n, x in enumerate(text.splitlines(), 1) if x.startswith("standings_hidden_from_round"))
    assert caught.value.line == line
    assert caught.value.field == "rules.standings_hidden_from_round"
    assert why in str(caught.value)


def test_a_round_number_is_taken_and_a_round_not_in_the_timetable_is_warned_about() -> None:
    assert preferans(3, rules={"standings_hidden_from_round": 3}).rules["standings_hidden_from_round"] == 3
    assert "standings_hidden_from_round" not in preferans(3).rules  # off unless the file says
    warned = preferans(3, rules={"standings_hidden_from_round": 7})
    assert any("no round 7" in w for w in warned.warnings)


# the fold, the views, the API -------------------------------------------------------------------------


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    t = parse(tournament_toml(rounds(3), players=PLAYERS), "hidden.toml")
    hall = Hall(t, SQLiteLog(tmp_path / "h.db", t.name), run_scheduler=False, clock=lambda: T0)
    with TestClient(create_app(hall, TOKEN)) as client:
        yield client


def hall_of(http: TestClient) -> Hall:
    return http.app.state.hall  # type: ignore[attr-defined,no-any-return]


def command(http: TestClient, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    answer = http.post("/api/commands", json=body, headers=REFEREE)
    assert answer.status_code == status, answer.text
    return dict(answer.json())


def play(http: TestClient, item: str) -> dict[str, Any]:
    """Seat, start, score (table 1: first listed wins) and end a round; the seating's payload."""
    seating = command(http, {"type": "publish_seating", "item": item, **({"seed": 5} if item == "r1" else {})})
    payload = dict(seating["events"][0]["payload"])
    command(http, {"type": "start_round", "item": item})
    for n, table in enumerate(payload["tables"]):
        a, b, c = table["players"]
        command(http, {"type": "record_result", "item": item, "table": table["table"],
                       "results": {a: 40 + 10 * n, b: 0, c: -40 - 10 * n}})
    command(http, {"type": "end_round", "item": item})
    return payload


def test_the_hall_sees_no_standings_from_the_start_of_round_n_the_referee_does(http: TestClient) -> None:
    command(http, {"type": "change_rules", "rules": {"standings_hidden_from_round": 2}})
    play(http, "r1")
    hall = hall_of(http)
    shown = public_sections(hall.state)["standings"]
    assert shown and "standings_hidden" not in public_sections(hall.state)  # round 1: all see them
    command(http, {"type": "publish_seating", "item": "r2"})
    command(http, {"type": "start_round", "item": "r2"})

    hidden = {"from_round": 2, "title": "Round 2"}
    public = public_sections(hall.state)
    assert public["standings"] == [] and public["standings_hidden"] == hidden
    referee = referee_sections(hall.state, {})
    assert referee["standings"] == standings_of(hall.state) and referee["standings"][0]["points"] > 0
    assert referee["standings_hidden"] == hidden
    state = http.get("/api/state").json()
    assert state["standings"] == [] and state["standings_hidden"] == hidden
    as_referee = http.get("/api/state", headers=REFEREE).json()
    assert as_referee["standings"] == full_state(hall.state, T0, allowed={})["standings"] != []
    assert as_referee["standings_hidden"] == hidden
    for private in (False, True):  # a player's own line is hidden too, with or without their session
        me = me_section(hall.state, "p1", private=private)
        assert me is not None and me["standing"] is None


def test_the_csvs_and_the_prize_list_are_for_the_referees_while_hidden(http: TestClient) -> None:
    command(http, {"type": "change_rules", "rules": {"standings_hidden_from_round": 2, "prize_shares": [60, 40]}})
    play(http, "r1")
    assert http.get("/api/standings.csv").status_code == 200
    assert http.get("/api/results.csv").status_code == 200
    assert http.get("/api/prizes", params={"fund": "1000"}).status_code == 200
    command(http, {"type": "publish_seating", "item": "r2"})
    command(http, {"type": "start_round", "item": "r2"})

    for path, params in (("/api/standings.csv", {}), ("/api/results.csv", {}), ("/api/prizes", {"fund": "1000"})):
        refused = http.get(path, params=params)
        assert refused.status_code == 403, path
        assert "hidden from Round 2 until the prize-giving" in refused.json()["error"]
        assert http.get(path, params=params, headers=REFEREE).status_code == 200, path
    rows = list(csv.reader(io.StringIO(http.get("/api/standings.csv", headers=REFEREE).text)))
    assert len(rows) == 1 + len(PLAYERS)


def test_undoing_the_start_of_round_n_shows_them_again(http: TestClient) -> None:
    command(http, {"type": "change_rules", "rules": {"standings_hidden_from_round": 2}})
    play(http, "r1")
    command(http, {"type": "publish_seating", "item": "r2"})
    started = command(http, {"type": "start_round", "item": "r2"})
    assert "standings_hidden" in public_sections(hall_of(http).state)
    command(http, {"type": "undo", "seq": started["seq"]})
    public = public_sections(hall_of(http).state)
    assert "standings_hidden" not in public and public["standings"] != []


def test_the_referee_shows_them_at_the_prize_giving_and_an_undo_hides_them_again(http: TestClient) -> None:
    refused = command(http, {"type": "reveal_standings"}, 409)
    assert refused["error"] == "the standings are not hidden: the hall sees them"
    command(http, {"type": "change_rules", "rules": {"standings_hidden_from_round": 2}})
    play(http, "r1")
    command(http, {"type": "publish_seating", "item": "r2"})
    command(http, {"type": "start_round", "item": "r2"})
    hall = hall_of(http)
    assert public_sections(hall.state)["standings"] == []
    shown = command(http, {"type": "reveal_standings"})
    assert shown["events"][0]["type"] == "standings_revealed"
    public = public_sections(hall.state)
    assert "standings_hidden" not in public and public["standings"] == standings_of(hall.state) != []
    assert http.get("/api/standings.csv").status_code == 200
    me = me_section(hall.state, "p1", private=False)
    assert me is not None and me["standing"] is not None
    assert command(http, {"type": "reveal_standings"}, 409)["error"] == "the standings are already shown to the hall"
    command(http, {"type": "undo", "seq": shown["seq"]})
    assert public_sections(hall.state)["standings"] == []


def test_the_seating_after_a_hidden_round_lists_each_table_by_name_not_by_rank(http: TestClient) -> None:
    command(http, {"type": "change_rules", "rules": {"standings_hidden_from_round": 2}})
    play(http, "r1")
    shown = [row["player"] for row in public_sections(hall_of(http).state)["standings"]]
    before = play(http, "r2")  # seated from round 1's standings, which all saw: seat 1 is the best ranked
    assert [p for table in before["tables"] for p in table["players"]] == shown and "order" not in before
    ranking = [row["player"] for row in standings_of(hall_of(http).state)]
    seating = command(http, {"type": "publish_seating", "item": "r3"})["events"][0]["payload"]
    names = {p["id"]: p["name"] for p in PLAYERS}
    assert seating["order"] == "name"
    for n, table in enumerate(seating["tables"]):
        assert sorted(table["players"]) == sorted(ranking[3 * n:3 * n + 3])  # the tables still follow the ranks
        assert table["players"] == sorted(table["players"], key=lambda p: names[p])


def test_change_rules_takes_the_parameter_before_play_and_null_turns_it_off(http: TestClient) -> None:
    command(http, {"type": "change_rules", "rules": {"standings_hidden_from_round": 3}})
    assert hall_of(http).tournament.rules["standings_hidden_from_round"] == 3
    refused = command(http, {"type": "change_rules", "rules": {"standings_hidden_from_round": 0}}, 422)
    assert refused["detail"] == {"field": "rules.standings_hidden_from_round", "code": "rules.bad_value",
                                 "key": "standings_hidden_from_round"}
    command(http, {"type": "change_rules", "rules": {"standings_hidden_from_round": "3"}}, 422)
    command(http, {"type": "change_rules", "rules": {"standings_hidden_from_round": None}})
    assert hall_of(http).tournament.rules.get("standings_hidden_from_round") is None
    command(http, {"type": "change_rules", "rules": {"prize_shares": None}}, 422)  # only the optional ones
