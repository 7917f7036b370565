"""The pages under a competition's base in a real browser (docs/design.md#base-path): a page that
`page_html(…, base=…)` gives asks the server for everything under that base — its socket, its API, its links —
and for its files at /static/, joined modules and all.

The server does not route bases yet, so the browser does it here: the page's address answers with the page as
`page_html` fills it with the base, and every other request under the base (HTTP and the WebSocket) is passed
on to the server's root path. What the page asked for, and where, is recorded on the way.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from server import round_entry
from support.pages import PHONE, Tab, bounded, live, referee_login
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from live.edges.web.api import DISPLAY_DIR
from live.edges.web.assets import Assets

pytestmark = pytest.mark.asyncio(loop_scope="session")

BASE = "/cup-2027"
PAGES = {f"{BASE}/player": "player.html", f"{BASE}/referee": "referee.html", f"{BASE}/captain": "captain.html"}


async def based_context(browser: Any, server: Any, asked: list[str]) -> Any:
    """A browser context where the server seems to serve its competition under BASE (see the module)."""
    assets = Assets(DISPLAY_DIR)  # the server's own files: the same version
    async with httpx.AsyncClient(timeout=10) as client:
        plain = (await client.get(f"{server.url}/player")).text
    found = re.search(r'name="live-language" content="([^"]*)"', plain)
    language = found.group(1) if found else "en"
    context = await browser.new_context(viewport=PHONE)
    upstreams: list[ClientConnection] = []
    relays: set[asyncio.Task[None]] = set()  # kept: a task nothing refers to may be collected mid-run

    async def http(route: Any) -> None:
        url = urlsplit(route.request.url)
        asked.append(url.path)
        name = PAGES.get(url.path)
        if name is not None:
            body = assets.page_html(name, name.removesuffix(".html"), language, None, base=BASE)
            await route.fulfill(status=200, content_type="text/html; charset=utf-8", body=body)
        elif url.path.startswith(BASE + "/"):
            await route.continue_(url=route.request.url.replace(BASE + "/", "/", 1))
        else:
            await route.continue_()

    async def socket(route: Any) -> None:
        url = urlsplit(route.url)
        asked.append(url.path)
        cookies = "; ".join(f"{c['name']}={c['value']}" for c in await context.cookies(server.url))
        upstream = await connect(f"{server.ws_base}{url.path.removeprefix(BASE)}?{url.query}", origin=server.url,
                                 additional_headers={"Cookie": cookies} if cookies else None)
        upstreams.append(upstream)
        route.on_message(lambda message: asyncio.ensure_future(upstream.send(message)))
        route.on_close(lambda code, reason: asyncio.ensure_future(upstream.close()))

        async def down() -> None:
            with contextlib.suppress(ConnectionClosed):
                async for message in upstream:
                    route.send(message)
            with contextlib.suppress(Exception):
                await route.close()

        relay = asyncio.create_task(down())
        relays.add(relay)
        relay.add_done_callback(relays.discard)

    await context.route("**/*", http)
    await context.route_web_socket(re.compile(r"/ws\?"), socket)
    context.on("close", lambda _: [asyncio.ensure_future(u.close()) for u in upstreams])
    return context


async def open_based(context: Any, server: Any, path: str) -> Tab:
    page = await context.new_page()
    tab = Tab(page, context)
    page.on("pageerror", lambda error: tab.errors.append(str(error)))
    await page.goto(server.url + path)
    return tab


@bounded
async def test_the_player_page_and_the_console_ask_the_server_only_under_their_base(browser: Any,
                                                                                   serve: Any) -> None:
    server = await serve(timetable=[round_entry("r1", 1, start_in=3600, minutes=180)])
    asked: list[str] = []
    context = await based_context(browser, server, asked)
    try:
        player = await open_based(context, server, f"{BASE}/player")
        await live(player)
        ics = await player.page.locator("#ics-link").get_attribute("href")
        assert ics is not None and ics.startswith(f"{BASE}/api/timetable.ics?lang="), ics

        console = await open_based(context, server, f"{BASE}/referee")
        await referee_login(console, server.token)
        await console.page.wait_for_function("() => document.getElementById('csv').href.includes('?lang=')")
        csv = await console.page.locator("#csv").get_attribute("href")
        assert csv is not None and csv.startswith(f"{BASE}/api/standings.csv?lang="), csv
        assert not player.errors and not console.errors, (player.errors, console.errors)
    finally:
        await context.close()

    assert f"{BASE}/ws" in asked and f"{BASE}/api/login" in asked, asked
    assert any(p.startswith("/static/") and p.endswith(".bundle.js") for p in asked), "the joined modules"
    elsewhere = sorted({p for p in asked if not p.startswith((f"{BASE}/", "/static/"))})
    assert elsewhere == [], f"asked outside the base: {elsewhere}"
    assert not any(p.startswith(f"{BASE}/static/") for p in asked)


@bounded
async def test_the_captains_page_asks_the_server_only_under_its_base(browser: Any, serve: Any) -> None:
    server = await serve(timetable=[round_entry("r1", 1, start_in=3600, minutes=180)])
    asked: list[str] = []
    context = await based_context(browser, server, asked)
    try:
        captain = await open_based(context, server, f"{BASE}/captain?lang=en")
        await captain.page.locator("#code-card").wait_for(state="visible")
        await captain.page.locator("#code-input").fill("AAAA-AAAA")
        await captain.page.locator("#code-open").click()
        await captain.page.locator("#code-error").filter(has_text="This code is not right").wait_for()
        assert not captain.errors, captain.errors
    finally:
        await context.close()

    assert f"{BASE}/api/captain-session" in asked and f"{BASE}/api/sections/tournament" in asked, asked
    elsewhere = sorted({p for p in asked if not p.startswith((f"{BASE}/", "/static/"))})
    assert elsewhere == [], f"asked outside the base: {elsewhere}"
