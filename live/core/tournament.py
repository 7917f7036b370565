"""The tournament file: what is played, when, by whom, under which rules.

The file is TOML (see docs/tournament-file.md). It is the initial plan: on a new log it is
recorded as the first event (`live.core.plan`), and from then on the log is the truth; a file
edited later is only compared with the recorded plan (`live.commands.plan_diff`). Errors name the
file, the line and the field, because the person fixing them is an organizer with a text
editor the night before the event.
"""

from __future__ import annotations

import itertools
import math
import re
import stat
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from live.core import texts
from live.core.referees import SHARED_NAME, clean_name, name_problem, token_problem
from live.rules.deadlines import DEMO_DAY_MINUTES
from live.rules.lateness import SLOVAK, slovak_comparing_minutes
from live.rules.numbers import minutes_ms
from live.rules.parameters import DAY_MINUTES, MAX_BOARDS, MAX_ROUND, kind_name
from live.rules.parameters import problem as parameter_problem
from live.rules.presets import PRESETS, segments_for
from live.rules.rosters import MAX_RATING, over_basic, over_full

PLAYING_KINDS = ("round", "match")
OTHER_KINDS = ("registration", "opening", "break", "meal", "ceremony", "other")
ITEM_KINDS = PLAYING_KINDS + OTHER_KINDS
MIN_YEAR, MAX_YEAR = 1971, 2199  # beyond these, a year is a typo (and zone arithmetic overflows)
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")


class TournamentFileError(ValueError):
    """A tournament file that cannot be used, with where and why."""

    def __init__(self, path: str, line: int | None, field: str, message: str) -> None:
        self.path, self.line, self.field, self.message = path, line, field, message
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {field}: {message}" if field else f"{where}: {message}")


@dataclass(frozen=True)
class Item:
    """One timetable entry. Instants are UTC; `playing` items have a clock and signals."""

    id: str
    kind: str
    title: str
    start: datetime
    end: datetime
    round: int | None = None
    boards: int | None = None
    #: The gathering ("sústredenie", Slovak §5) the file names for a match; None: found from the days of play
    #: (`Tournament.first_of_gathering`).
    gathering: str | None = None

    @property
    def playing(self) -> bool:
        return self.kind in PLAYING_KINDS

    @property
    def start_ms(self) -> int:
        return to_ms(self.start)

    @property
    def end_ms(self) -> int:
        return to_ms(self.end)

    @property
    def duration_ms(self) -> int:
        return self.end_ms - self.start_ms


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    lady: bool = False
    team: str | None = None
    #: A walk-in registered after a draw: the first round they are seated for (None: from the start).
    enters: str | None = None
    #: Withdrawn on the day: never seated again; the rounds played stay and count.
    withdrawn: bool = False
    #: A junior: free of the Novi Sad match fee (live/rules/desk.py).
    junior: bool = False
    #: The club rating (Novi Sad: a replacement's is held to the team's average, live/commands/rosters.py).
    rating: float | int | None = None
    #: A substitute ("náhradník", Slovak §27.1), not of the team's basic line-up: plays in fewer than half of
    #: the competition's rounds (live/rules/lineups.py `substitute_rounds_allowed`).
    substitute: bool = False


@dataclass(frozen=True)
class Team:
    id: str
    name: str


