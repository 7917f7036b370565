"""The captains' own commands: a match's result reported from the club's venue, confirmed or disputed by the other
captain (docs/rules/slovak-league.md#captains; Slovak league propositions §12.1: both captains report the result
to the coordinator within 48 hours).

    {"type": "report_result", "item": "m3", "imps_home": 61, "imps_away": 40}
    {"type": "confirm_result", "item": "m3", "report": 118}
    {"type": "dispute_result", "item": "m3", "report": 118, "reason": "board 17 was scored 620, not 650"}
    {"type": "send_record", "item": "m3"}

A captain signs in with their team's code (live/projections/captain_codes.py) and acts for that team only: the
edge sets `team` from the session (a body naming another team is refused), and the match is the team's match of
that round (its published seating, else the league's Berger round). The home and away teams follow from it.

- A report is checked like the referee's `record_result` of the match (`results.match_result`: the match has
  started, whole IMPs, a VP scale with the boards) and counts for nothing yet (`result_reported`). The same
  captain may report again until it is confirmed (a slip of the finger); the other captain's pending report is
  confirmed or disputed, not reported over.
- A confirmation by the other captain is the result itself: a `result_recorded` with the reported IMPs, by that
  captain, which the fold and the standings take exactly as the referee's. A captain cannot confirm their own
  report; a report changed since the captain saw it (`report`: its seq) is refused, not confirmed.
- A dispute (`result_disputed`, with why) leaves the match without a result and shows it to the coordinator as
  disputed; the captains can then neither report nor confirm. The coordinator settles it with the referee's
  commands (`record_result`, `forfeit`), and corrects a confirmed result with `correct_result`: a captain
  never reports over a result that counts.

- The home team's captain says when they sent the match record ("zápis", §12.2: within 2 working days) to the
  coordinator (`record_sent`, once per match): the coordinator's list counts its term from it
  (live/rules/deadlines.py).

Every step is an event by `captain:<team>`, at the log's time: the audit shows who did what and when.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from live.commands import results
from live.commands.command import ABSENT, Absent, Command, Handlers, wrong
from live.commands.validation import CommandError, item_of, text_value
from live.core import payloads as P
from live.core.events import NewEvent
from live.core.payloads import new_event
from live.core.records import Report
from live.core.state import State
from live.core.texts import MAX_REASON
from live.core.tournament import Tournament
from live.projections.matches import match_pairs

__all__ = ["HANDLERS", "actor", "captain_decide", "team_of"]

ACTOR_PREFIX = "captain:"

_ITEM = wrong("{field} must be a match's id, e.g. \"m3\"", "field.not_an_id")
_IMPS = wrong("{field} must be the team's IMP total (0 or more)", "result.imps")
_TEAM = wrong("{field} must be a team's id", "field.not_an_id")
_REPORT = wrong("report must be the sequence number of the report you saw", "field.not_whole")

HANDLERS = Handlers()


@dataclass(frozen=True, kw_only=True)
class ReportResult(Command):
    """The result of the captain's team's match in `item`: each team's IMPs (home first, as the round lists it)."""

    TYPE = "report_result"
    item: str = field(metadata=_ITEM)
    imps_home: float = field(metadata=_IMPS)
    imps_away: float = field(metadata=_IMPS)
    team: str | Absent = field(default=ABSENT, metadata=_TEAM)


@dataclass(frozen=True, kw_only=True)
class ConfirmResult(Command):
    """The other captain's report of the match in `item` is right: it counts."""

    TYPE = "confirm_result"
    item: str = field(metadata=_ITEM)
    report: int | Absent = field(default=ABSENT, metadata=_REPORT)
    team: str | Absent = field(default=ABSENT, metadata=_TEAM)


@dataclass(frozen=True, kw_only=True)
class DisputeResult(Command):
    """The other captain's report of the match in `item` is wrong, and why: the coordinator settles it."""

    TYPE = "dispute_result"
    item: str = field(metadata=_ITEM)
    reason: str = field(metadata=wrong("{field} must say why, in words", "field.not_text"))
    report: int | Absent = field(default=ABSENT, metadata=_REPORT)
    team: str | Absent = field(default=ABSENT, metadata=_TEAM)


@dataclass(frozen=True, kw_only=True)
class SendRecord(Command):
    """The home captain has sent the match record of `item` to the coordinator (§12.2)."""

    TYPE = "send_record"
    item: str = field(metadata=_ITEM)
    team: str | Absent = field(default=ABSENT, metadata=_TEAM)


def actor(team: str) -> str:
    """The actor of a captain's events."""
    return ACTOR_PREFIX + team


def team_of(actor_: str) -> str | None:
    """The team whose captain an actor is; None for anyone else."""
    return actor_[len(ACTOR_PREFIX):] if actor_.startswith(ACTOR_PREFIX) else None


def captain_decide(t: Tournament, state: State, team: str, command: Command | Mapping[str, object],
                   now: int) -> NewEvent:
    """The event a captain's command becomes, by that captain (`team`'s, proved by their session), or the
    refusal. Pure like `decide`: the clock is `now`."""
    if not isinstance(command, Command):
        command = HANDLERS.parse(command)
    sent = getattr(command, "team", ABSENT)
    if sent is not ABSENT and sent != team:
        raise CommandError(403, f"you captain {team}, not {sent}: a captain acts for their own team only",
                           {"field": "team", "code": "captain.not_your_team", "team": str(sent)})
    command = replace(command, team=team)  # type: ignore[call-arg]  # (every captain's command has a team)
    new = HANDLERS.run(t, state, command, now)
    return replace(new, actor=actor(team))


