"""Every refusal the HTTP API answers names a registered code the pages can say (docs/protocol.md#refusals): an
adversarial
run of
15,344 bad requests found 5xx answers and 1,031 refusals with `detail: null` (lone surrogates, bodies over their
size, over-long numbers, deep nesting, bad JSON, unknown query parameters…).

Two walks: a list of bad requests to every route (each refusal's code in the registry, live/commands/refusals.py,
and in every catalogue: the console's, and the phone's for what the player's own requests are refused for), and a
property test over every command type with numbers past any range (huge integers, 1e308, 1e400, NaN), nesting,
lone surrogates and invisible text in any field: never a 5xx, and every refusal with its code.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from live.commands import refusals
from live.commands.decide import fields, known_types
from live.core.tournament import Tournament, load
from live.edges.hall import Hall
from live.edges.log.sqlite import SQLiteLog
from live.edges.web.app import create_app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
LANGUAGES = ("en", "sr-Cyrl", "sr-Latn", "sk")
TOKEN = "refusals-token"
BEARER = {"Authorization": f"Bearer {TOKEN}"}
JSON_TYPE = {"Content-Type": "application/json"}
#: What the player's own requests answer: the phone says these from its catalogue (player.ci.refused).
PLAYER_PATHS = ("/api/checkin", "/api/player-session")


def _catalogues() -> dict[str, dict[str, Any]]:
    return {lang: json.loads((ROOT / "display" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
            for lang in LANGUAGES}


CATALOGUES = _catalogues()


def serve(tmp_path: Path, example: str) -> Iterator[tuple[TestClient, Tournament]]:
    t = load(EXAMPLES / example)
    hall = Hall(t, SQLiteLog(tmp_path / "r.db", t.id), run_scheduler=False,
                clock=lambda: next(i for i in t.items if i.playing).start_ms)
    with TestClient(create_app(hall, TOKEN), raise_server_exceptions=False) as http:
        yield http, t


def refusal_problem(path: str, status: int, text: str) -> str | None:
    """What is wrong with an answer: a 5xx, or a refusal without a code every page can say; None when fine."""
    if status >= 500 and status != 503:
        return f"{status}: {text[:200]}"
    if status < 400:
        return None
    try:
        detail = json.loads(text)["detail"]
    except (ValueError, KeyError, TypeError):
        return f"{status} without a JSON refusal: {text[:200]}"
    wrong = refusals.problem(detail)
    if wrong is not None:
        return f"{status} {text[:200]}: {wrong}"
    code = detail["code"]
    for lang, catalogue in CATALOGUES.items():
        if code not in catalogue["referee"]["refused"]["codes"]:
            return f"{code}: the {lang} console has no sentence for it"
        if path in PLAYER_PATHS and code not in catalogue["player"]["ci"]["refused"]:
            return f"{code}: the {lang} player page has no sentence for it"
    return None


#: (method, path, headers, body): every route, asked wrongly. A body of bytes is sent as it is.
BAD_REQUESTS: list[tuple[str, str, dict[str, str], Any]] = [
    ("GET", "/api/events?since=%C2%B2", {}, None),
    ("GET", "/api/events?since=" + "9" * 400, {}, None),
    ("GET", "/api/sections/standings?view=nobody", {}, None),
    ("GET", "/api/sections/standings?view=referee", {}, None),
    ("GET", "/api/sections/standings?since=-1", {}, None),
    ("GET", "/api/sections/standings?since=999999", {}, None),
    ("GET", "/api/sections/no-such-section", {}, None),
    ("POST", "/api/commands", JSON_TYPE, {"type": "announce", "text": "x"}),
    ("POST", "/api/commands", {**BEARER, **JSON_TYPE}, b"x" * 20_000),
    ("POST", "/api/commands", {**BEARER, **JSON_TYPE}, b"type=announce"),
    ("POST", "/api/commands", {**BEARER, "Content-Type": "text/plain"}, b"announce dinner"),
    ("POST", "/api/commands", {**BEARER, **JSON_TYPE}, b'{"type": "announce", "text": NaN}'),
    ("POST", "/api/commands", {**BEARER, **JSON_TYPE}, b'{"type": "announce", "text": "\\ud800"}'),
    ("POST", "/api/commands", {**BEARER, **JSON_TYPE}, b'{"type": "announce", "\\ud800": 1}'),
    ("POST", "/api/commands", {**BEARER, **JSON_TYPE}, b"[" * 2000 + b"]" * 2000),
    ("POST", "/api/commands", {**BEARER, **JSON_TYPE},
     b'{"type": "extend", "item": "r1", "minutes": ' + b"9" * 5000 + b"}"),
    ("POST", "/api/commands", {**BEARER, **JSON_TYPE}, b'"announce"'),
    ("POST", "/api/commands", {**BEARER, **JSON_TYPE}, {"text": "no type"}),
    ("POST", "/api/commands", {**BEARER, **JSON_TYPE}, {"type": "no_such_command"}),
    ("POST", "/api/commands", {**BEARER, **JSON_TYPE}, {"type": "announce", "text": "\u2800\u3164"}),
    ("GET", "/api/standings.csv?lang=xx-nowhere", {}, None),
    ("GET", "/api/results.csv?lang=xx-nowhere", {}, None),
    ("GET", "/api/timetable.ics?lang=klingon", {}, None),
    ("GET", "/api/prizes?fund=lots", {}, None),
    ("GET", "/api/prizes?fund=-1", {}, None),
    ("GET", "/api/prizes?fund=1e400", {}, None),
    ("GET", "/api/qr.svg?page=admin", {}, None),
    ("POST", "/api/checkin", JSON_TYPE, {}),
    ("POST", "/api/checkin", JSON_TYPE, {"code": "WRONG-CODE"}),
    ("POST", "/api/checkin", JSON_TYPE, {"code": 5}),
    ("POST", "/api/checkin", JSON_TYPE, {"code": "   "}),
    ("POST", "/api/checkin", JSON_TYPE, ["code"]),
    ("POST", "/api/checkin", JSON_TYPE, b'{"code": "\\udfff"}'),
    ("POST", "/api/checkin", JSON_TYPE, b'{"code": ' + b"[" * 50 + b"]" * 50 + b"}"),
    ("POST", "/api/checkin", JSON_TYPE, b"x" * 2000),
    ("POST", "/api/checkin", JSON_TYPE, b"{code}"),
    ("POST", "/api/player-session", JSON_TYPE, {}),
    ("POST", "/api/player-session", JSON_TYPE, {"code": "WRONG-CODE"}),
    ("POST", "/api/player-session", JSON_TYPE, b"null"),
    ("GET", "/api/checkin-codes?token=" + TOKEN, {}, None),
    ("GET", "/api/checkin-codes", {}, None),
    ("GET", "/api/checkin-slips", {}, None),
    ("POST", "/api/login", JSON_TYPE, ["token"]),
    ("POST", "/api/login", JSON_TYPE, {"token": "not-a-referees-token"}),
    ("POST", "/api/login", JSON_TYPE, {"login": 5}),
    ("POST", "/api/login", JSON_TYPE, {"login": "x" * 600}),
    ("POST", "/api/login", JSON_TYPE, {"login": "forged.login.link"}),
    ("POST", "/api/login", JSON_TYPE, {"user": "ana"}),
    ("POST", "/api/login", {**JSON_TYPE, "Origin": "http://elsewhere.example"}, {"token": TOKEN}),
    ("GET", "/api/me", {}, None),
    ("POST", "/api/login-links", JSON_TYPE, {"name": "Ana"}),
    ("POST", "/api/login-links", {**BEARER, **JSON_TYPE}, {"name": "Nobody"}),
    ("POST", "/api/login-links", {**BEARER, **JSON_TYPE}, "Ana"),
    ("GET", "/api/lateness/preview?item=r1", {}, None),
    ("GET", "/api/lateness/preview?item=r1&colour=red", BEARER, None),
    ("GET", "/api/lateness/preview?item=nowhere&player=p01&at=" + "9" * 40, BEARER, None),
    ("GET", "/api/desk/slips", {}, None),
    ("GET", "/api/desk/slips?item=nowhere", BEARER, None),
    ("GET", "/api/desk/slips?item=snack", BEARER, None),
    ("GET", "/api/desk/slips?item=r5", BEARER, None),
    ("GET", "/api/desk/payments", {}, None),
    ("GET", "/api/individual", {}, None),
]


@pytest.mark.parametrize("example", ["cacak-preferans-2027.toml", "novi-sad-teams-2026.toml",
                                     "slovak-league-2027.toml"])
def test_every_refusal_of_every_route_names_a_code_every_page_can_say(tmp_path: Path, example: str) -> None:
    problems, codes = [], set()
    for client, _ in serve(tmp_path, example):
        for method, path, headers, body in BAD_REQUESTS:
            content = body if isinstance(body, bytes) else None if body is None else json.dumps(body).encode()
            answer = client.request(method, path, headers=headers, content=content)
            wrong = refusal_problem(path.split("?")[0], answer.status_code, answer.text)
            if wrong is not None:
                problems.append(f"{method} {path[:60]}: {wrong}")
            elif answer.status_code >= 400:
                codes.add(answer.json()["detail"]["code"])
        for _ in range(12):  # wrong codes until the address must wait: 429, with its code too
            answer = client.post("/api/player-session", json={"code": "STILL-WRONG"})
            wrong = refusal_problem("/api/player-session", answer.status_code, answer.text)
            if wrong is not None:
                problems.append(f"player-session: {wrong}")
            codes.add(answer.json()["detail"]["code"])
    assert problems == []
    assert {"body.too_large", "body.not_json", "body.not_unicode", "body.too_deep", "field.too_large",
            "field.not_a_seq", "auth.needed", "auth.cross_site", "auth.token_in_url", "code.too_many",
            "checkin.code_refused", "field.unknown", "field.empty"} <= codes, sorted(codes)


# ---- every command type, with values past any range -------------------------------------------------------

#: Raw JSON values a parser takes (or chokes on) that no field should: each is sent as written.
NASTY = [
    "9" * 400, "-" + "9" * 400, "9" * 5000, "1e308", "-1e308", "1e400", "-1e400", "NaN", "Infinity", "-Infinity",
    "9007199254740993", "9007199254740991", "-9007199254740991", "4.9e-324", "1" + "0" * 25 + ".5", "1e15", "-1e15",
    '"\\ud800"', '"x\\udfff"', '"\\u2800"', '"\\u3164\\u115f\\uffa0"', '"\\u200b\\u200d"', '"\\u0301\\u0308"',
    '"\\ufe0f\\ufe0e"', '" "', '""', '"' + "x" * 5000 + '"',
    "[" * 40 + "]" * 40, '{"a": ' * 12 + "1" + "}" * 12, "[1e308, -1e308]", '{"p01": 1e400, "p02": ' + "9" * 400 + "}",
    "[]", "{}", "null", "true",
]


def _fragment(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _good_values(t: Tournament) -> dict[str, st.SearchStrategy[Any]]:
    """Values a field of this name takes in this tournament (most of a command right, so that its handler runs)."""
    items, players, teams = [i.id for i in t.items], [p.id for p in t.players][:8], [x.id for x in t.teams][:4]
    day = t.items[0].start.date().isoformat()
    who = st.sampled_from(players or ["p01"])
    side = st.sampled_from(teams or ["t1"])
    text = st.sampled_from(["Ана Петровић", "late arrival", "Tea at 17:00", "x"])
    time = st.sampled_from(["17:50", f"{day}T17:50", f"{day}T11:07:40+01:00", "10:00"])
    small = st.integers(-5, 120)
    return {
        "item": st.sampled_from(items), "player": who, "replaces": who, "captain": who, "substitute": who,
        "team": side, "home": side, "away": side, "at": st.one_of(time, st.integers(0, 2**41)), "start": time,
        "end": time, "minutes": st.integers(-60, 120), "amount": small, "points": small, "imps_home": small,
        "imps_away": small, "rating": small, "seq": st.integers(1, 12), "appeal": st.integers(1, 12),
        "correction": st.integers(1, 12), "step": st.integers(1, 4), "table": st.integers(1, 6), "round": small,
        "boards": st.integers(1, 24), "seed": st.integers(0, 10**9), "fund": st.integers(0, 10**6),
        "reason": text, "text": text, "name": text, "title": text, "note": text, "decision": text, "subject": text,
        "unit": st.sampled_from(["bule", "vp", "points"]), "kind": st.sampled_from(["round", "break", "meal", "match"]),
        "what": st.sampled_from(["entry", "match_fee", "other"]), "method": st.sampled_from(["cash", "account"]),
        "language": st.sampled_from(["en", "sk", "sr-Latn"]), "languages": st.just(["en", "sr-Cyrl"]),
        "results": st.dictionaries(who, small, max_size=4), "supe": st.dictionaries(who, small, max_size=2),
        "absent": st.lists(who, max_size=2), "signed_by": st.lists(who, max_size=3),
        "parts": st.lists(st.lists(who, max_size=4), max_size=2),
        "substitutions": st.lists(st.fixed_dictionaries({"out": who, "in": who}), max_size=2),
        "rules": st.dictionaries(st.sampled_from(["grace_minutes", "bonus_cap", "x"]), small, max_size=2),
        "lady": st.booleans(), "junior": st.booleans(), "walkover": st.booleans(), "unanimous": st.booleans(),
        "salt": st.text(max_size=8),
    }


@st.composite
def bodies(draw: st.DrawFn, t: Tournament) -> str:
    """A command of any type as raw JSON: right-ish in every field it sends but (most often) one, which is nasty."""
    kind = draw(st.sampled_from(known_types()))
    required, optional = fields(kind)
    sent = sorted(required | {name for name in sorted(optional) if draw(st.booleans())})
    nasty = draw(st.sampled_from([*sent, *sent, None])) if sent else None
    good = _good_values(t)
    parts = [f'"type": "{kind}"']
    for name in sent:
        value = draw(st.sampled_from(NASTY)) if name == nasty else _fragment(draw(good.get(name, st.integers(0, 9))))
        parts.append(f'"{name}": {value}')
    return "{" + ", ".join(parts) + "}"


@pytest.fixture(scope="module", params=["cacak-preferans-2027.toml", "novi-sad-teams-2026.toml"])
def walked(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient,
                                                                                                        Tournament]]:
    yield from serve(tmp_path_factory.mktemp("walk"), request.param)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_no_command_body_is_a_server_error_and_every_refusal_has_its_code(walked: tuple[TestClient, Tournament],
                                                                          data: st.DataObject) -> None:
    client, t = walked
    body = data.draw(bodies(t))
    answer = client.post("/api/commands", content=body.encode(), headers={**BEARER, **JSON_TYPE})
    assert refusal_problem("/api/commands", answer.status_code, answer.text) is None, body[:300]
