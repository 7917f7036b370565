"""What the hall headlines at any instant: the current and next item, what the big countdown counts,
the items of the day and the round open for check-in — decided here, so that no page decides it.

The statuses change only by events, but some of these answers change with the clock alone: a break
begins at its time, a day ends at midnight, a round's check-in opens an hour before it, and nothing
is logged then. So the answer is a *timeline*: entries `{"from": ms, ...}` in time order, each right
from its `from` until the next entry's (the first from 0). A page takes the last entry whose `from`
is at most now; a new timeline comes with every event that changes the timetable.

Read from the timetable section as the pages get it (each item's `status`, `start`, `end`,
`ends_at`): pure, the clock passed in. The pages decide none of it: display/lib/timetable.js only
picks the entry at the server clock's now, and display/lib/headline.js puts it into words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from live.core.status import ItemStatus
from live.projections.wire import Headline, Mode, NowEntry, Phase
from live.rules import checkin as C

Item = Mapping[str, Any]

#: A playing item's status → its phase. A non-playing item (a break, a meal) has no status: its phase is None,
#: and it is on while now is in [start, end) — the timeline's `current` says when.
PHASES: dict[str, Phase] = {
    ItemStatus.SCHEDULED: "upcoming", ItemStatus.CALLED: "upcoming", ItemStatus.HELD: "upcoming",
    ItemStatus.MISSED: "missed", ItemStatus.RUNNING: "in_progress", ItemStatus.PAUSED: "in_progress",
    ItemStatus.ENDED: "done"}


def phase(item: Item) -> Phase | None:
    """"upcoming" (scheduled, called to the tables, held) | "in_progress" (running, paused) | "done" (ended) |
    "missed" (over before anything was played: it fires nothing); None for a non-playing item."""
    if not item.get("playing"):
        return None
    return PHASES.get(str(item.get("status", ItemStatus.SCHEDULED)), "upcoming")


def _open(item: Item) -> bool:
    return item.get("status") in (ItemStatus.SCHEDULED, ItemStatus.CALLED, ItemStatus.HELD)


def _in_progress(item: Item) -> bool:
    return item.get("status") in (ItemStatus.RUNNING, ItemStatus.PAUSED)


def _comes(item: Item, now: int) -> bool:
    """Still to come at `now`: a playing item not started yet, or a non-playing item that starts later."""
    return bool(item["playing"] and _open(item)) or (not item["playing"] and item["start"] > now)


def _date(ms: int, zone: ZoneInfo) -> str:
    return datetime.fromtimestamp(ms / 1000, zone).date().isoformat()


def headline(timetable: Sequence[Item], now: int, zone: ZoneInfo, checkin_opens_ms: int = 0,
             dates: Mapping[int, str] | None = None) -> Headline:
    """The answer at `now` (see the module): item ids, or None.

    - `current`: the playing item running or paused; else the non-playing item whose [start, end) holds now.
    - `next`: the first other item still to come (a playing item not started, a non-playing item later);
      `then`: the first one still to come after `next` (the headline's "then …").
    - `mode` of the big countdown, and `deadline`, the instant it counts to (None: nothing counts down):
      "running" (to the current round's end, `ends_at`), "paused" (its `remaining_ms` stands still),
      "held" (the next round waits for the referee), "until" (to the next item's start), "ends" (to the
      current break's end, nothing after it), "missed" (nothing to come, and rounds missed), "idle".
    - `day`: the items the day's strip shows: today's (the tournament's zone), else those of the day of the
      next item to start (or of the last item), and every playing item in progress.
    - `checkin`: the round a player's own check-in goes to (live/rules/checkin.py, as `self_check_in` in
      live/commands/arrivals.py records it): the next round to be played, once its check-in opened.
    """
    items = list(timetable)
    if dates is None:
        dates = _dates(items, zone)
    current = next((i for i in items if i["playing"] and _in_progress(i)), None)
    if current is None:
        current = next((i for i in items if not i["playing"] and i["start"] <= now < i["end"]), None)
    upcoming = next((i for i in items if i is not current and _comes(i, now)), None)
    after = None
    if upcoming is not None:
        after = next((i for i in items[items.index(upcoming) + 1:] if _comes(i, now)), None)
    mode: Mode = "idle"
    deadline: int | None = None
    if current is not None and current["playing"]:
        if current.get("status") == ItemStatus.PAUSED:
            mode = "paused"
        else:
            ends = current.get("ends_at")
            mode, deadline = "running", current["end"] if ends is None else ends
    elif upcoming is not None:
        if upcoming["playing"] and upcoming.get("status") == ItemStatus.HELD:
            mode = "held"
        else:
            mode, deadline = "until", upcoming["start"]
    elif current is not None:
        mode, deadline = "ends", current["end"]
    elif any(i.get("status") == ItemStatus.MISSED for i in items):
        mode = "missed"
    return {"current": _id(current), "next": _id(upcoming), "then": _id(after), "mode": mode, "deadline": deadline,
            "day": _day(items, now, zone, dates), "checkin": _checkin(items, now, checkin_opens_ms)}


def in_play(timetable: Sequence[Item]) -> str | None:
    """The round or match the referees' cards work on: the one being played, else the last one started (its
    slips are brought and its appeals heard after its end); None before the first starts. It changes only by
    events (a start), so it is a value, not a timeline: the console's sanctions, appeals, penalties and slips
    open on it, and follow it to the next round when that starts."""
    items = [i for i in timetable if i.get("playing")]
    playing = next((i for i in items if _in_progress(i)), None)
    if playing is not None:
        return str(playing["id"])
    started = [i for i in items if isinstance(i.get("started_at"), int)]
    return _id(max(started, key=lambda i: (i["started_at"], i["start"]), default=None))


def _id(item: Item | None) -> str | None:
    return None if item is None else str(item["id"])


def _dates(items: list[Item], zone: ZoneInfo) -> dict[int, str]:
    """Each item's start → its calendar date in the tournament's zone (computed once per timeline)."""
    return {int(i["start"]): _date(i["start"], zone) for i in items}


def _day(items: list[Item], now: int, zone: ZoneInfo, dates: Mapping[int, str]) -> list[str]:
    if not items:
        return []
    today = _date(now, zone)
    day = today if any(dates[i["start"]] == today for i in items) else None
    if day is None:
        later = next((i for i in items if i["start"] > now), items[-1])
        day = dates[later["start"]]
    return [str(i["id"]) for i in items if dates[i["start"]] == day or (i["playing"] and _in_progress(i))]


def checkin_rounds(items: Sequence[Item]) -> list[C.Round]:
    """The playing items of a timetable section as the check-in rule reads them."""
    return [C.Round(id=str(i["id"]), start=int(i["start"]), started=_in_progress(i),
                    over=i.get("status") in (ItemStatus.ENDED, ItemStatus.MISSED)) for i in items if i["playing"]]


def _checkin(items: list[Item], now: int, opens_ms: int) -> str | None:
    return C.checkin_round(checkin_rounds(items), now, opens_ms)


def breakpoints(timetable: Sequence[Item], zone: ZoneInfo, checkin_opens_ms: int = 0) -> list[int]:
    """Every instant at which `headline` may change with no event: the items' starts and ends, the
    openings of the rounds' check-in (and when a late arrival stops counting for the round being played:
    live/rules/checkin.py `switches`), and the midnights that begin and end each day with an item."""
    points: set[int] = set()
    for i in timetable:
        points.update((int(i["start"]), int(i["end"])))
        if i["playing"]:
            points.add(int(i["start"]) - checkin_opens_ms)
        day = datetime.fromtimestamp(i["start"] / 1000, zone).date()
        for d in (day, day + timedelta(days=1)):
            midnight = datetime(d.year, d.month, d.day, tzinfo=zone)
            points.add(int(midnight.timestamp() * 1000))
    points.update(C.switches(checkin_rounds(timetable)))
    return sorted(points)


def timeline(timetable: Sequence[Item], zone: ZoneInfo, checkin_opens_ms: int = 0) -> list[NowEntry]:
    """`headline` for every instant, as entries `{"from", "current", "next", "then", "mode", "deadline", "day",
    "checkin"}`: the first from 0, each next one where the answer changes (see the module)."""
    items = list(timetable)
    points = breakpoints(items, zone, checkin_opens_ms)
    dates = _dates(items, zone)
    out: list[NowEntry] = []
    last: Headline | None = None
    for start in [0, *points]:
        answer = headline(items, start if start else (points[0] - 1 if points else 0), zone, checkin_opens_ms, dates)
        if answer == last:
            continue
        last = answer
        out.append({"from": start, "current": answer["current"], "next": answer["next"], "then": answer["then"],
                    "mode": answer["mode"], "deadline": answer["deadline"], "day": answer["day"],
                    "checkin": answer["checkin"]})
    return out


def at(entries: Sequence[NowEntry], now: int) -> NowEntry:
    """The entry of a timeline that holds at `now`: the last whose `from` is at most now."""
    found = entries[0]
    for entry in entries:
        if entry["from"] > now:
            break
        found = entry
    return found
