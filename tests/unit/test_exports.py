"""The timetable as a calendar and the QR code for the hall (made by the server, offline)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from importlib.metadata import version
from pathlib import Path

import icalendar
import pytest
from starlette.testclient import TestClient

from live.core.tournament import Tournament, load, parse
from live.edges.hall import Hall
from live.edges.log.sqlite import SQLiteLog
from live.edges.web.app import create_app
from live.edges.web.exports import qr_svg, timetable_ics

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def client_for(tmp_path: Path, public_url: str | None = None, example: str = "cacak-preferans-2027") -> TestClient:
    t = load(EXAMPLES / f"{example}.toml")
    hall = Hall(t, SQLiteLog(tmp_path / "e.db", t.name), run_scheduler=False)
    return TestClient(create_app(hall, "tok", public_url=public_url))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path) as http:
        yield http


def test_the_timetable_ics_holds_every_item_at_its_utc_time(client: TestClient) -> None:
    answer = client.get("/api/timetable.ics")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/calendar")
    calendar = icalendar.Calendar.from_ical(answer.content)
    events = {str(e["uid"]).split(".")[0]: e for e in calendar.walk("VEVENT")}
    assert len(events) == 11
    r1 = events["r1"]
    # docs/rules/cacak.md#timetable: round 1 11:00–14:00 in Belgrade on 6 March 2027 (UTC+1)
    assert r1.decoded("dtstart").isoformat() == "2027-03-06T10:00:00+00:00"
    assert r1.decoded("dtend").isoformat() == "2027-03-06T13:00:00+00:00"
    assert "Коло 1" in str(r1["summary"])


def uids(ics: bytes) -> list[str]:
    return [str(e["uid"]) for e in icalendar.Calendar.from_ical(ics).walk("VEVENT")]


def cup(path: str, text: str | None = None) -> Tournament:
    """The Čačak example as read from `path` (its name is the tournament's id: the file sets none)."""
    return parse(text or (EXAMPLES / "cacak-preferans-2027.toml").read_text(encoding="utf-8"), path)


def test_two_tournaments_on_one_host_have_no_uid_in_common() -> None:
    """Both have a round "r1": a calendar app that imports both keeps every event of each."""
    first, second = cup("spring-cup.toml"), cup("autumn-cup.toml")
    assert first.id != second.id and [i.id for i in first.items] == [i.id for i in second.items]
    one, other = uids(timetable_ics(first, "hall.example", {})), uids(timetable_ics(second, "hall.example", {}))
    assert len(set(one)) == len(one) == len(first.items)
    assert not set(one) & set(other)
    assert "r1.spring-cup@hall.example" in one


def test_a_calendar_made_again_after_a_restart_or_an_edit_has_the_same_uids() -> None:
    """A phone that imports it again updates its events: the same UIDs, though round 2 now ends later and the
    snack is renamed."""
    text = (EXAMPLES / "cacak-preferans-2027.toml").read_text(encoding="utf-8")
    before = timetable_ics(cup("cup.toml", text), "hall.example", {}, datetime(2027, 3, 1, tzinfo=UTC))
    edited = cup("cup.toml", text.replace("end = 2027-03-06T17:30:00", "end = 2027-03-06T17:40:00")
                                  .replace('title = "Ужина"', 'title = "Ужина и кафа"'))
    assert edited != cup("cup.toml", text)
    after = timetable_ics(edited, "hall.example", {}, datetime(2027, 3, 2, tzinfo=UTC))
    assert uids(after) == uids(before) and after != before


def test_the_calendar_says_who_made_it_and_publishes_every_event_stamped_in_utc(client: TestClient) -> None:
    ics = client.get("/api/timetable.ics").content
    assert uids(client.get("/api/timetable.ics").content) == uids(ics)  # asked again: the same events
    calendar = icalendar.Calendar.from_ical(ics)
    release = version("tournament-hall-live")
    assert str(calendar["prodid"]) == f"-//tournament-hall-live//tournament-hall-live {release}//EN"
    assert str(calendar["version"]) == "2.0" and str(calendar["method"]) == "PUBLISH"
    assert str(calendar["x-wr-timezone"]) == "Europe/Belgrade"
    assert str(calendar["x-wr-calname"]) == str(calendar["name"])
    for event in calendar.walk("VEVENT"):
        stamp = event.decoded("dtstamp")
        assert stamp.utcoffset() == timedelta(0) and abs(datetime.now(UTC) - stamp) < timedelta(days=1)
        assert event.decoded("dtstart").utcoffset() == timedelta(0)


def test_the_uids_name_the_public_address_phones_reach_the_server_at(tmp_path: Path) -> None:
    with client_for(tmp_path, "http://hall.example:8000/") as http:
        found = uids(http.get("/api/timetable.ics").content)
    assert found and all(uid.endswith(".cacak-preferans-2027@hall.example") for uid in found)


def test_the_calendar_says_what_it_adds_in_the_players_language(tmp_path: Path) -> None:
    """The Novi Sad matches' boards (12, the final 40): in the tournament's language (sr-Latn), else in the
    page's ?lang=."""
    with client_for(tmp_path, example="novi-sad-teams-2026") as http:
        said = {lang: {str(e["description"]) for e in icalendar.Calendar.from_ical(
                    http.get("/api/timetable.ics", params={"lang": lang} if lang else {}).content).walk("VEVENT")
                       if "description" in e}
                for lang in (None, "sr-Cyrl", "sk", "en")}
        refused = http.get("/api/timetable.ics", params={"lang": "de"})
    assert said == {None: {"Broj bordova: 12", "Broj bordova: 40"}, "sr-Cyrl": {"Број бордова: 12", "Број бордова: 40"},
                    "sk": {"Počet rozdaní: 12", "Počet rozdaní: 40"}, "en": {"Boards: 12", "Boards: 40"}}
    assert refused.status_code == 400 and "lang='de'" in refused.json()["error"]


def test_the_qr_code_opens_the_player_page_at_the_address_the_display_used(client: TestClient) -> None:
    answer = client.get("/api/qr.svg")
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/svg+xml"
    assert answer.content == qr_svg("http://testserver/player")
    assert answer.content != qr_svg("http://testserver/display")
    assert client.get("/api/qr.svg", params={"page": "elsewhere"}).status_code == 400


def test_a_public_url_given_at_start_wins(tmp_path: Path) -> None:
    with client_for(tmp_path, "http://10.1.2.3:8000/") as http:
        assert http.get("/api/qr.svg").content == qr_svg("http://10.1.2.3:8000/player")
