"""Check-in and lateness on a fake clock: `Desk`, the referee's desk and the scheduler's signals; the
tournaments (Čačak preferans, Novi Sad teams, Slovak league), `started`, `at`, `row`, and `VALID`, a valid
case of each arrival command (tests/unit/test_commands.py checks that every command type has one)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import MIN, SEC, T0, rounds, stored, tournament

from live.commands.decide import CommandError, decide
from live.commands.signals import due_signals, signal_event
from live.core import events as E
from live.core.events import Event
from live.core.state import State, fold
from live.core.tournament import Tournament
from live.projections.checkin_lists import lateness_of

HOUR = 60 * MIN

PLAYERS = [
    {"id": "p1", "name": "Milan"}, {"id": "p2", "name": "Jelena", "lady": True}, {"id": "p3", "name": "Dragan"},
    {"id": "p4", "name": "Vesna", "lady": True}, {"id": "p5", "name": "Bojan"}, {"id": "p6", "name": "Ana"},
]

CACAK = tournament(rounds(3), players=PLAYERS)

SEED = 7

#: The seed whose draw seats p1 p2 p3 at table 1 and p4 p5 p6 at table 2: a preferans round is called
#: and started only once its seating is published, and the tests that do not look at the tables use it.
IN_ORDER = 654


def members(team: str) -> list[dict[str, Any]]:
    return [{"id": f"{team}p{k}", "name": f"{team} player {k}", "team": team} for k in range(1, 5)]


TEAMS5 = [{"id": f"t{k}", "name": f"Team {k}"} for k in range(1, 6)]

NOVI_SAD = tournament(rounds(4, kind="match", minutes=90, gap=15, boards=12), preset="novi-sad-teams",
                      teams=TEAMS5, players=[p for k in range(1, 6) for p in members(f"t{k}")])

TEAMS6 = [{"id": f"t{k}", "name": f"Tím {k}"} for k in range(1, 7)]

#: 24-board matches of 4 hours (3 h 45 min of play + 15 min of comparing): m1 and m2 on the first
#: day (Belgrade time), m1 the first match of the gathering.
SLOVAK = tournament(rounds(4, kind="match", minutes=240, gap=30, boards=24), preset="slovak-league", teams=TEAMS6)


def at(minutes: float = 0, seconds: float = 0, start: int = T0) -> int:
    return start + round(minutes * MIN + seconds * SEC)


class Desk:
    """The referee's desk and the scheduler, on a fake clock: each command is decided against the
    fold of the log so far and stored at `now`; `run_until` fires the due signals at their due times."""

    def __init__(self, t: Tournament, now: int = T0 - 2 * HOUR) -> None:
        self.t = t
        self.events: list[Event] = []
        self.now = now
        self.fired: set[str] = set()  # the log takes a signal id once

    @property
    def state(self) -> State:
        return fold(self.t, self.events)

    def _at(self, when: int | None) -> None:
        if when is not None:
            assert when >= self.now, "the fake clock does not run backwards"
            self.now = when

    def do(self, kind: str, when: int | None = None, **fields: Any) -> Event:
        self._at(when)
        (new,) = decide(self.t, self.state, {"type": kind, **fields}, self.now)
        return stored(self.events, new, self.now)

    def seat(self, when: int | None = None, item: str = "r1", seed: int = IN_ORDER) -> Event:
        """Publish a preferans round's draw (p1–p3 at table 1, p4–p6 at table 2 unless another seed)."""
        return self.do("publish_seating", when, item=item, seed=seed)

    def check_in(self, who: str, when: int | None = None, item: str = "r1", **fields: Any) -> Event:
        field = "team" if who in {x.id for x in self.t.teams} else "player"
        return self.do("check_in", when, item=item, **{field: who}, **fields)

    def refuse(self, command: dict[str, Any], when: int | None = None) -> CommandError:
        """The error a command is refused with; nothing is stored and the state does not change."""
        self._at(when)
        before, state = list(self.events), self.state
        snapshot = repr((state.check_ins, state.excused, state.reserves, lateness_of(state)))
        with pytest.raises(CommandError) as info:
            decide(self.t, state, command, self.now)
        assert self.events == before
        assert repr((state.check_ins, state.excused, state.reserves, lateness_of(state))) == snapshot
        return info.value

    def run_until(self, until: int) -> list[Event]:
        """Fire, in order, every signal due up to `until`: at its due time, or now if that is later
        (a late firing, as after a restart). Returns the events appended."""
        appended = []
        while True:
            due = [s for s in due_signals(self.t, self.state) if s.due_at <= until and s.id not in self.fired]
            if not due:
                break
            signal = due[0]
            self.fired.add(signal.id)
            new = signal_event(self.t, self.state, signal.id, max(signal.due_at, self.now))
            if new is not None:
                appended.append(stored(self.events, new, max(signal.due_at, self.now)))
        self._at(max(self.now, until))
        return appended


