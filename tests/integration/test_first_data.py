"""What the server tells the pages so that they decide nothing, with the real server: the page's first data in
its HTML (the boot block: what a fresh WebSocket client gets), the event families in `hello`, the fields'
limits, the headline's timeline and each item's phase, the lateness numbers of a report, and the console's
preview of a typed arrival time (referees only; a bad question is refused naming its field).

One real server for the module, with a round two hours ahead (nothing fires while the tests run; its
check-in is open already) and a player whose name tries to end the page's data block.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from server import (
    REFEREE_TOKEN,
    Server,
    WSClient,
    codes_page,
    from_now,
    is_type,
    now_ms,
    round_entry,
    start_server,
    tournament_toml,
)

SEC = 1000
MIN = 60 * SEC
EVIL = "Ana </script><script>alert(1)</script><!--"
PLAYERS = ({"id": "p1", "name": EVIL}, {"id": "p2", "name": "Bojan Ilić"}, {"id": "p3", "name": "Vesna Jovanović"})
BOOT = re.compile(r'<script type="application/json" id="live-boot">(.*?)</script>', re.S)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("first-data")
    timetable = [round_entry("r1", 1, start_in=2 * 3600, minutes=60),
                 {"id": "lunch", "kind": "meal", "start": from_now(3 * 3600), "minutes": 30}]
    (folder / "t.toml").write_text(tournament_toml(timetable=timetable, players=PLAYERS,
                                                     rules={"checkin_opens_before": 180.0}), encoding="utf-8")
    with start_server(folder / "t.toml", folder / "t.db") as running:
        yield running


def boot_of(page: str) -> dict[str, Any] | None:
    found = BOOT.findall(page)
    assert len(found) <= 1, "one boot block at most"
    if not found:
        return None
    assert "<" not in found[0], "every < in the data is escaped"
    return dict(json.loads(found[0]))


async def fresh(server: Server, view: str, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The hello and the snapshot a new WebSocket client of `view` gets."""
    client = await server.client(view, **kwargs)
    try:
        snapshot = await client.wait_for(is_type("snapshot"))
        hello = client.find(is_type("hello"))
        assert hello is not None
        return hello, snapshot
    finally:
        await client.close()


def without_time(message: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in message.items() if k not in ("server_time", "_received_ms")}


async def test_each_page_carries_what_a_fresh_websocket_client_gets(server: Server) -> None:
    start = await server.get("/")
    assert start.status_code == 200 and boot_of(start.text) is None, "the start page shows no live data: no boot"
    for path, view in (("/display", "display"), ("/player", "player")):
        before = now_ms()
        page = await server.get(path)
        assert page.status_code == 200 and page.headers["cache-control"] == "no-cache", path
        boot = boot_of(page.text)
        assert boot is not None, f"{path} has no boot block"
        hello, snapshot = await fresh(server, view)
        assert without_time(boot["hello"]) == without_time(hello), path
        assert before - 1000 <= boot["hello"]["server_time"] <= now_ms() + 1000
        assert boot["snapshot"] == {k: v for k, v in snapshot.items() if k != "_received_ms"}, path
        # The name went in as text and comes out whole: it ended nothing.
        assert boot["snapshot"]["sections"]["players"][0]["name"] == EVIL
        assert page.text.count("</script>") == page.text.count("<script"), "no script was opened by the name"


async def test_the_player_page_of_a_session_carries_their_own_page_and_is_not_kept(server: Server) -> None:
    codes = await codes_page(server)
    async with httpx.AsyncClient(timeout=10) as http:
        opened = await http.post(f"{server.url}/api/player-session", json={"code": codes["p2"]})
        assert opened.status_code == 200, opened.text
        cookie = f"live_player={opened.cookies['live_player']}"
        page = await http.get(f"{server.url}/player", headers={"Cookie": cookie})
    assert page.headers["cache-control"] == "no-store"
    boot = boot_of(page.text)
    assert boot is not None
    me = boot["snapshot"]["sections"]["me"]
    assert (me["id"], me["session"]) == ("p2", True)
    phone = await WSClient.connect(server.ws_url("player", "p2"), additional_headers={"Cookie": cookie})
    try:
        snapshot = await phone.wait_for(is_type("snapshot"))
    finally:
        await phone.close()
    assert snapshot["sections"]["me"] == me


