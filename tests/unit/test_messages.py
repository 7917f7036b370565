"""The WebSocket's message classes: the JSON the pages read, made once, and the pages' messages read."""

from __future__ import annotations

import json

import pytest

from live.edges.messages import (
    Auth,
    Error,
    EventMessage,
    Hello,
    Ping,
    Pong,
    Sections,
    ServerMessage,
    Snapshot,
    encode,
    read,
)


@pytest.mark.parametrize(("message", "expected"), [
    (Hello(5, 3, "display", None, False, "cup.1", "Kup", {"signals": ["round_started"]}),
     {"type": "hello", "server_time": 5, "seq": 3, "view": "display", "since": None, "resync": False,
      "log": "cup.1", "tournament": "Kup", "types": {"signals": ["round_started"]}}),
    (Hello(5, 3, "player", 3, False, "cup.1", "Kup", {}, current=True),
     {"type": "hello", "server_time": 5, "seq": 3, "view": "player", "since": 3, "resync": False,
      "log": "cup.1", "tournament": "Kup", "types": {}, "current": True}),
    (Snapshot("referee", 7, {"now": {"item": "r1"}}),
     {"type": "snapshot", "view": "referee", "seq": 7, "sections": {"now": {"item": "r1"}}}),
    (EventMessage({"seq": 8, "type": "announced"}, 8, {"now": 1}),
     {"type": "event", "event": {"seq": 8, "type": "announced"}, "seq": 8, "changes": {"now": 1}}),
    (EventMessage({"seq": 8}, 8, {}, [{"op": "add", "path": "/announcements/-", "value": 1}]),
     {"type": "event", "event": {"seq": 8}, "seq": 8, "changes": {},
      "patch": [{"op": "add", "path": "/announcements/-", "value": 1}]}),
    (EventMessage({"seq": 8}, 8, {"me": 2}, resync=True),
     {"type": "event", "event": {"seq": 8}, "seq": 8, "changes": {"me": 2}, "resync": True}),
    (EventMessage({"seq": 8}, 8, {"ignored": 1}, replay=True),  # a replay carries no sections: its snapshot follows
     {"type": "event", "event": {"seq": 8}, "seq": 8, "replay": True}),
    (Sections(9, {"standings": []}), {"type": "sections", "seq": 9, "resync": True, "changes": {"standings": []}}),
    (Pong(12.5, 99), {"type": "pong", "t": 12.5, "server": 99}),
    (Error("no such view"), {"type": "error", "error": "no such view"}),
    (Error("sign in", signed_out=True), {"type": "error", "error": "sign in", "signed_out": True}),
])
def test_each_message_is_the_json_the_pages_read(message: ServerMessage, expected: dict[str, object]) -> None:
    encoded = encode(message)
    assert json.loads(encoded.text) == expected and encoded.message is message
    assert "Љ" in encode(Snapshot("display", 1, {"name": "Љуба"})).text  # not \u escapes: fewer bytes


@pytest.mark.parametrize(("text", "expected"), [
    ('{"type":"ping","t":123}', Ping(123)),
    ('{"type":"ping"}', Ping(None)),
    ('{"type":"auth","token":"abc"}', Auth("abc")),
    ('{"type":"auth","token":5}', Auth(5)),  # the caller checks the token
    ('{"type":"hello"}', None),
    ("[1, 2]", None),
    ('"ping"', None),
    ("{not json", None),
    ("[" * 100_000, None),  # too deep for the decoder: ignored, not a server error
])
def test_a_page_message_is_read_or_ignored(text: str, expected: object) -> None:
    assert read(text) == expected
