"""The fold: a round's life-cycle and clock from events with explicit timestamps (no wall clock)."""

from __future__ import annotations

from helpers import MIN, SEC, T0, ev, item, preferans, tournament

from live.core import events as E
from live.core.events import Event
from live.core.state import ANNOUNCEMENTS_KEPT, ItemState, State, apply, fold

T = preferans(3)  # r1 10:00–13:00 UTC, r2 13:30–16:30, r3 17:00–20:00 on 6 March 2027
R1_END = T0 + 180 * MIN
R2 = T0 + 210 * MIN


def r1(state: State) -> ItemState:
    return state.items["r1"]


def test_initial_state_has_every_playing_item_scheduled() -> None:
    t = tournament([item("reg", T0 - 60 * MIN, 60, "registration"), item("r1", T0, 180),
                    item("snack", R1_END, 30, "break")])
    state = fold(t, [])
    assert list(state.items) == ["r1"]  # breaks and registration have no clock
    s = r1(state)
    assert (s.status, s.open, s.in_progress) == ("scheduled", True, False)
    assert s.ends_at() == R1_END
    assert s.remaining_ms(T0 - 30 * MIN) == 180 * MIN
    assert state.seq == 0 and state.announcements == [] and state.commands == []


def test_life_cycle_scheduled_called_running_paused_running_ended() -> None:
    events = [
        ev(1, T0 - 5 * MIN, E.ROUND_CALLED, "scheduler", item="r1", due_at=T0 - 5 * MIN, signal="r1:call"),
        ev(2, T0, E.ROUND_STARTED, "scheduler", item="r1", due_at=T0, signal="r1:start"),
        ev(3, T0 + 60 * MIN, E.ROUND_PAUSED, "referee", item="r1"),
        ev(4, T0 + 70 * MIN, E.ROUND_RESUMED, "referee", item="r1"),
        ev(5, R1_END + 10 * MIN, E.ROUND_ENDED, "scheduler", item="r1", due_at=R1_END + 10 * MIN, signal="r1:end"),
    ]
    seen = []
    for n in range(len(events) + 1):
        s = r1(fold(T, events[:n]))
        seen.append(s.status)
    assert seen == ["scheduled", "called", "running", "paused", "running", "ended"]

    called = r1(fold(T, events[:1]))
    assert called.called_at == T0 - 5 * MIN and called.started_at is None and called.open

    running = r1(fold(T, events[:2]))
    assert running.started_at == T0
    assert running.ends_at() == R1_END
    assert running.remaining_ms(T0 + 60 * MIN) == 120 * MIN

    paused = r1(fold(T, events[:3]))
    assert paused.paused_at == T0 + 60 * MIN
    # frozen: the same remaining time however long the pause lasts
    assert paused.remaining_ms(T0 + 60 * MIN) == 120 * MIN
    assert paused.remaining_ms(T0 + 65 * MIN) == 120 * MIN
    assert paused.remaining_ms(T0 + 600 * MIN) == 120 * MIN

    resumed = r1(fold(T, events[:4]))
    assert resumed.paused_ms == 10 * MIN and resumed.paused_at is None
    assert resumed.ends_at() == R1_END + 10 * MIN  # the end moved by the length of the pause
    assert resumed.remaining_ms(T0 + 70 * MIN) == 120 * MIN
    assert resumed.remaining_ms(T0 + 100 * MIN) == 90 * MIN
    assert resumed.remaining_ms(R1_END + 20 * MIN) == 0  # never negative

    state = fold(T, events)
    ended = r1(state)
    assert ended.ended_at == R1_END + 10 * MIN
    assert ended.remaining_ms(T0) == 0
    assert ended.in_progress is False
    assert [a["type"] for a in state.announcements] == [
        E.ROUND_CALLED, E.ROUND_STARTED, E.ROUND_PAUSED, E.ROUND_RESUMED, E.TIMETABLE_FOLLOWED, E.ROUND_ENDED,
    ]
    assert state.announcements[0] == {"seq": 1, "ts": T0 - 5 * MIN, "type": E.ROUND_CALLED, "item": "r1",
                                      "title": "Round 1", "round": 1, "due_at": T0 - 5 * MIN}
    # the 10-minute pause moved r1's end, so (follow = "shift") the next round moves with it
    assert state.announcements[4] == {"seq": 4, "ts": T0 + 70 * MIN, "type": E.TIMETABLE_FOLLOWED, "item": "r2",
                                      "title": "Round 2", "round": 2, "start": R2 + 10 * MIN, "was": R2}
    assert state.seq == 5


