"""The team sheets' endpoint, for everyone (the sheets of a bridge event are public):

    GET /api/individual → {"percent", "rule", "order", "ranking": [<player>, …], "teams": [<team>, …]}
        ranking: the final individual ranking (docs/rules/team-sheets.md#individual-ranking): the players with at least
                 `percent` % of their team's boards, each {"rank", "shared", "player", "name", "team",
                 "team_name", "boards", "percent"}, in the teams' final order ("order": "final" once the
                 final has a winner, else "standings");
        teams:   each {"rank", "team", "name", "boards" (the team's boards in the tournament), "needed",
                 "players": [{"player", "name", "boards", "percent", "eligible", "still_needed", "withdrawn"}]}

A 404 under rules without an individual ranking; while the standings are hidden from the hall, a 403 to
anyone but the referees (the ranking tells the standings). Everything is derived in live/commands/lineups.py.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from live.edges.web.api import _error, _hall, _standings_refused
from live.projections.lineups import individual


async def api_individual(request: Request) -> Response:
    refused = _standings_refused(request)
    if refused is not None:
        return refused
    state = _hall(request).state
    ranking = individual(state)
    if ranking is None:
        return _error(404, f"the {state.tournament.preset} rules have no individual ranking "
                           "(individual_min_percent)", {"field": "individual_min_percent",
                                                         "code": "rules.no_individual"})
    return JSONResponse(ranking, headers={"Cache-Control": "no-cache"})


def routes() -> list[Route]:
    return [Route("/api/individual", api_individual)]
