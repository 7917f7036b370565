"""The schedule that follows the hall (live/core/schedule.py through `live.core.state.fold`): an overrun moves
the rest of its day, a start that cannot be played is held with its reason, and a plan already in
the past fires nothing (live/commands/signals.py)."""

from __future__ import annotations

from typing import Any

from helpers import MIN, T0, ev, item, rounds, tournament
from support.plans import PLAYERS, Desk, recorded

from live.commands.signals import due_signals, missed_items, signal_event
from live.core import events as E
from live.core.events import Event
from live.core.schedule import follow
from live.core.state import State, fold, start_blocker
from live.core.tournament import Tournament
from live.projections.views import public_sections

DAY = 24 * 60 * MIN
R1_END = T0 + 180 * MIN  # 14:00 in Belgrade
TEA = R1_END + 5 * MIN  # a quarter of an hour's break, then ten minutes before round 2
R2 = T0 + 210 * MIN
R3 = T0 + 420 * MIN
R4 = T0 + DAY  # the next morning


def hall(**rules: Any) -> Tournament:
    """Three preferans rounds on Saturday with a tea break after round 1, and a fourth on Sunday."""
    return tournament([*rounds(3), item("tea", TEA, 15, "break"), item("r4", R4, 180)],
                      players=PLAYERS, rules=rules or None)


T = hall()
HOLD = hall(follow="hold")


def starts(state: State) -> dict[str, int]:
    return {i.id: i.start_ms for i in state.tournament.items}


def shifted(by: int, *, from_: str = "tea") -> dict[str, int]:
    """The planned starts with every Saturday item from `from_` on moved by `by` ms."""
    planned = {"r1": T0, "tea": TEA, "r2": R2, "r3": R3, "r4": R4}
    order = ["r1", "tea", "r2", "r3"]
    moving = set(order[order.index(from_):])
    return {k: v + by if k in moving else v for k, v in planned.items()}


def started(at: int, it: str = "r1", seq: int = 1) -> Event:
    return ev(seq, at, E.ROUND_STARTED, "referee", item=it)


# ---- the schedule follows the hall ---------------------------------------------------------------

LATE = [started(T0 + 20 * MIN)]
PAUSED = [started(T0), ev(2, T0 + 60 * MIN, E.ROUND_PAUSED, "referee", item="r1"),
          ev(3, T0 + 85 * MIN, E.ROUND_RESUMED, "referee", item="r1")]
EXTENDED = [started(T0), ev(2, T0 + 100 * MIN, E.ROUND_EXTENDED, "referee", item="r1", minutes=10, ms=10 * MIN)]


def test_a_round_started_late_moves_the_rest_of_its_day() -> None:
    state = fold(T, LATE)
    assert starts(state) == shifted(20 * MIN)
    assert all(i.duration_ms == 180 * MIN for i in state.tournament.items if i.playing), "lengths are kept"
    tea, r2 = state.tournament.item("tea"), state.tournament.item("r2")
    assert tea is not None and r2 is not None
    assert tea.duration_ms == 15 * MIN and r2.start_ms - tea.end_ms == 10 * MIN, "so are the breaks"


def test_a_pause_moves_the_rest_of_the_day_once_play_resumes() -> None:
    assert starts(fold(T, PAUSED)) == shifted(25 * MIN)


def test_an_extension_moves_the_rest_of_the_day() -> None:
    assert starts(fold(T, EXTENDED)) == shifted(10 * MIN)


def test_the_next_day_does_not_move() -> None:
    state = fold(T, LATE)
    r4 = state.tournament.item("r4")
    assert r4 is not None and r4.start_ms == R4
    assert state.items["r4"].item.start_ms == R4


EVENING = T0 + 10 * 60 * MIN  # 21:00 in Belgrade


def late_evening() -> Tournament:
    """An evening session past midnight (21:00–00:00, 00:15–03:15) and a round the next morning."""
    return tournament([item("r1", EVENING, 180), item("r2", EVENING + 195 * MIN, 180),
                       item("r3", EVENING + 13 * 60 * MIN, 180)], players=PLAYERS)