def started(t: Tournament = CACAK, *, seed: int | None = None, item: str = "r1", start: int = T0) -> Desk:
    """A desk whose round has been started by the scheduler at `start` (seated with `seed` if given;
    a preferans round always is, as it starts only once seated: with the IN_ORDER draw by default)."""
    desk = Desk(t, start - 30 * MIN)
    if seed is None and t.game == "preferans":
        seed = IN_ORDER
    if seed is not None:
        desk.do("publish_seating", item=item, seed=seed)
    desk.run_until(start)
    assert desk.state.items[item].status == "running"
    return desk


def row(state: State, who: str, item: str = "r1") -> dict[str, Any]:
    return next(r for r in lateness_of(state)[item]["rows"] if r["id"] == who)


#: (case, setup, command, now, event type, payload); the setups are tests/unit/test_arrivals.py's. test_commands.py
#: checks that, with its own cases and support/results.py's, every command type in FIELDS has a valid case.
VALID: list[tuple[str, str, dict[str, Any], int, str, dict[str, Any]]] = [
    ("check_in now", "r1 running", {"type": "check_in", "item": "r1", "player": "p2"}, at(7, 40),
     E.CHECKED_IN, {"item": "r1", "player": "p2", "at": at(7, 40)}),
    ("check_in before the round", "r1 scheduled", {"type": "check_in", "item": "r1", "player": "p2"}, at(-20),
     E.CHECKED_IN, {"item": "r1", "player": "p2", "at": at(-20)}),
    ("check_in at an earlier time, epoch ms", "r1 running",
     {"type": "check_in", "item": "r1", "player": "p2", "at": at(4), "reason": " signed the sheet at 11:04 "},
     at(12), E.CHECKED_IN, {"item": "r1", "player": "p2", "at": at(4), "reason": "signed the sheet at 11:04"}),
    ("check_in at an ISO time with its offset", "r1 running",
     {"type": "check_in", "item": "r1", "player": "p2", "at": "2027-03-06T11:07:40+01:00", "reason": "desk"},
     at(12), E.CHECKED_IN, {"item": "r1", "player": "p2", "at": at(7, 40), "reason": "desk"}),
    ("a corrected check_in names the one it corrects", "r1 running, p1 in",
     {"type": "check_in", "item": "r1", "player": "p1", "at": at(6), "reason": "clock of the phone was wrong"},
     at(12), E.CHECKED_IN, {"item": "r1", "player": "p1", "at": at(6), "reason": "clock of the phone was wrong",
                            "corrects": 4}),  # 1 the seating, 2 the call, 3 the start, 4 p1's check-in
    ("a team checks in", "m1 running", {"type": "check_in", "item": "m1", "team": "t2"}, at(3),
     E.CHECKED_IN, {"item": "m1", "team": "t2", "at": at(3)}),
    ("a team member checks in", "m1 running", {"type": "check_in", "item": "m1", "player": "t5p3"}, at(3),
     E.CHECKED_IN, {"item": "m1", "player": "t5p3", "at": at(3)}),
    ("all present at a table: those of it not in yet", "r1 running, p1 in",
     {"type": "check_in_all", "item": "r1", "table": 1}, at(3),
     E.CHECKED_IN_ALL, {"item": "r1", "at": at(3), "players": ["p2", "p3"], "table": 1}),
    ("all present in the round: not an announced absence", "r1 scheduled, p3 excused",
     {"type": "check_in_all", "item": "r1"}, at(-10),
     E.CHECKED_IN_ALL, {"item": "r1", "at": at(-10), "players": ["p1", "p2", "p4", "p5", "p6"]}),
    ("all present in a match: the teams", "m1 running", {"type": "check_in_all", "item": "m1"}, at(3),
     E.CHECKED_IN_ALL, {"item": "m1", "at": at(3), "teams": ["t2", "t5", "t3", "t4"]}),
    ("excuse_absence", "r1 scheduled",
     {"type": "excuse_absence", "item": "r1", "player": "p4", "reason": "  wedding  "}, at(-40),
     E.ABSENCE_ANNOUNCED, {"item": "r1", "player": "p4", "reason": "wedding"}),
    ("seat_reserve after 30 minutes", "r1 seated, running",
     {"type": "seat_reserve", "item": "r1", "player": "p6", "name": " Zoran (reserve) "}, at(30, 1),
     E.RESERVE_SEATED, {"item": "r1", "player": "p6", "name": "Zoran (reserve)", "starts_with": 350, "table": 1}),
    ("seat_reserve for an excused player, before the start", "r1 scheduled, p3 excused",
     {"type": "seat_reserve", "item": "r1", "player": "p3", "name": "Zoran"}, at(-10),
     E.RESERVE_SEATED, {"item": "r1", "player": "p3", "name": "Zoran", "starts_with": 300, "table": 1}),
]


def slovak(item: str = "m1", start: int = T0) -> Desk:
    desk = Desk(SLOVAK, start - 30 * MIN)
    desk.do("publish_seating", item=item)
    if item != "m1":
        desk.do("start_round", item="m1")
        desk.do("end_round", item="m1")
    desk.run_until(start)
    assert desk.state.items[item].status == "running"
    return desk
