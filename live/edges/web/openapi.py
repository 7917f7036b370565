"""The server's HTTP API as an OpenAPI 3.1 document: `GET /api/openapi.json`.

Why: scripts, a scoring program at the desk or a federation's results service talk to the server over
HTTP, and a client generator or a tester (tests/integration/test_openapi.py runs schemathesis against a
live server from it) needs to know every route, who may call it and what it answers.

The commands are not listed here by hand: each command type's schema is made from the class the server
parses it with (live/commands/command.py, `Handlers.described`), so a field added to a command shows in
the document as the parser takes it: its JSON type, whether it is required, whether it takes null (a
field left out is not a null: live/core/absent.py). A refusal is `{"error", "detail"}`, its
`detail.code` one of the registry's (live/commands/refusals.py).

Shapes are given where the server's answer is stable and small (a command's answer, a refusal, health,
who is signed in); the views' sections, the standings and the desk's lists are `object`s whose parts
live in the projections and change with the rules.
"""

from __future__ import annotations

import dataclasses
import json

from live import __version__
from live.commands import captains
from live.commands.command import MAX_COMMAND_ID, Command, CommandField
from live.commands.decide import described
from live.commands.refusals import REFUSALS
from live.core import referees
from live.edges import sessions
from live.edges.hub import VIEWS

PATH = "/api/openapi.json"

Schema = dict[str, object]

#: The JSON type of each Python type a command field may take (live/commands/command.py); `object`: any JSON.
JSON_TYPES: dict[type, str] = {str: "string", int: "integer", float: "number", bool: "boolean", list: "array",
                               dict: "object", type(None): "null"}

JSON = "application/json"
HTML = "text/html"


def _ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def field_schema(f: CommandField) -> Schema:
    """The JSON Schema of one command field: the JSON types its parse takes (null only if its type has None)."""
    if object in f.kinds:
        return {}  # any JSON at all: the handler checks its shape
    kinds = [JSON_TYPES[k] for k in f.kinds]
    return {"type": kinds[0] if len(kinds) == 1 else kinds}


def _doc(cls: type[Command]) -> str | None:
    """The class's own docstring (a dataclass without one gets its signature as `__doc__`: not a description)."""
    doc = cls.__doc__
    if not doc or doc.startswith(f"{cls.__name__}("):
        return None
    return " ".join(doc.split())


def command_schema(cls: type[Command], fields: list[CommandField]) -> Schema:
    """One command type: `type` fixed to its name, the optional client `id`, its fields; nothing else."""
    properties: dict[str, Schema] = {"type": {"const": cls.TYPE}, "id": _ref("CommandId")}
    own_words = {f.name for f in dataclasses.fields(cls) if "wrong" in f.metadata}
    for f in fields:
        properties[f.name] = field_schema(f)
        if f.name in own_words:  # what the field is, in the words its refusal says it with
            properties[f.name]["description"] = f.refusal.error.format(field=f.name)
    schema: Schema = {"title": cls.__name__, "type": "object", "properties": properties,
                      "required": ["type", *(f.name for f in fields if f.required)],
                      "additionalProperties": False}
    doc = _doc(cls)
    if doc:
        schema["description"] = doc
    return schema


def _refusal() -> Schema:
    return {
        "type": "object",
        "description": "A refusal: `error` in English; `detail` names the reason's code (the pages say it in "
                       "their language) with the parameters its sentence takes, and the field when there is one.",
        "required": ["error", "detail"],
        "properties": {
            "error": {"type": "string"},
            "detail": {"type": "object", "required": ["code"], "properties": {
                "field": {"type": "string"},
                "code": {"enum": sorted(REFUSALS)},
            }},
        },
    }


