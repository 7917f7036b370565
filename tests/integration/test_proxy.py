"""The proxy of docker-compose.yml, for real: nginx with deploy/nginx.conf in front of two instances on one Redis.

The test's configuration is deploy/nginx.conf with only the upstream `server` addresses (the two
instances on loopback, on free ports) and the `listen` port replaced, and with the folders nginx
writes to moved into a temporary folder; it includes deploy/nginx-live.conf unchanged (a link
beside it), so the proxy rules under test are the ones compose mounts. nginx runs in the
foreground (`daemon off`) as a child of the test and is stopped at the end.

What must hold: hall screens connect through the proxy (hello, then snapshot) and are spread over
both instances; a command sent through the proxy reaches screens on both; the clock-sync ping is
answered; and when an instance dies, its screens reconnect through the proxy with `since` and
miss nothing, and commands keep working. (That a quiet WebSocket is not cut after nginx's default
60 s is the `proxy_read_timeout` that tests/unit/test_compose.py checks, not waited for here.)
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from cluster import assert_gapless, event_messages, start_instances
from redis_server import RedisServer
from server import (
    REFEREE_TOKEN,
    Server,
    WSClient,
    close_all,
    is_event,
    is_type,
    round_entry,
    write_tournament,
)
from support.proxy import HOST, NGINX, Nginx

pytestmark = pytest.mark.skipif(NGINX is None, reason="nginx is not installed (tests/system-deps.sh installs it)")


@contextlib.asynccontextmanager
async def proxied(tmp_path: Path) -> AsyncIterator[tuple[list[Server], Nginx]]:
    """A Redis, two instances on it, and nginx in front of them; all stopped at the end."""
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    with RedisServer(directory=tmp_path / "redis") as redis:
        servers = await start_instances(file, redis.url, 2)
        # the upstream's servers in deploy/nginx.conf's order: each instance's one port
        proxy = Nginx([f"{HOST}:{s.port}" for s in servers], tmp_path / "nginx")
        try:
            await proxy.wait_ready()
            yield servers, proxy
        finally:
            proxy.stop()
            for server in servers:
                server.kill()


async def command(proxy: Nginx, body: dict[str, Any]) -> dict[str, Any]:
    async with httpx.AsyncClient(timeout=10) as http:
        response = await http.post(f"{proxy.url}/api/commands", json=body,
                                   headers={"Authorization": f"Bearer {REFEREE_TOKEN}"})
    assert response.status_code == 200, f"through the proxy: {response.status_code} {response.text}"
    return dict(response.json())


async def displays(proxy: Nginx, count: int) -> list[WSClient]:
    """`count` display clients connected through the proxy, one after the other, each greeted."""
    clients = []
    for _ in range(count):
        client = await WSClient.connect(proxy.ws_url("display", since=0))
        clients.append(client)
        await client.wait_for(is_type("snapshot"), timeout=10)
        assert [m["type"] for m in client.messages[:1]] == ["hello"]
    return clients


async def display_counts(servers: list[Server]) -> list[int]:
    return [(await s.health())["clients"]["display"] for s in servers]


async def test_screens_and_commands_through_the_proxy_reach_both_instances(tmp_path: Path) -> None:
    async with proxied(tmp_path) as (servers, proxy):
        clients = await displays(proxy, 4)
        try:
            counts = await display_counts(servers)
            assert sum(counts) == 4 and min(counts) >= 1, f"the proxy did not spread the screens: {counts}"

            for n in range(3):
                seq = (await command(proxy, {"type": "announce", "text": f"through the proxy {n}"}))["seq"]
                for client in clients:  # on both instances
                    message = await client.wait_for(is_event(seq=seq), timeout=10)
                    assert message["event"]["payload"]["text"] == f"through the proxy {n}"
            for client in clients:
                assert_gapless(client, seq)
                pong = await client.ping(t=12345)
                assert pong["t"] == 12345 and abs(pong["server"] - pong["_received_ms"]) < 5000

            async with httpx.AsyncClient(timeout=10) as http:
                page = await http.get(f"{proxy.url}/display")
                assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
                refused = await http.post(f"{proxy.url}/api/commands", json={"type": "announce", "text": "x"})
                assert refused.status_code == 401  # the instances' answers pass through unchanged
                state = (await http.get(f"{proxy.url}/api/state")).json()
                assert state["seq"] == seq
        finally:
            await close_all(clients)


async def test_followers_public_answers_come_from_the_proxys_cache_until_they_expire(tmp_path: Path) -> None:
    """deploy/nginx-live.conf's cache of /api/public: thousands of followers cost the instances one request per
    expiry, and an answer once expired is asked again with its ETag (live/edges/web/public_api.py)."""
    async with proxied(tmp_path) as (servers, proxy), httpx.AsyncClient(timeout=10) as http:
        first = await http.get(f"{proxy.url}/api/public")
        assert first.status_code == 200 and first.headers["x-cache-status"] == "MISS", first.headers
        for _ in range(5):
            again = await http.get(f"{proxy.url}/api/public")
            assert again.headers["x-cache-status"] == "HIT" and again.json()["seq"] == first.json()["seq"]
        seq = (await command(proxy, {"type": "announce", "text": "for the followers"}))["seq"]
        await asyncio.sleep(7)  # (the server's max-age: 5 s; nginx counts it in whole seconds)
        renewed = await http.get(f"{proxy.url}/api/public")
        assert renewed.headers["x-cache-status"] in ("EXPIRED", "REVALIDATED", "STALE", "UPDATING"), renewed.headers
        if renewed.headers["x-cache-status"] == "STALE":  # (stale-while-revalidate: the next one is the new one)
            await asyncio.sleep(0.5)
            renewed = await http.get(f"{proxy.url}/api/public")
        assert renewed.json()["seq"] == seq
        assert servers


async def test_when_an_instance_dies_its_screens_reconnect_through_the_proxy_and_miss_nothing(
        tmp_path: Path) -> None:
    async with proxied(tmp_path) as (servers, proxy):
        clients = await displays(proxy, 4)
        reconnected: list[WSClient] = []
        try:
            await command(proxy, {"type": "announce", "text": "before"})
            assert min(await display_counts(servers)) >= 1
            servers[1].kill()  # SIGKILL: its screens lose their connection

            async def closed(client: WSClient) -> bool:
                with contextlib.suppress(AssertionError):
                    await client.wait_closed(timeout=5)
                return client.closed

            orphans = [c for c, gone in zip(clients, await asyncio.gather(*map(closed, clients)), strict=True)
                       if gone]
            assert 1 <= len(orphans) < len(clients), "the killed instance should have had some of the screens"
            # Commands keep working: the proxy sends them to the live instance (a refused connection is retried).
            last = 0
            for n in range(3):
                last = (await command(proxy, {"type": "announce", "text": f"after {n}"}))["seq"]
            for orphan in orphans:  # as the pages do: reconnect with the last seq seen
                client = await WSClient.connect(proxy.ws_url("display", since=max(orphan.seqs())))
                reconnected.append(client)
                await client.wait_for(is_type("snapshot"), timeout=10)
            assert await display_counts(servers[:1]) == [len(clients)]
            for client in clients:
                if client not in orphans:
                    await client.wait_for(is_event(seq=last), timeout=10)
                    assert_gapless(client, last)
            log = await servers[0].events()
            for orphan, client in zip(orphans, reconnected, strict=True):
                assert_gapless(orphan, max(orphan.seqs()))
                assert event_messages(orphan) + event_messages(client) == log
        finally:
            await close_all(clients + reconnected)
