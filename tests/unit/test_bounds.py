"""No tournament file and no rules change can take the hall down or brick its log.

Every duration and count of the rules is bounded to what a tournament can mean, in one place
(live/rules/parameters.py) that the file, `live check`, `change_rules` and the fold all ask; a Slovak
match planned shorter than its §24.2 comparing time has no playing time, never a negative one; a
section that fails to build is shown empty and told to the referee, while the others go on; and a log
an older server let such values into starts again, its values set aside.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fixtures.old_rules import write_old_log
from helpers import MIN, T0, item, rounds, tournament_toml
from starlette.testclient import TestClient

from live.core import events as E
from live.core.state import fold
from live.core.tournament import TournamentFileError, parse
from live.edges.cli import main
from live.edges.hall import Hall
from live.edges.log.sqlite import SQLiteLog
from live.edges.web.app import create_app
from live.projections import checkin_lists
from live.projections.views import public_sections, referee_only
from live.rules import lateness as L
from live.rules.parameters import BOUNDS, PERCENT_RULES, ROUND_RULES, problem
from live.rules.presets import PARAMETER_TYPES, PRESETS

TOKEN = "bounds-token"
REFEREE = {"Authorization": f"Bearer {TOKEN}"}
PLAYERS = [{"id": f"p{n}", "name": name} for n, name in enumerate(
    ["Zoran Zec", "Ana Ban", "Mira Kos", "Boris Lon", "Vera Ris", "Goran Tot"], start=1)]
TEAMS = [{"id": "t1", "name": "Bratislava"}, {"id": "t2", "name": "Košice"}]
MEMBERS = [{"id": f"{team}p{n}", "name": f"Hráč {team} {n}", "team": team}
           for team in ("t1", "t2") for n in range(1, 5)]


# ---- the bounds themselves -----------------------------------------------------------------------


def test_every_number_of_the_rules_is_bounded_and_every_preset_is_within_its_bounds() -> None:
    numbers = {key for key, kind in PARAMETER_TYPES.items() if kind in (int, (int, float))}
    assert numbers - BOUNDS.keys() - ROUND_RULES - PERCENT_RULES == set()
    for name, preset in PRESETS.items():
        for key, value in preset.items():
            if key not in ("game", "prize_fund_min_share"):  # (the preset's own: not set by a file)
                assert problem(key, value, preset) is None, (name, key, value)


@pytest.mark.parametrize(("key", "value"), [
    ("checkin_opens_before", 1e12), ("call_before", 1e15), ("reserve_after_minutes", 1e6),
    ("reserve_after_minutes", 1e9), ("late_block_minutes", 0.001), ("segments", 10**9), ("game_bule", 10**30),
])
def test_a_value_past_its_bounds_is_refused_naming_them(key: str, value: float) -> None:
    wrong = problem(key, value, PRESETS["cacak-preferans"] if key != "late_block_minutes" else PRESETS["slovak-league"])
    assert wrong is not None and wrong.code == "rules.between"
    low, high = BOUNDS[key]
    assert wrong.detail == {"min": low, "max": high} and f"from {low:g} to {high:g}" in wrong.message


@pytest.mark.parametrize(("key", "value", "why"), [
    ("count_from", "middle", "one of start, grace_end"), ("late_penalty_applies", "wallet", "one of paper, result"),
    ("vp_scale", "imp", "one of wbf, slovak25"), ("lateness", "slovak-league", "for preferans"),
    ("standings_tiebreaks", ["bule", "coin"], "some of bule, head_to_head"),
    ("prize_shares", [60, 50], "at most 100"), ("call_before", math.nan, "finite"),
    ("sponsor_places", [5, 5], "each once"), ("sponsor_places", [0], "from 1 to 100"),
    ("sponsor_places", ["5th"], "places"),
])
def test_a_word_or_a_list_a_screen_would_choke_on_is_refused(key: str, value: Any, why: str) -> None:
    wrong = problem(key, value, PRESETS["cacak-preferans"])
    assert wrong is not None and why in wrong.message


# ---- the Slovak match shorter than its comparing time ---------------------------------------------


@pytest.mark.parametrize(("slot", "boards", "playing"), [
    (195, 24, 180), (15, 24, 0), (10, 24, 0), (0.1, 12, 0), (16, 24, 1), (60, 10, 55), (60, 11, 50)])
def test_a_slovak_match_plays_what_its_slot_leaves_after_comparing_never_less_than_nothing(
        slot: float, boards: int, playing: float) -> None:
    assert L.slovak_playing_minutes(slot, boards) == playing
    waiting = L.slovak_waiting_ms(L.slovak_playing_minutes(slot, boards), False)
    assert waiting == playing * MIN // 4
    assert [x.name for x in L.thresholds(PRESETS["slovak-league"], T0, playing)][-1] == "forfeit"


def slovak_short(tmp_path: Path, minutes: float = 10) -> Path:
    """Two Slovak matches of 24 boards planned for `minutes` each (§24.2's comparing time alone is 15)."""
    path = tmp_path / "short.toml"
    path.write_text(tournament_toml(rounds(2, kind="match", minutes=minutes, gap=30, boards=24),
                                    preset="slovak-league", teams=TEAMS, players=MEMBERS), encoding="utf-8")
    return path


def test_check_warns_about_a_slovak_match_shorter_than_its_comparing_time(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(slovak_short(tmp_path))]) == 0
    err = capsys.readouterr().err
    assert "timetable[1].end" in err and "no more than the 15 minutes §24.2 gives 24 boards" in err


