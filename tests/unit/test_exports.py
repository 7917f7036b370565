"""The timetable as a calendar and the QR code for the hall (made by the server, offline)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import icalendar
import pytest
from starlette.testclient import TestClient

from live.core.tournament import load
from live.edges.hall import Hall
from live.edges.log.sqlite import SQLiteLog
from live.edges.web.app import create_app
from live.edges.web.exports import qr_svg

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def client_for(tmp_path: Path, public_url: str | None = None) -> TestClient:
    t = load(EXAMPLES / "cacak-preferans-2027.toml")
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
    events = {str(e["uid"]).split("@")[0]: e for e in calendar.walk("VEVENT")}
    assert len(events) == 11
    r1 = events["r1"]
    # RULES.md §1: round 1 11:00–14:00 in Belgrade on 6 March 2027 (UTC+1)
    assert r1.decoded("dtstart").isoformat() == "2027-03-06T10:00:00+00:00"
    assert r1.decoded("dtend").isoformat() == "2027-03-06T13:00:00+00:00"
    assert "Коло 1" in str(r1["summary"])


def test_the_qr_code_opens_the_player_page_at_the_address_the_display_used(client: TestClient) -> None:
    answer = client.get("/api/qr.svg")
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/svg+xml"
    assert answer.content == qr_svg("http://testserver/player")
    assert answer.content != qr_svg("http://testserver/display")
    assert client.get("/api/qr.svg", params={"page": "elsewhere"}).status_code == 400


def test_a_public_url_given_at_start_wins(tmp_path: Path) -> None:
    with client_for(tmp_path, "http://10.1.2.3:8000/") as http:
        assert http.get("/api/qr.svg").content == qr_svg("http://10.1.2.3:8000/player")
