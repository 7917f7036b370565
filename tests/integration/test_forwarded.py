"""Each phone behind the proxy has its own check-in limit, and nobody else can name an address: for real.

As in docker-compose.yml, where the proxy is another container: the server listens on 127.0.0.2 and
believes X-Forwarded-For from 127.0.0.3 only (`--forwarded-allow-ips 127.0.0.3`, as compose gives the
proxy's fixed address); nginx runs deploy/nginx.conf (as tests/support/proxy.py builds it, with
both upstreams pointing at this one server) with its connections to the server bound to 127.0.0.3
(`proxy_bind`), and listens on 127.0.0.1. Phones reach nginx from addresses of their own (a client
socket bound to 127.0.0.4 or 127.0.0.5: Linux routes all of 127/8 to the loopback interface).

What must hold: one phone's wrong codes do not limit another's, whose right code checks in; a phone
cannot step around its limit by sending X-Forwarded-For itself, through the proxy or straight to the
server; and the server's log names the phone's address. HTTP only.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from server import Server, codes_page, free_port, round_entry, start_server, write_tournament
from support.proxy import DEPLOY, NGINX, Nginx, proxy_config

SERVER, PROXY, PHONE_A, PHONE_B, STRANGER = "127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5", "127.0.0.6"
BURST = 10  # live.edges.web.ratelimit.BURST
SCENARIO_TIMEOUT = 60.0

pytestmark = pytest.mark.skipif(NGINX is None, reason="nginx is not installed (tests/system-deps.sh installs it)")


class BoundNginx(Nginx):
    """test_proxy's nginx, its connections to the server leaving from `PROXY` (another host, as it were)."""

    def __init__(self, backends: list[str], folder: Path) -> None:
        assert NGINX is not None
        folder.mkdir(parents=True, exist_ok=True)
        self.folder, self.port, self.log = folder, free_port(), folder / "nginx.stderr"
        text = proxy_config(backends, self.port, folder)
        text, added = re.subn(r"(?m)^http \{$", f"http {{\n    proxy_bind {PROXY};", text)
        assert added == 1
        conf = folder / "nginx.conf"
        conf.write_text(text, encoding="utf-8")
        (folder / "nginx-live.conf").symlink_to(DEPLOY / "nginx-live.conf")
        extra = "user root;" if os.geteuid() == 0 else ""
        with open(self.log, "wb") as err:
            self.proc = subprocess.Popen(
                [NGINX, "-p", str(folder), "-c", str(conf), "-e", "stderr",
                 "-g", f"daemon off; pid {folder / 'nginx.pid'}; error_log stderr notice; {extra}"],
                stdin=subprocess.DEVNULL, stdout=err, stderr=subprocess.STDOUT)


def upstreams(server: Server) -> list[str]:
    """deploy/nginx.conf's upstream servers in its order, every one of them this one server at its one port:
    an instance serves the pages, the API and /ws on one port (`liveN:8000`), so the proxy has no other."""
    ports = re.findall(r"(?m)^\s*server\s+live\d+:(\d+)", (DEPLOY / "nginx.conf").read_text(encoding="utf-8"))
    assert ports, "deploy/nginx.conf names no upstream server"
    assert set(ports) == {"8000"}, f"deploy/nginx.conf's upstream servers are on the one port 8000, not {ports}"
    return [f"{SERVER}:{server.port}"] * len(ports)


def phone(address: str, base_url: str) -> httpx.AsyncClient:
    """An HTTP client whose connections leave from `address`."""
    return httpx.AsyncClient(base_url=base_url, timeout=10,
                             transport=httpx.AsyncHTTPTransport(local_address=address))


@pytest.fixture
async def behind_proxy(tmp_path: Path) -> AsyncIterator[tuple[Server, BoundNginx, dict[str, str]]]:
    # the round starts in 10 minutes: its check-in is open (it opens an hour before)
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=600, minutes=60)])
    server = await asyncio.to_thread(start_server, file, tmp_path / "t.db", None, ("--forwarded-allow-ips", PROXY),
                                     host=SERVER)
    try:
        proxy = BoundNginx(upstreams(server), tmp_path / "nginx")
        try:
            await proxy.wait_ready()
            yield server, proxy, await codes_page(server)
        finally:
            proxy.stop()
    finally:
        server.kill()


def wrong(k: int) -> str:
    return f"ZZZZ-{k:04d}".replace("0", "A").replace("1", "B")


async def test_two_phones_behind_the_proxy_have_their_own_limits(
        behind_proxy: tuple[Server, BoundNginx, dict[str, str]]) -> None:
    server, proxy, codes = behind_proxy

    async def scenario() -> None:
        async with phone(PHONE_A, proxy.url) as a, phone(PHONE_B, proxy.url) as b:
            answers = [await a.post("/api/checkin", json={"code": wrong(k)}) for k in range(BURST)]
            assert [r.status_code for r in answers] == [403] * BURST
            assert (await a.post("/api/checkin", json={"code": wrong(99)})).status_code == 429
            # phone A naming another address through the proxy changes nothing: nginx appends A's own
            forged = await a.post("/api/checkin", json={"code": wrong(98)}, headers={"X-Forwarded-For": "10.9.8.7"})
            assert forged.status_code == 429, forged.text
            # phone B, through the same proxy, after all of A's wrong codes: its right code checks in
            right = await b.post("/api/checkin", json={"code": codes["p2"]})
            assert right.status_code == 200, right.text
            assert (await b.post("/api/checkin", json={"code": wrong(97)})).status_code == 403, "B's own tries"
        health = await server.health()
        assert health["checkin_failures"] == {"total": BURST + 1, "refused": 2, "addresses": 2}
        log = server.output()
        assert f"check-in code attempts from {PHONE_A} refused" in log
        assert f"a wrong or unusable check-in code from {PHONE_B}" in log
        assert PROXY not in log and "10.9.8.7" not in log

    await asyncio.wait_for(scenario(), SCENARIO_TIMEOUT)


async def test_a_client_that_goes_around_the_proxy_cannot_name_its_address(
        behind_proxy: tuple[Server, BoundNginx, dict[str, str]]) -> None:
    server, _, codes = behind_proxy

    async def scenario() -> None:
        for address in ("127.0.0.1", STRANGER):  # loopback is believed no more than any other address
            async with phone(address, server.url) as direct:
                answers = [await direct.post("/api/checkin", json={"code": wrong(k)},
                                             headers={"X-Forwarded-For": f"10.0.0.{k}", "X-Forwarded-Proto": "https"})
                           for k in range(BURST + 2)]
                assert [r.status_code for r in answers] == [403] * BURST + [429] * 2, address
                assert f"check-in code attempts from {address} refused" in server.output()
        # and a scheme it names is not believed either: its session cookie is not made Secure (nor https-only)
        async with phone(PHONE_B, server.url) as direct:
            right = await direct.post("/api/checkin", json={"code": codes["p3"]},
                                      headers={"X-Forwarded-For": "10.0.0.1", "X-Forwarded-Proto": "https"})
        assert right.status_code == 200, right.text
        assert "secure" not in right.headers["set-cookie"].lower()
        assert "10.0.0." not in server.output()

    await asyncio.wait_for(scenario(), SCENARIO_TIMEOUT)
