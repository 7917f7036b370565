"""Player sessions: a player's code, typed once, opens their own page on that phone.

A session is a stateless signed value, `<player>.<expires>.<mac>` (the player id in base64url,
the expiry in epoch ms, an HMAC-SHA256 of both and the tournament's id), with a key derived from
the check-in secret kept in the log (its meta). Every instance that shares the secret
accepts it, so no sticky sessions and nothing stored; a new secret ends every session. The server
sets it as an HttpOnly, SameSite=Strict cookie; the page never sees it, and the browser sends it
on the same-origin WebSocket upgrade.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac

COOKIE = "live_player"
#: A team captain's session (live/edges/web/captains_api.py): the same signed value under a key of its own
#: (`CAPTAIN`), so that a player's session never opens a captain's, nor the other way round.
CAPTAIN_COOKIE = "live_captain"
PLAYER = b"live player sessions v1"
CAPTAIN = b"live captain sessions v1"
#: How long a session lasts: a weekend tournament from Friday to Monday, then the code again.
LIFETIME_MS = 4 * 24 * 3600 * 1000


def _key(secret: str, purpose: bytes) -> bytes:
    # Not the check-in codes' key itself: a code is a digest of (secret, player id), a session's mac is not.
    return hmac.new(secret.encode(), purpose, hashlib.sha256).digest()


def _mac(secret: str, tournament: str, player: str, expires_ms: int, purpose: bytes) -> str:
    message = b"\x00".join((tournament.encode(), player.encode(), str(expires_ms).encode()))
    digest = hmac.new(_key(secret, purpose), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def issue(secret: str, tournament: str, player: str, expires_ms: int, purpose: bytes = PLAYER) -> str:
    """A session for `player` (with `purpose` CAPTAIN: for the captain of the team `player`)."""
    name = base64.urlsafe_b64encode(player.encode()).rstrip(b"=").decode()
    return f"{name}.{expires_ms}.{_mac(secret, tournament, player, expires_ms, purpose)}"


def verify(secret: str, tournament: str, value: str | None, now_ms: int, purpose: bytes = PLAYER) -> str | None:
    """The player (or team, for a CAPTAIN session) a session names, if its mac is right and it has not expired;
    else None."""
    if not value or len(value) > 512:
        return None
    parts = value.split(".")
    if len(parts) != 3 or not parts[1].isascii() or not parts[1].isdigit() or len(parts[1]) > 18:
        return None
    name, expires, mac = parts
    try:
        player = base64.urlsafe_b64decode(name + "=" * (-len(name) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    expires_ms = int(expires)
    if not hmac.compare_digest(mac.encode(), _mac(secret, tournament, player, expires_ms, purpose).encode()):
        return None
    return player if now_ms < expires_ms else None
