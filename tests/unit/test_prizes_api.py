"""GET /api/prizes: the organizer's prize list from the live standings (docs/rules/prizes.md#cacak)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import ranked, rounds, tournament_toml
from starlette.testclient import TestClient

from live.core.tournament import load
from live.edges.hall import Hall
from live.edges.log.sqlite import SQLiteLog
from live.edges.web.app import create_app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TOKEN = "prize-token"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    t = load(EXAMPLES / "cacak-preferans-2027.toml")
    hall = Hall(t, SQLiteLog(tmp_path / "p.db", t.name), run_scheduler=False, clock=lambda: t.items[2].start_ms)
    with TestClient(create_app(hall, TOKEN)) as http:
        yield http


def command(http: TestClient, body: dict[str, object]) -> dict[str, object]:
    answer = http.post("/api/commands", json=body, headers={"Authorization": f"Bearer {TOKEN}"})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def test_the_fund_is_split_50_25_15_10_by_the_standings_and_the_best_lady_is_named(client: TestClient) -> None:
    seating = command(client, {"type": "publish_seating", "item": "r1", "seed": 3})["events"][0]["payload"]
    command(client, {"type": "start_round", "item": "r1"})
    for n, table in enumerate(seating["tables"]):  # type: ignore[index]
        a, b, c = table["players"]
        command(client, {"type": "record_result", "item": "r1", "table": table["table"],
                         "results": {a: 60 - n, b: 0, c: n - 60}})
    answer = client.get("/api/prizes", params={"fund": "100000"})
    assert answer.status_code == 200
    body = answer.json()
    standings = client.get("/api/state").json()["standings"]
    assert [p["id"] for p in body["prizes"]] == [row["player"] for row in standings[:4]]
    assert [p["amount"] for p in body["prizes"]] == [50000, 25000, 15000, 10000]
    ladies = [row for row in ranked(standings) if row["lady"]]
    assert body["best_lady"] == {"id": ladies[0]["player"], "name": ladies[0]["name"], "rank": ladies[0]["rank"]}
    # docs/rules/prizes.md#cacak: the fifth place and the best lady get sponsors' prizes: the 5th, as the Čačak file's
    # rules say
    fifth = [row for row in ranked(standings) if row["rank"] <= 5 < row["rank"] + sum(
        1 for other in ranked(standings) if other["rank"] == row["rank"])]
    assert body["sponsor_prizes"] == [{"place": 5, "rank": row["rank"], "id": row["player"], "name": row["name"]}
                                      for row in fifth]
    assert len(fifth) >= 1 and fifth[0]["player"] not in [p["id"] for p in body["prizes"]]


def test_the_sponsors_places_are_the_files_rules(tmp_path: Path) -> None:
    """`sponsor_places` in the file's `[rules]` names the places; a place two share goes to both; none: none."""
    players = [{"id": f"p{n}", "name": f"Igrač {n}"} for n in range(1, 7)]
    for n, places in enumerate(([4, 6], [])):
        path = tmp_path / f"cup{n}.toml"
        path.write_text(tournament_toml(rounds(1), players=players, rules={"sponsor_places": places}),
                        encoding="utf-8")
        t = load(path)
        hall = Hall(t, SQLiteLog(tmp_path / f"cup{n}.db", t.name), run_scheduler=False,
                    clock=lambda start=t.items[0].start_ms: start)
        with TestClient(create_app(hall, TOKEN)) as http:
            seating = command(http, {"type": "publish_seating", "item": "r1", "seed": 3})["events"][0]["payload"]
            command(http, {"type": "start_round", "item": "r1"})
            (a1, b1, c1), (a2, b2, c2) = (table["players"] for table in seating["tables"])  # type: ignore[index]
            for k, (a, b, c) in enumerate(((a1, b1, c1), (a2, b2, c2))):  # the 2nds level, not met: 3rd–4th
                command(http, {"type": "record_result", "item": "r1", "table": k + 1,
                               "results": {a: 60 - 10 * k, b: 0, c: 10 * k - 60}})
            body = http.get("/api/prizes", params={"fund": "1000"}).json()
            said = sorted((x["place"], x["rank"], x["id"]) for x in body["sponsor_prizes"])
            assert said == (sorted([(4, 3, b1), (4, 3, b2), (6, 6, c1)]) if places else []), places


@pytest.mark.parametrize(("fund", "code"), [("", "field.not_a_number"), ("lots", "field.not_a_number"),
                                          ("-5", "field.between"), ("NaN", "field.between")])
def test_a_bad_fund_is_refused_with_the_field_named(client: TestClient, fund: str, code: str) -> None:
    answer = client.get("/api/prizes", params={"fund": fund})
    assert answer.status_code == 400
    assert {k: answer.json()["detail"][k] for k in ("field", "code")} == {"field": "fund", "code": code}


def test_novi_sad_splits_60_40_by_the_final_once_it_has_a_winner(tmp_path: Path) -> None:
    # docs/rules/novi-sad.md#final: "the champion is the team with more IMPs in the final, counting the carry-over" —
    # here the league's second team (t2) wins the final, so it takes 60 % although the league table has it 2nd.
    from support.results import NOVI_SAD

    strength = {"t1": 4, "t2": 3, "t3": 2, "t4": 1, "t5": 0}
    hall = Hall(NOVI_SAD, SQLiteLog(tmp_path / "n.db", NOVI_SAD.name), run_scheduler=False,
                clock=lambda: NOVI_SAD.items[0].start_ms)
    with TestClient(create_app(hall, TOKEN)) as http:
        for number in range(1, 11):
            seating = command(http, {"type": "publish_seating", "item": f"m{number}"})["events"][0]["payload"]
            command(http, {"type": "start_round", "item": f"m{number}"})
            for match in seating["matches"]:  # type: ignore[index]
                home, away = match["home"], match["away"]
                command(http, {"type": "record_result", "item": f"m{number}", "home": home, "away": away,
                               "imps_home": 20 + 6 * strength[home], "imps_away": 20 + 6 * strength[away]})
            command(http, {"type": "end_round", "item": f"m{number}"})
        league = http.get("/api/prizes", params={"fund": "10000"}).json()
        assert league["order"] == "standings"
        assert [(p["id"], p["amount"]) for p in league["prizes"]] == [("t1", 6000), ("t2", 4000)]
        command(http, {"type": "publish_seating", "item": "m11"})
        command(http, {"type": "start_round", "item": "m11"})
        command(http, {"type": "record_result", "item": "m11", "home": "t1", "away": "t2",
                       "imps_home": 50, "imps_away": 60})  # 50 + 6 carried over < 60
        final = http.get("/api/prizes", params={"fund": "10000"}).json()
        assert final["order"] == "final"
        assert [(p["rank"], p["id"], p["amount"]) for p in final["prizes"]] == [(1, "t2", 6000), (2, "t1", 4000)]
        standings = http.get("/api/state").json()["standings"]
        assert [row["team"] for row in standings][:2] == ["t1", "t2"]  # the league table stays the league's
