"""Printable check-in slips (`GET /api/checkin-slips`), against a real `live serve` (docs/rules/check-in.md#codes): for
the
referees only, one slip per player in the tournament's language with the code of `/api/checkin-codes`, and a
QR code that opens `/player#code=<code>` (a fragment: the code never reaches a server's log)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import httpx
from server import DEFAULT_PLAYERS, codes_page, round_entry, start_server, tournament_toml

from live.edges.web.exports import qr_svg
from live.rules import alphabet

SLIP = re.compile(r'<div class=slip data-player="(\w+)"><div class=qr>(<svg.*?</svg>)</div>.*?'
                  r"<div class=name>([^<]*)</div>.*?<div class=code>([A-Z0-9-]+)</div>", re.S)


async def test_the_slips_are_the_referees_one_per_player_with_their_code_and_a_qr_of_their_page(
        tmp_path: Path) -> None:
    text = tournament_toml(timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    text = text.replace('preset = "cacak-preferans"',
                        'preset = "cacak-preferans"\nlanguages = ["sr-Cyrl", "en"]\nlanguage = "sr-Cyrl"')
    file = tmp_path / "t.toml"
    file.write_text(text, encoding="utf-8")
    with start_server(file, tmp_path / "t.db") as server:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            assert (await http.get("/api/checkin-slips")).status_code == 401
            assert (await http.get("/api/checkin-slips", headers={"Authorization": "Bearer wrong"})).status_code == 401
            assert (await http.get(f"/api/checkin-slips?token={server.token}")).status_code == 401
            page = await http.get("/api/checkin-slips", headers={"Authorization": f"Bearer {server.token}"})
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        policy = page.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy, "the pages' one policy"
        assert "<script" not in page.text and "<style" not in page.text
        sheet = re.search(r'<link rel=stylesheet href="([^"]+)">', page.text)
        assert sheet and sheet.group(1).endswith("/print/slips.css"), page.text[:400]
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            css = await http.get(sheet.group(1))
        assert css.status_code == 200 and "@page" in css.text, "its style sheet from the pages' files"
        assert page.headers["cache-control"] == "no-store"
        assert '<html lang="sr-Cyrl">' in page.text and "Ваш код за пријаву" in page.text  # the file's language

        slips = SLIP.findall(page.text)
        codes = await codes_page(server)
        # each name in the tournament's script (sr-Cyrl: a name typed in Latin is printed in Cyrillic)
        names = {p["id"]: alphabet.shown(p["name"], "sr-Cyrl") for p in DEFAULT_PLAYERS}
        assert sorted(player for player, *_ in slips) == sorted(names)  # one slip per player
        for player, svg, name, code in slips:
            assert html.unescape(name) == names[player]
            assert code == codes[player]
            url = f"{server.url}/player#code={code.replace('-', '')}"
            assert svg == qr_svg(url, sized=False).decode("utf-8").strip(), player  # the QR says exactly this address
        assert page.text.count("<section class=sheet>") == 1  # up to 24 slips on one A4 sheet
