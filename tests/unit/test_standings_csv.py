"""The standings as a CSV that a spreadsheet set to the organizer's language opens right: a BOM, the language's
column and decimal separators, the headings in the language, names that are never run as formulas and
numbers (negative ones too) that stay numbers."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import T0, rounds, tournament_toml
from starlette.testclient import TestClient

from live.core.tournament import parse
from live.edges.hall import Hall
from live.edges.log.sqlite import SQLiteLog
from live.edges.web.app import create_app
from live.edges.web.exports import neutralised, number_text, standings_csv

TOKEN = "csv-token"
REFEREE = {"Authorization": f"Bearer {TOKEN}"}
FORMULA = '=HYPERLINK("http://x","y")'
PLAYERS = [{"id": "p1", "name": FORMULA}, {"id": "p2", "name": "-5"}, {"id": "p3", "name": "Драган Марковић"},
           {"id": "p4", "name": "@SUM(A1)"}, {"id": "p5", "name": "+381 Ćira"}, {"id": "p6", "name": "Žofia Ďurčová"}]
NAMES = {p["name"] for p in PLAYERS}
#: The headings of the preferans standings, as a native speaker heads the columns.
HEADINGS = {
    "en": ["Rank", "Player", "Points", "Bule", "Rounds played"],
    "sr-Cyrl": ["Место", "Играч", "Бодови", "Буле", "Одиграна кола"],
    "sr-Latn": ["Mesto", "Igrač", "Bodovi", "Bule", "Odigrana kola"],
    "sk": ["Poradie", "Hráč", "Body", "Buly", "Odohrané kolá"],
}
BOM = b"\xef\xbb\xbf"


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    """A Serbian tournament (Cyrillic first, then Latin, Slovak and English) after one round in which every
    table's first two players share the first place (3.7 points each, a decimal) and the third loses 40 bule."""
    text = tournament_toml(rounds(2), players=PLAYERS).replace(
        "[tournament]\n", '[tournament]\nlanguages = ["sr-Cyrl", "sr-Latn", "sk", "en"]\n', 1)
    t = parse(text, "cup.toml")
    hall = Hall(t, SQLiteLog(tmp_path / "c.db", t.name), run_scheduler=False, clock=lambda: T0)
    with TestClient(create_app(hall, TOKEN)) as client:
        seating = command(client, {"type": "publish_seating", "item": "r1", "seed": 5})
        command(client, {"type": "start_round", "item": "r1"})
        for table in seating["events"][0]["payload"]["tables"]:
            a, b, c = table["players"]
            command(client, {"type": "record_result", "item": "r1", "table": table["table"],
                             "results": {a: 20, b: 20, c: -40}})
        yield client


