"""The competitions a season server holds, as its start page lists them: today's, upcoming, finished.

A league's season is months of dates with weeks between them, so "today" means a competition with
something on its timetable on today's date where it is played (its own time zone), not one whose first and
last days straddle today: a league between two gatherings is *upcoming*, with the date it meets next.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Literal, NotRequired, TypedDict

from live.core.tournament import Tournament

When = Literal["today", "upcoming", "finished"]
#: The order the start page lists them in: what is on now first.
ORDER: tuple[When, ...] = ("today", "upcoming", "finished")


class ListedItem(TypedDict):
    """One timetable item as the listing names it: what comes next, or what is on today."""

    id: str
    title: str
    start: int  # ms
    end: int


class Listed(TypedDict):
    """One competition of a season server (`GET /api/competitions`)."""

    id: str
    #: Where its pages and API are: "/<id>" (its display is `<base>/display`).
    base: str
    name: str
    game: str
    preset: str
    timezone: str
    language: str
    #: Its first and last days, as dates where it is played (YYYY-MM-DD).
    first: str
    last: str
    when: When
    #: The next item that has not ended (on today's date for "today"); none when finished.
    next: NotRequired[ListedItem]
    #: How many items are on its timetable today (local date), 0 unless "today".
    today: int


def _ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def listed(tournament: Tournament, now_ms: int) -> Listed:
    """What the start page says of one competition at `now_ms` (its plan as the log has it now)."""
    zone = tournament.zone
    today = datetime.fromtimestamp(now_ms / 1000, UTC).astimezone(zone).date()
    items = sorted(tournament.items, key=lambda item: item.start)
    days = [item.start.astimezone(zone).date() for item in items]
    ahead = [item for item in items if _ms(item.end) > now_ms]
    on_today = sum(1 for day in days if day == today)
    when: When = "finished" if not ahead else "today" if on_today else "upcoming"
    entry = Listed(id=tournament.id, base=f"/{tournament.id}", name=tournament.name, game=tournament.game,
                   preset=tournament.preset, timezone=tournament.timezone, language=tournament.language,
                   first=min(days).isoformat() if days else "", last=max(days).isoformat() if days else "",
                   when=when, today=on_today if when == "today" else 0)
    if ahead:
        item = ahead[0]
        entry["next"] = ListedItem(id=item.id, title=item.title, start=_ms(item.start), end=_ms(item.end))
    return entry


def listing(tournaments: Iterable[Tournament], now_ms: int) -> list[Listed]:
    """Every competition, today's first (by their next item), then upcoming by the date they meet next, then
    finished with the latest first: the order an organizer or a follower looks for them in."""
    entries = [listed(t, now_ms) for t in tournaments]

    def key(entry: Listed) -> tuple[int, int, str]:
        rank = ORDER.index(entry["when"])
        if entry["when"] == "finished":
            return rank, -int(entry["last"].replace("-", "") or 0), entry["name"]
        return rank, entry["next"]["start"] if "next" in entry else 0, entry["name"]

    return sorted(entries, key=key)
