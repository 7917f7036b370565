"""Whose X-Forwarded-For the server believes (live/edges/web/forwarded.py, `live serve --forwarded-allow-ips`).

The options go through uvicorn's own Config and ProxyHeadersMiddleware (the pinned version), so what is
checked is the client address the app sees. tests/integration/test_forwarded.py does the same with nginx.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from live.edges import cli
from live.edges.web import forwarded

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "cacak-preferans-2027.toml"


async def client_seen(trusted: list[str], peer: str, headers: list[tuple[bytes, bytes]]) -> tuple[str, str]:
    """The (client host, scheme) the app sees for a request from `peer` with `headers`."""
    seen: dict[str, Any] = {}

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.update(scope)

    config = uvicorn.Config(app, **forwarded.uvicorn_options(trusted))
    config.load()
    scope = {"type": "http", "client": (peer, 50000), "scheme": "http", "headers": headers}
    await config.loaded_app(scope, None, None)
    return seen["client"][0], seen["scheme"]


PHONE = [(b"x-forwarded-for", b"198.51.100.7"), (b"x-forwarded-proto", b"https")]


async def test_by_default_nobody_is_believed_not_even_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "*")  # uvicorn's own variable must not reach it behind our back
    assert await client_seen([], "127.0.0.1", PHONE) == ("127.0.0.1", "http")
    assert await client_seen([], "::1", PHONE) == ("::1", "http")


async def test_the_named_proxy_is_believed_and_nobody_else() -> None:
    trusted = forwarded.parse("172.30.123.10")
    assert await client_seen(trusted, "172.30.123.10", PHONE) == ("198.51.100.7", "https")
    assert await client_seen(trusted, "172.30.123.11", PHONE) == ("172.30.123.11", "http")
    assert await client_seen(trusted, "127.0.0.1", PHONE) == ("127.0.0.1", "http")


async def test_a_phone_cannot_name_itself_through_the_proxy() -> None:
    # nginx appends the address it saw to what the phone sent: the right-most address not trusted is the phone's
    forged = [(b"x-forwarded-for", b"203.0.113.99, 198.51.100.7")]
    assert await client_seen(forwarded.parse("172.30.123.0/24"), "172.30.123.10", forged) == ("198.51.100.7", "http")


def test_a_list_of_addresses_and_networks_is_read_and_normalized() -> None:
    assert forwarded.parse("") == []
    assert forwarded.parse(" 172.30.123.10 , 10.1.0.0/16,,::1 ") == ["172.30.123.10", "10.1.0.0/16", "::1"]


@pytest.mark.parametrize(("value", "said"), [
    ("*", "forged client address from anyone"),
    ("proxy", "'proxy' is not an IP address or network"),
    ("172.30.123.10/24", "'172.30.123.10/24' is not an IP address or network"),
    ("172.30.123.10, 300.1.1.1", "'300.1.1.1'"),
])
def test_what_is_not_an_address_stops_the_server_naming_it(value: str, said: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match=re.escape(said)) as info:
        forwarded.parse(value)
    with pytest.raises(SystemExit) as exit_:
        cli.main(["serve", str(EXAMPLE), "--forwarded-allow-ips", value])
    assert exit_.value.code == 2
    assert f"--forwarded-allow-ips: {info.value}" in capsys.readouterr().err


@pytest.mark.parametrize("name", forwarded.ENV)
def test_the_environment_is_read_when_the_option_is_not_given(name: str, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(name, "not-an-address")
    with pytest.raises(SystemExit):
        cli.main(["serve", str(EXAMPLE)])
    assert f"{name}: 'not-an-address' is not an IP address" in capsys.readouterr().err
