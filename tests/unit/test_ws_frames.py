"""What the hub relies on in the websockets library beyond its documentation (live/edges/hub.py), pinned here.

The hub writes its own frames to `ServerConnection.transport` (not among the documented attributes)
between the library's own frames (keepalive pings, pongs to the client's pings, the close). That is
sound only while the library writes each frame of its own whole, at once, on the event loop's thread,
keeping nothing unsent between calls. And the fan-out does not ask each connection for its state: the
connection tells the hub when it leaves OPEN, from the library's `send_data()`, which the library calls in
the same step as every change of its protocol. These tests fail when any of that stops holding (a new major
version is also kept out by `websockets>=17,<18` in pyproject.toml).
"""

from __future__ import annotations

import asyncio
import json
import sys

import pytest
from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.protocol import State

from live.edges.hub import text_frame
from live.edges.web.ws_endpoint import GuardedConnection

MESSAGES = 400


async def test_server_connection_has_the_transport_the_hub_writes_to() -> None:
    seen: list[object] = []

    async def handler(ws: ServerConnection) -> None:
        seen.append(ws.transport)
        seen.append(ws.state)

    async with serve(handler, "127.0.0.1", 0, compression=None) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        async with connect(f"ws://127.0.0.1:{port}/", compression=None) as client:
            await client.wait_closed()
    transport, state = seen
    assert isinstance(transport, asyncio.Transport)
    assert callable(transport.get_write_buffer_size) and callable(transport.write)
    assert state is State.OPEN


async def test_frames_written_to_the_transport_between_the_librarys_own_reach_a_client_whole_and_in_order() -> None:
    """The server interleaves: its own `ping()` and `send()`, frames written straight to the transport, and the
    pongs it answers to the client's pings (written from `data_received`); some messages are large, so the
    transport buffers and the library's writes land behind a backlog. The client (the library's, which checks
    every frame) must read every message whole, in the order it was sent."""
    done = asyncio.Event()

    async def handler(ws: ServerConnection) -> None:
        for i in range(MESSAGES):
            size = 70_000 if i % 7 == 0 else 300
            text = json.dumps({"i": i, "pad": "é" * size})
            if i % 3 == 0:
                await ws.send(text)  # the library's own framing and write
            else:
                ws.transport.write(text_frame(text))  # the hub's
            if i % 5 == 0:
                await ws.ping()  # a keepalive-like ping of the library's, between them
        await ws.send(json.dumps({"i": "end"}))
        await done.wait()

    async with serve(handler, "127.0.0.1", 0, compression=None, max_size=None) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        async with connect(f"ws://127.0.0.1:{port}/", compression=None, max_size=None) as client:
            got: list[int] = []
            while True:
                if len(got) % 11 == 0:
                    await client.ping()  # the server answers with a pong of its own, amid our frames
                message = json.loads(await asyncio.wait_for(client.recv(), 10))
                if message["i"] == "end":
                    break
                got.append(message["i"])
                assert len(message["pad"]) in (300, 70_000)
            done.set()
    assert got == list(range(MESSAGES))


UPGRADE = (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")


async def _raw_client(port: int, then: bytes | None) -> asyncio.StreamWriter:
    """A client that upgrades, then sends `then` (if any) and never reads again: it answers no ping."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(UPGRADE)
    await reader.readuntil(b"\r\n\r\n")
    if then is not None:
        writer.write(then)
    return writer


@pytest.mark.parametrize("how", ["the client closes", "the server closes", "keepalive timeout",
                                 "the client breaks the protocol", "the connection is lost"])
async def test_a_connection_that_leaves_open_says_so_in_that_very_step(how: str) -> None:
    """The hub's fan-out does not ask each connection for its state (live/edges/hub.py): it relies on the
    connection telling it (`GuardedConnection.closing`, from the library's `send_data()`) in the same step in
    which the library's protocol leaves OPEN, whatever makes it leave. A check that runs between every two steps
    of the event loop must never see a connection out of OPEN that has not said so."""
    told: list[State] = []
    unseen: list[State] = []
    done = asyncio.Event()

    async def handler(ws: ServerConnection) -> None:
        assert isinstance(ws, GuardedConnection)
        ws.closing = lambda: told.append(ws.protocol.state)
        loop = asyncio.get_running_loop()

        def check() -> None:  # runs once per turn of the loop, between the steps of everything else
            if ws.protocol.state is not State.OPEN and not told:
                unseen.append(ws.protocol.state)
            if ws.protocol.state is not State.CLOSED:
                loop.call_soon(check)
            else:
                done.set()

        loop.call_soon(check)
        if how == "the server closes":
            await ws.close(1000)
        await ws.wait_closed()

    async with serve(handler, "127.0.0.1", 0, compression=None, create_connection=GuardedConnection,
                     ping_interval=0.05, ping_timeout=0.05, close_timeout=0.2) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        if how in ("the client closes", "the server closes"):
            async with connect(f"ws://127.0.0.1:{port}/", compression=None) as client:
                if how == "the server closes":
                    await client.wait_closed()
        else:
            unmasked = b"\x81\x02hi"  # a client's frames must be masked: the server fails the connection (1002)
            writer = await _raw_client(port, unmasked if how == "the client breaks the protocol" else None)
            if how == "the connection is lost":
                await asyncio.sleep(0.01)
                writer.transport.abort()
            await asyncio.wait_for(done.wait(), 5)
            writer.close()
        await asyncio.wait_for(done.wait(), 5)
    assert unseen == [] and len(told) == 1 and told[0] is not State.OPEN


async def test_a_connection_that_dropped_its_101_goes_on_to_its_close() -> None:
    """The endpoint drops the 101 once it is written (docs/design.md#idle-connection): the library must not read
    it again, for messages either way, its keepalive's pings and pongs, or the close."""
    pongs: list[float] = []

    async def handler(ws: ServerConnection) -> None:
        assert ws.response is not None and ws.response.status_code == 101
        ws.response = None
        async for message in ws:
            pongs.append(await (await ws.ping()))  # a ping of the server's and its pong, as the keepalive's
            await ws.send(message)

    async with serve(handler, "127.0.0.1", 0, compression=None, create_connection=GuardedConnection,
                     ping_interval=0.05, ping_timeout=1) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        async with connect(f"ws://127.0.0.1:{port}/", compression=None) as client:
            for text in ("one", "two"):
                await client.send(text)
                assert await asyncio.wait_for(client.recv(), 5) == text
        assert client.close_code == 1000
    assert len(pongs) == 2


async def test_a_guarded_connection_costs_no_more_than_the_librarys_own() -> None:
    """An idle connection is the library's (docs/design.md#idle-connection): what GuardedConnection adds must not
    make each instance's `__dict__` one of its own instead of one sharing its class's table of names."""
    sizes: dict[str, int] = {}

    async def handler(ws: ServerConnection) -> None:
        sizes[type(ws).__name__] = sys.getsizeof(vars(ws))

    for kind in (ServerConnection, GuardedConnection):
        async with serve(handler, "127.0.0.1", 0, compression=None, create_connection=kind) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            async with connect(f"ws://127.0.0.1:{port}/", compression=None) as client:
                await client.wait_closed()
    assert sizes["GuardedConnection"] <= sizes["ServerConnection"]
