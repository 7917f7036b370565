"""What one client may ask of the server: the numbers, and the token bucket that counts messages.

One client must not slow everyone (a ping flood, a replay of the whole log, connections that never
finish their request). The limits are generous against what the pages do, so only abuse meets them:

- **Messages on a WebSocket.** The pages send pings for the clock estimate: a burst of 5, 300 ms
  apart, after a connect, once a minute and when the page becomes visible again, and one ping every
  20 s between bursts (display/lib/connection.js) — at most about 4 a second, and only for a second. A
  client may send `MESSAGE_BURST` messages at once and `MESSAGES_PER_SECOND` after that; one that
  sends more is closed with 1008. A message is at most `MAX_MESSAGE_BYTES` (uvicorn closes with 1009
  past it); a ping is about 40 bytes.
- **Replay.** A reconnect with `since` is replayed at most `REPLAY_MAX_EVENTS` events and
  `REPLAY_MAX_BYTES` of them; further behind, the client gets a snapshot marked `"resync": true`
  and no replay. The snapshot holds the whole view; the replayed events only bring the banners of
  what happened in the last seconds (a page shows a replayed event only if it is under 10 s old),
  and a reconnect after a Wi-Fi drop misses a few events, not a hundred.
- **Requests.** A request's headers and body must arrive within `REQUEST_TIMEOUT` seconds of its
  first byte (of the connection, for the first request), else the connection is closed (408);
  one address may have `MAX_PENDING_PER_ADDRESS` connections whose request is not complete, and a
  new one closes the oldest of them. See live/edges/web/edge.py.
"""

from __future__ import annotations

import contextlib
import resource

MESSAGES_PER_SECOND = 10.0
MESSAGE_BURST = 30.0
MAX_MESSAGE_BYTES = 4 * 1024
CLOSE_POLICY = 1008

REPLAY_MAX_EVENTS = 100
REPLAY_MAX_BYTES = 64 * 1024

REQUEST_TIMEOUT = 10.0
MAX_PENDING_PER_ADDRESS = 256
MAX_HEADER_BYTES = 8 * 1024
KEEP_ALIVE_TIMEOUT = 5
GRACEFUL_SHUTDOWN_TIMEOUT = 5
#: Descriptors kept free below the open-file limit: the log, Redis, and the 503s uvicorn answers past it.
SPARE_FILES = 128


class TokenBucket:
    """`rate` tokens a second, at most `burst` saved; each message takes one. The clock is the caller's (seconds).

    Starts full, so a client may send `burst` messages at once right after it connects.
    """

    __slots__ = ("_at", "_tokens", "burst", "rate")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("a bucket needs a positive rate and room for at least one message")
        self.rate = rate
        self.burst = burst
        self._tokens = burst
        self._at = now

    def take(self, now: float) -> bool:
        """Take one token at `now`; False when there is none (the message is over the limit)."""
        if now > self._at:  # a clock that steps back gives nothing and takes nothing away
            self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
            self._at = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False


def message_bucket(now: float) -> TokenBucket:
    return TokenBucket(MESSAGES_PER_SECOND, MESSAGE_BURST, now)


def raise_open_files() -> int:
    """Raise this process's soft open-file limit to the hard limit; returns the soft limit now.

    Every connection is a descriptor: at the common default of 1024 a thousand idle connections would
    make `accept()` fail for everybody.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if want > soft:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def concurrency_limit(open_files: int) -> int:
    """uvicorn's `limit_concurrency`: past this many connections, a new HTTP request is answered 503 at once."""
    return max(64, open_files - SPARE_FILES)
