"""Team-match scoring and standings for the bridge events (docs/rules/novi-sad.md,
docs/rules/slovak-league.md).

Everything here is a pure function of the results it is given: no clock, no I/O. A match played
at the table becomes two `Score` lines (one per team) through a VP scale (live/rules/vp.py);
byes and matches that were not played (forfeits, Slovak §27.8 "unplayed matches") become
`Score` lines too, computed by the functions below; procedural penalties are separate `Penalty`
deductions. `standings()` adds the lines up and breaks ties.

Interpretations (the seeds leave them open; each is also said where it is used):

* "Average so far" (Novi Sad "dotadašnji prosek", Slovak §27.8 "priemer za posledné odohraté
  zápasy"): the mean VP of the team's matches *played at the table* in rounds before the round
  of the unplayed match. Byes, other awarded results and procedural penalties do not count; a
  team that has played nothing yet has no average, and that option simply drops out.
  Novi Sad averages are rounded to 0.01 VP (the scale's unit), Slovak ones to 0.1 VP as §27.8
  says; both half up, and a complement ("20 − average") is rounded after subtracting.
* Ties (§19 and the Novi Sad default chain): teams level on VP are ranked by the tie-break
  chain; as soon as a criterion splits the group, every still-tied subgroup is ranked again
  from the start of the chain, with head-to-head values recomputed among that subgroup only
  (WBF/FIDE practice). Head-to-head counts every line between two tied teams, played or
  awarded (forfeit), never byes or penalties. Teams level on the whole chain share the place.
* All VP and IMP values are Decimals so that sums compare exactly.
"""

from __future__ import annotations

import decimal
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from live.rules.numbers import to_decimal
from live.rules.presets import PRESETS
from live.rules.vp import Number, draw_vp, slovak25_bands, slovak25_margin_range, vp

TeamId = str

#: Kinds of `Score` line.
PLAYED = "played"  # a match played at the table
BYE = "bye"  # the team had no opponent this round
FORFEIT_WON = "forfeit_won"  # awarded to the innocent team of an unplayed match
FORFEIT_LOST = "forfeit_lost"  # given to the team that caused it
KINDS = (PLAYED, BYE, FORFEIT_WON, FORFEIT_LOST)

#: Tie-break criteria, applied after the total VP (see `standings`).
TIEBREAKS = ("h2h_vp", "imp_diff", "h2h_imp_diff", "imps_for")

_NOVI_SAD = PRESETS["novi-sad-teams"]
_SLOVAK = PRESETS["slovak-league"]

NOVI_SAD_TIEBREAKS: tuple[str, ...] = tuple(_NOVI_SAD["standings_tiebreaks"])
SLOVAK_TIEBREAKS: tuple[str, ...] = tuple(_SLOVAK["standings_tiebreaks"])

ZERO = Decimal(0)
TENTH = Decimal("0.1")
HUNDREDTH = Decimal("0.01")


def _round(value: Decimal, unit: Decimal) -> Decimal:
    return value.quantize(unit, rounding=decimal.ROUND_HALF_UP)


# ---- what goes in -----------------------------------------------------------------------


@dataclass(frozen=True)
class MatchResult:
    """A match played at the table: both teams' IMP totals over `boards` boards."""

    round: int
    home: TeamId
    away: TeamId
    imps_home: Decimal
    imps_away: Decimal
    boards: int

    def __post_init__(self) -> None:
        if self.home == self.away:
            raise ValueError(f"a team cannot play itself ({self.home!r})")
        if self.boards < 1:
            raise ValueError(f"a match has at least one board, not {self.boards}")
        object.__setattr__(self, "imps_home", to_decimal(self.imps_home))
        object.__setattr__(self, "imps_away", to_decimal(self.imps_away))
        if self.imps_home < 0 or self.imps_away < 0:
            raise ValueError("IMP totals are not negative (the margin is their difference)")

    @property
    def margin(self) -> Decimal:
        """Home IMPs − away IMPs."""
        return self.imps_home - self.imps_away


