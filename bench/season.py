"""A season on one server: 20 competitions and 2,000 followers on one instance, and what each costs.

    .venv/bin/python bench/season.py [--competitions 20] [--followers 2000] [--events 60] [--polls 4000]

What it does, in one run (about two minutes):

1. Writes `--competitions` tournament files into one folder, half preferans opens (30 players), half bridge
   leagues (6 teams of 4), their rounds a month away (no scheduled signal fires), and starts
   `live serve FOLDER` on it. As the baseline, it also starts one competition alone (`live serve FILE`) and
   reads its memory: what twenty separate servers would take.
2. Connects `--followers` WebSocket followers (`/<id>/ws?view=display`), spread evenly, and waits for each
   one's snapshot; reads the server's memory before and after.
3. Sends `--events` announcements, round robin over the competitions, 0.2 s apart, and measures at every
   follower of that competition when it arrived (from the command's acknowledgement): latency, lost,
   duplicated; and the server's CPU time over the phase, per event and per delivery.
4. Followers who only look now and then (`GET /<id>/api/public`, live/edges/web/public_api.py): `--polls`
   requests with `If-None-Match` (answered 304 until the next event), the same number without (the
   encoded answer kept per seq), and, as the baseline, as many of `GET /<id>/api/state` (made for each
   request); the server's CPU time per request for each.

Nothing is asserted; the figures are printed for a person to read (bench/README.md).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import psutil
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import free_port, percentile, stop

REPO = Path(__file__).resolve().parents[1]
TOKEN = "bench-season-token"


def preferans(ident: str, start: str) -> str:
    players = "".join(f'[[players]]\nid = "p{n}"\nname = "Player {n}"\n\n' for n in range(1, 31))
    return (f'[tournament]\nid = "{ident}"\nname = "Open {ident}"\ntimezone = "UTC"\npreset = "cacak-preferans"\n\n'
            f'[[timetable]]\nid = "r1"\nkind = "round"\nround = 1\nstart = {start}\nminutes = 180\n\n{players}')


def league(ident: str, start: str) -> str:
    teams = "".join(f'[[teams]]\nid = "t{t}"\nname = "Club {t}"\n\n' for t in range(1, 7))
    players = "".join(f'[[players]]\nid = "t{t}p{p}"\nname = "Player {t}.{p}"\nteam = "t{t}"\n\n'
                      for t in range(1, 7) for p in range(1, 5))
    return (f'[tournament]\nid = "{ident}"\nname = "League {ident}"\ntimezone = "UTC"\npreset = "slovak-league"\n\n'
            f'[[timetable]]\nid = "m1"\nkind = "match"\nround = 1\nboards = 24\nstart = {start}\nminutes = 195\n\n'
            f'{teams}{players}')


def write_season(folder: Path, count: int) -> list[str]:
    start = time.strftime("%Y-%m-%dT10:00:00", time.gmtime(time.time() + 30 * 86400))
    ids = []
    for n in range(count):
        ident = f"c{n:02d}"
        (folder / f"{ident}.toml").write_text((preferans if n % 2 == 0 else league)(ident, start), encoding="utf-8")
        ids.append(ident)
    return ids


def serve(args: list[str], folder: Path, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "LIVE_REFEREE_TOKEN": TOKEN, "LIVE_ORGANIZER_TOKEN": TOKEN}
    log = open(folder / f"server-{port}.log", "wb")  # noqa: SIM115  (closed with the process, below)
    return subprocess.Popen([sys.executable, "-m", "live", "serve", *args, "--host", "127.0.0.1", "--port", str(port)],
                            cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)


async def healthy(port: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient(timeout=2) as http:
        while time.monotonic() < deadline:
            try:
                if (await http.get(f"http://127.0.0.1:{port}/api/health")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise RuntimeError(f"the server on {port} did not come up")


def rss_mb(proc: psutil.Process) -> float:
    return float(proc.memory_info().rss) / 2**20


def cpu_s(proc: psutil.Process) -> float:
    times = proc.cpu_times()
    return float(times.user + times.system)


class Follower:
    """One follower's socket, noting when each announcement arrived."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.arrived: dict[int, float] = {}
        self.duplicates = 0
        self.task = asyncio.ensure_future(self.read())

    async def read(self) -> None:
        try:
            async for text in self.ws:
                message = json.loads(text)
                if message.get("type") == "event":
                    seq = int(message["seq"])
                    if seq in self.arrived:
                        self.duplicates += 1
                    self.arrived[seq] = time.monotonic()
        except Exception:  # (a follower that fell off is counted as losing what it missed)
            return


async def follow(port: int, ident: str) -> Follower:
    ws = await connect(f"ws://127.0.0.1:{port}/{ident}/ws?view=display", max_size=2**22, compression=None,
                       open_timeout=60)
    first = json.loads(await ws.recv())
    assert first["type"] == "hello", first
    json.loads(await ws.recv())  # the snapshot
    return Follower(ws)


async def polls(port: int, paths: list[str], count: int, headers: dict[str, str] | None = None) -> tuple[float, int]:
    """`count` GETs over the paths, 50 at a time on kept-alive connections; (seconds, 304s)."""
    limits = httpx.Limits(max_connections=50, max_keepalive_connections=50)
    not_modified = 0
    async with httpx.AsyncClient(timeout=30, limits=limits, headers={"Accept-Encoding": "gzip"}) as http:
        queue = [paths[n % len(paths)] for n in range(count)]
        started = time.monotonic()

        async def worker() -> None:
            nonlocal not_modified
            while queue:
                path = queue.pop()
                answer = await http.get(f"http://127.0.0.1:{port}{path}", headers=headers(path) if callable(headers)
                                        else headers)
                not_modified += answer.status_code == 304
        await asyncio.gather(*(worker() for _ in range(50)))
        return time.monotonic() - started, not_modified


