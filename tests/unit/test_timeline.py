"""The headline's timeline (live/projections/timeline.py): what is on now and next, what the big countdown counts,
the items of the day and the round open for check-in — decided on the server with the clock passed in,
and as a timeline that stays right between events (the pages only pick the entry at now).

The cases are those the pages decided until the server did (before round 1, a break, paused, held,
missed, after the last item, the day's strip across midnight): the same items, the same answers.
"""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import pairwise
from typing import Any
from zoneinfo import ZoneInfo

from helpers import MIN, T0, ev, item, published_seating, stored, tournament
from hypothesis import given
from hypothesis import strategies as st

from live.commands.arrivals import self_check_in
from live.commands.validation import CommandError
from live.core import events as E
from live.core.events import Event, NewEvent
from live.core.state import fold
from live.projections.timeline import at, breakpoints, headline, in_play, phase, timeline
from live.projections.views import public_sections

BELGRADE = ZoneInfo("Europe/Belgrade")


def local(hh: int, mm: int = 0) -> int:
    """Epoch ms of a local time in Belgrade on 6 March 2027 (UTC+1 then); hours past 23 run into the 7th."""
    return round(datetime(2027, 3, 6, tzinfo=UTC).timestamp() * 1000) + (hh - 1) * 60 * MIN + mm * MIN


def rnd(ident: str, start: int, minutes: float = 180, **extra: Any) -> dict[str, Any]:
    """A playing item as the timetable section has it."""
    return {"id": ident, "kind": "round", "start": start, "end": start + round(minutes * MIN), "playing": True,
            "status": "scheduled", **extra}


def running(ident: str, start: int, minutes: float = 180, **extra: Any) -> dict[str, Any]:
    return rnd(ident, start, minutes, **{"status": "running", "started_at": start,
                                         "ends_at": start + round(minutes * MIN), **extra})


def other(ident: str, start: int, minutes: float = 30) -> dict[str, Any]:
    return {"id": ident, "kind": "break", "start": start, "end": start + round(minutes * MIN), "playing": False}


def now_of(timetable: list[dict[str, Any]], when: int, opens: int = 0) -> dict[str, Any]:
    return headline(timetable, when, BELGRADE, opens)


def test_a_playing_items_phase_comes_from_its_status_and_a_break_has_none() -> None:
    phases = {s: phase(rnd("r1", T0, status=s)) for s in
              ("scheduled", "called", "held", "missed", "running", "paused", "ended")}
    assert phases == {"scheduled": "upcoming", "called": "upcoming", "held": "upcoming", "missed": "missed",
                      "running": "in_progress", "paused": "in_progress", "ended": "done"}
    assert phase(other("snack", T0)) is None


def test_the_round_being_played_is_current_and_the_first_open_one_next() -> None:
    timetable = [other("reg", local(13)), running("r1", local(14)), rnd("r2", local(17, 30))]
    answer = now_of(timetable, local(15))
    assert (answer["current"], answer["next"], answer["then"]) == ("r1", "r2", None)
    assert (answer["mode"], answer["deadline"]) == ("running", local(17))


def test_a_break_is_current_by_its_times_and_what_is_over_is_skipped() -> None:
    r1 = rnd("r1", local(14), status="ended")
    timetable = [r1, other("snack", local(17)), rnd("r2", local(17, 30))]
    assert [now_of(timetable, local(17, 10))[k] for k in ("current", "next")] == ["snack", "r2"]
    assert [now_of(timetable, local(17, 30))[k] for k in ("current", "next")] == [None, "r2"], "its end is not in it"
    assert [now_of([r1], local(18))[k] for k in ("current", "next", "mode")] == [None, None, "idle"]
    assert now_of([], local(18)) == {"current": None, "next": None, "then": None, "mode": "idle", "deadline": None,
                                     "day": [], "checkin": None}