@dataclass(frozen=True)
class Score:
    """One team's line for one round: what the standings add up.

    `opponent` is None for a bye. `note` says which option an awarded score came from
    (e.g. "own average"), for the referee's screen and the audit log.
    """

    round: int
    team: TeamId
    opponent: TeamId | None
    vp: Decimal
    imps_for: Decimal = ZERO
    imps_against: Decimal = ZERO
    kind: str = PLAYED
    note: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown kind of score {self.kind!r} (known: {', '.join(KINDS)})")
        for name in ("vp", "imps_for", "imps_against"):
            object.__setattr__(self, name, to_decimal(getattr(self, name)))

    @property
    def imp_diff(self) -> Decimal:
        return self.imps_for - self.imps_against


@dataclass(frozen=True)
class Penalty:
    """A procedural VP deduction from one team; the opponent's score does not change (§26.1).

    E.g. Slovak league: 1 VP for a forbidden convention (§25.9b), ½ VP for a fouled board
    (§27.6b), 2 or 3 VP to both teams for a match played in the wrong direction (§27.6c–d);
    Novi Sad: 1 VP for every whole 5 minutes over time (docs/rules/differences.md#novi-sad-overtime-blocks).
    """

    team: TeamId
    vp: Decimal
    reason: str = ""
    round: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "vp", to_decimal(self.vp))
        if self.vp < 0:
            raise ValueError(f"a penalty deducts a positive number of VP, not {self.vp}")


@dataclass(frozen=True)
class Fixture:
    """A match on the schedule (for the matches a withdrawn team will not play)."""

    round: int
    home: TeamId
    away: TeamId
    boards: int


# ---- played matches and byes ------------------------------------------------------------


def match_vp(match: MatchResult, scale: str) -> tuple[Decimal, Decimal]:
    """(home, away) VP of a played match under `scale` ("wbf" | "slovak25")."""
    return vp(scale, match.margin, match.boards)


def score_match(match: MatchResult, scale: str) -> tuple[Score, Score]:
    """The home and away lines of a played match."""
    home_vp, away_vp = match_vp(match, scale)
    return (
        Score(match.round, match.home, match.away, home_vp, match.imps_home, match.imps_away),
        Score(match.round, match.away, match.home, away_vp, match.imps_away, match.imps_home),
    )


def novi_sad_bye(team: TeamId, round: int, bye_vp: Number | float = _NOVI_SAD["bye_vp"]) -> Score:
    """docs/rules/novi-sad.md#bye: a team without an opponent this round gets 12 VP (no IMPs: the seed gives none)."""
    return Score(round, team, None, to_decimal(bye_vp), kind=BYE, note="bye")


def _slovak_imps(vp_value: Decimal, boards: int, top: bool) -> Decimal:
    """IMPs at the top (innocent) or bottom (guilty) of the band of the whole part of `vp_value`.

    Signed, from the team's side: 18 VP on 32 boards → +22; 5 VP on 24 boards → −57. The open
    ends of the table (25 VP for the winner, 0 for the loser) have no top or bottom, so the last
    number the table prints is used: ±88 for 24 boards.
    """
    low, high = slovak25_margin_range(int(vp_value), boards)
    blitz = slovak25_bands(boards)[-1].lowest
    if top:
        return Decimal(high if high is not None else blitz)
    return Decimal(low if low is not None else -blitz)


def _imps(margin: Decimal) -> tuple[Decimal, Decimal]:
    """A signed margin as (for, against) with the other side 0."""
    return (margin, ZERO) if margin >= 0 else (ZERO, -margin)


def slovak_bye(team: TeamId, round: int, boards: int, bonus: Number | float = _SLOVAK["bye_bonus"]) -> Score:
    """§27.8 last paragraph: a draw + 20 % (15 → 18 VP) and the IMPs at the top of that VP band.

    For 32 boards: 18 VP and +22 IMP (the 18:12 band is 17–22), as the seed's example says;
    for 24 boards: 18 VP and +19 IMP.
    """
    awarded = _round(draw_vp("slovak25", boards) * (1 + to_decimal(bonus)), TENTH)
    imps_for, imps_against = _imps(_slovak_imps(awarded, boards, top=True))
    return Score(round, team, None, awarded, imps_for, imps_against, kind=BYE, note="bye: draw + 20 %")


