"""The browser tests' pages: a page in its own browser context (`Tab`, `open_tab`), the waits for what a
person sees (`live`, `seen_seq`, `shown`, `readable` and its `SEEN` script, `no_toast`, `until`), the referee's
login and a player's session (`referee_login`, `open_session`, `choose`), screenshots (`shot`), the commands
the tests send (`ack`, `play_round`, `record_all`, `seating_of`), the viewports (`DISPLAY`, `PHONE`), a
printed PDF's sheets (`pdf_pages`, `A4_PT`), the default field (`PLAYERS`, `NAME`) and `bounded`, the time
limit of a whole test."""

from __future__ import annotations

import asyncio
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx
from server import DEFAULT_PLAYERS, Server

TEST_TIMEOUT = 90.0  # seconds, a whole test
WAIT_MS = 10_000  # Playwright's default timeout for one wait
DISPLAY = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}

PLAYERS = (*DEFAULT_PLAYERS, {"id": "p5", "name": "Jelena Šarić"}, {"id": "p6", "name": "Milan Đorđević"})
NAME = "Kup Čačka u preferansu 2027"

#: A result slip for a table of three (bule, summing to zero).
SLIP = (62, -18, -44)


@dataclass
class Tab:
    """A page in its own browser context, with what it asked for and what it said."""

    page: Any
    context: Any
    requests: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)


async def open_tab(browser: Any, server: Server, path: str, *, viewport: dict[str, int] = DISPLAY,
                   init_script: str | None = None, accept_dialogs: bool = False, **context_args: Any) -> Tab:
    """A page in a fresh context. Its dialogs are recorded, and dismissed unless `accept_dialogs`
    (the console asks before every signal to the hall: a test that sends one says yes)."""
    context = await browser.new_context(viewport=viewport, **context_args)
    context.set_default_timeout(WAIT_MS)
    if init_script:
        await context.add_init_script(init_script)
    page = await context.new_page()
    tab = Tab(page, context)
    page.on("request", lambda request: tab.requests.append(request.url))
    page.on("websocket", lambda ws: tab.requests.append(ws.url))
    page.on("pageerror", lambda error: tab.errors.append(str(error)))
    page.on("console", lambda message: tab.console.append(f"{message.type}: {message.text}"))

    async def on_dialog(dialog: Any) -> None:
        tab.dialogs.append(f"{dialog.type}: {dialog.message}")
        await (dialog.accept() if accept_dialogs else dialog.dismiss())

    page.on("dialog", on_dialog)
    await page.goto(server.url + path)
    return tab


async def live(tab: Tab) -> None:
    """Wait until the page's WebSocket is up and its clock has real ping/pong samples."""
    await tab.page.wait_for_function(
        "() => window.hall && window.hall.connection.connected && window.hall.connection.clock.synced")


async def ack(server: Server, command: dict[str, Any]) -> dict[str, Any]:
    answer = await server.command(command)
    assert answer.status_code == 200, f"{command}: {answer.status_code} {answer.text}"
    return dict(answer.json())


async def seen_seq(tab: Tab, seq: int) -> None:
    """Wait until the page's connection has the event `seq` (it has rendered it then)."""
    await tab.page.wait_for_function("(seq) => window.hall.connection.lastSeq >= seq", arg=seq)


async def shot(tab: Tab, artifacts: Path, name: str) -> Path:
    path = artifacts / name
    await tab.page.screenshot(path=str(path))
    return path


def seating_of(answer: dict[str, Any]) -> dict[int, list[str]]:
    event = next(e for e in answer["events"] if e["type"] == "seating_published")
    return {t["table"]: t["players"] for t in event["payload"]["tables"]}


async def play_round(server: Server, item: str, seed: int) -> dict[int, list[str]]:
    """Publish the seating (a seeded draw), start the round, enter a slip for every table."""
    tables = seating_of(await ack(server, {"type": "publish_seating", "item": item, "seed": seed}))
    await ack(server, {"type": "start_round", "item": item})
    await record_all(server, item, tables)
    return tables


