"""Run `live` as far as this machine can play Windows: `python like_windows.py serve FILE …`.

The hall's organizers mostly carry Windows laptops, and no Windows machine runs the tests; what breaks
there first is what Linux has and Windows lacks. Before the CLI is imported this refuses the modules
Windows does not have (`UNIX_ONLY`), takes away the functions and constants of `os`, `signal` and
`socket` it does not have (`ABSENT`), makes the loop's `add_signal_handler` raise NotImplementedError as
the Proactor loop does, and leaves zoneinfo without a system time-zone database (Windows has none: the
`tzdata` package must serve it), so an unconditional import or a call of any of them on the way to a
command fails here as it would there. `sys.platform` stays "linux": pretending otherwise would make
the standard library reach for Windows' own modules.
"""

from __future__ import annotations

import asyncio.unix_events
import os
import signal
import socket
import sys
import zoneinfo
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

UNIX_ONLY = frozenset({"resource", "fcntl", "termios", "tty", "pty", "pwd", "grp", "syslog", "curses", "_curses",
                       "readline", "crypt", "spwd", "nis", "_posixshmem", "posix_ipc", "uvloop"})
ABSENT: dict[ModuleType, tuple[str, ...]] = {
    os: ("fork", "forkpty", "getuid", "geteuid", "getgid", "getegid", "setsid", "getpgid", "killpg", "nice",
         "sync", "statvfs", "getloadavg", "sched_getaffinity", "pipe2", "O_NOFOLLOW", "O_CLOEXEC", "O_NONBLOCK"),
    signal: ("SIGHUP", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGQUIT", "SIGKILL", "alarm", "setitimer", "pause",
             "siginterrupt", "pthread_kill", "pthread_sigmask"),
    socket: ("SO_REUSEPORT",),  # (AF_UNIX stays: the loop's own socketpair() needs it on Linux)
}


class RefuseUnixOnly:
    """A meta-path finder that refuses the modules Windows does not have, as a failed import there does."""

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name.partition(".")[0] in UNIX_ONLY:
            raise ModuleNotFoundError(f"No module named {name!r} (as on Windows)", name=name)
        return None


def no_signal_handlers(*args: object, **kwargs: object) -> None:
    raise NotImplementedError("add_signal_handler: the Windows event loops have none")


def become_windows_like() -> None:
    for name in [m for m in sys.modules if m.partition(".")[0] in UNIX_ONLY]:
        del sys.modules[name]
    sys.meta_path.insert(0, RefuseUnixOnly())
    for module, names in ABSENT.items():
        for name in names:
            if hasattr(module, name):
                delattr(module, name)
    asyncio.unix_events._UnixSelectorEventLoop.add_signal_handler = no_signal_handlers  # type: ignore[method-assign,assignment]
    zoneinfo.reset_tzpath(to=())  # only the tzdata package knows the zones


if __name__ == "__main__":
    become_windows_like()
    from live.edges.cli import main

    sys.exit(main(sys.argv[1:]))
