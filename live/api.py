"""HTTP and WebSocket endpoints: parse, authorize, hand to the hall, answer.

No rule lives here. A command's body goes to `Hall.command`; its errors come back as
`{"error", "detail"}` with the status the rule chose. The referee token is compared in
constant time.
"""

from __future__ import annotations

import contextlib
import csv
import hmac
import html
import io
import json
from decimal import Decimal
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from live.commands import CommandError
from live.exports import qr_svg, timetable_ics
from live.hall import Hall
from live.hub import VIEWS, Client
from live.log import LogUnavailable
from live.rules.prizes import prizes
from live.views import full_state

DISPLAY_DIR = Path(__file__).resolve().parent.parent / "display"
MAX_COMMAND_BYTES = 16 * 1024
MAX_CHECKIN_BYTES = 1024
MAX_FUND = 10**12  # a prize fund, in any currency


class BodyTooLarge(Exception):
    pass


class BadJSON(ValueError):
    pass


def parse_json(body: bytes) -> Any:
    """A body as JSON, or BadJSON saying why: not JSON, numbers or nesting past what the parser takes,
    or text that is not valid Unicode (a lone surrogate cannot be stored)."""
    try:
        value = json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadJSON(f"the body is not JSON: {exc}") from exc
    except (ValueError, RecursionError) as exc:  # an integer over 4,300 digits; nesting too deep
        raise BadJSON("the body is JSON no command needs: a number or a nesting far too large") from exc
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        raise BadJSON("a text in the body is not valid Unicode (a lone surrogate)") from exc
    except RecursionError as exc:
        raise BadJSON("the body is JSON no command needs: a nesting far too deep") from exc
    return value


def sequence_number(raw: str) -> int | None:
    """A `since` as people and clients write it: plain digits 0–9, at most 18 of them; else None."""
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 18 else None


