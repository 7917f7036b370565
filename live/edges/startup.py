"""What `live serve` and `live diff` do before serving: the file against the plan the log holds.

A log that has recorded its plan is the truth; the file given on the command line is only
compared with it (`live.commands.plan_diff`). Differences stop the server (exit 2) until the organizer
either puts the file back or accepts them (`--accept-changes`), which appends each one as the
event its console command makes — all of them, or, if any is refused, none.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TextIO

from live.commands.decide import allowed_now, decide
from live.commands.plan_diff import Difference, accept, differences
from live.commands.signals import due_signals
from live.core import events as E
from live.core.plan import from_json
from live.core.state import fold
from live.core.tournament import Tournament, from_ms
from live.edges.log import EventLog, SeqConflict
from live.projections.views import public_sections, referee_only


@dataclass
class Comparison:
    recorded: bool  # whether the log holds a plan at all (a new log records the file)
    differences: list[Difference] = field(default_factory=list)


async def compare(log: EventLog, file: Tournament) -> Comparison:
    events = await log.read(0)
    first = next((e for e in events if e.type == E.PLAN_RECORDED), None)
    if first is None:
        return Comparison(False)
    state = fold(file, events)
    return Comparison(True, differences(from_json(first.payload["plan"]), state, file))


def rehearse(file: Tournament) -> list[str]:
    """What `serve` would choke on at the first start of this file, found by doing what it does then: the fold
    of a new log, every screen's sections, the scheduler's jobs. `live check` refuses a file with any.

    The loader's bounds (live/rules/parameters.py) name the field and its line; this is the net under them,
    in the words of the part that failed, so that no file `check` passes stops a hall."""
    state = fold(file, [])
    public_sections(state)
    referee_only(state, allowed_now(state))
    problems = [f"the screens' {x['section']!r} part cannot be built: {x['error']}" for x in state.broken.values()]
    try:
        for signal in due_signals(file, state):
            from_ms(signal.due_at)  # (the scheduler's job is at this instant)
    except (ArithmeticError, ValueError, OSError) as exc:
        problems.append(f"the scheduler cannot plan the rounds' signals: {type(exc).__name__}: {exc}")
    return problems


def describe(found: list[Difference], out: TextIO) -> None:
    for diff in found:
        line = f"  - {diff.text}"
        if diff.command is None:
            line += f" — cannot be accepted: {diff.refused}"
        print(line, file=out)


async def accept_changes(log: EventLog, file: Tournament, out: TextIO) -> bool:
    """Append the file's differences as events. False (and nothing written) when any is refused."""
    for _ in range(5):
        events = await log.read(0)
        first = next((e for e in events if e.type == E.PLAN_RECORDED), None)
        if first is None:
            return True
        state = fold(file, events)
        found = differences(from_json(first.payload["plan"]), state, file)
        outcome = accept(state, found, time.time_ns() // 1_000_000, decide)
        if outcome.refusals:
            print("error: these changes are refused, so none was recorded:", file=out)
            for diff, why in outcome.refusals:
                print(f"  - {diff.text}: {why}", file=out)
            return False
        seq = state.seq
        try:
            for new in outcome.events:
                # Each is decided against the state the ones before it leave; another instance
                # appending meanwhile makes us decide them all again.
                stored = await log.append(new, expect_seq=seq)
                if stored is not None:
                    seq = stored.seq
        except SeqConflict:
            if seq != state.seq:
                print("error: the log moved while the changes were recorded; some were recorded — "
                      "run `live diff` to see what is left", file=out)
                return False
            continue
        for diff in found:
            print(f"  recorded: {diff.text}", file=out)
        return True
    print("error: the log kept moving; try again", file=out)
    return False
