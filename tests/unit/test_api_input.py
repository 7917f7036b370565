"""Input the HTTP API must refuse with a clear 4xx (it answered 500 before): JSON a parser chokes on,
text that is not valid Unicode, sequence numbers that are not plain numbers, absurd prize funds."""

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
TOKEN = "input-token"
AUTH = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    t = load(EXAMPLES / "cacak-preferans-2027.toml")
    hall = Hall(t, SQLiteLog(tmp_path / "i.db", t.id), run_scheduler=False, clock=lambda: t.items[2].start_ms)
    # (/ws is uvicorn's hand-over to the websockets library: tests/integration/test_ws_endpoint.py, on a real server)
    with TestClient(create_app(hall, TOKEN), raise_server_exceptions=False) as http:
        yield http


#: JSON a parser chokes on or an answer could not carry, in a command: (body, status, the refusal's detail).
BAD_JSON = {
    "an integer of 5,000 digits": ('{"type": "extend", "item": "r1", "minutes": ' + "9" * 5000 + "}", 422,
                                   {"field": "minutes", "code": "field.too_large"}),
    "an integer of 400 digits in move_item": ('{"type": "move_item", "item": "r5", "start": "2027-03-07T10:00", '
                                              '"minutes": ' + "9" * 400 + "}", 422,
                                              {"field": "minutes", "code": "field.too_large"}),
    "an integer of 400 digits in shift_timetable": ('{"type": "shift_timetable", "item": "r5", "minutes": -' +
                                                    "9" * 400 + "}", 422,
                                                    {"field": "minutes", "code": "field.too_large"}),
    "1e400 (infinite as a float)": ('{"type": "extend", "item": "r1", "minutes": 1e400}', 422,
                                    {"field": "minutes", "code": "field.too_large"}),
    "nesting 1,000 deep": ('{"type": "announce", "text": "x", "n": ' + "[" * 1000 + "]" * 1000 + "}", 400,
                           {"code": "body.too_deep", "max": 32}),
    "nesting 40 deep": ('{"type": "announce", "text": "x", "n": ' + "[" * 40 + "]" * 40 + "}", 400,
                        {"field": "n", "code": "field.too_deep", "max": 32}),
    "a lone surrogate": ('{"type": "announce", "text": "\\ud800 dinner"}', 400,
                         {"field": "text", "code": "field.control_chars"}),
    "a lone surrogate in a key": ('{"type": "announce", "\\udc00": "dinner"}', 400, {"code": "body.not_unicode"}),
    "NaN": ('{"type": "extend", "item": "r1", "minutes": NaN}', 400, {"code": "body.not_json"}),
    "not JSON": ("type=announce&text=x", 400, {"code": "body.not_json"}),
    "not an object": ('["announce"]', 400, {"code": "command.not_object"}),
}


@pytest.mark.parametrize(("body", "status", "detail"), BAD_JSON.values(), ids=BAD_JSON.keys())
def test_json_a_parser_chokes_on_is_refused_with_its_code_and_writes_nothing(
        client: TestClient, body: str, status: int, detail: dict[str, object]) -> None:
    before = client.get("/api/events").json()["seq"]
    answer = client.post("/api/commands", content=body.encode(), headers=AUTH)
    assert answer.status_code == status and answer.json()["detail"] == detail, answer.text
    assert client.get("/api/events").json()["seq"] == before


#: The same in a check-in's code (which is at most 1 KiB: a longer body is refused for its size, unread).
BAD_CODES = {
    "an integer of 5,000 digits": ('{"code": ' + "9" * 5000 + "}", 413, {"code": "body.too_large", "max": 1024}),
    "an integer of 400 digits": ('{"code": ' + "9" * 400 + "}", 422, {"field": "code", "code": "field.not_text"}),
    "nesting 100 deep": ('{"code": ' + "[" * 100 + "]" * 100 + "}", 400,
                         {"field": "code", "code": "field.too_deep", "max": 32}),
    "a lone surrogate": ('{"code": "\\ud800"}', 400, {"field": "code", "code": "field.control_chars"}),
    "Infinity": ('{"code": Infinity}', 400, {"code": "body.not_json"}),
    "not an object": ('"ABCD"', 400, {"code": "body.not_object"}),
    "no code": ('{"code": "  "}', 422, {"field": "code", "code": "field.empty"}),
}