def _components(commands: list[tuple[type[Command], list[CommandField]]]) -> Schema:
    schemas: dict[str, Schema] = {
        "CommandId": {"type": "string", "minLength": 1, "maxLength": MAX_COMMAND_ID,
                      "description": "The client's own id of the command (printable characters): a resend with "
                                     "the same id stores nothing twice and answers the first event."},
        "Command": {
            "description": "A referee command: one of the command types, by its `type`.",
            "oneOf": [_ref(cls.__name__) for cls, _ in commands],
            "discriminator": {"propertyName": "type",
                              "mapping": {cls.TYPE: f"#/components/schemas/{cls.__name__}" for cls, _ in commands}},
        },
        "CaptainCommand": {
            "description": "A team captain's command (POST /api/captain-commands): one of the types, by its `type`. "
                           "`team` is the session's; a command naming another team is refused.",
            "oneOf": [_ref(cls.__name__) for cls, _ in captains.HANDLERS.described()],
            "discriminator": {"propertyName": "type",
                              "mapping": {cls.TYPE: f"#/components/schemas/{cls.__name__}"
                                          for cls, _ in captains.HANDLERS.described()}},
        },
        "Event": {
            "type": "object", "required": ["seq", "ts", "type", "actor", "payload"],
            "properties": {"seq": {"type": "integer", "minimum": 1}, "ts": {"type": "integer"},
                           "type": {"type": "string"}, "actor": {"type": "string"}, "payload": {"type": "object"},
                           "signal": {"type": "string"}},
        },
        "CommandAnswer": {
            "type": "object", "required": ["seq", "events"],
            "properties": {"seq": {"type": "integer", "minimum": 1},
                           "events": {"type": "array", "items": _ref("Event"), "minItems": 1},
                           "login": {**_ref("LoginLink"), "description": "add_referee: the new referee's one-time "
                                                                         "login link, and their `token`"}},
        },
        "CommandStored": {
            "type": "object", "required": ["id", "stored", "seq", "event"],
            "properties": {"id": {"type": "string"}, "stored": {"type": "boolean"},
                           "seq": {"type": "integer", "minimum": 0, "description": "the log's last seq"},
                           "event": {"oneOf": [_ref("Event"), {"type": "null"}],
                                     "description": "the event the command became (null: not in the log)"}},
        },
        "Events": {
            "type": "object", "required": ["seq", "events"],
            "properties": {"seq": {"type": "integer", "minimum": 0},
                           "events": {"type": "array", "items": _ref("Event")}},
        },
        "Refusal": _refusal(),
        "Health": {
            "type": "object", "required": ["seq", "clients", "time", "checkin_failures", "fan_out"],
            "properties": {"seq": {"type": "integer", "minimum": 0},
                           "clients": {"type": "object", "description": "connected pages, by view",
                                       "additionalProperties": {"type": "integer", "minimum": 0}},
                           "time": {"type": "integer", "description": "the server's clock, epoch ms"},
                           "checkin_failures": {"type": "object"}, "fan_out": {"type": "object"}},
        },
        "Me": {
            "type": "object", "required": ["name", "actor", "expires", "referees"],
            "properties": {"name": {"type": "string"}, "actor": {"type": "string"},
                           "expires": {"type": ["integer", "null"],
                                       "description": "when the session ends, epoch ms (null for a bearer token)"},
                           "referees": {"type": "array", "items": {"type": "string"}}},
        },
        "LoginLink": {
            "type": "object", "required": ["name", "url", "qr", "expires"],
            "properties": {"name": {"type": "string"}, "url": {"type": "string"},
                           "qr": {"type": "string", "description": "the link's QR code, an SVG data URI"},
                           "expires": {"type": "integer"}, "token": {"type": "string"}},
        },
        "CheckInCode": {"type": "object", "properties": {"code": {"type": "string"}},
                        "description": "A player's check-in code (`{}` from a page holding the player's session)."},
        "Prizes": {
            "type": "object",
            "required": ["fund", "fund_source", "shares", "prizes", "order", "sponsor_prizes", "best_lady"],
            "properties": {"fund": {"type": "number"}, "fund_source": {"type": "object"}, "shares": {"type": "array"},
                           "prizes": {"type": "array", "items": {
                               "type": "object", "required": ["rank", "id", "name", "amount"],
                               "properties": {"id": {"type": "string"}, "name": {"type": "string"},
                                              "amount": {"type": "number"}}}},
                           "sponsor_prizes": {
                               "type": "array", "description": "the places the rules give a sponsor's prize "
                                                               "(`sponsor_places`), each to whoever holds it: "
                                                               "all who share it",
                               "items": {"type": "object", "required": ["place", "rank", "id", "name"],
                                         "properties": {"place": {"type": "integer", "minimum": 1},
                                                        "rank": {"type": "integer", "minimum": 1},
                                                        "id": {"type": "string"}, "name": {"type": "string"}}}},
                           "currency": {"type": "string", "description": "the desk's currency (e.g. RSD), or \"\""},
                           "best_lady": {"type": ["object", "null"]}},
        },
    }
    for cls, fields in [*commands, *captains.HANDLERS.described()]:
        schemas[cls.__name__] = command_schema(cls, fields)
    return {
        "schemas": schemas,
        "securitySchemes": {
            "refereeToken": {"type": "http", "scheme": "bearer",
                             "description": "A referee's token (the shared LIVE_REFEREE_TOKEN, or one of "
                                            "LIVE_REFEREES, or a referee added at the console)."},
            "refereeSession": {"type": "apiKey", "in": "cookie", "name": referees.COOKIE,
                               "description": "The console's session, set by POST /api/login. A request that "
                                              "changes something by it must come from this server's own pages "
                                              "(Origin / Sec-Fetch-Site)."},
            "playerSession": {"type": "apiKey", "in": "cookie", "name": sessions.COOKIE,
                              "description": "A player's session on their phone, set by a check-in code."},
        },
    }


