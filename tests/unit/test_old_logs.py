"""Old logs replay unchanged: the committed logs of three scripted days (tests/fixtures/make_old_logs.py),
folded with today's code, give the referee's view committed beside them, at every point kept.

A tournament's log is its record: a server upgraded between two days of a tournament, or a committee
reading a past one on appeal, must see what the hall saw. So when this fails, the fold (or a view)
changed what an existing log means. Fix the code; write the fixtures again only for a change of the
views that is meant, and say so.
"""

from __future__ import annotations

import gzip
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fixtures.old_log_day import view

from live.core import events as E
from live.core.events import Event
from live.core.state import State, apply, fold
from live.core.tournament import Tournament, parse
from live.edges.log.sqlite import SQLiteLog

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "old_logs"
ROOT = Path(__file__).resolve().parents[2]
NAMES = sorted(p.name.removesuffix(".jsonl") for p in FIXTURES.glob("*.jsonl"))
#: Event-type names of live/core/events.py that no log holds, and why.
NEVER_LOGGED = {E.TIMETABLE_FOLLOWED: "an announcement the fold makes when a round ran long, not an event",
                # Newer than these logs (which are not written again for a new event type): the captains' reports,
                # folded by tests/unit/test_captains.py and tests/integration/test_captains.py; the results
                # published and approved, by tests/unit/test_results_final.py.
                E.RESULT_REPORTED: "a captain's report, newer than these logs",
                E.RESULT_DISPUTED: "a captain's dispute, newer than these logs",
                E.RECORD_SENT: "a home captain's match record sent, newer than these logs",
                E.RESULTS_PUBLISHED: "the overall results published (Slovak §24.1), new since the old logs",
                E.RESULTS_APPROVED: "the presidium's approval (Slovak §24.1), new since the old logs",
                # the coordinator's warning or fine of a late report or record, by tests/unit/test_late_duties.py
                E.LATE_DUTY_SANCTIONED: "a late duty's sanction (Slovak §12.3–4), new since the old logs"}
MAX_BYTES = 300 * 1024


def expected(name: str) -> dict[str, Any]:
    with gzip.open(FIXTURES / f"{name}.expected.json.gz", "rt", encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def rows(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (FIXTURES / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]


async def stored_events(name: str, tmp_path: Path) -> list[Event]:
    """The log read back by the SQLite backend from a file holding the committed rows as they are."""
    log = SQLiteLog(tmp_path / f"{name}.db")
    await log.open()
    await log.close()
    db = sqlite3.connect(tmp_path / f"{name}.db")
    with db:
        db.executemany("INSERT INTO events(seq, ts, type, actor, payload, signal) VALUES (?, ?, ?, ?, ?, ?)",
                       [(r["seq"], r["ts"], r["type"], r["actor"], r["payload"], r["signal"]) for r in rows(name)])
    db.close()
    log = SQLiteLog(tmp_path / f"{name}.db")
    await log.open()
    try:
        return await log.read(0)
    finally:
        await log.close()


def file_plan(source: str) -> Tournament:
    """The file the log was started with (the fold takes the plan recorded in the log; this names its source)."""
    return parse((ROOT / source).read_text(encoding="utf-8"), source)


def differences(want: Any, got: Any, path: str = "") -> list[str]:
    """Where two views differ, as paths: the first few say what changed."""
    if isinstance(want, dict) and isinstance(got, dict):
        out = []
        for key in sorted(want.keys() | got.keys(), key=str):
            if key not in got:
                out.append(f"{path}.{key}: gone (was {want[key]!r:.80})")
            elif key not in want:
                out.append(f"{path}.{key}: new ({got[key]!r:.80})")
            else:
                out.extend(differences(want[key], got[key], f"{path}.{key}"))
        return out
    if isinstance(want, list) and isinstance(got, list):
        out = [f"{path}: {len(want)} entries → {len(got)}"] if len(want) != len(got) else []
        pairs = enumerate(zip(want, got, strict=False))  # the entries both have
        return out + [d for n, (w, g) in pairs for d in differences(w, g, f"{path}[{n}]")]
    return [] if want == got else [f"{path}: {want!r:.120} → {got!r:.120}"]


def check(name: str, point: dict[str, Any], state: State, how: str) -> None:
    found = differences(point["state"], view(state, point["now"]))
    assert not found, (f"{name}, {how} up to seq {point['seq']} ({point['label']}): the view is not what it was:\n  "
                       + "\n  ".join(found[:15]) + (f"\n  … and {len(found) - 15} more" if len(found) > 15 else ""))


@pytest.mark.parametrize("name", NAMES)
async def test_an_old_log_folds_to_the_views_it_had(name: str, tmp_path: Path) -> None:
    events = await stored_events(name, tmp_path)
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    data = expected(name)
    plan = file_plan(data["file"])
    assert data["points"], "an old log without a view to compare"
    for point in data["points"]:
        check(name, point, fold(plan, [e for e in events if e.seq <= point["seq"]]), "folded")


@pytest.mark.parametrize("name", NAMES)
async def test_an_old_log_applied_event_by_event_gives_the_same_views(name: str, tmp_path: Path) -> None:
    """As a running hall folds it: one event at a time (an undo folds the log again), the kept parts
    of the views (`State.derived`) kept between events."""
    events = await stored_events(name, tmp_path)
    data = expected(name)
    plan = file_plan(data["file"])
    points = {p["seq"]: p for p in data["points"]}
    state = State.initial(plan)
    for n, event in enumerate(events):
        if event.type == E.COMMAND_UNDONE:
            state = fold(plan, events[:n + 1])
        else:
            apply(state, event)
        if event.seq in points:
            check(name, points[event.seq], state, "applied event by event")


def test_the_old_logs_hold_every_event_type() -> None:
    """Every type live/core/events.py names is in some old log, but the ones named in NEVER_LOGGED."""
    names = {value for key, value in vars(E).items() if key.isupper() and isinstance(value, str)
             and not key.endswith("_PREFIX")}
    logged = {r["type"] for name in NAMES for r in rows(name)}
    assert sorted(names - logged - NEVER_LOGGED.keys()) == []
    assert sorted(logged - names) == []  # a type no longer named is still a type old logs hold: keep its name


def test_the_old_logs_stay_small() -> None:
    assert len(NAMES) == 3
    size = sum(p.stat().st_size for p in FIXTURES.iterdir())
    assert size < MAX_BYTES, f"the old logs take {size} bytes: keep them under {MAX_BYTES}"