@dataclass(frozen=True)
class Tournament:
    name: str
    timezone: str
    preset: str
    rules: dict[str, Any]
    languages: tuple[str, ...]
    language: str
    items: tuple[Item, ...]
    players: tuple[Player, ...] = ()
    teams: tuple[Team, ...] = ()
    #: How many times faster than real time the rules' minutes run (the demo); 1 in a real event.
    speed: float = 1.0
    source: str = ""
    #: What names the tournament's log (`[tournament] id`, else the file's name); the name may change.
    id: str = ""
    #: `[[referees]]`: (name, token) pairs. Never part of the plan the log records (`live.core.plan`).
    referees: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)
    #: What `live check` warns about in the file it was read from (file:line: field: why).
    warnings: tuple[str, ...] = field(default=(), compare=False, repr=False)
    _by_id: dict[str, Item] = field(init=False, compare=False, repr=False)
    _players: dict[str, Player] = field(init=False, compare=False, repr=False)
    _teams: dict[str, Team] = field(init=False, compare=False, repr=False)
    _members: dict[str, tuple[Player, ...]] = field(init=False, compare=False, repr=False)
    _days: dict[str, int] = field(init=False, compare=False, repr=False)
    _opening: frozenset[str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {item.id: item for item in self.items})
        object.__setattr__(self, "_players", {p.id: p for p in self.players})
        object.__setattr__(self, "_teams", {team.id: team for team in self.teams})
        members: dict[str, list[Player]] = {}
        for p in self.players:
            if p.team is not None:
                members.setdefault(p.team, []).append(p)
        object.__setattr__(self, "_members", {team: tuple(ps) for team, ps in members.items()})
        object.__setattr__(self, "_days", _days(self.items, self.zone, NIGHT_MINUTES * 60_000 / self.speed))
        object.__setattr__(self, "_opening", _opening(self.items, self._days, self.zone))

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    @property
    def game(self) -> str:
        return str(self.rules["game"])

    def item(self, item_id: str) -> Item | None:
        return self._by_id.get(item_id)

    def player(self, player_id: str) -> Player | None:
        return self._players.get(player_id)

    def day(self, item: Item) -> int:
        """Which day of the event the item belongs to (0, 1, …); see `_days`."""
        return self._days.get(item.id, 0)

    def first_of_gathering(self, item: Item) -> bool:
        """Whether the item is the first match of its gathering (Slovak §18.2: its waiting period is 2 hours);
        see `_opening`."""
        return item.id in self._opening

    def team(self, team_id: str) -> Team | None:
        return self._teams.get(team_id)

    def members(self, team_id: str) -> tuple[Player, ...]:
        """Everyone on the team's roster, those who withdrew included, in the roster's order."""
        return self._members.get(team_id, ())

    def local(self, ms: int) -> datetime:
        """An instant as the hall's wall clock shows it."""
        return from_ms(ms).astimezone(self.zone)

    def rule_ms(self, key: str) -> int:
        """A rules duration (minutes of tournament time) in real milliseconds."""
        return minutes_ms(self.rules.get(key) or 0, self.speed)

    def minutes_ms(self, minutes: float) -> int:
        return minutes_ms(minutes, self.speed)

    def segments(self, item: Item) -> int:
        return segments_for(self.rules, item.boards)

    def rescheduled(self, first_round_at: datetime, speed: float,
                    max_gap_min: float = DEMO_DAY_MINUTES) -> Tournament:
        """The same tournament compressed `speed` times, its first playing item at `first_round_at`.

        Gaps between items longer than `max_gap_min` tournament minutes (nights between days, weeks
        between a second league's matches) are shortened to that, so a demo of a two-day event, or
        of a season, runs in minutes; the captains' terms in days pass as fast (`deadlines.squeezed`).
        """
        anchor = next((i for i in self.items if i.playing), self.items[0])
        squeezed: list[tuple[Item, float, float]] = []  # item, start, end in tournament minutes
        cursor_src = self.items[0].start
        cursor = 0.0
        for item in self.items:
            gap = (item.start - cursor_src).total_seconds() / 60
            if gap > max_gap_min:
                gap = max_gap_min
            start = cursor + gap
            length = (item.end - item.start).total_seconds() / 60
            squeezed.append((item, start, start + length))
            if item.end > cursor_src:
                cursor_src, cursor = item.end, start + length
        anchor_start = next(s for i, s, _ in squeezed if i is anchor)

        def at(minutes: float) -> datetime:
            return first_round_at + timedelta(minutes=(minutes - anchor_start) / speed)

        items = tuple(replace(i, start=at(s), end=at(e)) for i, s, e in squeezed)
        return replace(self, items=items, speed=speed)