# ---- averages ---------------------------------------------------------------------------


def _played_before(scores: Iterable[Score], round: int) -> list[Score]:
    return [s for s in scores if s.kind == PLAYED and s.round < round]


def average_vp(scores: Iterable[Score], team: TeamId, before_round: int) -> Decimal | None:
    """The team's mean VP over its matches played at the table before `before_round` (unrounded).

    None when it has played none. Byes, awarded results and penalties are not part of it.
    """
    own = [s.vp for s in _played_before(scores, before_round) if s.team == team]
    return sum(own, ZERO) / len(own) if own else None


def average_vp_against(scores: Iterable[Score], team: TeamId, before_round: int) -> Decimal | None:
    """The mean VP that the team's opponents scored against it in matches played before the round."""
    theirs = [s.vp for s in _played_before(scores, before_round) if s.opponent == team]
    return sum(theirs, ZERO) / len(theirs) if theirs else None


# ---- unplayed matches -------------------------------------------------------------------


def novi_sad_forfeit(
    round: int,
    innocent: TeamId,
    guilty: TeamId,
    history: Iterable[Score],
    *,
    min_vp: Number | float = _NOVI_SAD["forfeit_vp"],
    guilty_vp: Number | float = _NOVI_SAD["forfeit_guilty_vp"],
    total: Number = 20,
) -> tuple[Score, Score]:
    """docs/rules/novi-sad.md#forfeit: (innocent line, guilty line).

    The innocent team gets the best of 12 VP, its own average VP so far, and 20 − the guilty
    team's average VP so far ("protivnički negativni prosek"); the guilty team gets 0 VP (a
    parameter: the seed names no number, the project reads 0). Averages: see `average_vp`, rounded
    to 0.01. Neither team gets IMPs (the seed names none), so the IMP difference is untouched.
    """
    history = list(history)
    options: list[tuple[Decimal, str]] = [(to_decimal(min_vp), f"{min_vp} VP")]
    own = average_vp(history, innocent, round)
    if own is not None:
        options.append((_round(own, HUNDREDTH), "own average"))
    theirs = average_vp(history, guilty, round)
    if theirs is not None:
        options.append((_round(to_decimal(total) - theirs, HUNDREDTH), "20 − opponent's average"))
    best, why = max(options, key=lambda option: option[0])
    return (
        Score(round, innocent, guilty, best, kind=FORFEIT_WON, note=f"forfeit: {why}"),
        Score(round, guilty, innocent, to_decimal(guilty_vp), kind=FORFEIT_LOST, note="forfeit"),
    )


