"""Long mixed days of the example tournaments, driven by a referee who does a bit of everything at odd times
(arrivals early, late and before a held start, team sheets, results, undos, withdrawals) and by the scheduler's
signals as they fall due; after every event a day compares its kept sections with those built anew (`Day.check`,
which a test may replace). Used by tests/unit/test_kept_sections.py (the kept parts) and tests/unit/test_wire.py
(the sections' declared shapes)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from helpers import MIN, SEC, stored

from live.commands.decide import allowed_now, decide
from live.commands.signals import due_signals, signal_event
from live.commands.validation import CommandError
from live.core import events as E
from live.core.absent import ABSENT
from live.core.events import Event, NewEvent
from live.core.state import State, apply, fold
from live.core.status import ItemStatus
from live.core.tournament import Tournament, load
from live.projections.views import me_section, public_sections, referee_only

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
HOUR = 60 * MIN
#: The players whose own page is compared too (Čačak's first two; the bridge examples' first of two teams).
ME = ("p01", "p02", "t1p1", "t2p1")


def _seated(state: State, item: str, kind: str) -> list[Any]:
    """A published seating's tables or matches (none before it is published)."""
    seating = state.seatings.get(item)
    value = getattr(seating.body, kind) if seating else []
    return [] if value is ABSENT else list(value)


def sections(state: State) -> dict[str, Any]:
    """Everything the screens are sent: the public and the referee's sections, and each player's own page."""
    public = public_sections(state)
    me = {p: me_section(state, p, private=True) for p in ME if state.tournament.player(p) is not None}
    return {**public, **referee_only(state, allowed_now(state)), "me": me}


def built_anew(state: State) -> dict[str, Any]:
    """`sections` of the same state with nothing kept: every part built from the log's facts."""
    fresh = copy.copy(state)
    fresh._derived, fresh.late_rows, fresh.late_lists, fresh.late_dirty = {}, {}, {}, {}
    fresh.table_cache = {}
    return sections(fresh)


def stale(kept: dict[str, Any], fresh: dict[str, Any]) -> list[str]:
    """The sections (and players' pages) that differ."""
    wrong = [k for k in kept.keys() | fresh.keys() if k != "me" and kept.get(k) != fresh.get(k)]
    return sorted(wrong) + sorted(f"me/{p}" for p in kept["me"] if kept["me"][p] != fresh["me"][p])


