"""Browser tests: real Chromium (Playwright, async API) against a real `live serve` subprocess.

The browser is launched once per session from /usr/bin/chromium (`make test` installs it; no
browser is ever downloaded). Without it every test here is skipped with the reason. Servers come
from tests/integration/server.py on free ports; each is stopped when its test ends.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from server import Server, start_server_async, write_tournament

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-gpu"]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def browser() -> AsyncIterator[Any]:
    """One headless Chromium for the whole folder; skips every browser test if it is not installed."""
    if not CHROMIUM.exists():
        pytest.skip(f"browser tests need Chromium at {CHROMIUM} (`make test` installs it)")
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        chromium = await pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            await chromium.close()


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., Awaitable[Server]]]:
    """`await serve(**tournament)`: write the tournament file, start the real server on a free port."""
    servers: list[Server] = []

    async def start(**tournament: Any) -> Server:
        file = write_tournament(tmp_path / f"t{len(servers)}.toml", **tournament)
        server = await start_server_async(file, tmp_path / f"t{len(servers)}.db")
        servers.append(server)
        return server

    yield start
    for server in servers:
        with contextlib.suppress(Exception):
            server.stop()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """tests/artifacts/ (git-ignored): screenshots of the pages."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
