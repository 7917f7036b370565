"""HTTP and WebSocket endpoints: parse, authorize, hand to the hall, answer.

No rule lives here. A command's body goes to `Hall.command`; its errors come back as
`{"error", "detail"}` with the status the rule chose. Who the referee is comes from `live.edges.web.auth`
(a bearer token, compared in constant time, or the session cookie).
"""

from __future__ import annotations

import contextlib
import html
import json
import logging
import re
import time
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Scope
from starlette.websockets import WebSocket

from live.commands.command import Command, command_key
from live.commands.decide import AddReferee, CommandError, allowed_now, parse
from live.commands.validation import check_refusal
from live.core import referees
from live.core.events import REFEREE_ADDED, Event
from live.core.json import JSONValue
from live.edges import sessions
from live.edges.hall import Hall
from live.edges.hub import VIEWS
from live.edges.log import LogUnavailable
from live.edges.messages import Boot
from live.edges.web import auth
from live.edges.web.assets import (
    CATALOGUES,
    IMMUTABLE,
    Assets,
    catalogue_language,
    display_dir,
    requested_language,
    served,
)
from live.edges.web.bodies import BadJSON, BodyCut, BodyTooLarge, bounded_body, parse_json
from live.edges.web.exports import qr_svg, results_csv, standings_csv, timetable_ics
from live.edges.web.openapi import PATH as OPENAPI_PATH
from live.edges.web.openapi import document_bytes
from live.edges.web.ratelimit import Limiter, client_key
from live.projections import checkin_codes, field
from live.projections.prizes import MAX_FUND, NoPrizeList, prize_list
from live.projections.result_sheet import result_lines
from live.projections.standings import hidden as standings_hidden
from live.projections.standings import ranks, standings_of
from live.projections.views import full_state
from live.rules import alphabet

log = logging.getLogger("live.edges.web.api")

DISPLAY_DIR = display_dir()
MAX_COMMAND_BYTES = 16 * 1024
MAX_CHECKIN_BYTES = 1024


def sequence_number(raw: str) -> int | None:
    """A `since` as people and clients write it: plain digits 0–9, at most 18 of them; else None."""
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 18 else None


async def json_body(request: Request, limit: int, what: str) -> JSONValue | JSONResponse:
    """The request's JSON body, read no further than `limit` bytes; or the answer refusing it (413
    naming `what` is at most so many bytes, 400 saying why it is not JSON a command can hold)."""
    try:
        return parse_json(await bounded_body(request, limit))
    except BodyTooLarge:
        return _error(413, f"{what} is at most {limit} bytes", {"code": "body.too_large", "max": limit})
    except BadJSON as exc:
        return _error(400, str(exc), exc.detail)
    except BodyCut:  # nobody is left to read the answer (uvicorn drops it): no traceback for a client gone
        return _error(400, "the body did not arrive whole", {"code": "body.incomplete"})


def _error(status: int, error: str, detail: Mapping[str, object]) -> JSONResponse:
    """A refusal: `detail` names the reason's code (live/commands/refusals.py) with the parameters its sentence
    takes, and the field when there is one, so that the pages say it in their language."""
    check_refusal(error, detail)
    return JSONResponse({"error": error, "detail": detail}, status_code=status)


def _assets(request: Request) -> Assets:
    return request.app.state.assets  # type: ignore[no-any-return]  # (app.state: untyped, set in create_app)


def _hall(request: Request | WebSocket) -> Hall:
    return request.app.state.hall  # type: ignore[no-any-return]  # Starlette's app.state is untyped: set in create_app


class ConsoleBoot(Boot):
    """The console's boot: the referee view's, with who is signed in (as /api/me answers)."""

    me: auth.SignedIn


class NewReferee(auth.Login):
    """The answer's `login` for a console that added a referee: their login link, and their token."""

    token: str


