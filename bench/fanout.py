"""Fan-out benchmark: how fast one referee signal reaches every connected hall screen.

Starts the real server (`python -m live serve`) on a free port with a one-round tournament
whose round is a month away (so no scheduled signal interferes), connects N WebSocket
clients with view=display to its /ws (on the same port as the API), and POSTs `announce`
commands one at a time. For each command it records when the HTTP acknowledgement arrived,
and each client records when the event with that seq arrived; latency = receipt − acknowledgement.

The same clients and the same number of signals then run against a baseline: a bare
`websockets` server that acknowledges a trigger on a TCP control port and then calls
`websockets.broadcast()` with a message of the same size as ours.

Arrival times are the kernel's receive timestamps (SO_TIMESTAMPNS) of the acknowledgement and
of each client's message, so the figures measure the server, not how quickly the benchmark's
own processes get a CPU on a small machine. The times at which the client processes read the
messages are reported too.

With `--redis` it also runs two instances of the live server sharing one event log in Redis
(`live serve --redis`, a redis-server of its own on a free port, append-only file fsynced on
every write), with the clients spread over them half each and the commands sent to each in
turn: every event then reaches the clients of the other instance through its tail of the Redis
stream.

It prints latency percentiles, lost deliveries, resident memory per idle connection and server
CPU time per delivered message for every server, side by side; and of that CPU, the part the
fan-out's writes took as each server counts it (the thread's CPU time around each fan-out: the live
server's `/api/health` `fan_out`, the baseline's around `broadcast()`), which leaves out what a
command costs besides (HTTP, validation, the log, the fold). It prints figures; it does not
assert. See bench/README.md.

With `--candidates` it also runs the candidate fan-outs (bench/candidates.py) in the same
run, between the live server and the baseline, triggered like the baseline.

    python bench/fanout.py [--clients 1000] [--signals 20] [--interval 0.5] [--redis] [--candidates all]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import json
import math
import multiprocessing as mp
import os
import select
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psutil
from common import free_port, percentile  # bench/common.py (the script's own folder)

from live.edges.limits import raise_open_files

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "bench-referee-token"
EVENT_PREFIX = b'{"type":"event"'
SEQ_KEY = b'"seq":'
# A client -> server close frame (code 1000), masked with the all-zero key.
CLOSE_FRAME = b"\x88\x82\x00\x00\x00\x00\x03\xe8"
SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35)  # Linux; Python does not export it
ANCILLARY = socket.CMSG_SPACE(16)
RECV_SIZE = 65536
#: Handshakes in flight at once, over all client processes (at most 100 per process). All clients come from
#: 127.0.0.1, and the live server lets one address have at most 256 connections whose request is not yet
#: complete (live/edges/limits.py MAX_PENDING_PER_ADDRESS, live/edges/web/edge.py) and closes the oldest past
#: that: with 4
#: processes × 100 at 10,000 clients it closed 144 of them before their upgrade.
HANDSHAKES_IN_FLIGHT = 200


# ---------------------------------------------------------------------------------------------
# small helpers


def parse_seq(payload: bytes) -> int | None:
    """The seq of an event message: the first `"seq":` after the prefix (the event's own seq)."""
    at = payload.find(SEQ_KEY, len(EVENT_PREFIX))
    if at < 0:
        return None
    at += len(SEQ_KEY)
    end = at
    while end < len(payload) and 48 <= payload[end] <= 57:
        end += 1
    return int(payload[at:end]) if end > at else None


def timestamped(sock: socket.socket) -> socket.socket:
    sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def receive(sock: socket.socket) -> tuple[bytes, float, float]:
    """recvmsg: the data, the kernel's arrival time of it and the time we read it (epoch seconds)."""
    data, ancillary, _, _ = sock.recvmsg(RECV_SIZE, ANCILLARY)
    now = time.time()
    for level, kind, raw in ancillary:
        if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS and len(raw) >= 16:
            sec, nsec = struct.unpack_from("qq", raw)
            return data, sec + nsec * 1e-9, now
    return data, now, now


# ---------------------------------------------------------------------------------------------
# the client side: worker processes, each an epoll loop holding many raw WebSocket connections


class Conn:
    """One client connection: RFC 6455 reduced to what a display needs (server text frames, pings)."""

    __slots__ = ("buf", "closing", "index", "sock", "state")
    CONNECTING, HANDSHAKE, OPEN, READY = range(4)

    def __init__(self, index: int, sock: socket.socket) -> None:
        self.index, self.sock = index, sock
        self.buf = b""
        self.state = Conn.CONNECTING
        self.closing = False


class Worker:
    """Runs in a client process: connects, answers pings, records every event's arrival."""

    def __init__(self, pipe: Any) -> None:
        self.pipe = pipe
        self.epoll = select.epoll()
        self.epoll.register(pipe.fileno(), select.EPOLLIN)
        self.conns: dict[int, Conn] = {}
        self.reset()
        self.job: dict[str, Any] | None = None  # a connect command in progress

    def reset(self) -> None:
        # per delivery: (connection, seq, kernel arrival, read by us, payload size)
        self.deliveries: list[tuple[int, int, float, float, int]] = []
        self.per_seq: dict[int, int] = {}
        self.closed: dict[int, int] = {}  # connection index -> close code, for unexpected closes

    def run(self) -> None:
        pipe_fd = self.pipe.fileno()
        while True:
            for fd, _ in self.epoll.poll(0.05):
                if fd == pipe_fd:
                    if not self.command(self.pipe.recv()):
                        return
                    continue
                conn = self.conns.get(fd)
                if conn is None:
                    continue
                if conn.state == Conn.CONNECTING:
                    self.connected(conn)
                else:
                    self.readable(conn)
            if self.job is not None:
                self.step_connect()

    # commands from the driver

    def command(self, command: tuple[Any, ...]) -> bool:
        name = command[0]
        if name == "connect":
            # connection i goes to ports[i % len(ports)]: several servers share the clients evenly
            _, host, ports, path, count, first, ready_prefix, concurrency, timeout = command
            self.reset()
            self.job = {
                "addresses": [(host, port) for port in ports], "count": count, "next": first, "last": first + count,
                "prefix": ready_prefix, "concurrency": concurrency, "deadline": time.monotonic() + timeout,
                "started": time.monotonic(), "pending": 0, "ready": 0, "failed": 0,
                "requests": [(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                              "Connection: Upgrade\r\nSec-WebSocket-Key: YmVuY2gtZmFub3V0LWtleQ==\r\n"
                              "Sec-WebSocket-Version: 13\r\n\r\n").encode() for port in ports],
            }
        elif name == "progress":
            self.pipe.send(("progress", sum(self.per_seq.get(s, 0) for s in command[1]), len(self.closed)))
        elif name == "collect":
            self.pipe.send(("collected", self.deliveries, dict(self.closed)))
        elif name == "close":
            for conn in list(self.conns.values()):
                conn.closing = True
                with contextlib.suppress(OSError):
                    conn.sock.send(CLOSE_FRAME)
                self.drop(conn)
            self.pipe.send(("closed",))
        elif name == "exit":
            self.pipe.send(("bye",))
            return False
        return True

    def step_connect(self) -> None:
        job = self.job
        assert job is not None
        while job["pending"] < job["concurrency"] and job["next"] < job["last"]:
            sock = timestamped(socket.socket(socket.AF_INET, socket.SOCK_STREAM))
            sock.setblocking(False)
            code = sock.connect_ex(job["addresses"][job["next"] % len(job["addresses"])])
            conn = Conn(job["next"], sock)
            job["next"] += 1
            job["pending"] += 1
            self.conns[sock.fileno()] = conn
            if code not in (0, errno.EINPROGRESS):
                self.fail(conn)
                continue
            self.epoll.register(sock.fileno(), select.EPOLLIN | select.EPOLLOUT)
        done = job["ready"] + job["failed"] >= job["count"]
        if not done and time.monotonic() > job["deadline"]:
            for conn in [c for c in self.conns.values() if c.state != Conn.READY]:
                self.fail(conn)
            done = True
        if done:
            self.job = None
            self.pipe.send(("connected", job["ready"], job["count"] - job["ready"],
                            time.monotonic() - job["started"]))

    def connected(self, conn: Conn) -> None:
        if conn.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
            self.fail(conn)
            return
        assert self.job is not None
        conn.state = Conn.HANDSHAKE
        conn.sock.send(self.job["requests"][conn.index % len(self.job["requests"])])
        self.epoll.modify(conn.sock.fileno(), select.EPOLLIN)

    def fail(self, conn: Conn) -> None:
        if self.job is not None and conn.state != Conn.READY:
            self.job["pending"] -= 1
            self.job["failed"] += 1
        self.drop(conn)

    def drop(self, conn: Conn) -> None:
        fd = conn.sock.fileno()
        if fd >= 0 and self.conns.pop(fd, None) is not None:
            with contextlib.suppress(OSError, ValueError):
                self.epoll.unregister(fd)
            conn.sock.close()

    def readable(self, conn: Conn) -> None:
        try:
            data, arrived, read = receive(conn.sock)
        except BlockingIOError:
            return
        except OSError:
            data, arrived, read = b"", 0.0, 0.0
        if not data:
            if not conn.closing and conn.state == Conn.READY:
                self.closed.setdefault(conn.index, 1006)
            self.fail(conn)
            return
        buf = conn.buf + data if conn.buf else data
        if conn.state == Conn.HANDSHAKE:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                conn.buf = buf
                return
            if b" 101 " not in buf[:end]:
                self.fail(conn)
                return
            conn.state = Conn.OPEN
            buf = buf[end + 4:]
        pos, size = 0, len(buf)
        while size - pos >= 2:
            opcode = buf[pos] & 0x0F
            length = buf[pos + 1] & 0x7F
            head = 2
            if length == 126:
                if size - pos < 4:
                    break
                length, head = int.from_bytes(buf[pos + 2:pos + 4], "big"), 4
            elif length == 127:
                if size - pos < 10:
                    break
                length, head = int.from_bytes(buf[pos + 2:pos + 10], "big"), 10
            if size - pos < head + length:
                break
            payload = buf[pos + head:pos + head + length]
            pos += head + length
            if opcode == 1:
                if payload.startswith(EVENT_PREFIX):
                    seq = parse_seq(payload)
                    if seq is not None:
                        self.deliveries.append((conn.index, seq, arrived, read, length))
                        self.per_seq[seq] = self.per_seq.get(seq, 0) + 1
                elif conn.state == Conn.OPEN and payload.startswith(self.job["prefix"] if self.job else b"{"):
                    conn.state = Conn.READY
                    if self.job is not None:
                        self.job["pending"] -= 1
                        self.job["ready"] += 1
            elif opcode == 9:  # ping -> pong, masked with the all-zero key
                with contextlib.suppress(OSError):
                    conn.sock.send(bytes((0x8A, 0x80 | len(payload))) + b"\x00\x00\x00\x00" + payload)
            elif opcode == 8:
                if not conn.closing:
                    self.closed[conn.index] = int.from_bytes(payload[:2], "big") if len(payload) >= 2 else 1005
                self.fail(conn)
                return
        conn.buf = buf[pos:] if pos < size else b""


def worker_main(pipe: Any) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the driver stops us
    Worker(pipe).run()


class Workers:
    """A few client processes; the driver talks to them over pipes."""

    def __init__(self, count: int) -> None:
        ctx = mp.get_context("fork")
        self.pipes: list[Any] = []
        self.procs: list[Any] = []
        for _ in range(count):
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=worker_main, args=(child,), daemon=True)
            proc.start()
            self.pipes.append(parent)
            self.procs.append(proc)

    def ask(self, command: tuple[Any, ...] | Callable[[int], tuple[Any, ...]], timeout: float = 600) -> list[Any]:
        for i, pipe in enumerate(self.pipes):
            pipe.send(command(i) if callable(command) else command)
        replies = []
        for pipe in self.pipes:
            if not pipe.poll(timeout):
                raise RuntimeError("a client process did not answer")
            replies.append(pipe.recv())
        return replies

    def cpu_seconds(self) -> float:
        total = 0.0
        for proc in self.procs:
            with contextlib.suppress(psutil.Error):
                t = psutil.Process(proc.pid).cpu_times()
                total += t.user + t.system
        return total

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self.ask(("exit",), timeout=10)
        for proc in self.procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()