def _json(schema: Schema, description: str) -> Schema:
    return {"description": description, "content": {JSON: {"schema": schema}}}


def _refused(description: str) -> Schema:
    return _json(_ref("Refusal"), description)


def _any(description: str, media: str) -> Schema:
    return {"description": description, "content": {media: {"schema": {"type": "string"}}}}


REFEREE: list[dict[str, list[str]]] = [{"refereeToken": []}, {"refereeSession": []}]
#: Anyone; a referee sees more.
ANYONE_REFEREE_MORE: list[dict[str, list[str]]] = [{}, *REFEREE]


def _query(name: str, schema: Schema, description: str, *, required: bool = False) -> Schema:
    return {"name": name, "in": "query", "required": required, "schema": schema, "description": description}


SINCE = _query("since", {"type": "integer", "minimum": 0, "maximum": 10**18 - 1},
               "a sequence number: what came after it (default 0)")
NOT_A_REFEREE = "not a referee (no token, a wrong one, or no session)"


def _page(name: str) -> Schema:
    return {"get": {
        "summary": f"The {name} page (HTML; its first data in it)", "tags": ["pages"],
        "security": ANYONE_REFEREE_MORE,
        "parameters": [_query("lang", {"type": "string"}, "the page's language (else the tournament's)"),
                       _query("modules", {"type": "string"}, "present: the page's modules one by one, not joined")],
        "responses": {"200": _any("the page", HTML), "404": _any("no such page", "text/plain")},
    }}


