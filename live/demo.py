"""`live demo`'s stand-in organizer: seats the players and enters plausible results.

It acts only through `Hall.command`, exactly as a referee at the console would, so everything
it does is in the log and the audit, and undoable. It reacts to the log: when a round ends it
enters that round's table results one by one (so the hall sees the standings move), then
publishes the seating of the next round.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Coroutine
from typing import Any

from live import events as E
from live.events import Event
from live.hall import Hall
from live.validation import CommandError

log = logging.getLogger("live.demo")
RESULT_SPACING_S = 0.6
RESERVE_NAMES = ("Петар Илић", "Марко Савић", "Ана Лазић", "Ђорђе Пантић")


def table_results(players: list[str], rng: random.Random) -> dict[str, int]:
    """Bule of one preferans game: a few tens each way, summing to zero like a real slip."""
    values = [rng.randint(-70, 90) for _ in players[:-1]]
    values.append(-sum(values))
    return dict(zip(players, values, strict=True))


class DemoOrganizer:
    def __init__(self, hall: Hall, seed: int | None = None) -> None:
        self.hall = hall
        self.rng = random.Random(seed)
        self._ended: asyncio.Queue[str] = asyncio.Queue()
        self._tasks: set[asyncio.Task[None]] = set()

    def _on_event(self, event: Event) -> None:
        if event.type == E.ROUND_ENDED:
            self._ended.put_nowait(str(event.payload["item"]))
        elif event.type == E.SEATING_PUBLISHED:
            self._spawn(self._arrivals(str(event.payload["item"])))
        elif event.type == E.LATENESS_ALERT and event.payload.get("threshold") == "reserve":
            self._spawn(self._reserves(event))

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _arrivals(self, item: str) -> None:
        """Players walk in: most a few minutes early, some a little late, one past the 30-minute mark."""
        t = self.hall.tournament
        players = [p for table in self.hall.state.seatings[item].get("tables", []) for p in table["players"]]
        self.rng.shuffle(players)
        start = t.item(item).start_ms if t.item(item) else self.hall.clock()
        plan = []
        for n, player in enumerate(players):
            if n == 0:
                minutes = 34.0  # the reserve takes this seat at 30 minutes
            elif n < 4:
                minutes = self.rng.uniform(2, 14)  # late: some within the grace, some penalized
            else:
                minutes = -self.rng.uniform(1, 20)
            plan.append((start + t.minutes_ms(minutes), player))
        for at, player in sorted(plan):
            await asyncio.sleep(max(0.0, (at - self.hall.clock()) / 1000))
            state = self.hall.state.items.get(item)
            if state is None or state.status == "ended" or player in self.hall.state.reserves.get(item, {}):
                continue
            await self._command({"type": "check_in", "player": player, "item": item})

    async def _reserves(self, alert: Event) -> None:
        for player in alert.payload.get("absent", []):
            name = f"Резерва {self.rng.choice(RESERVE_NAMES)}"
            await self._command({"type": "seat_reserve", "item": alert.payload["item"], "player": player,
                                 "name": name})

    async def run(self) -> None:
        self.hall.listeners.append(self._on_event)
        await self._publish(self._next_open())
        for item in [s.item.id for s in self.hall.state.items.values() if s.status == "ended"]:
            await self._score(item)  # rounds that ended while the demo was not running
        while True:
            item = await self._ended.get()
            await self._score(item)
            await self._publish(self._next_open())

    def _next_open(self) -> str | None:
        return next((s.item.id for s in self.hall.state.items.values() if s.open), None)

    async def _command(self, command: dict[str, Any]) -> bool:
        try:
            await self.hall.command(command)
        except CommandError as exc:
            log.info("demo: %s refused: %s", command["type"], exc.error)
            return False
        return True

    async def _publish(self, item: str | None) -> None:
        if item is not None and item not in self.hall.state.seatings:
            await self._command({"type": "publish_seating", "item": item})

    def _spacing(self, tables: int) -> float:
        """Results one by one, so the standings visibly move — but all in before the next round's
        seating is due (the first half of the break), however fast the demo clock runs."""
        upcoming = self._next_open()
        if upcoming is None:
            return RESULT_SPACING_S
        break_s = (self.hall.state.items[upcoming].item.start_ms - self.hall.clock()) / 1000
        return max(0.0, min(RESULT_SPACING_S, break_s / 2 / max(1, tables)))

    async def _score(self, item: str) -> None:
        if self.hall.tournament.game != "preferans":
            return
        seating = self.hall.state.seatings.get(item)
        if seating is None:
            return
        spacing = self._spacing(len(seating["tables"]))
        for table in seating["tables"]:
            if str(table["table"]) in self.hall.state.results.get(item, {}):
                continue
            await asyncio.sleep(spacing)
            await self._command({"type": "record_result", "item": item, "table": table["table"],
                                 "results": table_results(list(table["players"]), self.rng)})


async def run_quietly(organizer: DemoOrganizer) -> None:
    with contextlib.suppress(asyncio.CancelledError):
        await organizer.run()