def slovak_unplayed(
    round: int,
    innocent: TeamId,
    guilty: TeamId,
    boards: int,
    history: Iterable[Score],
    *,
    bonus: Number | float = _SLOVAK["bye_bonus"],
    guilty_vp: Number | float = _SLOVAK["forfeit_guilty_vp"],
    complement: Number | float = _SLOVAK["unplayed_complement"],
) -> tuple[Score, Score]:
    """§27.8 unplayed match: (innocent line, guilty line).

    Innocent: the best of (a) a draw + 20 % (18 VP), (b) its own average VP, (c) `complement`
    − the guilty team's average VP, each to 0.1 — with the IMPs at the top of the band of the
    whole part of that VP. Guilty: the worst of (d) 5 VP, (e) its own average VP, (f) the
    average VP the other teams scored against the innocent team in their played matches — with
    the IMPs at the bottom of that band (signed, the team's side: 5 VP on 24 boards → −57).

    `complement` is 25 as the project's working summary read it; note that the table's results add up to
    30 (15:15 … 25:5), so "doplnok k priemeru" in the seed may mean 30 − average
    (docs/rules/differences.md#slovak-complement).
    """
    history = list(history)
    best_options: list[tuple[Decimal, str]] = [
        (_round(draw_vp("slovak25", boards) * (1 + to_decimal(bonus)), TENTH), "(a) draw + 20 %"),
    ]
    own = average_vp(history, innocent, round)
    if own is not None:
        best_options.append((_round(own, TENTH), "(b) own average"))
    theirs = average_vp(history, guilty, round)
    if theirs is not None:
        best_options.append((_round(to_decimal(complement) - theirs, TENTH), "(c) complement of opponent's average"))
    best, best_why = max(best_options, key=lambda option: option[0])

    worst_options: list[tuple[Decimal, str]] = [(to_decimal(guilty_vp), f"(d) {guilty_vp} VP")]
    guilty_own = average_vp(history, guilty, round)
    if guilty_own is not None:
        worst_options.append((_round(guilty_own, TENTH), "(e) own average"))
    against = average_vp_against(history, innocent, round)
    if against is not None:
        worst_options.append((_round(against, TENTH), "(f) others' average against the opponent"))
    worst, worst_why = min(worst_options, key=lambda option: option[0])

    win_for, win_against = _imps(_slovak_imps(best, boards, top=True))
    lose_for, lose_against = _imps(_slovak_imps(worst, boards, top=False))
    return (
        Score(round, innocent, guilty, best, win_for, win_against, FORFEIT_WON, f"unplayed: {best_why}"),
        Score(round, guilty, innocent, worst, lose_for, lose_against, FORFEIT_LOST, f"unplayed: {worst_why}"),
    )


def forfeits_lost(scores: Iterable[Score], team: TeamId) -> int:
    """How many matches the team has lost by forfeit."""
    return sum(1 for s in scores if s.team == team and s.kind == FORFEIT_LOST)


def disqualified(scores: Iterable[Score], team: TeamId, max_forfeits: int = _NOVI_SAD["max_forfeits"]) -> bool:
    """docs/rules/novi-sad.md#withdrawal: a team may lose at most two matches by forfeit; a third disqualifies it.

    What disqualification does to its results the seed does not say; treating it as a
    withdrawal at that moment (`novi_sad_withdrawal`) is the natural reading.
    """
    return forfeits_lost(scores, team) > max_forfeits


# ---- withdrawal -------------------------------------------------------------------------


@dataclass(frozen=True)
class Withdrawal:
    """The scores after a team left; `erased` means its results are gone and it leaves the table."""

    scores: tuple[Score, ...]
    erased: bool


def _without(scores: Iterable[Score], team: TeamId) -> tuple[Score, ...]:
    return tuple(s for s in scores if team not in (s.team, s.opponent))


def _played_count(scores: Iterable[Score], team: TeamId) -> int:
    return sum(1 for s in scores if s.team == team and s.kind == PLAYED)


def _scheduled(scores: Sequence[Score], team: TeamId, remaining: Sequence[Fixture], scheduled: int | None) -> int:
    if scheduled is not None:
        return scheduled
    return sum(1 for s in scores if s.team == team and s.kind != BYE) + len(remaining)


def _opponent(fixture: Fixture, team: TeamId) -> TeamId:
    if team not in (fixture.home, fixture.away):
        raise ValueError(f"{team!r} does not play in round {fixture.round} ({fixture.home} – {fixture.away})")
    return fixture.away if fixture.home == team else fixture.home