def page_boot(request: Request, page: str) -> Boot | None:
    """What the page's WebSocket would send it first, as a fresh client (`Hall.boot`), for its data block:
    the display's view on the hall's page; on the player page the player view, with `me` when the request
    carries a player's session (as the upgrade would); on the console the referee view for a signed-in
    referee's request, with who is signed in (`me`, as /api/me answers: the console asks nothing before its
    first screen), else nothing (it shows its sign-in). The start page has none: it shows no live data."""
    hall = _hall(request)
    if page == "player":
        player = _session_of(request)
        return hall.boot("player", player, private=player is not None)
    if page == "referee":
        name = auth.referee(request, changes=False)
        if name is None:
            return None
        value = request.cookies.get(referees.COOKIE)
        session = auth.bearer(request) is None and value  # (a bearer token's answer names no end)
        expires = auth.registry(request).session_expires(value) if session and value else None
        return ConsoleBoot(**hall.boot("referee", None), me=auth.me_json(request, name, expires))
    if page == "display":
        return hall.boot("display", None)
    return None


def _page(name: str, assets: Assets) -> Route:
    """An HTML page, filled for this request (live/edges/web/assets.py): never cached, its files versioned, its first
    data in it (`page_boot`)."""
    async def page(request: Request) -> Response:
        stem = name.removesuffix(".html")
        boot = page_boot(request, stem)
        # `?modules`: the page's modules one by one, not joined (to read them as written, in the browser).
        text = assets.page_html(name, stem, _hall(request).tournament.language,
                                request.query_params.get("lang"), boot=boot,
                                bundled="modules" not in request.query_params, base=auth.base(request))
        if text is None:
            return Response("not found", status_code=404, media_type="text/plain; charset=utf-8")
        # A boot for one player's session or a referee holds what is theirs: not kept by any cache.
        me = boot["snapshot"]["sections"].get("me") if boot is not None else None
        private = boot is not None and (boot["snapshot"]["view"] == "referee" or
                                        (isinstance(me, dict) and bool(me.get("session"))))
        headers = {"Cache-Control": "no-store" if private else "no-cache"}
        return HTMLResponse(text, headers=headers)
    return Route("/" if name == "index.html" else "/" + name.removesuffix(".html"), page)


def _versioned(assets: Assets) -> Mount:
    """`/static/<version>/…`: the files as read at start, kept by browsers for a year (gzipped once, at start)."""
    async def asset(request: Request) -> Response:
        found = assets.get(request.path_params["path"])
        if found is None:
            return Response("not found", status_code=404, media_type="text/plain; charset=utf-8")
        headers = {"Cache-Control": IMMUTABLE}
        body = found.body
        if found.gzipped is not None:
            headers["Vary"] = "Accept-Encoding"
            if "gzip" in request.headers.get("accept-encoding", ""):
                body, headers["Content-Encoding"] = found.gzipped, "gzip"
        return Response(body, media_type=found.media_type, headers=headers)
    return Mount(assets.prefix.rstrip("/"), routes=[Route("/{path:path}", asset)])


