"""The plan lives in the log, against the real server on both log backends (SQLite, Redis).

A start that cannot be played is held; an overrun moves the rest of the day on every display; a
walk-in after the draw is seated from round 2; an edited file stops `serve` until its changes
are accepted (all or nothing); a file typed with the wrong year fires nothing; an old log gets
its file recorded as the plan once.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from cluster import start_instance
from redis_server import RedisServer
from server import (
    DEFAULT_PLAYERS,
    Server,
    close_all,
    from_now,
    is_event,
    round_entry,
    run_cli,
    start_server,
    write_tournament,
)

BACKENDS = ["sqlite", "redis"]
SIX = (*DEFAULT_PLAYERS, {"id": "p5", "name": "Jelena Nikolić"}, {"id": "p6", "name": "Zoran Stojanović"})


@asynccontextmanager
async def serving(backend: str, file: Path, tmp_path: Path, extra: tuple[str, ...] = ()) -> AsyncIterator[Server]:
    if backend == "sqlite":
        server = await asyncio.to_thread(start_server, file, tmp_path / "t.db", None, extra)
        try:
            yield server
        finally:
            server.stop()
        return
    with RedisServer(directory=tmp_path / "redis") as redis:
        server = await asyncio.to_thread(start_instance, file, redis.url, extra_args=extra)
        server.redis_url = redis.url  # type: ignore[attr-defined]
        try:
            yield server
        finally:
            server.stop()


def ok(response: Any) -> dict[str, Any]:
    assert response.status_code == 200, f"{response.status_code} {response.text}"
    return dict(response.json())


def item_of(state: dict[str, Any], ident: str) -> dict[str, Any]:
    return next(i for i in state["timetable"] if i["id"] == ident)


async def until(check: Callable[[], Any], timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = await check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: last {value!r}")
        await asyncio.sleep(0.05)


async def score_round(server: Server, item: str) -> None:
    """Every table of the round's published seating gets a result that sums to zero."""
    state = await server.state()
    for table in state["seating"][item]["tables"]:
        players = table["players"]
        results = {p: 0 for p in players}
        results[players[0]], results[players[1]] = 30, -30
        ok(await server.command({"type": "record_result", "item": item, "table": table["table"], "results": results}))


@pytest.mark.parametrize("backend", BACKENDS)
async def test_a_round_without_seating_is_held_until_the_referee_starts_it(backend: str, tmp_path: Path) -> None:
    # r1 runs 3 s; r2 is due 2 s after it ends. Nothing is entered for r1, so r2 has no seating.
    # (r1 is due 6 s on, so a busy machine's slow start still leaves time to publish its seating)
    r1 = round_entry("r1", 1, start_in=6, minutes=0.05)
    r2 = round_entry("r2", 2, start=from_now(6 + 3 + 2), minutes=0.1)
    file = write_tournament(tmp_path / "t.toml", timetable=[r1, r2])
    async with serving(backend, file, tmp_path) as server:
        display = await server.client("display")
        ok(await server.command({"type": "publish_seating", "item": "r1"}))
        await display.wait_for(is_event(signal="r1:start", type_="round_started"), timeout=10)
        refused = await server.command({"type": "start_round", "item": "r2"})
        assert refused.status_code == 409 and "r1" in refused.json()["error"]
        held = await display.wait_for(is_event(signal="r2:start"), timeout=15)
        assert held["event"]["type"] == "round_start_held"
        assert held["event"]["payload"]["reason"] == "seating"
        timetable = {i["id"]: i for i in held["changes"]["timetable"]}
        assert timetable["r2"]["status"] == "held" and timetable["r2"]["held_for"] == "seating"
        no_seating = await server.command({"type": "start_round", "item": "r2"})
        assert no_seating.status_code == 409 and "seating" in no_seating.json()["error"]
        # Seating from the standings needs every table of r1 scored.
        assert (await server.command({"type": "publish_seating", "item": "r2"})).status_code == 409
        await score_round(server, "r1")
        ok(await server.command({"type": "publish_seating", "item": "r2"}))
        started = ok(await server.command({"type": "start_round", "item": "r2"}))
        assert started["events"][0]["type"] == "round_started"
        assert item_of(await server.state(), "r2")["status"] == "running"
        await close_all([display])


