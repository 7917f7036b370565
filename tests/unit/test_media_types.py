"""The pages' files keep their media types whatever the machine's own table says (live/edges/web/assets.py): on
Windows Python's `mimetypes` reads the registry, where .js or .css may be text/plain, and a browser refuses a module
script or a stylesheet served so."""

from __future__ import annotations

import mimetypes
from pathlib import Path

import pytest

from live.edges.web.api import DISPLAY_DIR
from live.edges.web.assets import Assets

EXPECTED = {".js": "text/javascript", ".css": "text/css", ".html": "text/html", ".json": "application/json",
            ".map": "application/json"}


def test_a_registry_that_says_text_plain_for_everything_changes_no_page_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mimetypes, "guess_type", lambda *args, **kwargs: ("text/plain", None))
    assets = Assets(DISPLAY_DIR)
    served = {name: asset.media_type for name, asset in assets.files.items()}
    assert {Path(name).suffix for name in served} <= set(EXPECTED), "a kind of file this test does not know"
    wrong = {name: kind for name, kind in served.items() if kind.split(";")[0] != EXPECTED[Path(name).suffix]}
    assert not wrong
    assert {Path(name).suffix for name in served} >= {".js", ".css", ".html", ".json"}
