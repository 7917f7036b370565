"""Scheduled-signal benchmark: how late the scheduler appends timetable signals.

Writes a tournament whose timetable is many short rounds back to back, so that the round
signals (call, start, last deals, end) fall `--gap` seconds apart, starts the real server
(`python -m live serve`) on a free port, watches the hall with one display WebSocket, and at
the end reads the whole log (GET /api/events). For every signal event it computes how late
it was appended: the event's `ts` minus its payload's `due_at` (both epoch ms, both taken by
the server). It prints p50 / p99 / max lateness, how many signals fired against how many the
timetable implies, duplicates by signal id, and how late the events reached the display.
It prints figures; it does not assert. See bench/README.md.

    python bench/signals.py [--signals 200] [--gap 0.3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from common import free_port, percentile  # bench/common.py (the script's own folder)

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "bench-referee-token"
KINDS = ("call", "start", "last_deals", "end")  # a round's signals, in due order, `gap` apart


def tournament(path: Path, rounds: int, gap: float, first_due: datetime) -> dict[str, int]:
    """Write the tournament file; return every expected signal id with its due time (epoch ms).

    Round k (0-based) is called at first_due + 4k·gap, starts one gap later, hears the last
    deals after another gap and ends after a third; round k+1 is called one gap after that,
    so no round starts while another one runs (a start that did would be held, not started).

    The rounds are bridge matches of one segment (preset novi-sad-teams, `segments = 1`, no
    teams, so no break and no lateness alert): a preferans round starts only once its seating is
    published, and every seating after the first waits for the round before it to be scored — a
    referee's work, not the scheduler's. A match needs none, so every signal is the scheduler's own.
    """
    minutes = gap / 60  # rules and timetable durations are in minutes; floats are allowed
    lines = [
        "[tournament]", 'name = "Signal benchmark"', 'timezone = "UTC"', 'preset = "novi-sad-teams"', "",
        "[rules]", f"call_before = {minutes!r}", f"last_deals_warning = {minutes!r}", "segments = 1", "",
    ]
    expected: dict[str, int] = {}
    for k in range(rounds):
        start = first_due + timedelta(seconds=(4 * k + 1) * gap)
        local = start.astimezone(UTC).replace(tzinfo=None)  # timetable times are local to the zone: UTC
        lines += ["[[timetable]]", f'id = "r{k + 1}"', 'kind = "match"', f"round = {k + 1}",
                  f"start = {local.isoformat(timespec='milliseconds')}", f"minutes = {2 * minutes!r}", ""]
        base_ms = round(start.timestamp() * 1000)
        gap_ms = round(gap * 1000)
        for offset, kind in zip((-1, 0, 1, 2), KINDS, strict=True):
            expected[f"r{k + 1}:{kind}"] = base_ms + offset * gap_ms
    path.write_text("\n".join(lines), encoding="utf-8")
    return expected


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


async def watch(url: str, expected: set[str], deadline: float) -> tuple[dict[str, float], list[str]]:
    """One display client: when (epoch ms) each signal event arrived, until all came or the deadline."""
    from websockets.asyncio.client import connect

    arrived: dict[str, float] = {}
    problems: list[str] = []
    async with connect(url, compression=None, max_size=None) as ws:
        while not expected <= arrived.keys():
            left = deadline - time.time()
            if left <= 0:
                break
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=left)
            except TimeoutError:
                break
            now = time.time() * 1000
            message = json.loads(text)
            if message.get("type") == "event":
                sig = message["event"].get("signal")
                if sig:
                    arrived.setdefault(sig, now)
            elif message.get("type") == "error":
                problems.append(str(message))
    return arrived, problems


def main() -> int:
    parser = argparse.ArgumentParser(description="Scheduled-signal lateness benchmark for the live server.")
    parser.add_argument("--signals", type=int, default=200, help="about how many signals (4 per round; default 200)")
    parser.add_argument("--gap", type=float, default=0.3, help="seconds between successive signals (default 0.3)")
    parser.add_argument("--lead", type=float, default=5.0,
                        help="seconds from launching the server to the first signal (default 5)")
    args = parser.parse_args()
    if args.signals < 1 or not 0.01 <= args.gap <= 60 or args.lead < 1:
        parser.error("--signals must be at least 1, --gap between 0.01 and 60 s, --lead at least 1 s")

    rounds = math.ceil(args.signals / len(KINDS))
    folder = Path(tempfile.mkdtemp(prefix="bench-signals-"))
    now = datetime.now(UTC)
    first_due = now.replace(microsecond=now.microsecond // 1000 * 1000) + timedelta(seconds=args.lead)
    expected = tournament(folder / "signals.toml", rounds, args.gap, first_due)
    last_due_ms = max(expected.values())
    port = free_port()
    env = {**os.environ, "LIVE_REFEREE_TOKEN": TOKEN, "PYTHONUNBUFFERED": "1"}
    log_path = folder / "server.log"
    print(f"{len(expected)} signals in {rounds} rounds, {args.gap * 1000:.0f} ms apart, the first in {args.lead:g} s; "
          f"about {args.lead + len(expected) * args.gap:.0f} s in all …", flush=True)
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "live", "serve", str(folder / "signals.toml"), "--host", "127.0.0.1",
             "--port", str(port), "--db", str(folder / "signals.db")],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        ready_at = None
        while ready_at is None:
            if proc.poll() is not None:
                print(f"the server exited:\n{log_path.read_text()[-2000:]}", file=sys.stderr)
                return 1
            try:
                get_json(f"{base}/api/health")
                ready_at = time.time() * 1000
            except OSError:
                if time.time() * 1000 > min(expected.values()) + 30_000:
                    print("the server did not answer", file=sys.stderr)
                    return 1
                time.sleep(0.05)
        first_due_ms = min(expected.values())
        if ready_at > first_due_ms:
            print(f"warning: the server answered {ready_at - first_due_ms:.0f} ms after the first signal was due; "
                  "use a longer --lead", file=sys.stderr)
        deadline = last_due_ms / 1000 + 5
        arrived, problems = asyncio.run(watch(f"ws://127.0.0.1:{port}/ws?view=display", set(expected), deadline))
        events = get_json(f"{base}/api/events?since=0")["events"]
    except BaseException:
        print(f"the server's log is in {log_path}", file=sys.stderr)
        raise
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    shutil.rmtree(folder, ignore_errors=True)

    # every log begins with the file recorded as the plan (signal id `plan`): not a timetable signal
    signal_events = [e for e in events if e.get("signal") and e["type"] != "plan_recorded"]
    ids = Counter(e["signal"] for e in signal_events)
    duplicates = sum(n - 1 for n in ids.values() if n > 1)
    fired = {e["signal"]: e for e in signal_events if e["signal"] in expected}
    missing = sorted(set(expected) - fired.keys(), key=lambda s: expected[s])
    unexpected = sorted(set(ids) - set(expected))
    held = [e for e in signal_events if e["type"] == "round_start_held"]
    lateness = sorted(float(e["ts"] - e["payload"]["due_at"]) for e in fired.values())
    due_mismatch = [s for s, e in fired.items() if abs(e["payload"]["due_at"] - expected[s]) > 2]
    by_kind: dict[str, list[float]] = {k: [] for k in KINDS}
    for sig, e in fired.items():
        by_kind[sig.split(":", 1)[1]].append(float(e["ts"] - e["payload"]["due_at"]))
    shown = sorted(arrived[s] - fired[s]["payload"]["due_at"] for s in fired if s in arrived)

    print(f"\nscheduled signals: {len(expected)} expected ({rounds} rounds × {len(KINDS)}), {args.gap * 1000:.0f} ms "
          "apart\n")
    print(f"  fired                              {len(fired)} of {len(expected)}")
    print(f"  missing                            {len(missing)}" + (f"  (first: {', '.join(missing[:5])})"
                                                                    if missing else ""))
    print(f"  duplicates by signal id            {duplicates}")
    print(f"  held starts (round_start_held)     {len(held)}")
    if unexpected:
        print(f"  signal ids not in the timetable    {len(unexpected)}  ({', '.join(unexpected[:5])})")
    if due_mismatch:
        print(f"  due_at differs from the timetable  {len(due_mismatch)}  ({', '.join(due_mismatch[:5])})")
    print("\n  lateness, event ts − payload due_at (appended to the log):")
    print(f"    p50 {percentile(lateness, 50):.0f} ms   p99 {percentile(lateness, 99):.0f} ms   "
          f"max {lateness[-1] if lateness else math.nan:.0f} ms   min {lateness[0] if lateness else math.nan:.0f} ms")
    for kind, values in by_kind.items():
        values.sort()
        if values:
            print(f"    {kind:<11} p50 {percentile(values, 50):4.0f} ms   p99 {percentile(values, 99):4.0f} ms   "
                  f"max {values[-1]:4.0f} ms   ({len(values)})")
    print("\n  shown on a display WebSocket, receipt − due_at (includes the log's fsync):")
    print(f"    p50 {percentile(shown, 50):.0f} ms   p99 {percentile(shown, 99):.0f} ms   "
          f"max {shown[-1] if shown else math.nan:.0f} ms   ({len(shown)} of {len(fired)} seen)")
    if problems:
        print(f"  the display was told: {problems[:3]}")
    p99 = percentile(lateness, 99)
    print(f"\n  goal (reported, not asserted): p99 lateness < 20 ms — {'met' if p99 < 20 else 'NOT met'}; "
          f"every signal once — {'yes' if not missing and not duplicates else 'NO'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
