"""`live.core.memo.remember_last`: the plan's derivations are read once per plan, not once per line."""

from __future__ import annotations

import pytest

from live.core.memo import remember_last


def test_the_same_objects_are_answered_from_memory_and_other_ones_computed() -> None:
    calls: list[dict[str, int]] = []

    @remember_last
    def double(rules: dict[str, int], speed: float) -> int:
        calls.append(rules)
        return rules["n"] * 2

    rules, speed = {"n": 2}, 1.5
    assert double(rules, speed) == double(rules, speed) == 4 and len(calls) == 1
    assert double({"n": 2}, speed) == 4 and len(calls) == 2, "an equal but other plan is read again"
    assert double({"n": 3}, speed) == 6 and double(rules, speed) == 4 and len(calls) == 4, "one entry: the last"
    with pytest.raises(TypeError, match="positional arguments only"):
        double(rules, speed=speed)