class Clock:
    def __init__(self, at: int) -> None:
        self.at = at

    def __call__(self) -> int:
        return self.at


@pytest.fixture
def clock() -> Clock:
    return Clock(T0 - 5 * MIN)


def serve(path: Path, db: Path, clock: Clock) -> Iterator[TestClient]:
    t = parse(path.read_text(encoding="utf-8"), str(path))
    hall = Hall(t, SQLiteLog(db, t.id), run_scheduler=False, clock=clock)
    with TestClient(create_app(hall, TOKEN)) as client:
        yield client


def ok(http: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    answer = http.post("/api/commands", json=body, headers=REFEREE)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def test_a_short_slovak_match_starts_its_state_answers_and_the_server_starts_again(
        tmp_path: Path, clock: Clock) -> None:
    path, db = slovak_short(tmp_path), tmp_path / "short.db"
    for http in serve(path, db, clock):
        clock.at = T0
        ok(http, {"type": "start_round", "item": "m1"})
        clock.at = T0 + 10 * MIN
        ok(http, {"type": "end_round", "item": "m1"})
        clock.at = T0 + 40 * MIN  # m2's start: not the first match of the day, so ¼ of its playing time
        ok(http, {"type": "start_round", "item": "m2"})
        state = http.get("/api/state", headers=REFEREE)
        assert state.status_code == 200
        report = state.json()["lateness"]["m2"]
        assert [(x["name"], x["late_ms"]) for x in report["thresholds"]] == [("forfeit", 0)]
        assert "faults" not in state.json()
    for http in serve(path, db, clock):  # the same log, a new start
        assert http.get("/api/state").status_code == 200


# ---- change_rules: refused with the field named, nothing written ---------------------------------


@pytest.fixture
def http(tmp_path: Path, clock: Clock) -> Iterator[TestClient]:
    path = tmp_path / "cup.toml"
    path.write_text(tournament_toml(rounds(3), players=PLAYERS), encoding="utf-8")
    yield from serve(path, tmp_path / "cup.db", clock)


@pytest.mark.parametrize(("key", "value"), [
    ("checkin_opens_before", 1e12), ("call_before", 1e15), ("reserve_after_minutes", 1e6),
    ("late_cap_minutes", 1e9), ("bonus_step_bule", 0), ("grace_minutes", 1441)])
def test_change_rules_past_a_bound_is_a_422_naming_the_field_and_writes_nothing(
        http: TestClient, key: str, value: float) -> None:
    seq = http.get("/api/state").json()["seq"]
    answer = http.post("/api/commands", json={"type": "change_rules", "rules": {key: value}}, headers=REFEREE)
    assert answer.status_code == 422, answer.text
    low, high = BOUNDS[key]
    assert answer.json()["detail"] == {"field": f"rules.{key}", "code": "rules.between", "key": key,
                                       "min": low, "max": high}
    assert key in answer.json()["error"]
    state = http.get("/api/state")
    assert state.status_code == 200 and state.json()["seq"] == seq


def test_change_rules_with_a_number_past_what_a_page_holds_is_refused_by_its_field(http: TestClient) -> None:
    answer = http.post("/api/commands", json={"type": "change_rules", "rules": {"call_before": 1e308}},
                       headers=REFEREE)
    assert answer.status_code == 422, answer.text
    assert answer.json()["detail"] == {"field": "rules.call_before", "code": "field.too_large"}


@pytest.mark.parametrize("raw", ["NaN", "Infinity"])
def test_change_rules_with_a_number_json_should_not_have_is_refused(http: TestClient, raw: str) -> None:
    seq = http.get("/api/state").json()["seq"]
    body = '{"type": "change_rules", "rules": {"call_before": ' + raw + "}}"
    answer = http.post("/api/commands", content=body,
                       headers={**REFEREE, "Content-Type": "application/json"})
    assert answer.status_code in (400, 422), answer.text
    assert http.get("/api/state").json()["seq"] == seq


def test_change_rules_within_the_bounds_is_taken(http: TestClient) -> None:
    ok(http, {"type": "change_rules", "rules": {"checkin_opens_before": 1440, "reserve_after_minutes": 45}})
    sections = http.get("/api/state").json()
    assert sections["tournament"]["checkin_opens_before_ms"] == 1440 * MIN


@pytest.mark.parametrize(("extra", "field"), [
    ({"boards": 10**6}, "boards"), ({"round": 10**9}, "round"), ({"end": "2027-03-09T09:00"}, "end")])
def test_an_item_added_on_the_day_is_bounded_as_the_files_are(http: TestClient, extra: dict[str, Any],
                                                              field: str) -> None:
    seq = http.get("/api/state").json()["seq"]
    body = {"type": "add_item", "item": "r9", "kind": "round", "round": 9, "start": "2027-03-06T23:00",
            "minutes": 60, **extra}
    if "end" in extra:
        del body["minutes"]
    answer = http.post("/api/commands", json=body, headers=REFEREE)
    assert answer.status_code == 422 and answer.json()["detail"]["field"] == field, answer.text
    assert answer.json()["detail"]["code"] == "field.at_most"
    assert http.get("/api/state").json()["seq"] == seq


# ---- the file and `live check` ----------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "field", "words"), [
    ({"call_before": 1e308}, "rules.call_before", "must be from 0 to 1440 minutes, not 1e+308"),
    ({"checkin_opens_before": 1e12}, "rules.checkin_opens_before", "must be from 0 to 1440 minutes"),
    ({"reserve_after_minutes": 1e6}, "rules.reserve_after_minutes", "must be from 0 to 1440 minutes"),
    ({"late_block_minutes": 0.01}, "rules.late_block_minutes", "must be from 1 to 1440 minutes"),
    ({"count_from": "lunch"}, "rules.count_from", "must be one of start, grace_end"),
])
def test_check_refuses_a_rules_value_serve_would_choke_on_naming_its_field_and_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], rules: dict[str, Any], field: str, words: str) -> None:
    text = tournament_toml(rounds(2), rules=rules, players=PLAYERS)
    path = tmp_path / "cup.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path)]) == 1
    key = field.split(".")[1]
    line = next(n for n, x in enumerate(text.splitlines(), 1) if x.startswith(f"{key} ="))
    assert f"{path}:{line}: {field}: {words}" in capsys.readouterr().err
    with pytest.raises(TournamentFileError):  # what serve loads: the same code
        parse(text, str(path))