async def run(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="live-bench-season-"))
    season, alone_folder = folder / "season", folder / "alone"
    season.mkdir()
    alone_folder.mkdir()
    ids = write_season(season, args.competitions)
    shutil.copy(season / "c01.toml", alone_folder / "c01.toml")
    port, alone_port = free_port(), free_port()
    server = serve([str(season), "--db", str(folder / "logs")], folder, port)
    alone = serve([str(alone_folder / "c01.toml"), "--db", str(folder / "alone.db")], folder, alone_port)
    followers: list[Follower] = []
    try:
        await asyncio.gather(healthy(port), healthy(alone_port))
        proc, alone_proc = psutil.Process(server.pid), psutil.Process(alone.pid)
        await asyncio.sleep(1)
        idle, one = rss_mb(proc), rss_mb(alone_proc)
        stop(alone)
        print(f"\n{args.competitions} competitions on one instance ({args.competitions // 2} preferans opens of 30 "
              f"players, {args.competitions - args.competitions // 2} leagues of 6 teams)")
        print(f"  memory, started:          {idle:7.1f} MB   (one competition alone: {one:.1f} MB; "
              f"{args.competitions} such servers: {one * args.competitions:.0f} MB)")

        started = time.monotonic()
        for batch in range(0, args.followers, 200):
            followers += await asyncio.gather(*(follow(port, ids[n % len(ids)])
                                                for n in range(batch, min(batch + 200, args.followers))))
        connected = time.monotonic() - started
        with_followers = rss_mb(proc)
        print(f"  followers connected:      {len(followers):7d}      in {connected:.1f} s "
              f"({len(followers) // len(ids)} per competition, the hall display's view)")
        print(f"  memory with followers:    {with_followers:7.1f} MB   "
              f"({(with_followers - idle) * 1024 / len(followers):.1f} KB per follower)")

        by_competition = {ident: [f for n, f in enumerate(followers) if ids[n % len(ids)] == ident] for ident in ids}
        sent: list[tuple[str, int, float]] = []
        cpu_before = cpu_s(proc)
        async with httpx.AsyncClient(timeout=10, headers={"Authorization": f"Bearer {TOKEN}"}) as http:
            for n in range(args.events):
                ident = ids[n % len(ids)]
                t0 = time.monotonic()
                answer = await http.post(f"http://127.0.0.1:{port}/{ident}/api/commands",
                                         json={"type": "announce", "text": f"result {n} in"})
                sent.append((ident, int(answer.json()["seq"]), t0))
                await asyncio.sleep(0.2)
        await asyncio.sleep(2)
        cpu_events = cpu_s(proc) - cpu_before
        latencies, lost, deliveries = [], 0, 0
        for ident, seq, t0 in sent:
            for follower in by_competition[ident]:
                if seq in follower.arrived:
                    latencies.append((follower.arrived[seq] - t0) * 1000)
                    deliveries += 1
                else:
                    lost += 1
        latencies.sort()
        duplicates = sum(f.duplicates for f in followers)
        print(f"  events:                   {len(sent):7d}      each to its competition's "
              f"{args.followers // len(ids)} followers: {deliveries} deliveries, {lost} lost, {duplicates} duplicated")
        print(f"  latency (command → seen): p50 {percentile(latencies, 50):.1f} ms, "
              f"p99 {percentile(latencies, 99):.1f} ms, max {latencies[-1] if latencies else 0:.1f} ms")
        print(f"  server CPU for them:      {cpu_events:7.2f} s    ({cpu_events * 1000 / max(1, len(sent)):.1f} ms "
              f"per event, {cpu_events * 1e6 / max(1, deliveries):.0f} µs per delivery, the HTTP commands included)")

        paths = [f"/{ident}/api/public" for ident in ids]
        async with httpx.AsyncClient(timeout=10) as http:
            tags = {p: (await http.get(f"http://127.0.0.1:{port}{p}")).headers["etag"] for p in paths}
        await polls(port, paths + [f"/{ident}/api/state" for ident in ids], args.polls // 4)  # (warm-up, not counted)
        rows = []
        for label, asked, headers in (
                ("/api/public, If-None-Match (304)", paths, lambda p: {"If-None-Match": tags[p]}),
                ("/api/public, no ETag (200, kept)", paths, None),
                ("/api/state (baseline, made each time)", [f"/{ident}/api/state" for ident in ids], None)):
            before = cpu_s(proc)
            seconds, not_modified = await polls(port, asked, args.polls, headers)
            cpu = cpu_s(proc) - before
            rows.append((label, seconds, cpu, not_modified))
        print(f"  followers who poll ({args.polls} requests each way, 50 at a time):")
        for label, seconds, cpu, not_modified in rows:
            print(f"    {label:40s} {args.polls / seconds:7.0f} req/s, server CPU {cpu * 1e6 / args.polls:6.0f} µs "
                  f"per request" + (f", {not_modified} answered 304" if not_modified else ""))
        baseline = rows[-1][2]
        print(f"    the cached answer costs {rows[0][2] / baseline:.2f}× (304) and {rows[1][2] / baseline:.2f}× (200) "
              f"the CPU of the baseline")
        print(f"  memory at the end:        {rss_mb(proc):7.1f} MB")
    finally:
        for follower in followers:
            follower.task.cancel()
            await follower.ws.close()
        stop(server)
        if alone.poll() is None:
            stop(alone)
        shutil.rmtree(folder, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--competitions", type=int, default=20)
    parser.add_argument("--followers", type=int, default=2000)
    parser.add_argument("--events", type=int, default=60)
    parser.add_argument("--polls", type=int, default=4000)
    args: Any = parser.parse_args()
    asyncio.run(run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
