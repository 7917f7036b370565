"""The pages and the example tournaments found as the installed package's (live/edges/installed.py), here in
the editable install the tests run in: the checkout's display/ and examples/, mapped into the package
(pyproject.toml). The package's own marks there (`__init__.py`, what Python compiles from it) are not
pages' files. The wheel's side is tests/integration/test_installed_package.py.
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import live
from live.core.tournament import load
from live.edges import cli, installed
from live.edges.hall import Hall
from live.edges.log.sqlite import SQLiteLog
from live.edges.web.api import DISPLAY_DIR
from live.edges.web.app import create_app
from live.edges.web.assets import Assets, served

REPO = Path(__file__).resolve().parents[2]


def test_the_editable_install_finds_the_checkouts_folders() -> None:
    assert DISPLAY_DIR == installed.folder(installed.DISPLAY) == REPO / "display"
    assert installed.folder(installed.EXAMPLES) == REPO / "examples"


def test_a_package_that_is_not_there_is_named() -> None:
    with pytest.raises(RuntimeError, match=r"live\.nowhere is not installed"):
        installed.folder("live.nowhere")


def test_the_package_marks_and_hidden_files_are_not_served(tmp_path: Path) -> None:
    (tmp_path / "lib" / "__pycache__").mkdir(parents=True)
    for name in ("index.html", "lib/x.js", "__init__.py", "lib/__pycache__/x.pyc", ".swp", "lib/.DS_Store",
                 "__pycache__/__init__.cpython-311.pyc"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"x")
    assert set(Assets(tmp_path).files) == {"index.html", "lib/x.js"}
    assert served("lib/x.js") and not served("__init__.py") and not served("lib/__pycache__/x.pyc")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    t = load(REPO / "examples" / "cacak-preferans-2027.toml")
    hall = Hall(t, SQLiteLog(tmp_path / "i.db", t.id), run_scheduler=False, clock=lambda: t.items[2].start_ms)
    with TestClient(create_app(hall, "token")) as http:
        yield http


def test_the_pages_package_file_is_not_served_with_or_without_a_version(client: TestClient) -> None:
    assert (REPO / "display" / "__init__.py").is_file()
    assets: Assets = client.app.state.assets  # type: ignore[attr-defined]
    assert "__init__.py" not in assets.files
    assert client.get("/static/lib/clock.js").status_code == 200
    for path in ("/static/__init__.py", f"{assets.prefix}__init__.py"):
        assert client.get(path).status_code == 404, path


def test_live_version_says_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out.strip() == f"live {importlib.metadata.version('tournament-hall-live')}"


def test_live_version_from_a_checkout_that_is_not_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(live.metadata, "version", missing)
    assert cli.version() == f"{live.__version__} (not installed)"
