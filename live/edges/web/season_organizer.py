"""What a season's organizer does at the root of a season server, with the season organizer's token:

    POST /api/competitions   a new competition from a preset, a date and a roster (new_competition_api.py)
    GET  /api/coordinator    every team match of every competition as its coordinator sees it
    GET  /api/promotion      who goes up and who goes down between the leagues, from their standings
    POST /api/promotion      ... confirmed, in the season's log, once the standings are final

The token is `Authorization: Bearer` (LIVE_ORGANIZER_TOKEN, else the season log's own, printed at start). Each
competition's own referees keep their console and their `/<id>/api/captains`; this is the view over all of them.
"""

from __future__ import annotations

from typing import Protocol

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from live.core.events import Event
from live.edges.competitions import Competition
from live.edges.hall import Hall
from live.edges.log import LogUnavailable
from live.edges.web.new_competition_api import Creation, create, organizer
from live.projections.captains import coordinator_view
from live.projections.finality import standings_status
from live.projections.standings import standings_of
from live.rules.promotion import PromotionError, propose


class Season(Protocol):
    """What the organizer's endpoints need of the season (live/edges/web/season.py `Season`)."""

    organizer_token: str | None
    creation: Creation | None
    no_creation: str

    @property
    def halls(self) -> list[Hall]: ...

    def hall(self, ident: str) -> Hall | None: ...

    def now(self) -> int: ...

    def taken(self) -> set[str]: ...

    async def add(self, competition: Competition) -> None: ...

    async def record(self, kind: str, payload: dict[str, object]) -> Event: ...

    async def records(self, kind: str) -> list[Event]: ...

#: The season log's event of a confirmed promotion (live/edges/web/season.py SEASON_EVENTS).
PROMOTION_CONFIRMED = "promotion_confirmed"
NOT_THE_ORGANIZER = "the season's organizer token is needed (Authorization: Bearer …)"


def _refused() -> JSONResponse:
    return JSONResponse({"error": NOT_THE_ORGANIZER, "detail": {"code": "auth.needed"}}, status_code=401)


