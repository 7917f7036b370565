"""The captains' endpoints in process (live/edges/web/captains_api.py): a player's code and a player's session never
open a captain's; wrong captain codes spend the same budget as the players' codes (10 at once, then 429); the
codes are the referees' to list; a captain's command from another site's page is refused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from live.core.tournament import load
from live.edges.hall import Hall
from live.edges.log.sqlite import SQLiteLog
from live.edges.web.app import create_app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TOKEN = "tok"


@pytest.fixture
def hall(tmp_path: Path) -> Hall:
    t = load(EXAMPLES / "slovak-league-2027.toml")
    return Hall(t, SQLiteLog(tmp_path / "e.db", t.name), run_scheduler=False, checkin_secret="s3cret")


@pytest.fixture
def http(hall: Hall) -> Iterator[TestClient]:
    with TestClient(create_app(hall, TOKEN)) as client:
        yield client


def test_the_codes_are_the_referees_and_each_opens_its_team(hall: Hall, http: TestClient) -> None:
    assert http.get("/api/captain-codes").status_code == 401
    codes = http.get("/api/captain-codes", headers={"Authorization": f"Bearer {TOKEN}"}).json()["captains"]
    assert [x["team"] for x in codes] == [team.id for team in hall.tournament.teams]
    first = codes[0]
    signed = http.post("/api/captain-session", json={"code": first["code"]})
    assert signed.status_code == 200 and signed.json()["team"] == first["team"]
    assert len(signed.json()["matches"]) == 10  # a double round robin of six teams: ten matches each
    assert http.get("/api/captain-session").json()["team"] == first["team"]
    assert http.delete("/api/captain-session").json() == {"team": None}
    assert http.get("/api/captain-session").status_code == 401


def test_a_players_code_or_session_is_no_captains(hall: Hall, http: TestClient) -> None:
    player = hall.tournament.players[0].id
    code = hall.code_of(player)
    assert code is not None
    refused = http.post("/api/captain-session", json={"code": code})
    assert refused.status_code == 403 and refused.json()["detail"]["code"] == "code.wrong"
    assert http.post("/api/player-session", json={"code": code}).status_code == 200
    value = http.cookies.get("live_player")
    assert value and hall.session_captain(value) is None
    http.cookies.set("live_captain", value)  # a player's session under the captain's cookie: not a captain's
    assert http.get("/api/captain-session").status_code == 401


def test_wrong_captain_codes_spend_the_players_budget(http: TestClient) -> None:
    for _ in range(10):
        assert http.post("/api/captain-session", json={"code": "AAAA-AAAA"}).status_code == 403
    too_many = http.post("/api/captain-session", json={"code": "AAAA-AAAA"})
    assert too_many.status_code == 429 and too_many.json()["detail"]["code"] == "code.too_many"
    assert http.post("/api/checkin", json={"code": "AAAA-AAAA"}).status_code == 429  # one budget for both


def test_a_captains_command_comes_from_this_servers_pages(hall: Hall, http: TestClient) -> None:
    code = hall.captain_code_of(hall.tournament.teams[0].id)
    assert http.post("/api/captain-session", json={"code": code}).status_code == 200
    answer = http.post("/api/captain-commands", json={"type": "send_record", "item": "m1"},
                       headers={"Origin": "https://elsewhere.example"})
    assert answer.status_code == 403 and answer.json()["detail"]["code"] == "auth.cross_site"
    unknown = http.post("/api/captain-commands", json={"type": "record_result", "item": "m1"})
    assert unknown.status_code == 422 and unknown.json()["detail"]["code"] == "command.unknown_type"


def test_the_codes_never_take_a_token_in_the_url(http: TestClient) -> None:
    answer = http.get(f"/api/captain-codes?token={TOKEN}")
    assert answer.status_code == 401 and answer.json()["detail"]["code"] == "auth.token_in_url"
