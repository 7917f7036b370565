"""A page's reading of the hub's messages, for tests that play a real Hall (display/lib/connection.js does it
in the browser): the snapshot, then each message's `patch` and `changes`, and the sections it names in `fetch`
(too long to push, live/edges/budget.py) as the server serves them right after that event — a page fetches at
once; display/lib/connection.js and tests/pages/connection.test.mjs cover an answer of a later seq."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from live.edges.hall import Hall
from live.edges.patch import apply as patch_apply

#: What a page fetches: the section `name` as the server serves it after the event `seq`.
Fetch = Callable[[int, str], Any]


def served_by_seq(hall: Hall) -> Callable[[str], Fetch]:
    """Keep what the hall serves after every event it pushes; `(view)` → a page of that view's `Fetch`."""
    kept: dict[int, dict[str, dict[str, Any]]] = {}
    push = hall._push
    #: (view, section) → the object the hall served last and the copy kept of it. The hall builds a changed
    #: section anew and keeps an unchanged one as the same object, so only the new ones are copied: a field of
    #: hundreds costs a copy of what each event changed, not of every section after every event.
    last: dict[tuple[str, str], tuple[Any, Any]] = {}

    def pushed(event: Any) -> None:
        push(event)
        now: dict[str, dict[str, Any]] = {}
        for kind, sections in hall._sections.items():
            now[kind] = {}
            for name, section in sections.items():
                served, copied = last.get((kind, name), (None, None))
                if served is not section:
                    served, copied = section, copy.deepcopy(section)
                    last[(kind, name)] = (served, copied)
                now[kind][name] = copied
        kept[event.seq] = now

    hall._push = pushed  # type: ignore[method-assign]  # (a test's spy on the hall's way out)

    def of(view: str) -> Fetch:
        return lambda seq, name: kept[seq]["referee" if view == "referee" else "public"][name]
    return of


def read_sections(messages: list[dict[str, Any]], fetched: Fetch) -> tuple[dict[str, Any], list[int]]:
    """The sections a page has after `messages` (a section that is gone: absent), and the seqs of its events."""
    sections: dict[str, Any] = {}
    seqs: list[int] = []
    for m in messages:
        if m["type"] == "snapshot":
            sections = dict(m["sections"])
        elif m["type"] == "event":
            seqs.append(m["seq"])
            sections = {**patch_apply(sections, m.get("patch") or []), **m.get("changes", {})}
        elif m["type"] == "sections":
            assert m["resync"] is True and m["seq"] == seqs[-1], "as after the last event it has"
            sections = {**sections, **m["changes"]}
        sections.update({name: fetched(m["seq"], name) for name in m.get("fetch", [])})
    return {k: v for k, v in sections.items() if v is not None}, seqs
