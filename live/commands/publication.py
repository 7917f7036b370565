"""The overall results published, and approved before an appeal is decided (Slovak §24.1): the commands; what the
screens are shown (`standings_status`: running, provisional or final) is derived in live/projections/finality.py,
the rule in live/rules/finality.py.

    {"type": "publish_results", "reason": "on www.bridgeclub.sk"}
    {"type": "approve_results", "reason": "the appeal concerns 4th place: no prize, no promotion, no relegation"}

- `publish_results` (`results_published`): the coordinator publishes the overall results; the term for complaints
  (`appeal_window_days`) runs from this event's instant, and an appeal lodged after it is refused. It is taken once
  every match has ended with its result (a forfeit, a withdrawn team's award): before that the results are not
  overall. Without it the hall's own publication counts, the instant every result was out
  (live/projections/appeals.py `results_published`). Once in force it is not taken again: an undo takes it back.
- `approve_results` (`results_approved`): the presidium approved the results before the open appeals were decided,
  which §24.1 allows "only if the appeal cannot affect the ranking at the places that matter (prizes, promotion
  and relegation)" — the presidium's judgement, which the `reason` records. It names the appeals open now; an
  appeal lodged later holds the results again. It does not shorten the term.

Both are undone like any command (`undo`), which folds the log anew without them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from live.commands.command import ABSENT, Absent, Command, Handlers, wrong
from live.commands.validation import CommandError, referee_said, text_value
from live.core import payloads as P
from live.core.events import NewEvent
from live.core.state import State
from live.core.texts import MAX_REASON
from live.core.tournament import Tournament
from live.projections.appeals import results_out, results_published
from live.projections.finality import appeal_terms, approval
from live.rules import appeals as A
from live.rules import finality as F

HANDLERS = Handlers()


@dataclass(frozen=True, kw_only=True)
class PublishResults(Command):
    """The coordinator publishes the overall results (Slovak §24.1); `reason`: where, if said."""

    TYPE = "publish_results"
    reason: str | Absent = field(default=ABSENT, metadata=wrong("{field} must say where they were published, in words",
                                                                "field.not_text"))


@dataclass(frozen=True, kw_only=True)
class ApproveResults(Command):
    """The presidium approves the results before the open appeals are decided (Slovak §24.1), saying why."""

    TYPE = "approve_results"
    reason: str = field(metadata=wrong("{field} must say why the appeals cannot change the places that matter",
                                       "field.not_text"))


def _term(t: Tournament) -> A.AppealRules:
    rules = A.AppealRules.from_rules(t.rules)
    if rules is None or rules.window_days is None:
        raise CommandError(422, f"the {t.preset} rules have no term for complaints after the overall results: "
                                "nothing is published for it", {"field": "type", "code": "rules.no_results_term"})
    return rules


@HANDLERS.on(PublishResults)
def publish(t: Tournament, state: State, c: PublishResults, now: int) -> NewEvent:
    _term(t)
    if state.publication is not None:
        on = f"{t.local(state.publication.ts):%Y-%m-%d %H:%M}"
        raise CommandError(409, f"the overall results were published at {on} (event {state.publication.seq}): undo "
                                "that first to publish them again", {"field": "type", "code": "results.published",
                                                                    "published": on})
    if results_out(state) is None:
        raise CommandError(409, "the overall results are not complete: every match must have ended with its result "
                                "(or a forfeit) first", {"field": "type", "code": "results.not_out"})
    reason = ABSENT if c.reason is ABSENT else text_value(c.reason, "reason", MAX_REASON,
                                                           empty="reason must say where they were published, in words")
    return referee_said(P.ResultsPublished(reason=reason))


@HANDLERS.on(ApproveResults)
def approve(t: Tournament, state: State, c: ApproveResults, now: int) -> NewEvent:
    _term(t)
    if results_published(state) is None:
        raise CommandError(409, "the overall results are not published: there is nothing to approve yet",
                           {"field": "type", "code": "results.not_published"})
    if not F.holding(appeal_terms(state), approval(state)):
        raise CommandError(409, "no appeal holds the results back: they become final when the term for complaints "
                                "is over", {"field": "type", "code": "results.nothing_to_approve"})
    reason = text_value(c.reason, "reason", MAX_REASON,
                        empty="reason must say why the appeals cannot change the places that matter")
    open_now = [x.seq for x in appeal_terms(state) if x.decided is None]
    return referee_said(P.ResultsApproved(appeals=open_now, reason=reason))


__all__ = ["HANDLERS", "ApproveResults", "PublishResults"]
