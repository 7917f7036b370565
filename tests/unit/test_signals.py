"""Which round signals are due and what a firing signal appends (pure; `now` is an integer)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from helpers import MIN, SEC, T0, ev, preferans, rounds, seating_event, stored, tournament

from live.commands.signals import OVERDUE_START_MS, Signal, due_signals, signal_event
from live.core import events as E
from live.core.events import Event
from live.core.state import fold
from live.core.tournament import Tournament
from live.rules.presets import PRESETS, segments_for

R1_END = T0 + 180 * MIN
R2 = T0 + 210 * MIN


def plan(t: Tournament, events: list[Event], item: str | None = None) -> list[tuple[str, int, str]]:
    """(id, due_at, type) of the due signals, optionally of one item only."""
    return [(s.id, s.due_at, s.type) for s in due_signals(t, fold(t, events)) if item in (None, s.item)]


def started(item: str = "r1", at: int = T0, seq: int = 1) -> Event:
    return ev(seq, at, E.ROUND_STARTED, "referee", item=item)


def seated(item: str = "r1", at: int = T0 - 30 * MIN, seq: int = 1) -> Event:
    """The referee published the round's seating (these tournaments have no players: no tables)."""
    return seating_event(seq, at, item)


# ---- what is due ------------------------------------------------------------------------


def test_a_preferans_round_is_called_started_warned_and_ended() -> None:
    t = preferans(1)
    # no call to the tables before there are tables: the start is due all the same (and will be held)
    assert plan(t, []) == [("r1:start", T0, E.ROUND_STARTED)]
    assert plan(t, [seated()]) == [
        ("r1:call", T0 - 5 * MIN, E.ROUND_CALLED),
        ("r1:start", T0, E.ROUND_STARTED),
    ]
    called = [seated(), ev(2, T0 - 5 * MIN, E.ROUND_CALLED, "scheduler", item="r1", due_at=T0 - 5 * MIN,
                           signal="r1:call")]
    assert plan(t, called) == [("r1:start", T0, E.ROUND_STARTED)]
    assert plan(t, [started()]) == [
        ("r1:last_deals", R1_END - 15 * MIN, E.LAST_DEALS_ANNOUNCED),
        ("r1:end", R1_END, E.ROUND_ENDED),
    ]


def test_signals_of_several_rounds_come_in_due_order() -> None:
    t = preferans(2)
    assert plan(t, [seated()]) == [
        ("r1:call", T0 - 5 * MIN, E.ROUND_CALLED),
        ("r1:start", T0, E.ROUND_STARTED),
        ("r2:start", R2, E.ROUND_STARTED),  # r2 is seated (and called) once r1 is over
    ]


def test_no_call_for_the_next_round_while_a_round_is_still_being_played() -> None:
    # docs/rules/cacak.md#call: the call sends players to their tables; not in the middle of play.
    t = preferans(2)
    assert plan(t, [started()]) == [
        ("r1:last_deals", R1_END - 15 * MIN, E.LAST_DEALS_ANNOUNCED),
        ("r1:end", R1_END, E.ROUND_ENDED),
        ("r2:start", R2, E.ROUND_STARTED),
    ]
    ended = [started(), ev(2, R1_END, E.ROUND_ENDED, "scheduler", item="r1", due_at=R1_END)]
    assert ("r2:call", R2 - 5 * MIN, E.ROUND_CALLED) not in plan(t, ended), "r2 is not seated yet"
    ended.append(seated("r2", R1_END + 5 * MIN, seq=3))
    assert ("r2:call", R2 - 5 * MIN, E.ROUND_CALLED) in plan(t, ended)


def test_deadlines_follow_a_late_start_a_pause_and_an_extension() -> None:
    t = preferans(1)
    events = [
        started(at=T0 + 5 * MIN),
        ev(2, T0 + 60 * MIN, E.ROUND_PAUSED, "referee", item="r1"),
        ev(3, T0 + 70 * MIN, E.ROUND_RESUMED, "referee", item="r1"),
        ev(4, T0 + 80 * MIN, E.ROUND_EXTENDED, "referee", item="r1", minutes=10, ms=10 * MIN),
    ]
    end = R1_END + 5 * MIN + 10 * MIN + 10 * MIN
    assert plan(t, events) == [
        ("r1:last_deals", end - 15 * MIN, E.LAST_DEALS_ANNOUNCED),
        ("r1:end", end, E.ROUND_ENDED),
    ]


def test_last_deals_announced_by_the_referee_drops_the_warning() -> None:
    t = preferans(1)
    events = [started(), ev(2, T0 + 150 * MIN, E.LAST_DEALS_ANNOUNCED, "referee", item="r1")]
    assert plan(t, events) == [("r1:end", R1_END, E.ROUND_ENDED)]