class _Unversioned(StaticFiles):
    """`/static/…` without a version (an old link): the file as it is now, asked for again each time; only
    the files the versioned tree has (`served`: not the package's `__init__.py`)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        if not served(path.replace("\\", "/")):
            return Response("not found", status_code=404, media_type="text/plain; charset=utf-8")
        return await super().get_response(path, scope)

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


async def api_state(request: Request) -> Response:
    hall = _hall(request)
    return JSONResponse(full_state(hall.state, hall.clock(),
                                   allowed=allowed_now(hall.state) if _authorized(request) else None))


async def api_events(request: Request) -> Response:
    hall = _hall(request)
    raw = request.query_params.get("since", "0")
    since = sequence_number(raw)
    if since is None:
        return _error(400, f"since must be a sequence number (0 or more), not {raw[:40]!r}", {"field": "since",
                      "code": "field.not_a_seq"})
    referee = _authorized(request)
    return JSONResponse({"seq": hall.state.seq,
                         "events": [e.to_json() if referee else e.public_json() for e in hall.events[since:]
                                    if e.seq > since]})


#: How long a page's request for a section waits for this instance to reach the event that changed it.
SECTION_WAIT_S = 5.0


async def api_section(request: Request) -> Response:
    """A section too long to push with its event (live/edges/budget.py): its value now, and in `X-Live-Seq` the
    seq it is the value of (at least `since`, the event that named it), gzipped when the page takes gzip."""
    hall = _hall(request)
    name = request.path_params["name"]
    view = request.query_params.get("view", "display")
    if view not in VIEWS:
        return _error(400, f"view must be one of {', '.join(VIEWS)}, not {view[:40]!r}", {"field": "view",
                      "code": "field.not_one_of", "known": list(VIEWS)})
    if view == "referee" and not _authorized(request):
        return _error(401, "the referee view's sections need a referee: sign in at the console",
                      {"code": "auth.needed"})
    raw = request.query_params.get("since", "0")
    since = sequence_number(raw)
    if since is None:
        return _error(400, f"since must be a sequence number (0 or more), not {raw[:40]!r}", {"field": "since",
                      "code": "field.not_a_seq"})
    if not hall.can_reach(since):
        return _error(409, f"since {since} is past this server's last event ({hall.state.seq}): load the page again",
                      {"field": "since", "seq": hall.state.seq, "code": "sections.ahead"})
    if not await hall.reached(since, SECTION_WAIT_S):
        return _error(503, f"this server has not reached event {since} yet: ask again", {"seq": hall.state.seq,
                      "code": "server.behind"})
    found = hall.section(view, name)
    if found is None:
        return _error(404, f"the {view} view has no section {name[:40]!r}", {"field": "name",
                      "code": "field.unknown_id", "id": name[:40]})
    seq, body, packed = found
    headers = {"X-Live-Seq": str(seq), "Cache-Control": "no-store", "Vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("accept-encoding", ""):
        body, headers["Content-Encoding"] = packed, "gzip"
    return Response(body, media_type="application/json", headers=headers)


def _authorized(request: Request) -> bool:
    """Whether a request that only reads comes from a referee (bearer token or session cookie)."""
    return auth.referee(request, changes=False) is not None


def _add_referee_clash(request: Request, command: Command) -> CommandError | None:
    """A new referee named like one with a token (the file, LIVE_REFEREES): the log cannot know those."""
    name = command.name if isinstance(command, AddReferee) else None
    if isinstance(name, str) and referees.name_problem(name) is None:
        name = referees.clean_name(name)
        if auth.registry(request).taken(name, {}):
            return CommandError(409, f"{name} is a referee already: give the new one another name", {"field": "name",
                                "code": "referee.exists", "name": name})
    return None


def _referee_added(request: Request, event: Event) -> NewReferee:
    """For the console that added a referee: their one-time login link (and QR), and their token."""
    name, salt = str(event.payload["name"]), str(event.payload["salt"])
    return NewReferee(**auth.login_json(request, name, public_url(request), referees.COLLEAGUE_LINK_MS),
                      token=auth.registry(request).added_token(name, salt))


async def api_commands(request: Request) -> Response:
    if auth.cross_site_session(request) and auth.bearer(request) is None:
        return _error(403, "refused: a command by session cookie must come from this server's own console",
                      {"code": "auth.cross_site"})
    name = auth.referee(request, changes=True)
    if name is None:
        return _error(401, "referee token missing or wrong: send Authorization: Bearer <token>, "
                           "or sign in at the console", {"code": "auth.needed"})
    body = await json_body(request, MAX_COMMAND_BYTES, "a command")
    if isinstance(body, Response):
        return body
    try:
        command = parse(body)  # the one parse: a command of its class, or the refusal naming the field
    except CommandError as exc:
        return JSONResponse(exc.to_json(), status_code=exc.status)
    clash = _add_referee_clash(request, command)
    if clash is not None:
        return JSONResponse(clash.to_json(), status_code=clash.status)
    try:
        stored = await _hall(request).command(command, referees.actor(name))
    except CommandError as exc:
        return JSONResponse(exc.to_json(), status_code=exc.status)
    except LogUnavailable as exc:
        if command_key(command) is not None:
            return _error(503, f"not acknowledged; it may have been stored — send it again with the same id ({exc})",
                          {"code": "log.resend"})
        return _error(503, f"not acknowledged: {exc}", {"code": "log.unavailable"})
    answer: dict[str, object] = {"seq": stored[-1].seq, "events": [e.to_json() for e in stored]}
    if stored[-1].type == REFEREE_ADDED:
        answer["login"] = _referee_added(request, stored[-1])
    return JSONResponse(answer, headers={"Cache-Control": "no-store"})


async def api_command_stored(request: Request) -> Response:
    """`GET /api/commands?id=ID`: whether the log holds the command the console sent with its own `id`. A
    command sent while the server or the network was down got no answer; once back, the console asks, and
    says "applied" or "not applied: press again" instead of "it may have been applied" for ever."""
    if not _authorized(request):
        return _error(401, "referee token missing or wrong: send Authorization: Bearer <token>, "
                           "or sign in at the console", {"code": "auth.needed"})
    ident = request.query_params.get("id", "")
    try:
        key = command_key({"id": ident})
    except CommandError as exc:
        return JSONResponse(exc.to_json(), status_code=exc.status)
    assert key is not None  # (an id is given: a key, or the refusal above)
    hall = _hall(request)
    try:
        event = await hall.stored_command(key)
    except LogUnavailable as exc:
        return _error(503, f"the log did not answer; ask again ({exc})", {"code": "log.unavailable"})
    answer = {"id": ident, "stored": event is not None, "seq": hall.state.seq,
              "event": event.to_json() if event is not None else None}
    return JSONResponse(answer, headers={"Cache-Control": "no-store"})


def _export_language(request: Request) -> str | Response:
    """The language of a file to take home: ?lang= as the pages read it, else the tournament's language (the
    one the pages would show); a 400 for a ?lang= no page speaks."""
    asked = request.query_params.get("lang")
    language = requested_language(asked)
    if asked and language is None:
        return _error(400, f"lang={asked[:40]!r} is no language the pages speak (known: {', '.join(CATALOGUES)})",
                      {"field": "lang", "code": "field.not_one_of", "known": list(CATALOGUES)})
    return language or catalogue_language(_hall(request).tournament.language)


def _standings_refused(request: Request) -> Response | None:
    """While the standings are hidden from the hall (`standings_hidden_from_round`), what tells the ranking
    (the CSV, the prize list) is for the referees only: a 403 to anyone else, saying since when."""
    concealed = standings_hidden(_hall(request).state)
    if concealed is None or _authorized(request):
        return None
    return _error(403, f"the standings are hidden from {concealed['title']} until the prize-giving "
                       "(the referees still see them)", {"standings_hidden": concealed,
                                                         "code": "standings.hidden", "title": concealed["title"]})


async def api_standings_csv(request: Request) -> Response:
    """The standings as a CSV for the organizer's spreadsheet, in `?lang=` (else the tournament's language, as
    the pages choose): its headings, column separator and decimal separator (live/edges/web/exports.py)."""
    def write(hall: Hall, words: Mapping[str, str], language: str) -> bytes:
        rows = standings_of(hall.state)
        return standings_csv(hall.tournament.game, rows, ranks(rows), words, language)
    return _csv(request, "standings.csv", write)


async def api_results_csv(request: Request) -> Response:
    """Every recorded result as a CSV for the organizer's spreadsheet, written as the standings' CSV is (the
    language, its separators, the headings; live/edges/web/exports.py). The same access: while the standings
    are hidden the results would tell them, so the referees only."""
    def write(hall: Hall, words: Mapping[str, str], language: str) -> bytes:
        return results_csv(hall.tournament.game, result_lines(hall.state), words, language)
    return _csv(request, "results.csv", write)


def _csv(request: Request, filename: str, write: Callable[[Hall, Mapping[str, str], str], bytes]) -> Response:
    """A take-home CSV: refused as the standings are while hidden, in the asked language, as an attachment."""
    refused = _standings_refused(request)
    if refused is not None:
        return refused
    language = _export_language(request)
    if isinstance(language, Response):
        return language
    body = write(_hall(request), _catalogue_section(language, "exports"), language)
    return Response(body, media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"',
                             "Content-Language": language})


async def api_prizes(request: Request) -> Response:
    """The organizer's prize list for a fund: `GET /api/prizes?fund=120000` (the preset's split of the
    fund by place, shared places splitting their amounts; the places the rules give a sponsor's prize, and who
    holds them; and the best lady, who gets a sponsor prize). Without
    `fund`, the fund the desk's payments make (`fund_source` says which, and from what)."""
    refused = _standings_refused(request)
    if refused is not None:
        return refused
    hall = _hall(request)
    fund = _fund_asked(request)
    if isinstance(fund, Response):
        return fund
    try:
        return JSONResponse(prize_list(hall.state, fund))
    except NoPrizeList as exc:
        return _error(exc.status, exc.error, {"field": "fund", "code": exc.code})


