"""A hall checking in at once from behind one address: right codes never use up the address's tries.

The app in process, its requests sent at once (asyncio.gather over httpx's ASGI transport): each
request runs until the check-in is being stored, so every one of them is in flight together, as at
the opening of check-in when a hall of phones shares one address (a NAT, or a proxy not trusted).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from live.core.tournament import load
from live.edges.hall import Hall
from live.edges.log.sqlite import SQLiteLog
from live.edges.web.app import create_app
from live.edges.web.ratelimit import BURST

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
async def hall(tmp_path: Path) -> AsyncIterator[Hall]:
    t = load(EXAMPLES / "cacak-preferans-2027.toml")
    r1 = next(item for item in t.items if item.id == "r1")
    hall = Hall(t, SQLiteLog(tmp_path / "rush.db", t.id), run_scheduler=False, clock=lambda: r1.start_ms)
    await hall.start()
    try:
        yield hall
    finally:
        await hall.stop()


async def test_more_right_codes_at_once_than_the_burst_all_check_in(hall: Hall) -> None:
    players = [p.id for p in hall.tournament.players][:BURST + 5]
    transport = httpx.ASGITransport(app=create_app(hall, "tok"), client=("192.0.2.7", 40000))
    async with httpx.AsyncClient(transport=transport, base_url="http://hall.test") as http:
        answers = await asyncio.gather(*(http.post("/api/checkin", json={"code": hall.code_of(p)}) for p in players))
        assert [a.status_code for a in answers] == [200] * len(players), [a.text for a in answers if a.is_error]
        # the bucket is still full: BURST wrong codes are looked at, the next is not
        wrong = [await http.post("/api/checkin", json={"code": "ZZZZ-ZZZZ"}) for _ in range(BURST + 1)]
    assert [a.status_code for a in wrong] == [403] * BURST + [429]