def test_a_novi_sad_match_has_half_time_and_no_call_or_last_deals() -> None:
    t = tournament(rounds(1, kind="match", minutes=90, boards=12), preset="novi-sad-teams")
    assert plan(t, []) == [("m1:start", T0, E.ROUND_STARTED)]
    signals = due_signals(t, fold(t, [started("m1")]))
    assert signals == [
        Signal("m1:break:1", T0 + 45 * MIN, E.BREAK_ANNOUNCED, "m1", (("part", 1), ("parts", 2))),
        Signal("m1:end", T0 + 90 * MIN, E.ROUND_ENDED, "m1"),
    ]


def test_half_time_moves_with_a_pause_and_goes_once_announced() -> None:
    t = tournament(rounds(1, kind="match", minutes=90, boards=12), preset="novi-sad-teams")
    paused = [
        started("m1"),
        ev(2, T0 + 20 * MIN, E.ROUND_PAUSED, "referee", item="m1"),
        ev(3, T0 + 26 * MIN, E.ROUND_RESUMED, "referee", item="m1"),
    ]
    assert plan(t, paused) == [
        ("m1:break:1", T0 + 51 * MIN, E.BREAK_ANNOUNCED),
        ("m1:end", T0 + 96 * MIN, E.ROUND_ENDED),
    ]
    half = ev(4, T0 + 51 * MIN, E.BREAK_ANNOUNCED, "scheduler", item="m1", due_at=T0 + 51 * MIN, part=1, parts=2,
              signal="m1:break:1")
    assert plan(t, [*paused, half]) == [("m1:end", T0 + 96 * MIN, E.ROUND_ENDED)]


def test_a_slovak_24_board_match_has_one_break_in_two_parts() -> None:
    t = tournament(rounds(1, kind="match", minutes=180, boards=24), preset="slovak-league")
    signals = due_signals(t, fold(t, [started("m1")]))
    assert [(s.id, s.due_at, dict(s.extra)) for s in signals] == [
        ("m1:break:1", T0 + 90 * MIN, {"part": 1, "parts": 2}),
        ("m1:end", T0 + 180 * MIN, {}),
    ]


def test_a_slovak_36_board_match_has_two_breaks_in_three_parts() -> None:
    t = tournament(rounds(1, kind="match", minutes=270, boards=36), preset="slovak-league")
    signals = due_signals(t, fold(t, [started("m1")]))
    assert [(s.id, s.due_at, dict(s.extra)) for s in signals] == [
        ("m1:break:1", T0 + 90 * MIN, {"part": 1, "parts": 3}),
        ("m1:break:2", T0 + 180 * MIN, {"part": 2, "parts": 3}),
        ("m1:end", T0 + 270 * MIN, {}),
    ]


def test_a_slovak_match_of_16_boards_has_no_break() -> None:
    t = tournament(rounds(1, kind="match", minutes=120, boards=16), preset="slovak-league")
    assert plan(t, [started("m1")]) == [("m1:end", T0 + 120 * MIN, E.ROUND_ENDED)]


def test_a_paused_round_has_no_deadlines() -> None:
    t = preferans(1)
    events = [started(), ev(2, T0 + 30 * MIN, E.ROUND_PAUSED, "referee", item="r1")]
    assert plan(t, events) == []
    t2 = tournament(rounds(1, kind="match", minutes=90, boards=12), preset="novi-sad-teams")
    assert plan(t2, [started("m1"), ev(2, T0 + MIN, E.ROUND_PAUSED, "referee", item="m1")]) == []


def test_an_ended_round_has_no_signals() -> None:
    t = preferans(2)
    events = [started(), ev(2, T0 + 100 * MIN, E.ROUND_ENDED, "referee", item="r1"), seated("r2", T0 + 110 * MIN, 3)]
    assert plan(t, events, "r1") == []
    assert [sid for sid, _, _ in plan(t, events)] == ["r2:call", "r2:start"]


def test_a_held_round_waits_for_the_referee() -> None:
    t = preferans(2)
    events = [
        started(),
        ev(2, R2, E.ROUND_START_HELD, "scheduler", item="r2", due_at=R2, reason="previous", waiting_for="r1",
           signal="r2:start"),
    ]
    assert plan(t, events, "r2") == []


def test_signal_ids_are_deterministic() -> None:
    t = tournament(rounds(2, kind="match", minutes=90, boards=12), preset="novi-sad-teams")
    events = [started("m1")]
    first = due_signals(t, fold(t, events))
    again = due_signals(t, fold(t, list(events)))
    assert first == again
    assert [s.id for s in first] == ["m1:break:1", "m1:end", "m2:start"]
    assert [s.id for s in due_signals(preferans(1), fold(preferans(1), [seated()]))] == ["r1:call", "r1:start"]


