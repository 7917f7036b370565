"""The real server (a `live serve` subprocess) with real clients: httpx for HTTP, `websockets` for /ws.

Every wait is bounded (asyncio.wait_for inside the helpers), so a broken server fails a test
instead of hanging it. Timing assertions are loose (≥ 0.5 s) so a busy 2-core machine passes.
"""

from __future__ import annotations

import asyncio
import json
import re
import statistics
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from server import (
    PLAN_SEQ,
    Server,
    StalledClient,
    WSClient,
    close_all,
    free_port,
    from_now,
    is_event,
    is_type,
    local_datetime,
    now_ms,
    round_entry,
    run_cli,
    seconds_as_minutes,
    start_server,
    write_tournament,
)

from live.edges.limits import REPLAY_MAX_EVENTS


def far_rounds() -> list[dict[str, Any]]:
    """Two rounds an hour and two hours away: nothing fires by itself during a test."""
    return [round_entry("r1", 1, start_in=3600, minutes=60), round_entry("r2", 2, start_in=7200, minutes=60)]


#: The fixture's log before a test's own events: the plan (seq 1) and r1's seating (seq 2).
BEFORE = PLAN_SEQ + 1


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    file = write_tournament(tmp_path / "t.toml", timetable=far_rounds())
    with start_server(file, tmp_path / "t.db", seat="r1") as running:  # the referee may start r1
        logged = httpx.get(f"{running.url}/api/events", timeout=10).json()["events"]
        assert [(e["seq"], e["type"]) for e in logged] == [(PLAN_SEQ, "plan_recorded"), (BEFORE, "seating_published")]
        yield running


async def player_session(server: Server, player: str) -> dict[str, str]:
    """The headers of a player's own phone: the session cookie their code opened (`POST /api/player-session`)."""
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        page = await http.get("/api/checkin-codes", headers={"Authorization": f"Bearer {server.token}"})
        code = re.search(rf"<tr><td>{player}</td><td>[^<]*</td><td class=code>([A-Z0-9-]+)</td>", page.text)
        assert code is not None, page.text
        opened = await http.post("/api/player-session", json={"code": code.group(1)})
    assert opened.status_code == 200, opened.text
    return {"Cookie": f"live_player={opened.cookies['live_player']}"}


async def connect_all(server: Server, specs: list[tuple[str, str | None]],
                      sessions: dict[str, dict[str, str]] | None = None) -> list[WSClient]:
    """The clients, each player's with its session if `sessions` has one (else the public page)."""
    clients = [await server.client(view, player, additional_headers=(sessions or {}).get(player or ""))
               for view, player in specs]
    await asyncio.gather(*(c.wait_for(is_type("snapshot")) for c in clients))
    return clients


