"""The HTTP server's quiet main loop (live/edges/web/edge.py `QuietServer`) on the pinned uvicorn.

It overrides uvicorn's undocumented `main_loop` and `should_exit` and calls its `on_tick`, and refreshes
the Date header in `server_state.default_headers`: these tests fail when uvicorn changes them — it does not
wake while nobody asks anything; an answer's Date is of the second it was asked in; and an exit asked for by
a signal, or by setting `should_exit`, ends it at once.
"""

from __future__ import annotations

import asyncio
import inspect
import signal
import time

import uvicorn

from live.edges.web.edge import GuardedH11Protocol, QuietServer


async def _app(scope: dict[str, object], receive: object, send: object) -> None:
    return None


async def _answer(scope: dict[str, object], receive: object, send: object) -> None:
    assert callable(send)
    await send({"type": "http.response.start", "status": 204, "headers": []})
    await send({"type": "http.response.body", "body": b""})


class Counting(QuietServer):
    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.ticks = 0

    async def on_tick(self, counter: int) -> bool:
        self.ticks += 1
        return await super().on_tick(counter)


def test_uvicorn_still_has_what_the_quiet_loop_overrides() -> None:
    assert inspect.iscoroutinefunction(uvicorn.Server.main_loop)
    assert list(inspect.signature(uvicorn.Server.on_tick).parameters) == ["self", "counter"]
    assert list(inspect.signature(uvicorn.Server.handle_exit).parameters) == ["self", "sig", "frame"]
    assert "main_loop" in inspect.getsource(uvicorn.Server._serve)  # serve runs the loop we replace
    assert "self.should_exit = True" in inspect.getsource(uvicorn.Server.handle_exit)  # it wakes ours


async def _serving(server: QuietServer) -> asyncio.Task[None]:
    serving = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    return serving


async def _date_of_an_answer(port: int) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    head = await reader.readuntil(b"\r\n\r\n")
    writer.close()
    return dict(line.split(b": ", 1) for line in head.split(b"\r\n")[1:] if b": " in line)[b"date"]


async def test_it_does_not_wake_while_idle_and_an_answer_has_the_date_it_was_asked_at() -> None:
    server = Counting(uvicorn.Config(_answer, host="127.0.0.1", port=0, log_level="warning", lifespan="off",
                                     http=GuardedH11Protocol))
    serving = await _serving(server)
    port = server.servers[0].sockets[0].getsockname()[1]
    ticks = server.ticks
    first = await _date_of_an_answer(port)
    await asyncio.sleep(2.3)
    assert server.ticks == ticks  # uvicorn's own loop: 23
    assert await _date_of_an_answer(port) != first  # the Date header follows the clock
    server.should_exit = True  # as whoever embeds the server does
    await asyncio.wait_for(serving, 2)


async def test_a_signal_ends_it_at_once() -> None:
    server = Counting(uvicorn.Config(_app, host="127.0.0.1", port=0, log_level="warning", lifespan="off"))
    serving = await _serving(server)
    await asyncio.sleep(0.2)
    asked = time.monotonic()
    server.handle_exit(signal.SIGTERM, None)
    server._captured_signals.clear()  # else serve() raises the signal again once it is done: it would end the tests
    await asyncio.wait_for(serving, 2)
    assert time.monotonic() - asked < 0.5