def test_rules_overrides_remove_signals() -> None:
    no_auto = preferans(1, rules={"auto_start": False, "auto_end": False})
    assert plan(no_auto, [seated()]) == [("r1:call", T0 - 5 * MIN, E.ROUND_CALLED)]
    assert plan(no_auto, [started()]) == [("r1:last_deals", R1_END - 15 * MIN, E.LAST_DEALS_ANNOUNCED)]
    quiet = preferans(1, rules={"call_before": 0, "last_deals_warning": 0})
    assert plan(quiet, [seated()]) == [("r1:start", T0, E.ROUND_STARTED)]
    assert plan(quiet, [started()]) == [("r1:end", R1_END, E.ROUND_ENDED)]
    early = preferans(1, rules={"call_before": 10, "last_deals_warning": 20.5})
    assert plan(early, [seated()])[0] == ("r1:call", T0 - 10 * MIN, E.ROUND_CALLED)
    assert plan(early, [started()])[0] == ("r1:last_deals", R1_END - 20 * MIN - 30 * SEC, E.LAST_DEALS_ANNOUNCED)


def test_the_demo_speed_scales_call_before_and_last_deals() -> None:
    first = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
    demo = preferans(1).rescheduled(first, 60)
    start = int(first.timestamp() * 1000)
    assert plan(demo, [seated(at=start - 60 * SEC)]) == [
        ("r1:call", start - 5 * SEC, E.ROUND_CALLED),  # 5 minutes of tournament time = 5 s
        ("r1:start", start, E.ROUND_STARTED),
    ]
    running = [ev(1, start, E.ROUND_STARTED, "scheduler", item="r1", due_at=start, signal="r1:start")]
    assert plan(demo, running) == [
        ("r1:last_deals", start + 180 * SEC - 15 * SEC, E.LAST_DEALS_ANNOUNCED),
        ("r1:end", start + 180 * SEC, E.ROUND_ENDED),
    ]


# ---- what a firing signal appends -------------------------------------------------------


def test_signal_event_is_none_before_its_due_time() -> None:
    t = preferans(1)
    state = fold(t, [])
    assert signal_event(t, state, "r1:start", T0 - 1) is None
    assert signal_event(t, state, "r1:call", T0 - 5 * MIN - 1) is None


def test_signal_event_when_due_carries_the_signal_id_and_due_time() -> None:
    t = preferans(1)
    state = fold(t, [seated()])
    new = signal_event(t, state, "r1:start", T0)
    assert new is not None
    assert (new.type, new.actor, new.signal, new.payload) == (
        E.ROUND_STARTED, "scheduler", "r1:start", {"item": "r1", "due_at": T0},
    )
    # fired late (a restart within the minute): still due at the timetable's time; later than that on a day
    # of which nothing was played, it is held for the referee (tests/unit/test_recorded_times.py)
    late = signal_event(t, state, "r1:start", T0 + OVERDUE_START_MS)
    assert late is not None and late.payload == {"item": "r1", "due_at": T0}
    call = signal_event(t, state, "r1:call", T0 - 5 * MIN)
    assert call is not None and (call.type, call.signal) == (E.ROUND_CALLED, "r1:call")


def test_a_call_overdue_past_its_start_is_not_sent_but_the_start_is() -> None:
    t = preferans(1)
    state = fold(t, [seated()])
    late_call = signal_event(t, state, "r1:call", T0 - 1)  # late, but before the start: still worth hearing
    assert late_call is not None and late_call.payload["due_at"] == T0 - 5 * MIN
    assert signal_event(t, state, "r1:call", T0) is None  # after a restart past the start: the start says it
    start = signal_event(t, state, "r1:start", T0 + 7 * SEC)
    assert start is not None and start.type == E.ROUND_STARTED
    manual = preferans(1, rules={"auto_start": False})  # nothing will start it: the call still goes out
    assert signal_event(manual, fold(manual, [seated()]), "r1:call", T0 + MIN) is not None


def test_a_start_before_the_seating_is_published_is_held() -> None:
    t = preferans(1)
    unseated = fold(t, [])
    assert signal_event(t, unseated, "r1:call", T0 - 5 * MIN) is None, "no call without tables"
    new = signal_event(t, unseated, "r1:start", T0)
    assert new is not None
    assert (new.type, new.actor, new.signal, new.payload) == (
        E.ROUND_START_HELD, "scheduler", "r1:start", {"item": "r1", "due_at": T0, "reason": "seating"},
    )
    held = fold(t, [stored([], new, T0)]).items["r1"]
    assert (held.status, held.held_at, held.held_for, held.waiting_for) == ("held", T0, "seating", None)


