"""Helpers for integration tests against the real server: a `live serve` subprocess, real clients.

Everything here is bounded in time: a server that does not come up, a message that does not
arrive or a socket that does not close raises after its timeout with what was seen so far, so
a broken server fails the test instead of hanging it.

    path = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3, minutes=0.1)])
    with start_server(path, tmp_path / "t.db") as server:
        ws = await server.client("display")
        ack = await server.command({"type": "announce", "text": "hello"})
        await ws.wait_for(lambda m: m.get("type") == "event" and m["seq"] == ack.json()["seq"])
        await ws.close()

A preferans round starts (by the scheduler or by the referee) only once its seating is
published, so a test whose round must start gives `seat="r1"`: the seating is drawn right after
the server comes up. Every log begins with the plan (`plan_recorded`, seq 1), so the seating is
seq 2 and a test's own events come after it.

Tests import this module as `server` (pytest puts tests/integration on sys.path).
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlencode
from zoneinfo import ZoneInfo

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

REPO = Path(__file__).resolve().parents[2]
REFEREE_TOKEN = "integration-referee-token"
HOST = "127.0.0.1"

Message = dict[str, Any]
Predicate = Callable[[Message], bool]

#: The seq of the first event of every log: the tournament file recorded as the plan (`plan_recorded`).
PLAN_SEQ = 1

DEFAULT_PLAYERS: tuple[dict[str, Any], ...] = (
    {"id": "p1", "name": "Ana Petrović"},
    {"id": "p2", "name": "Bojan Ilić"},
    {"id": "p3", "name": "Vesna Jovanović"},
    {"id": "p4", "name": "Dragan Marković"},
)


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def free_port() -> int:
    """A TCP port the OS says is free now (bind to port 0). Never a fixed port."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def free_ports(n: int) -> list[int]:
    """`n` different TCP ports the OS says are free now: all bound at once, so that two calls of
    `free_port` cannot hand out the same port twice (a server's HTTP and WebSocket listeners)."""
    sockets = [socket.socket(socket.AF_INET, socket.SOCK_STREAM) for _ in range(n)]
    try:
        for s in sockets:
            s.bind((HOST, 0))
        return [int(s.getsockname()[1]) for s in sockets]
    finally:
        for s in sockets:
            s.close()


# the tournament file -------------------------------------------------------------------------


def from_now(seconds: float) -> datetime:
    """An aware UTC instant `seconds` from now, to the millisecond (as a tournament file can say it)."""
    instant = datetime.now(UTC) + timedelta(seconds=seconds)
    return instant.replace(microsecond=instant.microsecond // 1000 * 1000)


def local_datetime(instant: datetime, timezone: str = "UTC") -> str:
    """A TOML local date-time (with milliseconds) for `instant` in the tournament's zone."""
    return instant.astimezone(ZoneInfo(timezone)).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3]


def round_entry(item_id: str, number: int, *, start_in: float | None = None, start: datetime | None = None,
                minutes: float = 0.1, kind: str = "round", **extra: Any) -> dict[str, Any]:
    """A [[timetable]] entry for a playing item starting `start_in` seconds from now (or at `start`)."""
    if start is None:
        if start_in is None:
            raise ValueError("give start_in or start")
        start = from_now(start_in)
    return {"id": item_id, "kind": kind, "round": number, "start": start, "minutes": minutes, **extra}


def seconds_as_minutes(seconds: float) -> float:
    """Rules durations are minutes (floats allowed): 1.5 s → 0.025."""
    return seconds / 60


def _toml_value(value: Any, timezone: str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        if value.tzinfo is None:
            return value.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3]
        return local_datetime(value, timezone)
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # JSON strings are TOML basic strings
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v, timezone) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def tournament_toml(*, name: str = "Integration Cup", timezone: str = "UTC", preset: str = "cacak-preferans",
                    rules: dict[str, Any] | None = None, timetable: Iterable[dict[str, Any]] = (),
                    players: Iterable[dict[str, Any]] = DEFAULT_PLAYERS) -> str:
    """The text of a tournament file. Aware datetimes are written as local times in `timezone`."""
    lines = ["[tournament]", f"name = {_toml_value(name, timezone)}", f"timezone = {_toml_value(timezone, timezone)}",
             f"preset = {_toml_value(preset, timezone)}", ""]
    if rules:
        lines.append("[rules]")
        lines += [f"{key} = {_toml_value(value, timezone)}" for key, value in rules.items()]
        lines.append("")
    for table, entries in (("timetable", timetable), ("players", players)):
        for entry in entries:
            lines.append(f"[[{table}]]")
            lines += [f"{key} = {_toml_value(value, timezone)}" for key, value in entry.items()]
            lines.append("")
    return "\n".join(lines)


