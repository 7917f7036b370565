"""The prize-giving, as a referee runs it with the Čačak example file: the console (a phone, 390×844) shows
the prize list for the fund typed, as GET /api/prizes makes it; a tap puts it on the hall display (1920×1080),
large, in the display's language (Serbian Cyrillic, and Slovak on another screen), and on the players' phones
(390×844, Slovak and Serbian Cyrillic), the names in each page's script; another tap takes it off them all.
And it prints: the console's print button gives an A4 sheet of the list alone (prizes.css `@media print`).
Screenshots: the console, the display in sr-Cyrl and sk, and the phones; the printed sheet as a PDF."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from server import Server, start_server_async
from support.examples import CACAK
from support.pages import A4_PT, PHONE, Tab, ack, bounded, choose, live, open_tab, pdf_pages, referee_login, shot
from support.referee_api import round_one_played

from live.rules.alphabet import to_latin

pytestmark = pytest.mark.asyncio(loop_scope="session")

FUND = 100_000
#: The rows of the prize list on the display: large enough to read from the back of a hall (10 m).
MIN_ROW_PX = 48
#: The prize list on a phone: as large as the player page's own text (17 px), or larger.
MIN_PHONE_PX = 17
#: A phone's words per language: its card's title, how a place and a place shared by `n` rows read, an amount,
#: and a sponsor's prize.
PHONES: dict[str, tuple[str, Callable[[int, int], str], Callable[[float], str], str]] = {
    "sk": ("Vyhlásenie výsledkov", lambda r, n: f"{r}." if n == 1 else f"{r}–{r + n - 1}.",
           lambda x: f"{x:,g}".replace(",", "\u00a0") + "\u00a0RSD", "Cena sponzora"),
    "sr-Cyrl": ("Проглашење победника", lambda r, n: f"{r}." if n == 1 else f"{r}–{r + n - 1}.",
                lambda x: f"{x:,g}".replace(",", ".") + "\u00a0дин.", "Награда спонзора")}


#: The width of an A4 sheet inside its 15 mm margins (prizes.css `@page`)
#: in CSS pixels (96 to the inch): what the printed list has to fit in.
A4_PRINTABLE_PX = round((210 - 2 * 15) / 25.4 * 96)

#: The prize sheet as printed (the page under print media): what shows outside it (the console's chrome must
#: not), its rows and lines, what does not fit the sheet's width, and its colours (each ink with a part drawn in it).
PRINTED = """() => {
    const sheet = document.querySelector('[data-role="prizes-print"]');
    const seen = (e) => {
        const box = e.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(e).visibility !== 'hidden';
    };
    const outside = [...document.body.querySelectorAll('*')]
        .filter((e) => !sheet.contains(e) && !e.contains(sheet) && seen(e))
        .map((e) => e.id || e.className || e.tagName);
    const right = sheet.getBoundingClientRect().right;
    const cut = [...sheet.querySelectorAll('*')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > right + 0.5)
        .map((e) => `${e.tagName} ${e.textContent.slice(0, 40)}`);
    return {
        shown: seen(sheet), outside, cut, wide: document.scrollingElement.scrollWidth > innerWidth,
        title: sheet.querySelector('h1')?.textContent, subtitle: sheet.querySelector('h2')?.textContent,
        fund: sheet.querySelector('[data-role="prize-fund-line"]')?.textContent,
        lady: sheet.querySelector('[data-role="best-lady"]')?.textContent,
        head: [...sheet.querySelectorAll('thead th')].map((th) => th.textContent),
        rows: [...sheet.querySelectorAll('tbody tr')].map((tr) => ({
            id: tr.dataset.id, cells: [...tr.cells].map((td) => td.textContent) })),
        px: parseFloat(getComputedStyle(sheet).fontSize),
        cellPx: [...new Set([...sheet.querySelectorAll('td, th')]
            .map((c) => parseFloat(getComputedStyle(c).fontSize)))],
        colour: getComputedStyle(sheet).color, paper: getComputedStyle(document.body).backgroundColor,
        scheme: getComputedStyle(document.documentElement).colorScheme,
        inks: Object.fromEntries([...sheet.querySelectorAll('*')]
            .map((e) => [getComputedStyle(e).color, e.className || e.tagName])),
    };
}"""


async def prize_list(server: Server) -> dict[str, Any]:
    async with httpx.AsyncClient(timeout=10) as http:
        answer = await http.get(f"{server.url}/api/prizes", params={"fund": str(FUND)},
                                headers={"Authorization": f"Bearer {server.token}"})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


async def prizes_on_display(tab: Tab) -> list[dict[str, Any]]:
    """The display's prize rows as shown, with the size their text is drawn at."""
    await tab.page.locator("#prizes-panel").wait_for(state="visible")
    return list(await tab.page.evaluate("""() => [...document.querySelectorAll('#prizes-list .d-prize')].map((li) => ({
        id: li.dataset.id, place: li.querySelector('.d-prize-place').textContent,
        name: li.querySelector('.d-prize-name').textContent, amount: li.querySelector('.d-prize-amount').textContent,
        px: parseFloat(getComputedStyle(li).fontSize),
        cut: li.querySelector('.d-prize-name').scrollWidth > li.querySelector('.d-prize-name').clientWidth + 1,
        visible: li.getBoundingClientRect().bottom <= innerHeight }))"""))


