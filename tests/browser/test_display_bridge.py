"""The hall display for the two bridge events, as the back row reads it: real Chromium at 1920×1080.

The example files (Novi Sad teams, the Slovak league) are served as they are, their timetable moved
so that match 1 is about to begin (it is started early). With the standings and the seating both
shown (between matches and during one, in sr-Cyrl, sr-Latn and sk), the headline's item name and
what the countdown counts to have a size and nothing covers them, no team name is cut in the
standings or in the seating, the standings say each team's matches, and the seating which team is home.
"""

from __future__ import annotations

import tomllib
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from server import Server, start_server_async
from support.examples import EXAMPLES, moved_example
from support.pages import SEEN, ack, bounded, live, open_tab, seen_seq, shot

from live.rules.alphabet import shown as in_script

pytestmark = pytest.mark.asyncio(loop_scope="session")

LANGUAGES = ("sr-Cyrl", "sr-Latn", "sk")


def longest_team(name: str) -> str:
    teams = tomllib.loads((EXAMPLES / name).read_text(encoding="utf-8"))["teams"]
    return max((t["name"] for t in teams), key=len)


#: Every team name the standings and the seating show now: whether one is cut, and how many are shown.
NAMES = """() => {
    const shown = (n) => n.offsetParent !== null && n.getBoundingClientRect().width > 0;
    const cells = [...document.querySelectorAll(
        '#standings-body .d-st-row:not(.d-st-cols) .c-name, #seating-body .d-match-home, #seating-body .d-match-away')]
        .filter(shown);
    return {
        names: cells.map((n) => n.textContent),
        cut: cells.filter((n) => n.scrollWidth > n.clientWidth).map((n) => n.textContent),
        standings: !document.getElementById('standings-panel').hidden,
        seating: !document.getElementById('seating-panel').hidden,
        columns: [...document.querySelectorAll('#standings-body .d-st-cols')].filter(shown)
            .map((row) => [...row.children].map((c) => c.textContent)),
        // when the match starts ("Wednesday 9 December · starts at 15:13" for the league's next evening): whole
        sub: (() => {
            const sub = document.getElementById('seating-sub');
            const panel = document.getElementById('seating-panel').getBoundingClientRect();
            const box = sub.getBoundingClientRect();
            return {text: sub.textContent, whole: sub.scrollWidth <= sub.clientWidth && box.right <= panel.right};
        })(),
        heads: [...document.querySelectorAll('#seating-cols .d-match-head')].filter(shown)
            .map((row) => [row.children[0].textContent, row.children[2].textContent]),
    };
}"""


async def back_row(tab: Any, longest: str) -> dict[str, Any]:
    """The checks of one screen: both panels shown, the headline and the countdown readable, no name cut."""
    page = tab.page
    await page.evaluate("() => { while (window.hall.banners.current) window.hall.banners.dismiss(); }")
    await page.wait_for_timeout(400)  # the panels fit again after the last change (ResizeObserver)
    seen = await page.evaluate(NAMES)
    assert seen["standings"] and seen["seating"], seen
    assert not seen["cut"], f"cut names: {seen['cut']}"
    shown = " ".join(seen["names"])
    assert longest in shown, (longest, seen["names"])
    # rank, team, matches, VP, IMP ± over every column of standings; "Home – Away" over the matches
    assert seen["columns"] and all(len(head) == 5 and all(head[1:]) for head in seen["columns"]), seen["columns"]
    assert seen["heads"] and all(home and away for home, away in seen["heads"]), seen["heads"]
    assert seen["sub"]["text"] and seen["sub"]["whole"], seen["sub"]
    # Between matches the headline says both ("Kolo 2 počinje za"); during one, "Sada" over the match's
    # name and "preostalo" under the countdown.
    mode = await page.evaluate("() => document.getElementById('main').dataset.mode")
    for selector in ("#headline", "#count", *(("#kicker", "#state") if mode == "running" else ())):
        part = await page.evaluate(SEEN, selector)
        assert part and part["shown"] and part["inside"], (selector, part)
        assert part["height"] > 0 and part["font"] >= 20, (selector, part)
        assert not part["cut"] and not part["covered"], (selector, part)
    return dict(seen)


async def run_event(browser: Any, tmp_path: Path, artifacts: Path, name: str, ids: list[str]) -> None:
    """Play match 1 of the example `name`, then check the display between matches and during match 2."""
    file = moved_example(name, tmp_path, starts_in=timedelta(minutes=3))
    server: Server = await start_server_async(file, tmp_path / "bridge.db")
    tabs = []
    try:
        tabs = [await open_tab(browser, server, f"/display?lang={lang}") for lang in LANGUAGES]
        for tab in tabs:
            await live(tab)
        seated = await ack(server, {"type": "publish_seating", "item": "m1"})
        matches = next(e for e in seated["events"] if e["type"] == "seating_published")["payload"]["matches"]
        await ack(server, {"type": "start_round", "item": "m1"})
        for n, match in enumerate(matches):
            await ack(server, {"type": "record_result", "item": "m1", "home": match["home"], "away": match["away"],
                               "imps_home": 31 + 7 * n, "imps_away": 12 + n})
        await ack(server, {"type": "end_round", "item": "m1"})
        done = await ack(server, {"type": "publish_seating", "item": "m2"})
        longest = longest_team(name)
        # Between matches: the standings after match 1 and the seating of match 2, the countdown to its start.
        for lang, tab in zip(LANGUAGES, tabs, strict=True):
            await seen_seq(tab, done["seq"])
            # The new seating brought its scene at once, for a page's time (display/hall/scenes.js); the screens
            # are checked one after another, so each asks for it again rather than catch its turn.
            await tab.page.evaluate("() => { window.hall.page.want = 'seating'; }")
            await tab.page.locator("#seating-panel").wait_for(state="visible")
            await back_row(tab, in_script(longest, lang))  # a Latin name reads in Cyrillic on sr-Cyrl
            await shot(tab, artifacts, f"display-{ids[0]}-between-{lang}.png")
        # During match 2, with the seating of match 3 up.
        await ack(server, {"type": "start_round", "item": "m2"})
        playing = await ack(server, {"type": "publish_seating", "item": "m3"})
        for lang, tab in zip(LANGUAGES, tabs, strict=True):
            await seen_seq(tab, playing["seq"])
            await tab.page.wait_for_function("() => document.getElementById('main').dataset.mode === 'running'")
            await back_row(tab, in_script(longest, lang))
            await shot(tab, artifacts, f"display-{ids[0]}-match-{lang}.png")
        for tab in tabs:
            assert not tab.errors, tab.errors
    finally:
        for tab in tabs:
            await tab.context.close()
        server.stop()


@bounded
async def test_the_novi_sad_display_shows_the_headline_and_every_team_whole(browser: Any, tmp_path: Path,
                                                                            artifacts: Path) -> None:
    await run_event(browser, tmp_path, artifacts, "novi-sad-teams-2026.toml", ["novi-sad"])


@bounded
async def test_the_slovak_league_display_shows_the_headline_and_every_team_whole(browser: Any, tmp_path: Path,
                                                                                 artifacts: Path) -> None:
    await run_event(browser, tmp_path, artifacts, "slovak-league-2027.toml", ["slovak"])
