"""The rules presets: every number RULES.md names, as parameters an organizer may override.

A tournament file picks a preset by name and may override any key in its `[rules]` table;
the loader rejects keys that no preset knows, so a typo cannot silently keep a default.
Durations are in minutes of tournament time (a demo that runs the clock faster scales them).
"""

from __future__ import annotations

from typing import Any

PRESETS: dict[str, dict[str, Any]] = {
    # RULES.md §1, Čačak preferans tournament.
    "cacak-preferans": {
        "game": "preferans",
        "call_before": 5.0,  # "to your tables" call, minutes before the start
        "last_deals_warning": 15.0,  # "last three deals", minutes before the end
        "segments": 1,  # a preferans round has no break
        "max_boards_per_segment": 0,
        "auto_start": True,  # the scheduler starts a round at its scheduled time
        "auto_end": True,  # ... and ends it at its (moved) end
    },
    # RULES.md §2, Novi Sad open team championship: 12 boards in two halves.
    "novi-sad-teams": {
        "game": "bridge",
        "call_before": 0.0,
        "last_deals_warning": 0.0,
        "segments": 2,
        "max_boards_per_segment": 0,
        "scoring_minutes": 15.0,
        "auto_start": True,
        "auto_end": True,
    },
    # RULES.md §3, Slovak league: a match of more than 16 boards is split into equal parts of
    # at most 16 boards (24 → 2 × 12, 36 → 3 × 12).
    "slovak-league": {
        "game": "bridge",
        "call_before": 0.0,
        "last_deals_warning": 0.0,
        "segments": 0,  # 0: derived from the match's boards and max_boards_per_segment
        "max_boards_per_segment": 16,
        "auto_start": True,
        "auto_end": True,
    },
}

#: Keys that every preset has, with the type an override must have.
PARAMETER_TYPES: dict[str, type | tuple[type, ...]] = {
    "game": str,
    "call_before": (int, float),
    "last_deals_warning": (int, float),
    "segments": int,
    "max_boards_per_segment": int,
    "scoring_minutes": (int, float),
    "auto_start": bool,
    "auto_end": bool,
}


def segments_for(rules: dict[str, Any], boards: int | None) -> int:
    """How many parts a match is played in: each boundary between parts is a break signal."""
    if rules.get("segments"):
        return int(rules["segments"])
    per = int(rules.get("max_boards_per_segment") or 0)
    if not per or not boards or boards <= per:
        return 1
    parts = -(-boards // per)  # the fewest parts of at most `per` boards ...
    while boards % parts:  # ... that are equal (40 boards: 4 × 10, not 3 × 13⅓)
        parts += 1
    return parts