#: The shortest break, in tournament minutes, that ends a day of play (a night).
NIGHT_MINUTES = 4 * 60


def _days(items: tuple[Item, ...], zone: ZoneInfo, night_ms: float) -> dict[str, int]:
    """The day of each item. A day ends at a night: the next item starts on a later local date
    than the day's first item *and* at least `NIGHT_MINUTES` after everything before it ended. The
    date alone is not enough — an evening session that runs past midnight is one day of play, and
    a round running long at 23:40 moves what follows at 00:10 — and a long break alone is not
    either: a morning and an evening session on one date are one day."""
    days: dict[str, int] = {}
    day = 0
    last_end: datetime | None = None
    began: date | None = None  # the local date the current day began on
    for item in items:
        starts = item.start.astimezone(zone).date()
        if last_end is not None and began is not None and starts > began \
                and (item.start - last_end).total_seconds() * 1000 >= night_ms:
            day, began = day + 1, starts
        began = began or starts
        days[item.id] = day
        last_end = item.end if last_end is None else max(last_end, item.end)
    return days


def _opening(items: tuple[Item, ...], days: dict[str, int], zone: ZoneInfo) -> frozenset[str]:
    """The playing items that open a gathering: Slovak §18.2 gives "the first match of a gathering" 2 hours
    of waiting, and §5.1 makes a gathering a Saturday and a Sunday, so a match is in the gathering of the
    match before it when it is on the same day of play or the next one (a day of play is `_days`', dated
    by the local date it began on). A match the file gives a `gathering` name is in that gathering, and
    matches of different names are not in one even on days in a row (a second league played as single
    matches: each is "not played at a gathering", and waits 2 hours, as the first of a gathering does)."""
    began: dict[int, date] = {}
    for item in items:
        began.setdefault(days.get(item.id, 0), item.start.astimezone(zone).date())
    opening: set[str] = set()
    named: set[str] = set()
    before: Item | None = None
    for item in items:
        if not item.playing:
            continue
        if item.gathering is not None:
            opens = item.gathering not in named
            named.add(item.gathering)
        else:
            opens = before is None or _apart(began[days.get(item.id, 0)], began[days.get(before.id, 0)])
        if opens:
            opening.add(item.id)
        before = item
    return frozenset(opening)


def _apart(day: date, before: date) -> bool:
    """Whether two days of play are more than a day apart (not one gathering)."""
    return (day - before).days > 1


def to_ms(instant: datetime) -> int:
    return int(instant.timestamp() * 1000)


def from_ms(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, UTC)


class _Lines:
    """Finds the line of a key in the raw TOML text (tomllib does not report value positions)."""

    _header = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.-]+)\s*\]\]?")

    def __init__(self, text: str) -> None:
        self.sections: list[tuple[str, int, int]] = []  # (name, index, line)
        counts: dict[str, int] = {}
        self.lines = text.splitlines()
        for n, line in enumerate(self.lines, 1):
            m = self._header.match(line)
            if m:
                name = m.group(2)
                index = counts.get(name, 0)
                counts[name] = index + 1
                self.sections.append((name, index, n))

    def top_key(self, key: str) -> int | None:
        """The line of `key = ...` written before the first table header."""
        stop = self.sections[0][2] if self.sections else len(self.lines) + 1
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        return next((n for n in range(1, stop) if pattern.match(self.lines[n - 1])), None)

    def find(self, table: str, index: int = 0, key: str | None = None) -> int | None:
        starts = [n for name, i, n in self.sections if name == table and i == index]
        if not starts:
            return None
        start = starts[0]
        following = [n for _, _, n in self.sections if n > start]
        stop = following[0] if following else len(self.lines) + 1
        if key:
            pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
            for n in range(start + 1, stop):
                if pattern.match(self.lines[n - 1]):
                    return n
        return start


