"""Fixtures for the contract tests: real Redis servers of our own (never the one on 6379)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
if str(TESTS) not in sys.path:  # for `import redis_server` (tests/redis_server.py)
    sys.path.insert(0, str(TESTS))

from redis_server import RedisServer  # noqa: E402


@pytest.fixture(scope="session")
def shared_redis() -> Iterator[RedisServer]:
    """One server for the whole session; tests keep apart by key prefix and must not stop it."""
    with RedisServer() as server:
        yield server


@pytest.fixture
def redis_server(shared_redis: RedisServer) -> RedisServer:
    if not shared_redis.running:  # a failed test left it down: bring it back for the next ones
        shared_redis.start()
    return shared_redis


@pytest.fixture
def own_redis() -> Iterator[RedisServer]:
    """A server of this test's own, which it may stop, kill and restart."""
    with RedisServer() as server:
        yield server
