"""The API's document (GET /api/openapi.json): a valid OpenAPI 3.1 document that shows every command type as
its class takes it (fields, JSON types, required, null), and every route the app serves."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from openapi_spec_validator import OpenAPIV31SpecValidator, validate
from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from live.commands import captains
from live.commands.command import Command
from live.commands.decide import known_types, parse
from live.commands.validation import CommandError
from live.core.absent import Absent
from live.core.tournament import load
from live.edges.hall import Hall
from live.edges.log.sqlite import SQLiteLog
from live.edges.web.app import create_app
from live.edges.web.openapi import document

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DOC = document()


#: The two kinds of command, each with its registry's parse and types and its schema in the document: the
#: referees' (POST /api/commands) and the team captains' (POST /api/captain-commands, live/commands/captains.py).
KINDS = {"Command": (parse, known_types), "CaptainCommand": (captains.HANDLERS.parse, lambda: captains.HANDLERS.types)}


def command_classes(kind: str = "Command") -> list[type[Command]]:
    """Every command class of the server of one kind, found from the base class (not from the registry the
    document is made from; other tests' own sample commands left out)."""
    found, todo = [], list(Command.__subclasses__())
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        captain = cls.__module__ == captains.__name__
        if cls.TYPE and cls.__module__.startswith("live.") and captain == (kind == "CaptainCommand"):
            found.append(cls)
    return found


def members(hint: Any) -> tuple[Any, ...]:
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return typing.get_args(hint)
    return (hint,)


def schema_of(cls: type[Command]) -> dict[str, Any]:
    (schema,) = [s for s in DOC["components"]["schemas"].values() if s.get("properties", {}).get("type") ==
                 {"const": cls.TYPE}]
    return dict(schema)


def validator(name: str) -> Draft202012Validator:
    """A JSON Schema 2020-12 validator for one of the document's schemas (its references resolved in it)."""
    return Draft202012Validator({"$ref": f"#/components/schemas/{name}", "components": DOC["components"]})


def test_the_document_is_valid_openapi_3_1() -> None:
    assert DOC["openapi"].startswith("3.1")
    validate(DOC, cls=OpenAPIV31SpecValidator)
    json.dumps(DOC, allow_nan=False)  # served as JSON, nothing Python-only in it


@pytest.mark.parametrize("kind", KINDS)
def test_every_command_class_shows_with_every_field_its_type_and_whether_it_is_required(kind: str) -> None:
    classes = command_classes(kind)
    assert sorted(c.TYPE for c in classes) == KINDS[kind][1]()
    for cls in classes:
        schema = schema_of(cls)
        hints = typing.get_type_hints(cls)
        fields = {f.name: f for f in dataclasses.fields(cls)}
        assert set(schema["properties"]) == {"type", *fields}, cls.TYPE
        assert schema["additionalProperties"] is False
        required = {n for n, f in fields.items() if f.default is dataclasses.MISSING}
        assert set(schema["required"]) == {"type", *required}, cls.TYPE
        for name in fields:
            if name == "id":
                continue
            kinds = [typing.get_origin(m) or m for m in members(hints[name]) if m is not Absent]
            shown = schema["properties"][name]
            if object in kinds:  # any JSON: no type named
                assert "type" not in shown, (cls.TYPE, name)
                continue
            said = shown["type"] if isinstance(shown["type"], list) else [shown["type"]]
            json_types = {str: "string", int: "integer", float: "number", bool: "boolean", list: "array",
                          dict: "object", type(None): "null"}
            assert sorted(said) == sorted(json_types[k] for k in kinds), (cls.TYPE, name)


def test_a_field_that_takes_null_says_so_and_one_left_out_is_not_null() -> None:
    rating = schema_of(next(c for c in command_classes() if c.TYPE == "update_player"))["properties"]["rating"]
    assert sorted(rating["type"]) == ["null", "number"]
    player = schema_of(next(c for c in command_classes() if c.TYPE == "announce"))["properties"]["player"]
    assert player["type"] == "string"


def test_a_field_with_words_of_its_own_is_described_in_them() -> None:
    minutes = schema_of(next(c for c in command_classes() if c.TYPE == "extend"))["properties"]["minutes"]
    assert minutes["description"] == "minutes must be a number of minutes, e.g. 10 or -5"


#: A JSON value of each type, to send in a field.
SAMPLES: list[Any] = ["r1", 3, 2.5, True, [], {}, None]


def _sample(schema: dict[str, Any]) -> Any:
    return next(v for v in SAMPLES if Draft202012Validator(schema).is_valid(v))


@pytest.mark.parametrize("kind", KINDS)
def test_the_document_takes_exactly_the_json_types_the_parser_takes(kind: str) -> None:
    """For every command type and field, each JSON type: the request-body schema accepts it iff the parser does
    (a value of the right type for the other fields), so the document cannot promise what the server refuses."""
    command = validator(kind)
    parse = KINDS[kind][0]
    for cls in command_classes(kind):
        schema = schema_of(cls)
        base = {"type": cls.TYPE, **{n: _sample(schema["properties"][n]) for n in schema["required"] if n != "type"}}
        for name in schema["properties"]:
            if name in ("type", "id"):
                continue
            for value in SAMPLES:
                body = {**base, name: value}
                try:
                    parse(body)
                    taken = True
                except CommandError as exc:
                    assert exc.status == 422, exc.to_json()
                    taken = False
                assert command.is_valid(body) == taken, (cls.TYPE, name, value)
        for name in schema["required"]:
            if name != "type":
                body = {k: v for k, v in base.items() if k != name}
                assert not command.is_valid(body)
                with pytest.raises(CommandError):
                    parse(body)
        assert not command.is_valid({**base, "no_such_field": 1})


def test_a_refusal_of_a_command_fits_the_refusal_schema() -> None:
    refusal = validator("Refusal")
    for body in ({"type": "start_round"}, {"type": "nope"}, [1], {"type": "extend", "item": "r1", "minutes": "x"}):
        with pytest.raises(CommandError) as caught:
            parse(body)
        refusal.validate(caught.value.to_json())
    assert not refusal.is_valid({"error": "x", "detail": {"code": "no.such_code"}})


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    t = load(EXAMPLES / "cacak-preferans-2027.toml")
    hall = Hall(t, SQLiteLog(tmp_path / "e.db", t.name), run_scheduler=False)
    with TestClient(create_app(hall, "tok")) as http:
        yield http


def test_the_server_serves_the_document_with_every_route_it_has(client: TestClient) -> None:
    answer = client.get("/api/openapi.json")
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/json"
    served = answer.json()
    validate(served, cls=OpenAPIV31SpecValidator)
    routes: set[tuple[str, str]] = set()
    for route in client.app.routes:  # type: ignore[attr-defined]
        if isinstance(route, Route):
            routes |= {(route.path, m.lower()) for m in route.methods or () if m != "HEAD"}
        elif isinstance(route, Mount):
            routes.add((route.path + "/{path}", "get"))
    described = {(path, method) for path, item in served["paths"].items() for method in item}
    assert routes == described