class _Reader:
    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.lines = _Lines(text)
        #: What `live check` warns about: the file loads, but is probably not what was meant.
        self.warnings: list[str] = []

    def warn(self, table: str, index: int | None, key: str, message: str) -> None:
        self.warnings.append(str(self.fail(table, index, key, message)))

    def fail(self, table: str, index: int | None, key: str, message: str) -> TournamentFileError:
        if not table:  # a top-level key: a misspelt [table] header or a stray key
            return TournamentFileError(self.path, self.lines.find(key) or self.lines.top_key(key), key, message)
        line = self.lines.find(table, index or 0, key)
        label = f"{table}[{index}].{key}" if index is not None else f"{table}.{key}"
        if index is not None:
            label = f"{table}[{index + 1}].{key}"  # people count entries from one
        return TournamentFileError(self.path, line, label, message)

    def get(
        self,
        data: Mapping[str, object],
        table: str,
        index: int | None,
        key: str,
        kind: type | tuple[type, ...],
        *,
        required: bool = True,
        default: Any = None,
    ) -> Any:
        if key not in data:
            if required:
                raise self.fail(table, index, key, "is missing")
            return default
        value = data[key]
        if isinstance(value, bool) and kind is not bool and bool not in _tuple(kind):
            raise self.fail(table, index, key, f"must be {kind_name(kind)}, not {value!r}")
        if not isinstance(value, kind):
            raise self.fail(table, index, key, f"must be {kind_name(kind)}, not {value!r}")
        return value

    def text(self, data: Mapping[str, object], table: str, index: int | None, key: str, limit: int, *,
             required: bool = True, default: str | None = None) -> str:
        """A name or a title, checked as the console checks what a referee types (live/core/texts.py)."""
        value = self.get(data, table, index, key, str, required=required, default=default)
        wrong = texts.problem(value, limit)
        if wrong is not None:
            raise self.fail(table, index, key, wrong)
        return texts.cleaned(value)

    def unknown(self, data: Mapping[str, object], table: str, index: int | None, known: set[str]) -> None:
        for key in data:
            if key not in known:
                allowed = ", ".join(sorted(known))
                raise self.fail(table, index, key, f"is not a known field (known: {allowed})")


def _tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def load(path: str | Path) -> Tournament:
    """The tournament in a file. Only a regular file is read: a pipe or a device would have `check` or `serve`
    wait forever for what never comes (or read without end)."""
    p = Path(path)
    try:
        kind = p.stat().st_mode
        if not stat.S_ISREG(kind):
            what = "a folder" if stat.S_ISDIR(kind) else "a pipe" if stat.S_ISFIFO(kind) else "a device or socket"
            raise TournamentFileError(str(p), None, "", f"is {what}, not a file: give the tournament's TOML file")
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise TournamentFileError(str(p), None, "", f"cannot read the file ({exc.strerror})") from exc
    except UnicodeDecodeError as exc:
        raise TournamentFileError(str(p), None, "", "is not UTF-8 text") from exc
    return parse(text, str(p))


def _deepest(text: str) -> int | None:
    """The line where brackets nest deepest (a guess at where a file nested too deep goes wrong: strings and
    comments are not told apart)."""
    depth, most, where = 0, 0, None
    for number, line in enumerate(text.splitlines(), 1):
        for ch in line:
            depth += (ch in "[{") - (ch in "]}")
            if depth > most:
                most, where = depth, number
    return where