def test_then_is_the_first_item_to_come_after_next() -> None:
    timetable = [rnd("r1", local(14)), other("snack", local(17)), rnd("r2", local(17, 30))]
    assert now_of(timetable, local(13))["then"] == "snack"
    ended = [{**timetable[0], "status": "ended"}, *timetable[1:]]
    assert [now_of(ended, local(16))[k] for k in ("next", "then")] == ["snack", "r2"]
    assert [now_of(ended, local(17, 10))[k] for k in ("next", "then")] == ["r2", None], "a break begun is not to come"


def test_the_countdown_runs_to_the_moved_end_and_a_paused_one_has_no_deadline() -> None:
    extended = running("r1", local(14), ends_at=local(17, 20))
    assert (now_of([extended], local(17))["mode"], now_of([extended], local(17))["deadline"]) == ("running",
                                                                                                    local(17, 20))
    paused = rnd("r1", local(14), status="paused", remaining_ms=95 * MIN)
    assert (now_of([paused], local(19))["mode"], now_of([paused], local(19))["deadline"]) == ("paused", None)


def test_the_countdown_runs_to_the_next_start_and_none_for_a_held_one() -> None:
    r2 = rnd("r2", local(17, 30))
    assert [now_of([r2], local(17, 25))[k] for k in ("mode", "deadline")] == ["until", local(17, 30)]
    held = rnd("r2", local(17, 30), status="held")
    assert [now_of([held], local(17, 40))[k] for k in ("mode", "deadline", "next")] == ["held", None, "r2"]


def test_a_last_break_counts_to_its_end_and_a_missed_plan_says_so() -> None:
    lunch = other("lunch", local(13), 60)
    assert [now_of([lunch], local(13, 45))[k] for k in ("mode", "deadline")] == ["ends", local(14)]
    assert now_of([lunch], local(15))["mode"] == "idle"
    missed = rnd("r1", local(10), status="missed")
    assert [now_of([missed], local(15))[k] for k in ("mode", "next")] == ["missed", None], "a missed round is not next"


def test_the_day_is_todays_in_the_tournaments_zone_else_the_next_items() -> None:
    sat = [rnd("r1", local(10)), rnd("r2", local(14))]
    sun = [rnd("r3", local(34)), rnd("r4", local(38))]
    both = [*sat, *sun]
    assert now_of(both, local(9))["day"] == ["r1", "r2"]
    assert now_of(both, local(23, 30))["day"] == ["r1", "r2"], "still Saturday in Belgrade"
    assert now_of(both, local(24, 30))["day"] == ["r3", "r4"], "after midnight in Belgrade"
    assert now_of(sun, local(9))["day"] == ["r3", "r4"], "nothing today: the next day's"
    assert now_of(sat, local(33))["day"] == ["r1", "r2"], "all past: the last day's"
    late = [rnd("r1", local(18), status="ended"), running("r2", local(22)), rnd("r3", local(34))]
    assert now_of(late, local(24, 30))["day"] == ["r2", "r3"], "a round begun yesterday and still played"


def test_the_timeline_answers_like_the_headline_at_every_instant() -> None:
    timetable = [other("reg", local(9), 60), rnd("r1", local(10), status="ended"), other("lunch", local(13), 60),
                 running("r2", local(14), ends_at=local(17, 10)), other("snack", local(17, 15), 15),
                 rnd("r3", local(17, 30)), other("dinner", local(20, 30), 60), rnd("r4", local(34))]
    entries = timeline(timetable, BELGRADE, 60 * MIN)
    assert entries[0]["from"] == 0 and [e["from"] for e in entries] == sorted(e["from"] for e in entries)
    assert all(a != b for a, b in pairwise(entries)), "no entry repeats the one before it"
    for point in [*breakpoints(timetable, BELGRADE, 60 * MIN), local(0), local(50)]:
        for when in (point - 1, point, point + 1):
            entry = at(entries, when)
            assert {k: v for k, v in entry.items() if k != "from"} == now_of(timetable, when, 60 * MIN), when
    # With no event in between, the break begins at its time: the snack is current from 17:15.
    assert (at(entries, local(17, 14))["current"], at(entries, local(17, 15))["current"]) == ("r2", "r2")
    ended = [*timetable[:3], {**timetable[3], "status": "ended"}, *timetable[4:]]
    after = timeline(ended, BELGRADE, 60 * MIN)
    assert [at(after, local(h, m))["current"] for h, m in ((17, 14), (17, 15), (17, 29))] == [None, "snack", "snack"]
    assert at(after, local(20, 45))["current"] == "dinner" and at(after, local(24, 1))["day"] == ["r4"]


