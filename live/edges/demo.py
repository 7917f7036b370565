"""`live demo`'s stand-in organizer: seats the players and enters plausible results.

`DemoOrganizer` is the one `live demo` runs: the preferans organizer below for the Čačak tournament,
the bridge one (live/edges/demo_bridge.py: team sheets, IMPs, the desk) for `--tournament novi-sad`
or `slovak`, and the captains (live/edges/demo_captains.py) for the second league of
`--tournament season`. The preferans organizer:

It acts only through `Hall.command`, exactly as a referee at the console would, so everything
it does is in the log and the audit, and undoable. It reacts to the log: when a round ends it
enters that round's table results one by one (so the hall sees the standings move), then
publishes the seating of the next round. Before the draw it registers a walk-in at the door and
corrects a misspelt name; round 3 runs long (a pause and an extension), so the rest of the day
moves on every screen. After round 1 a player appeals the count of a table's slip to the judges'
committee, which meets later, upholds it unanimously and has the slip corrected. At the desk most
players pay their entry as they check in (the amount the console proposes), one shows the slip of a
transfer to the club's account, two come back to pay later and one never pays, so the desk's list of
who has not paid has something to show. Started
again on the same log (`live demo --db`), it picks up where the log is: it never seats a round
while the one before is being played, and it enters the arrivals that happened while the server
was down as the referee would from paper.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Coroutine, Mapping
from typing import Any

from live.commands.validation import CommandError
from live.core import events as E
from live.core.absent import given
from live.core.events import Event
from live.core.records import tables_of
from live.core.status import ItemStatus
from live.edges.demo_bridge import BridgeOrganizer, as_referee
from live.edges.demo_captains import CaptainsOrganizer
from live.edges.hall import Hall
from live.projections import desk

log = logging.getLogger("live.edges.demo")
RESULT_SPACING_S = 0.6
RESERVE_NAMES = ("Петар Илић", "Марко Савић", "Ана Лазић", "Ђорђе Пантић")
WALK_IN = "Зоран Вуковић"
#: (player, name as corrected at the desk): the file had a typo
NAME_FIX = ("p07", "Слободан Илић")
#: Round 3 runs long: paused this many tournament minutes into it, for so long, then extended.
LONG_ROUND, PAUSE_AT_MIN, PAUSE_MIN, EXTEND_MIN = 3, 40.0, 15.0, 10
#: The appeal after round 1 (where the rules have a committee), and how long after it the committee decides.
APPEAL_ROUND, APPEAL_DECIDED_AFTER_MIN = 1, 20.0
APPEAL_SUBJECT = "the count of the slip at table 1"
#: At the desk: how many players pay later (this many tournament minutes after checking in), and never.
PAY_LATER, PAY_LATER_MIN, PAY_NEVER = 2, 45.0, 1
#: `live demo --tournament NAME`: the example tournament files it runs (in examples/), the first the default.
TOURNAMENTS = {"cacak": "cacak-preferans-2027.toml", "novi-sad": "novi-sad-teams-2026.toml",
               "slovak": "slovak-league-2027.toml"}


def table_results(players: list[str], rng: random.Random) -> dict[str, int]:
    """Bule of one preferans game: a few tens each way, summing to zero like a real slip."""
    values = [rng.randint(-70, 90) for _ in players[:-1]]
    values.append(-sum(values))
    return dict(zip(players, values, strict=True))


class PreferansOrganizer:
    def __init__(self, hall: Hall, seed: int | None = None) -> None:
        self.hall = hall
        self.rng = random.Random(seed)
        self._ended: asyncio.Queue[str] = asyncio.Queue()
        self.errands: set[asyncio.Task[None]] = set()  # (DemoOrganizer cancels them when it stops)
        self._since = hall.clock()
        # Who pays late, never, or by transfer: drawn apart from the results, so a seed still gives its games.
        desk_rng = random.Random(None if seed is None else f"desk:{seed}")
        roster = [p.id for p in hall.tournament.players]
        picked = desk_rng.sample(roster, min(len(roster), PAY_NEVER + PAY_LATER + 1))
        self._never = set(picked[:PAY_NEVER])
        self._later = set(picked[PAY_NEVER:PAY_NEVER + PAY_LATER])
        self._transfer = set(picked[PAY_NEVER + PAY_LATER:])

    def on_event(self, event: Event) -> None:
        if event.type == E.ROUND_ENDED:
            self._ended.put_nowait(str(event.payload["item"]))
        elif event.type == E.SEATING_PUBLISHED:
            self._spawn(self._arrivals(str(event.payload["item"])))
        elif event.type == E.ROUND_STARTED:
            s = self.hall.state.items.get(str(event.payload["item"]))
            if s is not None and s.item.round == LONG_ROUND:
                self._spawn(self._run_long(s.item.id))
        elif event.type == E.LATENESS_ALERT and event.payload.get("threshold") == "reserve":
            self._spawn(self._reserves(event))

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(job)
        self.errands.add(task)
        task.add_done_callback(self.errands.discard)

    async def _run_long(self, item: str) -> None:
        """A dispute at a table: the referee pauses the round, then gives the time back and some more."""
        t = self.hall.tournament
        await asyncio.sleep(t.minutes_ms(PAUSE_AT_MIN) / 1000)
        if await self._command({"type": "pause", "item": item}):
            await asyncio.sleep(t.minutes_ms(PAUSE_MIN) / 1000)
            await self._command({"type": "resume", "item": item})
            await self._command({"type": "extend", "item": item, "minutes": EXTEND_MIN})

    async def _door(self) -> None:
        """At the registration desk, before the draw: a walk-in, and a name the file had wrong."""
        state = self.hall.state
        if state.seatings or any(c["type"] == E.PLAYER_REGISTERED for c in state.commands):
            return  # done before this start of the demo
        await self._command({"type": "register_player", "name": WALK_IN})
        player, name = NAME_FIX
        if self.hall.tournament.player(player) is not None:
            await self._command({"type": "update_player", "player": player, "name": name})

    async def _arrivals(self, item: str) -> None:
        """Players walk in: most a few minutes early, some a little late, one past the 30-minute mark.
        Arrivals whose time passed while the demo was not running are entered with their time, as a
        referee enters what was written on paper."""
        t = self.hall.tournament
        state = self.hall.state
        players = [p for table in tables_of(state.seatings[item]) for p in table["players"]
                   if p not in state.check_ins.get(item, {}) and p not in state.reserves.get(item, {})]
        self.rng.shuffle(players)
        planned = t.item(item)
        start = planned.start_ms if planned is not None else self.hall.clock()
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
            late_entry = at < self._since  # it happened while the demo was not running
            await asyncio.sleep(max(0.0, (at - self.hall.clock()) / 1000))
            s = self.hall.state.items.get(item)
            if s is None or s.status == ItemStatus.ENDED or player in self.hall.state.reserves.get(item, {}) \
                    or player in self.hall.state.check_ins.get(item, {}):
                continue
            command: dict[str, object] = {"type": "check_in", "player": player, "item": item}
            if late_entry:
                command.update(at=at, reason="written on paper while the server was down")
            if await self._command(command):
                await self._pay_at_door(player)

    async def _pay_at_door(self, player: str) -> None:
        """The desk takes the entry as the player checks in, or a while later, or never."""
        if player in self._never:
            return
        if player in self._later:
            self._spawn(self._pay_later(player))
            return
        await self._pay(player)

    async def _pay_later(self, player: str) -> None:
        await asyncio.sleep(self.hall.tournament.minutes_ms(PAY_LATER_MIN) / 1000)
        await self._pay(player)

    async def _pay(self, player: str) -> None:
        """What the console proposes for the player (live/commands/desk.py), if anything is owed: nothing twice."""
        line = desk.account(self.hall.state, "player", player)
        proposed = line["next"] if line is not None else None
        if proposed is None or proposed["amount"] <= 0:
            return
        command: dict[str, object] = {"type": "record_payment", "player": player, **proposed}
        if player in self._transfer:
            command.update(method="account", note="paid to the club's account beforehand")
        await self._command(command)

    async def _appeal(self, item: str) -> None:
        """Once round 1 is scored: the last of its table 1 asks the committee about the slip's count."""
        state = self.hall.state
        s = state.items.get(item)
        if self.hall.tournament.rules.get("appeals_per_player") is None or s is None or s.item.round != APPEAL_ROUND \
                or any(c["type"] == E.APPEAL_LODGED for c in state.commands):
            return  # no committee here, another round, or appealed before this start of the demo
        slip = state.results.get(item, {}).get("1")
        bule = given(slip.body.results, {}) if slip else {}
        if not bule:
            return
        player = min(bule, key=lambda p: bule[p])
        try:
            (lodged,) = await self.hall.command({"type": "appeal", "player": player, "item": item,
                                                 "subject": APPEAL_SUBJECT})
        except CommandError as exc:
            log.info("demo: appeal refused: %s", exc.error)
            return
        self._spawn(self._committee(item, lodged.seq))

    async def _committee(self, item: str, appeal: int) -> None:
        """The committee meets later, upholds the appeal unanimously and the slip is corrected: ten bule
        the first-placed had written on the appellant's paper were counted twice."""
        await asyncio.sleep(self.hall.tournament.minutes_ms(APPEAL_DECIDED_AFTER_MIN) / 1000)
        slip = self.hall.state.results.get(item, {}).get("1")
        bule = given(slip.body.results, {}) if slip else {}
        lodged = self.hall.state.appeals.get(appeal)
        if not bule or lodged is None or lodged.decision is not None:
            return  # no slip to correct any more, or decided (or undone) by a referee meanwhile
        low, high = min(bule, key=lambda p: bule[p]), max(bule, key=lambda p: bule[p])
        fixed = {**bule, low: bule[low] + 10, high: bule[high] - 10}
        try:
            (corrected,) = await self.hall.command({
                "type": "correct_result", "item": item, "table": 1, "results": fixed,
                "reason": f"the judges' committee upheld appeal {appeal}: 10 bule were counted twice"})
        except CommandError as exc:
            log.info("demo: the committee's correction refused: %s", exc.error)
            await self._command({"type": "decide_appeal", "appeal": appeal, "decision": "rejected", "unanimous": True})
            return
        await self._command({"type": "decide_appeal", "appeal": appeal, "decision": "upheld", "unanimous": True,
                             "correction": corrected.seq, "reason": "the slip counted 10 bule twice"})

    async def _reserves(self, alert: Event) -> None:
        for player in alert.payload.get("absent", []):
            name = f"Резерва {self.rng.choice(RESERVE_NAMES)}"
            await self._command({"type": "seat_reserve", "item": alert.payload["item"], "player": player,
                                 "name": name})

    async def run(self) -> None:
        self._since = self.hall.clock()
        self.hall.listeners.append(self.on_event)
        await self._door()
        seated_before = set(self.hall.state.seatings)
        for item in [s.item.id for s in self.hall.state.items.values() if s.status == ItemStatus.ENDED]:
            await self._score(item)  # rounds that ended while the demo was not running
        current = self.hall.state.item_in_progress()
        if current is None:
            await self._publish(self._next_open())
        for s in self.hall.state.items.values():  # a seated round, before or during its play: people walk in
            if s.status != ItemStatus.ENDED and s.item.id in seated_before and (s is current or current is None):
                self._spawn(self._arrivals(s.item.id))
                break
        while True:
            item = await self._ended.get()
            await self._score(item)
            await self._appeal(item)
            await self._publish(self._next_open())

    def _next_open(self) -> str | None:
        return next((s.item.id for s in self.hall.state.items.values() if s.open), None)

    async def _command(self, command: Mapping[str, object]) -> bool:
        return await as_referee(self.hall, command, logging.INFO)

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
        tables = tables_of(seating)
        spacing = self._spacing(len(tables))
        for table in tables:
            if str(table["table"]) in self.hall.state.results.get(item, {}):
                continue
            await asyncio.sleep(spacing)
            await self._command({"type": "record_result", "item": item, "table": table["table"],
                                 "results": table_results(list(table["players"]), self.rng)})


