"""The parts of the views a state keeps between events (`State.derived`) are the ones built anew, after every
event of long mixed days: the example tournaments (the Slovak league, Novi Sad, Čačak) driven by a referee
who does a bit of everything at odd times — arrivals early, late and before a held start, team sheets,
results, undos, withdrawals — and by the scheduler's signals as they fall due.

Why: `apply` says which events clear which kept parts; one it forgets leaves a screen showing what was
true before (the hall's check, LIVE_CHECK_SECTIONS, stops the suite's servers at the first one, but only on
the days their tests happen to play, at the times their machine happens to reach). Here the days are made to
reach the corners: the first round or match is started late by hand, so that a team complete after its
scheduled start loses boards (Slovak §27.2) before the referee starts it; sheets come before the start and
during play, arrivals are typed in from the paper, undos take back whatever was last done.
"""

from __future__ import annotations

import pytest
from support.days import DAYS

from live.core.status import ItemStatus

#: The corners every kind of day must have reached, or the test proved less than it says.
CORNERS = {"arrival after the scheduled start, before the start", "arrival during play", "undo"}


@pytest.mark.parametrize("name", sorted(DAYS))
def test_every_kept_section_is_the_one_built_anew_after_every_event_of_a_mixed_day(name: str) -> None:
    file, kind, count = DAYS[name]
    day = kind(file, seed=1)
    day.play(count)
    assert not CORNERS - day.reached, f"the day did not reach {CORNERS - day.reached}: it proves less than it says"
    played = [i.id for i in day.file.items if i.playing][:count]
    assert all(day.state.items[x].status == ItemStatus.ENDED for x in played)