def parse(text: str, path: str = "<tournament>") -> Tournament:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise TournamentFileError(path, int(m.group(1)) if m else None, "", f"not valid TOML: {exc}") from exc
    except RecursionError as exc:  # (the TOML parser recurses once per level of nesting)
        raise TournamentFileError(path, _deepest(text), "", "not valid TOML: arrays or tables nested far too "
                                  "deep (a tournament file nests at most a few levels)") from exc
    r = _Reader(path, text)
    r.unknown(data, "", None, {"tournament", "rules", "timetable", "players", "teams", "referees"})

    head = data.get("tournament")
    if not isinstance(head, dict):
        raise TournamentFileError(path, None, "tournament", "the [tournament] table is missing")
    r.unknown(head, "tournament", None, {"id", "name", "timezone", "preset", "languages", "language"})
    name = r.text(head, "tournament", None, "name", texts.MAX_TITLE)
    ident = r.get(head, "tournament", None, "id", str, required=False, default=default_id(path))
    if not _ID.match(ident):
        raise r.fail("tournament", None, "id", f"{ident!r} must be 1–40 letters, digits, '-' or '_'")
    tz = r.get(head, "tournament", None, "timezone", str)
    try:
        zone = ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise r.fail("tournament", None, "timezone", f"unknown time zone {tz!r} (e.g. Europe/Belgrade)") from exc
    preset = r.get(head, "tournament", None, "preset", str)
    if preset not in PRESETS:
        raise r.fail("tournament", None, "preset", f"unknown preset {preset!r} (known: {', '.join(PRESETS)})")
    languages = r.get(head, "tournament", None, "languages", list, required=False, default=["en"])
    if not languages or not all(isinstance(x, str) and x for x in languages):
        raise r.fail("tournament", None, "languages", "must be a non-empty list of language tags")
    language = r.get(head, "tournament", None, "language", str, required=False, default=languages[0])
    if language not in languages:
        raise r.fail("tournament", None, "language", f"{language!r} is not one of languages {languages}")

    rules = dict(PRESETS[preset])
    overrides = data.get("rules", {})
    if not isinstance(overrides, dict):
        raise TournamentFileError(path, r.lines.find("rules"), "rules", "must be a table")
    for key, value in overrides.items():
        wrong = parameter_problem(key, value, rules)  # (the console's change_rules asks the same)
        if wrong is not None:
            raise r.fail("rules", None, key, wrong.message)
        rules[key] = value

    teams = _teams(r, data.get("teams", []))
    players = _players(r, data.get("players", []), {t.id for t in teams})
    over = over_full([p.team for p in players], rules.get("roster_max"))  # Slovak §17.1 (live/rules/rosters.py)
    if over is not None:
        raise r.fail("players", over[0], "team", over[1])
    # (a withdrawn player is no longer of the line-up: counted as no team)
    over = over_basic([(None if p.withdrawn else p.team, p.substitute) for p in players], rules.get("basic_lineup_max"))
    if over is not None:
        raise r.fail("players", over[0], "substitute", over[1])
    if rules.get("substitute_rounds_below_percent") is None:
        marked = next((k for k, p in enumerate(players) if p.substitute), None)
        if marked is not None:
            raise r.fail("players", marked, "substitute", f"the {preset} rules have no substitutes (Slovak §27.1)")
    items = _timetable(r, data.get("timetable"), zone, rules)
    hidden_from = rules.get("standings_hidden_from_round")
    if hidden_from is not None and not any(i.playing and i.round == hidden_from for i in items):
        r.warn("rules", None, "standings_hidden_from_round",
               f"no round {hidden_from} in the timetable: the standings are hidden only if a later round starts")
    return Tournament(
        name=name, timezone=tz, preset=preset, rules=rules, languages=tuple(languages),
        language=language, items=items, players=players, teams=teams, source=path, id=ident,
        referees=_referees(r, data.get("referees", [])), warnings=tuple(r.warnings),
    )


def default_id(path: str) -> str:
    """The file's name without its extension, as an id (`novi-sad-teams-2026.toml` → `novi-sad-teams-2026`)."""
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", Path(path).stem).strip("-_")[:40]
    return stem if stem and _ID.match(stem) else "tournament"


def _entries(r: _Reader, raw: Any, table: str) -> list[Mapping[str, object]]:
    if not isinstance(raw, list) or not all(isinstance(x, dict) for x in raw):
        raise TournamentFileError(r.path, r.lines.find(table), table, f"must be written as [[{table}]] entries")
    return raw


def _unique_id(r: _Reader, entry: Mapping[str, object], table: str, index: int, seen: set[str]) -> str:
    ident: str = r.get(entry, table, index, "id", str)
    if not _ID.match(ident):
        raise r.fail(table, index, "id", f"{ident!r} must be 1–40 letters, digits, '-' or '_'")
    if ident in seen:
        raise r.fail(table, index, "id", f"{ident!r} is used twice")
    seen.add(ident)
    return ident


