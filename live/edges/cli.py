"""The `live` command: serve a tournament, run the demo, check a tournament file."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import io
import logging
import os
import secrets
import socket
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from live.core.referees import SHARED_NAME, RefereeConfigError, Referees
from live.core.tournament import Tournament, TournamentFileError, load
from live.edges import installed
from live.edges.budget import BUDGET, MAX_BUDGET, MIN_BUDGET
from live.edges.competitions import SeasonError, is_season
from live.edges.limits import MAX_PING_S, MIN_PING_S, PING_S
from live.edges.serving import (
    creation,
    fixed_referees,
    lease_ttl,
    organizer_token,
    prepare_redis,
    prepare_sqlite,
    season_log,
)
from live.rules.lateness import SLOVAK

if TYPE_CHECKING:
    from live.edges.competitions import Competition
    from live.edges.log import EventLog
    from live.edges.web.new_competition_api import Creation
    from live.edges.web.ws_endpoint import WsEndpoint

#: The half and full blocks the terminal QR code is drawn with (segno's compact terminal output).
QR_BLOCKS = "\u2580\u2584\u2588"


def tolerant_console() -> None:
    """Print what the console's encoding cannot carry as "?" instead of stopping the command.

    A Windows console whose output is redirected or piped (a log file, Git Bash, a scheduled task)
    encodes in the ANSI code page, cp1250 in Serbia and Slovakia: no Cyrillic tournament name, no
    "→". Python's default there is to raise UnicodeEncodeError at the first such character, which
    stopped `live serve` before it served anything. "?" keeps one character per character, so the
    columns of `live check` stay aligned; the output that matters (addresses, token) is ASCII.
    """
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors="replace")


def can_print(text: str, stream: object) -> bool:
    """Whether `stream`'s encoding carries every character of `text` (a stream without one: only ASCII)."""
    try:
        text.encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def version() -> str:
    """The installed version; run from a checkout that is not installed (PYTHONPATH), the source's own
    (live/__init__.py, which the build reads too), said to be so."""
    from live import __version__, installed_version

    return installed_version() or f"{__version__} (not installed)"


