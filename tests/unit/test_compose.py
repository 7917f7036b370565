"""docker-compose.yml and the proxy's configuration, read as files (Docker does not run in the tests).

What `docker compose up` must give: Redis with an append-only file fsynced on every write, on a
named volume; two server instances built from the Dockerfile, both on that Redis, with the
referee token from the environment; nginx in front of both, the only published port, with the
WebSocket timeouts raised. tests/integration/test_proxy.py runs the same nginx configuration.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
INSTANCES = ("live1", "live2")
APP_PORT = "8000"
WS_PORT = "8001"  # each instance's WebSocket listener (live/edges/web/ws_listener.py)


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    data = yaml.safe_load((REPO / "docker-compose.yml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.fixture(scope="module")
def services(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return dict(compose["services"])


def option(command: list[str], name: str) -> str | None:
    """The value after `name` in an argument list, None if absent."""
    return command[command.index(name) + 1] if name in command else None


def nginx_directives(text: str, name: str) -> list[str]:
    """The arguments of every `name ...;` directive in an nginx configuration (comments dropped)."""
    code = "\n".join(line.split("#", 1)[0] for line in text.splitlines())
    return [m.group(1).strip() for m in re.finditer(rf"(?:^|[{{;\s]){re.escape(name)}\s+([^;{{]*);", code)]


def nginx_block(text: str, header: str) -> str:
    """The body of the first block `header { ... }` (balanced braces)."""
    start = text.index(header)
    depth, i = 0, text.index("{", start)
    for j in range(i, len(text)):
        depth += {"{": 1, "}": -1}.get(text[j], 0)
        if depth == 0:
            return text[i + 1:j]
    raise AssertionError(f"unbalanced block {header!r}")


def seconds(value: str) -> float:
    """An nginx time (`3600`, `3600s`, `60m`, `1h`, `1h 30m`) in seconds."""
    units = {"ms": 0.001, "s": 1, "m": 60, "h": 3600, "d": 86400, "": 1}
    parts = re.findall(r"(\d+)(ms|s|m|h|d|)", value.replace(" ", ""))
    assert parts, f"not an nginx time: {value!r}"
    return sum(int(n) * units[u] for n, u in parts)


def test_four_services_and_only_the_proxy_publishes_a_port(services: dict[str, dict[str, Any]]) -> None:
    assert set(services) == {"redis", *INSTANCES, "proxy"}
    published = {name: s["ports"] for name, s in services.items() if s.get("ports")}
    assert published == {"proxy": ["8000:80"]}


def test_redis_persists_every_write_on_a_named_volume(compose: dict[str, Any],
                                                      services: dict[str, dict[str, Any]]) -> None:
    redis = services["redis"]
    assert str(redis["image"]).startswith("redis:")
    command = [str(c) for c in redis["command"]]
    assert command[0] == "redis-server"
    assert option(command, "--appendonly") == "yes"
    assert option(command, "--appendfsync") == "always"
    assert option(command, "--save") == ""  # no RDB snapshots: the AOF is the log
    (volume,) = redis["volumes"]
    name, target = volume.split(":")[:2]
    assert target == "/data"  # where the official image keeps appendonlydir
    assert not name.startswith((".", "/")), "a named volume, not a folder of the host"
    assert name in (compose.get("volumes") or {})
    assert "redis-cli" in redis["healthcheck"]["test"]


@pytest.mark.parametrize("name", INSTANCES)
def test_each_instance_serves_the_tournament_on_the_shared_redis(services: dict[str, dict[str, Any]],
                                                                 name: str) -> None:
    app = services[name]
    assert app["build"] == "."
    assert (REPO / "Dockerfile").is_file()
    command = [str(c) for c in app["command"]]
    assert command[:2] == ["live", "serve"]
    assert command[2].startswith("/tournaments/")
    assert option(command, "--redis") == "redis://redis:6379/0"  # the service above, its port, db 0
    assert "--db" not in command, "--db and --redis are two different logs"
    assert option(command, "--host") == "0.0.0.0"
    assert option(command, "--port") == APP_PORT
    assert option(command, "--ws-port") == WS_PORT
    assert option(command, "--ws-url") == "/ws", "the pages open /ws on the proxy's origin"
    token = app["environment"]["LIVE_REFEREE_TOKEN"]
    assert token.startswith("${LIVE_REFEREE_TOKEN"), "the token comes from the environment, not the file"
    assert any(v.split(":")[1] == "/tournaments" for v in app["volumes"])
    assert app["depends_on"]["redis"]["condition"] == "service_healthy"
    assert not app.get("ports")


def test_both_instances_run_the_same_command(services: dict[str, dict[str, Any]]) -> None:
    first, second = (services[name] for name in INSTANCES)
    assert first["command"] == second["command"]
    assert first["environment"] == second["environment"]


def test_the_proxy_mounts_the_repositorys_nginx_configuration(services: dict[str, dict[str, Any]]) -> None:
    proxy = services["proxy"]
    assert str(proxy["image"]).startswith("nginx:")
    mounts = {}
    for volume in proxy["volumes"]:
        source, target, mode = volume.split(":")
        mounts[target] = source
        assert mode == "ro"
        assert (REPO / source).is_file(), source
    assert mounts == {"/etc/nginx/nginx.conf": "./deploy/nginx.conf",
                      "/etc/nginx/nginx-live.conf": "./deploy/nginx-live.conf"}
    assert set(proxy["depends_on"]) == set(INSTANCES)


def test_nginx_sends_to_both_instances_and_listens_on_the_published_port(services: dict[str, Any]) -> None:
    conf = (REPO / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    upstream = nginx_block(conf, "upstream live {")
    addresses = [d.split()[0] for d in nginx_directives(upstream, "server")]
    assert addresses == [f"{name}:{APP_PORT}" for name in INSTANCES]
    ws_upstream = nginx_block(conf, "upstream live_ws {")
    ws_addresses = [d.split()[0] for d in nginx_directives(ws_upstream, "server")]
    assert ws_addresses == [f"{name}:{WS_PORT}" for name in INSTANCES]
    server = nginx_block(conf, "server {")
    (listen,) = nginx_directives(server, "listen")
    assert listen == services["proxy"]["ports"][0].split(":")[1]
    assert nginx_directives(server, "include") == ["nginx-live.conf"]


def test_nginx_upgrades_websockets_and_keeps_them_open() -> None:
    conf = (REPO / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    rules = (REPO / "deploy" / "nginx-live.conf").read_text(encoding="utf-8")
    assert "map $http_upgrade $connection_upgrade" in conf
    assert nginx_directives(rules, "proxy_http_version") == ["1.1"]
    headers = nginx_directives(rules, "proxy_set_header")
    assert "Upgrade $http_upgrade" in headers
    assert "Connection $connection_upgrade" in headers
    assert "Host $http_host" in headers  # the QR code and the links show the address the hall used
    ws = nginx_block(rules, "location /ws")
    assert nginx_directives(ws, "proxy_pass") == ["http://live_ws"]
    # nginx's default (60 s) would cut a display that hears nothing but pings between rounds.
    (read_timeout,) = nginx_directives(ws, "proxy_read_timeout")
    (send_timeout,) = nginx_directives(ws, "proxy_send_timeout")
    assert seconds(read_timeout) >= 3600
    assert seconds(send_timeout) >= 3600
    # A command that reached an instance is never resent to the other one (it may be stored).
    assert all("non_idempotent" not in d for d in nginx_directives(rules, "proxy_next_upstream"))


def test_the_image_serves_the_pages_from_the_installed_package() -> None:
    dockerfile = (REPO / "Dockerfile").read_text(encoding="utf-8")
    assert "COPY display ./display" in dockerfile and "COPY examples ./examples" in dockerfile
    assert re.search(r"pip install [^\n]* \.(\s|$)", dockerfile), "installed from the copied source"
    assert not re.search(r"pip install [^\n]*-e", dockerfile), "not editable: the package holds the pages"
    assert "EXPOSE 8000" in dockerfile
