"""What the screens are shown of the rosters, derived from the state; the checks that guard them
are in live/commands/rosters.py.
How the rules are read is told there, in its docstring.
"""

from __future__ import annotations

from live.core import events as E
from live.core.memo import remember_last
from live.core.records import AuditEntry
from live.core.state import State
from live.core.status import ItemStatus
from live.core.tournament import Player, Tournament
from live.projections.lineups import played
from live.projections.matches import league_schedule
from live.projections.wire import RosterTeam
from live.rules import rosters as roster_rules
from live.rules.berger import BergerRound


@remember_last
def _playing(schedule: tuple[BergerRound[str], ...]) -> tuple[frozenset[str], ...]:
    """The teams that play in each Berger round (not the bye): asked once per team and round."""
    return tuple(frozenset(team for pair in r.pairs for team in pair) for r in schedule)


def league_record(state: State, team: str) -> tuple[int, int]:
    """The team's league matches that have ended, and all it has in the timetable (byes not counted)."""
    playing = _playing(league_schedule(state.tournament))
    done = total = 0
    for s in state.items.values():
        number = s.item.round
        if number is None or number > len(playing) or team not in playing[number - 1]:
            continue
        total += 1
        done += s.status == ItemStatus.ENDED
    return done, total


def current(plan: Tournament, team: str) -> list[Player]:
    """The members still on the team's roster (not withdrawn): who can play, and who count towards the minimum."""
    return [p for p in plan.members(team) if not p.withdrawn]


def replacements(state: State, team: str) -> list[AuditEntry]:
    """The replacements of the team's players in force (`player_registered` with `replaces`)."""
    return replacements_by_team(state).get(team, [])


def replacements_by_team(state: State) -> dict[str, list[AuditEntry]]:
    """team → its replacements in force: the audit read once for every team's line."""
    out: dict[str, list[AuditEntry]] = {}
    for x in state.commands:
        team = x["payload"].get("team")
        if x["type"] == E.PLAYER_REGISTERED and not x["undone"] and x["payload"].get("replaces") and \
                isinstance(team, str):
            out.setdefault(team, []).append(x)
    return out


def referee_view(state: State, counts: dict[str, dict[str, int]] | None = None) -> dict[str, RosterTeam]:
    """Per team: its members with their rating and boards, the roster's bounds, whether one more may be
    added now and whether it is `incomplete`, under the minimum with `current` members still on it (Slovak),
    and where the rules have replacements whether one may be made now, against which
    average."""
    t = state.tournament
    counts = counts if counts is not None else played(state)
    most, least, allowed = (t.rules.get(k) for k in ("roster_max", "roster_min", "replacements_after_half"))
    busy = state.item_in_progress()
    replaced = replacements_by_team(state) if allowed is not None else {}
    out: dict[str, RosterTeam] = {}
    for team in t.teams:
        roster = t.members(team.id)
        still = [p for p in roster if not p.withdrawn]
        view: RosterTeam = {
            "members": [{"player": p.id, "name": p.name, "rating": p.rating, "withdrawn": p.withdrawn,
                         "substitute": p.substitute, "boards": sum(counts.get(p.id, {}).values())} for p in roster],
            "min": least, "max": most, "current": len(still),
            "incomplete": least is not None and roster_rules.roster_short(len(still), int(least)),
            "room": None if most is None else not roster_rules.roster_full(len(roster), int(most)) and not (
                busy is not None and least is not None and len(roster) >= int(least)),
        }
        if allowed is not None:
            done, total = league_record(state, team.id)
            used = replaced.get(team.id, [])
            mean = roster_rules.average(p.rating for p in still)
            view["replacement"] = {"after_half": roster_rules.after_half(done, total), "played": done, "matches": total,
                                   "allowed": int(allowed), "used": len(used),
                                   "open": roster_rules.after_half(done, total) and len(used) < int(allowed),
                                   "average": None if mean is None else roster_rules.shown(mean)}
        out[team.id] = view
    return out