class DemoOrganizer:
    """The stand-in organizer for the demo's tournament: the bridge one for a team event, else preferans; with
    `captains`, the captains of a league's matches at the clubs' venues (live/edges/demo_captains.py)."""

    def __init__(self, hall: Hall, seed: int | None = None, *, captains: bool = False) -> None:
        self.stand_in: PreferansOrganizer | BridgeOrganizer | CaptainsOrganizer
        if captains:
            self.stand_in = CaptainsOrganizer(hall, seed)
        elif hall.tournament.game == "bridge":
            self.stand_in = BridgeOrganizer(hall, seed)
        else:
            self.stand_in = PreferansOrganizer(hall, seed)

    async def run(self) -> None:
        try:
            await self.stand_in.run()
        finally:
            # It stops listening and its errands (players walking in, a payment, the committee) stop with it: the
            # hall closes the log next, and an errand left running appended to the closed log, a traceback at Ctrl+C.
            with contextlib.suppress(ValueError):
                self.stand_in.hall.listeners.remove(self.stand_in.on_event)
            errands = list(self.stand_in.errands)
            for task in errands:
                task.cancel()
            await asyncio.gather(*errands, return_exceptions=True)


async def run_quietly(organizer: DemoOrganizer) -> None:
    with contextlib.suppress(asyncio.CancelledError):
        await organizer.run()
