"""Slovak leagues of a season for the season's tests (tests/integration/test_season.py and
tests/browser/test_season_pages.py): a league's tournament file with its matches not played yet, and every
match of one played and its overall results published."""

from __future__ import annotations

from pathlib import Path

from server import Server, round_entry, tournament_toml

#: A §24.1 term for complaints of 8.64 s (a short competition's term is the organizer's): standings turn final
#: by the clock within a test.
TERM_DAYS = 0.0001


def league_file(path: Path, name: str, teams: list[str], term_days: float = 15.0) -> None:
    """A Slovak league `name` of `teams` (their names; ids t1, t2, …) with four players each, a match a round
    five hours apart, started and ended by the referee; `term_days`, its §24.1 term for complaints."""
    ids = [f"t{n}" for n in range(1, len(teams) + 1)]
    rounds = len(ids) - 1 if len(ids) % 2 == 0 else len(ids)
    roster = [{"id": f"{team}p{k}", "name": f"Hráč {team}p{k} {name}", "team": team}
              for team in ids for k in range(1, 5)]
    timetable = [round_entry(f"m{n}", n, start_in=3600 + 5 * 3600 * n, minutes=240, kind="match", boards=24)
                 for n in range(1, rounds + 1)]
    rules = {"auto_start": False, "auto_end": False, "appeal_window_days": term_days}
    text = tournament_toml(name=name, timezone="Europe/Bratislava", preset="slovak-league", timetable=timetable,
                           players=roster, rules=rules)
    text += "".join(f'\n[[teams]]\nid = "{team}"\nname = "{label}"\n' for team, label in zip(ids, teams, strict=True))
    path.write_text(text, encoding="utf-8")


async def play_all(server: Server, rounds: int) -> None:
    """Every match of `rounds` played and recorded (the home team wins each), the overall results published."""
    for n in range(1, rounds + 1):
        item = f"m{n}"
        seating = await server.acked_event({"type": "publish_seating", "item": item})
        await server.acked_event({"type": "start_round", "item": item})
        for match in seating["payload"]["matches"]:
            await server.acked_event({"type": "record_result", "item": item, "home": match["home"],
                                      "away": match["away"], "imps_home": 30 + n, "imps_away": 20})
        await server.acked_event({"type": "end_round", "item": item})
    await server.acked_event({"type": "publish_results"})
