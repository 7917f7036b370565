"""The pictures of the README and the docs, taken from a running demo: `python docs/screenshots.py [--speed 120]`.

Runs `live demo` (the Čačak tournament, compressed) on a free port and, in headless Chromium
(Playwright driving /usr/bin/chromium), takes each picture when the hall reaches the moment it
shows, as the server's own state says (`/api/state`):

- display-late.png     1920×1080, round 1 under way with players still missing: the late panel;
- display-break.png    1920×1080, the snack break between rounds 1 and 2;
- display.png          1920×1080, round 2 under way: clock, standings after round 1, the seating;
- referee.png          390×844, the console on a phone during round 2 (sr-Cyrl);
- referee-sk.png       390×844, the same in Slovak;
- player.png           390×844, a player's page during round 2 (sr-Latn);
- slips.png            the printable check-in slips (A4 at 96 dpi).

Nothing here is a test: it waits (bounded) for each moment and fails with what it saw if the
demo never gets there.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, async_playwright
from playwright.async_api import TimeoutError as PlaywrightTimeout

HERE = Path(__file__).resolve().parent
TOKEN = "docs-screenshots"
DISPLAY = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
A4 = {"width": 794, "height": 1123}

State = dict[str, Any]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def state(base: str) -> State:
    with urllib.request.urlopen(f"{base}/api/state", timeout=5) as answer:
        return json.loads(answer.read())


def item(s: State, ident: str) -> State:
    return next(i for i in s["timetable"] if i["id"] == ident)


def missing_in(s: State, ident: str) -> int:
    report = (s.get("lateness") or {}).get(ident) or {}
    rows = report.get("rows") or []
    return sum(1 for r in rows if r.get("arrived_at") is None and not r.get("reserve") and not r.get("excused"))


async def wait_until(base: str, what: str, ok: Callable[[State], bool], limit_s: float) -> State:
    deadline = time.monotonic() + limit_s
    seen: State = {}
    while time.monotonic() < deadline:
        try:
            seen = await asyncio.to_thread(state, base)
        except OSError:  # not listening yet
            await asyncio.sleep(0.5)
            continue
        if ok(seen):
            return seen
        await asyncio.sleep(0.5)
    raise SystemExit(f"the demo never reached {what} in {limit_s:.0f} s; the clock said {seen.get('clock')}")


async def shoot(browser: Browser, url: str, path: Path, viewport: dict[str, int], *,
                storage: dict[str, str] | None = None, settle_s: float = 2.5) -> None:
    context = await browser.new_context(viewport=viewport, device_scale_factor=1,
                                        extra_http_headers={"Authorization": f"Bearer {TOKEN}"}
                                        if "/api/" in url else None)  # the console signs in by its form
    for key, value in (storage or {}).items():
        await context.add_init_script(f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)});")
    page = await context.new_page()
    await page.goto(url)
    if "/referee" in url and await page.locator("#token").is_visible():
        await page.locator("#token").fill(TOKEN)
        await page.locator("#login-button").click()
        await page.locator("#app").wait_for(state="visible")
    await page.wait_for_timeout(settle_s * 1000)
    if "/display" in url:
        # A first click turns the sound on (its hint gone), as a referee does once on the day; then the
        # picture waits for a moment between banners (a compressed day sends its alerts seconds apart)
        # to show the screen under them.
        await page.mouse.click(viewport["width"] // 2, viewport["height"] // 2)
        try:
            await page.wait_for_function("() => window.hall && !window.hall.banners.current", timeout=45_000)
        except PlaywrightTimeout:
            await page.evaluate("() => { while (window.hall.banners.current) window.hall.banners.dismiss(); }")
        await page.wait_for_timeout(300)
    await page.screenshot(path=str(path), full_page=False)
    await context.close()
    print(f"  {path.relative_to(HERE.parent)}")


async def main(speed: float) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "LIVE_REFEREE_TOKEN": TOKEN}
        demo = subprocess.Popen([sys.executable, "-m", "live", "demo", "--speed", str(speed), "--port", str(port),
                                 "--db", str(Path(tmp) / "demo.db")], env=env, stdout=subprocess.DEVNULL)
        try:
            await wait_until(base, "a running server", lambda s: bool(s.get("timetable")), 30)
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
                late = await wait_until(base, "round 1 with players missing", lambda s: item(s, "r1")["status"]
                                        == "running" and missing_in(s, "r1") > 0, 240)
                print(f"round 1 running, {missing_in(late, 'r1')} missing")
                await shoot(browser, f"{base}/display", HERE / "display-late.png", DISPLAY)
                await wait_until(base, "the snack break", lambda s: s["clock"].get("current") == "snack", 600)
                await shoot(browser, f"{base}/display", HERE / "display-break.png", DISPLAY)
                r2 = await wait_until(base, "round 2 under way", lambda s: item(s, "r2")["status"] == "running", 600)
                seated = (r2.get("seating") or {}).get("r2") or {}
                first = next((p for t in seated.get("tables", []) for p in t.get("players", [])), None)
                await shoot(browser, f"{base}/display", HERE / "display.png", DISPLAY, settle_s=4)
                await shoot(browser, f"{base}/referee?lang=sr-Cyrl", HERE / "referee.png", PHONE)
                await shoot(browser, f"{base}/referee?lang=sk", HERE / "referee-sk.png", PHONE)
                if first:
                    choice = json.dumps({"id": first, "tournament": r2["tournament"]["name"]})
                    await shoot(browser, f"{base}/player?lang=sr-Latn", HERE / "player.png", PHONE,
                                storage={"live.player": choice})
                await shoot(browser, f"{base}/api/checkin-slips", HERE / "slips.png", A4, settle_s=1)
                await browser.close()
        finally:
            demo.terminate()
            demo.wait(10)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", type=float, default=120, help="how much faster than real time (default 120)")
    asyncio.run(main(parser.parse_args().speed))
