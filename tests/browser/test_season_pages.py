"""A season server's own pages in a real browser: the start page lists the competitions in their groups on a
phone, each card's links lead to that competition's pages (its display connects); the side page shows two
competitions' displays on one screen; and the organizer, signed in once for the tab, adds a Slovak league from
the form, sees it listed with its referee token, sees its matches under "Matches to watch", and a wrong token
or a taken address is said in the page's language next to where it belongs; with three Slovak leagues, the organizer
sees their standings running and the promotion proposed, and a declined licence passed on (§13.1).

Screenshots: tests/artifacts/season-organizer-<step>-<lang>.png, season-promotion-<step>-<lang>.png (390×844)."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from server import REFEREE_TOKEN, Server, round_entry, start_server_async, tournament_toml, write_tournament
from support.axe import no_violations
from support.leagues import TERM_DAYS, league_file, play_all
from support.pages import DISPLAY, PHONE, bounded, live, open_tab

pytestmark = pytest.mark.asyncio(loop_scope="session")

HREFS = "as => as.map(a => a.getAttribute('href'))"
ORGANIZER = "season-organizer-token-for-the-browser"
ROSTER = ("Košice: Ján Kováč, Peter Horváth, Eva Šimková, Jana Oravcová\n"
          "Prešov: Milan Polák, Štefan Krajčí, Igor Bielik, Marek Švec\n"
          "Poprad: Anna Ďuricová, Karol Mráz, Lucia Rybárová, Roman Šťastný\n")


def season_folder(root: Path) -> Path:
    """Two competitions: a preferans open with a round in ten minutes, and a side event a week from now."""
    folder = root / "season"
    folder.mkdir()
    write_tournament(folder / "open.toml", name="Open Cup", timetable=[round_entry("r1", 1, start_in=600, minutes=180)])
    write_tournament(folder / "side-event.toml", name="Side Event",
                     timetable=[round_entry("s1", 1, start_in=7 * 86400, minutes=180)])
    return folder


@pytest.fixture
def season(tmp_path: Path) -> Iterator[list[Server]]:
    """The servers a test starts (each stopped at its end)."""
    servers: list[Server] = []
    yield servers
    for server in servers:
        with contextlib.suppress(Exception):
            server.stop()


async def started(season: list[Server], tmp_path: Path) -> Server:
    server = await start_server_async(season_folder(tmp_path), tmp_path / "logs",
                                      env={"LIVE_ORGANIZER_TOKEN": ORGANIZER})
    season.append(server)
    return server


@bounded
async def test_the_start_page_lists_both_groups_and_its_links_lead_to_each_competition(
        browser: Any, season: list[Server], tmp_path: Path) -> None:
    server = await started(season, tmp_path)
    tab = await open_tab(browser, server, "/", viewport=PHONE)
    try:
        page = tab.page
        await page.wait_for_selector(".s-card[data-id='side-event']")
        # (the open's round ten minutes from now is on today's date unless that crosses midnight, UTC)
        today = datetime.now(UTC).date() == (datetime.now(UTC) + timedelta(minutes=10)).date()
        groups = await page.locator(".s-group").evaluate_all(
            "gs => gs.map(g => [g.className, [...g.querySelectorAll('.s-card')].map(c => c.dataset.id)])")
        assert groups == ([["s-group is-today", ["open"]], ["s-group is-upcoming", ["side-event"]]] if today
                          else [["s-group is-upcoming", ["open", "side-event"]]]), groups
        assert await page.locator(".s-card[data-id='open'] .s-name").inner_text() == "Open Cup"
        links = await page.locator(".s-card[data-id='side-event'] .s-links a").evaluate_all(HREFS)
        assert links == ["/side-event/display", "/side-event/player", "/side-event/referee"]
        # the cards fit the phone: nothing wider than the screen
        assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # the organizer's area is there, collapsed
        assert await page.locator("#org").evaluate("d => !d.hidden && !d.open")
        await page.locator(".s-card[data-id='open'] .s-links a").first.click()
        await page.wait_for_url(f"{server.root}/open/display")
        await live(tab)
        await page.wait_for_function("() => document.getElementById('name').textContent === 'Open Cup'")
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()

    # the side page, from the start page's link: the picker, then both displays, each with its competition's name
    side = await open_tab(browser, server, "/", viewport=DISPLAY)
    try:
        page = side.page
        await page.locator("#side-link").click()
        await page.wait_for_url(f"{server.root}/side")
        await page.locator("#show").click()
        await page.wait_for_selector("iframe.sd-half.is-right")
        frames = page.locator("iframe.sd-half")
        assert await frames.count() == 2
        for index, name in ((0, "Open Cup"), (1, "Side Event")):
            frame = page.frame_locator("iframe.sd-half").nth(index)
            await frame.locator("#name").filter(has_text=name).wait_for()
        boxes = [await frames.nth(i).bounding_box() for i in range(2)]
        assert boxes[0] and boxes[1] and boxes[0]["x"] < boxes[1]["x"], boxes  # side by side
        assert not side.errors, side.errors
    finally:
        await side.context.close()


async def full_shot(page: Any, path: Path) -> None:
    """A screenshot of the whole page. Chromium's hit testing keeps the scroll the capture left until the page
    scrolls again (a click then lands beside its button): the page is scrolled back to the top after it."""
    await page.screenshot(path=str(path), full_page=True)
    await page.evaluate("window.scrollTo(0, 0)")


async def sign_in(page: Any, token: str) -> None:
    if not await page.locator("#org").evaluate("d => d.open"):
        await page.locator("#org > summary").click()
    await page.locator("#org-token").fill(token)
    await page.locator("#org-sign-in").click()


async def strings(page: Any, lang: str) -> dict[str, Any]:
    catalogue = await page.evaluate("lang => fetch(`/static/i18n/${lang}.json`).then(r => r.json())", lang)
    return dict(catalogue["season"]["organizer"])


@bounded
async def test_the_organizer_creates_a_league_and_a_wrong_token_is_refused(browser: Any, season: list[Server],
                                                                           tmp_path: Path, artifacts: Path) -> None:
    server = await started(season, tmp_path)
    tab = await open_tab(browser, server, "/?lang=sk", viewport=PHONE)
    try:
        page = tab.page
        words = await strings(page, "sk")
        await page.wait_for_selector(".s-card[data-id='open']")
        # a wrong token: refused, said in Slovak, and not kept
        await sign_in(page, "not-the-token")
        await page.locator("#org-sign-error").filter(has_text=words["wrongToken"]).wait_for()
        assert await page.locator("#org-sign").is_visible() and not await page.locator("#org-in").is_visible()
        assert await page.evaluate("sessionStorage.length") == 0
        await full_shot(page, artifacts / "season-organizer-wrong-token-sk.png")

        await sign_in(page, ORGANIZER)
        await page.locator("#org-in").wait_for()
        assert ORGANIZER not in page.url
        await page.locator("#watch").filter(has_text=words["watchNone"]).wait_for()  # (no team competition yet)

        await page.locator("#f-preset").select_option("slovak-league")
        assert await page.locator("#f-timezone").input_value() in {"Europe/Bratislava", await page.evaluate(
            "Intl.DateTimeFormat().resolvedOptions().timeZone")}
        assert await page.locator("#f-language").input_value() == "sk"
        assert await page.locator("#f-boards").input_value() == "24"
        assert not await page.locator("#f-rounds").is_visible()  # (a preferans option)
        assert "Družstvo: Hráč" in (await page.locator("#f-roster").get_attribute("placeholder") or "")
        await page.locator("#f-timezone").fill("Europe/Bratislava")
        await page.locator("#f-name").fill("2. liga Východ 2027")
        await page.locator("#f-date").fill("2027-04-17")
        await page.locator("#f-start").fill("09:30")
        await page.locator("#f-roster").fill(ROSTER)
        await page.locator("#f-per_day").fill("3")
        assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        await full_shot(page, artifacts / "season-organizer-form-sk.png")
        await page.locator("#new button[type=submit]").click()

        done = page.locator("#new-done")
        await done.wait_for()
        assert "2. liga Východ 2027" in await done.inner_text()
        links = await done.locator(".s-links a").evaluate_all(HREFS)
        assert links == [f"/2-liga-vychod-2027/{p}?lang=sk" for p in ("display", "player", "referee")]
        referee_token = await page.locator("#new-referee-token").input_value()
        assert len(referee_token) >= 16
        # the list shows it at once; the coordinator's list has its matches, with its console
        await page.wait_for_selector(".s-card[data-id='2-liga-vychod-2027']")
        league = page.locator(".s-w-comp[data-id='2-liga-vychod-2027']")
        await league.wait_for()
        assert await league.locator("a").get_attribute("href") == "/2-liga-vychod-2027/referee?lang=sk"
        assert "3" in await league.locator(".s-w-counts").inner_text()  # 3 teams: 3 matches not played yet
        await done.scroll_into_view_if_needed()
        await page.screenshot(path=str(artifacts / "season-organizer-created-sk.png"))
        # the token made works at the new competition's console
        answer = await server.competition("2-liga-vychod-2027").command({"type": "announce", "text": "Vitajte"},
                                                                         token=referee_token)
        assert answer.status_code == 200, answer.text

        # the same name again: the taken address is said next to the address field
        await done.locator("button", has_text=words["another"]).click()
        await page.locator("#f-name").fill("2. liga Východ 2027")
        await page.locator("#f-roster").fill(ROSTER)
        await page.locator("#new button[type=submit]").click()
        await page.locator("#e-id").filter(has_text="2-liga-vychod-2027").wait_for()
        assert await page.locator("#f-id").get_attribute("aria-invalid") == "true"
        await page.screenshot(path=str(artifacts / "season-organizer-taken-sk.png"))

        # kept for the tab (a reload stays signed in), forgotten on signing out
        await page.reload()
        await page.locator("#org > summary").click()
        await page.locator("#org-in").wait_for()
        await page.locator("#org-out").click()
        await page.locator("#org-sign").wait_for()
        assert await page.evaluate("sessionStorage.length") == 0
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()

    # in Serbian Cyrillic: a roster line that is no team is refused next to the roster, with the server's words
    tab = await open_tab(browser, server, "/?lang=sr-Cyrl", viewport=PHONE)
    try:
        page = tab.page
        words = await strings(page, "sr-Cyrl")
        await sign_in(page, ORGANIZER)
        await page.locator("#org-in").wait_for()
        await page.locator("#f-preset").select_option("novi-sad-teams")
        assert await page.locator("#f-language").input_value() == "sr-Cyrl"
        await page.locator("#f-name").fill("Екипно првенство Новог Сада")
        await page.locator("#f-id").fill("ekipno-ns")
        await page.locator("#f-roster").fill("Војводина: Ана, Бора, Веса, Гоца\nФрушка гора Драган\n")
        await page.locator("#new button[type=submit]").click()
        error = page.locator("#e-roster")
        await error.filter(has_text="ред 2").wait_for()  # the roster's line, said in the page's language
        said = await error.inner_text()
        assert said.startswith(words["fields"]["roster"]) and "„Назив екипе: Играч" in said, said
        assert not re.search(r"[A-Za-z]", said), said  # (no English of the server's left in it)
        await page.locator(".s-w-comp[data-id='2-liga-vychod-2027']").wait_for()
        await full_shot(page, artifacts / "season-organizer-refused-sr-Cyrl.png")
        await error.scroll_into_view_if_needed()
        await page.screenshot(path=str(artifacts / "season-organizer-roster-sr-Cyrl.png"))
        assert not (tmp_path / "season" / "ekipno-ns.toml").exists()
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()


TEAMS = ("t1", "t2", "t3", "t4")


def write_league(path: Path) -> None:
    """A Slovak league of four teams whose first match the referee starts by hand (the captains report it)."""
    roster = [{"id": f"{team}p{k}", "name": f"Hráč {team}p{k}", "team": team} for team in TEAMS for k in range(1, 5)]
    timetable = [round_entry(f"m{k}", k, start_in=3600 + (k - 1) * 5 * 3600, minutes=240, kind="match", boards=24)
                 for k in range(1, 4)]
    text = tournament_toml(name="Liga Západ", timezone="Europe/Bratislava", preset="slovak-league",
                           timetable=timetable, players=roster, rules={"auto_start": False, "auto_end": False})
    text += "".join(f'\n[[teams]]\nid = "{team}"\nname = "Tím {team}"\n' for team in TEAMS)
    path.write_text(text, encoding="utf-8")


@bounded
async def test_the_organizer_sees_the_disputed_and_the_reported_matches_with_their_console(
        browser: Any, season: list[Server], tmp_path: Path, artifacts: Path) -> None:
    folder = season_folder(tmp_path)
    write_league(folder / "liga.toml")
    server = await start_server_async(folder, tmp_path / "logs", env={"LIVE_ORGANIZER_TOKEN": ORGANIZER})
    season.append(server)
    league = server.competition("liga")
    referee = {"Authorization": f"Bearer {REFEREE_TOKEN}"}
    async with httpx.AsyncClient(timeout=10) as desk:
        codes = {x["team"]: x["code"] for x in (await desk.get(f"{league.url}/api/captain-codes",
                                                               headers=referee)).json()["captains"]}
        seating = await league.acked_event({"type": "publish_seating", "item": "m1"})
        (first, second) = [(m["home"], m["away"]) for m in seating["payload"]["matches"]]
        await league.acked_event({"type": "start_round", "item": "m1"})
        phones = {team: httpx.AsyncClient(timeout=10) for team in TEAMS}
        try:
            for team, phone in phones.items():
                signed = await phone.post(f"{league.url}/api/captain-session", json={"code": codes[team]})
                assert signed.status_code == 200, signed.text
            reports = [(first[0], 45, 12), (second[1], 30, 31)]
            for team, home_imps, away_imps in reports:
                answer = await phones[team].post(f"{league.url}/api/captain-commands", json={
                    "type": "report_result", "item": "m1", "imps_home": home_imps, "imps_away": away_imps})
                assert answer.status_code == 200, answer.text
            answer = await phones[second[0]].post(f"{league.url}/api/captain-commands", json={
                "type": "dispute_result", "item": "m1", "reason": "rozdanie 9 bolo 420, nie 450"})
            assert answer.status_code == 200, answer.text
        finally:
            for phone in phones.values():
                await phone.aclose()

    tab = await open_tab(browser, server, "/?lang=sk", viewport=PHONE)
    try:
        page = tab.page
        words = await strings(page, "sk")
        await sign_in(page, ORGANIZER)
        group = page.locator(".s-w-comp[data-id='liga']")
        await group.locator(".s-w-line").nth(1).wait_for()
        lines = await group.locator(".s-w-line").evaluate_all(
            "ls => ls.map(l => [l.dataset.home, l.dataset.away, l.querySelector('.s-w-needs').textContent])")
        assert lines == [[*second, words["needs"]["disputed"]], [*first, words["needs"]["reported"]]], lines
        text = await group.inner_text()
        assert f"Tím {second[0]}" in text and "rozdanie 9 bolo 420, nie 450" in text, text  # (names, not ids)
        assert "nahlásené 45:12" in text
        assert await group.locator(".s-links a").get_attribute("href") == "/liga/referee?lang=sk"
        await group.scroll_into_view_if_needed()
        await page.screenshot(path=str(artifacts / "season-organizer-watch-sk.png"))
        await group.locator(".s-links a").click()
        await page.wait_for_url(f"{server.root}/liga/referee?lang=sk")
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()


LEAGUES = {  # id: (name, its teams)
    "first": ("1. liga", ["Bratislava", "Košice", "Žilina", "Nitra"]),
    "east": ("2. liga Východ", ["Prešov", "Poprad", "Michalovce"]),
    "west": ("2. liga Západ", ["Trnava", "Trenčín", "Senec"]),
}


def said(template: str, **values: str) -> str:
    """A catalogue sentence with its `{0.name}` fields filled, as the page's templates fill them."""
    for key, value in values.items():
        template = template.replace(f"{{0.{key}}}", value)
    return template


