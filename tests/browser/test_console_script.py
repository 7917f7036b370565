"""The referee console on a Latin-script page (docs/pages.md#languages), on a phone (390×844) in a real browser: a
Čačak tournament written in Cyrillic — its name, the players, the rounds' titles — shows no Cyrillic
letter on /referee?lang=sr-Latn and ?lang=sk, in any card (the plan and its editor, the roster, the
desk, check-in, seating and results, the slips and their printed sheet, sanctions, appeals, the
standings, the audit), nor in the page's title, tooltips or questions. What the referee edits keeps
the server's original: the fields prefilled with a name or a title hold the Cyrillic, and what the
console sends back (a rename, a moved round, a notice) carries it. On sr-Cyrl the same cards show
the names as written (so the Latin check above has something to find). The lists of players (the roster,
the notice's and the penalty's pickers) are in the order of the names as the page shows them: Latin
alphabetical order on sr-Latn and sk, Cyrillic on sr-Cyrl (lib/name-order.js). The Novi Sad teams, renamed in
Cyrillic, show their team sheets the same way."""

from __future__ import annotations

import asyncio
import re
import tomllib
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest
from server import Server, from_now, round_entry, start_server_async
from support.pages import PHONE, Tab, ack, bounded, open_tab, referee_login, seating_of, seen_seq, shot, until

pytestmark = pytest.mark.asyncio(loop_scope="session")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
EXAMPLE = EXAMPLES / "cacak-preferans-2027.toml"
#: Nine players of the example (three tables of three), their names in Cyrillic.
FIELD = [{"id": p["id"], "name": p["name"], **({"lady": True} if p.get("lady") else {})}
         for p in tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))["players"][:9]]
NAMES = {p["id"]: p["name"] for p in FIELD}
NAME = "Куп Чачка у преферансу 2027"
ROUND1, ROUND2, LUNCH = "Прво коло", "Друго коло", "Ручак у хотелу „Морава”"
CYRILLIC = re.compile("[\u0400-\u04ff]")
#: The console's print button calls window.print(): counted instead of opening a dialog.
NO_PRINT = "window.__printed = 0; window.print = () => { window.__printed += 1; };"

#: Everything a person reads on the page that has a Cyrillic letter: the lines of body.innerText
#: (form fields' values are not in it), then every text node of the document however hidden (the
#: printed sheet, closed cards, the <title>) but a textarea's, and the attributes a person reads.
CYRILLIC_SHOWN = """() => {
    const cyr = /[\\u0400-\\u04FF]/;
    const lines = document.body.innerText.split("\\n").filter((l) => cyr.test(l));
    const nodes = [];
    const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const tag = n.parentElement && n.parentElement.tagName;
        if (["TEXTAREA", "SCRIPT", "STYLE"].includes(tag) || !cyr.test(n.data)) continue;
        nodes.push(`${tag}: ${n.data}`);
    }
    for (const e of document.querySelectorAll("[title], [aria-label], [placeholder], [alt]")) {
        for (const a of ["title", "aria-label", "placeholder", "alt"]) {
            const v = e.getAttribute(a);
            if (v && cyr.test(v)) nodes.push(`${e.tagName}[${a}]: ${v}`);
        }
    }
    for (const o of document.querySelectorAll("option")) if (cyr.test(o.label)) nodes.push(`option label: ${o.label}`);
    return {lines, nodes, title: document.title};
}"""

#: The nine players in the order a Latin page lists them (Aleksandar, Dragan, Goran, Jelena, Milan, Nebojša,
#: Slobodan, Vesna, Zoran) and a Cyrillic one (Александар, Весна, Горан, Драган, Зоран, Јелена, Милан, Небојша,
#: Слободан): Весна and Зоран move, so a list sorted by the Cyrillic original fails on a Latin page.
LATIN_ORDER = ["p09", "p02", "p06", "p03", "p01", "p05", "p07", "p08", "p04"]
CYRILLIC_ORDER = ["p09", "p08", "p06", "p02", "p04", "p03", "p01", "p05", "p07"]
#: The roster's rows (id and the name shown) and the ids a picker offers, in the page's order.
ROSTER_ROWS = """() => [...document.querySelectorAll('#roster-card .r-ro-row')]
    .map((r) => [r.dataset.id, r.querySelector('b').textContent])"""
