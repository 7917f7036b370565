"""The `live` command: serve a tournament, run the demo, check a tournament file."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import secrets
import socket
import sys
import tempfile
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from live.tournament import Tournament, TournamentFileError, load

if TYPE_CHECKING:
    from live.hall import Hall

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DEMO_FILE = EXAMPLES / "cacak-preferans-2027.toml"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="live", description="Live server for card-game tournament halls.")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run a tournament")
    serve.add_argument("file", help="the tournament file (TOML)")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all, for the hall's LAN)")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--db", help="the event log file (default: FILE's name with .db, in the current folder)")
    serve.add_argument("--redis", metavar="URL",
                       help="share the event log through Redis (redis://host:6379/0) with other instances; "
                            "one of them runs the scheduler")
    serve.add_argument("--redis-prefix", default="live", help="key prefix in Redis (one per tournament)")
    serve.add_argument("--public-url", help="the address phones in the hall use, for the QR code "
                                            "(default: the address the display was opened with)")

    demo = sub.add_parser("demo", help="the bundled tournament, compressed to start a minute from now")
    demo.add_argument("--speed", type=float, default=60.0,
                      help="how many times faster than real time the timetable runs "
                           "(default 60: a 3-hour round lasts 3 minutes)")
    demo.add_argument("--host", default="127.0.0.1")
    demo.add_argument("--port", type=int, default=8000)
    demo.add_argument("--db", help="the event log file (default: a new temporary file)")
    demo.add_argument("--public-url", help="the address phones use, for the QR code")

    check = sub.add_parser("check", help="validate a tournament file and print its timetable")
    check.add_argument("file")

    table = sub.add_parser("vp-table", help="print the IMP → VP table a referee pins to the wall")
    table.add_argument("--scale", choices=("wbf", "slovak25"), required=True,
                       help="wbf: WBF continuous 20-VP scale; slovak25: the Slovak league's 25-VP table")
    table.add_argument("--boards", type=int, required=True, help="boards per match")

    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("apscheduler").setLevel(logging.WARNING)
    try:
        if args.command == "check":
            return _check(args.file)
        if args.command == "vp-table":
            from live.rules.vp import vp_table_text

            try:
                print(vp_table_text(args.scale, args.boards))
            except ValueError as exc:
                print(f"error: {exc}", file=sys.stderr)
                return 1
            return 0
        if args.command == "serve":
            tournament = load(args.file)
            if args.redis:
                if args.db:
                    parser.error("--db and --redis are two different logs: give one")
                return _serve_redis(tournament, args.redis, args.redis_prefix, args.host, args.port, args.public_url)
            db = Path(args.db) if args.db else Path.cwd() / (Path(args.file).stem + ".db")
            return _serve(tournament, db, args.host, args.port, public_url=args.public_url)
        if args.command == "demo":
            if args.speed <= 0 or args.speed > 3600:
                parser.error("--speed must be more than 0 and at most 3600")
            start = datetime.now(UTC).replace(microsecond=0) + timedelta(minutes=1)
            tournament = load(DEMO_FILE).rescheduled(start, args.speed)
            db = Path(args.db) if args.db else Path(tempfile.mkdtemp(prefix="live-demo-")) / "demo.db"
            return _serve(tournament, db, args.host, args.port, demo=True, public_url=args.public_url)
    except TournamentFileError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 2


def _check(path: str) -> int:
    t = load(path)
    zone = t.zone
    print(f"{t.name}  ({t.preset}, {t.timezone}, languages {', '.join(t.languages)})")
    print(f"{len(t.players)} players, {len(t.teams)} teams, {len(t.items)} timetable items")
    day = None
    for item in t.items:
        start, end = item.start.astimezone(zone), item.end.astimezone(zone)
        if start.date() != day:
            day = start.date()
            print(f"\n{start:%A %d %B %Y}")
        extra = ""
        if item.playing:
            parts = t.segments(item)
            extra = f"  [{item.boards} boards]" if item.boards else ""
            extra += f"  [{parts} parts]" if parts > 1 else ""
        print(f"  {start:%H:%M}–{end:%H:%M}  {item.id:<10} {item.kind:<12} {item.title}{extra}")
    return 0


def kept_secret(db: Path, suffix: str, env: str, size: int) -> str:
    """The environment's value, else the one stored beside the log (owner-only file), else a new
    one stored there: the same token and check-in codes on every restart."""
    if os.environ.get(env):
        return os.environ[env]
    path = db.with_name(db.name + suffix)
    if path.exists():
        return path.read_text().strip()
    value = secrets.token_urlsafe(size)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch(mode=0o600)
    path.write_text(value + "\n")
    return value


def referee_token(db: Path) -> str:
    return kept_secret(db, ".token", "LIVE_REFEREE_TOKEN", 18)


def _serve_redis(tournament: Tournament, url: str, prefix: str, host: str, port: int, public_url: str | None) -> int:
    """An instance on a shared Redis log. The referee token and the check-in secret are shared too:
    from the environment, else kept in Redis by the first instance, so every instance agrees.
    LIVE_LEASE_TTL (seconds, default 15; renewed every third of it) bounds how long the scheduler
    waits for a new leader when the instance running it dies."""
    import redis

    from live.hall import Hall
    from live.log import LogUnavailable, TournamentMismatch
    from live.log.redis import RedisLog
    from scheduler.lease import Lease

    raw_ttl = os.environ.get("LIVE_LEASE_TTL") or "15"
    try:
        ttl = float(raw_ttl)
    except ValueError:
        ttl = 0.0
    if not 1 <= ttl <= 3600:
        print(f"error: LIVE_LEASE_TTL must be seconds from 1 to 3600, not {raw_ttl!r}", file=sys.stderr)
        return 1
    log_ = RedisLog(url, tournament.name, key_prefix=prefix)
    try:
        log_.verify()
        client = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
        meta = f"{prefix}:meta"
        for field, env, value in (("referee_token", "LIVE_REFEREE_TOKEN", secrets.token_urlsafe(18)),
                                  ("checkin_secret", "LIVE_CHECKIN_SECRET", secrets.token_urlsafe(24))):
            client.hsetnx(meta, field, os.environ.get(env) or value)
        token = os.environ.get("LIVE_REFEREE_TOKEN") or client.hget(meta, "referee_token").decode()
        secret = os.environ.get("LIVE_CHECKIN_SECRET") or client.hget(meta, "checkin_secret").decode()
        client.close()
    except (TournamentMismatch, LogUnavailable, redis.RedisError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    lease = Lease(url, f"{prefix}:leader", ttl=ttl, renew_every=ttl / 3)
    hall = Hall(tournament, log_, checkin_secret=secret, lease=lease)
    return _run(hall, token, host, port, f"Redis {prefix} at {url.split('@')[-1]}", [], public_url)


def _serve(tournament: Tournament, db: Path, host: str, port: int, *, demo: bool = False,
           public_url: str | None = None) -> int:
    from live.hall import Hall
    from live.log.sqlite import SQLiteLog, TournamentMismatch

    try:
        SQLiteLog(db, tournament.name).verify()
    except TournamentMismatch as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    token = referee_token(db)
    secret = kept_secret(db, ".secret", "LIVE_CHECKIN_SECRET", 24)
    hall = Hall(tournament, SQLiteLog(db, tournament.name), checkin_secret=secret)
    companions: list[Callable[[], Awaitable[None]]] = []
    if demo:
        from live.demo import DemoOrganizer, run_quietly

        organizer = DemoOrganizer(hall)
        companions.append(lambda: run_quietly(organizer))
    return _run(hall, token, host, port, str(db), companions, public_url)


def _run(hall: Hall, token: str, host: str, port: int, where: str,
         companions: list[Callable[[], Awaitable[None]]], public_url: str | None) -> int:
    import uvicorn

    from live.app import create_app

    tournament = hall.tournament
    app = create_app(hall, token, companions, public_url)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    base = f"http://{shown}:{port}"
    lan = ""
    if host in ("0.0.0.0", "::"):
        with contextlib.suppress(OSError):
            address = socket.gethostbyname(socket.gethostname())
            if not address.startswith("127."):
                lan = f"http://{address}:{port}"
    speed = f" — running {tournament.speed:g}× faster than real time" if tournament.speed != 1 else ""
    print(f"\n  {tournament.name}{speed}\n"
          f"  hall display:     {base}/display\n"
          f"  player page:      {base}/player\n"
          f"  referee console:  {base}/referee\n"
          f"  referee token:    {token}\n"
          f"  event log:        {where}\n" + (f"  on the hall LAN:  {lan}/display\n" if lan else ""), flush=True)
    config = uvicorn.Config(
        app, host=host, port=port, ws="websockets-sansio", ws_max_size=64 * 1024,
        ws_per_message_deflate=False, ws_ping_interval=20, ws_ping_timeout=20,
        log_level="warning", lifespan="on", backlog=4096,
    )
    uvicorn.Server(config).run()
    return 0


