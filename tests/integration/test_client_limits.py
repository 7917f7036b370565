"""One client must not slow everyone (docs/design.md#one-client, docs/operations.md#limits): against the real
server.

- a client flooding pings is closed with 1008 while another client keeps getting its events;
- a reconnect with a `since` far behind gets a snapshot with its hello marked `resync`, and no replay;
  a `since` a few events behind still gets exactly those events;
- a connection that sends half a request (or nothing, or half a second request on a kept-alive
  connection, or half a body) is closed within the request timeout;
- many connections that never finish their headers do not stop a normal request from being answered,
  even when the server's open-file limit is far below their number.

The limits are live/edges/limits.py's; the request deadline is live/edges/web/edge.py's (uvicorn has none).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server import (
    HOST,
    PLAN_SEQ,
    REFEREE_TOKEN,
    REPO,
    Server,
    free_port,
    is_event,
    is_type,
    now_ms,
    round_entry,
    start_server,
    write_tournament,
)

from live.edges.budget import BUDGET
from live.edges.limits import MAX_HEADER_BYTES, MESSAGE_BURST, REPLAY_MAX_BYTES, REPLAY_MAX_EVENTS, REQUEST_TIMEOUT

pytestmark = pytest.mark.asyncio


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    path = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    with start_server(path, tmp_path / "t.db") as running:
        yield running


async def announce(server: Server, http: httpx.AsyncClient, text: str) -> int:
    response = await server.command({"type": "announce", "text": text}, http=http)
    assert response.status_code == 200, response.text
    return int(response.json()["seq"])


# pings ----------------------------------------------------------------------------------------


async def test_a_ping_flood_is_closed_with_1008_and_the_others_keep_getting_their_events(server: Server) -> None:
    normal = await server.client("display")
    flooder = await server.client("display")
    try:
        await normal.wait_for(is_type("snapshot"))
        await flooder.wait_for(is_type("snapshot"))
        acked: dict[int, int] = {}

        async def flood() -> int:
            sent = 0
            deadline = time.monotonic() + 5
            with contextlib.suppress(Exception):  # the server closes it mid-flood
                while not flooder.closed and time.monotonic() < deadline and sent < 20_000:
                    await flooder.ws.send('{"type":"ping","t":1}')
                    sent += 1
                    if sent % 200 == 0:
                        await asyncio.sleep(0)
            return sent

        async def signals() -> None:
            async with httpx.AsyncClient(timeout=10) as http:
                for i in range(10):
                    seq = await announce(server, http, f"during the flood {i}")
                    acked[seq] = now_ms()
                    await asyncio.sleep(0.1)

        sent, _ = await asyncio.gather(flood(), signals())
        code = await flooder.wait_closed(timeout=5)
        assert code == 1008, f"the flooder ({sent} pings) was closed with {code}, not 1008"
        assert "too many messages" in (flooder.close_reason or "")
        pongs = [m for m in flooder.messages if m.get("type") == "pong"]
        assert len(pongs) <= MESSAGE_BURST + 10, "past the burst, pings are not answered"

        for seq in acked:
            await normal.wait_for(is_event(seq), timeout=10)
        delays = sorted(m["_received_ms"] - acked[m["seq"]] for m in normal.events() if m["seq"] in acked)
        assert delays[-1] < 1000, f"the other client waited for the flood: {delays} ms"
        assert (await normal.ping())["type"] == "pong"  # and its own pings are answered as before
    finally:
        await normal.close()
        await flooder.close()


# replay ---------------------------------------------------------------------------------------


async def test_a_since_far_behind_gets_a_snapshot_marked_resync_and_no_replay(server: Server) -> None:
    async with httpx.AsyncClient(timeout=10) as http:
        seqs = [await announce(server, http, f"announcement {i}") for i in range(REPLAY_MAX_EVENTS + 10)]
    last = seqs[-1]

    behind = await server.client("display", since=PLAN_SEQ)
    near = await server.client("display", since=last - 3)
    try:
        snapshot = await behind.wait_for(is_type("snapshot"))
        hello = behind.messages[0]
        assert hello["type"] == "hello" and hello["resync"] is True and hello["since"] == PLAN_SEQ
        assert [m["type"] for m in behind.messages[:2]] == ["hello", "snapshot"], "nothing replayed"
        assert snapshot["seq"] == last
        assert snapshot["sections"]["announcements"][-1]["text"] == f"announcement {REPLAY_MAX_EVENTS + 9}"

        await near.wait_for(is_type("snapshot"))
        assert near.messages[0]["resync"] is False
        assert near.seqs() == [last - 2, last - 1, last], "a few events behind: exactly what it missed"
        assert all(m.get("replay") is True for m in near.events())

        # live events follow a resync as after any snapshot
        async with httpx.AsyncClient(timeout=10) as http:
            seq = await announce(server, http, "after the resync")
        await behind.wait_for(is_event(seq))
        assert behind.seqs() == [seq]
    finally:
        await behind.close()
        await near.close()


async def test_a_replay_larger_than_the_byte_limit_is_a_resync(tmp_path: Path) -> None:
    # A replayed event goes abridged when it alone is over a message's budget (the plan of a big roster:
    # live/edges/budget.py), so the bytes come from events each within it: seating publications of 120
    # players with long ids, drawn again and again (≈ 3.5 KB each), fewer than REPLAY_MAX_EVENTS of them.
    players = [{"id": f"player-{i:04}-xxxx", "name": f"Player {i}"} for i in range(1, 121)]
    path = write_tournament(tmp_path / "t.toml", players=players,
                            timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    with start_server(path, tmp_path / "t.db") as running:
        start = (await running.events(0))[-1]["seq"]
        for _ in range(24):
            await running.publish_seating("r1")
        events = await running.events(start)
        sizes = [len(json.dumps(e, ensure_ascii=False, separators=(",", ":"))) for e in events]
        assert sum(sizes) > REPLAY_MAX_BYTES and len(events) < REPLAY_MAX_EVENTS and max(sizes) < BUDGET - 200
        client = await running.client("display", since=start, max_size=None)
        try:
            snapshot = await client.wait_for(is_type("snapshot"))
            assert client.messages[0]["resync"] is True and client.seqs() == []
            assert snapshot["seq"] == events[-1]["seq"]
        finally:
            await client.close()
        near = await running.client("display", since=events[-3]["seq"], max_size=None)
        try:
            await near.wait_for(is_type("snapshot"))
            assert near.seqs() == [e["seq"] for e in events[-2:]], "a few events behind: replayed, not abridged"
            assert all(m["event"]["payload"]["tables"] for m in near.events())
        finally:
            await near.close()


# incomplete requests --------------------------------------------------------------------------


async def closed_after(host: str, port: int, *parts: bytes, pause: float = 0.0) -> tuple[float, bytes]:
    """Send `parts` (the last one incomplete) and read until the server closes: (seconds after the last part, data)."""
    loop = asyncio.get_running_loop()
    reader, writer = await asyncio.open_connection(host, port)
    try:
        data = b""
        for part in parts:
            writer.write(part)
            await writer.drain()
            if part is not parts[-1]:  # a whole request: read its answer before the next
                while b"\r\n\r\n" not in data:
                    data += await asyncio.wait_for(reader.read(65536), 5)
                await asyncio.sleep(pause)
        started = loop.time()
        while chunk := await asyncio.wait_for(reader.read(65536), REQUEST_TIMEOUT + 10):
            data += chunk
        return loop.time() - started, data
    finally:
        writer.close()


async def test_incomplete_requests_are_closed_within_the_request_timeout(server: Server) -> None:
    whole = f"GET /api/health HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode()
    cases = {
        "half a request line": closed_after(HOST, server.port, b"GET /api/hea"),
        "nothing at all": closed_after(HOST, server.port, b""),
        "half the headers": closed_after(HOST, server.port, b"GET /api/health HTTP/1.1\r\nHost: 127"),
        "half a body": closed_after(HOST, server.port, b"POST /api/checkin HTTP/1.1\r\nHost: x\r\n"
                                    b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"code\":"),
        # a kept-alive connection: one answered request, then half of another (uvicorn's keep-alive
        # timer stops at the first byte of it)
        "half a second request": closed_after(HOST, server.port, whole, b"GET /api/st", pause=1.0),
    }
    results = dict(zip(cases, await asyncio.gather(*cases.values()), strict=True))
    for name, (seconds, _) in results.items():
        assert seconds < REQUEST_TIMEOUT + 3, f"{name}: closed only after {seconds:.1f} s"
        if name != "half a second request":
            assert seconds > REQUEST_TIMEOUT - 1.5, f"{name}: closed after {seconds:.1f} s, before its time"
    assert results["half a request line"][1].startswith(b"HTTP/1.1 408 ")
    assert results["half a second request"][1].count(b"HTTP/1.1 200 ") == 1
    assert b"HTTP/1.1 408 " in results["half a second request"][1]
    await server.health()  # and the server goes on answering


async def answer_to(port: int, *parts: bytes) -> bytes:
    """Send `parts` one by one (each its own write, so its own packet on loopback) and read until the server closes
    the connection or answers a whole response."""
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        with contextlib.suppress(ConnectionError):  # the server may refuse before the last part
            for part in parts:
                writer.write(part)
                await writer.drain()
                await asyncio.sleep(0.01)
        data = b""
        with contextlib.suppress(ConnectionError):
            while chunk := await asyncio.wait_for(reader.read(65536), REQUEST_TIMEOUT + 10):
                data += chunk
                if b"\r\n\r\n" in data and b"connection: close" not in data.lower() and data.endswith(b"}"):
                    break
        return data
    finally:
        writer.close()


async def test_a_body_that_never_completes_is_a_408_with_one_line_in_the_log(server: Server) -> None:
    """Before the 10 s bound (docs/operations.md#limits): the request's headers were in, its body stopped: the
    server closed it without an answer and wrote the endpoint's 53-line traceback (20 such requests wrote 1,070
    lines)."""
    before = server.output().splitlines()
    half = (b"POST /api/checkin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{\"code\":")
    answers = await asyncio.gather(*(answer_to(server.port, half) for _ in range(3)))
    assert all(answer.startswith(b"HTTP/1.1 408 ") for answer in answers), answers
    await server.health()  # (the log is written by then: the timeouts ran before this answer)
    new = server.output().splitlines()[len(before):]
    assert [line for line in new if "408" in line and "/api/checkin" in line] == new and len(new) == 3, new


def heads(size: int) -> bytes:
    """A GET whose request line and headers are about `size` bytes."""
    lines = b"".join(b"X-Pad-%d: %s\r\n" % (i, b"a" * 990) for i in range(size // 1000))
    return b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n" + lines + b"\r\n"


async def test_one_header_limit_whatever_the_packets(server: Server) -> None:
    """Before the 8 KiB bound (docs/operations.md#limits): 100 KB of headers in one packet were taken, while in pieces
    they were refused (h11 bounds only an incomplete head). Either way now: refused over MAX_HEADER_BYTES,
    answered under it."""
    # (30 KB: one loopback packet, read at once. In pieces, the client stops once past the limit: what it sent
    # more, the server would not read, and its close would reset the connection before the answer is read.)
    big, small = heads(30_000), heads(6_000)
    assert len(small) < MAX_HEADER_BYTES < len(heads(9_000))
    whole = await answer_to(server.port, big)
    pieces = await answer_to(server.port, *(big[i:i + 1000] for i in range(0, MAX_HEADER_BYTES + 1, 1000)))
    assert whole.startswith(b"HTTP/1.1 400 ") and pieces.startswith(b"HTTP/1.1 400 "), (whole[:80], pieces[:80])
    just_over = await answer_to(server.port, heads(9_000))
    assert just_over.startswith(b"HTTP/1.1 400 "), just_over[:80]
    for parts in ([small], [small[:3000], small[3000:]]):
        answer = await answer_to(server.port, *parts)
        assert answer.startswith(b"HTTP/1.1 200 "), answer[:200]


async def test_a_request_with_both_transfer_encoding_and_content_length_is_refused(server: Server) -> None:
    """A proxy in front may frame such a body by the other header (request smuggling): refused, nothing done."""
    seq = (await server.health())["seq"]
    body = json.dumps({"type": "announce", "text": "smuggled"}).encode()
    request = (f"POST /api/commands HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {server.token}\r\n"
               f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
               "Transfer-Encoding: chunked\r\n\r\n").encode() + b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)
    answer = await answer_to(server.port, request)
    assert answer.startswith(b"HTTP/1.1 400 "), answer[:200]
    assert (await server.health())["seq"] == seq


def start_with_few_files(path: Path, db: Path, soft: int, hard: int) -> Server:
    """`live serve` started with the open-file limits `soft` and `hard` (it may raise soft up to hard)."""
    port = free_port()
    log_path = Path(tempfile.mkstemp(prefix=f"live-{port}-", suffix=".log", dir=db.parent)[1])

    def few_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

    with open(log_path, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "live", "serve", str(path), "--host", HOST, "--port", str(port),
             "--db", str(db)],
            stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=REPO, preexec_fn=few_files,
            env={**os.environ, "LIVE_REFEREE_TOKEN": REFEREE_TOKEN, "PYTHONUNBUFFERED": "1"})
    running = Server(proc, host=HOST, port=port, file=path, db=db, token=REFEREE_TOKEN, log_path=log_path)
    running.wait_healthy()
    return running


def open_slow(port: int, count: int) -> list[socket.socket]:
    """`count` connections that each send the start of a request and stop."""
    socks = []
    for i in range(count):
        sock = socket.create_connection((HOST, port), timeout=5)
        socks.append(sock)
        with contextlib.suppress(OSError):  # the server may have closed it already (the oldest of too many)
            sock.sendall(f"GET /display HTTP/1.1\r\nHost: {HOST}\r\nX-Slow-{i}: ".encode())
    return socks


SLOW = 1000
FEW_FILES = 400  # far fewer descriptors than slow connections


@pytest.mark.parametrize(("hard", "within"), [
    # a common default soft limit below the slow connections, a hard one above: the server raises its own
    pytest.param(None, 5.0, id="the server raises its soft open-file limit"),
    # no room at all: the oldest stuck connections of the address are closed, and all of them by the deadline
    pytest.param(FEW_FILES, REQUEST_TIMEOUT + 5, id="the hard limit is below them"),
])
async def test_many_slow_header_connections_do_not_stop_a_normal_request(tmp_path: Path, hard: int | None,
                                                                         within: float) -> None:
    soft_here, hard_here = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard is None and hard_here != resource.RLIM_INFINITY and hard_here < SLOW + 200:
        pytest.skip(f"the hard open-file limit here ({hard_here}) leaves no room to raise")
    if soft_here < SLOW + 100:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard_here, 4096), hard_here))
    path = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    running = start_with_few_files(path, tmp_path / "t.db", FEW_FILES, hard or hard_here)
    socks: list[socket.socket] = []
    try:
        socks = await asyncio.to_thread(open_slow, running.port, SLOW)
        started = time.monotonic()
        async with httpx.AsyncClient(timeout=within) as http:
            for _ in range(3):  # fresh connections, behind a thousand stuck ones
                response = await http.get(f"{running.url}/api/health", headers={"Connection": "close"})
                assert response.status_code == 200
        assert time.monotonic() - started < within
        display = await running.client("display")
        try:
            await display.wait_for(is_type("snapshot"))
        finally:
            await display.close()
        assert running.running, running.output()
    finally:
        for sock in socks:
            sock.close()
        running.stop()
