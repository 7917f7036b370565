"""Request bodies as the API reads them: no further than the route's limit, and as JSON only when every answer
built from it can be sent back.

Why here, before any command or check-in sees a body: what Python's JSON parser takes is wider than what the
server can answer about. An integer of thousands of digits is parsed but cannot be formatted into a refusal, a
text with a lone surrogate is parsed but cannot be encoded into the answer that quotes it, and `NaN` or
`Infinity` are no JSON at all. Each is refused here with a registered code (live/commands/refusals.py), naming the
field of the body's object it sits in when there is one.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from starlette.requests import ClientDisconnect, Request

from live.core.json import JSONValue

#: The longest integer the parser reads as such; a longer one is ±infinity, which every command refuses as a
#: number far too large (live/commands/command.py MAX_NUMBER), naming its field. 30 digits is far past any count.
MAX_DIGITS = 30
#: The deepest a body's JSON may nest (no body the API takes goes past 4 levels).
MAX_DEPTH = 32


class BodyTooLarge(Exception):
    pass


class BodyCut(Exception):
    """The client went away before its body was in (or the request deadline closed it: live/edges/web/edge.py)."""


class BadJSON(ValueError):
    """A body refused as JSON: `detail` is the refusal's detail, with its code (and the field, when known)."""

    def __init__(self, error: str, detail: Mapping[str, object]) -> None:
        super().__init__(error)
        self.detail = detail


def _whole(text: str) -> int | float:
    if len(text.lstrip("-")) <= MAX_DIGITS:
        return int(text)
    return -math.inf if text.startswith("-") else math.inf


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(body: bytes) -> JSONValue:
    """A body as JSON, or BadJSON saying why: not JSON (or not UTF-8, or NaN/Infinity), nesting too deep, or a
    text that is not valid Unicode (a lone surrogate cannot be sent back, nor stored)."""
    try:
        value: JSONValue = json.loads(body, parse_int=_whole, parse_constant=_no_constant)
    except (ValueError, UnicodeDecodeError) as exc:  # (JSONDecodeError is a ValueError)
        raise BadJSON(f"the body is not JSON: {exc}", {"code": "body.not_json"}) from exc
    except RecursionError as exc:
        raise BadJSON(f"the body's JSON nests deeper than {MAX_DEPTH} levels", {"code": "body.too_deep",
                      "max": MAX_DEPTH}) from exc
    _check(value)
    return value


def _check(value: Any) -> None:
    """Refuse a parsed body nesting past MAX_DEPTH or holding a lone surrogate (in a key or a text), naming the
    top-level field it is in when the body is an object."""
    pending: list[tuple[Any, str | None, int]] = [(value, None, 1)]
    while pending:
        value, field, depth = pending.pop()
        if isinstance(value, str):
            if not _encodable(value):
                _refuse_surrogate(field)
        elif isinstance(value, dict | list):
            if depth > MAX_DEPTH and field is None:
                raise BadJSON(f"the body's JSON nests deeper than {MAX_DEPTH} levels", {"code": "body.too_deep",
                              "max": MAX_DEPTH})
            if depth > MAX_DEPTH:
                raise BadJSON(f"{field} nests deeper than {MAX_DEPTH} levels", {"field": field,
                              "code": "field.too_deep", "max": MAX_DEPTH})
            if isinstance(value, dict):
                for key, item in value.items():
                    name = field if field is not None or depth > 1 else key
                    if not _encodable(key):
                        _refuse_surrogate(field if depth > 1 else None)
                    pending.append((item, name, depth + 1))
            else:
                pending.extend((item, field, depth + 1) for item in value)


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _refuse_surrogate(field: str | None) -> None:
    if field is None:
        raise BadJSON("a text in the body is not valid Unicode (a lone surrogate)", {"code": "body.not_unicode"})
    raise BadJSON(f"{field} is not valid Unicode (a lone surrogate)", {"field": field, "code": "field.control_chars"})


async def bounded_body(request: Request, limit: int) -> bytes:
    """The request's body, read no further than `limit` bytes: a declared or streamed body over it
    is refused before it is read (no one may make the server hold megabytes it will refuse). BodyCut when the
    client goes away first."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise BodyTooLarge
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise BodyTooLarge
            chunks.append(chunk)
    except ClientDisconnect as exc:
        raise BodyCut from exc
    return b"".join(chunks)