@pytest.mark.parametrize(("body", "status", "detail"), BAD_CODES.values(), ids=BAD_CODES.keys())
@pytest.mark.parametrize("path", ["/api/checkin", "/api/player-session"])
def test_a_check_in_code_a_parser_chokes_on_is_refused_with_its_code(
        client: TestClient, path: str, body: str, status: int, detail: dict[str, object]) -> None:
    answer = client.post(path, content=body.encode(), headers={"Content-Type": "application/json"})
    assert answer.status_code == status and answer.json()["detail"] == detail, answer.text


@pytest.mark.parametrize("since", ["²", "9" * 5000, "-1", "1.5"])
def test_a_since_that_is_not_a_plain_sequence_number_is_a_400(client: TestClient, since: str) -> None:
    answer = client.get("/api/events", params={"since": since})
    assert answer.status_code == 400 and answer.json()["detail"] == {"field": "since", "code": "field.not_a_seq"}


@pytest.mark.parametrize("view", ["display", "referee"])
def test_a_section_asked_for_past_the_last_event_of_a_log_this_server_alone_writes_is_a_409(
        client: TestClient, view: str) -> None:
    """No other instance can bring that event: the server answers at once (it waited 5 s, then answered 503
    "ask again", which a page would do in vain, and a script could keep the server's requests waiting)."""
    seq = client.get("/api/events").json()["seq"]
    answer = client.get("/api/sections/standings", params={"view": view, "since": seq + 1},
                        headers={"Authorization": f"Bearer {TOKEN}"})
    assert answer.status_code == 409, answer.text
    assert answer.json()["detail"] == {"field": "since", "seq": seq, "code": "sections.ahead"}
    assert client.get("/api/sections/standings", params={"since": seq}).status_code in (200, 404)


@pytest.mark.parametrize("fund", ["1e400", "1e30", "NaN"])
def test_an_absurd_prize_fund_is_a_400(client: TestClient, fund: str) -> None:
    answer = client.get("/api/prizes", params={"fund": fund})
    assert answer.status_code == 400 and answer.json()["detail"]["field"] == "fund"
    assert answer.json()["detail"]["code"] in ("field.not_a_number", "field.between")


REFUSED = {
    "an extension of less than a second": ({"type": "extend", "item": "r1", "minutes": 1e-07}, "minutes"),
    "a penalty of 10^20 bule": ({"type": "penalty", "player": "p01", "amount": 10**20, "unit": "bule",
                                 "reason": "typo"}, "amount"),
    "a penalty of 10^400 bule (past a float's range)": ({"type": "penalty", "player": "p01", "amount": 10**400,
                                                         "unit": "bule", "reason": "typo"}, "amount"),
    "an extension of 10^400 minutes": ({"type": "extend", "item": "r1", "minutes": 10**400}, "minutes"),
    "an announcement of only zero-width characters": ({"type": "announce", "text": "\u200b\u200d \ufeff"}, "text"),
    "an announcement with a control character": ({"type": "announce", "text": "bell \x07"}, "text"),
}


@pytest.mark.parametrize("command, field", REFUSED.values(), ids=REFUSED.keys())
def test_values_past_any_sane_range_are_refused(client: TestClient, command: dict[str, object], field: str) -> None:
    before = client.get("/api/events").json()["seq"]
    answer = client.post("/api/commands", json=command, headers=AUTH)
    assert answer.status_code == 422 and answer.json()["detail"]["field"] == field, answer.text
    assert client.get("/api/events").json()["seq"] == before


def test_a_slip_of_10_to_the_30_bule_and_a_check_in_in_year_1_are_refused(client: TestClient) -> None:
    seated = client.post("/api/commands", json={"type": "publish_seating", "item": "r1", "seed": 3}, headers=AUTH)
    table = seated.json()["events"][0]["payload"]["tables"][0]
    assert client.post("/api/commands", json={"type": "start_round", "item": "r1"}, headers=AUTH).status_code == 200
    a, b, c = table["players"][:3]
    before = client.get("/api/events").json()["seq"]
    huge = client.post("/api/commands", headers=AUTH, json={
        "type": "record_result", "item": "r1", "table": table["table"], "results": {a: 10**30, b: -(10**30), c: 0}})
    assert huge.status_code == 422 and huge.json()["detail"]["field"] == f"results.{a}", huge.text
    for at in (-(10**15), 0, "0001-01-01T00:00:00+00:00"):
        early = client.post("/api/commands", headers=AUTH, json={
            "type": "check_in", "item": "r1", "player": a, "at": at, "reason": "paper"})
        assert early.status_code == 422 and early.json()["detail"]["field"] == "at", early.text
    assert client.get("/api/events").json()["seq"] == before


