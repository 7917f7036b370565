"""A page served under a competition's base (live/edges/web/assets.py `page_html`, docs/design.md#base-path): the
base in a meta tag its modules read, and the HTML's own links to the API and the pages under it; without a base,
the page exactly as it was before there were bases."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from live.edges.web.api import DISPLAY_DIR
from live.edges.web.assets import BASE_PATH, Assets

PAGES = ("display.html", "player.html", "referee.html", "index.html")
#: Every link of the pages' HTML to the API or a page (what the base goes in front of).
SERVER_LINK = re.compile(r'\s(?:src|href)="(/(?:api|display|player|referee)[^"]*)"')


def small_site(tmp_path: Path) -> Path:
    """One page with a link of each kind: a module and a stylesheet under /static/, the API, pages."""
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "x.js").write_text('export const x = 1;\n', encoding="utf-8")
    (tmp_path / "page.html").write_text(
        '<!doctype html><html lang="en"><head><title>p</title>\n'
        '<script type="module" src="/static/lib/x.js"></script></head><body>\n'
        '<img src="/api/qr.svg?page=player" alt=""> <a href="/api/timetable.ics" download="t.ics"></a>\n'
        '<a href="/display"></a> <a href="/player?lang=sk"></a> <a href="/referee#x"></a> <a href="/playerless"></a>\n'
        '<a href="https://example.org/api/x"></a> <a href="/static/x.css"></a>\n'
        '</body></html>\n', encoding="utf-8")
    return tmp_path


def test_without_a_base_the_page_is_what_it_was(tmp_path: Path) -> None:
    assets = Assets(small_site(tmp_path))
    page = assets.page_html("page.html", "page", "en", None, bundled=False)
    # written out as the server gave it before there were bases
    assert page == (
        '<!doctype html><html lang="en"><head><title>p</title>\n'
        f'<script type="module" src="{assets.prefix}lib/x.js"></script>'
        '<meta name="live-language" content="en">\n</head><body>\n'
        '<img src="/api/qr.svg?page=player" alt=""> <a href="/api/timetable.ics" download="t.ics"></a>\n'
        '<a href="/display"></a> <a href="/player?lang=sk"></a> <a href="/referee#x"></a> <a href="/playerless"></a>\n'
        f'<a href="https://example.org/api/x"></a> <a href="{assets.prefix}x.css"></a>\n'
        '</body></html>\n')
    assert assets.page_html("page.html", "page", "en", None, bundled=False, base="") == page


def test_with_a_base_the_api_and_the_pages_go_under_it_and_the_files_do_not(tmp_path: Path) -> None:
    assets = Assets(small_site(tmp_path))
    page = assets.page_html("page.html", "page", "en", None, bundled=False, base="/cup-2027") or ""
    assert page.count('<meta name="live-base" content="/cup-2027">') == 1
    assert page.index('name="live-base"') < page.index("</head>")
    assert SERVER_LINK.findall(page) == ["/playerless"], "only what is no page of ours stays at the root"
    assert re.findall(r'\s(?:src|href)="(/cup-2027/[^"]*)"', page) == [
        "/cup-2027/api/qr.svg?page=player", "/cup-2027/api/timetable.ics", "/cup-2027/display",
        "/cup-2027/player?lang=sk", "/cup-2027/referee#x"]
    assert f'src="{assets.prefix}lib/x.js"' in page and f'href="{assets.prefix}x.css"' in page
    assert 'href="https://example.org/api/x"' in page


@pytest.mark.parametrize("name", PAGES)
def test_every_link_of_a_page_to_the_server_goes_under_the_base(name: str) -> None:
    assets = Assets(DISPLAY_DIR)
    plain = assets.page_html(name, name.removesuffix(".html"), "sr-Latn", None) or ""
    assert 'name="live-base"' not in plain and plain == assets.page_html(
        name, name.removesuffix(".html"), "sr-Latn", None, base="")
    assert SERVER_LINK.findall(plain), f"{name}: no link to the API or a page: this test reads nothing"
    based = assets.page_html(name, name.removesuffix(".html"), "sr-Latn", None, base="/league_b") or ""
    assert SERVER_LINK.findall(based) == [], f"{name}: a link to the server left at the root"
    assert f'src="{assets.prefix}' in based and "/league_b/static/" not in based
    # the base is all that changed: taken out again, the page is the one without it
    undone = based.replace('<meta name="live-base" content="/league_b">\n', "").replace('="/league_b/', '="/')
    assert undone == plain


def test_a_base_is_one_segment_as_the_pages_read_it() -> None:
    assets = Assets(DISPLAY_DIR)
    for bad in ("/", "cup", "/a/b", "/a/", "//evil.example", "/a b", "/č", '/a"><script>', "/a.b", "/.."):
        assert not BASE_PATH.fullmatch(bad), bad
        with pytest.raises(ValueError):
            assets.page_html("player.html", "player", "en", None, base=bad)
    assert BASE_PATH.fullmatch("/Cup_2027-b")
