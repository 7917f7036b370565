"""What the code cites is in the repository (docs/rules/index.md#anchors).

A comment, docstring, test name or message of the code cites the documentation by page and anchor
(`docs/rules/cacak.md#scoring`; a test id may shorten it to `cacak.md#scoring`, a page of docs/rules/ or
docs/), and a tournament's public document by its paragraph ("Slovak §27.5"). Two guards that cannot go
stale: every tracked source file (live/, scheduler/, display/, tests/, bench/, examples/) is read, and

- none cites the organisation's working summary of the rules, which is not in this repository, or an issue
  by its number, which says nothing to a reader of the tree: the decision or the docs paragraph it stood
  for does;
- every `docs/….md#anchor` it cites names a page of docs/ that has the anchor, written `{#anchor}` on a
  heading or `id="anchor"` on an element (docs/design.md's decisions).
"""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
TREES = ("live", "scheduler", "display", "tests", "bench", "examples")
SUFFIXES = {".py", ".js", ".mjs", ".html", ".css", ".json", ".toml", ".md", ".txt", ".cfg", ".ini", ".yml", ".yaml"}

#: The working summary's file name, spelled so that this file does not cite it.
SUMMARY = "RULES" + ".md"
ISSUE = re.compile(r"\bissues?\s*#?\d+", re.IGNORECASE)
FULL = re.compile(r"(?<![\w/.-])(?<!\]\()(docs/[\w/.-]+?\.md)#([\w-]+)")
SHORT = re.compile(r"(?<![\w/.-])(?<!\]\()([a-z][\w-]*\.md)#([\w-]+)")
ANCHOR = re.compile(r"\{#([\w-]+)\}|\bid=\"([\w-]+)\"")


def sources() -> list[Path]:
    """The tracked files of the source trees (every file under them when the tree is no git checkout)."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--", *TREES], cwd=ROOT, capture_output=True,
                                check=True).stdout.decode().split("\0")
        files = [ROOT / name for name in listed if name]
    except (OSError, subprocess.CalledProcessError):
        files = [p for tree in TREES for p in (ROOT / tree).rglob("*") if p.is_file()]
    return sorted(p for p in files if p.suffix in SUFFIXES and "node_modules" not in p.parts and p.is_file())


@cache
def anchors(page: Path) -> frozenset[str]:
    return frozenset(a or b for a, b in ANCHOR.findall(page.read_text(encoding="utf-8")))


def cited(text: str) -> list[tuple[int, str, str, Path | None]]:
    """Each docs citation in `text`: its line, as written, its anchor, and the page it names (None: none)."""
    out: list[tuple[int, str, str, Path | None]] = []
    for number, line in enumerate(text.splitlines(), 1):
        for path, anchor in FULL.findall(line):
            out.append((number, f"{path}#{anchor}", anchor, ROOT / path))
        for name, anchor in SHORT.findall(line):
            page = next((p for p in (DOCS / "rules" / name, DOCS / name) if p.is_file()), None)
            out.append((number, f"{name}#{anchor}", anchor, page))
    return out


def problems(path: Path) -> list[str]:
    return problems_in(path.read_text(encoding="utf-8", errors="replace"), str(path.relative_to(ROOT)))


def problems_in(text: str, where: str) -> list[str]:
    """What `text` (the file `where`) cites that is not in the repository, a line each."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        if SUMMARY in line:
            found.append(f"{where}:{number}: cites {SUMMARY}, which is not in this repository")
        for match in ISSUE.findall(line):
            found.append(f"{where}:{number}: cites {match!r}: cite the decision or docs paragraph instead")
    for number, written, anchor, page in cited(text):
        if page is None or not page.is_file():
            found.append(f"{where}:{number}: cites {written}, a page docs/ does not have")
        elif anchor not in anchors(page):
            found.append(f"{where}:{number}: cites {written}, an anchor {page.relative_to(ROOT)} does not have")
    return found


def test_the_source_trees_are_read() -> None:
    files = sources()
    assert {"live", "display", "tests", "bench", "examples"} <= {p.relative_to(ROOT).parts[0] for p in files}
    assert {ROOT / "live" / "rules" / "citations.py", ROOT / "display" / "lib" / "citation.js"} <= set(files)


def test_every_citation_in_the_code_is_in_the_repository() -> None:
    # this file spells its probes of what it refuses (test_the_guard_sees_what_it_must_refuse)
    found = [problem for path in sources() if path != Path(__file__).resolve() for problem in problems(path)]
    assert not found, "\n".join(found)


def test_the_code_cites_the_docs_by_anchor() -> None:
    assert sum(len(cited(p.read_text(encoding="utf-8", errors="replace"))) for p in sources()) > 200


def test_the_guard_sees_what_it_must_refuse() -> None:
    def check(text: str) -> list[str]:
        return problems_in(text, "probe")

    assert check("a rule (docs/rules/cacak.md#scoring), a test id cacak.md#ties-at-table\n") == []
    assert check("(docs/design.md#refusals-by-code), docs/rules/desk.md#other\n") == []
    assert check("a page's own link [the waiting](slovak-league.md#no-such-rule), written to break it\n") == []
    assert check(f"the rule ({SUMMARY} §1)\n") == [f"probe:1: cites {SUMMARY}, which is not in this repository"]
    assert len(check("as issue 11 asked; see Issues 10 and 12\n")) == 2
    assert check("docs/rules/cacak.md#no-such-rule\n") == [
        "probe:1: cites docs/rules/cacak.md#no-such-rule, an anchor docs/rules/cacak.md does not have"]
    assert check("docs/rules/nowhere.md#scoring\n") == [
        "probe:1: cites docs/rules/nowhere.md#scoring, a page docs/ does not have"]
    assert check("nowhere.md#scoring\n") == ["probe:1: cites nowhere.md#scoring, a page docs/ does not have"]