def test_a_session_past_midnight_is_one_day_and_the_night_after_it_ends_the_day() -> None:
    t = late_evening()
    assert [t.day(i) for i in t.items] == [0, 0, 1]
    state = fold(t, [started(EVENING + 20 * MIN)])
    assert starts(state) == {"r1": EVENING, "r2": EVENING + 215 * MIN, "r3": EVENING + 13 * 60 * MIN}


def test_a_morning_and_an_evening_session_on_one_date_are_one_day() -> None:
    t = tournament([item("r1", T0 - 120 * MIN, 180), item("r2", EVENING, 180)], players=PLAYERS)  # 09:00, 21:00
    assert [t.day(i) for i in t.items] == [0, 0]
    assert [T.day(i) for i in T.items] == [0, 0, 0, 0, 1]


def test_the_signals_and_the_screens_follow_and_the_plan_stays() -> None:
    state = fold(T, LATE)
    assert ("r2:start", R2 + 20 * MIN) in [(s.id, s.due_at) for s in due_signals(state.tournament, state)]
    assert state.plan is not None and [i.start_ms for i in state.plan.items if i.id == "r2"] == [R2]
    r2 = next(i for i in public_sections(state)["timetable"] if i["id"] == "r2")
    assert (r2["start"], r2["planned_start"]) == (R2 + 20 * MIN, R2)


def test_a_later_round_ending_on_time_brings_what_follows_back() -> None:
    events = [*LATE, ev(2, R1_END + 20 * MIN, E.ROUND_ENDED, "scheduler", item="r1", due_at=R1_END + 20 * MIN,
                        signal="r1:end"),
              started(R2 + 20 * MIN, "r2", 3)]
    assert starts(fold(T, events))["r3"] == R3 + 20 * MIN
    # the referee ends round 2 at its planned end (20 minutes of it were made up)
    on_time = [*events, ev(4, R2 + 180 * MIN, E.ROUND_ENDED, "referee", item="r2")]
    assert starts(fold(T, on_time))["r3"] == R3


def test_a_round_ended_early_does_not_move_the_rest_earlier() -> None:
    events = [started(T0), ev(2, T0 + 150 * MIN, E.ROUND_ENDED, "referee", item="r1")]
    assert starts(fold(T, events)) == shifted(0)


def test_follow_hold_moves_nothing() -> None:
    for events in (LATE, PAUSED, EXTENDED):
        assert starts(fold(HOLD, events)) == shifted(0)
        assert not [a for a in fold(HOLD, events).announcements if a["type"] == E.TIMETABLE_FOLLOWED]


def test_follow_is_a_pure_function_of_the_plan_and_the_items_states() -> None:
    state = fold(T, LATE)
    assert state.plan is not None
    assert [i.start_ms for i in follow(state.plan, state.items)] == [i.start_ms for i in state.tournament.items]
    hold = fold(HOLD, LATE)
    assert hold.plan is not None and follow(hold.plan, hold.items) == hold.plan.items


def test_the_fold_announces_the_next_round_and_its_new_start_once() -> None:
    state = fold(T, LATE)
    followed = [a for a in state.announcements if a["type"] == E.TIMETABLE_FOLLOWED]
    assert followed == [{"seq": 1, "ts": T0 + 20 * MIN, "type": E.TIMETABLE_FOLLOWED, "item": "r2",
                         "title": "Round 2", "round": 2, "start": R2 + 20 * MIN, "was": R2}]
    # a further ten minutes: one more announcement, from the time said before
    longer = fold(T, [*LATE, ev(2, T0 + 60 * MIN, E.ROUND_EXTENDED, "referee", item="r1", minutes=10, ms=10 * MIN)])
    assert [(a["item"], a["start"], a["was"]) for a in longer.announcements
            if a["type"] == E.TIMETABLE_FOLLOWED] == [("r2", R2 + 20 * MIN, R2), ("r2", R2 + 30 * MIN, R2 + 20 * MIN)]


def test_a_command_that_moves_the_timetable_is_not_announced_as_followed() -> None:
    desk = Desk(T)
    desk.do("shift_timetable", item="r2", minutes=15)
    assert not [a for a in desk.state.announcements if a["type"] == E.TIMETABLE_FOLLOWED]
    assert desk.state.announcements[-1]["type"] == E.TIMETABLE_SHIFTED


