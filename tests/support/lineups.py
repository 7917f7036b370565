"""Team sheets on a fake clock: the Novi Sad teams tournament, `sheet`, `break_signal`, `started`, and
`VALID`, a valid case of each team-sheet command (tests/unit/test_commands.py checks that every command type
has one)."""

from __future__ import annotations

from typing import Any

from helpers import MIN, SEC, T0, item, rounds, stored, tournament

from live.core import events as E
from live.core.events import NewEvent
from support.results import Session

TEAMS5 = [{"id": f"t{k}", "name": f"Team {k}"} for k in range(1, 6)]

#: t1: four rated members (average 1500); t2: six (a–f); t3–t5: four each.
RATINGS = {"a1": 1400, "a2": 1500, "a3": 1600, "a4": 1500}

NOVI_SAD_PLAYERS = [
    *({"id": p, "name": f"Player {p}", "team": "t1", "rating": r} for p, r in RATINGS.items()),
    *({"id": f"b{k}", "name": f"Player b{k}", "team": "t2"} for k in "abcdef"),
    *({"id": f"{team}p{k}", "name": f"Player {team}p{k}", "team": team} for team in ("t3", "t4", "t5")
      for k in range(1, 5)),
]

MATCH = 105 * MIN

NOVI_SAD = tournament(
    [*rounds(10, kind="match", minutes=90, gap=15, boards=12),
     item("m11", T0 + 10 * MATCH, 180, "match", boards=40, title="Final")],
    preset="novi-sad-teams", teams=TEAMS5, players=NOVI_SAD_PLAYERS)

T2 = ["ba", "bb", "bc", "bd"]

S1 = ["t1p1", "t1p2", "t1p3", "t1p4"]


def sheet(team: str, *parts: list[str], item_: str = "m1", subs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    command: dict[str, Any] = {"type": "lineup", "item": item_, "team": team, "parts": [list(x) for x in parts]}
    if subs is not None:
        command["substitutions"] = subs
    return command


def break_signal(s: Session, item_: str = "m1", part: int = 1, parts: int = 2) -> None:
    s.now += SEC
    stored(s.events, NewEvent(E.BREAK_ANNOUNCED, "scheduler", {"item": item_, "part": part, "parts": parts}), s.now)


def started(t: Any = NOVI_SAD, item_: str = "m1") -> Session:
    s = Session(t)
    s.do("publish_seating", item=item_)
    s.do("start_round", item=item_)
    return s


#: (case, setup, command, event type, payload); the setups are tests/unit/test_lineups.py's.
VALID: list[tuple[str, str, dict[str, Any], str, dict[str, Any]]] = [
    ("a line-up with a referee's substitute", "novi-sad m1 running",
     sheet("t2", T2, subs=[{"part": 1, "out": "bb", "substitute": "  Petar  Petrović ", "boards": 3}]),
     E.LINEUP_ENTERED, {"item": "m1", "team": "t2", "parts": [T2], "fixes": [1],
                        "substitutions": [{"part": 1, "out": "bb", "boards": 3, "substitute": "Petar Petrović"}]}),
    ("a line-up with the director's substitution", "slovak m1 running",
     sheet("t1", S1, subs=[{"part": 1, "out": "t1p4", "in": "t1p5", "boards": 2}]),
     E.LINEUP_ENTERED, {"item": "m1", "team": "t1", "parts": [S1], "fixes": [1],
                        "substitutions": [{"part": 1, "out": "t1p4", "boards": 2, "in": "t1p5"}]}),
]
