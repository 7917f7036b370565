"""Team sheets and rosters with the real server (docs/rules/team-sheets.md): a Novi Sad season's
line-ups over HTTP → the boards each player played → the eligible players of `GET /api/individual`
(40 % of the team's boards, the final counted for the finalists); a replacement after half of the
matches; the undo of a line-up; the Slovak roster and sit-out rules; and every bad input a 4xx
naming the field with nothing written.

`live serve` subprocesses whose matches start an hour from now and later; the scheduler starts and
ends nothing (`auto_start`, `auto_end` off): the referee does, so no break signal comes and each
sheet's substitutions are recorded after the match. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server import REFEREE_TOKEN, Server, is_event, is_type, round_entry, start_server, tournament_toml

SCENARIO_TIMEOUT = 120.0
REFEREE = {"Authorization": f"Bearer {REFEREE_TOKEN}"}
MANUAL = {"auto_start": False, "auto_end": False}

#: t1 a1–a6, t2 b1–b4, t3 c1–c6, t4 d1–d5 (rated 1000–1800: average 1400), t5 e1–e4.
ROSTERS = {"t1": "a", "t2": "b", "t3": "c", "t4": "d", "t5": "e"}
SIZES = {"t1": 6, "t2": 4, "t3": 6, "t4": 5, "t5": 4}
RATINGS = {"d1": 1000, "d2": 1200, "d3": 1400, "d4": 1600, "d5": 1800}
#: The Berger double round robin of five teams (live/rules/berger.py): (home, away) per round; one bye.
SCHEDULE = {1: [("t2", "t5"), ("t3", "t4")], 2: [("t5", "t3"), ("t1", "t2")], 3: [("t3", "t1"), ("t4", "t5")],
            4: [("t1", "t4"), ("t2", "t3")], 5: [("t4", "t2"), ("t5", "t1")], 6: [("t5", "t2"), ("t4", "t3")],
            7: [("t3", "t5"), ("t2", "t1")], 8: [("t1", "t3"), ("t5", "t4")], 9: [("t4", "t1"), ("t3", "t2")],
            10: [("t2", "t4"), ("t1", "t5")]}
#: IMPs each team scores in every match: t1 wins all, t2 all but against t1 (so t1 and t2 are the finalists).
STRENGTH = {"t1": 50, "t2": 40, "t3": 30, "t4": 20, "t5": 10}


def players() -> list[dict[str, Any]]:
    out = []
    for team, letter in ROSTERS.items():
        for k in range(1, SIZES[team] + 1):
            ident = f"{letter}{k}"
            entry: dict[str, Any] = {"id": ident, "name": f"Igrač {ident.upper()}", "team": team}
            if ident in RATINGS:
                entry["rating"] = RATINGS[ident]
            out.append(entry)
    return out


def write(path: Path, preset: str, timetable: list[dict[str, Any]], teams: int, roster: list[dict[str, Any]],
          rules: dict[str, Any] | None = None) -> Path:
    text = tournament_toml(preset=preset, rules={**MANUAL, **(rules or {})}, timetable=timetable, players=roster)
    text += "".join(f'\n[[teams]]\nid = "t{k}"\nname = "Tim {k}"\n' for k in range(1, teams + 1))
    path.write_text(text, encoding="utf-8")
    return path


def novi_sad_season(path: Path) -> Path:
    matches = [round_entry(f"m{n}", n, start_in=3600 + (n - 1) * 6300, minutes=90, kind="match", boards=12)
               for n in range(1, 11)]
    final = round_entry("m11", 11, start_in=3600 + 10 * 6300, minutes=180, kind="match", boards=40)
    return write(path, "novi-sad-teams", [*matches, final], 5, players())


async def refused(server: Server, command: dict[str, Any], status: int, field: str,
                  rule: str | None = None) -> dict[str, Any]:
    """`Server.refused`, and the lineups, players as they were."""
    return await server.refused(command, status, field, rule=rule, sections=("lineups", "players",))


@pytest.fixture
def novi_sad(tmp_path: Path) -> Iterator[Server]:
    with start_server(novi_sad_season(tmp_path / "t.toml"), tmp_path / "t.db") as running:
        yield running


async def individual(server: Server) -> dict[str, Any]:
    return dict(await server.get_json("/api/individual"))


def lineup(item: str, team: str, *parts: list[str], subs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    command: dict[str, Any] = {"type": "lineup", "item": item, "team": team, "parts": [list(p) for p in parts]}
    if subs:
        command["substitutions"] = subs
    return command


def regular(team: str) -> list[str]:
    return [f"{ROSTERS[team]}{k}" for k in range(1, 5)]


def t3_sheet(number: int, match: int) -> tuple[list[str], list[str]]:
    """t3's two halves in its `match`-th match: c5 plays the first half and c6 the second in 7 of its 8
    (39 and 38 boards after the substitutes' below); the 8th is c1–c4's alone."""
    if match == 8:
        return ["c1", "c2", "c3", "c4"], ["c1", "c2", "c3", "c4"]
    return ["c1", "c2", "c3", "c5"], ["c1", "c2", "c6", "c4"]


#: Referee's substitutes for t3, recorded after the match: c5 3 boards of round 1, c6 3 of round 2 and 1 of 3.
T3_SUBS = {1: [{"part": 1, "out": "c5", "substitute": "Stevan Miškov ml.", "boards": 3}],
           2: [{"part": 2, "out": "c6", "substitute": "Stevan Miškov ml.", "boards": 3}],
           3: [{"part": 2, "out": "c6", "substitute": "Jovan Jovanović", "boards": 1}]}


def halves(team: str, number: int, t3_played: int) -> tuple[list[str], list[str]]:
    if team == "t1":  # a5 the first half, a6 the second, in every league match
        return ["a1", "a2", "a3", "a5"], ["a1", "a2", "a3", "a6"]
    if team == "t3":
        return t3_sheet(number, t3_played)
    return regular(team), regular(team)


async def play(server: Server, number: int, t3_played: int) -> int:
    """League round `number`: the sheets before the start, the results, the end, t3's substitutes after."""
    item = f"m{number}"
    await server.acked_event({"type": "publish_seating", "item": item})
    for home, away in SCHEDULE[number]:
        for team in (home, away):
            await server.acked_event(lineup(item, team, *halves(team, number, t3_played + (team == "t3"))))
    await server.acked_event({"type": "start_round", "item": item})
    for home, away in SCHEDULE[number]:
        await server.acked_event({"type": "record_result", "item": item, "home": home, "away": away,
                           "imps_home": STRENGTH[home], "imps_away": STRENGTH[away]})
    await server.acked_event({"type": "end_round", "item": item})
    if any("t3" in pair for pair in SCHEDULE[number]):
        t3_played += 1
        first, second = t3_sheet(number, t3_played)
        if t3_played in T3_SUBS:
            await server.acked_event(lineup(item, "t3", first, second, subs=T3_SUBS[t3_played]))
    return t3_played


async def test_a_novi_sad_seasons_sheets_give_the_eligible_players(novi_sad: Server) -> None:
    async def scenario() -> None:
        server = novi_sad
        # the undo of a line-up: m1's t2 sheet mistyped before the start, undone, the first one back
        kept = await server.acked_event(lineup("m1", "t2", regular("t2")))  # before the seating: the Berger round
        wrong = await server.acked_event(lineup("m1", "t2", ["b1", "b2", "b4", "b3"], ["b4", "b3", "b2", "b1"]))
        undo = await server.acked_event({"type": "undo"})
        assert undo["payload"] == {"target": wrong["seq"], "undid": "lineup_entered"}
        sheet = (await server.referee_state())["lineups"]["matches"]["m1"]["teams"]["t2"]["sheet"]
        assert (sheet["seq"], sheet["parts"]) == (kept["seq"], [regular("t2")])

        t3_played = 0
        for number in range(1, 11):
            t3_played = await play(server, number, t3_played)
            if number == 5:  # t4 has played 4 of its 8: one player replaced, rated at most the average (1400)
                await refused(server, {"type": "register_player", "team": "t4", "name": "Novi Igrač",
                                       "rating": 1401, "replaces": "d5"}, 409, "rating", "replacement_rating")
                await refused(server, {"type": "register_player", "team": "t4", "name": "Novi Igrač"}, 409,
                              "replaces", "replacements_after_half")
                new = await server.acked_event({"type": "register_player", "team": "t4", "name": "Novi Igrač",
                                         "rating": 1400, "replaces": "d5"})
                assert (new["payload"]["replaces"], new["payload"]["average"]) == ("d5", 1400)
                await refused(server, {"type": "register_player", "team": "t4", "name": "Drugi Igrač",
                                       "rating": 900, "replaces": "d4"}, 409, "replaces", "replacements_after_half")
                await refused(server, lineup("m6", "t4", ["d1", "d2", "d3", "d5"]), 409, "parts")  # d5 has left
        # the final: t1 – t2, 40 boards in two halves of 20; a5 plays the first half, a4 the second
        final = await server.acked_event({"type": "publish_seating", "item": "m11"})
        assert final["payload"]["matches"] == [{"home": "t1", "away": "t2"}]
        await server.acked_event(lineup("m11", "t1", ["a1", "a2", "a3", "a5"], ["a1", "a2", "a3", "a4"]))
        await server.acked_event(lineup("m11", "t2", regular("t2")))
        await server.acked_event({"type": "start_round", "item": "m11"})
        await server.acked_event({"type": "record_result", "item": "m11", "home": "t1", "away": "t2", "imps_home": 60,
                           "imps_away": 30})
        await server.acked_event({"type": "end_round", "item": "m11"})

        ranking = await individual(server)
        assert (ranking["percent"], ranking["order"]) == (40, "final")
        teams = {x["team"]: x for x in ranking["teams"]}
        assert [x["team"] for x in ranking["teams"]][:2] == ["t1", "t2"]
        assert {team: (x["boards"], x["needed"]) for team, x in teams.items()} == {
            "t1": (136, 55), "t2": (136, 55), "t3": (96, 39), "t4": (96, 39), "t5": (96, 39)}
        boards = {p["player"]: (p["boards"], p["eligible"]) for x in ranking["teams"] for p in x["players"]}
        assert {p: boards[p] for p in ("a1", "a4", "a5", "a6", "b1", "c1", "c3", "c5", "c6", "d1", "d5")} == {
            "a1": (136, True), "a4": (20, False), "a5": (68, True), "a6": (48, False),  # 48 of 96 would be 50 %
            "b1": (136, True), "c1": (96, True), "c3": (54, True),
            "c5": (39, True), "c6": (38, False),  # 40.6 % and 39.6 % of 96
            "d1": (96, True), "d5": (0, False)}
        c6 = next(p for p in teams["t3"]["players"] if p["player"] == "c6")
        assert (c6["percent"], c6["still_needed"]) == (39.6, 1)
        eligible = [(x["rank"], x["player"]) for x in ranking["ranking"]]
        assert eligible == [(1, "a1"), (1, "a2"), (1, "a3"), (1, "a5"), (2, "b1"), (2, "b2"), (2, "b3"), (2, "b4"),
                            *((teams["t3"]["rank"], c) for c in ("c1", "c2", "c3", "c4", "c5")),
                            *((teams["t4"]["rank"], d) for d in ("d1", "d2", "d3", "d4")),
                            *((teams["t5"]["rank"], e) for e in ("e1", "e2", "e3", "e4"))]
        # the console's section says the same, per match
        state = await server.referee_state()
        assert state["lineups"]["boards"]["c5"] == {"total": 39, "matches": {
            "m1": 3, "m2": 6, "m3": 6, "m4": 6, "m6": 6, "m7": 6, "m8": 6}}
        assert state["lineups"]["rosters"]["t4"]["replacement"]["used"] == 1
        assert any(p["id"] == "d1" and p["rating"] == 1000 for p in state["players"])  # a public field

    await asyncio.wait_for(scenario(), SCENARIO_TIMEOUT)


B = ["b1", "b2", "b3", "b4"]


#: (command, status, field, rule) refused with m1 running and t3's line-up of its first half fixed.
BAD: list[tuple[dict[str, Any], int, str, str | None]] = [
    (lineup("m1", "t9", B), 422, "team", None),
    (lineup("m1", "t1", ["a1", "a2", "a3", "a4"]), 422, "team", None),  # the bye
    (lineup("m9", "t2", B), 422, "item", None),
    (lineup("m1", "t2", ["b1", "b2", "b3"]), 422, "parts", None),
    (lineup("m1", "t2", ["b1", "b2", "b3", "b3"]), 422, "parts", None),
    (lineup("m1", "t2", ["b1", "b2", "b3", "e1"]), 422, "parts", "roster"),
    (lineup("m1", "t2", B, B, B), 422, "parts", None),
    ({"type": "lineup", "item": "m1", "team": "t2"}, 422, "parts", None),
    ({"type": "lineup", "item": "m1", "team": "t2", "parts": [B], "room": "open"}, 422, "room", None),
    (lineup("m1", "t2", B, subs=[{"part": 1, "out": "b1", "substitute": "Ana", "boards": 4}]), 422,
     "substitutions", "substitute_max_boards"),
    (lineup("m1", "t2", B, subs=[{"part": 1, "out": "b1", "substitute": "Ana", "boards": 2},
                                 {"part": 1, "out": "b2", "substitute": "Ana", "boards": 2}]), 422,
     "substitutions", "substitute_max_boards"),
    (lineup("m1", "t2", B, B, subs=[{"part": 2, "out": "b1", "substitute": "Ana", "boards": 1}]), 409,
     "substitutions", None),  # the second half has not begun
    (lineup("m1", "t2", B, subs=[{"part": 1, "out": "b1", "in": "b2", "boards": 1}]), 422, "substitutions",
     "changes_at_breaks"),
    (lineup("m1", "t3", ["c1", "c2", "c3", "c5"]), 409, "parts", "changes_at_breaks"),  # its first half stands
    ({"type": "register_player", "team": "t2", "name": "Novi", "rating": -5}, 422, "rating", None),
    ({"type": "register_player", "team": "t2", "name": "Novi", "rating": 1000, "replaces": "b1"}, 409, "replaces",
     "replacements_after_half"),
    ({"type": "register_player", "team": "t2", "name": "Igrač E1"}, 409, "name", "one_team"),
    ({"type": "update_player", "player": "b1", "rating": "1500"}, 422, "rating", None),
]


async def test_bad_sheets_and_roster_changes_are_refused_naming_the_field(tmp_path: Path) -> None:
    """Novi Sad, m1 (t2 – t5, t3 – t4; t1 has the bye) started by the referee."""
    timetable = [round_entry("m1", 1, start_in=3600, minutes=90, kind="match", boards=12),
                 round_entry("m2", 2, start_in=3600 + 6300, minutes=90, kind="match", boards=12)]
    file = write(tmp_path / "t.toml", "novi-sad-teams", timetable, 5, players())

    async def scenario(server: Server) -> None:
        await server.acked_event({"type": "publish_seating", "item": "m1"})
        await server.acked_event({"type": "start_round", "item": "m1"})
        # after the start: its first half is fixed
        await server.acked_event(lineup("m1", "t3", ["c1", "c2", "c3", "c4"]))
        for command, status, field, rule in BAD:
            await refused(server, command, status, field, rule)

    with start_server(file, tmp_path / "t.db") as server:
        await asyncio.wait_for(scenario(server), SCENARIO_TIMEOUT)


async def test_slovak_rosters_and_the_player_replaced_during_a_part(tmp_path: Path) -> None:
    roster = [{"id": f"{team}p{k}", "name": f"Hráč {team}p{k}", "team": team}
              for team in ("t1", "t2", "t3", "t4") for k in range(1, 6)]
    timetable = [round_entry("m1", 1, start_in=3600, minutes=240, kind="match", boards=24),
                 round_entry("m2", 2, start_in=3600 + 5 * 3600, minutes=240, kind="match", boards=24)]
    file = write(tmp_path / "t.toml", "slovak-league", timetable, 4, roster)

    async def scenario(server: Server) -> None:
        answer = await server.get("/api/individual")
        assert answer.status_code == 404 and answer.json()["detail"] == {"field": "individual_min_percent",
                                                                  "code": "rules.no_individual"}
        for k in range(6, 9):  # members 6–8 before the league (§27.1: the 7th and 8th are substitutes)
            await server.acked_event({"type": "register_player", "team": "t1", "name": f"Nový hráč {k}",
                                      **({"substitute": True} if k > 6 else {})})
        ninth = await refused(server, {"type": "register_player", "team": "t1", "name": "Deviaty hráč"}, 409,
                              "team", "roster_max")
        assert "§17.1" in ninth["error"]
        seating = await server.acked_event({"type": "publish_seating", "item": "m1"})
        (pair,) = [m for m in seating["payload"]["matches"] if "t1" in (m["home"], m["away"])]
        await server.acked_event({"type": "start_round", "item": "m1"})
        await refused(server, {"type": "register_player", "team": "t2", "name": "Neskorý hráč"}, 409, "team",
                      "added_before_match")
        first = ["t1p1", "t1p2", "t1p3", "t1p4"]
        swap = [{"part": 1, "out": "t1p2", "in": "t1p5", "boards": 4}]  # the director allowed it
        await server.acked_event(lineup("m1", "t1", first, subs=swap))
        await server.acked_event({"type": "end_round", "item": "m1"})
        back = await refused(server, lineup("m1", "t1", first, ["t1p1", "t1p2", "t1p3", "t1p5"], subs=swap), 422,
                             "parts", "replaced_sits_out")
        assert "§27.5" in back["error"]
        await server.acked_event(lineup("m1", "t1", first, ["t1p1", "t1p5", "t1p3", "t1p4"], subs=swap))
        state = await server.referee_state()
        assert state["lineups"]["boards"]["t1p2"]["total"] == 8 and state["lineups"]["boards"]["t1p5"]["total"] == 16
        other = pair["away"] if pair["home"] == "t1" else pair["home"]
        played = await refused(server, {"type": "register_player", "team": other, "name": "hráč t1p2"}, 409, "name",
                               "one_team")
        assert "§17.3" in played["error"] and played["detail"]["boards"] == 8
        await server.acked_event({"type": "register_player", "team": "t2", "name": "Neskorý hráč"})  # between matches

    with start_server(file, tmp_path / "t.db") as server:
        await asyncio.wait_for(scenario(server), SCENARIO_TIMEOUT)


async def test_boards_removed_for_lateness_are_not_played_and_the_player_page_shows_the_boards(
        tmp_path: Path) -> None:
    """Slovak §27.2 with the Novi Sad 40 % ranking turned on: t1 complete a second after the start loses a
    started 15 minutes, 2 boards, which nobody of either team played; the phone shows the boards."""
    roster = [{"id": f"{team}p{k}", "name": f"Hráč {team}p{k}", "team": team}
              for team in ("t1", "t2", "t3", "t4") for k in range(1, 6)]
    timetable = [round_entry("m1", 1, start_in=2, minutes=240, kind="match", boards=24)]
    file = write(tmp_path / "t.toml", "slovak-league", timetable, 4, roster, rules={"individual_min_percent": 40})

    async def scenario(server: Server) -> None:
        seating = await server.acked_event({"type": "publish_seating", "item": "m1"})
        (pair,) = [m for m in seating["payload"]["matches"] if "t1" in (m["home"], m["away"])]
        other = pair["away"] if pair["home"] == "t1" else pair["home"]
        await server.acked_event({"type": "check_in", "team": other, "item": "m1"})  # in time
        phone = await server.client("player", "t1p4")
        try:
            await phone.wait_for(is_type("snapshot"))
            await asyncio.sleep(2.5)  # past the scheduled start: lateness counts from it
            await server.acked_event({"type": "start_round", "item": "m1"})
            await asyncio.sleep(0.2)
            late = await server.acked_event({"type": "check_in", "team": "t1", "item": "m1"})
            assert late["payload"]["team"] == "t1"
            state = await server.referee_state()
            assert state["lineups"]["matches"]["m1"]["teams"]["t1"]["boards_removed"] == 2
            assert state["lineups"]["substitution_kinds"] == ["member"]
            # part 1 had 10 boards: a member for its last 10 would be the whole part
            await refused(server, lineup("m1", "t1", ["t1p1", "t1p2", "t1p3", "t1p4"],
                                         subs=[{"part": 1, "out": "t1p4", "in": "t1p5", "boards": 10}]),
                          422, "substitutions")
            sheet = await server.acked_event(lineup("m1", "t1", ["t1p1", "t1p2", "t1p3", "t1p4"],
                                             subs=[{"part": 1, "out": "t1p4", "in": "t1p5", "boards": 2}]))
            await server.acked_event(lineup("m1", other, *[[f"{other}p{k}" for k in range(1, 5)]]))
            # the sheet reaches the phone at once: 8 boards of part 1's 10, of the team's 22
            pushed = await phone.wait_for(is_event(sheet["seq"]), timeout=10)
            assert pushed["changes"]["me"]["boards"] == {"played": 8, "of": 22, "percent": 36.4, "min_percent": 40,
                                                         "needed": 9, "eligible": False}
            await server.acked_event({"type": "end_round", "item": "m1"})
            state = await server.referee_state()
            boards = {p: x["total"] for p, x in state["lineups"]["boards"].items()}
            # part 2 not handed in goes on with the table at the end of part 1: t1p5 for t1p4 (2 + 12)
            assert boards["t1p1"] == 22 and boards["t1p4"] == 8 and boards["t1p5"] == 14
            assert boards[f"{other}p1"] == 22  # the other team did not play them either
            team = next(x for x in (await individual(server))["teams"] if x["team"] == "t1")
            assert (team["boards"], team["needed"]) == (22, 9)
        finally:
            await phone.close()

    with start_server(file, tmp_path / "t.db") as server:
        await asyncio.wait_for(scenario(server), SCENARIO_TIMEOUT)
