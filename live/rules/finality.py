"""When a competition's results are final (Slovak league §24.1), as pure functions with the clock passed in.

*§24.1:* „Výsledok nadobúda platnosť automaticky po uplynutí času stanoveného na reklamáciu, a ak bolo podané
odvolanie, potom po jeho vyriešení. Predsedníctvo SBZ môže schváliť výsledky súťaže pred vyriešením odvolania iba
ak odvolanie nemôže ovplyvniť poradie na závažných miestach (udelenie cien, postup a zostup). Lehota pre podanie
reklamácie končí u dlhodobých súťaží 15 dní po zverejnení celkových výsledkov.“ (docs/rules/appeals.md#final)

Readings:
- Three states: `running` until the overall results are published (nothing to be final yet), `provisional` from
  the publication while the term for complaints runs (`appeal_window_days`, 15: the same term an appeal is taken
  in, live/rules/appeals.py) or an appeal is open, `final` from the instant both are over. The term's closing
  instant itself is past the term (as for the appeals: an appeal at that instant is refused).
- The presidium's early approval is of the results "before the appeal is decided": it stands for the decision of
  the appeals open when it was given (it does not shorten the term, which §24.1 does not let it). An appeal lodged
  after the approval, still in the term, holds the results again until it is decided. Whether the appeal could
  change the places that matter (prizes, promotion, relegation) is the presidium's judgement, not the hall's.
- The seed gives the term for long competitions only ("u dlhodobých súťaží"); a short competition's term is not
  in it: the organizer sets `appeal_window_days` (a fraction of a day is taken: a day's hours).
- The status changes with the clock alone when the term closes with nothing open: `final_at` is that instant, so
  a screen compares it with the clock (no event is needed for it, docs/design.md: what changes with the clock
  between events comes as instants).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

RUNNING, PROVISIONAL, FINAL = "running", "provisional", "final"
STATUSES = (RUNNING, PROVISIONAL, FINAL)
#: Why the status is what it is: not published yet; the term runs (nothing open); the term runs and an appeal is
#: open; the term is over but an appeal is open; final with every appeal decided; final by the presidium's approval.
NOT_PUBLISHED, TERM, TERM_AND_APPEALS, APPEALS, TERM_OVER, APPROVED = (
    "not_published", "term", "term_and_appeals", "appeals", "term_over", "approved")
WHYS = (NOT_PUBLISHED, TERM, TERM_AND_APPEALS, APPEALS, TERM_OVER, APPROVED)


@dataclass(frozen=True)
class AppealTerm:
    """One appeal as finality reads it: when it was lodged (its seq orders it against the approval) and when it
    was decided (None: open)."""

    seq: int
    decided: int | None = None


@dataclass(frozen=True)
class Approval:
    """The presidium's approval: its seq (the appeals lodged before it are the ones it sees), when it was given,
    and the seqs of the appeals it approved the results over."""

    seq: int
    at: int
    appeals: frozenset[int]


@dataclass(frozen=True)
class Finality:
    """The results' status at an instant: since when it holds (None while running), the instant they become final
    with nothing else happening (None: not published, or an appeal is still to be decided; the instant itself once
    final), the appeals holding them back, why, and when the term for complaints closes (None: not published)."""

    status: str
    since: int | None
    final_at: int | None
    open_appeals: int
    why: str
    closes: int | None


def term_ms(days: float, day_ms: int = 24 * 60 * 60 * 1000) -> int:
    """The term for complaints in milliseconds (`day_ms`: a day as the clock counts it)."""
    if days < 0:
        raise ValueError(f"the term for complaints is 0 days or more, not {days}")
    return round(days * day_ms)


def holding(appeals: Sequence[AppealTerm], approval: Approval | None) -> list[AppealTerm]:
    """The appeals that still hold the results back: open, and not among those the approval covered."""
    covered = approval.appeals if approval is not None else frozenset()
    return [x for x in appeals if x.decided is None and x.seq not in covered]


def final_at(published: int | None, term: int | None, appeals: Sequence[AppealTerm],
             approval: Approval | None = None) -> int | None:
    """The instant the results are final (§24.1): the term over and every appeal decided, or approved over by the
    presidium — the latest of those instants; None while not published or an appeal still holds them."""
    if published is None or term is None or holding(appeals, approval):
        return None
    covered = approval.appeals if approval is not None else frozenset()
    met = [published + term]
    for x in appeals:
        if x.seq in covered and approval is not None:
            met.append(approval.at if x.decided is None else min(x.decided, approval.at))
        elif x.decided is not None:
            met.append(x.decided)
    return max(met)


def finality(published: int | None, term: int | None, appeals: Sequence[AppealTerm], approval: Approval | None,
             now: int) -> Finality:
    """The status at `now` (see the module)."""
    if published is None or term is None:
        return Finality(RUNNING, None, None, len(holding(appeals, approval)), NOT_PUBLISHED, None)
    closes = published + term
    held = len(holding(appeals, approval))
    at = final_at(published, term, appeals, approval)
    if at is not None and now >= at:
        covered = approval is not None and any(x.seq in approval.appeals for x in appeals)
        return Finality(FINAL, at, at, 0, APPROVED if covered else TERM_OVER, closes)
    why = (TERM_AND_APPEALS if held else TERM) if now < closes else APPEALS
    return Finality(PROVISIONAL, published, at, held, why, closes)