def _match(t: Tournament, state: State, item: object, team: str) -> tuple[str, str, str]:
    """The item and the (home, away) of `team`'s match in it."""
    if t.game != "bridge":
        raise CommandError(422, "captains report the results of team matches", {"field": "type",
                           "code": "captain.teams_only"})
    if t.team(team) is None:
        raise CommandError(422, f"no team has the id {team!r}", {"field": "team", "code": "field.unknown_id",
                           "id": team})
    s = item_of(state, item)
    for home, away in match_pairs(state, s.item.id) or []:
        if team in (home, away):
            return s.item.id, home, away
    raise CommandError(422, f"{team} has no match in {s.item.id}", {"field": "item", "code": "captain.not_your_match",
                       "team": team, "item": s.item.id})


def _not_counted(state: State, item: str, home: str, away: str) -> None:
    key = f"{home}-{away}"
    if key in state.results.get(item, {}) or key in state.forfeits.get(item, {}):
        raise CommandError(409, f"{home} – {away} of {item} has its result already: only the coordinator corrects it",
                           {"field": "item", "code": "captain.result_counted", "item": item, "home": home,
                            "away": away})


def _pending(state: State, item: str, home: str, away: str) -> Report | None:
    return state.reports.get(item, {}).get(f"{home}-{away}")


def _disputed(report: Report, item: str) -> None:
    if report.dispute is not None:
        raise CommandError(409, f"the result of {item} is disputed: the coordinator settles it", {"field": "item",
                           "code": "captain.disputed", "item": item})


@HANDLERS.on(ReportResult)
def report_result(t: Tournament, state: State, c: ReportResult, now: int) -> NewEvent:
    team = str(c.team)
    item, home, away = _match(t, state, c.item, team)
    _not_counted(state, item, home, away)
    pending = _pending(state, item, home, away)
    if pending is not None:
        _disputed(pending, item)
        if pending.body.team != team:
            raise CommandError(409, f"the other captain reported the result of {item} (event {pending.seq}): confirm "
                                    "or dispute it", {"field": "item", "code": "captain.report_pending",
                               "item": item, "seq": pending.seq})
    checked = results.match_result(t, state, item, home, away, c.imps_home, c.imps_away)
    home_imps, away_imps = checked.imps_home, checked.imps_away
    assert isinstance(home_imps, int) and isinstance(away_imps, int)  # (whole IMPs: checked just above)
    return new_event(P.ResultReported(item=item, home=home, away=away, imps_home=home_imps, imps_away=away_imps,
                                      team=team), actor(team))


def _to_answer(state: State, item: object, team: str, t: Tournament, seen: int | Absent) -> tuple[Report, str]:
    """The other captain's pending report of `team`'s match, which this captain may confirm or dispute."""
    ident, home, away = _match(t, state, item, team)
    _not_counted(state, ident, home, away)
    pending = _pending(state, ident, home, away)
    if pending is None:
        raise CommandError(409, f"nobody has reported the result of {ident} yet", {"field": "item",
                           "code": "captain.no_report", "item": ident})
    _disputed(pending, ident)
    if pending.body.team == team:
        raise CommandError(409, f"you reported the result of {ident}: the other captain confirms it",
                           {"field": "item", "code": "captain.own_report", "item": ident})
    if seen is not ABSENT and seen != pending.seq:
        raise CommandError(409, f"the report of {ident} has changed since (event {pending.seq}): read it again",
                           {"field": "report", "code": "captain.report_changed", "item": ident, "seq": pending.seq})
    return pending, ident


@HANDLERS.on(ConfirmResult)
def confirm_result(t: Tournament, state: State, c: ConfirmResult, now: int) -> NewEvent:
    team = str(c.team)
    pending, item = _to_answer(state, c.item, team, t, c.report)
    r = pending.body
    body = results.match_result(t, state, item, r.home, r.away, r.imps_home, r.imps_away)
    return new_event(body, actor(team))


@HANDLERS.on(DisputeResult)
def dispute_result(t: Tournament, state: State, c: DisputeResult, now: int) -> NewEvent:
    team = str(c.team)
    pending, item = _to_answer(state, c.item, team, t, c.report)
    reason = text_value(c.reason, "reason", MAX_REASON, empty="reason must say why, in words")
    r = pending.body
    return new_event(P.ResultDisputed(item=item, home=r.home, away=r.away, team=team, report=pending.seq,
                                      reason=reason), actor(team))


@HANDLERS.on(SendRecord)
def send_record(t: Tournament, state: State, c: SendRecord, now: int) -> NewEvent:
    team = str(c.team)
    item, home, away = _match(t, state, c.item, team)
    if team != home:
        raise CommandError(409, f"the home team's captain sends the record of {item}: {home}'s", {"field": "item",
                           "code": "captain.not_home", "item": item, "home": home})
    if state.items[item].open:
        raise CommandError(409, f"{item} has not started: its record comes after the match", {"field": "item",
                           "code": "round.not_started", "item": item})
    sent = state.records_sent.get(item, {}).get(f"{home}-{away}")
    if sent is not None:
        raise CommandError(409, f"the record of {item} was sent already (event {sent.seq})", {"field": "item",
                           "code": "captain.record_already", "item": item, "seq": sent.seq})
    return new_event(P.RecordSent(item=item, home=home, away=away, team=team), actor(team))
