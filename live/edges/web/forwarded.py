"""Whose `X-Forwarded-For` / `X-Forwarded-Proto` the server believes: the proxies named at start, nobody else.

The check-in limit (live/edges/web/ratelimit.py) and the logs key on the client's address. Behind a proxy
the socket shows the proxy's address for every phone, so the server must read the phone's from the
proxy's `X-Forwarded-For`; but a header anyone can send is believed only from the proxy, or a guesser
would name a new address with every try and never run out of tries. uvicorn's ProxyHeadersMiddleware
(pinned 0.55) does the reading: from a trusted peer it takes the right-most address of `X-Forwarded-For`
that is not itself trusted (so a phone's own `X-Forwarded-For` in front of what the proxy appends
changes nothing) and the scheme of `X-Forwarded-Proto`; from any other peer neither.

Nobody is trusted unless named (`live serve --forwarded-allow-ips`, LIVE_FORWARDED_ALLOW_IPS). uvicorn's own
default trusts loopback; not here: a laptop in a hall has no proxy, and on it loopback is every local
process and every tunnel (`ssh -R`, a tunnel agent) that hands the world's connections over from
127.0.0.1, each of which could then name any address it likes. A proxy on the same machine is named
like any other (`--forwarded-allow-ips 127.0.0.1`).

uvicorn reads an entry it cannot parse as a literal name and never matches it, silently; so entries are
checked here, and one that is not an address or a network stops the server with what is wrong.
"""

from __future__ import annotations

import ipaddress
from typing import TypedDict

#: The variables `live serve` reads when --forwarded-allow-ips is not given; the second is uvicorn's own
#: name, which earlier versions of this server let uvicorn read.
ENV = ("LIVE_FORWARDED_ALLOW_IPS", "FORWARDED_ALLOW_IPS")


def parse(value: str) -> list[str]:
    """The trusted proxies of a comma-separated list of IP addresses and networks (CIDR), normalized;
    an empty list trusts nobody. ValueError says which entry is wrong and why."""
    trusted: list[str] = []
    for raw in value.split(","):
        entry = raw.strip()
        if not entry:
            continue
        if entry == "*":
            raise ValueError("'*' would believe a forged client address from anyone: name the proxy's address "
                             "or network (e.g. 172.30.123.10 or 172.30.123.0/24)")
        try:
            trusted.append(str(ipaddress.ip_network(entry, strict=True) if "/" in entry
                               else ipaddress.ip_address(entry)))
        except ValueError as exc:
            raise ValueError(f"{entry!r} is not an IP address or network (e.g. 172.30.123.10 or "
                             f"172.30.123.0/24): {exc}") from None
    return trusted


class ProxyOptions(TypedDict):
    """uvicorn.Config's arguments about proxies (`uvicorn_options`)."""

    proxy_headers: bool
    forwarded_allow_ips: list[str]


def uvicorn_options(trusted: list[str]) -> ProxyOptions:
    """uvicorn.Config's arguments for `trusted` (always given, so uvicorn's own loopback default and its
    FORWARDED_ALLOW_IPS never apply behind the server's back)."""
    return {"proxy_headers": bool(trusted), "forwarded_allow_ips": list(trusted)}
