"""Abuse benchmark: does one client slow everyone? (docs/design.md#one-client)

Starts the real server (`python -m live serve`, SQLite log in a temporary folder) on a free port,
fills its log with `--events` announcements, connects `--clients` display clients (bench/fanout.py's
raw epoll clients, kernel timestamps) and then, phase after phase, sends `--signals` referee
announcements and measures how long each takes to reach every display (kernel arrival at the
client − kernel arrival of the command's acknowledgement), first with nothing else going on, then
while one abuse runs in a process of its own:

- **ping flood**: one WebSocket sending `{"type":"ping"}` frames as fast as it can, reconnecting
  whenever the server closes it;
- **replays from 0**: 50 WebSockets at once with `since=0` on the long log, each read up to its
  snapshot, closed, and opened again half a second later;
- **slow headers**: 1,000 connections that send the start of a request and stop; one the server
  closes is opened again a second later;
- **50 MB check-in**: `POST /api/checkin` announcing and streaming a 50 MB body, again and again;
- **bad input**: every route asked wrongly and commands of every type with a nasty field, one after
  the other on a kept-alive connection (bench/bad_input.py, the adversarial run of every route).

It prints each phase's p50 / p99 / max latency, lost deliveries, displays the server closed, what
the abuse achieved, and the server's resident memory (VmRSS, and the peak VmHWM, from
/proc/<pid>/status). Goals (printed, not asserted): p99 with abuse within 2× of without, memory
growth under 50 MB, and of the bad input's answers no 5xx and no refusal of the API without a
registered code. Traffic goes to 127.0.0.1 only; every loop is bounded; it stops by itself.

    python bench/abuse.py [--clients 200] [--events 1100] [--signals 20] [--interval 0.25]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import multiprocessing as mp
import shutil
import socket
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from common import percentile  # bench/common.py
from fanout import TOKEN, OurServer, Workers  # bench/fanout.py: the server and the display clients

from live.edges.limits import raise_open_files

HOST = "127.0.0.1"
KEY = "YWJ1c2UtYmVuY2gta2V5AA=="


def upgrade(port: int, query: str) -> bytes:
    return (f"GET /ws?{query} HTTP/1.1\r\nHost: {HOST}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {KEY}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()


def masked_text(payload: bytes) -> bytes:
    """A client text frame (payload under 126 bytes) masked with the all-zero key."""
    return bytes((0x81, 0x80 | len(payload))) + b"\x00\x00\x00\x00" + payload


# ---------------------------------------------------------------------------------------------
# the abuses, each run in a process of its own until `stop` is set (or its deadline passes)


def ping_flood(port: int, stop: Any, deadline: float, report: Any) -> None:
    batch = masked_text(b'{"type":"ping","t":1}') * 500
    sent = connects = closes = 0
    while not stop.is_set() and time.monotonic() < deadline:
        try:
            sock = socket.create_connection((HOST, port), timeout=2)
            sock.sendall(upgrade(port, "view=display"))
            connects += 1
            head = b""
            while b"\r\n\r\n" not in head:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                head += chunk
            sock.setblocking(False)
            while not stop.is_set() and time.monotonic() < deadline:
                try:
                    sock.sendall(batch)
                    sent += 500
                except BlockingIOError:
                    time.sleep(0.001)
                with contextlib.suppress(BlockingIOError):
                    if not sock.recv(1 << 20):  # the server closed it
                        break
        except OSError:
            pass
        closes += 1
        with contextlib.suppress(Exception):
            sock.close()
    report.put({"pings sent": sent, "connections": connects, "closed by the server": closes - 1})


def replays(port: int, stop: Any, deadline: float, report: Any, count: int = 50) -> None:
    totals = {"replays": 0, "bytes": 0, "resync": 0}

    async def one() -> None:
        while not stop.is_set() and time.monotonic() < deadline:
            try:
                reader, writer = await asyncio.open_connection(HOST, port)
            except OSError:
                await asyncio.sleep(0.1)
                continue
            writer.write(upgrade(port, "view=display&since=0"))
            data = b""
            with contextlib.suppress(OSError, TimeoutError):
                while b'{"type":"snapshot"' not in data[-(1 << 20):]:
                    chunk = await asyncio.wait_for(reader.read(1 << 20), 10)
                    if not chunk:
                        break
                    data += chunk
            totals["replays"] += 1
            totals["bytes"] += len(data)
            totals["resync"] += b'"resync":true' in data[:4096]
            writer.close()
            await asyncio.sleep(0.5)  # 50 at a time, twice a second: a reconnect storm is the proxy's to limit

    async def main() -> None:
        await asyncio.gather(*(one() for _ in range(count)))

    asyncio.run(main())
    report.put({"connections": totals["replays"], "MB received": round(totals["bytes"] / 2**20, 1),
                "resync": totals["resync"]})


def slow_headers(port: int, stop: Any, deadline: float, report: Any, count: int = 1000) -> None:
    def open_one(i: int) -> socket.socket | None:
        with contextlib.suppress(OSError):
            sock = socket.create_connection((HOST, port), timeout=2)
            sock.sendall(f"GET /display HTTP/1.1\r\nHost: {HOST}\r\nX-Slow-{i}: ".encode())
            sock.setblocking(False)
            return sock
        return None

    socks: list[socket.socket | None] = [open_one(i) for i in range(count)]
    opened, closed = count, 0
    while not stop.is_set() and time.monotonic() < deadline:
        time.sleep(1.0)
        for i, sock in enumerate(socks):
            if sock is not None:
                try:
                    sock.recv(4096, socket.MSG_PEEK)  # data (a 408) or b"": the server closed it
                except BlockingIOError:
                    continue
                except OSError:
                    pass
                sock.close()
                closed += 1
            socks[i] = open_one(i)
            opened += 1
    for sock in socks:
        if sock is not None:
            sock.close()
    report.put({"opened": opened, "closed by the server": closed})


def big_checkin(port: int, stop: Any, deadline: float, report: Any, size: int = 50 * 2**20) -> None:
    chunk = b"x" * (1 << 20)
    statuses: dict[str, int] = {}
    sent_total = 0
    while not stop.is_set() and time.monotonic() < deadline:
        sent = 0
        status = "no answer"
        try:
            sock = socket.create_connection((HOST, port), timeout=5)
            sock.sendall((f"POST /api/checkin HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
                          f"Content-Length: {size}\r\n\r\n").encode())
            with contextlib.suppress(OSError):
                while sent < size and not stop.is_set():
                    sock.sendall(chunk)
                    sent += len(chunk)
            with contextlib.suppress(OSError):
                answer = sock.recv(4096)
                status = answer.split(b" ", 2)[1].decode() if answer.startswith(b"HTTP/") else "closed"
            sock.close()
        except OSError:
            pass
        sent_total += sent
        statuses[status] = statuses.get(status, 0) + 1
        time.sleep(0.05)
    report.put({"answers": statuses, "MB sent": round(sent_total / 2**20, 1)})


def bad_input(port: int, stop: Any, deadline: float, report: Any) -> None:
    import http.client
    import random

    from bad_input import answer_problem, bad_requests  # bench/bad_input.py

    counts = {"requests": 0, "5xx": 0, "refusals": 0, "no code": 0}
    statuses: dict[int, int] = {}
    examples: list[str] = []
    items = ["r1"]
    with contextlib.suppress(Exception):
        probe = http.client.HTTPConnection(HOST, port, timeout=5)
        probe.request("GET", "/api/state")
        items = [i["id"] for i in json.loads(probe.getresponse().read())["timetable"]] or items
        probe.close()
    requests = bad_requests(random.Random(26), TOKEN, items)
    conn: http.client.HTTPConnection | None = None
    while not stop.is_set() and time.monotonic() < deadline:
        method, path, headers, body = next(requests)
        try:
            if conn is None:
                conn = http.client.HTTPConnection(HOST, port, timeout=10)
            conn.request(method, path, body=body, headers=headers)
            answer = conn.getresponse()
            data = answer.read()
        except (OSError, http.client.HTTPException):
            with contextlib.suppress(Exception):
                if conn is not None:
                    conn.close()
            conn = None
            continue
        counts["requests"] += 1
        statuses[answer.status] = statuses.get(answer.status, 0) + 1
        counts["refusals"] += answer.status >= 400
        wrong = answer_problem(answer.status, answer.getheader("content-type") or "", data)
        if wrong is not None:
            counts[wrong] += 1
            if len(examples) < 3:
                examples.append(f"{method} {path[:40]} {(body or b'')[:80]!r} → {answer.status} {data[:120]!r}")
        if answer.getheader("connection", "").lower() == "close":
            conn.close()
            conn = None
    report.put({**counts, "statuses": dict(sorted(statuses.items())), **({"examples": examples} if examples else {})})


#: Each abuse, sent to the server's one port (pages, API and /ws).
ABUSES: dict[str, Callable[..., None]] = {
    "ping flood (1 socket)": ping_flood,
    "50 replays from since=0": replays,
    "1,000 slow-header connections": slow_headers,
    "50 MB check-in bodies": big_checkin,
    "bad input": bad_input,
}


# ---------------------------------------------------------------------------------------------
# measuring


def memory(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM (peak) of a process, in bytes."""
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, rest = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            values[name] = int(rest.split()[0]) * 1024
    return values


