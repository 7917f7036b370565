"""What the screens are shown of the sanctions, derived from the state; the commands that
change them are in live/commands/sanctions.py.

The referee's sanctions by kind (RULES.md §1 "Sanctions and appeals", Čačak): the `sanction` command,
and the next step of each kind for each player, which the console proposes without a rule of its own.

    {"type": "sanction", "player": "p04", "kind": "bad_shuffle", "item": "r2"}
    {"type": "sanction", "player": "p04", "kind": "misdeal", "item": "r2", "step": 1, "reason": "13 cards"}
    {"type": "sanction", "player": "p04", "kind": "signalling", "item": "r2", "step": 3}
    {"type": "sanction", "player": "p04", "kind": "deduction", "item": "r2", "points": 1.5,
     "reason": "insulted the referee"}

`kind` is one of `live.rules.sanctions.KINDS`; the step and its bule follow from the preset and the
player's history of that kind (live/rules/sanctions.py). An optional `step` is the step the console
proposed: a sanction another referee recorded in between makes it stale, and the command is refused
instead of silently giving the next step up. The event carries the step, the bule and its penalty
lines, so an undo of an earlier sanction or a change of the rules never rewrites a sanction given.
The lines fold into `State.penalties` like a `penalty` command's, and the undo takes them away.

A signalling step is a measure (`measure` in the event: the leader's warning, the referee's public
warning, "may not follow in that hand") and writes no line. A deduction takes `points` (the referee's
number, in tournament points, refused when not a number above 0 in tenths) and needs a `reason`: its
one line has `unit: "points"`, which the standings subtract from the player's score
(`penalty_points` in the row); the committee reads why in the audit.

Removal from the tournament is not a step: it is `withdraw_player` with the reason.
"""

from __future__ import annotations

from typing import Any

from live.core.state import State
from live.rules import sanctions as S
from live.rules.numbers import json_number


def table_of(state: State, item: str, player: str) -> tuple[int, list[str]] | None:
    """The player's table in a round's published seating: its number and its players."""
    for table in state.seatings.get(item, {}).get("tables", []):
        if player in table["players"]:
            return int(table["table"]), list(table["players"])
    return None


def history(state: State, player: str, kind: str) -> list[dict[str, Any]]:
    """The player's sanctions of a kind in force, oldest first."""
    return [x for x in state.sanctions if x["player"] == player and x["kind"] == kind]


def referee_view(state: State) -> dict[str, Any] | None:
    """The console's `sanctions` section (None when the rules have none): the steps of each kind, every
    sanction in force, the next step of each kind for a player with none yet (`first`), and for each
    player still in the tournament who has some, theirs (`next`) — a line per sanctioned player, not per
    player, so a field of 10,000 sends what its sanctions are."""
    t = state.tournament
    if not S.available(t.rules):
        return None

    def steps(done: list[str]) -> dict[str, dict[str, Any]]:
        return {kind: {"step": x.number, "bule": x.bule, "warning": x.warning, "per_co_player": x.per_co_player,
                       "measure": x.measure} for kind, x in S.next_steps(done, t.rules).items()}

    done: dict[str, list[str]] = {}
    for x in state.sanctions:
        done.setdefault(x["player"], []).append(x["kind"])
    nexts = {player: steps(kinds) for player, kinds in done.items()
             if (p := t.player(player)) is not None and not p.withdrawn}
    # `needs`: the fields a kind takes besides the player and the round (the console shows them); `points`:
    # what a deduction may take (above 0, in steps of `step`, at most `max`).
    return {"kinds": list(S.KINDS), "steps": {kind: S.ladder(kind, t.rules) for kind in S.KINDS},
            "needs": {S.DEDUCTION: ["points", "reason"]},
            "points": {"step": 0.1, "max": json_number(S.MAX_DEDUCTION_POINTS)},
            "recorded": list(state.sanctions), "first": steps([]), "next": nexts}