class Day:
    """A tournament day as a hall folds it: each event applied to the state that kept its parts (an undo
    folds the log again), the screens' sections built after each as the hall builds them, and compared
    with those built anew."""

    def __init__(self, file: str, seed: int) -> None:
        self.file: Tournament = load(EXAMPLES / file)
        self.rng = random.Random(seed)
        self.events: list[Event] = []
        self.state = State.initial(self.file)
        self.now = min(i.start_ms for i in self.file.items if i.playing) - 45 * MIN
        #: The corners the day reached: what a check of the test's own reach asserts.
        self.reached: set[str] = set()

    @property
    def t(self) -> Tournament:
        return self.state.tournament

    def store(self, new: NewEvent) -> Event:
        event = stored(self.events, new, self.now)
        if event.type == E.COMMAND_UNDONE:
            broken = self.state.broken
            self.state = fold(self.file, self.events)
            self.state.broken = broken
        else:
            apply(self.state, event)
        kept = sections(self.state)
        wrong = stale(kept, built_anew(self.state))
        assert not wrong, (f"after seq {event.seq} ({event.type} {event.payload}) the kept {wrong} are not the ones "
                           "built anew")
        return event

    def command(self, command: dict[str, Any]) -> Event | None:
        try:
            (new,) = decide(self.t, self.state, command, self.now)
        except CommandError:
            return None
        self._note(command)
        return self.store(new)

    def _note(self, command: dict[str, Any]) -> None:
        s = self.state.items.get(str(command.get("item")))
        if command["type"] in ("check_in", "excuse_absence", "seat_reserve") and s is not None:
            if s.open and self.now > s.item.start_ms:
                self.reached.add("arrival after the scheduled start, before the start")
            elif not s.open and not self.state.results.get(s.item.id):
                self.reached.add("arrival during play")
        if command["type"] == "undo":
            self.reached.add("undo")

    def signals(self) -> None:
        """The scheduler's signals due by now, in their order (a held start, a call, a break, an end…)."""
        for _ in range(50):
            due = [x for x in due_signals(self.t, self.state) if x.due_at <= self.now]
            new = next((n for x in due if (n := signal_event(self.t, self.state, x.id, self.now)) is not None), None)
            if new is None:
                return
            self.store(new)

    def until(self, instant: int) -> None:
        """The clock moves on to `instant` (never back), the signals due meanwhile firing in their order, with
        a referee's errand now and then on the way."""
        while self.now < instant:
            if instant - self.now > 3 * HOUR:  # a night, or the months between a league's gatherings
                self.now = instant - HOUR
            self.now = min(instant, self.now + self.rng.choice((SEC, 3 * MIN, 7 * MIN, 20 * MIN)))
            self.signals()
            if self.rng.random() < 0.3:
                self.errand()

    def errand(self) -> None:
        """Something a referee does between the day's main steps, picked at random (it may be refused)."""
        focus = self.focus()
        make = self.rng.choice(self.errands)
        command = make(focus)
        if command is not None:
            self.command(command)

    def focus(self) -> str:
        """The match or round the referee is busy with: mostly the first not ended, now and then the next."""
        waiting = [s.item.id for s in self.state.items.values() if s.status != ItemStatus.ENDED]
        if not waiting:
            return self.rng.choice(list(self.state.items))
        return waiting[min(len(waiting) - 1, self.rng.choice((0, 0, 0, 1)))]

    def ago(self) -> int:
        return self.now - self.rng.choice((0, 3, 10, 20, 40)) * MIN

    def recent_command(self) -> int | None:
        seqs = [c["seq"] for c in self.state.commands[-8:] if not c["undone"]]
        return self.rng.choice(seqs) if seqs else None

    @property
    def errands(self) -> list[Callable[[str], dict[str, Any] | None]]:
        """What any day's referee may do at any time: the round commands, a notice, an undo, a shift."""
        return [
            lambda item: {"type": "pause", "item": item},
            lambda item: {"type": "resume", "item": item},
            lambda item: {"type": "extend", "item": item, "minutes": self.rng.choice((-5, 10))},
            lambda item: {"type": "announce_last_deals", "item": item},
            lambda item: {"type": "announce", "text": "Molimo tišinu"},
            lambda item: {"type": "undo", "seq": seq} if (seq := self.recent_command()) else None,
            lambda item: {"type": "undo", "seq": seq} if (seq := self.recent_command()) else None,
            lambda item: {"type": "shift_timetable", "item": item, "minutes": self.rng.choice((-10, 15))},
            *self.game_errands(),
        ]

    def game_errands(self) -> list[Callable[[str], dict[str, Any] | None]]:
        return []

    # the day's main steps ---------------------------------------------------------------------------

    def play(self, count: int | None = None) -> None:
        """Every round or match in its order: seated, the field arriving around its start (early, after the
        scheduled start while it waits for the referee, during play, never), started on time or late, played
        (entries of its results in between), ended; errands all along."""
        played: list[str] = []
        for ident in [i.id for i in self.file.items if i.playing][:count]:
            s = self.state.items.get(ident)
            if s is None or s.status == ItemStatus.ENDED:
                continue
            for before in played:  # what an undo reopened is finished first
                self.finish(before)
            played.append(ident)
            self.seat(ident)
            start = s.item.start_ms
            arrivals = sorted((self.rng.choice((-30, -8, -1, 2, 9, 17, 35, 70)) * MIN + start, who)
                              for who in self.arriving(ident))
            # (the first started late by hand: its late arrivals come while it waits)
            late_start = start + (20 if not self.state.played else self.rng.choice((0, 0, 5, 20))) * MIN
            for at, who in arrivals:
                if at > late_start and not self.state.items[ident].in_progress:
                    self.until(late_start)
                    self.command({"type": "start_round", "item": ident})
                self.until(at)
                self.arrive(ident, who)
            self.until(late_start)
            if self.state.items[ident].open:
                self.command({"type": "start_round", "item": ident})
            self.until(self.now + s.item.duration_ms // 2)
            self.during(ident)
            self.until(self.now + s.item.duration_ms // 3)
            self.finish(ident)
            self.until(self.now + self.rng.choice((0, 10, 40)) * MIN)
        for ident in played:
            self.finish(ident)

    def seat(self, item: str) -> None:
        """Its seating published: drawn by lot with a seed the hall would choose, or from the standings."""
        if self.command({"type": "publish_seating", "item": item}) is None:
            self.command({"type": "publish_seating", "item": item, "seed": self.rng.randrange(10**9)})

    def finish(self, item: str) -> None:
        """Its results in (those an undo took back again), and it ended."""
        for _ in range(3):
            if self.state.items[item].status == ItemStatus.ENDED and not self.missing(item):
                return
            if item not in self.state.seatings:
                self.seat(item)
            if self.state.items[item].open:
                self.command({"type": "start_round", "item": item})
            if self.state.items[item].status == ItemStatus.PAUSED:
                self.command({"type": "resume", "item": item})
            self.results(item)
            self.command({"type": "end_round", "item": item})

    def missing(self, item: str) -> bool:
        raise NotImplementedError

    def arriving(self, item: str) -> list[str]:
        raise NotImplementedError

    def arrive(self, item: str, who: str) -> None:
        raise NotImplementedError

    def during(self, item: str) -> None:
        """What happens while it is played, besides the errands (the game's own)."""

    def results(self, item: str) -> None:
        raise NotImplementedError


class BridgeDay(Day):
    def team(self) -> str:
        return self.rng.choice(self.t.teams).id

    def members(self, team: str) -> list[str]:
        return [p.id for p in self.t.members(team) if not p.withdrawn]

    def matches(self, item: str) -> list[tuple[str, str]]:
        return [(m["home"], m["away"]) for m in _seated(self.state, item, "matches")]

    def arriving(self, item: str) -> list[str]:
        """Teams whole, or a team's members one by one (the team complete with its fourth)."""
        out = []
        for team in sorted({x for pair in self.matches(item) for x in pair}):
            if self.rng.random() < 0.5:
                out.append(f"team:{team}")
            else:
                out.extend(f"player:{p}" for p in self.members(team))
        return out

    def arrive(self, item: str, who: str) -> None:
        kind, ident = who.split(":")
        command: dict[str, Any] = {"type": "check_in", "item": item, kind: ident}
        if self.rng.random() < 0.2:  # typed in later from the paper
            command.update(at=self.now, reason="from the paper")
            self.until(self.now + 5 * MIN)
        self.command(command)
        if kind == "team" and self.rng.random() < 0.6:
            self.command(self.lineup(item, ident))

    def lineup(self, item: str, team: str, *, change: bool = False) -> dict[str, Any]:
        squad = self.members(team)
        size = int(self.t.rules["lineup_size"])
        s = self.state.items[item]
        first = self.rng.sample(squad, min(size, len(squad)))
        parts = [first for _ in range(self.t.segments(s.item))]
        command: dict[str, Any] = {"type": "lineup", "item": item, "team": team, "parts": parts}
        bench = [p for p in squad if p not in first]
        if change and bench:
            command["substitutions"] = [{"part": 1, "out": first[0], "in": bench[0], "boards": 2}]
        return command

    def during(self, item: str) -> None:
        for home, away in self.matches(item):
            for team in (home, away):
                if self.rng.random() < 0.7:
                    self.command(self.lineup(item, team, change=self.rng.random() < 0.4))

    def missing(self, item: str) -> bool:
        return len(self.state.results.get(item, {})) + len(self.state.forfeits.get(item, {})) < len(self.matches(item))

    def results(self, item: str) -> None:
        for home, away in self.matches(item):
            if f"{home}-{away}" not in self.state.results.get(item, {}):
                self.until(self.now + self.rng.choice((1, 6)) * MIN)
                self.command({"type": "record_result", "item": item, "home": home, "away": away,
                              "imps_home": self.rng.randint(0, 60), "imps_away": self.rng.randint(0, 60)})

    def game_errands(self) -> list[Callable[[str], dict[str, Any] | None]]:
        def appeal(item: str) -> dict[str, Any] | None:
            team = self.team()
            squad = self.members(team)
            return {"type": "appeal", "item": item, "team": team, "subject": "a ruling", "signed_by": squad[:2],
                    "captain": squad[0]} if squad else None

        return [
            lambda item: {"type": "check_in", "item": item, "team": self.team(), "at": self.ago(),
                          "reason": "from the paper"},
            lambda item: {"type": "forfeit", "item": item, "team": self.team(), "reason": "did not come"},
            lambda item: {"type": "penalty", "team": self.team(), "amount": 1, "unit": "vp", "reason": "slow play",
                          "item": item},
            lambda item: {"type": "withdraw", "team": self.team(), "reason": "left"}
            if self.rng.random() < 0.2 else None,
            lambda item: {"type": "register_player", "team": self.team(), "name": f"Hráč {len(self.events)}"},
            lambda item: {"type": "record_payment", "what": "entry", "team": self.team(), "amount": 100},
            appeal,
        ]


class PreferansDay(Day):
    def player(self) -> str:
        return self.rng.choice(self.t.players).id

    def arriving(self, item: str) -> list[str]:
        """The seated players; one in ten does not come, and a reserve takes the seat when the rules let him."""
        tables = _seated(self.state, item, "tables")
        return [p if self.rng.random() < 0.9 else f"reserve:{p}" for table in tables for p in table["players"]]

    def arrive(self, item: str, who: str) -> None:
        if who.startswith("reserve:"):
            absent = who.removeprefix("reserve:")
            self.until(self.state.items[item].start_ms() + self.t.rule_ms("reserve_after_minutes") + MIN)
            self.command({"type": "seat_reserve", "item": item, "player": absent, "name": "Petar Rezerva"})
            return
        roll = self.rng.random()
        if roll < 0.06:
            self.command({"type": "excuse_absence", "item": item, "player": who, "reason": "ill"})
        elif roll < 0.1:
            self.command({"type": "check_in_all", "item": item})
        else:
            self.command({"type": "check_in", "item": item, "player": who})

    def missing(self, item: str) -> bool:
        return len(self.state.results.get(item, {})) < len(_seated(self.state, item, "tables"))

    def results(self, item: str) -> None:
        for table in _seated(self.state, item, "tables"):
            if str(table["table"]) in self.state.results.get(item, {}):
                continue
            self.until(self.now + self.rng.choice((1, 6)) * MIN)
            values = [self.rng.randint(-60, 80) for _ in table["players"][:-1]]
            self.command({"type": "record_result", "item": item, "table": table["table"],
                          "results": dict(zip(table["players"], [*values, -sum(values)], strict=True))})

    def game_errands(self) -> list[Callable[[str], dict[str, Any] | None]]:
        return [
            lambda item: {"type": "seat_reserve", "item": item, "player": self.player(), "name": "Ana Rezerva"},
            lambda item: {"type": "check_in", "item": item, "player": self.player(), "at": self.ago(),
                          "reason": "from the paper"},
            lambda item: {"type": "penalty", "player": self.player(), "amount": 10, "unit": "bule",
                          "reason": "noise", "item": item},
            lambda item: {"type": "sanction", "player": self.player(), "kind": "misdeal", "item": item},
            lambda item: {"type": "withdraw_player", "player": self.player(), "reason": "left"}
            if self.rng.random() < 0.2 else None,
            lambda item: {"type": "register_player", "name": f"Igrač {len(self.events)}"},
            lambda item: {"type": "record_payment", "what": "entry", "player": self.player(), "amount": 4000},
            lambda item: {"type": "appeal", "item": item, "player": self.player(), "subject": "the count"},
        ]


#: The example, its kind of day, and how many of its rounds or matches are played (the Slovak league's first
#: gathering; the whole Novi Sad season with its final; the whole Čačak tournament).
DAYS: dict[str, tuple[str, type[Day], int | None]] = {
    "slovak": ("slovak-league-2027.toml", BridgeDay, 5), "novi-sad": ("novi-sad-teams-2026.toml", BridgeDay, None),
    "cacak": ("cacak-preferans-2027.toml", PreferansDay, None)}