def _teams(r: _Reader, raw: Any) -> tuple[Team, ...]:
    seen: set[str] = set()
    teams = []
    for i, entry in enumerate(_entries(r, raw, "teams")):
        r.unknown(entry, "teams", i, {"id", "name"})
        ident = _unique_id(r, entry, "teams", i, seen)
        teams.append(Team(ident, r.text(entry, "teams", i, "name", texts.MAX_NAME)))
    return tuple(teams)


def _players(r: _Reader, raw: Any, team_ids: set[str]) -> tuple[Player, ...]:
    seen: set[str] = set()
    players: list[Player] = []
    named: dict[str, Player] = {}  # casefolded name → its first player: a field of 10,000 is read in one pass
    for i, entry in enumerate(_entries(r, raw, "players")):
        r.unknown(entry, "players", i, {"id", "name", "lady", "team", "junior", "rating", "substitute"})
        ident = _unique_id(r, entry, "players", i, seen)
        name = r.text(entry, "players", i, "name", texts.MAX_NAME)
        same = named.get(name.casefold())
        if same is not None:
            r.warn("players", i, "name", f"{ident} and {same.id} are both called {name!r}: the display and the "
                                         "seating cannot tell them apart (add a middle initial or a town)")
        team = r.get(entry, "players", i, "team", str, required=False)
        if team is not None and team not in team_ids:
            raise r.fail("players", i, "team", f"no team has the id {team!r}")
        lady = r.get(entry, "players", i, "lady", bool, required=False, default=False)
        junior = r.get(entry, "players", i, "junior", bool, required=False, default=False)
        rating = r.get(entry, "players", i, "rating", (int, float), required=False)
        if rating is not None and not (math.isfinite(rating) and 0 <= rating <= MAX_RATING):
            raise r.fail("players", i, "rating", f"must be a club rating from 0 to {MAX_RATING:,}, not {rating!r}")
        substitute = r.get(entry, "players", i, "substitute", bool, required=False, default=False)
        if substitute and team is None:
            raise r.fail("players", i, "substitute", "a substitute is a member of a team: give its team")
        players.append(Player(ident, name, lady, team, junior=junior, rating=rating, substitute=substitute))
        named.setdefault(name.casefold(), players[-1])
    return tuple(players)


def _referees(r: _Reader, raw: Any) -> tuple[tuple[str, str], ...]:
    """`[[referees]]` with a `name` and a `token` each: names distinct, tokens long and distinct."""
    found: list[tuple[str, str]] = []
    for i, entry in enumerate(_entries(r, raw, "referees")):
        r.unknown(entry, "referees", i, {"name", "token"})
        name = r.get(entry, "referees", i, "name", str)
        wrong = name_problem(name)
        if wrong is not None:
            raise r.fail("referees", i, "name", wrong)
        name = clean_name(name)
        if name.casefold() == SHARED_NAME or any(n.casefold() == name.casefold() for n, _ in found):
            why = "is the shared token's referee" if name.casefold() == SHARED_NAME else "is used twice"
            raise r.fail("referees", i, "name", f"{name!r} {why}: give each referee their own name")
        token = r.get(entry, "referees", i, "token", str)
        wrong = token_problem(token)
        if wrong is not None:
            raise r.fail("referees", i, "token", wrong)
        if any(t == token for _, t in found):
            raise r.fail("referees", i, "token", "is another referee's token: give each referee their own")
        found.append((name, token))
    return tuple(found)