def _paths(static_prefix: str) -> dict[str, Schema]:
    command_answers: Schema = {
        "200": _json(_ref("CommandAnswer"), "taken: the events it became"),
        "400": _refused("not JSON, or not a command at all"),
        "401": _refused(NOT_A_REFEREE),
        "403": _refused("a command by session cookie from another site's page"),
        "409": _refused("the command does not fit the state (e.g. ending a round that has not started)"),
        "413": _refused("the body is over the size a command may have"),
        "422": _refused("a field is missing, unknown or wrong"),
        "503": _refused("the log did not acknowledge it (resend with the same `id`)"),
    }
    checkin_answers: Schema = {
        "200": _json(_ref("CommandAnswer"), "checked in (the code opens the player's session)"),
        "400": _refused("not JSON, or not a JSON object"),
        "401": _refused("no code and no player session"),
        "403": _refused("the code cannot check anyone in now"),
        "409": _refused("within the player's session: why the check-in is refused"),
        "413": _refused("the body is over the size a check-in may have"),
        "422": _refused("no code sent, or (within the player's session) why the check-in is refused"),
        "429": _refused("too many wrong codes from this address (Retry-After)"),
        "503": _refused("the log did not acknowledge it"),
    }
    paths: dict[str, Schema] = {
        "/": _page("start"), "/display": _page("hall's projector"), "/player": _page("player"),
        "/referee": _page("referee console"), "/captain": _page("team captain's"),
        PATH: {"get": {"summary": "This document", "tags": ["api"],
                       "responses": {"200": _json({"type": "object"}, "the OpenAPI 3.1 document")}}},
        "/api/state": {"get": {
            "summary": "The whole state as the views see it (with `allowed` round commands for a referee)",
            "tags": ["api"], "security": ANYONE_REFEREE_MORE,
            "responses": {"200": _json({"type": "object"}, "the state")}}},
        "/api/public": {"get": {
            "summary": "The public sections for followers: named by the log and its seq (ETag), cacheable by any "
                       "cache; `If-None-Match` with the ETag answers 304 until the next event",
            "tags": ["api"],
            "parameters": [{"name": "If-None-Match", "in": "header", "required": False, "schema": {"type": "string"}}],
            "responses": {"200": _json({"type": "object", "required": ["log", "seq", "sections"],
                                        "properties": {"log": {"type": "string"}, "seq": {"type": "integer"},
                                                       "sections": {"type": "object"}}}, "the public sections"),
                          "304": {"description": "the sections named by If-None-Match are still the latest"}}}},
        "/api/events": {"get": {
            "summary": "The events after `since` (a referee sees private payloads)", "tags": ["api"],
            "security": ANYONE_REFEREE_MORE, "parameters": [SINCE],
            "responses": {"200": _json(_ref("Events"), "the events"),
                          "400": _refused("since is not a sequence number")}}},
        "/api/sections/{name}": {"get": {
            "summary": "A section too long to push with its event: its value now", "tags": ["api"],
            "security": ANYONE_REFEREE_MORE,
            "parameters": [{"name": "name", "in": "path", "required": True, "schema": {"type": "string"}},
                           _query("view", {"enum": list(VIEWS)}, "whose view (default display; referee: "
                                                                 "for a referee)"), SINCE],
            "responses": {
                "200": {"description": "the section's value (JSON)",
                        "headers": {"X-Live-Seq": {"schema": {"type": "string", "pattern": "^[0-9]+$"},
                                                   "description": "the seq it is the value of"}},
                        "content": {JSON: {"schema": {}}}},
                "400": _refused("view or since is wrong"), "401": _refused("the referee view, not a referee"),
                "404": _refused("the view has no such section"),
                "409": _refused("since is past the last event of a log only this server writes"),
                "503": _refused("this instance has not reached `since` yet: ask again")}}},
        "/api/commands": {"post": {
            "summary": "A referee command", "tags": ["commands"], "security": REFEREE,
            "requestBody": {"required": True, "content": {JSON: {"schema": _ref("Command")}}},
            "responses": command_answers},
            "get": {
                "summary": "Whether the log holds the command sent with this `id` (a console back after its "
                           "command got no answer)", "tags": ["commands"], "security": REFEREE,
                "parameters": [_query("id", {"type": "string", "minLength": 1, "maxLength": 64},
                                      "the command's own id, as it was sent", required=True)],
                "responses": {"200": _json(_ref("CommandStored"), "stored or not, and the event it became"),
                              "401": _refused(NOT_A_REFEREE), "422": _refused("id is missing or wrong"),
                              "503": _refused("the log did not answer: ask again")}}},
        "/api/health": {"get": {"summary": "Whether the server is up, and its counters", "tags": ["api"],
                                "responses": {"200": _json(_ref("Health"), "up")}}},
        "/api/standings.csv": {"get": {
            "summary": "The standings as CSV", "tags": ["exports"], "security": ANYONE_REFEREE_MORE,
            "responses": {"200": _any("the standings", "text/csv"),
                          "403": _refused("the standings are hidden from the hall until the prize-giving")}}},
        "/api/results.csv": {"get": {
            "summary": "Every recorded result as CSV", "tags": ["exports"], "security": ANYONE_REFEREE_MORE,
            "responses": {"200": _any("the results", "text/csv"),
                          "403": _refused("the standings are hidden from the hall until the prize-giving")}}},
        "/api/checkin": {"post": {
            "summary": "A player's own check-in, by code or within the player's session", "tags": ["players"],
            "security": [{}, {"playerSession": []}],
            "requestBody": {"required": True, "content": {JSON: {"schema": _ref("CheckInCode")}}},
            "responses": checkin_answers}},
        "/api/player-session": {
            "post": {"summary": "Open the player's session on this phone by their code", "tags": ["players"],
                     "requestBody": {"required": True, "content": {JSON: {"schema": _ref("CheckInCode")}}},
                     "responses": {
                         "200": _json({"type": "object", "required": ["player", "name"],
                                       "properties": {"player": {"type": "string"}, "name": {"type": "string"}}},
                                      "the session is open (cookie)"),
                         **{k: checkin_answers[k] for k in ("400", "403", "413", "422", "429")}}},
            "delete": {"summary": "End the player's session (\"not me\")", "tags": ["players"],
                       "responses": {"200": _json({"type": "object", "required": ["player"],
                                                   "properties": {"player": {"type": "null"}}}, "ended"),
                                     "403": _refused("from another site's page")}}},
        "/api/prizes": {"get": {
            "summary": "The prize list for a fund (without `fund`: the fund the desk's payments make)",
            "tags": ["exports"], "security": ANYONE_REFEREE_MORE,
            "parameters": [_query("fund", {"type": "number", "minimum": 0, "maximum": 10**12}, "the prize fund")],
            "responses": {"200": _json(_ref("Prizes"), "the prizes"),
                          "400": _refused("fund is wrong, or needed"),
                          "403": _refused("the standings are hidden from the hall until the prize-giving"),
                          "422": _refused("the rules name no split of a prize fund")}}},
        "/api/timetable.ics": {"get": {"summary": "The timetable as a calendar", "tags": ["exports"],
                                       "responses": {"200": _any("the calendar", "text/calendar")}}},
        "/api/qr.svg": {"get": {
            "summary": "A QR code that opens one of the server's pages", "tags": ["exports"],
            "parameters": [_query("page", {"enum": ["player", "display", "referee", ""]}, "which page")],
            "responses": {"200": _any("the QR code", "image/svg+xml"), "400": _refused("no such page")}}},
        "/api/checkin-codes": {"get": {
            "summary": "The printable list of check-in codes", "tags": ["referees"], "security": REFEREE,
            "responses": {"200": _any("the list", HTML), "401": _refused(NOT_A_REFEREE)}}},
        "/api/checkin-slips": {"get": {
            "summary": "Check-in slips to print and cut out", "tags": ["referees"], "security": REFEREE,
            "responses": {"200": _any("the slips", HTML), "401": _refused(NOT_A_REFEREE)}}},
        "/api/login": {"post": {
            "summary": "A referee signs in: a token typed once, or a one-time login link", "tags": ["referees"],
            "requestBody": {"required": True, "content": {JSON: {"schema": {
                "type": "object", "properties": {"token": {"type": "string"}, "login": {"type": "string"}}}}}},
            "responses": {"200": _json(_ref("Me"), "signed in (session cookie)"),
                          "400": _refused("not a JSON object"), "401": _refused("a wrong token or link"),
                          "403": _refused("from another site's page"), "409": _refused("the link was used already"),
                          "413": _refused("the body is over the size a login may have"),
                          "422": _refused("neither token nor login"),
                          "503": _refused("the log did not answer")}}},
        "/api/me": {"get": {"summary": "Who is signed in", "tags": ["referees"], "security": REFEREE,
                            "responses": {"200": _json(_ref("Me"), "the referee"),
                                          "401": _refused("not signed in")}}},
        "/api/logout": {"post": {"summary": "Sign out (the session cookie removed)", "tags": ["referees"],
                                 "responses": {"200": _json({"type": "object", "required": ["name"],
                                                             "properties": {"name": {"type": "null"}}},
                                                            "signed out"),
                                                 "403": _refused("from another site's page")}}},
        "/api/login-links": {"post": {
            "summary": "A one-time login link for a colleague (15 minutes)", "tags": ["referees"],
            "security": REFEREE,
            "requestBody": {"required": True, "content": {JSON: {"schema": {
                "type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}}}},
            "responses": {"200": _json(_ref("LoginLink"), "the link"), "400": _refused("not a JSON object"),
                          "401": _refused(NOT_A_REFEREE), "403": _refused("a session from another site's page"),
                          "413": _refused("the body is over the size a login may have"),
                          "422": _refused("no referee has the name")}}},
        "/api/lateness/preview": {"get": {
            "summary": "What a check-in at that instant would record (how late, the penalty)",
            "tags": ["referees"], "security": REFEREE,
            "parameters": [_query("item", {"type": "string"}, "the round or match"),
                           _query("player", {"type": "string"}, "the player (preferans)"),
                           _query("team", {"type": "string"}, "the team (bridge)"),
                           _query("at", {"type": "string"}, "the instant: epoch ms, or ISO 8601 with its offset")],
            "responses": {"200": _json({"type": "object"}, "the preview"), "401": _refused(NOT_A_REFEREE),
                          "409": _refused("the check-in command would be refused"),
                          "422": _refused("a parameter is missing, unknown or wrong")}}},
        "/api/desk/slips": {"get": {
            "summary": "The scoring desk's result slips: who brings each table's slip, who pays the fee",
            "tags": ["desk"], "security": REFEREE,
            "parameters": [_query("item", {"type": "string"}, "one round (else every round that has started)")],
            "responses": {"200": _json({"type": "object"}, "the slips"), "401": _refused(NOT_A_REFEREE),
                          "404": _refused("the rules have no scoring fee"),
                          "409": _refused("the round has not started"), "422": _refused("no such round")}}},
        "/api/desk/payments": {"get": {
            "summary": "The desk's books: who has paid what, who has not, the fund", "tags": ["desk"],
            "security": REFEREE,
            "responses": {"200": _json({"type": "object"}, "the books"), "401": _refused(NOT_A_REFEREE),
                          "404": _refused("the rules have no entry fees")}}},
        "/api/captain-codes": {"get": {
            "summary": "The team captains' codes, for the coordinator to hand out", "tags": ["captains"],
            "security": REFEREE,
            "responses": {"200": _json({"type": "object"}, "{captains: [{team, name, code}]}"),
                          "401": _refused(NOT_A_REFEREE)}}},
        "/api/captain-slips": {"get": {
            "summary": "The captains' slips to print and cut out: each team's code and a QR code of its captain's page",
            "tags": ["captains"], "security": REFEREE,
            "responses": {"200": _any("the slips", HTML), "401": _refused(NOT_A_REFEREE)}}},
        "/api/captain-session": {
            "post": {"summary": "Open a team captain's session on this phone by their code", "tags": ["captains"],
                     "requestBody": {"required": True, "content": {JSON: {"schema": _ref("CheckInCode")}}},
                     "responses": {
                         "200": _json({"type": "object", "required": ["team", "name", "matches"],
                                       "properties": {"team": {"type": "string"}, "name": {"type": "string"},
                                                      "matches": {"type": "array"}}},
                                      "the session is open (cookie): the team and its matches"),
                         "400": _refused("not JSON, or not a JSON object"),
                         "403": _refused("no team's captain has this code"),
                         "413": _refused("the body is over the size a code may have"),
                         "422": _refused("no code sent"),
                         "429": _refused("too many wrong codes from this address (Retry-After)")}},
            "get": {"summary": "The captain's team and its matches", "tags": ["captains"],
                    "responses": {"200": _json({"type": "object"}, "{team, name, matches}"),
                                  "401": _refused("no captain's session")}},
            "delete": {"summary": "End the captain's session", "tags": ["captains"],
                       "responses": {"200": _json({"type": "object", "required": ["team"],
                                                   "properties": {"team": {"type": "null"}}}, "ended"),
                                     "403": _refused("from another site's page")}}},
        "/api/captain-commands": {"post": {
            "summary": "A captain's command: report_result, confirm_result, dispute_result, send_record",
            "tags": ["captains"],
            "requestBody": {"required": True, "content": {JSON: {"schema": _ref("CaptainCommand")}}},
            "responses": {**command_answers, "401": _refused("no captain's session"),
                          "403": _refused("another team's command, or a session cookie from another site's page")}}},
        "/api/captains": {"get": {
            "summary": "The coordinator's list: every match as the captains report it, its terms and who is late",
            "tags": ["captains"], "security": REFEREE,
            "responses": {"200": _json({"type": "object"}, "{now, matches, counts}"),
                          "401": _refused(NOT_A_REFEREE)}}},
        "/api/individual": {"get": {
            "summary": "The team sheets and the final individual ranking (bridge)", "tags": ["exports"],
            "security": ANYONE_REFEREE_MORE,
            "responses": {"200": _json({"type": "object"}, "the ranking"),
                          "403": _refused("the standings are hidden from the hall until the prize-giving"),
                          "404": _refused("the rules have no individual ranking")}}},
        static_prefix + "{path}": {"get": {
            "summary": "The pages' files, versioned: kept by browsers for a year", "tags": ["pages"],
            "parameters": [{"name": "path", "in": "path", "required": True, "schema": {"type": "string"}}],
            "responses": {"200": {"description": "the file", "content": {"*/*": {"schema": {}}}},
                          "404": _any("no such file", "text/plain")}}},
        "/static/{path}": {"get": {
            "summary": "A page's file without a version (an old link): as it is now", "tags": ["pages"],
            "parameters": [{"name": "path", "in": "path", "required": True, "schema": {"type": "string"}}],
            "responses": {"200": {"description": "the file", "content": {"*/*": {"schema": {}}}},
                          "404": _any("no such file", "text/plain")}}},
    }
    return paths


def document(static_prefix: str = "/static/VERSION/") -> dict[str, object]:
    """The OpenAPI 3.1 document of the server's HTTP API; `static_prefix`: where the versioned files are."""
    commands = described()
    return {
        "openapi": "3.1.0",
        "info": {"title": "tournament-hall-live", "version": __version__,
                 "description": "The live server of a card-game tournament hall: the pages, the referees' "
                                "commands, check-in and exports. The pages' live updates come over the "
                                "WebSocket `/ws`, which this document does not describe."},
        "paths": _paths(static_prefix),
        "components": _components(commands),
    }


def document_bytes(static_prefix: str = "/static/VERSION/") -> bytes:
    """The document as served: made once at start (the command classes do not change while it runs)."""
    return json.dumps(document(static_prefix), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