def test_two_pauses_add_up() -> None:
    s = r1(fold(T, [
        ev(1, T0, E.ROUND_STARTED, "referee", item="r1"),
        ev(2, T0 + 10 * MIN, E.ROUND_PAUSED, "referee", item="r1"),
        ev(3, T0 + 13 * MIN, E.ROUND_RESUMED, "referee", item="r1"),
        ev(4, T0 + 50 * MIN, E.ROUND_PAUSED, "referee", item="r1"),
        ev(5, T0 + 52 * MIN + 30 * SEC, E.ROUND_RESUMED, "referee", item="r1"),
    ]))
    assert s.paused_ms == 5 * MIN + 30 * SEC
    assert s.ends_at() == R1_END + 5 * MIN + 30 * SEC


def test_ending_while_paused_closes_the_pause() -> None:
    s = r1(fold(T, [
        ev(1, T0, E.ROUND_STARTED, "referee", item="r1"),
        ev(2, T0 + 100 * MIN, E.ROUND_PAUSED, "referee", item="r1"),
        ev(3, T0 + 110 * MIN, E.ROUND_ENDED, "referee", item="r1"),
    ]))
    assert (s.status, s.ended_at, s.paused_at, s.paused_ms) == ("ended", T0 + 110 * MIN, None, 10 * MIN)


def test_extension_moves_the_end_and_a_negative_one_shortens() -> None:
    start = ev(1, T0, E.ROUND_STARTED, "scheduler", item="r1", due_at=T0, signal="r1:start")
    plus = ev(2, T0 + 150 * MIN, E.ROUND_EXTENDED, "referee", item="r1", minutes=10, ms=10 * MIN)
    minus = ev(3, T0 + 160 * MIN, E.ROUND_EXTENDED, "referee", item="r1", minutes=-25, ms=-25 * MIN)

    longer = r1(fold(T, [start, plus]))
    assert longer.extended_ms == 10 * MIN
    assert longer.ends_at() == R1_END + 10 * MIN
    assert longer.remaining_ms(T0 + 150 * MIN) == 40 * MIN

    shorter = r1(fold(T, [start, plus, minus]))
    assert shorter.extended_ms == -15 * MIN
    assert shorter.ends_at() == R1_END - 15 * MIN
    assert shorter.remaining_ms(T0 + 160 * MIN) == 5 * MIN


def test_extension_while_paused_grows_the_frozen_remaining_time() -> None:
    s = r1(fold(T, [
        ev(1, T0, E.ROUND_STARTED, "referee", item="r1"),
        ev(2, T0 + 60 * MIN, E.ROUND_PAUSED, "referee", item="r1"),
        ev(3, T0 + 61 * MIN, E.ROUND_EXTENDED, "referee", item="r1", minutes=5, ms=5 * MIN),
    ]))
    assert s.status == "paused"
    assert s.remaining_ms(T0 + 90 * MIN) == 125 * MIN


def test_extending_an_ended_round_changes_nothing() -> None:
    state = fold(T, [
        ev(1, T0, E.ROUND_STARTED, "referee", item="r1"),
        ev(2, T0 + 30 * MIN, E.ROUND_ENDED, "referee", item="r1"),
        ev(3, T0 + 31 * MIN, E.ROUND_EXTENDED, "referee", item="r1", minutes=5, ms=5 * MIN),
    ])
    assert r1(state).extended_ms == 0 and r1(state).ended_at == T0 + 30 * MIN
    assert [a["type"] for a in state.announcements] == [E.ROUND_STARTED, E.ROUND_ENDED]


def test_a_round_started_late_by_the_referee_ends_its_duration_later() -> None:
    s = r1(fold(T, [ev(1, T0 + 7 * MIN + 30 * SEC, E.ROUND_STARTED, "referee", item="r1")]))
    assert s.started_at == T0 + 7 * MIN + 30 * SEC
    assert s.ends_at() == R1_END + 7 * MIN + 30 * SEC
    assert s.remaining_ms(T0 + 7 * MIN + 30 * SEC) == 180 * MIN


def test_a_round_started_early_by_the_referee_ends_early() -> None:
    s = r1(fold(T, [ev(1, T0 - 4 * MIN, E.ROUND_STARTED, "referee", item="r1")]))
    assert s.ends_at() == R1_END - 4 * MIN


