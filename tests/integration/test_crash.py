"""A crash in the middle of a round: SIGKILL the server, let a signal fall due while it is down, restart.

What must hold (DESIGN: "Restart = replay", "Signals at most once"): every acknowledged command
is still in the log with its seq and payload; the round's clock, derived from the logged
instants, shows the same end; a signal that fell due during the downtime is appended once on
restart (late, with its original due time), and never again on a further restart.

Nothing here races the machine's speed: the round is moved to start two seconds after the server is up and
seated (a start due before that would be held), everything is read while it is paused (a paused clock has no
deadlines), the kill follows the resume at once, and the last-deals signal falls due seconds after it, with
ten minutes of the round still to go through both restarts.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from server import (
    Server,
    from_now,
    is_event,
    local_datetime,
    now_ms,
    round_entry,
    seconds_as_minutes,
    start_server_async,
    write_tournament,
)

#: The round: the last-deals warning, and the running time before it (the seconds the test waits while down).
LAST_DEALS_BEFORE_END = 600.0
RUNNING_BEFORE_LAST_DEALS = 10.0
EXTEND_MINUTES = 0.05  # 3 s
#: The round starts this many seconds after the referee moved it (once the server is up and the round seated).
START_AFTER_MOVE = 2.0


def r1_of(state: dict[str, Any]) -> dict[str, Any]:
    return next(i for i in state["timetable"] if i["id"] == "r1")


def by_signal(events: list[dict[str, Any]], signal: str) -> list[dict[str, Any]]:
    return [e for e in events if e.get("signal") == signal]


async def ack(server: Server, command: dict[str, Any]) -> dict[str, Any]:
    response = await server.command(command)
    assert response.status_code == 200, f"{command}: {response.status_code} {response.text}"
    events = response.json()["events"]
    assert len(events) == 1
    return dict(events[0])


async def wait_until(epoch_ms: int, limit_s: float = 30.0) -> None:
    delay = (epoch_ms - now_ms()) / 1000
    assert delay < limit_s, f"would wait {delay:.1f} s"
    if delay > 0:
        await asyncio.sleep(delay)


async def test_a_killed_server_restarts_with_every_acknowledged_event_and_signals_once(tmp_path: Path) -> None:
    minutes = seconds_as_minutes(LAST_DEALS_BEFORE_END + RUNNING_BEFORE_LAST_DEALS)
    file = write_tournament(
        tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=minutes)],
        rules={"call_before": 0, "last_deals_warning": seconds_as_minutes(LAST_DEALS_BEFORE_END)})
    db = tmp_path / "t.db"
    servers: list[Server] = []
    try:
        server = await start_server_async(file, db, seat="r1")  # a preferans round starts once seated
        servers.append(server)

        # the round starts by itself, moved to start now that the server is up; then the referee pauses,
        # extends and resumes it
        watcher = await server.client("referee")
        try:
            moved = await ack(server, {"type": "move_item", "item": "r1",
                                       "start": local_datetime(from_now(START_AFTER_MOVE))})
            started = await watcher.wait_for(is_event(signal="r1:start"), timeout=30)
        finally:
            await watcher.close()
        assert started["seq"] == moved["seq"] + 1
        acknowledged = [moved, await ack(server, {"type": "pause", "item": "r1"})]
        await asyncio.sleep(0.4)
        acknowledged.append(await ack(server, {"type": "extend", "item": "r1", "minutes": EXTEND_MINUTES}))
        assert [e["seq"] for e in acknowledged[1:]] == [started["seq"] + 1, started["seq"] + 2]
        # read while paused: nothing falls due
        log_before = await server.events()
        before = await server.state()
        r1 = r1_of(before)
        assert r1["status"] == "paused"
        acknowledged.append(await ack(server, {"type": "resume", "item": "r1"}))
        # SIGKILL at once: the last-deals signal is due seconds after the resume
        server.kill()
        killed_at = now_ms()
        assert server.proc.returncode == -9
        log_before.append(acknowledged[-1])
        assert [e["seq"] for e in log_before] == list(range(1, len(log_before) + 1))
        paused_ms = acknowledged[-1]["ts"] - acknowledged[1]["ts"]
        ends_at = r1["end"] + 3000 + paused_ms  # the planned end, moved by the extension and the pause
        last_deals_due = ends_at - round(LAST_DEALS_BEFORE_END * 1000)
        assert killed_at < last_deals_due, "the kill came after the last-deals signal was due"
        assert by_signal(log_before, "r1:last_deals") == []

        # down while the signal falls due; back up long before the round ends
        await wait_until(last_deals_due + 700)
        restarted_at = now_ms()
        server = await start_server_async(file, db)
        servers.append(server)

        async def last_deals_logged() -> list[dict[str, Any]]:
            while not by_signal(events := await server.events(), "r1:last_deals"):
                await asyncio.sleep(0.05)
            return events

        events = await asyncio.wait_for(last_deals_logged(), 30)
        await asyncio.sleep(1.0)  # time for a second, wrong append to show up
        events = await server.events()

        # every acknowledged event (and everything logged before the kill) is there, unchanged
        by_seq = {e["seq"]: e for e in events}
        for event in [*log_before, *acknowledged]:
            assert by_seq.get(event["seq"]) == event, f"event {event['seq']} changed or vanished"
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))

        # the clock is what it was: derived from the logged instants, not from the downtime
        after = await server.state()
        r1_after = r1_of(after)
        assert r1_after["status"] == "running"
        assert r1_after["ends_at"] == ends_at
        assert r1_after["started_at"] == r1["started_at"] == r1["start"] == started["event"]["payload"]["due_at"]

        # the signal that fell due while the server was down: appended once, late, with its due time
        (last_deals,) = by_signal(events, "r1:last_deals")
        assert last_deals["type"] == "last_deals_announced"
        assert last_deals["payload"]["due_at"] == last_deals_due
        assert killed_at < last_deals_due < restarted_at <= last_deals["ts"]
        assert last_deals["payload"]["due_at"] < last_deals["ts"]
        assert last_deals["seq"] == len(log_before) + 1
        assert r1_after["last_deals_at"] == last_deals_due
        # the log begins with the plan (its signal id `plan`: recorded once), then r1's seating and its move
        assert [(e["seq"], e["type"]) for e in events[:3]] == [(1, "plan_recorded"), (2, "seating_published"),
                                                               (3, "item_moved")]
        assert [e["signal"] for e in events if e.get("signal")] == ["plan", "r1:start", "r1:last_deals"]

        # a second restart (killed again) replays it and appends nothing
        server.kill()
        server = await start_server_async(file, db)
        servers.append(server)
        await asyncio.sleep(1.5)
        again = await server.events()
        assert again == events
        assert len(by_signal(again, "r1:last_deals")) == 1
        r1_again = r1_of(await server.state())
        assert (r1_again["status"], r1_again["ends_at"]) == ("running", ends_at)
    finally:
        for s in servers:
            s.kill()
