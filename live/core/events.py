"""Events: the only thing the server stores. Everything else is derived from them.

An event is a fact in the past tense with a sequence number, a UTC timestamp (epoch
milliseconds), an actor and a payload. Signals fired by the scheduler also carry their
deterministic `signal` id (e.g. `r3:start`); the log refuses a second event with the same id,
which is what makes a signal happen at most once however many times its job fires.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PurePosixPath, PureWindowsPath
from typing import Any, NotRequired, TypedDict

# Event type names. Round life-cycle:
ROUND_CALLED = "round_called"  # players to their tables (preferans, start − call_before)
ROUND_STARTED = "round_started"
ROUND_START_HELD = "round_start_held"  # the scheduled start came while another round still ran
ROUND_PAUSED = "round_paused"
ROUND_RESUMED = "round_resumed"
ROUND_EXTENDED = "round_extended"
LAST_DEALS_ANNOUNCED = "last_deals_announced"
BREAK_ANNOUNCED = "break_announced"  # bridge: half-time, or a break between segments
ROUND_ENDED = "round_ended"
# Results, seating, penalties:
RESULT_RECORDED = "result_recorded"
RESULT_CORRECTED = "result_corrected"
SEATING_PUBLISHED = "seating_published"
PENALTY_APPLIED = "penalty_applied"
MATCH_FORFEITED = "match_forfeited"
TEAM_WITHDRAWN = "team_withdrawn"
# Captains' reports from the clubs' venues (live/commands/captains.py): a captain reports a match's result, the
# other confirms it (a `result_recorded` by that captain) or disputes it (the coordinator then settles it).
RESULT_REPORTED = "result_reported"
RESULT_DISPUTED = "result_disputed"
RECORD_SENT = "record_sent"  # the home captain sent the match record ("zápis", §12.2) to the coordinator
# Sanctions and appeals (live/commands/sanctions.py, live/commands/appeals.py):
SANCTION_RECORDED = "sanction_recorded"  # a warning or penalty by kind; its penalty lines count like `penalty_applied`
APPEAL_LODGED = "appeal_lodged"  # a player asks the judges' committee
APPEAL_DECIDED = "appeal_decided"  # the committee's decision, final
# Team sheets (live/commands/lineups.py):
LINEUP_ENTERED = "lineup_entered"  # a team's line-ups of a match as handed in so far, with the parts it fixes
# The desk (live/commands/desk.py):
PAYMENT_RECORDED = "payment_recorded"  # an entry fee, match fee or other money paid (negative: a refund)
# Arrivals:
CHECKED_IN = "checked_in"
#: "All present": every one not yet in of a table or of the whole round, checked in at one instant, as one
#: command (one undo takes it back whole).
CHECKED_IN_ALL = "checked_in_all"
ABSENCE_ANNOUNCED = "absence_announced"  # announced in advance: never penalized
RESERVE_SEATED = "reserve_seated"
LATENESS_ALERT = "lateness_alert"  # a threshold of the rules passed with someone still absent
# The plan (live/core/plan.py): recorded once, then changed on the day.
PLAN_RECORDED = "plan_recorded"  # the tournament file as it was when the log began: the initial plan
PLAN_MISSED = "plan_missed"  # items already over when nothing had been played: shown as missed, never fired
PLAYER_REGISTERED = "player_registered"
PLAYER_UPDATED = "player_updated"
PLAYER_WITHDRAWN = "player_withdrawn"
TEAM_REGISTERED = "team_registered"
TEAM_UPDATED = "team_updated"
ITEM_MOVED = "item_moved"
TIMETABLE_SHIFTED = "timetable_shifted"
ITEM_ADDED = "item_added"
ITEM_CANCELLED = "item_cancelled"
TOURNAMENT_UPDATED = "tournament_updated"
RULES_CHANGED = "rules_changed"
# Not an event: what the fold announces when the schedule follows the hall (a round ran long).
TIMETABLE_FOLLOWED = "timetable_followed"
# Other:
ANNOUNCED = "announced"
COMMAND_UNDONE = "command_undone"
# The referees (live/core/referees.py): a referee added at the console (undoing it takes them away), a sign-in.
REFEREE_ADDED = "referee_added"
#: The referee shows the hall the standings hidden since `standings_hidden_from_round` (the prize-giving).
STANDINGS_REVEALED = "standings_revealed"
#: The prize-giving: the prize list on the hall's screens, and taken off them (live/commands/prizes.py).
PRIZES_SHOWN = "prizes_shown"
PRIZES_HIDDEN = "prizes_hidden"
REFEREE_SIGNED_IN = "referee_signed_in"
#: Slovak §24.1: the coordinator publishes the overall results (the term for complaints runs from then), and the
#: presidium approves them before an open appeal is decided (live/commands/publication.py).
RESULTS_PUBLISHED = "results_published"
RESULTS_APPROVED = "results_approved"
#: Slovak §12.3–4: the coordinator records the warning or fine of a team whose result report or match record was
#: late (live/commands/late_duties.py); the repeated late record's 1 VP is a `penalty_applied`.
LATE_DUTY_SANCTIONED = "late_duty_sanctioned"
#: Audit entries no undo takes back: an undo, and a sign-in (it happened; a session ends by logging out).
NOT_UNDOABLE = frozenset({COMMAND_UNDONE, REFEREE_SIGNED_IN})
#: Events whose payload and key are for the referees only: the hall sees that something happened, not what
#: (a player's appeals are theirs and the referees': their own page shows them, live/commands/appeals.py).
REFEREE_ONLY_TYPES = frozenset({REFEREE_ADDED, REFEREE_SIGNED_IN, APPEAL_LODGED, APPEAL_DECIDED,
                                PAYMENT_RECORDED})  # who paid what is the desk's

#: Events that a display shows as a full-screen banner.
SIGNAL_TYPES = frozenset({
    ROUND_CALLED, ROUND_STARTED, ROUND_START_HELD, ROUND_PAUSED, ROUND_RESUMED, ROUND_EXTENDED,
    LAST_DEALS_ANNOUNCED, BREAK_ANNOUNCED, ROUND_ENDED, ANNOUNCED, LATENESS_ALERT, RESERVE_SEATED,
    ITEM_MOVED, TIMETABLE_SHIFTED, ITEM_ADDED, ITEM_CANCELLED, PLAN_MISSED,
})
#: Changes of the timetable on the day that the pages tell as a banner (in the plan's words).
TIMETABLE_CHANGE_TYPES = frozenset({ITEM_MOVED, TIMETABLE_SHIFTED, ITEM_ADDED, ITEM_CANCELLED})
#: Signals the pages show as a banner: all but `plan_missed`, which the timetable and the console show instead.
BANNER_TYPES = SIGNAL_TYPES - {PLAN_MISSED}
#: Events that change the score: the standings, results, seating or penalties, a sanction's penalty lines among
#: them (the display shows no banner).
SCORE_TYPES = frozenset({RESULT_RECORDED, RESULT_CORRECTED, SEATING_PUBLISHED, PENALTY_APPLIED, MATCH_FORFEITED,
                         SANCTION_RECORDED})


@dataclass(frozen=True)
class NewEvent:
    """An event not yet in the log: it gets its seq and timestamp when appended."""

    type: str
    actor: str
    payload: dict[str, Any] = field(default_factory=dict)
    signal: str | None = None


class EventJson(TypedDict):
    """An event as the pages and the API get it (`Event.to_json`); `signal` only for a scheduler's signal."""

    seq: int
    ts: int
    type: str
    actor: str
    payload: dict[str, Any]  # (the log's JSON)
    signal: NotRequired[str]
    #: The payload's fields left out of a message that would be too long (live/edges/budget.py).
    abridged: NotRequired[list[str]]


