"""Several competitions on one server (`live serve FOLDER`, `live serve FILE FILE…`): each under /<id>/ with its own
log, API, socket, cookies and printed links; `/` lists them; ids that would clash are refused before anything
is served."""

from __future__ import annotations

import asyncio
import re
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
from support.leagues import TERM_DAYS, league_file, play_all

from live.core.events import Event
from live.edges.log.sqlite import SQLiteLog


def season_folder(tmp_path: Path) -> Path:
    """A folder with two competitions: a preferans open today, and a side event a week from now."""
    folder = tmp_path / "season"
    folder.mkdir()
    write_tournament(folder / "open.toml", name="Open Cup", timetable=[round_entry("r1", 1, start_in=3600)])
    write_tournament(folder / "side-event.toml", name="Side Event",
                     timetable=[round_entry("s1", 1, start_in=7 * 86400)])
    return folder


async def season_events(logs: Path) -> list[Event]:
    """The season's own log (`season.db` beside the competitions'), read after its server stopped."""
    season_log = SQLiteLog(logs / "season.db", "season")
    await season_log.open()
    try:
        return await season_log.read()
    finally:
        await season_log.close()


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
        # (and the season's own, which keeps the organizer's token)
        assert sorted(p.name for p in logs.glob("*.db")) == ["open.db", "season.db", "side-event.db"]
        # the root has no competition of its own: its old addresses lead to the list, its socket is not there
        async with httpx.AsyncClient() as http:
            moved = await http.get(f"{server.root}/display")
            assert moved.status_code == 307 and moved.headers["location"] == "/"
            typo = await http.get(f"{server.root}/opne/display")
            assert typo.status_code == 404 and "/open, /side-event" in typo.text, typo.text
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


ORGANIZER = "season-organizer-token"
A_LEAGUE = {"preset": "slovak-league", "name": "2. liga Východ 2027", "date": "2027-04-17", "start": "09:30",
            "timezone": "Europe/Bratislava", "language": "sk", "per_day": 3,
            "roster": "Košice: Ján Kováč, Peter Horváth, Eva Šimková, Jana Oravcová\n"
                      "Prešov: Milan Polák, Štefan Krajčí, Igor Bielik, Marek Švec\n"
                      "Poprad: Anna Ďuricová, Karol Mráz, Lucia Rybárová, Roman Šťastný\n"}


async def create(server: Server, form: dict[str, object], token: str = ORGANIZER) -> httpx.Response:
    async with httpx.AsyncClient(timeout=10) as http:
        return await http.post(f"{server.root}/api/competitions", json=form,
                               headers={"Authorization": f"Bearer {token}"})


async def test_the_organizer_adds_a_competition_from_a_preset_a_date_and_a_roster(tmp_path: Path) -> None:
    folder = season_folder(tmp_path)
    env = {"LIVE_ORGANIZER_TOKEN": ORGANIZER}
    with start_server(folder, tmp_path / "logs", env=env) as server:
        assert (await create(server, A_LEAGUE, token="wrong")).status_code == 401
        made = await create(server, A_LEAGUE)
        assert made.status_code == 201, made.text
        answer = made.json()
        assert answer["competition"]["id"] == "2-liga-vychod-2027" and answer["file"] == "2-liga-vychod-2027.toml"
        league = server.competition("2-liga-vychod-2027")
        state = await league.state()
        assert state["tournament"]["name"] == "2. liga Východ 2027"
        assert [item["id"] for item in state["timetable"]] == ["m1", "m2", "m3"]  # 3 teams: 3 rounds with a bye
        assert len(state["teams"]) == 3 and len(state["players"]) == 12
        # it runs like any other: its socket, its commands, its place in the list
        watcher = await league.client("display")
        seq = await announced(league, "Vitajte")
        await watcher.wait_for(lambda m: m.get("type") == "event" and m["seq"] == seq)
        await watcher.close()
        listed = [c["id"] for c in (await server.get_json("/api/competitions"))["competitions"]]
        assert "2-liga-vychod-2027" in listed
        # the season's coordinator sees its matches (the preferans open has no teams, no captains: not listed)
        async with httpx.AsyncClient() as http:
            seen = await http.get(f"{server.root}/api/coordinator", headers={"Authorization": f"Bearer {ORGANIZER}"})
            assert (await http.get(f"{server.root}/api/coordinator")).status_code == 401
        assert seen.status_code == 200, seen.text
        (league_matches,) = seen.json()["competitions"]
        assert league_matches["id"] == "2-liga-vychod-2027" and len(league_matches["matches"]) >= 1
        # the same id again is refused, and writes nothing
        again = await create(server, A_LEAGUE)
        assert again.status_code == 409 and again.json()["detail"]["code"] == "competition.id_taken", again.text
        wrong = await create(server, {**A_LEAGUE, "id": "other", "roster": "Košice Ján, Peter"})
        assert wrong.status_code == 422 and wrong.json()["detail"] == {
            "field": "roster", "code": "competition.roster_team", "line": 1}, wrong.text  # (the page says it)
        assert not (folder / "other.toml").exists()
        typo = await create(server, {**A_LEAGUE, "id": "other", "rooster": "x"})
        assert typo.status_code == 422 and typo.json()["detail"]["code"] == "field.unknown"
    # the file is an ordinary tournament file in the season's folder: the next start serves it too
    assert (folder / "2-liga-vychod-2027.toml").read_text(encoding="utf-8").count("[[teams]]") == 3
    assert [(e.type, e.actor, e.payload["id"]) for e in await season_events(tmp_path / "logs")] == [
        ("competition_created", "organizer", "2-liga-vychod-2027")]  # (the refused ones: nothing)
    with start_server(folder, tmp_path / "logs", env=env) as again_server:
        events = await again_server.competition("2-liga-vychod-2027").events()
        assert any(e["type"] == "announced" for e in events)


