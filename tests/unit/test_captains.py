"""Captains' reports from the clubs' venues (live/commands/captains.py, live/projections/captains.py; Slovak
propositions §12): a captain reports, the other confirms (a result the standings count exactly as the referee's)
or disputes it (the coordinator settles it); the refusals write nothing; the coordinator's list says each match's
state, who is late and the sanction to propose, on a fake clock."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from helpers import MIN, rounds, stored, tournament
from support.results import PREFERANS, SLOVAK, TEAMS6, Session

from live.commands.captains import captain_decide
from live.commands.validation import CommandError
from live.core import events as E
from live.core.tournament import TournamentFileError
from live.projections.captains import coordinator_view, team_view
from live.projections.checkin_codes import captain_code_for, captain_codes, code_for, codes
from live.projections.standings import compute

HOUR = 60 * MIN
DAY = 24 * HOUR


class Venues(Session):
    """The coordinator (the referee's commands) and the captains (their own, by team)."""

    def captain(self, team: str, kind: str, **fields: Any) -> Any:
        self.now += 1000
        new = captain_decide(self.t, self.state, team, {"type": kind, **fields}, self.now)
        return stored(self.events, new, self.now)

    def captain_refused(self, team: str, command: dict[str, Any], code: str) -> CommandError:
        before = list(self.events)
        with pytest.raises(CommandError) as info:
            captain_decide(self.t, self.state, team, command, self.now)
        assert self.events == before
        assert info.value.detail["code"] == code, info.value.to_json()
        return info.value

    def line(self, item: str, home: str, now: int | None = None) -> dict[str, Any]:
        view = coordinator_view(self.state, self.now if now is None else now)
        return next(dict(x) for x in view["matches"] if x["item"] == item and x["home"] == home)


@pytest.fixture
def v() -> Venues:
    v = Venues(SLOVAK)
    v.do("start_round", item="m1")  # round 1: t1–t6, t2–t5, t3–t4
    return v


def test_a_confirmed_report_counts_exactly_as_the_referees_result(v: Venues) -> None:
    report = v.captain("t1", "report_result", item="m1", imps_home=50, imps_away=20)
    assert (report.type, report.actor) == (E.RESULT_REPORTED, "captain:t1")
    assert report.payload == {"item": "m1", "home": "t1", "away": "t6", "imps_home": 50, "imps_away": 20, "team": "t1"}
    assert compute(v.state)[0]["played"] == 0  # a report alone counts for nothing
    assert v.line("m1", "t1")["state"] == "reported"
    confirmed = v.captain("t6", "confirm_result", item="m1", report=report.seq)
    assert (confirmed.type, confirmed.actor) == (E.RESULT_RECORDED, "captain:t6")
    referee = Session(SLOVAK)
    referee.do("start_round", item="m1")
    referee.do("record_result", item="m1", home="t1", away="t6", imps_home=50, imps_away=20)
    assert compute(v.state) == compute(referee.state)
    line = v.line("m1", "t1")
    assert line["state"] == "confirmed" and line["result"]["by"] == "captain:t6"
    audit = [(x["type"], x["by"]) for x in v.state.commands]
    assert (E.RESULT_REPORTED, "captain:t1") in audit and (E.RESULT_RECORDED, "captain:t6") in audit


def test_a_result_that_counts_is_the_coordinators_to_correct(v: Venues) -> None:
    v.captain("t1", "report_result", item="m1", imps_home=50, imps_away=20)
    v.captain("t6", "confirm_result", item="m1")
    for team in ("t1", "t6"):
        v.captain_refused(team, {"type": "report_result", "item": "m1", "imps_home": 1, "imps_away": 0},
                          "captain.result_counted")
    v.do("correct_result", item="m1", home="t1", away="t6", imps_home=50, imps_away=30, reason="board 3")
    assert v.line("m1", "t1")["state"] == "recorded"


def test_a_captain_acts_for_their_own_team_and_match_only(v: Venues) -> None:
    v.captain_refused("t3", {"type": "report_result", "item": "m1", "imps_home": 1, "imps_away": 0, "team": "t1"},
                      "captain.not_your_team")
    v.captain("t1", "report_result", item="m1", imps_home=50, imps_away=20)
    v.captain_refused("t1", {"type": "confirm_result", "item": "m1"}, "captain.own_report")
    v.captain_refused("t2", {"type": "confirm_result", "item": "m1"}, "captain.no_report")  # (t2–t5: none)
    v.captain_refused("t6", {"type": "report_result", "item": "m1", "imps_home": 1, "imps_away": 0},
                      "captain.report_pending")
    v.captain_refused("t3", {"type": "report_result", "item": "m2", "imps_home": 1, "imps_away": 0},
                      "round.not_started")
    v.captain_refused("t3", {"type": "report_result", "item": "m1", "imps_home": 1.5, "imps_away": 0},
                      "result.imps_whole")
    v.captain_refused("t3", {"type": "record_result", "item": "m1"}, "command.unknown_type")  # the referee's


def test_a_captain_corrects_their_own_report_until_it_is_confirmed(v: Venues) -> None:
    first = v.captain("t3", "report_result", item="m1", imps_home=10, imps_away=12)
    again = v.captain("t3", "report_result", item="m1", imps_home=12, imps_away=10)
    v.captain_refused("t4", {"type": "confirm_result", "item": "m1", "report": first.seq}, "captain.report_changed")
    v.captain("t4", "confirm_result", item="m1", report=again.seq)
    assert v.state.results["m1"]["t3-t4"].body.imps_home == 12
    assert v.state.reports["m1"]["t3-t4"].first_at == first.ts  # reported on time from the first report


def test_a_dispute_goes_to_the_coordinator_who_settles_it(v: Venues) -> None:
    report = v.captain("t2", "report_result", item="m1", imps_home=40, imps_away=38)
    v.captain_refused("t5", {"type": "dispute_result", "item": "m1", "reason": " "}, "field.empty")
    dispute = v.captain("t5", "dispute_result", item="m1", reason="board 7 was 620, not 650")
    assert dispute.payload["report"] == report.seq and dispute.actor == "captain:t5"
    line = v.line("m1", "t2")
    assert line["state"] == "disputed" and line["dispute"]["reason"] == "board 7 was 620, not 650"
    assert "t2-t5" not in v.state.results.get("m1", {})
    for team, kind in (("t5", "confirm_result"), ("t2", "report_result"), ("t5", "report_result")):
        v.captain_refused(team, {"type": kind, "item": "m1", "imps_home": 1, "imps_away": 0}
                          if kind == "report_result" else {"type": kind, "item": "m1"}, "captain.disputed")
    v.do("record_result", item="m1", home="t2", away="t5", imps_home=40, imps_away=41)
    assert v.line("m1", "t2")["state"] == "settled"
    assert next(r for r in compute(v.state) if r["team"] == "t5")["imps_for"] == 41


def test_only_the_home_captain_sends_the_record_and_once(v: Venues) -> None:
    v.captain_refused("t6", {"type": "send_record", "item": "m1"}, "captain.not_home")
    sent = v.captain("t1", "send_record", item="m1")
    assert sent.type == E.RECORD_SENT
    v.captain_refused("t1", {"type": "send_record", "item": "m1"}, "captain.record_already")
    v.captain_refused("t1", {"type": "send_record", "item": "m2"}, "round.not_started")


def test_captains_are_for_team_matches() -> None:
    with pytest.raises(CommandError) as info:
        captain_decide(PREFERANS, Session(PREFERANS).state, "t1", {"type": "send_record", "item": "r1"}, 0)
    assert info.value.detail["code"] == "captain.teams_only"


def local(text: str) -> int:
    """An instant in the test tournament's zone (Europe/Belgrade: the same clock as Bratislava's)."""
    return int(datetime.fromisoformat(text).astimezone(UTC).timestamp() * 1000)


def test_the_coordinator_sees_the_terms_who_is_late_and_what_to_propose(v: Venues) -> None:
    v.captain("t1", "report_result", item="m1", imps_home=50, imps_away=20)
    v.do("end_round", item="m1")
    end = v.state.items["m1"].ended_at
    assert end is not None
    line = v.line("m1", "t3", now=end + HOUR)
    assert (line["state"], line["report_due"], line["late"]) == ("awaiting_report", end + 48 * HOUR, [])
    # Saturday 6 March 2027: Monday and Tuesday are the two working days, the record due at Tuesday's midnight.
    assert line["record_due"] == local("2027-03-10T00:00:00+01:00")
    late = v.line("m1", "t3", now=end + 48 * HOUR + 1)
    assert late["state"] == "overdue" and late["late"] == ["t3", "t4"]
    assert [(p["team"], p["rule"], p["kinds"], p["fine_max"]) for p in late["proposed"]] == [
        ("t3", "§12.3", ["warning", "fine"], 500), ("t4", "§12.3", ["warning", "fine"], 500)]
    reported = v.line("m1", "t1", now=end + 48 * HOUR + 1)  # t1 reported in time, t6 has not confirmed
    assert reported["state"] == "overdue" and reported["late"] == ["t6"]
    assert team_view(v.state, "t6", end)[0]["report"]["team"] == "t1"  # what the other captain confirms
    assert all(not x["proposed"] for x in team_view(v.state, "t3", end + 3 * DAY))
    counts = coordinator_view(v.state, end + 3 * DAY)["counts"]
    assert counts["overdue"] == 3 and counts["scheduled"] == 27  # 10 rounds of 3 matches


def test_a_repeated_late_record_proposes_one_vp_and_the_penalty_applies_it(v: Venues) -> None:
    for item in ("m1", "m2", "m3"):  # t2 is at home in m1 (t2–t5) and m3 (t2–t6)
        if item != "m1":
            v.do("start_round", item=item)
        v.do("end_round", item=item)
    later = v.now + 10 * DAY
    first, second = v.line("m1", "t2", now=later), v.line("m3", "t2", now=later)
    assert first["record_late"] and second["record_late"]
    assert [p["kinds"] for p in first["proposed"] if p["duty"] == "record"] == [["fine"]]
    (repeat,) = [p for p in second["proposed"] if p["duty"] == "record"]
    assert repeat["kinds"] == ["fine", "vp"] and repeat["vp"] == 1.0
    before = next(r for r in compute(v.state) if r["team"] == "t2")
    v.run(dict(repeat["command"]))
    after = next(r for r in compute(v.state) if r["team"] == "t2")
    assert after["penalty_vp"] == before["penalty_vp"] + 1


def test_a_referees_result_without_captains_leaves_nobody_late(v: Venues) -> None:
    v.do("record_result", item="m1", home="t3", away="t4", imps_home=3, imps_away=3)
    line = v.line("m1", "t3", now=v.now + 10 * DAY)
    assert (line["state"], line["late"], line["record_late"], line["proposed"]) == ("recorded", [], False, [])


def test_captain_codes_are_a_purpose_of_their_own() -> None:
    secret = "s3cret"
    players = codes(secret, ["t1", "p1"])  # a player whose id is a team's gets another code than its captain
    captains = captain_codes(secret, ["t1", "t2"], players)
    assert captain_code_for(secret, "t1") != code_for(secret, "t1")
    assert set(captains.values()) == {"t1", "t2"} and not set(captains) & set(players)
    assert captain_code_for("other", "t1") != captain_code_for(secret, "t1")


def test_the_files_holidays_move_the_records_term() -> None:
    """Saturday 6 March 2027: with Monday 8 a holiday of the file's, Tuesday and Wednesday are the working days."""
    t = tournament(rounds(2, kind="match", minutes=240, gap=30, boards=24), preset="slovak-league", teams=TEAMS6,
                   rules={"holidays": ["2027-03-08"]})
    assert t.rules["holidays"] == ["2027-03-08"]
    v = Venues(t)
    v.do("start_round", item="m1")
    assert v.line("m1", "t1")["record_due"] == local("2027-03-11T00:00:00+01:00")
    with pytest.raises(TournamentFileError):
        tournament(rounds(1, kind="match", boards=24), preset="slovak-league", teams=TEAMS6,
                   rules={"holidays": ["8 March"]})