@dataclass(frozen=True)
class Event:
    seq: int
    ts: int  # epoch milliseconds, UTC, taken by the log when the event was appended
    type: str
    actor: str
    payload: dict[str, Any]
    signal: str | None = None

    @property
    def addressee(self) -> str | None:
        """The player a private notice is for; None for what the whole hall may see."""
        player = self.payload.get("player")
        return player if self.type == ANNOUNCED and isinstance(player, str) else None

    def public_json(self) -> EventJson:
        """The event as anyone but its addressee and the referees may see it."""
        data = self.to_json()
        if self.addressee is not None:
            data["payload"] = {"player": self.addressee, "private": True}
        if self.type in REFEREE_ONLY_TYPES:
            data["payload"] = {"private": True}
            data.pop("signal", None)
        if self.type == PLAN_RECORDED and isinstance(self.payload.get("file"), str):
            # (logs from before plans named their file alone held the server's path to it: not the hall's to read)
            data["payload"] = {**self.payload, "file": file_name(self.payload["file"])}
        return data

    def to_json(self) -> EventJson:
        data: EventJson = {
            "seq": self.seq, "ts": self.ts, "type": self.type, "actor": self.actor,
            "payload": self.payload,
        }
        if self.signal:
            data["signal"] = self.signal
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        return cls(int(data["seq"]), int(data["ts"]), str(data["type"]), str(data["actor"]),
                   dict(data.get("payload") or {}), data.get("signal"))


def file_name(path: str) -> str:
    """A tournament file's name without the folders it was in on the server (a Windows path too)."""
    return PureWindowsPath(PurePosixPath(path).name).name
