"""When the captains' result reports and match records are due, and what a late one may cost (Slovak league
propositions §6 and §12), as pure functions: the clock and the holidays are passed in.

- *§12.1:* „Do 48 hodín od odohrania zápasu sú povinní obaja kapitáni družstiev nahlásiť výsledok zápasu
  koordinátorovi ligy.“ — both captains report the match's result to the league's coordinator within 48 hours
  of the match. *Reading:* the 48 hours run from the match's end (the instant the hall ended it, else its end
  as the timetable has it); a report at the due instant itself is in time.
- *§12.2:* „Do 2 pracovných dní odo dňa odohratia zápasu je kapitán družstva označeného ako domáce povinný
  odoslať zápis o stretnutí koordinátorovi ligy.“ — the home team's captain sends the match record ("zápis")
  within 2 working days from the day of play. *Reading:* as a term in days is counted in Slovak law, the day
  of play itself is not counted; the next two working days are (Saturdays, Sundays and the holidays left
  out), and the record is due at the end (24:00, local time) of the second. A Friday's match: Monday and
  Tuesday, due at Tuesday's midnight. The day of play is the local date the match started on.
- *§6.1:* at a gathering of the first league with no director nor coordinator present, the captains send the
  gathering's results within 48 hours of its end, and the records of their home matches within 2 working days
  of the day of play; §6.2 applies the sanctions of §12.3–4. The hall's captains report each match, so the 48
  hours are counted per match here (for a gathering's last match, the gathering's end).
- *§12.3:* a captain who does not report (§12.1): the coordinator tells the presidium, which „môže udeliť
  družstvu finančnú pokutu do výšky 500,- Sk alebo družstvo napomenúť“ — may fine the team up to 500 Sk or
  warn it. The same every time: the document names no harsher step for a repeat.
- *§12.4:* a record not sent (§12.2): „predsedníctvo SBZ určí družstvu pokutu od 200,- Sk do 500,- Sk. Ak je to
  opakované porušenie, družstvo stráca 1 VB.“ — a fine of 200 to 500 Sk; a repeat costs the team 1 VP.
  *Reading:* the 1 VP comes with the fine ("určí ... pokutu" is said of every breach), and a repeat is any late
  record after a first one in the same competition.

In a demo (a tournament running `speed` times faster, `Tournament.rescheduled`) the nights and the weeks between
matches are squeezed to `DEMO_DAY_MINUTES` of tournament time, and so is every calendar day of these terms
(`squeezed`): a report 48 hours late at a real event is late in the demo too, after two such days, instead of
two real days after the compressed match. At speed 1 the terms are the calendar's.

The holidays are the days of rest of the Slovak Republic (Act No. 241/1993 Coll. on state holidays, days of
rest and memorial days, § 2 and § 3, as amended: from 2025 Constitution Day, 1 September, is a state holiday
but a working day), which is what "working day" means for the federation. A tournament file may list its own
(`holidays`, ISO dates, in `[rules]`): the federation's calendar, if it differs, is the organizer's to give.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

#: §12.1: the hours the captains have to report a match's result.
REPORT_HOURS = 48
#: §12.2: the working days the home captain has to send the match record.
RECORD_WORKING_DAYS = 2
HOUR_MS = 3_600_000
DAY_MS = 24 * HOUR_MS
MINUTE_MS = 60_000
#: A demo's day off, in tournament minutes: what `Tournament.rescheduled` squeezes a night or the weeks between two
#: matches to, and how long a calendar day of a term lasts there (`squeezed`).
DEMO_DAY_MINUTES = 15.0

#: The fixed days of rest (month, day) of Act No. 241/1993 Coll. as it stands from 2025: New Year and the
#: Slovak Republic's day, Epiphany, Labour Day, Victory over Fascism, Saints Cyril and Methodius, the Slovak
#: National Uprising, Our Lady of Sorrows, All Saints, the Struggle for Freedom and Democracy, Christmas Eve,
#: Christmas Day and St Stephen's Day. Good Friday and Easter Monday move with Easter (`slovak_holidays`).
FIXED_DAYS_OF_REST = ((1, 1), (1, 6), (5, 1), (5, 8), (7, 5), (8, 29), (9, 15), (11, 1), (11, 17), (12, 24),
                      (12, 25), (12, 26))
#: Constitution Day was a day of rest until 2024 (the 2024 consolidation act made it a working day from 2025).
CONSTITUTION_DAY_OFF_UNTIL = 2024


def easter_sunday(year: int) -> date:
    """Western Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher")."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    leap = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * leap) // 451
    month, day = divmod(h + leap - 7 * m + 114, 31)
    return date(year, month, day + 1)


