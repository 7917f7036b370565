"""The embedded event log: one SQLite file in WAL mode, fsynced before a command is acknowledged.

All SQLite work runs on one dedicated thread so a commit's fsync never stalls the event loop
that feeds the WebSockets. A signal's id is a UNIQUE column and the insert is `INSERT OR
IGNORE`, so the at-most-once check happens inside the same transaction as the write. With
`expect_seq` the check of the last seq and the insert are one `BEGIN IMMEDIATE` transaction.

The `meta` table holds `tournament` (whose log it is) and the secrets (`secret`): the referee
token, the check-in secret and the referee-session secret live in the file they guard, which is
therefore created owner-only (0600; SQLite gives its -wal and -shm files the same mode) and
tightened to that when an older, wider one is opened.

Upgrading: before the secrets moved into meta they were kept in files beside the log
(`<db>.token`, `<db>.secret`, `<db>.referee-secret`, see LEGACY_SECRET_FILES). The first
`secret(name, ...)` on such a log adopts the file's value into meta instead of making a new one,
so the referee token and the players' check-in codes stay what they were. The files are left in
place (an older version can still run on the same log); meta wins from then on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from live.core.events import Event, NewEvent
from live.edges.log import LogUnavailable, SeqConflict, TournamentMismatch, check_secret_name, check_secret_value

T = TypeVar("T")

__all__ = ["SQLiteLog", "TournamentMismatch"]  # TournamentMismatch lives in live.edges.log; still importable here

#: Less room than this on the log's disk at start is a full disk: a tournament writes more.
LOW_DISK_BYTES = 1024 * 1024

#: Where each secret was kept before it moved into meta: a file beside the log, `<db><suffix>`.
LEGACY_SECRET_FILES = {"referee_token": ".token", "checkin_secret": ".secret", "referee_secret": ".referee-secret"}

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    seq     INTEGER PRIMARY KEY,
    ts      INTEGER NOT NULL,
    type    TEXT    NOT NULL,
    actor   TEXT    NOT NULL,
    payload TEXT    NOT NULL,
    signal  TEXT    UNIQUE
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


class SQLiteLog:
    def __init__(self, path: str | Path, tournament_name: str | None = None, *,
                 legacy_owner: str | None = None) -> None:
        self.path = Path(path)
        self.tournament_name = tournament_name  # the tournament's id (`[tournament] id`)
        #: What logs written before tournaments had ids hold instead (the name): adopted, and rewritten.
        self.legacy_owner = legacy_owner
        self._db: sqlite3.Connection | None = None
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-log")

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, fn, *args)

    async def open(self) -> None:
        await self._run(self._open)

    def _open(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.exists() and self.path.stat().st_size == 0 and \
                any(self.path.with_name(self.path.name + s).exists() for s in (".token", ".secret")):
            raise LogUnavailable(
                f"{self.path} is empty, but the secrets beside it show a log was kept there: the log was lost. "
                "Restore it from a backup; to start the tournament anew, delete the file and its .token and "
                ".secret files")
        self._owner_only()
        try:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            try:
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=FULL")  # WAL + NORMAL may lose the last commits on power loss
                db.executescript(SCHEMA)
                db.execute("SELECT count(*) FROM events").fetchone()  # reads the table: a garbled file fails here
            except sqlite3.Error:
                db.close()
                raise
        except sqlite3.Error as exc:
            raise self._unusable(exc) from exc
        if self.tournament_name is not None:
            row = db.execute("SELECT value FROM meta WHERE key='tournament'").fetchone()
            if row is None:
                db.execute("INSERT INTO meta(key, value) VALUES ('tournament', ?)", (self.tournament_name,))
            elif self.legacy_owner is not None and row[0] == self.legacy_owner:
                db.execute("UPDATE meta SET value=? WHERE key='tournament'", (self.tournament_name,))
            elif row[0] != self.tournament_name:
                db.close()
                raise TournamentMismatch(
                    f"{self.path} holds the log of {row[0]!r}, not of {self.tournament_name!r}; "
                    "use another --db for this tournament")
        self._db = db

    def _owner_only(self) -> None:
        """Create the file owner-only, or take group and other access away from an existing one (and its
        -wal and -shm): it holds the secrets. Best effort: a file of another owner keeps its mode."""
        with contextlib.suppress(OSError):  # there already; or not creatable: then SQLite's error says why
            os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        for path in (self.path, self.path.with_name(self.path.name + "-wal"),
                     self.path.with_name(self.path.name + "-shm")):
            with contextlib.suppress(OSError):
                mode = path.stat().st_mode & 0o777
                if mode & 0o077:
                    path.chmod(mode & 0o700)

    def _unusable(self, exc: sqlite3.Error) -> LogUnavailable:
        """Why the log cannot be opened, and what to do. A full disk makes SQLite fail in ways that
        read like a damaged file ("disk I/O error"); telling the two apart is what tells the
        organizer whether to free space or to restore a backup."""
        try:
            free = shutil.disk_usage(self.path.parent).free
        except OSError:
            free = None
        if getattr(exc, "sqlite_errorname", "") == "SQLITE_FULL" or (free is not None and free < LOW_DISK_BYTES):
            room = f"{free // 1024} KiB free" if free is not None else "no room"
            return LogUnavailable(f"{self.path} cannot be written: its disk is full ({room}); free some space, "
                                  "or give a --db on another disk")
        return LogUnavailable(
            f"{self.path} is not a readable event log ({exc}): restore it from a backup, or give another --db")

    def verify(self) -> None:
        """Open and close the file once, synchronously: fails early on a wrong or unusable log."""
        self._open()
        assert self._db is not None
        self._db.close()
        self._db = None

    async def append(self, event: NewEvent, *, expect_seq: int | None = None) -> Event | None:
        """Store `event`; None if its signal is already in the log. SeqConflict if `expect_seq` is stale."""
        return await self._run(self._append, event, expect_seq)

    def _append(self, event: NewEvent, expect_seq: int | None = None) -> Event | None:
        if self._db is None:
            raise LogUnavailable("the event log is not open")
        ts = time.time_ns() // 1_000_000
        payload = json.dumps(event.payload, ensure_ascii=False, separators=(",", ":"))
        insert = "INSERT OR IGNORE INTO events(ts, type, actor, payload, signal) VALUES (?, ?, ?, ?, ?)"
        try:
            if expect_seq is None:
                cursor = self._db.execute(insert, (ts, event.type, event.actor, payload, event.signal))
            else:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    current = self._db.execute("SELECT coalesce(max(seq), 0) FROM events").fetchone()[0]
                    if current != expect_seq:
                        raise SeqConflict(expect_seq, current)
                    cursor = self._db.execute(insert, (ts, event.type, event.actor, payload, event.signal))
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.in_transaction:
                        with contextlib.suppress(sqlite3.Error):
                            self._db.execute("ROLLBACK")
                    raise
        except sqlite3.Error as exc:
            raise LogUnavailable(f"the event log cannot be written: {exc}") from exc
        if cursor.rowcount == 0:
            return None
        assert cursor.lastrowid is not None
        return Event(cursor.lastrowid, ts, event.type, event.actor, event.payload, event.signal)

    async def read(self, since: int = 0) -> list[Event]:
        return await self._run(self._read, since)

    def _read(self, since: int) -> list[Event]:
        if self._db is None:
            raise LogUnavailable("the event log is not open")
        rows = self._db.execute(
            "SELECT seq, ts, type, actor, payload, signal FROM events WHERE seq > ? ORDER BY seq", (since,)
        ).fetchall()
        events = []
        for seq, ts, kind, actor, payload, signal in rows:
            try:
                events.append(Event(seq, ts, kind, actor, json.loads(payload), signal))
            except (ValueError, TypeError) as exc:
                raise LogUnavailable(f"{self.path}: event {seq} cannot be read ({exc}): the file is damaged; "
                                     "restore it from a backup") from exc
        return events

    async def secret(self, name: str, make: Callable[[], str]) -> str:
        """The value kept in meta under `name`; the first call stores the old file's value if there is one
        (LEGACY_SECRET_FILES, see the module's docstring), else `make()`'s. INSERT OR IGNORE then SELECT,
        on the log's thread: another process starting on the same file at once gets the same value."""
        check_secret_name(name)
        return await self._run(self._secret, name, make)

    def _secret(self, name: str, make: Callable[[], str]) -> str:
        if self._db is None:
            raise LogUnavailable("the event log is not open")
        select = "SELECT value FROM meta WHERE key=?"
        try:
            row = self._db.execute(select, (name,)).fetchone()
            if row is None:
                value = check_secret_value(name, self._legacy_secret(name) or make())
                self._db.execute("INSERT OR IGNORE INTO meta(key, value) VALUES (?, ?)", (name, value))
                row = self._db.execute(select, (name,)).fetchone()
        except sqlite3.Error as exc:
            raise LogUnavailable(f"the event log cannot keep the secret {name!r}: {exc}") from exc
        return str(row[0])

    def _legacy_secret(self, name: str) -> str | None:
        """The value of the file that kept `name` before meta did, if there is one and it is not empty."""
        suffix = LEGACY_SECRET_FILES.get(name)
        if suffix is None:
            return None
        try:
            return self.path.with_name(self.path.name + suffix).read_text(encoding="utf-8").strip() or None
        except FileNotFoundError:
            return None
        except OSError as exc:  # there, but unreadable: a new secret would silently change the token
            raise LogUnavailable(f"{self.path}{suffix} cannot be read ({exc}): it holds the {name} this log "
                                 "was started with; make it readable, or delete it to get a new one") from exc

    async def close(self) -> None:
        if self._db is not None:
            await self._run(self._db.close)
            self._db = None
        self._pool.shutdown(wait=True)
