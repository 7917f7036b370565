"""The matches of a bridge league's rounds: the Berger schedule the league follows (single, or double when the
timetable has the rounds for it), and each round's matches as the hall knows them, published or not.

Apart from the standings that rank them, so that what reads the matches below the standings (who is expected
at the door: live/projections/checkin_lists.py) knows them too.
"""

from __future__ import annotations

from live.core.absent import given
from live.core.memo import remember_last
from live.core.state import State
from live.core.tournament import Team, Tournament
from live.rules.berger import BergerRound, berger

#: The last schedules made, by the teams they were made for (the same tuple while the roster does not change):
#: the views ask for the schedule once per team and match, and a league of 2,500 teams takes seconds to draw.
_SCHEDULES: list[tuple[tuple[Team, ...], bool, tuple[BergerRound[str], ...]]] = []


@remember_last
def league_schedule(t: Tournament) -> tuple[BergerRound[str], ...]:
    """The Berger rounds of the league: single, or double when the timetable has the rounds for it.
    Rounds after these (the Novi Sad final) are not part of the league table."""
    teams = [team.id for team in t.teams]
    if len(teams) < 2:
        return ()
    single = len(teams) + len(teams) % 2 - 1
    rounds = [i.round for i in t.items if i.playing and i.round and i.round <= 2 * single]
    double = max(rounds, default=0) > single
    for known, was_double, schedule in _SCHEDULES:
        if known is t.teams and was_double == double:
            return schedule
    schedule = berger(teams, double=double)
    _SCHEDULES[:] = [(t.teams, double, schedule), *_SCHEDULES[:3]]
    return schedule


def match_pairs(state: State, item_id: str) -> list[tuple[str, str]] | None:
    """The matches (home, away) of a round: its published seating, else the league's Berger round;
    None for a round after the league (the Novi Sad final) before its seating is published."""
    published = state.seatings.get(item_id)
    if published is not None:
        return [(m["home"], m["away"]) for m in given(published.body.matches, [])]
    s = state.items.get(item_id)
    schedule = league_schedule(state.tournament)
    number = s.item.round if s is not None else None
    if number is None or number > len(schedule):
        return None
    return list(schedule[number - 1].pairs)
