"""A new competition from a preset, a date and a pasted roster: the tournament file an organizer would have
written by hand, made from the season start page's form (`POST /api/competitions`).

The file is the competition's plan as any other: the server writes it into the season's folder, reads it
back with the same parser as `live serve` (so what it accepts is exactly what a hand-written file may say),
and a later `live check` or a text editor sees an ordinary file. What the form does not ask is the preset's
or the common case's:

- **Preferans** (`game = "preferans"`): one player a line, `Name` (a walk-in may be added at the desk later);
  `rounds` rounds of `round_minutes` (180), `per_day` a day.
- **Bridge teams**: one team a line, `Team name: Player, Player, Player, Player`; a round robin (Berger) of
  n − 1 rounds for an even number of teams, n for an odd one (a bye each round), twice over when `double`;
  a match of `boards` boards (the preset's default) lasts 7.5 minutes a board plus 5 minutes for every
  started 10 boards for comparing (Slovak §24.2; the organizer edits it afterwards if the hall differs).
- Rounds follow each other with `gap_minutes` (30) between them, `per_day` a day; the next day starts at
  the same hour, `days_between` days later (1: the next day, a weekend gathering; 7: the next week, a
  league of Thursdays).

Ids: the players `p1…`, the teams `t1…` and their players `t1p1…`, the rounds `r1…` (preferans) or `m1…`.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from live.rules.presets import PRESETS

#: The catalogue languages a competition may be shown in.
LANGUAGES = ("sr-Cyrl", "sr-Latn", "sk", "en")
#: Bounds of what the form may ask: enough for any real event, short of a typo's extra zeros.
MAX_ENTRIES = 400
MAX_ROUNDS = 30
MAX_NAME = 120
#: A board takes 7.5 minutes; comparing takes 5 minutes for every started 10 boards (Slovak §24.2).
MINUTES_PER_BOARD = 7.5
COMPARE_PER_10_BOARDS = 5
#: The boards of a match when the form says none: the Slovak league's 24 (§7), else 32.
DEFAULT_BOARDS = {"slovak-league": 24, "novi-sad-teams": 32}


#: A round's title on the timetable, in the competition's language (the organizer may rename it in the file).
ROUND_TITLE = {"sr-Cyrl": "Коло {0}", "sr-Latn": "Kolo {0}", "sk": "{0}. kolo", "en": "Round {0}"}


class NewTournamentError(ValueError):
    """What is wrong with the form, in English (`message`) and by a refusal's code with its parameters (`detail`,
    live/commands/refusals.py), which the start page says in its own language; `detail["field"]` names the
    field."""

    def __init__(self, message: str, detail: dict[str, object]) -> None:
        self.field = str(detail["field"])
        self.detail = detail
        super().__init__(f"{self.field}: {message}")


@dataclass(frozen=True)
class NewTournament:
    """The form, as the page sends it. Times are local to `timezone`."""

    preset: str
    name: str
    day: date
    start: time
    timezone: str
    language: str
    roster: str
    ident: str = ""
    rounds: int = 0  # preferans: how many; bridge: 0 (from the teams)
    double: bool = False
    boards: int = 0  # bridge: 0 (the preset's)
    round_minutes: int = 180  # preferans
    per_day: int = 3
    days_between: int = 1
    gap_minutes: int = 30

    @property
    def game(self) -> str:
        return str(PRESETS[self.preset]["game"])


def slug(text: str) -> str:
    """An id from a name: its letters without marks, lower case, words joined by "-" (Cyrillic, which has no
    such letters, gives nothing: the caller then names it from its preset and date)."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:40].strip("-")


