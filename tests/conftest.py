"""What the whole suite shares: every hall, in this process and in the servers the tests start, checks after
each event that the sections it kept equal the ones built anew (live/hall.py, LIVE_CHECK_SECTIONS)."""

from __future__ import annotations

import os

os.environ["LIVE_CHECK_SECTIONS"] = "1"
