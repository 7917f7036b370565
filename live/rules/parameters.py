"""What a rules parameter may be set to, in one place: the tournament file's `[rules]`, the console's
`change_rules` and the fold of a log all ask `problem`.

Why bounds: every number of the rules ends up as clock arithmetic, a loop or a list a screen is
sent. A check-in that opens 10¹² minutes before a round overflows the calendar; a reserve due after
10⁹ minutes makes a list of 10⁹ penalty steps. Nothing a tournament means comes near the bounds
below (a day for a duration, a few hundred boards, the scales' own VP), so a value past them is a
typo, and it is refused with the field named before it is written anywhere. A log that an older
server let such a value into still starts: the fold sets the value aside (`live.core.state`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from live.rules import appeals as appeal_rules
from live.rules import desk as desk_rules
from live.rules.bridge import TIEBREAKS as BRIDGE_TIEBREAKS
from live.rules.lateness import CACAK, COUNT_FROM, NOVI_SAD, PENALTY_APPLIES, SLOVAK
from live.rules.presets import OPTIONAL_PARAMETERS, PARAMETER_TYPES
from live.rules.standings_preferans import TIEBREAKS as PREFERANS_TIEBREAKS
from live.rules.vp import SCALES

#: The longest duration a rule may name, in minutes: a day (a round is at most a day long too).
DAY_MINUTES = 24 * 60
#: The most boards a match (or a part of one) may have.
MAX_BOARDS = 128
#: The highest round number.
MAX_ROUND = 999
#: The most players a team (its roster, its line-up) may have.
MAX_MEMBERS = 64
#: The most dinars (or any currency's units) a fee may be: a payment's own limit (live/projections/desk.py).
MAX_MONEY = 10**9
#: The most bule a rule may charge or start a paper with.
MAX_BULE = 10_000
#: The most tournament points or VP a rule may award.
MAX_POINTS = 100
#: The most places a prize list or steps a sanction may have.
MAX_STEPS = 100
#: The most holidays a tournament file may list (two seasons of every day).
MAX_HOLIDAYS = 732
#: The longest currency name, in characters ("RSD", "EUR", "дин.").
MAX_CURRENCY = 12

#: The durations, in minutes of tournament time: none longer than a day.
DURATIONS = ("call_before", "last_deals_warning", "scoring_minutes", "checkin_opens_before", "grace_minutes",
             "late_cap_minutes", "reserve_after_minutes", "forfeit_after_minutes", "match_minutes",
             "first_match_waiting_minutes")
#: The blocks counted whole: one shorter than a minute is no block a referee can count.
BLOCKS = ("overtime_block_minutes", "late_block_minutes")

#: Each number's least and greatest value.
BOUNDS: dict[str, tuple[float, float]] = {
    **{key: (0, DAY_MINUTES) for key in DURATIONS},
    **{key: (1, DAY_MINUTES) for key in BLOCKS},
    # counts
    "segments": (0, 32),
    "max_boards_per_segment": (0, MAX_BOARDS),
    "match_boards": (1, MAX_BOARDS),
    "max_forfeits": (0, MAX_ROUND),
    "appeals_per_player": (0, MAX_ROUND),
    "appeal_decision_days": (0, 366),
    "appeal_window_days": (0, 366),
    "lineup_size": (1, MAX_MEMBERS),
    "players_needed": (1, MAX_MEMBERS),
    "roster_min": (1, MAX_MEMBERS),
    "roster_max": (1, MAX_MEMBERS),
    "basic_lineup_max": (1, MAX_MEMBERS),
    "substitute_max_boards": (0, MAX_BOARDS),
    "replacements_after_half": (0, MAX_MEMBERS),
    "boards_removed_per_block": (0, MAX_BOARDS),
    "standings_hidden_from_round": (1, MAX_ROUND),
    # preferans scoring and lateness, in points and bule
    "points_first": (0, MAX_POINTS),
    "points_second_positive": (0, MAX_POINTS),
    "points_second_negative": (0, MAX_POINTS),
    "points_last": (0, MAX_POINTS),
    "points_zero": (0, MAX_POINTS),
    "points_walkover": (0, MAX_POINTS),
    "bonus_step_bule": (1, MAX_BULE),
    "bonus_step_points": (0, MAX_POINTS),
    "bonus_cap": (0, MAX_POINTS),
    "sanction_misdeal_bule": (0, MAX_BULE),
    "sanction_forbidden_bid_bule": (0, MAX_BULE),
    "sanction_partner_pass_bule": (0, MAX_BULE),
    "late_bule_per_minute": (0, MAX_BULE),
    "reserve_bule": (0, MAX_BULE),
    "game_bule": (0, MAX_BULE),
    # bridge scoring, in VP and IMPs
    "bye_vp": (0, MAX_POINTS),
    "forfeit_vp": (0, MAX_POINTS),
    "forfeit_guilty_vp": (0, MAX_POINTS),
    "unplayed_complement": (0, MAX_POINTS),
    "bye_bonus": (0, 1),
    "overtime_vp_per_block": (0, MAX_POINTS),
    "waiting_fraction": (0, 1),
    "imps_per_removed_board": (0, MAX_POINTS),
    # the desk
    "scoring_fee": (0, MAX_MONEY),
    "entry_fee": (0, MAX_MONEY),
    "entry_fee_lady": (0, MAX_MONEY),
    "match_fee": (0, MAX_MONEY),
    "match_fee_junior": (0, MAX_MONEY),
    "prize_fund_share": (0, 100),
    "prize_fund_min_share": (0, 100),
}
#: The bounded parameters counted in minutes or days, for the message.
UNITS: dict[str, str] = {**{key: "minutes" for key in (*DURATIONS, *BLOCKS)},
                         "appeal_decision_days": "days", "appeal_window_days": "days"}
#: Parameters that are round numbers (1 or more).
ROUND_RULES = frozenset({"standings_hidden_from_round"})
#: Parameters that are a percentage, more than 0 (live/rules/lineups.py).
PERCENT_RULES = frozenset({"individual_min_percent", "substitute_rounds_below_percent"})

#: Text parameters that take one of a few words.
CHOICES: dict[str, tuple[str, ...]] = {
    "follow": ("shift", "hold"),
    # Who hears an appeal and who may lodge it (live/rules/appeals.py `AppealRules`).
    "appeal_to": (appeal_rules.COMMITTEE, appeal_rules.PRESIDIUM),
    "appeal_by": (appeal_rules.BY_PLAYER, appeal_rules.BY_TEAM),
    "count_from": COUNT_FROM,
    "late_penalty_applies": PENALTY_APPLIES,
    "vp_scale": SCALES,
}
#: Whose lateness rules a game can follow (live/rules/lateness.py reads a round's or a match's times).
LATENESS_BY_GAME: dict[str, tuple[str, ...]] = {"preferans": (CACAK,), "bridge": (NOVI_SAD, SLOVAK)}
TIEBREAKS_BY_GAME: dict[str, tuple[str, ...]] = {"preferans": PREFERANS_TIEBREAKS, "bridge": BRIDGE_TIEBREAKS}


@dataclass(frozen=True)
class Problem:
    """Why a value cannot be a parameter: `message` completes "<key> …" ("must be at most 1440, not 1e+06"),
    `code` is the console's refusal code (live/commands/refusals.py) and `detail` its parameters."""

    code: str
    message: str
    detail: dict[str, float] = field(default_factory=dict)


