"""The application factory: a Starlette app around one Hall, started in the lifespan."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence

from starlette.applications import Starlette
from starlette.middleware import Middleware

from live.api import routes
from live.hall import Hall
from live.headers import SecurityHeaders


def create_app(hall: Hall, referee_token: str,
               companions: Sequence[Callable[[], Awaitable[None]]] = (), public_url: str | None = None) -> Starlette:
    """`companions` run beside the server while it is up (the demo's stand-in organizer)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hall.start()
        tasks = [asyncio.create_task(companion()) for companion in companions]
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await hall.stop()

    app = Starlette(routes=routes(), lifespan=lifespan, middleware=[Middleware(SecurityHeaders)])
    app.state.hall = hall
    app.state.referee_token = referee_token
    app.state.public_url = public_url
    return app
