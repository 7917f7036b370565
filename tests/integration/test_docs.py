"""The documentation site builds, strictly: a broken link, a missing page or an anchor no heading makes fails
`make test` (mkdocs.yml: `strict`, `validation`), and so does a rules parameter or a view section that the
hand-written pages do not describe (docs/hooks/reference.py `MENTIONS`).

The build runs as `make docs` runs it, with this interpreter's mkdocs (the `docs` extra, which the Makefile
installs), into a temporary folder; the generated reference pages are checked against the code they are made
from."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from live.commands.decide import known_types
from live.commands.refusals import REFUSALS
from live.core.payloads import PAYLOADS

ROOT = Path(__file__).resolve().parents[2]


def build(root: Path, site: Path) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` of the site whose mkdocs.yml is in `root`, into `site`."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file",
                           str(root / "mkdocs.yml"), "--site-dir", str(site)],
                          cwd=root, env=env, capture_output=True, text=True, timeout=300, check=False)


def test_the_documentation_builds_strict_with_the_reference_made_from_the_code(tmp_path: Path) -> None:
    site = tmp_path / "site"
    run = build(ROOT, site)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-6000:]
    commands = (site / "reference" / "commands.html").read_text(encoding="utf-8")
    assert all(f'id="{kind}"' in commands for kind in known_types()), "a command type has no section"
    events = (site / "reference" / "events.html").read_text(encoding="utf-8")
    assert all(f'id="{kind}"' in events for kind in PAYLOADS), "an event type has no section"
    refusals = (site / "reference" / "refusals.html").read_text(encoding="utf-8")
    assert all(f'id="{code}"' in refusals for code in REFUSALS), "a refusal code is not listed"
    document = json.loads((site / "reference" / "openapi.json").read_text(encoding="utf-8"))
    assert document["openapi"].startswith("3.1") and "/api/commands" in document["paths"]
    for page in ("rules/cacak.html", "rules/novi-sad.html", "rules/slovak-league.html", "design.html",
                 "protocol.html", "tournament-file.html", "operations.html", "contributing.html"):
        assert (site / page).is_file(), page


def _copy(tmp_path: Path) -> Path:
    """The site's sources, to break on purpose."""
    root = tmp_path / "repo"
    shutil.copytree(ROOT / "docs", root / "docs", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    return root


def test_a_link_to_an_anchor_no_heading_makes_fails_the_build(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    page = root / "docs" / "rules" / "lateness.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nSee [the waiting](slovak-league.md#no-such-rule).\n",
                    encoding="utf-8")
    run = build(root, tmp_path / "site")
    assert run.returncode != 0
    assert "no-such-rule" in run.stdout + run.stderr


def test_a_rules_parameter_the_tournament_file_page_does_not_describe_fails_the_build(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    page = root / "docs" / "tournament-file.md"
    text = page.read_text(encoding="utf-8")
    assert "`waiting_fraction`" in text
    page.write_text(text.replace("`waiting_fraction`", "the waiting fraction"), encoding="utf-8")
    run = build(root, tmp_path / "site")
    assert run.returncode != 0
    assert "`waiting_fraction`" in run.stdout + run.stderr


def test_the_readme_is_short_starts_with_the_two_commands_and_links_only_to_pages_that_exist() -> None:
    """The README is the front door on a code host: the two set-up commands first, then a page or so, and
    everything else on the documentation site. Its links are relative paths to the docs' Markdown files, so
    that they work on the code host; a page renamed or an anchor dropped must not leave it pointing nowhere."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.splitlines()[:6] == [
        "# Tournament hall live server",
        "",
        "```sh",
        "make demo    # installs into .venv, runs the bundled Čačak preferans tournament, compressed",
        "make test    # installs into .venv (and redis-server, chromium, nginx when root), runs every test",
        "```",
    ]
    assert len(readme.encode("utf-8")) <= 6 * 1024, "the README is a front page: the rest belongs in docs/"
    assert "make docs" in readme
    links = re.findall(r"\]\(([^)\s]+)\)", readme)
    assert links, "the README links to the documentation"
    for link in links:
        assert not re.match(r"[a-z]+://", link), f"{link}: the README links to the docs by relative path"
        path, _, anchor = link.partition("#")
        target = ROOT / path
        assert target.is_file(), f"{link}: no such file"
        if anchor:
            text = target.read_text(encoding="utf-8")
            assert "{#" + anchor + "}" in text, f"{link}: no heading in {path} has the anchor {anchor}"
    for page in ("docs/rules/index.md", "docs/tournament-file.md", "docs/operations.md", "docs/protocol.md",
                 "docs/design.md", "docs/contributing.md"):
        assert any(link.partition("#")[0] == page for link in links), f"the README does not link to {page}"
