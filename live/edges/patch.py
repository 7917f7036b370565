"""What an event changed in the screens' sections, as little as needs saying.

A section that changed goes whole in an event message's `changes`, as it always has — unless it holds
a long list (`LONG` entries or more: the check-in list, the roster or the standings of a big field) of
which an event changed a few entries, or a list of entries that each name themselves (`seq`, `id`:
the announcements, the audit; `player`, `team`: the standings) to which an event added some, from
which it dropped some (the oldest of a log) or in which it moved a few (a result that lifts a player
from 50th to 10th: one `remove` and one `add`, since a standings row carries no rank of its own —
its place is its position, live/projections/standings.py `ranks`).
Then the message's `patch` says only those, as JSON Patch operations (RFC 6902: `replace`, `add`,
`remove`, with JSON Pointer paths, RFC 6901, that start with the section's name; an `add` into a
list inserts, as the RFC says). A check-in in a field of 10,000 then costs the display one line, not
a megabyte, and an announcement the new line, not the last twenty. The pages apply it
(display/lib/patch.js) and see the whole section as before.

The comparison leans on `live.core.state.State.derived`: a part no event touched is the same object as
before, so the walk skips it at once; it descends only where objects differ.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress
from operator import is_not
from typing import Any, Literal, NotRequired, TypedDict

#: A list this long is worth patching entry by entry.
LONG = 64
#: A list of which more than this share changed goes whole (its entries' paths would say more).
MOSTLY = 0.25
#: The fields that name a list's entry, in the order they are looked for: a list whose entries all have
#: the same one, each a different value, is compared entry by entry by name (`_keyed`).
KEYS = ("seq", "id", "player", "team")
#: A keyed list this long is worth patching (shorter ones go whole: their paths would say as much).
KEYED = 8



class Op(TypedDict):
    """One JSON Patch operation (RFC 6902) of those the server sends: `value` with `add` and `replace`, none
    with `remove`. The value is a part of a section (live/projections/wire.py), passed on as it is."""

    op: Literal["add", "remove", "replace"]
    path: str
    value: NotRequired[object]


#: A view's sections by name, or some of them (an event's `changes`; None: a section gone), each value as
#: live/projections/wire.py declares it. The edges pass them on and encode them, and compare them here, but
#: never read inside one as a section of a kind: `object` holds every reader to that.
SectionMap = dict[str, object]

_NONE = object()  # (an entry without that name)


def pointer(parts: list[str | int]) -> str:
    """A JSON Pointer (RFC 6901) to the value at `parts`."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def changes(before: Mapping[str, object], after: Mapping[str, object]) -> tuple[SectionMap, list[Op]]:
    """The sections that changed, whole (a section that is gone comes as null), and the patch for those that
    changed only in a few entries of a long list."""
    whole: SectionMap = {k: None for k in before if k not in after}
    patch: list[Op] = []
    for name, new in after.items():
        if name not in before:
            whole[name] = new
            continue
        old = before[name]
        if old is new:
            continue
        ops: list[Op] = []
        inside = _diff(old, new, [name], ops)
        if not ops:
            continue
        if inside:
            patch += ops
        else:
            whole[name] = new
    return whole, patch


def _diff(old: object, new: object, path: list[str | int], ops: list[Op]) -> bool:
    """Append the operations that turn `old` into `new`; True if any of them is inside a long list (only then
    is the patch worth sending instead of the section)."""
    if old is new:
        return False
    if isinstance(old, dict) and isinstance(new, dict):
        inside = False
        for key in old.keys() - new.keys():
            ops.append({"op": "remove", "path": pointer([*path, key])})
        for key, value in new.items():
            if key not in old:
                ops.append({"op": "add", "path": pointer([*path, key]), "value": value})
            elif _diff(old[key], value, [*path, key], ops):
                inside = True
        return inside
    if isinstance(old, list) and isinstance(new, list):
        differing = _in_place(old, new)
        if differing is None and len(new) >= KEYED:
            keyed = _keyed(old, new, path, ops)
            if keyed is not None:
                return keyed
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new) >= LONG:
        maybe = differing if differing is not None else range(len(new))
        changed = [i for i in maybe if old[i] is not new[i] and old[i] != new[i]]
        if len(changed) > MOSTLY * len(new):
            ops.append({"op": "replace", "path": pointer(path), "value": new})
            return False
        for i in changed:
            _diff(old[i], new[i], [*path, i], ops)
        return bool(changed)
    if type(old) is not type(new) or old != new:
        ops.append({"op": "replace", "path": pointer(path), "value": new})
    return False


def _in_place(old: list[object], new: list[object]) -> list[int] | None:
    """The indices of the entries that are other objects, when a long list kept its entries' order and names
    (its other entries the same objects, as `State.derived` keeps them): then the walk is index-wise and looks
    only there — a check-in changes one line of 10,000, found at C speed. None when the list may have
    changed otherwise (other length, many entries, or an entry renamed or no dict), for `_keyed` to find out."""
    if len(old) != len(new) or len(new) < LONG:
        return None
    differing = list(compress(range(len(new)), map(is_not, old, new)))
    if len(differing) > MOSTLY * len(new):
        return None
    for i in differing:
        a, b = old[i], new[i]
        if not (isinstance(a, dict) and isinstance(b, dict)) or any(a.get(k, _NONE) != b.get(k, _NONE) for k in KEYS):
            return None
    return differing


