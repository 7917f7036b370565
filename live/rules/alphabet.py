"""How a name reads in each language of the pages: in which script, and in which alphabetical order.

The pages sort with the browser's `Intl.Collator` for their language (display/lib/name-order.js); what the
server prints (the list of check-in codes, the check-in slips) must come in the same order, or the referee
with a printed list and the console open side by side finds the same player in two places. The server has
no ICU (and no pure-Python library knows the Serbian Latin digraphs), so this module writes down the CLDR
tailorings the browsers use, on top of a simple key (one weight per letter, accents second, case third):

- sr-Cyrl: А Б В Г Д Ђ Е Ж З И Ј К Л Љ М Н Њ О П Р С Т Ћ У Ф Х Ц Ч Џ Ш, Cyrillic before Latin;
- sr-Latn: A B C Č Ć D Dž Đ E F G H I J K L Lj M N Nj O P R S Š T U V Z Ž (dž, lj, nj are one letter each);
- sk: a ä b c č d … h ch i … o ô … r ř s š … z ž ("ch" after "h"; the other accents, ď dz dž among them,
  sort as their base letters, as CLDR and the Slovak standard STN 01 0181 have it);
- en: the Latin alphabet, accents second.

A name is sorted as the page shows it: Serbian Cyrillic in Latin letters on a Latin-script page, Serbian
Latin in Cyrillic on a Cyrillic one (`shown`). Pure: no I/O, no state.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import TypeVar

Row = TypeVar("Row")

_CYRILLIC_TO_LATIN = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "ђ": "đ", "е": "e", "ж": "ž", "з": "z", "и": "i",
    "ј": "j", "к": "k", "л": "l", "љ": "lj", "м": "m", "н": "n", "њ": "nj", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "ћ": "ć", "у": "u", "ф": "f", "х": "h", "ц": "c", "ч": "č", "џ": "dž", "ш": "š",
}
_LATIN_TO_CYRILLIC = {latin: cyrillic for cyrillic, latin in _CYRILLIC_TO_LATIN.items()}
#: The letters of Gaj's alphabet: a name of only these (in Latin) is Serbian and can be written in Cyrillic.
_SERBIAN_LATIN = frozenset("".join(_LATIN_TO_CYRILLIC))
_DIGRAPHS = ("dž", "lj", "nj")
_CYRILLIC = re.compile("[\u0400-\u04ff]")

#: The languages there are pages for; a tag of another is read as its nearest (`page_language`).
LANGUAGES = ("en", "sr-Cyrl", "sr-Latn", "sk")


def page_language(tag: str | None) -> str:
    """The language of the pages a tournament's language tag stands for ("sr" → sr-Cyrl, "sk-SK" → sk, else en)."""
    if tag is not None and tag in LANGUAGES:
        return tag
    lower = (tag or "").lower()
    if lower.startswith("sr"):
        return "sr-Latn" if "latn" in lower else "sr-Cyrl"
    return "sk" if lower.split("-")[0] == "sk" else "en"


def to_latin(text: str) -> str:
    """Serbian Cyrillic in Latin letters, as display/lib/script.js toLatin writes it: "Љубомир Ђорђевић" →
    "Ljubomir Đorđević", "ЉУБА" → "LJUBA" (a capital digraph in a word of capitals is all capitals)."""
    if not _CYRILLIC.search(text):
        return text
    out: list[str] = []
    for i, ch in enumerate(text):
        latin = _CYRILLIC_TO_LATIN.get(ch.lower())
        if latin is None:
            out.append(ch)
        elif ch.islower():
            out.append(latin)
        elif len(latin) == 1:
            out.append(latin.upper())
        else:
            after = text[i + 1] if i + 1 < len(text) else ""
            before = text[i - 1] if i else ""
            capitals = after.isupper() if after.isalpha() else before.isupper()
            out.append(latin.upper() if capitals else latin.capitalize())
    return "".join(out)


def to_cyrillic(text: str) -> str:
    """Serbian Latin in Cyrillic, as display/lib/script.js toCyrillic writes it: "Ljubomir Đorđević" →
    "Љубомир Ђорђевић"; lj, nj, dž are one letter each. A name with a letter outside Gaj's alphabet (q, w,
    x, y, á, ü…) is a foreign one and stays as written, all of it ("Chalupa Ján")."""
    composed = unicodedata.normalize("NFC", text)
    if any(_is_latin(ch) and ch.lower() not in _SERBIAN_LATIN for ch in composed):
        return text
    out: list[str] = []
    i = 0
    while i < len(composed):
        step = 2 if composed[i:i + 2].lower() in _DIGRAPHS else 1
        letter = _LATIN_TO_CYRILLIC.get(composed[i:i + step].lower())
        if letter is None:
            out.append(composed[i])
            i += 1
            continue
        out.append(letter.upper() if composed[i].isupper() else letter)
        i += step
    return "".join(out)


