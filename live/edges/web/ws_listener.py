"""`/ws` on a listener of its own: the websockets library's asyncio server, in uvicorn's process and loop.

Why not uvicorn: the hub frames each message once and writes the same bytes to every connection
(live/edges/hub.py), which needs the connection's transport; uvicorn's WebSocket protocols offer only the
ASGI `send`, which frames per client, and their flow control is undocumented (issue 14). So `live
serve` starts this listener beside uvicorn, on `--ws-port` (default: the HTTP port + 1), with the
same Hall. Every page is told where it is (`page_url`, a meta tag on the page, live/edges/web/assets.py): the
page's own host at the WebSocket port, or what `--ws-url` says (`/ws` behind a proxy that routes
`/ws` of the pages' origin to this port: deploy/nginx-live.conf).

The contract is the one DESIGN.md gives (`/ws?view=display|player|referee[&player=ID][&since=SEQ]`),
with the same limits as before (live/edges/limits.py): a message at most 4 KiB (1009 past it), a token
bucket of messages (1008), text frames only (1003), the opening handshake within REQUEST_TIMEOUT,
at most MAX_PENDING_PER_ADDRESS handshakes in progress from one address (one more closes the
oldest), and near the open-file limit a 503 instead of an upgrade. No extension is negotiated
(`compression=None`): every client takes the same frames; a connection that negotiated one anyway
is refused with 1010.

The page's HTTP origin is another origin than this port's (another port): a referee's or a player's
session cookie (cookies do not depend on the port) is taken only from an upgrade whose Origin is
this port's own (through the proxy) or the page's (this host at the HTTP port); see `from_own_pages`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any, ClassVar
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request as WsRequest
from websockets.http11 import Response as WsResponse
from websockets.protocol import State

from live.edges import limits, sessions
from live.edges.hall import Hall
from live.edges.hub import VIEWS, Client
from live.edges.messages import Auth, Error, Ping, encode, read
from live.edges.web import auth
from live.edges.web.api import AUTH_WAIT_S, TOKEN_IN_URL, sequence_number

log = logging.getLogger("live.ws")

PATH = "/ws"
#: Close codes (RFC 6455): a frame type this protocol does not use; an extension nobody asked for.
CLOSE_UNSUPPORTED = 1003
CLOSE_EXTENSION = 1010
#: Bytes a client closed with 1008 may still send (its close reply, a frame already on its way).
AFTER_REFUSAL = 1024
#: How long a close handshake (ours, or the shutdown's 1001) may take before the connection is cut.
CLOSE_TIMEOUT = float(limits.GRACEFUL_SHUTDOWN_TIMEOUT)


def from_own_pages(headers: Any, http_port: int | None) -> bool:
    """Whether an upgrade comes from this server's own pages: its Origin (when there is one) is this
    listener's own address (the proxy's origin, `/ws` on the pages' origin) or the pages' (this host
    at the HTTP port); and the browser's `Sec-Fetch-Site`, when it says one, is not another site's."""
    site = headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "same-site", "none"):
        return False
    origin = headers.get("origin")
    if origin is None:
        return True
    host = headers.get("host", "").lower()
    found = urlsplit(origin)
    if found.netloc.lower() == host:
        return True
    if http_port is None or found.hostname is None:
        return False
    try:
        port = found.port or {"http": 80, "https": 443}.get(found.scheme)
    except ValueError:
        return False
    return found.hostname.lower() == (urlsplit(f"//{host}").hostname or "") and port == http_port


def _problem_reason(problem: str) -> str:
    """A close reason fits in 123 bytes of UTF-8."""
    return problem.encode()[:120].decode(errors="ignore")


class GuardedConnection(ServerConnection):
    """A connection that counts against its address while its handshake is in progress, and that stops
    reading a client that goes on sending after it was closed for breaking a rule (1008).

    `pending` is the listener's: address → its connections whose handshake is not done, oldest first.
    (asyncio's `connection_made`, `data_received` and `connection_lost` are extended: the
    library's connection is the asyncio protocol of its socket.)
    """

    pending: ClassVar[dict[str, dict[GuardedConnection, None]]] = {}
    max_pending = limits.MAX_PENDING_PER_ADDRESS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.address = ""
        self.refused: int | None = None  # bytes received since it was closed with 1008
        #: Called when the transport drained below its low-water mark after it had to pause (the hub's
        #: `drained`: a client that fell behind gets its coalesced sections; live/edges/coalesce.py).
        self.drained: Callable[[], None] | None = None
        #: Called once, in the same step, when the connection leaves the OPEN state (the hub's `closing`: no frame
        #: of the hub's may follow a close frame), so the hub's fan-out need not ask every connection its state.
        self.closing: Callable[[], None] | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""
        waiting = self.pending.setdefault(self.address, {})
        if len(waiting) >= self.max_pending:
            oldest = next(iter(waiting))
            oldest.handshake_done()
            oldest.transport.close()
        waiting[self] = None

    def handshake_done(self) -> None:
        waiting = self.pending.get(self.address)
        if waiting is not None:
            waiting.pop(self, None)
            if not waiting:
                del self.pending[self.address]

    def data_received(self, data: bytes) -> None:
        if self.refused is not None:
            self.refused += len(data)
            if self.refused > AFTER_REFUSAL:  # told to stop, it goes on: read nothing more, drop it soon
                if not self.transport.is_closing():
                    self.transport.pause_reading()
                    # not at once: a reset could overtake the close frame, and the client would not learn why
                    self.loop.call_later(1.0, self.transport.abort)
                return
        super().data_received(data)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.drained is not None:
            self.drained()

    def send_data(self) -> None:
        """The library calls this right after every change of its protocol (a frame to send, a close sent or
        received, a failure: each in the same step as the change; tests/unit/test_ws_frames.py fails when that
        stops holding), so this is where a connection that left OPEN is seen at once."""
        try:
            super().send_data()
        finally:
            if self.closing is not None and self.protocol.state is not State.OPEN:
                self.left_open()

    def left_open(self) -> None:
        """Tell the hub, once, that nothing more may be written here."""
        closing, self.closing = self.closing, None
        if closing is not None:
            closing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.handshake_done()
        self.drained = None
        super().connection_lost(exc)
        self.left_open()


class WsListener:
    """The `/ws` listener of one app: `start(app)` in its lifespan, after the hall started; `stop()` before
    the hall stops. `port` 0 takes a free one (`port` is the bound one after `start`)."""

    def __init__(self, host: str, port: int, *, http_port: int | None = None, public_url: str | None = None,
                 open_files: int | None = None) -> None:
        self.host, self.port, self.http_port, self.public_url = host, port, http_port, public_url
        self.max_connections = limits.concurrency_limit(open_files or limits.raise_open_files())
        self.connections = 0
        self._server: Server | None = None
        self._app: Starlette | None = None
        self._pending: dict[str, dict[GuardedConnection, None]] = {}

    # life-cycle -----------------------------------------------------------------------------

    async def start(self, app: Starlette) -> None:
        self._app = app
        listener = self

        class Connection(GuardedConnection):
            pending = self._pending

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                listener.connections += 1
                super().connection_made(transport)

            def connection_lost(self, exc: Exception | None) -> None:
                listener.connections -= 1
                super().connection_lost(exc)

        self._server = await serve(
            self._handle, self.host, self.port, create_connection=Connection, process_request=self._process_request,
            compression=None, max_size=limits.MAX_MESSAGE_BYTES, ping_interval=20, ping_timeout=20,
            open_timeout=limits.REQUEST_TIMEOUT, close_timeout=CLOSE_TIMEOUT, backlog=4096, server_header=None,
            logger=log)
        self.port = int(next(iter(self._server.sockets)).getsockname()[1])

    async def stop(self) -> None:
        """Close every connection (1001, going away) and stop listening."""
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    def page_url(self, request: Request) -> str:
        """The WebSocket address a page is told (its meta tag): `--ws-url` if given, else the host the page
        was asked from, at this listener's port."""
        if self.public_url:
            return self.public_url
        scheme = "wss" if request.url.scheme == "https" else "ws"
        host = request.url.hostname or "localhost"
        return f"{scheme}://{f'[{host}]' if ':' in host else host}:{self.port}{PATH}"

    # the opening handshake ------------------------------------------------------------------

    def _process_request(self, connection: ServerConnection, request: WsRequest) -> WsResponse | None:
        """Only `/ws`; near the open-file limit a 503 (as uvicorn's `limit_concurrency` for HTTP)."""
        if isinstance(connection, GuardedConnection):
            connection.handshake_done()
        if urlsplit(request.path).path != PATH:
            return connection.respond(404, "not found: the WebSocket is /ws\n")
        if self.connections > self.max_connections:
            return connection.respond(503, "too many connections: try again in a moment\n")
        return None

    def _http(self, ws: ServerConnection) -> HTTPConnection:
        """The upgrade as Starlette sees a request (headers, cookies, query, the app): what `live.edges.web.auth`
        reads."""
        assert ws.request is not None
        path, _, query = ws.request.path.partition("?")
        headers: Headers = ws.request.headers
        scope = {"type": "websocket", "path": path, "query_string": query.encode("latin-1"), "app": self._app,
                 "headers": [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers.raw_items()],
                 "scheme": "ws", "client": ws.remote_address[:2] if ws.remote_address else None}
        return HTTPConnection(scope)

    # a connection ---------------------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        assert self._app is not None
        hall: Hall = self._app.state.hall
        # Admitted in a call of its own: what the upgrade was checked with (its headers as Starlette's,
        # the query) is freed before the hours of reading, not kept by this frame for each connection.
        client = await self._admit(ws, hall)
        if client is None:
            return
        try:
            await self._read(ws, hall, client)
        finally:
            await hall.hub.remove(client)

    async def _admit(self, ws: ServerConnection, hall: Hall) -> Client | None:
        """Check the upgrade and greet and subscribe the client (`Hall.connect`); None when it was refused."""
        assert ws.request is not None and ws.response is not None
        if ws.response.headers.get("Sec-WebSocket-Extensions"):
            # Every client gets the same frames (live/edges/hub.py): only one without an extension can take them.
            await ws.close(CLOSE_EXTENSION, "no extension: this server sends plain frames")
            return None
        conn = self._http(ws)
        trusted = from_own_pages(conn.headers, self.http_port)
        params = conn.query_params
        view = params.get("view", "display")
        player = params.get("player") or None
        since_raw = params.get("since")
        problem = None
        if view not in VIEWS:
            problem = f"view must be one of {', '.join(VIEWS)}"
        elif player is not None and hall.tournament.player(player) is None:
            problem = f"no player has the id {player!r}"
        elif since_raw is not None and sequence_number(since_raw) is None:
            problem = "since must be a sequence number"
        elif view == "referee" and "token" in params:
            problem = TOKEN_IN_URL
        signed_out = not problem and view == "referee" and await self._referee(ws, conn, trusted) is None
        if signed_out:
            problem = ("the referee view needs a referee: sign in at the console (a cookie), or send "
                       '{"type": "auth", "token": "..."} as the first message')
        if problem:
            # `signed_out`: the console shows its sign-in again (a session that ended, a token that is wrong).
            with contextlib.suppress(ConnectionClosed):
                await ws.send(encode(Error(problem, signed_out)).text)
                await ws.close(limits.CLOSE_POLICY, _problem_reason(problem))
            return None
        client = Client(view, player if view == "player" else None, ws)
        # A player's private notices only to a page holding that player's session (the cookie rides the upgrade).
        value = conn.cookies.get(sessions.COOKIE)
        client.private = (client.player is not None and trusted and value is not None
                          and hall.session_player(value) == client.player)
        hall.connect(client, sequence_number(since_raw) if since_raw is not None else None,
                     log=params.get("log") or None)
        if isinstance(ws, GuardedConnection):
            ws.drained = lambda: hall.hub.drained(client)
            ws.closing = lambda: hall.hub.closing(client)
            if ws.state is not State.OPEN:  # (it cannot have changed since `connect` wrote: no await between)
                ws.left_open()
        return client

    async def _read(self, ws: ServerConnection, hall: Hall, client: Client) -> None:
        bucket = limits.message_bucket(time.monotonic())  # every message counts, pings or not (live/edges/limits.py)
        with contextlib.suppress(ConnectionClosed):
            async for message in ws:
                if not isinstance(message, str):  # a binary frame: this protocol is JSON text only
                    await ws.close(CLOSE_UNSUPPORTED, "text frames only: JSON messages")
                    return
                if not bucket.take(time.monotonic()):
                    if isinstance(ws, GuardedConnection):
                        ws.refused = 0
                    await ws.close(limits.CLOSE_POLICY,
                                   f"too many messages: at most {limits.MESSAGES_PER_SECOND:g} a second")
                    return
                said = read(message)
                if isinstance(said, Ping):
                    hall.pong(client, said.t)

    async def _referee(self, ws: ServerConnection, conn: HTTPConnection, trusted: bool) -> str | None:
        """The referee a WebSocket speaks for: the session cookie the upgrade carried (from this server's own
        pages only), else the token of a first message `{"type": "auth", "token": "..."}`."""
        name = auth.session(conn) if trusted else None
        if name is not None:
            return name
        try:
            message = await asyncio.wait_for(ws.recv(), AUTH_WAIT_S)
        except (TimeoutError, ConnectionClosed):
            return None
        if not isinstance(message, str) or len(message) > 1024:
            return None
        said = read(message)
        return auth.by_token(conn, said.token) if isinstance(said, Auth) else None
