"""Several competitions on one server (`live serve FOLDER`, `live serve FILE FILE…`): each under /<id>/ with its own
log, API, socket, cookies and printed links; `/` lists them; ids that would clash are refused before anything
is served."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
from redis_server import RedisServer
from server import (
    REFEREE_TOKEN,
    Server,
    WSClient,
    codes_page,
    round_entry,
    run_cli,
    start_server,
    write_tournament,
)


def season_folder(tmp_path: Path) -> Path:
    """A folder with two competitions: a preferans open today, and a side event a week from now."""
    folder = tmp_path / "season"
    folder.mkdir()
    write_tournament(folder / "open.toml", name="Open Cup", timetable=[round_entry("r1", 1, start_in=3600)])
    write_tournament(folder / "side-event.toml", name="Side Event",
                     timetable=[round_entry("s1", 1, start_in=7 * 86400)])
    return folder


async def announced(server: Server, text: str) -> int:
    response = await server.command({"type": "announce", "text": text})
    assert response.status_code == 200, response.text
    return int(response.json()["seq"])


async def test_each_competition_has_its_own_address_log_and_socket(tmp_path: Path) -> None:
    folder = season_folder(tmp_path)
    logs = tmp_path / "logs"
    with start_server(folder, logs) as server:
        listed = (await server.get_json("/api/competitions"))["competitions"]
        assert [(c["id"], c["base"], c["name"]) for c in listed] == [
            ("open", "/open", "Open Cup"), ("side-event", "/side-event", "Side Event")]
        # (the open's round an hour from now is on today's date unless that hour crosses midnight)
        today = datetime.now(UTC).date() == (datetime.now(UTC) + timedelta(hours=1)).date()
        assert listed[0]["when"] == ("today" if today else "upcoming") and listed[1]["when"] == "upcoming"

        open_, side = server.competition("open"), server.competition("side-event")
        assert (await open_.state())["tournament"]["name"] == "Open Cup"
        assert (await side.state())["tournament"]["name"] == "Side Event"
        # the shared token from the environment referees both; a command to one is that one's alone
        watcher = await side.client("display")
        seq = await announced(open_, "to the open's hall")
        assert [e["type"] for e in await side.events()] == ["plan_recorded"]
        assert any(e["seq"] == seq and e["type"] == "announced" for e in await open_.events())
        await asyncio.sleep(0.3)
        assert not any(m.get("type") == "event" for m in watcher.messages)
        await watcher.close()
        # one log file per competition, named after its file, in --db's folder
        assert sorted(p.name for p in logs.glob("*.db")) == ["open.db", "side-event.db"]
        # the root has no competition of its own: its old addresses lead to the list, its socket is not there
        async with httpx.AsyncClient() as http:
            moved = await http.get(f"{server.root}/display")
            assert moved.status_code == 307 and moved.headers["location"] == "/"
        with pytest.raises(Exception, match="404"):
            await WSClient.connect(f"ws://{server.host}:{server.port}/ws?view=display", timeout=5)
        health = await server.get_json("/api/health")
        assert set(health["competitions"]) == {"open", "side-event"}
    # a restart keeps each competition's log, each under its own address
    with start_server(folder, logs) as again:
        assert any(e["type"] == "announced" for e in await again.competition("open").events())
        assert [e["type"] for e in await again.competition("side-event").events()] == ["plan_recorded"]


async def test_a_competitions_session_links_and_pages_stay_under_its_address(tmp_path: Path) -> None:
    with start_server(season_folder(tmp_path), tmp_path / "logs") as server:
        open_ = server.competition("open")
        async with httpx.AsyncClient() as http:
            signed = await http.post(f"{open_.url}/api/login", json={"token": REFEREE_TOKEN})
            assert signed.status_code == 200, signed.text
            cookie = signed.headers["set-cookie"]
            assert "Path=/open" in cookie, cookie  # (a session of the open's rides no request to the side event)
            links = await http.post(f"{open_.url}/api/login-links", json={"name": "referee"},
                                    headers={"Authorization": f"Bearer {REFEREE_TOKEN}"})
            assert links.json()["url"].startswith(f"{server.root}/open/referee#login="), links.text
            page = (await http.get(f"{open_.url}/display")).text
            assert '<meta name="live-base" content="/open">' in page
            assert 'href="/static/' in page or 'src="/static/' in page  # the pages' files stay at the root
            # another competition's page is its own, and the root's start page is no competition's
            other = (await http.get(f"{server.root}/side-event/player")).text
            assert '<meta name="live-base" content="/side-event">' in other


async def test_the_environments_secrets_sign_each_competition_differently(tmp_path: Path) -> None:
    """One LIVE_CHECKIN_SECRET for the server: each competition's check-in codes are its own."""
    folder = tmp_path / "season"
    folder.mkdir()
    for name in ("a", "b"):
        write_tournament(folder / f"{name}.toml", name=name.upper(), timetable=[round_entry("r1", 1, start_in=3600)])
    env = {"LIVE_CHECKIN_SECRET": "one-secret-for-the-whole-server", "LIVE_REFEREE_SECRET": "another"}
    with start_server(folder, tmp_path / "logs", env=env) as server:
        codes = [await codes_page(server.competition(ident)) for ident in ("a", "b")]
        assert codes[0].keys() == codes[1].keys() and len(codes[0]) == 4
        assert all(codes[0][player] != codes[1][player] for player in codes[0])


def test_ids_that_clash_are_refused_before_anything_is_served(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    write_tournament(one / "cup.toml", timetable=[round_entry("r1", 1, start_in=3600)])
    write_tournament(two / "Cup.toml", timetable=[round_entry("r1", 1, start_in=3600)])
    done = run_cli("serve", str(one / "cup.toml"), str(two / "Cup.toml"), "--db", str(tmp_path / "logs"))
    assert done.returncode == 1
    assert "have the same id 'Cup'" in done.stderr or "have the same id 'cup'" in done.stderr, done.stderr
    assert not (tmp_path / "logs").exists()  # nothing was written
    write_tournament(tmp_path / "api.toml", timetable=[round_entry("r1", 1, start_in=3600)])
    done = run_cli("serve", str(one / "cup.toml"), str(tmp_path / "api.toml"))
    assert done.returncode == 1 and "'api' is a name the server's root answers itself" in done.stderr, done.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    done = run_cli("serve", str(empty))
    assert done.returncode == 1 and "the folder has no tournament file" in done.stderr, done.stderr


async def test_a_season_on_redis_keeps_each_competition_under_its_own_keys(tmp_path: Path) -> None:
    folder = season_folder(tmp_path)
    with RedisServer(directory=tmp_path / "redis") as redis:
        server = await asyncio.to_thread(start_server, folder, None, extra_args=("--redis", redis.url))
        try:
            await announced(server.competition("side-event"), "side event only")
            assert [e["type"] for e in await server.competition("open").events()] == ["plan_recorded"]
        finally:
            server.stop()
        import redis as redis_client

        keys = set(redis_client.Redis.from_url(redis.url).keys("*"))
        assert {b"live:open:events", b"live:side-event:events"} <= keys, keys
