"""The HTTP edge: uvicorn's h11 protocol with a deadline for incomplete requests, and a quiet main loop.

uvicorn (0.54, h11) has no header timeout: its only timer is the keep-alive one, armed after a
response, so a connection that sends half a request line, or nothing, and stops holds its
descriptor forever; a thousand of them exhaust the open-file limit and `accept()` fails for
everybody. `GuardedH11Protocol` is passed to uvicorn as `http=` (a protocol class, which uvicorn
constructs for every connection like its own) and adds:

- a **deadline**: a request's headers and body must be in within `REQUEST_TIMEOUT` seconds of its
  first byte (for a new connection: of the connection), else it is answered 408 (when nothing has
  been answered yet) and closed. It relies on h11's documented state machine (`their_state` is
  `IDLE` until the request line and headers are in, `SEND_BODY` until the body is) and on asyncio's
  `Transport.get_protocol()` (a WebSocket upgrade hands the transport to another protocol);
  tests/integration/test_client_limits.py fails if either stops holding;
- a **cap per address**: at most `MAX_PENDING_PER_ADDRESS` connections of one client address with
  a request not yet complete; one more closes the oldest of them, which is the one most likely
  stuck (a proxy or a busy NAT sends complete requests at once, so it is rarely near the cap);
- **one header limit**: h11's `max_incomplete_event_size` (`MAX_HEADER_BYTES`) bounds a request's
  head only while it is incomplete, so 100 KB of headers in one packet were taken while the same
  headers in pieces were refused. `BoundedConnection` (h11's documented `Connection`, its
  `next_event` extended) refuses a whole head over the limit too, and a request carrying both
  Transfer-Encoding and Content-Length (RFC 9112 §6.1: the one a proxy in front may frame
  differently, request smuggling); uvicorn answers both as every request h11 refuses: 400;
- a **quiet timeout**: a request whose headers are in but whose body stops is answered 408 too,
  with one line in the log, and the endpoint waiting for its body sees the client gone (no traceback).

(A request to upgrade to a WebSocket is held to the same deadline and cap: only once it is complete does
uvicorn hand the connection to `/ws`, the websockets library's protocol, live/edges/web/ws_endpoint.py.)

`new_loop` is the event loop uvicorn runs (`loop=` takes an import string of a loop factory). When the
process is out of descriptors, asyncio (3.11–3.13) does not leave its accept loop at the first EMFILE:
it reports the error with a traceback up to `backlog` (4096) times a tick, and that logging alone kept
the server from answering anybody. Its handler reports that error once every few seconds, with a count.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from email.utils import formatdate
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from live.edges import limits
from live.edges.limits import MAX_HEADER_BYTES, MAX_PENDING_PER_ADDRESS, REQUEST_TIMEOUT
from live.edges.web import forwarded
from live.edges.web.headers import HEADERS, raw_lines

TIMEOUT_RESPONSE = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n" + raw_lines()
                    + b"connection: close\r\ncontent-length: 35\r\n\r\nthe request did not arrive in time\n")

#: Per server (uvicorn's ServerState): client address → its connections waiting for a request, oldest first.
_waiting: weakref.WeakKeyDictionary[Any, dict[str, dict[GuardedH11Protocol, None]]] = weakref.WeakKeyDictionary()


def head_size(request: h11.Request) -> int:
    """The bytes of a request's line and headers as sent (h11 keeps each name as written, the value trimmed)."""
    line = len(request.method) + len(request.target) + len(b"HTTP/") + len(request.http_version) + 4
    return line + sum(len(name) + len(value) + 4 for name, value in request.headers.raw_items()) + 2


class BoundedConnection(h11.Connection):
    """h11's server connection, refusing a request whose head is over `max_head` bytes however it arrived, and one
    with both Transfer-Encoding and Content-Length (RemoteProtocolError, as h11 itself refuses a request)."""

    def __init__(self, max_head: int) -> None:
        super().__init__(h11.SERVER, max_incomplete_event_size=max_head)
        self.max_head = max_head

    def next_event(self) -> Any:
        event = super().next_event()
        if isinstance(event, h11.Request):
            names = {name for name, _ in event.headers}  # (h11 gives them lower-cased)
            if b"transfer-encoding" in names and b"content-length" in names:
                raise h11.RemoteProtocolError("both Transfer-Encoding and Content-Length", error_status_hint=400)
            if head_size(event) > self.max_head:
                raise h11.RemoteProtocolError("request headers too large", error_status_hint=431)
        return event


