"""Things people take home from the server: the timetable as a calendar, and QR codes for the hall.

Both are made here, by the server, from the tournament file: the hall may have no internet, so
no external QR service and no calendar service.
"""

from __future__ import annotations

import io
from datetime import UTC, datetime

import icalendar
import segno

from live.core.tournament import Tournament


def timetable_ics(t: Tournament, host: str, now: datetime | None = None) -> bytes:
    """Every timetable item as a calendar event (UTC), so players add the day to their phones."""
    calendar = icalendar.Calendar()
    calendar.add("prodid", "-//tournament-hall-live//timetable//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", t.name)
    calendar.add("x-wr-timezone", t.timezone)
    stamp = now or datetime.now(UTC)
    for item in t.items:
        event = icalendar.Event()
        event.add("uid", f"{item.id}@{host}")
        event.add("dtstamp", stamp)
        event.add("dtstart", item.start.astimezone(UTC))
        event.add("dtend", item.end.astimezone(UTC))
        event.add("summary", f"{item.title} — {t.name}")
        if item.boards:
            event.add("description", f"{item.boards} boards")
        calendar.add_component(event)
    ical: bytes = calendar.to_ical()
    return ical


def qr_svg(url: str, *, sized: bool = True) -> bytes:
    """A QR code of `url` as SVG, black on white, with the quiet zone the readers need. `sized=False`: no width
    and height but a viewBox, for a page that gives it its size (the printed slips)."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=10, border=4, dark="#000", light="#fff",
                                    xmldecl=False, svgns=True, omitsize=not sized)
    return out.getvalue()
