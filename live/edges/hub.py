"""The WebSocket hub: who is connected, and one frame per message written to every one of them.

Publishing never awaits a socket. Each message is encoded once per kind of view (the hall does
that) and **framed once** here: `text_frame` builds the RFC 6455 frame with the websockets
library's documented Sans-I/O API (`Protocol.send_text`, `data_to_send`), and the same bytes are
handed to every open connection's transport (`asyncio.Transport.write`, which never waits: what
the kernel does not take at once stays in the transport's buffer). No task, queue or future per
client and per message, so an idle connection costs what the library's own connection costs.

The bound on a slow client is that buffer: a connection whose transport holds more than
`BACKLOG_BYTES` unsent when a message comes (today's 256 messages of ≈ 2 KiB) is closed with 4008
and reconnects with `since=<seq>` to get exactly what it missed. A phone that stops reading
fills only its own buffer; the projector never waits for it. Before that, past `COALESCE_BYTES`,
it gets its events without the sections that supersede themselves, and their latest versions once
it reads again (live/edges/coalesce.py): a phone that reads slowly is dropped only when it truly stops.

What this relies on beyond the websockets documentation (pinned `websockets>=17,<18`;
tests/unit/test_ws_frames.py fails when it stops holding): `ServerConnection.transport` exists,
and the library writes each frame of its own (pings, pongs, close) whole with one
`transport.write()` on the event loop's thread, keeping nothing unsent between calls, so frames
written here interleave with its own only at frame boundaries. The hub never uses the library's
`send()` for a connection it writes to (nor a fragmented message), which keeps that true. And, so that
the fan-out need not ask every connection for its state: the library writes what it has to send
(`send_data()`) in the same step as every change of its protocol's state away from OPEN, where the
endpoint tells the hub (`Hub.closing`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Iterable, Mapping
from typing import Protocol

from websockets.protocol import Protocol as Framer
from websockets.protocol import Side, State

from live.core.referees import Grant
from live.edges.budget import BUDGET, fit
from live.edges.coalesce import sections_message, settled, withheld
from live.edges.limits import CLOSE_POLICY
from live.edges.messages import Encoded, Error, EventMessage, encode
from live.edges.patch import SectionMap

#: What the hub writes: a message encoded once (`Encoded`), or a text it does not look into.
Outgoing = Encoded | str

log = logging.getLogger("live.edges.hub")

VIEWS = ("display", "player", "referee")
#: Messages a client may have waiting, as before the frame-once fan-out (a queue of 256).
QUEUE_SIZE = 256
#: The same bound in bytes of the transport's buffer: 256 event messages of ≈ 2 KiB.
BACKLOG_BYTES = QUEUE_SIZE * 2048
#: Past this many bytes unsent a client is behind: its superseding sections are coalesced (live/edges/coalesce.py).
#: Above the library's write high-water mark (32 KiB), so the transport tells when it drained again.
COALESCE_BYTES = 64 * 1024
CLOSE_TOO_SLOW = 4008
TOO_SLOW = "too slow: reconnect with since"
#: A dropped client's close frame waits behind what it did not read; past this many seconds the
#: connection is cut (its page reconnects when it notices), so a phone that never reads again does
#: not hold a descriptor and half a megabyte forever.
DROP_DEADLINE = 10.0


class Transport(Protocol):
    """What the hub uses of an `asyncio.Transport`."""

    def write(self, data: bytes) -> None: ...

    def get_write_buffer_size(self) -> int: ...

    def is_closing(self) -> bool: ...

    def abort(self) -> None: ...


class Socket(Protocol):
    """What the hub uses of a `websockets.asyncio.server.ServerConnection`."""

    @property
    def state(self) -> State: ...

    @property
    def transport(self) -> Transport: ...

    def close(self, code: int = ..., reason: str = ...) -> Awaitable[None]: ...


def _text(out: Outgoing) -> str:
    return out.text if isinstance(out, Encoded) else out


def text_frame(text: str) -> bytes:
    """The unmasked server frame of one text message, with no extension: the bytes every client gets.

    Documented Sans-I/O API (websockets reference, "Sans-I/O / Both sides"): a server-side protocol in
    the OPEN state writes a text message as one frame (no fragmentation, `max_size` applies only to
    what it receives), the same bytes as `Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[])`.
    """
    framer = Framer(Side.SERVER, state=State.OPEN)
    framer.send_text(text.encode())
    return b"".join(framer.data_to_send())


class Client:
    """One connected screen: its view and player, and the connection its frames are written to.

    `__slots__`: an idle connection costs this one small object besides the library's connection.
    """

    __slots__ = ("grant", "limit", "owed", "player", "private", "seq", "socket", "stopped", "transport", "view")

    def __init__(self, view: str, player: str | None, socket: Socket) -> None:
        self.view = view
        self.player = player
        #: Whether this page holds the player's session (sees their private notices); set by the endpoint.
        self.private = False
        #: A referee view's sign-in (live.core.referees.Grant), checked again when the referees change.
        self.grant: Grant | None = None
        self.socket = socket
        #: The connection's transport (the same for its whole life: looked up once, not per frame).
        self.transport = socket.transport
        #: Bytes the transport may hold unsent when a message comes: raised by a long greeting (`Hub.add`).
        self.limit = BACKLOG_BYTES
        #: Removed or dropped: it takes nothing more (a fan-out scheduled before may still list it).
        self.stopped = False
        #: While it is behind: the latest values of the superseding sections it was not sent (live/edges/coalesce.py).
        self.owed: SectionMap | None = None
        #: The seq of the last event it was sent while behind (its `sections` message names it).
        self.seq = 0

    def unsent(self) -> int | None:
        """The bytes its connection holds unsent, or None when it takes nothing more (removed, closing)."""
        if self.stopped or self.socket.state is not State.OPEN or self.transport.is_closing():
            return None
        return self.transport.get_write_buffer_size()

    def write(self, frame: bytes) -> bool:
        """Write a frame without waiting; False when this client cannot take it (too slow, or gone).

        On False the caller drops the client: a message it could not take is a gap, and only a
        reconnect with `since` closes a gap.
        """
        unsent = self.unsent()
        if unsent is None or unsent > self.limit:
            return False
        self.transport.write(frame)
        return True


class FanOutStats:
    """What the fan-out has done since the start, for `/api/health`: an organizer sees how many frames went
    out and how many phones were dropped, and bench/fanout.py the CPU the writes themselves took (the
    thread's CPU time, user and system, around each fan-out: two clock reads per event, not per client)."""

    __slots__ = ("cpu_s", "deliveries", "dropped", "events")

    def __init__(self) -> None:
        self.events = 0
        self.deliveries = 0
        self.dropped = 0
        self.cpu_s = 0.0

    def as_json(self) -> dict[str, int | float]:
        return {"events": self.events, "deliveries": self.deliveries, "dropped": self.dropped,
                "cpu_ms": round(self.cpu_s * 1000, 3)}


class Hub:
    def __init__(self, budget: int = BUDGET) -> None:
        #: The most bytes a message may take (live/edges/budget.py): for what it writes of its own (coalescing).
        self.budget = budget
        self.clients: set[Client] = set()
        self._dropping: set[asyncio.Task[None]] = set()
        self.stats = FanOutStats()

    def add(self, client: Client, greeting: Iterable[Outgoing] = ()) -> None:
        """Write the client's first messages (hello, replay, snapshot) and subscribe it, with no await between.

        The greeting is written whole even when it is longer than the bound, and raises the client's
        bound by its size: a snapshot of a large field must not get a client dropped at the next event.
        """
        frames = [text_frame(_text(out)) for out in greeting]
        client.limit = BACKLOG_BYTES + sum(map(len, frames))
        for frame in frames:
            if not client.write(frame):
                return  # gone already: its endpoint removes it
        self.clients.add(client)

    async def remove(self, client: Client) -> None:
        client.stopped = True
        self.clients.discard(client)

    def closing(self, client: Client) -> None:
        """The client's connection left the OPEN state (a close frame sent or received, a failure): nothing more
        may be written to it (no frame after a close frame), from now on. Its endpoint calls this at once, in the
        same step (live/edges/web/ws_endpoint.py), so the fan-out need not ask each connection for its state."""
        client.stopped = True
        self.clients.discard(client)

    def players(self) -> set[str]:
        """The ids of the players who have a phone connected (whose own page an event may change)."""
        return {client.player for client in self.clients if client.player}

    def count(self) -> dict[str, int]:
        counts = dict.fromkeys(VIEWS, 0)
        for client in self.clients:
            counts[client.view] += 1
        return counts

    def publish(self, by_view: Mapping[str, Outgoing], by_player: Mapping[str, Outgoing] | None = None,
                public_by_player: Mapping[str, Outgoing] | None = None,
                sections: Mapping[str, Mapping[str, object]] | None = None) -> None:
        """Hand one message to every client: the one for its player if any (`by_player` for a page with the
        player's session, `public_by_player` for one without), else for its view.

        The writes run in a callback just after the publisher's current step, so the publisher (a
        referee's command) gets its answer out first. The clients are the ones connected now: one that
        connects before the callback runs already has this event in its snapshot and must not get it
        twice. Callbacks run in the order they were scheduled, so events reach each client in the order
        they were published.

        `sections`: the views' sections after this event (`{"public": …, "referee": …}`), for a client
        that is behind (live/edges/coalesce.py), whose event messages must then be `Encoded`; without them
        nobody's sections are coalesced.
        """
        asyncio.get_running_loop().call_soon(self._fan_out, list(self.clients), by_view, by_player or {},
                                             public_by_player or {}, sections)

    def _fan_out(self, clients: list[Client], by_view: Mapping[str, Outgoing], by_player: Mapping[str, Outgoing],
                 public_by_player: Mapping[str, Outgoing],
                 sections: Mapping[str, Mapping[str, object]] | None = None) -> None:
        """Write this event's frame to each of `clients`. The loop runs once per client and per event, so what
        `Client.unsent` says, and whether the client is behind (more than COALESCE_BYTES unsent, or still owed
        sections), are spelled out inline (three calls less per client: 0.2–0.5 ms less user time per event at
        1,000 displays, of ≈ 5 ms, in three alternating runs).

        It touches as few objects per client as it can: by the time a fan-out runs, the other work of the
        process has pushed the clients out of the CPU's caches, and every object looked at is a fresh miss.
        So it does not ask the library's connection for its state (two objects, the connection and its
        protocol, ≈ 1 µs a delivery at 1,000 displays): a connection that leaves OPEN says so (`closing`)."""
        began = time.thread_time()
        written = 0
        frames: dict[str, bytes] = {}  # text → its frame: built once, however many clients get it
        held: dict[str, tuple[bytes, SectionMap, int]] = {}  # text → the same for the clients behind
        slow: list[Client] = []
        for client in clients:
            player = client.player
            out = (by_player if client.private else public_by_player).get(player) if player else None
            if out is None:
                out = by_view.get(client.view)
                if out is None:
                    continue
            transport = client.transport
            if client.stopped or transport.is_closing():  # (a connection that left OPEN stopped it: `closing`)
                slow.append(client)
                continue
            unsent = transport.get_write_buffer_size()  # asked once per client and per event
            if unsent > client.limit:
                slow.append(client)
                continue
            text = out.text if isinstance(out, Encoded) else out
            if (client.owed is not None or unsent > COALESCE_BYTES) and sections is not None \
                    and isinstance(out, Encoded) and isinstance(out.message, EventMessage):
                frame = self._coalesced(client, text, out.message, unsent,
                                        sections["referee" if client.view == "referee" else "public"], held)
            else:
                frame = frames.get(text) or frames.setdefault(text, text_frame(text))
            transport.write(frame)
            written += 1
        self._drop(slow, TOO_SLOW)
        stats = self.stats
        stats.events += 1
        stats.deliveries += written
        stats.cpu_s += time.thread_time() - began

    def _coalesced(self, client: Client, text: str, message: EventMessage, unsent: int,
                   sections: Mapping[str, object], held: dict[str, tuple[bytes, SectionMap, int]]) -> bytes:
        """The frame of this event for a client that is (or was) behind: its superseding sections withheld
        while it is (the withheld frame built once per text in `held`, like the others), and settled (sent
        whole, marked resync) with the first event once it is no longer."""
        if unsent > COALESCE_BYTES:
            if text not in held:
                kept: SectionMap = {}
                out = withheld(message, sections, kept)
                held[text] = (text_frame(text if out is None else encode(out).text), kept, message.seq)
            frame, kept, seq = held[text]
            if kept:
                client.owed = {**(client.owed or {}), **kept}
            client.seq = seq or client.seq
            return frame
        owed, client.owed = client.owed or {}, None
        return text_frame(fit(settled(message, sections, owed), self.budget).text)

    def drained(self, client: Client) -> None:
        """The client's connection took what it held (the transport resumed writing): the sections it is owed,
        as after the last event it got, if no event brought them meanwhile."""
        if client.owed is None or client.stopped or client.transport.get_write_buffer_size() > COALESCE_BYTES:
            return
        owed, client.owed = client.owed, None
        if not client.write(text_frame(fit(sections_message(client.seq, owed), self.budget).text)):
            self._drop([client], TOO_SLOW)

    def offer(self, client: Client, messages: Iterable[Outgoing]) -> None:
        """Messages for one client (a pong): written in order; a client that cannot take one is dropped."""
        for out in messages:
            if not client.write(text_frame(_text(out))):
                self._drop([client], TOO_SLOW)
                return

    def revoke(self, clients: Iterable[Client], reason: str) -> None:
        """End the feed of clients whose sign-in no longer stands (a referee taken away, a session that
        ended): they get nothing more from now on, then an error that signs them out and a close (1008)."""
        for client in clients:
            if client in self.clients and not client.stopped:
                client.write(text_frame(_text(encode(Error(reason, signed_out=True)))))
                self._stop(client, reason, CLOSE_POLICY)

    def _drop(self, clients: list[Client], reason: str) -> None:
        for client in clients:
            if client in self.clients and not client.stopped:
                self.stats.dropped += 1
                self._stop(client, reason, CLOSE_TOO_SLOW)

    def _stop(self, client: Client, reason: str, code: int) -> None:
        self.clients.discard(client)
        client.stopped = True
        if client.socket.state is State.OPEN:
            log.info("closing a %s client: %s", client.view, reason)
        task = asyncio.ensure_future(self._close(client.socket, reason, code))
        self._dropping.add(task)
        task.add_done_callback(self._dropping.discard)

    @staticmethod
    async def _close(socket: Socket, reason: str, code: int) -> None:
        """Close with `code` behind what the client has not read yet; cut the connection past DROP_DEADLINE.

        A phone dropped as too slow (4008) that reads again in time gets the close and reconnects with
        `since`; one that does not is cut, and reconnects when it notices.
        """
        closing = asyncio.ensure_future(socket.close(code, reason))
        try:
            await asyncio.wait_for(asyncio.shield(closing), DROP_DEADLINE)
        except TimeoutError:
            socket.transport.abort()
        except Exception:  # already gone: nothing to close
            log.debug("closing a client failed", exc_info=True)
        with contextlib.suppress(Exception):
            await closing

    async def close_all(self) -> None:
        self.clients.clear()
        for task in list(self._dropping):
            task.cancel()
        await asyncio.gather(*self._dropping, return_exceptions=True)
