"""The day the server was down: a start or end recorded after the fact (`start_round` / `end_round` with `at`
and a reason), its bounds, and a start the scheduler finds past on a day of which nothing was played."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import MIN, SEC, T0, ev
from support.arrivals import CACAK, HOUR, NOVI_SAD, Desk, at, row

from live.commands.decide import allowed_now
from live.commands.signals import OVERDUE_START_MS, due_signals, signal_event
from live.core import events as E
from live.core.state import fold
from live.projections.views import public_sections

REASON = "the server was off; the hall clock said 11:12"


def item_view(desk: Desk, ident: str) -> dict[str, Any]:
    return next(i for i in public_sections(desk.state)["timetable"] if i["id"] == ident)


# ---- a start recorded at the instant it happened ----------------------------------------------------


def test_a_start_recorded_after_the_fact_runs_the_clock_and_lateness_from_that_instant() -> None:
    desk = Desk(NOVI_SAD, T0 - 30 * MIN)
    desk.check_in("t3", at(-5), item="m1")  # (t2–t5, t3–t4; t1 has a bye)
    recorded = desk.do("start_round", at(40), item="m1", at=at(12), reason=REASON)
    assert recorded.payload == {"item": "m1", "at": at(12), "reason": REASON}
    s = desk.state.items["m1"]
    assert (s.status, s.started_at) == ("running", at(12))
    assert s.ends_at() == at(12) + 90 * MIN
    desk.check_in("t2", at(41), item="m1", at=at(20), reason="the sheet says 11:20")
    assert row(desk.state, "t2", "m1")["late_ms"] == 8 * MIN  # from the recorded start, not the plan's
    assert row(desk.state, "t3", "m1")["late_ms"] == 0
    # the hall's timetable says when it started
    assert item_view(desk, "m1")["started_at"] == at(12)


def test_an_end_recorded_after_the_fact_ends_the_round_at_that_instant() -> None:
    desk = Desk(NOVI_SAD, T0 - 30 * MIN)
    desk.do("start_round", T0, item="m1")
    desk.do("pause", at(30), item="m1")
    desk.do("resume", at(35), item="m1")
    desk.do("end_round", at(110), item="m1", at=at(96), reason="the server was off at the end")
    s = desk.state.items["m1"]
    assert (s.status, s.ended_at, s.paused_ms) == ("ended", at(96), 5 * MIN)


@pytest.mark.parametrize(("fields", "code"), [
    ({"at": T0 + 50 * MIN, "reason": REASON}, "field.future"),
    ({"at": "11:12", "reason": REASON}, "field.bad_time"),
    ({"at": T0}, "field.missing"),
    ({"at": T0, "reason": "   "}, "field.empty"),
    ({"reason": REASON}, "round.reason_without_at"),
    # not before the day the plan has the round on (midnight in Belgrade: 23:00 UTC the day before)
    ({"at": T0 - 11 * HOUR - SEC, "reason": REASON}, "round.at_before_day"),
])
def test_a_recorded_start_is_bounded_and_needs_a_reason(fields: dict[str, Any], code: str) -> None:
    desk = Desk(NOVI_SAD, T0 + 40 * MIN)
    refused = desk.refuse({"type": "start_round", "item": "m1", **fields})
    assert refused.status == 422 and refused.detail["code"] == code, refused.detail
    assert refused.detail["field"] == ("reason" if code.startswith(("field.m", "field.e", "round.r")) else "at")
    desk.do("start_round", item="m1", at=T0 - 11 * HOUR, reason=REASON)  # midnight itself is on the day


def test_a_recorded_start_is_not_before_the_round_before_it_ended() -> None:
    desk = Desk(NOVI_SAD, T0 - 30 * MIN)
    desk.do("start_round", T0, item="m1")
    desk.do("end_round", at(95), item="m1")
    refused = desk.refuse({"type": "start_round", "item": "m2", "at": at(94), "reason": REASON}, at(120))
    assert (refused.status, refused.detail["code"], refused.detail["previous"]) == (422, "round.at_before_previous",
                                                                                     "m1")
    desk.do("start_round", item="m2", at=at(95), reason=REASON)
    assert desk.state.items["m2"].started_at == at(95)


def test_a_recorded_end_is_not_before_the_start_nor_the_last_pause() -> None:
    desk = Desk(NOVI_SAD, T0 - 30 * MIN)
    desk.do("start_round", T0, item="m1")
    desk.do("pause", at(30), item="m1")
    for when in (at(-1), at(29)):
        refused = desk.refuse({"type": "end_round", "item": "m1", "at": when, "reason": REASON}, at(40))
        assert (refused.status, refused.detail["code"]) == (422, "round.at_before_start")
    ended = desk.do("end_round", item="m1", at=at(30), reason=REASON)
    assert ended.payload["at"] == at(30)
    assert desk.state.items["m1"].ended_at == at(30)


def test_a_threshold_passed_before_a_recorded_start_was_logged_is_not_alerted() -> None:
    # Novi Sad: the forfeit alert comes 30 minutes after the start. Recorded 40 minutes after the
    # match began, its forfeit threshold had passed: the referee knows; no alert against every team.
    late = Desk(NOVI_SAD, T0 - 30 * MIN)
    late.do("start_round", at(40), item="m1", at=T0, reason=REASON)
    assert not [s for s in due_signals(NOVI_SAD, late.state) if s.type == E.LATENESS_ALERT]
    assert not [e for e in late.run_until(at(60)) if e.type == E.LATENESS_ALERT]
    # recorded 10 minutes after it began: the threshold is still ahead, and alerts as ever
    soon = Desk(NOVI_SAD, T0 - 30 * MIN)
    soon.do("start_round", at(10), item="m1", at=T0, reason=REASON)
    alerts = [e for e in soon.run_until(at(31)) if e.type == E.LATENESS_ALERT]
    assert [e.signal for e in alerts] == ["m1:late:forfeit"]


# ---- a start found past when the server comes up --------------------------------------------------


def test_a_bridge_match_past_its_start_on_a_fresh_log_is_held_not_started_with_a_forfeit_alert() -> None:
    desk = Desk(NOVI_SAD, at(40))  # the server came up 40 minutes after the match was due
    appended = desk.run_until(at(40))
    assert [(e.type, e.signal) for e in appended] == [(E.ROUND_START_HELD, "m1:start")]
    assert appended[0].payload == {"item": "m1", "due_at": T0, "reason": "past"}
    view = item_view(desk, "m1")
    assert (view["status"], view["held_for"], view["waiting_for"]) == ("held", "past", None)
    assert not [s for s in due_signals(NOVI_SAD, desk.state) if s.type == E.LATENESS_ALERT]
    assert not [e for e in desk.run_until(at(80)) if e.type == E.LATENESS_ALERT]
    # the console offers its start: now (lateness counts from now), or recorded when it happened
    assert "start" in allowed_now(desk.state)["m1"]
    desk.do("start_round", item="m1")
    assert desk.state.items["m1"].started_at == at(80)


def test_a_start_a_little_late_or_once_play_has_begun_still_fires_at_its_time() -> None:
    t = NOVI_SAD
    fresh = fold(t, [])
    moment = signal_event(t, fresh, "m1:start", T0 + OVERDUE_START_MS)
    assert moment is not None and moment.type == E.ROUND_STARTED  # a restart of a few seconds
    past = signal_event(t, fresh, "m1:start", T0 + OVERDUE_START_MS + 1)
    assert past is not None and (past.type, past.payload["reason"]) == (E.ROUND_START_HELD, "past")
    # once play has begun, a start that fell due while the server was down fires at its time, as before
    m2 = T0 + 105 * MIN
    played = fold(t, [ev(1, T0, E.ROUND_STARTED, "referee", item="m1"),
                      ev(2, T0 + 90 * MIN, E.ROUND_ENDED, "referee", item="m1")])
    late = signal_event(t, played, "m2:start", m2 + 30 * MIN)
    assert late is not None and (late.type, late.payload) == (E.ROUND_STARTED, {"item": "m2", "due_at": m2})


def test_a_preferans_round_past_its_start_is_held_for_its_seating_first() -> None:
    held = signal_event(CACAK, fold(CACAK, []), "r1:start", T0 + 40 * MIN)
    assert held is not None and held.payload["reason"] == "seating"
