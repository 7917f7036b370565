"""Named referees against the real server: each referee's name on their events and in the audit, a
one-time login link that works once, the referee WebSocket by session cookie or by a first message
(never by `?token=`), the check-in codes page by cookie, and a session made on one Redis instance
that the other accepts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
from cluster import start_instances
from redis_server import RedisServer
from server import Server, WSClient, is_type, round_entry, start_server, write_tournament

from live.core.referees import Referees

ANA = "ana-file-token-0123456789"
BOJAN = "bojan-env-token-0123456789"
COOKIE = "live_referee"


def tournament(tmp_path: Path) -> Path:
    """A file with Ana among its `[[referees]]` (Bojan comes from LIVE_REFEREES)."""
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    file.write_text(file.read_text(encoding="utf-8") + f'\n[[referees]]\nname = "Ana"\ntoken = "{ANA}"\n',
                    encoding="utf-8")
    return file


def serve(tmp_path: Path) -> Server:
    return start_server(tournament(tmp_path), tmp_path / "t.db", env={"LIVE_REFEREES": f"Bojan Ilić:{BOJAN}"})


def printed_login(server: Server) -> str:
    """The value of the one-time login link `live serve` printed (after `#login=`)."""
    found = re.search(r"one-time login: +\S+/referee#login=(\S+)", server.output())
    assert found, server.output()
    return found.group(1)


async def login(http: httpx.AsyncClient, base: str, body: dict[str, Any]) -> httpx.Response:
    return await http.post(f"{base}/api/login", json=body)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def test_each_referee_s_name_is_on_their_events_and_in_the_audit(tmp_path: Path) -> None:
    with serve(tmp_path) as server:
        for token, text in ((ANA, "from Ana"), (BOJAN, "from Bojan"), (server.token, "from the shared token")):
            answer = await server.command({"type": "announce", "text": text}, token=token)
            assert answer.status_code == 200, answer.text
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            log = (await http.get("/api/events", headers=bearer(ANA))).json()["events"]
            state = (await http.get("/api/state", headers=bearer(BOJAN))).json()
        said = {e["payload"]["text"]: e["actor"] for e in log if e["type"] == "announced"}
        assert said == {"from Ana": "referee:Ana", "from Bojan": "referee:Bojan Ilić",
                        "from the shared token": "referee"}
        assert [c["by"] for c in state["audit"] if c["type"] == "announced"] == [
            "referee:Ana", "referee:Bojan Ilić", "referee"]
        # "undo last" is each referee's own: Ana's undo takes back Ana's announcement, not the later ones
        undo = await server.command({"type": "undo"}, token=ANA)
        assert undo.status_code == 200, undo.text
        target = undo.json()["events"][0]["payload"]["target"]
        assert next(e for e in log if e["seq"] == target)["payload"]["text"] == "from Ana"
        # `live check` names the referees and prints no token
        from server import run_cli

        checked = run_cli("check", str(server.file), env={"LIVE_REFEREES": f"Bojan Ilić:{BOJAN}"})
        assert checked.returncode == 0 and "Ana, Bojan Ilić" in checked.stdout, checked.stdout + checked.stderr
        assert ANA not in checked.stdout + checked.stderr and BOJAN not in checked.stdout + checked.stderr


async def test_a_login_link_signs_in_once_and_a_second_use_is_refused(tmp_path: Path) -> None:
    with serve(tmp_path) as server:
        value = printed_login(server)
        assert server.token not in server.output().split("one-time login")[1], "the token's URL is never printed"
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as phone:
            first = await login(phone, server.url, {"login": value})
            assert first.status_code == 200, first.text
            assert first.json()["name"] == "referee"
            cookie = first.headers["set-cookie"]
            assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Max-Age=43200" in cookie
            assert (await phone.get("/api/me")).json()["name"] == "referee"
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as thief:
            again = await login(thief, server.url, {"login": value})
            assert again.status_code == 409 and "used already" in again.json()["error"]
            assert COOKIE not in again.headers.get("set-cookie", "")
            forged = await login(thief, server.url, {"login": value[:-3] + "AAA"})
            assert forged.status_code == 401
            # a link a colleague makes for Bojan: signs in as Bojan, once
            made = await thief.post("/api/login-links", json={"name": "Bojan Ilić"}, headers=bearer(ANA))
            assert made.status_code == 200, made.text
            assert made.json()["qr"].startswith("data:image/svg+xml;base64,")
            link = made.json()["url"].split("#login=")[1]
            assert (await login(thief, server.url, {"login": link})).json()["name"] == "Bojan Ilić"
            announced = await thief.post("/api/commands", json={"type": "announce", "text": "by cookie"})
            assert announced.json()["events"][0]["actor"] == "referee:Bojan Ilić"
            assert (await login(thief, server.url, {"login": link})).status_code == 409
        # the sign-ins are audited (for the referees), and the hall sees nothing of them
        signed = [e for e in await server.events() if e["type"] == "referee_signed_in"]
        assert len(signed) == 2 and all(e["payload"] == {"private": True} and "signal" not in e for e in signed)
        state = await server.state()
        assert not any(c["type"] == "referee_signed_in" for c in state["audit"])


async def test_a_cookie_command_from_another_site_s_page_is_refused(tmp_path: Path) -> None:
    with serve(tmp_path) as server:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as browser:
            assert (await login(browser, server.url, {"token": ANA})).status_code == 200
            before = (await server.state())["seq"]
            forged = await browser.post("/api/commands", json={"type": "announce", "text": "csrf"},
                                        headers={"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"})
            assert forged.status_code == 403
            own = await browser.post("/api/commands", json={"type": "announce", "text": "mine"},
                                     headers={"Origin": server.url, "Sec-Fetch-Site": "same-origin"})
            assert own.status_code == 200, own.text
            assert (await server.state())["seq"] == before + 1
            # nor can another site's form sign the referee out
            out = await browser.post("/api/logout", headers={"Origin": "http://evil.example",
                                                            "Sec-Fetch-Site": "cross-site"})
            assert out.status_code == 403 and "set-cookie" not in out.headers
            assert (await browser.get("/api/me")).status_code == 200
            await browser.post("/api/logout")
            assert (await browser.get("/api/me")).status_code == 401


async def test_the_referee_websocket_takes_a_cookie_or_a_first_message_never_a_token_in_the_url(
        tmp_path: Path) -> None:
    with serve(tmp_path) as server:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            session = (await login(http, server.url, {"token": ANA})).cookies[COOKIE]
        url = server.ws_url("referee")
        by_cookie = await WSClient.connect(url, additional_headers={"Cookie": f"{COOKIE}={session}"})
        by_message = await server.client("referee", token=BOJAN)
        in_url = await WSClient.connect(server.ws_url("referee", token=ANA))
        wrong = await server.client("referee", token="not-a-referee-token")
        try:
            for client in (by_cookie, by_message):
                snapshot = await client.wait_for(is_type("snapshot"), timeout=5)
                assert "audit" in snapshot["sections"]
            refused = await in_url.wait_for(is_type("error"), timeout=5)
            assert "does not go in the URL" in refused["error"]
            assert await in_url.wait_closed(timeout=5) == 1008
            assert (await wrong.wait_for(is_type("error"), timeout=5))["signed_out"] is True
            assert await wrong.wait_closed(timeout=5) == 1008
        finally:
            for client in (by_cookie, by_message, in_url, wrong):
                await client.close()
        # a cookie on an upgrade from another site's page is not a session
        foreign = await WSClient.connect(url, additional_headers={"Cookie": f"{COOKIE}={session}",
                                                                  "Origin": "http://evil.example"})
        try:
            await foreign.send_json({"type": "ping", "t": 1})
            assert (await foreign.wait_for(is_type("error"), timeout=5))["signed_out"] is True
        finally:
            await foreign.close()


async def test_the_check_in_codes_page_opens_with_the_session_cookie(tmp_path: Path) -> None:
    with serve(tmp_path) as server:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            assert (await http.get("/api/checkin-codes")).status_code == 401
            assert (await http.get(f"/api/checkin-codes?token={ANA}")).status_code == 401
            assert (await login(http, server.url, {"token": ANA})).status_code == 200
            page = await http.get("/api/checkin-codes")
            assert page.status_code == 200 and "Ana Petrović" in page.text


async def test_a_referee_added_at_the_console_signs_in_with_their_link_and_their_token(tmp_path: Path) -> None:
    with serve(tmp_path) as server:
        added = await server.command({"type": "add_referee", "name": "Vesna"}, token=ANA)
        assert added.status_code == 200, added.text
        answer = added.json()
        token, link = answer["login"]["token"], answer["login"]["url"].split("#login=")[1]
        assert answer["events"][0]["actor"] == "referee:Ana"
        assert token not in str(await server.events()), "the log holds no secret of hers"
        assert (await server.command({"type": "add_referee", "name": "ana"}, token=ANA)).status_code == 409
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as phone:
            assert (await login(phone, server.url, {"login": link})).json()["name"] == "Vesna"
        mine = await server.command({"type": "announce", "text": "Vesna here"}, token=token)
        assert mine.json()["events"][0]["actor"] == "referee:Vesna"
        # undoing the addition takes her away: her token no longer works
        undo = await server.command({"type": "undo", "seq": answer["seq"]}, token=ANA)
        assert undo.status_code == 200, undo.text
        assert (await server.command({"type": "announce", "text": "still?"}, token=token)).status_code == 401


async def test_a_session_made_on_one_redis_instance_works_on_the_other(tmp_path: Path) -> None:
    file = tournament(tmp_path)
    with RedisServer(directory=tmp_path / "redis") as redis:
        a, b = await start_instances(file, redis.url, 2)
        try:
            value = printed_login(a)
            async with httpx.AsyncClient(timeout=10) as http:
                signed = await http.post(f"{a.url}/api/login", json={"login": value})
                assert signed.status_code == 200, signed.text
                # the same link on the other instance: already used (the log refuses its key twice)
                assert (await http.post(f"{b.url}/api/login", json={"login": value})).status_code == 409
                assert (await http.get(f"{b.url}/api/me")).json()["name"] == "referee"
                command = await http.post(f"{b.url}/api/commands", json={"type": "announce", "text": "via b"})
                assert command.status_code == 200, command.text
                assert command.json()["events"][0]["actor"] == "referee"
                ana = await http.post(f"{a.url}/api/login", json={"token": ANA})
                assert ana.status_code == 200
                assert (await http.get(f"{b.url}/api/me")).json()["name"] == "Ana"
        finally:
            a.kill()
            b.kill()


def is_event(kind: str) -> Any:
    return lambda m: m.get("type") == "event" and m["event"]["type"] == kind


async def test_a_referee_taken_away_loses_the_open_referee_feed_at_once(tmp_path: Path) -> None:
    """Undoing a console addition signs out the referee's open consoles (cookie or token) before the next
    event: the check at the upgrade alone let them read every private notice afterwards."""
    with serve(tmp_path) as server:
        added = (await server.command({"type": "add_referee", "name": "Vesna"}, token=ANA)).json()
        token, link = added["login"]["token"], added["login"]["url"].split("#login=")[1]
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as phone:
            session = (await login(phone, server.url, {"login": link})).cookies[COOKIE]
        by_cookie = await WSClient.connect(server.ws_url("referee"),
                                           additional_headers={"Cookie": f"{COOKIE}={session}"})
        by_token = await server.client("referee", token=token)
        ana = await server.client("referee", token=ANA)
        try:
            for client in (by_cookie, by_token, ana):
                await client.wait_for(is_type("snapshot"), timeout=5)
            undo = await server.command({"type": "undo", "seq": added["seq"]}, token=ANA)
            assert undo.status_code == 200, undo.text
            for client in (by_cookie, by_token):
                refused = await client.wait_for(is_type("error"), timeout=5)
                assert refused["signed_out"] is True and "no longer a referee" in refused["error"]
                assert await client.wait_closed(timeout=5) == 1008
            private = await server.command({"type": "announce", "text": "for the referees", "player": "p1"},
                                           token=ANA)
            assert private.status_code == 200, private.text
            await ana.wait_for(is_event("announced"), timeout=5)
            for client in (by_cookie, by_token):
                assert not client.find(is_event("command_undone")) and not client.find(is_event("announced"))
            # and a new console with her old session or token is refused as well
            again = await WSClient.connect(server.ws_url("referee"),
                                           additional_headers={"Cookie": f"{COOKIE}={session}"})
            try:
                await again.send_json({"type": "ping", "t": 1})
                assert (await again.wait_for(is_type("error"), timeout=5))["signed_out"] is True
            finally:
                await again.close()
        finally:
            for client in (by_cookie, by_token, ana):
                await client.close()


async def test_an_open_referee_feed_ends_with_its_session(tmp_path: Path) -> None:
    """A console open when its session expires is signed out then, not at its next command."""
    secret = "a-referee-secret-for-this-test-0123456789"
    file = tournament(tmp_path)
    with start_server(file, tmp_path / "t.db", env={"LIVE_REFEREE_SECRET": secret}) as server:
        at = int((await server.health())["time"])
        short = Referees(secret, []).session("Ana", at, {}, lasts=3_000)  # signed as the server signs
        console = await WSClient.connect(server.ws_url("referee"), additional_headers={"Cookie": f"{COOKIE}={short}"})
        try:
            snapshot = await console.wait_for(is_type("snapshot"), timeout=5)
            assert "audit" in snapshot["sections"]
            refused = await console.wait_for(is_type("error"), timeout=10)
            assert refused["signed_out"] is True and "session has ended" in refused["error"]
            assert await console.wait_closed(timeout=5) == 1008
            assert refused["_received_ms"] >= at + 3_000 - 50, "not before the session's end"
        finally:
            await console.close()


async def test_the_server_chooses_a_new_referee_s_salt(tmp_path: Path) -> None:
    """A salt chosen by the client is refused (nothing written); a referee taken away and added again under
    the same name gets a new token, and their old token and session stay refused."""
    with serve(tmp_path) as server:
        before = len(await server.events())
        chosen = await server.command({"type": "add_referee", "name": "Vesna", "salt": "salt-of-vesna"}, token=ANA)
        assert chosen.status_code == 422, chosen.text
        assert chosen.json()["detail"] == {"field": "salt", "code": "referee.bad_salt"}
        assert len(await server.events()) == before
        first = (await server.command({"type": "add_referee", "name": "Vesna"}, token=ANA)).json()
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as phone:
            link = first["login"]["url"].split("#login=")[1]
            session = (await login(phone, server.url, {"login": link})).cookies[COOKIE]
        assert (await server.command({"type": "undo", "seq": first["seq"]}, token=ANA)).status_code == 200
        second = (await server.command({"type": "add_referee", "name": "Vesna"}, token=ANA)).json()
        assert second["login"]["token"] != first["login"]["token"]
        old = await server.command({"type": "announce", "text": "old token"}, token=first["login"]["token"])
        assert old.status_code == 401
        async with httpx.AsyncClient(base_url=server.url, timeout=10, cookies={COOKIE: session}) as phone:
            assert (await phone.get("/api/me")).status_code == 401, "her session from before the removal"
        new = await server.command({"type": "announce", "text": "new token"}, token=second["login"]["token"])
        assert new.status_code == 200 and new.json()["events"][0]["actor"] == "referee:Vesna"