PICKER = """(id) => [...document.getElementById(id).options].map((o) => o.value).filter(Boolean)"""

#: The sections the console's head links to, in its order (each is checked once shown).
NAV = """() => [...document.querySelectorAll('#r-nav a')].filter((a) => !a.hidden).map((a) => a.dataset.nav)"""


async def no_cyrillic(tab: Tab, where: str) -> str:
    """Assert the page shows no Cyrillic letter now; returns its text (for what must be there in Latin)."""
    await tab.page.wait_for_timeout(50)  # the observer's microtask and a frame
    found = await tab.page.evaluate(CYRILLIC_SHOWN)
    assert not found["lines"] and not found["nodes"], (where, found["lines"][:5], found["nodes"][:5])
    assert not CYRILLIC.search(found["title"]), (where, found["title"])
    return str(await tab.page.locator("body").inner_text())


async def events_of(server: Server, kind: str, since: int = 0) -> list[dict[str, Any]]:
    """The log's events of a type after `since`, as the referees see them (a private notice's words too)."""
    async with httpx.AsyncClient(timeout=10) as http:
        answer = await http.get(f"{server.url}/api/events?since={since}",
                                headers={"Authorization": f"Bearer {server.token}"})
    assert answer.status_code == 200, answer.text
    return [e for e in answer.json()["events"] if e["type"] == kind]


async def a_day_in_the_hall(server: Server) -> dict[int, list[str]]:
    """Round 1 seated and running, two tables scored, two players in, a sanction, an appeal, a penalty,
    a payment and a notice: every card of the console has Cyrillic names or titles to show."""
    tables = seating_of(await ack(server, {"type": "publish_seating", "item": "r1", "seed": 5}))
    await ack(server, {"type": "start_round", "item": "r1"})
    for number in (1, 2):
        await ack(server, {"type": "record_result", "item": "r1", "table": number,
                           "results": dict(zip(tables[number], (60 + number, -20, -40 - number), strict=True))})
    for player in tables[3][:2]:
        await ack(server, {"type": "check_in", "item": "r1", "player": player})
    await ack(server, {"type": "sanction", "player": tables[1][0], "kind": "bad_shuffle", "item": "r1"})
    await ack(server, {"type": "appeal", "player": tables[2][0], "item": "r1", "subject": "на одлуку судије"})
    await ack(server, {"type": "penalty", "player": tables[2][1], "amount": 2, "unit": "bule", "reason": "касни"})
    await ack(server, {"type": "record_payment", "player": "p01", "what": "entry", "amount": 4000})
    await ack(server, {"type": "announce", "text": "Ђорђе, јави се столу 3", "player": "p05"})
    return tables


async def open_console(browser: Any, server: Server, lang: str) -> Tab:
    tab = await open_tab(browser, server, f"/referee?lang={lang}", viewport=PHONE, is_mobile=True, has_touch=True,
                         accept_dialogs=True, init_script=NO_PRINT)
    await referee_login(tab, server.token)
    last = (await server.events())[-1]["seq"]
    await seen_seq(tab, last)
    for card in ("roster-card", "desk-card", "slips-card", "sanctions-card", "appeals-card", "checkin-card"):
        await tab.page.locator(f"#{card}").wait_for(state="visible")
    return tab


async def assert_lists_in_order(tab: Tab, lang: str, ids: list[str]) -> None:
    """The roster and the players' pickers (a notice's addressee, a penalty's player) list `ids` in order."""
    rows = await tab.page.evaluate(ROSTER_ROWS)
    assert [row[0] for row in rows] == ids, (lang, rows)
    if lang != "sr-Cyrl":  # the Latin names begin with nine different letters: alphabetical is code order
        names = [row[1] for row in rows]
        assert names == sorted(names), (lang, names)
    assert await tab.page.evaluate(PICKER, "announce-player") == ids, lang
    assert await tab.page.evaluate(PICKER, "pen-who") == ids, lang


