"""The coordinator's list of the competition's matches as the captains report them
(docs/rules/slovak-league.md#captains): each match's state, its result report's and its match record's terms
(Slovak §12.1–2, live/rules/deadlines.py), who is late, and the sanction to propose (§12.3–4). A captain sees the
same lines for their own team's matches.

A line's `state`:

- `scheduled`: the match has not started;
- `awaiting_report`: played, nobody has reported; `overdue` once its 48 hours have passed;
- `reported`: one captain reported, the other has not confirmed (`overdue` too once the term has passed);
- `disputed`: the other captain disputed the report: the coordinator settles it (`record_result`);
- `confirmed`: the other captain confirmed it (a result like the referee's);
- `recorded`: the referee entered the result (a hall with its referee, or a correction); `settled` when a
  dispute came before it;
- `forfeited`: the referee recorded the match as unplayed; `withdrawn`: a team of it has withdrawn.

Who must report: both captains (§12.1), unless the hall's referee entered the result without any captain's
report (the referee was there: nobody reported late). A captain "reported" when they first reported,
confirmed or disputed the match. The home captain sends the record (§12.2) of a match that was played (not
forfeited). A team's record counts as repeated (§12.4: 1 VP) after an earlier match's record of that team was
late. The sanctions are proposals: the coordinator (and the federation's presidium, which decides fines and
warnings) applies them by command; the VP deduction's command is given (`penalty`).

A warning or fine the coordinator recorded (`sanction_late`, live/commands/late_duties.py) is on its line
(`sanctions`), and that team's duty is no longer proposed; a repeated late record's 1 VP stays proposed (alone,
with its `penalty` command) after its fine is recorded, since the fine does not apply it. *A repeat* counts the
team's late records, not the sanctions recorded for them: §12.4 „Ak je to opakované porušenie“ — if it is a
repeated breach — and the breach is the record not sent in time (§12.2), whether or not the presidium has fined
it yet; recording or undoing a fine changes no count (live/rules/deadlines.py `record_sanction`).

Time-dependent (late or not) is computed with the instant given: the HTTP edge passes the hall's clock. In a demo
(speed above 1) the terms' days pass as fast as its nights (`deadlines.squeezed`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import NotRequired, TypedDict

from live.core import payloads as P
from live.core.absent import Absent
from live.core.records import Kept, Report, Result
from live.core.state import ItemState, State
from live.core.status import ItemStatus
from live.projections.matches import match_pairs
from live.rules import deadlines as D

CAPTAIN_PREFIX = "captain:"


class ReportLine(TypedDict):
    seq: int
    ts: int
    team: str
    imps_home: int
    imps_away: int


class DisputeLine(TypedDict):
    seq: int
    ts: int
    team: str
    reason: str


class ResultLine(TypedDict):
    seq: int
    ts: int
    by: str
    imps_home: int | float
    imps_away: int | float


class PenaltyCommand(TypedDict):
    """The referee's `penalty` command that applies a proposal's VP (live/commands/results.py)."""

    type: str
    team: str
    amount: float
    unit: str
    reason: str
    item: str


class Proposed(TypedDict):
    team: str
    duty: str  # "report" (§12.3) or "record" (§12.4)
    rule: str
    kinds: list[str]
    fine_min: int
    fine_max: int
    currency: str
    vp: float
    command: NotRequired[PenaltyCommand]


class SanctionLine(TypedDict):
    """A late duty's warning or fine the coordinator recorded (§12.3–4, `late_duty_sanctioned`): `amount` and
    `currency` for a fine only; `by` the referee, `seq` the event an undo names."""

    duty: str  # "report" (§12.3) or "record" (§12.4)
    team: str
    measure: str  # "warning" or "fine"
    amount: int | None
    currency: str | None
    seq: int
    by: str
    ts: int


class MatchLine(TypedDict):
    item: str
    title: str
    round: int | None
    home: str
    away: str
    state: str
    #: The match's end as played (or as the timetable has it, before it ends); the terms count from it.
    end: int
    report_due: int
    record_due: int
    #: The teams whose captain did not report in time (§12.1), and whether the home captain's record is late.
    late: list[str]
    record_late: bool
    record_sent: int | None
    report: ReportLine | None
    dispute: DisputeLine | None
    result: ResultLine | None
    proposed: list[Proposed]
    #: The warnings and fines recorded for this match's late duties, in the log's order.
    sanctions: list[SanctionLine]


class CoordinatorView(TypedDict):
    now: int
    matches: list[MatchLine]
    #: How many lines are in each state (the console's summary): e.g. {"disputed": 1, "overdue": 2}.
    counts: dict[str, int]


def _end(s: ItemState) -> int:
    if s.ended_at is not None:
        return s.ended_at
    return s.ends_at() if not s.open else s.item.end_ms


def _captain(actor: str) -> str | None:
    return actor[len(CAPTAIN_PREFIX):] if actor.startswith(CAPTAIN_PREFIX) else None


def _acted(report: Report | None, result: Result | None) -> dict[str, int]:
    """When each team's captain first reported, confirmed or disputed the match."""
    times: dict[str, list[int]] = {}
    if report is not None:
        times.setdefault(report.body.team, []).append(report.first_at)
        if report.dispute is not None:
            times.setdefault(report.dispute.body.team, []).append(report.dispute.ts)
    team = _captain(result.event.actor) if result is not None else None
    if result is not None and team is not None:
        times.setdefault(team, []).append(result.ts)
    return {team: min(at) for team, at in times.items()}