def main(argv: list[str] | None = None) -> int:
    tolerant_console()
    parser = argparse.ArgumentParser(prog="live", description="Live server for card-game tournament halls.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run a tournament, or a season of them")
    serve.add_argument("files", nargs="+", metavar="FILE",
                       help="the tournament file (TOML), served at /; several files, or a folder of them: a season, "
                            "each competition under /<its id>/ and / listing them")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all, for the hall's LAN)")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--db", help="the event log file (default: FILE's name with .db, in the current folder); "
                                    "for a season, the folder of the competitions' log files")
    serve.add_argument("--redis", metavar="URL",
                       help="share the event log through Redis (redis://host:6379/0) with other instances; "
                            "one of them runs the scheduler")
    serve.add_argument("--redis-prefix", default="live", help="key prefix in Redis (one per tournament)")
    serve.add_argument("--public-url", default=os.environ.get("LIVE_PUBLIC_URL"),
                       help="the address phones in the hall use (http[s]://host[:port]), for the QR code and the "
                            "printed links (default: LIVE_PUBLIC_URL, else the address the display was opened with)")
    serve.add_argument("--forwarded-allow-ips", metavar="ADDRESSES",
                       help="the proxies whose X-Forwarded-For/-Proto are believed: IP addresses or networks, "
                            "comma-separated (default: LIVE_FORWARDED_ALLOW_IPS; else nobody, not even loopback)")
    _ws_arguments(serve)
    serve.add_argument("--accept-changes", action="store_true",
                       help="record the file's differences from the plan in the log (as the console's commands "
                            "would), then serve; without it, a file that differs stops the server")

    diff = sub.add_parser("diff", help="what an edited tournament file changes against the plan in the log")
    diff.add_argument("file")
    diff.add_argument("--db", help="the event log file (default: FILE's name with .db, in the current folder)")
    diff.add_argument("--redis", metavar="URL", help="the log is in Redis at URL")
    diff.add_argument("--redis-prefix", default="live")

    demo = sub.add_parser("demo", help="the bundled tournament, compressed to start a minute from now")
    demo.add_argument("--speed", type=float, default=60.0,
                      help="how many times faster than real time the timetable runs "
                           "(default 60: a 3-hour round lasts 3 minutes)")
    demo.add_argument("--host", default="127.0.0.1")
    demo.add_argument("--port", type=int, default=8000)
    demo.add_argument("--db", help="the event log file (default: a new temporary file)")
    demo.add_argument("--public-url", help="the address phones use, for the QR code")
    demo.add_argument("--tournament", choices=("cacak", "novi-sad", "slovak", "all", "season"), default="cacak",
                      help="which example: cacak (preferans, the default), novi-sad (bridge teams, a referee's "
                           "substitute), slovak (the bridge league, a team appeal), all three on one server "
                           "(a season server: / lists them, each under /<its id>/), or season (the Slovak season: "
                           "the first league and the second league's two conferences, whose captains report "
                           "the results)")
    demo.add_argument("--start-in", type=float, default=60.0, metavar="SECONDS",
                      help="seconds from now to the first round or match (default 60)")
    _ws_arguments(demo)

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
        if args.command == "serve" and is_season(args.files):
            if args.redis and args.db:
                parser.error("--db and --redis are two different logs: give one")
            return _serve_season(parser, args)
        if args.command in ("serve", "diff"):
            args.file = args.files[0] if args.command == "serve" else args.file
            tournament = load(args.file)
            if args.redis and args.db:
                parser.error("--db and --redis are two different logs: give one")
            db = Path(args.db) if args.db else Path.cwd() / (Path(args.file).stem + ".db")
            if args.command == "diff":
                return _diff(tournament, db, args.redis, args.redis_prefix)
            budget, ping = _message_budget(parser, args), _ws_ping(parser, args)
            public_url, proxies = _public_url(parser, args.public_url), _proxies(parser, args.forwarded_allow_ips)
            if args.redis:
                return _serve_redis(tournament, args.redis, args.redis_prefix, args.host, args.port, public_url,
                                    args.accept_changes, message_budget=budget, proxies=proxies, ping_s=ping)
            return _serve(tournament, db, args.host, args.port, public_url=public_url,
                          accept_changes=args.accept_changes, message_budget=budget, proxies=proxies, ping_s=ping)
        if args.command == "demo":
            if args.speed <= 0 or args.speed > 3600:
                parser.error("--speed must be more than 0 and at most 3600")
            if not 0 <= args.start_in <= 3600:
                parser.error("--start-in must be 0 to 3600 seconds")
            start = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=args.start_in)
            from live.edges.demo import TOURNAMENTS

            if args.tournament in ("all", "season"):
                return _demo_season(parser, args, start)
            example = installed.folder(installed.EXAMPLES) / TOURNAMENTS[args.tournament]
            tournament = load(example).rescheduled(start, args.speed)
            db = Path(args.db) if args.db else Path(tempfile.mkdtemp(prefix="live-demo-")) / "demo.db"
            return _serve(tournament, db, args.host, args.port, demo=True,
                          public_url=_public_url(parser, args.public_url), message_budget=_message_budget(parser, args),
                          ping_s=_ws_ping(parser, args))
    except (TournamentFileError, RefereeConfigError, SeasonError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl+C, how an organizer stops it (on Windows the only way): not a crash
        # uvicorn has shut down gracefully by then and raises the signal again, which Python reports as a
        # KeyboardInterrupt; its traceback read as a crash. 130: the shells' code for "ended by Ctrl+C".
        print("stopped", file=sys.stderr)
        return 130
    return 2


def _ws_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--message-budget", type=int, default=BUDGET,
                        help=f"the most bytes a pushed message may take; longer sections are fetched over HTTP, "
                             f"gzipped (default {BUDGET}: hall Wi-Fi shared by many phones; a wired hall may raise it)")
    parser.add_argument("--ws-ping", type=float, default=PING_S, metavar="SECONDS",
                        help=f"the WebSocket keepalive: a ping to each page every SECONDS, and a page that does not "
                             f"answer within as long is closed; it reconnects (default {PING_S:g}; "
                             f"{MIN_PING_S:g} to {MAX_PING_S:g})")
    # Gone: /ws is on --port. Still parsed, to say so instead of argparse's "unrecognized arguments".
    parser.add_argument("--ws-port", help=argparse.SUPPRESS)
    parser.add_argument("--ws-url", help=argparse.SUPPRESS)