async def every_section(tab: Tab, lang: str) -> str:
    """Go to each section the head links to, checking the page each time; then open the forms and the
    printed slips. Returns the page's text at the end."""
    page = tab.page
    sections = await page.evaluate(NAV)
    cards = {"roster-card", "desk-card", "checkin-card", "slips-card", "sanctions-card", "appeals-card"}
    assert cards <= set(sections), sections
    for section in sections:
        await page.locator(f'#r-nav a[data-nav="{section}"]').click()
        await no_cyrillic(tab, f"{lang} {section}")
    # The plan editor's form of round 2, the tournament's name, a player's rename form, a check-in row.
    await page.locator('[data-plan-item="r2"] [data-plan="open"]').click()
    await page.locator('[data-plan-item="r2"] input[data-role="title"]').wait_for()
    await page.locator("#tt-name details summary").click()
    await page.locator('#roster-card [data-role="roster-filter"]').fill("zoran")  # Latin finds the Cyrillic name
    await page.locator('#roster-card .r-ro-row[data-id="p04"] [data-action="change"]').click()
    await page.locator('#roster-card .r-ro-row[data-id="p04"] input[data-role="name"]').wait_for()
    await no_cyrillic(tab, f"{lang} forms open")
    # The slips' printed sheet (shown only while printing; its text checked all the same).
    await page.locator('#slips-card [data-action="print-slips"]').click()
    assert await page.evaluate("window.__printed") == 1
    sheet = await page.locator('[data-role="slips-print"]').text_content() or ""
    assert "Kup Čačka u preferansu 2027" in sheet and not CYRILLIC.search(sheet), sheet
    return await no_cyrillic(tab, f"{lang} printed")