def command(http: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    answer = http.post("/api/commands", json=body, headers=REFEREE)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def fetched(http: TestClient, lang: str | None) -> bytes:
    answer = http.get("/api/standings.csv", params={"lang": lang} if lang else {})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "text/csv; charset=utf-8"
    return answer.content


def table(body: bytes, delimiter: str) -> list[list[str]]:
    """The file as a spreadsheet reads it: UTF-8 after the BOM, Excel's quoting, the language's separator."""
    assert body.startswith(BOM)
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig"), newline=""), dialect="excel", delimiter=delimiter))


@pytest.mark.parametrize(("lang", "chosen"), [("sr-Cyrl", "sr-Cyrl"), ("sr", "sr-Cyrl"), ("sr-Latn", "sr-Latn"),
                                              ("sk", "sk"), ("sk-SK", "sk"), (None, "sr-Cyrl")])
def test_serbian_and_slovak_get_semicolons_decimal_commas_and_their_headings(http: TestClient, lang: str | None,
                                                                             chosen: str) -> None:
    body = fetched(http, lang)
    rows = table(body, ";")
    assert rows[0] == HEADINGS[chosen]
    assert all(len(row) == 5 for row in rows)
    assert {row[1] for row in rows[1:]} == {neutralised(name) for name in NAMES}
    assert "Драган Марковић" in {row[1] for row in rows[1:]}  # Cyrillic as it was registered
    points = sorted({row[2] for row in rows[1:]})
    assert points == ["0,6", "3,7"]  # decimal commas, no point anywhere in a number
    assert sorted({row[3] for row in rows[1:]}) == ["-40", "20"]


def test_english_gets_commas_and_decimal_points(http: TestClient) -> None:
    rows = table(fetched(http, "en"), ",")
    assert rows[0] == HEADINGS["en"]
    assert all(len(row) == 5 for row in rows)
    assert sorted({row[2] for row in rows[1:]}) == ["0.6", "3.7"]
    assert "Драган Марковић" in {row[1] for row in rows[1:]}


@pytest.mark.parametrize("lang", ["en", "sr-Cyrl", "sk"])
def test_a_name_is_never_run_as_a_formula_and_a_negative_number_stays_a_number(http: TestClient, lang: str) -> None:
    delimiter = "," if lang == "en" else ";"
    body = fetched(http, lang)
    rows = table(body, delimiter)
    names = {row[1] for row in rows[1:]}
    assert names == {"'" + FORMULA, "'-5", "'@SUM(A1)", "'+381 Ćira", "Драган Марковић", "Žofia Ďurčová"}
    # no text cell starts a formula; the numbers are bare (unquoted, no apostrophe), negative ones included
    for row in rows[1:]:
        assert not row[1].startswith(("=", "+", "-", "@"))
        for cell in (row[0], *row[2:]):
            float(cell.replace(",", "."))
    lines = body.decode("utf-8-sig").split("\r\n")
    assert any(line.endswith(f"{delimiter}-40{delimiter}1") for line in lines)


def test_a_language_the_pages_do_not_speak_is_refused_by_name(http: TestClient) -> None:
    answer = http.get("/api/standings.csv", params={"lang": "xx"})
    assert answer.status_code == 400
    assert "lang='xx'" in answer.json()["error"] and "sr-Cyrl" in answer.json()["error"]


def test_a_bridge_table_keeps_decimals_and_negative_imps_as_numbers() -> None:
    rows = [{"name": "=cmd|' /C calc'!A0", "vp": 15.23, "imps_for": 10, "imps_against": 30, "imp_diff": -20,
             "played": 1},
            {"name": "Црвена звезда", "vp": 4.77, "imps_for": 30, "imps_against": 10, "imp_diff": 20, "played": 1}]
    words = {"rank": "Poradie", "team": "Družstvo", "vp": "VP", "impsFor": "Získané IMP",
             "impsAgainst": "Stratené IMP", "impDiff": "Rozdiel IMP", "played": "Odohrané zápasy"}
    got = table(standings_csv("bridge", rows, [1, 2], words, "sk"), ";")
    assert got == [["Poradie", "Družstvo", "VP", "Získané IMP", "Stratené IMP", "Rozdiel IMP", "Odohrané zápasy"],
                   ["1", "'=cmd|' /C calc'!A0", "15,23", "10", "30", "-20", "1"],
                   ["2", "Црвена звезда", "4,77", "30", "10", "20", "1"]]


@pytest.mark.parametrize("text", ["=1+1", "+1", "-1", "@x", "\tx", "\rx"])
def test_every_formula_start_owasp_names_is_neutralised(text: str) -> None:
    assert neutralised(text) == "'" + text
    assert neutralised("Ana " + text) == "Ana " + text


def test_a_number_that_is_no_spreadsheet_number_is_refused() -> None:
    assert number_text(-0.5, ",") == "-0,5" and number_text(1e16, ",") == "10000000000000000"
    with pytest.raises(TypeError, match="truth value"):
        number_text(True, ",")
    with pytest.raises(ValueError, match="finite"):
        number_text(float("nan"), ",")
