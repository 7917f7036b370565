"""Which referee a request or a WebSocket speaks for (the edge's half of `live.core.referees`).

A request shows a referee by `Authorization: Bearer <token>` (scripts, tests) or by the session
cookie the console's login set. A cookie rides every request the browser makes to this server,
whoever's page asked for it, so a request that *changes* something by cookie must come from this
server's own pages: the browser's `Sec-Fetch-Site` must say `same-origin` (or `none`, typed by the
person), and an `Origin`, when there is one, must be this server's address (the `Host` the request
came to — a proxy in front must pass it on, as deploy/nginx-live.conf does). SameSite=Strict keeps
the cookie off other sites' requests already; this is the second lock, for browsers or sites it
does not cover (another port on the same host is the same site). WebSocket upgrades are checked
the same way (their Origin is always sent).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection
from starlette.responses import Response

from live.core.referees import COOKIE, SESSION_MS, Grant, Referees, actor

#: The refusal of a cookie request from another site's page.
CROSS_SITE = "refused: this request comes from another site's page (sign in on this server's own console)"


def registry(conn: HTTPConnection) -> Referees:
    return conn.app.state.referees  # type: ignore[no-any-return]  # Starlette's app.state is untyped: set in create_app


def added(conn: HTTPConnection) -> Mapping[str, str]:
    """The referees added at the console, as the log has them now (name → salt)."""
    return conn.app.state.hall.state.referees  # type: ignore[no-any-return]  # (app.state: untyped, see registry)


def base(conn: HTTPConnection) -> str:
    """Where the competition the request is for is served: "" at the root, "/<id>" on a season server."""
    return getattr(conn.app.state, "base", "")


def cookie_path(conn: HTTPConnection) -> str:
    """A cookie's path: the competition's own, so that on a season server a session of one competition rides
    no request to another (and two competitions' sessions in one browser do not overwrite each other)."""
    return base(conn) or "/"


def now(conn: HTTPConnection) -> int:
    return int(conn.app.state.hall.clock())


def bearer(conn: HTTPConnection) -> str | None:
    """The referee whose token the Authorization header carries, or None."""
    scheme, _, token = conn.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return registry(conn).who(token, added(conn))


def by_token(conn: HTTPConnection, token: object) -> str | None:
    grant = token_grant(conn, token)
    return grant.name if grant is not None else None


def token_grant(conn: HTTPConnection, token: object) -> Grant | None:
    return registry(conn).token_grant(token, added(conn)) if isinstance(token, str) and token.strip() else None


def session(conn: HTTPConnection) -> str | None:
    """The referee whose session cookie this is, if it is good (signed, not expired, still a referee)."""
    grant = session_grant(conn)
    return grant.name if grant is not None else None


def session_grant(conn: HTTPConnection) -> Grant | None:
    """What the session cookie shows, if it is good; a WebSocket keeps it to be checked again."""
    value = conn.cookies.get(COOKIE)
    if not value or len(value) > 512:
        return None
    return registry(conn).session_grant(value, now(conn), added(conn))


def same_origin(conn: HTTPConnection) -> bool:
    """Whether the browser says this request comes from this server's own pages (see the module)."""
    site = conn.headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return False
    origin = conn.headers.get("origin")
    return origin is None or urlsplit(origin).netloc.lower() == conn.headers.get("host", "").lower()


def referee(conn: HTTPConnection, *, changes: bool) -> str | None:
    """The referee a request speaks for: the bearer token's, else the session's (for a request that
    `changes` something, only from this server's own pages)."""
    name = bearer(conn)
    if name is not None:
        return name
    if changes and not same_origin(conn):
        return None
    return session(conn)


def cross_site_session(conn: HTTPConnection) -> bool:
    """A session cookie on a request from another site's page: refused, and said so."""
    return COOKIE in conn.cookies and not same_origin(conn)


def set_session(conn: HTTPConnection, response: Response, name: str, at: int) -> None:
    """Give the response the referee's session cookie, from `at` for SESSION_MS. Secure when the request
    came by https (behind a proxy: when uvicorn trusts its X-Forwarded-Proto)."""
    value = registry(conn).session(name, at, added(conn))
    response.set_cookie(COOKIE, value, max_age=SESSION_MS // 1000, path=cookie_path(conn), httponly=True,
                        samesite="strict",
                        secure=conn.url.scheme in ("https", "wss"))


def clear_session(conn: HTTPConnection, response: Response) -> None:
    response.delete_cookie(COOKIE, path=cookie_path(conn), httponly=True, samesite="strict")


class Login(TypedDict):
    """A one-time login link (`login_json`)."""

    name: str
    url: str
    qr: str
    expires: int


class SignedIn(TypedDict):
    """Who is signed in (`me_json`)."""

    name: str
    actor: str
    expires: int | None
    referees: list[str]


def login_json(conn: HTTPConnection, name: str, base_url: str, lasts: int) -> Login:
    """A one-time login link for `name`, with its QR code (an SVG data URI) and when it expires. The
    secret part is in the fragment (`#login=`): it never reaches a server's or a proxy's log."""
    import base64

    from live.edges.web.exports import qr_svg

    at = now(conn)
    url = f"{base_url}/referee#login={registry(conn).login_link(name, at, lasts)}"
    qr = "data:image/svg+xml;base64," + base64.b64encode(qr_svg(url)).decode()
    return {"name": name, "url": url, "qr": qr, "expires": at + lasts}


def me_json(request: HTTPConnection, name: str, expires: int | None) -> SignedIn:
    """Who is signed in, as `/api/me` answers and the console's first screen carries it."""
    return {"name": name, "actor": actor(name), "expires": expires,
            "referees": registry(request).names(added(request))}
