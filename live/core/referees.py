"""Who the referees are, and how a person shows being one.

- **Referees with a token** come from outside the log: the shared token (`LIVE_REFEREE_TOKEN`, or
  the one kept in the log) is the referee named "referee", whose actor is `referee` as in every
  log from before names; `[[referees]]` in the tournament file and `LIVE_REFEREES="Ana:token,…"`
  name others. Tokens never enter the log.
- **Referees added at the console** are events (`referee_added` with a name and a random salt);
  their token is derived from the referee secret, the name and the salt, so the log holds nothing
  that lets anyone sign in. Undoing the event takes the referee away again.
- **A session** is a signed value (HMAC-SHA256 with the referee secret) holding the name and an
  expiry, kept in an HttpOnly cookie: any instance that shares the secret checks it, nothing is
  stored. A session of a referee added at the console is also signed over their salt, so it ends
  with that addition: an undone one, or one made anew (a new salt), refuses it.
- **A grant** is what a sign-in gave to a connection that stays open (the console's WebSocket):
  who, which addition (the salt) and until when. The edge checks it again whenever the referees
  change and when it expires, and ends the connection's referee feed then.
- **A login link** is a signed value with a name, an expiry and a random nonce. It is good once:
  the sign-in event carries `login:<nonce>` as its at-most-once key, which every log refuses to
  store twice (`LOGIN_KEY_PREFIX`).

Everything here is pure: the time comes in as `now` (epoch ms).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from live.core import texts

#: The name of the shared token's referee; its actor is the bare `referee` (old logs say that too).
SHARED_NAME = "referee"
ACTOR_PREFIX = "referee:"
LOGIN_KEY_PREFIX = "login:"
MAX_NAME = 40
MIN_TOKEN = 16
SESSION_MS = 12 * 3600_000  # a tournament day
LINK_MS = 12 * 3600_000  # the link `live serve` prints: good until used, or for the day
COLLEAGUE_LINK_MS = 15 * 60_000  # a link the console shows for a colleague standing beside it
COOKIE = "live_referee"


class LoginRefused(ValueError):
    """A login link or session that is not (or no longer) good, with why."""


class RefereeConfigError(ValueError):
    """Referees that cannot be used as given (LIVE_REFEREES, or names and tokens that clash), with why."""


def actor(name: str) -> str:
    """The actor a referee's events carry: `referee` for the shared token, else `referee:<name>`."""
    return SHARED_NAME if name == SHARED_NAME else ACTOR_PREFIX + name


def name_of(actor_: str) -> str | None:
    """The referee's name an actor names; None for the scheduler, the organizer's file, a player."""
    if actor_ == SHARED_NAME:
        return SHARED_NAME
    return actor_.removeprefix(ACTOR_PREFIX) if actor_.startswith(ACTOR_PREFIX) else None


def is_referee(actor_: str) -> bool:
    return name_of(actor_) is not None


def name_problem(name: object) -> str | None:
    """What is wrong with a referee's name (in words that follow "the name"); None when it is fine.
    Names are what the audit shows: one line, at most MAX_NAME characters, no ',' or ':' (so that
    LIVE_REFEREES="Ana:token,…" can hold every name)."""
    wrong = texts.problem(name, MAX_NAME)
    if wrong is not None:
        return wrong
    assert isinstance(name, str)
    if any(ch in name for ch in ",:"):
        return "must not hold ',' or ':'"
    return None


def clean_name(name: str) -> str:
    return texts.cleaned(name)


def token_problem(token: object) -> str | None:
    if not isinstance(token, str):
        return f"must be text, not {type(token).__name__}"
    if len(token) < MIN_TOKEN:
        return f"must be at least {MIN_TOKEN} characters (it is {len(token)}): a short token can be guessed"
    if not token.isascii() or not token.isprintable() or token.strip() != token or " " in token:
        return "must be printable ASCII without spaces"
    return None


