"""Bodies are bounded before they are read: a huge check-in or command is refused with 413 and the
server's memory stays flat (no login is needed to post a check-in)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server import Server, round_entry, start_server, write_tournament

MIB = 1024 * 1024


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    with start_server(file, tmp_path / "t.db") as running:
        yield running


def rss_kib(server: Server) -> int:
    status = Path(f"/proc/{server.proc.pid}/status").read_text()
    return int(next(line for line in status.splitlines() if line.startswith("VmRSS:")).split()[1])


def streamed(total: int, chunk: int = 64 * 1024) -> Iterator[bytes]:
    """A body with no Content-Length (chunked): the server cannot know its size in advance."""
    block = b'{"code": "' + b"A" * chunk
    sent = 0
    while sent < total:
        yield block
        sent += len(block)


@pytest.mark.parametrize("path, limit", [("/api/checkin", 1024), ("/api/commands", 16 * 1024)])
def test_a_declared_body_over_the_limit_is_refused_before_it_is_read(server: Server, path: str, limit: int) -> None:
    headers = {"Authorization": f"Bearer {server.token}", "Content-Type": "application/json"}
    answer = httpx.post(server.url + path, content=b"x" * (limit + 1), headers=headers, timeout=10)
    assert answer.status_code == 413 and f"at most {limit} bytes" in answer.json()["error"]
    fits = httpx.post(server.url + path, content=b'{"code": "NOPE"}' if "checkin" in path else b"{}",
                      headers=headers, timeout=10)
    assert fits.status_code in (403, 409, 422)  # read and answered (a wrong code: 403), not refused for its size


def test_a_streamed_50_mib_check_in_is_cut_off_and_memory_stays_flat(server: Server) -> None:
    before = rss_kib(server)
    try:
        answer = httpx.post(server.url + "/api/checkin", content=streamed(50 * MIB), timeout=30,
                            headers={"Content-Type": "application/json"})
        assert answer.status_code == 413
    except (httpx.WriteError, httpx.RemoteProtocolError, httpx.ReadError):
        pass  # the server answered 413 and closed while we were still sending: as good
    after = rss_kib(server)
    assert after - before < 8 * 1024, f"RSS grew by {after - before} KiB"
    assert httpx.get(server.url + "/api/health", timeout=10).status_code == 200