async def record_all(server: Server, item: str, tables: dict[int, list[str]]) -> None:
    for number, players in tables.items():
        # slips that differ from table to table (each sums to zero), so the standings have an order
        slip = (SLIP[0] + 4 * number, SLIP[1] - number, SLIP[2] - 3 * number) if len(players) == 3 \
            else (60, 20, -30, -50)
        await ack(server, {"type": "record_result", "item": item, "table": number,
                           "results": dict(zip(players, slip, strict=True))})


async def play(server: Server, item: str, seed: int | None = None) -> dict[int, list[str]]:
    """Publish the round's seating (with `seed`), start it and record every table's result: its tables."""
    command: dict[str, Any] = {"type": "publish_seating", "item": item}
    if seed is not None:
        command["seed"] = seed
    tables = seating_of(await ack(server, command))
    await ack(server, {"type": "start_round", "item": item})
    await record_all(server, item, tables)
    return tables


def bounded(test: Callable[..., Any]) -> Callable[..., Any]:
    """Run the test under asyncio.timeout(TEST_TIMEOUT)."""

    @functools.wraps(test)
    async def run(*args: Any, **kwargs: Any) -> Any:
        async with asyncio.timeout(TEST_TIMEOUT):
            return await test(*args, **kwargs)

    return run


async def choose(tab: Tab, typed: str, name: str) -> None:
    """Type-ahead in the name picker, then tap the name."""
    await tab.page.locator("#filter").wait_for(state="visible")
    await tab.page.locator("#players button").first.wait_for(state="visible")  # the names have arrived
    await tab.page.locator("#filter").press_sequentially(typed, delay=30)
    button = tab.page.locator("#players button", has_text=name)
    await button.first.wait_for(state="visible")
    assert await tab.page.locator("#players button").count() == 1, "the type-ahead left one name"
    await button.first.click()
    await tab.page.locator("#me-name", has_text=name).wait_for(state="visible")


async def open_session(tab: Tab, server: Server, player: str) -> None:
    """Type the player's code (from the referee's printed list) into their page: it opens their session."""
    async with httpx.AsyncClient(timeout=10) as http:
        page = await http.get(f"{server.url}/api/checkin-codes", headers={"Authorization": f"Bearer {server.token}"})
    code = re.search(rf"<tr><td>{player}</td><td>[^<]*</td><td class=code>([A-Z0-9-]+)</td>", page.text)
    assert code is not None, page.text
    await tab.page.locator("#code-input").fill(code.group(1))
    await tab.page.locator("#code-open").click()
    await tab.page.locator("#code-card").wait_for(state="hidden")


async def referee_login(tab: Tab, token: str) -> None:
    await tab.page.locator("#token").fill(token)
    await tab.page.locator("#login-button").click()
    await tab.page.locator("#app").wait_for(state="visible")
    await live(tab)


def clock_text(ms: int, zone: str) -> str:
    """An instant as the pages show it (a tournament that is not a demo): "17:50" in its zone."""
    return datetime.fromtimestamp(ms / 1000, UTC).astimezone(ZoneInfo(zone)).strftime("%H:%M")


async def shown(tab: Tab, selector: str, *texts: str) -> None:
    """Wait until an element matching `selector` shows all `texts` (spaces of any kind count alike)."""
    await tab.page.wait_for_function(
        """([selector, texts]) => [...document.querySelectorAll(selector)].some((node) => {
            const seen = node.textContent.replace(/\\s+/g, " ");
            return node.offsetHeight > 0 && texts.every((t) => seen.includes(t));
        })""", arg=[selector, list(texts)])


#: How a part of the page is seen: its box, its font, whether its text is cut, whether something covers it.
SEEN = """(selector) => {
    const node = document.querySelector(selector);
    if (!node) return null;
    const box = node.getBoundingClientRect();
    const style = getComputedStyle(node);
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    const top = box.width && box.height ? document.elementFromPoint(x, y) : null;
    return {
        text: node.textContent, height: box.height, font: parseFloat(style.fontSize),
        shown: box.width > 0 && box.height > 0 && style.visibility !== "hidden" && Number(style.opacity) > 0.5,
        inside: box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth,
        cut: node.scrollWidth > node.clientWidth + 1,
        covered: !(top && (top === node || node.contains(top))),
    };
}"""