def parse_env(value: str) -> list[tuple[str, str]]:
    """`LIVE_REFEREES="Ana:token,Bojan:token"` as (name, token) pairs; ValueError naming the entry."""
    pairs: list[tuple[str, str]] = []
    for number, entry in enumerate(value.split(","), 1):
        if not entry.strip():
            continue
        name, colon, token = entry.partition(":")
        if not colon:
            raise RefereeConfigError(f"LIVE_REFEREES entry {number} must be name:token (no ':' found)")
        wrong = name_problem(name)
        if wrong is not None:
            raise RefereeConfigError(f"LIVE_REFEREES entry {number}: the name {wrong}")
        wrong = token_problem(token.strip())
        if wrong is not None:
            raise RefereeConfigError(f"LIVE_REFEREES entry {number} ({clean_name(name)}): the token {wrong}")
        pairs.append((clean_name(name), token.strip()))
    return pairs


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


@dataclass(frozen=True, slots=True)
class Grant:
    """A referee's standing as a sign-in showed it: `salt` is the console addition it came from (None for
    a referee with a token from outside the log), `expires` when its session ends (None for a token)."""

    name: str
    salt: str | None
    expires: int | None

    def holds(self, now: int, added: Mapping[str, str]) -> bool:
        """Whether it still stands: not expired, and a console addition still the same one (not undone,
        not made anew)."""
        if self.expires is not None and self.expires <= now:
            return False
        return self.salt is None or added.get(self.name) == self.salt


@dataclass(frozen=True)
class Login:
    """A login link's contents, once its signature and expiry are checked."""

    name: str
    nonce: str
    expires: int

    @property
    def key(self) -> str:
        """The sign-in event's at-most-once key: the log stores it once, so the link works once."""
        return LOGIN_KEY_PREFIX + self.nonce


