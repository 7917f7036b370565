"""`/ws` on its own listener (live/edges/web/ws_listener.py), for real: where the pages are told to open it, whose
cookie it takes, what it refuses, and the limits it keeps for handshakes.

The pages come from the HTTP port and open the WebSocket on another port, so the upgrade's Origin is
the HTTP port's: the listener must take a session cookie from exactly that origin (or its own, through
the proxy) and from no other.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from page_reader import read_sections
from server import HOST, Server, WSClient, is_type, round_entry, start_server, write_tournament
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from live.core.referees import COOKIE
from live.edges.limits import MAX_PENDING_PER_ADDRESS, REQUEST_TIMEOUT


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    with start_server(file, tmp_path / "t.db") as running:
        yield running


def told(page: str) -> str | None:
    found = re.search(r'<meta name="live-ws" content="([^"]*)">', page)
    return found.group(1) if found else None


async def test_every_page_is_told_the_websocket_address_of_the_host_it_was_asked_from(server: Server) -> None:
    async with httpx.AsyncClient(timeout=10) as http:
        for page in ("/", "/display", "/player", "/referee"):
            answer = await http.get(f"{server.url}{page}")
            assert told(answer.text) == f"ws://{HOST}:{server.ws_port}/ws", page
        by_name = await http.get(f"{server.url}/display", headers={"Host": f"hall.local:{server.port}"})
        assert told(by_name.text) == f"ws://hall.local:{server.ws_port}/ws"


async def test_behind_a_proxy_the_pages_are_told_ws_on_their_own_origin(tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    with start_server(file, tmp_path / "t.db", extra_args=("--ws-url", "/ws")) as running:
        async with httpx.AsyncClient(timeout=10) as http:
            assert told((await http.get(f"{running.url}/display")).text) == "/ws"


async def session_cookie(server: Server) -> str:
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        answer = await http.post("/api/login", json={"token": server.token})
        assert answer.status_code == 200, answer.text
        return str(answer.cookies[COOKIE])


@pytest.mark.parametrize(("origin", "taken"), [
    ("{http}", True),  # the page, from the HTTP port: another origin than the listener's, but this server's
    ("{ws}", True),  # the listener's own origin (the proxy's, /ws on the pages' origin)
    ("http://127.0.0.1:{other}", False),  # another port of the same host: not this server's pages
    ("http://evil.example", False),
])
async def test_a_referees_cookie_is_taken_only_from_this_servers_own_pages(server: Server, origin: str,
                                                                           taken: bool) -> None:
    cookie = await session_cookie(server)
    origin = origin.format(http=server.url, ws=f"http://{HOST}:{server.ws_port}", other=server.port + 7)
    client = await WSClient.connect(server.ws_url("referee"), additional_headers={
        "Cookie": f"{COOKIE}={cookie}", "Origin": origin, "Sec-Fetch-Site": "same-site"})
    try:
        if taken:
            snapshot = await client.wait_for(is_type("snapshot"), timeout=5)
            assert "audit" in snapshot["sections"]
        else:
            await client.send_json({"type": "ping", "t": 1})  # not an auth message: signed out
            assert (await client.wait_for(is_type("error"), timeout=5))["signed_out"] is True
    finally:
        await client.close()


async def test_only_ws_is_served_and_no_extension_is_negotiated(server: Server) -> None:
    with pytest.raises(InvalidStatus) as refused:
        await connect(f"{server.ws_base}/socket?view=display", open_timeout=5)
    assert refused.value.response.status_code == 404
    # a client that offers compression gets none, and its frames are the plain ones everyone gets
    async with connect(server.ws_url("display"), compression="deflate", open_timeout=5) as ws:
        assert ws.response is not None and "Sec-WebSocket-Extensions" not in ws.response.headers
        assert '"type":"hello"' in str(await asyncio.wait_for(ws.recv(), 5))


async def test_unfinished_handshakes_are_closed_the_oldest_first_past_the_cap_and_all_by_the_deadline(
        server: Server) -> None:
    def open_half(count: int) -> list[socket.socket]:
        socks = []
        for i in range(count):
            sock = socket.create_connection((HOST, server.ws_port), timeout=5)
            sock.sendall(f"GET /ws?view=display HTTP/1.1\r\nHost: {HOST}\r\nX-Slow-{i}: ".encode())
            socks.append(sock)
        return socks

    def closed(sock: socket.socket, within: float) -> bool:
        sock.settimeout(within)
        try:
            return sock.recv(1024) == b""
        except TimeoutError:
            return False
        except OSError:
            return True

    started = time.monotonic()
    socks = await asyncio.to_thread(open_half, MAX_PENDING_PER_ADDRESS + 1)
    try:
        assert await asyncio.to_thread(closed, socks[0], 3.0), "the oldest of one address's handshakes past the cap"
        assert not await asyncio.to_thread(closed, socks[1], 0.2)
        display = await server.client("display")  # a complete handshake goes through meanwhile
        try:
            await display.wait_for(is_type("snapshot"))
        finally:
            await display.close()
        assert await asyncio.to_thread(closed, socks[-1], REQUEST_TIMEOUT + 3)
        assert time.monotonic() - started > REQUEST_TIMEOUT - 1.5, "not before the deadline"
    finally:
        for sock in socks:
            sock.close()


def page_state(messages: list[dict[str, Any]]) -> tuple[dict[str, Any], list[int]]:
    """The sections a page ends with (display/lib/connection.js), and the seqs of the events it got."""
    return read_sections(messages, nothing_fetched)


def nothing_fetched(seq: int, name: str) -> Any:
    raise AssertionError(f"{name} (event {seq}) was too long to push: this test's sections fit in their messages")


async def test_a_phone_that_reads_slowly_is_not_dropped_and_ends_with_what_the_others_have(tmp_path: Path) -> None:
    """While it does not read, its events come without the clock's versions it would only skip
    (live/edges/coalesce.py); once it reads again it gets their latest, and the same state as a fast reader.

    The kernel's buffers take a few MB first (the server's send buffer grows to 4 MB here), so the
    referee extends the round until the others got 8 MB: the slow one is behind well before, and its
    withheld events (a few hundred bytes each) stay far short of the bound (512 KiB unsent). The 40 items'
    timetable (≈ 16 KB) goes with each event: the message budget is raised for it, as a wired hall may
    (`--message-budget`; under the default 4 KiB a page would fetch it, live/edges/budget.py)."""
    timetable = [round_entry(f"r{n}", n, start_in=3600 * n, minutes=60) for n in range(1, 41)]
    file = write_tournament(tmp_path / "t.toml", timetable=timetable)
    with start_server(file, tmp_path / "t.db", extra_args=("--message-budget", str(1 << 20)), seat="r1") as server:
        fast = await server.client("display")
        # a phone in a pocket: the library's client stops reading once it holds one message (max_queue=1),
        # on a socket whose receive buffer is small
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect((HOST, server.ws_port))
        slow = await connect(server.ws_url("display"), sock=sock, max_queue=1, open_timeout=5)
        try:
            await fast.wait_for(is_type("snapshot"))
            await server.acked({"type": "start_round", "item": "r1"})
            last, sent = 0, 0
            async with httpx.AsyncClient(timeout=10) as http:
                while sent < 8_000_000:
                    answer = await server.command({"type": "extend", "item": "r1", "minutes": 1}, http=http)
                    assert answer.status_code == 200, answer.text
                    last = answer.json()["seq"]
                    message = await fast.wait_for(lambda m, seq=last: m.get("seq") == seq, timeout=10)
                    sent += len(json.dumps(message))
            assert (await server.health())["clients"]["display"] == 2, "the slow phone is still connected"
            got: list[dict[str, Any]] = []
            while not got or got[-1].get("seq") != last or got[-1]["type"] != "event":
                got.append(json.loads(await asyncio.wait_for(slow.recv(), 10)))
            with contextlib.suppress(TimeoutError):  # then, once its connection drained, what it was owed
                while True:
                    got.append(json.loads(await asyncio.wait_for(slow.recv(), 2)))
            fast_sections, fast_seqs = page_state(fast.messages)
            slow_sections, slow_seqs = page_state(got)
            assert slow_seqs == fast_seqs and slow_seqs[-1] == last
            assert slow_sections == fast_sections
            assert got[-1]["type"] == "sections" and got[-1]["resync"] is True and got[-1]["seq"] == last
            versions = [sum("timetable" in m.get("changes", {}) for m in ms) for ms in (got, fast.messages)]
            assert versions[0] < versions[1] / 2, f"the clock's versions were coalesced: {versions}"
        finally:
            await fast.close()
            await slow.close()
