"""Private player sessions: a player's code opens their own page; without it the page is public.

Real `live serve` subprocesses (SQLite, and two instances on a real Redis), httpx for the code
exchange and real WebSocket clients carrying the session cookie on the upgrade, as a browser does.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx
from cluster import start_instances, wait_for_seq
from redis_server import RedisServer
from server import (
    Server,
    WSClient,
    close_all,
    codes_page,
    is_event,
    is_type,
    round_entry,
    start_server,
    write_tournament,
)

SCENARIO_TIMEOUT = 60.0
SECRET_TEXT = "Vesna, please come to the referees' desk about your appeal"




async def session_cookie(server: Server, code: str) -> str:
    async with httpx.AsyncClient(timeout=10) as http:
        answer = await http.post(f"{server.url}/api/player-session", json={"code": code})
    assert answer.status_code == 200, answer.text
    cookie = answer.headers["set-cookie"]
    assert "HttpOnly" in cookie and "samesite=strict" in cookie.lower() and "Path=/" in cookie
    value = answer.cookies["live_player"]
    assert code.replace("-", "") not in value, "the session is not the code"
    return f"live_player={value}"


async def phone(server: Server, player: str, cookie: str | None = None) -> WSClient:
    headers = {"Cookie": cookie} if cookie else None
    return await WSClient.connect(server.ws_url("player", player), additional_headers=headers)


async def test_private_notices_need_the_players_session(tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=2 * 3600, minutes=60)])
    with start_server(file, tmp_path / "t.db") as server:
        async def scenario() -> None:
            codes = await codes_page(server)
            earlier = await server.command({"type": "announce", "text": SECRET_TEXT, "player": "p3"})
            assert earlier.status_code == 200, earlier.text
            vesna_cookie = await session_cookie(server, codes["p3"].lower().replace("-", " "))
            bojan_cookie = await session_cookie(server, codes["p2"])
            anyone = await phone(server, "p3")
            other = await phone(server, "p3", bojan_cookie)  # a session, but Bojan's
            vesna = await phone(server, "p3", vesna_cookie)
            clients = [anyone, other, vesna]
            try:
                for client in (anyone, other):
                    snapshot = await client.wait_for(is_type("snapshot"))
                    me = snapshot["sections"]["me"]
                    assert me["session"] is False and "notices" not in me and me["private_notices"] == 1
                    assert SECRET_TEXT not in json.dumps(snapshot)
                    assert me["name"] == "Vesna Jovanović", "the public part of her page is there"
                mine = (await vesna.wait_for(is_type("snapshot")))["sections"]["me"]
                assert mine["session"] is True and [n["text"] for n in mine["notices"]] == [SECRET_TEXT]

                text = "Your table moved to 7"
                sent = await server.command({"type": "announce", "text": text, "player": "p3"})
                seq = sent.json()["seq"]
                for client in (anyone, other):
                    message = await client.wait_for(is_event(seq))
                    assert message["event"]["payload"] == {"player": "p3", "private": True}
                    assert text not in json.dumps(message) and message["changes"]["me"]["private_notices"] == 2
                message = await vesna.wait_for(is_event(seq))
                assert message["event"]["payload"]["text"] == text
                assert [n["text"] for n in message["changes"]["me"]["notices"]] == [SECRET_TEXT, text]

                # a replay from `since` shows the words only to the session too
                again = await WSClient.connect(server.ws_url("player", "p3", since=1),
                                               additional_headers={"Cookie": vesna_cookie})
                clients.append(again)
                public_replay = await WSClient.connect(server.ws_url("player", "p3", since=1))
                clients.append(public_replay)
                assert SECRET_TEXT in json.dumps(await again.wait_for(is_type("snapshot")))
                await public_replay.wait_for(is_type("snapshot"))
                assert SECRET_TEXT not in json.dumps(public_replay.messages)
            finally:
                await close_all(clients)

            # another site's page cannot sign the player out; "not me" on the phone clears the session
            async with httpx.AsyncClient(timeout=10) as http:
                foreign = await http.delete(f"{server.url}/api/player-session", headers={
                    "Cookie": vesna_cookie, "Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"})
                assert foreign.status_code == 403 and "set-cookie" not in foreign.headers
                out = await http.delete(f"{server.url}/api/player-session", headers={"Cookie": vesna_cookie})
            assert out.status_code == 200 and 'live_player=""' in out.headers["set-cookie"]
            # a forged or tampered cookie is no session
            name, expires, mac = vesna_cookie.split("=", 1)[1].split(".")
            forged = await phone(server, "p3", f"live_player={name}.{int(expires) + 1}.{mac}")
            try:
                assert (await forged.wait_for(is_type("snapshot")))["sections"]["me"]["session"] is False
            finally:
                await forged.close()
            # a wrong code opens no session, and counts
            async with httpx.AsyncClient(timeout=10) as http:
                wrong = await http.post(f"{server.url}/api/player-session", json={"code": "ZZZZ-ZZZZ"})
            assert wrong.status_code == 403 and "set-cookie" not in wrong.headers
            assert (await server.health())["checkin_failures"]["total"] == 1
        await asyncio.wait_for(scenario(), SCENARIO_TIMEOUT)


async def test_a_session_opened_on_one_instance_opens_the_page_on_another(tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=2 * 3600, minutes=60)])
    with RedisServer(directory=tmp_path / "redis") as redis:
        a, b = await start_instances(file, redis.url, 2)
        try:
            async def scenario() -> None:
                codes = await codes_page(a)
                assert codes == await codes_page(b), "one secret, in Redis, for both"
                cookie = await session_cookie(a, codes["p1"])
                sent = await a.command({"type": "announce", "text": SECRET_TEXT, "player": "p1"})
                assert sent.status_code == 200, sent.text
                await wait_for_seq([b], sent.json()["seq"])
                on_b = await phone(b, "p1", cookie)
                try:
                    message = await on_b.wait_for(is_type("snapshot"))
                    assert [n["text"] for n in message["sections"]["me"]["notices"]] == [SECRET_TEXT]
                finally:
                    await on_b.close()
            await asyncio.wait_for(scenario(), SCENARIO_TIMEOUT)
        finally:
            a.kill()
            b.kill()
