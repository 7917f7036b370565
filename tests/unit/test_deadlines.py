"""The captains' deadlines of the Slovak league (live/rules/deadlines.py; seed §6, §12): the 48 hours of a result
report, the 2 working days of a match record with weekends and the days of rest left out, and the sanction to
propose for each late duty, on real dates of the 2027 season."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from live.rules import deadlines as D

BRATISLAVA = ZoneInfo("Europe/Bratislava")
H2027 = D.holidays_of({}, [2027])


def ms(text: str) -> int:
    """An instant written in Bratislava's local time."""
    return int(datetime.fromisoformat(text).replace(tzinfo=BRATISLAVA).timestamp() * 1000)


def test_easter_of_real_years() -> None:
    assert [D.easter_sunday(y) for y in (2024, 2025, 2026, 2027, 2038)] == [
        date(2024, 3, 31), date(2025, 4, 20), date(2026, 4, 5), date(2027, 3, 28), date(2038, 4, 25)]


def test_the_slovak_days_of_rest_of_2027() -> None:
    days = D.slovak_holidays(2027)
    assert len(days) == 14
    assert date(2027, 3, 26) in days and date(2027, 3, 29) in days  # Good Friday, Easter Monday
    assert date(2027, 9, 1) not in days  # Constitution Day: a working day from 2025
    assert date(2024, 9, 1) in D.slovak_holidays(2024)
    assert date(2027, 11, 17) in days and date(2027, 12, 24) in days


def test_the_file_lists_its_own_holidays() -> None:
    assert D.holidays_of({"holidays": ["2027-04-19"]}, [2027]) == frozenset({date(2027, 4, 19)})


def test_a_report_is_due_48_hours_after_the_match_and_in_time_at_that_instant() -> None:
    end = ms("2027-04-16T23:30")
    due = D.report_due(end)
    assert due == ms("2027-04-18T23:30")
    assert not D.late(due, due, due + 1)  # reported at the due instant: in time
    assert D.late(due, due + 1, due + 1)
    assert not D.late(due, None, due)
    assert D.late(due, None, due + 1)  # not reported, and the instant is past


def test_a_friday_match_record_is_due_at_the_end_of_tuesday() -> None:
    friday = ms("2027-04-16T18:00")
    assert D.record_day(date(2027, 4, 16), H2027) == date(2027, 4, 20)
    assert D.record_due(friday, BRATISLAVA, H2027) == ms("2027-04-21T00:00")
    saturday = ms("2027-04-17T10:00")  # a weekend's match counts from Monday too
    assert D.record_due(saturday, BRATISLAVA, H2027) == ms("2027-04-21T00:00")
    monday = ms("2027-04-19T18:00")  # a Monday's: Tuesday and Wednesday
    assert D.record_due(monday, BRATISLAVA, H2027) == ms("2027-04-22T00:00")


def test_a_match_before_easter_waits_for_the_holidays_to_pass() -> None:
    thursday = ms("2027-03-25T18:00")  # Good Friday, the weekend and Easter Monday are not working days
    assert D.record_day(date(2027, 3, 25), H2027) == date(2027, 3, 31)
    assert D.record_due(thursday, BRATISLAVA, H2027) == ms("2027-04-01T00:00")  # (summer time by then)
    wednesday = ms("2027-12-22T18:00")  # Thursday 23 is the first; Christmas Eve (a Friday) and the weekend off
    assert D.record_due(wednesday, BRATISLAVA, H2027) == ms("2027-12-28T00:00")
    without = D.record_due(thursday, BRATISLAVA, frozenset())  # a federation that keeps no holiday
    assert without == ms("2027-03-30T00:00")


def test_a_late_report_proposes_a_warning_or_a_fine_every_time() -> None:
    proposal = D.report_sanction()
    assert proposal.rule == "§12.3" and proposal.kinds == ("warning", "fine") and proposal.fine_max == 500
    assert proposal.vp == 0


def test_a_late_record_proposes_a_fine_then_one_vp_on_a_repeat() -> None:
    first = D.record_sanction(0)
    assert first.rule == "§12.4" and first.kinds == ("fine",) and (first.fine_min, first.fine_max) == (200, 500)
    again = D.record_sanction(1)
    assert again.kinds == ("fine", "vp") and again.vp == 1.0
    assert D.record_sanction(3) == again
    with pytest.raises(ValueError):
        D.record_sanction(-1)
    assert again.to_json()["vp"] == 1.0


def test_a_demos_terms_pass_as_fast_as_its_nights() -> None:
    end = ms("2027-04-17T12:45")
    due = D.report_due(end)
    assert D.squeezed(due, end, 1.0) == due  # a real event: the calendar's
    # 48 hours are two days; a demo's day lasts DEMO_DAY_MINUTES tournament minutes, at 60× a quarter of a minute.
    assert D.squeezed(due, end, 60.0) == end + 2 * 15 * 60_000 // 60
    assert D.squeezed(due, end, 900.0) == end + 2_000
    record = D.record_due(ms("2027-04-17T09:30"), BRATISLAVA, H2027)  # Tuesday's midnight: 3 days 11 h 15 min on
    assert D.squeezed(record, end, 60.0) - end == round((record - end) / D.DAY_MS * 15_000)
    with pytest.raises(ValueError):
        D.squeezed(due, end, 0)