def routes(season: Season) -> list[Route]:
    def allowed(request: Request) -> bool:
        return season.organizer_token is not None and organizer(request, season.organizer_token)

    async def api_create(request: Request) -> Response:
        if season.creation is None:
            return JSONResponse({"error": season.no_creation, "detail": {"code": "competition.not_written"}},
                                status_code=409)
        return await create(request, season.creation, season.taken, season.add)

    async def api_coordinator(request: Request) -> Response:
        """Reported, confirmed, disputed, overdue, with the §12.3–4 sanctions to propose (live/projections/captains.py)
        — of every competition with teams (a pairs' or individuals' event has no captains)."""
        if not allowed(request):
            return _refused()
        listed = []
        for hall in season.halls:
            if hall.tournament.teams:
                view = coordinator_view(hall.state, hall.clock())
                listed.append({"id": hall.tournament.id, "base": f"/{hall.tournament.id}",
                               "name": hall.tournament.name, "matches": view["matches"], "counts": view["counts"]})
        return JSONResponse({"now": season.now(), "competitions": listed}, headers={"Cache-Control": "no-store"})

    async def proposed(request: Request) -> dict[str, object] | Response:
        """The promotion the query asks for, as `GET /api/promotion` answers it; or the refusal."""
        query = request.query_params
        first, second = query.get("first", ""), [x for x in query.get("second", "").split(",") if x]
        halls: dict[str, Hall] = {}
        for ident in [first, *second]:
            hall = season.hall(ident)
            if hall is None or not hall.tournament.teams:
                field = "first" if ident == first else "second"
                return JSONResponse({"error": f"{field} must name the season's team competitions by id (the first "
                                              f"league: first=<id>; the second leagues: second=<id>,<id>); "
                                              f"not {ident!r}",
                                     "detail": {"field": field, "code": "field.unknown_id", "id": ident}},
                                    status_code=422)
            halls[ident] = hall
        enlargement = query.get("enlargement", "0")
        if enlargement not in ("0", "2", "4"):
            return JSONResponse({"error": "enlargement must be 0, 2 or 4", "detail": {
                "field": "enlargement", "code": "field.not_one_of", "known": ["0", "2", "4"]}}, status_code=422)
        declined = [x for x in query.get("declined", "").split(",") if x]
        order = {ident: [f"{ident}:{row.get('team')}" for row in standings_of(hall.state)]
                 for ident, hall in halls.items()}
        try:
            proposal = propose(order[first], {ident: order[ident] for ident in second}, declined=declined,
                               enlargement=int(enlargement))
        except PromotionError as exc:
            return JSONResponse({"error": str(exc), "detail": {"code": "competition.form", "problem": str(exc)}},
                                status_code=422)

        def name(key: str | None) -> str | None:
            if key is None:
                return None
            ident, _, team = key.partition(":")
            found = halls[ident].tournament.team(team) if ident in halls else None
            return found.name if found else key

        def named(keys: list[str]) -> list[dict[str, str | None]]:
            return [{"team": key, "name": name(key)} for key in keys]

        def status(hall: Hall) -> str:
            found = standings_status(hall.state, hall.clock())
            return found["status"] if found else "running"

        leagues = {ident: {"name": hall.tournament.name, "status": status(hall), "teams": named(order[ident])}
                   for ident, hall in halls.items()}
        return {
            "first": first, "second": second, "declined": declined, "enlargement": int(enlargement),
            "leagues": leagues, "final": all(league["status"] == "final" for league in leagues.values()),
            "stay": named(proposal.stay), "promoted": named(proposal.promoted), "relegated": named(proposal.relegated),
            "playoff": named(proposal.playoff), "playoff_places": proposal.playoff_places,
            "open_places": proposal.open_places,
            "steps": [{"place": step.place, "place_name": name(step.place), "team": step.team,
                       "team_name": name(step.team), "to": step.to, "to_name": name(step.to), "rule": step.rule}
                      for step in proposal.steps],
        }

    async def confirmed(first: str) -> dict[str, object] | None:
        """The last confirmation of the promotion from this first league, as the season's log has it."""
        found = [event for event in await season.records(PROMOTION_CONFIRMED) if event.payload.get("first") == first]
        return {"seq": found[-1].seq, "ts": found[-1].ts, "by": found[-1].actor, **found[-1].payload} if found else None

    async def api_promotion(request: Request) -> Response:
        """`?first=<id>&second=<id>,<id>[&declined=<id>:<team>,…][&enlargement=0|2|4]`: Slovak §7, §13.1
        (live/rules/promotion.py) from the leagues' standings as they are now, each league's status beside them
        (provisional until final, §24.1), for the coordinator to confirm with the teams and the presidium, and the
        last confirmation (`confirmed`). Teams are named `<competition id>:<team id>`. `POST` with the same query
        confirms it: written in the season's log, once every league's standings are final."""
        if not allowed(request):
            return _refused()
        answer = await proposed(request)
        if isinstance(answer, Response):
            return answer
        if request.method == "POST":
            if not answer["final"]:
                return JSONResponse({"error": "the promotion is confirmed on final standings only: a league's are "
                                              "still running or provisional (§24.1)",
                                     "detail": {"code": "promotion.not_final"}}, status_code=409)
            kept = {key: value for key, value in answer.items() if key not in ("leagues", "final")}
            try:
                await season.record(PROMOTION_CONFIRMED, kept)
            except LogUnavailable as exc:
                return JSONResponse({"error": f"not confirmed: the season's log did not answer ({exc})",
                                     "detail": {"code": "log.unavailable"}}, status_code=503)
        answer["confirmed"] = await confirmed(str(answer["first"]))
        return JSONResponse(answer, status_code=201 if request.method == "POST" else 200,
                            headers={"Cache-Control": "no-store"})

    return [Route("/api/competitions", api_create, methods=["POST"]), Route("/api/coordinator", api_coordinator),
            Route("/api/promotion", api_promotion, methods=["GET", "POST"])]
