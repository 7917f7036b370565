"""A Slovak league of six teams of uneven size (`SLOVAK`) for the appeals and team sheets of team play."""

from __future__ import annotations

from helpers import rounds, tournament

TEAMS6 = [{"id": f"t{k}", "name": f"Tím {k}"} for k in range(1, 7)]

#: t1 has four members, t2 five, t3 three (a file may hold a team short of the minimum), the others five.
SIZES = {"t1": 4, "t2": 5, "t3": 3, "t4": 5, "t5": 5, "t6": 5}

PLAYERS = [{"id": f"{team}p{k}", "name": f"Hráč {team}p{k}", "team": team}
           for team, size in SIZES.items() for k in range(1, size + 1)]

#: 24 boards a match, two parts of 12. Round 1: t1–t6, t2–t5, t3–t4.
SLOVAK = tournament(rounds(3, kind="match", minutes=240, gap=30, boards=24), preset="slovak-league",
                    teams=TEAMS6, players=PLAYERS)
