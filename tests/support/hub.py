"""A WebSocket for the hub's tests: `FakeSocket`, whose transport records what was written and says how
much is still unsent."""

from __future__ import annotations

from websockets.protocol import Protocol, Side, State

from live.edges.hub import Client


class FakeTransport:
    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.unsent = 0  # what the test says the transport holds unsent
        self.aborted = False

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def get_write_buffer_size(self) -> int:
        return self.unsent

    def is_closing(self) -> bool:
        return self.aborted

    def abort(self) -> None:
        self.aborted = True


class FakeSocket:
    def __init__(self) -> None:
        self.transport = FakeTransport()
        self.state = State.OPEN
        self.closed: list[int] = []

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed.append(code)
        self.state = State.CLOSED

    def client(self, view: str = "display", player: str | None = None) -> Client:
        return Client(view, player, self)

    def texts(self) -> list[str]:
        """What a client reads from the written bytes (a client-side Sans-I/O protocol parses them)."""
        reader = Protocol(Side.CLIENT, state=State.OPEN)
        reader.receive_data(b"".join(self.transport.written))
        return [frame.data.decode() for frame in reader.events_received()]
