"""Things people take home from the server: the timetable as a calendar, the standings and the results as
spreadsheet files, and QR codes for the hall.

All are made here, by the server, from the tournament file and the log: the hall may have no internet, so
no external QR service and no calendar service.

The standings and the results are CSVs, not .xlsx: every spreadsheet and every federation's tool reads a CSV,
it needs no library to write, and the organizer's double click opens it right if the file speaks the
spreadsheet's language. Excel reads a double-clicked CSV with the list separator and decimal separator of the computer's
regional settings, and as UTF-8 only when the file starts with a byte order mark. So the file is written for
a language (`?lang=`, else the tournament's, as the pages choose theirs): the BOM always (Cyrillic names stay
Cyrillic), and for Serbian (either script) and Slovak — whose decimal separator is a comma, so their list
separator is `;` — a `;` between columns and decimal commas (12,5); for English `,` and decimal points.
LibreOffice asks for the separator on opening and proposes the one the file uses. Numbers are written as
numbers (a negative score or penalty stays a number); a text (a player's or a team's name) that a spreadsheet
would run as a formula gets a leading `'` (OWASP "CSV injection").
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import cast

import icalendar
import segno

from live import DISTRIBUTION, installed_version
from live.core.tournament import Tournament


def product_id() -> str:
    """The PRODID of the calendars (RFC 5545 §3.7.3): who made the file, so that an app that misreads one
    can be told which program wrote it."""
    release = installed_version()  # (None: run from a checkout that was never installed)
    return f"-//{DISTRIBUTION}//{DISTRIBUTION}{f' {release}' if release else ''}//EN"


def event_uid(t: Tournament, item_id: str, host: str) -> str:
    """An item's UID: the item's id and the tournament's (the log's name; neither may hold a '.'), so that two
    tournaments' calendars imported into one app keep all their events, and a calendar made again after a
    restart or an edit of the file updates the events it added rather than adding them twice."""
    return f"{item_id}.{t.id}@{host}"


def timetable_ics(t: Tournament, host: str, words: Mapping[str, str], now: datetime | None = None) -> bytes:
    """Every timetable item as a calendar event (UTC), so players add the day to their phones. `host`: the
    server's public host name, the domain part of the UIDs; `words`: the catalogue's "exports" section in the
    player's language (the titles are the file's own)."""
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
            event.add("description", words.get("boards", "Boards: {0}").replace("{0}", str(item.boards)))
        calendar.add_component(event)
    ical: bytes = calendar.to_ical()
    return ical


@dataclass(frozen=True)
class SpreadsheetStyle:
    """How a spreadsheet set to a language reads a CSV: what separates the columns and the decimals."""

    delimiter: str
    decimal: str


#: The catalogue languages (live/edges/web/assets.py `CATALOGUES`) and the CSV their spreadsheets read.
SPREADSHEET_STYLES: dict[str, SpreadsheetStyle] = {
    "en": SpreadsheetStyle(",", "."),
    "sr-Cyrl": SpreadsheetStyle(";", ","),
    "sr-Latn": SpreadsheetStyle(";", ","),
    "sk": SpreadsheetStyle(";", ","),
}
#: What starts a formula in some spreadsheet (OWASP, "CSV Injection"): a text starting so gets a `'` before it.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: The bytes a UTF-8 file starts with for Excel to read it as UTF-8.
BOM = "\ufeff"

Cell = str | int | float | Decimal | None


def neutralised(text: str) -> str:
    """A text as a spreadsheet shows it and never runs it: `=HYPERLINK(…)` or a name "-5" gets a leading `'`."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def number_text(value: int | float | Decimal, decimal: str) -> str:
    """A number as the spreadsheet's language writes it: no exponent, no grouping, its decimal separator."""
    if isinstance(value, bool):
        raise TypeError(f"a spreadsheet number, not a truth value: {value!r}")
    if isinstance(value, int):
        return str(value)
    exact = Decimal(repr(value)) if isinstance(value, float) else value
    if not exact.is_finite():
        raise ValueError(f"a spreadsheet number must be finite, not {value!r}")
    return format(exact, "f").replace(".", decimal)


def _style(language: str) -> SpreadsheetStyle:
    style = SPREADSHEET_STYLES.get(language)
    if style is None:
        raise ValueError(f"no spreadsheet style for the language {language!r} (known: {', '.join(SPREADSHEET_STYLES)})")
    return style


