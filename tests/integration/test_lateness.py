"""Lateness with the real server: check-ins over HTTP, alerts over /ws, penalties in every screen.

A `live serve` subprocess, real clients (httpx, `websockets`). The thresholds come in seconds
through [rules] overrides (minutes may be fractions: 0.05 minutes = 3 s), so the alerts fire
during the test; penalties counted in whole minutes use a round whose scheduled start lies some
minutes in the past. Every wait is bounded (the helpers' timeouts, asyncio.wait_for around each
scenario).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
from server import (
    REFEREE_TOKEN,
    Server,
    WSClient,
    close_all,
    codes_page,
    from_now,
    is_event,
    is_type,
    now_ms,
    round_entry,
    start_server,
    write_tournament,
)

SEC = 1000
MIN = 60 * SEC
SCENARIO_TIMEOUT = 90.0

PLAYERS = (
    {"id": "p1", "name": "Ana Petrović"},
    {"id": "p2", "name": "Bojan Ilić"},
    {"id": "p3", "name": "Vesna Jovanović"},
    {"id": "p4", "name": "Dragan Marković"},
    {"id": "p5", "name": "Jelena Šarić"},
    {"id": "p6", "name": "Milan Đorđević"},
)
#: Seconds instead of minutes: the grace ends 3 s after the start, the reserve comes at 9 s.
FAST_RULES = {"call_before": 0.0, "last_deals_warning": 0.0, "grace_minutes": 0.05, "reserve_after_minutes": 0.15,
              "late_cap_minutes": 0.15}
GRACE_MS, RESERVE_MS = 3 * SEC, 9 * SEC


def run(scenario: Callable[[], Awaitable[None]]) -> Awaitable[None]:
    return asyncio.wait_for(scenario(), SCENARIO_TIMEOUT)


async def ack(server: Server, command: dict[str, Any]) -> dict[str, Any]:
    answer = await server.command(command)
    assert answer.status_code == 200, f"{command}: {answer.status_code} {answer.text}"
    return dict(answer.json())


async def post_checkin(server: Server, code: Any, *, raw: str | None = None) -> httpx.Response:
    async with httpx.AsyncClient(timeout=10) as http:
        if raw is not None:
            return await http.post(f"{server.url}/api/checkin", content=raw)
        return await http.post(f"{server.url}/api/checkin", json={"code": code})


async def post_in_session(server: Server, code: str) -> httpx.Response:
    """A check-in from the player's page: the code opens the player's session, the check-in rides on it."""
    async with httpx.AsyncClient(timeout=10) as http:
        opened = await http.post(f"{server.url}/api/player-session", json={"code": code})
        assert opened.status_code == 200, opened.text
        return await http.post(f"{server.url}/api/checkin", json={})


async def checked_in(server: Server, code: str) -> dict[str, Any]:
    answer = await post_checkin(server, code)
    assert answer.status_code == 200, f"check-in with {code!r}: {answer.status_code} {answer.text}"
    (event,) = answer.json()["events"]
    assert event["type"] == "checked_in"
    return dict(event)




async def wait_logged(server: Server, predicate: Callable[[dict[str, Any]], bool], timeout: float = 10.0
                      ) -> dict[str, Any]:
    """The first logged event matching `predicate`, polling GET /api/events (bounded)."""
    async def poll() -> dict[str, Any]:
        while True:
            found = next((e for e in await server.events() if predicate(e)), None)
            if found is not None:
                return found
            await asyncio.sleep(0.05)
    return await asyncio.wait_for(poll(), timeout)


def alert(signal: str) -> Callable[[dict[str, Any]], bool]:
    return is_event(type_="lateness_alert", signal=signal)


def rows_of(lateness: dict[str, Any], item: str = "r1") -> dict[str, dict[str, Any]]:
    return {row["id"]: row for row in lateness[item]["rows"]}


async def lateness_after(client: WSClient, seq: int) -> dict[str, Any]:
    """The `lateness` section an event message carried to `client`."""
    message = await client.wait_for(is_event(seq), timeout=10)
    assert "lateness" in message["changes"], f"event {seq} did not change the lateness section"
    return dict(message["changes"]["lateness"])


# Čačak: codes, alerts at the thresholds, corrections ----------------------------------------------


async def test_players_check_in_with_codes_and_the_hall_is_alerted_at_each_threshold(tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "t.toml", players=PLAYERS, rules=FAST_RULES,
                            timetable=[round_entry("r1", 1, start_in=8, minutes=1)])
    with start_server(file, tmp_path / "t.db") as server:
        await run(lambda: _alerts_scenario(server))


async def _alerts_scenario(server: Server) -> None:
    referee, display = await server.client("referee"), await server.client("display")
    clients = [referee, display]
    try:
        snapshots = await asyncio.gather(*(c.wait_for(is_type("snapshot")) for c in clients))
        start = next(i["start"] for i in snapshots[1]["sections"]["timetable"] if i["id"] == "r1")
        assert now_ms() < start - 3 * SEC, "the server took too long to start for this test"
        assert "me" not in snapshots[1]["sections"], "the display sees nobody's code"

        seating = (await ack(server, {"type": "publish_seating", "item": "r1", "seed": 7}))["events"][0]
        (a1, a2, a3), (b1, b2, b3) = (t["players"] for t in seating["payload"]["tables"])

        # the referee's printable list (the players get their codes on paper: a page anyone can open
        # never shows one)
        codes = await codes_page(server)
        assert sorted(codes) == [p["id"] for p in PLAYERS]
        assert len(set(codes.values())) == len(PLAYERS)
        phone = await server.client("player", a2)
        clients.append(phone)
        mine = (await phone.wait_for(is_type("snapshot")))["sections"]["me"]
        assert "code" not in mine
        assert [(a["item"], a["arrived_at"]) for a in mine["arrivals"]] == [("r1", None)]

        # two players check in before the start; the code is typed in lower case with a space
        typed = codes[a1].lower()[:3] + " " + codes[a1].lower()[3:]
        early = [await checked_in(server, typed), await checked_in(server, codes[b1])]
        assert [(e["payload"]["player"], e["actor"]) for e in early] == [(a1, f"player:{a1}"), (b1, f"player:{b1}")]
        assert all(e["payload"]["at"] < start for e in early)
        assert all(e["payload"]["item"] == "r1" for e in early)

        # the grace ends: referee and display are alerted, with who is absent
        grace = await asyncio.gather(*(c.wait_for(alert("r1:late:grace"), timeout=20) for c in (referee, display)))
        for message in grace:
            payload = message["event"]["payload"]
            assert payload == {"item": "r1", "due_at": start + GRACE_MS, "threshold": "grace",
                               "absent": [a2, a3, b2, b3]}
            assert message["_received_ms"] >= payload["due_at"] - 50, "not before it is due"
            assert message["_received_ms"] - payload["due_at"] < 2000

        # a late player comes between the grace and the reserve: late, though 0 whole minutes
        came = await checked_in(server, codes[a2])
        late = came["payload"]["at"] - start
        assert GRACE_MS < late < RESERVE_MS
        row = rows_of(await lateness_after(display, came["seq"]))[a2]
        assert (row["arrived_at"], row["late_ms"], row["tolerated"]) == (came["payload"]["at"], late, False)
        assert (row["minutes"], row["bule"], row["starts_with"], row["reserve_due"]) == (0, 0, 300, False)
        me = (await phone.wait_for(is_event(came["seq"]), timeout=10))["changes"]["me"]
        assert [(a["arrived_at"], a["tolerated"]) for a in me["arrivals"]] == [(came["payload"]["at"], False)]

        # the reserve mark: one table needs a reserve, the other gives its one player a walkover
        reserve = await asyncio.gather(*(c.wait_for(alert("r1:late:reserve"), timeout=20)
                                         for c in (referee, display)))
        for message in reserve:
            payload = message["event"]["payload"]
            assert payload["due_at"] == start + RESERVE_MS and message["_received_ms"] >= payload["due_at"] - 50
            assert payload["absent"] == [a3, b2, b3]
            assert payload["tables"] == [
                {"table": 1, "kind": "reserve", "absent": [a3], "walkover_to": None},
                {"table": 2, "kind": "walkover", "absent": [b2, b3], "walkover_to": b1}]
        assert referee.find(alert("r1:late:forfeit")) is None

        # the referee seats the reserve: 350 bule on that seat
        seated = await ack(server, {"type": "seat_reserve", "item": "r1", "player": a3, "name": "Zoran Rezerva"})
        row = rows_of(await lateness_after(display, seated["seq"]))[a3]
        assert (row["reserve"], row["starts_with"], row["arrived_at"]) == ("Zoran Rezerva", 350, None)

        # the referee corrects a2's time (he signed the sheet a second after the start): now tolerated
        fixed = await ack(server, {"type": "check_in", "item": "r1", "player": a2, "at": start + SEC,
                                   "reason": "signed the sheet at the desk"})
        assert fixed["events"][0]["payload"]["corrects"] == came["seq"]
        shown = await lateness_after(display, fixed["seq"])
        assert shown != (await display.wait_for(is_event(came["seq"])))["changes"]["lateness"]
        row = rows_of(shown)[a2]
        assert (row["late_ms"], row["tolerated"], row["bule"]) == (SEC, True, 0)
        # the log keeps both times; the referee's audit lists the players' own check-ins and his correction,
        # which names the check-in it corrects
        logged = [(e["actor"], e["payload"]["at"]) for e in await server.events()
                  if e["type"] == "checked_in" and e["payload"]["player"] == a2]
        assert logged == [(f"player:{a2}", came["payload"]["at"]), ("referee", start + SEC)]
        referee_view = await referee.wait_for(is_event(fixed["seq"]), timeout=10)
        audit = [c for c in referee_view["changes"]["audit"]
                 if c["type"] == "checked_in" and c["payload"]["player"] == a2]
        assert [(c["by"], c["payload"].get("corrects")) for c in audit] == [(f"player:{a2}", None),
                                                                          ("referee", came["seq"])]

        # bad input: a clear 4xx, nothing written, nothing pushed
        before = await server.events()
        unknown = await post_checkin(server, "ZZZZ-ZZZZ" if "ZZZZ-ZZZZ" not in codes.values() else "YYYY-YYYY")
        assert unknown.status_code == 403 and "cannot check anyone in now" in unknown.json()["error"]
        assert (await post_checkin(server, "")).status_code == 422
        assert (await post_checkin(server, None, raw="{not json")).status_code == 400
        no_reason = await server.command({"type": "check_in", "item": "r1", "player": b2, "at": start + 2 * SEC})
        assert no_reason.status_code == 422 and no_reason.json()["detail"]["field"] == "reason"
        future = await server.command({"type": "check_in", "item": "r1", "player": b2, "at": now_ms() + MIN,
                                       "reason": "will come"})
        assert future.status_code == 422 and "in the future" in future.json()["error"]
        again = await post_checkin(server, codes[a1])
        assert (again.status_code, again.json()) == (403, unknown.json()), "a bare code: the one answer"
        again = await post_in_session(server, codes[a1])
        assert again.status_code == 409 and "already checked in" in again.json()["error"]
        assert await server.events() == before

        ended = await ack(server, {"type": "end_round", "item": "r1"})
        before = await server.events()
        over = await server.command({"type": "check_in", "item": "r1", "player": b2})
        assert over.status_code == 409 and "r1 is over" in over.json()["error"]
        closed = await post_in_session(server, codes[b2])
        assert closed.status_code == 409 and "no round is open for check-in" in closed.json()["error"]
        assert await server.events() == before
        await asyncio.sleep(0.3)
        assert display.seqs()[-1] == ended["seq"], "a refused check-in pushes nothing"
    finally:
        await close_all(clients)


async def test_the_codes_page_needs_the_referee_token(tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "t.toml", players=PLAYERS,
                            timetable=[round_entry("r1", 1, start_in=2 * 3600, minutes=60)])
    with start_server(file, tmp_path / "t.db") as server:
        async def scenario() -> None:
            assert (await server.get("/api/checkin-codes")).status_code == 401
            assert (await server.get("/api/checkin-codes?token=wrong")).status_code == 401
            async with httpx.AsyncClient(timeout=10) as http:
                bearer = await http.get(f"{server.url}/api/checkin-codes",
                                        headers={"Authorization": f"Bearer {REFEREE_TOKEN}"})
            assert bearer.status_code == 200
            codes = await codes_page(server)
            assert sorted(codes) == [p["id"] for p in PLAYERS] and len(set(codes.values())) == len(PLAYERS)
            for player in PLAYERS:
                assert player["name"] in bearer.text
            # no page anyone can open shows a code: not the player's own, not anyone's
            for pid in ("p1", "p4"):
                phone = await server.client("player", pid)
                try:
                    snapshot = await phone.wait_for(is_type("snapshot"))
                    assert codes[pid] not in json.dumps(snapshot)
                finally:
                    await phone.close()
            # a round more than an hour away is not open for check-in yet
            early = await post_checkin(server, codes["p2"])
            assert early.status_code == 403 and "opens at" not in early.text, "a bare code hears no reason"
            early = await post_in_session(server, codes["p2"])
            assert early.status_code == 409 and "opens at" in early.json()["error"]
            # nothing was written: the log holds only the plan it begins with
            assert [(e["seq"], e["type"]) for e in await server.events()] == [(1, "plan_recorded")]
        await run(scenario)


async def test_bule_for_minutes_late_and_a_correction_on_every_display(tmp_path: Path) -> None:
    # default thresholds (5 and 30 minutes); the round was scheduled 10 min 20 s ago, so a check-in now is
    # 10 whole minutes late. A preferans round starts only once seated, so the file has the automatic start
    # off; the referee publishes the seating and switches it on: the start, found 10 minutes past on a day
    # of which nothing has been played (the server was not running then), is held for the referee, who
    # records that it started at its time (the hall began by its own clock).
    start = from_now(-(10 * 60 + 20))
    file = write_tournament(tmp_path / "t.toml", players=PLAYERS[:3], rules={"auto_start": False},
                            timetable=[round_entry("r1", 1, start=start, minutes=180)])
    with start_server(file, tmp_path / "t.db", seat="r1") as server:
        await run(lambda: _bule_scenario(server))


async def _bule_scenario(server: Server) -> None:
    await ack(server, {"type": "change_rules", "rules": {"auto_start": True}})
    held = await wait_logged(server, lambda e: e.get("signal") == "r1:start")
    assert (held["type"], held["payload"]["reason"]) == ("round_start_held", "past")
    start = held["payload"]["due_at"]
    recorded = await ack(server, {"type": "start_round", "item": "r1", "at": start,
                                  "reason": "the server was not running; the hall began on time"})
    assert recorded["events"][0]["payload"]["at"] == start
    state = await server.state()
    r1 = next(i for i in state["timetable"] if i["id"] == "r1")
    assert r1["started_at"] == r1["start"] == start < recorded["events"][0]["ts"] - 10 * MIN
    (table,) = state["seating"]["r1"]["tables"]
    assert sorted(table["players"]) == ["p1", "p2", "p3"]
    displays = [await server.client("display") for _ in range(2)]
    try:
        await asyncio.gather(*(d.wait_for(is_type("snapshot")) for d in displays))
        codes = await codes_page(server)
        came = await checked_in(server, codes["p2"])
        assert 10 * MIN <= came["payload"]["at"] - start < 11 * MIN
        for display in displays:
            row = rows_of(await lateness_after(display, came["seq"]))["p2"]
            assert (row["minutes"], row["bule"], row["starts_with"], row["tolerated"]) == (10, 20, 320, False)
        # the referee corrects the time to 7:40 after the start: 14 bule, the paper starts with 314
        fixed = await ack(server, {"type": "check_in", "item": "r1", "player": "p2", "at": start + 7 * MIN + 40 * SEC,
                                   "reason": "he signed the sheet at 11:07:40"})
        for display in displays:
            row = rows_of(await lateness_after(display, fixed["seq"]))["p2"]
            assert (row["late_ms"], row["minutes"], row["bule"], row["starts_with"]) == (
                7 * MIN + 40 * SEC, 7, 14, 314)
        state = await server.state()
        assert rows_of(state["lateness"])["p2"]["bule"] == 14
        # a correction needs a reason, and the time it names cannot be ahead of the clock
        no_reason = await server.command({"type": "check_in", "item": "r1", "player": "p2", "at": start})
        assert no_reason.status_code == 422
        iso_future = await server.command({"type": "check_in", "item": "r1", "player": "p3",
                                           "at": "2999-01-01T00:00:00+00:00", "reason": "typo"})
        assert iso_future.status_code == 422 and iso_future.json()["detail"]["field"] == "at"
        bad_format = await server.command({"type": "check_in", "item": "r1", "player": "p3", "at": "11:07",
                                           "reason": "typo"})
        assert bad_format.status_code == 422 and bad_format.json()["detail"]["field"] == "at"
        assert rows_of((await server.state())["lateness"])["p2"]["bule"] == 14
        # the grace mark had passed when the start was recorded: no alert for it (the reserve mark is ahead)
        assert not [e for e in await server.events() if e["type"] == "lateness_alert"]
    finally:
        await close_all(displays)


# bridge: the time penalty in the standings ---------------------------------------------------------


async def test_a_novi_sad_result_handed_in_late_costs_the_late_team_vp(tmp_path: Path) -> None:
    # the match was scheduled 1 h 56 min 30 s ago (it is still on: 3 hours on the timetable, while the
    # rules allow 1 h 45 min for play and scoring); handed in now, that is 2 whole 5-minute blocks over
    start = from_now(-(116 * 60 + 30))
    text = write_tournament(tmp_path / "t.toml", preset="novi-sad-teams", players=(), timetable=[
        round_entry("m1", 1, start=start, minutes=180, kind="match", boards=12)]).read_text(encoding="utf-8")
    text += "".join(f'\n[[teams]]\nid = "t{k}"\nname = "Tim {k}"\n' for k in (1, 2))
    (tmp_path / "t.toml").write_text(text, encoding="utf-8")
    with start_server(tmp_path / "t.toml", tmp_path / "t.db") as server:
        await run(lambda: _novi_sad_scenario(server))


async def _novi_sad_scenario(server: Server) -> None:
    # The server came up almost two hours after the match was due, on a fresh log: its start is held for the
    # referee ("the start is past"), not started back then with a forfeit alert against both teams at once.
    held = await wait_logged(server, lambda e: e.get("signal") == "m1:start")
    assert (held["type"], held["payload"]["reason"]) == ("round_start_held", "past")
    start = held["payload"]["due_at"]
    display = await server.client("display")
    try:
        await display.wait_for(is_type("snapshot"))
        await ack(server, {"type": "check_in", "item": "m1", "team": "t1", "at": start - 5 * MIN,
                           "reason": "the sheet was signed before the start"})
        # The referee records when the match really began: 12 minutes past; lateness counts from then.
        await ack(server, {"type": "start_round", "item": "m1", "at": start + 12 * MIN,
                           "reason": "the server was not running; the boards went out at 12 past"})
        t2 = await ack(server, {"type": "check_in", "item": "m1", "team": "t2", "at": start + 20 * MIN,
                                "reason": "the sheet says 20 minutes past"})
        rows = rows_of(await lateness_after(display, t2["seq"]), "m1")
        assert (rows["t2"]["late_ms"], rows["t2"]["forfeit"]) == (8 * MIN, False)
        assert (rows["t1"]["late_ms"], rows["t1"]["forfeit"]) == (0, False)
        result = await ack(server, {"type": "record_result", "item": "m1", "home": "t1", "away": "t2",
                                    "imps_home": 30, "imps_away": 10})
        message = await display.wait_for(is_event(result["seq"]), timeout=10)
        standings = {row["team"]: row for row in message["changes"]["standings"]}
        (match,) = message["changes"]["results"]["m1"]
        assert (match["vp_home"], match["vp_away"]) == (15.58, 4.42)  # WBF 20-VP scale, 20 IMPs over 12 boards
        assert (standings["t2"]["penalty_vp"], standings["t2"]["vp"]) == (2, 2.42)
        assert (standings["t1"]["penalty_vp"], standings["t1"]["vp"]) == (0, 15.58)
        assert (await server.state())["standings"] == message["changes"]["standings"]
        assert not [e for e in await server.events() if e["type"] == "lateness_alert"], "no forfeit alert"
    finally:
        await display.close()