def _fund_asked(request: Request) -> Decimal | Response | None:
    """The `fund` a prize list is asked for (None: the desk's), or the answer refusing it."""
    raw = request.query_params.get("fund")
    if raw is None:
        return None
    try:
        fund = Decimal(raw)
    except ArithmeticError:
        return _error(400, f"fund must be the prize fund as a number, not {raw[:40]!r}", {"field": "fund",
                      "code": "field.not_a_number"})
    if not fund.is_finite() or not 0 <= fund <= MAX_FUND:
        return _error(400, f"fund must be from 0 to {MAX_FUND:,}, not {raw[:40]!r}", {"field": "fund",
                      "code": "field.between", "min": 0, "max": MAX_FUND})
    return fund


# ---- players' codes: check-in and sessions --------------------------------------------------------

#: The one answer to a code that is wrong and to a right one that cannot check in now, so that no answer
#: tells a guesser that a code is right. The player learns why on their page, in the session the code opens.
CODE_REFUSED = ("this code cannot check anyone in now: it is wrong, or its check-in is not open — "
                "type it on your player page to see why")


def _limiter(request: Request) -> Limiter:
    state = request.app.state
    if not hasattr(state, "code_limiter"):
        state.code_limiter = Limiter()
    return state.code_limiter  # type: ignore[no-any-return]  # (app.state is untyped: set just above)


