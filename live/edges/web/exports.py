"""Things people take home from the server: the timetable as a calendar, and QR codes for the hall.

Both are made here, by the server, from the tournament file: the hall may have no internet, so
no external QR service and no calendar service.
"""

from __future__ import annotations

import io
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version

import icalendar
import segno

from live.core.tournament import Tournament

#: The distribution the server is installed as: the calendar's product id names it and its version.
DISTRIBUTION = "tournament-hall-live"


def product_id() -> str:
    """The PRODID of the calendars (RFC 5545 §3.7.3): who made the file, so that an app that misreads one
    can be told which program wrote it."""
    try:
        release = f" {version(DISTRIBUTION)}"
    except PackageNotFoundError:  # run from a checkout that was never installed
        release = ""
    return f"-//{DISTRIBUTION}//{DISTRIBUTION}{release}//EN"


def event_uid(t: Tournament, item_id: str, host: str) -> str:
    """An item's UID: the item's id and the tournament's (the log's name; neither may hold a '.'), so that two
    tournaments' calendars imported into one app keep all their events, and a calendar made again after a
    restart or an edit of the file updates the events it added rather than adding them twice."""
    return f"{item_id}.{t.id}@{host}"


def timetable_ics(t: Tournament, host: str, now: datetime | None = None) -> bytes:
    """Every timetable item as a calendar event (UTC), so players add the day to their phones. `host`: the
    server's public host name, the domain part of the UIDs."""
    calendar = icalendar.Calendar()
    calendar.add("prodid", product_id())
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")  # a published timetable, not an invitation to answer (Outlook asks otherwise)
    calendar.add("name", t.name)  # RFC 7986; the X-WR- names are the ones Google and Apple read
    calendar.add("x-wr-calname", t.name)
    calendar.add("x-wr-timezone", t.timezone)
    stamp = (now or datetime.now(UTC)).astimezone(UTC)
    for item in t.items:
        event = icalendar.Event()
        event.add("uid", event_uid(t, item.id, host))
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
