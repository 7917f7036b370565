"""The WebSocket's messages: a closed family per direction, each message a class that encodes once.

Server → page (`ServerMessage`): `hello` first, then the events it missed (`event`, marked `replay`),
then a `snapshot` of its view's sections; afterwards one `event` per event, a `sections` message when a
client that fell behind caught up between events (live/edges/coalesce.py), a `pong` per `ping`, and an
`error` before a refusing close. Page → server (`PageMessage`): `ping`, and `auth` as a referee's first
message when the upgrade carried no session. Anything else a page sends is ignored, as before.

Why classes: the hub coalesces an event's sections for a client that is behind, and before it had to
decode the text it had just encoded; here the text is made once (`encode`) and kept with its message
(`Encoded`). The JSON is what the pages have always read: a field that is absent stays absent.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, NotRequired, TypedDict

from live.core.events import EventJson
from live.core.json import JSONValue
from live.edges.patch import Op, SectionMap

__all__ = ["Auth", "Boot", "Encoded", "Error", "EventMessage", "Hello", "PageMessage", "Ping", "Pong", "Sections",
           "ServerMessage", "Snapshot", "encode", "read"]


# Each message as JSON (docs/protocol.md#server-messages says what the pages read of it): a key
# `NotRequired` is absent unless it says something.

class HelloJSON(TypedDict):
    type: Literal["hello"]
    server_time: int
    seq: int
    view: str
    since: int | None
    resync: bool
    log: str
    tournament: str
    types: dict[str, list[str]]
    current: NotRequired[Literal[True]]


class SnapshotJSON(TypedDict):
    type: Literal["snapshot"]
    view: str
    seq: int
    sections: SectionMap


class EventJSON(TypedDict):
    type: Literal["event"]
    event: Mapping[str, object]
    seq: int
    replay: NotRequired[Literal[True]]
    changes: NotRequired[SectionMap]
    patch: NotRequired[list[Op]]
    fetch: NotRequired[list[str]]
    resync: NotRequired[Literal[True]]


class SectionsJSON(TypedDict):
    type: Literal["sections"]
    seq: int
    resync: Literal[True]
    changes: SectionMap
    fetch: NotRequired[list[str]]


class PongJSON(TypedDict):
    type: Literal["pong"]
    t: JSONValue
    server: int


class ErrorJSON(TypedDict):
    type: Literal["error"]
    error: str
    signed_out: NotRequired[Literal[True]]


class Boot(TypedDict):
    """What a fresh page gets in its HTML before its WebSocket opens (live/edges/hall.py `Hall.boot`)."""

    hello: HelloJSON
    snapshot: SnapshotJSON


@dataclass(frozen=True, slots=True)
class Hello:
    """The server's time and seq, the log's id (`Hall.log_id`) and the event families the pages treat
    specially; `current`: the client's sections are those of now, and no snapshot follows."""

    server_time: int
    seq: int
    view: str
    since: int | None
    resync: bool
    log: str
    tournament: str
    types: dict[str, list[str]]
    current: bool = False

    def to_json(self) -> HelloJSON:
        out: HelloJSON = {"type": "hello", "server_time": self.server_time, "seq": self.seq, "view": self.view,
                          "since": self.since, "resync": self.resync, "log": self.log, "tournament": self.tournament,
                          "types": self.types}
        if self.current:
            out["current"] = True
        return out


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A view's sections as of `seq` (a player's page: with its own `me`)."""

    view: str
    seq: int
    sections: SectionMap

    def to_json(self) -> SnapshotJSON:
        return {"type": "snapshot", "view": self.view, "seq": self.seq, "sections": self.sections}


@dataclass(frozen=True, slots=True)
class EventMessage:
    """An event as a screen gets it: the sections it changed (`changes`, whole) and, for a long list changed
    in a few entries, the `patch` (live/edges/patch.py). `replay`: sent again to a client coming back with
    `since` (no changes: its snapshot follows); `resync`: sections withheld from a client that was behind
    come whole with it; `fetch`: sections it changed that were too long to push (live/edges/budget.py),
    which the page fetches over HTTP."""

    event: EventJson
    seq: int
    changes: SectionMap = field(default_factory=dict)
    patch: list[Op] = field(default_factory=list)
    replay: bool = False
    resync: bool = False
    fetch: tuple[str, ...] = ()

    def to_json(self) -> EventJSON:
        out: EventJSON = {"type": "event", "event": self.event, "seq": self.seq}
        if self.replay:
            out["replay"] = True
            return out
        out["changes"] = self.changes
        if self.patch:
            out["patch"] = self.patch
        if self.fetch:
            out["fetch"] = list(self.fetch)
        if self.resync:
            out["resync"] = True
        return out


@dataclass(frozen=True, slots=True)
class Sections:
    """The sections a client that fell behind is owed, as after the event `seq` it has (always a resync);
    `fetch`: those of them too long to push, which the page fetches (live/edges/budget.py)."""

    seq: int
    changes: SectionMap
    fetch: tuple[str, ...] = ()

    def to_json(self) -> SectionsJSON:
        out: SectionsJSON = {"type": "sections", "seq": self.seq, "resync": True, "changes": self.changes}
        if self.fetch:
            out["fetch"] = list(self.fetch)
        return out


@dataclass(frozen=True, slots=True)
class Pong:
    """The answer to a `ping`: its `t` back, with the server's clock (the pages measure their offset)."""

    t: JSONValue  # the page's own clock, sent back as it came
    server: int

    def to_json(self) -> PongJSON:
        return {"type": "pong", "t": self.t, "server": self.server}


@dataclass(frozen=True, slots=True)
class Error:
    """Why the server is about to close the socket; `signed_out`: the console shows its sign-in again (a
    session that ended, a token that is wrong)."""

    error: str
    signed_out: bool = False

    def to_json(self) -> ErrorJSON:
        out: ErrorJSON = {"type": "error", "error": self.error}
        if self.signed_out:
            out["signed_out"] = True
        return out


ServerMessage = Hello | Snapshot | EventMessage | Sections | Pong | Error


@dataclass(frozen=True, slots=True, eq=False)
class Encoded:
    """A server message and its JSON text, made once for however many clients get it."""

    message: ServerMessage
    text: str


def encode(message: ServerMessage) -> Encoded:
    return Encoded(message, json.dumps(message.to_json(), ensure_ascii=False, separators=(",", ":")))


@dataclass(frozen=True, slots=True)
class Ping:
    t: JSONValue  # the page's own clock, sent back as it came


@dataclass(frozen=True, slots=True)
class Auth:
    token: object  # checked by the caller against the referees' tokens


PageMessage = Ping | Auth


def read(text: str) -> PageMessage | None:
    """The page's message a text says, or None for anything this protocol does not know (ignored)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    kind = data.get("type")
    if kind == "ping":
        return Ping(data.get("t"))
    if kind == "auth":
        return Auth(data.get("token"))
    return None
