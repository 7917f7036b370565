"""The pages' first useful screen on a 3G phone: time from navigation, and bytes on the wire.

    python bench/first_screen.py [--runs 3] [--latency 400] [--kbps 400] [--modules] [--verbose]

Starts the real server (`python -m live serve`) on the bundled Čačak tournament (30 players,
Serbian Cyrillic), its dates moved so that round 1 starts ten minutes from now, with round 1's
seating published. Then, in headless Chromium (Playwright, /usr/bin/chromium) with the network
emulated by Chrome DevTools (`Network.emulateNetworkConditions`: `--latency` ms added to every
request, `--kbps` kbit/s down and up; the cache on), it opens each page in a fresh browser context
(an empty cache) and measures, from the navigation's start (`performance.now()` in the page):

- player (390×844, a returning player: the saved choice in localStorage, as after the first visit):
  the first useful screen is the player's table and seat (`#seat-card` shown, `#seat-line` naming
  the table) and the countdown (`#countdown` showing digits, not its "–:––" placeholder);
- display (1920×1080): the headline and the countdown;
- referee (a signed-in console: the session cookie is set before): the current round's line
  (`#current`) and the app shown.

The useful screens are told by element ids and the page's path (`/player`), never by the names of the
files that draw them (the entry modules live in the pages' folders, `/static/<v>/player/…`, and are served
joined into one file, `main.bundle.js`, or one by one with `--modules`: the pages asked with `?modules`,
live/edges/web/assets.py). The console's first file draws its first screen only: its other cards, with the
result forms and the plan's tools, come in a second file (`main.cards.bundle.js`, with their stylesheets in
`main.cards.bundle.css`), asked for after that screen is drawn, so neither counts in its time or bytes; the
catalogue is one file per page and language, the English words it lacks filled in (`_filled`). The data
the page carries in its HTML (`#live-boot`: the hello and the snapshot its WebSocket would send first) comes
with the HTML; "boot chars" is its size, 0 for a page without one.

"CLS" is the layout shifts' score (the `layout-shift` entries without recent input, summed) from the
navigation until the network has been quiet for half a second after the first screen: what moved on the
screen as the rest of the page (the console's cards and their stylesheets) came in.

A second visit in the same context (the cache warm) is measured too. Bytes are what Chromium
counted on the wire (`Network.loadingFinished`'s encodedDataLength: headers and the body as sent,
compressed or not) plus the WebSocket frames received until that moment. Prints the figures and
whether the goal (player under 2.5 s) is met; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from common import free_port, stop

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "examples" / "cacak-preferans-2027.toml"
CHROMIUM = "/usr/bin/chromium"
TOKEN = "bench-first-screen-token"
GOAL_S = 2.5

#: Sets `window.__firstScreen` (ms since the navigation started) the first frame the screen is useful.
WATCH = """
(() => {
  const useful = {
    player: () => {
      const card = document.getElementById("seat-card"), line = document.getElementById("seat-line");
      const count = document.getElementById("countdown");
      return card && !card.hidden && line && /\\d/.test(line.textContent) && count && /\\d/.test(count.textContent);
    },
    display: () => {
      const head = document.getElementById("headline"), count = document.getElementById("countdown");
      return head && head.textContent.trim() && count && /\\d/.test(count.textContent);
    },
    referee: () => {
      const app = document.getElementById("app"), current = document.getElementById("current");
      return app && !app.hidden && current && current.textContent.trim();
    },
  }[location.pathname.split("/").filter(Boolean)[0]];
  window.__shifts = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
  const check = () => {
    if (window.__firstScreen === undefined && useful && useful()) window.__firstScreen = performance.now();
    if (window.__firstScreen === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();
"""


def shifted_tournament(path: Path) -> tuple[str, str, str]:
    """The example with every date moved so that r1 starts in ten minutes; (text, a player id, its name)."""
    text = EXAMPLE.read_text(encoding="utf-8")
    zone = ZoneInfo(re.search(r'^timezone = "([^"]+)"', text, re.M).group(1))  # type: ignore[union-attr]
    r1 = re.search(r'id = "r1"[^\[]*?start = (\S+)', text, re.S).group(1)  # type: ignore[union-attr]
    target = datetime.now(zone).replace(tzinfo=None, microsecond=0) + timedelta(minutes=10)
    delta = target - datetime.fromisoformat(r1)

    def move(m: re.Match[str]) -> str:
        return f"{m.group(1)} = {(datetime.fromisoformat(m.group(2)) + delta).isoformat(timespec='seconds')}"

    text = re.sub(r"^(start|end) = (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)", move, text, flags=re.M)
    path.write_text(text, encoding="utf-8")
    player = re.search(r'\[\[players\]\]\s*id = "([^"]+)"\s*name = "([^"]+)"', text)
    assert player, "the example names no player"
    name = re.search(r'^name = "([^"]+)"', text, re.M).group(1)  # type: ignore[union-attr]
    return name, player.group(1), player.group(2)


def post(url: str, body: dict[str, Any], token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str, str, str]:
    file = folder / "cacak.toml"
    name, player, _ = shifted_tournament(file)
    port = free_port()
    env = {**os.environ, "LIVE_REFEREE_TOKEN": TOKEN}
    log = open(folder / "server.log", "wb")  # noqa: SIM115 (open for the server's lifetime)
    proc = subprocess.Popen([sys.executable, "-m", "live", "serve", str(file), "--host", "127.0.0.1", "--port",
                             str(port), "--db", str(folder / "cacak.db")], cwd=REPO, env=env, stdout=log,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        try:
            with urllib.request.urlopen(f"{url}/api/health", timeout=1):
                break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise SystemExit(f"the server did not come up:\n{(folder / 'server.log').read_text()}") from None
            time.sleep(0.1)
    post(f"{url}/api/commands", {"type": "publish_seating", "item": "r1", "seed": 7}, TOKEN)
    return proc, url, name, player


class Wire:
    """What Chromium counted on the wire since the last `reset` (CDP Network events)."""

    def __init__(self, cdp: Any) -> None:
        self.reset()
        cdp.on("Network.loadingFinished", self._finished)
        cdp.on("Network.requestWillBeSent", self._sent)
        cdp.on("Network.webSocketCreated", lambda e: self._event(e["requestId"], "ws", e["url"]))
        cdp.on("Network.webSocketFrameReceived", self._frame)

    def _event(self, request: str, what: str, detail: Any, at: float | None = None) -> None:
        self.timeline.append((at if at is not None else time.monotonic(), request, what, detail))

    def _sent(self, event: dict[str, Any]) -> None:
        self.requests.append(event["request"]["url"])
        self.urls[event["requestId"]] = event["request"]["url"]
        self._event(event["requestId"], "sent", event["request"]["url"], event["timestamp"])

    def _finished(self, event: dict[str, Any]) -> None:
        self.sizes[event["requestId"]] = event["encodedDataLength"]
        self._event(event["requestId"], "done", event["encodedDataLength"], event["timestamp"])

    def _frame(self, event: dict[str, Any]) -> None:
        self.frames.append(len(event["response"]["payloadData"].encode()))
        self._event(event["requestId"], "frame", self.frames[-1], event["timestamp"])

    def show(self) -> None:
        """Each request's start and end, in seconds from the first one (CDP's own clock)."""
        timed = [t for t in self.timeline if t[2] != "ws"]
        zero = min(t[0] for t in timed)
        for at, request, what, detail in sorted(timed):
            url = self.urls.get(request, request)
            print(f"  {at - zero:6.2f}s {what:<5} {detail!s:>7}  {url.split('/', 3)[-1][:80]}")

    def reset(self) -> None:
        self.timeline: list[tuple[float, str, str, Any]] = []
        self.urls: dict[str, str] = {}
        self.sizes: dict[str, float] = {}
        self.frames: list[int] = []
        self.requests: list[str] = []


async def visit(page: Any, wire: Wire, url: str, verbose: bool = False) -> dict[str, float]:
    """Navigate, wait for the first useful screen; its time (s) and the bytes received until then."""
    wire.reset()
    await page.goto(url, wait_until="commit")
    await page.wait_for_function("() => window.__firstScreen !== undefined", timeout=60_000, polling=100)
    ms = await page.evaluate("window.__firstScreen")
    boot = await page.evaluate("(document.getElementById('live-boot')?.textContent || '').length")
    found = {"s": ms / 1000, "http": sum(wire.sizes.values()), "ws": sum(wire.frames),
             "requests": len(wire.requests), "boot": boot}
    await page.wait_for_load_state("networkidle", timeout=60_000)  # the rest of the page, for its shifts
    await page.wait_for_timeout(300)
    found["cls"] = await page.evaluate("window.__shifts")
    if verbose:
        print(f"{url} ({found['s']:.2f} s to the first screen):")
        wire.show()
    return found


async def measure(url: str, name: str, player: str, runs: int, latency: float, kbps: float,
                  verbose: bool = False, modules: bool = False) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    results: dict[str, dict[str, list[dict[str, float]]]] = {}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            for path in ("player", "display", "referee"):
                viewport = {"width": 390, "height": 844} if path == "player" else {"width": 1920, "height": 1080}
                for _ in range(runs):
                    context = await browser.new_context(viewport=viewport)
                    if path == "player":
                        choice = json.dumps({"id": player, "tournament": name})
                        await context.add_init_script(f"localStorage.setItem('live.player', {json.dumps(choice)});")
                    if path == "referee":
                        await context.request.post(f"{url}/api/login", data={"token": TOKEN})
                    await context.add_init_script(WATCH)
                    page = await context.new_page()
                    cdp = await context.new_cdp_session(page)
                    wire = Wire(cdp)
                    await cdp.send("Network.enable")
                    await cdp.send("Network.emulateNetworkConditions", {
                        "offline": False, "latency": latency, "downloadThroughput": kbps * 1000 / 8,
                        "uploadThroughput": kbps * 1000 / 8})
                    for visit_kind in ("cold", "warm"):
                        found = await visit(page, wire, f"{url}/{path}{'?modules' if modules else ''}", verbose)
                        results.setdefault(path, {}).setdefault(visit_kind, []).append(found)
                    await context.close()
        finally:
            await browser.close()
    return results


def report(results: dict[str, Any], latency: float, kbps: float, modules: bool = False) -> None:
    print(f"\nfirst useful screen, {latency:g} ms added per request, {kbps:g} kbit/s down and up "
          f"(median of {len(results['player']['cold'])} runs{'; the modules one by one' if modules else ''})\n")
    print(f"{'page':<9} {'visit':<5} {'time':>7} {'HTTP bytes':>11} {'WS bytes':>9} {'requests':>9} "
          f"{'boot chars':>11} {'CLS':>6}")
    for path, kinds in results.items():
        for kind, runs in kinds.items():
            med = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
            print(f"{path:<9} {kind:<5} {med['s']:>6.2f}s {med['http']:>11,.0f} {med['ws']:>9,.0f} "
                  f"{med['requests']:>9.0f} {med['boot']:>11,.0f} {med['cls']:>6.3f}")
    player = statistics.median(r["s"] for r in results["player"]["cold"])
    print(f"\ngoal: the player's first screen under {GOAL_S} s on a cold cache: "
          f"{'met' if player < GOAL_S else 'NOT met'} ({player:.2f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--latency", type=float, default=400.0, help="ms added to every request (default 400)")
    parser.add_argument("--kbps", type=float, default=400.0, help="kbit/s down and up (default 400)")
    parser.add_argument("--verbose", action="store_true", help="print every request's start and end")
    parser.add_argument("--modules", action="store_true", help="the pages' modules one by one (?modules), not joined")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="live-first-screen-") as folder:
        proc, url, name, player = start_server(Path(folder))
        try:
            results = asyncio.run(measure(url, name, player, args.runs, args.latency, args.kbps, args.verbose,
                                          args.modules))
        finally:
            stop(proc, timeout=10)
    report(results, args.latency, args.kbps, args.modules)


if __name__ == "__main__":
    main()
