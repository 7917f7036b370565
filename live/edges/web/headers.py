"""Security headers on every answer: the pages run their own modules only, in no other site's frame,
and leak no address to another site.

Framed by this server's own pages only (`frame-ancestors 'self'`, `X-Frame-Options: SAMEORIGIN`): a season
server's `/side` shows two competitions' hall displays side by side, each its own page in a frame. No
other site may frame any page, the console's buttons included.

Every answer means every one: the app's, Starlette's 500, uvicorn's own 500 and 503 (past its
concurrency limit) take them from uvicorn's default headers (`uvicorn.Config(headers=...)`, which
uvicorn writes before any answer's own); the answers the HTTP edge writes by hand (400, 408:
live/edges/web/edge.py) and those of the WebSocket upgrade path (live/edges/web/ws_endpoint.py)
take `raw_lines()`. So no page sets a policy of its own: a printable page links its style sheet
from the pages' files like any other (display/print/).
"""

from __future__ import annotations

#: Scripts, styles, images and connections from this server only; no inline script or style; framed by its own
#: pages only.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'"
)

HEADERS: tuple[tuple[str, str], ...] = (
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "SAMEORIGIN"),
)


def raw_lines() -> bytes:
    """The headers as lines of a hand-written HTTP answer (each ending with CRLF)."""
    return b"".join(f"{name}: {value}\r\n".encode("latin-1") for name, value in HEADERS)
