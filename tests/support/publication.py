"""The overall results published and approved (Slovak §24.1, live/commands/publication.py): a Slovak day of two
rounds played with every result in, and a valid case of each command (tests/unit/test_commands.py checks that every
command type has one; tests/unit/test_results_final.py runs them)."""

from __future__ import annotations

from typing import Any

from helpers import rounds, tournament

from live.core import events as E
from support.results import Session

TEAMS4 = [{"id": f"t{k}", "name": f"Tím {k}"} for k in range(1, 5)]
PLAYERS = [{"id": f"{team['id']}p{k}", "name": f"Hráč {team['id']}p{k}", "team": team["id"]}
           for team in TEAMS4 for k in range(1, 5)]
SHORT = tournament(rounds(2, kind="match", minutes=240, gap=30, boards=24), preset="slovak-league",
                   teams=TEAMS4, players=PLAYERS)


def finished(t: Any = SHORT) -> Session:
    """Both rounds of `t` played with every result in."""
    s = Session(t)
    for item in ("m1", "m2"):
        s.do("publish_seating", item=item)
        s.do("start_round", item=item)
        for match in s.state.seatings[item].body.matches:
            s.do("record_result", item=item, home=match["home"], away=match["away"], imps_home=30, imps_away=20)
        s.do("end_round", item=item)
    return s


def appeal(item: str = "m2") -> dict[str, Any]:
    return {"type": "appeal", "team": "t1", "item": item, "subject": "the director's ruling on board 7",
            "captain": "Ján Kapitán"}


def session(setup: str) -> Session:
    """`finished`, then: "published" the results published; "appealed" and an appeal lodged after."""
    s = finished()
    if setup in ("published", "appealed"):
        s.do("publish_results")
    if setup == "appealed":
        s.run(appeal())
    return s


#: (name, setup, command, event type, payload)
VALID: list[tuple[str, str, dict[str, Any], str, dict[str, Any]]] = [
    ("the overall results published", "played", {"type": "publish_results", "reason": " on the web "},
     E.RESULTS_PUBLISHED, {"reason": "on the web"}),
    ("the results approved over an open appeal", "appealed",
     {"type": "approve_results", "reason": "4th place only"}, E.RESULTS_APPROVED,
     {"appeals": [12], "reason": "4th place only"}),  # (the appeal is the 12th event of the setup)
]
