"""Candidate fan-out servers (docs/design.md#hub: encode once, frame once), run by
`bench/fanout.py --candidates …` beside its baseline.

Each is a stand-alone process that speaks the protocol the baseline in bench/fanout.py follows:
it accepts `/ws?view=display` (optionally `&player=<id>`), sends a hello and a ~2 KB snapshot on
connect, and when a line `"<seq> <size>\\n"` arrives on its TCP control port it answers `ok\\n`
and then fans out an event-shaped message of exactly `size` bytes. It prints
`PORTS <ws port> <control port>` once it listens, and stops on SIGINT/SIGTERM.

The candidates (see bench/README.md, "Choosing the fan-out"):

- `A`: the websockets asyncio server (`websockets.asyncio.server.serve`, `compression=None`)
  with a hub that keeps what the live hub keeps — clients by view, per-player messages, a bound
  on what a client may have waiting (close 4008 past it) — and hands each view's text, encoded
  once, to `websockets.asyncio.server.broadcast()`.
- `B`: the same server for the handshake and reading; the fan-out serializes the frame once
  (with the documented Sans-I/O `Protocol.send_text` / `data_to_send`, the same bytes as
  `websockets.frames.Frame(...).serialize(mask=False, extensions=[])`) and writes the same bytes
  to each open connection's transport (`asyncio.Transport.write`), closing with 4008 a connection
  whose write buffer (`get_write_buffer_size()`) is over the mark.
- `C1`: uvicorn (websockets-sansio protocol, as the live server runs it) with a Starlette
  WebSocket endpoint, documented interfaces only: a bounded `asyncio.Queue` and a sender task per
  client that awaits `websocket.send_text`; a full queue closes the client with 4008.
- `C2`: the same, but a client's sender task exists only while it has something to send: the
  fan-out appends to the client's bounded deque and starts a task when none runs; the task
  awaits `send_text` until the deque is empty and ends (the live hub's idea, without stepping a
  coroutine by hand).

What each relies on beyond the libraries' documentation is said where it is used and in docs/design.md
(The hub and the fan-out).

    python bench/candidates.py --serve A|B|C1|C2
    python bench/candidates.py --check A|B|C1|C2|all    # the 4008 bound, with one client that stops reading
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import signal
import socket
import sys
from collections import deque
from collections.abc import Callable, Coroutine, Iterable
from typing import Any
from urllib.parse import parse_qs, urlsplit

from common import stop  # bench/common.py (the script's own folder)

CANDIDATES = ("A", "B", "C1", "C2")
TITLES = {  # at most 22 characters: the width of a column in fanout.py's table
    "A": "A: ws broadcast()",
    "B": "B: ws frame once",
    "C1": "C1: uvicorn queue",
    "C2": "C2: uvicorn on demand",
}
VIEWS = ("display", "player", "referee")
CLOSE_TOO_SLOW = 4008
#: What a client may have waiting before it is dropped. The live hub allows 256 messages; for a
#: byte buffer (A, B) that is 256 of the ~2 KB events this benchmark sends.
BACKLOG_MESSAGES = 256
BACKLOG_BYTES = BACKLOG_MESSAGES * 2048
HELLO = json.dumps({"type": "hello", "server": "candidate", "views": list(VIEWS)}, separators=(",", ":"))
SNAPSHOT = json.dumps({"type": "snapshot", "seq": 0, "state": {"pad": "s" * 2000}}, separators=(",", ":"))


def event_texts(seq: int, size: int, views: Iterable[str]) -> dict[str, str]:
    """One text per view, each encoded once (json.dumps), each exactly `size` bytes.

    Every view gets its own encoding, as the live server's projections do; in this benchmark the
    views' contents are alike, so the sizes are too.
    """
    texts = {}
    for view in views:
        event = {"type": "event", "event": {"seq": seq, "view": view, "pad": ""}}
        bare = len(json.dumps(event, separators=(",", ":")))
        event["event"]["pad"] = "x" * max(0, size - bare)
        texts[view] = json.dumps(event, separators=(",", ":"))
    return texts


def view_of(path: str) -> tuple[str, str | None]:
    """The view and player named in a `/ws?view=…&player=…` path; display when none."""
    query = parse_qs(urlsplit(path).query)
    view = query.get("view", ["display"])[0]
    player = query.get("player", [None])[0]
    return (view if view in VIEWS else "display"), player


class Rooms:
    """Who is connected, kept as the fan-out wants it: a set per view, and apart the clients of a player.

    A client with a player id may get a message of its own (`by_player`); the others of its view get
    the view's message. Keeping the player clients apart means the fan-out for a view is one call
    over a set that is already there, with no per-client choice for the display screens.
    """

    def __init__(self) -> None:
        self.by_view: dict[str, set[Any]] = {view: set() for view in VIEWS}
        self.of_player: dict[Any, str] = {}  # client -> player id, only for clients that have one

    def add(self, client: Any, view: str, player: str | None) -> None:
        self.by_view[view].add(client)
        if player:
            self.of_player[client] = player

    def remove(self, client: Any, view: str) -> None:
        self.by_view[view].discard(client)
        self.of_player.pop(client, None)

    def views(self) -> list[str]:
        return [view for view, clients in self.by_view.items() if clients]

    def targets(self, by_view: dict[str, str], by_player: dict[str, str]) -> list[tuple[Iterable[Any], str]]:
        """(clients, text) pairs: each view's clients without a message of their own, then those with one."""
        own = {client: by_player[player] for client, player in self.of_player.items() if player in by_player}
        pairs: list[tuple[Iterable[Any], str]] = []
        for view, clients in self.by_view.items():
            text = by_view.get(view)
            if text is not None and clients:
                pairs.append((clients - own.keys() if own else clients, text))
        pairs.extend(([client], text) for client, text in own.items())
        return pairs


