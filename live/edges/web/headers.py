"""Security headers on every answer: the pages run their own modules only, in no frame, and leak
no address to another site.

A pure ASGI middleware (it touches only the response's start message, so streaming and
WebSockets pass through untouched). An answer that sets its own Content-Security-Policy keeps it
(the printable check-in codes page styles itself inline and runs no script).
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: Scripts, styles, images and connections from this server only; no inline script or style; never framed.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *((name, value) for name, value in HEADERS if name not in present)]
            await send(message)

        await self.app(scope, receive, send_with_headers)
