"""nginx in front of the server: the deploy/ configuration made to run in a test (`proxy_config`) and
`Nginx`, one running as a child process (`NGINX`: the binary, None where nginx is not installed)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
from server import free_port

REPO = Path(__file__).resolve().parents[2]

DEPLOY = REPO / "deploy"

NGINX = next((p for p in ("/usr/sbin/nginx", shutil.which("nginx")) if p and Path(p).is_file()), None)

HOST = "127.0.0.1"


def proxy_config(backends: list[str], port: int, folder: Path) -> str:
    """deploy/nginx.conf with the upstream addresses and the listen port replaced, writing into `folder`."""
    text = (DEPLOY / "nginx.conf").read_text(encoding="utf-8")
    addresses = iter(backends)
    text, replaced = re.subn(r"(?m)^(\s*server\s+)live\d+:\d+", lambda m: m.group(1) + next(addresses), text)
    assert replaced == len(backends), f"deploy/nginx.conf names {replaced} upstream servers, not {len(backends)}"
    text, replaced = re.subn(r"(?m)^(\s*listen\s+)80;", rf"\g<1>{HOST}:{port};", text)
    assert replaced == 1, "deploy/nginx.conf should listen on port 80 once"
    own = "\n".join(f"    {d} {folder / name};" for d, name in (
        ("access_log", "access.log"), ("client_body_temp_path", "client_body"), ("proxy_temp_path", "proxy"),
        ("fastcgi_temp_path", "fastcgi"), ("uwsgi_temp_path", "uwsgi"), ("scgi_temp_path", "scgi")))
    text, replaced = re.subn(r"(?m)^http \{$", lambda m: "http {\n    # the test's own folders\n" + own, text)
    assert replaced == 1
    text, replaced = re.subn(r"proxy_cache_path /var/cache/nginx/live", f"proxy_cache_path {folder / 'cache'}", text)
    assert replaced == 1, "deploy/nginx.conf should keep the followers' cache in one folder"
    return text


class Nginx:
    """`nginx -p FOLDER -c FOLDER/nginx.conf -g 'daemon off; …'` as a child process."""

    def __init__(self, backends: list[str], folder: Path) -> None:
        assert NGINX is not None
        folder.mkdir(parents=True, exist_ok=True)
        self.folder, self.port = folder, free_port()
        conf = folder / "nginx.conf"
        conf.write_text(proxy_config(backends, self.port, folder), encoding="utf-8")
        (folder / "nginx-live.conf").symlink_to(DEPLOY / "nginx-live.conf")  # included as it is
        extra = "user root;" if os.geteuid() == 0 else ""  # workers that can enter the test's private folder
        self.log = folder / "nginx.stderr"
        with open(self.log, "wb") as err:
            self.proc = subprocess.Popen(
                [NGINX, "-p", str(folder), "-c", str(conf), "-e", "stderr",
                 "-g", f"daemon off; pid {folder / 'nginx.pid'}; error_log stderr notice; {extra}"],
                stdin=subprocess.DEVNULL, stdout=err, stderr=subprocess.STDOUT)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def ws_url(self, view: str = "display", since: int | None = None) -> str:
        return f"ws://{HOST}:{self.port}/ws?view={view}" + ("" if since is None else f"&since={since}")

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    async def wait_ready(self, timeout: float = 10.0) -> None:
        """Until a request through the proxy reaches an instance (GET /api/health answers 200)."""
        deadline = time.monotonic() + timeout
        last: Any = "no answer"
        async with httpx.AsyncClient(timeout=1.0) as http:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise AssertionError(f"nginx exited with {self.proc.returncode}:\n{self.output()}")
                with contextlib.suppress(httpx.HTTPError):
                    response = await http.get(f"{self.url}/api/health")
                    if response.status_code == 200:
                        return
                    last = response.status_code
                await asyncio.sleep(0.05)
        raise AssertionError(f"nginx did not proxy within {timeout} s (last: {last}):\n{self.output()}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)  # fast shutdown: the master stops its workers
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
