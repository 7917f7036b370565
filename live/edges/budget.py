"""The budget of one pushed message: what does not fit is fetched over HTTP instead.

At 10,000 players a seating publication changes the seating (2,500 tables, ≈ 200 KB) and the check-in
list (10,000 lines, ≈ 1.5 MB), and a round start changes every line of that list. Pushed whole, that is
megabytes written to every screen at once: the fan-out holds the server for as long as it takes to
write them a thousand times, and a phone on weak Wi-Fi still has them unsent at the next event, past
the hub's bound (live/edges/hub.py `BACKLOG_BYTES`), and is dropped — all of them at once, every round.

So a pushed message carries at most `BUDGET` bytes. When the sections an event changed would make it
longer, the longest of them are named in its `fetch` list instead of being sent, and a page fetches
their value over HTTP (`GET /api/sections/<name>?view=…&since=<seq>`, live/edges/web/api.py): gzipped,
encoded once however many pages ask (`Served`), and answered with the seq it is the value of, so the
page drops the changes of the events up to that seq and applies those after it
(display/lib/connection.js). A page that does not need a section now could fetch it later; the pages
fetch at once, so that every screen is as current as before.

An event whose own payload is long (a seating publication's tables) goes in the message abridged: the
payload's fields longer than `FIELD_BYTES` are left out and named in the event's `abridged` list. No
page reads them from the event (the sections carry them); the log has the event whole (`/api/events`).

A player's own section (`me`) is never fetched: it is one player's, and short.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import replace
from typing import TypeVar

from live.core.events import EventJson
from live.edges.messages import Encoded, EventMessage, Sections, encode
from live.edges.patch import Op

#: The most bytes an event message may take on the wire (its JSON text in UTF-8), by default (`live serve
#: --message-budget`). Why 4 KiB: the hall's Wi-Fi is shared by every phone, and a message is written to each.
#: A fetch costs the server more CPU than a push (≈ 0.27 ms a request, against ≈ 20 µs to write a few KB to
#: a connection: bench/README.md), so a hall on a wired LAN with few phones may raise it.
BUDGET = 4096
MIN_BUDGET, MAX_BUDGET = 1024, 16 * 1024 * 1024
#: An event's payload field longer than this (its JSON) is left out of a message over the budget.
FIELD_BYTES = 512
#: Sections a page cannot fetch (one player's own).
PUSHED_ONLY = frozenset({"me"})

M = TypeVar("M", EventMessage, Sections)


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _size(value: object) -> int:
    return len(_dumps(value).encode())


def _wire_size(text: str) -> int:
    """The UTF-8 length of `text` (at most 4 bytes a character: a short text is not encoded to know)."""
    return len(text) if text.isascii() else len(text.encode())


def section_of(op: Op) -> str:
    """The section a patch op touches (`/<section>/…`)."""
    return op["path"].split("/")[1]


def abridged(event: EventJson) -> EventJson:
    """The event without its payload's long fields, which `abridged` names (the event as it is if none)."""
    payload = event["payload"]
    long = [key for key, value in payload.items() if _size(value) > FIELD_BYTES]
    if not long:
        return event
    shorter: EventJson = {**event, "payload": {k: v for k, v in payload.items() if k not in long}, "abridged": long}
    return shorter


def fit(message: M, budget: int = BUDGET) -> Encoded:
    """The message encoded, within `budget` if it can be: its event abridged, then its longest sections moved
    to `fetch` until it fits (the fewest sections fetched). Costs one encoding when it fits already, and one
    more of its sections when it does not."""
    out = encode(message)
    total = _wire_size(out.text)
    if total <= budget:
        return out
    if isinstance(message, EventMessage):
        shorter = abridged(message.event)
        if shorter is not message.event:
            total += _size(shorter) - _size(message.event)
            message = replace(message, event=shorter)
    sizes = {name: _size(value) for name, value in message.changes.items()}
    patch: list[Op] = message.patch if isinstance(message, EventMessage) else []
    for op in patch:
        name = section_of(op)
        sizes[name] = sizes.get(name, 0) + _size(op)
    fetched: list[str] = []
    for name in sorted(sizes, key=sizes.__getitem__, reverse=True):
        if total <= budget:
            break
        if name in PUSHED_ONLY:
            continue
        fetched.append(name)
        total -= sizes[name]
    if not fetched:
        return encode(message)
    return encode(moved(message, fetched))


def moved(message: M, names: list[str]) -> M:
    """The message with the sections `names` named in its `fetch` list instead of sent."""
    gone = set(names)
    changes = {k: v for k, v in message.changes.items() if k not in gone}
    fetch = (*message.fetch, *(name for name in names if name not in message.fetch))
    if isinstance(message, EventMessage):
        return replace(message, changes=changes, fetch=fetch,
                       patch=[op for op in message.patch if section_of(op) not in gone])
    return replace(message, changes=changes, fetch=fetch)


class Served:
    """The sections as the HTTP edge serves them: each version encoded and gzipped once, for every page that
    asks (a thousand displays fetch the same check-in list after a round start). A version is the section's
    object: the hall keeps a section the same object until an event changes it (`State.derived`)."""

    def __init__(self) -> None:
        self._kept: dict[tuple[str, str], tuple[object, bytes, bytes]] = {}

    def body(self, kind: str, name: str, value: object) -> tuple[bytes, bytes]:
        """The JSON of `value`, the section `name` of the `kind` of view, and the same gzipped."""
        kept = self._kept.get((kind, name))
        if kept is not None and kept[0] is value:
            return kept[1], kept[2]
        raw = _dumps(value).encode()
        packed = gzip.compress(raw, compresslevel=5, mtime=0)
        self._kept[(kind, name)] = (value, raw, packed)
        return raw, packed