def _client_key(request: Request) -> str:
    # Behind a proxy this is the client's address when uvicorn trusts the proxy (--forwarded-allow-ips).
    return client_key(request.client.host if request.client else None)


def _session_of(request: Request | WebSocket) -> str | None:
    """The player whose session the request carries (the cookie), if it is valid and comes from this
    server's own page (SameSite=Strict keeps it off other sites' requests already; this is a second lock)."""
    if sessions.COOKIE not in request.cookies or not auth.same_origin(request):
        return None
    return _hall(request).session_player(request.cookies.get(sessions.COOKIE))


def _with_session(request: Request, response: Response, player: str) -> Response:
    value, _ = _hall(request).open_session(player)
    response.set_cookie(sessions.COOKIE, value, max_age=sessions.LIFETIME_MS // 1000, path=auth.cookie_path(request),
                        httponly=True, samesite="strict", secure=request.url.scheme == "https")
    return response


async def _code_body(request: Request, *, required: bool) -> str | Response | None:
    """The `code` of a small JSON body: a str, None when there is none (and none is required), or the answer."""
    body = await json_body(request, MAX_CHECKIN_BYTES, "a check-in ({\"code\": \"...\"})")
    if isinstance(body, Response):
        return body
    code = body.get("code") if isinstance(body, dict) else None
    if isinstance(code, str) and code.strip():
        return code
    if not isinstance(body, dict):
        return _error(400, "send a JSON object: {\"code\": \"...\"}", {"code": "body.not_object"})
    if required or "code" in body:
        return _error(422, "send your check-in code: {\"code\": \"...\"}", {"field": "code", "code": (
            "field.empty" if isinstance(code, str) else "field.missing" if code is None else "field.not_text")})
    return None


def _too_many(request: Request, wait: int) -> Response:
    log.warning("check-in code attempts from %s refused for %d s: too many wrong codes", _client_key(request), wait)
    response = _error(429, f"too many wrong codes from your address: try again in {wait} s",
                      {"field": "code", "code": "code.too_many", "retry_after": wait})
    response.headers["Retry-After"] = str(wait)
    return response


def _refused(request: Request, key: str) -> Response:
    limiter = _limiter(request)
    limiter.spend(key, time.monotonic())
    count = limiter.failed(key)
    log.warning("a wrong or unusable check-in code from %s (%d from there)", key, count)  # never the code
    return _error(403, CODE_REFUSED, {"field": "code", "code": "checkin.code_refused"})


