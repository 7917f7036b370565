"""The limiter on check-in codes: a token bucket per client address, with a fake clock (seconds)."""

from __future__ import annotations

from live.edges.web.ratelimit import Limiter, client_key


def attempt(limiter: Limiter, key: str, now: float) -> int:
    """A wrong code, as the API tries one: checked, then spent if it may be looked at."""
    wait = limiter.check(key, now)
    if not wait:
        limiter.spend(key, now)
    return wait


def test_ten_wrong_codes_at_once_then_one_every_30_seconds() -> None:
    limiter = Limiter(burst=10, refill_seconds=30)
    assert [attempt(limiter, "10.0.0.7", 0.0) for _ in range(10)] == [0] * 10
    assert attempt(limiter, "10.0.0.7", 0.0) == 30, "the eleventh waits for the next token: Retry-After 30"
    assert attempt(limiter, "10.0.0.7", 12.5) == 18
    assert attempt(limiter, "10.0.0.7", 30.0) == 0, "a token came back after 30 s"
    assert attempt(limiter, "10.0.0.7", 30.0) == 30
    assert attempt(limiter, "10.0.0.8", 30.0) == 0, "another address has its own bucket"
    assert limiter.refused == 3


def test_a_day_of_guessing_gets_no_more_than_the_rate() -> None:
    limiter = Limiter(burst=10, refill_seconds=30)
    allowed = sum(attempt(limiter, "a", t / 10) == 0 for t in range(0, 86_400 * 10, 7))  # a try every 0.7 s
    assert allowed == 10 + 2879, "the burst, then a token at 30 s, 60 s, … 86,370 s"


def test_only_a_wrong_code_takes_a_token() -> None:
    limiter = Limiter(burst=2, refill_seconds=30)
    for _ in range(50):  # a hall of players behind one address, each typing a right code: checked, never spent
        assert limiter.check("nat", 1.0) == 0
    assert [attempt(limiter, "nat", 1.0) for _ in range(3)] == [0, 0, 30]
    assert limiter.check("nat", 1.0) == 30, "an empty bucket refuses before the code is looked at"
    limiter.spend("nat", 1.0)  # a wrong code spent on an empty bucket (it was let in before) leaves it empty
    assert limiter.check("nat", 31.0) == 0, "and a token comes back 30 s on, not 60"


def test_failures_are_counted_per_address_and_in_total() -> None:
    limiter = Limiter()
    assert [limiter.failed("10.0.0.7"), limiter.failed("10.0.0.7"), limiter.failed("10.0.0.9")] == [1, 2, 1]
    assert limiter.stats() == {"total": 3, "refused": 0, "addresses": 2}


def test_memory_stays_bounded_and_a_busy_address_is_not_forgotten_for_an_idle_one() -> None:
    limiter = Limiter(burst=3, refill_seconds=30, max_keys=100)
    for _ in range(3):
        attempt(limiter, "attacker", 0.0)
    for k in range(1000):
        limiter.check(f"phone-{k}", 1.0)  # a right code: a full bucket, nothing to remember
    assert len(limiter._buckets) <= 100
    assert limiter.check("attacker", 2.0) > 0, "its empty bucket was kept"


def test_an_ipv6_device_cannot_step_around_its_bucket_by_changing_its_address() -> None:
    assert client_key("2001:db8:1:2::1") == client_key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("::ffff:10.0.0.7") == client_key("10.0.0.7") == "10.0.0.7"
    assert client_key(None) == "unknown"
