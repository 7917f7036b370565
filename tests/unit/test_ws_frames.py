"""What the hub relies on in the websockets library beyond its documentation (live/edges/hub.py), pinned here.

The hub writes its own frames to `ServerConnection.transport` (not among the documented attributes)
between the library's own frames (keepalive pings, pongs to the client's pings, the close). That is
sound only while the library writes each frame of its own whole, at once, on the event loop's thread,
keeping nothing unsent between calls. These tests fail when either stops holding (a new major version
is also kept out by `websockets>=17,<18` in pyproject.toml).
"""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.protocol import State

from live.edges.hub import text_frame

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