@bounded
async def test_the_console_on_a_latin_page_shows_no_cyrillic_and_sends_back_the_originals(
        browser: Any, serve: Any, artifacts: Path) -> None:
    timetable = [round_entry("r1", 1, start=from_now(-10 * 60), minutes=180, title=ROUND1),
                 {"id": "lunch", "kind": "break", "title": LUNCH, "start": from_now(175 * 60), "minutes": 45},
                 round_entry("r2", 2, start=from_now(225 * 60), minutes=180, title=ROUND2)]
    server = await serve(name=NAME, timezone="Europe/Belgrade", players=FIELD, timetable=timetable)
    tables = await a_day_in_the_hall(server)
    tabs: list[Tab] = []
    try:
        for lang in ("sr-Latn", "sk"):
            tab = await open_console(browser, server, lang)
            tabs.append(tab)
            await assert_lists_in_order(tab, lang, LATIN_ORDER)
            text = await every_section(tab, lang)
            for shown in ("Kup Čačka u preferansu 2027", "Prvo kolo", "Drugo kolo", "Zoran Marković",
                          "Nebojša Đorđević", "Jelena Nikolić", "Ručak u hotelu „Morava”"):
                assert shown in text, (lang, shown)
            assert tables[1][0] and latin(NAMES[tables[1][0]]) in text, "the sanctioned player, in Latin"
            # The fields a referee edits hold the server's originals.
            page = tab.page
            assert await page.locator('#roster-card .r-ro-row[data-id="p04"] input[data-role="name"]').input_value() \
                == "Зоран Марковић"
            assert await page.locator('[data-plan-item="r2"] input[data-role="title"]').input_value() == ROUND2
            assert await page.locator('[data-role="tournament-name"]').input_value() == NAME
            assert not [d for d in tab.dialogs if CYRILLIC.search(d)], tab.dialogs
            assert not tab.errors, tab.errors
            await shot(tab, artifacts, f"console-script-{lang}.png")

        # What the sr-Latn console sends carries the Cyrillic it was given, never its Latin letters.
        tab = tabs[0]
        page = tab.page
        since = (await server.events())[-1]["seq"]
        name = page.locator('#roster-card .r-ro-row[data-id="p04"] input[data-role="name"]')
        await name.press("End")
        await name.type(" ст.")
        await page.locator('#roster-card .r-ro-row[data-id="p04"] form button[type="submit"]').click()
        renamed = await until(lambda: events_of(server, "player_updated", since), "the rename")
        assert renamed[0]["payload"]["name"] == "Зоран Марковић ст.", renamed[0]["payload"]
        await page.locator("#roster-card .r-ro-row[data-id='p04'] b", has_text="Zoran Marković st.").wait_for()

        # Round 2 moved by ten minutes, its title untouched: the server keeps its Cyrillic title.
        form = page.locator('[data-plan-item="r2"]')
        minute = await form.locator('input[data-role="time"]').input_value()
        hours, minutes = map(int, minute.split(":"))
        later = (hours * 60 + minutes + 10) % (24 * 60)
        await form.locator('input[data-role="time"]').fill(f"{later // 60:02d}:{later % 60:02d}")
        await form.locator('form button[type="submit"]').click()
        moved = await until(lambda: events_of(server, "item_moved", since), "the move")
        assert moved[0]["payload"].get("title", ROUND2) == ROUND2, moved[0]["payload"]
        assert next(i for i in (await server.state())["timetable"] if i["id"] == "r2")["title"] == ROUND2

        # A notice typed in Cyrillic to a player: the question names him in Latin, the server gets the text as typed.
        await page.locator("#announce-player").select_option("p05")
        await page.locator("#announce-text").fill("Небојша, дођите до судије")
        await page.locator("#announce-button").click()
        notices = await until(lambda: events_of(server, "announced", since), "the notice")
        assert notices[0]["payload"]["text"] == "Небојша, дођите до судије", notices[0]["payload"]
        assert any("Nebojša Đorđević" in d and "Nebojša, dođite do sudije" in d for d in tab.dialogs), tab.dialogs
        assert not [d for d in tab.dialogs if CYRILLIC.search(d)], tab.dialogs
        await no_cyrillic(tab, "sr-Latn after the edits")

        # The same console on sr-Cyrl: the names and titles as written (what the checks above looked for).
        cyrl = await open_console(browser, server, "sr-Cyrl")
        tabs.append(cyrl)
        text = await cyrl.page.locator("body").inner_text()
        for written in (NAME, ROUND1, "Зоран Марковић ст.", "Небојша Ђорђевић"):
            assert written in text, written
        await assert_lists_in_order(cyrl, "sr-Cyrl", CYRILLIC_ORDER)
    finally:
        await asyncio.gather(*(t.context.close() for t in tabs))


def latin(name: str) -> str:
    """The Serbian Latin of a Cyrillic name (the few letters this test's names have)."""
    table = str.maketrans({"А": "A", "Б": "B", "В": "V", "Г": "G", "Д": "D", "Ђ": "Đ", "Е": "E", "Ж": "Ž", "З": "Z",
                           "И": "I", "Ј": "J", "К": "K", "Л": "L", "М": "M", "Н": "N", "О": "O", "П": "P", "Р": "R",
                           "С": "S", "Т": "T", "Ћ": "Ć", "У": "U", "Ф": "F", "Х": "H", "Ц": "C", "Ч": "Č", "Ш": "Š",
                           "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "ђ": "đ", "е": "e", "ж": "ž", "з": "z",
                           "и": "i", "ј": "j", "к": "k", "л": "l", "љ": "lj", "м": "m", "н": "n", "њ": "nj", "о": "o",
                           "п": "p", "р": "r", "с": "s", "т": "t", "ћ": "ć", "у": "u", "ф": "f", "х": "h", "ц": "c",
                           "ч": "č", "џ": "dž", "ш": "š", "Љ": "Lj", "Њ": "Nj", "Џ": "Dž"})
    return name.translate(table)