async def api_checkin(request: Request) -> Response:
    """A player's own check-in, the time the server's: `{"code": "..."}` (the code opens the player's session
    too), or `{}` from a page holding the player's session. To a bare code every failure gets one answer
    (`CODE_REFUSED`); within the player's session a refusal says why ("check-in opens at 13:50")."""
    code = await _code_body(request, required=False)
    if isinstance(code, Response):
        return code
    hall = _hall(request)
    session = _session_of(request)
    if code is None:
        if session is None:
            return _error(401, "no player session: send your check-in code: {\"code\": \"...\"}",
                          {"field": "code", "code": "session.none"})
        return await _check_in(request, session, explained=True)
    # Checked, looked at and (when wrong) spent with nothing awaited between: see live/edges/web/ratelimit.py.
    key, now = _client_key(request), time.monotonic()
    wait = _limiter(request).check(key, now)
    if wait:
        return _too_many(request, wait)
    player = hall.player_for_code(code)
    if player is None:
        return _refused(request, key)
    if session == player:  # the code of the session the caller already holds: no guess, the reasons too
        return await _check_in(request, player, explained=True)
    answer = await _check_in(request, player, explained=False)
    if answer.status_code == 200:
        return _with_session(request, answer, player)
    if answer.status_code == 403:  # a right code that cannot be used now counts as a wrong one
        return _refused(request, key)
    return answer


async def _check_in(request: Request, player: str, *, explained: bool) -> Response:
    try:
        event = await _hall(request).self_check_in(player)
    except CommandError as exc:
        if explained:
            return JSONResponse(exc.to_json(), status_code=exc.status)
        return _error(403, CODE_REFUSED, {"field": "code", "code": "checkin.code_refused"})
    except LogUnavailable as exc:
        return _error(503, f"not acknowledged: {exc}", {"code": "log.unavailable"})
    return JSONResponse({"seq": event.seq, "events": [event.to_json()]})


async def api_player_session(request: Request) -> Response:
    """`POST {"code": "..."}` opens the player's session on this phone (an HttpOnly cookie); `DELETE` ends it
    ("not me"). Limited like check-in: a wrong code counts against the caller's address."""
    if request.method == "DELETE":
        if not auth.same_origin(request):  # another site's page must not sign a player out either
            return _error(403, auth.CROSS_SITE, {"code": "auth.cross_site"})
        response = JSONResponse({"player": None})
        response.delete_cookie(sessions.COOKIE, path=auth.cookie_path(request), httponly=True, samesite="strict")
        return response
    code = await _code_body(request, required=True)
    if isinstance(code, Response):
        return code
    assert code is not None  # required=True: a body without a code was answered above
    limiter, key, now = _limiter(request), _client_key(request), time.monotonic()
    wait = limiter.check(key, now)
    if wait:
        return _too_many(request, wait)
    hall = _hall(request)
    player = hall.player_for_code(code)
    if player is None:
        limiter.spend(key, now)
        count = limiter.failed(key)
        log.warning("a wrong player code from %s (%d from there)", key, count)
        return _error(403, "no player has this code", {"field": "code", "code": "code.wrong"})
    found = hall.tournament.player(player)
    return _with_session(request, JSONResponse({"player": player, "name": found.name if found else player}), player)


async def api_checkin_codes(request: Request) -> Response:
    """The printable list of check-in codes for the referee's table: for a referee's session (the console's
    link opens it) or bearer token. Never a token in the URL: it would stay in histories and logs."""
    if "token" in request.query_params:
        return _error(401, TOKEN_IN_URL, {"code": "auth.token_in_url"})
    if not _authorized(request):
        return _error(401, "sign in at the referee console first (or send Authorization: Bearer <token>)",
                      {"code": "auth.needed"})
    hall = _hall(request)
    t = hall.tournament
    words = {k: html.escape(str(v)) for k, v in _catalogue_section(t.language, "codes").items()}
    rows = "".join(
        f"<tr><td>{html.escape(p.id)}</td><td>{html.escape(alphabet.shown(p.name, t.language))}</td>"
        f"<td class=code>{html.escape(checkin_codes.grouped(hall.code_of(p.id) or ''))}</td></tr>"
        for p in alphabet.by_name(field.playing(hall.state), t.language, name=lambda p: p.name, ident=lambda p: p.id))
    title = html.escape(t.name)
    page = (f'<!doctype html><html lang="{html.escape(t.language)}"><meta charset=utf-8>'
            f"<title>{title}: {words['pageTitle']}</title>"
            f'<link rel=stylesheet href="{_assets(request).prefix}print/codes.css">'
            f"<h1>{title}</h1><p>{words['pageTitle']}. {words['intro']}</p>"
            f"<table><tr><th>{words['id']}</th><th>{words['name']}</th><th>{words['code']}</th></tr>{rows}</table>")
    # Printed from the browser: its style sheet from the pages' files, and no script at all.
    return HTMLResponse(page, headers={"Cache-Control": "no-store"})


