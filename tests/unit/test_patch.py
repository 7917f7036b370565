"""live/edges/patch.py: what an event changed in the sections, whole or as a patch of a long list."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from live.edges.patch import LONG, apply, changes, pointer


def rows(n: int) -> list[dict[str, Any]]:
    return [{"id": f"p{i}", "arrived_at": None, "name": f"Player {i}"} for i in range(n)]


def test_a_short_section_goes_whole_as_before() -> None:
    before = {"lateness": {"r1": {"rows": rows(10)}}, "timetable": [1, 2]}
    after = copy.deepcopy(before)
    after["lateness"]["r1"]["rows"][3]["arrived_at"] = 5
    whole, patch = changes(before, after)
    assert whole == {"lateness": after["lateness"]} and patch == []


def test_one_line_of_a_long_list_is_one_operation() -> None:
    before = {"lateness": {"r1": {"rows": rows(10_000), "item": "r1"}}, "players": rows(10_000)}
    after = {**before, "lateness": {"r1": {**before["lateness"]["r1"], "rows": list(before["lateness"]["r1"]["rows"])}}}
    after["lateness"]["r1"]["rows"][17] = {**after["lateness"]["r1"]["rows"][17], "arrived_at": 99}
    whole, patch = changes(before, after)
    assert whole == {}
    assert patch == [{"op": "replace", "path": "/lateness/r1/rows/17/arrived_at", "value": 99}]
    assert len(json.dumps(patch)) < 100
    assert apply(before, patch) == after


def test_a_long_list_mostly_changed_goes_as_one_list() -> None:
    before = {"standings": rows(100)}
    after = {"standings": [{**r, "arrived_at": 1} for r in before["standings"]]}
    whole, patch = changes(before, after)
    assert whole == {"standings": after["standings"]} and patch == []


def test_a_gone_section_is_null_and_a_new_one_whole() -> None:
    whole, patch = changes({"standings_hidden": 3, "a": 1}, {"a": 1, "b": [1]})
    assert whole == {"standings_hidden": None, "b": [1]} and patch == []


def test_pointers_escape_slash_and_tilde() -> None:
    assert pointer(["a/b", "c~d", 3]) == "/a~1b/c~0d/3"
    before = {"s": {"a/b": rows(LONG)}}
    after = {"s": {"a/b": [*rows(LONG - 1), {"id": "x"}]}}
    _, patch = changes(before, after)
    assert patch and patch[0]["path"].startswith("/s/a~1b/")
    assert apply(before, patch) == after


values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4),
    max_leaves=12)


@st.composite
def section_pairs(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """Sections with a long list, and the same with a few entries and keys changed."""
    n = draw(st.integers(LONG, LONG + 8))
    base = [draw(values) for _ in range(3)]
    long = [base[i % 3] for i in range(n)]
    before = {"big": {"rows": long, "x": draw(values)}, "small": draw(values)}
    after = copy.deepcopy(before)
    for i in draw(st.lists(st.integers(0, n - 1), max_size=6)):
        after["big"]["rows"][i] = draw(values)
    if draw(st.booleans()):
        after["big"]["x"] = draw(values)
    if draw(st.booleans()):
        after["small"] = draw(values)
    if draw(st.booleans()):
        after["new"] = draw(values)
    return before, after


@settings(max_examples=300, deadline=None)
@given(section_pairs())
def test_changes_and_patch_rebuild_the_sections_exactly(pair: tuple[dict[str, Any], dict[str, Any]]) -> None:
    before, after = pair
    whole, patch = changes(before, after)
    rebuilt = {k: v for k, v in apply(before, patch).items()}
    rebuilt.update(whole)
    rebuilt = {k: v for k, v in rebuilt.items() if not (k in whole and whole[k] is None and k not in after)}
    assert rebuilt == after
    assert not (set(whole) & {op["path"].split("/")[1] for op in patch}), "a section goes whole or as a patch"


def announcements(seqs: range | list[int]) -> list[dict[str, Any]]:
    return [{"seq": s, "type": "announced", "text": f"notice {s}"} for s in seqs]


def test_a_keyed_list_that_gained_one_and_dropped_the_oldest_is_two_operations() -> None:
    # The last twenty announcements: a new one comes, the oldest goes (live/core/state.py ANNOUNCEMENTS_KEPT).
    before = {"announcements": announcements(range(1, 21)), "audit": announcements(range(1, 101))}
    after = {"announcements": announcements(range(2, 22)), "audit": announcements(range(2, 102))}
    whole, patch = changes(before, after)
    assert whole == {}
    assert patch == [{"op": "remove", "path": "/announcements/0"},
                     {"op": "add", "path": "/announcements/19", "value": after["announcements"][-1]},
                     {"op": "remove", "path": "/audit/0"},
                     {"op": "add", "path": "/audit/99", "value": after["audit"][-1]}]
    assert apply(before, patch) == after


def test_a_keyed_entry_changed_in_place_and_one_moved() -> None:
    before = {"timetable": [{"id": f"r{i}", "start": i} for i in range(10)]}
    after = {"timetable": [dict(x) for x in before["timetable"]]}
    after["timetable"][4]["start"] = 99
    after["timetable"].insert(8, after["timetable"].pop(2))  # r2 moved after r8
    whole, patch = changes(before, after)
    assert whole == {} and apply(before, patch) == after
    assert {op["op"] for op in patch} == {"remove", "add", "replace"} and len(patch) == 3


def test_a_row_that_moved_from_last_to_first_is_one_remove_and_one_add() -> None:
    # The standings after a league's first result: the last team (all level until then) goes to the top, and the
    # list starts with the one entry the list before ended with — a move, not all but one dropped and re-added.
    before = {"standings": [{"team": f"t{i:02}", "vp": 0} for i in range(1, 76)]}
    rows_after = [{"team": "t75", "vp": 17}, *before["standings"][:-1]]
    rows_after.append(rows_after.pop(1) | {"vp": 3})  # and t01 to the bottom
    whole, patch = changes(before, {"standings": rows_after})
    assert whole == {} and apply(before, patch) == {"standings": rows_after}
    assert [op["op"] for op in patch] == ["remove", "remove", "add", "add"]


def test_lists_without_a_name_per_entry_or_mostly_reordered_go_as_before() -> None:
    twice = [{"seq": 1}, {"seq": 1}, *announcements(range(2, 10))]
    whole, patch = changes({"a": twice}, {"a": [*twice, {"seq": 11}]})
    assert whole == {"a": [*twice, {"seq": 11}]} and patch == []  # a name twice: not keyed
    reversed_ = {"a": announcements(range(1, 21))}
    whole, patch = changes(reversed_, {"a": reversed_["a"][::-1]})
    assert whole == {"a": reversed_["a"][::-1]} and patch == []


@st.composite
def keyed_pairs(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """A keyed list and the same with entries dropped, added, moved and changed."""
    n = draw(st.integers(8, 30))
    before = {"list": [{"seq": i, "v": draw(st.integers(0, 3))} for i in range(n)]}
    entries = [dict(x) for x in before["list"]]
    for _ in range(draw(st.integers(0, 3))):
        if entries:
            entries.pop(draw(st.integers(0, len(entries) - 1)))
    for k in range(draw(st.integers(0, 3))):
        entries.insert(draw(st.integers(0, len(entries))), {"seq": 100 + k, "v": 0})
    if len(entries) > 1 and draw(st.booleans()):
        entries.insert(draw(st.integers(0, len(entries) - 1)), entries.pop(draw(st.integers(0, len(entries) - 1))))
    for i in draw(st.lists(st.integers(0, max(0, len(entries) - 1)), max_size=3)):
        if entries:
            entries[i] = {**entries[i], "v": draw(st.integers(0, 3))}
    return before, {"list": entries}


def assert_rebuilds(before: dict[str, Any], after: dict[str, Any]) -> None:
    """What a page that had `before` holds after the message: exactly `after`."""
    whole, patch = changes(before, after)
    rebuilt = apply(before, patch)
    rebuilt.update(whole)
    assert rebuilt == after


@settings(max_examples=300, deadline=None)
@given(keyed_pairs())
def test_a_keyed_lists_patch_rebuilds_it_exactly(pair: tuple[dict[str, Any], dict[str, Any]]) -> None:
    assert_rebuilds(*pair)


@st.composite
def kept_pairs(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """A long list whose entries an event kept as the same objects but a few: changed, renamed (another `id`, or
    none), or no dict any more — as `State.derived` keeps a check-in list or the standings between events."""
    n = draw(st.integers(LONG, LONG + 40))
    before = {"rows": [{"id": f"p{i}", "v": draw(st.integers(0, 3))} for i in range(n)]}
    entries = list(before["rows"])  # the same objects
    for i in draw(st.lists(st.integers(0, n - 1), max_size=12)):
        kind = draw(st.sampled_from(["value", "value", "rename", "unnamed", "number"]))
        if kind == "value":
            entries[i] = {**before["rows"][i], "v": draw(st.integers(0, 3))}
        elif kind == "rename":
            entries[i] = {"id": f"q{i}", "v": 0}
        elif kind == "unnamed":
            entries[i] = {"v": 1}
        else:
            entries[i] = i
    return before, {"rows": entries}


@settings(max_examples=300, deadline=None)
@given(kept_pairs())
def test_a_list_kept_but_a_few_entries_is_patched_exactly(pair: tuple[dict[str, Any], dict[str, Any]]) -> None:
    assert_rebuilds(*pair)


def test_one_line_changed_in_place_of_a_long_named_list_is_one_replace_there() -> None:
    before = {"rows": rows(10_000)}
    after = {"rows": list(before["rows"])}
    after["rows"][4321] = {**after["rows"][4321], "arrived_at": 7}
    whole, patch = changes(before, after)
    assert whole == {} and patch == [{"op": "replace", "path": "/rows/4321/arrived_at", "value": 7}]