async def choose_leagues(page: Any) -> None:
    for field, ident in (("first", "first"), ("east", "east"), ("west", "west")):
        await page.locator(f"#p-{field}").select_option(ident)


@bounded
async def test_the_organizer_sees_the_promotion_proposed_and_a_declined_licence_passed_on(
        browser: Any, season: list[Server], tmp_path: Path, artifacts: Path) -> None:
    folder = season_folder(tmp_path)
    for ident, (name, teams) in LEAGUES.items():
        league_file(folder / f"{ident}.toml", name, teams)
    server = await start_server_async(folder, tmp_path / "logs", env={"LIVE_ORGANIZER_TOKEN": ORGANIZER})
    season.append(server)

    for lang in ("sk", "sr-Cyrl"):
        tab = await open_tab(browser, server, f"/?lang={lang}", viewport=PHONE)
        try:
            page = tab.page
            words = (await strings(page, lang))["promotion"]
            await sign_in(page, ORGANIZER)
            await page.locator("#promo-part").filter(has_text=words["chooseLeagues"]).wait_for()
            # the leagues to choose from: the bridge competitions, not the preferans open
            offered = await page.locator("#p-first option").evaluate_all("os => os.map(o => o.value)")
            assert sorted(offered) == ["", "east", "first", "west"], offered
            await choose_leagues(page)
            # each league running (nothing played), said in the page's words; a proposal, not to be confirmed yet
            statuses = page.locator(".s-p-league")
            await statuses.nth(2).wait_for()
            assert await statuses.evaluate_all("ls => ls.map(l => [l.dataset.id, l.dataset.status])") == [
                ["first", "running"], ["east", "running"], ["west", "running"]]
            assert await statuses.first.locator(".s-chip").inner_text() == words["status"]["running"]
            assert words["statusWords"]["running"] in await statuses.first.inner_text()
            assert words["proposalProvisional"] in await page.locator("#promo-proposal").inner_text()
            assert await page.locator("#promo-confirm").is_disabled()
            assert await page.locator("#promo-confirm-note").inner_text() == words["confirmNotes"]["notFinal"]
            # the standings' order as the server has it (nothing played: its own order), from the declined list
            order = {}
            for ident in LEAGUES:
                order[ident] = await page.locator(f"#promo-declined fieldset[data-id='{ident}'] label").evaluate_all(
                    "ls => ls.map(l => l.textContent.replace(/^\\d+\\. /, ''))")
            rows = {kind: await page.locator(f".s-p-row[data-kind='{kind}'] dd").inner_text()
                    for kind in ("stay", "promoted", "relegated")}
            assert rows == {"stay": ", ".join(order["first"][:2]),
                            "promoted": f"{order['east'][0]}, {order['west'][0]}",
                            "relegated": ", ".join(order["first"][2:])}, rows
            assert await page.locator("#promo-steps .s-p-note").inner_text() == words["noSteps"]
            assert await page.locator("#promo-steps li").count() == 0
            assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            await page.locator("#promo-part").scroll_into_view_if_needed()
            await page.screenshot(path=str(artifacts / f"season-promotion-proposal-{lang}.png"))
            await no_violations(tab.page, "#promo-part")

            # the East winner declines its licence: the East's second goes up instead (§13.1)
            await page.locator("#promo-declined > summary").click()
            await page.locator("#promo-declined fieldset[data-id='east'] input").first.click()
            step = page.locator("#promo-steps li")
            await step.first.wait_for()
            east = LEAGUES["east"][0]
            place = words["places"]["winner"].replace("{0}", east)
            assert await step.all_inner_texts() == [said(words["stepTo"], team=order["east"][0], place=place,
                                                         to=order["east"][1], rule="§13.1")]
            assert await page.locator(".s-p-row[data-kind='promoted'] dd").inner_text() == (
                f"{order['east'][1]}, {order['west'][0]}")
            summary = await page.locator("#promo-declined > summary").inner_text()
            assert summary == words["declinedCount"].replace("{0}", "1"), summary
            assert await page.locator("#promo-declined fieldset[data-id='east'] input").first.is_checked()
            assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            await full_shot(page, artifacts / f"season-promotion-declined-{lang}.png")
            await no_violations(tab.page, "#promo-part")
            await page.locator("#promo-steps").scroll_into_view_if_needed()
            await page.screenshot(path=str(artifacts / f"season-promotion-steps-{lang}.png"))
            # one league chosen twice: said, and nothing asked
            await page.locator("#p-west").select_option("east")
            await page.locator("#promo-error").filter(has_text=words["refusals"]["promotion.same_league"]).wait_for()
            assert await page.locator(".s-p-league").count() == 0
            assert not tab.errors, tab.errors
        finally:
            await tab.context.close()


