"""The WebSocket hub: who is connected, and a bounded outgoing queue for each of them.

Publishing never awaits a socket. Each message is encoded once per kind of view and handed
to every client with `put_nowait`; each client has its own sender task that awaits its own
socket. A phone that stops reading fills only its own queue, and when that is full it is
dropped (close code 4008) and reconnects with `since=<seq>` to get exactly what it missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterable

log = logging.getLogger("live.hub")

VIEWS = ("display", "player", "referee")
QUEUE_SIZE = 256
CLOSE_TOO_SLOW = 4008


class Client:
    """One connected screen. `send` is how its sender task writes to the socket."""

    def __init__(self, view: str, player: str | None, send: Callable[[str], Awaitable[None]],
                 close: Callable[[int, str], Awaitable[None]], queue_size: int = QUEUE_SIZE) -> None:
        self.view = view
        self.player = player
        self.queue: asyncio.Queue[str] = asyncio.Queue(maxsize=queue_size)
        self.dropped = False
        self._send = send
        self._close = close
        self._sender: asyncio.Task[None] | None = None
        self._closing: asyncio.Future[None] | None = None

    def offer(self, text: str) -> bool:
        """Queue a message; False when the queue is full (the client is too slow)."""
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            return False
        return True

    def start(self) -> None:
        self._sender = asyncio.create_task(self._pump(), name=f"ws-sender-{self.view}")

    async def _pump(self) -> None:
        while True:
            text = await self.queue.get()
            await self._send(text)

    async def stop(self) -> None:
        if self._sender is not None:
            self._sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._sender

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
        client.start()

    async def remove(self, client: Client) -> None:
        self.clients.discard(client)
        await client.stop()

    def players(self) -> set[str]:
        """The players who have their page open right now."""
        return {client.player for client in self.clients if client.player}

    def count(self) -> dict[str, int]:
        counts = dict.fromkeys(VIEWS, 0)
        for client in self.clients:
            counts[client.view] += 1
        return counts

    def publish(self, by_view: dict[str, str], by_player: dict[str, str] | None = None) -> None:
        """Hand one message to every client: the one for its player if any, else for its view."""
        by_player = by_player or {}
        slow: list[Client] = []
        for client in self.clients:
            text = by_player.get(client.player) if client.player else None
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
