"""How many wrong check-in codes one caller may try: a token bucket per client address.

An attempt with a code is looked at only while its address's bucket holds a token (`check`); when
the bucket is empty it is refused before the code is looked at, with the seconds until the next
token (`Retry-After`), else an empty bucket would tell a guesser which of its codes is right. Only a
wrong code takes a token (`spend`), so right codes never use up the bucket: not a hall of players
behind one address checking in at the same moment (taking a token per attempt and giving it back
once the check-in was stored left the eleventh of them refused while ten were being stored).
The caller checks and spends with nothing awaited between them, so wrong codes sent at once cannot
all pass on one token.

Pure: the clock (seconds, any monotonic origin) is passed in. The buckets live in this process's
memory, so N instances behind one balancer allow N times the rate; docs/rules/check-in.md says so.
"""

from __future__ import annotations

import ipaddress
import math
from dataclasses import dataclass, field

#: Wrong codes one address may try at once, and then one every REFILL_SECONDS.
BURST = 10
REFILL_SECONDS = 30.0
#: Addresses remembered at most; past it, those whose bucket has refilled are forgotten.
MAX_KEYS = 10_000


def client_key(host: str | None) -> str:
    """The bucket an address falls in: an IPv4 address itself, an IPv6 address by its /64 network
    (one device may take any address of its network)."""
    if not host:
        return "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


@dataclass
class _Bucket:
    tokens: float
    at: float


@dataclass
class Limiter:
    burst: int = BURST
    refill_seconds: float = REFILL_SECONDS
    max_keys: int = MAX_KEYS
    _buckets: dict[str, _Bucket] = field(default_factory=dict)
    #: Wrong or unusable codes per address (bounded like the buckets), and the totals since start.
    failures_by_key: dict[str, int] = field(default_factory=dict)
    failures: int = 0
    refused: int = 0

    def _bucket(self, key: str, now: float) -> _Bucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.max_keys:
                self._forget_full(now)
            bucket = self._buckets[key] = _Bucket(float(self.burst), now)
        else:
            elapsed = max(0.0, now - bucket.at)
            bucket.tokens = min(float(self.burst), bucket.tokens + elapsed / self.refill_seconds)
            bucket.at = now
        return bucket

    def _forget_full(self, now: float) -> None:
        for key, bucket in list(self._buckets.items()):
            if bucket.tokens + max(0.0, now - bucket.at) / self.refill_seconds >= self.burst:
                del self._buckets[key]
        if len(self._buckets) >= self.max_keys:  # all of them busy: forget the oldest
            oldest = min(self._buckets, key=lambda k: self._buckets[k].at)
            del self._buckets[oldest]

    def check(self, key: str, now: float) -> int:
        """May an attempt from `key` be looked at: 0 when a token is there, else the whole seconds until one
        is (≥ 1; the attempt is refused and counted)."""
        bucket = self._bucket(key, now)
        if bucket.tokens >= 1.0:
            return 0
        self.refused += 1
        return max(1, math.ceil((1.0 - bucket.tokens) * self.refill_seconds))

    def spend(self, key: str, now: float) -> None:
        """The attempt's code was wrong (or could not be used): it takes a token."""
        bucket = self._bucket(key, now)
        bucket.tokens = max(0.0, bucket.tokens - 1.0)

    def failed(self, key: str) -> int:
        """Count a wrong or unusable code from `key`; how many came from there (since it was remembered)."""
        self.failures += 1
        if key not in self.failures_by_key and len(self.failures_by_key) >= self.max_keys:
            return 0
        self.failures_by_key[key] = self.failures_by_key.get(key, 0) + 1
        return self.failures_by_key[key]

    def stats(self) -> dict[str, int]:
        """For /api/health: wrong or unusable codes, attempts refused for too many, addresses they came from."""
        return {"total": self.failures, "refused": self.refused, "addresses": len(self.failures_by_key)}
