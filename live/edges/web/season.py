"""A season server: every competition's app under `/<id>`, and at the root the start page that lists them.

Each competition is the app `live serve FILE` would run (live/edges/web/app.py `competition_app`), mounted
at its base; the root adds what belongs to no one competition: the start page (`/`, display/season.html)
and its data (`/api/competitions`), two competitions' displays side by side on one screen (`/side`), the
pages' files (`/static/`, one copy for all), and a health answer over all of them. The lifespan starts
every hall before the first request and stops them after the last; the check-in codes' limiter is one for
the whole server, so that guessing at twenty competitions is no faster than at one.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route

from live.edges.competitions import Competition
from live.edges.web.api import DISPLAY_DIR, static_routes
from live.edges.web.app import MIDDLEWARE, competition_app
from live.edges.web.assets import Assets
from live.edges.web.new_competition_api import Creation, create, organizer
from live.edges.web.ratelimit import Limiter
from live.edges.web.ws_endpoint import WsEndpoint
from live.projections.captains import coordinator_view
from live.projections.finality import standings_status
from live.projections.listing import listing
from live.projections.standings import standings_of
from live.rules.promotion import PromotionError, propose

#: Why a season started from files takes no new competition.
NO_FOLDER = ("this season was started from files, not a folder: a new competition has no folder to go in "
             "(serve the season's folder)")
#: What the root's start page and the side-by-side page take first, and `/api/competitions` answers.
Season = dict[str, object]


def create_season_app(competitions: Sequence[Competition], *, ws: WsEndpoint | None = None,
                      public_url: str | None = None, companions: Sequence[Callable[[], Awaitable[None]]] = (),
                      creation: Creation | None = None, no_creation: str = NO_FOLDER,
                      organizer_token: str | None = None) -> Starlette:
    """The season's app. Every competition has its `base` ("/<id>"), its hall not yet started. `creation`: how
    the organizer adds one while it runs (`POST /api/competitions`); None: the season is what it was started
    with, and `no_creation` says why to an organizer who tries. `organizer_token`: who may see every
    competition's matches at once (`/api/coordinator`); None: nobody (each competition's referees see theirs)."""
    assets = Assets(DISPLAY_DIR)
    limiter = Limiter()
    apps: dict[str, Starlette] = {}
    competitions = list(competitions)

    def mounted(competition: Competition) -> Starlette:
        app = competition_app(competition.hall, competition.referee_token, public_url=public_url,
                              referees=competition.referees, ws=ws, assets=assets, base=competition.base)
        app.state.code_limiter = limiter
        apps[competition.base] = app
        return app

    for competition in competitions:
        mounted(competition)
    halls = [competition.hall for competition in competitions]

    def season() -> Season:
        now = halls[0].clock() if halls else 0
        return {"competitions": listing((hall.tournament for hall in halls), now), "time": now}

    def language() -> str:
        """The start page's language when the request names none: the one most of the competitions speak."""
        spoken = Counter(hall.tournament.language for hall in halls)
        return spoken.most_common(1)[0][0] if spoken else "en"

    def page(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def serve(request: Request) -> Response:
            text = assets.page_html(f"{name}.html", name, language(), request.query_params.get("lang"),
                                    boot=season())
            if text is None:
                return Response("not found", status_code=404, media_type="text/plain; charset=utf-8")
            return HTMLResponse(text, headers={"Cache-Control": "no-cache"})
        return serve

    async def api_competitions(request: Request) -> Response:
        return JSONResponse(season(), headers={"Cache-Control": "no-cache"})

    async def api_health(request: Request) -> Response:
        """Every competition's figures (as its own /<id>/api/health gives them), and the server's totals."""
        each = {hall.tournament.id: {"seq": hall.state.seq, "clients": hall.hub.count()} for hall in halls}
        clients = sum(sum(hall.hub.count().values()) for hall in halls)
        return JSONResponse({"competitions": each, "clients": clients,
                             "time": halls[0].clock() if halls else 0, "checkin_failures": limiter.stats()})

    async def api_coordinator(request: Request) -> Response:
        """Every team match of every competition as its coordinator sees it (live/projections/captains.py):
        reported, confirmed, disputed, overdue, with the §12.3–4 sanctions to propose. The season organizer's
        (Bearer); each competition's own referees have theirs at /<id>/api/captains."""
        if organizer_token is None or not organizer(request, organizer_token):
            return JSONResponse({"error": "the season's organizer token is needed (Authorization: Bearer …)",
                                 "detail": {"code": "auth.needed"}}, status_code=401)
        now = halls[0].clock() if halls else 0
        listed = []
        for hall in halls:
            if not hall.tournament.teams:
                continue  # (a pairs' or individuals' event has no captains)
            view = coordinator_view(hall.state, hall.clock())
            listed.append({"id": hall.tournament.id, "base": f"/{hall.tournament.id}", "name": hall.tournament.name,
                           "matches": view["matches"], "counts": view["counts"]})
        return JSONResponse({"now": now, "competitions": listed}, headers={"Cache-Control": "no-store"})

    async def api_promotion(request: Request) -> Response:
        """`GET /api/promotion?first=<id>&second=<id>,<id>[&declined=<id>:<team>,…][&enlargement=0|2|4]`: who goes
        up and who goes down between the season's leagues (Slovak §7, §13.1; live/rules/promotion.py) from their
        standings as they are now, each league's status beside them (provisional until final, §24.1), for the
        coordinator to confirm with the teams and the presidium. Teams are named `<competition id>:<team id>`."""
        if organizer_token is None or not organizer(request, organizer_token):
            return JSONResponse({"error": "the season's organizer token is needed (Authorization: Bearer …)",
                                 "detail": {"code": "auth.needed"}}, status_code=401)
        by_id = {hall.tournament.id: hall for hall in halls}
        query = request.query_params
        first, second = query.get("first", ""), [x for x in query.get("second", "").split(",") if x]
        unknown = [ident for ident in [first, *second] if ident not in by_id or not by_id[ident].tournament.teams]
        if not first or not second or unknown:
            return JSONResponse({"error": "name the first league (first=<id>) and the second leagues "
                                          "(second=<id>,<id>) among the season's team competitions; not "
                                          f"{', '.join(unknown) or 'given'}",
                                 "detail": {"field": "first" if not first or first in unknown else "second",
                                            "code": "field.unknown_id", "id": (unknown or [""])[0]}}, status_code=422)
        enlargement = query.get("enlargement", "0")
        if enlargement not in ("0", "2", "4"):
            return JSONResponse({"error": "enlargement must be 0, 2 or 4", "detail": {
                "field": "enlargement", "code": "field.not_one_of", "known": ["0", "2", "4"]}}, status_code=422)

        def order(ident: str) -> list[str]:
            return [f"{ident}:{row.get('team')}" for row in standings_of(by_id[ident].state)]  # (teams: checked above)
        try:
            proposal = propose(order(first), {ident: order(ident) for ident in second},
                               declined=[x for x in query.get("declined", "").split(",") if x],
                               enlargement=int(enlargement))
        except PromotionError as exc:
            return JSONResponse({"error": str(exc), "detail": {"code": "competition.form", "problem": str(exc)}},
                                status_code=422)

        def name(key: str | None) -> str | None:
            if key is None:
                return None
            ident, _, team = key.partition(":")
            found = by_id[ident].tournament.team(team) if ident in by_id else None
            return found.name if found else key

        def status(ident: str) -> str:
            found = standings_status(by_id[ident].state, by_id[ident].clock())
            return found["status"] if found else "running"
        leagues = {ident: {"name": by_id[ident].tournament.name, "status": status(ident),
                           "teams": [{"team": key, "name": name(key)} for key in order(ident)]}
                   for ident in [first, *second]}
        return JSONResponse({
            "leagues": leagues, "final": all(league["status"] == "final" for league in leagues.values()),
            "stay": [{"team": t, "name": name(t)} for t in proposal.stay],
            "promoted": [{"team": t, "name": name(t)} for t in proposal.promoted],
            "relegated": [{"team": t, "name": name(t)} for t in proposal.relegated],
            "playoff": [{"team": t, "name": name(t)} for t in proposal.playoff],
            "playoff_places": proposal.playoff_places, "open_places": proposal.open_places,
            "steps": [{"place": step.place, "place_name": name(step.place), "team": step.team,
                       "team_name": name(step.team), "to": step.to, "to_name": name(step.to), "rule": step.rule}
                      for step in proposal.steps],
        }, headers={"Cache-Control": "no-store"})

    async def to_start(request: Request) -> Response:
        """`/display`, `/player`, `/referee` at the root of a season (an address from a one-competition server,
        typed from memory): the start page, which lists whose display or console to open."""
        return RedirectResponse("/", status_code=307)

    running: list[Competition] = []  # (those started, the ones added meanwhile too: each is stopped at the end)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        tasks: list[asyncio.Future[None]] = []
        try:
            for competition in list(competitions):
                await competition.hall.start()
                running.append(competition)
            if ws is not None:
                await ws.start(apps)
            tasks = [asyncio.ensure_future(companion()) for companion in companions]
            yield
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            if ws is not None:
                await ws.stop()
            for competition in reversed(running):
                await competition.hall.stop()

    async def add(competition: Competition) -> None:
        """A new competition, started and then mounted: its first request finds its hall running."""
        await competition.hall.start()
        running.append(competition)
        app = mounted(competition)
        competitions.append(competition)
        halls.append(competition.hall)
        root.router.routes.append(Mount(competition.base, app=app))
        if ws is not None:
            ws.add(competition.base, app)

    async def api_create(request: Request) -> Response:
        if creation is None:
            return JSONResponse({"error": no_creation, "detail": {"code": "competition.not_written"}},
                                status_code=409)
        return await create(request, creation, lambda: {hall.tournament.id.casefold() for hall in halls}, add)

    routes: list[Route | Mount] = [
        Route("/", page("season")),
        Route("/side", page("side")),
        Route("/api/competitions", api_competitions),
        Route("/api/competitions", api_create, methods=["POST"]),
        Route("/api/health", api_health),
        Route("/api/coordinator", api_coordinator),
        Route("/api/promotion", api_promotion),
        *(Route(f"/{name}", to_start) for name in ("display", "player", "referee")),
        *static_routes(assets),
        *(Mount(base, app=app) for base, app in apps.items()),
    ]
    root = Starlette(routes=routes, lifespan=lifespan, middleware=MIDDLEWARE)
    root.state.assets = assets
    root.state.competitions = competitions
    return root