def payload_of(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, f"{response.status_code} {response.text}"
    return dict(response.json())


# a referee command reaches everyone -----------------------------------------------------------


async def test_a_referee_command_reaches_every_client_with_the_same_seq(server: Server) -> None:
    specs: list[tuple[str, str | None]] = [("display", None)] * 3 + [("player", "p1"), ("player", "p2"),
                                                                      ("referee", None)]
    clients = await connect_all(server, specs, {"p1": await player_session(server, "p1")})
    displays, (p1, p2), (referee,) = clients[:3], clients[3:5], clients[5:]
    try:
        commands = [
            {"type": "announce", "text": "Welcome to the Integration Cup"},
            {"type": "start_round", "item": "r1"},
            {"type": "pause", "item": "r1"},
            {"type": "resume", "item": "r1"},
            {"type": "extend", "item": "r1", "minutes": 5},
            {"type": "announce", "text": "Ana, please come to the referee table", "player": "p1"},
        ]
        acked: list[int] = []
        for command in commands:
            answer = payload_of(await server.command(command))
            seq, event = answer["seq"], answer["events"][-1]
            acked.append(seq)
            got = await asyncio.gather(*(c.wait_for(is_event(seq), timeout=5) for c in clients))
            private = "player" in command
            for client, message in zip(clients, got, strict=True):
                assert message["seq"] == seq
                assert isinstance(message["changes"], dict)
                if private and client not in (p1, referee):
                    # a private notice's words go only to its player and the referees
                    assert message["event"] == {**event, "payload": {"player": "p1", "private": True}}
                else:
                    assert message["event"] == event, "every client gets the very event that was acknowledged"

        # the announcement addressed to p1: only p1's message carries `me`, with the notice in it
        last = acked[-1]
        mine = p1.find(is_event(last))
        assert mine is not None and mine["changes"]["me"]["id"] == "p1"
        assert [n["text"] for n in mine["changes"]["me"]["notices"]] == ["Ana, please come to the referee table"]
        for other in [*displays, p2, referee]:
            message = other.find(is_event(last))
            assert message is not None and "me" not in message["changes"]
        # the clock change reached the screens as a changed timetable section
        started = displays[0].find(is_event(acked[1]))
        assert started is not None
        r1 = next(i for i in started["changes"]["timetable"] if i["id"] == "r1")
        assert r1["status"] == "running"
        # the referee view also gets the audit; the public views do not
        assert "audit" in (referee.find(is_event(acked[0])) or {}).get("changes", {})
        assert "audit" not in (displays[0].find(is_event(acked[0])) or {}).get("changes", {})
        # everyone saw exactly the acknowledged events, in order, once
        for client in clients:
            assert client.seqs() == acked

        # a wrong or missing token: 401 and nothing written, nothing pushed
        before = await server.events()
        for token in ("not-the-token", ""):
            refused = await server.command({"type": "announce", "text": "intruder"}, token=token)
            assert refused.status_code == 401
            assert "token" in refused.json()["error"]
        assert await server.events() == before
        await asyncio.sleep(0.3)
        for client in clients:
            assert client.seqs() == acked
    finally:
        await close_all(clients)


# scheduled signals ----------------------------------------------------------------------------


async def test_scheduled_signals_fire_at_their_time_in_order(tmp_path: Path) -> None:
    """The round is planned an hour away and moved, once the server is up and the screens connected, to start
    `start_in` seconds later: however long the server took to start, its signals are all still to come."""
    start_in, minutes, call_s, last_deals_s = 3.0, 0.1, 1.0, 2.0
    entry = round_entry("r1", 1, start_in=3600, minutes=minutes)
    file = write_tournament(
        tmp_path / "t.toml", timetable=[entry],
        rules={"call_before": seconds_as_minutes(call_s), "last_deals_warning": seconds_as_minutes(last_deals_s)})
    with start_server(file, tmp_path / "t.db", seat="r1") as server:  # the call and the start need the seating
        planned = next(i for i in (await server.state())["timetable"] if i["id"] == "r1")
        assert abs(planned["start"] - entry["start"].timestamp() * 1000) <= 1, "the file's local time is read as is"
        clients = await connect_all(server, [("display", None), ("player", "p1")])
        try:
            moved_to = from_now(start_in)
            move = {"type": "move_item", "item": "r1", "start": local_datetime(moved_to)}
            moved = payload_of(await server.command(move))
            planned = next(i for i in (await server.state())["timetable"] if i["id"] == "r1")
            start_ms, end_ms = planned["start"], planned["end"]
            assert abs(start_ms - moved_to.timestamp() * 1000) <= 1, "the command's local time is read as written"
            assert end_ms - start_ms == round(minutes * 60_000)
            expected = [  # (event type, signal id, due at)
                ("round_called", "r1:call", start_ms - round(call_s * 1000)),
                ("round_started", "r1:start", start_ms),
                ("last_deals_announced", "r1:last_deals", end_ms - round(last_deals_s * 1000)),
                ("round_ended", "r1:end", end_ms),
            ]
            assert now_ms() < expected[0][2] - 200, "the move took too long for this timetable"
            for client in clients:
                await client.wait_for(is_event(signal="r1:end"), timeout=start_in + minutes * 60 + 10)
            for client in clients:
                first, *received = client.events()
                assert (first["seq"], first["event"]["type"]) == (moved["seq"], "item_moved")
                assert [(m["event"]["type"], m["event"]["signal"]) for m in received] == [
                    (kind, signal) for kind, signal, _ in expected]
                assert client.seqs() == [3, 4, 5, 6, 7]  # after the plan (1), the seating (2) and the move (3)
                for message, (_, signal, due) in zip(received, expected, strict=True):
                    event = message["event"]
                    assert event["actor"] == "scheduler"
                    assert event["payload"]["due_at"] == due, signal
                    assert event["ts"] >= due, f"{signal} was logged before it was due"
                    late = message["_received_ms"] - due
                    assert -50 <= late < 1500, f"{signal} arrived {late} ms after it was due"
                started = received[1]
                late = started["_received_ms"] - started["event"]["payload"]["due_at"]
                assert -50 <= late <= 500, f"round_started arrived {late} ms after its due_at"
                # each signal moved the round's state on the screens
                statuses = [next(i for i in m["changes"]["timetable"] if i["id"] == "r1")["status"]
                            for m in received]
                assert statuses == ["called", "running", "running", "ended"]
            state = await server.state()
            r1 = next(i for i in state["timetable"] if i["id"] == "r1")
            assert (r1["status"], r1["started_at"], r1["ended_at"]) == ("ended", start_ms, end_ms)
        finally:
            await close_all(clients)


# reconnect with since -------------------------------------------------------------------------


async def test_a_client_whose_sections_are_current_gets_no_snapshot_again(server: Server) -> None:
    """The page opens its socket with `since` = its boot data's seq and the log's id (display/lib/connection.js):
    when nothing came after, the hello says `current` and no snapshot follows; a live event then comes as usual.
    Another log's id, or a seq that is not the last, gets the snapshot as before."""
    boot = (await server.get_json("/api/state"))["seq"]
    first = await server.client("display")
    hello = await first.wait_for(is_type("hello"))
    await first.wait_for(is_type("snapshot"))
    await first.close()
    log = hello["log"]
    assert isinstance(log, str) and log and hello["seq"] == boot
    current = await server.client("display", since=boot, log=log)
    other_log = await server.client("display", since=boot, log=log + "x")
    no_log = await server.client("display", since=boot)
    try:
        greeting = await current.wait_for(is_type("hello"))
        assert greeting["current"] is True and greeting["since"] == boot
        for client in (other_log, no_log):
            assert "current" not in await client.wait_for(is_type("hello"))
            await client.wait_for(is_type("snapshot"))
        seq = payload_of(await server.command({"type": "announce", "text": "after the page"}))["seq"]
        await current.wait_for(is_event(seq))
        assert [m["type"] for m in current.messages] == ["hello", "event"], "no snapshot before or after"
    finally:
        await close_all([current, other_log, no_log])
    # A reconnect after that event, with the seq before it: the replay and the snapshot, as before.
    behind = await server.client("display", since=boot, log=log)
    try:
        await behind.wait_for(is_type("snapshot"))
        assert [m["type"] for m in behind.messages[:3]] == ["hello", "event", "snapshot"]
    finally:
        await behind.close()


async def test_a_client_reconnecting_with_since_gets_exactly_what_it_missed(server: Server) -> None:
    payload_of(await server.command({"type": "announce", "text": "before the client came"}))
    first = await server.client("player", "p2")
    await first.wait_for(is_type("snapshot"))
    answer = payload_of(await server.command({"type": "announce", "text": "seen live"}))
    await first.wait_for(is_event(answer["seq"]))
    since = first.last_seq()
    assert since == answer["seq"] == BEFORE + 2
    await first.close()

    missed = [payload_of(await server.command(c))["seq"] for c in (
        {"type": "announce", "text": "missed one"},
        {"type": "start_round", "item": "r1"},
        {"type": "extend", "item": "r1", "minutes": 10},
    )]
    assert missed == [since + 1, since + 2, since + 3]
    logged = {e["seq"]: e for e in await server.events(since)}

    again = await server.client("player", "p2", since=since)
    try:
        await again.wait_for(is_type("snapshot"))
        head = again.messages
        assert head[0]["type"] == "hello" and head[0]["seq"] == since + 3 and head[0]["since"] == since
        replayed = head[1:4]
        assert [m["type"] for m in replayed] == ["event"] * 3
        assert [m["seq"] for m in replayed] == missed, "no gap, no duplicate"
        assert all(m.get("replay") is True for m in replayed)
        assert [m["event"] for m in replayed] == [logged[s] for s in missed]
        assert head[4]["type"] == "snapshot" and head[4]["seq"] == since + 3
        r1 = next(i for i in head[4]["sections"]["timetable"] if i["id"] == "r1")
        assert r1["status"] == "running" and r1["extended_ms"] == 600_000

        live = payload_of(await server.command({"type": "pause", "item": "r1"}))["seq"]
        assert live == since + 4
        message = await again.wait_for(is_event(live))
        assert not message.get("replay")
        assert again.seqs() == [*missed, live]
    finally:
        await again.close()


# a client that never reads --------------------------------------------------------------------


#: Announcements that fill less than the hub's bound on a client's backlog (256 messages of ≈ 2 KiB): the stalled
#: client is behind by all of them, and still connected.
UNDER_THE_BOUND = 100


@pytest.fixture
def unpinged(tmp_path: Path) -> Iterator[Server]:
    """The fixture's server with a keepalive no test outlasts (`--ws-ping`): a client that never reads is then
    closed by the hub's bound on what it has not read (4008), however long the flood that fills it takes, and
    not by a ping it did not answer (1011, after 40 s)."""
    file = write_tournament(tmp_path / "t.toml", timetable=far_rounds())
    with start_server(file, tmp_path / "t.db", seat="r1", extra_args=("--ws-ping", "3600")) as running:
        yield running


async def test_a_client_that_never_reads_does_not_delay_the_others(unpinged: Server) -> None:
    server = unpinged
    specs: list[tuple[str, str | None]] = [("display", None)] * 3 + [("player", "p2"), ("referee", None)]
    normal = await connect_all(server, specs)
    stalled = await StalledClient.open(server.host, server.port, "/ws?view=player&player=p1", mss=536)
    try:
        await wait_health(server, lambda c: c["player"] == 2 and sum(c.values()) == 6)
        words = "Players of round 2 please check the seating list at the entrance before going to the tables. "
        text = (words * 5)[:440]
        acked: dict[int, int] = {}  # seq → local time of the HTTP acknowledgement

        async def flood(count: int, until_dropped: bool) -> bool:
            async with httpx.AsyncClient(timeout=10) as http:
                for i in range(count):
                    answer = payload_of(await server.command({"type": "announce", "text": f"{i} {text}"}, http=http))
                    acked[answer["seq"]] = now_ms()
                    if until_dropped and i % 5 == 0 and (await server.health())["clients"]["player"] == 1:
                        return True
            return False

        # the others get every announcement while the stalled client, which has read none, is still there:
        # nothing they are sent waits for it
        await asyncio.wait_for(flood(UNDER_THE_BOUND, until_dropped=False), 180)
        for client in normal:
            await client.wait_for(is_event(max(acked)), timeout=30)
        assert (await server.health())["clients"] == {"display": 3, "player": 2, "referee": 1}

        # ... and go on getting them until it is behind by more than the hub keeps for it, and is dropped
        dropped = await asyncio.wait_for(flood(3000, until_dropped=True), 180)
        assert dropped, f"the stalled client was still connected after {len(acked)} announcements"
        last = max(acked)

        # the stalled phone reads again (it was in a pocket; within the hub's DROP_DEADLINE, after which the
        # connection is cut): what was stuck in the buffers, then the server's close 4008, so it knows to reconnect
        code, stuck = await stalled.read_until_close(timeout=15)
        assert code == 4008, f"expected the close code 4008 (too slow), got {code}"

        for client in normal:
            await client.wait_for(is_event(last), timeout=30)
        delays = []
        for client in normal:
            assert client.seqs() == sorted(acked), f"{client.url} missed or repeated events"
            delays += [m["_received_ms"] - acked[m["seq"]] for m in client.events()]
        delays.sort()
        print(f"\n{len(acked)} announcements, {len(delays)} deliveries to 5 clients: ack→receipt "
              f"median {statistics.median(delays)} ms, p99 {delays[len(delays) * 99 // 100]} ms, max {delays[-1]} ms")
        assert (await server.health())["clients"] == {"display": 3, "player": 1, "referee": 1}
        assert stuck[0]["type"] == "hello" and stuck[1]["type"] == "snapshot"
        seqs = [m["seq"] for m in stuck[2:]]
        # (it connected after the fixture's events: its first is the first announcement)
        assert min(acked) == BEFORE + 1
        assert seqs == list(range(BEFORE + 1, BEFORE + len(seqs) + 1)), "the messages it got are a prefix with no gap"
        assert len(seqs) < len(acked)
        # ... and reconnecting with since gets the rest: replayed when it is a few events, else (when it fell
        # hundreds behind: how far depends on the kernel's buffers) a snapshot of now with its hello marked
        # resync, and no replay (live/edges/limits.py)
        since = seqs[-1] if seqs else BEFORE
        back = await server.client("player", "p1", since=since)
        try:
            snapshot = await back.wait_for(is_type("snapshot"), timeout=20)
            assert back.messages[0]["type"] == "hello"
            resync = back.messages[0]["resync"]  # (a replay past REPLAY_MAX_BYTES is one too)
            assert resync is True or last - since <= REPLAY_MAX_EVENTS
            assert back.seqs() == ([] if resync else list(range(since + 1, last + 1))) and snapshot["seq"] == last
        finally:
            await back.close()
    finally:
        stalled.close()
        await close_all(normal)


async def wait_health(server: Server, ok: Any, timeout: float = 5.0) -> dict[str, Any]:
    async def poll() -> dict[str, Any]:
        while True:
            health = await server.health()
            if ok(health["clients"]):
                return health
            await asyncio.sleep(0.05)
    return await asyncio.wait_for(poll(), timeout)


# clock sync -----------------------------------------------------------------------------------


async def test_hello_carries_server_time_and_seq_and_ping_gets_pong(server: Server) -> None:
    for n in range(3):
        payload_of(await server.command({"type": "announce", "text": f"number {n}"}))
    before = now_ms()
    client = await server.client("display")
    try:
        hello = await client.wait_for(is_type("hello"))
        after = hello["_received_ms"]
        assert client.messages[0] is hello, "hello comes first"
        assert hello["seq"] == BEFORE + 3 == (await server.health())["seq"]
        assert isinstance(hello["server_time"], int)
        assert before - 100 <= hello["server_time"] <= after + 100  # same machine, same clock
        for t in (12345, now_ms()):
            sent = now_ms()
            pong = await client.ping(t)
            assert pong["t"] == t, "the client's own time comes back for the round-trip"
            assert isinstance(pong["server"], int)
            assert sent - 100 <= pong["server"] <= pong["_received_ms"] + 100
    finally:
        await client.close()


# bad input ------------------------------------------------------------------------------------


BAD_COMMANDS: list[tuple[str, bytes | None, Any, int, list[str]]] = [
    # (case, raw body, JSON body, status, words the error must contain)
    ("malformed JSON", b'{"type": "announce", "text": ', None, 400, ["not JSON"]),
    ("not an object", None, ["announce", "hello"], 400, ["JSON object"]),
    ("unknown type", None, {"type": "explode"}, 422, ["unknown command type", "explode"]),
    ("unknown item", None, {"type": "start_round", "item": "r99"}, 422, ["r99"]),
    ("end a round not started", None, {"type": "end_round", "item": "r1"}, 409, ["r1", "has not started"]),
    ("extend by -1000", None, {"type": "extend", "item": "r1", "minutes": -1000}, 422, ["minutes", "-1000"]),
    ("extend by 'ten'", None, {"type": "extend", "item": "r1", "minutes": "ten"}, 422, ["minutes", "number"]),
]


async def test_bad_input_is_refused_with_a_reason_and_writes_nothing(server: Server) -> None:
    payload_of(await server.command({"type": "announce", "text": "a good one first"}))
    before = await server.events()
    display = await server.client("display")
    try:
        await display.wait_for(is_type("snapshot"))
        async with httpx.AsyncClient(timeout=10) as http:
            for case, raw, body, status, words in BAD_COMMANDS:
                answer = await server.command(body, raw=raw, http=http)
                assert answer.status_code == status, f"{case}: {answer.status_code} {answer.text}"
                error = answer.json()["error"]
                for word in words:
                    assert word in error, f"{case}: {error!r} does not say {word!r}"
                if isinstance(body, dict) and "item" in body:
                    assert answer.json()["detail"]["field"] in ("item", "minutes"), case
                assert await server.events() == before, f"{case} wrote something"

            wrong = await http.get(f"{server.url}/api/events", params={"since": "abc"})
            assert wrong.status_code == 400
            assert "since" in wrong.json()["error"] and "'abc'" in wrong.json()["error"]
        await asyncio.sleep(0.2)
        assert display.events() == [], "a refused command pushed an event"

        for query, words in ((dict(view="bogus"), "view must be one of"), (dict(player="nobody"), "nobody"),
                             (dict(since="abc"), "since")):
            bad = await WSClient.connect(server.ws_url(**{"view": "display", **query}))
            try:
                error = await bad.wait_for(is_type("error"))
                assert words in error["error"]
                assert await bad.wait_closed() == 1008
                assert [m["type"] for m in bad.messages] == ["error"]
            finally:
                await bad.close()
        assert await server.events() == before
    finally:
        await display.close()


# a bad tournament file ------------------------------------------------------------------------


BAD_FILES = [
    ("a negative round length", "minutes = 90", "minutes = -5", "timetable[1].minutes", "more than 0"),
    ("an unknown preset", 'preset = "cacak-preferans"', 'preset = "poker"', "tournament.preset", "unknown preset"),
    ("an unknown rules key", "[rules]\ncall_before = 5", "[rules]\ncall_befor = 5", "rules.call_befor",
     "not a rules parameter"),
]


@pytest.mark.parametrize(("case", "good", "bad", "field", "words"), BAD_FILES, ids=[c[0] for c in BAD_FILES])
async def test_serve_with_a_bad_tournament_file_names_the_file_line_and_field(
        tmp_path: Path, case: str, good: str, bad: str, field: str, words: str) -> None:
    text = GOOD_FILE.replace("{start}", datetime.now().strftime("%Y-%m-%dT20:00:00"))
    assert good in text
    text = text.replace(good, bad)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith(bad.splitlines()[-1]))
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    db = tmp_path / "bad.db"
    result = await asyncio.to_thread(run_cli, "serve", str(path), "--host", "127.0.0.1", "--port",
                                     str(free_port()), "--db", str(db))
    assert result.returncode != 0
    assert f"{path}:{line}: {field}:" in result.stderr, result.stderr
    assert words in result.stderr
    assert "Traceback" not in result.stderr
    assert not db.exists(), "nothing is created for a file that cannot be served"