def _state(s: ItemState, report: Report | None, result: Result | None, forfeited: bool, withdrawn: bool,
           late: bool) -> str:
    if forfeited:
        return "forfeited"
    if result is not None:
        if _captain(result.event.actor) is not None:
            return "confirmed"
        return "settled" if report is not None and report.dispute is not None else "recorded"
    if withdrawn:
        return "withdrawn"
    if report is not None and report.dispute is not None:
        return "disputed"
    if s.open or s.status == ItemStatus.MISSED:
        return "scheduled"
    if late:
        return "overdue"
    return "reported" if report is not None else "awaiting_report"


@dataclass(frozen=True)
class Duty:
    """A team's duty of one match at an instant: its result report (§12.1, both teams) or its match record
    (§12.2, the home team's), when it is due, whether it is late, and the sanction a late one may take
    (§12.3–4) before any is recorded; `sanctioned`, the warning or fine recorded for it."""

    item: str
    home: str
    away: str
    team: str
    duty: str  # "report" or "record"
    due: int
    late: bool
    proposal: D.Proposal | None
    sanctioned: Kept[P.LateDutySanctioned] | None


@dataclass(frozen=True)
class _Match:
    """One match's line as computed at an instant, with its duties."""

    s: ItemState
    home: str
    away: str
    end: int
    report_due: int
    record_due: int
    report: Report | None
    result: Result | None
    forfeited: bool
    withdrawn: bool
    sent: int | None
    duties: list[Duty] = field(default_factory=list)


def _matches(state: State, now: int) -> Iterator[_Match]:
    """Every match of the competition in the order of the timetable, with its duties at `now`. A record is
    repeated (§12.4) after an earlier late record of the same home team, in that order (the module's docstring)."""
    t = state.tournament
    late_records: dict[str, int] = {}  # team → its late records so far, in the timetable's order
    for s in state.items.values():
        pairs = match_pairs(state, s.item.id) if t.game == "bridge" else None
        if not pairs:
            continue
        end = _end(s)
        start = s.start_ms()
        year = datetime.fromtimestamp(start / 1000, t.zone).year
        holidays = D.holidays_of(t.rules, (year, year + 1))
        # (A demo's terms pass as fast as its days off: counted from the match's end, squeezed like its nights.)
        report_due = D.squeezed(D.report_due(end), end, t.speed)
        record_due = D.squeezed(D.record_due(start, t.zone, holidays), end, t.speed)
        for home, away in pairs:
            key = f"{home}-{away}"
            report = state.reports.get(s.item.id, {}).get(key)
            result = state.results.get(s.item.id, {}).get(key)
            forfeited = key in state.forfeits.get(s.item.id, {})
            withdrawn = home in state.withdrawn or away in state.withdrawn
            sent = state.records_sent.get(s.item.id, {}).get(key)
            sanctions = state.late_sanctions.get(s.item.id, {}).get(key, [])
            acted = _acted(report, result)
            # The hall's referee entered the result and no captain reported: the referee was there, no duty.
            duty = not (forfeited or withdrawn or s.open or s.status == ItemStatus.MISSED
                        or (result is not None and not acted))
            m = _Match(s, home, away, end, report_due, record_due, report, result, forfeited, withdrawn,
                       sent.ts if sent is not None else None)
            for team in (home, away):
                late = duty and D.late(report_due, acted.get(team), now)
                m.duties.append(Duty(s.item.id, home, away, team, "report", report_due, late,
                                     D.report_sanction() if late else None, _sanctioned(sanctions, team, "report")))
            record_late = duty and D.late(record_due, m.sent, now)
            proposal = None
            if record_late:
                earlier = late_records.get(home, 0)
                late_records[home] = earlier + 1
                proposal = D.record_sanction(earlier)
            m.duties.append(Duty(s.item.id, home, away, home, "record", record_due, record_late, proposal,
                                 _sanctioned(sanctions, home, "record")))
            yield m


