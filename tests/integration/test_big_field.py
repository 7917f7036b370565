"""A field big enough for patches (live/edges/patch.py): an event that changes a few lines of a long list sends
those lines, and a screen that applies them has the sections the server has."""

from __future__ import annotations

import json
from pathlib import Path

from server import close_all, is_event, is_type, round_entry, start_server, write_tournament

from live.edges.patch import LONG, apply

PLAYERS = tuple({"id": f"p{n:03d}", "name": f"Player {n}"} for n in range(1, 2 * LONG + 1))


async def test_a_check_in_in_a_big_field_sends_its_line_and_the_screens_end_where_the_server_is(
        tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "t.toml", players=PLAYERS,
                            timetable=[round_entry("r1", 1, start_in=40 * 60, minutes=180)])
    with start_server(file, tmp_path / "t.db") as server:
        server.seat("r1")
        display, referee = await server.client("display"), await server.client("referee")
        try:
            sections = {}
            for client in (display, referee):
                sections[client] = (await client.wait_for(is_type("snapshot")))["sections"]
            seqs = [(await server.acked({"type": "check_in", "item": "r1", "player": p}))["seq"]
                    for p in ("p007", "p100", "p042")]
            seqs.append((await server.acked({"type": "announce", "text": "Dobro došli"}))["seq"])
            for client in (display, referee):
                for seq in seqs:
                    message = await client.wait_for(is_event(seq), timeout=10)
                    if seq != seqs[-1]:
                        assert "lateness" not in message["changes"], "a check-in sends its line, not the list"
                        assert message["patch"], message
                        assert len(json.dumps(message["patch"])) < 1000
                    sections[client] = {**apply(sections[client], message.get("patch", [])), **message["changes"]}
            state = await server.state()
            for key in ("lateness", "players", "standings", "timetable", "announcements"):
                assert sections[display][key] == state[key], key
                assert sections[referee][key] == state[key], key
            rows = {row["id"]: row for row in sections[display]["lateness"]["r1"]["rows"]}
            assert all(rows[p]["arrived_at"] is not None for p in ("p007", "p100", "p042"))
            assert sum(row["arrived_at"] is not None for row in rows.values()) == 3
        finally:
            await close_all([display, referee])
