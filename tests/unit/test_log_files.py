"""A log file that is not a log says so in one line naming the file and what to do, and a lost
log is not silently replaced by a new tournament."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from live.edges.cli import main
from live.edges.log import LogUnavailable
from live.edges.log.sqlite import SQLiteLog

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "cacak-preferans-2027.toml"


def written_log(path: Path) -> None:
    log = SQLiteLog(path, "cup")
    log.verify()
    db = sqlite3.connect(path)
    db.executemany("INSERT INTO events(ts, type, actor, payload) VALUES (1, 'announced', 'referee', ?)",
                   [('{"text": "welcome"}',)] * 200)
    db.commit()
    db.close()


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_file_that_is_not_a_readable_log_is_named_with_what_to_do(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "cup.db"
    if damage == "garbage":
        path.write_bytes(b"this is not a database at all, just text" * 100)
    else:
        written_log(path)
        path.write_bytes(path.read_bytes()[:3000])
    with pytest.raises(LogUnavailable) as info:
        SQLiteLog(path, "cup").verify()
    assert str(path) in str(info.value) and "restore it from a backup" in str(info.value)


def test_a_damaged_event_row_is_named_by_its_seq(tmp_path: Path) -> None:
    path = tmp_path / "cup.db"
    written_log(path)
    db = sqlite3.connect(path)
    db.execute("UPDATE events SET payload = '{not json' WHERE seq = 7")
    db.commit()
    db.close()
    log = SQLiteLog(path, "cup")

    async def read() -> None:
        await log.open()
        try:
            await log.read(0)
        finally:
            await log.close()

    with pytest.raises(LogUnavailable, match="event 7 cannot be read"):
        asyncio.run(read())


def test_an_emptied_log_beside_its_secrets_does_not_start_a_new_tournament(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "cup.db"
    db.write_bytes(b"")
    (tmp_path / "cup.db.secret").write_text("s3cret\n")
    assert main(["serve", str(EXAMPLE), "--db", str(db), "--port", "0"]) == 1
    error = capsys.readouterr().err
    assert "is empty" in error and "the log was lost" in error
    assert db.stat().st_size == 0  # nothing written into it