#: Serbian Latin → Cyrillic for the Novi Sad example's names (its names have no "nj"/"lj" that are two letters).
CYRILLIC_OF = {"lj": "љ", "nj": "њ", "dž": "џ", "a": "а", "b": "б", "v": "в", "g": "г", "d": "д", "đ": "ђ", "e": "е",
               "ž": "ж", "z": "з", "i": "и", "j": "ј", "k": "к", "l": "л", "m": "м", "n": "н", "o": "о", "p": "п",
               "r": "р", "s": "с", "t": "т", "ć": "ћ", "u": "у", "f": "ф", "h": "х", "c": "ц", "č": "ч", "š": "ш"}


def cyrillic(text: str) -> str:
    """A Serbian Latin text in Cyrillic (digraphs first; a capital stays a capital)."""
    out, i = "", 0
    while i < len(text):
        pair, one = text[i:i + 2], text[i]
        if pair.lower() in CYRILLIC_OF:
            letter, i = CYRILLIC_OF[pair.lower()], i + 2
            out += letter.upper() if pair[0].isupper() else letter
        elif one.lower() in CYRILLIC_OF:
            letter, i = CYRILLIC_OF[one.lower()], i + 1
            out += letter.upper() if one.isupper() else letter
        else:
            out, i = out + one, i + 1
    return out


def novi_sad_in_cyrillic(path: Path) -> Path:
    """The Novi Sad example with every name and title in Cyrillic, its matches from half an hour from now,
    started and ended by the referee only."""
    text = (EXAMPLES / "novi-sad-teams-2026.toml").read_text(encoding="utf-8")
    zone = ZoneInfo("Europe/Belgrade")
    starts = iter(range(1800, 1800 + 6300 * 20, 6300))

    def start(_: re.Match[str]) -> str:
        at = (datetime.now(UTC) + timedelta(seconds=next(starts))).astimezone(zone)
        return f"start = {at:%Y-%m-%dT%H:%M:%S}"

    text = re.sub(r"^start = .*$", start, text, flags=re.M)
    text = re.sub(r'^(name|title) = "([^"]*)"', lambda m: f'{m[1]} = "{cyrillic(m[2])}"', text, flags=re.M)
    text = text.replace("\n[[timetable]]", "\n[rules]\nauto_start = false\nauto_end = false\n\n[[timetable]]", 1)
    path.write_text(text, encoding="utf-8")
    return path


@bounded
async def test_the_team_sheets_of_a_cyrillic_bridge_tournament_show_no_cyrillic_on_a_latin_page(
        browser: Any, tmp_path: Path) -> None:
    server = await start_server_async(novi_sad_in_cyrillic(tmp_path / "ns.toml"), tmp_path / "ns.db")
    tabs: list[Tab] = []
    try:
        for lang in ("sr-Latn", "sk"):
            tab = await open_tab(browser, server, f"/referee?lang={lang}", viewport=PHONE, is_mobile=True,
                                 has_touch=True, accept_dialogs=True)
            tabs.append(tab)
            await referee_login(tab, server.token)
            page = tab.page
            for section in await page.evaluate(NAV):
                await page.locator(f'#r-nav a[data-nav="{section}"]').click()
                await no_cyrillic(tab, f"{lang} {section}")
            card = page.locator("#sheets-card")
            await card.wait_for(state="visible")
            await card.locator('.r-sh-teams [data-team="t3"]').click()
            await card.locator('.r-sh-team[data-team="t3"]').wait_for()
            await page.locator('#roster-card .r-ro-team[data-team="t3"] [data-action="rename-team"]').click()
            team = page.locator('#roster-card .r-ro-team[data-team="t3"] input[data-role="team-name"]')
            assert await team.input_value() == "Лиман", "the field a referee edits holds the original"
            text = await no_cyrillic(tab, f"{lang} team sheet")
            for shown in ("Otvoreno ekipno prvenstvo Novog Sada 2026", "Liman", "Fruška gora", "Kolo 1",
                          "Đorđe Vasić"):
                assert shown in text, (lang, shown)
            assert not tab.errors, tab.errors
    finally:
        await asyncio.gather(*(t.context.close() for t in tabs))
        server.stop()  # (started here, not by the `serve` fixture that stops its own)
