"""`GET /api/public`: a competition's public sections for followers anywhere, cacheable by any cache between.

The hall's pages take their data over the WebSocket, a connection each. A league's followers — thousands, on
the internet, most of them looking now and then at the standings, the results and the timetable — need no
connection: this answer holds what every screen sees (the public sections, as the hall keeps them folded),
changes only when an event is written, and so is named by the log and its seq (`ETag`). A follower's
browser or script that asks again with `If-None-Match` gets a 304 of a few bytes; a proxy or a CDN in front
(`Cache-Control: public`, deploy/nginx-live.conf's `proxy_cache`) answers the rest without asking the server
at all. The body is encoded and gzipped once per seq, whoever asks.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from live.edges.hall import Hall

#: Followers may see an answer up to this old from a cache, and a stale one while it is asked again: the
#: standings of a league change by the match, not by the second.
CACHE_CONTROL = "public, max-age=5, stale-while-revalidate=30"


@dataclass(frozen=True)
class Encoded:
    etag: str
    body: bytes
    gzipped: bytes


def etag(hall: Hall) -> str:
    """The answer's name: the log (a new log under the same address is another) and its seq."""
    return f'"{hall.log_id}-{hall.state.seq}"'


def encoded(hall: Hall, kept: Encoded | None) -> Encoded:
    """The answer at the hall's seq: `kept` when it is of that seq, else encoded (and gzipped) now."""
    tag = etag(hall)
    if kept is not None and kept.etag == tag:
        return kept
    snapshot = hall.snapshot("display", None)
    text = json.dumps({"log": hall.log_id, "seq": snapshot.seq, "sections": snapshot.sections},
                      ensure_ascii=False, separators=(",", ":"))
    body = text.encode()
    return Encoded(tag, body, gzip.compress(body, compresslevel=6, mtime=0))


def matches(if_none_match: str, tag: str) -> bool:
    """Whether `If-None-Match` names `tag` (RFC 9110 §13.1.2: a list, `*`, weak tags compared weakly)."""
    if if_none_match.strip() == "*":
        return True
    return any(given.strip().removeprefix("W/") == tag for given in if_none_match.split(","))


async def api_public(request: Request) -> Response:
    hall: Hall = request.app.state.hall
    tag = etag(hall)
    headers = {"ETag": tag, "Cache-Control": CACHE_CONTROL, "Vary": "Accept-Encoding"}
    if matches(request.headers.get("if-none-match", ""), tag):
        return Response(status_code=304, headers=headers)
    answer = encoded(hall, getattr(request.app.state, "public_answer", None))
    request.app.state.public_answer = answer
    body = answer.body
    if "gzip" in request.headers.get("accept-encoding", ""):
        body, headers["Content-Encoding"] = answer.gzipped, "gzip"
    return Response(body, media_type="application/json", headers=headers)


def routes() -> list[Route]:
    return [Route("/api/public", api_public)]