GOOD_FILE = """\
[tournament]
name = "Bad File Open"
timezone = "UTC"
preset = "cacak-preferans"

[rules]
call_before = 5

[[timetable]]
id = "r1"
kind = "round"
round = 1
start = {start}
minutes = 90

[[players]]
id = "p1"
name = "Ana"
"""


async def test_private_notices_stay_private_and_the_referee_view_needs_the_token(server: Server) -> None:
    text = "Ana, your table is 4"
    answer = payload_of(await server.command({"type": "announce", "text": text, "player": "p1"}))
    seq = answer["seq"]
    # anonymous readers of the log and the state see that a notice went to p1, not its words
    public = await server.events()
    assert public[-1]["payload"] == {"player": "p1", "private": True}
    assert text not in json.dumps(await server.state())
    async with httpx.AsyncClient(base_url=server.url) as http:
        full = (await http.get("/api/events", headers={"Authorization": f"Bearer {server.token}"})).json()
    assert full["events"][-1]["payload"]["text"] == text
    # a replay after a reconnect shows the words to p1's own phone only (the session her code opened),
    # not to p2, and not to anyone who just opens p1's page
    p1 = await server.client("player", "p1", since=seq - 1, additional_headers=await player_session(server, "p1"))
    p2 = await server.client("player", "p2", since=seq - 1)
    anyone = await server.client("player", "p1", since=seq - 1)
    try:
        mine = await p1.wait_for(is_event(seq), timeout=5)
        theirs = await p2.wait_for(is_event(seq), timeout=5)
        assert mine["event"]["payload"]["text"] == text
        assert "text" not in theirs["event"]["payload"]
        snapshot = await anyone.wait_for(is_type("snapshot"), timeout=5)
        assert text not in json.dumps(anyone.messages) and "notices" not in snapshot["sections"]["me"]
        # undoing the notice takes it off p1's phone at once
        undo = payload_of(await server.command({"type": "undo"}))
        undone = await p1.wait_for(is_event(undo["seq"]), timeout=5)
        assert undone["changes"]["me"]["notices"] == []
    finally:
        await p1.close()
        await p2.close()
        await anyone.close()
    # the referee view with a wrong token (its first message) is refused
    intruder = await server.client("referee", token="wrong")
    try:
        error = await intruder.wait_for(is_type("error"), timeout=5)
        assert "token" in error["error"]
        assert await intruder.wait_closed(timeout=5) == 1008
    finally:
        await intruder.close()
