"""Players' personal check-in codes.

A code is derived from a secret kept in the event log (its `secret`, `live.edges.cli.kept_secret`) and the
player's id, so it is the same on every restart and on every instance that shares the secret,
can be printed for the referee before the event, and cannot be guessed from the id. Codes use
an alphabet without look-alikes (no 0/O, 1/I/L) because people type them on phones, and are
printed in groups of four (`ABCD-EFGH`); dashes and case do not matter when typed.

Length: 8 letters of 31 is 31**8 ≈ 8.5 × 10**11 codes. Guessing is limited per client address
(`live.edges.web.ratelimit`, see `live.edges.web.api`): 10 wrong codes at once, then one every 30 s, so at most
8,650 guesses from one address over a 3-day tournament; with 1,000 players each guess hits some
code with a chance of 1,000 / 8.5 × 10**11, so all of them together about 1 in 100,000.
"""

from __future__ import annotations

import hashlib
import hmac

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: What a team captain's code is a digest of besides the team's id: a purpose of its own, so that no player's
#: code (a digest of the bare player id) is ever a captain's, whatever the ids (docs/rules/slovak-league.md#captains).
CAPTAIN_PURPOSE = b"live team captain v1\x00"
LENGTH = 8
GROUP = 4  # printed as ABCD-EFGH


def code_for(secret: str, player_id: str) -> str:
    return _code(hmac.new(secret.encode(), player_id.encode(), hashlib.sha256).digest())


def captain_code_for(secret: str, team_id: str) -> str:
    """A team captain's code: the same secret and alphabet as the players', another message."""
    return _code(hmac.new(secret.encode(), CAPTAIN_PURPOSE + team_id.encode(), hashlib.sha256).digest())


def _code(digest: bytes) -> str:
    number = int.from_bytes(digest[:16], "big")
    chars = []
    for _ in range(LENGTH):
        number, index = divmod(number, len(ALPHABET))
        chars.append(ALPHABET[index])
    return "".join(chars)


def grouped(code: str) -> str:
    """A code as printed and shown: `ABCD-EFGH`."""
    return "-".join(code[i:i + GROUP] for i in range(0, len(code), GROUP))


def normalize(code: str) -> str:
    """What a person typed, as a code: case, spaces and dashes do not matter."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


def codes(secret: str, player_ids: list[str]) -> dict[str, str]:
    """code → player id. Distinct codes are checked: a collision would let one player check in another."""
    table: dict[str, str] = {}
    for pid in player_ids:
        code = code_for(secret, pid)
        if code in table:
            raise ValueError(f"players {table[code]} and {pid} got the same check-in code; choose another secret")
        table[code] = pid
    return table


def captain_codes(secret: str, team_ids: list[str], players: dict[str, str]) -> dict[str, str]:
    """code → team id. Checked distinct among themselves and from the players' codes (`players`, code → player):
    a code that opened both would let a player act as a captain."""
    table: dict[str, str] = {}
    for team in team_ids:
        code = captain_code_for(secret, team)
        if code in table or code in players:
            raise ValueError(f"team {team}'s captain got a code already given; choose another secret")
        table[code] = team
    return table
