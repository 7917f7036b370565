"""Scoring of one preferans game at a table (docs/rules/cacak.md#scoring), as pure functions.

A table's slip gives each player's result in bule, signed (+ good, − bad); the results of a table
sum to zero because every supa one player writes is a supa another owes. Places at the table
follow the results, and the place and the size of the result give the points:

- 1st: `points_first` (4) + 0.1 for every full 10 bule good, the bonus at most +0.5;
- 2nd and positive: `points_second_positive` (3) + the same capped bonus;
- 2nd and negative: `points_second_negative` (3) − 0.1 for every full 10 bule bad, no limit;
- 3rd (last): `points_last` (1) − the same unlimited malus;
- a result of exactly 0 scores `points_zero` (3): "he is counted as 2nd, positive".

"Every full 10 bule" is ⌊|result| / 10⌋ steps. All arithmetic is `Decimal`, so 3.1 + 0.1 is 3.2
and a standings sum never drifts.

Interpretations (the seed says nothing more):

- Tables of four (a field that is not a multiple of 3; the seed never mentions them): the top
  place scores as 1st, the bottom place as 3rd ("last"), and both middle places as 2nd, positive
  or negative by the sign of their result: 4 + b / 3 ± b / 3 ± b / 1 − m. The results of four
  still sum to zero, so the top result is never negative and the bottom one never positive.
- A tie of two (equal results) is broken as the seed says: the better place to the player who
  wrote more supe against the other; then to the one who wrote more in total (on everybody at the
  table); otherwise the two share the points of their two places equally. A tie of three or more
  (a table of four, or 0 / 0 / 0) uses the same criteria on the group: supe written against the
  other tied players, then supe written in total; each criterion that splits the group is
  re-applied from the start inside each smaller group (so two players left tied are compared
  head to head, exactly as the seed's two-player rule). Players still tied share the points of
  their places equally; a share that is not a whole number of hundredths (a three-way share,
  only possible at a table of four) is rounded half-even to 0.01.
- The zero rule is unconditional: a player whose result is 0 scores `points_zero` whatever his
  place, so 0 / 0 / 0 gives 3 / 3 / 3 (the places are still ordered by the supe criteria).
- Walkover (two of a table absent at 30 minutes): the one who came scores `points_walkover`,
  the absent score 0; every result is 0 bule, since no game was played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

from live.rules.numbers import to_decimal
from live.rules.presets import PRESETS

PlayerId = str
Number = int | Decimal
#: Supe written by the first player on the second ("A duži B"), for tie-breaks only.
Supe = Mapping[tuple[PlayerId, PlayerId], int]

_PRESET = PRESETS["cacak-preferans"]
TABLE_SIZES = (3, 4)
_HUNDREDTH = Decimal("0.01")


class ResultError(ValueError):
    """A table's slip that cannot be scored; the message says why, for the entry form."""


_DECIMAL_KEYS = ("points_first", "points_second_positive", "points_second_negative", "points_last", "points_zero",
                 "points_walkover", "bonus_step_points", "bonus_cap")
_DEFAULTS = {key: to_decimal(_PRESET[key]) for key in _DECIMAL_KEYS}