async def test_a_season_of_files_takes_no_new_competition(tmp_path: Path) -> None:
    folder = season_folder(tmp_path)
    files = [str(folder / "open.toml"), str(folder / "side-event.toml")]
    with start_server(files[0], tmp_path / "logs", more_files=files[1:],
                      env={"LIVE_ORGANIZER_TOKEN": ORGANIZER}) as server:
        refused = await create(server, A_LEAGUE)
        assert refused.status_code == 409 and "not one folder" in refused.json()["error"], refused.text


async def test_followers_public_answer_is_named_by_its_seq_and_asked_again_for_a_few_bytes(tmp_path: Path) -> None:
    with start_server(season_folder(tmp_path), tmp_path / "logs") as server:
        open_ = server.competition("open")
        async with httpx.AsyncClient(timeout=10) as http:
            first = await http.get(f"{open_.url}/api/public")
            assert first.status_code == 200 and first.headers["content-encoding"] == "gzip"
            assert "public" in first.headers["cache-control"]
            tag = first.headers["etag"]
            body = first.json()
            assert body["seq"] == 1 and body["sections"]["tournament"]["name"] == "Open Cup"
            assert "audit" not in body["sections"]  # (what every screen sees, nothing of the referees')
            same = await http.get(f"{open_.url}/api/public", headers={"If-None-Match": tag})
            assert same.status_code == 304 and not same.content
            weak = await http.get(f"{open_.url}/api/public", headers={"If-None-Match": f'"x", W/{tag}'})
            assert weak.status_code == 304
            await announced(open_, "round 1 soon")
            after = await http.get(f"{open_.url}/api/public", headers={"If-None-Match": tag})
            assert after.status_code == 200 and after.headers["etag"] != tag and after.json()["seq"] == 2
            # another competition's answer is its own
            other = await http.get(f"{server.root}/side-event/api/public", headers={"If-None-Match": tag})
            assert other.status_code == 200 and other.json()["sections"]["tournament"]["name"] == "Side Event"


async def test_two_instances_share_a_season_on_redis(tmp_path: Path) -> None:
    """Each competition's log, scheduler lease and followers span the instances, as one competition's do."""
    folder = season_folder(tmp_path)
    with RedisServer(directory=tmp_path / "redis") as redis:
        one, two = await asyncio.gather(
            asyncio.to_thread(start_server, folder, None, extra_args=("--redis", redis.url)),
            asyncio.to_thread(start_server, folder, None, extra_args=("--redis", redis.url)))
        try:
            follower = await two.competition("side-event").client("display")
            seq = await announced(one.competition("side-event"), "through the other instance")
            message = await follower.wait_for(lambda m: m.get("type") == "event" and m["seq"] == seq, timeout=10)
            assert message["event"]["payload"]["text"] == "through the other instance"
            await follower.close()
            assert [e["type"] for e in await two.competition("open").events()] == ["plan_recorded"]
            leaders = [line for server in (one, two) for line in server.output().splitlines()
                       if "leading: running the scheduler" in line]
            # one leader per competition, whichever instance it is
            named = sorted(re.search(r"hall: ([\w-]+): leading", line).group(1) for line in leaders)  # type: ignore[union-attr]  # (each line was found by that text)
            assert named == ["open", "side-event"], leaders
        finally:
            one.stop()
            two.stop()


