"""`live serve` on a full disk stops with one line that says the disk is full and what to do — not
a traceback, and not the advice for a damaged file (restoring a backup would not help).

A full disk is a small tmpfs mounted for the test, so these tests need the right to mount (root,
as on CI); elsewhere they are skipped."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from server import round_entry, run_cli, write_tournament

from live.core.tournament import load
from live.edges.log.sqlite import SQLiteLog


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    mount = tmp_path / "disk"
    mount.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small file system needs root")
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(mount)],
                          capture_output=True, text=True)
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(disk: Path) -> None:
    fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(fd, b"\0" * 4096):
            pass
    except OSError:
        pass  # no space left on the device: that is the point
    finally:
        os.close(fd)


def assert_says_the_disk_is_full(result: subprocess.CompletedProcess[str], db: Path) -> None:
    assert result.returncode == 1, result.stderr
    lines = result.stderr.strip().splitlines()
    assert lines == [f"error: {db} cannot be written: its disk is full (0 KiB free); free some space, "
                     "or give a --db on another disk"], result.stderr
    assert "Traceback" not in result.stderr and "restore it from a backup" not in result.stderr


def test_a_new_log_on_a_full_disk_says_so(small_disk: Path, tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=600)])
    fill(small_disk)
    db = small_disk / "t.db"
    assert_says_the_disk_is_full(run_cli("serve", str(file), "--db", str(db), "--port", "0"), db)


def test_a_kept_log_on_a_disk_that_filled_overnight_says_so_and_stays_whole(small_disk: Path, tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=600)])
    db = small_disk / "t.db"
    SQLiteLog(db, load(file).id).verify()
    before = db.read_bytes()
    fill(small_disk)
    assert_says_the_disk_is_full(run_cli("serve", str(file), "--db", str(db), "--port", "0"), db)
    assert db.read_bytes() == before
