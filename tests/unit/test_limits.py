"""What one client may hold (live/edges/limits.py): the message limit, a token bucket on an injected clock; and the
open-file limit, raised as far as the system grants (the system's answers passed in) and warned about when it is low."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from live.edges.limits import (
    MESSAGE_BURST,
    MESSAGES_PER_SECOND,
    TokenBucket,
    concurrency_limit,
    message_bucket,
    open_files_warning,
    raise_soft_limit,
    screens_allowed,
    soft_limits_to_try,
)


def taken(bucket: TokenBucket, times: list[float]) -> list[bool]:
    return [bucket.take(t) for t in times]


def test_a_full_bucket_takes_its_burst_at_once_and_then_refuses() -> None:
    bucket = TokenBucket(rate=10, burst=5, now=100.0)
    assert taken(bucket, [100.0] * 7) == [True] * 5 + [False, False]


def test_it_refills_at_its_rate_and_never_past_its_burst() -> None:
    bucket = TokenBucket(rate=10, burst=5, now=0.0)
    assert all(taken(bucket, [0.0] * 5))
    assert not bucket.take(0.05)  # half a token
    assert bucket.take(0.1)  # one token after 0.1 s at 10/s
    assert not bucket.take(0.1)
    # an hour of quiet saves no more than the burst
    assert taken(bucket, [3600.0] * 6) == [True] * 5 + [False]


def test_a_steady_client_at_the_rate_is_never_refused_and_one_above_it_soon_is() -> None:
    at_rate = TokenBucket(rate=10, burst=30, now=0.0)
    assert all(at_rate.take(i / 10) for i in range(1, 10_000))
    above = TokenBucket(rate=10, burst=30, now=0.0)
    refused = [i for i in range(1, 1000) if not above.take(i / 20)]  # 20 a second
    assert refused and refused[0] < 100  # the burst lasts 3 s at twice the rate


def test_a_clock_that_steps_back_gives_no_tokens() -> None:
    bucket = TokenBucket(rate=10, burst=2, now=50.0)
    assert taken(bucket, [50.0, 50.0]) == [True, True]
    assert not bucket.take(10.0)
    assert not bucket.take(50.05)  # counted from 50.0, not from the step back
    assert bucket.take(50.1)


@pytest.mark.parametrize(("rate", "burst"), [(0, 5), (-1, 5), (10, 0.5)])
def test_a_bucket_that_could_never_take_a_message_is_refused(rate: float, burst: float) -> None:
    with pytest.raises(ValueError):
        TokenBucket(rate=rate, burst=burst, now=0.0)


def page_pings(minutes: int, flips_every: float) -> list[float]:
    """When a page (display/lib/connection.js) pings: a burst of 5, 300 ms apart, on connect, every minute and
    whenever it becomes visible (here every `flips_every` s; a burst cancels the rest of the one before),
    and a heartbeat every 20 s."""
    bursts = sorted({0.0, *(60.0 * m for m in range(1, minutes + 1)),
                     *(flips_every * k for k in range(1, int(minutes * 60 / flips_every) + 1))})
    times: list[float] = []
    for i, start in enumerate(bursts):
        end = bursts[i + 1] if i + 1 < len(bursts) else start + 2
        times += [start + 0.3 * k for k in range(5) if start + 0.3 * k < end]
    times += [20.0 * k for k in range(1, minutes * 3 + 1)]
    return sorted(times)


@pytest.mark.parametrize("flips_every", [0.5, 1.0, 30.0])
def test_the_pages_own_pings_never_meet_the_limit_even_flipping_tabs(flips_every: float) -> None:
    bucket = message_bucket(0.0)
    assert all(bucket.take(t) for t in page_pings(10, flips_every))


def test_the_flood_of_the_issue_is_cut_after_the_burst() -> None:
    bucket = message_bucket(0.0)
    answered = sum(bucket.take(i / 54_100) for i in range(54_100))  # 54,100 pings in one second
    assert answered <= MESSAGE_BURST + MESSAGES_PER_SECOND


def test_uvicorn_answers_503_only_near_the_open_file_limit() -> None:
    assert concurrency_limit(1_048_576) == 1_048_576 - 128
    assert concurrency_limit(1024) == 1024 - 128
    assert concurrency_limit(100) == 64


# the open-file limit -------------------------------------------------------------------------

MAC_INFINITY = 2**63 - 1  # macOS's RLIM_INFINITY


def granted_up_to(ceiling: int, asked: list[int]) -> Callable[[int], None]:
    """setrlimit as the system answers it: EINVAL (ValueError in Python) past `ceiling`; `asked` records each try."""

    def set_soft(want: int) -> None:
        asked.append(want)
        if want > ceiling:
            raise ValueError("current limit exceeds maximum limit")

    return set_soft


def test_a_mac_with_an_unlimited_hard_limit_gets_its_per_process_ceiling_not_its_default_256() -> None:
    asked: list[int] = []
    assert raise_soft_limit(256, MAC_INFINITY, MAC_INFINITY, granted_up_to(10_240, asked)) == 10_240
    assert asked == [1 << 20, 1 << 16, 10_240]  # largest first, stopping at the first granted


def test_a_mac_whose_ceiling_is_higher_gets_more() -> None:
    assert raise_soft_limit(256, MAC_INFINITY, MAC_INFINITY, granted_up_to(245_760, [])) == 1 << 16


def test_linux_gets_its_finite_hard_limit_in_one_try() -> None:
    asked: list[int] = []
    assert raise_soft_limit(1024, 1_048_576, MAC_INFINITY, granted_up_to(1_048_576, asked)) == 1_048_576
    assert asked == [1_048_576]


def test_nothing_is_asked_past_the_hard_limit_and_a_refusal_leaves_the_soft_one() -> None:
    assert soft_limits_to_try(256, 2048, MAC_INFINITY) == [2048]
    assert soft_limits_to_try(4096, 4096, MAC_INFINITY) == []
    asked: list[int] = []
    assert raise_soft_limit(256, MAC_INFINITY, MAC_INFINITY, granted_up_to(100, asked)) == 256
    assert asked == [1 << 20, 1 << 16, 10_240, 4_096]


def test_a_limit_that_holds_a_thousand_screens_is_not_warned_about() -> None:
    assert screens_allowed(10_240) == 5_056
    assert open_files_warning(10_240, None) is None
    assert open_files_warning(2_128, 2_128) is None  # exactly 1,000 screens


def test_the_macos_default_is_warned_about_with_the_screens_it_allows_and_the_remedy() -> None:
    warning = open_files_warning(256, None)
    assert warning is not None
    assert f"about {screens_allowed(256)} screens" in warning and screens_allowed(256) == 64
    assert "ulimit -n 4096" in warning and "hard limit" not in warning


def test_a_hard_limit_below_the_advice_says_an_administrator_must_raise_it() -> None:
    warning = open_files_warning(1024, 1024)
    assert warning is not None and "about 448 screens" in warning
    assert "the hard limit is 1024" in warning and "launchctl limit maxfiles" in warning
