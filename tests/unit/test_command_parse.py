"""The one parse of a command's JSON (live/commands/command.py): its class, or the refusal naming the field."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from live.commands.command import ABSENT, Absent, Command, Handlers, wrong
from live.commands.decide import Extend, StartRound, Undo, known_types, parse
from live.commands.validation import CommandError
from live.core.events import NewEvent
from live.core.state import State
from live.core.tournament import Tournament


@dataclass(frozen=True, kw_only=True)
class Sample(Command):
    TYPE = "sample"
    name: str
    count: int | Absent = ABSENT
    share: float | Absent = ABSENT
    flag: bool | Absent = ABSENT
    names: list[str] | Absent = ABSENT
    shape: dict[str, Any] | Absent = ABSENT
    anything: object = ABSENT
    cleared: int | Absent | None = ABSENT
    item: str | Absent = field(default=ABSENT, metadata=wrong("{field} must be a round's id", "field.not_an_id"))


SAMPLES = Handlers()


@SAMPLES.on(Sample)
def _sample(t: Tournament, state: State, c: Sample, now: int) -> NewEvent:
    return NewEvent("sampled", "referee", c.to_json())


def refusal(data: object) -> tuple[int, dict[str, Any]]:
    with pytest.raises(CommandError) as info:
        SAMPLES.parse(data)
    return info.value.status, info.value.detail


def test_a_command_is_parsed_into_its_class_with_what_was_left_out_absent() -> None:
    c = SAMPLES.parse({"type": "sample", "name": "x", "count": 3, "share": 2, "cleared": None, "id": "c-1"})
    assert isinstance(c, Sample) and (c.name, c.count, c.share, c.cleared, c.id) == ("x", 3, 2, None, "c-1")
    assert c.flag is ABSENT and not c.sent("flag") and c.sent("cleared")
    assert c.to_json() == {"type": "sample", "id": "c-1", "name": "x", "count": 3, "share": 2, "cleared": None}


@pytest.mark.parametrize(("data", "status", "detail"), [
    ([1], 400, {"code": "command.not_object"}),
    ({"name": "x"}, 422, {"field": "type", "code": "command.no_type"}),
    ({"type": "nope"}, 422, {"field": "type", "code": "command.unknown_type", "type": "nope"}),
    ({"type": "sample"}, 422, {"field": "name", "code": "field.missing"}),
    ({"type": "sample", "name": "x", "extra": 1}, 422, {"field": "extra", "code": "field.unknown"}),
    ({"type": "sample", "name": "x", "id": ""}, 422, {"field": "id", "code": "command.bad_id"}),
    ({"type": "sample", "name": 5}, 422, {"field": "name", "code": "field.not_text"}),
    ({"type": "sample", "name": None}, 422, {"field": "name", "code": "field.not_text"}),  # null is not "left out"
    ({"type": "sample", "name": "x", "count": 2.5}, 422, {"field": "count", "code": "field.not_whole"}),
    ({"type": "sample", "name": "x", "count": True}, 422, {"field": "count", "code": "field.not_whole"}),
    ({"type": "sample", "name": "x", "share": "1"}, 422, {"field": "share", "code": "field.not_a_number"}),
    ({"type": "sample", "name": "x", "share": float("inf")}, 422, {"field": "share", "code": "field.too_large"}),
    ({"type": "sample", "name": "x", "share": float("nan")}, 422, {"field": "share", "code": "field.not_a_number"}),
    ({"type": "sample", "name": "x", "anything": [float("nan")]}, 422, {"field": "anything",
                                                                       "code": "field.not_a_number"}),
    ({"type": "sample", "name": "x", "flag": 1}, 422, {"field": "flag", "code": "field.not_bool"}),
    ({"type": "sample", "name": "x", "names": "a"}, 422, {"field": "names", "code": "field.not_a_list"}),
    ({"type": "sample", "name": "x", "shape": []}, 422, {"field": "shape", "code": "field.not_an_object"}),
    ({"type": "sample", "name": "x", "item": 3}, 422, {"field": "item", "code": "field.not_an_id"}),
])
def test_what_is_wrong_is_refused_by_name(data: object, status: int, detail: dict[str, Any]) -> None:
    got_status, got = refusal(data)
    assert got_status == status and {k: got[k] for k in detail} == detail


def test_a_number_past_what_a_page_holds_is_refused_by_name_wherever_it_is() -> None:
    """A 400-digit integer reached `move_item`'s formatting and answered 500 (docs/operations.md#limits): every number
    in a command, nested or not, is at most 2^53 − 1 and finite, and nesting is bounded, before any handler sees it."""
    assert SAMPLES.parse({"type": "sample", "name": "x", "share": 2**53 - 1, "anything": {"a": [1]}}).share == 2**53 - 1
    for value in (10**400, -(2**53), 1e308):
        assert refusal({"type": "sample", "name": "x", "share": value}) == (422, {"field": "share",
                                                                                 "code": "field.too_large"})
    assert refusal({"type": "sample", "name": "x", "anything": {"p07": [3, {"a": 10**30}]}}) == (
        422, {"field": "anything.p07", "code": "field.too_large"})
    deep: object = 1
    for _ in range(20):
        deep = [deep]
    assert refusal({"type": "sample", "name": "x", "anything": deep}) == (
        422, {"field": "anything", "code": "field.too_deep", "max": 8})


def test_a_command_type_is_registered_once_and_an_optional_field_defaults_to_absent() -> None:
    with pytest.raises(TypeError, match="twice"):
        Handlers(SAMPLES, SAMPLES)

    @dataclass(frozen=True, kw_only=True)
    class Defaulted(Command):
        TYPE = "defaulted"
        count: int = 0

    with pytest.raises(TypeError, match="defaults to ABSENT"):
        Handlers().on(Defaulted)(lambda t, s, c, now: NewEvent("x", "referee"))


def test_the_server_parses_every_type_into_a_class_of_its_own() -> None:
    assert isinstance(parse({"type": "start_round", "item": "r1"}), StartRound)
    assert isinstance(parse({"type": "extend", "item": "r1", "minutes": -5}), Extend)
    assert isinstance(parse({"type": "undo"}), Undo)
    assert all(type(parse({"type": kind})) is not Command for kind in ["undo", "reveal_standings"])
    assert "start_round" in known_types() and "record_payment" in known_types()