@pytest.mark.parametrize("backend", BACKENDS)
async def test_an_overrun_moves_the_rest_of_the_day_on_every_display(backend: str, tmp_path: Path) -> None:
    # (r1 is due 6 s on, so a busy machine's slow start still leaves time to publish its seating)
    r1 = round_entry("r1", 1, start_in=6, minutes=10)
    r2 = round_entry("r2", 2, start=from_now(6 + 600 + 600), minutes=10)
    dinner = {"id": "dinner", "kind": "meal", "start": from_now(6 + 1200 + 900), "minutes": 60}
    file = write_tournament(tmp_path / "t.toml", timetable=[r1, r2, dinner])
    async with serving(backend, file, tmp_path) as server:
        planned = {i["id"]: i["start"] for i in (await server.state())["timetable"]}
        displays = [await server.client("display"), await server.client("display")]
        ok(await server.command({"type": "publish_seating", "item": "r1"}))
        await displays[0].wait_for(is_event(signal="r1:start"), timeout=10)
        ack = ok(await server.command({"type": "extend", "item": "r1", "minutes": 15}))
        for display in displays:
            message = await display.wait_for(is_event(seq=ack["seq"]))
            timetable = {i["id"]: i for i in message["changes"]["timetable"]}
            assert timetable["r2"]["start"] == planned["r2"] + 15 * 60_000
            assert timetable["r2"]["planned_start"] == planned["r2"]
            assert timetable["dinner"]["start"] == planned["dinner"] + 15 * 60_000
            followed = [a for a in message["changes"]["announcements"]
                        if a["type"] == "timetable_followed" and a["seq"] == ack["seq"]]
            assert followed == [{"seq": ack["seq"], "ts": followed[0]["ts"], "type": "timetable_followed",
                                 "item": "r2", "title": "Round 2", "round": 2,
                                 "start": planned["r2"] + 15 * 60_000, "was": planned["r2"]}]
        await close_all(displays)


@pytest.mark.parametrize("backend", BACKENDS)
async def test_a_walk_in_after_the_draw_is_seated_from_round_2(backend: str, tmp_path: Path) -> None:
    rounds = [round_entry("r1", 1, start_in=3600, minutes=60), round_entry("r2", 2, start_in=7200, minutes=60)]
    file = write_tournament(tmp_path / "t.toml", timetable=rounds, players=SIX)
    async with serving(backend, file, tmp_path) as server:
        display = await server.client("display")
        ok(await server.command({"type": "publish_seating", "item": "r1"}))
        walk_in = ok(await server.command({"type": "register_player", "name": "Mirko Đurić"}))
        event = walk_in["events"][0]
        assert event["type"] == "player_registered" and event["payload"]["enters"] == "r2"
        player = event["payload"]["player"]
        pushed = await display.wait_for(is_event(seq=walk_in["seq"]))
        assert {"id": player, "name": "Mirko Đurić", "team": None, "enters": "r2"} in pushed["changes"]["players"]
        state = await server.state()
        assert all(player not in t["players"] for t in state["seating"]["r1"]["tables"])
        ok(await server.command({"type": "start_round", "item": "r1"}))
        await score_round(server, "r1")
        ok(await server.command({"type": "end_round", "item": "r1"}))
        seated = ok(await server.command({"type": "publish_seating", "item": "r2"}))["events"][0]["payload"]
        assert seated["method"] == "standings"
        assert any(player in t["players"] for t in seated["tables"])
        me = await server.client("player", player)
        snapshot = await me.wait_for(lambda m: m.get("type") == "snapshot")
        assert [s["item"] for s in snapshot["sections"]["me"]["seats"]] == ["r2"]
        await close_all([display, me])