def test_a_signal_appended_late_takes_effect_at_its_due_time() -> None:
    # the server was down at 10:00; the start signal was appended at 10:03 on restart
    late_start = ev(1, T0 + 3 * MIN, E.ROUND_STARTED, "scheduler", item="r1", due_at=T0, signal="r1:start")
    s = r1(fold(T, [late_start]))
    assert s.started_at == T0
    assert s.ends_at() == R1_END
    assert s.remaining_ms(T0 + 3 * MIN) == 177 * MIN
    late_end = ev(2, R1_END + 2 * MIN, E.ROUND_ENDED, "scheduler", item="r1", due_at=R1_END, signal="r1:end")
    assert r1(fold(T, [late_start, late_end])).ended_at == R1_END


def test_a_held_start_waits_for_the_referee() -> None:
    overrun = [
        ev(1, T0, E.ROUND_STARTED, "scheduler", item="r1", due_at=T0, signal="r1:start"),
        ev(2, R1_END - MIN, E.ROUND_EXTENDED, "referee", item="r1", minutes=45, ms=45 * MIN),
        ev(3, R2, E.ROUND_START_HELD, "scheduler", item="r2", due_at=R2, waiting_for="r1", signal="r2:start"),
    ]
    state = fold(T, overrun)
    r2 = state.items["r2"]
    assert (r2.status, r2.held_at, r2.open, r2.started_at) == ("held", R2, True, None)
    assert state.announcements[-1]["waiting_for"] == "r1"
    state = fold(T, [
        *overrun,
        ev(4, R2 + 15 * MIN, E.ROUND_ENDED, "scheduler", item="r1", due_at=R2 + 15 * MIN, signal="r1:end"),
        ev(5, R2 + 20 * MIN, E.ROUND_STARTED, "referee", item="r2"),
    ])
    r2 = state.items["r2"]
    assert (r2.status, r2.started_at) == ("running", R2 + 20 * MIN)
    assert r2.ends_at() == R2 + 200 * MIN


def test_events_that_do_not_fit_change_nothing_and_announce_nothing() -> None:
    state = fold(T, [
        ev(1, T0 - MIN, E.ROUND_PAUSED, "referee", item="r1"),  # not running
        ev(2, T0, E.ROUND_STARTED, "referee", item="r1"),
        ev(3, T0 + MIN, E.ROUND_STARTED, "scheduler", item="r1", due_at=T0 + MIN, signal="r1:start"),  # again
        ev(4, T0 + 2 * MIN, E.ROUND_RESUMED, "referee", item="r1"),  # not paused
        ev(5, T0 + 3 * MIN, E.ROUND_CALLED, "scheduler", item="r1", due_at=T0 + 3 * MIN, signal="r1:call"),
    ])
    s = r1(state)
    assert (s.status, s.started_at, s.called_at, s.paused_ms) == ("running", T0, None, 0)
    assert [a["seq"] for a in state.announcements] == [2]
    assert state.seq == 5


def test_last_deals_and_breaks_are_recorded_once() -> None:
    state = fold(T, [
        ev(1, T0, E.ROUND_STARTED, "referee", item="r1"),
        ev(2, T0 + 150 * MIN, E.LAST_DEALS_ANNOUNCED, "referee", item="r1"),
        ev(3, T0 + 165 * MIN, E.LAST_DEALS_ANNOUNCED, "scheduler", item="r1", due_at=T0 + 165 * MIN),
        ev(4, T0 + 90 * MIN, E.BREAK_ANNOUNCED, "scheduler", item="r1", due_at=T0 + 90 * MIN, part=1, parts=2),
        ev(5, T0 + 91 * MIN, E.BREAK_ANNOUNCED, "scheduler", item="r1", due_at=T0 + 91 * MIN, part=1, parts=2),
    ])
    s = r1(state)
    assert s.last_deals_at == T0 + 150 * MIN
    assert s.breaks == [1]
    assert [a["seq"] for a in state.announcements] == [1, 2, 4]
    assert state.announcements[-1]["part"] == 1 and state.announcements[-1]["parts"] == 2


# ---- undo -------------------------------------------------------------------------------


def undo(seq: int, ts: int, target: int, undid: str) -> Event:
    return ev(seq, ts, E.COMMAND_UNDONE, "referee", target=target, undid=undid)


