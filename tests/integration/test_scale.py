"""Several `live serve --redis` instances on one real Redis (started by the test, AOF with fsync always).

What must hold (DESIGN: "scale out to several instances … with Redis"; "Signals at most once"):

- every screen, whichever instance it is connected to, gets every event once, in the log's order,
  while commands arrive at both instances at once and the scheduler appends signals;
- only the lease holder runs the scheduler; when it is SIGKILLed in the middle of a round the
  other instance fires the next signal within the lease time, and no signal is appended twice;
- when Redis is SIGKILLed and restarted from its append-only file, commands sent meanwhile answer
  503 "not acknowledged", nothing acknowledged is lost, the instances' tails resume, commands work
  again on both, and the screens keep their connections and get every event.

The lease is shortened to LEASE_TTL seconds (LIVE_LEASE_TTL; renewed every third of it) so that a
take-over happens within a few seconds. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
from cluster import (
    assert_gapless,
    duplicate_signals,
    event_messages,
    leader,
    start_instances,
    wait_for_seq,
)
from redis_server import RedisServer
from server import (
    Server,
    WSClient,
    close_all,
    is_event,
    now_ms,
    round_entry,
    run_cli,
    seconds_as_minutes,
    write_tournament,
)

LEASE_TTL = 3.0
LEASE_RENEW = LEASE_TTL / 3
SLACK = 1.5  # seconds of scheduling noise allowed on a busy 2-core machine


@contextlib.asynccontextmanager
async def hall(tmp_path: Path, rounds: list[dict[str, Any]], rules: dict[str, Any],
               count: int = 2) -> AsyncIterator[tuple[RedisServer, list[Server]]]:
    """A Redis of the test's own and `count` instances on it, r1's seating published (so that the
    preferans round can start: the log begins with the plan, seq 1, and the seating, seq 2);
    everything killed at the end."""
    file = write_tournament(tmp_path / "t.toml", timetable=rounds, rules=rules)
    with RedisServer(directory=tmp_path / "redis") as redis:
        servers = await start_instances(file, redis.url, count, lease_ttl=LEASE_TTL, seat="r1")
        try:
            yield redis, servers
        finally:
            for server in servers:
                server.kill()


async def ack(server: Server, command: dict[str, Any], http: httpx.AsyncClient | None = None) -> dict[str, Any]:
    response = await server.command(command, http=http)
    assert response.status_code == 200, f"{server.url} {command}: {response.status_code} {response.text}"
    (event,) = response.json()["events"]
    return dict(event)


async def wait_until(epoch_ms: int, limit_s: float = 30.0) -> None:
    delay = (epoch_ms - now_ms()) / 1000
    assert delay < limit_s, f"would wait {delay:.1f} s"
    if delay > 0:
        await asyncio.sleep(delay)


def by_signal(events: list[dict[str, Any]], signal: str) -> dict[str, Any]:
    found = [e for e in events if e.get("signal") == signal]
    assert len(found) == 1, f"{signal}: {len(found)} events in the log"
    return found[0]


async def settled_log(servers: list[Server], clients: list[WSClient]) -> list[dict[str, Any]]:
    """The whole log once every instance has folded it and every client has received it; the same on all."""
    log = await servers[0].events()
    last = log[-1]["seq"] if log else 0
    await wait_for_seq(servers, last)
    for other in servers[1:]:
        assert await other.events() == log, f"{other.url} serves another log than {servers[0].url}"
    for client in clients:
        await client.wait_count(is_event(), last, timeout=10)
    return log


def assert_acknowledged_in_log(acknowledged: list[dict[str, Any]], log: list[dict[str, Any]]) -> None:
    seqs = [e["seq"] for e in acknowledged]
    assert len(set(seqs)) == len(seqs), f"two acknowledgements with one seq: {sorted(seqs)}"
    by_seq = {e["seq"]: e for e in log}
    for event in acknowledged:
        assert by_seq.get(event["seq"]) == event, f"acknowledged {event}, the log has {by_seq.get(event['seq'])}"


async def test_clients_on_two_instances_get_every_event_once_in_the_same_order(tmp_path: Path) -> None:
    rounds = [round_entry("r1", 1, start_in=7, minutes=seconds_as_minutes(8))]
    rules = {"call_before": seconds_as_minutes(2), "last_deals_warning": seconds_as_minutes(3)}
    async with hall(tmp_path, rounds, rules) as (redis, servers):
        a, b = servers
        clients = [await server.client("display", since=0) for server in (a, a, b, b)]
        acknowledged: list[dict[str, Any]] = []
        stop = asyncio.Event()

        async def referee(server: Server, name: str) -> int:
            """Announcements to one instance as fast as it answers (the other one sends at the same time)."""
            sent = 0
            async with httpx.AsyncClient(timeout=10) as http:
                while not stop.is_set():
                    acknowledged.append(await ack(server, {"type": "announce", "text": f"{name} {sent}"}, http))
                    sent += 1
                    await asyncio.sleep(0.05)
            return sent

        referees = [asyncio.create_task(referee(a, "a")), asyncio.create_task(referee(b, "b"))]
        try:
            started = await clients[0].wait_for(is_event(signal="r1:start"), timeout=20)
            # The instance that does not run the scheduler extends the round: the leader must move the end.
            follower = b if await leader(redis.url, servers) is a else a
            extended = await ack(follower, {"type": "extend", "item": "r1", "minutes": seconds_as_minutes(3)})
            acknowledged.append(extended)
            await clients[2].wait_for(is_event(signal="r1:end"), timeout=25)
        finally:
            stop.set()
            sent = await asyncio.gather(*referees)
        log = await settled_log(servers, clients)
        try:
            assert min(sent) >= 20, f"too few commands were sent to test interleaving: {sent}"
            for client in clients:
                assert_gapless(client, log[-1]["seq"])
                assert event_messages(client) == log, f"{client.url} received other events than the log"
            assert_acknowledged_in_log(acknowledged, log)
            assert {e["actor"] for e in log if e["type"] == "announced"} <= {"referee"}
            assert not duplicate_signals(log)
            assert [(e["seq"], e["type"]) for e in log[:2]] == [(1, "plan_recorded"), (2, "seating_published")]
            for signal in ("plan", "r1:call", "r1:start", "r1:last_deals", "r1:end"):
                by_signal(log, signal)
            end = by_signal(log, "r1:end")
            # The end moved by the follower's 3 s extension (start + 8 s + 3 s), and fired then, not before.
            assert abs(end["payload"]["due_at"] - (started["event"]["payload"]["due_at"] + 11_000)) <= 2
            assert end["ts"] >= end["payload"]["due_at"]
            assert extended["seq"] < end["seq"]
        finally:
            await close_all(clients)


async def test_the_other_instance_fires_the_next_signal_when_the_leader_is_killed(tmp_path: Path) -> None:
    round_s, last_deals_before_end = 12.0, 6.0
    rounds = [round_entry("r1", 1, start_in=7, minutes=seconds_as_minutes(round_s))]
    rules = {"call_before": 0, "last_deals_warning": seconds_as_minutes(last_deals_before_end)}
    async with hall(tmp_path, rounds, rules) as (redis, servers):
        clients = {server.port: await server.client("display", since=0) for server in servers}
        try:
            first = next(iter(clients.values()))
            await first.wait_for(is_event(signal="r1:start"), timeout=20)
            r1 = next(i for i in (await servers[0].state())["timetable"] if i["id"] == "r1")
            last_deals_due = r1["ends_at"] - round(last_deals_before_end * 1000)
            assert now_ms() < last_deals_due - 1500, "the instances started too slowly for this test's timetable"

            # SIGKILL the lease holder 1 s before the last-deals signal is due: it never releases the lease.
            await wait_until(last_deals_due - 1000)
            doomed = await leader(redis.url, servers)
            survivor = next(s for s in servers if s is not doomed)
            doomed.kill()
            orphan = clients.pop(doomed.port)
            watcher = clients[survivor.port]

            last_deals = (await watcher.wait_for(is_event(signal="r1:last_deals"),
                                                 timeout=LEASE_TTL + LEASE_RENEW + 10))["event"]
            late_ms = last_deals["ts"] - last_deals["payload"]["due_at"]
            assert last_deals["payload"]["due_at"] == last_deals_due
            # The key expires at most LEASE_TTL after the last renewal (≤ 1 s before the due time), and the
            # survivor tries every LEASE_RENEW seconds: it fires within the lease time of the due time.
            assert 0 <= late_ms <= (LEASE_TTL + LEASE_RENEW + SLACK) * 1000, f"last deals {late_ms} ms late"
            assert await leader(redis.url, [survivor], timeout=1) is survivor

            # From then on the survivor runs the scheduler as usual: the end comes on time.
            end = (await watcher.wait_for(is_event(signal="r1:end"), timeout=round_s + 10))["event"]
            assert 0 <= end["ts"] - end["payload"]["due_at"] <= SLACK * 1000, end

            # The display that was on the killed instance reconnects to the survivor with `since`.
            await orphan.wait_closed(timeout=5)
            resumed_from = max(orphan.seqs(), default=0)
            reconnected = await survivor.client("display", since=resumed_from)
            clients[-1] = reconnected
            log = await settled_log([survivor], [watcher])
            last = log[-1]["seq"]
            await reconnected.wait_count(is_event(), last - resumed_from, timeout=10)

            assert not duplicate_signals(log), duplicate_signals(log)
            assert [e["signal"] for e in log if e.get("signal")] == ["plan", "r1:start", "r1:last_deals", "r1:end"]
            assert_gapless(watcher, last)
            assert event_messages(watcher) == log
            assert orphan.seqs() == list(range(1, resumed_from + 1))
            assert_gapless(reconnected, last, first_seq=resumed_from + 1)
            assert event_messages(orphan) + event_messages(reconnected) == log
        finally:
            await close_all(clients.values())


async def test_a_redis_restart_loses_nothing_acknowledged_and_clients_miss_nothing(tmp_path: Path) -> None:
    round_s, last_deals_before_end = 18.0, 10.0
    rounds = [round_entry("r1", 1, start_in=7, minutes=seconds_as_minutes(round_s))]
    rules = {"call_before": 0, "last_deals_warning": seconds_as_minutes(last_deals_before_end)}
    async with hall(tmp_path, rounds, rules) as (redis, servers):
        a, b = servers
        clients = [await server.client("display", since=0) for server in (a, b)]
        try:
            await clients[0].wait_for(is_event(signal="r1:start"), timeout=20)
            acknowledged = []
            for n in range(2):
                for server, name in ((a, "a"), (b, "b")):
                    acknowledged.append(await ack(server, {"type": "announce", "text": f"before {name} {n}"}))
            r1 = next(i for i in (await a.state())["timetable"] if i["id"] == "r1")
            last_deals_due = r1["ends_at"] - round(last_deals_before_end * 1000)
            assert now_ms() < last_deals_due - 2500, "the instances started too slowly for this test's timetable"

            # Redis crashes 2 s before the last-deals signal is due, and is down until 1 s after it.
            await wait_until(last_deals_due - 2000)
            redis.kill()
            refused = []
            for n in range(2):
                for server, name in ((a, "a"), (b, "b")):
                    text = f"while down {name} {n}"
                    response = await server.command({"type": "announce", "text": text})
                    assert response.status_code == 503, f"{server.url}: {response.status_code} {response.text}"
                    assert response.json()["error"].startswith("not acknowledged"), response.text
                    refused.append(text)
            for server in servers:  # the instances still serve what they have
                assert (await server.health())["seq"] == acknowledged[-1]["seq"]
            await wait_until(last_deals_due + 1000)
            await asyncio.to_thread(redis.start)  # same port, same directory: the append-only file is replayed

            # At once, commands work again on both instances (a stale one catches up first).
            for n in range(2):
                for server, name in ((a, "a"), (b, "b")):
                    acknowledged.append(await ack(server, {"type": "announce", "text": f"after {name} {n}"}))
            # The signal that fell due while Redis was down is appended once, when a leader is back.
            for client in clients:
                await client.wait_for(is_event(signal="r1:last_deals"), timeout=LEASE_TTL + 10)
            await clients[1].wait_for(is_event(signal="r1:end"), timeout=round_s + 10)
            log = await settled_log(servers, clients)

            assert_acknowledged_in_log(acknowledged, log)
            texts = [e["payload"].get("text") for e in log if e["type"] == "announced"]
            assert not set(refused) & set(texts), "a command answered 503 was stored"
            assert [e["signal"] for e in log if e.get("signal")] == ["plan", "r1:start", "r1:last_deals", "r1:end"]
            last_deals = by_signal(log, "r1:last_deals")
            assert last_deals["payload"]["due_at"] == last_deals_due
            for client in clients:
                assert not client.closed, f"{client.url} lost its connection: {client.close_code}"
                assert_gapless(client, log[-1]["seq"])
                assert event_messages(client) == log
        finally:
            await close_all(clients)


def test_a_lease_ttl_that_is_not_seconds_is_refused_before_starting(tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    for value in ("soon", "0.5", "nan"):
        result = run_cli("serve", str(file), "--redis", "redis://127.0.0.1:1/0", env={"LIVE_LEASE_TTL": value})
        assert result.returncode == 1, result
        assert f"LIVE_LEASE_TTL must be seconds from 1 to 3600, not {value!r}" in result.stderr