def phase(server: OurServer, workers: Workers, clients: int, signals: int, interval: float,
          first: int) -> dict[str, Any]:
    acks: dict[int, float] = {}
    for i in range(signals):
        started = time.monotonic()
        seq, arrived, _ = server.trigger(first + i, None)
        acks[seq] = arrived
        time.sleep(max(0.0, interval - (time.monotonic() - started)))
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if sum(p[1] for p in workers.ask(("progress", list(acks)))) >= clients * signals:
            break
        time.sleep(0.05)
    latencies: list[float] = []
    seen: set[tuple[int, int]] = set()
    closed: dict[int, int] = {}
    for _, deliveries, closes in workers.ask(("collect",)):
        closed.update(closes)
        for conn, seq, arrived, _, _ in deliveries:
            if seq in acks and (conn, seq) not in seen:
                seen.add((conn, seq))
                latencies.append((arrived - acks[seq]) * 1000)
    latencies.sort()
    return {"p50": percentile(latencies, 50), "p99": percentile(latencies, 99),
            "max": latencies[-1] if latencies else math.nan, "lost": clients * signals - len(latencies),
            "closed": len(closed)}


def main() -> int:
    parser = argparse.ArgumentParser(description="Abuse benchmark: latency of hall displays while one client abuses.")
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--events", type=int, default=1100, help="announcements in the log before the run")
    parser.add_argument("--signals", type=int, default=20, help="announcements measured per phase")
    parser.add_argument("--interval", type=float, default=0.25, help="seconds between them")
    parser.add_argument("--lead", type=float, default=1.5, help="seconds of abuse before the first signal")
    args = parser.parse_args()
    soft = raise_open_files()
    if soft < args.clients + 1200:
        print(f"warning: the open-file limit is {soft}; the slow-header phase needs about 1,000 more", flush=True)

    folder = Path(tempfile.mkdtemp(prefix="bench-abuse-"))
    ctx = mp.get_context("fork")
    workers = Workers(1)
    server: OurServer | None = None
    rows: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, int]]] = []
    finished = False
    try:
        server = OurServer(folder)
        pid = server.proc.pid
        print(f"filling the log with {args.events} announcements …", flush=True)
        for i in range(args.events):
            server.trigger(-1 - i, None)
        print(f"connecting {args.clients} display clients …", flush=True)
        (reply,) = workers.ask(("connect", server.host, server.ports, server.path, args.clients, 0,
                                server.ready_prefix, 100, 60.0))
        if reply[1] != args.clients:
            print(f"warning: only {reply[1]} of {args.clients} clients connected", flush=True)
        time.sleep(1.0)
        before = memory(pid)
        counter = 0
        for name in ["no abuse", *ABUSES, "no abuse, again"]:
            print(f"phase: {name} …", flush=True)
            proc = report = stop = None
            if name in ABUSES:
                stop, report = ctx.Event(), ctx.Queue()
                limit = time.monotonic() + args.lead + args.signals * args.interval + 30
                proc = ctx.Process(target=ABUSES[name], args=(server.port, stop, limit, report), daemon=True)
                proc.start()
                time.sleep(args.lead)
            result = phase(server, workers, args.clients, args.signals, args.interval, counter)
            counter += args.signals
            achieved: dict[str, Any] = {}
            if proc is not None and stop is not None and report is not None:
                stop.set()
                with contextlib.suppress(Exception):
                    achieved = report.get(timeout=20)
                proc.join(timeout=10)
                if proc.is_alive():
                    proc.kill()
            rows.append((name, result, achieved, memory(pid)))
            time.sleep(1.0)
        health = server.health()
        finished = True
    finally:
        workers.stop()
        if server is not None:
            server.stop()
        if finished:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            print(f"the server's log is in {folder}")

    base = rows[0][1]
    print(f"\nabuse: {args.clients} display clients, {args.signals} announcements per phase every {args.interval} s, "
          f"log of {args.events + 1}+ events; latency = kernel arrival at a display − kernel arrival of the ack\n")
    print(f"  {'phase':32} {'p50':>8} {'p99':>8} {'max':>8} {'lost':>5} {'closed':>6} {'VmRSS':>9}  what the abuse did")
    for name, r, achieved, mem in rows:
        print(f"  {name:32} {r['p50']:7.1f}  {r['p99']:7.1f}  {r['max']:7.1f}  {r['lost']:5d} {r['closed']:6d} "
              f"{mem['VmRSS'] / 2**20:7.1f} M  {json.dumps(achieved, ensure_ascii=False) if achieved else ''}")
    peak = max(mem["VmHWM"] for *_, mem in rows)
    growth = peak - before["VmRSS"]
    print(f"\n  server memory: {before['VmRSS'] / 2**20:.1f} MiB before the abuses, "
          f"peak (VmHWM) {peak / 2**20:.1f} MiB, "
          f"growth {growth / 2**20:.1f} MiB; clients at the end: {health.get('clients')}")
    worst = max(r["p99"] for name, r, *_ in rows if name in ABUSES)
    reference = max(base["p99"], rows[-1][1]["p99"])
    print(f"  goals (reported, not asserted): p99 with abuse within 2× of without — worst {worst:.1f} ms against "
          f"{reference:.1f} ms: {'met' if worst <= 2 * reference else 'NOT met'}; memory growth < 50 MB — "
          f"{'met' if growth < 50 * 2**20 else 'NOT met'}")
    bad = next((achieved for name, _, achieved, _ in rows if name == "bad input"), {})
    errors, uncoded = bad.get("5xx", 0), bad.get("no code", 0)
    print(f"  bad input: {bad.get('requests', 0)} requests, {bad.get('refusals', 0)} refused — 5xx: {errors} "
          f"(goal 0: {'met' if not errors else 'NOT met'}); refusals without a code: {uncoded} "
          f"(goal 0: {'met' if not uncoded else 'NOT met'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