async def control_server(publish: Callable[[int, int], None]) -> asyncio.Server:
    """The trigger: `"<seq> <size>\\n"` → `ok\\n`, then the fan-out (ack first, as the live server and the baseline)."""

    async def control(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while line := await reader.readline():
            seq_text, size_text = line.split()
            writer.write(b"ok\n")
            publish(int(seq_text), int(size_text))

    return await asyncio.start_server(control, "127.0.0.1", 0)


async def until_stopped() -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGINT, stop.set)
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()


# ---------------------------------------------------------------------------------------------
# A and B: the websockets asyncio server


class WsHub:
    """Candidates A and B: one `Rooms`, the bound on what a client has waiting, and the two fan-outs."""

    def __init__(self, frame_once: bool) -> None:
        self.rooms = Rooms()
        self.frame_once = frame_once
        self.dropping: set[asyncio.Task[None]] = set()

    def publish(self, seq: int, size: int) -> None:
        texts = event_texts(seq, size, self.rooms.views())
        for clients, text in self.rooms.targets(texts, {}):
            (self._write_frame if self.frame_once else self._broadcast)(clients, text)

    def _broadcast(self, clients: Iterable[Any], text: str) -> None:
        """A: `broadcast()` frames per connection; then the bound, which broadcast() does not keep."""
        from websockets.asyncio.server import broadcast

        clients = list(clients)
        broadcast(clients, text)
        slow = []
        for ws in clients:
            # Beyond the documentation: `ServerConnection.transport` (set by websockets as the
            # asyncio protocol of the connection; not among the documented attributes).
            if ws.transport.get_write_buffer_size() > BACKLOG_BYTES:
                slow.append(ws)
        self._drop(slow)

    def _write_frame(self, clients: Iterable[Any], text: str) -> None:
        """B: one frame for everyone, written to each open connection that is not too far behind."""
        from websockets.protocol import Protocol, Side, State

        # The frame, once, through the documented Sans-I/O API (reference/sansio/common: Protocol,
        # send_text, data_to_send): a server-side protocol with no extension writes the same bytes
        # as `Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[])` (whose `serialize` is
        # public in the code but not in the reference). No extension: each connection was checked
        # at connect.
        framer = Protocol(Side.SERVER, state=State.OPEN)
        framer.send_text(text.encode())
        frame = b"".join(framer.data_to_send())
        slow = []
        for ws in clients:
            if ws.state is not State.OPEN:  # documented: ServerConnection.state; broadcast() skips these too
                continue
            transport = ws.transport  # not documented (see _broadcast)
            if transport.get_write_buffer_size() > BACKLOG_BYTES:
                slow.append(ws)
            else:
                transport.write(frame)
        self._drop(slow)

    def _drop(self, clients: list[Any]) -> None:
        for ws in clients:
            view, _ = view_of(ws.request.path)
            self.rooms.remove(ws, view)
            task = asyncio.ensure_future(ws.close(CLOSE_TOO_SLOW, "too slow: reconnect with since"))
            self.dropping.add(task)
            task.add_done_callback(self.dropping.discard)