#: Every text a referee types, in a command that is otherwise right (the clock stands before round 1).
TEXT_FIELDS = {
    "an announcement": ({"type": "announce"}, "text"),
    "a penalty's reason": ({"type": "penalty", "player": "p01", "amount": 2, "unit": "bule"}, "reason"),
    "a walk-in's name": ({"type": "register_player"}, "name"),
    "a corrected name": ({"type": "update_player", "player": "p01"}, "name"),
    "a withdrawal's reason": ({"type": "withdraw_player", "player": "p02"}, "reason"),
    "an absence's reason": ({"type": "excuse_absence", "item": "r1", "player": "p03"}, "reason"),
    "an added item's title": ({"type": "add_item", "item": "tea", "kind": "break", "start": "2027-03-07T16:30:00",
                               "minutes": 10}, "title"),
    "a cancellation's reason": ({"type": "cancel_item", "item": "r5"}, "reason"),
    "the tournament's name": ({"type": "update_tournament"}, "name"),
}
#: Texts with nothing to see, though Unicode calls some of their characters letters or symbols
#: (docs/operations.md#limits: a name has something visible).
INVISIBLE = {"only zero-width spaces": "\u200b\u200b", "a blank braille pattern": "\u2800",
             "a hangul filler": "\u3164", "hangul fillers of other widths": "\u115f \uffa0 \u1160",
             "combining marks alone": "\u0301\u0308", "variation selectors": "\ufe0f\ufe0e\U000e0100",
             "a mongolian vowel separator and a word joiner": "\u180e\u2060", "an ideographic space": "\u3000"}
BAD_TEXTS = {"a control character": "Ana\x07 Petrović", "a line break in a name": "Ana\nPetrović",
             "only zero-width spaces": "\u200b\u200b", "a page of text": "x" * 2000, "a number": 5}


#: (an announcement may run over several lines: its line break is no fault)
BAD_CASES = [pytest.param(command, field, text, id=f"{where}-{what}")
             for where, (command, field) in TEXT_FIELDS.items() for what, text in BAD_TEXTS.items()
             if not (field == "text" and what == "a line break in a name")]


@pytest.mark.parametrize(("command", "field", "text"), BAD_CASES)
def test_every_typed_text_is_checked_alike_and_a_bad_one_writes_nothing(
        client: TestClient, command: dict[str, object], field: str, text: object) -> None:
    before = client.get("/api/events").json()["seq"]
    answer = client.post("/api/commands", json={**command, field: text}, headers=AUTH)
    assert answer.status_code == 422, answer.text
    assert answer.json()["detail"]["field"] == field
    assert client.get("/api/events").json()["seq"] == before


@pytest.mark.parametrize("command,field", [*TEXT_FIELDS.values(), ({"type": "add_referee"}, "name")],
                         ids=[*TEXT_FIELDS.keys(), "a new referee's name"])
def test_a_text_with_nothing_to_see_is_refused_as_empty(client: TestClient, command: dict[str, object],
                                                        field: str) -> None:
    before = client.get("/api/events").json()["seq"]
    for what, text in INVISIBLE.items():
        answer = client.post("/api/commands", json={**command, field: text}, headers=AUTH)
        assert answer.status_code == 422, f"{what}: {answer.text}"
        assert answer.json()["detail"]["field"] == field
        assert answer.json()["detail"]["code"] in ("field.empty", "referee.bad_name"), f"{what}: {answer.text}"
    assert client.get("/api/events").json()["seq"] == before


@pytest.mark.parametrize("command,field", TEXT_FIELDS.values(), ids=TEXT_FIELDS.keys())
def test_the_same_commands_with_good_words_are_stored(client: TestClient, command: dict[str, object],
                                                      field: str) -> None:
    answer = client.post("/api/commands", json={**command, field: "  Ана   Петровић – dinner at 20:00 "},
                         headers=AUTH)
    assert answer.status_code == 200, answer.text
