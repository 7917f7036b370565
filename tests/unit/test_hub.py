"""The hub with fake sockets: a send that completes at once, and one that waits until the socket is released.

`FakeSocket.send` behaves like uvicorn's websockets-sansio `send`: it awaits `writable.wait()`
(which returns without suspending while the event is set) and then "writes" synchronously.
"""

from __future__ import annotations

import asyncio

import pytest

from live.edges.hub import CLOSE_TOO_SLOW, Client, Hub


class FakeSocket:
    def __init__(self, writable: bool = True) -> None:
        self.writable = asyncio.Event()
        if writable:
            self.writable.set()
        self.sent: list[str] = []
        self.closed: list[int] = []
        self.cancelled_sends = 0
        self.fail = False
        self.fills_after_each = False  # a socket whose buffer is full again after every message


    async def send(self, text: str) -> None:
        try:
            await self.writable.wait()
        except asyncio.CancelledError:
            self.cancelled_sends += 1
            raise
        if self.fail:
            raise RuntimeError("the connection is gone")
        self.sent.append(text)
        if self.fills_after_each:
            self.writable.clear()

    async def close(self, code: int, reason: str) -> None:
        self.closed.append(code)

    def client(self, view: str = "display", queue_size: int = 8) -> Client:
        return Client(view, None, self.send, self.close, queue_size=queue_size)


async def settle() -> None:
    """Let callbacks and tasks run until nothing is left to do (bounded)."""
    for _ in range(20):
        await asyncio.sleep(0)


async def test_a_writable_client_is_sent_to_at_once_without_a_task() -> None:
    socket = FakeSocket()
    client = socket.client()
    tasks = asyncio.all_tasks()
    assert client.offer("a") and client.offer("b")
    assert socket.sent == ["a", "b"], "sent within offer, with no await"
    assert asyncio.all_tasks() == tasks, "no sender task while the socket keeps up"


async def test_messages_wait_behind_a_blocked_send_in_order_and_the_direct_path_comes_back() -> None:
    socket = FakeSocket(writable=False)
    client = socket.client()
    tasks = asyncio.all_tasks()
    for text in "abcde":
        assert client.offer(text)
    await settle()
    assert socket.sent == []
    assert len(asyncio.all_tasks() - tasks) == 1, "one task finishes the waiting send and the backlog"

    socket.writable.set()
    await settle()
    assert socket.sent == list("abcde")
    assert asyncio.all_tasks() == tasks, "the task ends when the backlog is empty"
    assert client.offer("f")
    assert socket.sent == [*"abcde", "f"], "and the next message is sent at once again"


async def test_order_holds_when_the_socket_backs_up_again_and_again() -> None:
    socket = FakeSocket()
    socket.fills_after_each = True
    client = socket.client(queue_size=100)
    assert client.offer("m0")  # sent at once; then the socket is full
    expected = ["m0"]
    for n in range(1, 30):
        assert client.offer(f"m{n}")
        expected.append(f"m{n}")
        if n % 3 == 0:  # the phone reads a little now and then
            socket.writable.set()
            await settle()
    while socket.sent != expected:
        socket.writable.set()
        await settle()
    assert socket.sent == expected


async def test_a_blocked_client_does_not_delay_the_others_and_is_dropped_when_its_backlog_overflows() -> None:
    hub = Hub()
    fast, slow = FakeSocket(), FakeSocket(writable=False)
    fast_client, slow_client = fast.client(), slow.client(queue_size=3)
    hub.add(fast_client)
    hub.add(slow_client)

    texts = [f"event {n}" for n in range(6)]
    for n, text in enumerate(texts[:4]):  # one send in flight + 3 waiting: still within the bound
        hub.publish({"display": text})
        await settle()
        assert fast.sent == texts[:n + 1], "the fast client has each event as soon as it is published"
    assert slow.sent == [] and slow_client in hub.clients and slow.closed == []

    hub.publish({"display": texts[4]})  # the fifth does not fit: the slow client is dropped
    await settle()
    assert slow_client not in hub.clients and slow_client.dropped
    assert slow.closed == [CLOSE_TOO_SLOW]
    assert slow.cancelled_sends == 1, "its waiting send was cancelled, not left hanging"
    hub.publish({"display": texts[5]})
    await settle()
    assert fast.sent == texts
    slow.writable.set()
    await settle()
    assert slow.sent == [], "nothing reaches a dropped client after its close"


async def test_publish_sends_after_the_publisher_step_to_the_clients_connected_when_it_was_called() -> None:
    hub = Hub()
    early, late = FakeSocket(), FakeSocket()
    hub.add(early.client())
    hub.publish({"display": "event 1"})
    assert early.sent == [], "the publisher goes on (answers its command) before the fan-out"
    late_client = late.client()
    late_client.offer("snapshot with event 1")  # as Hall.connect does, between publish and the fan-out
    hub.add(late_client)
    await settle()
    assert early.sent == ["event 1"]
    assert late.sent == ["snapshot with event 1"], "not the event its snapshot already holds"


async def test_a_client_whose_send_fails_is_dropped_at_the_next_message() -> None:
    hub = Hub()
    broken, fine = FakeSocket(), FakeSocket()
    broken_client = broken.client()
    hub.add(broken_client)
    hub.add(fine.client())
    broken.fail = True
    hub.publish({"display": "event 1"})
    await settle()
    assert broken_client not in hub.clients and broken.closed == [CLOSE_TOO_SLOW]
    assert fine.sent == ["event 1"]


async def test_a_send_that_fails_after_waiting_leaves_no_gap() -> None:
    hub = Hub()
    socket = FakeSocket(writable=False)
    client = socket.client()
    hub.add(client)
    hub.publish({"display": "event 1"})
    hub.publish({"display": "event 2"})
    await settle()
    socket.fail = True
    socket.writable.set()
    await settle()
    assert client in hub.clients
    socket.fail = False  # even if the socket would take the next one
    hub.publish({"display": "event 3"})  # it must not go out after the lost events 1 and 2
    await settle()
    assert socket.sent == [] and client not in hub.clients and socket.closed == [CLOSE_TOO_SLOW]


async def test_a_removed_client_gets_nothing_more() -> None:
    hub = Hub()
    socket = FakeSocket(writable=False)
    client = socket.client()
    hub.add(client)
    hub.publish({"display": "event 1"})
    await settle()
    await hub.remove(client)
    assert socket.cancelled_sends == 1
    socket.writable.set()
    assert not client.offer("pong")
    await settle()
    assert socket.sent == [] and socket.closed == []


@pytest.mark.parametrize("greeting", [3, 20])
async def test_a_long_greeting_raises_the_bound_as_hall_connect_asks(greeting: int) -> None:
    socket = FakeSocket(writable=False)
    client = socket.client(queue_size=8)
    if greeting >= client.queue.maxsize:  # what Hall.connect does
        client.queue = asyncio.Queue(maxsize=client.queue.maxsize + greeting)
    assert all(client.offer(f"greeting {n}") for n in range(greeting))
    socket.writable.set()
    await settle()
    assert socket.sent == [f"greeting {n}" for n in range(greeting)]