async def serve_ws(frame_once: bool) -> None:
    from websockets.asyncio.server import ServerConnection, serve
    from websockets.exceptions import ConnectionClosed

    hub = WsHub(frame_once)

    async def handler(ws: ServerConnection) -> None:
        assert ws.request is not None and ws.response is not None
        if frame_once and ws.response.headers.get("Sec-WebSocket-Extensions"):
            # B hands every connection the same bytes: only one without an extension may take them.
            await ws.close(1010, "no extension expected")
            return
        view, player = view_of(ws.request.path)
        await ws.send(HELLO)
        await ws.send(SNAPSHOT)
        hub.rooms.add(ws, view, player)
        try:
            with contextlib.suppress(ConnectionClosed):  # a dropped client, or one gone without a close frame
                async for _ in ws:  # the pages' pings would be read here; the benchmark's clients send none
                    pass
        finally:
            hub.rooms.remove(ws, view)

    async with serve(handler, "127.0.0.1", 0, compression=None, max_size=4096, backlog=4096) as server:
        ctrl = await control_server(hub.publish)
        print(f"PORTS {next(iter(server.sockets)).getsockname()[1]} {ctrl.sockets[0].getsockname()[1]}", flush=True)
        await until_stopped()
        ctrl.close()


# ---------------------------------------------------------------------------------------------
# C1 and C2: uvicorn and Starlette, documented interfaces only


class QueueClient:
    """C1: a bounded queue and a sender task for the whole life of the connection."""

    __slots__ = ("queue", "sender", "view", "ws")

    def __init__(self, ws: Any, view: str) -> None:
        self.ws, self.view = ws, view
        self.queue: asyncio.Queue[str] = asyncio.Queue(maxsize=BACKLOG_MESSAGES)
        self.sender = asyncio.create_task(self._send_forever())

    async def _send_forever(self) -> None:
        while True:
            await self.ws.send_text(await self.queue.get())

    def offer(self, text: str) -> bool:
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            return False
        return True

    def stop(self) -> None:
        self.sender.cancel()


class DemandClient:
    """C2: a bounded deque; a sender task only while there is something to send."""

    __slots__ = ("backlog", "sender", "view", "ws")

    def __init__(self, ws: Any, view: str) -> None:
        self.ws, self.view = ws, view
        self.backlog: deque[str] = deque()
        self.sender: asyncio.Task[None] | None = None

    def offer(self, text: str) -> bool:
        if len(self.backlog) >= BACKLOG_MESSAGES:
            return False
        self.backlog.append(text)
        if self.sender is None:
            self.sender = asyncio.create_task(self._drain())
        return True

    async def _drain(self) -> None:
        try:
            while self.backlog:
                await self.ws.send_text(self.backlog.popleft())
        finally:
            self.sender = None

    def stop(self) -> None:
        if self.sender is not None:
            self.sender.cancel()


class AsgiHub:
    def __init__(self, client_class: type[QueueClient] | type[DemandClient]) -> None:
        self.rooms = Rooms()
        self.client_class = client_class
        self.dropping: set[asyncio.Task[None]] = set()

    def publish(self, seq: int, size: int) -> None:
        texts = event_texts(seq, size, self.rooms.views())
        slow = []
        for clients, text in self.rooms.targets(texts, {}):
            for client in clients:
                if not client.offer(text):
                    slow.append(client)
        for client in slow:
            self.rooms.remove(client, client.view)
            client.stop()
            task = asyncio.ensure_future(client.ws.close(CLOSE_TOO_SLOW, "too slow: reconnect with since"))
            self.dropping.add(task)
            task.add_done_callback(lambda t: t.cancelled() or t.exception())
            task.add_done_callback(self.dropping.discard)


