"""The pages' modules under Node's own test runner (`node --test tests/pages`), as part of `pytest`.

The node tests import display/*.js directly (plain ES modules, no npm packages); this runs them
and fails with their report. Without node the test is skipped with the reason.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def test_the_pages_modules_pass_their_node_tests() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("the pages' module tests need node (Node.js 18 or later) on the PATH")
    files = sorted(str(p) for p in HERE.glob("*.test.mjs"))
    assert files, "no node tests found"
    run = subprocess.run([node, "--test", *files], capture_output=True, text=True, timeout=120, check=False)
    summary = [line for line in run.stdout.splitlines() if line.startswith(("# pass", "# fail", "not ok"))]
    assert run.returncode == 0, "\n".join(summary) + "\n" + run.stdout[-4000:] + run.stderr[-2000:]
