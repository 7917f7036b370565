"""The pages' files on the wire: compressed, cached by version, named in the page's head (live/edges/web/assets.py).

One real server for the module (a tournament in Serbian Latin, so the pages name a catalogue other
than English); the version's change is checked on copies of display/ (the server reads the files once).
"""

from __future__ import annotations

import asyncio
import gzip
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import httpx
import pytest
from server import Server, round_entry, start_server, tournament_toml
from websockets.asyncio.client import connect

from live.edges.web.api import DISPLAY_DIR
from live.edges.web.assets import IMMUTABLE, Assets
from live.edges.web.bundles import Refused, bundle

PAGES = ("/", "/display", "/player", "/referee", "/captain")
#: The static imports of a module: `import … from "x"`, `export … from "x"`, `import "x"`.
IMPORT = re.compile(r"""(?:^|[;\s])(?:import|export)\s[^;"']*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']""",
                    re.M)
LINK = re.compile(r"""<(?:link|script)\b[^>]*?\s(?:href|src)="([^"]+)"[^>]*>""")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("assets")
    text = tournament_toml(timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    text = text.replace('preset = "cacak-preferans"',
                        'preset = "cacak-preferans"\nlanguages = ["sr-Latn", "en"]\nlanguage = "sr-Latn"', 1)
    (folder / "t.toml").write_text(text, encoding="utf-8")
    with start_server(folder / "t.toml", folder / "t.db") as running:
        yield running


def get(server: Server, path: str, *, gzip_ok: bool = True) -> httpx.Response:
    headers = {"Accept-Encoding": "gzip" if gzip_ok else "identity"}
    return httpx.get(urljoin(server.url, path), headers=headers, timeout=10)


def version_of(html: str) -> str:
    found = re.search(r'src="/static/([0-9a-f]{8,})/[^"]+\.js"', html)
    assert found, f"the page's module URL carries no version: {html[:600]}"
    return found.group(1)


def modules_of(server: Server, entry: str) -> dict[str, list[str]]:
    """Every module the entry loads, resolved as a browser resolves them: URL → the URLs it imports."""
    graph: dict[str, list[str]] = {}
    todo = [entry]
    while todo:
        url = todo.pop()
        if url in graph:
            continue
        answer = get(server, url)
        importers = [u for u, imports in graph.items() if url in imports]
        assert answer.status_code == 200, f"{url}: {answer.status_code} (imported by {importers})"
        imports = [urljoin(url, a or b) for a, b in IMPORT.findall(answer.text)]
        graph[url] = imports
        todo += imports
    return graph


def test_html_js_and_json_go_gzipped_when_asked_and_a_websocket_is_left_alone(server: Server) -> None:
    page = get(server, "/player")
    assert page.headers.get("content-encoding") == "gzip", page.headers
    assert "accept-encoding" in page.headers.get("vary", "").lower()
    script = get(server, f"/static/{version_of(page.text)}/lib/connection.js")
    assert script.headers.get("content-encoding") == "gzip" and "export" in script.text
    assert int(script.headers["content-length"]) < len(script.content) / 2  # compressed on the wire
    state = get(server, "/api/state")
    assert state.headers.get("content-encoding") == "gzip" and state.json()["tournament"]
    health = get(server, "/api/health")  # under one segment: not worth compressing
    assert len(health.content) < 1024 and "content-encoding" not in health.headers
    plain = get(server, "/player", gzip_ok=False)
    # The same page, but for the server's time in its boot data (live/edges/web/assets.py: built per request).
    def timeless(text: str) -> str:
        return re.sub(r'"server_time":\d+', '"server_time":0', text)

    assert "content-encoding" not in plain.headers and timeless(plain.text) == timeless(page.text)
    # The security headers survive compression.
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"

    async def websocket() -> None:
        async with connect(server.ws_url("player", "p1"), additional_headers={"Accept-Encoding": "gzip"},
                           compression=None, open_timeout=10) as ws:
            assert "content-encoding" not in ws.response.headers
            first = await ws.recv()
            assert isinstance(first, str) and first.startswith("{"), first[:80]

    asyncio.run(websocket())


def test_versioned_files_are_kept_a_year_and_the_pages_are_asked_for_again(server: Server) -> None:
    for path in PAGES:
        page = get(server, path)
        assert page.status_code == 200 and page.headers["cache-control"] == "no-cache", path
        version = version_of(page.text)
        urls = [u for u in LINK.findall(page.text) if u.startswith("/static/")]
        assert urls, path
        for url in urls:
            assert url.startswith(f"/static/{version}/"), f"{path}: {url} is not versioned"
            answer = get(server, url)
            assert answer.status_code == 200, url
            assert answer.headers["cache-control"] == IMMUTABLE, url
    assert get(server, "/static/0123456789ab/lib/timetable.js").status_code == 404  # no other version is served
    # An old unversioned link still works, and is never cached without asking.
    old = get(server, "/static/lib/timetable.js")
    assert old.status_code == 200 and old.headers["cache-control"] == "no-cache"


def test_every_module_import_resolves_and_keeps_the_version(server: Server) -> None:
    for path in PAGES:
        page = get(server, f"{path}?modules")  # the modules one by one, not joined
        version = version_of(page.text)
        (entry,) = re.findall(r'<script type="module" src="([^"]+)"', page.text)
        assert not entry.endswith(".bundle.js"), path
        graph = modules_of(server, urljoin(server.url, entry))
        for url, imports in graph.items():
            outside = [i for i in imports if not urlsplit(i).path.startswith(f"/static/{version}/")]
            assert not outside, f"{url} imports outside its version: {outside}"
        # The head preloads the whole graph, so the browser fetches it at once, not import by import.
        preloaded = {urljoin(server.url, u) for u in re.findall(r'<link rel="modulepreload" href="([^"]+)"', page.text)}
        assert preloaded == set(graph) - {urljoin(server.url, entry)}, path


def test_each_page_loads_its_modules_in_one_file_and_its_styles_in_another(server: Server) -> None:
    node = shutil.which("node")
    for path in PAGES:
        apart = get(server, f"{path}?modules").text
        (entry,) = re.findall(r'<script type="module" src="([^"]+)"', apart)
        graph = modules_of(server, urljoin(server.url, entry))
        page = get(server, path).text
        (joined,) = re.findall(r'<script type="module" src="([^"]+)"', page)
        assert joined == entry.removesuffix(".js") + ".bundle.js", path
        assert "modulepreload" not in page, f"{path}: one file needs no list of modules"
        bundle = get(server, joined)
        assert bundle.status_code == 200 and bundle.headers["cache-control"] == IMMUTABLE
        assert bundle.headers["content-type"].startswith("text/javascript")
        assert bundle.headers.get("content-encoding") == "gzip"
        # Every module of the graph, each once, none imported any more: one request for all of them.
        prefix = f"/static/{version_of(page)}/"
        for url in graph:
            module = urlsplit(url).path.removeprefix(prefix)
            assert bundle.text.count(f'__live["{module}"] = ') == 1, f"{path}: {module} is not in {joined}"
        assert not re.search(r"^\s*import\s", bundle.text, re.M), f"{joined} still imports"
        # Its map names the modules as served, so the browser's tools show the files.
        source_map = get(server, urljoin(joined, re.findall(r"sourceMappingURL=(\S+)", bundle.text)[-1])).json()
        assert {urljoin(urljoin(server.url, joined), s) for s in source_map["sources"]} == set(graph), path
        # Each line of a module's code maps to its own line in its own file.
        sources = [urljoin(urljoin(server.url, joined), s) for s in source_map["sources"]]
        mapped = mapped_lines(source_map["mappings"])
        lines = bundle.text.split("\n")
        for url in list(graph)[:4]:
            original = get(server, url).text.split("\n")
            number = next(i for i, line in enumerate(original) if line.startswith(("export function", "export class",
                                                                                       "function", "const ")))
            line = original[number].removeprefix("export ")
            at = next(i for i, (source, n) in mapped.items() if sources[source] == url and n == number)
            assert lines[at] == line, (url, number, lines[at], line)
        if node:
            checked = subprocess.run([node, "--check", "--input-type=module"], input=bundle.text, text=True,
                                     capture_output=True, timeout=30, check=False)
            assert checked.returncode == 0, f"{joined}: {checked.stderr[-2000:]}"
        # The stylesheets: one file, the page's sheets one after the other, in their order; those it adds later
        # (in a <template id="x-styles">) in one file of their own, there too.
        later = r'<template id="([a-z]+)-styles">(.*?)</template>'
        runs = [(re.sub(later, "", apart, flags=re.S), re.sub(later, "", page, flags=re.S))]
        runs += list(zip((m[1] for m in re.findall(later, apart, re.S)), (m[1] for m in re.findall(later, page, re.S)),
                         strict=True))
        for sheets_in, joined_in in runs:
            sheets = re.findall(r'<link rel="stylesheet" href="([^"]+)">', sheets_in)
            (styles,) = re.findall(r'<link rel="stylesheet" href="([^"]+)">', joined_in)
            joined_css = get(server, styles)
            assert joined_css.headers["cache-control"] == IMMUTABLE
            assert joined_css.headers["content-type"].startswith("text/css")
            at = 0
            for sheet in sheets:
                found = joined_css.text.find(get(server, sheet).text, at)
                assert found >= at, f"{path}: {sheet} is not in {styles} in its place"
                at = found


def mapped_lines(mappings: str) -> dict[int, tuple[int, int]]:
    """A source map's `mappings`, read: generated line → (source index, source line) of its first segment."""
    digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    out: dict[int, tuple[int, int]] = {}
    source = line = 0
    for generated, text in enumerate(mappings.split(";")):
        if not text:
            continue
        values, value, shift = [], 0, 0
        for char in text.split(",")[0]:
            digit = digits.index(char)
            value, shift = value + ((digit & 31) << shift), shift + 5
            if not digit & 32:
                values.append(-(value >> 1) if value & 1 else value >> 1)
                value = shift = 0
        source, line = source + values[1], line + values[2]
        out[generated] = (source, line)
    return out


def test_a_page_whose_modules_cannot_be_joined_loads_them_one_by_one(tmp_path: Path) -> None:
    copy = tmp_path / "display"
    shutil.copytree(DISPLAY_DIR, copy)
    hall = copy / "hall" / "main.js"
    hall.write_text(hall.read_text(encoding="utf-8") + "\nexport default 1;\n", encoding="utf-8")
    assets = Assets(copy)
    assert "hall/main.js" not in assets.bundles and "player/main.js" in assets.bundles
    page = assets.page_html("display.html", "display", "en", None) or ""
    assert f'src="{assets.prefix}hall/main.js"' in page and f'modulepreload" href="{assets.prefix}lib/clock.js"' in page
    player = assets.page_html("player.html", "player", "en", None) or ""
    assert f'src="{assets.prefix}player/main.bundle.js"' in player, "the other pages' modules are joined still"


def test_the_page_names_its_language_and_preloads_its_catalogues(server: Server) -> None:
    page = get(server, "/player")
    version = version_of(page.text)
    assert '<meta name="live-language" content="sr-Latn">' in page.text
    assert '<html lang="sr-Latn">' in page.text
    preloads = re.findall(r'<link rel="preload" as="fetch" crossorigin href="([^"]+)">', page.text)
    # One file: the language's words with English filling what it lacks (the page asks for no English then).
    assert preloads == [f"/static/{version}/i18n/player/sr-Latn.json"]
    catalogue = get(server, preloads[0]).json()
    assert list(catalogue) == ["player"] and catalogue["player"]["pageTitle"] and catalogue["player"]["_filled"]
    english = get(server, f"/static/{version}/i18n/player/en.json").json()["player"]
    missing = [key for key in english if key != "locale" and key not in catalogue["player"]]
    assert not missing, missing
    assert "locale" not in catalogue["player"] or catalogue["player"]["locale"] != english["locale"]
    asked_en = get(server, "/player?lang=en").text
    assert re.findall(r'<link rel="preload" as="fetch" crossorigin href="([^"]+)">', asked_en) == [
        f"/static/{version}/i18n/player/en.json"]
    asked = get(server, "/display?lang=sk")
    assert f"/static/{version}/i18n/display/sk.json" in asked.text
    assert "i18n/display/sr-Latn.json" not in asked.text


def test_a_changed_file_gets_a_new_version(tmp_path: Path) -> None:
    copy = tmp_path / "display"
    shutil.copytree(DISPLAY_DIR, copy)
    before = Assets(copy)
    assert Assets(copy).version == before.version  # the same files, the same version
    plan = copy / "lib" / "plan.js"
    plan.write_text(plan.read_text(encoding="utf-8") + "\n// changed\n", encoding="utf-8")
    after = Assets(copy)
    assert after.version != before.version
    assert after.prefix in (after.page_html("player.html", "player", "en", None) or "")
    changed = after.get("lib/plan.js")
    assert changed is not None and changed.body.endswith(b"// changed\n")
    assert changed.gzipped is not None and gzip.decompress(changed.gzipped) == changed.body


def test_the_console_loads_its_cards_after_its_first_screen(server: Server) -> None:
    """The console's first file carries the round's line and actions, not the cards below them (the desk,
    the team sheets, appeals…): those come in a second file, which the first imports once it has drawn."""
    page = get(server, "/referee").text
    (first,) = re.findall(r'<script type="module" src="([^"]+)"', page)
    body = get(server, first).text
    prefix = f"/static/{version_of(page)}/"
    # The check-in list is the top of the first screen while a round's check-in is open: drawn later, it pushed
    # the timetable down under the referee's thumb.
    for module in ("referee/timetable.js", "referee/thumb.js", "lib/connection.js", "referee/state.js",
                   "referee/checkin.js"):
        assert body.count(f'__live["{module}"] = ') == 1, f"{module} is not in {first}"
    later = re.findall(r'import\("(\./[^"]+\.bundle\.js)"\)', body)
    assert later == ["./main.cards.bundle.js"], later
    cards = get(server, urljoin(first, later[0]))
    assert cards.status_code == 200 and cards.headers["cache-control"] == IMMUTABLE
    assert cards.headers.get("content-encoding") == "gzip"
    # Nor the result forms the timetable's rows once pulled in (the rounds card, both games' blocks) nor the
    # plan's tools: the first screen shows neither.
    for module in ("referee/cards.js", "referee/desk.js", "referee/sheets.js", "referee/appeals.js",
                   "referee/roster.js", "referee/prizes.js", "referee/rounds.js",
                   "referee/bridge.js", "referee/preferans.js", "referee/result-kit.js", "referee/plan-editor.js"):
        assert f'__live["{module}"] = ' not in body, f"{module} is in the first file"
        assert cards.text.count(f'__live["{module}"] = ') == 1, f"{module} is not in the cards' file"
    # What the first file ran is not run again: the cards take it from the first file's table.
    assert '__live["referee/state.js"] = ' not in cards.text and '__live["lib/dom.js"] = ' not in cards.text
    assert re.search(r'^import \{ __live \} from "\./main\.bundle\.js";$', cards.text, re.M)
    # Both together hold every module the console's entry loads, one by one (?modules), and cards.js's.
    apart = get(server, "/referee?modules").text
    (entry,) = re.findall(r'<script type="module" src="([^"]+)"', apart)
    graph = {urlsplit(u).path.removeprefix(prefix) for u in modules_of(server, urljoin(server.url, entry))}
    graph |= {urlsplit(u).path.removeprefix(prefix)
              for u in modules_of(server, urljoin(server.url, f"{prefix}referee/cards.js"))}
    joined = set(re.findall(r'^__live\["([^"]+)"\] = ', body + cards.text, re.M))
    assert joined == graph, (joined ^ graph)
    # The cards' stylesheets come with them (a template the page adds to its head), not before its first screen.
    head, _, _ = page.partition("</head>")
    (template,) = re.findall(r'<template id="cards-styles">(.*?)</template>', head, re.S)
    (early,) = re.findall(r'<link rel="stylesheet" href="([^"]+)">', head.replace(template, ""))
    (styles,) = re.findall(r'<link rel="stylesheet" href="([^"]+)">', template)
    early_css, later_css = get(server, early).text, get(server, styles).text
    for sheet in ("desk", "sheets", "prizes", "committee"):
        assert f"/* referee/{sheet}.css */" in later_css and f"referee/{sheet}.css" not in early_css, sheet
    for sheet in ("lib/base", "referee/referee", "referee/plan", "referee/checkin"):
        assert f"/* {sheet}.css */" in early_css and sheet not in later_css, sheet
    source_map = get(server, urljoin(first, "main.cards.bundle.js.map")).json()
    assert "cards.js" in source_map["sources"] and "desk.js" in source_map["sources"]
    node = shutil.which("node")
    if node:
        checked = subprocess.run([node, "--check", "--input-type=module"], input=cards.text, text=True,
                                 capture_output=True, timeout=30, check=False)
        assert checked.returncode == 0, checked.stderr[-2000:]


def test_a_module_imported_later_runs_once_with_what_the_first_file_ran(tmp_path: Path) -> None:
    """The join of a dynamic import, run: the module loaded later sees the first file's modules as they are
    (not run again), and the import's value is its exports."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node")
    files = {
        "app/main.js": (b'import { count, bump } from "../lib/counter.js";\nbump();\n'
                        b'const later = import("./later.js");\n'
                        b'later.then(({ shown }) => console.log(JSON.stringify([count(), shown()])));\n'),
        "app/later.js": (b'import { count, bump } from "../lib/counter.js";\nimport { twice } from "./twice.js";\n'
                         b'bump();\nexport function shown() {\n  return twice(count());\n}\n'),
        "app/twice.js": b"export const twice = (n) => 2 * n;\n",
        "lib/counter.js": (b"let n = 0;\nexport function bump() {\n  n += 1;\n}\n"
                           b"export function count() {\n  return n;\n}\n"),
    }
    joined = bundle("app/main.js", files, "app/main.bundle.js")
    assert [name for name, _, _ in joined.later] == ["app/main.later.bundle.js"]
    assert b'__live["app/later.js"] = ' not in joined.body and b'__live["lib/counter.js"]' in joined.body
    (tmp_path / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "main.bundle.js").write_bytes(joined.body)
    for name, body, _ in joined.later:
        assert b'__live["lib/counter.js"] = ' not in body and b'__live["app/twice.js"] = ' in body
        (tmp_path / name).write_bytes(body)
    ran = subprocess.run([node, str(tmp_path / "app" / "main.bundle.js")], capture_output=True, text=True,
                         timeout=30, check=False)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "[2,4]"  # one counter, bumped by both; the later module's export called
    # What the join does not read with certainty it refuses, as before: an import of a computed path.
    with pytest.raises(Refused, match="dynamic import"):
        bundle("app/main.js", {**files, "app/main.js": b'const name = "./later.js";\nimport(name);\n'},
               "app/main.bundle.js")