# ---------------------------------------------------------------------------------------------
# the baseline server: bare websockets + broadcast(), in its own process


async def baseline_async(max_size: int) -> None:
    import websockets
    from websockets.asyncio.server import serve

    connections: set[Any] = set()

    async def handler(ws: Any) -> None:
        connections.add(ws)
        try:
            await ws.send('{"type":"hello"}')
            await ws.wait_closed()
        finally:
            connections.discard(ws)

    fanned = [0.0, 0]  # CPU seconds in broadcast() (the thread's, user and system), deliveries

    async def control(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while line := await reader.readline():
            if line == b"stats\n":
                writer.write(b"%r %d\n" % (fanned[0], fanned[1]))
                continue
            seq_text, size_text = line.split()
            seq, size = int(seq_text), int(size_text)
            head = b'{"type":"event","event":{"seq":%d,"pad":"' % seq
            tail = b'"}}'
            message = (head + b"x" * max(0, size - len(head) - len(tail)) + tail).decode()
            writer.write(b"ok\n")  # acknowledge first, then fan out: the same order as the real server
            began = time.thread_time()
            websockets.broadcast(connections, message)
            fanned[0] += time.thread_time() - began
            fanned[1] += len(connections)

    async with serve(handler, "127.0.0.1", 0, compression=None, max_size=max_size, backlog=4096) as server:
        ctrl = await asyncio.start_server(control, "127.0.0.1", 0)
        ws_port = next(iter(server.sockets)).getsockname()[1]
        ctrl_port = ctrl.sockets[0].getsockname()[1]
        print(f"PORTS {ws_port} {ctrl_port}", flush=True)
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGINT, stop.set)
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        await stop.wait()
        ctrl.close()


