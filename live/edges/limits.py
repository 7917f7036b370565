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
  new one closes the oldest of them; a request's line and headers are at most `MAX_HEADER_BYTES`, however
  they arrive. See live/edges/web/edge.py.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

try:
    import resource
except ImportError:  # Windows: no rlimits, and no descriptor limit for sockets (WINDOWS_OPEN_FILES)
    HAVE_RLIMIT = False
else:
    HAVE_RLIMIT = True

MESSAGES_PER_SECOND = 10.0
MESSAGE_BURST = 30.0
MAX_MESSAGE_BYTES = 4 * 1024
CLOSE_POLICY = 1008

REPLAY_MAX_EVENTS = 100
REPLAY_MAX_BYTES = 64 * 1024

#: The WebSocket keepalive (`live serve --ws-ping`): a ping every `PING_S` seconds, and a page that does not answer
#: within as long is closed (1011) and reconnects. A page that stopped reading is closed as well once events
#: leave it behind by more than the hub keeps for it (4008, live/edges/hub.py): whichever comes first.
PING_S = 20.0
MIN_PING_S, MAX_PING_S = 1.0, 3600.0

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


#: Windows has no open-file limit for sockets (each is a kernel handle, millions a process) and asyncio's
#: Proactor loop has no select() cap either: what gives first there is the laptop's memory and CPU. So
#: `raise_open_files` reports this many, which makes the connection cap (`concurrency_limit`) about 10,000
#: a listener: the same hall as a Mac at its usual ceiling, five times the ~1,000 screens and phones of a
#: big hall, and a 503 rather than a laptop that slows down for everybody past it.
WINDOWS_OPEN_FILES = 10_240
#: macOS refuses a soft limit above kern.maxfilesperproc (10,240 on most Macs) with EINVAL even when the
#: hard limit is RLIM_INFINITY, so the soft limits below the hard one are tried too, largest first.
FALLBACK_OPEN_FILES = (1 << 20, 1 << 16, 10_240, 4_096)
#: Descriptors one screen holds: its WebSocket, and the kept-alive HTTP connection its page came on.
FILES_PER_SCREEN = 2
#: Below this many screens the server warns at start: a big hall has about a thousand, phones included.
HALL_SCREENS = 1_000
#: The limit the warning advises: room for about 2,000 screens.
ADVISED_OPEN_FILES = 4_096


def soft_limits_to_try(soft: int, hard: int, infinity: int) -> list[int]:
    """The soft open-file limits worth asking for, largest first: the hard limit (when it is finite), then
    `FALLBACK_OPEN_FILES` under it; only those above `soft` (`infinity` is the platform's RLIM_INFINITY)."""
    ceiling = hard if hard != infinity else FALLBACK_OPEN_FILES[0]
    wanted = {min(ceiling, n) for n in (ceiling, *FALLBACK_OPEN_FILES)}
    return sorted((n for n in wanted if n > soft), reverse=True)


def raise_soft_limit(soft: int, hard: int, infinity: int, set_soft: Callable[[int], None]) -> int:
    """Ask `set_soft` for each of `soft_limits_to_try` until one is granted; returns the soft limit that results.
    A refusal (ValueError or OSError, as `resource.setrlimit` raises) only means: try a smaller one."""
    for want in soft_limits_to_try(soft, hard, infinity):
        try:
            set_soft(want)
        except (ValueError, OSError):
            continue
        return want
    return soft


def raise_open_files() -> int:
    """Raise this process's soft open-file limit as far as the system lets it; returns the soft limit now.

    Every connection is a descriptor: at the common default of 1024 (256 on macOS) a thousand idle
    connections would make `accept()` fail for everybody. Windows has no such limit: WINDOWS_OPEN_FILES.
    """
    if sys.platform != "win32" and HAVE_RLIMIT:  # (mypy --platform win32 reads the first; tests the second)
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        raise_soft_limit(soft, hard, resource.RLIM_INFINITY,
                         lambda want: resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard)))
        return resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return WINDOWS_OPEN_FILES


def screens_allowed(open_files: int) -> int:
    """How many screens (or phones) the server holds at once under a soft limit of `open_files` descriptors."""
    return max(0, open_files - SPARE_FILES) // FILES_PER_SCREEN


def open_files_warning(open_files: int, hard: int | None) -> str | None:
    """What `serve` and `demo` tell the organizer when the open-file limit leaves room for fewer than
    HALL_SCREENS screens (None when it does not): how many it allows and how to raise it. `hard` is the
    hard limit (None: unlimited), which `ulimit -n` cannot pass without an administrator."""
    screens = screens_allowed(open_files)
    if screens >= HALL_SCREENS:
        return None
    text = (f"the open-file limit is {open_files}, so this server holds about {screens} screens and phones at once "
            f"({FILES_PER_SCREEN} descriptors each); for a bigger hall stop it, run `ulimit -n {ADVISED_OPEN_FILES}` "
            "in this terminal and start it again")
    if hard is not None and hard < ADVISED_OPEN_FILES:
        text += (f" (the hard limit is {hard}: an administrator must raise it first, on macOS with "
                 f"`sudo launchctl limit maxfiles {ADVISED_OPEN_FILES} unlimited`)")
    return text


def open_files_caution() -> str | None:
    """`open_files_warning` for this process, after raising its limit (None on Windows: no such limit)."""
    open_files = raise_open_files()
    if sys.platform != "win32" and HAVE_RLIMIT:
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        return open_files_warning(open_files, None if hard == resource.RLIM_INFINITY else hard)
    return None


def concurrency_limit(open_files: int) -> int:
    """uvicorn's `limit_concurrency`: past this many connections, a new HTTP request is answered 503 at once."""
    return max(64, open_files - SPARE_FILES)
