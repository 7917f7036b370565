"""The hall display as the back row reads it: real Chromium at 1920×1080 against a real `live serve`.

What is now and what the countdown counts to stay readable with every panel shown; the standings
fit their panel without cutting a name; the late panel says everything about a player on one line;
the sound hint neither stays forever nor covers anything; standings hidden for the last rounds say
so; an announcement made while the display was offline is on it afterwards, without a stale banner.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from server import from_now, now_ms, round_entry
from support.examples import FIELD
from support.pages import PLAYERS, ack, bounded, live, open_tab, play, readable, record_all, seating_of, seen_seq, shot

pytestmark = pytest.mark.asyncio(loop_scope="session")

NAME = "Куп Чачка у преферансу 2027"


async def panels(tab: Any) -> dict[str, bool]:
    return dict(await tab.page.evaluate(
        "() => ({standings: !document.getElementById('standings-panel').hidden,"
        " seating: !document.getElementById('seating-panel').hidden})"))


@bounded
async def test_the_headline_says_what_is_now_and_what_the_countdown_counts_to_with_every_panel(
        browser: Any, serve: Any, artifacts: Path) -> None:
    hour = 3600
    timetable = [
        {"id": "opening", "kind": "opening", "title": "Opening ceremony", "start": from_now(600), "minutes": 20},
        round_entry("r1", 1, start_in=hour, minutes=180, title="Round 1"),
        {"id": "snack", "kind": "break", "title": "Snack", "start": from_now(hour + 3.5 * hour), "minutes": 30},
        round_entry("r2", 2, start_in=hour + 4 * hour, minutes=180, title="Round 2"),
        round_entry("r3", 3, start_in=hour + 8 * hour, minutes=180, title="Round 3"),
    ]
    server = await serve(name=NAME, players=FIELD, timetable=timetable)
    tab = await open_tab(browser, server, "/display")
    try:
        await live(tab)
        # Before round 1: the seating of round 1 is up, and the countdown counts to the opening.
        seated = await ack(server, {"type": "publish_seating", "item": "r1", "seed": 3})
        await seen_seq(tab, seated["seq"])
        await tab.page.locator("#seating-panel").wait_for(state="visible")
        await readable(tab, "#headline", "Opening ceremony", "starts in")
        # Between items, standings and the next seating shown: the snack is what the countdown counts to.
        await ack(server, {"type": "cancel_item", "item": "opening", "reason": "round 1 is played early"})
        await ack(server, {"type": "start_round", "item": "r1"})
        await record_all(server, "r1", seating_of(seated))
        await ack(server, {"type": "end_round", "item": "r1"})
        done = await ack(server, {"type": "publish_seating", "item": "r2"})
        await seen_seq(tab, done["seq"])
        await tab.page.wait_for_timeout(300)
        assert await panels(tab) == {"standings": True, "seating": True}
        await readable(tab, "#headline", "Snack", "starts in")
        await readable(tab, "#count")
        await shot(tab, artifacts, "display-hall-between.png")
        # During round 2, with the standings and an announcement shown: "Now · Round 2". (A preferans
        # round is seated from the standings once the round before is over: no seating now.)
        await ack(server, {"type": "start_round", "item": "r2"})
        playing = await ack(server, {"type": "announce", "text": "Mobile phones off, please"})
        await seen_seq(tab, playing["seq"])
        await tab.page.locator("#notes").wait_for(state="visible")
        assert (await panels(tab))["standings"]
        await readable(tab, "#headline", "Round 2")
        await readable(tab, "#kicker", "Now")
        await readable(tab, "#count")
        await shot(tab, artifacts, "display-hall-round.png")
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()


#: Every name of the standings page shown now: its text, whether it is cut, and the page's row count.
STANDINGS_PAGE = """() => {
    const names = [...document.querySelectorAll('#standings-body .d-st-row:not(.d-st-cols) .c-name')]
        .filter((n) => n.offsetParent !== null);
    return {rows: names.length, cut: names.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent),
            pages: document.getElementById('standings-pages').textContent};
}"""


@bounded
async def test_the_standings_fit_the_screen_and_cut_no_name(browser: Any, serve: Any, artifacts: Path) -> None:
    timetable = [round_entry("r1", 1, start_in=3600, minutes=180, title="Коло 1"),
                 round_entry("r2", 2, start_in=5 * 3600, minutes=180, title="Коло 2")]
    server = await serve(name=NAME, players=FIELD, timetable=timetable)
    tab = await open_tab(browser, server, "/display")
    try:
        await live(tab)
        await play(server, "r1", seed=5)
        await ack(server, {"type": "end_round", "item": "r1"})
        seated = await ack(server, {"type": "publish_seating", "item": "r2"})  # the seating band as well
        await seen_seq(tab, seated["seq"])
        await tab.page.locator("#seating-panel").wait_for(state="visible")
        # The standings' turn (a new result brings it as well): the whole screen's width for them.
        await tab.page.evaluate("() => { window.hall.page.want = 'standings'; }")
        await tab.page.locator("#standings-panel").wait_for(state="visible")
        await tab.page.wait_for_timeout(500)
        seen = await tab.page.evaluate(STANDINGS_PAGE)
        assert not seen["cut"], f"cut names: {seen['cut']}"
        # rows the back of the hall reads (test_display_reading.py), so fewer on a page than beside the clock
        assert seen["rows"] >= 6, f"{seen['rows']} rows a page ({seen['pages']})"
        # every page, not only the first
        for _ in range(3):
            await tab.page.keyboard.press("ArrowRight")
            await tab.page.wait_for_timeout(200)
            again = await tab.page.evaluate(STANDINGS_PAGE)
            assert not again["cut"], f"cut names: {again['cut']}"
        await shot(tab, artifacts, "display-hall-standings.png")
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()


@bounded
async def test_the_late_panel_says_table_minutes_and_bule_beside_each_name(browser: Any, serve: Any,
                                                                          artifacts: Path) -> None:
    timetable = [round_entry("r1", 1, start=from_now(-29 * 60 - 10), minutes=180),
                 round_entry("r2", 2, start_in=4 * 3600, minutes=180)]
    server = await serve(name="Kup Čačka u preferansu 2027", players=PLAYERS, timetable=timetable)
    tables = seating_of(await ack(server, {"type": "publish_seating", "item": "r1", "seed": 1}))
    table = next(number for number, players in tables.items() if "p2" in players)
    await ack(server, {"type": "check_in", "item": "r1", "player": "p1"})  # one came: the hall uses check-in
    tab = await open_tab(browser, server, "/display")
    try:
        await live(tab)
        line = tab.page.locator("#late-panel .d-late-entry.is-missing", has_text="Bojan Ilić")
        await line.wait_for(state="visible")
        text = " ".join((await line.inner_text()).split())
        assert re.fullmatch(rf"Bojan Ilić · table {table} · 29 min late · 358 bule", text), text
        heading = " ".join((await tab.page.locator("#late-panel .d-late-group.is-missing").inner_text()).split())
        assert "min" not in heading and "bule" not in heading, heading
        await shot(tab, artifacts, "display-hall-late.png")
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()


CUT_LATE = """() => [...document.querySelectorAll('#late-panel .d-late-entry > *, #late-panel .d-late-group')]
    .filter((n) => n.getClientRects().length
        && (n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1))
    .map((n) => n.textContent)"""
#: Lines of the late panel drawn over one another (each line's box against the next one's).
OVERLAP_LATE = """() => {
    const lines = [...document.querySelectorAll('#late-body > *')].filter((n) => n.getClientRects().length);
    return lines.slice(1).filter((n, i) => n.getBoundingClientRect().top < lines[i].getBoundingClientRect().bottom - 1)
        .map((n) => n.textContent);
}"""


@bounded
async def test_the_late_panel_across_the_screen_cuts_no_name_nor_penalty(browser: Any, serve: Any,
                                                                          artifacts: Path) -> None:
    """The Čačak field's long names, most of them missing, read whole in the late scene: at 10 m sizes a line of
    name, table, minutes and bule does not fit across the screen, so it wraps, the name whole, no line over
    another."""
    timetable = [round_entry("r1", 1, start=from_now(-29 * 60 - 10), minutes=180),
                 round_entry("r2", 2, start_in=4 * 3600, minutes=180)]
    server = await serve(name=NAME, players=FIELD, timetable=timetable)
    await ack(server, {"type": "publish_seating", "item": "r1", "seed": 1})
    await ack(server, {"type": "check_in", "item": "r1", "player": FIELD[0]["id"]})
    tab = await open_tab(browser, server, "/display")
    try:
        await live(tab)
        await tab.page.locator("#late-panel .d-late-entry.is-missing").first.wait_for(state="attached")
        await tab.page.evaluate("() => { window.hall.page.want = 'late'; }")
        await tab.page.locator("#late-panel .d-late-entry.is-missing").first.wait_for(state="visible")
        await tab.page.wait_for_timeout(400)  # the page's rows measured again (ResizeObserver)
        await shot(tab, artifacts, "display-hall-late-field.png")
        assert not await tab.page.evaluate(CUT_LATE), await tab.page.evaluate(CUT_LATE)
        assert not await tab.page.evaluate(OVERLAP_LATE), await tab.page.evaluate(OVERLAP_LATE)
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()


SOUND = """() => {
    const box = document.getElementById('sound'), text = document.getElementById('sound-text');
    const b = text.getBoundingClientRect();
    const names = [...document.querySelectorAll('#name, .c-name, .d-seat-names li, #headline, #count')];
    const over = names.filter((n) => { const r = n.getBoundingClientRect();
        return r.width && b.width && r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom; });
    const hinting = b.width > 1 && Number(getComputedStyle(text).opacity) > 0.5;
    return {on: box.dataset.on, hint: hinting ? text.textContent : "",
            shown: box.getBoundingClientRect().width > 0, over: over.map((n) => n.id || n.className)};
}"""


@bounded
async def test_the_sound_hint_goes_away_and_the_sound_state_stays_visible(browser: Any, serve: Any) -> None:
    server = await serve(timetable=[round_entry("r1", 1, start_in=3600, minutes=180)])
    clicked = await open_tab(browser, server, "/display")
    waiting = await open_tab(browser, server, "/display")
    try:
        await asyncio.gather(live(clicked), live(waiting))
        for tab in (clicked, waiting):
            await tab.page.wait_for_function(f"() => ({SOUND})().hint !== ''")  # (it fades in)
            first = await tab.page.evaluate(SOUND)
            assert first["on"] == "false" and "sound" in first["hint"], first
            assert not first["over"], first
        await clicked.page.mouse.click(900, 500)
        await clicked.page.wait_for_function("() => document.getElementById('sound').dataset.on === 'true'")
        gone = f"() => ({SOUND})().hint === ''"
        await clicked.page.wait_for_function(gone, timeout=5_000)  # after the fade
        # Nobody clicks on an unattended projector: the hint goes after 15 s (and its fade), the state stays.
        assert (await waiting.page.evaluate(SOUND))["hint"], "still there before the 15 s"
        await waiting.page.wait_for_function(gone, timeout=30_000)
        left = await waiting.page.evaluate(SOUND)
        assert left["hint"] == "" and left["shown"] and left["on"] == "false", left
        assert "sound off" in (await waiting.page.locator("#sound").get_attribute("title") or ""), left
    finally:
        await asyncio.gather(clicked.context.close(), waiting.context.close())


@bounded
async def test_an_announcement_made_while_the_display_was_away_is_on_it_without_a_stale_banner(
        browser: Any, serve: Any, artifacts: Path) -> None:
    server = await serve(timetable=[round_entry("r1", 1, start_in=3600, minutes=180)])
    tab = await open_tab(browser, server, "/display")
    try:
        await live(tab)
        await ack(server, {"type": "announce", "text": "Coffee is served in the lobby"})
        await tab.page.locator("#notes", has_text="Coffee is served in the lobby").wait_for(state="visible")
        # The display goes away (a paused machine, the network gone); an announcement is made meanwhile.
        await tab.page.evaluate("() => window.hall.connection.stop()")
        text = f"Table 7: the referee is on the way {now_ms() % 100000}"
        made = await ack(server, {"type": "announce", "text": text})
        # Older than a banner may be (10 s, display/lib/banners.js) when it comes back.
        await tab.page.wait_for_function("(ts) => window.hall.connection.clock.now() - ts > 10500",
                                         arg=made["events"][0]["ts"], timeout=20_000, polling=250)
        await tab.page.evaluate("() => window.hall.connection.start()")
        await live(tab)
        await seen_seq(tab, made["seq"])
        notes = tab.page.locator("#notes")
        await notes.wait_for(state="visible")
        await tab.page.locator("#notes .d-note", has_text=text).wait_for(state="visible")
        first = await tab.page.locator("#notes .d-note").first.inner_text()
        assert text in first, first  # the newest first
        await tab.page.wait_for_timeout(300)
        banner = tab.page.locator("#banner")
        assert await banner.is_hidden() or text not in await banner.inner_text(), "a stale banner was shown"
        await shot(tab, artifacts, "display-hall-notes.png")
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()


@bounded
async def test_the_display_says_the_standings_are_hidden_for_the_last_rounds(browser: Any, serve: Any,
                                                                            artifacts: Path) -> None:
    timetable = [round_entry("r1", 1, start_in=3600, minutes=180, title="Kolo 1"),
                 round_entry("r2", 2, start_in=5 * 3600, minutes=180, title="Kolo 2")]
    server = await serve(name="Kup Čačka u preferansu 2027", players=PLAYERS, timetable=timetable,
                         rules={"standings_hidden_from_round": 2})
    tab = await open_tab(browser, server, "/display?lang=sr-Latn")
    try:
        await live(tab)
        await play(server, "r1", seed=2)
        await ack(server, {"type": "end_round", "item": "r1"})
        await tab.page.locator("#standings-body .c-name").first.wait_for(state="visible")
        await ack(server, {"type": "publish_seating", "item": "r2"})
        started = await ack(server, {"type": "start_round", "item": "r2"})
        await seen_seq(tab, started["seq"])
        message = tab.page.locator("#standings-panel #standings-empty")
        await message.wait_for(state="visible")
        assert await message.inner_text() == "Plasman je skriven do proglašenja pobednika"
        assert "2. kola" in await tab.page.locator("#standings-sub").inner_text()
        assert await tab.page.locator("#standings-body .c-name").count() == 0
        await shot(tab, artifacts, "display-hall-hidden.png")
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()
