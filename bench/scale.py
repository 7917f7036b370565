"""What one event costs as the field grows: per-command latency, bytes pushed, replay.

    python bench/scale.py [--players 300 1000 10000] [--game preferans bridge]
                          [--checkins 200] [--results 100]

For each size and game, through the real server (`python -m live serve`, its SQLite log in a
temporary folder, one display connected on its WebSocket):

1. A tournament of N players: preferans (Čačak preset, one round, N players), or bridge (Novi
   Sad preset, N/4 teams of four, one match).
2. One seating publication, then `--checkins` check-ins, the round started, then `--results`
   results (preferans tables, bridge matches), each command on a keep-alive HTTP connection,
   one at a time; the time is from the request to its acknowledgement.
3. The bytes of every event message the display got (the `seq` of each command's answer picks
   its message); for a message that names sections in `fetch` (too long to push, live/edges/budget.py),
   the bytes the display then fetched (`GET /api/sections/<name>`, gzipped, as on the wire) and the
   time from the message to the last answer, as a page fetches them; and the size and time of one
   `GET /api/state`.
4. After the server stops: the time to read its log and fold it from the start (as at a
   restart), and the same for a log of `--replay-events` events (the run's log padded with
   announcements), to compare with the replay goal.

Goals (docs/design.md#scale): at 10,000 players a check-in p99 under 20 ms and a display message under
4 KB; replay of 100,000 events under 3 s. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import free_port, percentile, stop
from live.core import events as E
from live.core.events import NewEvent
from live.core.state import fold
from live.core.tournament import Tournament, load
from live.edges.demo import table_results
from live.edges.log.sqlite import SQLiteLog

TOKEN = "bench-scale-token"


def tournament_file(path: Path, players: int, game: str) -> Path:
    """One round (or match) fifty minutes away: check-in is open, and no signal falls due during the run."""
    start = (datetime.now(UTC) + timedelta(minutes=50)).replace(microsecond=0)
    if game == "preferans":
        head = '[tournament]\nname = "Scale Open"\ntimezone = "UTC"\npreset = "cacak-preferans"\n'
        item = (f'[[timetable]]\nid = "r1"\nkind = "round"\nround = 1\nstart = {start:%Y-%m-%dT%H:%M:%S}\n'
                "minutes = 180\n")
        people = "".join(f'[[players]]\nid = "p{n:05d}"\nname = "Player {n}"\n' for n in range(1, players + 1))
        path.write_text(head + item + people, encoding="utf-8")
        return path
    teams = players // 4
    head = '[tournament]\nname = "Scale Teams"\ntimezone = "UTC"\npreset = "novi-sad-teams"\n'
    item = (f'[[timetable]]\nid = "r1"\nkind = "match"\nround = 1\nstart = {start:%Y-%m-%dT%H:%M:%S}\n'
            "minutes = 120\nboards = 12\n")
    rows = "".join(f'[[teams]]\nid = "t{k:05d}"\nname = "Team {k}"\n' for k in range(1, teams + 1))
    rows += "".join(f'[[players]]\nid = "p{k:05d}{m}"\nname = "Player {k}.{m}"\nteam = "t{k:05d}"\n'
                    for k in range(1, teams + 1) for m in range(1, 5))
    path.write_text(head + item + rows, encoding="utf-8")
    return path


@dataclass
class Run:
    game: str
    players: int
    latency: dict[str, list[float]] = field(default_factory=dict)
    pushed: dict[str, list[int]] = field(default_factory=dict)
    #: Per command kind, for the messages that named sections to fetch: the bytes fetched and the ms it took.
    fetched: dict[str, list[tuple[int, float]]] = field(default_factory=dict)
    state_bytes: int = 0
    state_ms: float = 0.0
    events: int = 0
    replay_ms: float = 0.0
    padded_events: int = 0
    padded_replay_ms: float = 0.0


class Display:
    """One display on the WebSocket, keeping the size of every event message by seq, and fetching what a
    message names in `fetch` as the page does (gzip, the view's sections as of that seq or later)."""

    def __init__(self, url: str, http_url: str) -> None:
        self.url = url
        self.sizes: dict[int, int] = {}
        self.snapshot = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._http = httpx.AsyncClient(base_url=http_url, timeout=120, headers={"Accept-Encoding": "gzip"})
        self._fetches: dict[int, asyncio.Task[tuple[int, float]]] = {}

    async def __aenter__(self) -> Display:
        self._ws = await websockets.connect(self.url, max_size=None, compression=None)
        self._task = asyncio.create_task(self._read())
        await asyncio.wait_for(self.snapshot.wait(), 60)
        return self

    async def _read(self) -> None:
        async for text in self._ws:
            message = json.loads(text)
            if message.get("type") == "snapshot":
                self.snapshot.set()
            elif message.get("type") == "event":
                seq = int(message["seq"])
                self.sizes[seq] = len(text.encode() if isinstance(text, str) else text)
                if message.get("fetch"):
                    self._fetches[seq] = asyncio.create_task(self._fetch(seq, list(message["fetch"])))

    async def _fetch(self, seq: int, names: list[str]) -> tuple[int, float]:
        """The bytes on the wire of the sections `names`, fetched at once as after `seq`, and the ms it took."""
        began = time.perf_counter()
        answers = await asyncio.gather(*(self._http.get(f"/api/sections/{name}", params={"view": "display",
                                                                                        "since": seq})
                                         for name in names))
        for answer in answers:
            answer.raise_for_status()
        return sum(a.num_bytes_downloaded for a in answers), (time.perf_counter() - began) * 1000

    async def fetched(self, seq: int) -> tuple[int, float] | None:
        task = self._fetches.get(seq)
        return None if task is None else await task

    async def wait_for(self, seq: int, timeout: float = 60) -> int:
        deadline = time.monotonic() + timeout
        while seq not in self.sizes:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the display never got seq {seq}")
            await asyncio.sleep(0.002)
        return self.sizes[seq]

    async def __aexit__(self, *exc: object) -> None:
        await self._ws.close()
        if self._task is not None:
            self._task.cancel()
        await self._http.aclose()


async def send(http: httpx.AsyncClient, run: Run, display: Display, kind: str, body: dict[str, Any]) -> None:
    began = time.perf_counter()
    response = await http.post("/api/commands", json=body)
    run.latency.setdefault(kind, []).append((time.perf_counter() - began) * 1000)
    if response.status_code != 200:
        raise RuntimeError(f"{kind} refused: {response.status_code} {response.text}")
    seq = int(response.json()["seq"])
    run.pushed.setdefault(kind, []).append(await display.wait_for(seq))
    fetched = await display.fetched(seq)
    if fetched is not None:
        run.fetched.setdefault(kind, []).append(fetched)


def start_server(file: Path, db: Path, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "LIVE_REFEREE_TOKEN": TOKEN}
    return subprocess.Popen([sys.executable, "-m", "live", "serve", str(file), "--host", "127.0.0.1",
                             "--port", str(port), "--db", str(db)], env=env,
                            stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)


async def healthy(http: httpx.AsyncClient, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        try:
            if (await http.get("/api/health")).status_code == 200:
                return
        except httpx.TransportError:
            pass
        await asyncio.sleep(0.1)
    raise TimeoutError("the server did not start")


async def drive(run: Run, folder: Path, checkins: int, results: int) -> Path:
    file = tournament_file(folder / f"{run.game}-{run.players}.toml", run.players, run.game)
    db = folder / f"{run.game}-{run.players}.db"
    port = free_port()
    proc = start_server(file, db, port)
    headers = {"Authorization": f"Bearer {TOKEN}"}
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", headers=headers, timeout=600) as http:
            await healthy(http, proc)
            async with Display(f"ws://127.0.0.1:{port}/ws?view=display", f"http://127.0.0.1:{port}") as display:
                await send(http, run, display, "publish_seating", {"type": "publish_seating", "item": "r1"})
                began = time.perf_counter()
                response = await http.get("/api/state")
                run.state_ms = (time.perf_counter() - began) * 1000
                run.state_bytes = len(response.content)
                state = response.json()
                entrants = state["players"] if run.game == "preferans" else state["teams"]
                who = [x["id"] for x in entrants]
                field_name = "player" if run.game == "preferans" else "team"
                for ident in who[:checkins]:
                    await send(http, run, display, "check_in", {"type": "check_in", "item": "r1", field_name: ident})
                await send(http, run, display, "start_round", {"type": "start_round", "item": "r1"})
                seating = state["seating"]["r1"]
                rng = random.Random(1)
                if run.game == "preferans":
                    for table in seating["tables"][:results]:
                        await send(http, run, display, "record_result", {
                            "type": "record_result", "item": "r1", "table": table["table"],
                            "results": table_results(list(table["players"]), rng)})
                else:
                    for match in seating["matches"][:results]:
                        await send(http, run, display, "record_result", {
                            "type": "record_result", "item": "r1", "home": match["home"], "away": match["away"],
                            "imps_home": rng.randint(0, 60), "imps_away": rng.randint(0, 60)})
    finally:
        stop(proc, timeout=30)
    return file


async def timed_fold(t: Tournament, db: Path) -> tuple[float, int]:
    """The ms to read a log and fold it from the start, as at a restart, and its number of events."""
    log = SQLiteLog(db, t.id)
    await log.open()
    try:
        began = time.perf_counter()
        events = await log.read(0)
        fold(t, events)
        return (time.perf_counter() - began) * 1000, len(events)
    finally:
        await log.close()


async def replay(file: Path, db: Path, pad_to: int, run: Run) -> None:
    """Fold the run's log; then the same log padded with announcements to `pad_to` events."""
    t = load(file)
    run.replay_ms, run.events = await timed_fold(t, db)
    log = SQLiteLog(db, t.id)
    await log.open()
    for n in range(max(0, pad_to - run.events)):
        await log.append(NewEvent(E.ANNOUNCED, "referee", {"text": f"Announcement {n}: table {n % 300} please call"}))
    await log.close()
    run.padded_replay_ms, run.padded_events = await timed_fold(t, db)


def report(run: Run) -> None:
    print(f"\n== {run.game}, {run.players} players ==")
    print(f"{'command':<16}{'n':>5}{'p50 ms':>10}{'p99 ms':>10}{'max ms':>10}{'display B p50':>15}{'max B':>10}")
    for kind, values in run.latency.items():
        ms = sorted(values)
        size = sorted(run.pushed.get(kind, []))
        print(f"{kind:<16}{len(ms):>5}{percentile(ms, 50):>10.1f}{percentile(ms, 99):>10.1f}{ms[-1]:>10.1f}"
              f"{percentile(size, 50):>15.0f}{size[-1]:>10}")
    for kind, fetches in run.fetched.items():
        size, ms = max(b for b, _ in fetches), max(t for _, t in fetches)
        print(f"{kind}: {len(fetches)} message(s) named sections to fetch; the display fetched at most "
              f"{size / 1024:.1f} KiB (gzip) in {ms:.0f} ms")
    print(f"GET /api/state: {run.state_bytes / 1024:.0f} KiB in {run.state_ms:.0f} ms")
    print(f"replay of its log: {run.events} events in {run.replay_ms:.0f} ms; "
          f"padded to {run.padded_events} events: {run.padded_replay_ms:.0f} ms")
    checkin = sorted(run.latency.get("check_in", [0.0]))
    pushed = max((max(v) for v in run.pushed.values()), default=0)
    if run.players >= 10_000:
        p99 = percentile(checkin, 99)
        print(f"goal check-in p99 < 20 ms: {p99:.1f} ms — {'met' if p99 < 20 else 'NOT met'}")
        print(f"goal display message < 4 KB: largest {pushed} B — {'met' if pushed < 4096 else 'NOT met'}")
    if run.padded_events >= 100_000:
        print(f"goal replay of 100,000 events < 3 s: {run.padded_replay_ms / 1000:.2f} s — "
              f"{'met' if run.padded_replay_ms < 3000 else 'NOT met'}")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, nargs="+", default=[300, 1000, 10_000])
    parser.add_argument("--game", nargs="+", choices=["preferans", "bridge"], default=["preferans", "bridge"])
    parser.add_argument("--checkins", type=int, default=200)
    parser.add_argument("--results", type=int, default=100)
    parser.add_argument("--replay-events", type=int, default=100_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-scale-") as tmp:
        folder = Path(tmp)
        for game in args.game:
            for players in args.players:
                run = Run(game, players)
                print(f"running {game} with {players} players …", flush=True)
                file = await drive(run, folder, args.checkins, args.results)
                await replay(file, folder / f"{game}-{players}.db", args.replay_events, run)
                report(run)


if __name__ == "__main__":
    asyncio.run(main())
