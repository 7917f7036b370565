"""The server's secrets kept in the log (`live.edges.serving.kept_secrets` on `EventLog.secret`): the environment
wins, else the log's value, made once; a SQLite log from before keeps the token and codes its files held,
and a Redis log keeps what the meta hash already held."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import httpx
import pytest
import redis
from redis_server import RedisServer
from server import round_entry, start_server, write_tournament

from live.edges.log.memory import MemoryLog, MemoryStore
from live.edges.log.redis import RedisLog
from live.edges.log.sqlite import SQLiteLog
from live.edges.serving import SECRETS, kept_secrets
from live.projections.checkin_codes import code_for, grouped

TOURNAMENT = "secrets-cup"
ENVS = [env for _, env, _ in SECRETS]


@pytest.fixture(autouse=True)
def no_secrets_in_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for env in ENVS:
        monkeypatch.delenv(env, raising=False)


def test_the_log_makes_each_secret_once_and_the_environment_wins_without_being_stored(
        monkeypatch: pytest.MonkeyPatch) -> None:
    store = MemoryStore()
    made = kept_secrets(MemoryLog(store, TOURNAMENT))
    assert len(set(made)) == 3 and all(len(value) >= 24 for value in made)
    assert kept_secrets(MemoryLog(store, TOURNAMENT)) == made  # a restart: the same token and codes
    monkeypatch.setenv("LIVE_REFEREE_TOKEN", "from-the-environment")
    assert kept_secrets(MemoryLog(store, TOURNAMENT)) == ("from-the-environment", *made[1:])
    monkeypatch.delenv("LIVE_REFEREE_TOKEN")
    assert kept_secrets(MemoryLog(store, TOURNAMENT)) == made
    assert store.events == []


def test_a_redis_log_keeps_what_an_older_version_put_in_its_meta_hash(redis_server: RedisServer) -> None:
    prefix = f"secrets-{uuid.uuid4().hex[:8]}"
    client = redis.Redis.from_url(redis_server.url, decode_responses=True)
    try:
        client.hset(f"{prefix}:meta", mapping={"tournament": TOURNAMENT, "referee_token": "old-token",
                                               "checkin_secret": "old-checkin", "referee_secret": "old-signing"})
        assert kept_secrets(RedisLog(redis_server.url, TOURNAMENT, key_prefix=prefix)) == (
            "old-token", "old-checkin", "old-signing")
        fresh = f"{prefix}-new"
        first = kept_secrets(RedisLog(redis_server.url, TOURNAMENT, key_prefix=fresh))
        assert kept_secrets(RedisLog(redis_server.url, TOURNAMENT, key_prefix=fresh)) == first  # another instance
        assert client.hgetall(f"{fresh}:meta") == {"tournament": TOURNAMENT, "referee_token": first[0],
                                                   "checkin_secret": first[1], "referee_secret": first[2]}
    finally:
        client.close()


def test_a_sqlite_log_from_before_keeps_its_files_secrets(tmp_path: Path) -> None:
    db = tmp_path / "cup.db"
    SQLiteLog(db, TOURNAMENT).verify()
    (tmp_path / "cup.db.token").write_text("old-token\n")
    (tmp_path / "cup.db.secret").write_text("old-checkin\n")
    (tmp_path / "cup.db.referee-secret").write_text("old-signing\n")
    assert kept_secrets(SQLiteLog(db, TOURNAMENT)) == ("old-token", "old-checkin", "old-signing")


async def test_a_server_upgraded_on_a_log_with_a_token_file_keeps_its_token_and_codes(tmp_path: Path) -> None:
    """What an organizer sees: the same referee token and the same printed check-in codes after the upgrade,
    and still after the old files are gone."""
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    db = tmp_path / "t.db"
    SQLiteLog(db).verify()  # a log file from before, with no secret in it (the server claims it below)
    token = "token-from-the-old-file-0123"
    (tmp_path / "t.db.token").write_text(token + "\n")
    (tmp_path / "t.db.secret").write_text("checkin-secret-from-the-old-file\n")
    no_env = dict.fromkeys(ENVS, "")  # the log's own secrets, not the test helper's LIVE_REFEREE_TOKEN
    for start in ("with the old files", "without them"):
        with start_server(file, db, token=token, env=no_env) as server:
            assert f"referee token:    {token}\n" in server.output(), start
            answer = await server.command({"type": "announce", "text": start})
            assert answer.status_code == 200, (start, answer.text)
            async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
                page = (await http.get("/api/checkin-codes", headers={"Authorization": f"Bearer {token}"})).text
        shown = re.findall(r"<tr><td>([^<]+)</td><td>[^<]*</td><td class=code>([A-Z0-9-]+)</td>", page)
        assert shown, page
        assert all(code == grouped(code_for("checkin-secret-from-the-old-file", player)) for player, code in shown)
        for old in tmp_path.glob("t.db.*secret"):
            old.unlink()
        (tmp_path / "t.db.token").unlink(missing_ok=True)