@dataclass(frozen=True)
class ScoringParams:
    """The preset's numbers for scoring one game; `from_rules` reads them from a rules dict."""

    first: Decimal = _DEFAULTS["points_first"]
    second_positive: Decimal = _DEFAULTS["points_second_positive"]
    second_negative: Decimal = _DEFAULTS["points_second_negative"]
    last: Decimal = _DEFAULTS["points_last"]
    zero: Decimal = _DEFAULTS["points_zero"]
    walkover: Decimal = _DEFAULTS["points_walkover"]
    step_bule: int = int(_PRESET["bonus_step_bule"])
    step_points: Decimal = _DEFAULTS["bonus_step_points"]
    bonus_cap: Decimal = _DEFAULTS["bonus_cap"]

    def __post_init__(self) -> None:
        if self.step_bule <= 0:
            raise ValueError(f"bonus_step_bule must be positive, not {self.step_bule}")

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any]) -> ScoringParams:
        """The parameters of a tournament's rules (a preset with the file's overrides)."""

        def get(key: str) -> Any:
            return rules.get(key, _PRESET[key])

        return cls(
            first=to_decimal(get("points_first")),
            second_positive=to_decimal(get("points_second_positive")),
            second_negative=to_decimal(get("points_second_negative")),
            last=to_decimal(get("points_last")),
            zero=to_decimal(get("points_zero")),
            walkover=to_decimal(get("points_walkover")),
            step_bule=int(get("bonus_step_bule")),
            step_points=to_decimal(get("bonus_step_points")),
            bonus_cap=to_decimal(get("bonus_cap")),
        )


DEFAULT_PARAMS = ScoringParams()


@dataclass(frozen=True)
class PlayerScore:
    """One player's line of a scored table.

    `place` is the best place of the player's tie group (1-based); `shared` says he shares the
    points of his group's places with the others in it. An `absent` player lost by walkover.
    """

    player: PlayerId
    result: Decimal
    place: int
    points: Decimal
    shared: bool = False
    absent: bool = False


@dataclass(frozen=True)
class TableScore:
    """A scored table: its lines best place first (ties in player-id order)."""

    scores: tuple[PlayerScore, ...]
    walkover: bool = False
    _by_player: dict[PlayerId, PlayerScore] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._by_player.update({s.player: s for s in self.scores})

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return tuple(s.player for s in self.scores)

    def of(self, player: PlayerId) -> PlayerScore:
        return self._by_player[player]


