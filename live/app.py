"""The application factory: a Starlette app around one Hall, started in the lifespan."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from starlette.applications import Starlette

from live.api import routes
from live.hall import Hall


def create_app(hall: Hall, referee_token: str) -> Starlette:
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hall.start()
        try:
            yield
        finally:
            await hall.stop()

    app = Starlette(routes=routes(), lifespan=lifespan)
    app.state.hall = hall
    app.state.referee_token = referee_token
    return app