async def test_the_console_carries_the_referee_view_only_for_a_signed_in_referee(server: Server) -> None:
    async with httpx.AsyncClient(timeout=10) as http:
        assert boot_of((await http.get(f"{server.url}/referee")).text) is None, "signed out: no data"
        signed = await http.post(f"{server.url}/api/login", json={"token": REFEREE_TOKEN})
        assert signed.status_code == 200, signed.text
        page = await http.get(f"{server.url}/referee")
        me = (await http.get(f"{server.url}/api/me")).json()
    assert page.headers["cache-control"] == "no-store"
    boot = boot_of(page.text)
    assert boot is not None and boot["snapshot"]["view"] == "referee"
    # Who is signed in, as /api/me says it: the console asks nothing before its first screen.
    assert boot["me"]["name"] == me["name"] and boot["me"]["actor"] == me["actor"]
    assert boot["me"]["expires"] == me["expires"] and boot["me"]["referees"] == me["referees"]
    _, snapshot = await fresh(server, "referee")
    assert boot["snapshot"]["sections"] == snapshot["sections"]
    assert "allowed" in boot["snapshot"]["sections"] and "audit" in boot["snapshot"]["sections"]


async def test_hello_names_the_families_and_the_snapshot_the_limits_phases_and_timeline(server: Server) -> None:
    hello, snapshot = await fresh(server, "display")
    types = hello["types"]
    assert "round_started" in types["banner"] and "plan_missed" in types["signal"]
    assert "plan_missed" not in types["banner"] and "result_recorded" in types["score"]
    assert "item_moved" in types["plan"]
    sections = snapshot["sections"]
    assert sections["limits"] == {"name": 80, "title": 120, "reason": 500, "announcement": 500, "referee_name": 40,
                                  "code": 8, "code_group": 4}
    r1, lunch = sections["timetable"]
    assert (r1["phase"], lunch["phase"]) == ("upcoming", None)
    now = next(e for e in reversed(sections["now"]) if e["from"] <= now_ms())
    assert (now["current"], now["next"], now["then"], now["mode"], now["deadline"]) == (None, "r1", "lunch", "until",
                                                                                          r1["start"])
    at_lunch = next(e for e in reversed(sections["now"]) if e["from"] <= lunch["start"] + MIN)
    assert at_lunch["current"] == "lunch", "the lunch begins at its time, with no event"
    state = await server.state()
    assert state["clock"]["next"] == "r1" and state["now"] == sections["now"]
    report = sections["lateness"]["r1"]
    assert report["players_needed"] is None
    assert report["late_clock"] == {"ms": 0, "at": r1["start"], "running": True}
    assert all(row["reserve_starts_with"] == 350 for row in report["rows"])


async def test_the_console_prices_a_typed_arrival_time(server: Server) -> None:
    state = await server.state()
    start = state["timetable"][0]["start"]
    bearer = {"Authorization": f"Bearer {REFEREE_TOKEN}"}
    url = f"{server.url}/api/lateness/preview"
    async with httpx.AsyncClient(timeout=10) as http:
        refused = await http.get(url, params={"item": "r1", "player": "p2", "at": now_ms()})
        assert refused.status_code == 401, "for the referees only"
        answer = await http.get(url, params={"item": "r1", "player": "p2", "at": now_ms() - 1000}, headers=bearer)
        assert answer.status_code == 200, answer.text
        assert answer.headers["cache-control"] == "no-store"
        priced = answer.json()
        assert (priced["item"], priced["player"], priced["late_ms"], priced["tolerated"]) == ("r1", "p2", 0, False)
        assert priced["reference_start"] == start and priced["starts_with"] == 300
        for params, field in (({"player": "p2", "at": now_ms()}, "item"),
                              ({"item": "r1", "player": "p2"}, "at"),
                              ({"item": "r7", "player": "p2", "at": now_ms()}, "item"),
                              ({"item": "r1", "player": "p9", "at": now_ms()}, "player"),
                              ({"item": "r1", "player": "p2", "at": "soon"}, "at"),
                              ({"item": "r1", "player": "p2", "at": now_ms() + 60_000}, "at"),
                              ({"item": "r1", "player": "p2", "at": now_ms(), "tme": "1"}, "tme")):
            bad = await http.get(url, params=params, headers=bearer)
            assert bad.status_code == 422, (params, bad.text)
            assert bad.json()["detail"]["field"] == field, (params, bad.json())
            assert bad.json()["error"], params
    assert (await server.state())["lateness"]["r1"]["rows"][1]["arrived_at"] is None, "a preview records nothing"
