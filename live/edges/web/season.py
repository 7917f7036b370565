"""A season server: every competition's app under `/<id>`, and at the root what is no one competition's.

Each competition is the app `live serve FILE` would run (live/edges/web/app.py `competition_app`), mounted
at its base; the root adds the start page (`/`, display/season.html) and its data (`/api/competitions`),
two competitions' displays side by side on one screen (`/side`), the pages' files (`/static/`, one copy
for all), a health answer over all of them, and the organizer's endpoints (live/edges/web/season_organizer.py).
The lifespan starts every hall before the first request and stops them after the last; the check-in codes'
limiter is one for the whole server, so that guessing at twenty competitions is no faster than at one.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import PurePath

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route

from live.core.events import Event, NewEvent
from live.edges.competitions import Competition
from live.edges.hall import Hall
from live.edges.log import EventLog, LogUnavailable
from live.edges.web import season_organizer
from live.edges.web.api import DISPLAY_DIR, static_routes
from live.edges.web.app import MIDDLEWARE, competition_app
from live.edges.web.assets import Assets
from live.edges.web.new_competition_api import Creation
from live.edges.web.ratelimit import Limiter
from live.edges.web.season_organizer import PROMOTION_CONFIRMED
from live.edges.web.ws_endpoint import WsEndpoint
from live.projections.listing import Listed, listing

#: The season log's events: the organizer's acts, which no competition's log holds.
COMPETITION_CREATED = "competition_created"
SEASON_EVENTS = (COMPETITION_CREATED, PROMOTION_CONFIRMED)
#: Who they are by.
ORGANIZER = "organizer"
#: Why a season started from files takes no new competition.
NO_FOLDER = ("this season was started from files, not a folder: a new competition has no folder to go in "
             "(serve the season's folder)")


class Season:
    """The competitions a season server runs, each mounted under its base, and who may organize them."""

    def __init__(self, competitions: Sequence[Competition], *, ws: WsEndpoint | None, public_url: str | None,
                 creation: Creation | None, no_creation: str, organizer_token: str | None,
                 log: EventLog | None = None) -> None:
        self.assets = Assets(DISPLAY_DIR)
        self.limiter = Limiter()
        self.ws, self.public_url = ws, public_url
        self.creation, self.no_creation, self.organizer_token = creation, no_creation, organizer_token
        self.competitions: list[Competition] = []
        #: Each competition's app by its base ("/<id>").
        self.apps: dict[str, Starlette] = {}
        #: Those whose hall was started (the ones added while it runs too): each is stopped at the end.
        self.running: list[Competition] = []
        self.root: Starlette | None = None
        #: The season's own log: what the organizer did (SEASON_EVENTS); open while the server runs.
        self.log = log
        for competition in competitions:
            self._mount(competition)

    @property
    def halls(self) -> list[Hall]:
        return [competition.hall for competition in self.competitions]

    def hall(self, ident: str) -> Hall | None:
        return next((hall for hall in self.halls if hall.tournament.id == ident), None)

    def now(self) -> int:
        return self.competitions[0].hall.clock() if self.competitions else 0

    def taken(self) -> set[str]:
        """The ids served now, letter case aside (a new competition's must differ)."""
        return {hall.tournament.id.casefold() for hall in self.halls}

    def listing(self) -> dict[str, list[Listed] | int]:
        """What the start page and the side page take first, and `/api/competitions` answers."""
        return {"competitions": listing((hall.tournament for hall in self.halls), self.now()), "time": self.now()}

    def language(self) -> str:
        """The start page's language when the request names none: the one most of the competitions speak."""
        spoken = Counter(hall.tournament.language for hall in self.halls)
        return spoken.most_common(1)[0][0] if spoken else "en"

    def _mount(self, competition: Competition) -> Starlette:
        app = competition_app(competition.hall, competition.referee_token, public_url=self.public_url,
                              referees=competition.referees, ws=self.ws, assets=self.assets, base=competition.base)
        app.state.code_limiter = self.limiter
        self.apps[competition.base] = app
        self.competitions.append(competition)
        if self.root is not None:  # (while it runs: after the routes the root was made with)
            self.root.router.routes.append(Mount(competition.base, app=app))
        return app

    async def record(self, kind: str, payload: dict[str, object]) -> Event:
        """One of the organizer's acts in the season's log (LogUnavailable when it cannot be written: then it did
        not happen)."""
        if self.log is None:
            raise LogUnavailable("this season keeps no log of its own")
        event = await self.log.append(NewEvent(kind, ORGANIZER, dict(payload)))
        if event is None:
            raise LogUnavailable("the season's log refused the event")
        return event

    async def records(self, kind: str) -> list[Event]:
        """The season log's events of one kind, oldest first."""
        return [event for event in await self.log.read() if event.type == kind] if self.log is not None else []

    async def add(self, competition: Competition) -> None:
        """A new competition while the server runs: recorded in the season's log, started, then mounted, so its
        first request finds it running (and a log that cannot record it leaves nothing served)."""
        t = competition.tournament
        await self.record(COMPETITION_CREATED, {"id": t.id, "name": t.name, "preset": t.preset,
                                                "file": PurePath(t.source).name})
        await competition.hall.start()
        self.running.append(competition)
        app = self._mount(competition)
        if self.ws is not None:
            self.ws.add(competition.base, app)

    @contextlib.asynccontextmanager
    async def serving(self, companions: Sequence[Callable[[], Awaitable[None]]]) -> AsyncIterator[None]:
        """The root's lifespan: every hall started, then the socket, then the companions; stopped the other way."""
        tasks: list[asyncio.Future[None]] = []
        if self.log is not None:
            await self.log.open()
        try:
            for competition in list(self.competitions):
                await competition.hall.start()
                self.running.append(competition)
            if self.ws is not None:
                await self.ws.start(self.apps)
            tasks = [asyncio.ensure_future(companion()) for companion in companions]
            yield
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            if self.ws is not None:
                await self.ws.stop()
            for competition in reversed(self.running):
                await competition.hall.stop()
            if self.log is not None:
                await self.log.close()


def create_season_app(competitions: Sequence[Competition], *, ws: WsEndpoint | None = None,
                      public_url: str | None = None, companions: Sequence[Callable[[], Awaitable[None]]] = (),
                      creation: Creation | None = None, no_creation: str = NO_FOLDER,
                      organizer_token: str | None = None, log: EventLog | None = None) -> Starlette:
    """The season's app. Every competition has its `base` ("/<id>"), its hall not yet started. `creation`: how
    the organizer adds one while it runs (`POST /api/competitions`); None: the season is what it was started
    with, and `no_creation` says why to an organizer who tries. `organizer_token`: who may add one and see
    every competition's matches and the promotion at once; None: nobody (each competition's referees see
    theirs)."""
    season = Season(competitions, ws=ws, public_url=public_url, creation=creation, no_creation=no_creation,
                    organizer_token=organizer_token, log=log)

    def page(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def serve(request: Request) -> Response:
            text = season.assets.page_html(f"{name}.html", name, season.language(), request.query_params.get("lang"),
                                           boot=season.listing())
            if text is None:
                return Response("not found", status_code=404, media_type="text/plain; charset=utf-8")
            return HTMLResponse(text, headers={"Cache-Control": "no-cache"})
        return serve

    async def api_competitions(request: Request) -> Response:
        return JSONResponse(season.listing(), headers={"Cache-Control": "no-cache"})

    async def api_health(request: Request) -> Response:
        """Every competition's figures (as its own /<id>/api/health gives them), and the server's totals."""
        halls = season.halls
        each = {hall.tournament.id: {"seq": hall.state.seq, "clients": hall.hub.count()} for hall in halls}
        clients = sum(sum(hall.hub.count().values()) for hall in halls)
        return JSONResponse({"competitions": each, "clients": clients, "time": season.now(),
                             "checkin_failures": season.limiter.stats()})

    async def to_start(request: Request) -> Response:
        """`/display`, `/player`, `/referee` at the root of a season (an address from a one-competition server,
        typed from memory): the start page, which lists whose display or console to open."""
        return RedirectResponse("/", status_code=307)

    async def not_found(request: Request, exc: Exception) -> Response:
        """An address under no competition (a typo in the id, a competition of another season): where to look."""
        status = exc.status_code if isinstance(exc, HTTPException) else 404
        return PlainTextResponse(f"not found: this server's competitions are listed at / "
                                 f"({', '.join(sorted(c.base for c in season.competitions)) or 'none yet'})\n",
                                 status_code=status)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with season.serving(companions):
            yield

    routes: list[Route | Mount] = [
        Route("/", page("season")),
        Route("/side", page("side")),
        Route("/api/competitions", api_competitions),
        Route("/api/health", api_health),
        *season_organizer.routes(season),
        *(Route(f"/{name}", to_start) for name in ("display", "player", "referee")),
        *static_routes(season.assets),
        *(Mount(base, app=app) for base, app in season.apps.items()),
    ]
    root = Starlette(routes=routes, lifespan=lifespan, middleware=MIDDLEWARE, exception_handlers={404: not_found})
    season.root = root
    root.state.season = season
    root.state.assets = season.assets
    return root
