"""The application factories: one competition's Starlette app, served at the root (`create_app`) or, for a
season, each under `/<id>` beside a start page that lists them (`create_season_app`, live/edges/web/season.py)."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware

from live.core.referees import SHARED_NAME, Referees
from live.edges.hall import Hall
from live.edges.web import captains_api, desk_api, public_api, referee_api, sheets_api
from live.edges.web.api import DISPLAY_DIR, routes
from live.edges.web.assets import Assets
from live.edges.web.ws_endpoint import WsEndpoint

#: Answers shorter than this go uncompressed: under one TCP segment, gzip saves no round trip.
GZIP_MINIMUM = 1024
#: Compression leaves alone what is gzipped already (the versioned files, compressed once at start) and
#: WebSockets (it handles HTTP only). The security headers are uvicorn's, on every answer (headers.py).
MIDDLEWARE = [Middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM, compresslevel=6)]


def competition_app(hall: Hall, referee_token: str, *, public_url: str | None = None,
                    referees: Referees | None = None, ws: WsEndpoint | None = None, assets: Assets | None = None,
                    base: str = "", lifespan: Callable[[Starlette], contextlib.AbstractAsyncContextManager[None]]
                    | None = None) -> Starlette:
    """One competition's pages and API. `base`: where it is mounted ("/<id>" in a season; "" at the root),
    which its pages, cookies and printed links name. `assets`: the pages' files, read once for all the
    competitions of a server. Its hall is started by whoever serves it (`create_app`'s lifespan, or the
    season's)."""
    if referees is None:
        referees = Referees(secrets.token_urlsafe(32), [(SHARED_NAME, referee_token)])
    assets = assets or Assets(DISPLAY_DIR)
    app = Starlette(routes=[*referee_api.routes(), *desk_api.routes(), *sheets_api.routes(), *captains_api.routes(),
                            *public_api.routes(), *routes(assets)],
                    lifespan=lifespan, middleware=MIDDLEWARE)
    app.state.assets = assets
    app.state.hall = hall
    app.state.referee_token = referee_token
    app.state.referees = referees
    app.state.public_url = public_url
    app.state.ws = ws
    app.state.base = base
    return app


def create_app(hall: Hall, referee_token: str,
               companions: Sequence[Callable[[], Awaitable[None]]] = (), public_url: str | None = None,
               referees: Referees | None = None, ws: WsEndpoint | None = None) -> Starlette:
    """One competition at the root: what `live serve FILE` runs. `companions` run beside the server while it is
    up (the demo's stand-in organizer). `referees`: who may referee (`live.core.referees`); without it, the
    shared `referee_token` only, with sessions signed by a secret of this process. `ws`: the `/ws` endpoint
    (live/edges/web/ws_endpoint.py), started once the hall is and stopped before it, in the same event loop
    (uvicorn hands it the upgrades on its port)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hall.start()
        if ws is not None:
            await ws.start({"": app})
        tasks: list[asyncio.Future[None]] = [asyncio.ensure_future(companion()) for companion in companions]
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            if ws is not None:
                await ws.stop()
            await hall.stop()

    return competition_app(hall, referee_token, public_url=public_url, referees=referees, ws=ws,
                           lifespan=lifespan)
