"""A test module imports its helpers from tests/support/ (or a folder's helper module), never from another
test module: a test file then runs, moves or goes alone, and a helper is found by what it holds."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def names_of_test_modules(tests: Path) -> set[str]:
    return {p.stem for p in tests.rglob("test_*.py")}


def imports_of_test_modules(tests: Path) -> list[str]:
    """Every `from test_x import …` / `import test_x` in tests/, as "path:line: test_x"."""
    modules = names_of_test_modules(tests)
    found = []
    for path in sorted(tests.rglob("*.py")):
        if "artifacts" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            found += [f"{path.relative_to(tests)}:{node.lineno}: {name}" for name in names
                      if name.split(".")[0] in modules]
    return found


def test_no_test_module_imports_another() -> None:
    found = imports_of_test_modules(TESTS)
    assert not found, "move the helpers these import into tests/support/ (docs/contributing.md#tests):\n" \
        + "\n".join(found)


def test_the_guard_sees_both_ways_of_importing(tmp_path: Path) -> None:
    (tmp_path / "test_a.py").write_text("X = 1\n")
    (tmp_path / "test_b.py").write_text("from test_a import X\n")
    (tmp_path / "test_c.py").write_text("def test_it() -> None:\n    import test_a\n")
    (tmp_path / "support.py").write_text("import pathlib\nfrom os import path\n")
    assert imports_of_test_modules(tmp_path) == ["test_b.py:1: test_a", "test_c.py:2: test_a"]
