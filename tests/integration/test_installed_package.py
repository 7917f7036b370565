"""The server as a user installs it: the sdist built from this checkout, the wheel built from that sdist
(`python -m build`, as a release is made), installed into a fresh virtual environment outside the source
tree, and `live` run from there in a temporary folder — the pages, their modules, styles and catalogues,
and the example tournaments all come from the installed package (live/display, live/examples), none from
the checkout.

The new environment reuses the server's dependencies installed for the tests (a .pth file naming their
site-packages, which imports nothing from there by itself) and gets the wheel without them
(--no-deps, --no-index): nothing is downloaded but what the build's own isolated environment needs
(setuptools). The checkout's `live` cannot be imported there: no PYTHONPATH, the current folder is
elsewhere, and the tests check where `live` came from.

Select these tests with `-m package`.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx
import pytest
from server import HOST, REFEREE_TOKEN, REPO, Server, ServerFailed, free_port
from websockets.asyncio.client import connect

pytestmark = pytest.mark.package

#: The package's own marks in display/ and examples/, not data (live/edges/web/assets.py `served`).
MARKS = {"__init__.py", "__pycache__"}
PAGES = ("/", "/display", "/player", "/referee")
#: What a module imports: `import … from "x"`, `export … from "x"`, `import "x"` and `import("x")`.
IMPORTS = re.compile(r"""\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)""",
                     re.M)
#: A block comment: its JSDoc `@import {T} from "x"` names types for the checker, which the browser never loads.
COMMENTS = re.compile(r"/\*.*?\*/", re.S)
#: What a page's head loads: scripts, stylesheets, preloads.
LOADS = re.compile(r"""<(?:link|script)\b[^>]*?\s(?:href|src)="(/static/[^"]+)"[^>]*>""")
CATALOGUE_LANGUAGES = ("en", "sr-Cyrl", "sr-Latn", "sk")
EXAMPLE_IDS = {"cacak": "cacak-preferans-2027", "novi-sad": "novi-sad-teams-2026", "slovak": "slovak-league-2027"}
BUILD_TIMEOUT = 300.0
#: The server's dependencies (pyproject.toml), by the name they are imported by.
DEPENDENCIES = ("starlette", "uvicorn", "websockets", "redis", "apscheduler", "segno", "icalendar")
#: How long the demo may take, from its start, to start round 1 (`--start-in 5`, then the round's call).
ROUND_WAIT = 40.0


@dataclass(frozen=True)
class Installed:
    venv: Path
    site: Path  # the new environment's site-packages
    run: Path  # the folder `live` runs in
    env: dict[str, str]
    wheel: Path
    sdist: Path

    @property
    def live(self) -> str:
        return str(self.venv / "bin" / "live")

    def python(self, code: str) -> str:
        done = subprocess.run([str(self.venv / "bin" / "python"), "-c", code], cwd=self.run, env=self.env,
                              capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def command(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([self.live, *args], cwd=self.run, env=self.env, capture_output=True, text=True,
                              timeout=60, check=False)


def dependency_folders() -> list[str]:
    """The site-packages folders that hold the server's dependencies (pyproject.toml), where this Python
    imports them from."""
    folders = []
    for name in DEPENDENCIES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, f"{name} is not installed"
        folders.append(str(Path(spec.origin).parents[1]))
    return list(dict.fromkeys(folders))


def outside_repo(path: Path) -> bool:
    return REPO.resolve() not in path.resolve().parents


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    root = tmp_path_factory.mktemp("installed")
    assert outside_repo(root), f"the temporary folder {root} is inside the checkout"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP",
                                                              "VIRTUAL_ENV")}
    dist = root / "dist"
    built = subprocess.run([sys.executable, "-m", "build", "--outdir", str(dist), str(REPO)], cwd=root, env=env,
                           capture_output=True, text=True, timeout=BUILD_TIMEOUT, check=False)
    assert built.returncode == 0, f"the build failed:\n{built.stdout[-4000:]}\n{built.stderr[-4000:]}"
    (sdist,), (wheel,) = sorted(dist.glob("*.tar.gz")), sorted(dist.glob("*.whl"))
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = str(venv / "bin" / "python")
    site = Path(subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True, cwd=root, env=env).stdout.strip())
    # The server's dependencies as the tests have them installed, after the environment's own site-packages
    # (a path line imports nothing from there).
    (site / "dependencies.pth").write_text("".join(f"{d}\n" for d in dependency_folders()), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps",
                    "--no-index", str(wheel)], check=True, timeout=120, cwd=root, env=env)
    run = root / "run"
    run.mkdir()
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return Installed(venv, site, run, env, wheel, sdist)