# ---- held starts ---------------------------------------------------------------------------------

BRIDGE = tournament(rounds(2, kind="match", minutes=90, gap=15, boards=12), preset="novi-sad-teams",
                    rules={"follow": "hold"})
BACK_TO_BACK = tournament(rounds(2, kind="match", minutes=90, gap=0, boards=12), preset="novi-sad-teams")
M1_END = T0 + 90 * MIN
M2 = T0 + 105 * MIN


def test_a_start_while_the_round_before_is_played_is_held_for_the_previous_round() -> None:
    # the first match ran half an hour over, and the rules hold what follows instead of moving it
    events = [started(T0, "m1"), ev(2, T0 + 60 * MIN, E.ROUND_EXTENDED, "referee", item="m1", minutes=30,
                                    ms=30 * MIN)]
    state = fold(BRIDGE, events)
    assert start_blocker(state, "m2") == ("previous", "m1")
    held = signal_event(BRIDGE, state, "m2:start", M2)
    assert held is not None and held.type == E.ROUND_START_HELD and held.signal == "m2:start"
    assert held.payload == {"item": "m2", "due_at": M2, "reason": "previous", "waiting_for": "m1"}
    after = fold(BRIDGE, [*events, ev(3, M2, held.type, held.actor, signal=held.signal, **held.payload)])
    s = after.items["m2"]
    assert (s.status, s.held_for, s.waiting_for, s.started_at) == ("held", "previous", "m1", None)
    shown = next(i for i in public_sections(after)["timetable"] if i["id"] == "m2")
    assert (shown["status"], shown["held_for"], shown["waiting_for"]) == ("held", "previous", "m1")
    assert after.announcements[-1]["type"] == E.ROUND_START_HELD and after.announcements[-1]["reason"] == "previous"


def test_a_start_while_the_round_before_is_paused_is_held() -> None:
    # follow = "shift" cannot move the start while the pause lasts: nobody knows how long it is
    events = [started(T0), ev(2, R1_END - 10 * MIN, E.ROUND_PAUSED, "referee", item="r1")]
    state = fold(T, events)
    held = signal_event(T, state, "r2:start", R2)
    assert held is not None and held.type == E.ROUND_START_HELD
    assert (held.payload["reason"], held.payload["waiting_for"]) == ("previous", "r1")


def test_a_preferans_round_without_its_seating_is_held_for_the_seating() -> None:
    events = [started(T0), ev(2, R1_END, E.ROUND_ENDED, "scheduler", item="r1", due_at=R1_END, signal="r1:end")]
    state = fold(T, events)
    assert start_blocker(state, "r2") == ("seating", None)
    held = signal_event(T, state, "r2:start", R2)
    assert held is not None and held.type == E.ROUND_START_HELD
    assert held.payload == {"item": "r2", "due_at": R2, "reason": "seating"}
    s = fold(T, [*events, ev(3, R2, held.type, held.actor, signal=held.signal, **held.payload)]).items["r2"]
    assert (s.status, s.held_for, s.waiting_for) == ("held", "seating", None)


def test_a_round_that_can_be_played_starts() -> None:
    ended = [started(T0, "m1"), ev(2, M1_END, E.ROUND_ENDED, "scheduler", item="m1", due_at=M1_END,
                                   signal="m1:end")]
    state = fold(BRIDGE, ended)
    assert start_blocker(state, "m2") is None
    begun = signal_event(BRIDGE, state, "m2:start", M2)
    assert begun is not None and begun.type == E.ROUND_STARTED


def test_a_start_due_with_the_previous_round_s_automatic_end_waits_for_the_end() -> None:
    state = fold(BACK_TO_BACK, [started(T0, "m1")])
    due = [(s.id, s.due_at) for s in due_signals(BACK_TO_BACK, state)]
    assert ("m1:end", M1_END) in due and ("m2:start", M1_END) in due
    assert signal_event(BACK_TO_BACK, state, "m2:start", M1_END) is None, "the end goes first"
    end = signal_event(BACK_TO_BACK, state, "m1:end", M1_END)
    assert end is not None and end.type == E.ROUND_ENDED
    after = fold(BACK_TO_BACK, [started(T0, "m1"), ev(2, M1_END, end.type, end.actor, signal=end.signal,
                                                      **end.payload)])
    begun = signal_event(BACK_TO_BACK, after, "m2:start", M1_END)
    assert begun is not None and begun.type == E.ROUND_STARTED


