"""Player sessions: a signed value naming a player and an expiry, checked with the kept secret."""

from __future__ import annotations

from live.edges import sessions

SECRET = "kept beside the log"
NOW = 1_800_000_000_000


def test_a_session_names_its_player_until_it_expires() -> None:
    value = sessions.issue(SECRET, "cacak-2027", "p01", NOW + sessions.LIFETIME_MS)
    assert sessions.verify(SECRET, "cacak-2027", value, NOW) == "p01"
    assert sessions.verify(SECRET, "cacak-2027", value, NOW + sessions.LIFETIME_MS - 1) == "p01"
    assert sessions.verify(SECRET, "cacak-2027", value, NOW + sessions.LIFETIME_MS) is None, "expired"
    assert sessions.LIFETIME_MS >= 3 * 24 * 3600 * 1000, "a three-day tournament on one session"


def test_a_tampered_session_or_one_for_another_player_opens_nothing() -> None:
    value = sessions.issue(SECRET, "cacak-2027", "p01", NOW + 1000)
    name, expires, mac = value.split(".")
    other = sessions.issue(SECRET, "cacak-2027", "p02", NOW + 1000)
    # p02's name with p01's mac, a later expiry with the old mac, a changed mac: all refused
    assert sessions.verify(SECRET, "cacak-2027", f"{other.split('.')[0]}.{expires}.{mac}", NOW) is None
    assert sessions.verify(SECRET, "cacak-2027", f"{name}.{int(expires) + 10**9}.{mac}", NOW) is None
    assert sessions.verify(SECRET, "cacak-2027", f"{name}.{expires}.{mac[:-1]}{'A' if mac[-1] != 'A' else 'B'}",
                           NOW) is None
    assert sessions.verify(SECRET, "cacak-2027", other, NOW) == "p02"
    assert sessions.verify("another secret", "cacak-2027", value, NOW) is None, "a new secret ends every session"
    assert sessions.verify(SECRET, "another-tournament", value, NOW) is None


def test_garbage_is_no_session() -> None:
    for junk in (None, "", "p01", "a.b.c", "cDAx.12x.abc", "cDAx.1.2.3", "!!!.1.abc", "x" * 600,
                 "cDAx.²³.abc", "cDAx." + "9" * 19 + ".abc"):
        assert sessions.verify(SECRET, "t", junk, NOW) is None, junk