@given(st.lists(st.tuples(st.integers(0, 72 * 60), st.integers(1, 300), st.booleans(),
                          st.sampled_from(["scheduled", "called", "held", "running", "paused", "ended", "missed"])),
                max_size=8),
       st.integers(-60, 80 * 60))
def test_any_instant_of_any_timetable_gets_the_headlines_answer(spec: list[tuple[int, int, bool, str]],
                                                                minute: int) -> None:
    timetable = [(rnd(f"i{k}", local(0, start), length, status=status) if playing else other(f"i{k}", local(0, start),
                                                                                              length))
                 for k, (start, length, playing, status) in enumerate(sorted(spec))]
    when = local(0, minute) + 7
    assert {k: v for k, v in at(timeline(timetable, BELGRADE, 60 * MIN), when).items() if k != "from"} == \
        now_of(timetable, when, 60 * MIN)


PLAYERS = [{"id": f"p{k}", "name": f"Player {k}"} for k in range(1, 4)]


def test_the_check_in_round_is_the_one_a_players_own_check_in_goes_to() -> None:
    t = tournament([item("r1", T0, 180), item("lunch", T0 + 180 * MIN, 30, kind="break"),
                    item("r2", T0 + 210 * MIN, 180)], players=PLAYERS)
    state = fold(t, [ev(1, T0 - 90 * MIN, E.SEATING_PUBLISHED, "referee", item="r1", method="draw",
                        tables=[{"table": 1, "players": ["p1", "p2", "p3"]}])])
    entries = public_sections(state)["now"]
    for minutes in (-61, -60, -10, 0, 140, 149, 150, 200, 400):
        when = T0 + minutes * MIN
        try:
            server = self_check_in(t, state, "p1", when).payload["item"]
        except CommandError:
            server = None
        assert at(entries, when)["checkin"] == server, minutes
    assert at(entries, T0 + 150 * MIN)["checkin"] == "r1", "r2's check-in is open, but r1 was never played"


def test_the_round_in_play_is_the_one_being_played_else_the_last_started() -> None:
    """The console's sanctions, appeals, penalties and slips open on it (they opened on round 1 all day)."""
    r1, r2, r3 = local(11), local(14, 30), local(17, 45)
    ended = {"status": "ended", "ended_at": r1 + 180 * MIN}
    assert in_play([rnd("r1", r1), rnd("r2", r2), other("snack", r1)]) is None  # nothing started yet
    assert in_play([running("r1", r1), rnd("r2", r2)]) == "r1"
    assert in_play([running("r1", r1, **ended), rnd("r2", r2)]) == "r1"  # after its end: its slips, its appeals
    day = [running("r1", r1, **ended), running("r2", r2, **ended), running("r3", r3, status="paused")]
    assert in_play(day) == "r3"
    assert in_play([*day[:2], rnd("r3", r3, status="called")]) == "r2"


def test_the_pages_are_told_the_round_in_play() -> None:
    t = tournament([item("r1", T0, 180), item("r2", T0 + 200 * MIN, 180)], players=[
        {"id": f"p{k}", "name": f"P{k}"} for k in range(1, 4)])
    events: list[Event] = []
    stored(events, published_seating("r1", ["p1", "p2", "p3"]), T0 - MIN)
    assert public_sections(fold(t, events))["in_play"] is None
    stored(events, NewEvent(E.ROUND_STARTED, "referee", {"item": "r1"}), T0)
    assert public_sections(fold(t, events))["in_play"] == "r1"
