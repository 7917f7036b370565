"""docker-compose.yml and the proxy's configuration, read as files (Docker does not run in the tests).

What `docker compose up` must give: Redis with an append-only file fsynced on every write, on a
named volume; two server instances built from the Dockerfile, both on that Redis, with the
referee token from the environment; nginx in front of both, the only published port, with the
WebSocket timeouts raised; the instances believing X-Forwarded-For from the proxy's fixed address only,
and told the hall's public address. The image: a health check, the log on a volume, a small build
context. tests/integration/test_proxy.py and test_forwarded.py run the same nginx configuration.
"""

from __future__ import annotations

import fnmatch
import ipaddress
import json
import re
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from live.edges.web import forwarded

REPO = Path(__file__).resolve().parents[2]
INSTANCES = ("live1", "live2")
APP_PORT = "8000"


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
    assert "--ws-port" not in command and "--ws-url" not in command, "pages, API and /ws on the one port"
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
    assert "upstream live_ws" not in conf, "no second port: /ws goes to the instances' one port"
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
    assert nginx_directives(ws, "proxy_pass") == ["http://live"]
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


def interpolated(value: str, env: dict[str, str] | None = None) -> str:
    """A compose value with `${NAME:-default}` / `${NAME:?message}` filled in from `env` (else the default)."""
    env = env or {}

    def one(m: re.Match[str]) -> str:
        name, how, rest = m.group(1), m.group(2), m.group(3)
        if name in env:
            return env[name]
        assert how == ":-", f"${{{name}}} has no default: set it"
        return rest
    return re.sub(r"\$\{(\w+)(:-|:\?)([^}]*)\}", one, value)


@pytest.mark.parametrize("network", [None, "10.99.7"])
def test_the_instances_believe_forwarded_addresses_from_the_proxy_only(compose: dict[str, Any],
                                                                       services: dict[str, dict[str, Any]],
                                                                       network: str | None) -> None:
    env = {"LIVE_NETWORK": network} if network else {}
    (pool,) = compose["networks"]["default"]["ipam"]["config"]
    subnet = ipaddress.ip_network(interpolated(pool["subnet"], env))
    proxy_ip = ipaddress.ip_address(interpolated(services["proxy"]["networks"]["default"]["ipv4_address"], env))
    assert proxy_ip in subnet and proxy_ip not in (subnet.network_address, subnet.network_address + 1,
                                                   subnet.broadcast_address), "not the network's, its gateway's"
    for name in INSTANCES:
        trusted = forwarded.parse(interpolated(services[name]["environment"]["LIVE_FORWARDED_ALLOW_IPS"], env))
        assert trusted == [str(proxy_ip)], "the proxy's one address: not the network, where Redis, the other " \
                                           "instance and the host's gateway are"


def test_the_instances_know_the_public_address(services: dict[str, dict[str, Any]]) -> None:
    for name in INSTANCES:
        value = services[name]["environment"]["LIVE_PUBLIC_URL"]
        assert value.startswith("${PUBLIC_URL:?"), "the hall's address, from the environment: no default would do " \
                                                   "(localhost in the QR code opens nothing on a phone)"
        assert interpolated(value, {"PUBLIC_URL": "http://192.168.1.10:8000"}) == "http://192.168.1.10:8000"


def test_nginx_forwards_the_clients_address_and_scheme_to_every_location() -> None:
    rules = (REPO / "deploy" / "nginx-live.conf").read_text(encoding="utf-8")
    headers = nginx_directives(rules, "proxy_set_header")
    # appended to what the client sent: the instances take the right-most address not the proxy's
    assert "X-Forwarded-For $proxy_add_x_forwarded_for" in headers
    assert "X-Forwarded-Proto $scheme" in headers
    for location in re.findall(r"(?m)^location\s+([^{]+)\{", rules):
        assert not nginx_directives(nginx_block(rules, f"location {location.strip()}"), "proxy_set_header"), \
            f"location {location.strip()} sets headers of its own: it would lose X-Forwarded-For (nginx inheritance)"


def dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of the Dockerfile, continuation lines joined, comments dropped."""
    text = (REPO / "Dockerfile").read_text(encoding="utf-8").replace("\\\n", " ")
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1].strip()) for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def test_the_image_checks_its_health_with_python_on_the_port_it_serves(services: dict[str, dict[str, Any]]) -> None:
    instructions = dockerfile_instructions()
    (health,) = [args for name, args in instructions if name == "HEALTHCHECK"]
    options, _, exec_form = health.partition("CMD")
    command = json.loads(exec_form)
    assert command[:2] == ["python", "-c"], "no curl in the slim image"
    code = command[2]
    assert "urllib.request.urlopen(" in code and "timeout=" in code
    url = urlsplit(re.search(r"'(http://[^']+)'", code).group(1))  # type: ignore[union-attr]
    assert (url.hostname, url.path) == ("127.0.0.1", "/api/health")
    (cmd,) = [json.loads(args) for name, args in instructions if name == "CMD"]
    assert str(url.port) == option(cmd, "--port")
    for name in INSTANCES:
        assert str(url.port) == option([str(c) for c in services[name]["command"]], "--port")
    assert "--timeout=" in options and "--start-period=" in options


def test_the_log_is_on_a_volume() -> None:
    instructions = dockerfile_instructions()
    (cmd,) = [json.loads(args) for name, args in instructions if name == "CMD"]
    volumes = [args for name, args in instructions if name == "VOLUME"]
    assert volumes == ["/data"]
    assert PurePosixPath(option(cmd, "--db") or "").parent == PurePosixPath("/data")
    names = [name for name, _ in instructions]
    assert names.index("VOLUME") < names.index("USER"), "after /data is made and given to the user, before USER"


def test_the_build_sends_no_checkout_clutter_and_everything_the_image_copies() -> None:
    patterns = [line.strip() for line in (REPO / ".dockerignore").read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.startswith("#")]

    def ignored(path: str) -> bool:  # Docker's rules, as far as these patterns use them (no `!`)
        parts = PurePosixPath(path).parts
        return any(fnmatch.fnmatch("/".join(parts[:i]), p) or
                   (p.startswith("**/") and any(fnmatch.fnmatch(part, p[3:]) for part in parts))
                   for p in patterns for i in range(1, len(parts) + 1))

    for path in (".venv/bin/python", ".git/HEAD", "live/__pycache__/cli.cpython-311.pyc", "live.db",
                 "examples/cacak.db", "tests/artifacts/shot.png", ".pytest_cache/v", ".mypy_cache/3.11",
                 "referee.token", "tournament_hall_live.egg-info/PKG-INFO"):
        assert ignored(path), path
    copied = [src for name, args in dockerfile_instructions() if name == "COPY" for src in args.split()[:-1]]
    assert copied
    for source in copied:
        assert not ignored(source), f"the image copies {source}"
        for file in (REPO / source).rglob("*.py") if (REPO / source).is_dir() else [REPO / source]:
            relative = file.relative_to(REPO).as_posix()
            assert "__pycache__" in relative or not ignored(relative), relative