def novi_sad_withdrawal(
    team: TeamId,
    scores: Iterable[Score],
    remaining: Sequence[Fixture],
    scheduled: int | None = None,
    *,
    min_vp: Number | float = _NOVI_SAD["forfeit_vp"],
    guilty_vp: Number | float = _NOVI_SAD["forfeit_guilty_vp"],
) -> Withdrawal:
    """docs/rules/novi-sad.md#withdrawal: withdrawal before half of the matches erases them all; after, the
    rest are forfeits.

    "Half of the matches" is the team's own schedule: `scheduled` (default: its non-bye lines
    so far + `remaining`). Fewer than half played at the table → every line of and against the
    team is erased. Half or more ("nakon polovine", at or after half) → each remaining fixture
    becomes a forfeit that the team caused (`novi_sad_forfeit`).
    """
    scores = list(scores)
    total = _scheduled(scores, team, remaining, scheduled)
    if 2 * _played_count(scores, team) < total:
        return Withdrawal(_without(scores, team), erased=True)
    awarded: list[Score] = []
    for fixture in sorted(remaining, key=lambda f: f.round):
        awarded.extend(novi_sad_forfeit(
            fixture.round, _opponent(fixture, team), team, scores, min_vp=min_vp, guilty_vp=guilty_vp,
        ))
    return Withdrawal(tuple(scores + awarded), erased=False)


def slovak_withdrawal(
    team: TeamId,
    scores: Iterable[Score],
    remaining: Sequence[Fixture] = (),
    scheduled: int | None = None,
    *,
    bonus: Number | float = _SLOVAK["bye_bonus"],
    guilty_vp: Number | float = _SLOVAK["forfeit_guilty_vp"],
    complement: Number | float = _SLOVAK["unplayed_complement"],
) -> Withdrawal:
    """§27.8: a team that plays fewer than half of its matches is excluded and its results annulled.

    Otherwise its remaining fixtures are unplayed matches it caused (`slovak_unplayed`).
    """
    scores = list(scores)
    total = _scheduled(scores, team, remaining, scheduled)
    if 2 * _played_count(scores, team) < total:
        return Withdrawal(_without(scores, team), erased=True)
    awarded: list[Score] = []
    for fixture in sorted(remaining, key=lambda f: f.round):
        awarded.extend(slovak_unplayed(
            fixture.round, _opponent(fixture, team), team, fixture.boards, scores,
            bonus=bonus, guilty_vp=guilty_vp, complement=complement,
        ))
    return Withdrawal(tuple(scores + awarded), erased=False)