@pytest.mark.parametrize(("entry", "field", "words"), [
    (item("m1", T0, 180, "match", boards=100_000), "timetable[1].boards", "must be from 1 to 128"),
    (item("m1", T0, 180, "match", round=10**9, boards=24), "timetable[1].round", "must be from 1 to 999"),
    ({"id": "m1", "kind": "match", "round": 1, "boards": 24, "start": T0, "end": T0 + 3 * 1440 * MIN},
     "timetable[1].end", "must be at most a day"),
])
def test_check_refuses_a_timetable_count_or_length_no_tournament_has(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], entry: dict[str, Any], field: str, words: str) -> None:
    path = tmp_path / "league.toml"
    path.write_text(tournament_toml([entry], preset="slovak-league", teams=TEAMS, players=MEMBERS), encoding="utf-8")
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f": {field}: {words}" in err and f"{path}:" in err


def test_check_refuses_a_file_whose_first_screens_would_not_build_as_serve_would_find(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The net under the bounds: `check` builds what `serve` builds first, with the same code."""
    path = tmp_path / "cup.toml"
    path.write_text(tournament_toml(rounds(2), players=PLAYERS), encoding="utf-8")
    assert main(["check", str(path)]) == 0

    def failing(state: Any, item_id: str) -> dict[str, Any]:
        raise ArithmeticError("a deadline before the start")

    monkeypatch.setattr(checkin_lists, "report", failing)
    assert main(["check", str(path)]) == 1
    assert (f"error: {path}: the screens' 'lateness' part cannot be built: ArithmeticError: a deadline before "
            "the start") in capsys.readouterr().err


# ---- a section that fails to build ------------------------------------------------------------------


def test_a_failing_section_is_shown_empty_told_to_the_referee_and_logged_once_the_others_go_on(
        http: TestClient, clock: Clock, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    ok(http, {"type": "publish_seating", "item": "r1", "seed": 5})
    clock.at = T0
    ok(http, {"type": "start_round", "item": "r1"})
    before = http.get("/api/state", headers=REFEREE).json()
    real = checkin_lists.report

    def failing(state: Any, item_id: str) -> dict[str, Any]:
        if state.check_ins.get(item_id, {}).get("p1"):
            raise ValueError("a waiting period cannot end before it begins")
        return real(state, item_id)

    monkeypatch.setattr(checkin_lists, "report", failing)
    caplog.set_level(logging.ERROR, logger="live.projections.views")
    clock.at = T0 + 7 * MIN
    checked = ok(http, {"type": "check_in", "item": "r1", "player": "p1"})["events"][0]["seq"]
    ok(http, {"type": "announce", "text": "Kafa je u holu"})  # a later event: the part still fails, said once

    state = http.get("/api/state", headers=REFEREE)
    assert state.status_code == 200
    after = state.json()
    assert after["lateness"] == {}  # the failing part, empty
    assert after["faults"] == [{"kind": "section", "section": "lateness", "seq": checked,
                                "error": "ValueError: a waiting period cannot end before it begins"}]
    for name in ("timetable", "seating", "players", "standings", "tournament", "now", "results"):
        assert after[name] == before[name], name  # the other parts as they were
    assert after["announcements"][-1]["text"] == "Kafa je u holu"
    hall_view = http.get("/api/state")  # the hall's view answers too, without the referees' faults
    assert hall_view.status_code == 200 and hall_view.json()["lateness"] == {} and "faults" not in hall_view.json()
    told = [r for r in caplog.records if "'lateness' section" in r.getMessage()]
    assert len(told) == 1 and f"after event {checked}" in told[0].getMessage()
    me = http.app.state.hall.me("p1")  # type: ignore[attr-defined]  # a player's own page: the rest of it
    assert me["arrivals"] == [] and me["seats"] and me["id"] == "p1"

    monkeypatch.setattr(checkin_lists, "report", real)  # mended: built again, no longer a fault
    ok(http, {"type": "announce", "text": "Ide se dalje"})
    again = http.get("/api/state", headers=REFEREE).json()
    assert "faults" not in again
    assert {row["id"]: row["arrived_at"] for row in again["lateness"]["r1"]["rows"]}["p1"] == T0 + 7 * MIN


# ---- an old log with what an older server let in ------------------------------------------------------


async def test_the_fold_sets_aside_what_todays_bounds_refuse_and_keeps_the_rest(tmp_path: Path) -> None:
    text = tournament_toml(rounds(3), players=PLAYERS)
    await write_old_log(tmp_path / "old.db", text, "old.toml")
    log = SQLiteLog(tmp_path / "old.db", parse(text, "old.toml").id)
    await log.open()
    events = await log.read(0)
    await log.close()
    state = fold(parse(text, "old.toml"), events)
    rules = state.tournament.rules
    assert (rules["call_before"], rules["checkin_opens_before"], rules["reserve_after_minutes"]) == (5.0, 60.0, 30.0)
    assert rules["grace_minutes"] == 7  # a change within the bounds stands
    assert [(x["seq"], x["key"], x["kept"]) for x in state.set_aside] == [
        (1, "call_before", 5.0), (2, "checkin_opens_before", 60.0), (2, "reserve_after_minutes", 30.0)]
    public_sections(state)
    assert [x["key"] for x in referee_only(state, {})["faults"]] == [
        "call_before", "checkin_opens_before", "reserve_after_minutes"]
    assert E.RULES_CHANGED in {e.type for e in events}
