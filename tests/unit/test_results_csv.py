"""Every recorded result as a CSV that a spreadsheet set to the organizer's language opens right, as the
standings' CSV does: a BOM, the language's column and decimal separators, the headings and the notes in the
language, names that are never run as formulas and scores (negative ones too) that stay numbers. Preferans:
a line per player of a table, with the bule and what the rules give; bridge: a line per match, with the IMPs
and VP, and a forfeit's VP as the standings count them."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import MIN, T0, rounds, tournament, tournament_toml
from starlette.testclient import TestClient
from support.results import IN_ORDER, SLOVAK, TABLE1, Session

from live.core.tournament import parse
from live.edges.hall import Hall
from live.edges.log.sqlite import SQLiteLog
from live.edges.web.app import create_app
from live.edges.web.exports import RESULTS_COLUMNS, results_csv
from live.projections.result_sheet import result_lines
from live.projections.standings import standings_of

TOKEN = "results-csv-token"
REFEREE = {"Authorization": f"Bearer {TOKEN}"}
FORMULA = '=HYPERLINK("http://x","y")'
#: p1–p6 as tests/support/results.py seats them (IN_ORDER: p1 p2 p3 at table 1, p4 p5 p6 at table 2).
PLAYERS = [{"id": "p1", "name": FORMULA}, {"id": "p2", "name": "-5"}, {"id": "p3", "name": "Драган Марковић"},
           {"id": "p4", "name": "@SUM(A1)"}, {"id": "p5", "name": "+381 Ćira"}, {"id": "p6", "name": "Žofia Ďurčová"}]
LANGUAGES = '[tournament]\nlanguages = ["sr-Cyrl", "sr-Latn", "sk", "en"]\n'
#: The headings of the preferans results, as a native speaker heads the columns.
HEADINGS = {
    "en": ["Round", "Table", "Player", "Bule", "Place", "Points", "Note"],
    "sr-Cyrl": ["Коло", "Сто", "Играч", "Буле", "Место", "Бодови", "Напомена"],
    "sr-Latn": ["Kolo", "Sto", "Igrač", "Bule", "Mesto", "Bodovi", "Napomena"],
    "sk": ["Kolo", "Stôl", "Hráč", "Buly", "Miesto", "Body", "Poznámka"],
}
#: A player's line (name: bule, place, points, note) after table 1 was corrected and table 2 was a walkover.
CORRECTED = {"p1": 40, "p2": -15, "p3": -25}
BRIDGE_HEADINGS = {
    "en": ["Round", "Home team", "Away team", "Home IMPs", "Away IMPs", "Home VP", "Away VP",
           "Forfeit: did not play", "Note"],
    "sr-Cyrl": ["Коло", "Домаћин", "Гост", "IMP домаћин", "IMP гост", "VP домаћин", "VP гост",
                "Контумација: није играла", "Напомена"],
    "sk": ["Kolo", "Domáce družstvo", "Hosťujúce družstvo", "IMP domáci", "IMP hostia", "VB domáci", "VB hostia",
           "Kontumácia: nehralo", "Poznámka"],
}
TEAMS = [{"id": "t1", "name": "=cmd|' /C calc'!A0"}, {"id": "t2", "name": "Црвена звезда"},
         {"id": "t3", "name": "Partizan"}, {"id": "t4", "name": "-Vojvodina"}, {"id": "t5", "name": "Slávia"}]
BOM = b"\xef\xbb\xbf"
I18N = Path(__file__).parents[2] / "display" / "i18n"
#: What the notes say of a correction and of a walkover's two sides.
NOTES = {"en": ("corrected", "walkover win", "walkover loss"),
         "sr-Cyrl": ("исправљено", "победа без борбе", "пораз без борбе"),
         "sr-Latn": ("ispravljeno", "pobeda bez borbe", "poraz bez borbe"),
         "sk": ("opravené", "kontumačná výhra", "kontumačná prehra")}
#: The first match's title (the tournament file gives none: the server's own).
TITLE = "Match 1"


def table(body: bytes, delimiter: str) -> list[list[str]]:
    """The file as a spreadsheet reads it: UTF-8 after the BOM, Excel's quoting, the language's separator."""
    assert body.startswith(BOM)
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig"), newline=""), dialect="excel", delimiter=delimiter))


def preferans_day() -> Session:
    """Round 1 of a preferans day: table 1 recorded, then corrected; table 2 a walkover (only p4 came)."""
    s = Session(tournament(rounds(2), players=PLAYERS))
    s.do("publish_seating", item="r1", seed=IN_ORDER)
    s.do("start_round", item="r1")
    s.do("record_result", item="r1", table=1, results=TABLE1)
    s.do("record_result", item="r1", table=2, walkover="p4", absent=["p5", "p6"])
    s.do("correct_result", item="r1", table=1, results=CORRECTED, reason="wrong sum on the slip")
    return s


def bridge_day() -> tuple[Session, list[dict[str, str]]]:
    """Match 1 of a Novi Sad league of five (one bye): a result, a forfeit, nothing else; and its pairs."""
    s = Session(tournament([*rounds(4, kind="match", minutes=90, gap=15, boards=12)], preset="novi-sad-teams",
                           teams=TEAMS))
    s.do("publish_seating", item="m1")
    s.do("start_round", item="m1")
    first, second = s.state.seatings["m1"].body.matches
    s.do("record_result", item="m1", home=first["home"], away=first["away"], imps_home=31, imps_away=12)
    s.do("forfeit", item="m1", team=second["away"])
    return s, [first, second]


@pytest.mark.parametrize(("language", "delimiter"), [("sr-Cyrl", ";"), ("sr-Latn", ";"), ("sk", ";"), ("en", ",")])
def test_a_preferans_day_in_each_language(language: str, delimiter: str) -> None:
    s = preferans_day()
    rows = table(results_csv("preferans", result_lines(s.state), catalogue(language), language), delimiter)
    assert rows[0] == HEADINGS[language]
    assert all(len(row) == 7 for row in rows)
    lines = {row[2]: [row[1], *row[3:]] for row in rows[1:]}  # name → table, bule, place, points, note
    assert len(rows) == 1 + 6 and {row[0] for row in rows[1:]} == {"Round 1"}  # the round's own title
    decimal = "." if language == "en" else ","
    corrected, won, lost = NOTES[language]
    # docs/rules/cacak.md#scoring: +40 / −15 / −25 after the correction; the points as the standings count them
    points = {row["player"]: row["points"] for row in standings_of(s.state)}
    assert lines["'" + FORMULA] == ["1", "40", "1", str(points["p1"]).replace(".", decimal), corrected]
    assert lines["'-5"] == ["1", "-15", "2", str(points["p2"]).replace(".", decimal), corrected]
    assert lines["Драган Марковић"][:3] == ["1", "-25", "3"]  # Cyrillic as it was registered
    # a walkover has no bule and no places on its slip: the one who came scores, the others are absent
    assert lines["'@SUM(A1)"] == ["2", "", "", str(points["p4"]).replace(".", decimal), won]
    assert lines["'+381 Ćira"][1:3] == ["", ""] and lines["'+381 Ćira"][4] == lost
    assert lines["Žofia Ďurčová"][4] == lost


def test_a_name_is_never_run_as_a_formula_and_a_negative_score_stays_a_number() -> None:
    body = results_csv("preferans", result_lines(preferans_day().state), catalogue("sk"), "sk")
    rows = table(body, ";")
    assert {row[2] for row in rows[1:]} == {"'" + FORMULA, "'-5", "Драган Марковић", "'@SUM(A1)", "'+381 Ćira",
                                            "Žofia Ďurčová"}
    for row in rows[1:]:
        assert not row[2].startswith(("=", "+", "-", "@"))
        for cell in (row[1], *row[3:6]):
            if cell:
                float(cell.replace(",", "."))
    assert ";-15;2;" in body.decode("utf-8-sig"), "a negative score written bare, not quoted nor escaped"


@pytest.mark.parametrize(("language", "delimiter"), [("sr-Cyrl", ";"), ("sk", ";"), ("en", ",")])
def test_a_bridge_day_gives_each_match_its_imps_and_vp_and_a_forfeit_the_vp_the_standings_count(
        language: str, delimiter: str) -> None:
    s, (played, forfeited) = bridge_day()
    names = {team["id"]: team["name"] for team in TEAMS}
    rows = table(results_csv("bridge", result_lines(s.state), catalogue(language), language), delimiter)
    assert rows[0] == BRIDGE_HEADINGS[language]
    assert all(len(row) == 9 for row in rows) and len(rows) == 3
    vp = {row["team"]: row["vp"] for row in standings_of(s.state)}
    decimal = "." if language == "en" else ","

    def shown(value: object) -> str:
        return str(value).replace(".", decimal)

    def text(name: str) -> str:
        return "'" + name if name.startswith(("=", "-")) else name

    match, forfeit = rows[1:]
    assert match == [TITLE, text(names[played["home"]]), text(names[played["away"]]), "31", "12",
                     shown(vp[played["home"]]), shown(vp[played["away"]]), "", ""]
    assert forfeit[1:3] == [text(names[forfeited["home"]]), text(names[forfeited["away"]])]
    assert forfeit[3:8] == ["", "", shown(vp[forfeited["home"]]), shown(vp[forfeited["away"]]),
                            text(names[forfeited["away"]])], "the rules' award (VP, no IMPs), who did not play"
    assert forfeit[0] == TITLE


def test_a_slovak_unplayed_match_gives_the_vp_the_standings_count_and_no_pair_of_imps() -> None:
    s = Session(SLOVAK)
    s.do("publish_seating", item="m1")
    s.do("start_round", item="m1")
    played, unplayed, _ = s.state.seatings["m1"].body.matches
    s.do("record_result", item="m1", home=played["home"], away=played["away"], imps_home=50, imps_away=20)
    s.do("forfeit", item="m1", team=unplayed["home"])
    vp = {row["team"]: row["vp"] for row in standings_of(s.state)}
    names = {team.id: team.name for team in SLOVAK.teams}
    rows = table(results_csv("bridge", result_lines(s.state), catalogue("sk"), "sk"), ";")
    # the innocent team's IMPs won are not the guilty one's lost (docs/rules/slovak-league.md#unplayed): left empty
    assert rows[2][1:] == [names[unplayed["home"]], names[unplayed["away"]], "", "",
                           str(vp[unplayed["home"]]), str(vp[unplayed["away"]]), names[unplayed["home"]], ""]


def test_the_notes_say_what_the_console_marks_beside_a_bridge_result() -> None:
    lines = [{"round": "Kolo 3", "home": "=cmd|' /C calc'!A0", "away": "Црвена звезда", "imps_home": 40,
              "imps_away": 12.5, "vp_home": 18.41, "vp_away": 1.59, "forfeit": None, "corrected": True,
              "provisional": True, "late_imps": (6, 0)}]
    got = table(results_csv("bridge", lines, catalogue("sk"), "sk"), ";")
    assert got[1] == ["Kolo 3", "'=cmd|' /C calc'!A0", "Црвена звезда", "40", "12,5", "18,41", "1,59", "",
                      "IMP za odobraté rozdania (meškanie): +6 : +0, opravené, predbežné (odvolanie sa rieši)"]
    bare = table(results_csv("bridge", lines, {}, "en"), ",")
    assert bare[0] == [key for key, _ in RESULTS_COLUMNS["bridge"]], "a catalogue without the words: the keys"


def catalogue(language: str) -> dict[str, str]:
    """The catalogue's "exports" words in `language`, as the server hands them to the CSV."""
    words: dict[str, str] = json.loads((I18N / f"{language}.json").read_text("utf-8"))["exports"]
    return words


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    """A Serbian tournament (Cyrillic first) after its first round's two tables."""
    t = parse(tournament_toml(rounds(2), players=PLAYERS).replace("[tournament]\n", LANGUAGES, 1), "cup.toml")
    hall = Hall(t, SQLiteLog(tmp_path / "r.db", t.name), run_scheduler=False, clock=lambda: T0 + 10 * MIN)
    with TestClient(create_app(hall, TOKEN)) as client:
        for body in ({"type": "publish_seating", "item": "r1", "seed": IN_ORDER}, {"type": "start_round", "item": "r1"},
                     {"type": "record_result", "item": "r1", "table": 1, "results": TABLE1},
                     {"type": "record_result", "item": "r1", "table": 2, "results": {"p4": 50, "p5": 10, "p6": -60}}):
            answer = client.post("/api/commands", json=body, headers=REFEREE)
            assert answer.status_code == 200, answer.text
        yield client


@pytest.mark.parametrize(("lang", "chosen", "delimiter"), [(None, "sr-Cyrl", ";"), ("sr-Latn", "sr-Latn", ";"),
                                                          ("sk-SK", "sk", ";"), ("en", "en", ",")])
def test_the_results_file_is_served_in_the_language_asked_else_the_tournaments(
        http: TestClient, lang: str | None, chosen: str, delimiter: str) -> None:
    answer = http.get("/api/results.csv", params={"lang": lang} if lang else {})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "text/csv; charset=utf-8"
    assert answer.headers["content-disposition"] == 'attachment; filename="results.csv"'
    assert answer.headers["content-language"] == chosen
    rows = table(answer.content, delimiter)
    assert rows[0] == HEADINGS[chosen]
    assert len(rows) == 1 + 6
    decimal = "." if chosen == "en" else ","
    assert [row[5] for row in rows[1:4]] == [f"4{decimal}3", f"2{decimal}9", f"0{decimal}8"]  # cacak.md#scoring
    assert "Драган Марковић" in {row[2] for row in rows[1:]}
    refused = http.get("/api/results.csv", params={"lang": "xx"})
    assert refused.status_code == 400 and "lang='xx'" in refused.json()["error"]