@pytest.mark.parametrize("backend", BACKENDS)
async def test_an_edited_file_stops_serve_until_its_changes_are_accepted(backend: str, tmp_path: Path) -> None:
    rounds = [round_entry("r1", 1, start_in=3600, minutes=60), round_entry("r2", 2, start_in=7200, minutes=60)]
    file = write_tournament(tmp_path / "t.toml", timetable=rounds)
    edited_rounds = [rounds[0], {**rounds[1], "start": rounds[1]["start"] + timedelta(minutes=5)}]
    async with serving(backend, file, tmp_path) as server:
        where = (["--redis", server.redis_url] if backend == "redis"  # type: ignore[attr-defined]
                 else ["--db", str(tmp_path / "t.db")])
        server.stop()
        players = [{**p, "name": "Ana Petrović-Marić"} if p["id"] == "p1" else p for p in DEFAULT_PLAYERS]
        write_tournament(file, timetable=edited_rounds, players=players)
        refused = run_cli("serve", str(file), "--port", "0", *where)
        assert refused.returncode == 2, refused.stderr
        assert "player p1 renamed Ana Petrović → Ana Petrović-Marić" in refused.stderr
        assert "r2 start" in refused.stderr
        diff = run_cli("diff", str(file), *where)
        assert diff.returncode == 1 and "player p1 renamed" in diff.stdout
        if backend == "sqlite":
            accepted = await asyncio.to_thread(start_server, file, tmp_path / "t.db", None, ("--accept-changes",))
        else:
            accepted = await asyncio.to_thread(start_instance, file, server.redis_url,  # type: ignore[attr-defined]
                                               extra_args=("--accept-changes",))
        try:
            state = await accepted.state()
            assert next(p for p in state["players"] if p["id"] == "p1")["name"] == "Ana Petrović-Marić"
            events = await accepted.events()
            assert [e["type"] for e in events][-2:] == ["player_updated", "item_moved"]
            assert all(e["payload"].get("via") == "file" for e in events[-2:])
            assert state["audit"][-1]["type"] == "item_moved"  # audited (and undoable) like a console command
        finally:
            accepted.stop()
        agrees = run_cli("diff", str(file), *where)
        assert agrees.returncode == 0, agrees.stdout


async def test_a_refused_change_writes_nothing(tmp_path: Path) -> None:
    rounds = [round_entry("r1", 1, start_in=3600, minutes=60), round_entry("r2", 2, start_in=7200, minutes=60)]
    file = write_tournament(tmp_path / "t.toml", timetable=rounds)
    db = tmp_path / "t.db"
    with start_server(file, db) as server:
        ok(await server.command({"type": "publish_seating", "item": "r1"}))
        ok(await server.command({"type": "start_round", "item": "r1"}))
        await score_round(server, "r1")
    before = sqlite3.connect(db).execute("SELECT count(*) FROM events").fetchone()[0]
    players = [{**p, "name": "Ana P."} if p["id"] == "p1" else p for p in DEFAULT_PLAYERS if p["id"] != "p4"]
    write_tournament(file, timetable=rounds, players=players)
    refused = run_cli("serve", str(file), "--port", "0", "--db", str(db), "--accept-changes")
    assert refused.returncode == 2
    assert "player p4 Dragan Marković removed: has results in r1" in refused.stderr
    after = sqlite3.connect(db).execute("SELECT count(*) FROM events").fetchone()[0]
    assert after == before  # not even the rename, which alone would have been accepted