def _roster(form: NewTournament) -> list[tuple[str, list[str]]]:
    """The roster's lines: (a player, []) for preferans; (a team, its players) for bridge. Blank lines and
    lines starting with # are skipped."""
    lines = [(n, line.strip()) for n, line in enumerate(form.roster.splitlines(), 1)]
    lines = [(n, line) for n, line in lines if line and not line.startswith("#")]
    if len(lines) > MAX_ENTRIES:
        raise NewTournamentError(f"at most {MAX_ENTRIES} lines, not {len(lines)}",
                                 {"field": "roster", "code": "competition.roster_lines", "max": MAX_ENTRIES,
                                  "count": len(lines)})
    out: list[tuple[str, list[str]]] = []
    for number, line in lines:
        if form.game == "preferans":
            if len(line) > MAX_NAME:
                raise NewTournamentError(f"line {number}: a name is at most {MAX_NAME} characters",
                                         {"field": "roster", "code": "competition.roster_name", "line": number,
                                          "max": MAX_NAME})
            out.append((line, []))
            continue
        team, colon, members = line.partition(":")
        players = [p.strip() for p in members.split(",") if p.strip()]
        if not colon or not team.strip() or not players:
            raise NewTournamentError(f"line {number}: write a team as \"Team name: Player, Player, "
                                     f"Player, Player\", not {line[:60]!r}",
                                     {"field": "roster", "code": "competition.roster_team", "line": number})
        if any(len(p) > MAX_NAME for p in [team, *players]):
            raise NewTournamentError(f"line {number}: a name is at most {MAX_NAME} characters",
                                     {"field": "roster", "code": "competition.roster_name", "line": number,
                                      "max": MAX_NAME})
        out.append((team.strip(), players))
    least = 3 if form.game == "preferans" else 2
    if len(out) < least:
        if form.game == "preferans":
            raise NewTournamentError(f"at least {least} players, one a line (the roster has {len(out)})",
                                     {"field": "roster", "code": "competition.roster_players", "least": least,
                                      "count": len(out)})
        raise NewTournamentError(f"at least {least} teams, one a line (the roster has {len(out)})",
                                 {"field": "roster", "code": "competition.roster_teams", "least": least,
                                  "count": len(out)})
    return out


def _rounds(form: NewTournament, entries: int) -> int:
    if form.game == "preferans":
        if not 1 <= form.rounds <= MAX_ROUNDS:
            raise NewTournamentError(f"from 1 to {MAX_ROUNDS}, not {form.rounds}",
                                     {"field": "rounds", "code": "competition.range", "min": 1, "max": MAX_ROUNDS,
                                      "value": form.rounds})
        return form.rounds
    once = entries - 1 if entries % 2 == 0 else entries
    return once * (2 if form.double else 1)


def _match_minutes(boards: int) -> float:
    return boards * MINUTES_PER_BOARD + COMPARE_PER_10_BOARDS * math.ceil(boards / 10)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string


def _table(name: str, fields: dict[str, object]) -> list[str]:
    return [f"[[{name}]]", *(f"{key} = {_value(value)}" for key, value in fields.items()), ""]