def write_tournament(path: str | Path, **kwargs: Any) -> Path:
    """Write `tournament_toml(**kwargs)` to `path`; returns the path."""
    p = Path(path)
    p.write_text(tournament_toml(**kwargs), encoding="utf-8")
    return p


# the server process --------------------------------------------------------------------------


class ServerFailed(RuntimeError):
    pass


class Server:
    """A `live serve` subprocess. Its output goes to `log_path` (read it with `output()`)."""

    def __init__(self, proc: subprocess.Popen[bytes], *, host: str, port: int, file: Path, db: Path | None,
                 token: str, log_path: Path) -> None:
        self.proc, self.host, self.port = proc, host, port
        self.file, self.db, self.token, self.log_path = file, db, token, log_path
        #: Where the competition this object speaks to is served: "" at the root; "/<id>" on a season server.
        self.base = ""

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}{self.base}"

    @property
    def ws_base(self) -> str:
        """/ws is on the server's one port, beside the pages and the API (under the competition's base)."""
        return f"ws://{self.host}:{self.port}{self.base}"

    @property
    def root(self) -> str:
        """The server's own address, whatever competition this object speaks to."""
        return f"http://{self.host}:{self.port}"

    def competition(self, ident: str) -> Server:
        """The same server process, speaking to the competition `ident` of a season (its pages, API and socket
        under /<ident>/): every helper of this class works on it as on a one-competition server."""
        other = copy.copy(self)
        other.base = f"/{ident}"
        return other

    def ws_url(self, view: str = "display", player: str | None = None, since: int | None = None,
               **params: Any) -> str:
        query: dict[str, Any] = {"view": view}
        if player is not None:
            query["player"] = player
        if since is not None:
            query["since"] = since
        query.update(params)  # (the referee view's token goes in the first message: see `client`)
        return f"{self.ws_base}/ws?{urlencode(query)}"

    def output(self) -> str:
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    @property
    def running(self) -> bool:
        return self.proc.poll() is None

    def wait_healthy(self, timeout: float = 20.0) -> dict[str, Any]:
        """Poll GET /api/health until it answers 200; raises ServerFailed if the process dies or time runs out."""
        deadline = time.monotonic() + timeout
        last: Exception | str = "no answer"
        with httpx.Client(timeout=1.0) as http:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise ServerFailed(f"the server exited with {self.proc.returncode}:\n{self.output()}")
                try:
                    response = http.get(f"{self.root}/api/health")
                    if response.status_code == 200:
                        return dict(response.json())
                    last = f"status {response.status_code}"
                except httpx.HTTPError as exc:
                    last = exc
                time.sleep(0.05)
        self.kill()
        raise ServerFailed(f"no health answer within {timeout} s ({last}):\n{self.output()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a power cut or an OOM kill."""
        if self.proc.poll() is None:
            self.proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=10)

    def stop(self, timeout: float = 10.0) -> int | None:
        """SIGTERM and wait (a graceful shutdown); SIGKILL if it does not exit in `timeout` seconds."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.kill()
        return self.proc.returncode

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # HTTP --------------------------------------------------------------------------------------

    async def command(self, body: Any, *, token: str | None = None, raw: bytes | str | None = None,
                      http: httpx.AsyncClient | None = None, timeout: float = 10.0) -> httpx.Response:
        """POST /api/commands with the referee token (another `token`; "" sends no Authorization header).

        `raw` sends those bytes instead of the JSON of `body`.
        """
        token = self.token if token is None else token
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        content = raw if raw is not None else json.dumps(body)
        if http is not None:
            return await http.post(f"{self.url}/api/commands", content=content, headers=headers, timeout=timeout)
        async with httpx.AsyncClient(timeout=timeout) as own:
            return await own.post(f"{self.url}/api/commands", content=content, headers=headers)

    async def acked(self, body: dict[str, Any]) -> dict[str, Any]:
        """A command that must be taken: its answer (`seq`, `events`); AssertionError with the refusal if not."""
        answer = await self.command(body)
        assert answer.status_code == 200, f"{body}: {answer.status_code} {answer.text}"
        return dict(answer.json())

    async def acked_event(self, body: dict[str, Any]) -> dict[str, Any]:
        """A command that must be taken: the first event it appended."""
        return dict((await self.acked(body))["events"][0])

    async def changed(self, message: dict[str, Any], view: str) -> dict[str, Any]:
        """The sections an event message changed, as a page of `view` has them: its `changes`, and those it names
        in `fetch` (too long to push, live/edges/budget.py) fetched as the page fetches them (their value now)."""
        out = dict(message.get("changes", {}))
        headers = {"Authorization": f"Bearer {self.token}"} if view == "referee" else {}
        async with httpx.AsyncClient(timeout=10) as http:
            for name in message.get("fetch", []):
                answer = await http.get(f"{self.url}/api/sections/{name}", headers=headers,
                                        params={"view": view, "since": message["seq"]})
                assert answer.status_code == 200, f"{name}: {answer.status_code} {answer.text}"
                out[name] = answer.json()
        return out

    async def referee_state(self) -> dict[str, Any]:
        """`GET /api/state` as a referee sees it (the sections only referees are shown included)."""
        async with httpx.AsyncClient(timeout=10) as http:
            answer = await http.get(f"{self.url}/api/state", headers={"Authorization": f"Bearer {self.token}"})
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    async def refused(self, body: dict[str, Any], status: int, field: str, *, rule: str | None = None,
                      code: str | None = None, sections: tuple[str, ...] = ()) -> dict[str, Any]:
        """The command is refused with `status`, naming `field` (and the `rule` and `code` given), and nothing
        is written: the log's seq and the referee's `sections` named are as they were. The answer's JSON."""
        before = await self.referee_state()
        answer = await self.command(body)
        assert answer.status_code == status, f"{body}: {answer.status_code} {answer.text}"
        refusal = answer.json()
        assert refusal["detail"]["field"] == field, answer.text
        if rule is not None:
            assert refusal["detail"]["rule"] == rule, answer.text
        if code is not None:
            assert refusal["detail"]["code"] == code, answer.text
        after = await self.referee_state()
        assert after["seq"] == before["seq"], "a refused command writes nothing"
        assert {k: after.get(k) for k in sections} == {k: before.get(k) for k in sections}
        return dict(refusal)

    def seat(self, item: str = "r1", **fields: Any) -> dict[str, Any]:
        """Publish `item`'s seating (blocking: for right after the start, before any client is connected).

        Round 1 of a preferans tournament is a draw: without `seed` the server picks one. Returns the
        `seating_published` event; raises AssertionError if the command is refused.
        """
        body = {"type": "publish_seating", "item": item, **fields}
        headers = {"Authorization": f"Bearer {self.token}"}
        with httpx.Client(timeout=10.0) as http:
            response = http.post(f"{self.url}/api/commands", json=body, headers=headers)
        return _seating_event(body, response)

    async def publish_seating(self, item: str = "r1", **fields: Any) -> dict[str, Any]:
        """`seat` without blocking the event loop (for a test whose clients are connected)."""
        body = {"type": "publish_seating", "item": item, **fields}
        return _seating_event(body, await self.command(body))

    async def get(self, path: str, *, http: httpx.AsyncClient | None = None, timeout: float = 10.0) -> httpx.Response:
        if http is not None:
            return await http.get(f"{self.url}{path}", timeout=timeout)
        async with httpx.AsyncClient(timeout=timeout) as own:
            return await own.get(f"{self.url}{path}")

    async def get_json(self, path: str, **kwargs: Any) -> Any:
        response = await self.get(path, **kwargs)
        assert response.status_code == 200, f"GET {path}: {response.status_code} {response.text}"
        return response.json()

    async def events(self, since: int = 0) -> list[dict[str, Any]]:
        """GET /api/events?since=N → the events."""
        return list((await self.get_json(f"/api/events?since={since}"))["events"])

    async def health(self) -> dict[str, Any]:
        return dict(await self.get_json("/api/health"))

    async def state(self) -> dict[str, Any]:
        return dict(await self.get_json("/api/state"))

    async def client(self, view: str = "display", player: str | None = None, since: int | None = None,
                     **kwargs: Any) -> WSClient:
        """A connected WebSocket client that collects every message in the background. A referee view
        signs in with the first message, `{"type": "auth", "token": ...}` (`token=None`: the server's)."""
        token = kwargs.pop("token", None)
        params = {k: kwargs.pop(k) for k in ("log",) if k in kwargs}  # (query parameters besides since)
        client = await WSClient.connect(self.ws_url(view, player, since, **params), **kwargs)
        if view == "referee":
            await client.send_json({"type": "auth", "token": self.token if token is None else token})
        return client


