"""What the screens are shown of the sanctions, derived from the state; the commands that
change them are in live/commands/sanctions.py.
How the rules are read is told there, in its docstring.
"""

from __future__ import annotations

from typing import cast

from live.core import payloads as P
from live.core.records import Kept, tables_of
from live.core.state import State
from live.projections.kept import stamped
from live.projections.wire import Sanction, SanctionStep, SanctionsView
from live.rules import sanctions as S
from live.rules.numbers import json_number


def table_of(state: State, item: str, player: str) -> tuple[int, list[str]] | None:
    """The player's table in a round's published seating: its number and its players."""
    for table in tables_of(state.seatings.get(item)):
        if player in table["players"]:
            return int(table["table"]), list(table["players"])
    return None


def history(state: State, player: str, kind: str) -> list[Kept[P.SanctionRecorded]]:
    """The player's sanctions of a kind in force, oldest first."""
    return [x for x in state.sanctions if x.body.player == player and x.body.kind == kind]


def referee_view(state: State) -> SanctionsView | None:
    """The console's `sanctions` section (None when the rules have none): the steps of each kind, every
    sanction in force, the next step of each kind for a player with none yet (`first`), and for each
    player still in the tournament who has some, theirs (`next`) — a line per sanctioned player, not per
    player, so a field of 10,000 sends what its sanctions are."""
    t = state.tournament
    if not S.available(t.rules):
        return None

    def steps(done: list[str]) -> dict[str, SanctionStep]:
        return {kind: {"step": x.number, "bule": x.bule, "warning": x.warning, "per_co_player": x.per_co_player,
                       "measure": x.measure} for kind, x in S.next_steps(done, t.rules).items()}

    done: dict[str, list[str]] = {}
    for x in state.sanctions:
        done.setdefault(x.body.player, []).append(x.body.kind)
    nexts = {player: steps(kinds) for player, kinds in done.items()
             if (p := t.player(player)) is not None and not p.withdrawn}
    # `needs`: the fields a kind takes besides the player and the round (the console shows them); `points`:
    # what a deduction may take (above 0, in steps of `step`, at most `max`).
    return {"kinds": list(S.KINDS), "steps": {kind: S.ladder(kind, t.rules) for kind in S.KINDS},
            "needs": {S.DEDUCTION: ["points", "reason"]},
            "points": {"step": 0.1, "max": json_number(S.MAX_DEDUCTION_POINTS)},
            "recorded": cast(list[Sanction], [stamped(x) for x in state.sanctions]), "first": steps([]), "next": nexts}

