"""The words people type into commands and the tournament file: names, titles, reasons,
announcements. One check for all of them, so no field is the one that lets a control character,
an invisible name or a page of text onto the hall's screens and into the audit.

A text is accepted when it is a string with something to see (not only spaces and invisible
format characters), holds no control characters (a line break and a tab only where the field is
several lines long: an announcement) and is not longer than the field allows. Spaces at the ends
are dropped; a one-line field's runs of spaces become one.
"""

from __future__ import annotations

import unicodedata

#: Longest texts, in characters.
MAX_NAME = 80  # a player's, a team's or a reserve's name
MAX_TITLE = 120  # a timetable item's title, the tournament's name
MAX_REASON = 500  # why a penalty, a correction, a withdrawal, an earlier check-in
MAX_TEXT = 500  # an announcement


def visible(text: str) -> bool:
    """Whether a text has something to see: not only spaces and invisible format characters."""
    return any(not ch.isspace() and unicodedata.category(ch) not in ("Cf", "Cc", "Zs") for ch in text)


def problem(value: object, limit: int, *, lines: bool = False) -> str | None:
    """What is wrong with a text, in words that follow the field's name; None when it is fine."""
    if not isinstance(value, str):
        return f"must be text, not {type(value).__name__}"
    if not visible(value):
        return "must not be empty (it has nothing to see)"
    bad = next((ch for ch in value if _control(ch, lines)), None)
    if bad is not None:
        return f"must not hold control characters (found U+{ord(bad):04X})"
    if len(value.strip()) > limit:
        return f"is {len(value.strip())} characters; at most {limit}"
    return None


def _control(ch: str, lines: bool) -> bool:
    kind = unicodedata.category(ch)
    if lines:
        return kind in ("Cc", "Cs") and ch not in "\n\t"
    return kind in ("Cc", "Cs", "Zl", "Zp")


def cleaned(value: str, *, lines: bool = False) -> str:
    """The text as it is stored: trimmed, and on one line with single spaces unless `lines`."""
    return value.strip() if lines else " ".join(value.split())