async def bounded_body(request: Request, limit: int) -> bytes:
    """The request's body, read no further than `limit` bytes: a declared or streamed body over it
    is refused before it is read (no one may make the server hold megabytes it will refuse)."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise BodyTooLarge
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge
        chunks.append(chunk)
    return b"".join(chunks)


def _error(status: int, error: str, detail: Any = None) -> JSONResponse:
    return JSONResponse({"error": error, "detail": detail}, status_code=status)


def _hall(request: Request | WebSocket) -> Hall:
    return request.app.state.hall  # type: ignore[no-any-return]


def _page(name: str) -> Route:
    async def page(request: Request) -> Response:
        return FileResponse(DISPLAY_DIR / name, headers={"Cache-Control": "no-cache"})
    return Route("/" if name == "index.html" else "/" + name.removesuffix(".html"), page)


async def api_state(request: Request) -> Response:
    hall = _hall(request)
    return JSONResponse(full_state(hall.state, hall.clock(), referee=_authorized(request)))


async def api_events(request: Request) -> Response:
    hall = _hall(request)
    raw = request.query_params.get("since", "0")
    since = sequence_number(raw)
    if since is None:
        return _error(400, f"since must be a sequence number (0 or more), not {raw[:40]!r}", {"field": "since"})
    referee = _authorized(request)
    return JSONResponse({"seq": hall.state.seq,
                         "events": [e.to_json() if referee else e.public_json() for e in hall.events[since:]
                                    if e.seq > since]})


def _token_matches(app: Any, token: str) -> bool:
    expected: str = app.state.referee_token
    return hmac.compare_digest(token.strip().encode(), expected.encode())


def _authorized(request: Request) -> bool:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return scheme.lower() == "bearer" and _token_matches(request.app, token)


async def api_commands(request: Request) -> Response:
    if not _authorized(request):
        return _error(401, "referee token missing or wrong: send Authorization: Bearer <token>")
    try:
        body = await bounded_body(request, MAX_COMMAND_BYTES)
    except BodyTooLarge:
        return _error(413, f"a command is at most {MAX_COMMAND_BYTES} bytes")
    try:
        command = parse_json(body)
    except BadJSON as exc:
        return _error(400, str(exc))
    try:
        stored = await _hall(request).command(command)
    except CommandError as exc:
        return JSONResponse(exc.to_json(), status_code=exc.status)
    except LogUnavailable as exc:
        if isinstance(command, dict) and "id" in command:
            return _error(503, f"not acknowledged; it may have been stored — send it again with the same id ({exc})")
        return _error(503, f"not acknowledged: {exc}")
    return JSONResponse({"seq": stored[-1].seq, "events": [e.to_json() for e in stored]})


STANDINGS_COLUMNS = {
    "preferans": ("rank", "name", "points", "bule", "rounds"),
    "bridge": ("rank", "name", "vp", "imps_for", "imps_against", "imp_diff", "played"),
}


async def api_standings_csv(request: Request) -> Response:
    """The standings as CSV (UTF-8), for a spreadsheet or the organizer's records."""
    hall = _hall(request)
    columns = STANDINGS_COLUMNS[hall.tournament.game]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(columns)
    for row in hall.state.standings:
        writer.writerow([row[c] for c in columns])
    filename = "standings.csv"
    return Response(out.getvalue(), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


async def api_prizes(request: Request) -> Response:
    """The organizer's prize list for a fund: `GET /api/prizes?fund=120000` (the preset's split of the
    fund by place, shared places splitting their amounts; and the best lady, who gets a sponsor prize)."""
    hall = _hall(request)
    raw = request.query_params.get("fund", "")
    try:
        fund = Decimal(raw)
    except ArithmeticError:
        return _error(400, f"fund must be the prize fund as a number, not {raw!r}", {"field": "fund"})
    if not fund.is_finite() or not 0 <= fund <= MAX_FUND:
        return _error(400, f"fund must be from 0 to {MAX_FUND:,}, not {raw[:40]!r}", {"field": "fund"})
    shares = hall.tournament.rules.get("prize_shares")
    if not shares:
        return _error(422, f"the {hall.tournament.preset} rules name no split of a prize fund", {"field": "fund"})
    table = hall.state.standings
    key = "player" if hall.tournament.game == "preferans" else "team"
    amounts = prizes(fund, [(row[key], row["rank"]) for row in table], shares)
    paid = [{"rank": row["rank"], "id": row[key], "name": row["name"], "amount": float(amounts[row[key]])}
            for row in table if amounts[row[key]] > 0]
    lady = next((row for row in table if row.get("lady")), None)
    return JSONResponse({"fund": float(fund), "shares": list(shares), "prizes": paid,
                         "best_lady": {"id": lady["player"], "name": lady["name"], "rank": lady["rank"]}
                         if lady else None})


async def api_checkin(request: Request) -> Response:
    """A player's own check-in: `{"code": "..."}`, the code shown on their page. The time is the server's."""
    try:
        body = parse_json(await bounded_body(request, MAX_CHECKIN_BYTES))
    except BodyTooLarge:
        return _error(413, f"a check-in is at most {MAX_CHECKIN_BYTES} bytes: {{\"code\": \"...\"}}")
    except BadJSON as exc:
        return _error(400, str(exc))
    code = body.get("code") if isinstance(body, dict) else None
    if not isinstance(code, str) or not code.strip():
        return _error(422, "send your check-in code: {\"code\": \"...\"}", {"field": "code"})
    try:
        event = await _hall(request).self_check_in(code)
    except CommandError as exc:
        return JSONResponse(exc.to_json(), status_code=exc.status)
    except LogUnavailable as exc:
        return _error(503, f"not acknowledged: {exc}")
    return JSONResponse({"seq": event.seq, "events": [event.to_json()]})


async def api_checkin_codes(request: Request) -> Response:
    """The printable list of check-in codes for the referee's table (token in the header or ?token=)."""
    if not (_authorized(request) or _token_matches(request.app, request.query_params.get("token", ""))):
        return _error(401, "referee token missing or wrong")
    hall = _hall(request)
    rows = "".join(
        f"<tr><td>{html.escape(p.id)}</td><td>{html.escape(p.name)}</td>"
        f"<td class=code>{html.escape(hall.code_of(p.id) or '')}</td></tr>"
        for p in sorted(hall.tournament.players, key=lambda p: p.name))
    title = html.escape(hall.tournament.name)
    page = (f"<!doctype html><meta charset=utf-8><title>{title}: check-in codes</title>"
            "<style>body{font:14px system-ui,sans-serif}table{border-collapse:collapse}"
            "td,th{border:1px solid #999;padding:4px 10px}.code{font:bold 18px monospace;letter-spacing:2px}"
            "</style>"
            f"<h1>{title}</h1><p>Check-in codes. Players enter theirs on the player page.</p>"
            f"<table><tr><th>id</th><th>name</th><th>code</th></tr>{rows}</table>")
    # Printed from the browser: its own small style sheet inline, and no script at all.
    policy = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'"
    return HTMLResponse(page, headers={"Cache-Control": "no-store", "Content-Security-Policy": policy})


async def api_timetable_ics(request: Request) -> Response:
    hall = _hall(request)
    body = timetable_ics(hall.tournament, request.url.hostname or "localhost")
    return Response(body, media_type="text/calendar; charset=utf-8",
                    headers={"Content-Disposition": 'attachment; filename="timetable.ics"'})


def public_url(request: Request) -> str:
    """The server's address as phones in the hall reach it: --public-url, else the address this
    request came to (a display opened on the hall's LAN address shows that address)."""
    configured: str | None = request.app.state.public_url
    return (configured or str(request.base_url)).rstrip("/")


async def api_qr(request: Request) -> Response:
    """GET /api/qr.svg?page=player — a QR code that opens one of the server's pages."""
    page = request.query_params.get("page", "player")
    if page not in ("player", "display", "referee", ""):
        return _error(400, "page must be player, display or referee", {"field": "page"})
    return Response(qr_svg(f"{public_url(request)}/{page}"), media_type="image/svg+xml",
                    headers={"Cache-Control": "no-cache"})


async def api_health(request: Request) -> Response:
    hall = _hall(request)
    return JSONResponse({"seq": hall.state.seq, "clients": hall.hub.count(), "time": hall.clock()})


async def ws_endpoint(websocket: WebSocket) -> None:
    hall = _hall(websocket)
    params = websocket.query_params
    view = params.get("view", "display")
    player = params.get("player") or None
    since_raw = params.get("since")
    problem = None
    if view not in VIEWS:
        problem = f"view must be one of {', '.join(VIEWS)}"
    elif player is not None and hall.tournament.player(player) is None:
        problem = f"no player has the id {player!r}"
    elif since_raw is not None and sequence_number(since_raw) is None:
        problem = "since must be a sequence number"
    elif view == "referee" and not _token_matches(websocket.app, params.get("token", "")):
        problem = "the referee view needs the referee token: add &token=<token>"
    await websocket.accept()
    if problem:
        await websocket.send_json({"type": "error", "error": problem})
        await websocket.close(code=1008, reason=problem[:120])
        return

    async def send(text: str) -> None:
        await websocket.send_text(text)

    async def close(code: int, reason: str) -> None:
        if websocket.application_state == WebSocketState.CONNECTED:
            await websocket.close(code=code, reason=reason)

    client = Client(view, player if view == "player" else None, send, close)
    hall.connect(client, sequence_number(since_raw) if since_raw is not None else None)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if message.get("text") is None:  # a binary frame: this protocol is JSON text only
                await close(1003, "text frames only: JSON messages")
                break
            with contextlib.suppress(ValueError, AttributeError, RecursionError):
                data = json.loads(message["text"])
                if data.get("type") == "ping":
                    hall.pong(client, data.get("t"))
    except (WebSocketDisconnect, RuntimeError):
        pass  # a disconnect, or a close after the hub dropped the client
    finally:
        await hall.hub.remove(client)


def routes() -> list[Route | WebSocketRoute | Mount]:
    return [
        _page("index.html"), _page("display.html"), _page("player.html"), _page("referee.html"),
        Route("/api/state", api_state),
        Route("/api/events", api_events),
        Route("/api/commands", api_commands, methods=["POST"]),
        Route("/api/health", api_health),
        Route("/api/standings.csv", api_standings_csv),
        Route("/api/checkin", api_checkin, methods=["POST"]),
        Route("/api/prizes", api_prizes),
        Route("/api/timetable.ics", api_timetable_ics),
        Route("/api/qr.svg", api_qr),
        Route("/api/checkin-codes", api_checkin_codes),
        WebSocketRoute("/ws", ws_endpoint),
        Mount("/static", StaticFiles(directory=DISPLAY_DIR), name="static"),
    ]