def tournament_text(form: NewTournament) -> str:
    """The tournament file for the form (NewTournamentError naming the field that is wrong). The caller
    reads it back with `live.core.tournament.parse`, which checks the rest as for any file."""
    if form.preset not in PRESETS:
        raise NewTournamentError(f"one of {', '.join(PRESETS)}, not {form.preset!r}",
                                 {"field": "preset", "code": "field.not_one_of", "known": list(PRESETS)})
    if not form.name.strip() or len(form.name) > MAX_NAME:
        raise NewTournamentError(f"1 to {MAX_NAME} characters",
                                 {"field": "name", "code": "competition.name_length", "max": MAX_NAME})
    if form.language not in LANGUAGES:
        raise NewTournamentError(f"one of {', '.join(LANGUAGES)}, not {form.language!r}",
                                 {"field": "language", "code": "field.not_one_of", "known": list(LANGUAGES)})
    try:
        zone = ZoneInfo(form.timezone)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise NewTournamentError(f"a time zone like Europe/Belgrade, not {form.timezone!r}",
                                 {"field": "timezone", "code": "competition.timezone", "value": form.timezone}) from exc
    if not 1 <= form.per_day <= 12:
        raise NewTournamentError(f"from 1 to 12 rounds a day, not {form.per_day}",
                                 {"field": "per_day", "code": "competition.range", "min": 1, "max": 12,
                                  "value": form.per_day})
    if not 1 <= form.days_between <= 31:
        raise NewTournamentError(f"from 1 to 31 days, not {form.days_between}",
                                 {"field": "days_between", "code": "competition.range", "min": 1, "max": 31,
                                  "value": form.days_between})
    if not 0 <= form.gap_minutes <= 240:
        raise NewTournamentError(f"from 0 to 240 minutes, not {form.gap_minutes}",
                                 {"field": "gap_minutes", "code": "competition.range", "min": 0, "max": 240,
                                  "value": form.gap_minutes})
    entries = _roster(form)
    rounds = _rounds(form, len(entries))
    if rounds > MAX_ROUNDS * 2:
        raise NewTournamentError(f"{len(entries)} teams make {rounds} rounds: at most {MAX_ROUNDS * 2}",
                                 {"field": "roster", "code": "competition.roster_rounds", "teams": len(entries),
                                  "rounds": rounds, "max": MAX_ROUNDS * 2})
    bridge = form.game == "bridge"
    boards = form.boards or DEFAULT_BOARDS.get(form.preset, 32)
    if bridge and not 4 <= boards <= 64:
        raise NewTournamentError(f"from 4 to 64 boards a match, not {boards}",
                                 {"field": "boards", "code": "competition.range", "min": 4, "max": 64,
                                  "value": boards})
    if not bridge and not 30 <= form.round_minutes <= 600:
        raise NewTournamentError(f"from 30 to 600 minutes, not {form.round_minutes}",
                                 {"field": "round_minutes", "code": "competition.range", "min": 30, "max": 600,
                                  "value": form.round_minutes})
    minutes = _match_minutes(boards) if bridge else float(form.round_minutes)
    language = {"sr-Cyrl": ["sr-Cyrl", "sr-Latn", "en"], "sr-Latn": ["sr-Latn", "sr-Cyrl", "en"],
                "sk": ["sk", "en"], "en": ["en"]}[form.language]
    ident = form.ident or slug(form.name) or f"{form.preset}-{form.day.isoformat()}"
    lines = ["# Made on the season's start page (a preset, a date and a pasted roster); edit it like any other.",
             "", "[tournament]", f"id = {_value(ident)}", f"name = {_value(form.name.strip())}",
             f"timezone = {_value(form.timezone)}", f"preset = {_value(form.preset)}",
             f"languages = [{', '.join(_value(x) for x in language)}]", f"language = {_value(form.language)}", ""]
    day_start = datetime.combine(form.day, form.start, zone)
    for number in range(1, rounds + 1):
        day, slot = divmod(number - 1, form.per_day)
        begins = day_start + timedelta(days=day * form.days_between) + slot * timedelta(minutes=minutes +
                                                                                       form.gap_minutes)
        local = begins.replace(tzinfo=None).isoformat(timespec="minutes") + ":00"
        item: dict[str, object] = {"id": f"{'m' if bridge else 'r'}{number}", "kind": "match" if bridge else "round",
                                   "round": number, "title": ROUND_TITLE[form.language].format(number)}
        if bridge:
            item["boards"] = boards
        lines += [*_table("timetable", item)[:-1], f"start = {local}", f"minutes = {minutes:g}", ""]
    if bridge:
        for t, (team, _) in enumerate(entries, 1):
            lines += _table("teams", {"id": f"t{t}", "name": team})
        for t, (_, players) in enumerate(entries, 1):
            for p, player in enumerate(players, 1):
                lines += _table("players", {"id": f"t{t}p{p}", "name": player, "team": f"t{t}"})
    else:
        for p, (player, _) in enumerate(entries, 1):
            lines += _table("players", {"id": f"p{p}", "name": player})
    return "\n".join(lines)