async def serve_uvicorn(client_class: type[QueueClient] | type[DemandClient]) -> None:
    import uvicorn
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    hub = AsgiHub(client_class)

    async def endpoint(websocket: WebSocket) -> None:
        view = websocket.query_params.get("view", "display")
        view = view if view in VIEWS else "display"
        player = websocket.query_params.get("player")
        await websocket.accept()
        await websocket.send_text(HELLO)
        await websocket.send_text(SNAPSHOT)
        client = client_class(websocket, view)
        hub.rooms.add(client, view, player)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
        except WebSocketDisconnect:
            pass
        finally:
            hub.rooms.remove(client, view)
            client.stop()

    app = Starlette(routes=[WebSocketRoute("/ws", endpoint)])
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(app, host="127.0.0.1", port=port, ws="websockets-sansio", ws_max_size=4096,
                            ws_per_message_deflate=False, ws_ping_interval=20, ws_ping_timeout=20,
                            log_level="warning", lifespan="off", backlog=4096, timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    ctrl = await control_server(hub.publish)
    serving = asyncio.ensure_future(server.serve())
    while not server.started:
        if serving.done():
            serving.result()
            raise RuntimeError("uvicorn did not start")
        await asyncio.sleep(0.05)
    print(f"PORTS {port} {ctrl.sockets[0].getsockname()[1]}", flush=True)
    await serving  # uvicorn handles SIGINT/SIGTERM itself and returns
    ctrl.close()


def check_stalled(candidate: str, events: int = 4000, size: int = 2000) -> bool:
    """Start `candidate`, connect one client that never reads (4 KiB receive buffer) and one that reads,
    fan out `events` events; True when the first ends with a 4008 close and the second got every event.

    Why: each candidate claims the live hub's bound (a client too far behind is closed with 4008 and
    reconnects with `since`); this is how that claim is checked rather than assumed.
    """
    import select
    import subprocess
    import time

    proc = subprocess.Popen([sys.executable, __file__, "--serve", candidate], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    try:
        assert proc.stdout is not None
        _, ws_port, ctrl_port = proc.stdout.readline().decode().split()

        def connect(small_buffer: bool) -> socket.socket:
            sock = socket.socket()
            if small_buffer:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", int(ws_port)))
            sock.sendall(b"GET /ws?view=display HTTP/1.1\r\nHost: bench\r\nUpgrade: websocket\r\n"
                         b"Connection: Upgrade\r\nSec-WebSocket-Key: YmVuY2gtZmFub3V0LWtleQ==\r\n"
                         b"Sec-WebSocket-Version: 13\r\n\r\n")
            return sock

        def drain(sock: socket.socket, wait: float) -> bytes:
            data = b""
            while select.select([sock], [], [], wait)[0]:
                chunk = sock.recv(1 << 20)
                if not chunk:
                    break
                data += chunk
            return data

        stalled, reader = connect(True), connect(False)
        time.sleep(0.5)
        ctrl = socket.create_connection(("127.0.0.1", int(ctrl_port)))
        read = b""
        for seq in range(1, events + 1):
            ctrl.sendall(b"%d %d\n" % (seq, size))
            ctrl.recv(3)
            read += drain(reader, 0)
            if seq % 500 == 0:
                time.sleep(0.2)  # let the reader keep up, as a phone that reads would
        read += drain(reader, 1.0)
        got = drain(stalled, 3.0)
        reason = b"too slow"
        at = got.find(reason)
        code = int.from_bytes(got[at - 2:at], "big") if at >= 2 else None
        received = read.count(b'{"type":"event"')
        print(f"{candidate}: the stalled client got {len(got)} bytes, then close code {code}; "
              f"the reading client got {received} of {events} events")
        for sock in (stalled, reader, ctrl):
            sock.close()
        return code == CLOSE_TOO_SLOW and received == events
    finally:
        stop(proc)


def main() -> int:
    parser = argparse.ArgumentParser(description="A candidate fan-out server for bench/fanout.py.")
    parser.add_argument("--serve", choices=CANDIDATES)
    parser.add_argument("--check", choices=(*CANDIDATES, "all"),
                        help="check that a client that stops reading is closed with 4008 and a reading one gets all")
    args = parser.parse_args()
    if args.check:
        chosen = CANDIDATES if args.check == "all" else (args.check,)
        return 0 if all([check_stalled(candidate) for candidate in chosen]) else 1
    if not args.serve:
        parser.error("--serve or --check is required")
    runners: dict[str, Callable[[], Coroutine[Any, Any, None]]] = {
        "A": lambda: serve_ws(frame_once=False),
        "B": lambda: serve_ws(frame_once=True),
        "C1": lambda: serve_uvicorn(QueueClient),
        "C2": lambda: serve_uvicorn(DemandClient),
    }
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(runners[args.serve]())
    return 0


if __name__ == "__main__":
    sys.exit(main())
