"""Which round a player's own check-in goes to (live/rules/checkin.py), alone and as the server records
it and the phone is told (the timeline's `checkin`): rounds closer together than `checkin_opens_before`
have several check-in windows open at once, and the check-in is for the next round to be played."""

from __future__ import annotations

import pytest
from helpers import MIN, T0, rounds, stored, tournament

from live.commands.arrivals import self_check_in
from live.commands.decide import CommandError, decide
from live.core.events import Event
from live.core.state import State, fold
from live.projections.checkin_lists import absent
from live.projections.timeline import at
from live.projections.views import public_sections
from live.rules.checkin import Round, checkin_round, opens_at, switches

HOUR = 60 * MIN
OPENS = 60 * MIN
#: Three rounds of 20 minutes, 10 minutes apart: a start every 30 minutes, an hour's check-in window.
CLOSE = [Round("r1", T0), Round("r2", T0 + 30 * MIN), Round("r3", T0 + 60 * MIN)]


def test_before_the_first_round_the_check_in_is_for_it_though_later_rounds_windows_are_open() -> None:
    for minutes in (-60, -30, -1, 0):
        assert checkin_round(CLOSE, T0 + minutes * MIN, OPENS) == "r1", minutes
    assert checkin_round(CLOSE, T0 - 60 * MIN - 1, OPENS) is None, "its window has not opened"
    assert opens_at(CLOSE, OPENS) == ("r1", T0 - 60 * MIN)


def test_a_late_arrival_is_for_the_round_being_played_until_the_next_start_is_nearer() -> None:
    playing = [Round("r1", T0, started=True), *CLOSE[1:]]
    assert checkin_round(playing, T0 + 2 * MIN, OPENS) == "r1", "2 minutes late for round 1"
    assert checkin_round(playing, T0 + 15 * MIN, OPENS) == "r1", "halfway still belongs to round 1"
    assert checkin_round(playing, T0 + 15 * MIN + 1, OPENS) == "r2", "now round 2 is nearer"
    assert switches(playing) == [T0 + 15 * MIN + 1]
    # and never round 3, whose window is open too
    assert checkin_round([Round("r1", T0, over=True), *CLOSE[1:]], T0 + 20 * MIN, OPENS) == "r2"


def test_a_round_played_while_the_next_ones_check_in_is_not_open_keeps_it() -> None:
    far = [Round("r1", T0, started=True), Round("r2", T0 + 210 * MIN)]
    assert checkin_round(far, T0 + 140 * MIN, OPENS) == "r1", "r2 opens at 150 minutes"
    assert checkin_round(far, T0 + 150 * MIN, OPENS) == "r2", "r2 open, and nearer than r1's start"


def test_missed_and_ended_rounds_are_nobodys_next_round_and_nothing_after_the_last() -> None:
    assert checkin_round([Round("r1", T0 - 5 * HOUR, over=True), Round("r2", T0)], T0 - 10 * MIN, OPENS) == "r2"
    done = [Round("r1", T0, over=True)]
    assert checkin_round(done, T0, OPENS) is None and opens_at(done, OPENS) is None
    with pytest.raises(ValueError, match="opens_before_ms must be 0 or more"):
        checkin_round(CLOSE, T0, -1)


# ---- as the server records it and the phone is told ------------------------------------------------

PLAYERS = [{"id": f"p{k}", "name": f"Player {k}"} for k in range(1, 4)]
#: Rounds of 20 minutes with 10 between them: round 3's check-in opens before round 1 starts.
QUICK = tournament(rounds(3, minutes=20, gap=10), players=PLAYERS)


def test_a_players_own_check_in_before_close_rounds_goes_to_round_1_and_nobody_in_is_absent() -> None:
    events: list[Event] = []
    for seq, player in enumerate(PLAYERS):
        when = T0 - 20 * MIN + seq * MIN
        stored(events, self_check_in(QUICK, fold(QUICK, events), player["id"], when), when)
    state = fold(QUICK, events)
    assert sorted(state.check_ins) == ["r1"], "round 3's window is open, but the players came for round 1"
    assert absent(state, "r1", T0 + 5 * MIN) == []
    assert at(public_sections(state)["now"], T0 - 20 * MIN)["checkin"] == "r1", "what the phone offers"


def test_the_phone_is_told_the_round_the_server_records_at_every_minute_of_a_close_day() -> None:
    events: list[Event] = []
    stored(events, decide(QUICK, fold(QUICK, events), {"type": "publish_seating", "item": "r1", "seed": 1},
                          T0 - 70 * MIN)[0], T0 - 70 * MIN)
    assert _agreed(fold(QUICK, events), range(-70, 1)) == [None] * 10 + ["r1"] * 61
    stored(events, decide(QUICK, fold(QUICK, events), {"type": "start_round", "item": "r1"}, T0 + 3 * MIN)[0],
           T0 + 3 * MIN)
    seen = _agreed(fold(QUICK, events), range(3, 60))
    assert "r3" not in seen, "r3 waits for r2 to be played"
    assert seen[:12] == ["r1"] * 12 and seen[-1] == "r2", "late for r1, until r2's start is nearer"


def _agreed(state: State, minutes: range) -> list[str | None]:
    """The round a player's own check-in goes to at each minute, as the server records it; and the phone is
    told the same (the timeline's `checkin`)."""
    entries = public_sections(state)["now"]
    seen = []
    for minute in minutes:
        when = T0 + minute * MIN
        try:
            server: str | None = self_check_in(QUICK, state, "p1", when).payload["item"]
        except CommandError:
            server = None
        assert at(entries, when)["checkin"] == server, minute
        seen.append(server)
    return seen