async def prizes_on_phone(tab: Tab) -> dict[str, Any]:
    """A phone's prize card as shown: its rows, the best lady's line, and what does not fit a 390 px screen."""
    await tab.page.locator("#prizes-card").wait_for(state="visible")
    return dict(await tab.page.evaluate("""() => {
        const rows = [...document.querySelectorAll('#prizes-list .p-prize')].map((li) => ({
            id: li.dataset.id, place: li.querySelector('.p-prize-place').textContent,
            name: li.querySelector('.p-prize-name').textContent,
            amount: li.querySelector('.p-prize-amount').textContent,
            me: li.classList.contains('is-me'), px: parseFloat(getComputedStyle(li).fontSize),
            out: li.getBoundingClientRect().right > document.getElementById('prizes-card').getBoundingClientRect().right
                || [...li.children].some((c) => c.scrollWidth > c.clientWidth + 1) }));
        return { lines: rows, title: document.getElementById('prizes-title').textContent,
                 lady: document.getElementById('prizes-lady').textContent,
                 wide: document.scrollingElement.scrollWidth > innerWidth,
                 sent: Object.keys(window.hall.connection.sections.prizes || {}) };
    }"""))


async def phone_shows(phone: Tab, lang: str, listed: dict[str, Any], mine: str) -> None:
    """The phone in `lang` shows the prize list `listed` (GET /api/prizes): the paid places (shared ones as
    ranges), the sponsors' places after them, the best lady; its player's own line (`mine`, on the Slovak
    phone) marked; whole on a 390 px screen."""
    title, place, money, sponsor = PHONES[lang]
    script = to_latin if lang == "sk" else str
    paid, sponsored = listed["prizes"], listed["sponsor_prizes"]
    shared = {rank: sum(p["rank"] == rank for p in paid) for rank in {p["rank"] for p in paid}}
    on_phone = await prizes_on_phone(phone)
    lines = on_phone["lines"]
    everyone = [*paid, *sponsored]
    assert [(r["id"], r["name"]) for r in lines] == [(p["id"], script(p["name"])) for p in everyone], lines
    assert [r["place"] for r in lines] == [place(p["rank"], shared[p["rank"]]) for p in paid] + [
        place(p["place"], 1) for p in sponsored], lines
    assert [r["amount"] for r in lines] == [money(p["amount"]) for p in paid] + [sponsor] * len(sponsored), lines
    assert on_phone["title"] == title
    assert script(listed["best_lady"]["name"]) in on_phone["lady"], on_phone["lady"]
    assert all(r["px"] >= MIN_PHONE_PX and not r["out"] for r in lines) and not on_phone["wide"], on_phone
    assert [r["me"] for r in lines] == [lang == "sk" and p["id"] == mine for p in everyone], lines
    assert "fund_source" not in on_phone["sent"], "a phone is not sent the desk's books behind the fund"


