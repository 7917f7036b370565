"""Do the pages jump, and do they keep a mid phone busy? Layout shift and blocking time while loading.

    python bench/pages.py [--runs 3] [--cpu 4] [--latency 150] [--kbps 1600] [--pages player,referee] [--verbose]

Starts the real server on the bundled Čačak tournament as bench/first_screen.py does (round 1 ten minutes
from now, its seating published) and opens, in headless Chromium (Playwright, /usr/bin/chromium) with the
CPU slowed down `--cpu` times (CDP `Emulation.setCPUThrottlingRate`: 4 is a mid phone, as Lighthouse's
mobile run) and the network emulated (`--latency` ms a request, `--kbps` kbit/s), each page in a fresh
browser context:

- /player at 390×844, a returning player (the saved choice in localStorage);
- /display at 1920×1080;
- /referee at 1920×1080, signed in.

From the navigation until the page is live (its first useful screen, as bench/first_screen.py tells it)
and 3 s after, a PerformanceObserver collects:

- cumulative layout shift (CLS): the `layout-shift` entries without recent input, in session windows
  (gaps under 1 s, windows up to 5 s) as Lighthouse and the Web Vitals count it: the largest window;
- total blocking time (TBT): the sum over the `longtask` entries of their time past 50 ms.

Prints the medians of `--runs` runs beside the goals (CLS < 0.1, TBT < 200 ms); `--pages` measures only
those named; `--verbose` names the elements that moved in each run and lists its long tasks (when each
started and how long it took). Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
from pathlib import Path
from typing import Any

from common import stop
from first_screen import CHROMIUM, TOKEN, WATCH, start_server

GOAL_CLS = 0.1
GOAL_TBT_MS = 200.0
AFTER_LIVE_MS = 3000

#: Collects the layout shifts (with what moved) and the long tasks from the navigation on.
OBSERVE = """
(() => {
  const seen = window.__jank = { shifts: [], tasks: [] };
  const name = (node) => {
    if (!node || !node.tagName) return String(node && node.nodeName);
    return node.tagName.toLowerCase() + (node.id ? `#${node.id}` : "") +
      (typeof node.className === "string" && node.className ? `.${node.className.trim().split(/\\s+/).join(".")}` : "");
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      seen.shifts.push({ at: e.startTime, value: e.value, sources: (e.sources || []).map((s) => name(s.node)) });
    }
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) seen.tasks.push({ at: e.startTime, ms: e.duration });
  }).observe({ type: "longtask", buffered: true });
})();
"""


def session_cls(shifts: list[dict[str, Any]]) -> float:
    """The largest session window of layout shifts: a window ends after 1 s without a shift, or at 5 s."""
    best = current = 0.0
    start = last = None
    for shift in sorted(shifts, key=lambda s: s["at"]):
        if start is None or shift["at"] - last > 1000 or shift["at"] - start > 5000:
            start, current = shift["at"], 0.0
        current += shift["value"]
        last = shift["at"]
        best = max(best, current)
    return best


async def visit(context: Any, url: str, cpu: float, latency: float, kbps: float) -> dict[str, Any]:
    page = await context.new_page()
    cdp = await context.new_cdp_session(page)
    await cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    await cdp.send("Network.enable")
    await cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": latency, "downloadThroughput": kbps * 1000 / 8,
        "uploadThroughput": kbps * 1000 / 8})
    await page.goto(url, wait_until="commit")
    await page.wait_for_function("() => window.__firstScreen !== undefined", timeout=60_000, polling=100)
    await page.wait_for_timeout(AFTER_LIVE_MS)
    seen = await page.evaluate("window.__jank")
    live_ms = await page.evaluate("window.__firstScreen")
    tbt = sum(max(0.0, t["ms"] - 50) for t in seen["tasks"])
    return {"cls": session_cls(seen["shifts"]), "tbt": tbt, "live": live_ms, "tasks": len(seen["tasks"]),
            "longest": max((t["ms"] for t in seen["tasks"]), default=0.0), "shifts": seen["shifts"],
            "long_tasks": seen["tasks"]}


async def measure(url: str, name: str, player: str, pages: list[str], runs: int, cpu: float, latency: float,
                  kbps: float, verbose: bool) -> dict[str, list[dict[str, Any]]]:
    from playwright.async_api import async_playwright

    results: dict[str, list[dict[str, Any]]] = {}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            for path in pages:
                viewport = {"width": 390, "height": 844} if path == "player" else {"width": 1920, "height": 1080}
                phone = {"is_mobile": True, "has_touch": True, "device_scale_factor": 3} if path == "player" else {}
                for run in range(runs):
                    context = await browser.new_context(viewport=viewport, **phone)
                    if path == "player":
                        choice = json.dumps({"id": player, "tournament": name})
                        await context.add_init_script(f"localStorage.setItem('live.player', {json.dumps(choice)});")
                    if path == "referee":
                        await context.request.post(f"{url}/api/login", data={"token": TOKEN})
                    await context.add_init_script(OBSERVE)
                    await context.add_init_script(WATCH)
                    found = await visit(context, f"{url}/{path}", cpu, latency, kbps)
                    results.setdefault(path, []).append(found)
                    if verbose:
                        print(f"/{path} run {run + 1}: CLS {found['cls']:.3f}, TBT {found['tbt']:.0f} ms, "
                              f"live at {found['live']:.0f} ms, {found['tasks']} long tasks "
                              f"(longest {found['longest']:.0f} ms)")
                        for shift in found["shifts"]:
                            print(f"    {shift['at']:7.0f} ms  {shift['value']:.4f}  {', '.join(shift['sources'])}")
                        for task in found["long_tasks"]:
                            print(f"    {task['at']:7.0f} ms  a long task of {task['ms']:.0f} ms")
                    await context.close()
        finally:
            await browser.close()
    return results


def report(results: dict[str, list[dict[str, Any]]], cpu: float, latency: float, kbps: float) -> None:
    runs = len(next(iter(results.values())))
    print(f"\nlayout shift and blocking time, the CPU {cpu:g}× slower, {latency:g} ms a request, {kbps:g} kbit/s, "
          f"from the navigation until {AFTER_LIVE_MS / 1000:g} s after the page is live (median of {runs} runs)\n")
    print(f"{'page':<9} {'CLS':>6} {'goal':>7} {'TBT':>8} {'goal':>9} {'live at':>9} {'long tasks':>11}")
    for path, found in results.items():
        cls = statistics.median(f["cls"] for f in found)
        tbt = statistics.median(f["tbt"] for f in found)
        live = statistics.median(f["live"] for f in found)
        tasks = statistics.median(f["tasks"] for f in found)
        goals = f"{'< ' + format(GOAL_CLS, 'g'):>7}", f"{'< ' + format(GOAL_TBT_MS, 'g') + 'ms':>9}"
        print(f"{path:<9} {cls:>6.3f} {goals[0]} {tbt:>6.0f}ms {goals[1]} {live:>7.0f}ms {tasks:>11.0f}")
    for path, found in results.items():
        cls = statistics.median(f["cls"] for f in found)
        tbt = statistics.median(f["tbt"] for f in found)
        print(f"{path}: CLS {'met' if cls < GOAL_CLS else 'NOT met'}, TBT {'met' if tbt < GOAL_TBT_MS else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cpu", type=float, default=4.0, help="CPU slowdown (default 4: a mid phone)")
    parser.add_argument("--latency", type=float, default=150.0, help="ms added to every request (default 150)")
    parser.add_argument("--kbps", type=float, default=1600.0, help="kbit/s down and up (default 1600)")
    parser.add_argument("--pages", default="player,display,referee",
                        help="the pages to measure, by path, comma-separated (default: all three)")
    parser.add_argument("--verbose", action="store_true", help="each run's figures and the elements that moved")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="live-pages-") as folder:
        proc, url, name, player = start_server(Path(folder))
        try:
            pages = [p.strip() for p in args.pages.split(",") if p.strip()]
            results = asyncio.run(measure(url, name, player, pages, args.runs, args.cpu, args.latency, args.kbps,
                                          args.verbose))
        finally:
            stop(proc, timeout=10)
    report(results, args.cpu, args.latency, args.kbps)


if __name__ == "__main__":
    main()
