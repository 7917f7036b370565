"""The pages tell the truth when the network does not.

A hall display that lost the server says so across the hall after a few seconds, over a clock that may have
missed a pause or a restart, and drops the mark the moment it is back. A connection accepted and never
answered (a proxy whose server is gone, a half-dead server) is given up and tried again, so the display is
back as soon as the real server is. A command pressed on the console while the server was down is said "not
applied — press again" once the console is back and the log does not hold it, and pressed again it is stored
once; a reload keeps its id, so that a second press after it does not extend the round twice. A phone back
after a start it missed shows the start, with its seat.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from server import HOST, Server, round_entry, start_server_async
from support.pages import (
    NAME,
    PHONE,
    PLAYERS,
    Tab,
    ack,
    bounded,
    choose,
    live,
    open_tab,
    readable,
    referee_login,
    seating_of,
    shot,
)

pytestmark = pytest.mark.asyncio(loop_scope="session")

#: The display marks its clock after 10 s without the server; the rest is slack for a loaded machine.
MARKED_WITHIN_MS = 20_000
#: Back within this once the server is (the page retries within 2 s, a socket never answered is dropped
#: after 4 s): the slack of a loaded machine on top.
BACK_WITHIN_MS = 15_000
#: The console's extend button in round 1's row, and on the phone's thumb bar (the same command: +5 minutes).
EXTEND = '#items li[data-item="r1"] [data-action="extend"]'
THUMB_EXTEND = '#thumb-actions button:has-text("+5")'

#: Record, at the moment the connection's dot turns "up", whether the offline mark was still shown.
WATCH_BACK = """() => {
    window.markWhenBack = [];
    new MutationObserver(() => {
        const conn = document.getElementById("conn");
        if (conn.dataset.state === "up") window.markWhenBack.push(!document.getElementById("stale").hidden);
    }).observe(document.getElementById("conn"), {attributes: true, attributeFilter: ["data-state"]});
}"""

#: How the clock part looks: the countdown's opacity and whether it is struck through.
CLOCK_LOOK = """() => {
    const count = getComputedStyle(document.getElementById("countdown"));
    const digits = getComputedStyle(document.getElementById("count"));
    return {opacity: Number(count.opacity), struck: digits.textDecorationLine.includes("line-through")};
}"""

OFFLINE_SINCE = {"sr-Cyrl": "Нема везе од", "sk": "Bez spojenia od", "en": "Offline since"}
STALE_CLOCK = {"sr-Cyrl": "Приказано време можда није тачно", "sk": "Zobrazený čas nemusí byť aktuálny",
               "en": "The time shown may be out of date"}
PAUSED = {"sr-Cyrl": "ПАУЗА", "sk": "PRERUŠENÉ", "en": "PAUSED"}
#: The console's "not confirmed — it may have been applied", once it gave up ("not confirmed yet" says
#: "it may still be applied" while it keeps trying).
NOT_CONFIRMED = {"sr-Cyrl": "можда је примењено", "sk": "príkaz sa možno vykonal"}
NOT_APPLIED = {"sr-Cyrl": "Није примењено (Round 1) — притисните поново",
               "sk": "Nevykonané (Round 1) — stlačte znova"}
OFFLINE_ACTIONS = {"sr-Cyrl": "Нема везе — оно што сада притиснете", "sk": "Bez spojenia — to, čo teraz stlačíte"}
DONE = {"sr-Cyrl": "Урађено", "sk": "Hotovo"}


async def running_round(serve: Any) -> Server:
    server = await serve(name=NAME, players=PLAYERS,
                         timetable=[round_entry("r1", 1, start_in=120, minutes=180, title="Round 1")])
    await ack(server, {"type": "publish_seating", "item": "r1", "seed": 4})
    await ack(server, {"type": "start_round", "item": "r1"})
    return server


async def extended_ms(server: Server) -> int:
    item = next(i for i in (await server.state())["timetable"] if i["id"] == "r1")
    return int(item.get("extended_ms") or 0)


async def marked(display: Tab, lang: str) -> dict[str, Any]:
    """Wait for the offline mark over the clock; check the back row can read it, and that the clock is dimmed
    and struck through."""
    await display.page.locator("#stale").wait_for(state="visible", timeout=MARKED_WITHIN_MS)
    seen = await readable(display, "#stale-title", OFFLINE_SINCE[lang])
    assert re.search(r"\d{1,2}[:.]\d\d", seen["text"]), seen
    assert seen["font"] >= 60, f"not readable across the hall: {seen}"
    await readable(display, "#stale-sub", STALE_CLOCK[lang])
    look = await display.page.evaluate(CLOCK_LOOK)
    assert look["opacity"] < 0.5 and look["struck"], look
    return seen


@bounded
@pytest.mark.parametrize("lang", ["sr-Cyrl", "sk"])
async def test_a_display_off_line_marks_its_clock_through_a_pause_and_drops_the_mark_at_once_when_back(
        browser: Any, serve: Any, artifacts: Path, lang: str) -> None:
    server = await running_round(serve)
    display = await open_tab(browser, server, f"/display?lang={lang}")
    try:
        await live(display)
        await display.page.evaluate(WATCH_BACK)
        assert await display.page.locator("#stale").is_hidden()
        await display.context.set_offline(True)
        # The referee pauses the round meanwhile: the display cannot know, and must not look sure.
        await ack(server, {"type": "pause", "item": "r1"})
        await marked(display, lang)
        assert await display.page.locator('#main[data-mode="running"]').count() == 1, "it has not heard of the pause"
        await shot(display, artifacts, f"display-offline-{lang}.png")
        await display.context.set_offline(False)
        await display.page.locator('#conn[data-state="up"]').wait_for(state="attached", timeout=BACK_WITHIN_MS)
        assert await display.page.evaluate("() => window.markWhenBack") == [False], "the mark went at once"
        await display.page.locator('#main[data-mode="paused"]').wait_for(state="attached")
        await readable(display, "#state", PAUSED[lang])
        look = await display.page.evaluate(CLOCK_LOOK)
        assert look["opacity"] > 0.9 and not look["struck"], look
        assert not display.errors, display.errors
    finally:
        await display.context.close()


@bounded
async def test_a_connection_accepted_and_never_answered_is_given_up_and_the_display_is_back_with_the_server(
        browser: Any, serve: Any, artifacts: Path) -> None:
    server = await running_round(serve)
    display = await open_tab(browser, server, "/display?lang=en")
    again: Server | None = None
    held: list[asyncio.StreamWriter] = []
    hung: asyncio.Server | None = None
    try:
        await live(display)
        await display.page.evaluate(WATCH_BACK)
        await asyncio.to_thread(server.stop)

        # In its place something that takes the socket and never says a word (a proxy whose server is gone).
        async def take_and_stay_silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            held.append(writer)

        hung = await asyncio.start_server(take_and_stay_silent, HOST, server.port, reuse_address=True)
        await marked(display, "en")
        await shot(display, artifacts, "display-offline-restart-en.png")
        # The page gave the silent sockets up one after the other (it did not wait on the first for ever).
        await display.page.wait_for_function("() => window.hall.connection.ws !== null")
        assert len(held) >= 2, f"{len(held)} socket(s) taken: the first was never given up"
        # The real server comes back on the port (the same log); the silent sockets stay open, unanswered.
        hung.close()
        again = await start_server_async(server.file, server.db, port=server.port)
        await display.page.locator('#conn[data-state="up"]').wait_for(state="attached", timeout=BACK_WITHIN_MS)
        await live(display)
        assert await display.page.evaluate("() => window.markWhenBack") == [False], "the mark went at once"
        assert await display.page.locator("#stale").is_hidden()
        assert not display.errors, display.errors
    finally:
        await display.context.close()
        for writer in held:
            writer.close()
        if hung is not None:
            hung.close()
        if again is not None:
            await asyncio.to_thread(again.stop)


async def console_tab(browser: Any, server: Server, lang: str) -> Tab:
    console = await open_tab(browser, server, f"/referee?lang={lang}", viewport=PHONE, is_mobile=True,
                             has_touch=True, accept_dialogs=True)
    await referee_login(console, server.token)
    await live(console)
    return console


def record_posts(console: Tab) -> list[str]:
    """The bodies of the commands the console posts from now on (a list that fills as it sends)."""
    posts: list[str] = []
    console.page.on("request", lambda r: posts.append(r.post_data or "{}") if r.method == "POST"
                    and r.url.endswith("/api/commands") else None)
    return posts


def ids_of(posts: list[str]) -> list[str]:
    return [json.loads(body).get("id") for body in posts]


@bounded
@pytest.mark.parametrize("lang", ["sr-Cyrl", "sk"])
async def test_a_command_pressed_while_the_server_was_down_is_said_not_applied_once_back_and_applied_once_pressed_again(
        browser: Any, serve: Any, artifacts: Path, lang: str) -> None:
    server = await running_round(serve)
    console = await console_tab(browser, server, lang)
    again: Server | None = None
    try:
        posts = record_posts(console)
        await asyncio.to_thread(server.stop)
        await console.page.locator('#conn[data-state="down"]').wait_for(state="attached")
        # Off line, the buttons say so, in words (on a phone above the thumb bar's buttons).
        note = console.page.locator("#thumb-offline")
        await note.filter(has_text=OFFLINE_ACTIONS[lang]).wait_for(state="visible")
        assert await console.page.locator("#offline-note").filter(has_text=OFFLINE_ACTIONS[lang]).count() == 1
        await console.page.locator(THUMB_EXTEND).click()
        toast = console.page.locator("#toast-msg")
        await toast.filter(has_text=NOT_CONFIRMED[lang]).wait_for(timeout=20_000)
        await shot(console, artifacts, f"console-offline-{lang}.png")
        # The server comes back; it never got the command: the console says so, and to press again.
        again = await start_server_async(server.file, server.db, port=server.port)
        await toast.filter(has_text=NOT_APPLIED[lang]).wait_for(timeout=BACK_WITHIN_MS)
        assert await note.is_hidden(), "back: the buttons are as before"
        assert await extended_ms(again) == 0
        await shot(console, artifacts, f"console-not-applied-{lang}.png")
        await console.page.locator(THUMB_EXTEND).click()
        await toast.filter(has_text=DONE[lang]).wait_for()
        assert await extended_ms(again) == 5 * 60_000, "applied once"
        ids = ids_of(posts)
        assert len(set(ids)) == 1 and len(ids) >= 2, f"pressed again with its id: {ids}"
        assert not console.errors, console.errors
    finally:
        await console.context.close()
        if again is not None:
            await asyncio.to_thread(again.stop)


@bounded
async def test_a_reload_keeps_the_id_of_a_command_whose_answer_it_lost_so_a_second_press_extends_once(
        browser: Any, serve: Any) -> None:
    server = await running_round(serve)
    console = await console_tab(browser, server, "en")
    try:
        posts = record_posts(console)
        # The console's socket is cut (no event can tell it what became of the command) ...
        sockets = {"allowed": False}

        async def socket(ws: Any) -> None:
            if sockets["allowed"]:
                ws.connect_to_server()
            else:
                await ws.close()

        await console.context.route_web_socket(re.compile(r"/ws\?"), socket)
        await console.page.evaluate("() => window.hall.connection.reconnectNow()")
        await console.page.locator('#conn[data-state="down"]').wait_for(state="attached")
        # ... and the answer to its command is lost: the server stores it, the page never hears. After the
        # reload, the page's question about it is held until the referee has pressed again.
        lost = {"answer": True}
        stored, asked, answer_now = asyncio.Event(), asyncio.Event(), asyncio.Event()

        async def commands(route: Any) -> None:
            if route.request.method == "GET":
                asked.set()
                await answer_now.wait()
                await route.continue_()
            elif lost["answer"]:
                await route.fetch()
                stored.set()  # (and no answer: the request stays open until the page goes)
            else:
                await route.continue_()

        await console.page.route(re.compile(r"/api/commands(\?|$)"), commands)
        await console.page.locator(EXTEND).click()
        await asyncio.wait_for(stored.wait(), 10)
        assert await extended_ms(server) == 5 * 60_000
        lost["answer"] = False
        sockets["allowed"] = True
        await console.page.reload()
        await live(console)
        await asyncio.wait_for(asked.wait(), 10)
        await console.page.locator(EXTEND).click()
        toast = console.page.locator("#toast-msg")
        await toast.filter(has_text="Done").wait_for()
        answer_now.set()
        assert await extended_ms(server) == 5 * 60_000, "the second press is the same command: stored once"
        ids = ids_of(posts)
        assert len(ids) >= 2 and len(set(ids)) == 1, ids
        await console.page.wait_for_function(
            "() => !sessionStorage.getItem('live.console.outbox')")  # settled: nothing kept
        assert not console.errors, console.errors
    finally:
        await console.context.close()


@bounded
async def test_a_phone_back_after_a_start_it_missed_shows_the_start_with_its_seat(browser: Any, serve: Any,
                                                                                   artifacts: Path) -> None:
    """Back long after the start (its replayed event too old for a banner of its own), without a reload."""
    server = await serve(name=NAME, players=PLAYERS,
                         timetable=[round_entry("r1", 1, start_in=600, minutes=180, title="Round 1")])
    tables = seating_of(await ack(server, {"type": "publish_seating", "item": "r1", "seed": 3}))
    table, players = next((n, ps) for n, ps in tables.items() if "p3" in ps)
    seat = f"table {table}, seat {players.index('p3') + 1}"
    phone = await open_tab(browser, server, "/player", viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        await choose(phone, "ves", "Vesna Jovanović")
        await live(phone)
        await phone.context.set_offline(True)
        await phone.page.locator('#conn[data-state="down"]').wait_for(state="attached")
        started = await ack(server, {"type": "start_round", "item": "r1"})
        # Away until the start is older than a replayed event may be to get its own banner (10 s).
        await phone.page.wait_for_function("(ts) => window.hall.connection.clock.now() - ts > 11000",
                                           arg=started["events"][0]["ts"], timeout=20_000, polling=500)
        await phone.context.set_offline(False)
        await phone.page.locator('#conn[data-state="up"]').wait_for(state="attached", timeout=BACK_WITHIN_MS)
        await phone.page.locator("#banner", has_text=seat).wait_for(state="visible")
        banner = await phone.page.evaluate("() => window.hall.banners.current")
        assert banner["type"] == "round_started" and banner["item"] == "r1", banner
        await shot(phone, artifacts, "player-back-after-missed-start.png")
        assert not phone.errors, phone.errors
    finally:
        await phone.context.close()