def files_under(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` but the package's marks and hidden files, by its path from there."""
    out = {}
    for path in folder.rglob("*"):
        relative = path.relative_to(folder).as_posix()
        parts = PurePosixPath(relative).parts
        if path.is_file() and not any(p in MARKS or p.startswith(".") for p in parts):
            out[relative] = path.read_bytes()
    return out


def test_live_is_imported_from_the_new_environment_with_every_module(installed: Installed) -> None:
    where = json.loads(installed.python(
        "import json, live, live.display, live.examples, live.edges.cli, scheduler;"
        "print(json.dumps([m.__file__ for m in (live, live.display, live.examples, live.edges.cli, scheduler)]))"))
    for file in where:
        assert Path(file).is_relative_to(installed.site), f"{file} is not from the installed package"
    # Every module of the checkout is in the wheel (pyproject.toml lists the packages by name).
    for package in ("live", "scheduler"):
        missing = [p.relative_to(REPO).as_posix() for p in (REPO / package).rglob("*.py")
                   if not (installed.site / p.relative_to(REPO)).is_file()]
        assert not missing, f"the wheel lacks {missing}: add their package to pyproject.toml"


def test_live_version_is_the_installed_one(installed: Installed) -> None:
    with (REPO / "live" / "__init__.py").open("rb") as f:
        source = re.search(rb'__version__ = "([^"]+)"', f.read())
    assert source is not None
    version = source.group(1).decode()
    assert f"-{version}-" in installed.wheel.name and installed.sdist.name.endswith(f"-{version}.tar.gz")
    done = installed.command("--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"live {version}"


def test_the_wheel_holds_every_file_of_the_pages_and_the_server_serves_each(installed: Installed) -> None:
    pages = files_under(installed.site / "live" / "display")
    assert pages == files_under(REPO / "display"), "the installed pages differ from display/"
    assert files_under(installed.site / "live" / "examples") == files_under(REPO / "examples")
    # The server's own list, read from the installed folder: every file there, with the same bytes, and
    # besides them only what it makes at start (bundles, their maps, one catalogue per page).
    served = json.loads(installed.python(
        "import json; from live.edges.web.assets import Assets, display_dir;"
        "a = Assets(display_dir()); print(json.dumps({'dir': str(a.directory), 'files': sorted(a.files)}))"))
    assert Path(served["dir"]) == installed.site / "live" / "display"
    made = set(served["files"]) - set(pages)
    assert set(pages) <= set(served["files"])
    assert all(re.fullmatch(r".+\.bundle\.(js|js\.map|css)|i18n/[A-Za-z]+/[A-Za-z-]+\.json", n) for n in made), made


def start_demo(installed: Installed, tournament: str) -> Server:
    port = free_port()
    log_path = installed.run / f"demo-{tournament}-{port}.log"
    db = installed.run / f"demo-{tournament}-{port}.db"
    env = {**installed.env, "LIVE_REFEREE_TOKEN": REFEREE_TOKEN, "PYTHONUNBUFFERED": "1"}
    with log_path.open("wb") as out:
        proc = subprocess.Popen([installed.live, "demo", "--tournament", tournament, "--start-in", "5", "--host", HOST,
                                 "--port", str(port), "--db", str(db)],
                                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=installed.run,
                                env=env)
    server = Server(proc, host=HOST, port=port, file=installed.site / "live" / "examples", db=db,
                    token=REFEREE_TOKEN, log_path=log_path)
    try:
        server.wait_healthy()
    except ServerFailed:
        server.stop()
        raise
    return server


@pytest.fixture
def cacak(installed: Installed) -> Iterator[Server]:
    with start_demo(installed, "cacak") as server:
        yield server


def loaded(http: httpx.Client, page: str) -> dict[str, bytes]:
    """Everything `page` loads as a browser would: what its head names, every module those import (resolved
    from the importing module's URL), and every catalogue of the page; URL path → body. Fails on the first
    answer that is not 200."""
    seen: dict[str, bytes] = {}
    html = http.get(page)
    assert html.status_code == 200, f"{page}: {html.status_code}"
    todo = list(LOADS.findall(html.text))
    assert todo, f"{page} loads nothing: {html.text[:400]}"
    version = urlsplit(todo[0]).path.split("/")[2]
    stem = urlsplit(page).path.strip("/") or "index"
    todo += [f"/static/{version}/i18n/{stem}/{lang}.json" for lang in CATALOGUE_LANGUAGES]
    while todo:
        url = urlsplit(todo.pop()).path
        if url in seen:
            continue
        answer = http.get(url)
        assert answer.status_code == 200, f"{page} loads {url}: {answer.status_code}"
        seen[url] = answer.content
        if url.endswith((".js", ".mjs")):
            todo += [urljoin(url, a or b or c) for a, b, c in IMPORTS.findall(COMMENTS.sub("", answer.text))]
    return seen


def test_the_installed_demo_serves_the_pages_and_runs_the_cacak_tournament(installed: Installed,
                                                                           cacak: Server) -> None:
    pages = files_under(installed.site / "live" / "display")
    with httpx.Client(base_url=cacak.url, timeout=10) as http:
        state = http.get("/api/state").json()
        assert state["tournament"]["id"] == EXAMPLE_IDS["cacak"], state["tournament"]
        version = ""
        for page in PAGES:
            for query in ("", "?modules"):  # the modules joined in one file, and one by one
                got = loaded(http, page + query)
                version = next(iter(got)).split("/")[2]
                assert any(u.endswith(".css") for u in got), f"{page}{query} loads no stylesheet"
                assert any(u.endswith(".js") for u in got) and any(u.endswith(".json") for u in got), page
                catalogue = json.loads(got[f"/static/{version}/i18n/{(page.strip('/') or 'index')}/sk.json"])
                assert set(catalogue) == {page.strip("/") or "index"}
        # Every file of the installed pages, as it is there; the package's own file is not one of them.
        for name, body in pages.items():
            answer = http.get(f"/static/{version}/{name}", headers={"Accept-Encoding": "identity"})
            assert answer.status_code == 200 and answer.content == body, name
        for mark in (f"/static/{version}/__init__.py", "/static/__init__.py"):
            assert http.get(mark).status_code == 404, mark
        # Round 1 starts five seconds after the demo did: the scheduler runs.
        running = cacak_round_running(http)
        assert running["clock"]["current"] == "r1"
    # The pages' live updates: /ws on the same port, a hello of the log's seq, then the display's snapshot.
    hello, snapshot = asyncio.run(first_messages(f"ws://{HOST}:{cacak.port}/ws?view=display", 2))
    assert hello["type"] == "hello" and int(hello["seq"]) >= int(str(running["seq"]))
    assert snapshot["type"] == "snapshot" and snapshot["view"] == "display" and snapshot["sections"]
    stopped_cleanly(cacak)


async def first_messages(url: str, count: int) -> list[dict[str, Any]]:
    async with connect(url, open_timeout=10) as ws:
        return [json.loads(await asyncio.wait_for(ws.recv(), 10)) for _ in range(count)]


def stopped_cleanly(server: Server) -> None:
    """SIGTERM, as a service manager stops it: the server shuts down within Server.stop's wait (else it is
    killed: -SIGKILL), without an error, then exits by the signal it was sent, as uvicorn does."""
    assert server.stop() == -signal.SIGTERM, server.output()
    assert "Traceback" not in server.output() and "ERROR" not in server.output(), server.output()


def cacak_round_running(http: httpx.Client) -> dict[str, object]:
    """/api/state once round 1 is in progress, polled; fails after ROUND_WAIT seconds."""
    deadline = time.monotonic() + ROUND_WAIT
    while True:
        state = http.get("/api/state").json()
        r1 = next(item for item in state["timetable"] if item["id"] == "r1")
        if r1["phase"] == "in_progress":
            return dict(state)
        assert time.monotonic() < deadline, f"round 1 is not running after {ROUND_WAIT} s: {r1}"
        time.sleep(0.25)


@pytest.mark.parametrize("tournament", ["novi-sad", "slovak"])
def test_the_installed_demo_runs_the_bridge_examples(installed: Installed, tournament: str) -> None:
    with start_demo(installed, tournament) as server:
        state = httpx.get(f"{server.url}/api/state", timeout=10).json()
        assert state["tournament"]["id"] == EXAMPLE_IDS[tournament], state["tournament"]
        assert httpx.get(f"{server.url}/display", timeout=10).status_code == 200
        stopped_cleanly(server)


def test_live_check_reads_the_installed_examples(installed: Installed) -> None:
    folder = installed.site / "live" / "examples"
    examples = sorted(folder.rglob("*.toml"))  # (the season's folder, slovak-season/, too)
    assert [p.relative_to(folder).as_posix() for p in examples] == sorted(
        p.relative_to(REPO / "examples").as_posix() for p in (REPO / "examples").rglob("*.toml"))
    assert any(p.parent.name == "slovak-season" for p in examples), "the Slovak season's folder is not installed"
    for example in examples:
        done = installed.command("check", str(example))
        assert done.returncode == 0, f"{example.name}: {done.stderr}"
        with example.open("rb") as f:
            name = tomllib.load(f)["tournament"]["name"]
        assert name in done.stdout, done.stdout[:400]