@bounded
async def test_the_organizer_confirms_the_promotion_once_every_leagues_standings_are_final(
        browser: Any, season: list[Server], tmp_path: Path, artifacts: Path) -> None:
    folder = tmp_path / "season"
    folder.mkdir()
    sizes = {"first": 4, "east": 2, "west": 2}
    for ident, (name, teams) in LEAGUES.items():
        league_file(folder / f"{ident}.toml", name, teams[:sizes[ident]], term_days=TERM_DAYS)
    server = await start_server_async(folder, tmp_path / "logs", env={"LIVE_ORGANIZER_TOKEN": ORGANIZER})
    season.append(server)
    await play_all(server.competition("first"), 3)
    await play_all(server.competition("east"), 1)
    await play_all(server.competition("west"), 1)
    await asyncio.sleep(TERM_DAYS * 86400 + 1)  # the term for complaints closes: final, by the clock

    tab = await open_tab(browser, server, "/?lang=sk", viewport=PHONE)
    try:
        page = tab.page
        words = (await strings(page, "sk"))["promotion"]
        await sign_in(page, ORGANIZER)
        await choose_leagues(page)
        await page.locator(".s-p-league").nth(2).wait_for()
        assert await page.locator(".s-p-league").evaluate_all("ls => ls.map(l => l.dataset.status)") == ["final"] * 3
        assert words["proposalProvisional"] not in await page.locator("#promo-proposal").inner_text()
        confirm = page.locator("#promo-confirm")
        assert await confirm.is_enabled()
        assert await page.locator("#promo-confirm-note").inner_text() == words["confirmNotes"]["ready"]
        await confirm.click()
        done = page.locator("#promo-confirmed.s-done")
        await done.wait_for()
        text = await done.inner_text()
        assert text.startswith("Potvrdené ") and "potvrdil organizátor sezóny." in text, text
        assert words["confirmedSame"] in text
        assert await page.locator("#promo-confirm-note").inner_text() == words["confirmNotes"]["again"]
        await done.scroll_into_view_if_needed()
        await page.screenshot(path=str(artifacts / "season-promotion-confirmed-sk.png"))
        assert not tab.errors, tab.errors
    finally:
        await tab.context.close()
