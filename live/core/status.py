"""A playing item's status: where it is in its life-cycle (`live.core.state.ItemState`, which folds it).

scheduled → called → running ⇄ paused → ended; `held` (its start came and could not be played) and
`missed` (over before anything was played) wait for a start like `scheduled`. A `StrEnum`: a member
is its string, so the views, the JSON the pages get and the logs stay as they were, and code that
compares with the plain strings (the pages, the rules below the core) keeps working.
"""

from __future__ import annotations

from enum import StrEnum


class ItemStatus(StrEnum):
    SCHEDULED = "scheduled"
    CALLED = "called"  # "to your tables"
    HELD = "held"  # the scheduled start came while it could not be played (`ItemState.held_for`)
    MISSED = "missed"  # already over when the server first saw a plan of which nothing had been played
    RUNNING = "running"
    PAUSED = "paused"
    ENDED = "ended"


#: Not started yet: a start (scheduled or by the referee) is still to come.
OPEN = frozenset({ItemStatus.SCHEDULED, ItemStatus.CALLED, ItemStatus.HELD, ItemStatus.MISSED})
#: Being played: its clock runs or stands still in a pause.
IN_PROGRESS = frozenset({ItemStatus.RUNNING, ItemStatus.PAUSED})
#: Waiting for its scheduled start (and its call): what the scheduler may still signal to begin.
AWAITING_START = frozenset({ItemStatus.SCHEDULED, ItemStatus.CALLED})