def kind_name(kind: type | tuple[type, ...]) -> str:
    """A type as an organizer reads it: "a number", "a whole number", "text", …"""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if set(kinds) == {int, float}:
        return "a number"
    names = {str: "text", int: "a whole number", float: "a number", bool: "true or false",
             list: "a list", dict: "a table", datetime: "a date and time"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _number(value: float) -> str:
    """A number as it was given, short: 1e+12 rather than 1000000000000.0 (and a whole number of a JSON body
    too long for any float, cut)."""
    text = f"{value:g}" if isinstance(value, float) else str(value)
    return text if len(text) <= 24 else f"{text[:12]}…({len(text)} digits)"


def _shown(value: Any) -> str:
    """A value as the message quotes it: its repr, cut (a JSON body may send a list of thousands)."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}…"


def problem(key: str, value: Any, rules: Mapping[str, Any]) -> Problem | None:
    """What is wrong with setting the parameter `key` to `value` in `rules` (the preset's, with the changes
    so far: what some checks compare with); None when it may be set. A None value turns an optional
    parameter off."""
    if key not in PARAMETER_TYPES:
        return Problem("rules.unknown", f"is not a rules parameter (known: {', '.join(PARAMETER_TYPES)})")
    if key == "game":
        return Problem("rules.game_fixed", "comes from the preset and cannot change")
    if value is None and key in OPTIONAL_PARAMETERS:
        return None
    expected = PARAMETER_TYPES[key]
    if (isinstance(value, bool) and expected is not bool) or not isinstance(value, expected):
        return Problem("rules.wrong_type", f"must be {kind_name(expected)}, not {_shown(value)}")
    if isinstance(value, int | float) and not isinstance(value, bool):
        if isinstance(value, float) and not math.isfinite(value):
            return Problem("rules.wrong_type", f"must be a finite number, not {value}")
        if value < 0:
            return Problem("rules.negative", "must not be negative")
        if key in ROUND_RULES and value < 1:
            return Problem("rules.bad_value", f"must be a round number (1 or more), not {_shown(value)}")
        if key in PERCENT_RULES and not 0 < value <= 100:
            return Problem("rules.bad_value",
                           f"must be a percentage, more than 0 and at most 100, not {_shown(value)}")
        if key in BOUNDS:
            low, high = BOUNDS[key]
            if not low <= value <= high:
                unit = f" {UNITS[key]}" if key in UNITS else ""
                return Problem("rules.between", f"must be from {_number(low)} to {_number(high)}{unit}, "
                                                f"not {_number(value)}", {"min": low, "max": high})
    wrong = _words(key, value, rules) or desk_rules.rule_problem(key, value, rules)
    return Problem("rules.bad_value", wrong) if wrong else None


def _iso_date(value: object) -> bool:
    """Whether a value is a date written as ISO 8601 (`YYYY-MM-DD`), as a holiday is listed."""
    if not isinstance(value, str) or len(value) != 10:
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _words(key: str, value: Any, rules: Mapping[str, Any]) -> str | None:
    """The checks of a text or a list parameter (a number's are its bounds)."""
    choices = CHOICES.get(key)
    if choices and value not in choices:
        return f"must be one of {', '.join(choices)}, not {_shown(value)}"
    game = str(rules.get("game", ""))
    if key == "lateness":
        known = LATENESS_BY_GAME.get(game, ())
        if value not in known:
            return f"must be one of {', '.join(known)} for {game}, not {_shown(value)}"
    if key == "standings_tiebreaks":
        known = TIEBREAKS_BY_GAME.get(game, ())
        if len(value) > len(known) or not all(isinstance(x, str) and x in known for x in value) \
                or len(set(value)) != len(value):
            return f"must list some of {', '.join(known)}, each once, not {_shown(value)}"
    if key == "sanction_bad_shuffle_bule" and (not value or len(value) > MAX_STEPS or not all(
            isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= MAX_BULE for x in value)):
        return (f"must list the bule of the 1st, 2nd, … offence (whole numbers from 0 to {MAX_BULE}, 0 for a "
                f"warning), not {_shown(value)}")
    if key == "prize_shares":
        numbers = [x for x in value if isinstance(x, int | float) and not isinstance(x, bool) and 0 <= x <= 100]
        if len(numbers) != len(value) or len(value) > MAX_STEPS or sum(numbers) > 100:
            return (f"must list the percent of the fund for 1st, 2nd, … place, adding up to at most 100, "
                    f"not {_shown(value)}")
    if key == "sponsor_places" and (len(value) > MAX_STEPS or len(set(value)) != len(value) or not all(
            isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= MAX_STEPS for x in value)):
        return f"must list the places (from 1 to {MAX_STEPS}, each once) a sponsor's prize goes to, not {_shown(value)}"
    if key == "holidays" and (len(value) > MAX_HOLIDAYS or not all(_iso_date(x) for x in value)):
        return f"must list the holidays as dates, \"2027-04-19\" (at most {MAX_HOLIDAYS}), not {_shown(value)}"
    if key == "currency" and not 0 < len(value.strip()) <= MAX_CURRENCY:
        return f"must be a currency's name of 1 to {MAX_CURRENCY} characters, not {_shown(value)}"
    return None
