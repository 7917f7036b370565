"""The referees' own endpoints: sign in (a token typed once, or a one-time login link), who am I,
sign out, and a login link for a colleague. See `live.core.referees` for what is signed and how, and
`live.edges.web.auth` for how a request shows who it speaks for.

    POST /api/login        {"token": "..."} or {"login": "<the value after #login= of a link>"}
                           → 200 {"name", "actor", "expires", "referees"} and the session cookie
    GET  /api/me           → the same for the session (or bearer token) the request carries; 401 without
    POST /api/logout       → the cookie removed
    POST /api/login-links  {"name": "..."} → {"name", "url", "qr", "expires"}: a link good once, for 15 minutes
    GET  /api/lateness/preview?item=r3&player=p7&at=<epoch ms or ISO with offset>  (or team= in bridge)
                           → what a check-in at that instant would record (`live.commands.arrivals.preview`): how late
                           and the penalty; the check-in command's own refusal (4xx naming the field) else
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from live.commands.arrivals import preview, preview_question
from live.commands.validation import CommandError
from live.core import referees
from live.core.json import JSONValue
from live.edges.log import LogUnavailable
from live.edges.web import auth
from live.edges.web.api import _error, _hall, json_body, public_url

MAX_LOGIN_BYTES = 2048
#: The longest login a link carries (the text after #login=).
MAX_LOGIN = 512
CROSS_SITE = auth.CROSS_SITE


async def _body(request: Request) -> dict[str, JSONValue] | Response:
    body = await json_body(request, MAX_LOGIN_BYTES, "a login")
    if isinstance(body, Response):
        return body
    if not isinstance(body, dict):
        return _error(400, "send a JSON object", {"code": "body.not_object"})
    return body


async def api_login(request: Request) -> Response:
    if not auth.same_origin(request):
        return _error(403, CROSS_SITE, {"code": "auth.cross_site"})
    body = await _body(request)
    if isinstance(body, Response):
        return body
    hall = _hall(request)
    try:
        if "token" in body:
            name = auth.by_token(request, body["token"])
            if name is None:
                return _error(401, "this token is no referee's: check it, or ask a colleague for a login link",
                              {"field": "token", "code": "auth.bad_token"})
            await hall.sign_in(referees.actor(name), "token")
        elif "login" in body:
            value = body["login"]
            if not isinstance(value, str):
                return _error(422, "login must be the text after #login= in the link", {"field": "login",
                              "code": "field.not_text"})
            if len(value) > MAX_LOGIN:
                return _error(422, "login must be the text after #login= in the link", {"field": "login",
                              "code": "field.too_long", "max": MAX_LOGIN})
            try:
                login = auth.registry(request).check_login(value, auth.now(request), auth.added(request))
            except referees.LoginRefused as exc:
                return _error(401, str(exc), {"field": "login", "code": "login.refused"})
            name = login.name
            if await hall.sign_in(referees.actor(name), "link", login.key) is None:
                return _error(409, "this login link was used already: a link signs in once — ask a colleague "
                                   "for a new one", {"field": "login", "code": "login.used"})
        else:
            return _error(422, "send {\"token\": \"...\"} or {\"login\": \"...\"}", {"field": "token",
                                                                                   "code": "field.missing"})
    except LogUnavailable as exc:
        return _error(503, f"not signed in: the log did not answer ({exc}); try again", {"code": "log.unavailable"})
    at = auth.now(request)
    response = JSONResponse(auth.me_json(request, name, at + referees.SESSION_MS),
                            headers={"Cache-Control": "no-store"})
    auth.set_session(request, response, name, at)
    return response


async def api_me(request: Request) -> Response:
    name = auth.bearer(request)
    expires = None
    if name is None:
        name = auth.session(request)
        value = request.cookies.get(referees.COOKIE)
        expires = auth.registry(request).session_expires(value) if name and value else None
    if name is None:
        return _error(401, "not signed in as a referee", {"code": "auth.needed"})
    return JSONResponse(auth.me_json(request, name, expires), headers={"Cache-Control": "no-store"})


async def api_logout(request: Request) -> Response:
    """Sign out, from this server's own pages only: another site's form must not end a referee's session."""
    if not auth.same_origin(request):
        return _error(403, CROSS_SITE, {"code": "auth.cross_site"})
    response = JSONResponse({"name": None})
    auth.clear_session(request, response)
    return response


async def api_login_links(request: Request) -> Response:
    if auth.cross_site_session(request):
        return _error(403, CROSS_SITE, {"code": "auth.cross_site"})
    if auth.referee(request, changes=True) is None:
        return _error(401, "sign in as a referee first", {"code": "auth.needed"})
    body = await _body(request)
    if isinstance(body, Response):
        return body
    name = body.get("name")
    if not isinstance(name, str) or not auth.registry(request).known(name, auth.added(request)):
        return _error(422, f"no referee is named {str(name)[:40]!r}", {"field": "name", "code": "referee.unknown",
                                                                         "name": str(name)[:40]})
    link = auth.login_json(request, name, public_url(request), referees.COLLEAGUE_LINK_MS)
    return JSONResponse(link, headers={"Cache-Control": "no-store"})


#: The query parameters of a lateness preview (anything else is refused, so a typo is not silently ignored).
PREVIEW_FIELDS = ("item", "player", "team", "at")


async def api_lateness_preview(request: Request) -> Response:
    """The console's typed arrival time, priced before it is sent: for the referees (token or session)."""
    if auth.referee(request, changes=False) is None:
        return _error(401, "sign in as a referee first (or send Authorization: Bearer <token>)",
                      {"code": "auth.needed"})
    query = request.query_params
    unknown = sorted(set(query) - set(PREVIEW_FIELDS))
    if unknown:
        return _error(422, f"unknown parameter {unknown[0][:40]!r}: send item, player (or team) and at",
                      {"field": unknown[0][:40], "code": "field.unknown"})
    asked: dict[str, str | int] = {k: query[k] for k in PREVIEW_FIELDS if k in query}
    raw = asked.get("at")
    if isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) <= 15:
        asked["at"] = int(raw)  # epoch ms (an ISO time with its offset goes as it is)
    hall = _hall(request)
    try:
        answer = preview(hall.state, preview_question(asked), hall.clock())
    except CommandError as exc:
        return JSONResponse(exc.to_json(), status_code=exc.status, headers={"Cache-Control": "no-store"})
    return JSONResponse(answer, headers={"Cache-Control": "no-store"})


def routes() -> list[Route]:
    return [
        Route("/api/login", api_login, methods=["POST"]),
        Route("/api/me", api_me),
        Route("/api/logout", api_logout, methods=["POST"]),
        Route("/api/login-links", api_login_links, methods=["POST"]),
        Route("/api/lateness/preview", api_lateness_preview),
    ]