def test_undo_of_a_pause_refolds_as_if_it_never_happened() -> None:
    state = fold(T, [
        ev(1, T0, E.ROUND_STARTED, "scheduler", item="r1", due_at=T0, signal="r1:start"),
        ev(2, T0 + 60 * MIN, E.ROUND_PAUSED, "referee", item="r1"),
        undo(3, T0 + 61 * MIN, 2, E.ROUND_PAUSED),
    ])
    s = r1(state)
    assert (s.status, s.paused_at, s.paused_ms) == ("running", None, 0)
    assert s.ends_at() == R1_END
    assert s.remaining_ms(T0 + 61 * MIN) == 119 * MIN
    assert [a["type"] for a in state.announcements] == [E.ROUND_STARTED]
    assert state.undone == {2}
    assert state.seq == 3


def test_undo_of_an_extension_restores_the_end() -> None:
    state = fold(T, [
        ev(1, T0, E.ROUND_STARTED, "referee", item="r1"),
        ev(2, T0 + 100 * MIN, E.ROUND_EXTENDED, "referee", item="r1", minutes=10, ms=10 * MIN),
        ev(3, T0 + 101 * MIN, E.ROUND_EXTENDED, "referee", item="r1", minutes=-5, ms=-5 * MIN),
        undo(4, T0 + 102 * MIN, 2, E.ROUND_EXTENDED),
    ])
    s = r1(state)
    assert s.extended_ms == -5 * MIN
    assert s.ends_at() == R1_END - 5 * MIN


def test_after_an_undo_events_that_no_longer_fit_are_ignored() -> None:
    events = [
        ev(1, T0, E.ROUND_STARTED, "referee", item="r1"),
        ev(2, T0 + 60 * MIN, E.ROUND_PAUSED, "referee", item="r1"),
        ev(3, T0 + 70 * MIN, E.ROUND_RESUMED, "referee", item="r1"),
        undo(4, T0 + 71 * MIN, 2, E.ROUND_PAUSED),
    ]
    state = fold(T, events)
    s = r1(state)
    # without the pause, the resume does not fit: the clock never stopped
    assert (s.status, s.paused_ms) == ("running", 0)
    assert s.ends_at() == R1_END
    assert [a["seq"] for a in state.announcements] == [1]

    # undoing a start sends the round back to scheduled; its pause no longer fits
    state = fold(T, [
        ev(1, T0 - 10 * MIN, E.ROUND_STARTED, "referee", item="r1"),
        ev(2, T0 - 5 * MIN, E.ROUND_PAUSED, "referee", item="r1"),
        undo(3, T0 - 4 * MIN, 1, E.ROUND_STARTED),
    ])
    s = r1(state)
    assert (s.status, s.started_at, s.paused_at) == ("scheduled", None, None)
    assert s.ends_at() == R1_END
    assert state.announcements == []


def test_undo_of_an_end_lets_the_clock_run_on() -> None:
    s = r1(fold(T, [
        ev(1, T0, E.ROUND_STARTED, "referee", item="r1"),
        ev(2, T0 + 20 * MIN, E.ROUND_ENDED, "referee", item="r1"),
        undo(3, T0 + 21 * MIN, 2, E.ROUND_ENDED),
    ]))
    assert (s.status, s.ended_at) == ("running", None)
    assert s.remaining_ms(T0 + 21 * MIN) == 159 * MIN


def test_undo_of_an_announcement_removes_it() -> None:
    state = fold(T, [
        ev(1, T0, E.ANNOUNCED, "referee", text="Phones off"),
        ev(2, T0 + MIN, E.ANNOUNCED, "referee", text="Wrong hall"),
        undo(3, T0 + 2 * MIN, 2, E.ANNOUNCED),
    ])
    assert [a["text"] for a in state.announcements] == ["Phones off"]


def test_announcements_keep_the_last_twenty() -> None:
    events = [ev(k, T0 + k * SEC, E.ANNOUNCED, "referee", text=f"notice {k}") for k in range(1, 26)]
    state = fold(T, events)
    assert ANNOUNCEMENTS_KEPT == 20
    assert len(state.announcements) == 20
    assert state.announcements[0] == {"seq": 6, "ts": T0 + 6 * SEC, "type": E.ANNOUNCED, "text": "notice 6"}
    assert state.announcements[-1]["text"] == "notice 25"
    assert [a["seq"] for a in state.announcements] == list(range(6, 26))


