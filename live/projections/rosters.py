"""What the screens are shown of the rosters, derived from the state; the checks that guard them
are in live/commands/rosters.py.

Who joins a bridge team during the event (RULES.md §2 and §3 "Team sheets"): the checks that
`register_player` makes for a team's new member (live/commands/plan_changes.py calls `member_fields`), the
players' club `rating`, and the console's `rosters` section. The pure rules are in live/rules/rosters.py.

    {"type": "register_player", "team": "t1", "name": "Petar Nikolić", "rating": 1480}
    {"type": "register_player", "team": "t1", "name": "Petar Nikolić", "rating": 1480, "replaces": "t1p4"}

- Slovak §17: a roster has at most `roster_max` (8) members; the 5th and later are added before a
  match starts (refused while a match is being played); a player who has played in the league for one
  team is not added to another. It has at least `roster_min` (4) members still on it: a withdrawal that
  would leave fewer is refused (`check_withdrawal`), a team with fewer is given no line-up
  (`check_lineup`), and the console's roster says `incomplete` (live/rules/rosters.py has the reading).
- Novi Sad: until half of its matches a team may be extended (with players of no other team); from
  then on only by `replaces`: one player (`replacements_after_half`) replaced by a new one whose
  `rating` is not higher than the average of the team's members. The player replaced leaves the team
  (the plan marks them withdrawn, live/core/plan.py); the boards they played stay on the sheets.

Who is "the same player" on two teams is told by the name, as `register_player` always has.
"""

from __future__ import annotations

from typing import Any

from live.core import events as E
from live.core.state import State
from live.core.status import ItemStatus
from live.core.tournament import Player, Tournament
from live.projections.lineups import played
from live.projections.standings import league_schedule
from live.rules import rosters as R


def members(plan: Tournament, team: str) -> list[Player]:
    """Everyone on the team's roster, those who left it included."""
    return [p for p in plan.players if p.team == team]


def league_record(state: State, team: str) -> tuple[int, int]:
    """The team's league matches that have ended, and all it has in the timetable (byes not counted)."""
    schedule = league_schedule(state.tournament)
    done = total = 0
    for s in state.items.values():
        number = s.item.round
        if number is None or number > len(schedule) or not any(team in pair for pair in schedule[number - 1].pairs):
            continue
        total += 1
        done += s.status == ItemStatus.ENDED
    return done, total


def current(plan: Tournament, team: str) -> list[Player]:
    """The members still on the team's roster (not withdrawn): who can play, and who count towards the minimum."""
    return [p for p in members(plan, team) if not p.withdrawn]


def replacements(state: State, team: str) -> list[dict[str, Any]]:
    """The replacements of the team's players in force (`player_registered` with `replaces`)."""
    return [x for x in state.commands if x["type"] == E.PLAYER_REGISTERED and not x["undone"]
            and x["payload"].get("team") == team and x["payload"].get("replaces")]


def referee_view(state: State, counts: dict[str, dict[str, int]] | None = None) -> dict[str, Any]:
    """Per team: its members with their rating and boards, the roster's bounds, whether one more may be
    added now and whether it is `incomplete`, under the minimum with `current` members still on it (Slovak),
    and where the rules have replacements whether one may be made now, against which
    average."""
    t = state.tournament
    counts = counts if counts is not None else played(state)
    most, least, allowed = (t.rules.get(k) for k in ("roster_max", "roster_min", "replacements_after_half"))
    busy = state.item_in_progress()
    out: dict[str, Any] = {}
    for team in t.teams:
        roster = members(t, team.id)
        view: dict[str, Any] = {
            "members": [{"player": p.id, "name": p.name, "rating": p.rating, "withdrawn": p.withdrawn,
                         "substitute": p.substitute, "boards": sum(counts.get(p.id, {}).values())} for p in roster],
            "min": least, "max": most, "current": len(current(t, team.id)),
            "incomplete": least is not None and R.roster_short(len(current(t, team.id)), int(least)),
            "room": None if most is None else not R.roster_full(len(roster), int(most)) and not (
                busy is not None and least is not None and len(roster) >= int(least)),
        }
        if allowed is not None:
            done, total = league_record(state, team.id)
            used = replacements(state, team.id)
            mean = R.average(p.rating for p in roster if not p.withdrawn)
            view["replacement"] = {"after_half": R.after_half(done, total), "played": done, "matches": total,
                                   "allowed": int(allowed), "used": len(used),
                                   "open": R.after_half(done, total) and len(used) < int(allowed),
                                   "average": None if mean is None else R.shown(mean)}
        out[team.id] = view
    return out

