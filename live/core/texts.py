"""The words people type into commands and the tournament file: names, titles, reasons,
announcements. One check for all of them, so no field is the one that lets a control character,
an invisible name or a page of text onto the hall's screens and into the audit.

A text is accepted when it is a string with something to see (not only spaces, invisible
format characters, blank fillers such as U+2800 or U+3164, or combining marks and variation
selectors), holds no control characters (a line break and a tab only where the field is
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


#: Characters that draw nothing though Unicode calls them letters or symbols: the Hangul fillers (U+115F, U+1160,
#: U+3164, U+FFA0), the blank Braille pattern (U+2800), the Khmer inherent vowels (U+17B4, U+17B5). A name of
#: these alone looks empty on every screen.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")
#: Kinds of characters that draw nothing by themselves: spaces and line or paragraph separators, control, format
#: and surrogate code points, and marks (combining accents, variation selectors), which only change the character
#: before them.
_UNSEEN = frozenset(("Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Mn", "Me", "Mc"))


def visible(text: str) -> bool:
    """Whether a text has something to see: not only spaces, invisible format characters, blank fillers, or
    marks with nothing to mark."""
    return any(not ch.isspace() and ch not in BLANKS and unicodedata.category(ch) not in _UNSEEN for ch in text)


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
