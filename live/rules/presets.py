"""The rules presets: every number the rules (docs/rules/) name, as parameters an organizer may override.

A tournament file picks a preset by name and may override any key in its `[rules]` table;
the loader rejects keys that no preset knows, so a typo cannot silently keep a default.
Durations are in minutes of tournament time (a demo that runs the clock faster scales them).
What each may be set to (a duration at most a day, a count of boards or members a match can
have, …) is said once, in live/rules/parameters.py, for the file, the console and the log alike.
"""

from __future__ import annotations

from typing import Any

PRESETS: dict[str, dict[str, Any]] = {
    # Čačak preferans tournament (docs/rules/cacak.md).
    "cacak-preferans": {
        "game": "preferans",
        "call_before": 5.0,  # "to your tables" call, minutes before the start
        "last_deals_warning": 15.0,  # "last three deals", minutes before the end
        "segments": 1,  # a preferans round has no break
        "max_boards_per_segment": 0,
        "auto_start": True,  # the scheduler starts a round at its scheduled time
        "auto_end": True,  # ... and ends it at its (moved) end
        "follow": "shift",  # a round that ends late moves the rest of its day (live/core/schedule.py)
        # Scoring of one game (live/rules/preferans.py): points by place, 0.1 per full 10 bule.
        "points_first": 4.0,
        "points_second_positive": 3.0,
        "points_second_negative": 3.0,
        "points_last": 1.0,
        "points_zero": 3.0,  # a result of exactly 0 ("counted as 2nd, positive")
        "points_walkover": 4.0,  # the one player who came when two are absent at 30 minutes
        "bonus_step_bule": 10,  # "every full 10 bule"
        "bonus_step_points": 0.1,
        "bonus_cap": 0.5,  # the bonus for 1st and 2nd-positive; the malus has no limit
        "standings_tiebreaks": ["bule", "head_to_head"],  # after the sum of points; then shared
        "prize_shares": [50, 25, 15, 10],  # % of the prize fund by place (live/rules/prizes.py)
        "sponsor_places": [5],  # places that get a sponsor's prize, not money from the fund
        # Sanctions and appeals (live/rules/sanctions.py, live/rules/appeals.py), in bule on the offender's paper.
        "sanction_bad_shuffle_bule": [0, 4, 16, 32],  # 1st, 2nd, … bad shuffle or cut (0: a warning); the last repeats
        "sanction_misdeal_bule": 2,  # to each co-player at the table (each writes 20 supe on the dealer)
        "sanction_forbidden_bid_bule": 20,  # a game declared that cannot be played after the one declared
        "sanction_partner_pass_bule": 10,  # letting the partner pass with seven tricks countable
        "appeals_per_player": 3,  # requests to the judges' committee in the tournament
        "scoring_fee": 200,  # dinars the last-placed of each table pays for the scoring (live/rules/table_slips.py)
        # The desk (live/rules/desk.py): 4000 dinars a player, ladies 2000; at least 70 % of the entry fees
        # to the prize fund (the organizer sets the share, not below the minimum); no refund on withdrawal.
        "currency": "RSD",
        "entry_fee": 4000,
        "entry_fee_lady": 2000,
        "entry_fee_per": "player",
        "prize_fund_share": 70,
        "prize_fund_min_share": 70,  # the document's minimum: not overridable
        "prize_fund_from": ["entry"],  # what the fund is a share of: the entry fees paid
        "withdrawn_no_refund": True,
        # Late arrival (live/rules/lateness.py): 5 minutes tolerated, then 2 bule a minute up to 30.
        "checkin_opens_before": 60.0,  # minutes before a round's start when players may check in
        "lateness": "cacak-preferans",  # whose lateness rules apply (alerts: grace, reserve)
        "grace_minutes": 5.0,
        "late_bule_per_minute": 2,
        "late_cap_minutes": 30.0,
        "reserve_after_minutes": 30.0,  # a seat still empty then gets a reserve (or the table a walkover)
        "reserve_bule": 350,  # the reserve starts the game with this instead of game_bule
        "game_bule": 300,
        "count_from": "start",  # "start" | "grace_end": where the minutes of the penalty are counted from
        "late_penalty_applies": "paper",  # "paper" (300 + penalty) | "result" (deducted from the result)
    },
    # Novi Sad open team championship (docs/rules/novi-sad.md): 12 boards in two halves.
    "novi-sad-teams": {
        "game": "bridge",
        "call_before": 0.0,
        "last_deals_warning": 0.0,
        "segments": 2,
        "max_boards_per_segment": 0,
        "scoring_minutes": 15.0,
        "auto_start": True,
        "auto_end": True,
        "follow": "shift",
        # Scoring (live/rules/bridge.py, live/rules/vp.py).
        "vp_scale": "wbf",  # WBF continuous 20-VP scale
        "bye_vp": 12.0,
        "forfeit_vp": 12.0,  # the innocent team's least award (or its average, or 20 − the opponent's)
        "forfeit_guilty_vp": 0.0,
        "max_forfeits": 2,  # a third forfeit disqualifies
        "standings_tiebreaks": ["h2h_vp", "imp_diff"],  # after VP; then shared
        "prize_shares": [60, 40],  # % of the prize fund by place (live/rules/prizes.py)
        # Time penalties (live/rules/lateness.py).
        "checkin_opens_before": 60.0,
        "players_needed": 4,  # a team is complete when this many of its players are in
        "lateness": "novi-sad-teams",  # whose lateness rules apply (alert: forfeit)
        "forfeit_after_minutes": 30.0,  # team not complete by then → forfeit
        "match_minutes": 90.0,  # + scoring_minutes = the time a match may take before VP are lost
        # ... for a match of this many boards: §1's pace is "adapted to the 12-board format", so a match of
        # other boards is allowed match_minutes × its boards / match_boards, + scoring_minutes.
        "match_boards": 12,
        "overtime_block_minutes": 5.0,
        "overtime_vp_per_block": 1.0,  # per whole block beyond match + scoring
        # Team sheets (live/rules/lineups.py, live/rules/rosters.py).
        "lineup_size": 4,  # players of a team at the table in a part
        "individual_min_percent": 40,  # of the team's boards, for the final individual ranking
        "substitute_max_boards": 3,  # a referee's substitute, per team and match
        "replacements_after_half": 1,  # players a team may replace after half of its matches (no extension then)
        # The desk (live/rules/desk.py): 1500 dinars a team, 50 a player per match played (juniors free);
        # all of it to the prize fund.
        "currency": "RSD",
        "entry_fee": 1500,
        "entry_fee_per": "team",
        "match_fee": 50,
        "match_fee_junior": 0,
        "prize_fund_share": 100,
        "prize_fund_min_share": 100,
        "prize_fund_from": ["entry", "match_fee"],
    },
    # Slovak league (docs/rules/slovak-league.md#parts): a match of more than 16 boards is split into equal parts of
    # at most 16 boards (24 → 2 × 12, 36 → 3 × 12).
    "slovak-league": {
        "game": "bridge",
        "call_before": 0.0,
        "last_deals_warning": 0.0,
        "segments": 0,  # 0: derived from the match's boards and max_boards_per_segment
        "max_boards_per_segment": 16,
        "auto_start": True,
        "auto_end": True,
        "follow": "shift",
        # Scoring (live/rules/bridge.py, live/rules/vp.py).
        "vp_scale": "slovak25",  # the 25-VP table of Annex 1
        "bye_bonus": 0.2,  # bye and §27.8 (a): a draw + 20 % (15 → 18 VP)
        "forfeit_guilty_vp": 5.0,  # §27.8 (d)
        # §27.8 (c): this − the opponent's average (docs/rules/differences.md#slovak-complement)
        "unplayed_complement": 25.0,
        "standings_tiebreaks": ["h2h_vp", "imp_diff", "h2h_imp_diff"],  # §19; then shared
        # Late arrival §18, §27.2 (live/rules/lateness.py).
        "checkin_opens_before": 60.0,
        "players_needed": 4,
        "lateness": "slovak-league",  # whose lateness rules apply (alerts: block:N, forfeit)
        "waiting_fraction": 0.25,  # of the match time without scoring time
        "first_match_waiting_minutes": 120.0,  # first match of a gathering, or a lone 2nd-league match
        "late_block_minutes": 15.0,  # every started block removes boards
        "boards_removed_per_block": 2,
        "imps_per_removed_board": 3.0,  # §26.2, to the non-offending team
        # Team sheets §17, §27.5 (live/rules/lineups.py, live/rules/rosters.py).
        "lineup_size": 4,
        "roster_min": 4,  # the 5th and later members may be added later, before a match starts
        "roster_max": 8,
        "replaced_sits_out": True,  # replaced during a part (the director's leave): not in the next part
        # §27.1 "Náhradník nesmie nastúpiť v polovici alebo viac kolách súťaže": a player marked as a substitute plays
        # in fewer than this share of the competition's rounds (5 of 10 is half: refused; 4 is allowed).
        "substitute_rounds_below_percent": 50,
        # §27.1 "Družstvo tvoria štyria až šiesti hráči základnej zostavy": at most this many of a team's members
        # (not withdrawn) are of its basic line-up; the others are marked substitutes.
        "basic_lineup_max": 6,
        # Appeals §28 (live/rules/appeals.py): lodged by a team (its captain, or at least half of its line-up in
        # the match) against a director's decision, to the federation's presidium, which decides within 28 days;
        # no limit on their number, no unanimity rule. Until decided, the match's result is provisional (§24.1).
        "appeal_to": "presidium",
        "appeal_by": "team",
        "appeal_unanimity": False,
        "appeal_decision_days": 28,
        # §24.1: for a long competition the term for complaints ends 15 days after the overall results are published
        # (the coordinator's `publish_results`, else the last match's result in); an appeal lodged later is heard as a
        # complaint (§28.2), not recorded here. The results are provisional until the term is over and every appeal
        # decided (or the presidium approved them over it), then final (live/rules/finality.py). The seed gives no
        # term for a short competition ("u dlhodobých súťaží"): an organizer sets one here, a fraction of a day too.
        "appeal_window_days": 15,
    },
}