@pytest.mark.parametrize("backend", BACKENDS)
async def test_a_plan_in_the_past_fires_nothing_and_can_be_shifted_to_now(backend: str, tmp_path: Path) -> None:
    long_ago = [round_entry("r1", 1, start=from_now(-25 * 365 * 86400), minutes=180),
                round_entry("r2", 2, start=from_now(-25 * 365 * 86400 + 4 * 3600), minutes=180)]
    file = write_tournament(tmp_path / "t.toml", timetable=long_ago)
    async with serving(backend, file, tmp_path) as server:
        events = await until(lambda: _events_with(server, "plan_missed"))
        await asyncio.sleep(1.0)  # would anything else fire?
        events = await server.events()
        assert [e["type"] for e in events] == ["plan_recorded", "plan_missed"]
        missed = events[1]["payload"]
        assert missed["items"] == ["r1", "r2"]
        state = await server.state()
        assert [i["status"] for i in state["timetable"]] == ["missed", "missed"]
        shifted = ok(await server.command({"type": "shift_timetable", "item": missed["shift_item"],
                                           "minutes": missed["shift_minutes"]}))
        assert shifted["events"][0]["payload"]["items"] == ["r1", "r2"]
        state = await server.state()
        assert [i["status"] for i in state["timetable"]] == ["scheduled", "scheduled"]
        assert item_of(state, "r1")["start"] > time.time() * 1000


async def _events_with(server: Server, kind: str) -> list[dict[str, Any]] | None:
    events = await server.events()
    return events if any(e["type"] == kind for e in events) else None


async def test_an_old_log_is_served_with_its_file_as_the_plan_recorded_once(tmp_path: Path) -> None:
    """A log written before plans were recorded (its owner is the tournament's name) keeps working."""
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    db = tmp_path / "t.db"
    old = sqlite3.connect(db)
    old.executescript("""
        CREATE TABLE events (seq INTEGER PRIMARY KEY, ts INTEGER NOT NULL, type TEXT NOT NULL,
                             actor TEXT NOT NULL, payload TEXT NOT NULL, signal TEXT UNIQUE);
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO meta VALUES ('tournament', 'Integration Cup');
    """)
    old.execute("INSERT INTO events(ts, type, actor, payload) VALUES (?, 'announced', 'referee', ?)",
                (int(time.time() * 1000), json.dumps({"text": "welcome"})))
    old.commit()
    old.close()
    for _ in range(2):
        with start_server(file, db) as server:
            events = await server.events()
            assert [e["type"] for e in events] == ["announced", "plan_recorded"]
            assert (await server.state())["announcements"][0]["text"] == "welcome"


async def test_the_public_log_names_the_tournament_file_without_the_server_s_folders(tmp_path: Path) -> None:
    """The plan's event says which file it came from by its name alone: the server's folders are nobody's
    business in the hall (a log written before that still has the path: shown without it)."""
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    with start_server(file, tmp_path / "t.db") as server:
        (plan,) = [e for e in await server.events() if e["type"] == "plan_recorded"]
        assert plan["payload"]["file"] == "t.toml"
    db = tmp_path / "old.db"
    with start_server(file, db):
        pass
    old = sqlite3.connect(db)
    (payload,) = old.execute("SELECT payload FROM events WHERE type = 'plan_recorded'").fetchone()
    old.execute("UPDATE events SET payload = ? WHERE type = 'plan_recorded'",
                (json.dumps({**json.loads(payload), "file": str(file.resolve())}),))
    old.commit()
    old.close()
    with start_server(file, db) as server:
        public = json.dumps(await server.events())
        assert str(tmp_path.resolve()) not in public and '"file": "t.toml"' in public


async def test_undo_of_a_walk_in_and_of_a_shift_restores_the_state_before(tmp_path: Path) -> None:
    rounds = [round_entry("r1", 1, start_in=3600, minutes=60), round_entry("r2", 2, start_in=7200, minutes=60)]
    file = write_tournament(tmp_path / "t.toml", timetable=rounds)
    with start_server(file, tmp_path / "t.db") as server:
        before = await server.state()
        ok(await server.command({"type": "register_player", "name": "Mirko Đurić"}))
        ok(await server.command({"type": "shift_timetable", "item": "r1", "minutes": 20}))
        moved = await server.state()
        assert item_of(moved, "r2")["start"] == item_of(before, "r2")["start"] + 20 * 60_000
        assert len(moved["players"]) == len(before["players"]) + 1
        ok(await server.command({"type": "undo"}))
        ok(await server.command({"type": "undo"}))
        after = await server.state()
        assert after["timetable"] == before["timetable"] and after["players"] == before["players"]