def _names(entries: list[Any]) -> tuple[str, list[int | str]] | None:
    """The field that names every entry of `entries` and the names in order (all dicts having it, an int or a
    string, none twice), or None."""
    first = entries[0] if entries else None
    if not isinstance(first, dict):
        return None
    key = next((k for k in KEYS if k in first), None)
    if key is None:
        return None
    try:
        names: list[int | str] = [entry[key] for entry in entries]
    except (KeyError, TypeError):  # an entry without it, or no dict
        return None
    if not {type(name) for name in names} <= {int, str}:  # (a bool, a float or a null is no name)
        return None
    return (key, names) if len(set(names)) == len(names) else None


def _shifted(before: list[int | str], after: list[int | str],
             at_before: dict[int | str, int]) -> set[int | str] | None:
    """The entries kept when `after` is `before` less some at its start and with some more at its end (a log's
    last entries: the audit, the announcements), found at C speed; None when it is not. The ones at the end
    must be new: a standings row that moved from last to first (`after` starting with `before`'s last entry)
    is a move of one entry, not the whole list dropped but it."""
    i = at_before.get(after[0]) if after else None
    if i is None:
        return None
    rest = before[i:]
    if after[:len(rest)] != rest or any(k in at_before for k in after[len(rest):]):
        return None
    return set(rest)


def _in_order(before: list[int | str], after: list[int | str], at_before: dict[int | str, int]) -> set[int | str]:
    """The entries kept in place: the longest run of common entries in the same order (patience: n log n)."""
    common = [(at_before[k], k) for k in after if k in at_before]
    tails: list[int] = []
    tail_of: list[int] = []
    back: list[int] = []
    for j, (i, _) in enumerate(common):
        lo, hi = 0, len(tails)
        while lo < hi:
            mid = (lo + hi) // 2
            if tails[mid] < i:
                lo = mid + 1
            else:
                hi = mid
        back.append(tail_of[lo - 1] if lo else -1)
        if lo == len(tails):
            tails.append(i)
            tail_of.append(j)
        else:
            tails[lo] = i
            tail_of[lo] = j
    kept: set[int | str] = set()
    j = tail_of[-1] if tail_of else -1
    while j >= 0:
        kept.add(common[j][1])
        j = back[j]
    return kept


def _keyed(old: list[object], new: list[object], path: list[str | int], ops: list[Op]) -> bool | None:
    """The operations that turn one keyed list into another (entries dropped, added or moved, and inside the
    others what changed): True when they are worth sending, False when the list goes whole (appended as one
    `replace`), None when the lists are not keyed alike or keep their order (the index-wise walk is for those)."""
    named_new = _names(new)
    named_old = _names(old) if named_new is not None else None
    if named_new is None or named_old is None or named_old[0] != named_new[0]:
        return None
    before, after = named_old[1], named_new[1]
    if before == after:
        return None
    at_before = {k: i for i, k in enumerate(before)}
    kept = _shifted(before, after, at_before)
    if kept is None:
        kept = _in_order(before, after, at_before)
    moves = len(before) - len(kept) + len(after) - len(kept)
    if moves > MOSTLY * len(new):
        ops.append({"op": "replace", "path": pointer(path), "value": new})
        return False
    structural: list[Op] = []
    working = [k for k in before]
    for i in range(len(before) - 1, -1, -1):  # from the end, so that the indices before stay right
        if before[i] not in kept:
            structural.append({"op": "remove", "path": pointer([*path, i])})
            del working[i]
    inner: list[Op] = []
    for j, k in enumerate(after):
        if j >= len(working) or working[j] != k:
            structural.append({"op": "add", "path": pointer([*path, j]), "value": new[j]})
            working.insert(j, k)
        elif old[at_before[k]] is not new[j]:
            _diff(old[at_before[k]], new[j], [*path, j], inner)
    if len(structural) + len(inner) > MOSTLY * len(new) + 2:
        ops.append({"op": "replace", "path": pointer(path), "value": new})
        return False
    ops += structural + inner
    return True


def apply(sections: Mapping[str, object], patch: list[Op]) -> SectionMap:
    """The sections after `patch`, as a page applies it (a new object along each path; the rest shared).
    The server does not need it; the tests hold the pages' reading to it."""
    out = dict(sections)
    for op in patch:
        parts = [p.replace("~1", "/").replace("~0", "~") for p in op["path"].split("/")[1:]]
        out = _set(out, parts, op)
    return out


def _set(container: Any, parts: list[str], op: Op) -> Any:
    key, rest = parts[0], parts[1:]
    copy: Any = list(container) if isinstance(container, list) else dict(container)
    index: Any = int(key) if isinstance(copy, list) else key
    if rest:
        copy[index] = _set(copy[index], rest, op)
    elif op["op"] == "remove":
        del copy[index]
    elif op["op"] == "add" and isinstance(copy, list):
        copy.insert(index, op["value"])
    else:
        copy[index] = op["value"]
    return copy
