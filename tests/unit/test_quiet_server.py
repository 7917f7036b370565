"""The HTTP server's quiet main loop (live/edges/web/edge.py `QuietServer`) on the pinned uvicorn.

It overrides uvicorn's undocumented `main_loop` and `handle_exit` and calls its `on_tick`: these tests
fail when uvicorn changes them — it wakes about once a second, not ten times; it still refreshes the
Date header every second; and an exit asked for by a signal ends it at once, not at the next tick.
"""

from __future__ import annotations

import asyncio
import inspect
import signal
import time

import uvicorn

from live.edges.web.edge import QuietServer


async def _app(scope: dict[str, object], receive: object, send: object) -> None:
    return None


class Counting(QuietServer):
    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.ticks = 0

    async def on_tick(self, counter: int) -> bool:
        self.ticks += 1
        return await super().on_tick(counter)


def _date(server: uvicorn.Server) -> bytes:
    return dict(server.server_state.default_headers)[b"date"]


def test_uvicorn_still_has_what_the_quiet_loop_overrides() -> None:
    assert inspect.iscoroutinefunction(uvicorn.Server.main_loop)
    assert list(inspect.signature(uvicorn.Server.on_tick).parameters) == ["self", "counter"]
    assert list(inspect.signature(uvicorn.Server.handle_exit).parameters) == ["self", "sig", "frame"]
    assert "main_loop" in inspect.getsource(uvicorn.Server._serve)  # serve runs the loop we replace


async def test_it_wakes_once_a_second_refreshes_the_date_and_exits_at_once() -> None:
    server = Counting(uvicorn.Config(_app, host="127.0.0.1", port=0, log_level="warning", lifespan="off"))
    serving = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    first, ticks = _date(server), server.ticks
    await asyncio.sleep(2.3)
    assert server.ticks - ticks <= 3  # uvicorn's own loop: 23
    assert _date(server) != first  # the Date header follows the clock
    asked = time.monotonic()
    server.handle_exit(signal.SIGTERM, None)
    server._captured_signals.clear()  # else serve() raises the signal again once it is done: it would end the tests
    await asyncio.wait_for(serving, 2)
    assert time.monotonic() - asked < 0.5  # not at the next tick