def _is_latin(ch: str) -> bool:
    return ch.isalpha() and unicodedata.name(ch, "").startswith("LATIN ")


def shown(name: str, language: str) -> str:
    """A name as a page in `language` shows it: in Cyrillic on a sr-Cyrl page, in Latin letters on the others."""
    return to_cyrillic(name) if page_language(language) == "sr-Cyrl" else to_latin(name)


_LATIN = "a b c d e f g h i j k l m n o p q r s t u v w x y z"
_ALPHABETS = {
    "en": _LATIN,
    "sr-Latn": "a b c č ć d dž đ e f g h i j k l lj m n nj o p q r s š t u v w x y z ž",
    "sk": "a ä b c č d e f g h ch i j k l m n o ô p q r ř s š t u v w x y z ž",
}
_SERBIAN_CYRILLIC = "а б в г д ђ е ж з и ј к л љ м н њ о п р с т ћ у ф х ц ч џ ш"


def _weights(language: str) -> tuple[dict[str, tuple[int, int]], int]:
    """Each letter's primary weight as (script group, place) in `language`, and its longest letter's length."""
    latin_group, cyrillic_group = (3, 2) if language == "sr-Cyrl" else (2, 3)  # sr-Cyrl reads Cyrillic first
    table = {letter: (latin_group, place) for place, letter in enumerate(_ALPHABETS.get(language, _LATIN).split())}
    table.update({letter: (cyrillic_group, place) for place, letter in enumerate(_SERBIAN_CYRILLIC.split())})
    return table, max(len(letter) for letter in table)


_TABLES = {language: _weights(language) for language in LANGUAGES}
#: Letters Unicode does not decompose that the browsers read as a letter with an accent (đ is a d with a
#: stroke in English and Slovak; in Serbian it is a letter of its own, in the alphabet above).
_STROKED = {"đ": "d", "ł": "l", "ø": "o", "ħ": "h", "ı": "i"}
_OTHER = 4  # letters of other scripts: after Latin and Cyrillic, by code point

Key = tuple[tuple[tuple[int, int], ...], tuple[str, ...], tuple[int, ...], str]


def collation_key(text: str, language: str) -> Key:
    """A sort key of `text` in the alphabetical order of `language` (primary letters, then accents, then
    case, lower first; then the text itself, so that the order is total). Spaces and signs sort before
    digits, digits before letters, as in the browsers."""
    table, longest = _TABLES[page_language(language)]
    folded = unicodedata.normalize("NFC", text)
    lower = "".join(ch.lower() if len(ch.lower()) == 1 else ch for ch in folded)  # one for one, as cases needs
    primary: list[tuple[int, int]] = []
    accents: list[str] = []
    cases: list[int] = []
    i = 0
    while i < len(lower):
        size = next((n for n in range(longest, 0, -1) if lower[i:i + n] in table), 0)
        if size:
            primary.append(table[lower[i:i + size]])
            accents.append("")
        else:
            size = 1
            ch = lower[i]
            parts = _STROKED[ch] + ch if ch in _STROKED else unicodedata.normalize("NFD", ch)
            if parts[0] in table:
                primary.append(table[parts[0]])
                accents.append(parts[1:])
            elif ch.isdigit():
                primary.append((1, unicodedata.digit(ch, 0)))
                accents.append("")
            elif ch.isalpha():
                primary.append((_OTHER, ord(ch)))
                accents.append("")
            else:
                primary.append((0, ord(ch)))
                accents.append("")
        cases.append(int(folded[i:i + size] != lower[i:i + size]))
        i += size
    return tuple(primary), tuple(accents), tuple(cases), text


def _id_key(ident: str) -> tuple[tuple[int, int | str], ...]:
    """Ids as a person counts them: "p2" before "p10"."""
    return tuple((0, int(part)) if part.isdigit() else (1, part) for part in re.split(r"(\d+)", ident) if part)


def by_name(rows: Iterable[Row], language: str, name: Callable[[Row], str],
            ident: Callable[[Row], str]) -> list[Row]:
    """`rows` in the order a page in `language` lists them (display/lib/name-order.js byName): by the name
    as that page shows it, then by id, so that two of one name keep one order on every screen and paper."""
    return sorted(rows, key=lambda row: (collation_key(shown(name(row), language), language), _id_key(ident(row))))
