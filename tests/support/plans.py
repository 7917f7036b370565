"""A log that began by recording its plan: `Desk`, a referee at the console of it (`recorded`, the plan's
event), and the plans the plan tests change (`PREFERANS`, `BRIDGE`, their rounds' starts `R2`, `R3`)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import MIN, SEC, T0, ev, rounds, stored, tournament

from live.commands.decide import CommandError, decide
from live.core import events as E
from live.core.events import Event
from live.core.plan import to_json
from live.core.state import State, fold
from live.core.tournament import Tournament

DAY = 24 * 60 * MIN

R2 = T0 + 210 * MIN  # 14:30 in Belgrade

R3 = T0 + 420 * MIN  # 18:00 in Belgrade

PLAYERS = [
    {"id": "p1", "name": "Milan"}, {"id": "p2", "name": "Jelena", "lady": True}, {"id": "p3", "name": "Dragan"},
    {"id": "p4", "name": "Vesna", "lady": True}, {"id": "p5", "name": "Bojan"}, {"id": "p6", "name": "Ana"},
]

PREFERANS = tournament(rounds(3), players=PLAYERS)

TEAMS = [{"id": f"t{k}", "name": f"Team {k}"} for k in range(1, 5)]

MEMBERS = [{"id": f"b{t}{k}", "name": f"Player {t}.{k}", "team": f"t{t}"} for t in range(1, 5) for k in range(1, 5)]

BRIDGE = tournament(rounds(3, kind="match", minutes=90, gap=15, boards=12), preset="novi-sad-teams",
                    teams=TEAMS, players=MEMBERS)


def recorded(t: Tournament, seq: int = 1, ts: int = T0 - DAY) -> Event:
    """The plan as `live serve` records it on a new log."""
    return ev(seq, ts, E.PLAN_RECORDED, "organizer", signal="plan", plan=to_json(t), file=t.source)


class Desk:
    """A referee at the console of a log that began by recording `t` as its plan. Each command is
    decided, as the hall decides it, against the fold of the log so far and its followed plan."""

    def __init__(self, t: Tournament, now: int = T0 - 30 * MIN) -> None:
        self.t = t
        self.events: list[Event] = [recorded(t)]
        self.now = now

    @property
    def state(self) -> State:
        return fold(self.t, self.events)

    def do(self, type_: str, /, **fields: Any) -> Event:
        self.now += SEC
        state = self.state
        (new,) = decide(state.tournament, state, {"type": type_, **fields}, self.now)
        return stored(self.events, new, self.now)

    def at(self, now: int) -> Desk:
        self.now = now
        return self

    def refuse(self, command: dict[str, Any]) -> CommandError:
        """The error a command is refused with; nothing is stored."""
        before = list(self.events)
        state = self.state
        with pytest.raises(CommandError) as info:
            decide(state.tournament, state, command, self.now)
        assert self.events == before
        return info.value

    def play(self, item_id: str, *, seed: int = 7) -> None:
        """A whole preferans round: its seating (drawn for round 1, else from the standings), its
        start, a result at every table (the first seat wins), its end."""
        self.do("publish_seating", item=item_id, **({"seed": seed} if item_id == "r1" else {}))
        self.do("start_round", item=item_id)
        for table in self.state.seatings[item_id].body.tables:
            players = table["players"]
            values = (30, 0, -30) if len(players) == 3 else (30, 10, -10, -30)
            self.do("record_result", item=item_id, table=table["table"],
                    results=dict(zip(players, values, strict=True)))
        self.do("end_round", item=item_id)
