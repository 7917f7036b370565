"""`/ws` on the HTTP port: uvicorn hands each WebSocket upgrade to the websockets library's connection.

Why the library's connection and not uvicorn's WebSocket protocols: the hub frames each message once and
writes the same bytes to every connection (live/edges/hub.py), which needs the connection's transport;
uvicorn's protocols offer only the ASGI `send`, which frames per client, and their flow control is
undocumented. Why on the same port: one origin and one port for the pages, the API and `/ws`, so a port
mapping (`docker run -p 80:8000`), a proxy or a hall firewall needs one rule and nothing else to know.

How: uvicorn takes a protocol class as `ws=` and, when a request asks to upgrade to a WebSocket, builds one
with `(config=, server_state=, app_state=)`, gives it the connection's transport (`connection_made`,
`set_protocol`) and feeds it the request's bytes again (`data_received`). `WsEndpoint.protocol()` is such a
class: a `websockets.asyncio.server.ServerConnection` of a `Handovers` server, the library's `Server` for
connections it did not accept (nothing of its own listens), whose handler runs the opening handshake and
then ours, as the handler of the library's `serve()` does. The HTTP edge (live/edges/web/edge.py) has
already held the request to its deadline, its header limit and its per-address cap before the hand-over.
This relies on uvicorn and websockets beyond their documentation (uvicorn's constructor keywords; the
`Server` attributes a connection uses: `handler`, `handler_tasks`, `is_serving`; pinned
`uvicorn>=0.55,<0.56`, `websockets>=17,<18`); tests/integration/test_ws_endpoint.py fails when they change.

The contract is the one DESIGN.md gives (`/ws?view=display|player|referee[&player=ID][&since=SEQ]`),
with the limits of live/edges/limits.py: a message at most 4 KiB (1009 past it), a token bucket of
messages (1008), text frames only (1003), and near the open-file limit a 503 instead of an upgrade. No
extension is negotiated (`compression=None`): every client takes the same frames; a connection that
negotiated one anyway is refused with 1010. A referee's or a player's session cookie is taken only from
an upgrade whose Origin is the page's own (`same_origin`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, ClassVar
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import HTTPConnection
from websockets.asyncio.server import Server, ServerConnection
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request as WsRequest
from websockets.http11 import Response as WsResponse
from websockets.protocol import State
from websockets.server import ServerProtocol

from live.core.referees import Grant
from live.edges import limits, sessions
from live.edges.hall import Hall
from live.edges.hub import VIEWS, Client
from live.edges.messages import Auth, Error, Ping, encode, read
from live.edges.web import auth
from live.edges.web.api import AUTH_WAIT_S, TOKEN_IN_URL, sequence_number
from live.edges.web.headers import HEADERS

log = logging.getLogger("live.ws")

PATH = "/ws"
#: Close codes (RFC 6455): a frame type this protocol does not use; an extension nobody asked for.
CLOSE_UNSUPPORTED = 1003
CLOSE_EXTENSION = 1010
#: Bytes a client closed with 1008 may still send (its close reply, a frame already on its way).
AFTER_REFUSAL = 1024
#: How long a close handshake (ours, or the shutdown's 1001) may take before the connection is cut.
CLOSE_TIMEOUT = float(limits.GRACEFUL_SHUTDOWN_TIMEOUT)
#: What a referee view is told when its session ends while it is open (it shows its sign-in again).
SESSION_ENDED = "your referee session has ended: sign in again"


def same_origin(headers: Any) -> bool:
    """Whether an upgrade comes from this server's own pages: its Origin, when there is one, is the host it
    asked for (the pages, the API and `/ws` share one origin; behind a proxy, the proxy's, which passes the
    Host on), and the browser's `Sec-Fetch-Site`, when it says one, is not another site's."""
    site = headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "same-site", "none"):
        return False
    origin = headers.get("origin")
    if origin is None:
        return True
    return bool(urlsplit(origin).netloc.lower() == headers.get("host", "").lower())


def _problem_reason(problem: str) -> str:
    """A close reason fits in 123 bytes of UTF-8."""
    return problem.encode()[:120].decode(errors="ignore")


class GuardedConnection(ServerConnection):
    """A connection that stops reading a client that goes on sending after it was closed for breaking a
    rule (1008), and that tells the hub when it drained and when it left the OPEN state.

    (asyncio's `data_received`, `resume_writing` and `connection_lost` are extended: the library's
    connection is the asyncio protocol of its socket.)

    Its own attributes are `__slots__`: the library's connection sets 27 in its `__dict__`, and CPython shares
    one table of names among the instances of a class only up to 30 of them, so three more in the dict gave
    every connection a dict of its own, 1.3 KB more per idle connection (docs/design.md#idle-connection).
    """

    __slots__ = ("closing", "drained", "refused")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.refused: int | None = None  # bytes received since it was closed with 1008
        #: Called when the transport drained below its low-water mark after it had to pause (the hub's
        #: `drained`: a client that fell behind gets its coalesced sections; live/edges/coalesce.py).
        self.drained: Callable[[], None] | None = None
        #: Called once, in the same step, when the connection leaves the OPEN state (the hub's `closing`: no frame
        #: of the hub's may follow a close frame), so the hub's fan-out need not ask every connection its state.
        self.closing: Callable[[], None] | None = None

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
        self.drained = None
        super().connection_lost(exc)
        self.left_open()


def _with_headers(connection: ServerConnection, request: WsRequest, response: WsResponse) -> WsResponse:
    """Every answer of the upgrade path carries the security headers (live/edges/web/headers.py): the 101, and
    a refusal (404, 503, a request that is not a good upgrade). An upgrade during the shutdown is refused here,
    as the library would refuse it right after this, without them."""
    if response.status_code == 101 and not connection.server.is_serving():
        response = connection.respond(503, "the server is shutting down: try again in a moment\n")
    for name, value in HEADERS:
        response.headers[name] = value
    return response


class Handovers(Server):
    """The library's server of the connections uvicorn hands over: nothing of its own listens (`create_server`
    refuses), `is_serving` until `stop`, and each connection runs `run`: the opening handshake within
    `open_timeout`, then `handler` (what the handler of the library's `serve()` does for the connections it
    accepts)."""

    def __init__(self, handler: Callable[[ServerConnection], Awaitable[None]], *,
                 process_request: Callable[[ServerConnection, WsRequest], WsResponse | None],
                 open_timeout: float) -> None:
        super().__init__(self._nothing_listens, self.run, log)
        self._handler, self._process_request, self._open_timeout = handler, process_request, open_timeout
        self.serving = True

    @staticmethod
    async def _nothing_listens() -> asyncio.Server:
        raise RuntimeError("/ws has no listener of its own: uvicorn hands its upgrades over")

    def is_serving(self) -> bool:
        return self.serving

    async def run(self, connection: ServerConnection) -> None:
        try:
            async with asyncio.timeout(self._open_timeout):
                await connection.handshake(self._process_request, _with_headers, None)
            if connection.protocol.state is not State.OPEN:
                connection.transport.abort()
                return
            self.all_connections.add(connection)
            connection.start_keepalive()
            try:
                async with connection:
                    await self._handler(connection)
            except Exception:
                connection.logger.error("connection handler failed", exc_info=True)
            finally:
                self.all_connections.discard(connection)
        except Exception:  # a handshake that timed out or failed: the connection goes, nothing leaks
            connection.transport.abort()
        finally:
            task = asyncio.current_task()
            if task is not None:
                self.handler_tasks.discard(task)

    async def stop(self) -> None:
        """Refuse new upgrades (503), close every connection (1001, going away) and wait for their handlers."""
        self.serving = False
        closing = [asyncio.create_task(ws.close(1001)) for ws in self.all_connections
                   if ws.protocol.state is State.OPEN]
        if closing:
            await asyncio.wait(closing)
        if self.handler_tasks:
            await asyncio.wait(self.handler_tasks, timeout=CLOSE_TIMEOUT)


class HandedOver(GuardedConnection):
    """The protocol class uvicorn builds for a WebSocket upgrade (`ws=`): a connection of `endpoint`'s server.
    `WsEndpoint.protocol()` makes one per endpoint."""

    endpoint: ClassVar[WsEndpoint]

    def __init__(self, config: Any = None, server_state: Any = None, app_state: Any = None) -> None:
        endpoint = self.endpoint
        super().__init__(ServerProtocol(max_size=limits.MAX_MESSAGE_BYTES, logger=log), endpoint.server,
                         ping_interval=endpoint.ping_s, ping_timeout=endpoint.ping_s, close_timeout=CLOSE_TIMEOUT)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.endpoint.connections += 1
        super().connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self.endpoint.connections -= 1
        super().connection_lost(exc)


class WsEndpoint:
    """`/ws` of one app, on uvicorn's port: `protocol()` is uvicorn's `ws=`; `start(app)` in the app's lifespan,
    after the hall started; `stop()` before the hall stops."""

    def __init__(self, *, open_files: int | None = None, ping_s: float = limits.PING_S) -> None:
        self.max_connections = limits.concurrency_limit(open_files or limits.raise_open_files())
        #: The keepalive (live/edges/limits.py `PING_S`): a ping every `ping_s`, answered within as long.
        self.ping_s = ping_s
        self.connections = 0
        self._server: Handovers | None = None
        #: The competitions' apps by the path of their socket: `/ws` for the one at the root, `/<id>/ws` in a season.
        self._apps: dict[str, Starlette] = {}

    @property
    def server(self) -> Handovers:
        if self._server is None:
            raise RuntimeError("the /ws endpoint is not started: its app's lifespan starts it")
        return self._server

    def protocol(self) -> type[HandedOver]:
        """The class uvicorn builds for every WebSocket upgrade (`uvicorn.Config(ws=...)`)."""
        return type("Connection", (HandedOver,), {"endpoint": self})

    # life-cycle -----------------------------------------------------------------------------

    async def start(self, apps: Mapping[str, Starlette]) -> None:
        """`apps`: each competition's app by its base ("" for the one at the root, "/<id>" in a season)."""
        self._apps = {f"{base}{PATH}": app for base, app in apps.items()}
        self._server = Handovers(self._handle, process_request=self._process_request,
                                 open_timeout=limits.REQUEST_TIMEOUT)

    def add(self, base: str, app: Starlette) -> None:
        """A competition added while the server runs (a season's new one): its socket from now on."""
        self._apps[f"{base}{PATH}"] = app

    async def stop(self) -> None:
        if self._server is not None:
            await self._server.stop()

    # the opening handshake ------------------------------------------------------------------

    def _process_request(self, connection: ServerConnection, request: WsRequest) -> WsResponse | None:
        """Only a competition's `/ws` (`/<id>/ws` in a season); near the open-file limit a 503 (as uvicorn's
        `limit_concurrency` for HTTP)."""
        if urlsplit(request.path).path not in self._apps:
            where = PATH if PATH in self._apps else f"/<competition id>{PATH}"
            return connection.respond(404, f"not found: the WebSocket is {where}\n")
        if self.connections > self.max_connections:
            return connection.respond(503, "too many connections: try again in a moment\n")
        return None

    def _app(self, ws: ServerConnection) -> Starlette:
        """The app of the competition whose socket the upgrade asked for (`_process_request` let only those in)."""
        assert ws.request is not None
        return self._apps[urlsplit(ws.request.path).path]

    def _http(self, ws: ServerConnection) -> HTTPConnection:
        """The upgrade as Starlette sees a request (headers, cookies, query, the app): what `live.edges.web.auth`
        reads."""
        assert ws.request is not None
        path, _, query = ws.request.path.partition("?")
        headers: Headers = ws.request.headers
        scope = {"type": "websocket", "path": path, "query_string": query.encode("latin-1"), "app": self._app(ws),
                 "headers": [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers.raw_items()],
                 "scheme": "ws", "client": ws.remote_address[:2] if ws.remote_address else None}
        return HTTPConnection(scope)

    # a connection ---------------------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        hall: Hall = self._app(ws).state.hall
        # Admitted in a call of its own: what the upgrade was checked with (its headers as Starlette's,
        # the query) is freed before the hours of reading, not kept by this frame for each connection.
        client = await self._admit(ws, hall)
        if client is None:
            return
        try:
            if client.grant is None or client.grant.expires is None:
                await self._messages(ws, hall, client)
            else:
                await self._read_signed_in(ws, hall, client)
        finally:
            await hall.hub.remove(client)

    async def _admit(self, ws: ServerConnection, hall: Hall) -> Client | None:
        """Check the upgrade and greet and subscribe the client (`Hall.connect`); None when it was refused."""
        assert ws.request is not None and ws.response is not None
        if ws.response.headers.get("Sec-WebSocket-Extensions"):
            # Every client gets the same frames (live/edges/hub.py): only one without an extension can take them.
            await ws.close(CLOSE_EXTENSION, "no extension: this server sends plain frames")
            return None
        # The 101 is written and nothing reads it again: the connection does not keep it (it and its headers, the
        # security headers among them, were about 2 KB of every idle connection; docs/design.md#idle-connection).
        ws.response = None
        conn = self._http(ws)
        trusted = same_origin(conn.headers)
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
        grant = await self._referee(ws, conn, trusted) if not problem and view == "referee" else None
        signed_out = not problem and view == "referee" and grant is None
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
        client.grant = grant
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

    async def _read_signed_in(self, ws: ServerConnection, hall: Hall, client: Client) -> None:
        """Read a referee view's messages until it leaves, or until its session ends (then the hub signs it out:
        the feed of a referee view is never longer than the sign-in it was opened with). Only a session's view
        reads here: the displays' and players' connections, most of a hall's, keep no timeout and no frame of
        this call (docs/design.md#idle-connection)."""
        assert client.grant is not None and client.grant.expires is not None
        ends = asyncio.get_running_loop().time() + (client.grant.expires - hall.clock()) / 1000
        try:
            async with asyncio.timeout_at(ends):
                await self._messages(ws, hall, client)
        except TimeoutError:
            hall.hub.revoke([client], SESSION_ENDED)
            await ws.wait_closed()

    async def _messages(self, ws: ServerConnection, hall: Hall, client: Client) -> None:
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

    async def _referee(self, ws: ServerConnection, conn: HTTPConnection, trusted: bool) -> Grant | None:
        """The referee a WebSocket speaks for: the session cookie the upgrade carried (from this server's own
        pages only), else the token of a first message `{"type": "auth", "token": "..."}`."""
        grant = auth.session_grant(conn) if trusted else None
        if grant is not None:
            return grant
        try:
            message = await asyncio.wait_for(ws.recv(), AUTH_WAIT_S)
        except (TimeoutError, ConnectionClosed):
            return None
        if not isinstance(message, str) or len(message) > 1024:
            return None
        said = read(message)
        return auth.token_grant(conn, said.token) if isinstance(said, Auth) else None
