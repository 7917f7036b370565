"""The hall display's printout: the console's "print standings" and "print seating" buttons open
/display?view=standings|seating&print=1, which prints itself once its data is in (hall/print.css): a list for
the wall, black on white on A4, every row, nothing cut. With the Čačak example after round 1 and the seating
of round 2, each view (and the whole display) under print media at the A4 sheet's printable width: the paper
white and light (the pages' dark scheme, base.css, would paint the sheet's margins dark when backgrounds are
printed), every text black, opaque and 7 pt or more, no dark box, nothing cut or wider than the sheet, every
row of the standings under one head and every card of the seating, the display's screen parts (clock, banner,
QR code) left out. PDFs: tests/artifacts/display-print-<view>-sr-Cyrl.pdf."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server import start_server_async
from support.examples import CACAK
from support.pages import A4_PT, ack, bounded, open_tab, pdf_pages
from support.referee_api import round_one_played

pytestmark = pytest.mark.asyncio(loop_scope="session")

#: An A4 sheet inside print.css's 12 mm margins, in CSS pixels: the width the lists are laid out in.
A4_PRINTABLE = {"width": round((210 - 2 * 12) / 25.4 * 96), "height": round((297 - 2 * 12) / 25.4 * 96)}

#: The smallest type on the sheet (7 pt, the seating cards' "table" over its number), in CSS pixels.
MIN_PX = 7 * 96 / 72 - 0.01

#: The page as printed: its paper and scheme, the texts smaller than `MIN_PX`, the texts not in black (or not
#: opaque), the boxes painted in a colour other than white, what is cut or wider than the sheet, the screen's
#: parts that show, and the standings' rows and heads and the seating's cards (all and shown).
PRINTED = """(MIN_PX) => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const own = (e) => [...e.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
  const name = (e) => `${e.id || e.className || e.tagName}: ${e.textContent.trim().slice(0, 30)}`;
  const opacity = (e) => {
    let o = 1;
    for (let n = e; n; n = n.parentElement) o *= Number(getComputedStyle(n).opacity);
    return o;
  };
  const style = (e) => getComputedStyle(e);
  const all = [...document.body.querySelectorAll('*')].filter(shown);
  const texts = all.filter(own);
  return {
    paper: [style(document.documentElement).backgroundColor, style(document.body).backgroundColor],
    scheme: [style(document.documentElement).colorScheme, style(document.body).colorScheme],
    small: texts.filter((e) => parseFloat(style(e).fontSize) < MIN_PX).map((e) => `${name(e)} ${style(e).fontSize}`),
    faint: texts.filter((e) => getComputedStyle(e).color !== 'rgb(0, 0, 0)' || opacity(e) < 0.99)
      .map((e) => `${name(e)} ${getComputedStyle(e).color} × ${opacity(e).toFixed(2)}`),
    dark: all.filter((e) => !['rgba(0, 0, 0, 0)', 'rgb(255, 255, 255)'].includes(getComputedStyle(e).backgroundColor)
      || getComputedStyle(e).backgroundImage !== 'none')
      .map((e) => `${name(e)} ${getComputedStyle(e).backgroundColor} ${getComputedStyle(e).backgroundImage}`),
    cut: texts.filter((e) => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > innerWidth + 0.5
      || getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth).map(name),
    wide: document.scrollingElement.scrollWidth > innerWidth,
    screen: ['.d-clock', '.banner', '.d-qr', '.d-footer', '.sound-hint'].flatMap((s) =>
      [...document.querySelectorAll(s)].filter(shown).map(() => s)),
    rows: document.querySelectorAll('#standings-body .d-st-row:not(.d-st-cols)').length,
    shownRows: [...document.querySelectorAll('#standings-body .d-st-row:not(.d-st-cols)')].filter(shown).length,
    heads: [...document.querySelectorAll('#standings-body .d-st-cols')].filter(shown).length,
    cards: document.querySelectorAll('#seating-body > *').length,
    shownCards: [...document.querySelectorAll('#seating-body > *')].filter(shown).length,
  };
}"""


@bounded
async def test_the_display_prints_its_lists_black_on_white_on_a4(browser: Any, tmp_path: Path,
                                                                 artifacts: Path) -> None:
    server = await start_server_async(CACAK, tmp_path / "cacak.db")
    tabs = []
    try:
        await round_one_played(server)
        await ack(server, {"type": "end_round", "item": "r1"})
        await ack(server, {"type": "publish_seating", "item": "r2"})
        for view in ("standings", "seating", "all"):
            # The console's print button opens the view with ?print=1; the browser's dialog is the browser's.
            tab = await open_tab(browser, server, f"/display?lang=sr-Cyrl&view={view}&print=1",
                                 viewport=A4_PRINTABLE, init_script="window.print = () => { window.printed = true; };")
            tabs.append(tab)
            await tab.page.wait_for_function("() => window.printed === true")
            await tab.page.emulate_media(media="print")
            printed = await tab.page.evaluate(PRINTED, MIN_PX)
            print(view, printed)
            assert printed["paper"] == ["rgb(255, 255, 255)"] * 2, (view, printed["paper"])
            assert printed["scheme"] == ["light"] * 2, (view, printed["scheme"])
            assert printed["faint"] == [], (view, printed["faint"])
            assert printed["small"] == [], (view, printed["small"])
            assert printed["dark"] == [], (view, printed["dark"])
            assert printed["cut"] == [] and not printed["wide"], (view, printed["cut"])
            assert printed["screen"] == [], (view, printed["screen"])
            if view != "seating":  # every row, under one head
                assert printed["rows"] == printed["shownRows"] == 30 and printed["heads"] == 1, (view, printed)
            if view != "standings":
                assert printed["cards"] and printed["shownCards"] == printed["cards"], (view, printed["cards"])
            pdf = await tab.page.pdf(path=str(artifacts / f"display-print-{view}-sr-Cyrl.pdf"),
                                     prefer_css_page_size=True, print_background=True)
            sizes = pdf_pages(pdf)
            assert sizes and all(abs(w - A4_PT[0]) < 1 and abs(h - A4_PT[1]) < 1 for w, h in sizes), sizes
            assert not tab.errors, tab.errors
    finally:
        for tab in tabs:
            await tab.context.close()
        server.stop()
