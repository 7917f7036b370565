"""A competition readied to be served: its log checked against its file, its secrets, its referees, its hall.

What `live serve` does before it listens (live/edges/cli.py), for one competition at the root and for each of
a season's, and what the season's organizer adds while it runs (`creation`). Errors are said on stderr in a
line naming the file or the log, and the exit code is returned: nothing is served from a log that cannot be.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from live.core.referees import SHARED_NAME, RefereeConfigError, Referees, parse_env
from live.core.tournament import Tournament
from live.edges.budget import BUDGET

if TYPE_CHECKING:
    from live.edges.competitions import Competition
    from live.edges.log import EventLog
    from live.edges.web.new_competition_api import Creation

def preflight(tournament: Tournament, log_: EventLog, where: str, *, accept: bool) -> int | None:
    """The file against the plan the log holds. None: serve; else the exit code."""
    from live.edges.startup import accept_changes, compare, describe

    async def run() -> int | None:
        await log_.open()
        try:
            found = await compare(log_, tournament)
            if not found.differences:
                return None
            if not accept:
                print(f"error: {tournament.source} differs from the plan recorded in {where}:", file=sys.stderr)
                describe(found.differences, sys.stderr)
                print("Put the file back, make these changes at the referee console, or run "
                      "`live serve FILE --accept-changes` to record them.", file=sys.stderr)
                return 2
            return None if await accept_changes(log_, tournament, sys.stderr) else 2
        finally:
            await log_.close()

    return asyncio.run(run())


#: The secrets a server needs, as (the name the log keeps it under, the variable that overrides it, bytes).
SECRETS = (("referee_token", "LIVE_REFEREE_TOKEN", 18), ("checkin_secret", "LIVE_CHECKIN_SECRET", 24),
           ("referee_secret", "LIVE_REFEREE_SECRET", 32))


async def kept_secret(log_: EventLog, name: str, env: str, size: int, competition: str | None = None) -> str:
    """The environment's value, else the one the log keeps under `name` (made on the first start and
    stored in the log, `EventLog.secret`): the same token and check-in codes on every restart and on
    every instance of a shared log. A value from the environment is not stored: removing the
    variable brings the log's own value back. On a season server (`competition`: its id) the environment's
    signing secrets are the whole server's, and each competition signs with its own derived from them
    (live/edges/competitions.py `secret_for`); its referee token is the one the organizer gave, for all.
    (A SQLite log from before the secrets moved into it adopts its `<db>.token`/`.secret`/`.referee-secret`
    files: live/edges/log/sqlite.py.)"""
    if os.environ.get(env):
        if competition is None or name == "referee_token":
            return os.environ[env]
        from live.edges.competitions import secret_for

        return secret_for(os.environ[env], competition, name)
    return await log_.secret(name, lambda: secrets.token_urlsafe(size))


def kept_secrets(log_: EventLog, competition: str | None = None) -> tuple[str, str, str]:
    """The referee token, the check-in secret and the referee-session secret (SECRETS), from a log
    opened for this and closed again (the hall opens its own). Raises LogUnavailable."""

    async def run() -> tuple[str, str, str]:
        await log_.open()
        try:
            token, checkin, signing = [await kept_secret(log_, *entry, competition) for entry in SECRETS]
        finally:
            await log_.close()
        return token, checkin, signing

    return asyncio.run(run())


def fixed_referees(tournament: Tournament) -> list[tuple[str, str]]:
    """The named referees with a token: the file's `[[referees]]`, then LIVE_REFEREES="Ana:token,…"
    (RefereeConfigError when an entry is wrong or a name is given twice)."""
    found = [*tournament.referees, *parse_env(os.environ.get("LIVE_REFEREES", ""))]
    names = [name.casefold() for name, _ in found]
    twice = next((name for name, _ in found if names.count(name.casefold()) > 1), None)
    if twice is not None:
        raise RefereeConfigError(f"the referee {twice!r} is named in both the file and LIVE_REFEREES (or twice)")
    return found


def referee_registry(tournament: Tournament, shared_token: str, secret: str) -> Referees:
    """Every referee with a token (the shared one is "referee"), and the secret that signs their sessions."""
    return Referees(secret, [(SHARED_NAME, shared_token), *fixed_referees(tournament)])


def lease_ttl() -> float | None:
    """LIVE_LEASE_TTL (seconds, default 15; renewed every third of it): how long the scheduler waits for a new
    leader when the instance running it dies. None, said on stderr, when it is wrong."""
    raw_ttl = os.environ.get("LIVE_LEASE_TTL") or "15"
    try:
        ttl = float(raw_ttl)
    except ValueError:
        ttl = 0.0
    if not 1 <= ttl <= 3600:
        print(f"error: LIVE_LEASE_TTL must be seconds from 1 to 3600, not {raw_ttl!r}", file=sys.stderr)
        return None
    return ttl


def prepare_redis(tournament: Tournament, url: str, prefix: str, ttl: float, *, accept_changes: bool = False,
                   message_budget: int = BUDGET, base: str = "") -> Competition | int:
    """A competition on a shared Redis log, not yet started; else the exit code (said on stderr). The referee
    token, the check-in secret and the referee-session secret are shared too: from the environment, else kept
    in the log's meta hash by the first instance to start (`RedisLog.secret`), so every instance agrees."""
    from live.edges.competitions import Competition
    from live.edges.hall import Hall
    from live.edges.log import LogUnavailable, TournamentMismatch
    from live.edges.log.redis import RedisLog
    from scheduler.lease import Lease

    log_ = RedisLog(url, tournament.id, key_prefix=prefix, legacy_owner=tournament.name)
    season = tournament.id if base else None
    try:
        log_.verify()
        refused = preflight(tournament, RedisLog(url, tournament.id, key_prefix=prefix), f"Redis {prefix}",
                             accept=accept_changes)
        if refused is not None:
            return refused
        token, secret, signing = kept_secrets(RedisLog(url, tournament.id, key_prefix=prefix), season)
    except (TournamentMismatch, LogUnavailable) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    lease = Lease(url, f"{prefix}:leader", ttl=ttl, renew_every=ttl / 3)
    hall = Hall(tournament, log_, checkin_secret=secret, lease=lease, message_budget=message_budget)
    return Competition(hall, token, referee_registry(tournament, token, signing), base,
                       f"Redis {prefix} at {url.split('@')[-1]}")


