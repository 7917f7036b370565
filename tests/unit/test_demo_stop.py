"""`live demo`'s stand-in organizer stops whole (live/edges/demo.py): at Ctrl+C the app cancels it, then closes the
log; a player still walking in, a payment or a committee left running appended to the closed log and ended the
demo in a traceback."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from live.core.tournament import load
from live.edges.demo import TOURNAMENTS, DemoOrganizer
from live.edges.hall import Hall
from live.edges.installed import EXAMPLES, folder
from live.edges.log.memory import MemoryLog


async def settle() -> None:
    """Let the organizer do what it does at once: the door, the draw, the players already there."""
    for _ in range(200):
        await asyncio.sleep(0)


async def test_cancelling_the_organizer_cancels_its_errands_and_it_stops_listening() -> None:
    start = datetime.now(UTC).replace(microsecond=0)
    tournament = load(folder(EXAMPLES) / TOURNAMENTS["cacak"]).rescheduled(start, 60.0)
    hall = Hall(tournament, MemoryLog(), run_scheduler=False)
    await hall.start()
    try:
        organizer = DemoOrganizer(hall, seed=1)
        running = asyncio.ensure_future(organizer.run())
        await settle()
        errands = list(organizer.stand_in.errands)
        assert errands, "players walking in are on their way (one comes 34 minutes late)"
        running.cancel()
        await asyncio.gather(running, return_exceptions=True)
        assert all(task.cancelled() for task in errands)
        assert organizer.stand_in.on_event not in hall.listeners
    finally:
        await hall.stop()


async def test_the_captains_stand_in_stops_whole_too() -> None:
    """The second league's captains (live/edges/demo_captains.py): the check-ins on their way are cancelled."""
    from live.edges.demo_captains import CaptainsOrganizer, season_files

    files = season_files(folder(EXAMPLES))
    assert [captains for _, captains in files] == [False, True, True]
    start = datetime.now(UTC).replace(microsecond=0) + timedelta(minutes=10)  # (the teams not come yet)
    tournament = load(files[1][0]).rescheduled(start, 60.0)
    hall = Hall(tournament, MemoryLog(), run_scheduler=False)
    await hall.start()
    try:
        organizer = DemoOrganizer(hall, seed=1, captains=True)
        assert isinstance(organizer.stand_in, CaptainsOrganizer)
        running = asyncio.ensure_future(organizer.run())
        await settle()
        errands = list(organizer.stand_in.errands)
        assert len(errands) == 6, "each match's check-ins are on their way"
        running.cancel()
        await asyncio.gather(running, return_exceptions=True)
        assert all(task.cancelled() for task in errands)
        assert organizer.stand_in.on_event not in hall.listeners
    finally:
        await hall.stop()
