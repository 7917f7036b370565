"""The coordinator records the §12.3–4 sanction of a late result report or match record (live/commands/late_duties.py)
and the coordinator's list shows it (live/projections/captains.py): each refusal writes nothing and names its code,
the event says who and when, an undo takes it back, and the list stops proposing a duty sanctioned while a repeated
late record's 1 VP, counted from the late records themselves, stays proposed."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import MIN, rounds, stored, tournament
from support.late_duties import DAY, VALID, played, sanction, session
from support.results import PREFERANS, TEAMS5, Session

from live.commands.captains import captain_decide
from live.core import events as E
from live.projections.captains import coordinator_view, team_view

SLOVAK_CITE = {"doc": "slovak-league"}


def captain(s: Session, team: str, kind: str, **fields: Any) -> None:
    s.now += 1000
    stored(s.events, captain_decide(s.t, s.state, team, {"type": kind, **fields}, s.now), s.now)


def line(s: Session, item: str, home: str) -> dict[str, Any]:
    return next(dict(x) for x in coordinator_view(s.state, s.now)["matches"] if x["item"] == item and x["home"] == home)


def code(s: Session, command: dict[str, Any]) -> dict[str, Any]:
    """The refusal's detail (nothing is written: `Session.refuse` checks it)."""
    detail: dict[str, Any] = s.refuse(command).detail
    return detail


@pytest.mark.parametrize(("setup", "command", "kind", "payload"), [c[1:] for c in VALID], ids=[c[0] for c in VALID])
def test_a_valid_command_becomes_its_event(setup: str, command: dict[str, Any], kind: str,
                                           payload: dict[str, Any]) -> None:
    s = session(setup)
    event = s.run(command)
    assert (event.type, event.payload, event.actor) == (kind, payload, "referee")


def test_the_list_shows_the_fine_with_who_and_when_and_stops_proposing_it() -> None:
    s = session("late")
    before = line(s, "m1", "t2")
    assert [(p["team"], p["duty"]) for p in before["proposed"]] == [("t2", "report"), ("t5", "report"),
                                                                     ("t2", "record")]
    assert before["sanctions"] == []
    fine = s.run(sanction("t2", "m1", "record", "fine", amount=250))
    after = line(s, "m1", "t2")
    assert after["sanctions"] == [{"duty": "record", "team": "t2", "measure": "fine", "amount": 250, "currency": "Sk",
                                   "seq": fine.seq, "by": "referee", "ts": fine.ts}]
    assert [(p["team"], p["duty"]) for p in after["proposed"]] == [("t2", "report"), ("t5", "report")]
    assert after["record_late"] and after["late"] == ["t2", "t5"]  # still late: the sanction is for that
    warning = s.run(sanction("t5", "m1", "report", "warning"))
    after = line(s, "m1", "t2")
    assert after["sanctions"][1] == {"duty": "report", "team": "t5", "measure": "warning", "amount": None,
                                     "currency": None, "seq": warning.seq, "by": "referee", "ts": warning.ts}
    assert [(p["team"], p["duty"]) for p in after["proposed"]] == [("t2", "report")]
    audit = next(x for x in s.state.commands if x["seq"] == fine.seq)
    assert (audit["type"], audit["by"]) == (E.LATE_DUTY_SANCTIONED, "referee")
    # A captain sees their own team's sanctions, and no proposal.
    (t5,) = [x for x in team_view(s.state, "t5", s.now) if x["item"] == "m1"]
    assert ([x["seq"] for x in t5["sanctions"]], t5["proposed"]) == ([warning.seq], [])


def test_an_undo_takes_the_sanction_back_and_the_duty_is_proposed_again() -> None:
    s = session("late")
    fine = s.run(sanction("t2", "m1", "record", "fine", amount=300))
    assert code(s, sanction("t2", "m1", "record", "fine", amount=400)) == {
        "field": "duty", "code": "late.already", "team": "t2", "item": "m1", "duty": "record", "seq": fine.seq}
    s.do("undo", seq=fine.seq)
    assert line(s, "m1", "t2")["sanctions"] == []
    assert ("t2", "record") in [(p["team"], p["duty"]) for p in line(s, "m1", "t2")["proposed"]]
    again = s.run(sanction("t2", "m1", "record", "fine", amount=400))
    assert [x["seq"] for x in line(s, "m1", "t2")["sanctions"]] == [again.seq]


def test_a_repeat_counts_the_late_records_and_its_vp_stays_proposed_after_the_fine() -> None:
    s = session("late")
    (repeat,) = [p for p in line(s, "m3", "t2")["proposed"] if p["duty"] == "record"]
    assert repeat["kinds"] == ["fine", "vp"]
    s.run(sanction("t2", "m1", "record", "fine", amount=200))  # the first late record's fine changes no count
    s.run(sanction("t2", "m3", "record", "fine", amount=500))
    (left,) = [p for p in line(s, "m3", "t2")["proposed"] if p["duty"] == "record"]
    assert (left["kinds"], left["vp"], left["command"]["type"]) == (["vp"], 1.0, "penalty")
    # An unsanctioned earlier late record makes a repeat all the same: the breach is the late record.
    other = session("late")
    (vp,) = [p for p in line(other, "m3", "t2")["proposed"] if p["duty"] == "record"]
    assert vp["kinds"] == ["fine", "vp"]