def _seating_event(body: dict[str, Any], response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, f"{body}: {response.status_code} {response.text}"
    (event,) = response.json()["events"]
    assert event["type"] == "seating_published", event
    return dict(event)


def start_server(file: str | Path, db: str | Path | None, port: int | None = None, extra_args: Sequence[str] = (),
                 *, token: str = REFEREE_TOKEN, host: str = HOST, env: dict[str, str] | None = None,
                 wait: bool = True, timeout: float = 20.0, seat: str | None = None,
                 more_files: Sequence[str | Path] = ()) -> Server:
    """Start `python -m live serve FILE --host --port --db`; by default wait for /api/health.

    `port=None` takes a free port from the OS. The
    referee token goes in LIVE_REFEREE_TOKEN.
    `db=None` gives no `--db` (an instance on Redis: `extra_args=("--redis", url)`); the server's
    output then goes beside FILE. `seat="r1"` publishes that round's seating (a draw) as soon as
    the server answers (not on a restart: the log has it already); it needs `wait`.
    """
    if seat is not None and not wait:
        raise ValueError("seat needs wait=True: the seating is published once the server answers")
    file, db = Path(file), (None if db is None else Path(db))
    port = port or free_port()
    fd, log_name = tempfile.mkstemp(prefix=f"live-{port}-", suffix=".log", dir=(db or file).parent)
    os.close(fd)
    log_path = Path(log_name)
    child_env = {**os.environ, "LIVE_REFEREE_TOKEN": token, "PYTHONUNBUFFERED": "1", **(env or {})}
    args = [sys.executable, "-m", "live", "serve", str(file), *map(str, more_files), "--host", host,
            "--port", str(port), *(["--db", str(db)] if db is not None else []), *extra_args]
    with open(log_path, "wb") as out:
        proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                cwd=REPO, env=child_env)
    server = Server(proc, host=host, port=port, file=file, db=db, token=token, log_path=log_path)
    if wait:
        server.wait_healthy(timeout)
        if seat is not None:
            seat_or_kill(server, seat)
    return server


