"""Shared helpers for the unit tests: tournaments from TOML text, events with explicit times.

Time in these tests is plain integers (epoch milliseconds): there is no wall clock.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from live.core import events as E
from live.core.events import Event, NewEvent
from live.core.state import State, fold
from live.core.tournament import Tournament, from_ms, parse, to_ms
from live.projections.standings import ranks

SEC = 1_000
MIN = 60 * SEC
#: Saturday 6 March 2027, 10:00 UTC (11:00 in Belgrade): the default start of round 1.
T0 = to_ms(datetime(2027, 3, 6, 10, 0, tzinfo=UTC))

HEAD = """\
[tournament]
name = "{name}"
timezone = "{timezone}"
preset = "{preset}"
"""


def instant(ms: int) -> str:
    """A TOML offset date-time (UTC) for an epoch-ms instant given in whole seconds."""
    assert ms % SEC == 0, "instants in tournament files have whole seconds"
    return from_ms(ms).strftime("%Y-%m-%dT%H:%M:%SZ")


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML for {value!r}")


def item(ident: str, start: int, minutes: float, kind: str = "round", **fields: Any) -> dict[str, Any]:
    """A timetable entry starting at `start` (epoch ms) and lasting `minutes`.

    A round/match gets a round number from its id's digits unless `round` is given.
    """
    entry: dict[str, Any] = {"id": ident, "kind": kind, "start": start, "minutes": minutes}
    if kind in ("round", "match") and "round" not in fields:
        digits = "".join(ch for ch in ident if ch.isdigit())
        fields["round"] = int(digits) if digits else 1
    entry.update(fields)
    return entry


def tournament_toml(
    items: Iterable[dict[str, Any]],
    *,
    preset: str = "cacak-preferans",
    rules: dict[str, Any] | None = None,
    players: Iterable[dict[str, Any]] = (),
    teams: Iterable[dict[str, Any]] = (),
    name: str = "Test Cup",
    timezone: str = "Europe/Belgrade",
) -> str:
    lines = [HEAD.format(name=name, timezone=timezone, preset=preset)]
    if rules:
        lines.append("[rules]")
        lines.extend(f"{k} = {toml_value(v)}" for k, v in rules.items())
        lines.append("")
    for entry in items:
        lines.append("[[timetable]]")
        for key, value in entry.items():
            text = instant(value) if key in ("start", "end") else toml_value(value)
            lines.append(f"{key} = {text}")
        lines.append("")
    for table, entries in (("teams", teams), ("players", players)):
        for entry in entries:
            lines.append(f"[[{table}]]")
            lines.extend(f"{k} = {toml_value(v)}" for k, v in entry.items())
            lines.append("")
    return "\n".join(lines)


def tournament(items: Iterable[dict[str, Any]], **options: Any) -> Tournament:
    """A Tournament parsed from TOML text built from `items` (see `item`) and options."""
    return parse(tournament_toml(items, **options), "test.toml")


def rounds(
    n: int = 3, *, start: int = T0, minutes: float = 180, gap: float = 30, kind: str = "round", **fields: Any
) -> list[dict[str, Any]]:
    """`n` consecutive playing items r1, r2, … (m1, m2, … for matches), `gap` minutes apart."""
    prefix = "r" if kind == "round" else "m"
    step = round((minutes + gap) * MIN)
    return [item(f"{prefix}{k + 1}", start + k * step, minutes, kind, **fields) for k in range(n)]


def preferans(n: int = 3, **options: Any) -> Tournament:
    """Čačak preferans rounds of 3 hours, round 1 at T0, 30 minutes between rounds."""
    return tournament(rounds(n), **options)


def ev(seq: int, ts: int, type: str, actor: str, *, signal: str | None = None, **payload: Any) -> Event:
    """An event as the log would hold it."""
    return Event(seq, ts, type, actor, payload, signal)


def published_seating(item: str = "r1", *tables: Sequence[str], method: str = "draw") -> NewEvent:
    """The referee's published seating of a preferans round with the given tables: `tables` lists the
    players of table 1, 2, … (none for a file without players). A preferans round starts, and is
    called to its tables, only once its seating is published."""
    return NewEvent(E.SEATING_PUBLISHED, "referee", {
        "item": item, "method": method,
        "tables": [{"table": n, "players": list(players)} for n, players in enumerate(tables, start=1)]})


def seating_event(seq: int, ts: int, item: str = "r1", *tables: Sequence[str], method: str = "draw") -> Event:
    """`published_seating` as the log holds it, at `seq` and `ts`."""
    new = published_seating(item, *tables, method=method)
    return Event(seq, ts, new.type, new.actor, dict(new.payload), new.signal)


def stored(events: list[Event], new: NewEvent, ts: int) -> Event:
    """Append `new` to `events` at `ts` as the log would (next seq) and return the stored event."""
    seq = events[-1].seq + 1 if events else 1
    event = Event(seq, ts, new.type, new.actor, dict(new.payload), new.signal)
    events.append(event)
    return event


def fold_all(t: Tournament, *events: Event) -> State:
    return fold(t, events)


def ranked(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Standings rows with the place each one shows written in as "rank": the rows carry only their order and
    `tied` (`live.projections.standings.ranks`), and a test reads a row's place as the pages do."""
    return [{**row, "rank": rank} for row, rank in zip(rows, ranks(rows), strict=True)]