#: What a slip says, in the tournament's language: the pages' catalogue (display/i18n), section "slips" (the
#: players') or "captainSlips".
SLIP_KEYS = ("pageTitle", "intro", "codeLabel", "scan", "private")
SLIPS_PER_SHEET = 24  # 3 × 8 on A4
LARGE_SLIPS_PER_SHEET = 10  # 2 × 5 on A4 (print/slips.css `.sheet.large`)


def _catalogue_section(language: str, section: str) -> dict[str, str]:
    """A section of a page catalogue (display/i18n/<language>.json), English filling what it lacks."""
    found: dict[str, str] = {}
    for lang in ("en", language):
        if not re.fullmatch(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*", lang):
            continue
        path = DISPLAY_DIR / "i18n" / f"{lang}.json"
        with contextlib.suppress(OSError, ValueError):
            part = json.loads(path.read_text(encoding="utf-8")).get(section)
            if isinstance(part, dict):
                found.update({k: v for k, v in part.items() if isinstance(v, str)})
    return found


def _referee_only_page(request: Request) -> Response | None:
    """The refusal of a referee's printable page to anyone else (a token belongs in a header, not the URL)."""
    if "token" in request.query_params:
        return _error(401, TOKEN_IN_URL, {"code": "auth.token_in_url"})
    if not _authorized(request):
        return _error(401, "sign in at the referee console first (or send Authorization: Bearer <token>)",
                      {"code": "auth.needed"})
    return None


def slips_page(request: Request, section: str, page: str, holders: list[tuple[str, str, str, str]], *,
               large: bool = False) -> HTMLResponse:
    """A sheet of slips to print on A4 and cut out, in the tournament's language (the pages' catalogue's
    `section`, SLIP_KEYS): one for each of `holders` (its data attribute, its id, its name as printed, its code),
    with the code and a QR code that opens `page` with the code in the address's fragment (`#code=…`, which no
    server log sees; the page exchanges it for a session and clears it). `large`: 10 to a sheet with room for a
    team's name on two lines and a season's longer address, for the few slips of a team league. For the referees
    only, like the codes: the caller refuses anyone else (`_referee_only_page`)."""
    t = _hall(request).tournament
    words = _catalogue_section(t.language, section)
    say = {k: html.escape(str(words.get(k, ""))) for k in SLIP_KEYS}
    address = f"{public_url(request)}/{page}"
    event = html.escape(t.name)
    slips = []
    for attribute, ident, name, code in holders:
        qr = qr_svg(f"{address}#code={code}", sized=False).decode("utf-8").strip()
        slips.append(
            f'<div class=slip data-{attribute}="{html.escape(ident)}"><div class=qr>{qr}</div><div class=text>'
            f"<div class=event>{event}</div><div class=name>{html.escape(alphabet.shown(name, t.language))}</div>"
            f"<div class=label>{say['codeLabel']}</div><div class=code>{html.escape(checkin_codes.grouped(code))}</div>"
            f"<div class=hint>{say['scan'].replace('{0}', html.escape(address))}</div>"
            f"<div class=hint>{say['private']}</div></div></div>")
    per_sheet, sheet = (LARGE_SLIPS_PER_SHEET, '"sheet large"') if large else (SLIPS_PER_SHEET, "sheet")
    sheets = "".join(f"<section class={sheet}>{''.join(slips[i:i + per_sheet])}</section>"
                     for i in range(0, len(slips), per_sheet))
    text = (f'<!doctype html><html lang="{html.escape(t.language)}"><meta charset=utf-8>'
            f"<title>{event}: {say['pageTitle']}</title>"
            f'<link rel=stylesheet href="{_assets(request).prefix}print/slips.css">'
            f"<p class=intro><b>{event}: {say['pageTitle']}</b><br>{say['intro']}</p>{sheets}</html>")
    return HTMLResponse(text, headers={"Cache-Control": "no-store"})


async def api_checkin_slips(request: Request) -> Response:
    """Check-in slips, one per player (`slips_page`): a slip's QR code opens the player page signed in."""
    refused = _referee_only_page(request)
    if refused is not None:
        return refused
    hall = _hall(request)
    players = alphabet.by_name(field.playing(hall.state), hall.tournament.language, name=lambda p: p.name,
                               ident=lambda p: p.id)
    return slips_page(request, "slips", "player", [("player", p.id, p.name, hall.code_of(p.id) or "") for p in players])


async def api_timetable_ics(request: Request) -> Response:
    """The timetable as a calendar, its own words in ?lang= (else the tournament's language). Its UIDs name the
    host of the public address (--public-url, else this request's), so that the phones that scanned the hall's
    QR code all get the same events."""
    language = _export_language(request)
    if isinstance(language, Response):
        return language
    body = timetable_ics(_hall(request).tournament, urlsplit(public_url(request)).hostname or "localhost",
                         _catalogue_section(language, "exports"))
    return Response(body, media_type="text/calendar; charset=utf-8",
                    headers={"Content-Disposition": 'attachment; filename="timetable.ics"',
                             "Content-Language": language})


def public_url(request: Request) -> str:
    """The competition's address as phones in the hall reach it: --public-url, else the address this
    request came to (a display opened on the hall's LAN address shows that address), and on a season server
    the competition's base after it (its QR codes, slips and login links open its own pages)."""
    configured: str | None = request.app.state.public_url
    return (configured or str(request.base_url)).rstrip("/") + auth.base(request)


#: The pages a QR code may open (the empty name: the start page).
QR_PAGES = ("player", "display", "referee", "")


async def api_qr(request: Request) -> Response:
    """GET /api/qr.svg?page=player — a QR code that opens one of the server's pages."""
    page = request.query_params.get("page", "player")
    if page not in QR_PAGES:
        return _error(400, "page must be player, display or referee", {"field": "page", "code": "field.not_one_of",
                                                                         "known": list(QR_PAGES)})
    return Response(qr_svg(f"{public_url(request)}/{page}"), media_type="image/svg+xml",
                    headers={"Cache-Control": "no-cache"})


async def api_health(request: Request) -> Response:
    hall = _hall(request)
    return JSONResponse({"seq": hall.state.seq, "clients": hall.hub.count(), "time": hall.clock(),
                         "checkin_failures": _limiter(request).stats(), "fan_out": hall.hub.stats.as_json()})


TOKEN_IN_URL = ("a token does not go in the URL (it would stay in histories and logs): sign in at the "
                "console, or send it in a header or a first message")
#: How long a referee's WebSocket without a session cookie may take to send {"type": "auth", "token": ...}
#: (live/edges/web/ws_endpoint.py).
AUTH_WAIT_S = 10.0


def _openapi(static_prefix: str) -> Route:
    """`GET /api/openapi.json`: the API's document (live/edges/web/openapi.py), made once, here at start."""
    body = document_bytes(static_prefix)

    async def api_openapi(request: Request) -> Response:
        return Response(body, media_type="application/json", headers={"Cache-Control": "no-cache"})
    return Route(OPENAPI_PATH, api_openapi)


def routes(assets: Assets | None = None) -> list[Route | Mount]:
    """`assets`: the pages' files (live/edges/web/assets.py), read from display/ now if not given."""
    assets = assets or Assets(DISPLAY_DIR)
    return [
        _openapi(assets.prefix),
        *(_page(name, assets)
          for name in ("index.html", "display.html", "player.html", "referee.html", "captain.html")),
        Route("/api/state", api_state),
        Route("/api/events", api_events),
        Route("/api/sections/{name}", api_section),
        Route("/api/commands", api_commands, methods=["POST"]),
        Route("/api/commands", api_command_stored, methods=["GET"]),
        Route("/api/health", api_health),
        Route("/api/standings.csv", api_standings_csv),
        Route("/api/results.csv", api_results_csv),
        Route("/api/checkin", api_checkin, methods=["POST"]),
        Route("/api/player-session", api_player_session, methods=["POST", "DELETE"]),
        Route("/api/prizes", api_prizes),
        Route("/api/timetable.ics", api_timetable_ics),
        Route("/api/qr.svg", api_qr),
        Route("/api/checkin-codes", api_checkin_codes),
        Route("/api/checkin-slips", api_checkin_slips),
        *static_routes(assets),
    ]


def static_routes(assets: Assets) -> list[Mount]:
    """The pages' files, at `/static/` of the server's root whatever the competition (display/lib/base.js)."""
    return [_versioned(assets), Mount("/static", _Unversioned(directory=DISPLAY_DIR), name="static")]
