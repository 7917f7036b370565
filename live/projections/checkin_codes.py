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
LENGTH = 8
GROUP = 4  # printed as ABCD-EFGH


def code_for(secret: str, player_id: str) -> str:
    digest = hmac.new(secret.encode(), player_id.encode(), hashlib.sha256).digest()
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
