"""The WebSocket hub: who is connected, and a bounded backlog of outgoing messages for each of them.

Publishing never awaits a socket. Each message is encoded once per kind of view and handed to
every client with `Client.offer`, which never waits:

- when nothing is queued for that client, the send starts at once and nearly always ends at once:
  uvicorn's websockets-sansio `send` only awaits `writable.wait()`, which does not suspend while
  the transport is below its high-water mark, and then writes to the transport synchronously. So
  `offer` steps the send coroutine once by hand, and when it finishes the message is on its way
  with nothing left behind: no task woken, no future, nothing for the garbage collector to
  promote. (A per-client `asyncio.Queue` and a sender task left a future and a suspended
  `Queue.get` behind on every delivery; at 5000 clients that triggered a full collection of
  ~700 000 objects, ~0.4 s with nothing sent, every ~10 signals.)
- when the send has to wait (the phone stopped reading and its buffers are full), the rest of
  that send goes on in a task of its own, and later messages wait behind it in the client's
  backlog, in order. The task sends the backlog and ends when it is empty, so the next message
  takes the direct path again and an idle connection has no task, queue or future at all.

A phone that stops reading fills only its own backlog, and when that is full it is dropped
(close code 4008) and reconnects with `since=<seq>` to get exactly what it missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import types
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Generator, Iterable
from typing import Any, Protocol

log = logging.getLogger("live.edges.hub")

VIEWS = ("display", "player", "referee")
QUEUE_SIZE = 256
CLOSE_TOO_SLOW = 4008

Send = Callable[[str], Coroutine[Any, Any, None]]


class _Bounded(Protocol):
    """Anything with a `maxsize`: what `Hall.connect` assigns to `client.queue` to raise the bound."""

    @property
    def maxsize(self) -> int: ...


@types.coroutine
def _resume(send: Coroutine[Any, Any, None], waiting: Any) -> Generator[Any, None, None]:
    """Finish, inside a task, a send coroutine that `Client.offer` stepped once and that then suspended.

    `waiting` is what it yielded when it suspended (the future it awaits, or None for a bare yield):
    handing it to the task makes the task wait for exactly that, as if the task had stepped the
    coroutine itself. Whatever the task throws in (CancelledError when the client is dropped or
    leaves) goes on into the send, so it unwinds as an ordinary cancelled await would.
    """
    while True:
        try:
            yield waiting
        except BaseException as exc:
            try:
                waiting = send.throw(exc)
            except StopIteration:
                return
        else:
            try:
                waiting = send.send(None)
            except StopIteration:
                return


class Client:
    """One connected screen: how to write to its socket, and the messages waiting behind a send that waits.

    `send(text)` must return a coroutine, and its first step may run outside any task (in the hub's
    fan-out callback), so it must not need `asyncio.current_task()`; Starlette's and uvicorn's
    sends do not. `__slots__` and no per-client queue: an idle connection costs one small object.
    """

    __slots__ = ("_backlog", "_close", "_closing", "_send", "_sender", "_stopped", "dropped", "maxsize", "player",
                 "private", "view")

    def __init__(self, view: str, player: str | None, send: Send,
                 close: Callable[[int, str], Awaitable[None]], queue_size: int = QUEUE_SIZE) -> None:
        self.view = view
        self.player = player
        #: Whether this page holds the player's session (sees their private notices); set by the endpoint.
        self.private = False
        self.maxsize = queue_size
        self.dropped = False
        self._send = send
        self._close = close
        # Messages behind the send in flight; None while no send is in flight (then a message is sent at once).
        self._backlog: deque[str] | None = None
        self._sender: asyncio.Task[None] | None = None
        self._closing: asyncio.Future[None] | None = None
        self._stopped = False  # removed, dropped, or a send failed: it takes nothing more

    @property
    def queue(self) -> Client:
        """`queue.maxsize` is the backlog's bound. Kept for `Hall.connect`, which reads it and, for a greeting
        longer than the bound, assigns `client.queue = asyncio.Queue(maxsize=larger)` to raise it."""
        return self

    @queue.setter
    def queue(self, bounded: _Bounded) -> None:
        self.maxsize = bounded.maxsize

    def offer(self, text: str) -> bool:
        """Send or queue a message without waiting; False when this client cannot take it (too slow, or gone).

        On False the caller drops the client: a message it could not take is a gap, and only a
        reconnect with `since` closes a gap.
        """
        if self._stopped:
            return False
        backlog = self._backlog
        if backlog is not None:  # a send is in flight: wait behind it, to keep the order
            if len(backlog) >= self.maxsize:
                return False
            backlog.append(text)
            return True
        send = self._send(text)
        try:
            waiting = send.send(None)  # step the send once: it ends here unless the socket is backed up
        except StopIteration:
            return True
        except Exception:  # the socket is closed or broken: the endpoint is about to remove it
            log.debug("a send to a %s client failed", self.view, exc_info=True)
            self._stopped = True
            return False
        self._backlog = deque()
        self._sender = asyncio.create_task(self._drain(send, waiting, self._backlog), name="ws-sender")
        return True

    async def _drain(self, send: Coroutine[Any, Any, None], waiting: Any, backlog: deque[str]) -> None:
        """Finish the send that had to wait, then send the backlog in order; end when it is empty."""
        done = False
        try:
            await _resume(send, waiting)
            while backlog:
                await self._send(backlog.popleft())
            done = True
        except Exception:
            log.debug("a send to a %s client failed", self.view, exc_info=True)
        finally:
            # Ended early (a send failed, or it was cancelled): anything sent after this would follow a gap,
            # so the client takes nothing more and the next offer drops it.
            self._stopped = self._stopped or not done
            self._sender = None
            self._backlog = None

    async def stop(self) -> None:
        """Take nothing more and stop the send in flight, if any."""
        self._stopped = True
        sender = self._sender
        if sender is not None:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender

    async def drop(self, reason: str) -> None:
        self.dropped = True
        await self.stop()
        # The close frame itself waits for the socket to drain; do not wait for it forever, but do
        # not cancel it either: a phone that reads again later must still get the 4008 and reconnect,
        # not stay connected and silently stale. It ends when the socket drains or the connection is lost.
        self._closing = asyncio.ensure_future(self._close(CLOSE_TOO_SLOW, reason))
        self._closing.add_done_callback(lambda task: task.cancelled() or task.exception())
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.shield(self._closing), timeout=2)


class Hub:
    def __init__(self) -> None:
        self.clients: set[Client] = set()
        self._dropping: set[asyncio.Task[None]] = set()

    def add(self, client: Client) -> None:
        self.clients.add(client)

    async def remove(self, client: Client) -> None:
        self.clients.discard(client)
        await client.stop()

    def players(self) -> set[str]:
        """The ids of the players who have a phone connected (whose own page an event may change)."""
        return {client.player for client in self.clients if client.player}

    def count(self) -> dict[str, int]:
        counts = dict.fromkeys(VIEWS, 0)
        for client in self.clients:
            counts[client.view] += 1
        return counts

    def publish(self, by_view: dict[str, str], by_player: dict[str, str] | None = None,
                public_by_player: dict[str, str] | None = None) -> None:
        """Hand one message to every client: the one for its player if any (`by_player` for a page with the
        player's session, `public_by_player` for one without), else for its view.

        The sends run in a callback just after the publisher's current step, so the publisher (a
        referee's command) gets its answer out first, as with queues and sender tasks. The clients are
        the ones connected now: one that connects before the callback runs already has this event in
        its snapshot and must not get it twice. Callbacks run in the order they were scheduled, so
        events reach each client in the order they were published.
        """
        asyncio.get_running_loop().call_soon(self._fan_out, list(self.clients), by_view, by_player or {},
                                             public_by_player or {})

    def _fan_out(self, clients: list[Client], by_view: dict[str, str], by_player: dict[str, str],
                 public_by_player: dict[str, str]) -> None:
        slow: list[Client] = []
        for client in clients:
            text = (by_player if client.private else public_by_player).get(client.player) if client.player else None
            if text is None:
                text = by_view.get(client.view)
            if text is not None and not client.offer(text):
                slow.append(client)
        self._drop(slow, "too slow: reconnect with since")

    def offer(self, client: Client, texts: Iterable[str]) -> None:
        for text in texts:
            if not client.offer(text):
                self._drop([client], "too slow: reconnect with since")
                return

    def _drop(self, clients: list[Client], reason: str) -> None:
        for client in clients:
            if client in self.clients:
                self.clients.discard(client)
                log.info("dropping a %s client: %s", client.view, reason)
                task = asyncio.create_task(client.drop(reason))
                self._dropping.add(task)
                task.add_done_callback(self._dropping.discard)

    async def close_all(self) -> None:
        for client in list(self.clients):
            await self.remove(client)
