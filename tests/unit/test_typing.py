"""The server is typed strictly (`mypy`, run by `make test`): an exception to the checker says why, on its line."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
IGNORE = re.compile(r"#\s*type:\s*ignore(\[[^\]]*\])?(?P<rest>.*)$")


def test_every_type_ignore_names_its_error_and_says_why() -> None:
    bare = []
    for path in sorted([*ROOT.joinpath("live").rglob("*.py"), *ROOT.joinpath("scheduler").rglob("*.py")]):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found = IGNORE.search(line)
            if found and (not found.group(1) or not found.group("rest").strip().lstrip("#").strip()):
                bare.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not bare, "a type: ignore needs its error code and a reason after it:\n" + "\n".join(bare)