def _message_budget(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """The most bytes a pushed message may take (live/edges/budget.py), checked; refuses the gone /ws options."""
    for given, name in ((args.ws_port, "--ws-port"), (args.ws_url, "--ws-url")):
        if given is not None:
            parser.error(f"{name} is gone: the pages, the API and /ws are served on the one port of --port "
                         "(behind a proxy, route the whole origin, /ws included, to it)")
    if not MIN_BUDGET <= args.message_budget <= MAX_BUDGET:
        parser.error(f"--message-budget must be bytes from {MIN_BUDGET} to {MAX_BUDGET}, not {args.message_budget}")
    return int(args.message_budget)


def _ws_ping(parser: argparse.ArgumentParser, args: argparse.Namespace) -> float:
    """--ws-ping, checked: a keepalive of no time, or of hours, keeps no connection honest."""
    if not MIN_PING_S <= args.ws_ping <= MAX_PING_S:
        parser.error(f"--ws-ping must be seconds from {MIN_PING_S:g} to {MAX_PING_S:g}, not {args.ws_ping:g}")
    return float(args.ws_ping)


def _public_url(parser: argparse.ArgumentParser, url: str | None) -> str | None:
    """--public-url (or LIVE_PUBLIC_URL) as the links are built from it: an http(s) origin, perhaps with a
    path, without the trailing slash. A bare host would make links and QR codes that open nothing."""
    wrong = public_url_problem(url)
    if wrong is not None:
        parser.error(wrong)
    return url.rstrip("/") if url else None


def public_url_problem(url: str | None) -> str | None:
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        return (f"--public-url (or LIVE_PUBLIC_URL) must be an address like https://hall.example or "
                f"http://192.168.1.10:8000, not {url!r}")
    return None


def _proxies(parser: argparse.ArgumentParser, given: str | None) -> list[str]:
    """The trusted proxies: --forwarded-allow-ips, else the environment (live/edges/web/forwarded.py)."""
    try:
        return proxies_given(given)
    except ValueError as exc:
        parser.error(str(exc))


def proxies_given(given: str | None) -> list[str]:
    """The trusted proxies: `given` (--forwarded-allow-ips), else the environment's; ValueError naming where from."""
    from live.edges.web import forwarded

    name, value = "--forwarded-allow-ips", given
    if value is None:
        name, value = next(((n, os.environ[n]) for n in forwarded.ENV if n in os.environ), (name, ""))
    try:
        return forwarded.parse(value)
    except ValueError as exc:
        raise ValueError(f"{name}: {exc}") from exc


def _log_for(tournament: Tournament, db: Path, redis_url: str | None, prefix: str) -> EventLog:
    """The tournament's log: named by its id (a log from before ids, named by the name, is adopted)."""
    if redis_url:
        from live.edges.log.redis import RedisLog

        return RedisLog(redis_url, tournament.id, key_prefix=prefix, legacy_owner=tournament.name)
    from live.edges.log.sqlite import SQLiteLog

    return SQLiteLog(db, tournament.id, legacy_owner=tournament.name)


def _diff(tournament: Tournament, db: Path, redis_url: str | None, prefix: str) -> int:
    """`live diff`: like `diff`, exit 0 when the file agrees with the log, 1 when it differs."""
    from live.edges.log import LogUnavailable, TournamentMismatch
    from live.edges.startup import compare, describe

    if not redis_url and not db.exists():
        print(f"error: {db} does not exist: no log to compare with (give --db)", file=sys.stderr)
        return 2
    log_ = _log_for(tournament, db, redis_url, prefix)

    async def run() -> int:
        await log_.open()
        try:
            found = await compare(log_, tournament)
        finally:
            await log_.close()
        if not found.recorded:
            print("the log has no recorded plan yet: `live serve` records this file as the plan")
            return 0
        if not found.differences:
            print(f"{tournament.source} agrees with the plan in the log")
            return 0
        print(f"{tournament.source} differs from the plan in the log:")
        describe(found.differences, sys.stdout)
        return 1

    try:
        return asyncio.run(run())
    except (TournamentMismatch, LogUnavailable) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _check(path: str) -> int:
    from live.edges.startup import rehearse

    t = load(path)
    problems = [f"{path}: {problem}" for problem in rehearse(t)]  # what serve would do first with it: the same code
    problems += serve_environment_problems(t)  # and what it would refuse in its environment
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        return 1
    zone = t.zone
    now = datetime.now(UTC)
    for warning in t.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    over = [item for item in t.items if item.end <= now]
    for item in over:
        print(f"warning: {item.id} ({item.title}) is already over: it ended {item.end.astimezone(zone):%Y-%m-%d %H:%M}"
              " — on a new log it is shown as missed and fires no signal", file=sys.stderr)
    print(f"{t.name}  ({t.preset}, {t.timezone}, languages {', '.join(t.languages)}; log id {t.id})")
    print(f"{len(t.players)} players, {len(t.teams)} teams, {len(t.items)} timetable items")
    named = [name for name, _ in fixed_referees(t)]
    if named:  # the names only: a token is never printed by `check`
        print(f"referees with a token: {', '.join(named)} (and the shared token's {SHARED_NAME!r})")
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
            if t.rules.get("lateness") == SLOVAK and t.first_of_gathering(item):
                # (the 2 hours of waiting, §18.2: the organizer sees which matches the days or names made first)
                extra += f"  [opens gathering {item.gathering}]" if item.gathering else "  [opens a gathering]"
        print(f"  {start:%H:%M}–{end:%H:%M}  {item.id:<10} {item.kind:<12} {item.title}{extra}")
    return 0


def serve_environment_problems(tournament: Tournament) -> list[str]:
    """What `serve` would refuse to start with, besides the file: its referees with the environment's
    (LIVE_REFEREES; a name or a token given twice, the shared LIVE_REFEREE_TOKEN among them), LIVE_PUBLIC_URL and
    LIVE_FORWARDED_ALLOW_IPS. (Without LIVE_REFEREE_TOKEN the shared token is the log's, which `check` does not
    open.) The log itself, --db or --redis, is `serve`'s and `diff`'s to read."""
    problems: list[str] = []
    shared = os.environ.get("LIVE_REFEREE_TOKEN") or secrets.token_urlsafe(18)
    try:
        Referees(secrets.token_urlsafe(16), [(SHARED_NAME, shared), *fixed_referees(tournament)])
    except RefereeConfigError as exc:
        problems.append(str(exc))
    wrong = public_url_problem(os.environ.get("LIVE_PUBLIC_URL"))
    if wrong is not None:
        problems.append(wrong)
    try:
        proxies_given(None)
    except ValueError as exc:
        problems.append(str(exc))
    return problems


def _serve_redis(tournament: Tournament, url: str, prefix: str, host: str, port: int, public_url: str | None,
                 accept_changes: bool = False, *, message_budget: int = BUDGET, proxies: Sequence[str] = (),
                 ping_s: float = PING_S) -> int:
    """An instance on a shared Redis log (`_prepare_redis`)."""
    ttl = lease_ttl()
    if ttl is None:
        return 1
    competition = prepare_redis(tournament, url, prefix, ttl, accept_changes=accept_changes,
                                 message_budget=message_budget)
    if isinstance(competition, int):
        return competition
    return _run(competition, host, port, [], public_url, proxies=proxies, ping_s=ping_s)


def _serve(tournament: Tournament, db: Path, host: str, port: int, *, demo: bool = False,
           public_url: str | None = None, accept_changes: bool = False, message_budget: int = BUDGET,
           proxies: Sequence[str] = (), ping_s: float = PING_S) -> int:
    competition = prepare_sqlite(tournament, db, demo=demo, accept_changes=accept_changes,
                                  message_budget=message_budget)
    if isinstance(competition, int):
        return competition
    companions: list[Callable[[], Awaitable[None]]] = []
    if demo:
        from live.edges.demo import DemoOrganizer, run_quietly

        organizer = DemoOrganizer(competition.hall)
        companions.append(lambda: run_quietly(organizer))
    return _run(competition, host, port, companions, public_url, proxies=proxies, ping_s=ping_s)


def _serve_season(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """`live serve FILE FILE…` or `live serve FOLDER`: each competition under /<id>/, on its own log (a SQLite file
    each, named after its file, in --db's folder or the current one; with --redis, its own keys under
    `<prefix>:<id>` and its own scheduler lease)."""
    from live.edges.competitions import load_season

    budget, ping = _message_budget(parser, args), _ws_ping(parser, args)
    public_url, proxies = _public_url(parser, args.public_url), _proxies(parser, args.forwarded_allow_ips)
    tournaments = load_season(args.files)
    folder = Path(args.db) if args.db else Path.cwd()
    if args.db and folder.exists() and not folder.is_dir():
        parser.error(f"--db {args.db} is a file: for a season --db names the folder of the competitions' logs")
    ttl = lease_ttl() if args.redis else None
    if args.redis and ttl is None:
        return 1
    competitions: list[Competition] = []
    for tournament in tournaments:
        base = f"/{tournament.id}"
        if args.redis:
            assert ttl is not None
            prepared = prepare_redis(tournament, args.redis, f"{args.redis_prefix}:{tournament.id}", ttl,
                                      accept_changes=args.accept_changes, message_budget=budget, base=base)
        else:
            folder.mkdir(parents=True, exist_ok=True)
            prepared = prepare_sqlite(tournament, folder / (Path(tournament.source).stem + ".db"),
                                       accept_changes=args.accept_changes, message_budget=budget, base=base)
        if isinstance(prepared, int):
            print(f"error: {tournament.source}: the season is not served", file=sys.stderr)
            return prepared
        competitions.append(prepared)
    organizer = organizer_token(season_log(folder / "season.db", args.redis, args.redis_prefix))
    if isinstance(organizer, int):
        return organizer
    adding, why = None, "several instances share this season: add the tournament file to every instance's " \
                        "folder and restart them, one after the other"
    if not args.redis:
        from live.edges.competitions import tournament_files

        folders = [Path(p) for p in args.files if Path(p).is_dir()]
        if len(folders) == 1 and len(tournament_files(folders)) == len(tournaments):
            adding = creation(folders[0], folder, organizer, budget)
        else:
            why = "this season was started from files, not one folder: a new competition has no folder to go in"
    return _run_season(competitions, args.host, args.port, [], public_url, proxies=proxies, ping_s=ping,
                       creation=adding, no_creation=why, organizer_token=organizer,
                       season_log=season_log(folder / "season.db", args.redis, args.redis_prefix))


def _demo_season(parser: argparse.ArgumentParser, args: argparse.Namespace, start: datetime) -> int:
    """`live demo --tournament all`: the three examples on one server, each run by its stand-in organizer;
    `--tournament season`: the Slovak season, the first league's example run as `slovak` is and the second
    league's conferences (examples/slovak-season/), whose stand-ins are the captains at the clubs' venues."""
    from live.edges.demo import TOURNAMENTS, DemoOrganizer, run_quietly
    from live.edges.demo_captains import season_files

    examples = installed.folder(installed.EXAMPLES)
    files = season_files(examples) if args.tournament == "season" else [
        (examples / TOURNAMENTS[name], False) for name in ("cacak", "novi-sad", "slovak")]
    folder = Path(args.db) if args.db else Path(tempfile.mkdtemp(prefix="live-demo-"))
    folder.mkdir(parents=True, exist_ok=True)
    budget, ping = _message_budget(parser, args), _ws_ping(parser, args)
    competitions: list[Competition] = []
    companions: list[Callable[[], Awaitable[None]]] = []
    for path, captains in files:
        tournament = load(path).rescheduled(start, args.speed)
        prepared = prepare_sqlite(tournament, folder / f"{tournament.id}.db", demo=True, message_budget=budget,
                                   base=f"/{tournament.id}")
        if isinstance(prepared, int):
            return prepared
        competitions.append(prepared)
        companions.append(functools.partial(run_quietly, DemoOrganizer(prepared.hall, captains=captains)))
    return _run_season(competitions, args.host, args.port, companions, _public_url(parser, args.public_url),
                       ping_s=ping, organizer_token=os.environ.get("LIVE_ORGANIZER_TOKEN") or secrets.token_urlsafe(18),
                       no_creation=f"the demo's season is its {len(files)} examples: it takes no new competition",
                       season_log=season_log(folder / "season.db", None, ""))


def _print_login(registry: Referees, base: str) -> None:
    """A one-time login link for the shared token's referee, and its QR code, for a phone to scan: it
    signs in once (then the console can show links for colleagues). The token's own URL is never shown."""
    import segno

    from live.core.referees import LINK_MS

    link = f"{base}/referee#login={registry.login_link(SHARED_NAME, wall_ms(), LINK_MS)}"
    print(f"  one-time login:   {link}\n"
          f"                    (good once, for {LINK_MS // 3_600_000} hours; scan it with the referee's phone)",
          flush=True)
    if not can_print(QR_BLOCKS, sys.stdout):
        encoding = getattr(sys.stdout, "encoding", None)
        print(f"  (no QR code: this console's encoding, {encoding}, cannot draw it; type the link into the phone, "
              "or run in a UTF-8 console: set PYTHONIOENCODING=utf-8)", flush=True)
        return
    with contextlib.suppress(OSError):
        segno.make(link, error="l").terminal(compact=True, border=2)
    sys.stdout.flush()


def wall_ms() -> int:
    return time.time_ns() // 1_000_000


def _addresses(host: str, port: int, public_url: str | None) -> tuple[str, str]:
    """The address people use (--public-url when it was given), and the hall LAN's when the server listens on
    every address and none was given ("" when there is none: in a container, an address nobody outside
    reaches)."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    base = public_url or f"http://{shown}:{port}"
    lan = ""
    if host in ("0.0.0.0", "::") and not public_url:
        with contextlib.suppress(OSError):
            address = socket.gethostbyname(socket.gethostname())
            if not address.startswith("127."):
                lan = f"http://{address}:{port}"
    return base, lan


def _run(competition: Competition, host: str, port: int, companions: list[Callable[[], Awaitable[None]]],
         public_url: str | None, *, proxies: Sequence[str] = (), ping_s: float = PING_S) -> int:
    """One competition at the root: `live serve FILE`."""
    from live.edges import limits
    from live.edges.web.app import create_app
    from live.edges.web.ws_endpoint import WsEndpoint

    tournament, token = competition.tournament, competition.referee_token
    endpoint = WsEndpoint(open_files=limits.raise_open_files(), ping_s=ping_s)
    app = create_app(competition.hall, token, companions, public_url, competition.referees, ws=endpoint)
    base, lan = _addresses(host, port, public_url)
    speed = f" — running {tournament.speed:g}× faster than real time" if tournament.speed != 1 else ""
    print(f"\n  {tournament.name}{speed}\n"
          f"  hall display:     {base}/display\n"
          f"  player page:      {base}/player\n"
          f"  referee console:  {base}/referee\n"
          f"  referee token:    {token}\n"
          f"  event log:        {competition.where}\n" + (f"  on the hall LAN:  {lan}/display\n" if lan else ""),
          flush=True)
    caution = limits.open_files_caution()
    if caution is not None:
        print(f"warning: {caution}\n", file=sys.stderr, flush=True)
    _print_login(competition.referees, (public_url or lan or base).rstrip("/"))
    return _listen(app, host, port, endpoint, proxies)


def _run_season(competitions: Sequence[Competition], host: str, port: int,
                companions: list[Callable[[], Awaitable[None]]], public_url: str | None, *,
                proxies: Sequence[str] = (), ping_s: float = PING_S, creation: Creation | None = None,
                no_creation: str = "the demo's season is its three examples: it takes no new competition",
                organizer_token: str | None = None, season_log: EventLog | None = None) -> int:
    """A season: each competition under /<id>/, the start page at /. The banner names each one's pages, token,
    log and a one-time login link for its console (no QR codes: a phone scans the one its console shows)."""
    from live.core.referees import LINK_MS
    from live.edges import limits
    from live.edges.web.season import create_season_app
    from live.edges.web.ws_endpoint import WsEndpoint

    endpoint = WsEndpoint(open_files=limits.raise_open_files(), ping_s=ping_s)
    app = create_season_app(competitions, ws=endpoint, public_url=public_url, companions=companions,
                            creation=creation, no_creation=no_creation, organizer_token=organizer_token,
                            log=season_log)
    base, lan = _addresses(host, port, public_url)
    print(f"\n  {len(competitions)} competitions\n  start page:       {base}/\n"
          + (f"  on the hall LAN:  {lan}/\n" if lan else "")
          + (f"  organizer token:  {organizer_token}  (every competition's matches"
             + (", and a new competition on the start page" if creation else "") + ")\n"
             if organizer_token else ""), flush=True)
    for competition in competitions:
        tournament, here = competition.tournament, f"{(public_url or lan or base).rstrip('/')}{competition.base}"
        speed = f" — {tournament.speed:g}× faster than real time" if tournament.speed != 1 else ""
        link = competition.referees.login_link(SHARED_NAME, wall_ms(), LINK_MS)
        print(f"  {tournament.name}{speed}\n"
              f"    pages:          {here}/display  {here}/player  {here}/referee\n"
              f"    referee token:  {competition.referee_token}\n"
              f"    event log:      {competition.where}\n"
              f"    one-time login: {here}/referee#login={link}\n", flush=True)
    caution = limits.open_files_caution()
    if caution is not None:
        print(f"warning: {caution}\n", file=sys.stderr, flush=True)
    return _listen(app, host, port, endpoint, proxies)


def _listen(app: object, host: str, port: int, endpoint: WsEndpoint, proxies: Sequence[str]) -> int:
    from live.edges.web.edge import QuietServer, server_config

    QuietServer(server_config(app, host=host, port=port, ws=endpoint.protocol(), proxies=list(proxies))).run()
    return 0