def test_a_break_signal_event_carries_its_part() -> None:
    t = tournament(rounds(1, kind="match", minutes=270, boards=36), preset="slovak-league")
    state = fold(t, [started("m1")])
    new = signal_event(t, state, "m1:break:2", T0 + 180 * MIN)
    assert new is not None
    assert (new.type, new.signal) == (E.BREAK_ANNOUNCED, "m1:break:2")
    assert new.payload == {"item": "m1", "due_at": T0 + 180 * MIN, "part": 2, "parts": 3}


def test_a_start_while_another_round_runs_is_held() -> None:
    extended = [
        started(),
        ev(2, T0 + 170 * MIN, E.ROUND_EXTENDED, "referee", item="r1", minutes=60, ms=60 * MIN),
    ]
    # with follow = "hold" the timetable stays: r2's start comes while r1 is still being played
    t = preferans(2, rules={"follow": "hold"})
    new = signal_event(t, fold(t, extended), "r2:start", R2)
    assert new is not None
    assert (new.type, new.actor, new.signal) == (E.ROUND_START_HELD, "scheduler", "r2:start")
    assert new.payload == {"item": "r2", "due_at": R2, "reason": "previous", "waiting_for": "r1"}
    # with the default follow = "shift" r2's start moves with r1's end instead of being held
    shifted = preferans(2)
    assert signal_event(shifted, fold(shifted, extended), "r2:start", R2) is None
    assert plan(shifted, extended, "r2") == [("r2:start", R2 + 60 * MIN, E.ROUND_STARTED)]
    # a paused round is still in progress
    paused = fold(shifted, [started(), ev(2, T0 + 200 * MIN, E.ROUND_PAUSED, "referee", item="r1")])
    held = signal_event(shifted, paused, "r2:start", R2)
    assert held is not None and held.type == E.ROUND_START_HELD
    assert (held.payload["reason"], held.payload["waiting_for"]) == ("previous", "r1")


def test_signal_event_is_none_when_the_state_moved_on() -> None:
    t = preferans(2)
    early = fold(t, [started(at=T0 - 2 * MIN)])  # the referee started round 1 early
    assert signal_event(t, early, "r1:start", T0) is None
    assert signal_event(t, early, "r1:call", T0) is None
    ended = fold(t, [started(), ev(2, T0 + 90 * MIN, E.ROUND_ENDED, "referee", item="r1")])
    assert signal_event(t, ended, "r1:end", R1_END) is None
    assert signal_event(t, ended, "r1:last_deals", R1_END) is None
    paused = fold(t, [started(), ev(2, T0 + 170 * MIN, E.ROUND_PAUSED, "referee", item="r1")])
    assert signal_event(t, paused, "r1:end", R1_END) is None
    assert signal_event(t, fold(t, []), "r9:start", R1_END) is None


def test_an_end_signal_that_was_moved_is_not_due_at_the_old_time() -> None:
    t = preferans(1)
    state = fold(t, [started(), ev(2, T0 + 100 * MIN, E.ROUND_EXTENDED, "referee", item="r1", minutes=10,
                                   ms=10 * MIN)])
    assert signal_event(t, state, "r1:end", R1_END) is None
    new = signal_event(t, state, "r1:end", R1_END + 10 * MIN)
    assert new is not None and new.payload["due_at"] == R1_END + 10 * MIN


def test_firing_every_signal_in_turn_runs_a_round() -> None:
    t = preferans(1)
    events: list[Event] = [seated()]
    fired = []
    for _ in range(10):
        signals = due_signals(t, fold(t, events))
        if not signals:
            break
        signal = signals[0]
        new = signal_event(t, fold(t, events), signal.id, signal.due_at + 2 * SEC)
        assert new is not None
        stored(events, new, signal.due_at + 2 * SEC)
        fired.append(signal.id)
    assert fired == ["r1:call", "r1:start", "r1:last_deals", "r1:end"]
    s = fold(t, events).items["r1"]
    assert (s.status, s.called_at, s.started_at, s.last_deals_at, s.ended_at) == (
        "ended", T0 - 5 * MIN, T0, R1_END - 15 * MIN, R1_END,
    )


@pytest.mark.parametrize(("boards", "parts"), [(16, 1), (20, 2), (24, 2), (28, 2), (32, 2), (36, 3), (40, 4), (48, 3)])
def test_slovak_matches_split_into_equal_parts_of_at_most_16_boards(boards: int, parts: int) -> None:
    # docs/rules/slovak-league.md#parts: equal parts of at most 16 boards (24 → 2 × 12, 32 → 2 × 16, 36 → 3 × 12).
    assert segments_for(PRESETS["slovak-league"], boards) == parts