def teams_roster(prefix: str, count: int) -> str:
    return "".join(f"{prefix} {n}: A{n} {prefix}, B{n} {prefix}, C{n} {prefix}, D{n} {prefix}\n"
                   for n in range(1, count + 1))


async def test_the_seasons_promotion_and_relegation_is_proposed_from_the_leagues_standings(tmp_path: Path) -> None:
    folder = season_folder(tmp_path)
    with start_server(folder, tmp_path / "logs", env={"LIVE_ORGANIZER_TOKEN": ORGANIZER}) as server:
        for ident, name, count in (("first", "1. liga", 4), ("east", "2. liga Východ", 3),
                                   ("west", "2. liga Západ", 3)):
            made = await create(server, {**A_LEAGUE, "id": ident, "name": name, "roster": teams_roster(ident, count)})
            assert made.status_code == 201, made.text
        async with httpx.AsyncClient(timeout=10, headers={"Authorization": f"Bearer {ORGANIZER}"}) as http:
            asked = f"{server.root}/api/promotion?first=first&second=east,west"
            proposal = (await http.get(asked)).json()
            leagues = proposal["leagues"]
            order = {ident: [t["team"] for t in league["teams"]] for ident, league in leagues.items()}
            assert leagues["first"]["status"] == "running" and proposal["final"] is False  # (no results: a proposal)
            assert [t["team"] for t in proposal["relegated"]] == order["first"][-2:]
            assert [t["team"] for t in proposal["promoted"]] == [order["east"][0], order["west"][0]]
            assert proposal["promoted"][0]["name"].startswith("east ")  # named as the league names the team
            # the East winner declines its licence: its runner-up goes up instead (§13.1)
            declined = (await http.get(f"{asked}&declined={order['east'][0]}")).json()
            assert [t["team"] for t in declined["promoted"]] == [order["east"][1], order["west"][0]]
            assert declined["steps"][0]["team"] == order["east"][0] and declined["steps"][0]["to"] == order["east"][1]
            wrong = await http.get(f"{server.root}/api/promotion?first=open&second=east,west")
            assert wrong.status_code == 422 and wrong.json()["detail"]["field"] == "first"  # (no teams: not a league)
        async with httpx.AsyncClient(timeout=10) as anyone:
            assert (await anyone.get(asked)).status_code == 401


async def test_the_promotion_is_confirmed_in_the_seasons_log_once_the_standings_are_final(tmp_path: Path) -> None:
    folder = tmp_path / "season"
    folder.mkdir()
    league_file(folder / "first.toml", "Prvá", ["Prvá t1", "Prvá t2", "Prvá t3", "Prvá t4"], term_days=TERM_DAYS)
    league_file(folder / "east.toml", "Východ", ["Východ t1", "Východ t2"], term_days=TERM_DAYS)
    league_file(folder / "west.toml", "Západ", ["Západ t1", "Západ t2"], term_days=TERM_DAYS)
    logs = tmp_path / "logs"
    with start_server(folder, logs, env={"LIVE_ORGANIZER_TOKEN": ORGANIZER}) as server:
        asked = f"{server.root}/api/promotion?first=first&second=east,west"
        async with httpx.AsyncClient(timeout=10, headers={"Authorization": f"Bearer {ORGANIZER}"}) as http:
            early = await http.post(asked)
            assert early.status_code == 409 and early.json()["detail"]["code"] == "promotion.not_final", early.text
            await play_all(server.competition("first"), 3)
            await play_all(server.competition("east"), 1)
            await play_all(server.competition("west"), 1)
            held = (await http.get(asked)).json()
            assert held["leagues"]["first"]["status"] == "provisional" and held["confirmed"] is None
            await asyncio.sleep(TERM_DAYS * 86400 + 1)  # the term for complaints closes: final, by the clock
            done = await http.post(asked)
            assert done.status_code == 201, done.text
            confirmed = done.json()["confirmed"]
            assert confirmed["by"] == "organizer" and confirmed["first"] == "first"
            assert [t["team"] for t in confirmed["relegated"]] == [t["team"] for t in done.json()["relegated"]]
            assert (await http.get(asked)).json()["confirmed"]["seq"] == confirmed["seq"]
    # it is in the season's own log, which outlives the server
    assert [event.type for event in await season_events(logs)] == ["promotion_confirmed"]
