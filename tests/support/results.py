"""The scoring on a fake clock: `Session`, a referee whose commands are decided against the fold of the log;
the tournaments (preferans for six and for seven, Novi Sad teams, Slovak league), the seeds that seat them
in a known order, the slips, the named situations of `session(setup)`, and `VALID`, a valid case of each
scoring command (tests/unit/test_commands.py checks that every command type has one)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from helpers import MIN, SEC, T0, item, rounds, stored, tournament

from live.commands.decide import CommandError, decide
from live.core import events as E
from live.core.events import Event, NewEvent
from live.core.state import State, fold
from live.core.tournament import Tournament
from live.projections.standings import scored_results
from live.rules import seating

PLAYERS = [
    {"id": "p1", "name": "Milan"}, {"id": "p2", "name": "Jelena", "lady": True}, {"id": "p3", "name": "Dragan"},
    {"id": "p4", "name": "Vesna", "lady": True}, {"id": "p5", "name": "Bojan"}, {"id": "p6", "name": "Ana"},
]

IDS = [p["id"] for p in PLAYERS]

PREFERANS = tournament(rounds(3), players=PLAYERS)

PREFERANS7 = tournament(rounds(3), players=[*PLAYERS, {"id": "p7", "name": "Zoran"}])

TEAMS5 = [{"id": f"t{k}", "name": f"Team {k}"} for k in range(1, 6)]

MATCH = 105 * MIN  # 90 minutes of play + 15 of scoring

NOVI_SAD = tournament(
    [*rounds(10, kind="match", minutes=90, gap=15, boards=12),
     item("m11", T0 + 10 * MATCH, 180, "match", boards=40, title="Final")],
    preset="novi-sad-teams", teams=TEAMS5,
)

TEAMS6 = [{"id": f"t{k}", "name": f"Tím {k}"} for k in range(1, 7)]

SLOVAK = tournament(rounds(10, kind="match", minutes=240, gap=30, boards=24), preset="slovak-league", teams=TEAMS6)

TOURNAMENTS = {"preferans": PREFERANS, "preferans7": PREFERANS7, "novi-sad": NOVI_SAD, "slovak": SLOVAK}

#: The round-1 draw with seed 7, as live/rules/seating.py makes it (the tests of a seated round use it).
SEED = 7

DRAWN = [list(x.players) for x in seating.draw(IDS, SEED)]

TABLE1 = {"p1": 37, "p2": -12, "p3": -25}  # docs/rules/cacak.md#scoring: 4.3 / 2.9 / 0.8

TABLE2 = {"p4": 50, "p5": 10, "p6": -60}  # 4.5 / 3.1 / 0.4

#: The seed whose draw seats p1 p2 p3 at table 1 and p4 p5 p6 at table 2 (TABLE1 and TABLE2): a
#: preferans round starts only once its seating is published, so the tests of a running round use it.
IN_ORDER = 654

#: The same for seven players: p1–p4 at table 1 (a table of four), p5–p7 at table 2.
IN_ORDER7 = 11164


class Session:
    """A referee at the desk: each command is decided against the fold of the log so far and stored."""

    def __init__(self, t: Tournament) -> None:
        self.t = t
        self.events: list[Event] = []
        self.now = T0 - 30 * MIN

    @property
    def state(self) -> State:
        return fold(self.t, self.events)

    def do(self, kind: str, **fields: Any) -> Event:
        self.now += SEC
        (new,) = decide(self.t, self.state, {"type": kind, **fields}, self.now)
        return stored(self.events, new, self.now)

    def log(self, kind: str, **payload: Any) -> Event:
        """An event stored as the log holds it, without a command deciding it now (an older log)."""
        self.now += SEC
        return stored(self.events, NewEvent(kind, "referee", payload), self.now)

    def refuse(self, command: dict[str, Any]) -> CommandError:
        """The error a command is refused with; nothing is stored."""
        before = list(self.events)
        with pytest.raises(CommandError) as info:
            decide(self.t, self.state, command, self.now)
        assert self.events == before
        return info.value

    def run(self, command: dict[str, Any]) -> Event:
        """`do` with the command as the console sends it (its `type` in the dict)."""
        return self.do(command["type"], **{k: v for k, v in command.items() if k != "type"})

    def refused(self, command: dict[str, Any], status: int, field: str, rule: str | None = None,
                words: str = "") -> CommandError:
        """`refuse`, and the refusal has `status`, names `field` (and `rule`) and says `words`."""
        error = self.refuse(command)  # (asserts that nothing was written)
        assert (error.status, error.detail["field"]) == (status, field), error.to_json()
        if rule is not None:
            assert error.detail["rule"] == rule, error.to_json()
        assert words in error.error, error.error
        return error

    def play(self, item_id: str, results: Callable[[str, str], tuple[int, int]]) -> None:
        """A whole bridge round: publish its Berger seating, start it, a result for each match, end it."""
        self.do("publish_seating", item=item_id)
        self.do("start_round", item=item_id)
        for match in self.state.seatings[item_id].body.matches:
            imps_home, imps_away = results(match["home"], match["away"])
            self.do("record_result", item=item_id, home=match["home"], away=match["away"],
                    imps_home=imps_home, imps_away=imps_away)
        self.do("end_round", item=item_id)


def record(table: int, results: dict[str, int], item_id: str = "r1", **more: Any) -> dict[str, Any]:
    return {"type": "record_result", "item": item_id, "table": table, "results": results, **more}


def seated(table: int, values: tuple[int, ...]) -> dict[str, int]:
    """Results for the players the seed-7 draw put at `table`, in seat order."""
    return dict(zip(DRAWN[table - 1], values, strict=True))


PUBLISH_IN_ORDER = {"type": "publish_seating", "item": "r1", "seed": IN_ORDER}  # TABLE1 at 1, TABLE2 at 2

START_R1 = {"type": "start_round", "item": "r1"}

#: A round started without a published seating, as a log from before seatings were required holds it
#: (not a command: the round could not be started now): its results are checked without tables.
UNSEATED_START = {"event": E.ROUND_STARTED, "item": "r1"}

# Named situations: (tournament, the commands that lead to them).
SETUPS: dict[str, tuple[str, list[dict[str, Any]]]] = {
    "empty": ("preferans", []),
    "r1 running": ("preferans", [PUBLISH_IN_ORDER, START_R1]),
    "r1 recorded": ("preferans", [PUBLISH_IN_ORDER, START_R1, record(1, TABLE1)]),
    "r1 ended": ("preferans", [PUBLISH_IN_ORDER, START_R1, record(1, TABLE1), {"type": "end_round", "item": "r1"}]),
    "r1 seated": ("preferans", [{"type": "publish_seating", "item": "r1", "seed": SEED}, START_R1]),
    "r1 scored": ("preferans", [PUBLISH_IN_ORDER, START_R1, record(1, TABLE1), record(2, TABLE2),
                                {"type": "end_round", "item": "r1"}]),
    "r1 running, seven players": ("preferans7", [{"type": "publish_seating", "item": "r1", "seed": IN_ORDER7},
                                                 START_R1]),
    "r1 running unseated": ("preferans", [UNSEATED_START]),
    "r1 recorded unseated": ("preferans", [UNSEATED_START, record(1, TABLE1)]),
    # a correction moved p1–p3 off table 1 and they were entered at table 2: undoing it would
    # bring back p1–p3 at table 1 as well (only without a seating, which fixes who sits where)
    "r1 corrected away unseated": ("preferans", [
        UNSEATED_START, record(1, TABLE1),
        {"type": "correct_result", "item": "r1", "table": 1, "results": TABLE2, "reason": "wrong table"},
        record(2, TABLE1),
    ]),
    "novi-sad empty": ("novi-sad", []),
    "m1 seated": ("novi-sad", [{"type": "publish_seating", "item": "m1"}]),
    "m1 running": ("novi-sad", [{"type": "publish_seating", "item": "m1"}, {"type": "start_round", "item": "m1"}]),
    "m1 recorded": ("novi-sad", [
        {"type": "publish_seating", "item": "m1"}, {"type": "start_round", "item": "m1"},
        {"type": "record_result", "item": "m1", "home": "t2", "away": "t5", "imps_home": 30, "imps_away": 10},
    ]),
    "m1 forfeited": ("novi-sad", [
        {"type": "publish_seating", "item": "m1"}, {"type": "start_round", "item": "m1"},
        {"type": "forfeit", "item": "m1", "team": "t5"},
    ]),
    "m1 unseated": ("novi-sad", [{"type": "start_round", "item": "m1"}]),
    "m1 unseated, t1–t2 recorded": ("novi-sad", [
        {"type": "start_round", "item": "m1"},
        {"type": "record_result", "item": "m1", "home": "t1", "away": "t2", "imps_home": 3, "imps_away": 4},
    ]),
    "slovak m1 running": ("slovak", [{"type": "publish_seating", "item": "m1"},
                                     {"type": "start_round", "item": "m1"}]),
}


def session(setup: str) -> Session:
    which, commands = SETUPS[setup]
    s = Session(TOURNAMENTS[which])
    for command in commands:
        if "event" in command:
            s.log(command["event"], **{k: v for k, v in command.items() if k != "event"})
        else:
            s.do(command["type"], **{k: v for k, v in command.items() if k != "type"})
    return s


#: (case, setup, command, event type, payload); the setups are `session`'s. tests/unit/test_commands.py checks
#: that, with its own cases, every command type in FIELDS has a valid case.
VALID: list[tuple[str, str, dict[str, Any], str, dict[str, Any]]] = [
    ("record a preferans table", "r1 running", record(1, TABLE1), E.RESULT_RECORDED,
     {"item": "r1", "table": 1, "results": TABLE1}),
    ("record a table with the supe for tie-breaks", "r1 running",
     record(1, {"p1": 20, "p2": 20, "p3": -40}, supe={"p1": {"p2": 30, "p3": 80}, "p2": {"p1": 50}}),
     E.RESULT_RECORDED, {"item": "r1", "table": 1, "results": {"p1": 20, "p2": 20, "p3": -40},
                         "supe": {"p1": {"p2": 30, "p3": 80}, "p2": {"p1": 50}}}),
    ("record a table of four", "r1 running, seven players", record(1, {"p1": 40, "p2": 10, "p3": -20, "p4": -30}),
     E.RESULT_RECORDED, {"item": "r1", "table": 1, "results": {"p1": 40, "p2": 10, "p3": -20, "p4": -30}}),
    ("record a table of four without a seating", "r1 running unseated",
     record(1, {"p1": 40, "p2": 10, "p3": -20, "p4": -30}),
     E.RESULT_RECORDED, {"item": "r1", "table": 1, "results": {"p1": 40, "p2": 10, "p3": -20, "p4": -30}}),
    ("record a walkover", "r1 running",
     {"type": "record_result", "item": "r1", "table": 2, "walkover": "p4", "absent": ["p5", "p6"]},
     E.RESULT_RECORDED, {"item": "r1", "table": 2, "walkover": "p4", "absent": ["p5", "p6"]}),
    ("record a seated table", "r1 seated", record(2, seated(2, (10, 0, -10))), E.RESULT_RECORDED,
     {"item": "r1", "table": 2, "results": seated(2, (10, 0, -10))}),
    ("record a table of an ended round", "r1 ended", record(2, TABLE2), E.RESULT_RECORDED,
     {"item": "r1", "table": 2, "results": TABLE2}),
    ("correct a table", "r1 recorded",
     {"type": "correct_result", "item": "r1", "table": 1, "results": {"p1": -25, "p2": -12, "p3": 37},
      "reason": "  slip read upside down "},
     E.RESULT_CORRECTED, {"item": "r1", "table": 1, "results": {"p1": -25, "p2": -12, "p3": 37},
                          "reason": "slip read upside down", "replaces": 3}),
    ("publish the round-1 draw", "empty", {"type": "publish_seating", "item": "r1", "seed": SEED},
     E.SEATING_PUBLISHED, {"item": "r1", "method": "draw", "seed": SEED,
                           "tables": [{"table": 1, "players": DRAWN[0]}, {"table": 2, "players": DRAWN[1]}]}),
    ("publish round 2 from the standings", "r1 scored", {"type": "publish_seating", "item": "r2"},
     E.SEATING_PUBLISHED, {"item": "r2", "method": "standings", "after": "r1",
                           "tables": [{"table": 1, "players": ["p4", "p1", "p5"]},
                                      {"table": 2, "players": ["p2", "p3", "p6"]}]}),
    ("a penalty in bule", "empty",
     {"type": "penalty", "player": "p2", "amount": 4, "unit": "bule", "reason": "bad shuffle, second time"},
     E.PENALTY_APPLIED, {"player": "p2", "amount": 4, "unit": "bule", "reason": "bad shuffle, second time"}),
    ("a penalty in bule during a round", "r1 running",
     {"type": "penalty", "player": "p3", "amount": 2, "unit": "bule", "reason": "misdeal", "item": "r1"},
     E.PENALTY_APPLIED, {"player": "p3", "amount": 2, "unit": "bule", "reason": "misdeal", "item": "r1"}),
    ("publish a Berger round with its bye", "novi-sad empty", {"type": "publish_seating", "item": "m1"},
     E.SEATING_PUBLISHED, {"item": "m1", "method": "berger", "round": 1, "bye": "t1",
                           "matches": [{"home": "t2", "away": "t5"}, {"home": "t3", "away": "t4"}]}),
    ("publish a return round: home and away reversed", "novi-sad empty", {"type": "publish_seating", "item": "m6"},
     E.SEATING_PUBLISHED, {"item": "m6", "method": "berger", "round": 6, "bye": "t1",
                           "matches": [{"home": "t5", "away": "t2"}, {"home": "t4", "away": "t3"}]}),
    ("record a bridge match", "m1 running",
     {"type": "record_result", "item": "m1", "home": "t2", "away": "t5", "imps_home": 30, "imps_away": 10},
     E.RESULT_RECORDED, {"item": "m1", "home": "t2", "away": "t5", "imps_home": 30, "imps_away": 10}),
    ("record a bridge match with IMPs written as 12.0", "m1 running",
     {"type": "record_result", "item": "m1", "home": "t3", "away": "t4", "imps_home": 12.0, "imps_away": 0},
     E.RESULT_RECORDED, {"item": "m1", "home": "t3", "away": "t4", "imps_home": 12, "imps_away": 0}),
    ("record a match without a published seating", "m1 unseated",
     {"type": "record_result", "item": "m1", "home": "t1", "away": "t2", "imps_home": 3, "imps_away": 4},
     E.RESULT_RECORDED, {"item": "m1", "home": "t1", "away": "t2", "imps_home": 3, "imps_away": 4}),
    ("correct a bridge match", "m1 recorded",
     {"type": "correct_result", "item": "m1", "home": "t2", "away": "t5", "imps_home": 31, "imps_away": 10,
      "reason": "board 7 rescored"},
     E.RESULT_CORRECTED, {"item": "m1", "home": "t2", "away": "t5", "imps_home": 31, "imps_away": 10,
                          "reason": "board 7 rescored", "replaces": 3}),
    ("a forfeit", "m1 running", {"type": "forfeit", "item": "m1", "team": "t5", "reason": "absent at 30 minutes"},
     E.MATCH_FORFEITED, {"item": "m1", "home": "t2", "away": "t5", "guilty": "t5", "reason": "absent at 30 minutes"}),
    ("a forfeit of the home team, before the start", "m1 seated", {"type": "forfeit", "item": "m1", "team": "t3"},
     E.MATCH_FORFEITED, {"item": "m1", "home": "t3", "away": "t4", "guilty": "t3"}),
    ("a VP penalty", "novi-sad empty",
     {"type": "penalty", "team": "t3", "amount": 1.5, "unit": "vp", "reason": "10 minutes over time"},
     E.PENALTY_APPLIED, {"team": "t3", "amount": 1.5, "unit": "vp", "reason": "10 minutes over time"}),
    ("a Slovak league match", "slovak m1 running",
     {"type": "record_result", "item": "m1", "home": "t1", "away": "t6", "imps_home": 100, "imps_away": 10},
     E.RESULT_RECORDED, {"item": "m1", "home": "t1", "away": "t6", "imps_home": 100, "imps_away": 10}),
    ("a team withdraws", "m1 recorded", {"type": "withdraw", "team": "t3", "reason": " the team left the event "},
     E.TEAM_WITHDRAWN, {"team": "t3", "reason": "the team left the event"}),
]


def tables(state: State) -> dict[tuple[str, int], list[dict[str, Any]]]:
    return {(item_id, t["table"]): t["players"] for item_id, ts in scored_results(state).items() for t in ts}