def prepare_sqlite(tournament: Tournament, db: Path, *, demo: bool = False, accept_changes: bool = False,
                    message_budget: int = BUDGET, base: str = "") -> Competition | int:
    """A competition on its SQLite log file, not yet started; else the exit code (said on stderr)."""
    from live.edges.competitions import Competition
    from live.edges.hall import Hall
    from live.edges.log import LogUnavailable
    from live.edges.log.sqlite import SQLiteLog, TournamentMismatch

    try:
        SQLiteLog(db, tournament.id, legacy_owner=tournament.name).verify()
    except (TournamentMismatch, LogUnavailable) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if not demo:  # the demo's timetable is made anew from now at every start: a log it resumes keeps its own
        try:
            refused = preflight(tournament, SQLiteLog(db, tournament.id), str(db), accept=accept_changes)
        except LogUnavailable as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        if refused is not None:
            return refused
    try:
        token, secret, signing = kept_secrets(SQLiteLog(db, tournament.id), tournament.id if base else None)
    except LogUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    hall = Hall(tournament, SQLiteLog(db, tournament.id), checkin_secret=secret, message_budget=message_budget)
    return Competition(hall, token, referee_registry(tournament, token, signing), base, str(db))


def season_log(db: Path, redis_url: str | None, prefix: str) -> EventLog:
    """The season's own log: the organizer's token, and what the organizer did (a competition added, the
    promotion confirmed): `season.db` beside the competitions' logs; with Redis, under `<prefix>:season`."""
    if redis_url:
        from live.edges.log.redis import RedisLog

        return RedisLog(redis_url, "season", key_prefix=f"{prefix}:season")
    from live.edges.log.sqlite import SQLiteLog

    db.parent.mkdir(parents=True, exist_ok=True)
    return SQLiteLog(db, "season")


def organizer_token(log_: EventLog) -> str | int:
    """The season organizer's token (who adds a competition, sees every competition's matches at once and confirms
    the promotion): LIVE_ORGANIZER_TOKEN, else the one the season's own log keeps, made on the first start like a
    referee token."""
    from live.edges.log import LogUnavailable

    if os.environ.get("LIVE_ORGANIZER_TOKEN"):
        return os.environ["LIVE_ORGANIZER_TOKEN"]

    async def run() -> str:
        await log_.open()
        try:
            return await log_.secret("organizer_token", lambda: secrets.token_urlsafe(18))
        finally:
            await log_.close()

    try:
        return asyncio.run(run())
    except LogUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


def creation(folder: Path, logs: Path, organizer: str, budget: int) -> Creation:
    """How the season's start page adds a competition: its file in `folder`, its log `<id>.db` in `logs`."""
    from live.edges.web.new_competition_api import Creation

    async def make(tournament: Tournament) -> Competition:
        from live.edges.competitions import Competition
        from live.edges.hall import Hall
        from live.edges.log.sqlite import SQLiteLog

        db = logs / f"{tournament.id}.db"
        log_ = SQLiteLog(db, tournament.id)
        await log_.open()
        try:
            token, secret, signing = [await kept_secret(log_, *entry, tournament.id) for entry in SECRETS]
        finally:
            await log_.close()
        hall = Hall(tournament, SQLiteLog(db, tournament.id), checkin_secret=secret, message_budget=budget)
        return Competition(hall, token, referee_registry(tournament, token, signing), f"/{tournament.id}", str(db))

    return Creation(folder, organizer, make)
