"""`live demo --tournament novi-sad|slovak`'s stand-in organizer: team sheets, IMPs, the desk.

Like the preferans demo's (live/edges/demo.py) it acts only through `Hall.command`, as a referee at
the console would, so everything it does is in the log and the audit, and undoable. It reacts to the
log:

- a match's seating (the Berger round, or the final from the league's standings) is published and
  every team's sheet entered ahead of it: when the demo starts, and for the next match at the break of
  the one being played (or when it ends, if the next can only be seated then, like the final);
- the teams check in a few minutes before the start; at Novi Sad a team pays its entry at its first
  check-in (one team a match later);
- at the break the sheets handed in at the table are typed in: the first part as it was, the second
  now and then with a member from the bench; once, at Novi Sad, a referee's substitute played the
  last boards of a first half for a team;
- when a match ends its results (IMPs) come in one by one, then each player on the sheets pays the
  match fee the desk proposes (one player never does), then the next match is seated if it was not;
- in the Slovak league a team appeals a director's ruling in round 1, signed by half of its line-up;
  the presidium rejects it after round 3.

Every command is chosen so that the rules take it (a line-up from the team's roster, still on it,
substitutes of Slovak §27.1 last): a refusal is a bug of the demo, logged as a warning. A scheduled
start held because the match before it had not ended yet is started by hand once it has, as the
referee would.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Coroutine, Mapping
from typing import Any

from live.commands.validation import CommandError
from live.core import events as E
from live.core.absent import ABSENT, given
from live.core.events import Event
from live.core.state import ItemState, start_blocker
from live.core.status import ItemStatus
from live.edges.hall import Hall
from live.projections import desk
from live.projections import lineups as sheets
from live.projections.appeals import line_up
from live.projections.matches import match_pairs
from live.rules.appeals import signatures_needed

log = logging.getLogger("live.edges.demo")


async def as_referee(hall: Hall, command: Mapping[str, object], level: int = logging.WARNING) -> bool:
    """A stand-in's command through the referee's path (in the log and the audit like the console's); a refusal
    is logged at `level` (the demo means to send none), not raised: the demo goes on."""
    try:
        await hall.command(command)
    except CommandError as exc:
        log.log(level, "demo: %s refused: %s", command["type"], exc.error)
        return False
    return True
RESULT_SPACING_S = 0.6
#: The teams check in this many tournament minutes before a match's start.
CHECK_IN_BEFORE_MIN = 8.0
#: The share of the breaks at which a team with a bench brings a member in for the second part.
CHANGE_AT_BREAK = 0.35
#: IMPs a team scores in a match: a draw from this range each.
IMPS = (4, 58)
#: Novi Sad: in this round's first half a referee's substitute plays the last boards for one team.
SUBSTITUTE_ROUND, SUBSTITUTE_BOARDS, SUBSTITUTE_NAME = 2, 2, "Stevan Miškov ml."
#: Slovak league: the team appeal, after which round, and the presidium's decision after which.
APPEAL_ROUND, DECIDED_AFTER_ROUND = 1, 3
APPEAL_SUBJECT = "the director's ruling on board 7 (a revoke not established)"
#: The desk: the teams whose entry is paid a match late (drawn), and the players who never pay match fees.
PAY_LATE_TEAMS, NEVER_PAY_PLAYERS = 1, 1


class BridgeOrganizer:
    def __init__(self, hall: Hall, seed: int | None = None) -> None:
        self.hall = hall
        self.rng = random.Random(seed)
        self._ended: asyncio.Queue[str] = asyncio.Queue()
        self.errands: set[asyncio.Task[None]] = set()  # (DemoOrganizer cancels them when it stops)
        self._checking: set[str] = set()  # the matches whose teams' check-ins are on their way
        desk_rng = random.Random(None if seed is None else f"desk:{seed}")
        t = hall.tournament
        self._late_teams = set(desk_rng.sample([x.id for x in t.teams], min(len(t.teams), PAY_LATE_TEAMS)))
        self._never = set(desk_rng.sample([p.id for p in t.players], min(len(t.players), NEVER_PAY_PLAYERS)))

    # ---- the log ---------------------------------------------------------------------------------

    def on_event(self, event: Event) -> None:
        item = str(event.payload.get("item", ""))
        if event.type == E.ROUND_ENDED:
            self._ended.put_nowait(item)
        elif event.type == E.BREAK_ANNOUNCED:
            self._spawn(self._at_break(item, int(event.payload["part"])))
        elif event.type == E.ROUND_START_HELD:
            self._spawn(self._start_when_free(item))

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(job)
        self.errands.add(task)
        task.add_done_callback(self.errands.discard)

    async def run(self) -> None:
        self.hall.listeners.append(self.on_event)
        for s in self._matches():  # a resumed log: matches that ended while the demo was not running
            if s.status == ItemStatus.ENDED:
                await self._after_match(s.item.id)
        current = self.hall.state.item_in_progress()
        if current is not None:
            await self._sheets(current.item.id)  # typed in late: the first sheet after the start fixes part 1
        await self._prepare(self._next_match())
        while True:
            item = await self._ended.get()
            following = self._next_match()
            if following is not None:
                await self._start_when_free(following)  # the results come in while it is played
            await self._after_match(item)
            await self._prepare(self._next_match())

    # ---- before a match --------------------------------------------------------------------------

    def _matches(self) -> list[ItemState]:
        return [s for s in self.hall.state.items.values() if s.item.playing and s.item.boards]

    def _next_match(self, after: str | None = None) -> str | None:
        order = [s for s in self._matches() if s.open]
        if after is not None:
            ids = [s.item.id for s in self._matches()]
            order = [s for s in order if ids.index(s.item.id) > ids.index(after)]
        return order[0].item.id if order else None

    def _seatable(self, item: str) -> bool:
        """Whether `item` can be seated now: a league round always; the final once every match before it ended."""
        if item in self.hall.state.seatings or match_pairs(self.hall.state, item) is not None:
            return True
        ids = [s.item.id for s in self._matches()]
        done = (ItemStatus.ENDED, ItemStatus.MISSED)
        return all(self.hall.state.items[i].status in done for i in ids[:ids.index(item)])

    async def _prepare(self, item: str | None) -> None:
        """The seating, the sheets, the check-ins of a match still to come, as far as they can be done now."""
        if item is None or not self.hall.state.items[item].open or not self._seatable(item):
            return
        if item not in self.hall.state.seatings and not await self._command({"type": "publish_seating", "item": item}):
            return
        await self._sheets(item)
        if item not in self._checking:
            self._checking.add(item)
            self._spawn(self._check_ins(item))

    def _roster(self, team: str) -> list[str]:
        """Who may be on a sheet: the team's members still on it, substitutes (Slovak §27.1) last."""
        t = self.hall.state.tournament
        members = [p for p in t.members(team) if not p.withdrawn]
        return [p.id for p in sorted(members, key=lambda p: p.substitute)]

    def _teams(self, item: str) -> list[str]:
        pairs = match_pairs(self.hall.state, item) or []
        return [team for pair in pairs if not sheets.unplayed(self.hall.state, item, pair) for team in pair]

    async def _sheets(self, item: str) -> None:
        """Each team's sheet as handed in before the match: the first part's line-up (the second continues
        with it unless changed at the break)."""
        size = int(self.hall.state.tournament.rules["lineup_size"])
        for team in self._teams(item):
            if team in self.hall.state.lineups.get(item, {}):
                continue
            roster = self._roster(team)
            if len(roster) < size:
                log.warning("demo: %s has %d players on its roster, fewer than a line-up of %d: no sheet for %s",
                            team, len(roster), size, item)
                continue
            regulars = [p for p in roster if not self._is_substitute(p)]
            regulars = regulars if len(regulars) >= size else roster[:size]
            first = sorted(self.rng.sample(regulars, size), key=roster.index)
            await self._command({"type": "lineup", "item": item, "team": team, "parts": [first]})

    async def _check_ins(self, item: str) -> None:
        t = self.hall.tournament
        start = self.hall.state.items[item].item.start_ms
        await asyncio.sleep(max(0.0, (start - t.minutes_ms(CHECK_IN_BEFORE_MIN) - self.hall.clock()) / 1000))
        for team in self._teams(item):
            s = self.hall.state.items.get(item)
            if s is None or s.status == ItemStatus.ENDED or team in self.hall.state.check_ins.get(item, {}):
                continue
            if await self._command({"type": "check_in", "team": team, "item": item}) \
                    and team not in self._late_teams:
                await self._pay("team", team)

    async def _start_when_free(self, item: str) -> None:
        """A start held because the match before had not ended: the referee starts it once nothing blocks it."""
        s = self.hall.state.items.get(item)
        if s is not None and s.status == ItemStatus.HELD and start_blocker(self.hall.state, item) is None:
            await self._command({"type": "start_round", "item": item})

    # ---- at the break ----------------------------------------------------------------------------

    async def _at_break(self, item: str, part: int) -> None:
        """The sheets handed in at the break: the parts played as they were, the next one now and then
        changed; a referee's substitute recorded where one played. Then the next match is made ready."""
        state = self.hall.state
        s = state.items.get(item)
        if s is None:
            return
        for n, team in enumerate(self._teams(item)):
            sheet = self.hall.state.lineups.get(item, {}).get(team)
            if sheet is None or part + 1 in sheet.fixed:
                continue
            parts = [list(x) for x in sheet.body.parts]
            while len(parts) < part:
                parts.append(list(parts[-1]))
            parts = parts[:part]
            parts.append(self._next_part(team, parts[-1]))
            substitutions = list(given(sheet.body.substitutions, []))
            command: dict[str, object] = {"type": "lineup", "item": item, "team": team, "parts": parts,
                                          "substitutions": substitutions}
            if n == 0 and part == 1 and s.item.round == SUBSTITUTE_ROUND and not substitutions \
                    and self._substitute_boards(s) > 0:
                substitutions.append({"part": 1, "out": parts[0][-1], "boards": self._substitute_boards(s),
                                                 "substitute": SUBSTITUTE_NAME})
            await self._command(command)
        await self._prepare(self._next_match(after=item))

    def _next_part(self, team: str, before: list[str]) -> list[str]:
        """The next part's line-up: as before, or (now and then) one member from the bench for one at the table."""
        roster = self._roster(team)
        bench = [p for p in roster if p not in before]
        bench = [p for p in bench if not self._is_substitute(p)]
        if not bench or self.rng.random() >= CHANGE_AT_BREAK:
            return list(before)
        out = self.rng.choice(before)
        return sorted([p for p in before if p != out] + [self.rng.choice(bench)], key=roster.index)

    def _is_substitute(self, player: str) -> bool:
        p = self.hall.state.tournament.player(player)
        return p is not None and p.substitute

    def _substitute_boards(self, s: ItemState) -> int:
        """The boards the referee's substitute plays: where the rules have one, within their limit and the part's."""
        limit = self.hall.state.tournament.rules.get("substitute_max_boards")
        if limit is None:
            return 0
        boards, _ = sheets.shape(self.hall.state.tournament, s)
        return max(0, min(SUBSTITUTE_BOARDS, int(limit), boards[0] - 1))

    # ---- after a match ---------------------------------------------------------------------------

    async def _after_match(self, item: str) -> None:
        await self._results(item)
        await self._match_fees(item)
        await self._appeal(item)
        await self._decide(item)

    async def _results(self, item: str) -> None:
        """Each match's IMPs, one by one, so the standings visibly move."""
        state = self.hall.state
        for home, away in match_pairs(state, item) or []:
            key = f"{home}-{away}"
            if key in self.hall.state.results.get(item, {}) or sheets.unplayed(self.hall.state, item, (home, away)):
                continue
            await asyncio.sleep(RESULT_SPACING_S)
            await self._command({"type": "record_result", "item": item, "home": home, "away": away,
                                 "imps_home": self.rng.randint(*IMPS), "imps_away": self.rng.randint(*IMPS)})

    async def _match_fees(self, item: str) -> None:
        """The players of the match's sheets pay what the desk proposes; a late team's entry comes in now."""
        if desk.fees(self.hall.state) is None:
            return
        for team in self._teams(item):
            if team in self._late_teams:
                self._late_teams.discard(team)
                await self._pay("team", team)
            sheet = self.hall.state.lineups.get(item, {}).get(team)
            for player in sorted(sheets.named(sheet.body)) if sheet else []:
                if player not in self._never:
                    await self._pay("player", player)

    async def _pay(self, kind: str, ident: str) -> None:
        """What the console proposes (live/projections/desk.py), if anything is owed: nothing twice."""
        line = desk.account(self.hall.state, kind, ident)
        proposed = line["next"] if line is not None else None
        if proposed is None or proposed["amount"] <= 0:
            return
        await self._command({"type": "record_payment", kind: ident, **proposed})

    async def _appeal(self, item: str) -> None:
        """Slovak league: after round 1 the home team of its first match appeals a ruling, signed by half of
        its line-up in the match (§28.3)."""
        state = self.hall.state
        s = state.items.get(item)
        if state.tournament.rules.get("appeal_by") != "team" or s is None or s.item.round != APPEAL_ROUND \
                or any(c["type"] == E.APPEAL_LODGED for c in state.commands):
            return
        team = next(iter(self._teams(item)), None)
        table = line_up(state, item, team) if team is not None else None
        if not table:
            return
        await self._command({"type": "appeal", "team": team, "item": item, "subject": APPEAL_SUBJECT,
                             "signed_by": table[:signatures_needed(len(table))]})

    async def _decide(self, item: str) -> None:
        """After round 3 the presidium decides the open team appeal: rejected, the ruling stands."""
        state = self.hall.state
        s = state.items.get(item)
        if s is None or s.item.round != DECIDED_AFTER_ROUND:
            return
        for seq, appeal in sorted(state.appeals.items()):
            if appeal.decision is None and appeal.body.team is not ABSENT:
                await self._command({"type": "decide_appeal", "appeal": seq, "decision": "rejected",
                                     "reason": "the director's ruling was in accordance with the laws"})

    async def _command(self, command: Mapping[str, object]) -> bool:
        return await as_referee(self.hall, command)