def _instant(r: _Reader, entry: Mapping[str, object], index: int, key: str, zone: ZoneInfo) -> datetime:
    value = entry.get(key)
    if (isinstance(value, date) and not isinstance(value, datetime)) or isinstance(value, time):
        raise r.fail("timetable", index, key, "needs both a date and a time, e.g. 2027-03-06T11:00:00")
    value = r.get(entry, "timetable", index, key, datetime)
    if not MIN_YEAR <= value.year <= MAX_YEAR:
        raise r.fail("timetable", index, key, f"the year {value.year} is not between {MIN_YEAR} and {MAX_YEAR}")
    if value.tzinfo is None:
        # A local time in the event's zone. A time that does not exist (a DST gap) is an error.
        local = value.replace(tzinfo=zone)
        if local.astimezone(UTC).astimezone(zone).replace(tzinfo=None) != value:
            raise r.fail("timetable", index, key, f"{value} does not exist in {zone.key} (clocks change)")
        later = value.replace(tzinfo=zone, fold=1)
        if later.utcoffset() != local.utcoffset():
            r.warn("timetable", index, key, f"{value} happens twice in {zone.key} (the clocks go back): read as the "
                                            f"first, {local.isoformat()}; write the offset to choose")
        value = local
    aware: datetime = value.astimezone(UTC)
    return aware


def _timetable(r: _Reader, raw: Any, zone: ZoneInfo, rules: dict[str, Any]) -> tuple[Item, ...]:
    if raw is None:
        raise TournamentFileError(r.path, None, "timetable", "no [[timetable]] entries")
    seen: set[str] = set()
    items: list[Item] = []
    known = {"id", "kind", "title", "start", "end", "minutes", "round", "boards", "gathering"}
    for i, entry in enumerate(_entries(r, raw, "timetable")):
        r.unknown(entry, "timetable", i, known)
        ident = _unique_id(r, entry, "timetable", i, seen)
        kind = r.get(entry, "timetable", i, "kind", str)
        if kind not in ITEM_KINDS:
            raise r.fail("timetable", i, "kind", f"unknown kind {kind!r} (known: {', '.join(ITEM_KINDS)})")
        start = _instant(r, entry, i, "start", zone)
        if "end" in entry and "minutes" in entry:
            raise r.fail("timetable", i, "minutes", "give either end or minutes, not both")
        if "end" in entry:
            end = _instant(r, entry, i, "end", zone)
        elif "minutes" in entry:
            minutes = r.get(entry, "timetable", i, "minutes", (int, float))
            if not math.isfinite(minutes) or minutes * 60 < 1 or minutes > DAY_MINUTES:
                raise r.fail("timetable", i, "minutes",
                             f"must be more than 0 (at least a second) and at most {DAY_MINUTES}, not {minutes}")
            end = start + timedelta(minutes=minutes)
        else:
            raise r.fail("timetable", i, "end", "is missing (give end or minutes)")
        if end <= start:
            raise r.fail("timetable", i, "end", "must be after start")
        if end - start > timedelta(minutes=DAY_MINUTES):
            raise r.fail("timetable", i, "end", f"must be at most a day ({DAY_MINUTES} minutes) after start, "
                                                f"not {(end - start).total_seconds() / 60:g} minutes")
        number = r.get(entry, "timetable", i, "round", int, required=False)
        if kind in PLAYING_KINDS and number is None:
            raise r.fail("timetable", i, "round", f"is missing (a {kind} needs its number)")
        if number is not None and not 1 <= number <= MAX_ROUND:
            raise r.fail("timetable", i, "round", f"must be from 1 to {MAX_ROUND}, not {number}")
        boards = r.get(entry, "timetable", i, "boards", int, required=False)
        if boards is not None and not 1 <= boards <= MAX_BOARDS:
            raise r.fail("timetable", i, "boards", f"must be from 1 to {MAX_BOARDS}, not {boards}")
        if boards is None and kind in PLAYING_KINDS and not rules["segments"] and rules["max_boards_per_segment"]:
            raise r.fail("timetable", i, "boards", "is missing (these rules split a match into parts by its boards)")
        default_title = f"{kind.capitalize()} {number}" if number else kind.capitalize()
        title = r.text(entry, "timetable", i, "title", texts.MAX_TITLE, required=False, default=default_title)
        same = next((x for x in items if x.playing and x.round == number), None) if kind in PLAYING_KINDS else None
        if same is not None:
            r.warn("timetable", i, "round", f"{ident} and {same.id} are both round {number}: the screens and "
                                            "the standings name rounds by number")
        gathering = _gathering(r, entry, i, kind, rules)
        items.append(Item(ident, kind, title, start, end, number, boards, gathering))
        if kind in PLAYING_KINDS and boards and rules.get("lateness") == SLOVAK \
                and (comparing := slovak_comparing_minutes(boards)) >= (end - start).total_seconds() / 60:
            r.warn("timetable", i, "end", f"{ident} is planned for {(end - start).total_seconds() / 60:g} minutes, "
                                          f"no more than the {comparing} minutes §24.2 gives {boards} boards to "
                                          "compare results: no playing time is left, so unless it is the first "
                                          "match of its gathering its waiting period (§27.2) is 0: a late team "
                                          "forfeits")
    if not items:
        raise TournamentFileError(r.path, None, "timetable", "no [[timetable]] entries")
    order = sorted(range(len(items)), key=lambda k: items[k].start)
    playing = [k for k in order if items[k].playing]
    for a, b in itertools.pairwise(playing):
        if items[b].start < items[a].end:
            raise r.fail("timetable", b, "start",
                         f"{items[b].id} starts before {items[a].id} ends (playing items must not overlap)")
    _gatherings_in_order(r, items, playing, zone)
    return tuple(items[k] for k in order)


