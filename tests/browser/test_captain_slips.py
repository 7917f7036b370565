"""The captains' slips (`GET /api/captain-slips`, docs/rules/slovak-league.md#captains): for the referees only, one
slip per team in the competition's language with its captain's code (the code of `/api/captain-codes`) and a QR
code that opens `/captain#code=<code>`; a phone that opens that address is signed in as the team's captain at
once, and the code leaves the address bar. A wrong code in the address says so on the code's card. The sheet as it
prints on A4 goes to tests/artifacts/."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from server import Server, start_server_async
from support.examples import slovak
from support.pages import PHONE, bounded, open_tab, printed_slips

from live.edges.web.exports import qr_svg

pytestmark = pytest.mark.asyncio(loop_scope="session")

#: The address the phones reach the server at (`--public-url`), a season's competition's: the slips' QR codes
#: and their words name it.
PUBLIC = "https://liga.bridzovyzvaz.sk/2-liga-druzstiev-vychod-2027"
SLIP = re.compile(r'<div class=slip data-team="(\w+)"><div class=qr>(<svg.*?</svg>)</div>.*?'
                  r"<div class=name>([^<]*)</div>.*?<div class=code>([A-Z0-9-]+)</div>", re.S)


async def captains(server: Server) -> dict[str, tuple[str, str]]:
    """Each team's name and captain's code, as the console's codes list has them."""
    async with httpx.AsyncClient(timeout=10) as http:
        answer = await http.get(f"{server.url}/api/captain-codes", headers={"Authorization": f"Bearer {server.token}"})
    assert answer.status_code == 200, answer.text
    return {x["team"]: (x["name"], x["code"]) for x in answer.json()["captains"]}


@bounded
async def test_a_captains_slip_has_the_teams_code_and_its_qr_opens_the_captains_page_signed_in(
        browser: Any, tmp_path: Path, artifacts: Path) -> None:
    file = slovak(tmp_path / "sk.toml")
    text = file.read_text(encoding="utf-8")
    text = text.replace('preset = "slovak-league"', 'preset = "slovak-league"\nlanguages = ["sk", "en"]\n'
                        'language = "sk"')
    # a club's long name, on two lines of its slip, and a long public address: nothing of the slip is cut
    text = text.replace('name = "Tím T1"', 'name = "Bridžový klub Spiš Spišská Nová Ves"')
    text = text.replace('name = "Slovenská liga"', 'name = "2. liga družstiev Východ, ročník 2027"')
    file.write_text(text, encoding="utf-8")
    server = await start_server_async(file, tmp_path / "sk.db", extra_args=("--public-url", PUBLIC))
    try:
        teams = await captains(server)
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            assert (await http.get("/api/captain-slips")).status_code == 401  # the referees' only
            assert (await http.get("/api/captain-slips", headers={"Authorization": "Bearer wrong"})).status_code == 401
            assert (await http.get(f"/api/captain-slips?token={server.token}")).status_code == 401  # not in the URL
            page = await http.get("/api/captain-slips", headers={"Authorization": f"Bearer {server.token}"})
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert page.headers["cache-control"] == "no-store" and "<script" not in page.text
        assert '<html lang="sk">' in page.text and "Kód kapitána" in page.text, page.text[:600]  # the file's language
        slips = SLIP.findall(page.text)
        assert sorted(team for team, *_ in slips) == sorted(teams)  # one slip per team
        assert [html.unescape(name) for _, _, name, _ in slips] == sorted(name for name, _ in teams.values())
        for team, svg, _, code in slips:
            assert code == teams[team][1]
            url = f"{PUBLIC}/captain#code={code.replace('-', '')}"
            assert svg == qr_svg(url, sized=False).decode("utf-8").strip(), team  # the QR says exactly this address

        # The slip's address on a captain's phone: signed in as the team's captain, the code gone from the address.
        team, (name, code) = next(iter(teams.items()))
        phone = await open_tab(browser, server, f"/captain#code={code.replace('-', '')}", viewport=PHONE,
                               is_mobile=True, has_touch=True)
        try:
            await phone.page.locator("#team-card").wait_for(state="visible")
            await phone.page.locator("#team-card").filter(has_text=name).wait_for()
            assert await phone.page.locator("#code-card").is_hidden()  # nothing left to type
            href = await phone.page.evaluate("location.href")
            assert "#" not in href and code.replace("-", "") not in href, href
            assert "live_captain" in {c["name"] for c in await phone.context.cookies()}
            assert not phone.errors, phone.errors
        finally:
            await phone.context.close()

        # A code that is not one: said on the code's card, and cleared from the address as well.
        wrong = await open_tab(browser, server, "/captain#code=AAAAAAAA", viewport=PHONE, is_mobile=True,
                               has_touch=True)
        try:
            await wrong.page.locator("#code-error").filter(has_text="Tento kód nie je správny").wait_for()
            assert "#" not in await wrong.page.evaluate("location.href")
            assert await wrong.page.locator("#team-card").is_hidden()
        finally:
            await wrong.context.close()

        # The sheet as it prints: A4, cut lines, a QR code on every slip.
        assert await printed_slips(browser, server, "/api/captain-slips", artifacts, "captain-slips.png", across=2,
                                   high_mm=55) == len(teams)
    finally:
        server.stop()