def spreadsheet_csv(header: Sequence[str], rows: Iterable[Sequence[Cell]], language: str) -> bytes:
    """A table as a CSV that a spreadsheet in `language` (a catalogue language) opens by double click: see the
    module. Texts are neutralised, numbers written as numbers, None as an empty cell."""
    style = _style(language)
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, dialect="excel", delimiter=style.delimiter)
    writer.writerow([neutralised(h) for h in header])
    for row in rows:
        writer.writerow(["" if cell is None else neutralised(cell) if isinstance(cell, str)
                         else number_text(cell, style.decimal) for cell in row])
    return out.getvalue().encode("utf-8")


#: The standings' columns, by game: the row's key, and the catalogue key (section "exports") of its heading.
STANDINGS_COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "preferans": (("rank", "rank"), ("name", "player"), ("points", "points"), ("bule", "bule"),
                  ("rounds", "rounds")),
    "bridge": (("rank", "rank"), ("name", "team"), ("vp", "vp"), ("imps_for", "impsFor"),
               ("imps_against", "impsAgainst"), ("imp_diff", "impDiff"), ("played", "played")),
}
#: The results' columns, by game (live/projections/result_sheet.py's lines; `note`: what the line's flags say).
RESULTS_COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "preferans": (("round", "round"), ("table", "table"), ("name", "player"), ("bule", "bule"),
                  ("place", "place"), ("points", "points"), ("note", "note")),
    "bridge": (("round", "round"), ("home", "home"), ("away", "away"), ("imps_home", "impsHome"),
               ("imps_away", "impsAway"), ("vp_home", "vpHome"), ("vp_away", "vpAway"), ("forfeit", "forfeit"),
               ("note", "note")),
}


def standings_csv(game: str, rows: Sequence[Mapping[str, object]], ranks: Sequence[int], words: Mapping[str, str],
                  language: str) -> bytes:
    """The standings for the organizer's spreadsheet: the headings in `words` (the catalogue's "exports"
    section in `language`), the `rank` column the place `ranks` reads from the rows' order (a spreadsheet has
    no order to read it from once sorted)."""
    ranked = ({**row, "rank": rank} for row, rank in zip(rows, ranks, strict=True))
    return _sheet(STANDINGS_COLUMNS[game], ranked, words, language)


def results_csv(game: str, lines: Sequence[Mapping[str, object]], words: Mapping[str, str], language: str) -> bytes:
    """Every recorded result for the organizer's spreadsheet, as standings.csv is written (`words`: the
    catalogue's "exports" section in `language`): a preferans player's bule, place and points per table, or a
    bridge match's IMPs and VP; what the console marks beside a result (a correction, a walkover, an open appeal,
    a forfeit, IMPs for lateness) in the `note` column, in words."""
    decimal = _style(language).decimal
    noted = ({**line, "note": _note(line, words, decimal)} for line in lines)
    return _sheet(RESULTS_COLUMNS[game], noted, words, language)


def _note(line: Mapping[str, object], words: Mapping[str, str], decimal: str) -> str:
    """What a result line's flags say, in the catalogue's words, joined by ", " (numbers in it with the
    language's `decimal` separator)."""
    notes = []
    if line.get("walkover"):
        notes.append(words.get("walkoverAbsent" if line.get("absent") else "walkoverCame") or "walkover")
    late = line.get("late_imps")
    if isinstance(late, tuple):
        late = cast(tuple[int | float, int | float], late)
        notes.append((words.get("lateImps") or "late IMPs: +{0} : +{1}").replace("{0}", number_text(late[0], decimal))
                     .replace("{1}", number_text(late[1], decimal)))
    if line.get("corrected"):
        notes.append(words.get("corrected") or "corrected")
    if line.get("provisional"):
        notes.append(words.get("provisional") or "provisional")
    return ", ".join(notes)


def _sheet(columns: Sequence[tuple[str, str]], rows: Iterable[Mapping[str, object]], words: Mapping[str, str],
           language: str) -> bytes:
    """Rows of texts and numbers as a spreadsheet CSV: one column per `(key, word)` of `columns`, headed by its
    word in `words` (the key where the catalogue has none)."""
    header = [words.get(word) or key for key, word in columns]
    return spreadsheet_csv(header, ([_cell(row.get(key)) for key, _ in columns] for row in rows), language)


def _cell(value: object) -> Cell:
    """A row's value as a cell (live/projections/wire.py, result_sheet.py: their columns are texts and numbers)."""
    if value is None or isinstance(value, str | int | float | Decimal):
        return value
    raise TypeError(f"a spreadsheet cell is a text or a number, not {value!r}")


def qr_svg(url: str, *, sized: bool = True) -> bytes:
    """A QR code of `url` as SVG, black on white, with the quiet zone the readers need. `sized=False`: no width
    and height but a viewBox, for a page that gives it its size (the printed slips)."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=10, border=4, dark="#000", light="#fff",
                                    xmldecl=False, svgns=True, omitsize=not sized)
    return out.getvalue()
