"""The hub with fake connections: frames written to a transport whose unsent buffer the test sets.

`FakeTransport` records what the hub writes and says how much it holds unsent
(`get_write_buffer_size`), as asyncio's transport does while the kernel does not take more.
"""

from __future__ import annotations

import asyncio

import pytest
from support.hub import FakeSocket
from websockets.frames import Frame, Opcode
from websockets.protocol import State

from live.edges.hub import BACKLOG_BYTES, CLOSE_TOO_SLOW, Hub, text_frame


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def test_a_frame_is_the_unmasked_text_frame_a_client_reads() -> None:
    text = '{"type":"event","seq":3,"name":"Љуба"}' + "x" * 70_000  # a 64-bit length too
    assert text_frame(text) == Frame(Opcode.TEXT, text.encode()).serialize(mask=False, extensions=[])
    socket = FakeSocket()
    socket.transport.write(text_frame(text))
    assert socket.texts() == [text]


async def test_a_published_message_is_framed_once_and_the_same_bytes_go_to_every_client() -> None:
    hub = Hub()
    sockets = [FakeSocket() for _ in range(50)]
    for socket in sockets:
        hub.add(socket.client())
    tasks = asyncio.all_tasks()
    hub.publish({"display": "a"})
    hub.publish({"display": "b"})
    assert all(not s.transport.written for s in sockets), "written after the publisher's step, not in it"
    await settle()
    assert all(s.texts() == ["a", "b"] for s in sockets)
    first = sockets[0].transport.written
    assert all(s.transport.written[0] is first[0] and s.transport.written[1] is first[1] for s in sockets), \
        "one frame object per message, written to all"
    assert asyncio.all_tasks() == tasks, "no task per client"


async def test_each_client_gets_its_views_or_its_players_message() -> None:
    hub = Hub()
    display, referee, own, public = FakeSocket(), FakeSocket(), FakeSocket(), FakeSocket()
    hub.add(display.client("display"))
    hub.add(referee.client("referee"))
    mine = own.client("player", "p1")
    mine.private = True
    hub.add(mine)
    hub.add(public.client("player", "p1"))
    hub.publish({"display": "pub", "player": "pub", "referee": "ref"}, {"p1": "p1 whole"}, {"p1": "p1 public"})
    await settle()
    assert (display.texts(), referee.texts(), own.texts(), public.texts()) == (
        ["pub"], ["ref"], ["p1 whole"], ["p1 public"])


async def test_publish_goes_to_the_clients_connected_when_it_was_called() -> None:
    hub = Hub()
    early, late = FakeSocket(), FakeSocket()
    hub.add(early.client())
    hub.publish({"display": "e1"})
    hub.add(late.client(), ["snapshot with e1"])  # connected before the callback ran: e1 is in its snapshot
    await settle()
    assert early.texts() == ["e1"] and late.texts() == ["snapshot with e1"]


async def test_a_client_over_the_mark_is_closed_with_4008_and_the_others_get_everything_in_order() -> None:
    hub = Hub()
    slow, fast = FakeSocket(), FakeSocket()
    hub.add(slow.client())
    hub.add(fast.client())
    for i in range(3):
        hub.publish({"display": f"m{i}"})
    await settle()
    slow.transport.unsent = BACKLOG_BYTES + 1  # the phone stopped reading: its buffer is past the mark
    for i in range(3, 6):
        hub.publish({"display": f"m{i}"})
    await settle()
    assert fast.texts() == [f"m{i}" for i in range(6)]
    assert slow.texts() == ["m0", "m1", "m2"], "a prefix, no gap: nothing after the message it could not take"
    assert slow.closed == [CLOSE_TOO_SLOW]
    assert len(hub.clients) == 1 and hub.count()["display"] == 1
    stats = hub.stats.as_json()
    assert (stats["events"], stats["deliveries"], stats["dropped"]) == (6, 9, 1), "3 × 2 delivered, then 3 × 1"
    assert stats["cpu_ms"] >= 0


async def test_a_client_at_the_mark_still_gets_messages() -> None:
    hub = Hub()
    socket = FakeSocket()
    hub.add(socket.client())
    socket.transport.unsent = BACKLOG_BYTES
    hub.publish({"display": "x"})
    await settle()
    assert socket.texts() == ["x"] and socket.closed == []


async def test_a_connection_that_is_closing_gets_nothing_and_leaves_the_hub() -> None:
    hub = Hub()
    socket = FakeSocket()
    client = socket.client()
    hub.add(client)
    hub.publish({"display": "x"})
    socket.state = State.CLOSING  # the client sent its close frame: its connection tells the hub in that step
    hub.closing(client)
    await settle()
    assert socket.transport.written == [] and hub.clients == set()


async def test_a_removed_client_gets_nothing_more() -> None:
    hub = Hub()
    socket = FakeSocket()
    client = socket.client()
    hub.add(client)
    hub.publish({"display": "a"})
    await hub.remove(client)
    await settle()
    assert socket.texts() == []


@pytest.mark.parametrize("greeting", [3, 300])
async def test_a_long_greeting_is_written_whole_and_raises_the_bound_by_its_size(greeting: int) -> None:
    hub = Hub()
    socket = FakeSocket()
    texts = [f"g{i}" + "x" * 4000 for i in range(greeting)]
    client = socket.client()
    hub.add(client, texts)
    assert socket.texts() == texts
    assert client.limit == BACKLOG_BYTES + sum(len(text_frame(t)) for t in texts)
    socket.transport.unsent = client.limit  # the greeting is unread, and as much again as anyone may have
    hub.publish({"display": "next"})
    await settle()
    assert socket.texts()[-1] == "next" and socket.closed == []


async def test_a_pong_to_a_client_that_cannot_take_it_drops_it() -> None:
    hub = Hub()
    socket = FakeSocket()
    client = socket.client()
    hub.add(client)
    hub.offer(client, ["pong"])
    assert socket.texts() == ["pong"]
    socket.transport.unsent = BACKLOG_BYTES + 1
    hub.offer(client, ["pong 2"])
    await settle()
    assert socket.texts() == ["pong"] and socket.closed == [CLOSE_TOO_SLOW]


async def test_a_dropped_client_that_never_reads_is_cut_after_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    import live.edges.hub

    monkeypatch.setattr(live.edges.hub, "DROP_DEADLINE", 0.05)
    hub = Hub()
    socket = FakeSocket()
    never: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    async def close_waits(code: int = 1000, reason: str = "") -> None:
        socket.closed.append(code)
        await never  # the close frame waits behind what the client does not read

    socket.close = close_waits  # type: ignore[method-assign]
    hub.add(socket.client())
    socket.transport.unsent = BACKLOG_BYTES + 1
    hub.publish({"display": "x"})
    await asyncio.sleep(0.2)
    assert socket.closed == [CLOSE_TOO_SLOW] and socket.transport.aborted
    never.set_result(None)
    await hub.close_all()