class GuardedH11Protocol(H11Protocol):
    request_timeout = REQUEST_TIMEOUT
    max_pending_per_address = MAX_PENDING_PER_ADDRESS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.conn = BoundedConnection(self.config.h11_max_incomplete_event_size or MAX_HEADER_BYTES)
        self._deadline: asyncio.TimerHandle | None = None
        self._address = ""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]  # uvicorn's is a Transport too
        super().connection_made(transport)
        self._address = self.client[0] if self.client else ""
        self._start_waiting()

    def data_received(self, data: bytes) -> None:
        fresh_date(self.server_state, self.config)  # a request (or part of one) came: its answer's Date is of now
        if self._deadline is None and data:  # the first byte of another request on a kept-alive connection
            self._start_waiting()
        super().data_received(data)
        if self._deadline is not None and self._request_in():
            self._stop_waiting()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        super().connection_lost(exc)

    def _request_in(self) -> bool:
        """The request is complete (or the connection went to the WebSocket protocol, or h11 gave up on it)."""
        if self.transport.get_protocol() is not self:
            return True
        return self.conn.their_state not in (h11.IDLE, h11.SEND_BODY)

    def _start_waiting(self) -> None:
        waiting = _waiting.setdefault(self.server_state, {}).setdefault(self._address, {})
        if len(waiting) >= self.max_pending_per_address:
            next(iter(waiting))._give_up()
        waiting[self] = None
        self._deadline = self.loop.call_later(self.request_timeout, self._give_up)

    def _stop_waiting(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        by_address = _waiting.get(self.server_state)
        if by_address is None:
            return
        waiting = by_address.get(self._address)
        if waiting is not None:
            waiting.pop(self, None)
            if not waiting:
                del by_address[self._address]

    def send_400_response(self, msg: str) -> None:
        """uvicorn's answer to a request it cannot parse, with the security headers its own lacks (written by
        hand like uvicorn's, through the same h11 connection)."""
        event = h11.Response(status_code=400, reason=b"Bad Request", headers=[
            ("content-type", "text/plain; charset=utf-8"), ("connection", "close"), *HEADERS])
        self.transport.write(self.conn.send(event) or b"")
        self.transport.write(self.conn.send(h11.Data(data=msg.encode("ascii", "replace"))) or b"")
        self.transport.write(self.conn.send(h11.EndOfMessage()) or b"")
        self.transport.close()

    def _give_up(self) -> None:
        self._stop_waiting()
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return
        cycle = self.cycle if self.conn.our_state is h11.SEND_RESPONSE else None
        if cycle is not None and not cycle.response_started:
            # The headers were in and the endpoint waits for the body: one line, not the endpoint's traceback (it
            # sees the client gone once the transport closes, live/edges/web/bodies.py).
            cycle.response_started = True  # (its own answer, if it comes, goes nowhere)
            self.transport.write(TIMEOUT_RESPONSE)
            log.warning("408: the body of %s %s from %s did not arrive within %g s", cycle.scope["method"],
                        cycle.scope["path"][:80], self._address or "?", self.request_timeout)
        elif self.conn.our_state is h11.IDLE:  # nothing answered yet: say why
            self.transport.write(TIMEOUT_RESPONSE)
        self.transport.close()


OUT_OF_FILES = "socket.accept() out of system resource"
_quiet = {"at": 0.0, "count": 0}
log = logging.getLogger("live.edges.web.edge")


def _exception_handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    if context.get("message") != OUT_OF_FILES:
        loop.default_exception_handler(context)
        return
    _quiet["count"] += 1
    now = time.monotonic()
    if now - _quiet["at"] >= 5:
        log.error("cannot accept connections: %s (%d times); raise the open-file limit (ulimit -n)",
                  context.get("exception"), _quiet["count"])
        _quiet["at"], _quiet["count"] = now, 0


def new_loop() -> asyncio.AbstractEventLoop:
    """The event loop for uvicorn (`loop="live.edges.web.edge:new_loop"`): asyncio's, with `_exception_handler`."""
    loop = asyncio.new_event_loop()
    loop.set_exception_handler(_exception_handler)
    return loop


def server_config(app: Any, *, host: str, port: int, ws: type, proxies: list[str]) -> uvicorn.Config:
    """The uvicorn configuration `live serve` runs `app` with.

    What one client may hold (live/edges/limits.py): a request must arrive within 10 s (GuardedH11Protocol), its
    headers within 8 KiB; near the open-file limit, 503 at once. A WebSocket upgrade, once its request is in,
    goes to `ws`, the websockets library's connection (live/edges/web/ws_endpoint.py): one port for everything.
    The security headers go on every answer uvicorn writes (live/edges/web/headers.py)."""
    return uvicorn.Config(
        app, host=host, port=port, http=GuardedH11Protocol, loop="live.edges.web.edge:new_loop", ws=ws,
        log_level="warning", lifespan="on", backlog=4096, timeout_keep_alive=limits.KEEP_ALIVE_TIMEOUT,
        h11_max_incomplete_event_size=limits.MAX_HEADER_BYTES,
        limit_concurrency=limits.concurrency_limit(limits.raise_open_files()),
        timeout_graceful_shutdown=limits.GRACEFUL_SHUTDOWN_TIMEOUT,
        headers=[*HEADERS],
        **forwarded.uvicorn_options(proxies),  # whose X-Forwarded-For is the client's address
    )


class QuietServer(uvicorn.Server):
    """uvicorn's server, waking only to exit.

    Its main loop sleeps 0.1 s between checks of whether to exit, to refresh the Date header once a
    second: ten wake-ups a second, which on a small virtual machine cost ~2 ms of CPU a second with
    nothing to do — at 1,000 screens and a signal every half second, about a tenth of what the fan-out
    of a signal costs. Each wake-up of an idle process also runs cold (its code and data out of the
    CPU's caches: the same request parsed in 55 µs back to back takes 330 µs after half a second idle),
    so even one tick a second cost 0.17–0.24 ms of CPU a second. Here the loop only waits for the
    exit, set through the loop's thread-safe wake-up whenever `should_exit` becomes true (uvicorn's
    signal handler, or anyone who embeds the server); the Date header is refreshed by the first request
    of each second instead (`GuardedH11Protocol`, `fresh_date`).

    This relies on uvicorn beyond its documentation (`main_loop`, `on_tick`, `should_exit`,
    `server_state.default_headers`, pinned `uvicorn>=0.55,<0.56`); tests/unit/test_quiet_server.py fails
    when they change.
    """

    def __init__(self, config: uvicorn.Config) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._exit: asyncio.Event | None = None
        self._should_exit = False
        super().__init__(config)

    @property
    def should_exit(self) -> bool:
        return self._should_exit

    @should_exit.setter
    def should_exit(self, value: bool) -> None:
        self._should_exit = value
        if value and self._loop is not None and self._exit is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._exit.set)

    async def main_loop(self) -> None:
        self._loop, self._exit = asyncio.get_running_loop(), asyncio.Event()
        should_exit = await self.on_tick(0)  # (counter 0: the Date header of the first answers)
        while not should_exit:
            await self._exit.wait()
            self._exit.clear()
            should_exit = await self.on_tick(0)


def fresh_date(server_state: Any, config: uvicorn.Config) -> None:
    """The headers uvicorn adds to every answer (`server_state.default_headers`), with the Date of this second:
    what uvicorn's tick does once a second, done by the first request of each second (QuietServer has no tick)."""
    now = time.time()
    if _dated.get(server_state) == int(now):
        return
    _dated[server_state] = int(now)
    date = [(b"date", formatdate(now, usegmt=True).encode())] if config.date_header else []
    server_state.default_headers = date + config.encoded_headers


#: Per server (uvicorn's ServerState): the second its Date header is of.
_dated: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()