# ---------------------------------------------------------------------------------------------
# the two servers as the driver sees them


class Server:
    name = ""
    ready_prefix = b""
    path = "/ws?view=display"
    host = "127.0.0.1"
    port = 0
    proc: subprocess.Popen[bytes]

    @property
    def ports(self) -> list[int]:
        """Where the clients connect: connection i to ports[i % len(ports)]."""
        return [self.port]

    def instance_of(self, conn: int) -> int:
        """Which of `ports` connection `conn` went to."""
        return conn % len(self.ports)

    def taker_of(self, seq: int) -> int | None:
        """Which of `ports` took the command that appended `seq` (None: one server only)."""
        return None

    def trigger(self, index: int, size: int | None) -> tuple[int, float, float]:
        """Send one signal; return its seq, the kernel arrival time of the ack and when we read it."""
        raise NotImplementedError

    def fan_out(self) -> tuple[float, int] | None:
        """CPU seconds the server spent writing the fan-out itself (its own count, thread time around each
        fan-out), and the deliveries: the part of the CPU per delivery that the frame-once design is about,
        without what a command costs besides (HTTP, validation, the log, the fold). None: not counted."""
        return None

    def process(self) -> psutil.Process:
        return psutil.Process(self.proc.pid)

    def rss(self) -> int:
        return int(self.process().memory_info().rss)

    def cpu(self) -> tuple[float, float]:
        """User and system CPU seconds of the server process so far."""
        t = self.process().cpu_times()
        return float(t.user), float(t.system)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class HttpConnection:
    """A keep-alive HTTP/1.1 client on a raw socket, so the response's arrival time is the kernel's.

    uvicorn closes a keep-alive connection after 5 idle seconds: one idle for 2 s is replaced
    before it is used, so a command is never sent on a connection the server is closing.
    """

    IDLE_S = 2.0

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.sock = timestamped(socket.create_connection((host, port), timeout=60))
        self.used = time.monotonic()

    def request(self, method: str, path: str, body: bytes = b"",
                headers: dict[str, str] | None = None) -> tuple[int, bytes, float, float]:
        if time.monotonic() - self.used > self.IDLE_S:
            self.sock.close()
            self.sock = timestamped(socket.create_connection((self.host, self.port), timeout=60))
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", f"Content-Length: {len(body)}"]
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        data, arrived, _ = receive(self.sock)
        while b"\r\n\r\n" not in data:
            more, _, _ = receive(self.sock)
            if not more:
                raise ConnectionError("the server closed the connection")
            data += more
        head, _, rest = data.partition(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        while len(rest) < length:
            more, _, _ = receive(self.sock)
            if not more:
                raise ConnectionError("the server closed the connection")
            rest += more
        self.used = time.monotonic()
        return status, rest, arrived, time.time()

    def close(self) -> None:
        self.sock.close()


def tournament_file(folder: Path) -> Path:
    start = datetime.now(UTC).replace(tzinfo=None, microsecond=0) + timedelta(days=30)
    path = folder / "fanout.toml"
    path.write_text(
        '[tournament]\nname = "Fan-out benchmark"\ntimezone = "UTC"\npreset = "cacak-preferans"\n\n'
        f'[[timetable]]\nid = "r1"\nkind = "round"\nround = 1\nstart = {start.isoformat()}\nminutes = 180\n',
        encoding="utf-8")
    return path


class OurServer(Server):
    name = "live server"
    ready_prefix = b'{"type":"snapshot"'

    def __init__(self, folder: Path, redis_url: str | None = None, label: str = "server",
                 file: Path | None = None) -> None:
        """One instance: its log in SQLite in `folder`, or on the Redis at `redis_url`. The clients, the
        commands and the health checks all go to its one port."""
        self.port = free_port()
        self.log_path = folder / f"{label}.log"
        env = {**os.environ, "LIVE_REFEREE_TOKEN": TOKEN, "PYTHONUNBUFFERED": "1"}
        log_args = ["--redis", redis_url] if redis_url else ["--db", str(folder / "fanout.db")]
        cmd = [sys.executable, "-m", "live", "serve", str(file or tournament_file(folder)), "--host", self.host,
               "--port", str(self.port), *log_args]
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited:\n{self.log_path.read_text()[-2000:]}")
            try:
                self.http = HttpConnection(self.host, self.port)
                self.health()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the server did not answer within 30 s") from None
                time.sleep(0.1)

    def trigger(self, index: int, size: int | None) -> tuple[int, float, float]:
        body = json.dumps({"type": "announce", "text": f"Benchmark announcement {index}"}).encode()
        status, data, arrived, read = self.http.request("POST", "/api/commands", body, {
            "Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"})
        if status != 200:
            raise RuntimeError(f"command refused: {status} {data[:300]!r}")
        return int(json.loads(data)["seq"]), arrived, read

    def fan_out(self) -> tuple[float, int] | None:
        stats = self.health()["fan_out"]
        return stats["cpu_ms"] / 1000, int(stats["deliveries"])

    def health(self) -> dict[str, Any]:
        status, data, _, _ = self.http.request("GET", "/api/health")
        if status != 200:
            raise RuntimeError(f"/api/health answered {status}")
        return dict(json.loads(data))

    def stop(self) -> None:
        with contextlib.suppress(OSError, AttributeError):
            self.http.close()
        super().stop()


class RedisPair(Server):
    """Two live server instances on one Redis (started here): clients half on each, commands to each in turn."""

    name = "2 instances, Redis"
    ready_prefix = OurServer.ready_prefix

    def __init__(self, folder: Path) -> None:
        sys.path.insert(0, str(ROOT / "tests"))
        from redis_server import RedisServer  # a redis-server of its own: free port, AOF fsynced always

        self.redis = RedisServer(directory=folder / "redis").start()
        self.instances: list[OurServer] = []
        self._takers: dict[int, int] = {}
        file = tournament_file(folder)  # once: both instances must read the same timetable
        try:
            for label in ("instance-a", "instance-b"):
                self.instances.append(OurServer(folder, self.redis.url, label, file))
        except BaseException:
            self.stop()
            raise

    @property
    def ports(self) -> list[int]:
        return [instance.port for instance in self.instances]

    def taker_of(self, seq: int) -> int | None:
        return self._takers.get(seq)

    def trigger(self, index: int, size: int | None) -> tuple[int, float, float]:
        taker = index % len(self.instances)
        seq, arrived, read = self.instances[taker].trigger(index, size)
        self._takers[seq] = taker
        return seq, arrived, read

    def rss(self) -> int:
        return sum(instance.rss() for instance in self.instances)

    def fan_out(self) -> tuple[float, int] | None:
        counts = [instance.fan_out() for instance in self.instances]
        return sum(c[0] for c in counts if c), sum(c[1] for c in counts if c)

    def cpu(self) -> tuple[float, float]:
        times = [instance.cpu() for instance in self.instances]
        return sum(t[0] for t in times), sum(t[1] for t in times)

    def redis_cpu(self) -> float:
        assert self.redis.process is not None
        t = psutil.Process(self.redis.process.pid).cpu_times()
        return float(t.user + t.system)

    def stop(self) -> None:
        for instance in self.instances:
            instance.stop()
        self.redis.close()


class BaselineServer(Server):
    name = "websockets.broadcast"
    ready_prefix = b'{"type":"hello"'
    path = "/"

    def __init__(self, folder: Path) -> None:
        self.log_path = folder / "baseline.log"
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--serve-baseline"], cwd=ROOT,
                                         stdout=subprocess.PIPE, stderr=log)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().decode()
        if not line.startswith("PORTS "):
            raise RuntimeError(f"the baseline server did not start:\n{self.log_path.read_text()[-2000:]}")
        _, ws_port, ctrl_port = line.split()
        self.port = int(ws_port)
        self.ctrl = timestamped(socket.create_connection((self.host, int(ctrl_port)), timeout=60))
        self.seq = 0

    def trigger(self, index: int, size: int | None) -> tuple[int, float, float]:
        self.seq += 1
        self.ctrl.sendall(b"%d %d\n" % (self.seq, size or 200))
        answer, arrived, read = receive(self.ctrl)
        if answer != b"ok\n":
            raise RuntimeError(f"baseline trigger failed: {answer!r}")
        return self.seq, arrived, read

    def fan_out(self) -> tuple[float, int] | None:
        self.ctrl.sendall(b"stats\n")
        answer, _, _ = receive(self.ctrl)
        cpu, deliveries = answer.split()
        return float(cpu), int(deliveries)

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            self.ctrl.close()
        super().stop()


