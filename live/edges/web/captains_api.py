"""The team captains' endpoints: a captain signs in from a phone with their team's code and reports, confirms or
disputes a match's result played at a club's venue with no referee of ours there; the coordinator (a referee)
lists the codes and the matches (docs/rules/slovak-league.md#captains, live/commands/captains.py).

    GET    /api/captain-codes      → {"captains": [{"team", "name", "code"}, …]}       for the referees
    GET    /api/captain-slips      → an A4 sheet of slips: each team's code and a QR code  for the referees
                                     that opens /captain#code=… signed in
    POST   /api/captain-session    {"code": "ABCD-EFGH"} → {"team", "name", "matches"}  opens the captain's session
    GET    /api/captain-session    → {"team", "name", "matches": [<line>, …]}           the captain's own matches
    DELETE /api/captain-session    → {"team": null}                                     ends it
    POST   /api/captain-commands   {"type": "report_result" | "confirm_result" | "dispute_result" | "send_record",
                                    …} → {"seq", "events"}                               by the captain's session
    GET    /api/captains           → {"now", "matches": [<line>, …], "counts"}          the coordinator's list

A captain's code is derived from the log's check-in secret and the team's id for a purpose of its own
(live/projections/checkin_codes.py): no player's code opens a captain's session. Wrong codes count against the
caller's address in the same limiter as the players' codes (live/edges/web/ratelimit.py), so that a guesser
gains nothing by trying both. The session is the players' signed cookie under a key and a cookie name of its own
(`live_captain`, live/edges/sessions.py): HttpOnly, SameSite=Strict, and a command by it must come from this
server's own pages. A line is live/projections/captains.py `MatchLine`.
"""

from __future__ import annotations

import logging
import time

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from live.commands.validation import CommandError
from live.edges import sessions
from live.edges.log import LogUnavailable
from live.edges.web import auth
from live.edges.web.api import (
    MAX_CHECKIN_BYTES,
    MAX_COMMAND_BYTES,
    TOKEN_IN_URL,
    _client_key,
    _error,
    _hall,
    _limiter,
    _referee_only_page,
    _too_many,
    json_body,
    slips_page,
)
from live.projections import checkin_codes
from live.rules import alphabet

log = logging.getLogger(__name__)

NOT_A_REFEREE = "sign in at the referee console first (or send Authorization: Bearer <token>)"
NO_SESSION = "sign in with your captain's code first: POST /api/captain-session {\"code\": \"...\"}"


def _captain(request: Request) -> str | None:
    """The team whose captain's session the request carries, if it is valid and from this server's own pages."""
    if sessions.CAPTAIN_COOKIE not in request.cookies or not auth.same_origin(request):
        return None
    return _hall(request).session_captain(request.cookies.get(sessions.CAPTAIN_COOKIE))


def _signed_in(request: Request, team: str) -> JSONResponse:
    hall = _hall(request)
    found = hall.tournament.team(team)
    return JSONResponse({"team": team, "name": found.name if found else team, "matches": hall.captain_view(team)},
                        headers={"Cache-Control": "no-store"})


async def api_captain_codes(request: Request) -> Response:
    """The captains' codes, for the coordinator to hand to each team's captain. Never a token in the URL: it
    would stay in histories and logs."""
    if "token" in request.query_params:
        return _error(401, TOKEN_IN_URL, {"code": "auth.token_in_url"})
    if auth.referee(request, changes=False) is None:
        return _error(401, NOT_A_REFEREE, {"code": "auth.needed"})
    hall = _hall(request)
    captains = [{"team": team.id, "name": team.name, "code": checkin_codes.grouped(hall.captain_code_of(team.id) or "")}
                for team in hall.tournament.teams]
    return JSONResponse({"captains": captains}, headers={"Cache-Control": "no-store"})


async def api_captain_slips(request: Request) -> Response:
    """The captains' slips to print and hand out (`slips_page`): a slip's QR code opens the captain's page signed
    in for the team, at the club's venue with no one there to type a code for the captain."""
    refused = _referee_only_page(request)
    if refused is not None:
        return refused
    hall = _hall(request)
    teams = alphabet.by_name(hall.tournament.teams, hall.tournament.language, name=lambda t: t.name,
                             ident=lambda t: t.id)
    return slips_page(request, "captainSlips", "captain",
                      [("team", team.id, team.name, hall.captain_code_of(team.id) or "") for team in teams], large=True)