#: Keys that every preset has (but the OPTIONAL_PARAMETERS), with the type an override must have.
PARAMETER_TYPES: dict[str, type | tuple[type, ...]] = {
    "game": str,
    "call_before": (int, float),
    "last_deals_warning": (int, float),
    "segments": int,
    "max_boards_per_segment": int,
    "scoring_minutes": (int, float),
    "auto_start": bool,
    "auto_end": bool,
    "follow": str,
    "points_first": (int, float),
    "points_second_positive": (int, float),
    "points_second_negative": (int, float),
    "points_last": (int, float),
    "points_zero": (int, float),
    "points_walkover": (int, float),
    "bonus_step_bule": int,
    "bonus_step_points": (int, float),
    "bonus_cap": (int, float),
    "standings_tiebreaks": list,
    "vp_scale": str,
    "bye_vp": (int, float),
    "bye_bonus": (int, float),
    "forfeit_vp": (int, float),
    "forfeit_guilty_vp": (int, float),
    "max_forfeits": int,
    "unplayed_complement": (int, float),
    "prize_shares": list,
    "sanction_bad_shuffle_bule": list,
    "sanction_misdeal_bule": int,
    "sanction_forbidden_bid_bule": int,
    "sanction_partner_pass_bule": int,
    "appeals_per_player": int,
    "appeal_to": str,  # "committee" (Čačak, the default with appeals_per_player) | "presidium" (Slovak §28)
    "appeal_by": str,  # "player" | "team"
    "appeal_unanimity": bool,  # only a unanimous upheld decision changes anything
    "appeal_decision_days": int,  # the term of the body's decision, shown with an open appeal
    "appeal_window_days": (int, float),  # days after the overall results are published during which an appeal is taken
    "scoring_fee": (int, float),
    "currency": str,
    "entry_fee": (int, float),
    "entry_fee_lady": (int, float),
    "entry_fee_per": str,
    "match_fee": (int, float),
    "match_fee_junior": (int, float),
    "prize_fund_share": (int, float),
    "prize_fund_min_share": (int, float),
    "prize_fund_from": list,
    "sponsor_places": list,  # places given a sponsor's prize (live/rules/prizes.py `sponsored`); [] for none
    "withdrawn_no_refund": bool,
    "lineup_size": int,
    "individual_min_percent": (int, float),
    "substitute_max_boards": int,
    "replacements_after_half": int,
    "roster_min": int,
    "roster_max": int,
    "replaced_sits_out": bool,
    "basic_lineup_max": int,  # Slovak §27.1: the basic line-up's most members (the rest are substitutes)
    "substitute_rounds_below_percent": (int, float),  # Slovak §27.1: a substitute plays in fewer than this share
    "lateness": str,
    "checkin_opens_before": (int, float),
    "players_needed": int,
    "grace_minutes": (int, float),
    "late_bule_per_minute": (int, float),
    "late_cap_minutes": (int, float),
    "reserve_after_minutes": (int, float),
    "reserve_bule": int,
    "game_bule": int,
    "count_from": str,
    "late_penalty_applies": str,
    "forfeit_after_minutes": (int, float),
    "match_minutes": (int, float),
    "match_boards": int,  # the boards match_minutes is set for (Novi Sad: the pace, scaled to a match's boards)
    "overtime_block_minutes": (int, float),
    "overtime_vp_per_block": (int, float),
    "waiting_fraction": (int, float),
    "first_match_waiting_minutes": (int, float),
    "late_block_minutes": (int, float),
    "boards_removed_per_block": int,
    "imps_per_removed_board": (int, float),
    # Optional in every preset (absent: never): from the start of this round on, the hall and the phones
    # no longer see the standings, until the prize-giving; the referees still do
    # (live/projections/standings.py `hidden`).
    "standings_hidden_from_round": int,
    # Optional: the days (ISO dates, "2027-04-19") that are not working days for the captains' terms (Slovak
    # §12.2, live/rules/deadlines.py); absent: the Slovak days of rest of the season's year.
    "holidays": list,
}

#: Parameters no preset sets: absent means the rule is off (the console may set them back to null).
OPTIONAL_PARAMETERS = frozenset({"standings_hidden_from_round", "holidays"})

#: Parameters a preset gained after logs were recorded without them, and what their absence means in such a
#: log (what the rules read then). A log's plan is compared with its file on every start
#: (live/commands/plan_diff.py), and the rules cannot change once play has begun: a key the file has only
#: because today's preset does, with the value the log already means, is no difference.
ABSENT_MEANS: dict[str, Any] = {
    "match_boards": 12,  # Novi Sad: match_minutes was for the 12 boards of a league match
}
#: Parameters a preset gained for a rule its tournament's document always had (the code learned it later): a
#: log recorded without them means the preset's value, and reads it (Čačak's sponsor's prize for the 5th).
LEARNED_LATER = frozenset({"sponsor_places"})


def absent_means(preset: str, key: str) -> Any:
    """What a key of `preset` that a log's plan was recorded without means there; None when nothing is said
    (a key the preset does not have: the rule is off)."""
    if key not in PRESETS.get(preset, {}):
        return None
    if key in LEARNED_LATER:
        return PRESETS[preset][key]
    return ABSENT_MEANS.get(key)


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