def test_a_preferans_start_due_with_the_previous_end_is_not_held_either() -> None:
    t = tournament(rounds(2, gap=0), players=PLAYERS)
    state = fold(t, [started(T0)])
    assert signal_event(t, state, "r2:start", R1_END) is None


def test_a_start_with_the_previous_round_s_end_not_automatic_is_held() -> None:
    t = tournament(rounds(2, kind="match", minutes=90, gap=0, boards=12), preset="novi-sad-teams",
                   rules={"auto_end": False})
    held = signal_event(t, fold(t, [started(T0, "m1")]), "m2:start", M1_END)
    assert held is not None and held.type == E.ROUND_START_HELD and held.payload["waiting_for"] == "m1"


# ---- a plan already in the past ------------------------------------------------------------------

#: Typed with the year before: every round was over long before the server first saw it.
TYPO = tournament(rounds(3, start=T0 - 365 * DAY), players=PLAYERS)
NOW = T0 - 30 * MIN


def test_a_plan_typed_with_the_wrong_year_lists_every_round_as_missed_on_a_fresh_log() -> None:
    state = fold(TYPO, [recorded(TYPO)])
    assert missed_items(state, NOW) == ["r1", "r2", "r3"]
    assert due_signals(TYPO, state), "without the plan_missed event every start would fire at once"
    missed = ev(2, NOW, E.PLAN_MISSED, "scheduler", items=["r1", "r2", "r3"], at=NOW)
    after = fold(TYPO, [recorded(TYPO), missed])
    assert due_signals(after.tournament, after) == []
    assert missed_items(after, NOW) == []
    assert after.announcements[-1]["type"] == E.PLAN_MISSED and after.announcements[-1]["items"] == ["r1", "r2", "r3"]


def test_only_the_rounds_already_over_are_missed() -> None:
    state = fold(T, [recorded(T)])
    assert missed_items(state, T0 + 200 * MIN) == ["r1"]
    assert missed_items(state, T0) == []


def test_once_play_has_begun_nothing_is_missed() -> None:
    # the server was down during rounds 2 and 3: their signals still fire, once
    state = fold(T, [recorded(T), started(T0, seq=2)])
    assert missed_items(state, R3 + 200 * MIN) == []


def test_a_missed_round_does_not_hold_the_next() -> None:
    t = tournament(rounds(2, kind="match", minutes=90, gap=15, boards=12, start=T0 - DAY), preset="novi-sad-teams")
    desk = Desk(t, NOW)
    desk.events.append(ev(2, NOW, E.PLAN_MISSED, "scheduler", items=["m1", "m2"], at=NOW))
    desk.do("move_item", item="m2", start="2027-03-06T11:00")
    state = desk.state
    assert (state.items["m1"].status, state.items["m2"].status) == ("missed", "scheduled")
    assert start_blocker(state, "m2") is None
    assert [s.id for s in due_signals(state.tournament, state)] == ["m2:start"]


def test_a_time_the_referee_typed_is_kept_and_what_follows_counts_from_it() -> None:
    """r1 runs 20 minutes long (r2 would follow to 14:50); the referee moves r2 to 14:40 by hand: it
    starts at 14:40, not 15:00, and r3 keeps its planned time (r2 ends before it)."""
    moved_to = T0 + 220 * MIN  # 14:40 local
    events = [*LATE, ev(2, T0 + 30 * MIN, E.ITEM_MOVED, "referee", item="r2", title="Round 2", start=moved_to,
                        end=moved_to + 180 * MIN, was=[R2, R2 + 180 * MIN])]
    state = fold(T, events)
    assert starts(state)["r2"] == moved_to
    assert starts(state)["tea"] == TEA + 20 * MIN  # not typed: it still follows round 1
    assert starts(state)["r3"] == R3  # counted from r2's typed time, which ends in time