@bounded
async def test_the_console_shows_the_prize_list_and_puts_it_on_the_display_and_off_again(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    server = await start_server_async(CACAK, tmp_path / "cacak.db")
    tabs: list[Tab] = []
    try:
        await round_one_played(server)
        expected = await prize_list(server)
        paid = expected["prizes"]
        assert [p["amount"] for p in paid[:4]] == [50_000, 25_000, 15_000, 10_000]
        # docs/rules/prizes.md#cacak: the fifth place gets a sponsor's prize: the 5th (ten tables' winners ahead of the
        # rest)
        (fifth,) = expected["sponsor_prizes"]
        assert (fifth["place"], fifth["rank"]) == (5, 5) and fifth["id"] not in [p["id"] for p in paid]

        console = await open_tab(browser, server, "/referee?lang=sr-Cyrl", viewport=PHONE, is_mobile=True,
                                 has_touch=True, accept_dialogs=True)
        tabs.append(console)
        await referee_login(console, server.token)
        card = console.page.locator("#prizes-card")
        await card.wait_for(state="visible")
        assert await console.page.locator('#r-nav a[data-nav="prizes-card"]').is_visible()
        await card.locator('[data-role="prize-fund"]').fill(str(FUND))
        await card.locator('[data-role="prize-fund"]').press("Tab")
        rows = card.locator(".r-pz-table tbody tr")
        await rows.nth(len(paid) - 1).wait_for(state="visible")
        shown = [await rows.nth(i).inner_text() for i in range(len(paid))]
        for line, prize in zip(shown, paid, strict=True):
            assert prize["name"] in line, (line, prize)
        assert "50.000\u00a0дин." in shown[0], shown[0]  # Serbian groups thousands with a dot
        sponsor_row = card.locator('[data-role="sponsor-prize"]')
        assert await sponsor_row.get_attribute("data-id") == fifth["id"]
        assert " ".join((await sponsor_row.inner_text()).split()) == f"5. {fifth['name']} награда спонзора"
        lady = expected["best_lady"]
        assert lady and lady["name"] in await card.locator('[data-role="best-lady"]').inner_text()
        await card.scroll_into_view_if_needed()
        await shot(console, artifacts, "console-prizes-sr-Cyrl.png")

        display = await open_tab(browser, server, "/display?lang=sr-Cyrl")
        slovak = await open_tab(browser, server, "/display?lang=sk")
        tabs += [display, slovak]
        for tab in (display, slovak):
            await live(tab)
            assert await tab.page.locator("#prizes-panel").is_hidden()
        # two players' phones: the Slovak one is the winner's own, the Serbian one has chosen nobody
        winner = paid[0]
        phones = {lang: await open_tab(browser, server, f"/player?lang={lang}", viewport=PHONE, is_mobile=True,
                                       has_touch=True) for lang in PHONES}
        tabs += phones.values()
        await choose(phones["sk"], to_latin(winner["name"]), to_latin(winner["name"]))
        for phone in phones.values():
            await live(phone)
            assert await phone.page.locator("#prizes-card").is_hidden()

        await card.locator('[data-action="show-prizes"]').click()
        for tab, words, amount, sponsor in ((display, "Награде", "50.000\u00a0дин.", "Награда спонзора"),
                                            (slovak, "Ceny", "50\u00a0000\u00a0RSD", "Cena sponzora")):
            on_screen = await prizes_on_display(tab)
            script = to_latin if tab is slovak else str  # the names in the page's script
            assert [r["id"] for r in on_screen] == [p["id"] for p in paid] + [fifth["id"]]
            assert [r["name"] for r in on_screen] == [script(p["name"]) for p in paid] + [script(fifth["name"])]
            assert (on_screen[-1]["place"], on_screen[-1]["amount"]) == ("5.", sponsor), on_screen[-1]
            assert on_screen[0]["amount"] == amount, on_screen[0]
            assert all(r["px"] >= MIN_ROW_PX and r["visible"] and not r["cut"] for r in on_screen), on_screen
            assert await tab.page.locator("#prizes-title").inner_text() == words
            assert script(lady["name"]) in await tab.page.locator("#prizes-lady").inner_text()
            clipped = await tab.page.evaluate("""() => [...document.querySelectorAll('#prizes-panel > *')]
                .filter((e) => e.scrollHeight > e.clientHeight + 1 || e.getBoundingClientRect().bottom > innerHeight)
                .map((e) => e.id)""")
            assert clipped == [], f"cut on the screen: {clipped}"
            assert await tab.page.locator("#body").is_hidden(), "the prizes take the clock's place"
        await shot(display, artifacts, "display-prizes-sr-Cyrl.png")
        await shot(slovak, artifacts, "display-prizes-sk.png")
        for lang in PHONES:
            await phone_shows(phones[lang], lang, expected, winner["id"])
            banner = phones[lang].page.locator("#banner")
            if not await banner.is_hidden():  # (the round's start, caught up with: the phone opened after it)
                await banner.click()
                await banner.wait_for(state="hidden")
            await phones[lang].page.evaluate("() => window.scrollTo(0, 0)")
            await shot(phones[lang], artifacts, f"player-prizes-{lang}.png")
        # a slip corrected while the list is up: table 2 as table 1, so their winners share the first place
        second = (await server.state())["seating"]["r1"]["tables"][1]
        await ack(server, {"type": "correct_result", "item": "r1", "table": second["table"], "reason": "slip misread",
                           "results": {p: 60 if p == second["players"][0] else -60 if p == second["players"][-1]
                                       else 0 for p in second["players"]}})
        moved = await prize_list(server)
        assert [p["rank"] for p in moved["prizes"][:2]] == [1, 1], moved["prizes"]
        for lang, (_, place, _, _) in PHONES.items():
            await phones[lang].page.locator("#prizes-list .p-prize-place").first.filter(
                has_text=place(1, 2)).wait_for()
            await phone_shows(phones[lang], lang, moved, winner["id"])
        await shot(phones["sr-Cyrl"], artifacts, "player-prizes-shared-sr-Cyrl.png")
        assert "prizes" in (await server.state())
        status = console.page.locator('#prizes-card [data-role="prize-status"]')
        await status.filter(has_text="Сада је на екранима у сали").wait_for()

        await card.locator('[data-action="hide-prizes"]').click()
        for tab in (display, slovak):
            await tab.page.locator("#prizes-panel").wait_for(state="hidden")
            await tab.page.locator("#body").wait_for(state="visible")
        for phone in phones.values():
            await phone.page.locator("#prizes-card").wait_for(state="hidden")
        assert "prizes" not in (await server.state())
        for tab in tabs:
            assert not tab.errors, tab.errors
    finally:
        for tab in tabs:
            await tab.context.close()
        server.stop()


@bounded
async def test_the_console_prints_the_prize_list_whole_on_an_a4_sheet_without_the_console(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    server = await start_server_async(CACAK, tmp_path / "cacak.db")
    console: Tab | None = None
    try:
        await round_one_played(server)
        expected = await prize_list(server)
        paid, sponsored, lady = expected["prizes"], expected["sponsor_prizes"], expected["best_lady"]
        console = await open_tab(browser, server, "/referee?lang=sr-Cyrl", viewport=PHONE, is_mobile=True,
                                 has_touch=True, accept_dialogs=True)
        await referee_login(console, server.token)
        page = console.page
        card = page.locator("#prizes-card")
        await card.wait_for(state="visible")
        await card.locator('[data-role="prize-fund"]').fill(str(FUND))
        await card.locator('[data-role="prize-fund"]').press("Tab")
        await card.locator(".r-pz-table tbody tr").nth(len(paid) - 1).wait_for(state="visible")
        # The browser's print dialog is the browser's: here the button only lays the sheet out, and it stays.
        await page.evaluate("() => { window.print = () => { window.printed = (window.printed || 0) + 1; }; }")
        assert await page.locator('[data-role="prizes-print"]').is_hidden(), "no sheet on the screen"
        await card.locator('[data-action="print-prizes"]').click()
        assert await page.evaluate("() => window.printed") == 1
        await page.set_viewport_size({"width": A4_PRINTABLE_PX, "height": 900})
        await page.emulate_media(media="print")
        printed = await page.evaluate(PRINTED)
        assert printed["shown"], printed
        assert printed["outside"] == [], f"the console is printed with the list: {printed['outside']}"
        assert printed["title"] == "Куп Чачка у преферансу 2027" and printed["subtitle"] == "Награде", printed
        assert printed["fund"] == "Наградни фонд: 100.000\u00a0дин.", printed["fund"]
        assert printed["head"] == ["Место", "Име", "Награда"], printed["head"]
        # The list whole: every paid place, then the sponsor's, as GET /api/prizes makes it, and the best lady.
        assert [r["id"] for r in printed["rows"]] == [p["id"] for p in [*paid, *sponsored]], printed["rows"]
        assert [r["cells"][1] for r in printed["rows"]] == [p["name"] for p in [*paid, *sponsored]]
        assert printed["rows"][0]["cells"][2] == "50.000\u00a0дин.", printed["rows"][0]
        assert [r["cells"][2] for r in printed["rows"][len(paid):]] == ["награда спонзора"] * len(sponsored)
        assert lady and lady["name"] in printed["lady"], printed["lady"]
        # Nothing cut at an A4 sheet's width, the table as large as the sheet's text (13 pt), black on white.
        assert abs(printed["px"] - 13 * 96 / 72) < 0.01 and printed["cellPx"] == [printed["px"]], printed
        assert printed["cut"] == [] and not printed["wide"], printed["cut"]
        assert printed["colour"] == "rgb(0, 0, 0)" and list(printed["inks"]) == ["rgb(0, 0, 0)"], printed["inks"]
        assert printed["paper"] == "rgb(255, 255, 255)", printed["paper"]
        # The console's dark scheme (base.css) would paint the sheet's margins dark when backgrounds are printed.
        assert printed["scheme"] == "light", printed["scheme"]
        pdf = await page.pdf(path=str(artifacts / "console-prizes-print-sr-Cyrl.pdf"), prefer_css_page_size=True,
                             print_background=True)
        sizes = pdf_pages(pdf)
        assert len(sizes) == 1, f"the list takes {len(sizes)} sheets"
        assert all(abs(w - A4_PT[0]) < 1 and abs(h - A4_PT[1]) < 1 for w, h in sizes), sizes
        # After printing, the console as it was: the sheet gone, the card there.
        await page.evaluate("() => window.dispatchEvent(new Event('afterprint'))")
        await page.emulate_media(media="screen")
        assert not await page.evaluate("() => document.body.classList.contains('r-printing-prizes')")
        assert await page.locator('[data-role="prizes-print"]').is_hidden()
        await card.wait_for(state="visible")
        assert not console.errors, console.errors
    finally:
        if console is not None:
            await console.context.close()
        server.stop()
