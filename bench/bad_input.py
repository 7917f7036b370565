"""Bad input for the HTTP API, as an adversarial run sends it (docs/design.md#one-client), and how to judge the answers.

Every route asked wrongly (bad query parameters, bodies that are not JSON, over their size, NaN, lone surrogates,
nesting thousands deep, integers of thousands of digits, no token, a token in the URL, another site's origin),
and commands of every type with one field nasty (a number past any range, a blank name, a surrogate, a nesting).
An answer is wrong when it is a 5xx (but 503, the log's "ask again"), or a refusal of the API whose JSON does not
name a code of the registry (live/commands/refusals.py). bench/abuse.py sends these as one of its abuses.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from live.commands.decide import fields, known_types
from live.commands.refusals import REFUSALS

#: Raw JSON values no field should take (each sent as written).
NASTY = [
    "9" * 400, "-" + "9" * 400, "9" * 5000, "1e308", "-1e308", "1e400", "NaN", "Infinity", "9007199254740993",
    "1e15", '"\\ud800"', '"x\\udfff"', '"\\u2800"', '"\\u3164\\u115f\\uffa0"', '"\\u200b\\u200d"',
    '"\\u0301\\u0308"', '"\\ufe0f"', '""', '"' + "x" * 5000 + '"', "[" * 40 + "]" * 40, "[" * 3000 + "]" * 3000,
    '{"a": ' * 12 + "1" + "}" * 12, '{"p01": 1e400}', "[]", "{}", "null", "true",
]
#: Values a field of this name takes, roughly: most of a command right, so that its handler runs.
GOOD: dict[str, list[Any]] = {
    "at": ["17:50", 1_800_000_000_000], "start": ["17:50", "2027-03-06T17:50"], "end": ["18:50"],
    "minutes": [5, -5, 30], "amount": [2, 100], "points": [1], "seq": [1, 3], "table": [1], "round": [2],
    "boards": [12], "reason": ["late"], "text": ["Tea at 17:00"], "name": ["Ana Petrović"], "title": ["Coffee"],
    "unit": ["bule"], "kind": ["break"], "what": ["entry"], "method": ["cash"], "language": ["en"],
    "languages": [["en"]], "results": [{}], "rules": [{"grace_minutes": 5}],
}


def _route_requests(token: str, items: list[str]) -> list[tuple[str, str, dict[str, str], bytes | None]]:
    bearer = {"Authorization": f"Bearer {token}"}
    as_json = {"Content-Type": "application/json"}
    both = {**bearer, **as_json}
    item = items[0] if items else "r1"
    return [
        ("GET", "/api/events?since=%C2%B2", {}, None), ("GET", "/api/events?since=" + "9" * 400, {}, None),
        ("GET", "/api/sections/standings?view=nobody", {}, None),
        ("GET", "/api/sections/standings?view=referee", {}, None),
        ("GET", "/api/sections/standings?since=999999999", {}, None), ("GET", "/api/sections/nothing", {}, None),
        ("POST", "/api/commands", as_json, b'{"type": "announce", "text": "x"}'),
        ("POST", "/api/commands", both, b"x" * 20_000), ("POST", "/api/commands", both, b"type=announce"),
        ("POST", "/api/commands", {**bearer, "Content-Type": "text/plain"}, b"announce"),
        ("POST", "/api/commands", both, b'{"type": "announce", "text": "\\ud800"}'),
        ("POST", "/api/commands", both, b'{"type": "announce", "\\udc00": 1}'),
        ("POST", "/api/commands", both, b'{"type": "extend", "item": "' + item.encode() + b'", "minutes": NaN}'),
        ("POST", "/api/commands", both, b"[" * 3000 + b"]" * 3000), ("POST", "/api/commands", both, b'"announce"'),
        ("GET", "/api/standings.csv?lang=xx", {}, None), ("GET", "/api/timetable.ics?lang=xx", {}, None),
        ("GET", "/api/prizes?fund=lots", {}, None), ("GET", "/api/prizes?fund=1e400", {}, None),
        ("GET", "/api/qr.svg?page=admin", {}, None),
        ("POST", "/api/checkin", as_json, b"{}"), ("POST", "/api/checkin", as_json, b'{"code": 5}'),
        ("POST", "/api/checkin", as_json, b'{"code": "\\udfff"}'), ("POST", "/api/checkin", as_json, b"x" * 2000),
        ("POST", "/api/player-session", as_json, b'{"code": []}'),
        ("GET", f"/api/checkin-codes?token={token}", {}, None), ("GET", "/api/checkin-slips", {}, None),
        ("POST", "/api/login", as_json, b'["token"]'), ("POST", "/api/login", as_json, b'{"login": 5}'),
        ("POST", "/api/login", as_json, b'{"login": "forged"}'),
        ("POST", "/api/login", {**as_json, "Origin": "http://elsewhere.example"}, b'{"token": "x"}'),
        ("GET", "/api/me", {}, None), ("POST", "/api/login-links", both, b'{"name": "Nobody"}'),
        ("GET", "/api/lateness/preview?colour=red", bearer, None),
        ("GET", "/api/desk/slips?item=nowhere", bearer, None),
        ("GET", "/api/desk/payments", {}, None), ("GET", "/api/individual", {}, None),
    ]


def command_body(rng: random.Random, items: list[str]) -> bytes:
    """A command of a random type, its required fields and some optional ones, exactly one of them nasty."""
    kind = rng.choice(known_types())
    required, optional = fields(kind)
    sent = sorted(required | {name for name in sorted(optional) if rng.random() < 0.4})
    nasty = rng.choice(sent) if sent else None
    parts = [f'"type": "{kind}"']
    for name in sent:
        if name == nasty:
            value = rng.choice(NASTY)
        elif name == "item" and items:
            value = json.dumps(rng.choice(items))
        else:
            value = json.dumps(rng.choice(GOOD.get(name, [1, "x"])), ensure_ascii=False)
        parts.append(f'"{name}": {value}')
    return ("{" + ", ".join(parts) + "}").encode("utf-8", "surrogatepass")


def bad_requests(rng: random.Random, token: str, items: list[str]) -> Iterator[tuple[str, str, dict[str, str],
                                                                                       bytes | None]]:
    """Without end: the routes' bad requests, each followed by a few commands with a nasty field."""
    routes = _route_requests(token, items)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    while True:
        for route in routes:
            yield route
            for _ in range(3):
                yield "POST", "/api/commands", headers, command_body(rng, items)


def answer_problem(status: int, content_type: str, body: bytes) -> str | None:
    """"5xx" for a server error, "no code" for a refusal of the API without a registered code; else None."""
    if status >= 500 and status != 503:
        return "5xx"
    if status < 400:
        return None
    if "json" not in content_type:
        return "no code"
    try:
        detail = json.loads(body).get("detail")
    except (ValueError, AttributeError):
        return "no code"
    return None if isinstance(detail, dict) and detail.get("code") in REFUSALS else "no code"
