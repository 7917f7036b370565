"""`live demo --tournament season`'s stand-in for the second league: the captains at the clubs' venues.

The Slovak season of the demo is the first league's example (`examples/slovak-league-2027.toml`, run by
the bridge organizer of live/edges/demo_bridge.py as `--tournament slovak` is: the referee at the
gatherings) and the second league's two conferences (`examples/slovak-season/`), whose matches are
played at the home clubs' venues with no referee of ours there (docs/rules/slovak-league.md#captains).
For those the stand-in plays the two captains of every match, through the hall's captain command path
(`Hall.captain_command`, what `POST /api/captain-commands` calls once a captain's session proved the
team), so every step is an event by `captain:<team>` in the log and the audit, as from their phones:

- a few minutes before each match the coordinator enters that both teams came (`check_in`, the
  referee's command: nobody at the venue checks them in, and the display would call both late);
- after each match the home captain reports the IMPs, the away captain confirms them a few minutes
  later (the result the standings count), and the home captain sends the match record (§12.2);
- in round 1 the second match's away captain disputes the report (a board scored wrongly): the
  coordinator settles it a little later with the referee's `record_result` of the corrected IMPs;
- in round 1 the first match's report comes late, well past its 48 hours (§12.1): the coordinator's
  list shows the match overdue, then the §12.3 proposal for both captains, who reported too late;
- in round 2 the first match's home captain sends the record after its term (§12.2): the list
  proposes the §12.4 fine.

The terms are the coordinator's list's own (`Hall.coordinator_view`), which a demo squeezes like its
nights (live/rules/deadlines.py `squeezed`), and every wait is in tournament minutes, so the story
is the same at any `--speed`. Started again on the same log (`live demo --db`), it does what the log
does not have yet, and a step the log already has is not done twice. Every command is chosen so that
the rules take it: a refusal is a bug of the demo, logged as a warning.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Coroutine, Mapping
from pathlib import Path
from typing import Any

from live.commands.validation import CommandError
from live.core import events as E
from live.core.events import Event
from live.core.state import ItemState
from live.core.status import ItemStatus
from live.edges.demo_bridge import CHECK_IN_BEFORE_MIN, IMPS, as_referee
from live.edges.hall import Hall
from live.projections.captains import MatchLine
from live.projections.matches import match_pairs

log = logging.getLogger("live.edges.demo")

#: The first league's example file (in examples/), and the folder of the second league's conferences beside it.
FIRST_LEAGUE, SEASON_FOLDER = "slovak-league-2027.toml", "slovak-season"
#: Tournament minutes after a match's end: the home captain reports, the away captain answers that much later,
#: the home captain sends the record.
REPORT_AFTER_MIN, ANSWER_AFTER_MIN, RECORD_AFTER_MIN = 3.0, 4.0, 10.0
#: The disputed match (round, its n-th match from 0), why, how the coordinator corrects it, and when, after the
#: dispute.
DISPUTED = (1, 1)
DISPUTE_REASON = "board 21 was scored +620 for them, it was −100: 13 IMPs the other way"
DISPUTE_SHIFT, SETTLE_AFTER_MIN = 13, 20.0
#: The match whose report comes late, and the one whose record does; how long after the term they come.
LATE_REPORT, LATE_RECORD = (1, 0), (2, 0)
LATE_BY_MIN = 60.0


def season_files(examples: Path) -> list[tuple[Path, bool]]:
    """The demo season's tournament files, each with whether its stand-in plays the captains: the first league's
    example (the referee's), then the second league's conferences (`examples/slovak-season/*.toml`)."""
    conferences = sorted(p for p in (examples / SEASON_FOLDER).glob("*.toml") if p.is_file())
    return [(examples / FIRST_LEAGUE, False), *((path, True) for path in conferences)]


class CaptainsOrganizer:
    def __init__(self, hall: Hall, seed: int | None = None) -> None:
        self.hall = hall
        self.rng = random.Random(seed)
        self.errands: set[asyncio.Task[None]] = set()  # (DemoOrganizer cancels them when it stops)
        self._after: set[str] = set()  # the matches whose captains are at it

    def on_event(self, event: Event) -> None:
        if event.type == E.ROUND_ENDED:
            self._after_match(str(event.payload["item"]))

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(job)
        self.errands.add(task)
        task.add_done_callback(self.errands.discard)

    async def run(self) -> None:
        self.hall.listeners.append(self.on_event)
        for s in self._matches():
            if s.status == ItemStatus.ENDED:  # a resumed log: what the captains had not done yet
                self._after_match(s.item.id)
            elif s.open:
                self._spawn(self._check_ins(s.item.id))
        await asyncio.Event().wait()  # (it acts on the log's events until the demo stops it)

    def _matches(self) -> list[ItemState]:
        return [s for s in self.hall.state.items.values() if s.item.playing and s.item.boards]

    async def _until(self, at_ms: int) -> None:
        await asyncio.sleep(max(0.0, (at_ms - self.hall.clock()) / 1000))

    def _later(self, minutes: float) -> int:
        return self.hall.clock() + self.hall.tournament.minutes_ms(minutes)

    # ---- before a match ------------------------------------------------------------------------

    async def _check_ins(self, item: str) -> None:
        s = self.hall.state.items[item]
        await self._until(s.item.start_ms - self.hall.tournament.minutes_ms(CHECK_IN_BEFORE_MIN))
        for pair in match_pairs(self.hall.state, item) or []:
            for team in pair:
                s = self.hall.state.items[item]
                if s.status == ItemStatus.ENDED or team in self.hall.state.check_ins.get(item, {}):
                    continue
                await self._command({"type": "check_in", "team": team, "item": item})

    # ---- after a match -------------------------------------------------------------------------

    def _after_match(self, item: str) -> None:
        if item in self._after:
            return
        self._after.add(item)
        s = self.hall.state.items.get(item)
        number = s.item.round if s is not None else None
        for n, (home, away) in enumerate(match_pairs(self.hall.state, item) or []):
            self._spawn(self._captains(item, (number, n), home, away))

    def _line(self, item: str, home: str) -> MatchLine | None:
        return next((x for x in self.hall.coordinator_view()["matches"] if x["item"] == item and x["home"] == home),
                    None)

    async def _captains(self, item: str, which: tuple[int | None, int], home: str, away: str) -> None:
        """One match's two captains: the report and its answer, then the record (or the record first, when the
        report comes late)."""
        if which == LATE_REPORT:
            await self._record(item, home, late=False)
            await self._report(item, home, away, late=True, dispute=False)
        else:
            await self._report(item, home, away, late=False, dispute=which == DISPUTED)
            await self._record(item, home, late=which == LATE_RECORD)

    async def _report(self, item: str, home: str, away: str, *, late: bool, dispute: bool) -> None:
        line = self._line(item, home)
        if line is None or line["result"] is not None or line["state"] in ("forfeited", "withdrawn"):
            return  # counted already (a resumed log), or nothing to report
        if line["dispute"] is not None:
            await self._settle(item, home, away)  # (disputed before this start of the demo)
            return
        if line["report"] is not None:
            seq = line["report"]["seq"]  # reported before this start of the demo: the answer is still to come
        else:
            await self._until(line["report_due"] + self.hall.tournament.minutes_ms(LATE_BY_MIN) if late
                              else line["end"] + self.hall.tournament.minutes_ms(REPORT_AFTER_MIN))
            imps = {"imps_home": self.rng.randint(*IMPS), "imps_away": self.rng.randint(*IMPS)}
            reported = await self._captain(home, {"type": "report_result", "item": item, **imps})
            if reported is None:
                return
            seq = reported.seq
        await self._until(self._later(ANSWER_AFTER_MIN))
        if dispute:
            if await self._captain(away, {"type": "dispute_result", "item": item, "report": seq,
                                          "reason": DISPUTE_REASON}) is not None:
                await self._until(self._later(SETTLE_AFTER_MIN))
                await self._settle(item, home, away)
            return
        await self._captain(away, {"type": "confirm_result", "item": item, "report": seq})

    async def _settle(self, item: str, home: str, away: str) -> None:
        """The coordinator's result of the disputed match: the report with the board the dispute names corrected."""
        line = self._line(item, home)
        if line is None or line["result"] is not None or line["report"] is None:
            return
        imps_home = max(0, line["report"]["imps_home"] - DISPUTE_SHIFT)
        imps_away = line["report"]["imps_away"] + DISPUTE_SHIFT
        await self._command({"type": "record_result", "item": item, "home": home, "away": away,
                             "imps_home": imps_home, "imps_away": imps_away})

    async def _record(self, item: str, home: str, *, late: bool) -> None:
        line = self._line(item, home)
        if line is None or line["record_sent"] is not None or line["state"] in ("forfeited", "withdrawn"):
            return
        await self._until(line["record_due"] + self.hall.tournament.minutes_ms(LATE_BY_MIN) if late
                          else line["end"] + self.hall.tournament.minutes_ms(RECORD_AFTER_MIN))
        await self._captain(home, {"type": "send_record", "item": item})

    # ---- the two command paths -----------------------------------------------------------------

    async def _captain(self, team: str, command: Mapping[str, object]) -> Event | None:
        """A captain's command, as from their phone once signed in with their team's code."""
        try:
            return await self.hall.captain_command(team, command)
        except CommandError as exc:
            log.warning("demo: captain %s's %s refused: %s", team, command["type"], exc.error)
            return None

    async def _command(self, command: Mapping[str, object]) -> bool:
        """The coordinator's (a referee's) command."""
        return await as_referee(self.hall, command)
