"""What the whole suite shares: every hall, in this process and in the servers the tests start, checks after
each event that the sections it kept equal the ones built anew (live/edges/hall.py, LIVE_CHECK_SECTIONS)."""

from __future__ import annotations

import os

os.environ["LIVE_CHECK_SECTIONS"] = "1"
# ... and every refusal names a reason the pages can say (live/commands/refusals.py, live/commands/validation.py).
os.environ["LIVE_CHECK_REFUSALS"] = "1"
# Every payload an event of the tests carries is described by its class (live/core/payloads.py).
os.environ["LIVE_CHECK_PAYLOADS"] = "1"