def _sanctioned(kept: list[Kept[P.LateDutySanctioned]], team: str, duty: str) -> Kept[P.LateDutySanctioned] | None:
    return next((x for x in kept if x.body.team == team and x.body.duty == duty), None)


def duties(state: State, now: int) -> list[Duty]:
    """Every team's report and record duty of every match at `now` (the coordinator's `sanction_late` checks its
    command against these: live/commands/late_duties.py)."""
    return [d for m in _matches(state, now) for d in m.duties]


def coordinator_view(state: State, now: int) -> CoordinatorView:
    """Every match of the competition, in the order of the timetable, with its state at `now`."""
    lines: list[MatchLine] = []
    for m in _matches(state, now):
        s, home, away, report, result = m.s, m.home, m.away, m.report, m.result
        late = [d.team for d in m.duties if d.duty == "report" and d.late]
        record_late = any(d.late for d in m.duties if d.duty == "record")
        proposed: list[Proposed] = []
        for d in m.duties:
            if d.proposal is None:
                continue
            proposal = _proposed(d.team, d.duty, d.proposal)
            if d.sanctioned is not None:  # its warning or fine is recorded: what is left is a repeat's VP
                proposal["kinds"] = [k for k in proposal["kinds"] if k == "vp"]
                if not proposal["kinds"]:
                    continue
            if proposal["vp"]:
                proposal["command"] = {"type": "penalty", "team": d.team, "amount": proposal["vp"], "unit": "vp",
                                       "reason": f"{proposal['rule']}: a repeated late match record "
                                                 f"({s.item.id}, {home} – {away})", "item": s.item.id}
            proposed.append(proposal)
        waiting = result is None and not m.forfeited and (report is None or report.dispute is None)
        lines.append({
            "item": s.item.id, "title": s.item.title, "round": s.item.round, "home": home, "away": away,
            "state": _state(s, report, result, m.forfeited, m.withdrawn, waiting and bool(late)),
            "end": m.end, "report_due": m.report_due, "record_due": m.record_due, "late": late,
            "record_late": record_late, "record_sent": m.sent,
            "report": None if report is None else {
                "seq": report.seq, "ts": report.ts, "team": report.body.team,
                "imps_home": report.body.imps_home, "imps_away": report.body.imps_away},
            "dispute": None if report is None or report.dispute is None else {
                "seq": report.dispute.seq, "ts": report.dispute.ts, "team": report.dispute.body.team,
                "reason": report.dispute.body.reason},
            "result": None if result is None else _result_line(result),
            "proposed": proposed,
            "sanctions": [_sanction_line(x) for x in state.late_sanctions.get(s.item.id, {}).get(f"{home}-{away}", [])],
        })
    counts: dict[str, int] = {}
    for line in lines:
        counts[line["state"]] = counts.get(line["state"], 0) + 1
    return {"now": now, "matches": lines, "counts": counts}


def _sanction_line(x: Kept[P.LateDutySanctioned]) -> SanctionLine:
    b = x.body
    return {"duty": b.duty, "team": b.team, "measure": b.measure,
            "amount": None if isinstance(b.amount, Absent) else b.amount,
            "currency": None if isinstance(b.currency, Absent) else b.currency,
            "seq": x.seq, "by": x.actor, "ts": x.ts}


def _proposed(team: str, duty: str, p: D.Proposal) -> Proposed:
    return {"team": team, "duty": duty, "rule": p.rule, "kinds": list(p.kinds), "fine_min": p.fine_min,
            "fine_max": p.fine_max, "currency": p.currency, "vp": p.vp}


def _result_line(result: Result) -> ResultLine:
    _, _, imps_home, imps_away = result.body.match()
    return {"seq": result.seq, "ts": result.ts, "by": result.event.actor, "imps_home": imps_home,
            "imps_away": imps_away}


def team_view(state: State, team: str, now: int) -> list[MatchLine]:
    """A captain's own team's matches: the coordinator's lines without the sanctions proposed, and with the
    warnings and fines recorded of their own team only."""
    return [{**line, "proposed": [], "sanctions": [x for x in line["sanctions"] if x["team"] == team]}
            for line in coordinator_view(state, now)["matches"] if team in (line["home"], line["away"])]
