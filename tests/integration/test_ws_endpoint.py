"""`/ws` on the HTTP port (live/edges/web/ws_endpoint.py), for real: one port for the pages, the API and the
WebSocket; whose cookie it takes; what it refuses; and the limits the HTTP edge keeps for the upgrade's request.

The pages open `/ws` on their own origin, whatever host and port the hall reaches them at (a port
mapping, a proxy): the upgrade's Origin is then the Host it asks for, and a session cookie is taken from
exactly that origin and from no other.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from page_reader import read_sections
from server import (
    HOST,
    REPO,
    Server,
    StalledClient,
    WSClient,
    free_port,
    is_type,
    round_entry,
    start_server,
    write_tournament,
)
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from live.core.referees import COOKIE
from live.edges.limits import MAX_PENDING_PER_ADDRESS, REQUEST_TIMEOUT


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    with start_server(file, tmp_path / "t.db") as running:
        yield running


async def test_the_pages_the_api_and_the_websocket_share_the_one_port(server: Server) -> None:
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        page = await http.get("/display")
        assert page.status_code == 200 and "live-ws" not in page.text, "no other address for the page to open"
        state = (await http.get("/api/state")).json()
    async with connect(f"ws://{HOST}:{server.port}/ws?view=display", open_timeout=5) as ws:
        hello = json.loads(await asyncio.wait_for(ws.recv(), 5))
        assert hello["type"] == "hello" and hello["seq"] == state["seq"]
    # a plain HTTP request after the upgrades is still answered on the same port
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        assert (await http.get("/api/health")).status_code == 200


def test_a_busy_next_port_does_not_stop_the_server(tmp_path: Path) -> None:
    """With /ws on a listener of its own at the HTTP port + 1, a busy P+1 stopped the server after its banner."""
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    for _ in range(20):  # a port whose next one is free to take, taken here by someone else
        port = free_port()
        with contextlib.suppress(OSError):
            busy = socket.create_server((HOST, port + 1))
            break
    else:
        pytest.skip("no two neighbouring free ports")
    with busy, start_server(file, tmp_path / "t.db", port=port) as running:
        assert httpx.get(f"{running.url}/api/health", timeout=10).status_code == 200
        assert running.proc.poll() is None


def test_the_gone_websocket_options_say_where_ws_is_now(tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    for option, value in (("--ws-port", "8001"), ("--ws-url", "/ws")):
        done = subprocess.run([sys.executable, "-m", "live", "serve", str(file), option, value], cwd=REPO,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2
        assert f"{option} is gone" in done.stderr and "one port" in done.stderr, done.stderr


async def test_a_page_that_does_not_answer_the_keepalive_is_closed_after_the_ws_ping_given(tmp_path: Path) -> None:
    """`--ws-ping 1`: a ping every second, and a page that has not answered within a second is closed (1011)."""
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    with start_server(file, tmp_path / "t.db", extra_args=("--ws-ping", "1")) as running:
        silent = await StalledClient.open(running.host, running.port, "/ws?view=display")
        try:
            code, messages = await silent.read_until_close(timeout=15)  # (the default keepalive takes 40 s)
        finally:
            silent.close()
    assert code == 1011 and [m["type"] for m in messages] == ["hello", "snapshot"]


@pytest.mark.parametrize("seconds", ["0", "0.5", "3601", "nan"])
def test_a_ws_ping_out_of_range_is_refused_before_anything_starts(tmp_path: Path, seconds: str) -> None:
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    done = subprocess.run([sys.executable, "-m", "live", "serve", str(file), "--db", str(tmp_path / "x.db"),
                           "--ws-ping", seconds], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert f"--ws-ping must be seconds from 1 to 3600, not {float(seconds):g}" in done.stderr, done.stderr
    assert not (tmp_path / "x.db").exists(), "nothing written"


@pytest.mark.parametrize("since", ["²", "9" * 5000])
async def test_a_websocket_with_a_since_that_is_not_a_sequence_number_is_closed_with_a_reason(
        server: Server, since: str) -> None:
    async with connect(server.ws_url("display", since=since), open_timeout=5) as ws:
        assert json.loads(await asyncio.wait_for(ws.recv(), 5))["type"] == "error"
        with pytest.raises(ConnectionClosed) as info:
            await asyncio.wait_for(ws.recv(), 5)
    assert info.value.rcvd is not None and info.value.rcvd.code == 1008


async def test_a_binary_websocket_frame_is_closed_with_1003(server: Server) -> None:
    async with connect(server.ws_url("display"), open_timeout=5) as ws:
        assert json.loads(await asyncio.wait_for(ws.recv(), 5))["type"] == "hello"
        await ws.send(b"\x00\x01")
        with pytest.raises(ConnectionClosed) as info:
            while True:
                await asyncio.wait_for(ws.recv(), 5)
    assert info.value.rcvd is not None and info.value.rcvd.code == 1003


async def session_cookie(server: Server) -> str:
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        answer = await http.post("/api/login", json={"token": server.token})
        assert answer.status_code == 200, answer.text
        return str(answer.cookies[COOKIE])


@pytest.mark.parametrize(("origin", "host", "taken"), [
    ("{http}", None, True),  # the page, from this server's origin
    ("http://hall.local", "hall.local", True),  # the same, reached through a port mapping or a proxy (port 80)
    ("http://127.0.0.1:{other}", None, False),  # another port of the same host: not this server's pages
    ("http://hall.local:8000", "hall.local", False),  # another origin than the one the upgrade asks for
    ("http://evil.example", None, False),
])
async def test_a_referees_cookie_is_taken_only_from_this_servers_own_pages(server: Server, origin: str,
                                                                           host: str | None, taken: bool) -> None:
    cookie = await session_cookie(server)
    origin = origin.format(http=server.url, other=server.port + 7)
    headers = {"Cookie": f"{COOKIE}={cookie}", "Origin": origin, "Sec-Fetch-Site": "same-origin"}
    url, through = server.ws_url("referee"), {}
    if host is not None:  # the name the hall uses, at the port it maps to this server's: the Host says it
        url = url.replace(f"{HOST}:{server.port}", host)
        through = {"sock": socket.create_connection((HOST, server.port), timeout=5)}
    client = await WSClient.connect(url, additional_headers=headers, **through)
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


async def test_unfinished_upgrade_requests_are_closed_the_oldest_first_past_the_cap_and_all_by_the_deadline(
        server: Server) -> None:
    def open_half(count: int) -> list[socket.socket]:
        socks = []
        for i in range(count):
            sock = socket.create_connection((HOST, server.port), timeout=5)
            sock.sendall(f"GET /ws?view=display HTTP/1.1\r\nHost: {HOST}\r\nX-Slow-{i}: ".encode())
            socks.append(sock)
        return socks

    def closed(sock: socket.socket, within: float) -> bool:
        """Closed by the server within `within` seconds (after its 408, when it says one)."""
        sock.settimeout(within)
        try:
            while sock.recv(1024):
                pass
            return True
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
        sock.connect((HOST, server.port))
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
