"""Property tests check what holds, not how fast: Hypothesis' per-example deadline would be a timed
assertion, and it fails on a busy two-core machine (speed is measured by the benchmarks in bench/)."""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("hall", deadline=None)
settings.load_profile("hall")