async def api_captain_session(request: Request) -> Response:
    if request.method == "DELETE":
        if not auth.same_origin(request):
            return _error(403, auth.CROSS_SITE, {"code": "auth.cross_site"})
        response = JSONResponse({"team": None})
        response.delete_cookie(sessions.CAPTAIN_COOKIE, path=auth.cookie_path(request), httponly=True,
                               samesite="strict")
        return response
    if request.method == "GET":
        team = _captain(request)
        if team is None:
            return _error(401, NO_SESSION, {"code": "captain.no_session"})
        return _signed_in(request, team)
    body = await json_body(request, MAX_CHECKIN_BYTES, "a captain's code ({\"code\": \"...\"})")
    if isinstance(body, Response):
        return body
    code = body.get("code") if isinstance(body, dict) else None
    if not isinstance(body, dict):
        return _error(400, "send a JSON object: {\"code\": \"...\"}", {"code": "body.not_object"})
    if not isinstance(code, str) or not code.strip():
        return _error(422, "send your captain's code: {\"code\": \"...\"}", {"field": "code", "code": (
            "field.empty" if isinstance(code, str) else "field.missing" if code is None else "field.not_text")})
    # Checked, looked at and (when wrong) spent with nothing awaited between: see live/edges/web/ratelimit.py.
    limiter, key, now = _limiter(request), _client_key(request), time.monotonic()
    wait = limiter.check(key, now)
    if wait:
        return _too_many(request, wait)
    team = _hall(request).team_for_captain_code(code)
    if team is None:
        limiter.spend(key, now)
        log.warning("a wrong captain's code from %s (%d from there)", key, limiter.failed(key))  # never the code
        return _error(403, "no team's captain has this code", {"field": "code", "code": "code.wrong"})
    response = _signed_in(request, team)
    value, _ = _hall(request).open_captain_session(team)
    response.set_cookie(sessions.CAPTAIN_COOKIE, value, max_age=sessions.LIFETIME_MS // 1000,
                        path=auth.cookie_path(request),
                        httponly=True, samesite="strict", secure=request.url.scheme == "https")
    return response


async def api_captain_commands(request: Request) -> Response:
    if sessions.CAPTAIN_COOKIE in request.cookies and not auth.same_origin(request):
        return _error(403, auth.CROSS_SITE, {"code": "auth.cross_site"})
    team = _captain(request)
    if team is None:
        return _error(401, NO_SESSION, {"code": "captain.no_session"})
    body = await json_body(request, MAX_COMMAND_BYTES, "a captain's command")
    if isinstance(body, Response):
        return body
    if not isinstance(body, dict):
        return _error(400, "a command must be a JSON object with a \"type\"", {"code": "command.not_object"})
    try:
        event = await _hall(request).captain_command(team, body)
    except CommandError as exc:
        return JSONResponse(exc.to_json(), status_code=exc.status)
    except LogUnavailable as exc:
        if "id" in body:
            return _error(503, f"not acknowledged; it may have been stored — send it again with the same id ({exc})",
                          {"code": "log.resend"})
        return _error(503, f"not acknowledged: {exc}", {"code": "log.unavailable"})
    return JSONResponse({"seq": event.seq, "events": [event.to_json()]}, headers={"Cache-Control": "no-store"})


async def api_captains(request: Request) -> Response:
    """The coordinator's list: every match, its state, its terms, who is late and the sanction to propose."""
    if auth.referee(request, changes=False) is None:
        return _error(401, NOT_A_REFEREE, {"code": "auth.needed"})
    return JSONResponse(_hall(request).coordinator_view(), headers={"Cache-Control": "no-store"})


def routes() -> list[Route]:
    return [
        Route("/api/captain-codes", api_captain_codes),
        Route("/api/captain-slips", api_captain_slips),
        Route("/api/captain-session", api_captain_session, methods=["GET", "POST", "DELETE"]),
        Route("/api/captain-commands", api_captain_commands, methods=["POST"]),
        Route("/api/captains", api_captains),
    ]