def seat_or_kill(server: Server, item: str) -> dict[str, Any]:
    """`server.seat(item)`; a server whose seating is refused is killed (the test fails with why)."""
    try:
        return server.seat(item)
    except BaseException:
        server.kill()
        raise


async def start_server_async(*args: Any, **kwargs: Any) -> Server:
    """`start_server` in a thread, so clients of other servers keep being served while it starts."""
    return await asyncio.to_thread(start_server, *args, **kwargs)


def run_cli(*args: str, timeout: float = 30.0, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run `python -m live ARGS` to completion (e.g. a serve that must fail); output captured as text."""
    child_env = {**os.environ, "LIVE_REFEREE_TOKEN": REFEREE_TOKEN, **(env or {})}
    return subprocess.run([sys.executable, "-m", "live", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=REPO, env=child_env, stdin=subprocess.DEVNULL)


async def codes_page(server: Server) -> dict[str, str]:
    """The referee's printed list of check-in codes, as player id → code."""
    async with httpx.AsyncClient(timeout=10) as http:
        response = await http.get(f"{server.url}/api/checkin-codes",
                                  headers={"Authorization": f"Bearer {REFEREE_TOKEN}"})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/html")
    return dict(re.findall(r"<tr><td>(\w+)</td><td>[^<]*</td><td class=code>([A-Z0-9-]+)</td></tr>", response.text))


# WebSocket clients ---------------------------------------------------------------------------


def is_event(seq: int | None = None, type_: str | None = None, signal: str | None = None) -> Predicate:
    """A predicate for `event` messages, optionally with the given seq / event type / signal id."""
    def match(m: Message) -> bool:
        if m.get("type") != "event":
            return False
        event = m.get("event") or {}
        return ((seq is None or m.get("seq") == seq) and (type_ is None or event.get("type") == type_)
                and (signal is None or event.get("signal") == signal))
    return match


def is_type(kind: str) -> Predicate:
    return lambda m: m.get("type") == kind


class WSClient:
    """A real WebSocket client (the `websockets` library) reading every message in the background.

    Each decoded message is kept in `messages`, in order, with the local receive time added as
    `_received_ms` (epoch ms, same clock as the server's when both run on this machine).
    """

    def __init__(self, ws: ClientConnection, url: str) -> None:
        self.ws, self.url = ws, url
        self.messages: list[Message] = []
        self.closed = False
        self.close_code: int | None = None
        self.close_reason: str | None = None
        self._changed = asyncio.Event()
        self._reader = asyncio.create_task(self._read(), name=f"ws-reader {url}")

    @classmethod
    async def connect(cls, url: str, *, timeout: float = 10.0, **kwargs: Any) -> WSClient:
        ws = await asyncio.wait_for(connect(url, open_timeout=timeout, **kwargs), timeout)
        return cls(ws, url)

    async def _read(self) -> None:
        try:
            async for text in self.ws:
                message = json.loads(text)
                message["_received_ms"] = now_ms()
                self.messages.append(message)
                self._changed.set()
        except ConnectionClosed:
            pass
        finally:
            self.closed = True
            self.close_code, self.close_reason = self.ws.close_code, self.ws.close_reason
            self._changed.set()

    def events(self) -> list[Message]:
        return [m for m in self.messages if m.get("type") == "event"]

    def seqs(self) -> list[int]:
        """The seq of every `event` message received, in order."""
        return [int(m["seq"]) for m in self.events()]

    def last_seq(self) -> int:
        """The newest seq this client knows: from hello, snapshot or the last event."""
        known = [int(m["seq"]) for m in self.messages if m.get("type") in ("hello", "snapshot", "event")]
        return max(known, default=0)

    def find(self, predicate: Predicate, start: int = 0) -> Message | None:
        return next((m for m in self.messages[start:] if predicate(m)), None)

    async def wait_for(self, predicate: Predicate, timeout: float = 5.0, start: int = 0) -> Message:
        """The first message (from index `start`) matching `predicate`, waiting up to `timeout` seconds."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            self._changed.clear()
            found = self.find(predicate, start)
            if found is not None:
                return found
            remaining = deadline - asyncio.get_running_loop().time()
            if self.closed or remaining <= 0:
                why = f"closed ({self.close_code} {self.close_reason!r})" if self.closed else f"{timeout} s passed"
                raise AssertionError(f"{self.url}: no matching message; {why}; received {self.summary()}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), remaining)

    async def wait_count(self, predicate: Predicate, count: int, timeout: float = 5.0) -> list[Message]:
        """Wait until `count` messages match; returns them."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            self._changed.clear()
            found = [m for m in self.messages if predicate(m)]
            if len(found) >= count:
                return found
            remaining = deadline - asyncio.get_running_loop().time()
            if self.closed or remaining <= 0:
                raise AssertionError(f"{self.url}: {len(found)} of {count} messages; received {self.summary()}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), remaining)

    async def wait_closed(self, timeout: float = 5.0) -> int | None:
        """Wait until the server closes the connection; returns the close code."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._reader), timeout)
        if not self.closed:
            raise AssertionError(f"{self.url}: still open after {timeout} s")
        return self.close_code

    def summary(self, last: int = 8) -> str:
        parts = []
        for m in self.messages[-last:]:
            event = m.get("event") or {}
            parts.append(f"{m.get('type')}(seq={m.get('seq')}, {event.get('type', '')}{m.get('error', '')})")
        return f"{len(self.messages)} messages, last: {', '.join(parts)}"

    async def send_json(self, message: Any) -> None:
        await self.ws.send(json.dumps(message))

    async def ping(self, t: Any = None, timeout: float = 5.0) -> Message:
        """Send the clock-sync ping and wait for its pong."""
        t = now_ms() if t is None else t
        start = len(self.messages)
        await self.send_json({"type": "ping", "t": t})
        return await self.wait_for(lambda m: m.get("type") == "pong" and m.get("t") == t, timeout, start)

    async def close(self, timeout: float = 5.0) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(), timeout)
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._reader


async def close_all(clients: Iterable[WSClient]) -> None:
    await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)


def _parse_frame(buffer: bytearray) -> tuple[int, bool, bytes] | None:
    """Take one complete server→client frame (unmasked) off the front of `buffer`, or None if incomplete."""
    if len(buffer) < 2:
        return None
    fin, opcode = bool(buffer[0] & 0x80), buffer[0] & 0x0F
    length, offset = buffer[1] & 0x7F, 2
    if length == 126:
        if len(buffer) < 4:
            return None
        length, offset = int.from_bytes(buffer[2:4], "big"), 4
    elif length == 127:
        if len(buffer) < 10:
            return None
        length, offset = int.from_bytes(buffer[2:10], "big"), 10
    if buffer[1] & 0x80:  # masked (servers must not, but skip the key if one does)
        offset += 4
    if len(buffer) < offset + length:
        return None
    payload = bytes(buffer[offset:offset + length])
    del buffer[:offset + length]
    return opcode, fin, payload


class StalledClient:
    """A WebSocket client that upgrades by hand on a raw socket and then never reads.

    Its receive buffer is made small (`rcvbuf`) so the TCP window closes quickly and the server's
    writes to it back up, as with a phone that stopped reading. With `mss` its segments are that small too:
    the server's kernel sizes its send buffer by the segment (on loopback, of 64 KiB: over a megabyte), so
    what the kernel keeps of the backlog is then a few kilobytes, and the hub's own bound is reached after
    as many messages on every machine.
    """

    def __init__(self, sock: socket.socket, response: bytes) -> None:
        self.sock, self.response = sock, response

    @classmethod
    async def open(cls, host: str, port: int, path: str, *, rcvbuf: int = 4096, mss: int | None = None,
                   timeout: float = 10.0) -> StalledClient:
        loop = asyncio.get_running_loop()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)  # before connect: sets the window
        if mss is not None and hasattr(socket, "TCP_MAXSEG"):  # before connect: the segment size it announces
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, mss)
        sock.setblocking(False)
        try:
            await asyncio.wait_for(loop.sock_connect(sock, (host, port)), timeout)
            key = "dGhlIHNhbXBsZSBub25jZQ=="
            request = (f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                       f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
            await asyncio.wait_for(loop.sock_sendall(sock, request.encode()), timeout)
            response = b""
            while b"\r\n\r\n" not in response:
                chunk = await asyncio.wait_for(loop.sock_recv(sock, 1024), timeout)
                if not chunk:
                    break
                response += chunk
        except BaseException:
            sock.close()
            raise
        head = response.split(b"\r\n", 1)[0]
        if b" 101 " not in head + b" ":
            sock.close()
            raise AssertionError(f"the upgrade was refused: {response[:200]!r}")
        return cls(sock, response.partition(b"\r\n\r\n")[2])

    async def read_until_close(self, timeout: float = 15.0) -> tuple[int | None, list[Message]]:
        """Start reading at last: every text message that was stuck in the buffers, then the close.

        Returns (close code or None if the TCP connection ended without a close frame, the decoded
        text messages). Raises AssertionError if neither happens within `timeout` seconds.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        buffer, messages, fragments = bytearray(self.response), [], bytearray()
        self.response = b""
        while True:
            while (frame := _parse_frame(buffer)) is not None:
                opcode, fin, payload = frame
                if opcode == 0x8:
                    return (int.from_bytes(payload[:2], "big") if len(payload) >= 2 else 1005), messages
                if opcode in (0x1, 0x0):
                    fragments += payload
                    if fin:
                        messages.append(json.loads(bytes(fragments)))
                        fragments.clear()
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"no close frame within {timeout} s; {len(messages)} messages read")
            try:
                chunk = await asyncio.wait_for(loop.sock_recv(self.sock, 1 << 16), remaining)
            except TimeoutError:
                continue
            except OSError:
                chunk = b""
            if not chunk:
                return None, messages
            buffer += chunk

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()