def _gathering(r: _Reader, entry: Mapping[str, object], i: int, kind: str, rules: dict[str, Any]) -> str | None:
    """A match's `gathering`: a name, and only where the rules count gatherings (the Slovak waiting period)."""
    name: str | None = r.get(entry, "timetable", i, "gathering", str, required=False)
    if name is None:
        return None
    if kind not in PLAYING_KINDS:
        raise r.fail("timetable", i, "gathering", f"only a match or a round belongs to a gathering, not a {kind}")
    if rules.get("lateness") != SLOVAK:
        raise r.fail("timetable", i, "gathering", f"these rules ({rules.get('lateness')}) count no gatherings: "
                                                  "only the Slovak league's waiting period does (§18.2)")
    if not _ID.match(name):
        raise r.fail("timetable", i, "gathering", f"{name!r} must be 1–40 letters, digits, '-' or '_'")
    return name


def _gatherings_in_order(r: _Reader, items: list[Item], playing: list[int], zone: ZoneInfo) -> None:
    """Named gatherings are all or none, and each is days of play in a row, one after another: a name
    missing, repeated after another gathering or weeks later is a typo that would take a match's 2 hours of
    waiting (§18.2) away, or give them, without a word."""
    named = [k for k in playing if items[k].gathering is not None]
    if not named:
        return
    unnamed = next((k for k in playing if items[k].gathering is None), None)
    if unnamed is not None:
        first = items[named[0]]
        raise r.fail("timetable", unnamed, "gathering",
                     f"is missing: the other matches name theirs ({first.id}: {first.gathering!r}); "
                     "name the gathering of every match or of none")
    ended: set[str] = set()
    for a, b in itertools.pairwise(playing):
        was, now = items[a], items[b]
        if now.gathering == was.gathering:
            days = (now.start.astimezone(zone).date() - was.start.astimezone(zone).date()).days
            if days > 1:
                raise r.fail("timetable", b, "gathering",
                             f"{now.id} is in {now.gathering!r}, {days} days after {was.id}: a gathering is days "
                             "of play in a row (§5.1: a Saturday and a Sunday); name the later one another")
            continue
        ended.add(str(was.gathering))
        if now.gathering in ended:
            raise r.fail("timetable", b, "gathering",
                         f"{now.id} is in {now.gathering!r}, which ended before {was.id} of {was.gathering!r}: "
                         "a gathering's matches follow one another")


def with_items(t: Tournament, items: tuple[Item, ...]) -> Tournament:
    """The same tournament with its timetable at other times (the schedule the hall follows)."""
    return t if items is t.items else replace(t, items=items)
