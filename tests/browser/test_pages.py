"""The pages in a real browser: headless Chromium (Playwright) against a real `live serve`.

Each test starts its own server (free port, tournament file written for the test), opens the
pages in fresh browser contexts and waits for what a person would see: visible text, existing
element ids. Every wait is bounded (Playwright's default timeout, asyncio.timeout around each
test), so a broken page fails instead of hanging. Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import asyncio
import re
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from server import Server, from_now, now_ms, round_entry
from support.pages import (
    DISPLAY,
    NAME,
    PHONE,
    PLAYERS,
    SLIP,
    ack,
    bounded,
    choose,
    clock_text,
    live,
    open_session,
    open_tab,
    play_round,
    referee_login,
    seating_of,
    seen_seq,
    shot,
    shown,
)
from support.referee_api import events_of

pytestmark = pytest.mark.asyncio(loop_scope="session")

CLOCK_SHIFT_MS = 5_000

FIRST = ("Milan", "Ana", "Dragan", "Vesna", "Bojan", "Jelena", "Nikola", "Marija", "Zoran")
LAST = ("Petrović", "Ilić", "Jovanović", "Marković", "Šarić")
#: 45 players: the standings need several pages on the display.
FIELD = tuple(f"{first} {last}" for last in LAST for first in FIRST)


# 1 ---------------------------------------------------------------------------------------------


@bounded
async def test_the_display_shows_an_announcement_banner_within_a_second(browser: Any, serve: Any,
                                                                       artifacts: Path) -> None:
    server = await serve(timetable=[round_entry("r1", 1, start_in=3600, minutes=180)])
    tab = await open_tab(browser, server, "/display")
    try:
        await live(tab)
        text = f"Bidding box check at the desk {now_ms() % 100000}"
        # Polled on every animation frame; answers the page's Date.now() when the banner shows the text.
        shown = asyncio.ensure_future(tab.page.wait_for_function(
            """(text) => {
                const box = document.getElementById("banner");
                return box && !box.hidden && box.offsetHeight > 0 && box.textContent.includes(text) && Date.now();
            }""", arg=text, polling="raf"))
        await asyncio.sleep(0.1)  # the poll is installed in the page
        sent = now_ms()
        await ack(server, {"type": "announce", "text": text})
        acked = now_ms()
        shown_at = await (await shown).json_value()
        await tab.page.get_by_text(text).first.wait_for(state="visible")
        delay = shown_at - acked
        print(f"banner: sent→visible {shown_at - sent} ms, ack→visible {delay} ms (ack took {acked - sent} ms)")
        assert delay < 1000, f"the banner showed {delay} ms after the acknowledgement"
        assert not tab.dialogs and not tab.errors, (tab.dialogs, tab.errors)
    finally:
        await tab.context.close()


# 2 ---------------------------------------------------------------------------------------------

#: Each page's remaining time (the server's deadline less the page's server clock), with a wall-clock
#: stamp the Date.now shift does not touch (performance.timeOrigin + performance.now()).
READ_COUNTDOWN = """async () => {
    const { nowEntry } = await import("/static/lib/timetable.js");
    const c = window.hall.connection;
    const serverNow = c.clock.now();
    const ms = Math.max(0, nowEntry(c.sections, serverNow).deadline - serverNow);
    return {ms, real: performance.timeOrigin + performance.now(), offset: c.clock.offset,
            text: document.getElementById("countdown").textContent, dateNow: Date.now()};
}"""


@bounded
async def test_two_displays_show_the_same_countdown_second_even_with_a_clock_offset(browser: Any, serve: Any) -> None:
    server = await serve(timetable=[round_entry("r1", 1, start_in=-30, minutes=180)])
    # A preferans round starts once its seating is published: its scheduled start (30 s ago) was held.
    await ack(server, {"type": "publish_seating", "item": "r1", "seed": 1})
    started = await server.command({"type": "start_round", "item": "r1"})
    assert started.status_code in (200, 409), started.text  # 409: the scheduler started it meanwhile
    shifted = f"(() => {{ const real = Date.now; Date.now = () => real.call(Date) + {CLOCK_SHIFT_MS}; }})();"
    a = await open_tab(browser, server, "/display")
    b = await open_tab(browser, server, "/display", init_script=shifted)
    try:
        await asyncio.gather(live(a), live(b))
        # the first ping burst (several samples) is in
        for tab in (a, b):
            await tab.page.wait_for_function("() => window.hall.connection.clock.samples.length >= 3")
        await a.page.wait_for_function(
            "() => /\\d:\\d\\d:\\d\\d/.test(document.getElementById('countdown').textContent)")
        diffs = []
        for _ in range(5):
            ra, rb = await asyncio.gather(a.page.evaluate(READ_COUNTDOWN), b.page.evaluate(READ_COUNTDOWN))
            assert rb["dateNow"] - time.time() * 1000 > CLOCK_SHIFT_MS - 1000, "the shift is in place"
            assert abs(rb["offset"] + CLOCK_SHIFT_MS) < 250, f"the shifted page estimated offset {rb['offset']}"
            assert abs(ra["offset"]) < 250, f"the page estimated offset {ra['offset']}"
            # both read at (nearly) the same instant: bring b's reading to a's instant
            diff = abs((rb["ms"] + (rb["real"] - ra["real"])) - ra["ms"])
            diffs.append(diff)
            for reading in (ra, rb):
                assert re.fullmatch(r"2:59:\d\d", reading["text"]), reading
            await asyncio.sleep(0.2)
        print(f"countdown: offsets {ra['offset']:.0f} / {rb['offset']:.0f} ms; "
              f"difference between the pages {max(diffs):.1f} ms at most ({[round(d, 1) for d in diffs]})")
        assert max(diffs) < 250, diffs
        # and the seconds on the screens: the same text when read together away from a second's edge
        for _ in range(20):
            ra, rb = await asyncio.gather(a.page.evaluate(READ_COUNTDOWN), b.page.evaluate(READ_COUNTDOWN))
            if 300 < ra["ms"] % 1000 < 700 and abs(ra["real"] - rb["real"]) < 50:
                assert ra["text"] == rb["text"], (ra, rb)
                break
            await asyncio.sleep(0.13)
        else:
            pytest.fail("never read both pages in the middle of a second")
        assert not a.errors and not b.errors, (a.errors, b.errors)
    finally:
        await asyncio.gather(a.context.close(), b.context.close())


# 3 ---------------------------------------------------------------------------------------------


@bounded
async def test_the_standings_turn_over_pages(browser: Any, serve: Any, artifacts: Path) -> None:
    players = [{"id": f"p{i:02d}", "name": name} for i, name in enumerate(FIELD, 1)]
    server = await serve(name=NAME, players=players, timetable=[round_entry("r1", 1, start_in=3600, minutes=180),
                                                     round_entry("r2", 2, start_in=4 * 3600, minutes=180)])
    tab = await open_tab(browser, server, "/display")
    try:
        await live(tab)
        tables = await play_round(server, "r1", 7)
        assert len(tables) == 15
        # the last result is rendered (it may move the pager to its row's page) before the timing starts
        await seen_seq(tab, int((await server.state())["seq"]))
        await tab.page.wait_for_timeout(200)
        indicator = tab.page.locator("#standings-pages")
        await indicator.wait_for(state="visible")
        await tab.page.wait_for_function(
            "() => /\\d+ \\/ \\d+/.test(document.getElementById('standings-pages').textContent)")
        first = await indicator.inner_text()
        pages = int(re.search(r"\d+ / (\d+)", first).group(1))  # type: ignore[union-attr]
        assert pages >= 2, first
        started = time.monotonic()
        await tab.page.wait_for_function(
            "(first) => document.getElementById('standings-pages').innerText !== first", arg=first, timeout=20_000)
        turned = time.monotonic() - started
        second = await indicator.inner_text()
        print(f"standings: {pages} pages, turned from {first.split()[0:3]} to {second.split()[0:3]} in {turned:.1f} s")
        # the screenshot of the hall: standings and the next round's seating (seated once round 1 is over)
        await ack(server, {"type": "end_round", "item": "r1"})
        seating = await ack(server, {"type": "publish_seating", "item": "r2"})
        await seen_seq(tab, seating["seq"])
        await tab.page.locator("#seating-panel").wait_for(state="visible")
        await tab.page.wait_for_timeout(700)  # the fade-in of a new page
        await shot(tab, artifacts, "display.png")
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()


# 4 ---------------------------------------------------------------------------------------------


@bounded
async def test_a_player_page_shows_its_table_and_its_own_notice_only(browser: Any, serve: Any,
                                                                    artifacts: Path) -> None:
    server = await serve(name=NAME, players=PLAYERS, timetable=[round_entry("r1", 1, start_in=1800, minutes=180)])
    vesna = await open_tab(browser, server, "/player", viewport=PHONE, is_mobile=True, has_touch=True)
    bojan = await open_tab(browser, server, "/player", viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        await choose(vesna, "ves", "Vesna Jovanović")
        await choose(bojan, "boj", "Bojan Ilić")
        await open_session(vesna, server, "p3")  # her code, typed once: her private notices
        await asyncio.gather(live(vesna), live(bojan))
        tables = seating_of(await ack(server, {"type": "publish_seating", "item": "r1", "seed": 3}))
        table, players = next((n, ps) for n, ps in tables.items() if "p3" in ps)
        where = f"table {table}, seat {players.index('p3') + 1}"
        await vesna.page.locator("#seat-line", has_text=where).wait_for(state="visible")
        text = "Vesna Jovanović: please come to the referees' desk"
        notice = await ack(server, {"type": "announce", "text": text, "player": "p3"})
        await vesna.page.locator("#notices", has_text=text).wait_for(state="visible")
        await seen_seq(bojan, notice["seq"])
        await bojan.page.wait_for_timeout(300)  # a frame or two to render whatever it got
        assert text not in await bojan.page.locator("body").inner_text(), "the notice reached another player's page"
        # Bojan's page has no session: it says a code shows notices, and has none of Vesna's
        assert "once you type your code" in await bojan.page.locator("#notices-card").inner_text()
        if not await vesna.page.locator("#banner").is_hidden():  # the "for you" banner over the page
            await vesna.page.locator("#banner").click()
            await vesna.page.locator("#banner").wait_for(state="hidden")
        await shot(vesna, artifacts, "player.png")
        assert not vesna.errors and not bojan.errors, (vesna.errors, bojan.errors)
    finally:
        await asyncio.gather(vesna.context.close(), bojan.context.close())


# 5 ---------------------------------------------------------------------------------------------


@bounded
async def test_the_console_checks_a_player_in_and_the_display_late_list_changes(browser: Any, serve: Any,
                                                                               artifacts: Path) -> None:
    timetable = [round_entry("r1", 1, start=from_now(-7 * 60), minutes=180),
                 round_entry("r2", 2, start_in=4 * 3600, minutes=180)]
    server = await serve(name=NAME, players=PLAYERS, timetable=timetable)
    display = await open_tab(browser, server, "/display")
    console = await open_tab(browser, server, "/referee", viewport={"width": 1440, "height": 1000})
    try:
        await ack(server, {"type": "check_in", "item": "r1", "player": "p1"})  # one came: the hall uses check-in
        await live(display)
        missing = display.page.locator("#late-panel .d-late-entry.is-missing", has_text="Bojan Ilić")
        came = display.page.locator("#late-panel .d-late-entry:not(.is-missing)", has_text="Bojan Ilić")
        await missing.wait_for(state="visible")
        assert await came.count() == 0
        await referee_login(console, server.token)
        button = console.page.locator('.r-ci-row[data-id="p2"] button[data-action="check-in"]')
        await button.wait_for(state="visible")
        await button.click()
        await console.page.locator('.r-ci-row.is-in[data-id="p2"]').wait_for(state="visible")
        # The check-in card is not in the console's first file: it came in the second, after the first screen.
        first = [i for i, u in enumerate(console.requests) if u.endswith("/referee/main.bundle.js")]
        cards = [i for i, u in enumerate(console.requests) if u.endswith("/referee/main.cards.bundle.js")]
        assert first and cards and first[0] < cards[0], console.requests
        await came.wait_for(state="visible")
        await missing.wait_for(state="detached")
        line = await came.inner_text()
        assert re.search(r"\b7 min\b", line), line
        print(f"late panel: {' '.join(line.split())}")
        await console.page.evaluate("window.scrollTo(0, 0)")
        if await console.page.locator("#toast").is_visible():
            await console.page.locator("#toast-close").click()
        await shot(console, artifacts, "referee.png")
        await shot(display, artifacts, "display-late.png")
        assert not display.errors and not console.errors, (display.errors, console.errors)
    finally:
        await asyncio.gather(display.context.close(), console.context.close())


# 6 ---------------------------------------------------------------------------------------------

NASTY = "<img src=x onerror=alert(1)>"


@bounded
async def test_a_name_with_markup_is_shown_as_text(browser: Any, serve: Any) -> None:
    players = [{"id": "p1", "name": NASTY}, {"id": "p2", "name": "Bojan Ilić"}, {"id": "p3", "name": "Vesna Jovanović"}]
    server = await serve(players=players, timetable=[round_entry("r1", 1, start_in=3600, minutes=180)])
    display = await open_tab(browser, server, "/display")
    phone = await open_tab(browser, server, "/player", viewport=PHONE, is_mobile=True)
    try:
        await play_round(server, "r1", 1)
        await live(display)
        await display.page.locator("#standings-body .c-name", has_text=NASTY).wait_for(state="visible")
        await phone.page.locator("#players button", has_text=NASTY).wait_for(state="visible")
        await phone.page.wait_for_timeout(500)  # an onerror would have fired by now
        for tab in (display, phone):
            parsed = await tab.page.evaluate("() => document.querySelectorAll('img[src=\"x\"], img[onerror]').length")
            assert parsed == 0, "the name was parsed as markup"
            assert tab.dialogs == [], tab.dialogs
            assert not any(urlsplit(u).path == "/x" for u in tab.requests), "the markup was parsed: it loaded /x"
        # the player picks that name: shown as text on their own page too
        await phone.page.locator("#players button", has_text=NASTY).click()
        await phone.page.locator("#me-name", has_text=NASTY).wait_for(state="visible")
        assert phone.dialogs == [] and display.dialogs == []
    finally:
        await asyncio.gather(display.context.close(), phone.context.close())


# 7 ---------------------------------------------------------------------------------------------


@bounded
async def test_every_page_loads_only_from_the_server(browser: Any, serve: Any) -> None:
    """... under a Content-Security-Policy that allows nothing else, nor any inline script or style."""
    server = await serve(players=PLAYERS, timetable=[round_entry("r1", 1, start_in=3600, minutes=180)])
    page = await server.get("/display")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert "frame-ancestors 'self'" in page.headers["content-security-policy"]  # (a season's /side frames displays)
    assert page.headers["x-content-type-options"] == "nosniff" and page.headers["referrer-policy"] == "no-referrer"
    assert (await server.get("/api/state")).headers["x-content-type-options"] == "nosniff"
    await play_round(server, "r1", 5)
    # this server: its one port, pages, API and WebSocket alike
    origins = {f"{server.host}:{server.port}"}
    seen: dict[str, list[str]] = {}
    for path in ("/", "/display", "/player", "/referee"):
        tab = await open_tab(browser, server, path, viewport=PHONE if path == "/player" else DISPLAY)
        try:
            if path == "/referee":
                await referee_login(tab, server.token)
            elif path != "/":
                await live(tab)
            if path == "/player":
                await choose(tab, "ana", "Ana Petrović")
                await live(tab)
            await tab.page.wait_for_load_state("networkidle")
            seen[path] = list(tab.requests)
            blocked = [m for m in tab.console if "Content Security Policy" in m]
            assert not blocked, f"{path} broke its own Content-Security-Policy: {blocked}"
            assert not tab.errors, f"{path}: {tab.errors}"
        finally:
            await tab.context.close()
    for path, urls in seen.items():
        assert urls, f"{path}: no request recorded"
        foreign = [u for u in urls if urlsplit(u).scheme != "data" and urlsplit(u).netloc not in origins]
        assert not foreign, f"{path} loaded from outside the server: {foreign}"
    print({path: len(urls) for path, urls in seen.items()})


# 8 ---------------------------------------------------------------------------------------------

WALK_IN = "Zoran Vuković"


def morning_zone() -> str:
    """A time zone where it is about 8 in the morning now: the day's items stay on one day (the
    schedule follows the hall within a day only), whenever the test runs."""
    hours = (datetime.now(UTC).hour - 8) % 24
    hours = hours - 24 if hours > 12 else hours  # Etc/GMT+N is N hours behind UTC
    return "Etc/GMT" + (f"+{hours}" if hours >= 0 else str(hours))


async def item_of(server: Server, item: str) -> dict[str, Any]:
    return next(i for i in (await server.state())["timetable"] if i["id"] == item)


@bounded
async def test_the_referee_registers_a_walk_in_and_shifts_the_timetable_from_a_phone(browser: Any, serve: Any,
                                                                                    artifacts: Path) -> None:
    timetable = [round_entry("r1", 1, start_in=1800, minutes=180, title="Round 1"),
                 round_entry("r2", 2, start_in=1800 + 210 * 60, minutes=180, title="Round 2")]
    zone = morning_zone()
    server = await serve(name=NAME, players=PLAYERS, timetable=timetable, timezone=zone)
    # Round 1 is drawn: a walk-in now plays from round 2.
    await ack(server, {"type": "publish_seating", "item": "r1", "seed": 2})
    display = await open_tab(browser, server, "/display")
    phone = await open_tab(browser, server, "/player", viewport=PHONE, is_mobile=True, has_touch=True)
    console = await open_tab(browser, server, "/referee", viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        await asyncio.gather(live(display), live(phone))
        for tab in (display, phone):
            await tab.page.evaluate("() => { window.sameDocument = true; }")  # gone if the page reloads
        await referee_login(console, server.token)

        # A walk-in at the desk, from the console's roster.
        await console.page.locator('#roster-card [data-role="walk-in-name"]').fill(WALK_IN)
        await console.page.locator('#roster-card [data-action="register"]').click()
        row = console.page.locator("#roster-card .r-ro-row.is-walkin", has_text=WALK_IN)
        await row.wait_for(state="visible")
        assert "from Round 2" in await row.inner_text()
        players = (await server.state())["players"]
        walk_in = next(p for p in players if p["name"] == WALK_IN)
        assert walk_in["enters"] == "r2", walk_in
        # The display lists no names before a seating: the players' own page does, without a reload.
        await phone.page.locator("#players button", has_text=WALK_IN).wait_for(state="visible")
        await row.scroll_into_view_if_needed()
        await shot(console, artifacts, "referee-roster.png")

        # "We run 20 minutes late", from round 1's row of the console's timetable.
        planned = await item_of(server, "r1")
        r1 = console.page.locator('#items li[data-item="r1"]')
        await r1.locator('[data-plan="open"]').click()
        await r1.locator('[data-plan="shift"]').click()
        await r1.locator('[data-role="shift"]').fill("20")
        await r1.scroll_into_view_if_needed()
        await shot(console, artifacts, "referee-shift.png")
        await r1.locator('form button[type="submit"]').click()
        await r1.locator("form").wait_for(state="detached")
        moved = await item_of(server, "r1")
        assert moved["start"] == planned["start"] + 20 * 60_000, (planned, moved)
        new = clock_text(moved["start"], zone)
        assert new != clock_text(planned["start"], zone)

        # The hall sees the change at once: a banner, the clock's "starts at", the timetable strip.
        await shown(display, "#banner", "The timetable moves 20 minutes later", f"Round 1 now starts at {new}")
        await shot(display, artifacts, "display-shift-banner.png")
        r2 = clock_text((await item_of(server, "r2"))["start"], zone)
        await shown(display, "#sub", f"starts at {new}")
        await shown(display, "#next-box", "Round 2", r2)  # (the strip gives way to round 1's seating)
        await shown(console, '#items li[data-item="r1"] .r-when', new)
        await shown(phone, "#timetable li", "Round 1", new)
        assert await display.page.evaluate("() => window.sameDocument === true"), "the display reloaded"
        assert await phone.page.evaluate("() => window.sameDocument === true"), "the player page reloaded"
        await display.page.locator("#banner").click()  # dismissed: the hall's screen behind it
        await display.page.locator("#banner").wait_for(state="hidden")
        await shot(display, artifacts, "display-shifted.png")
        assert not display.errors and not console.errors and not phone.errors, \
            (display.errors, console.errors, phone.errors)
        assert not console.dialogs, console.dialogs
    finally:
        await asyncio.gather(display.context.close(), phone.context.close(), console.context.close())


# 9 ---------------------------------------------------------------------------------------------


@bounded
async def test_a_round_that_runs_long_moves_the_next_one_on_the_display(browser: Any, serve: Any,
                                                                        artifacts: Path) -> None:
    timetable = [round_entry("r1", 1, start_in=60, minutes=180, title="Round 1"),
                 round_entry("r2", 2, start_in=60 + 210 * 60, minutes=180, title="Round 2")]
    zone = morning_zone()
    server = await serve(name=NAME, players=PLAYERS, timetable=timetable, timezone=zone)
    await ack(server, {"type": "publish_seating", "item": "r1", "seed": 4})
    await ack(server, {"type": "start_round", "item": "r1"})  # a minute early: nothing moves yet
    planned = await item_of(server, "r2")
    assert "planned_start" not in planned, planned
    display = await open_tab(browser, server, "/display")
    console = await open_tab(browser, server, "/referee", viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        await live(display)
        await referee_login(console, server.token)
        extended = await ack(server, {"type": "extend", "item": "r1", "minutes": 20})
        moved = await item_of(server, "r2")
        assert moved["planned_start"] == planned["start"] and moved["start"] > planned["start"], moved
        new, was = clock_text(moved["start"], zone), clock_text(planned["start"], zone)
        await seen_seq(display, extended["seq"])
        # The extension's own banner, then the one of the schedule following the hall.
        await shown(display, "#banner", f"Round 2 now starts at {new}", f"was {was}")
        await shot(display, artifacts, "display-followed-banner.png")
        await shown(display, "#strip .d-cell.is-moved", "Round 2", new)
        assert was in await display.page.locator("#strip .d-cell.is-moved .d-cell-was").inner_text()
        await shown(console, '#items li[data-item="r2"] .r-when', new, was)
        assert await console.page.locator('#items li[data-item="r2"] s.r-was').inner_text() == was
        assert not display.errors and not console.errors, (display.errors, console.errors)
    finally:
        await asyncio.gather(display.context.close(), console.context.close())


# 10 --------------------------------------------------------------------------------------------


@bounded
async def test_a_held_start_says_why_and_the_console_offers_only_what_the_server_takes(
        browser: Any, serve: Any, artifacts: Path) -> None:
    # Round 1 is due in two seconds and has no seating: its start is held for the referee.
    server = await serve(name=NAME, players=PLAYERS, timetable=[round_entry("r1", 1, start_in=2, minutes=180,
                                                                             title="Round 1")])
    display = await open_tab(browser, server, "/display")
    console = await open_tab(browser, server, "/referee", viewport=PHONE, is_mobile=True, has_touch=True,
                             accept_dialogs=True)
    try:
        await live(display)
        await referee_login(console, server.token)
        await shown(display, "#main", "Round 1", "waits for the referee", "seating not yet published")
        if await display.page.locator("#banner").is_visible():  # the held banner, over the clock
            await display.page.locator("#banner").click()
            await display.page.locator("#banner").wait_for(state="hidden")
        await shot(display, artifacts, "display-held.png")
        row = console.page.locator('#items li[data-item="r1"]')
        await shown(console, '#items li[data-item="r1"] .r-held', "seating not yet published")
        # The server says a start would be refused now: the button is off, with the reason beside it.
        start = row.locator('button[data-action="start"]')
        assert await start.is_disabled()
        assert "seating not yet published" in (await start.get_attribute("title") or "")
        assert await row.locator('button[data-action="end"]').is_disabled()
        error = row.locator(".r-item-error")
        assert (await item_of(server, "r1"))["status"] == "held"
        # Published: the reason is gone, and the start goes through.
        await ack(server, {"type": "publish_seating", "item": "r1", "seed": 5})
        await console.page.locator('#items li[data-item="r1"] .r-held').wait_for(state="hidden")
        await row.locator('button[data-action="start"]:not([disabled])').click()
        await console.page.locator('#items li[data-item="r1"].st-running').wait_for(state="visible")
        await row.locator('button[data-action="end"]:not([disabled])').wait_for()
        assert await start.is_disabled(), "a running round cannot be started again"
        await error.wait_for(state="hidden")
        assert not display.errors and not console.errors, (display.errors, console.errors)
    finally:
        await asyncio.gather(display.context.close(), console.context.close())


@bounded
async def test_undo_last_takes_back_the_command_it_named_even_if_a_colleague_entered_one_meanwhile(
        browser: Any, serve: Any) -> None:
    server = await serve(name=NAME, players=PLAYERS,
                         timetable=[round_entry("r1", 1, start_in=3600, minutes=180, title="Round 1")])
    mine = await ack(server, {"type": "announce", "text": "Dinner at 21:00"})
    # While the referee reads the confirmation, a colleague's command lands (a synchronous request
    # from inside confirm(), so it is stored before the console sends its undo).
    race = f"""
      window.confirm = (message) => {{
        window.confirmed = message;
        const xhr = new XMLHttpRequest();
        xhr.open("POST", "/api/commands", false);
        xhr.setRequestHeader("Authorization", "Bearer {server.token}");
        xhr.setRequestHeader("Content-Type", "application/json");
        xhr.send(JSON.stringify({{type: "announce", text: "Prizes at 17:00"}}));
        return true;
      }};"""
    console = await open_tab(browser, server, "/referee", viewport=PHONE, is_mobile=True, has_touch=True,
                             init_script=race)
    try:
        await referee_login(console, server.token)
        await console.page.wait_for_function("(seq) => window.hall && window.hall.connection.lastSeq >= seq",
                                             arg=mine["seq"])
        await console.page.locator("#undo-last").click()
        deadline = time.monotonic() + 10
        while not any(e["type"] == "command_undone" for e in await server.events()):
            assert time.monotonic() < deadline, "no undo arrived"
            await asyncio.sleep(0.1)
        assert "Dinner at 21:00" in await console.page.evaluate("() => window.confirmed")
        undone = next(e for e in await server.events() if e["type"] == "command_undone")
        assert undone["payload"]["target"] == mine["seq"]
        texts = [a.get("text") for a in (await server.state())["announcements"]]
        assert "Prizes at 17:00" in texts and "Dinner at 21:00" not in texts
    finally:
        await console.context.close()


# 11 --------------------------------------------------------------------------------------------


@bounded
async def test_what_the_referee_taps_before_the_cards_came_is_done_once_they_have(browser: Any, serve: Any,
                                                                                   artifacts: Path) -> None:
    """The console's result forms, the plan's tools and the cards' stylesheets come after its first screen (a
    second file): a row's Change… and Seating and the announcement's Send, tapped while they are still on their
    way, are done once they are here, and a result typed as soon as its form shows is recorded."""
    timetable = [round_entry("r1", 1, start=from_now(-7 * 60), minutes=180),
                 round_entry("r2", 2, start_in=4 * 3600, minutes=180)]
    server = await serve(name=NAME, players=PLAYERS, timetable=timetable)
    tables = seating_of(await ack(server, {"type": "publish_seating", "item": "r1", "seed": 3}))
    await ack(server, {"type": "start_round", "item": "r1"})
    arrived = asyncio.Event()
    held: list[str] = []

    async def later(route: Any) -> None:  # the cards' files (script, stylesheets) held back until told
        held.append(route.request.url)
        await arrived.wait()
        await route.continue_()

    console = await open_tab(browser, server, "/referee", viewport={"width": 1440, "height": 1000},
                             accept_dialogs=True)
    try:
        await console.page.route(re.compile(r"/referee/main\.cards\.bundle\.(js|css)$"), later)
        await console.page.reload()
        await referee_login(console, server.token)
        page = console.page
        row = page.locator('#items li[data-item="r2"]')
        await row.locator('[data-plan="open"]').click()
        await row.locator('[data-action="seating"]').click()
        await page.locator("#announce-text").fill("Pauza za kafu")
        await page.locator("#announce-button").click()
        assert sorted(u.rsplit(".", 1)[-1] for u in held) == ["css", "js"], held  # nothing of the cards yet
        assert await page.locator("#rounds-card").is_hidden() and await page.locator(".r-plan-form").count() == 0
        arrived.set()
        # Change… opened the row's form, Seating picked the round in the rounds card (and asked the server to
        # publish it: refused while round 1 is played), Send announced.
        await row.locator("form.r-plan-form").wait_for(state="visible")
        await page.locator('#round-tabs [data-round="r2"][aria-pressed="true"]').wait_for(state="visible")
        assert (await events_of(server, "announced", 1))[0]["payload"]["text"] == "Pauza za kafu"
        # The cards drawn with their stylesheets: the check-in's rows laid out as theirs say (a grid).
        assert await page.locator(".r-ci-row").first.evaluate("(n) => getComputedStyle(n).display") == "grid"
        # A result typed at once: round 1's first table.
        await page.locator('#round-tabs [data-round="r1"]').click()
        block = page.locator('.r-block[data-block="r1:t1"]')
        for player, bule in zip(tables[1], SLIP, strict=True):
            await block.locator(f'input.bule[data-player="{player}"]').fill(str(bule))
        await block.locator('button[type="submit"]').click()
        (recorded,) = await events_of(server, "result_recorded", 1)
        assert recorded["payload"]["table"] == 1 and recorded["payload"]["results"] == dict(zip(tables[1], SLIP,
                                                                                                strict=True))
        await shot(console, artifacts, "referee-cards-later.png")
        assert not console.errors, console.errors
    finally:
        await console.context.close()