def steps(result: Number, params: ScoringParams = DEFAULT_PARAMS) -> int:
    """How many "full 10 bule" a result has: ⌊|result| / 10⌋ (37 → 3, −12 → 1, 9 → 0)."""
    return int(abs(Decimal(result)) // params.step_bule)


def place_points(place: int, size: int, result: Number, params: ScoringParams = DEFAULT_PARAMS) -> Decimal:
    """The points of one place at a table of `size` for a result, before ties and the zero rule."""
    result = Decimal(result)
    bonus = min(params.step_points * steps(result, params), params.bonus_cap)
    malus = params.step_points * steps(result, params)
    if place == 1:
        # The bonus is for bule "good": a first place with a negative result (possible only after a
        # late-arrival deduction, `late_penalty_applies = "result"`) has none, and no malus either.
        return params.first + (bonus if result >= 0 else 0)
    if place == size:
        return params.last - malus
    if result >= 0:
        return params.second_positive + bonus
    return params.second_negative - malus


def score_table(
    results: Mapping[PlayerId, Number],
    supe: Supe | None = None,
    params: ScoringParams = DEFAULT_PARAMS,
    deductions: Mapping[PlayerId, Number] | None = None,
) -> TableScore:
    """Score one game: each player's result in bule (summing to 0) and, for ties, the supe written.

    `deductions` are late-arrival bule taken off the entered results when a tournament chooses
    `late_penalty_applies = "result"` (docs/rules/cacak.md#late-arrival): the slip still sums to 0, the places and
    points follow the results after the deduction.

    Raises `ResultError` for a table that is not of 3 or 4 players, results that do not sum to 0
    ("the results sum to 12, not 0"), or supe that name a player not at the table.
    """
    values = {player: _result(player, value) for player, value in results.items()}
    if len(values) not in TABLE_SIZES:
        raise ResultError(f"a table has 3 or 4 players, not {len(values)}")
    total = sum(values.values(), Decimal(0))
    if total != 0:
        raise ResultError(f"the results sum to {_plain(total)}, not 0")
    for player, bule in (deductions or {}).items():
        if player not in values:
            raise ResultError(f"a deduction names {player!r}, who is not at the table")
        values[player] -= _result(player, bule)
    written = _supe(supe or {}, set(values))

    ordered = sorted(set(values.values()), reverse=True)
    groups: list[list[PlayerId]] = []
    for value in ordered:
        tied = sorted(p for p in values if values[p] == value)
        groups.extend(_break_tie(tied, list(values), written))

    size = len(values)
    scores: list[PlayerScore] = []
    place = 1
    for group in groups:
        result = values[group[0]]
        points = _share([place_points(place + i, size, result, params) for i in range(len(group))])
        if result == 0:
            points = params.zero
        scores.extend(
            PlayerScore(player=p, result=result, place=place, points=points, shared=len(group) > 1)
            for p in sorted(group)
        )
        place += len(group)
    return TableScore(scores=tuple(scores))


def score_walkover(
    present: PlayerId, absent: Iterable[PlayerId], params: ScoringParams = DEFAULT_PARAMS
) -> TableScore:
    """The table where only `present` came (the others absent at 30 minutes): walkover points."""
    missing = sorted(set(absent))
    if not missing or present in missing:
        raise ResultError("a walkover needs the player who came and the absent players, each once")
    if len(missing) + 1 not in TABLE_SIZES:
        raise ResultError(f"a table has 3 or 4 players, not {len(missing) + 1}")
    zero = Decimal(0)
    lines = [PlayerScore(player=present, result=zero, place=1, points=params.walkover)]
    lines += [PlayerScore(player=p, result=zero, place=2, points=zero, shared=len(missing) > 1, absent=True)
              for p in missing]
    return TableScore(scores=tuple(lines), walkover=True)


# ---- helpers ------------------------------------------------------------------------------


def _result(player: PlayerId, value: Any) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise ResultError(f"the result of {player} must be a whole or decimal number of bule, not {value!r}")
    if isinstance(value, Decimal) and not value.is_finite():
        raise ResultError(f"the result of {player} must be a finite number, not {value}")
    return Decimal(value)


def _plain(value: Decimal) -> str:
    """12 rather than 12.0 or 1.2E+1 in a message."""
    return format(value.normalize(), "f")


def _supe(supe: Supe, players: set[PlayerId]) -> dict[tuple[PlayerId, PlayerId], int]:
    written: dict[tuple[PlayerId, PlayerId], int] = {}
    for (writer, against), amount in supe.items():
        if writer not in players or against not in players:
            raise ResultError(f"supe of {writer} on {against}: both must sit at this table")
        if writer == against:
            raise ResultError(f"supe of {writer} on himself")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise ResultError(f"supe of {writer} on {against} must be a whole number ≥ 0, not {amount!r}")
        written[(writer, against)] = amount
    return written


def _break_tie(
    group: list[PlayerId], table: list[PlayerId], written: Mapping[tuple[PlayerId, PlayerId], int]
) -> list[list[PlayerId]]:
    """A tie group in place order, as sub-groups that remain tied (see the module docstring)."""
    if len(group) < 2:
        return [group]
    criteria: tuple[Callable[[PlayerId], int], ...] = (
        lambda p: sum(written.get((p, q), 0) for q in group if q != p),  # more supe on the other(s)
        lambda p: sum(written.get((p, q), 0) for q in table if q != p),  # more supe in total
    )
    for key in criteria:
        by_value: dict[int, list[PlayerId]] = {}
        for p in group:
            by_value.setdefault(key(p), []).append(p)
        if len(by_value) > 1:
            return [sub for value in sorted(by_value, reverse=True)
                    for sub in _break_tie(by_value[value], table, written)]
    return [group]


def _share(points: list[Decimal]) -> Decimal:
    """The equal share of the points of several places (one place: its points)."""
    total = sum(points, Decimal(0))
    share = total / len(points)
    if share * len(points) != total:
        share = share.quantize(_HUNDREDTH, rounding=ROUND_HALF_EVEN)
    return share
