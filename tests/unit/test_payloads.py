"""The events' payload classes (live/core/payloads.py): they describe the log's JSON key for key.

The old logs (tests/fixtures/old_logs/, every event type) come back from their classes unchanged; the
rest of the suite runs with LIVE_CHECK_PAYLOADS=1, so every event any test writes is described too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from live.core import events as E
from live.core import payloads as P

FIXTURES = Path(__file__).parent.parent / "fixtures" / "old_logs"


def _old_payloads() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted(FIXTURES.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            payload = row["payload"]
            out.append((row["type"], json.loads(payload) if isinstance(payload, str) else payload))
    return out


def test_every_event_type_has_a_payload_class() -> None:
    names = {v for k, v in vars(E).items() if k.isupper() and isinstance(v, str)} - {E.TIMETABLE_FOLLOWED}
    assert sorted(names - set(P.PAYLOADS)) == [] and sorted(set(P.PAYLOADS) - names) == []


def test_the_old_logs_payloads_come_back_from_their_classes_key_for_key() -> None:
    payloads = _old_payloads()
    assert len({kind for kind, _ in payloads}) >= 40  # the three logs hold (nearly) every type
    for kind, payload in payloads:
        assert P.check(P.PAYLOADS[kind], payload) is None
        body = P.body_of(kind, payload)
        assert body is not None and body.to_payload() == payload, kind


@pytest.mark.parametrize(("kind", "payload", "wrong"), [
    (E.ROUND_STARTED, {"item": "r1", "started_by": "x"}, "a key 'started_by'"),
    (E.ROUND_EXTENDED, {"item": "r1", "minutes": 5}, "lacks ms"),
    (E.ROUND_EXTENDED, {"item": "r1", "minutes": "5", "ms": 1}, "minutes is str"),
    (E.CHECKED_IN, {"item": "r1", "player": "p1", "at": True}, "at is bool"),
    (E.SEATING_PUBLISHED, {"item": "r1", "bye": 3}, "bye is int"),
])
def test_a_payload_its_class_does_not_describe_is_named(kind: str, payload: dict[str, Any], wrong: str) -> None:
    problem = P.check(P.PAYLOADS[kind], payload)
    assert problem is not None and wrong in problem
    with pytest.raises(ValueError, match=r"live/core/payloads\.py"):
        P.body_of(kind, payload)  # the suite runs with LIVE_CHECK_PAYLOADS=1


def test_a_null_is_taken_only_where_the_log_writes_one() -> None:
    assert P.check(P.SeatingPublished, {"item": "r1", "bye": None}) is None
    assert P.check(P.PlayerUpdated, {"player": "p1", "rating": None}) is None
    assert P.check(P.PlayerRegistered, {"player": "p1", "name": "A", "rating": None}) is not None


def test_an_unknown_event_type_has_no_body() -> None:
    assert P.body_of("something_new", {"x": 1}) is None