def test_an_announcement_to_one_player_keeps_the_player() -> None:
    state = fold(T, [ev(1, T0, E.ANNOUNCED, "referee", text="Come to the desk", player="p1")])
    assert state.announcements == [{"seq": 1, "ts": T0, "type": E.ANNOUNCED, "text": "Come to the desk",
                                    "player": "p1"}]


def test_the_audit_log_lists_referee_events_with_undone_flags() -> None:
    state = fold(T, [
        ev(1, T0 - 5 * MIN, E.ROUND_CALLED, "scheduler", item="r1", due_at=T0 - 5 * MIN, signal="r1:call"),
        ev(2, T0, E.ROUND_STARTED, "scheduler", item="r1", due_at=T0, signal="r1:start"),
        ev(3, T0 + 60 * MIN, E.ROUND_PAUSED, "referee", item="r1"),
        ev(4, T0 + 62 * MIN, E.ROUND_RESUMED, "referee", item="r1"),
        ev(5, T0 + 63 * MIN, E.ROUND_EXTENDED, "referee", item="r1", minutes=5, ms=5 * MIN),
        undo(6, T0 + 64 * MIN, 5, E.ROUND_EXTENDED),
        ev(7, T0 + 65 * MIN, E.ANNOUNCED, "referee", text="Quiet, please"),
    ])
    assert [(c["seq"], c["type"], c["undone"]) for c in state.commands] == [
        (3, E.ROUND_PAUSED, False),
        (4, E.ROUND_RESUMED, False),
        (5, E.ROUND_EXTENDED, True),
        (6, E.COMMAND_UNDONE, False),
        (7, E.ANNOUNCED, False),
    ]
    assert state.commands[2] == {"seq": 5, "ts": T0 + 63 * MIN, "type": E.ROUND_EXTENDED,
                                 "payload": {"item": "r1", "minutes": 5, "ms": 5 * MIN}, "undone": True,
                                 "by": "referee"}
    assert state.commands[3]["payload"] == {"target": 5, "undid": E.ROUND_EXTENDED}
    s = r1(state)
    assert s.extended_ms == 0 and s.paused_ms == 2 * MIN


def test_the_fold_is_a_pure_function_of_the_events() -> None:
    events = [
        ev(1, T0, E.ROUND_STARTED, "referee", item="r1"),
        ev(2, T0 + 60 * MIN, E.ROUND_PAUSED, "referee", item="r1"),
    ]
    a, b = fold(T, events), fold(T, list(events))
    assert a.items == b.items and a.commands == b.commands and a.announcements == b.announcements
    assert r1(fold(T, [])).status == "scheduled"  # folding did not touch a shared state


def test_applying_events_one_by_one_gives_the_fold() -> None:
    # the hall folds each new event into the live state with `apply` (and refolds only on undo)
    events = [
        ev(1, T0 - 5 * MIN, E.ROUND_CALLED, "scheduler", item="r1", due_at=T0 - 5 * MIN, signal="r1:call"),
        ev(2, T0 + MIN, E.ROUND_STARTED, "scheduler", item="r1", due_at=T0, signal="r1:start"),
        ev(3, T0 + 60 * MIN, E.ROUND_PAUSED, "referee", item="r1"),
        ev(4, T0 + 64 * MIN, E.ROUND_RESUMED, "referee", item="r1"),
        ev(5, T0 + 90 * MIN, E.ROUND_EXTENDED, "referee", item="r1", minutes=-10, ms=-10 * MIN),
        ev(6, T0 + 91 * MIN, E.ANNOUNCED, "referee", text="Quiet"),
        ev(7, T0 + 159 * MIN, E.LAST_DEALS_ANNOUNCED, "scheduler", item="r1", due_at=T0 + 159 * MIN),
        ev(8, T0 + 174 * MIN, E.ROUND_ENDED, "scheduler", item="r1", due_at=T0 + 174 * MIN, signal="r1:end"),
    ]
    live = State.initial(T)
    for event in events:
        apply(live, event)
    folded = fold(T, events)
    assert live.items == folded.items
    assert live.announcements == folded.announcements
    assert live.commands == folded.commands
    assert live.seq == folded.seq == 8
    assert (r1(live).status, r1(live).ended_at, r1(live).paused_ms) == ("ended", T0 + 174 * MIN, 4 * MIN)