class Referees:
    """The referees with a token (`fixed`: name → token) and the secret that signs sessions and links.

    `added` arguments are the referees added at the console, as the fold has them (name → salt)."""

    def __init__(self, secret: str, fixed: Sequence[tuple[str, str]]) -> None:
        if not secret:
            raise RefereeConfigError("the referee secret must not be empty")
        self._key = hashlib.sha256(b"live-referees\0" + secret.encode()).digest()
        seen: dict[str, str] = {}
        for name, _ in fixed:
            folded = name.casefold()
            if folded in seen:
                raise RefereeConfigError(f"the referee name {name!r} is given twice (the file, LIVE_REFEREES, "
                                         f"or the shared token's {SHARED_NAME!r})")
            seen[folded] = name
        self.fixed: dict[str, bytes] = {name: _digest(token) for name, token in fixed}
        holders: dict[bytes, str] = {}
        for name, digest in self.fixed.items():
            if digest in holders:
                shared = " (the shared token, LIVE_REFEREE_TOKEN)" if holders[digest] == SHARED_NAME else ""
                raise RefereeConfigError(f"two referees have the same token: {holders[digest]!r}{shared} and "
                                         f"{name!r}: give each their own")
            holders[digest] = name

    def _mac(self, *parts: str) -> str:
        return _b64(hmac.new(self._key, "\0".join(parts).encode(), hashlib.sha256).digest())

    # who they are -------------------------------------------------------------------------------

    def names(self, added: Mapping[str, str]) -> list[str]:
        return [*self.fixed, *(name for name in added if name not in self.fixed)]

    def known(self, name: str, added: Mapping[str, str]) -> bool:
        return name in self.fixed or name in added

    def taken(self, name: str, added: Mapping[str, str]) -> bool:
        """Whether a new referee may not have this name (another has it, whatever the case)."""
        folded = name.casefold()
        return folded == SHARED_NAME or any(n.casefold() == folded for n in self.names(added))

    def added_token(self, name: str, salt: str) -> str:
        """The token of a referee added at the console: derived, never stored."""
        return self._mac("token", name, salt)[:24]

    def who(self, token: str, added: Mapping[str, str]) -> str | None:
        """The name of the referee whose token this is, or None."""
        grant = self.token_grant(token, added)
        return grant.name if grant is not None else None

    def token_grant(self, token: str, added: Mapping[str, str]) -> Grant | None:
        """What the token shows, or None. Every referee's digest is compared (in constant time, without
        stopping at a match), so the time taken says nothing about which."""
        given = _digest(token.strip())
        found: Grant | None = None
        candidates = [*((n, d, None) for n, d in self.fixed.items()),
                      *((n, _digest(self.added_token(n, s)), s) for n, s in added.items() if n not in self.fixed)]
        for name, digest, salt in candidates:
            if hmac.compare_digest(given, digest) and found is None:
                found = Grant(name, salt, None)
        return found

    def _salt(self, name: str, added: Mapping[str, str]) -> str | None:
        """The salt a session of `name` is signed over: their console addition's; none for a fixed referee."""
        return None if name in self.fixed else added.get(name)

    # sessions -----------------------------------------------------------------------------------

    def session(self, name: str, now: int, added: Mapping[str, str], lasts: int = SESSION_MS) -> str:
        """A session value for the cookie: `s1.<name>.<expires>.<mac>`, the mac also over the referee's salt
        when they were added at the console (the salt is not in the value: it is the log's)."""
        body = ("s1", _b64(name.encode()), str(now + lasts))
        salt = self._salt(name, added)
        return ".".join((*body, self._mac(*body, *(() if salt is None else (salt,)))))

    def session_name(self, value: str, now: int, added: Mapping[str, str]) -> str | None:
        """The referee a session value names, if it is signed by us, not expired and they still are one."""
        grant = self.session_grant(value, now, added)
        return grant.name if grant is not None else None

    def session_grant(self, value: str, now: int, added: Mapping[str, str]) -> Grant | None:
        """What a session value shows, if it is signed by us (over the salt of the addition it was made
        for), not expired and its referee still is one; else None."""
        parts = value.strip().split(".")
        if len(parts) != 4 or parts[0] != "s1":
            return None
        try:
            name = _unb64(parts[1]).decode()
        except ValueError:
            return None
        if not self.known(name, added):
            return None
        salt = self._salt(name, added)
        try:
            name, expires = self._check("s1", value, 3, now, *(() if salt is None else (salt,)))[:2]
        except LoginRefused:
            return None
        return Grant(name, salt, expires) if expires > now else None

    def session_expires(self, value: str) -> int | None:
        parts = value.split(".")
        return int(parts[2]) if len(parts) == 4 and parts[2].isdigit() else None

    # login links --------------------------------------------------------------------------------

    def login_link(self, name: str, now: int, lasts: int = LINK_MS) -> str:
        """A one-time login value for `/referee#login=<value>`: `l1.<name>.<expires>.<nonce>.<mac>`."""
        body = ("l1", _b64(name.encode()), str(now + lasts), secrets.token_urlsafe(12))
        return ".".join((*body, self._mac(*body)))

    def check_login(self, value: str, now: int, added: Mapping[str, str]) -> Login:
        """The login a link's value holds; LoginRefused when it is forged, expired or for no referee.
        (Whether it was used already is the log's to say: see `Login.key`.)"""
        name, expires, nonce = self._check("l1", value, 4, now)
        if not self.known(name, added):
            raise LoginRefused(f"{name} is no longer a referee")
        return Login(name, nonce, expires)

    def _check(self, kind: str, value: str, fields: int, now: int, *signed_over: str) -> tuple[str, int, str]:
        parts = value.strip().split(".")
        if len(parts) != fields + 1 or parts[0] != kind:
            raise LoginRefused("not a login of this server")
        *body, mac = parts
        if not hmac.compare_digest(mac.encode(), self._mac(*body, *signed_over).encode()):
            raise LoginRefused("not a login of this server (or of another tournament)")
        try:
            name = _unb64(body[1]).decode()
            expires = int(body[2])
        except ValueError as exc:
            raise LoginRefused("not a login of this server") from exc
        if expires <= now:
            raise LoginRefused("this login has expired: ask a colleague for a new one")
        return name, expires, body[3] if fields == 4 else ""
