"""Whether the standings are running, provisional or final (Slovak §24.1, live/rules/finality.py): the public
section `standings_status`, derived from the state; the commands that publish and approve the overall results are
in live/commands/publication.py.

Absent while the results are running (nothing published yet). Why it is told as of the state's last event with
`final_at` beside it: the sections are built when an event comes, never by the clock (docs/design.md#architecture),
and the term for complaints closes with no event. So the section says the status as the last event left it and the
instant it turns `final` by itself; a page compares that instant with the server's clock, as it does the timeline's,
and `GET /api/state` gives it at its own `now`. No scheduled signal is needed, and the log records only what people
did (a publication, a decision, an approval).
"""

from __future__ import annotations

from typing import cast

from live.core.state import State
from live.projections.appeals import results_published
from live.projections.wire import ResultsStatus, ResultsWhy, StandingsStatus
from live.rules import appeals as A
from live.rules import finality as F

RULE = ("Slovak §24.1: a result is final once the term for complaints after the overall results are published is "
        "over and every appeal is decided (or the presidium approved the results before it was)")


def appeal_terms(state: State) -> list[F.AppealTerm]:
    """The appeals in force, as finality reads them."""
    return [F.AppealTerm(x.seq, None if x.decision is None else x.decision.ts) for x in state.appeals.values()]


def approval(state: State) -> F.Approval | None:
    """The presidium's approval in force, as finality reads it."""
    kept = state.approval
    if kept is None:
        return None
    return F.Approval(kept.seq, kept.ts, frozenset(int(x) for x in kept.body.appeals))


def standings_status(state: State, now: int | None = None) -> StandingsStatus | None:
    """The `standings_status` section at `now` (None: as of the state's last event); None while the results are
    running (not published: a page shows nothing, as without `standings_provisional` — and a log from before the
    section replays to the views it had) and under rules without a term for complaints (`appeal_window_days`)."""
    rules = A.AppealRules.from_rules(state.tournament.rules)
    if rules is None or rules.window_days is None:
        return None
    published = results_published(state)
    given = approval(state)
    found = F.finality(published, F.term_ms(rules.window_days), appeal_terms(state), given,
                       state.ts if now is None else now)
    if published is None or found.since is None or found.closes is None:  # (running: `F.RUNNING`)
        return None
    # (the rule's words are the section's: `ResultsStatus`, `ResultsWhy`)
    status, why = cast(ResultsStatus, found.status), cast(ResultsWhy, found.why)
    return {"status": status, "since": found.since, "final_at": found.final_at, "open_appeals": found.open_appeals,
            "why": why, "published": published, "closes": found.closes, "days": rules.window_days,
            "approved": None if given is None else given.at, "rule": RULE}
