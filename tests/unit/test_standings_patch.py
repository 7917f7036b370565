"""One result in a big field patches the standings instead of resending them (live/edges/patch.py).

A standings row carries no rank (its place is its position, `"tied": true` when it shares the place above:
live/projections/standings.py `ranks`) and is named by its `player` or `team`. So a result that lifts a few
rows by many places is a few `remove`/`add` operations and perhaps a neighbour's `tied`, not the rank of
every row it passed. A real Hall (SQLite log, a clock the test moves) plays a preferans event of 200 players
and a bridge league of 66 teams; the display's messages are read back as a page reads them.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from helpers import MIN, T0, rounds, tournament_toml
from page_reader import read_sections, served_by_seq
from support.hub import FakeSocket

from live.core.tournament import parse
from live.edges.hall import Hall
from live.edges.hub import Client
from live.edges.log.sqlite import SQLiteLog
from live.edges.patch import MOSTLY
from live.edges.patch import apply as patch_apply
from live.projections.standings import rank_at, ranks, standings_of, table_scores
from live.rules.standings_preferans import standings as preferans_standings

PLAYERS = [{"id": f"p{n:03}", "name": f"Player {n}"} for n in range(1, 201)]
TEAMS = [{"id": f"t{n:02}", "name": f"Team {n}"} for n in range(1, 67)]
#: The most operations one result may take: the moved rows, the `tied` of their old and new neighbours.
FEW = 16


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


class Played:
    """A Hall with a display connected, and the sections that display ends with after each message."""

    def __init__(self, hall: Hall, clock: list[int]) -> None:
        self.hall, self.clock, self.socket = hall, clock, FakeSocket()
        self.fetched = served_by_seq(hall)("display")
        hall.connect(Client("display", None, self.socket), None)

    async def command(self, body: dict[str, Any]) -> dict[str, Any]:
        (event,) = await self.hall.command(body)
        await settle()
        return event.to_json()

    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(text) for text in self.socket.texts()]

    def sections(self, messages: list[dict[str, Any]]) -> dict[str, Any]:
        """The sections a page has after `messages`: the snapshot, each event's `patch`, then its `changes`, and
        what it fetched."""
        return read_sections(messages, self.fetched)[0]


def place_of(rows: list[dict[str, Any]], key: str, name: str) -> int:
    return ranks(rows)[next(i for i, row in enumerate(rows) if row[key] == name)]


def check_one_result_patches(played: Played, before: list[dict[str, Any]], key: str, moved: str) -> None:
    """The last message (one result) brings the standings as a few operations, far smaller than the section,
    that give the display exactly the standings the server has — though the result moved `moved` far and
    changed the places of more than a quarter of the field (what sent the section whole when rows had ranks)."""
    messages = played.messages()
    last = messages[-1]
    assert last["type"] == "event" and last["event"]["type"] == "result_recorded"
    after = json.loads(json.dumps(standings_of(played.hall.state)))
    places_before, places_after = ranks(before), ranks(after)
    at_before = {row[key]: place for row, place in zip(before, places_before, strict=True)}
    renumbered = sum(at_before[row[key]] != place for row, place in zip(after, places_after, strict=True))
    assert renumbered > MOSTLY * len(after), f"the result changed only {renumbered} places: not the case at hand"
    assert place_of(after, key, moved) + 20 <= place_of(before, key, moved)

    assert "standings" not in last.get("changes", {}), "the standings went whole"
    ops = [op for op in last.get("patch", []) if op["path"].startswith("/standings/")]
    assert 0 < len(ops) <= FEW, ops
    patch_bytes = len(json.dumps(ops, ensure_ascii=False, separators=(",", ":")).encode())
    section_bytes = len(json.dumps(after, ensure_ascii=False, separators=(",", ":")).encode())
    assert patch_bytes * 10 < section_bytes, (patch_bytes, section_bytes)
    page_before = played.sections(messages[:-1])
    assert page_before["standings"] == before
    assert patch_apply({"standings": before}, ops)["standings"] == after
    assert played.sections(messages)["standings"] == after


def spread(rng: random.Random, size: int) -> list[int]:
    """A table's results in bule: different numbers that sum to 0."""
    values = rng.sample(range(-90, 91, 3), size - 1)
    rest = -sum(values)
    while rest in values:  # (a tie at the table would need supe)
        values[0] += 3
        rest -= 3
    return [*values, rest]