class CandidateServer(Server):
    """A candidate fan-out (bench/candidates.py), triggered like the baseline on a control port."""

    ready_prefix = b'{"type":"snapshot"'

    def __init__(self, folder: Path, candidate: str) -> None:
        from candidates import TITLES  # bench/candidates.py (the script's own folder)

        self.name = TITLES[candidate]
        self.log_path = folder / f"candidate-{candidate}.log"
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve().parent / "candidates.py"),
                                          "--serve", candidate], cwd=ROOT, stdout=subprocess.PIPE, stderr=log)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().decode()
        if not line.startswith("PORTS "):
            raise RuntimeError(f"candidate {candidate} did not start:\n{self.log_path.read_text()[-2000:]}")
        _, ws_port, ctrl_port = line.split()
        self.port = int(ws_port)
        self.ctrl = timestamped(socket.create_connection((self.host, int(ctrl_port)), timeout=60))
        self.seq = 0

    trigger = BaselineServer.trigger

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            self.ctrl.close()
        super().stop()


# ---------------------------------------------------------------------------------------------
# one measurement


def measure(server: Server, workers: Workers, clients: int, signals: int, interval: float, warmup: int,
            sizes: dict[int, int] | None) -> dict[str, Any]:
    """Connect, measure memory, fire signals, collect. `sizes` maps signal index -> message size."""
    count = len(workers.pipes)
    shares = [clients // count + (1 if i < clients % count else 0) for i in range(count)]
    firsts = [sum(shares[:i]) for i in range(count)]
    time.sleep(0.5)
    rss_before = server.rss()
    started = time.monotonic()
    replies = workers.ask(lambda i: ("connect", server.host, server.ports, server.path, shares[i], firsts[i],
                                     server.ready_prefix, min(100, HANDSHAKES_IN_FLIGHT // count), 120.0))
    connect_s = time.monotonic() - started
    connected = sum(r[1] for r in replies)
    failed = sum(r[2] for r in replies)
    time.sleep(1.0)  # let the server settle (greetings sent, buffers released)
    rss_after = server.rss()
    idle_cpu_0, idle_t0 = sum(server.cpu()), time.monotonic()
    time.sleep(2.0)
    idle_cpu_rate = (sum(server.cpu()) - idle_cpu_0) / (time.monotonic() - idle_t0)

    for i in range(warmup):  # not counted
        server.trigger(-1 - i, (sizes or {}).get(-1 - i))
        time.sleep(interval)

    acks: dict[int, tuple[float, float]] = {}
    ack_ms: list[float] = []  # command sent -> acknowledgement arrived
    order: list[int] = []
    redis_cpu = getattr(server, "redis_cpu", None)
    fan_out0 = server.fan_out()
    cpu0, workers_cpu0, redis_cpu0 = server.cpu(), workers.cpu_seconds(), redis_cpu() if redis_cpu else 0.0
    t0 = time.monotonic()
    for i in range(signals):
        due = t0 + i * interval
        now = time.monotonic()
        if due > now:
            time.sleep(due - now)
        sent = time.time()
        seq, arrived, read = server.trigger(i, (sizes or {}).get(i))
        acks[seq] = (arrived, read)
        ack_ms.append((arrived - sent) * 1000)
        order.append(seq)
    expected = connected * signals
    deadline = time.monotonic() + 10 + clients / 500
    while time.monotonic() < deadline:
        if sum(p[1] for p in workers.ask(("progress", order))) >= expected:
            break
        time.sleep(0.05)
    user_s, system_s = (b - a for a, b in zip(cpu0, server.cpu(), strict=True))
    fan_out1 = server.fan_out()
    fan_out_us = ((fan_out1[0] - fan_out0[0]) / max(1, fan_out1[1] - fan_out0[1]) * 1e6
                  if fan_out0 is not None and fan_out1 is not None else math.nan)
    cpu_s = user_s + system_s
    workers_cpu_s = workers.cpu_seconds() - workers_cpu0
    redis_cpu_s = redis_cpu() - redis_cpu0 if redis_cpu else math.nan
    phase_s = time.monotonic() - t0

    latencies: list[float] = []  # kernel arrival at the client − kernel arrival of the ack, ms
    seen_latencies: list[float] = []  # read by the client process − ack read by the driver, ms
    # with several instances: at the instance that took the command, and at the others (through Redis)
    local_latencies: list[float] = []
    remote_latencies: list[float] = []
    last_by_seq: dict[int, float] = {}
    seen: set[tuple[int, int]] = set()
    duplicates = 0
    size_by_index: dict[int, int] = {}
    index_of = {seq: i for i, seq in enumerate(order)}
    closed: dict[int, int] = {}
    for _, deliveries, closes in workers.ask(("collect",)):
        closed.update(closes)
        for conn, seq, arrived, read, size in deliveries:
            if seq not in acks:
                continue
            if (conn, seq) in seen:
                duplicates += 1
                continue
            seen.add((conn, seq))
            latency = (arrived - acks[seq][0]) * 1000
            latencies.append(latency)
            seen_latencies.append((read - acks[seq][1]) * 1000)
            taker = server.taker_of(seq)
            if taker is not None:
                (local_latencies if server.instance_of(conn) == taker else remote_latencies).append(latency)
            last_by_seq[seq] = max(last_by_seq.get(seq, -math.inf), latency)
            size_by_index.setdefault(index_of[seq], size)
    latencies.sort()
    seen_latencies.sort()
    local_latencies.sort()
    remote_latencies.sort()
    lasts = sorted(last_by_seq.values())
    workers.ask(("close",))
    return {
        "connected": connected, "failed": failed, "connect_s": connect_s,
        "rss_before": rss_before, "rss_after": rss_after,
        "kb_per_conn": (rss_after - rss_before) / 1024 / max(1, connected),
        "idle_cpu_ms_per_s": idle_cpu_rate * 1000,
        "deliveries": len(latencies), "expected": expected, "lost": expected - len(latencies),
        "duplicates": duplicates, "closed": closed,
        "p50": percentile(latencies, 50), "p99": percentile(latencies, 99),
        "max": latencies[-1] if latencies else math.nan, "min": latencies[0] if latencies else math.nan,
        "seen_p50": percentile(seen_latencies, 50), "seen_p99": percentile(seen_latencies, 99),
        "last_median": percentile(lasts, 50), "last_max": lasts[-1] if lasts else math.nan,
        "ack_median": percentile(sorted(ack_ms), 50), "ack_max": max(ack_ms),
        "cpu_s": cpu_s, "us_per_delivery": cpu_s / max(1, len(latencies)) * 1e6, "fan_out_us": fan_out_us,
        "user_us": user_s / max(1, len(latencies)) * 1e6, "system_us": system_s / max(1, len(latencies)) * 1e6,
        "client_us_per_delivery": workers_cpu_s / max(1, len(latencies)) * 1e6,
        "redis_us_per_delivery": redis_cpu_s / max(1, len(latencies)) * 1e6,
        "local_p50": percentile(local_latencies, 50), "local_p99": percentile(local_latencies, 99),
        "remote_p50": percentile(remote_latencies, 50), "remote_p99": percentile(remote_latencies, 99),
        "phase_s": phase_s, "sizes": size_by_index,
    }


def show(results: dict[str, dict[str, Any]], args: argparse.Namespace, workers: int) -> None:
    def ratio(a: float, b: float) -> str:
        return f"{a / b:.2f}×" if b > 0 and not math.isnan(a) and not math.isnan(b) else "n/a"

    def pair(a: float, b: float) -> str:
        return "—" if math.isnan(a) else f"{a:.1f} / {b:.1f} ms"

    titles = {"ours": "live server", "pair": "2 instances + Redis", "base": "websockets.broadcast"}
    candidates = [key for key in results if key.startswith("candidate ")]
    titles.update({key: results[key]["title"] for key in candidates})
    columns = [(titles[key], results[key]) for key in ("ours", "pair", *candidates, "base") if key in results]
    base = results["base"]
    sizes = sorted(results["ours"]["sizes"].values())
    size_text = f"{sizes[0]}–{sizes[-1]} bytes" if sizes else "?"
    print(f"\nfan-out: {args.clients} display clients in {workers} client process(es), {args.signals} signals "
          f"every {args.interval} s (+{args.warmup} warm-up), messages {size_text}\n")
    rows: list[tuple[str, Callable[[dict[str, Any]], str]]] = [
        ("clients connected", lambda r: f"{r['connected']}" + (f" ({r['failed']} failed)" if r["failed"] else "")),
        ("connect time", lambda r: f"{r['connect_s']:.1f} s"),
        ("latency p50", lambda r: f"{r['p50']:.1f} ms"),
        ("latency p99", lambda r: f"{r['p99']:.1f} ms"),
        ("latency max", lambda r: f"{r['max']:.1f} ms"),
        ("latency min", lambda r: f"{r['min']:.1f} ms"),
        ("  p50 / p99 where it was sent", lambda r: pair(r["local_p50"], r["local_p99"])),
        ("  p50 / p99 on the other", lambda r: pair(r["remote_p50"], r["remote_p99"])),
        ("last delivery: median signal", lambda r: f"{r['last_median']:.1f} ms"),
        ("ack after command: median/max", lambda r: f"{r['ack_median']:.1f} / {r['ack_max']:.1f} ms"),
        ("deliveries", lambda r: f"{r['deliveries']} of {r['expected']}"),
        ("lost deliveries", lambda r: f"{r['lost']}"),
        ("duplicates", lambda r: f"{r['duplicates']}"),
        ("clients closed by the server", lambda r: f"{len(r['closed'])}"),
        ("read by clients: p50 / p99", lambda r: f"{r['seen_p50']:.1f} / {r['seen_p99']:.1f} ms"),
        ("RSS before / after connect", lambda r: f"{r['rss_before'] / 2**20:.1f} / {r['rss_after'] / 2**20:.1f} MiB"),
        ("memory per idle connection", lambda r: f"{r['kb_per_conn']:.1f} KiB"),
        ("idle server CPU", lambda r: f"{r['idle_cpu_ms_per_s']:.0f} ms/s"),
        ("server CPU in signal phase", lambda r: f"{r['cpu_s']:.2f} s in {r['phase_s']:.1f} s"),
        ("server CPU per delivery", lambda r: f"{r['us_per_delivery']:.1f} µs"),
        ("  of which user / system", lambda r: f"{r['user_us']:.1f} / {r['system_us']:.1f} µs"),
        ("  of which the fan-out's writes", lambda r: "—" if math.isnan(r["fan_out_us"])
         else f"{r['fan_out_us']:.1f} µs"),
        ("Redis CPU per delivery", lambda r: "—" if math.isnan(r["redis_us_per_delivery"])
         else f"{r['redis_us_per_delivery']:.1f} µs"),
        ("client CPU per delivery", lambda r: f"{r['client_us_per_delivery']:.1f} µs"),
    ]
    print(f"  {'':30}" + "".join(f" {title:>22}" for title, _ in columns))
    for label, fmt in rows:
        print(f"  {label:30}" + "".join(f" {fmt(r):>22}" for _, r in columns))
    print()
    for title, ours in columns[:-1]:
        print(f"  {title} / baseline: p50 {ratio(ours['p50'], base['p50'])}, p99 {ratio(ours['p99'], base['p99'])}, "
              f"memory per connection {ratio(ours['kb_per_conn'], base['kb_per_conn'])}, "
              f"CPU per delivery {ratio(ours['us_per_delivery'], base['us_per_delivery'])} "
              f"(the fan-out's writes alone {ratio(ours['fan_out_us'], base['fan_out_us'])})")
        if candidates:
            print(f"  {'':{len(title)}}   user {ratio(ours['user_us'], base['user_us'])}, "
                  f"system {ratio(ours['system_us'], base['system_us'])}, "
                  f"last delivery {ratio(ours['last_median'], base['last_median'])}")
        if ours["closed"]:
            codes: dict[int, int] = {}
            for code in ours["closed"].values():
                codes[code] = codes.get(code, 0) + 1
            print(f"  {title} closed clients; close codes: {codes}")
    print("\n  goals (reported, not asserted; stated for 1000 clients): p99 < 250 ms and within 2× of the baseline; "
          "< 50 KB per idle connection")
    for title, ours in columns[:-1]:
        p99_ok = ours["p99"] < 250 and ours["p99"] <= 2 * max(base["p99"], 0.001)
        mem_ok = ours["kb_per_conn"] * 1024 < 50_000
        print(f"    {title}: latency {'met' if p99_ok else 'NOT met'}, memory {'met' if mem_ok else 'NOT met'}")


def main() -> int:
    parser = argparse.ArgumentParser(description="Fan-out benchmark: the live server against websockets.broadcast.")
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--signals", type=int, default=20)
    parser.add_argument("--interval", type=float, default=0.5, help="seconds between signals (default 0.5)")
    parser.add_argument("--warmup", type=int, default=1, help="signals sent before measuring, not counted (default 1)")
    parser.add_argument("--workers", type=int, default=0,
                        help="client processes (default: one per 2500 clients, at least one)")
    parser.add_argument("--redis", action="store_true",
                        help="also two instances sharing a Redis log (redis-server must be installed), "
                             "the clients half on each")
    parser.add_argument("--candidates", default="",
                        help="also the candidate fan-outs (bench/candidates.py), in the same run: "
                             "a comma-separated list of A, B, C1, C2, or 'all'")
    parser.add_argument("--json", type=Path, help="also write every server's figures to this JSON file")
    parser.add_argument("--serve-baseline", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_baseline:
        asyncio.run(baseline_async(64 * 1024))
        return 0
    if args.clients < 1 or args.signals < 1 or args.interval <= 0 or args.warmup < 0:
        parser.error("--clients and --signals must be at least 1, --interval more than 0, --warmup 0 or more")
    from candidates import CANDIDATES, TITLES  # bench/candidates.py (the script's own folder)

    chosen = list(CANDIDATES) if args.candidates == "all" else [c for c in args.candidates.split(",") if c]
    unknown = [c for c in chosen if c not in CANDIDATES]
    if unknown:
        parser.error(f"--candidates: unknown {', '.join(unknown)} (known: {', '.join(CANDIDATES)}, all)")

    soft = raise_open_files()
    workers_n = args.workers or max(1, math.ceil(args.clients / 2500))
    if soft < args.clients + 100:
        print(f"warning: the open-file limit is {soft}: {args.clients} connections need more", file=sys.stderr)
    with contextlib.suppress(OSError, ValueError):
        somaxconn = int(Path("/proc/sys/net/core/somaxconn").read_text())
        if somaxconn < 1024:
            print(f"note: net.core.somaxconn is {somaxconn}; listen backlogs are capped to it", file=sys.stderr)

    workers = Workers(workers_n)
    folder = Path(tempfile.mkdtemp(prefix="bench-fanout-"))
    results: dict[str, dict[str, Any]] = {}
    finished = False
    try:
        print(f"live server: connecting {args.clients} clients, then {args.signals} signals …", flush=True)
        ours = OurServer(folder)
        try:
            results["ours"] = measure(ours, workers, args.clients, args.signals, args.interval, args.warmup, None)
        finally:
            ours.stop()
        if args.redis:
            print(f"two instances on Redis: connecting {args.clients} clients (half on each), "
                  f"then {args.signals} signals (sent to each in turn) …", flush=True)
            two = RedisPair(folder)
            try:
                results["pair"] = measure(two, workers, args.clients, args.signals, args.interval, args.warmup, None)
            finally:
                two.stop()
        sizes = dict(results["ours"]["sizes"])
        for i in range(1, args.warmup + 1):
            sizes[-i] = sizes.get(0, 200)
        for candidate in chosen:
            print(f"candidate {TITLES[candidate]}: connecting {args.clients} clients, then {args.signals} signals …",
                  flush=True)
            server = CandidateServer(folder, candidate)
            try:
                result = measure(server, workers, args.clients, args.signals, args.interval, args.warmup, sizes)
                results[f"candidate {candidate}"] = {**result, "title": TITLES[candidate]}
            finally:
                server.stop()
        print(f"baseline: connecting {args.clients} clients, then {args.signals} signals …", flush=True)
        base = BaselineServer(folder)
        try:
            results["base"] = measure(base, workers, args.clients, args.signals, args.interval, args.warmup, sizes)
        finally:
            base.stop()
        finished = True
    finally:
        workers.stop()
        if finished:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            print(f"the servers' logs are in {folder}", file=sys.stderr)
    show(results, args, workers_n)
    if args.json:
        args.json.write_text(json.dumps({"clients": args.clients, "signals": args.signals, "results": results},
                                        indent=1, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