def slovak_holidays(year: int) -> tuple[date, ...]:
    """The Slovak days of rest of `year`, in order (the default when the tournament file lists none)."""
    easter = easter_sunday(year)
    days = {date(year, month, day) for month, day in FIXED_DAYS_OF_REST}
    days |= {easter - timedelta(days=2), easter + timedelta(days=1)}
    if year <= CONSTITUTION_DAY_OFF_UNTIL:
        days.add(date(year, 9, 1))
    return tuple(sorted(days))


def holidays_of(rules: Mapping[str, Any], years: Iterable[int]) -> frozenset[date]:
    """The holidays a competition counts working days without: the rules' `holidays` (ISO dates) when the file
    lists them, else the Slovak days of rest of each of `years` (the season's, and the next for a term that runs
    into January)."""
    listed = rules.get("holidays")
    if isinstance(listed, list | tuple):
        return frozenset(date.fromisoformat(str(x)) for x in listed)
    return frozenset(d for year in years for d in slovak_holidays(year))


def is_working_day(day: date, holidays: frozenset[date]) -> bool:
    return day.weekday() < 5 and day not in holidays


def report_due(match_end_ms: int) -> int:
    """§12.1: when the result report is due, 48 hours after the match's end."""
    return match_end_ms + REPORT_HOURS * HOUR_MS


def record_day(day_of_play: date, holidays: frozenset[date], working_days: int = RECORD_WORKING_DAYS) -> date:
    """§12.2: the last day on which the match record is in time: the `working_days`-th working day after the
    day of play (which is not counted)."""
    day, counted = day_of_play, 0
    while counted < working_days:
        day += timedelta(days=1)
        if is_working_day(day, holidays):
            counted += 1
    return day


def record_due(match_start_ms: int, zone: ZoneInfo, holidays: frozenset[date],
               working_days: int = RECORD_WORKING_DAYS) -> int:
    """§12.2: when the match record is due: the end (local midnight) of the last day `record_day` gives."""
    played = datetime.fromtimestamp(match_start_ms / 1000, zone).date()
    last = record_day(played, holidays, working_days)
    midnight = datetime.combine(last + timedelta(days=1), time(0), zone)
    return int(midnight.timestamp() * 1000)


def squeezed(due_ms: int, from_ms: int, speed: float) -> int:
    """The instant a term counted on the calendar from `from_ms` to `due_ms` is due in a tournament running `speed`
    times faster: each of its days lasts `DEMO_DAY_MINUTES` tournament minutes, as a demo's night does (its part
    of a day, a part of them). At speed 1 (a real event) `due_ms` itself."""
    if speed <= 0:
        raise ValueError(f"speed must be positive, not {speed}")
    if speed == 1:
        return due_ms
    return from_ms + round((due_ms - from_ms) / DAY_MS * DEMO_DAY_MINUTES * MINUTE_MS / speed)


def late(due_ms: int, done_ms: int | None, now_ms: int) -> bool:
    """Whether a duty due at `due_ms` is late: done after it, or not done and `now_ms` is past it."""
    return done_ms > due_ms if done_ms is not None else now_ms > due_ms


@dataclass(frozen=True)
class Proposal:
    """The sanction the coordinator may propose for a late duty; the presidium decides (§12.3–4). `kinds`
    are the commands' sanction kinds it may take: a `warning`, a `fine` (between `fine_min` and `fine_max`
    of `currency`), a `vp` deduction of `vp`."""

    rule: str
    kinds: tuple[str, ...]
    fine_min: int = 0
    fine_max: int = 0
    currency: str = "Sk"
    vp: float = 0.0

    def to_json(self) -> dict[str, object]:
        return {"rule": self.rule, "kinds": list(self.kinds), "fine_min": self.fine_min, "fine_max": self.fine_max,
                "currency": self.currency, "vp": self.vp}


def report_sanction() -> Proposal:
    """§12.3, a result not reported in time: a warning, or a fine of up to 500 Sk, whether or not it is the
    team's first (the document has no step for a repeat)."""
    return Proposal(rule="§12.3", kinds=("warning", "fine"), fine_max=500)


def record_sanction(earlier_late: int) -> Proposal:
    """§12.4, a match record not sent in time, after `earlier_late` late records of the same team: a fine of
    200 to 500 Sk; from the second on, 1 VP too."""
    if earlier_late < 0:
        raise ValueError(f"earlier_late must be 0 or more, not {earlier_late}")
    if earlier_late == 0:
        return Proposal(rule="§12.4", kinds=("fine",), fine_min=200, fine_max=500)
    return Proposal(rule="§12.4", kinds=("fine", "vp"), fine_min=200, fine_max=500, vp=1.0)