def test_only_a_late_duty_is_sanctioned() -> None:
    s = played()  # just after the matches: nothing is due yet
    detail = code(s, sanction("t3", "m1", "report", "warning"))
    assert (detail["code"], detail["team"], detail["item"], detail["duty"]) == ("late.not_late", "t3", "m1", "report")
    assert detail["due"].startswith("2027-03-")
    assert code(s, sanction("t2", "m1", "record", "fine", amount=300))["code"] == "late.not_late"
    assert code(s, sanction("t2", "m4", "report", "warning"))["code"] == "late.not_late"  # not played yet
    captain(s, "t2", "send_record", item="m1")
    captain(s, "t3", "report_result", item="m1", imps_home=30, imps_away=20)
    s.now += 10 * DAY
    assert code(s, sanction("t2", "m1", "record", "fine", amount=300))["code"] == "late.not_late"  # sent in time
    assert code(s, sanction("t3", "m1", "report", "fine", amount=100))["code"] == "late.not_late"  # reported
    s.run(sanction("t4", "m1", "report", "fine", amount=100))  # who never confirmed
    assert code(s, sanction("t5", "m1", "record", "fine", amount=300)) == {
        "field": "team", "code": "captain.not_home", "item": "m1", "home": "t2"}


def test_a_recorded_result_without_captains_owes_nothing() -> None:
    s = played(rounds=("m1",))
    s.do("record_result", item="m1", home="t3", away="t4", imps_home=3, imps_away=3)
    s.now += 10 * DAY
    assert code(s, sanction("t3", "m1", "report", "warning"))["code"] == "late.not_late"
    assert code(s, sanction("t3", "m1", "record", "fine", amount=300))["code"] == "late.not_late"


def test_the_measure_and_the_fine_are_the_rules() -> None:
    s = session("late")
    record = code(s, sanction("t2", "m1", "record", "warning"))
    assert record == {"field": "measure", "code": "late.measure", "duty": "record", "measure": "warning",
                      "cite": {**SLOVAK_CITE, "section": "§12.4"}}
    assert code(s, sanction("t2", "m1", "record", "vp"))["code"] == "field.not_one_of"  # the VP is `penalty`'s
    assert code(s, sanction("t2", "m1", "report", "warning", amount=100)) == {
        "field": "amount", "code": "late.warning_amount"}
    assert code(s, sanction("t2", "m1", "report", "fine")) == {"field": "amount", "code": "field.missing"}
    for duty, amount, low, cite in (("record", 199, 200, "§12.4"), ("record", 501, 200, "§12.4"),
                                    ("report", 0, 1, "§12.3"), ("report", 501, 1, "§12.3")):
        assert code(s, sanction("t2", "m1", duty, "fine", amount=amount)) == {
            "field": "amount", "code": "late.fine_range", "min": low, "max": 500, "currency": "Sk",
            "cite": {**SLOVAK_CITE, "section": cite}}, (duty, amount)
    assert code(s, sanction("t2", "m1", "report", "fine", amount=2.5))["code"] == "field.not_whole"
    assert code(s, sanction("t2", "m1", "report", "warning", reason=" "))["code"] == "field.empty"
    s.run(sanction("t2", "m1", "report", "fine", amount=1))
    s.run(sanction("t2", "m1", "record", "fine", amount=500))


def test_the_command_names_a_team_a_match_and_a_duty() -> None:
    s = session("late")
    assert code(s, sanction("t9", "m1", "report", "warning"))["code"] == "field.unknown_id"
    assert code(s, sanction("t2", "m99", "report", "warning"))["code"] == "field.unknown_id"
    assert code(s, sanction("t2", "m1", "late", "warning"))["code"] == "field.not_one_of"
    assert code(s, {"type": "sanction_late", "team": "t2", "item": "m1", "measure": "warning"}) == {
        "field": "duty", "code": "field.missing"}
    five = played(tournament(rounds(5, kind="match", minutes=240, gap=30, boards=24), preset="slovak-league",
                             teams=TEAMS5), rounds=("m1",))
    five.now += 10 * DAY
    byes = [team for team in ("t1", "t2", "t3", "t4", "t5")
            if not any(team in (x["home"], x["away"]) for x in coordinator_view(five.state, five.now)["matches"]
                       if x["item"] == "m1")]
    assert len(byes) == 1
    assert code(five, sanction(byes[0], "m1", "report", "warning")) == {
        "field": "item", "code": "captain.not_your_match", "team": byes[0], "item": "m1"}
    assert code(Session(PREFERANS), sanction("t1", "r1", "report", "warning"))["code"] == "late.teams_only"


def test_the_fold_keeps_one_sanction_per_team_and_duty() -> None:
    """Two instances may decide the same command at once (a shared Redis log): the fold keeps the first."""
    s = session("late")
    payload = VALID[1][4]
    first = s.log(E.LATE_DUTY_SANCTIONED, **payload)
    s.log(E.LATE_DUTY_SANCTIONED, **{**payload, "amount": 400})
    assert [(x["seq"], x["amount"]) for x in line(s, "m1", "t2")["sanctions"]] == [(first.seq, 300)]


def test_a_report_is_late_only_past_its_48_hours() -> None:
    """At the due instant itself a report is in time (§12.1); a millisecond later the command gets past that
    check (and is refused for its amount instead)."""
    s = played(rounds=("m1",))
    end = s.state.items["m1"].ended_at
    assert end is not None
    s.now = end + 48 * 60 * MIN
    assert code(s, sanction("t3", "m1", "report", "warning"))["code"] == "late.not_late"
    s.now += 1
    assert s.refuse(sanction("t3", "m1", "report", "warning", amount=1)).detail["code"] == "late.warning_amount"
