"""`live check`, `demo` and `serve` as on an organizer's Windows laptop, and the open-file warning a Mac gets.

No Windows machine runs these tests: like_windows.py runs the CLI with the modules, functions and loop
features Windows lacks taken away, and PYTHONIOENCODING=cp1252 makes the console the ANSI code page of
a redirected Windows console, which has no Cyrillic, no "→" and no block characters for the QR code.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

import httpx
import pytest
from server import REPO, Server, free_port

LIKE_WINDOWS = str(Path(__file__).with_name("like_windows.py"))
EXAMPLES = REPO / "examples"
CYRILLIC_NAME = "Прва лига → 2027"


def launch(argv: Sequence[str], tmp_path: Path, *, env: dict[str, str] | None = None,
           preexec_fn: Callable[[], None] | None = None) -> Server:
    """Start `python ARGV…` (a `live demo` or `serve` on --port) and wait until it answers."""
    port = int(argv[argv.index("--port") + 1])
    fd, log_name = tempfile.mkstemp(prefix="live-", suffix=".log", dir=tmp_path)
    os.close(fd)
    with open(log_name, "wb") as out:
        proc = subprocess.Popen([sys.executable, *argv], stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, cwd=REPO, env={**os.environ, **(env or {})},
                                preexec_fn=preexec_fn)
    server = Server(proc, host="127.0.0.1", port=port, file=Path(argv[0]), db=None, token="", log_path=Path(log_name))
    server.wait_healthy()
    return server


def ctrl_c(server: Server) -> int:
    """Stop it as an organizer does (SIGINT, Ctrl+C); its exit code."""
    server.proc.send_signal(signal.SIGINT)
    try:
        return server.proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        raise AssertionError(f"still running 15 s after Ctrl+C:\n{server.output()}") from None


def console_text(server: Server, encoding: str) -> str:
    return server.log_path.read_bytes().decode(encoding)


def cyrillic_copy(tmp_path: Path) -> Path:
    """The Slovak league's file under a Cyrillic name with an arrow: nothing of it fits cp1252."""
    text = (EXAMPLES / "slovak-league-2027.toml").read_text(encoding="utf-8")
    original = 'name = "1. liga družstiev 2027"'
    assert original in text
    path = tmp_path / "cyrillic.toml"
    path.write_text(text.replace(original, f'name = "{CYRILLIC_NAME}"', 1), encoding="utf-8")
    return path


def state_name(server: Server) -> str:
    response = httpx.get(f"{server.url}/api/state", timeout=10)
    assert response.status_code == 200, response.text
    return str(response.json()["tournament"]["name"])


EVERY_MODULE = """
import importlib, pkgutil
from like_windows import become_windows_like
become_windows_like()
import live, scheduler
found = [m for package in (live, scheduler) for m in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")]
names = [m.name for m in found if not m.name.endswith(".__main__")]
for name in names:
    importlib.import_module(name)
print(len(names), "modules")
"""


def test_every_module_of_the_server_imports_without_the_unix_only_modules() -> None:
    """Also those `serve` imports only on some paths (the Redis log, the lease of several instances)."""
    imported = subprocess.run([sys.executable, "-c", EVERY_MODULE], capture_output=True, text=True, encoding="utf-8",
                              cwd=Path(LIKE_WINDOWS).parent, timeout=120)
    assert imported.returncode == 0, imported.stderr
    assert int(imported.stdout.split()[0]) > 50


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.toml")))
def test_check_runs_without_the_unix_only_modules(example: str) -> None:
    checked = subprocess.run([sys.executable, LIKE_WINDOWS, "check", str(EXAMPLES / example)], capture_output=True,
                             text=True, encoding="utf-8", cwd=REPO, timeout=60)
    assert checked.returncode == 0, checked.stderr
    assert "timetable items" in checked.stdout


def test_the_demo_starts_answers_and_stops_on_ctrl_c_like_on_windows_with_a_cp1252_console(tmp_path: Path) -> None:
    port = free_port()
    server = launch([LIKE_WINDOWS, "demo", "--start-in", "0", "--port", str(port),
                     "--db", str(tmp_path / "demo.db")], tmp_path, env={"PYTHONIOENCODING": "cp1252"})
    try:
        assert state_name(server) == "Куп Чачка у преферансу 2027"
        assert ctrl_c(server) == 130
    finally:
        server.kill()
    text = console_text(server, "cp1252")
    assert "\n  ??? ????? ? ?????????? 2027 — running 60× faster than real time\n" in text  # (cp1252 has — and ×)
    assert f"hall display:     http://127.0.0.1:{port}/display" in text
    assert "(no QR code: this console's encoding, cp1252, cannot draw it;" in text
    assert "Traceback" not in text and text.rstrip().endswith("stopped")


def test_serve_of_a_cyrillic_tournament_on_a_cp1252_console_like_on_windows(tmp_path: Path) -> None:
    file = cyrillic_copy(tmp_path)
    checked = subprocess.run([sys.executable, LIKE_WINDOWS, "check", str(file)], capture_output=True, cwd=REPO,
                             env={**os.environ, "PYTHONIOENCODING": "cp1252"}, timeout=60)
    assert checked.returncode == 0, checked.stderr.decode("cp1252")
    assert checked.stdout.decode("cp1252").startswith("???? ???? ? 2027  (slovak-league")
    port = free_port()
    server = launch([LIKE_WINDOWS, "serve", str(file), "--host", "127.0.0.1", "--port", str(port),
                     "--db", str(tmp_path / "cyrillic.db")], tmp_path, env={"PYTHONIOENCODING": "cp1252"})
    try:
        assert state_name(server) == CYRILLIC_NAME  # only the console lost the letters
        assert ctrl_c(server) == 130
    finally:
        server.kill()
    text = console_text(server, "cp1252")
    assert "\n  ???? ???? ? 2027\n" in text
    assert "Traceback" not in text and "warning: the open-file limit" not in text


def test_a_low_open_file_limit_is_warned_about_with_the_screens_it_allows(tmp_path: Path) -> None:
    import resource

    def low_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (512, 512))

    port = free_port()
    server = launch(["-m", "live", "serve", str(EXAMPLES / "cacak-preferans-2027.toml"), "--host", "127.0.0.1",
                     "--port", str(port), "--db", str(tmp_path / "low.db")], tmp_path,
                    preexec_fn=low_limit)
    try:
        assert state_name(server) == "Куп Чачка у преферансу 2027"
    finally:
        server.stop()
    text = console_text(server, "utf-8")
    assert ("warning: the open-file limit is 512, so this server holds about 192 screens and phones at once "
            "(2 descriptors each); for a bigger hall stop it, run `ulimit -n 4096` in this terminal and start it "
            "again (the hard limit is 512: an administrator must raise it first") in text
