"""Who takes part in the day: the field, derived here once for every list that names players.

A player withdrawn before playing (at the door: `withdraw_player` before any round they sat at) is gone
from the day. He is not ranked (a field of 9 is "4th of 9", not "of 10"), owes no fee at the desk, and
no picker, code list or slip offers him. A player who withdrew after playing keeps his rounds
(docs/rules/cacak.md#withdrawal: they were played and count; live/core/tournament.py `Player.withdrawn`),
so he stays in the standings, but he too is offered for no round to come.

So each player is one of three (`standing`):

- `PLAYING`: on the roster and not withdrawn: ranked, and offered for the rounds to come;
- `LEFT`: withdrew after taking part: ranked with what he played, offered for nothing to come;
- `GONE`: withdrew before taking part: in no list of the day (the roster card and the audit still
  name him: his withdrawal is a command like any other, and an undo brings him back).

Taking part: sitting at a table of a round that has started (preferans: the published seating; a reserve
playing the seat of an absent player plays it for him, docs/rules/cacak.md#reserve), or a result that names him;
in a team event, a check-in for a match that has started, or a team sheet in force that names him.
"""

from __future__ import annotations

from live.core import payloads as P
from live.core.absent import given
from live.core.records import tables_of
from live.core.state import State
from live.core.tournament import Player

PLAYING, LEFT, GONE = "playing", "left", "gone"


def took_part(state: State) -> frozenset[str]:
    """The players who have taken part in a round or match that started (see the module)."""
    return state.derived("took_part", lambda: _took_part(state))


def _took_part(state: State) -> frozenset[str]:
    out: set[str] = set()
    for item_id, s in state.items.items():
        if s.started_at is None:
            continue
        for table in tables_of(state.seatings.get(item_id)):
            out.update(table["players"])
        for entry in state.results.get(item_id, {}).values():
            out.update(_named_in_result(entry.body))
        out.update(state.check_ins.get(item_id, {}))
        for sheet in state.lineups.get(item_id, {}).values():
            out.update(p for part in sheet.body.parts for p in part)
            out.update(x["in"] for x in given(sheet.body.substitutions, []) if x.get("in"))
    return frozenset(out)


def _named_in_result(entry: P.ResultRecorded) -> set[str]:
    """The players a preferans result names: its lines, or a walkover's winner and absent players."""
    named = set(given(entry.results, ()))
    if isinstance(entry.walkover, str) and entry.walkover:
        named.add(entry.walkover)
        named.update(given(entry.absent, ()))
    return named


def standing(state: State, player: Player) -> str:
    """`PLAYING`, `LEFT` or `GONE` (see the module)."""
    if not player.withdrawn:
        return PLAYING
    return LEFT if player.id in took_part(state) else GONE


def ranked(state: State) -> list[Player]:
    """The players of the day's standings and desk, in the roster's order: everyone but the gone."""
    return [p for p in state.tournament.players if standing(state, p) != GONE]


def playing(state: State) -> list[Player]:
    """The players the rounds to come are for (pickers, check-in codes and slips), in the roster's order."""
    return [p for p in state.tournament.players if not p.withdrawn]


def gone(state: State, player_id: str) -> bool:
    """Whether the player withdrew before taking part (an unknown id is not gone: it is unknown)."""
    player = state.tournament.player(player_id)
    return player is not None and standing(state, player) == GONE


__all__ = ["GONE", "LEFT", "PLAYING", "gone", "playing", "ranked", "standing", "took_part"]