async def play_preferans_round(played: Played, number: int, rng: random.Random,
                               last: Callable[[list[str]], dict[str, int]] | None = None) -> None:
    """Round `number`: seated (a draw, then from the standings), started, every table's result entered, and
    ended. With `last`, the middle table (seated from the standings: the middle of the field, where it is
    densest) comes last with the results `last` gives, and the round is left running."""
    item = f"r{number}"
    played.clock[0] = T0 + (number - 1) * 210 * MIN
    seed = {"seed": 20270306} if number == 1 else {}  # (later rounds are seated from the standings)
    seating = await played.command({"type": "publish_seating", "item": item, **seed})
    await played.command({"type": "start_round", "item": item})
    played.clock[0] += 170 * MIN
    tables = seating["payload"]["tables"]
    if last is not None:
        middle = tables.pop(len(tables) // 2)
        tables.append(middle)
    for n, table in enumerate(tables):
        players = table["players"]
        if last is not None and n == len(tables) - 1:
            results = last(players)
        else:
            results = dict(zip(players, spread(rng, len(players)), strict=True))
        await played.command({"type": "record_result", "item": item, "table": table["table"], "results": results})
    if last is None:
        await played.command({"type": "end_round", "item": item})


async def test_a_preferans_result_that_lifts_a_player_far_patches_the_standings(tmp_path: Path) -> None:
    t = parse(tournament_toml(rounds(4), players=PLAYERS), "patch.toml")
    clock = [T0]
    hall = Hall(t, SQLiteLog(tmp_path / "p.db", t.id), run_scheduler=False, clock=lambda: clock[0])
    await hall.start()
    try:
        played = Played(hall, clock)
        rng = random.Random(6)
        for number in (1, 2, 3):
            await play_preferans_round(played, number, rng)
        captured: dict[str, Any] = {}

        def the_middle_table_wins_big(players: list[str]) -> dict[str, int]:
            # The others have four rounds, this table three: its winner climbs past a crowd.
            captured["before"] = json.loads(json.dumps(standings_of(hall.state)))
            captured["winner"] = players[0]
            losses = [-40, -50, -60] if len(players) == 4 else [-70, -80]
            return dict(zip(players, [150, *losses], strict=True))

        await play_preferans_round(played, 4, rng, last=the_middle_table_wins_big)
        check_one_result_patches(played, captured["before"], "player", captured["winner"])
        # The places the pages read back are the rules' ranks, shared places ("1, 2, 2, 4") included.
        rows = standings_of(hall.state)
        rules = preferans_standings(table_scores(hall.state).values(), players=[p["id"] for p in PLAYERS])
        assert ranks(rows) == [row.rank for row in rules] == [rank_at(rows, i) for i in range(len(rows))]
        assert len(set(ranks(rows))) < len(rows), "no shared place to read back"
    finally:
        await hall.stop()


async def test_a_bridge_result_that_lifts_a_team_far_patches_the_standings(tmp_path: Path) -> None:
    t = parse(tournament_toml(rounds(4, kind="match", minutes=240, boards=24), preset="slovak-league", teams=TEAMS),
              "patch.toml")
    clock = [T0]
    hall = Hall(t, SQLiteLog(tmp_path / "b.db", t.id), run_scheduler=False, clock=lambda: clock[0])
    await hall.start()
    try:
        played = Played(hall, clock)
        rng = random.Random(7)
        before: list[dict[str, Any]] = []
        home = ""  # the winner of the last match
        for number in (1, 2, 3, 4):
            item = f"m{number}"
            clock[0] = T0 + (number - 1) * 270 * MIN  # (the matches of 4 hours, 30 minutes apart)
            seating = await played.command({"type": "publish_seating", "item": item})
            await played.command({"type": "start_round", "item": item})
            clock[0] += 170 * MIN
            matches = seating["payload"]["matches"]
            if number == 4:  # last, the match of the team in the middle of the table (the crowd it will pass)
                place = {row["team"]: i for i, row in enumerate(standings_of(hall.state))}
                middle = min(matches, key=lambda m: abs(min(place[m["home"]], place[m["away"]]) - len(TEAMS) // 2))
                matches = [m for m in matches if m is not middle] + [middle]
            for n, match in enumerate(matches):
                imps = rng.sample(range(0, 60), 2)
                if number == 4 and n == len(matches) - 1:
                    before = json.loads(json.dumps(standings_of(hall.state)))
                    home = match["home"]
                    imps = [90, 0]
                await played.command({"type": "record_result", "item": item, "home": match["home"],
                                      "away": match["away"], "imps_home": imps[0], "imps_away": imps[1]})
            if number < 4:
                await played.command({"type": "end_round", "item": item})
        check_one_result_patches(played, before, "team", home)
    finally:
        await hall.stop()
