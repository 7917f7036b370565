"""The links `live serve` prints are at the public address (`--public-url`, LIVE_PUBLIC_URL) when it is given.

In a container the server listens on 0.0.0.0 and the address it finds for itself is the container's,
which nobody outside reaches: the banner's pages and the referee's one-time login link must be at the
address the hall uses (docker-compose.yml gives it). (The QR codes: tests/unit/test_exports.py.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from server import round_entry, run_cli, start_server, write_tournament

PUBLIC = "https://hall.example:8443/live"


@pytest.mark.parametrize("how", ["option", "environment"])
def test_the_banner_and_the_login_link_are_at_the_public_url(tmp_path: Path, how: str) -> None:
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    # on all addresses, as in a container (the last --host wins); the option with a trailing slash, as people type it
    args = ("--host", "0.0.0.0", *(("--public-url", PUBLIC + "/") if how == "option" else ()))
    env = {"LIVE_PUBLIC_URL": PUBLIC} if how == "environment" else {}
    with start_server(file, tmp_path / "t.db", extra_args=args, env=env) as server:
        banner = server.output()
    for page in ("display", "player", "referee"):
        assert re.search(rf"^  \S[^:]*:\s+{re.escape(PUBLIC)}/{page}$", banner, re.M), banner
    assert re.search(rf"one-time login:\s+{re.escape(PUBLIC)}/referee#login=", banner), banner
    assert "on the hall LAN" not in banner, "the container's own address is nobody's"


@pytest.mark.parametrize("url", ["hall.example:8000", "ftp://hall.example", "https://hall.example/?x=1"])
def test_a_public_url_that_would_open_nothing_is_refused(tmp_path: Path, url: str) -> None:
    file = write_tournament(tmp_path / "t.toml", timetable=[round_entry("r1", 1, start_in=3600, minutes=60)])
    done = run_cli("serve", str(file), "--db", str(tmp_path / "t.db"), env={"LIVE_PUBLIC_URL": url})
    assert done.returncode == 2
    assert "--public-url (or LIVE_PUBLIC_URL) must be an address like https://hall.example" in done.stderr
    assert repr(url) in done.stderr
