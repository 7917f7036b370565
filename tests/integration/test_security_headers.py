"""The security headers are on every answer, not only the app's: Starlette's 500, uvicorn's own 503 past its
concurrency limit and its 400 for a request it cannot parse, the edge's 408, and every answer of the
WebSocket upgrade path (101, 404). The first four run uvicorn as `live serve` configures it
(`server_config`), around a small app that fails on purpose; the last run the real server."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from server import round_entry, start_server, write_tournament
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from live.edges.web import edge
from live.edges.web.edge import GuardedH11Protocol, QuietServer, server_config
from live.edges.web.headers import HEADERS


def _fails(request: Request) -> PlainTextResponse:
    raise RuntimeError("a fault on purpose")


def _fine(request: Request) -> PlainTextResponse:
    return PlainTextResponse("fine")


APP = Starlette(routes=[Route("/fails", _fails), Route("/fine", _fine)])


@asynccontextmanager
async def serving() -> AsyncIterator[int]:
    server = QuietServer(server_config(APP, host="127.0.0.1", port=0, ws=type, proxies=[]))
    server.config.lifespan = "off"
    task = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    try:
        yield server.servers[0].sockets[0].getsockname()[1]
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, 5)


async def answer(port: int, request: bytes) -> tuple[int, dict[str, str]]:
    """The status and headers of the answer to `request` sent as raw bytes."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
    finally:
        writer.close()
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v for k, _, v in (line.partition(": ") for line in lines[1:] if line)}
    return int(lines[0].split()[1]), headers


def assert_guarded(status: int, headers: dict[str, str], expected: int) -> None:
    assert status == expected, (status, headers)
    for name, value in HEADERS:
        assert headers.get(name) == value, f"{expected}: no {name}: {headers}"


async def test_uvicorn_s_and_the_edge_s_own_answers_carry_the_headers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GuardedH11Protocol, "request_timeout", 0.5)
    async with serving() as port:
        assert_guarded(*await answer(port, b"GET /fine HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"), 200)
        assert_guarded(*await answer(port, b"GET /fails HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"), 500)
        assert_guarded(*await answer(port, b"GET /fine HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"), 400)
        assert_guarded(*await answer(port, b"GET /fine HTTP/1.1\r\nHost: x\r\n"), 408)  # and nothing more


async def test_uvicorn_s_503_past_its_concurrency_limit_carries_the_headers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(edge.limits, "concurrency_limit", lambda files: 1)  # (every request is one too many)
    async with serving() as port:
        assert_guarded(*await answer(port, b"GET /fine HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"), 503)


async def test_the_websocket_upgrade_path_s_answers_carry_the_headers(tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    upgrade = ("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
    with start_server(file, tmp_path / "t.db") as server:
        port = int(server.url.rsplit(":", 1)[1])
        assert_guarded(*await answer(port, upgrade.format(path="/ws?view=display").encode()), 101)
        assert_guarded(*await answer(port, upgrade.format(path="/elsewhere").encode()), 404)
        assert_guarded(*await answer(port, b"GET /nothing-here HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
                       404)
