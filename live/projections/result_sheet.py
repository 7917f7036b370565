"""Every recorded result of the day as lines of a sheet: what the organizer takes home in a spreadsheet
(live/edges/web/exports.py `results_csv`), one line per player of a preferans table or per bridge match.

It reads the results as the screens do (`scored_results`: the points, places and VP the rules give, every
correction applied) and names what the screens name by id: the round by its title, the players and the teams
by their names. A forfeit's VP are the ones the standings count (`bridge_scores`: the rules award them from
the rounds before), not written on the screens' line. Its IMPs stay empty: the Slovak league awards each side
IMPs of its own (the innocent team's won are not the guilty team's lost), which no pair of columns says; the
standings' CSV has each team's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from live.projections.standings import bridge_scores, scored_results
from live.rules import bridge
from live.rules.numbers import json_number

if TYPE_CHECKING:
    from live.core.state import State

Number = int | float


class PreferansLine(TypedDict):
    """One player's line of a table: the bule on the slip and what the rules give (None: a walkover has none)."""

    round: str
    table: int
    name: str
    bule: Number | None
    place: int | None
    points: Number
    corrected: bool
    walkover: bool
    absent: bool


class BridgeLine(TypedDict):
    """One match: both teams' IMPs and VP, or the team that did not play it (`forfeit`, its name)."""

    round: str
    home: str
    away: str
    imps_home: Number | None
    imps_away: Number | None
    vp_home: Number | None
    vp_away: Number | None
    forfeit: str | None
    corrected: bool
    provisional: bool
    late_imps: tuple[Number, Number] | None


def result_lines(state: State) -> list[PreferansLine] | list[BridgeLine]:
    """The lines in timetable order, and within a round as the screens list it (by table, or by match)."""
    if state.tournament.game == "preferans":
        return _preferans(state)
    return _bridge(state)


def _preferans(state: State) -> list[PreferansLine]:
    t = state.tournament
    results = scored_results(state)
    names = {p.id: p.name for p in t.players}
    out: list[PreferansLine] = []
    for item in t.items:
        for table in results.get(item.id, ()):
            if "table" not in table:
                continue
            walkover = table["walkover"]
            out.extend({"round": item.title, "table": table["table"], "name": names.get(p["player"], p["player"]),
                        "bule": None if walkover else p["result"], "place": None if walkover else p["place"],
                        "points": p["points"], "corrected": table["corrected"], "walkover": walkover,
                        "absent": p["absent"]} for p in table["players"])
    return out


def _bridge(state: State) -> list[BridgeLine]:
    t = state.tournament
    results = scored_results(state)
    names = {team.id: team.name for team in t.teams}
    awarded: dict[tuple[int, str, str | None], bridge.Score] | None = None
    out: list[BridgeLine] = []
    for item in t.items:
        for match in results.get(item.id, ()):
            if "home" not in match:
                continue
            home, away = match["home"], match["away"]
            line: BridgeLine = {
                "round": item.title, "home": names.get(home, home), "away": names.get(away, away),
                "imps_home": match.get("imps_home"), "imps_away": match.get("imps_away"),
                "vp_home": match.get("vp_home"), "vp_away": match.get("vp_away"), "forfeit": None,
                "corrected": bool(match.get("corrected")), "provisional": bool(match.get("provisional")),
                "late_imps": None,
            }
            late = match.get("late_imps")
            if late is not None:
                line["late_imps"] = (late["home"], late["away"])
            guilty = match.get("forfeit")
            if guilty is not None:
                line["forfeit"] = names.get(guilty, guilty)
                if awarded is None:  # (scored once, and only when a forfeit asks)
                    awarded = {(s.round, s.team, s.opponent): s for s in bridge_scores(state)
                               if s.kind in (bridge.FORFEIT_WON, bridge.FORFEIT_LOST)}
                own, other = (awarded.get((item.round or 0, team, opponent))
                              for team, opponent in ((home, away), (away, home)))
                if own is not None and other is not None:
                    line["vp_home"], line["vp_away"] = json_number(own.vp), json_number(other.vp)
            out.append(line)
    return out