# ---- standings --------------------------------------------------------------------------


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings. `rank` is shared (and `shared` set) by teams level on everything.

    `decided_by` says what placed the team against the teams it was level with: "vp" when no
    one had its VP, a tie-break name from TIEBREAKS, or "shared".
    """

    rank: int
    team: TeamId
    vp: Decimal
    penalty_vp: Decimal
    imps_for: Decimal
    imps_against: Decimal
    played: int
    awarded: int
    decided_by: str
    shared: bool = False

    @property
    def imp_diff(self) -> Decimal:
        return self.imps_for - self.imps_against


@dataclass
class _Totals:
    vp: Decimal = ZERO
    penalty: Decimal = ZERO
    imps_for: Decimal = ZERO
    imps_against: Decimal = ZERO
    played: int = 0
    awarded: int = 0
    lines: list[Score] = field(default_factory=list)


def _value(criterion: str, team: TeamId, group: frozenset[TeamId], totals: dict[TeamId, _Totals]) -> Decimal:
    t = totals[team]
    if criterion == "imp_diff":
        return t.imps_for - t.imps_against
    if criterion == "imps_for":
        return t.imps_for
    among = [s for s in t.lines if s.kind != BYE and s.opponent in group]
    if criterion == "h2h_vp":
        return sum((s.vp for s in among), ZERO)
    return sum((s.imp_diff for s in among), ZERO)  # h2h_imp_diff


def _order(
    group: list[TeamId], chain: Sequence[str], totals: dict[TeamId, _Totals], decided: str,
) -> list[tuple[list[TeamId], str]]:
    """Blocks of teams in ranking order; a block of several teams shares its place."""
    if len(group) == 1:
        return [(group, decided)]
    members = frozenset(group)
    for criterion in chain:
        values = {team: _value(criterion, team, members, totals) for team in group}
        levels = sorted(set(values.values()), reverse=True)
        if len(levels) == 1:
            continue
        blocks: list[tuple[list[TeamId], str]] = []
        for level in levels:
            sub = sorted(team for team in group if values[team] == level)
            # a still-tied subgroup starts the chain again, among its own members only
            blocks.extend(_order(sub, chain, totals, criterion))
        return blocks
    return [(sorted(group), "shared")]


def standings(
    scores: Iterable[Score],
    penalties: Iterable[Penalty] = (),
    tiebreaks: Sequence[str] = SLOVAK_TIEBREAKS,
    teams: Iterable[TeamId] = (),
) -> tuple[StandingRow, ...]:
    """The ranked table: total VP (after penalties), then the `tiebreaks` chain, then shared places.

    Chains: Slovak §19 ("h2h_vp", "imp_diff", "h2h_imp_diff"); Novi Sad ("h2h_vp", "imp_diff").
    "imps_for" (total IMPs scored) is there for a literal reading of §19 c) "súčet IMPov".
    `teams` adds teams without any line yet. The result does not depend on the order of the
    scores or penalties; teams sharing a place are listed by team id.
    """
    unknown = [name for name in tiebreaks if name not in TIEBREAKS]
    if unknown:
        raise ValueError(f"unknown tie-break {unknown[0]!r} (known: {', '.join(TIEBREAKS)})")
    totals: dict[TeamId, _Totals] = {team: _Totals() for team in teams}
    seen: set[tuple[int, TeamId]] = set()
    for s in scores:
        if (s.round, s.team) in seen:
            raise ValueError(f"{s.team!r} has two lines in round {s.round}")
        seen.add((s.round, s.team))
        t = totals.setdefault(s.team, _Totals())
        t.vp += s.vp
        t.imps_for += s.imps_for
        t.imps_against += s.imps_against
        t.played += s.kind == PLAYED
        t.awarded += s.kind != PLAYED
        t.lines.append(s)
    for p in penalties:
        t = totals.setdefault(p.team, _Totals())
        t.vp -= p.vp
        t.penalty += p.vp

    by_vp: dict[Decimal, list[TeamId]] = {}
    for team, t in totals.items():
        by_vp.setdefault(t.vp, []).append(team)
    rows: list[StandingRow] = []
    for level in sorted(by_vp, reverse=True):
        for block, decided in _order(sorted(by_vp[level]), tiebreaks, totals, "vp"):
            rank = len(rows) + 1
            for team in block:
                t = totals[team]
                rows.append(StandingRow(
                    rank=rank, team=team, vp=t.vp, penalty_vp=t.penalty, imps_for=t.imps_for,
                    imps_against=t.imps_against, played=t.played, awarded=t.awarded,
                    decided_by=decided, shared=len(block) > 1,
                ))
    return tuple(rows)


# ---- Novi Sad final -----------------------------------------------------------------------


def final_carry_over(league_results: Iterable[MatchResult], first: TeamId, second: TeamId) -> float:
    """docs/rules/novi-sad.md#final: the IMPs the first-placed team carries into the final.

    Half of the aggregate IMP difference of the league matches played between the two finalists,
    if the first-placed team won them on aggregate ("bila uspešnija" in the total balance of the
    two matches, read as IMPs); otherwise (lost or level) nothing. Unplayed matches between them
    have no IMPs and do not count. Half an odd number is exact: 7 → 3.5.
    """
    difference = ZERO
    for match in league_results:
        if {match.home, match.away} == {first, second}:
            difference += match.margin if match.home == first else -match.margin
    return float(difference / 2) if difference > 0 else 0.0


def final_winner(
    first: TeamId, second: TeamId, imps_first: Number | float, imps_second: Number | float,
    carry_over: Number | float = 0,
) -> TeamId | None:
    """The champion: more IMPs in the 40-board final counting the first-placed team's carry-over.

    None when level: the seed does not say what happens then (the referee decides).
    """
    a = to_decimal(imps_first) + to_decimal(carry_over)
    b = to_decimal(imps_second)
    if a == b:
        return None
    return first if a > b else second
