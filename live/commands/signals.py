"""Which round signals are due, and when: a pure function of the tournament and the state.

The scheduler asks this after every event and keeps exactly one job per signal listed here.
A signal's id is deterministic (`r3:start`, `r3:break:1`), so firing it twice, or from two
server instances, appends it once: the log refuses a second event with the same id.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from live.core import events as E
from live.core import payloads as P
from live.core.absent import ABSENT
from live.core.events import NewEvent
from live.core.payloads import new_event
from live.core.state import ItemState, State, start_blocker
from live.core.status import AWAITING_START, ItemStatus
from live.core.tournament import Tournament
from live.projections import checkin_lists

#: A scheduled start that fires this much after it was due, on a day of which nothing has been played yet, found
#: the server not running at the start (it was started late): the hall may have begun on paper, or not yet.
OVERDUE_START_MS = 60_000


@dataclass(frozen=True)
class Signal:
    id: str
    due_at: int  # epoch ms
    type: str
    item: str
    extra: tuple[tuple[str, Any], ...] = ()


def due_signals(tournament: Tournament, state: State) -> list[Signal]:
    """Every signal still to come for every playing item, in due order.

    No "to your tables" call while another round is still being played: the hall would hear
    it in the middle of play. It comes when that round ends, if the start is still ahead.
    """
    out: list[Signal] = []
    rules = tournament.rules
    in_progress = {s.item.id for s in state.items.values() if s.in_progress}
    for s in state.items.values():
        item = s.item
        if s.status == ItemStatus.ENDED:
            continue
        seated = tournament.game != "preferans" or item.id in state.seatings
        if s.status == ItemStatus.SCHEDULED and rules.get("call_before") and not in_progress - {item.id} and seated:
            out.append(Signal(f"{item.id}:call", item.start_ms - tournament.rule_ms("call_before"),
                              E.ROUND_CALLED, item.id))
        if s.status in AWAITING_START and rules.get("auto_start"):
            out.append(Signal(f"{item.id}:start", item.start_ms, E.ROUND_STARTED, item.id))
        if s.status != ItemStatus.RUNNING:
            continue  # a paused clock has no deadlines; a held or open round waits for its start
        end = s.ends_at()
        if rules.get("last_deals_warning") and s.last_deals_at is None:
            out.append(Signal(f"{item.id}:last_deals", end - tournament.rule_ms("last_deals_warning"),
                              E.LAST_DEALS_ANNOUNCED, item.id))
        parts = tournament.segments(item)
        for part in range(1, parts):
            if part not in s.breaks:
                due = s.start_ms() + s.paused_ms + item.duration_ms * part // parts
                out.append(Signal(f"{item.id}:break:{part}", due, E.BREAK_ANNOUNCED, item.id,
                                  (("part", part), ("parts", parts))))
        if rules.get("auto_end"):
            out.append(Signal(f"{item.id}:end", end, E.ROUND_ENDED, item.id))
        if rules.get("lateness") and checkin_lists.absent(state, item.id, end):
            # A threshold already passed when a start recorded after the fact was logged is not alerted: the
            # referee who recorded it knows the hall, and the check-in list says who came when.
            since = s.start_logged if s.start_logged is not None else s.start_ms()
            out.extend(Signal(f"{item.id}:late:{x.name}", x.at, E.LATENESS_ALERT, item.id, (("threshold", x.name),))
                       for x in checkin_lists.thresholds(tournament, s) if since <= x.at < end)
    out = [sig for sig in out if sig.id not in state.fired]
    out.sort(key=lambda sig: (sig.due_at, sig.id))
    return out


def signal_event(tournament: Tournament, state: State, signal_id: str, now: int) -> NewEvent | None:
    """The event a firing signal appends, or None when it is no longer due (the state moved on).

    A scheduled start that cannot be played (the round before it is not over, or a preferans
    round has no published seating: `live.core.state.start_blocker`) does not start the clock: it
    is recorded as held, with its reason, and the referee starts the round by hand when ready.
    A "to your tables" call found overdue after its round's start (the server was down) is not sent:
    the start comes right after it, and the hall would only hear a call already out of date.
    A start found overdue (`OVERDUE_START_MS`) on a day of which nothing has been played yet — the server
    was started late — is held too, as "past": the scheduler cannot know whether the hall began on time,
    later, or not yet, and a clock started back then would alert every absence at once. The referee starts
    it now, or records when it started (`start_round` with `at` and a reason). Once play has begun, a
    signal that fell due while the server was down still fires, once, at its time.
    """
    signal = next((s for s in due_signals(tournament, state) if s.id == signal_id), None)
    if signal is None or signal.due_at > now:
        return None
    called = state.items[signal.item].item
    if signal.type == E.ROUND_CALLED and tournament.rules.get("auto_start") and now >= called.start_ms:
        return None  # overdue past the start itself (a restart): the start follows at once and says it all
    if signal.type == E.LATENESS_ALERT:
        details = checkin_lists.alert_details(state, signal.item, str(dict(signal.extra)["threshold"]), signal.due_at)
        if not details["absent"]:
            return None  # everyone came in time: nothing to alert
        alert = P.LatenessAlert(item=signal.item, due_at=signal.due_at, threshold=str(details["threshold"]),
                                absent=list(details["absent"]), tables=details.get("tables", ABSENT))
        return new_event(alert, "scheduler", signal=signal.id)
    if signal.type == E.ROUND_STARTED:
        blocker = start_blocker(state, signal.item)
        if blocker is None and not state.played and now - signal.due_at > OVERDUE_START_MS:
            blocker = ("past", None)
        if blocker is not None:
            reason, waiting_for = blocker
            busy = state.items.get(waiting_for or "")
            if busy is not None and busy.in_progress and rules_end(tournament, busy, now):
                return None  # that round's own end is due now: it ends first, then this one starts
            held = P.RoundStartHeld(item=signal.item, due_at=signal.due_at, reason=reason,
                                    waiting_for=waiting_for or ABSENT)
            return new_event(held, "scheduler", signal=signal.id)
    return new_event(_body(signal), "scheduler", signal=signal.id)


#: The signals whose payload is their item and due time alone.
_PLAIN: dict[str, type[P.Signal]] = {E.ROUND_CALLED: P.RoundCalled, E.ROUND_STARTED: P.RoundStarted,
                                     E.LAST_DEALS_ANNOUNCED: P.LastDealsAnnounced, E.ROUND_ENDED: P.RoundEnded}


def _body(signal: Signal) -> P.Signal:
    """The payload of a signal that fires as it was planned (a break says which part it ends)."""
    if signal.type == E.BREAK_ANNOUNCED:
        extra = dict(signal.extra)
        return P.BreakAnnounced(item=signal.item, due_at=signal.due_at, part=int(extra["part"]),
                                parts=int(extra["parts"]))
    return _PLAIN[signal.type](item=signal.item, due_at=signal.due_at)


def rules_end(tournament: Tournament, s: ItemState, now: int) -> bool:
    """Whether the scheduler is about to end this round (its automatic end is due)."""
    return bool(tournament.rules.get("auto_end")) and s.status == ItemStatus.RUNNING and s.ends_at() <= now


def missed_items(state: State, now: int) -> list[str]:
    """Rounds already over on a plan of which nothing has been played: they fire no signal (a file
    with a wrong year must not start and end every round at once). Once play has begun, a signal
    that fell due while the server was down still fires, once."""
    if state.played:
        return []
    return [s.item.id for s in state.items.values()
            if s.status in AWAITING_START and s.item.start_ms + s.item.duration_ms + s.extended_ms <= now]