async def readable(tab: Any, selector: str, *words: str) -> dict[str, Any]:
    """Wait until `selector` shows all `words`, then check that the back row can read it (once the
    full-screen banners of the commands just sent are over)."""
    await tab.page.evaluate("() => { while (window.hall.banners.current) window.hall.banners.dismiss(); }")
    await tab.page.wait_for_function(
        "([sel, words]) => { const n = document.querySelector(sel);"
        " return n && words.every((w) => n.textContent.includes(w)); }", arg=[selector, list(words)])
    seen = await tab.page.evaluate(SEEN, selector)
    assert seen["shown"] and seen["inside"], (selector, seen)
    assert seen["height"] >= 0.9 * seen["font"] and seen["font"] >= 20, (selector, seen)
    assert not seen["cut"] and not seen["covered"], (selector, seen)
    return dict(seen)


async def until(check: Any, what: str, tries: int = 100) -> Any:
    """Poll the server until `check()` gives something true (a command the page sent has been stored)."""
    for _ in range(tries):
        found = await check()
        if found:
            return found
        await asyncio.sleep(0.1)
    raise AssertionError(f"the server never showed {what}")


async def no_toast(tab: Tab) -> None:
    """Close the console's last toast (it would cover the card in a screenshot)."""
    if await tab.page.locator("#toast").is_visible():
        await tab.page.locator("#toast-close").click()


#: An A4 sheet in PDF points (210 × 297 mm).
A4_PT = (595.28, 841.89)


def pdf_pages(pdf: bytes) -> list[tuple[float, float]]:
    """The size in points of each page of a PDF as Chromium writes it (uncompressed page objects)."""
    pages = re.findall(rb"/Type\s*/Page\b(?!s)", pdf)
    boxes = [(float(w), float(h)) for w, h in re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)]
    assert len(boxes) >= len(pages), (len(pages), boxes)
    return boxes[:len(pages)]


#: An A4 sheet on the screen at 96 px to the inch.
A4 = {"width": 794, "height": 1123}


#: The slips whose text does not fit: a line of it out of what shows of it (the slip, and the text's own box).
CUT_SLIPS = """() => [...document.querySelectorAll('.slip')].filter((slip) => {
  const [outer, inner] = [slip, slip.querySelector('.text')].map((n) => n.getBoundingClientRect());
  const top = Math.max(outer.top, inner.top), bottom = Math.min(outer.bottom, inner.bottom);
  const right = Math.min(outer.right, inner.right);
  return [...slip.querySelectorAll('.text > *')].some((line) => {
    const r = line.getBoundingClientRect();
    return r.top < top - 1 || r.bottom > bottom + 1 || r.right > right + 1;
  });
}).map((slip) => slip.outerHTML.match(/data-[a-z]+="[^"]*"/)[0])"""


async def printed_slips(browser: Any, server: Server, path: str, artifacts: Path, name: str, *,
                        across: int = 3, high_mm: float = 35) -> int:
    """A sheet of slips (`path`: /api/checkin-slips or /api/captain-slips) as it prints: the intro hidden, `across`
    slips across an A4 sheet, each `high_mm` high, a QR code on each, no text cut off; its screenshot `name`.
    Answers how many slips."""
    sheet = await open_tab(browser, server, path, viewport=A4,
                           extra_http_headers={"Authorization": f"Bearer {server.token}"})
    try:
        await sheet.page.emulate_media(media="print")
        await sheet.page.evaluate("() => document.fonts.ready")
        count = int(await sheet.page.locator(".slip").count())
        assert count and await sheet.page.locator(".slip .qr svg").count() == count
        assert await sheet.page.locator(".intro").is_hidden()
        box = await sheet.page.locator(".slip").first.bounding_box()
        wide, high = 200 / across * 96 / 25.4, high_mm * 96 / 25.4  # (the sheet: 200 mm wide)
        assert box is not None and abs(box["width"] - wide) < 8 and abs(box["height"] - high) < 8, (box, wide, high)
        cut = await sheet.page.evaluate(CUT_SLIPS)
        assert cut == [], f"text cut off on the slips of {cut}"
        await shot(sheet, artifacts, name)
        return count
    finally:
        await sheet.context.close()
