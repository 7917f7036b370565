"""A real `redis-server` for tests: its own process, a free port, a temporary directory, AOF on.

    with RedisServer() as server:          # started; killed and its directory removed at exit
        client = redis.asyncio.Redis.from_url(server.url)
        ...
        server.kill()                       # SIGKILL: a crash (what was fsynced to the AOF stays)
        server.restart()                    # same port, same directory: the AOF is replayed
        server.stop()                       # SIGTERM: a clean shutdown
        server.freeze(); server.thaw()      # SIGSTOP / SIGCONT: a server that hangs (the port stays open)

The server runs with `--appendonly yes --appendfsync always --save ""`, so every write is in
the append-only file before Redis answers it, and there is no RDB snapshot to hide a lost AOF.
It never touches the Redis on 6379. Every wait is bounded: a server that does not answer PING
in time raises with the tail of its log. `start`/`restart` block for as long as Redis takes to
load (milliseconds here); from async code call them with `asyncio.to_thread` when other tasks
must keep running meanwhile.

Tests import this module as `redis_server` (tests/contract/conftest.py puts tests/ on sys.path).
"""

from __future__ import annotations

import contextlib
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType

HOST = "127.0.0.1"
START_TIMEOUT = 10.0
STOP_TIMEOUT = 10.0


def free_port() -> int:
    """A TCP port the OS says is free now (bind to port 0). Never a fixed port."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def redis_server_binary() -> str:
    found = shutil.which("redis-server")
    if found is None:
        raise RuntimeError("redis-server is not installed; run tests/system-deps.sh (apt-get install redis-server)")
    return found


class RedisServer:
    """One `redis-server` process that can be stopped, killed and restarted on the same port and directory."""

    def __init__(self, directory: Path | None = None, port: int | None = None,
                 extra_args: tuple[str, ...] = ()) -> None:
        self._own_directory = directory is None
        self.directory = Path(tempfile.mkdtemp(prefix="redis-test-")) if directory is None else Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.port = port if port is not None else free_port()
        self.extra_args = extra_args
        self.process: subprocess.Popen[bytes] | None = None
        self._frozen = False

    @property
    def url(self) -> str:
        return f"redis://{HOST}:{self.port}/0"

    @property
    def logfile(self) -> Path:
        return self.directory / "redis.log"

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def command_line(self) -> list[str]:
        return [
            redis_server_binary(),
            "--port", str(self.port), "--bind", HOST, "--protected-mode", "no",
            "--dir", str(self.directory), "--logfile", str(self.logfile), "--daemonize", "no",
            "--appendonly", "yes", "--appendfsync", "always", "--save", "",
            *self.extra_args,
        ]

    def start(self) -> RedisServer:
        """Start the server (if it is not running) and wait until it answers PING (the AOF is loaded)."""
        if self.running:
            return self
        self.process = subprocess.Popen(self.command_line(), stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + START_TIMEOUT
        last = "no answer"
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                stderr = self.process.stderr.read().decode(errors="replace") if self.process.stderr else ""
                raise RuntimeError(f"redis-server on port {self.port} exited with {self.process.returncode}: "
                                   f"{stderr.strip()}\n{self._log_tail()}")
            last = self._ping()
            if last == "+PONG":
                return self
            time.sleep(0.02)
        self.kill()
        raise RuntimeError(f"redis-server on port {self.port} did not answer PING within {START_TIMEOUT} s "
                           f"(last answer: {last})\n{self._log_tail()}")

    def _ping(self) -> str:
        try:
            with socket.create_connection((HOST, self.port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                return s.recv(256).decode(errors="replace").strip()  # "-LOADING ..." while the AOF replays
        except OSError as exc:
            return str(exc)

    def stop(self) -> None:
        """SIGTERM: Redis fsyncs the AOF and exits. Waits until it has."""
        self._signal(signal.SIGTERM)

    def kill(self) -> None:
        """SIGKILL: a crash. Only what Redis had written to the AOF survives (everything acknowledged)."""
        self._signal(signal.SIGKILL)

    def freeze(self) -> None:
        """SIGSTOP: Redis stops answering but its port stays open (a hung server, a partitioned network)."""
        if self.running:
            assert self.process is not None
            self.process.send_signal(signal.SIGSTOP)
            self._frozen = True

    def thaw(self) -> None:
        """SIGCONT: a frozen server answers again (what it was sent meanwhile included)."""
        if self.running and self._frozen:
            assert self.process is not None
            self.process.send_signal(signal.SIGCONT)
        self._frozen = False

    def restart(self) -> RedisServer:
        """Stop if running (SIGTERM), then start again on the same port and directory: the AOF is replayed."""
        self.stop()
        return self.start()

    def _signal(self, sig: signal.Signals) -> None:
        process = self.process
        if process is None:
            return
        if process.poll() is None:
            if self._frozen and sig != signal.SIGKILL:
                process.send_signal(signal.SIGCONT)  # a stopped process would not act on SIGTERM
            process.send_signal(sig)
            try:
                process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=STOP_TIMEOUT)
        if process.stderr is not None:
            process.stderr.close()
        self.process = None
        self._frozen = False

    def _log_tail(self, lines: int = 20) -> str:
        with contextlib.suppress(OSError):
            return "\n".join(self.logfile.read_text(errors="replace").splitlines()[-lines:])
        return "(no redis log)"

    def close(self) -> None:
        """Kill the server and remove its directory (if this object created it)."""
        self.kill()
        if self._own_directory:
            shutil.rmtree(self.directory, ignore_errors=True)

    def __enter__(self) -> RedisServer:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
