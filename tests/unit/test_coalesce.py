"""A client that falls behind gets its events without the sections that supersede themselves, then their
latest versions (live/edges/coalesce.py): it must end with the very state of a client that read everything.

A real Hall (SQLite log, fixed clock) plays a round while, for each view, one client reads everything
and one is behind (its connection holds more than COALESCE_BYTES unsent). Both clients' bytes are read
back as a page reads them (display/lib/connection.js: a snapshot, then each message's `changes` over the
`patch`ed sections, and the sections it names in `fetch` as the server serves them after that event).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from helpers import T0, rounds, tournament_toml
from page_reader import Fetch, read_sections, served_by_seq
from support.hub import FakeSocket

from live.core.tournament import parse
from live.edges.coalesce import SUPERSEDING
from live.edges.hall import Hall
from live.edges.hub import BACKLOG_BYTES, COALESCE_BYTES, Client
from live.edges.log.sqlite import SQLiteLog

#: 66 players: the check-in list and the standings are long lists (live/edges/patch.py LONG), so a check-in
#: comes as a patch of `lateness`, which a client that is behind must get whole instead.
PLAYERS = [{"id": f"p{n}", "name": f"Player {n}"} for n in range(1, 67)]
VIEWS: list[tuple[str, str | None]] = [("display", None), ("player", "p1"), ("referee", None)]


def read_as_a_page(socket: FakeSocket, fetched: Fetch) -> tuple[dict[str, Any], list[int], list[dict[str, Any]]]:
    """The sections a page ends with, the seqs of the events it got, and every message."""
    messages = [json.loads(text) for text in socket.texts()]
    return (*read_sections(messages, fetched), messages)


def carries_standings(message: dict[str, Any]) -> bool:
    """Whether a message brings a version of the standings: whole, or as a patch (a result in a long table)."""
    return "standings" in message.get("changes", {}) or any(
        op["path"].startswith("/standings/") for op in message.get("patch", []))


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def test_a_client_that_fell_behind_ends_with_the_state_of_one_that_read_everything(tmp_path: Path) -> None:
    t = parse(tournament_toml(rounds(3), players=PLAYERS), "coalesce.toml")
    hall = Hall(t, SQLiteLog(tmp_path / "c.db", t.id), run_scheduler=False, clock=lambda: T0)
    await hall.start()
    served = served_by_seq(hall)
    try:
        pairs: list[tuple[FakeSocket, FakeSocket]] = []
        slow_clients = []
        for view, player in VIEWS:
            fast, slow = FakeSocket(), FakeSocket()
            hall.connect(Client(view, player, fast), None)
            behind = Client(view, player, slow)
            hall.connect(behind, None)
            slow.transport.unsent = COALESCE_BYTES + 1  # behind from the start, far from being dropped
            pairs.append((fast, slow))
            slow_clients.append(behind)

        async def command(body: dict[str, Any]) -> dict[str, Any]:
            (event,) = await hall.command(body)
            await settle()
            return event.to_json()

        seating = await command({"type": "publish_seating", "item": "r1", "seed": 5})
        for player in ("p1", "p2", "p3"):
            await command({"type": "check_in", "item": "r1", "player": player})
        await command({"type": "start_round", "item": "r1"})
        await command({"type": "extend", "item": "r1", "minutes": 5})
        for n, table in enumerate(seating["payload"]["tables"]):
            a, b, c = table["players"]
            await command({"type": "record_result", "item": "r1", "table": table["table"],
                           "results": {a: 40 + 10 * n, b: 0, c: -40 - 10 * n}})
        await command({"type": "check_in", "item": "r1", "player": "p4"})  # (late: a patch of lateness)
        # the first catches up between events (its connection drained): a `sections` message brings them
        pairs[0][1].transport.unsent = 0
        hall.hub.drained(slow_clients[0])
        # the others catch up at an event, which brings them, marked resync: a check-in (whose patch of the
        # lateness list the client cannot apply to its older copy: it gets the list whole), an announcement
        pairs[1][1].transport.unsent = 0
        await command({"type": "check_in", "item": "r1", "player": "p5"})
        pairs[2][1].transport.unsent = 0
        await command({"type": "announce", "text": "dinner at 19:00"})

        for (fast, slow), (view, _) in zip(pairs, VIEWS, strict=True):
            fast_sections, fast_seqs, fast_messages = read_as_a_page(fast, served(view))
            slow_sections, slow_seqs, slow_messages = read_as_a_page(slow, served(view))
            assert slow_seqs == fast_seqs == list(range(fast_seqs[0], fast_seqs[-1] + 1)), view
            assert slow_sections == fast_sections, view
            versions = [sum(carries_standings(m) for m in ms) for ms in (fast_messages, slow_messages)]
            assert versions[1] < versions[0], f"{view}: the standings were not coalesced ({versions})"
            assert any(m.get("resync") for m in slow_messages), view
            first = next(i for i, m in enumerate(slow_messages) if m.get("resync") and m["type"] != "hello")
            assert not [op for m in slow_messages[:first + 1] for op in m.get("patch", [])
                        if op["path"].split("/")[1] in SUPERSEDING], f"{view}: a patch of a section it was not sent"
            assert any(op["path"].startswith("/lateness/") for m in fast_messages for op in m.get("patch", [])), \
                "lateness came as a patch to the client that read everything"
            assert not any(m.get("resync") for m in fast_messages if m["type"] != "hello"), view
            # (the seating publication's check-in list of 66 is over a message's budget: fetched, by both)
            assert all(any("lateness" in m.get("fetch", []) for m in ms) for ms in (fast_messages, slow_messages))
            assert slow.closed == [], "behind, not dropped"
    finally:
        await hall.stop()


async def test_a_client_past_the_bound_is_still_dropped_while_coalescing(tmp_path: Path) -> None:
    t = parse(tournament_toml(rounds(3), players=PLAYERS), "coalesce.toml")
    hall = Hall(t, SQLiteLog(tmp_path / "c.db", t.id), run_scheduler=False, clock=lambda: T0)
    await hall.start()
    try:
        socket = FakeSocket()
        hall.connect(Client("display", None, socket), None)
        socket.transport.unsent = COALESCE_BYTES + 1
        await hall.command({"type": "announce", "text": "one"})
        await settle()
        socket.transport.unsent = BACKLOG_BYTES * 4  # it stopped reading altogether
        await hall.command({"type": "announce", "text": "two"})
        await settle()
        assert socket.closed == [4008] and hall.hub.count()["display"] == 0
    finally:
        await hall.stop()
