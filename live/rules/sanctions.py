"""Sanctions during play (docs/rules/sanctions.md#cacak), as pure functions.

The referee names the kind of offence and the preset says what it costs, in bule:

- `bad_shuffle` (bad shuffle or cut): "first a warning, then 4, 16 and 32 bule for repeated errors"
  (`sanction_bad_shuffle_bule = [0, 4, 16, 32]`, 0 being the warning). The step is the player's
  number of bad shuffles recorded earlier in the tournament + 1. The seed stops at 32: a fifth
  and later offence takes the last step again (removal is the referee's own decision, a
  `withdraw_player`, not a step of this list).
- `misdeal`: "each co-player writes 2 bule (20 supe) on the dealer and the next player deals"
  (`sanction_misdeal_bule`): one penalty line per co-player at the dealer's table, each naming the
  co-player who writes it (so 4 bule in all at a table of three, 6 at a table of four).
- `forbidden_bid` (declaring a game that cannot be played after one already declared): 20 bule
  (`sanction_forbidden_bid_bule`). The seed adds that the leader goes down his game and the
  second follower writes two tricks on the leader: that is play on the paper, not a sanction the
  server can count.
- `partner_pass` (letting the partner pass with seven tricks countable and a correct entry):
  10 bule (`sanction_partner_pass_bule`).

- `signalling` (docs/rules/sanctions.md#signalling; the seed, "Забрањена је употреба … сигнала"): "a polite warning by
  the leader, then a public warning by the referee, then the offender may not follow in that hand"
  (`SIGNALLING_STEPS`): measures, not bule. The leader's warning is given at the table; the referee
  records it when told, so the ladder has a history to step on. Counted like the bad shuffle, over
  the tournament (the seed names no span), and a 4th and later offence takes the last step again:
  the offender sits out the following of that hand, which the server records and does not score.
- `deduction` (the seed: "опоменом, одузимањем бодова, а као крајњу меру … удаљавање"): N
  tournament points taken off the player's standings score, N chosen by the referee
  (`deduction_points`). Points ("бодови") are the standings' own unit: the 4 / 3 / 1 points of a
  game and its 0.1 steps (live/rules/preferans.py), so N is in tenths of a point.

Like every preferans penalty the bule are written on the paper (docs/rules/sanctions.md#on-the-paper), so
the slip's result already holds them: the effects are penalty lines the standings show beside
the result (`penalty_bule`), never subtracted again. A deduction is the one sanction the standings
subtract (`penalty_points`): it is not on any paper.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from live.rules.numbers import to_decimal

BAD_SHUFFLE, MISDEAL, FORBIDDEN_BID, PARTNER_PASS = "bad_shuffle", "misdeal", "forbidden_bid", "partner_pass"
SIGNALLING, DEDUCTION = "signalling", "deduction"
#: The kinds whose steps cost bule (each has a preset parameter).
BULE_KINDS = (BAD_SHUFFLE, MISDEAL, FORBIDDEN_BID, PARTNER_PASS)
KINDS = (*BULE_KINDS, SIGNALLING, DEDUCTION)
#: The measures a step takes: a bule kind's step is a `warning` (0 bule) or `bule`; the signalling ladder's are
#: the leader's polite warning, the referee's public warning, and "may not follow in that hand"; a deduction's
#: is `points`.
WARNING, BULE, POINTS = "warning", "bule", "points"
LEADER_WARNING, REFEREE_WARNING, NO_FOLLOW = "leader_warning", "referee_warning", "no_follow"
SIGNALLING_STEPS = (LEADER_WARNING, REFEREE_WARNING, NO_FOLLOW)
WARNINGS = frozenset({WARNING, LEADER_WARNING, REFEREE_WARNING})
#: The most one deduction takes: more than a whole tournament's points (five rounds of at most 4.5), short of
#: a typo's extra zeros.
MAX_DEDUCTION_POINTS = Decimal(100)
#: Each bule kind's preset parameter: a list of steps (bad shuffle) or one amount for every offence.
PARAMETERS = {
    BAD_SHUFFLE: "sanction_bad_shuffle_bule",
    MISDEAL: "sanction_misdeal_bule",
    FORBIDDEN_BID: "sanction_forbidden_bid_bule",
    PARTNER_PASS: "sanction_partner_pass_bule",
}
#: Kinds whose bule go to each co-player at the offender's table (written on the offender).
PER_CO_PLAYER = frozenset({MISDEAL})
#: How the pages and the audit name a kind (the pages translate by the kind itself).
NAMES = {BAD_SHUFFLE: "bad shuffle or cut", MISDEAL: "misdeal", FORBIDDEN_BID: "forbidden bid",
         PARTNER_PASS: "letting the partner pass", SIGNALLING: "signalling", DEDUCTION: "deduction of points"}
#: How the audit names a measure.
MEASURE_NAMES = {LEADER_WARNING: "a polite warning by the leader", REFEREE_WARNING: "a public warning by the referee",
                 NO_FOLLOW: "may not follow in that hand"}


class SanctionError(ValueError):
    """A sanction the rules cannot give (an unknown kind, a misdeal with nobody at the table, a deduction of
    no points)."""


@dataclass(frozen=True)
class Step:
    """What the player's next offence of a kind costs: `number` is the 1st, 2nd, … offence of that kind;
    `bule` is the penalty (for a misdeal, to each co-player); `measure` says what the step is (`WARNING`, `BULE`,
    the `SIGNALLING_STEPS`, `POINTS`):
    a bule kind's 0 bule is a warning, a signalling step is a measure without bule, a deduction's points
    are the referee's to choose."""

    kind: str
    number: int
    bule: int
    per_co_player: bool = False
    measure: str = ""

    def __post_init__(self) -> None:
        if not self.measure:
            object.__setattr__(self, "measure", WARNING if self.bule == 0 else BULE)

    @property
    def warning(self) -> bool:
        return self.measure in WARNINGS


@dataclass(frozen=True)
class Effect:
    """One penalty line on the score: `bule` on `player`'s paper; `to` the co-player who writes them."""

    player: str
    bule: int
    to: str | None = None


def available(rules: Mapping[str, Any]) -> bool:
    """Whether these rules give sanctions by kind (the Čačak preset does; the bridge presets do not)."""
    return all(rules.get(name) is not None for name in PARAMETERS.values())


def steps_of(kind: str, rules: Mapping[str, Any]) -> tuple[int, ...]:
    """The bule of the 1st, 2nd, … offence of a bule kind (one amount: the same every time)."""
    if kind not in PARAMETERS:
        if kind in KINDS:
            raise SanctionError(f"a {NAMES[kind]} costs no bule by steps")
        raise SanctionError(f"unknown kind of sanction {kind!r} (known: {', '.join(KINDS)})")
    value = rules.get(PARAMETERS[kind])
    listed = tuple(value) if isinstance(value, list | tuple) else (value,)
    if not listed or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in listed):
        raise SanctionError(f"{PARAMETERS[kind]} must be whole bule, 0 or more, not {value!r}")
    return listed


def step(kind: str, earlier: int, rules: Mapping[str, Any]) -> Step:
    """The step of a player's next offence of `kind`, after `earlier` recorded offences of that kind."""
    if earlier < 0:
        raise SanctionError(f"earlier offences cannot be {earlier}")
    if kind == SIGNALLING:
        return Step(kind, earlier + 1, 0, measure=SIGNALLING_STEPS[min(earlier, len(SIGNALLING_STEPS) - 1)])
    if kind == DEDUCTION:
        return Step(kind, earlier + 1, 0, measure=POINTS)
    listed = steps_of(kind, rules)
    return Step(kind, earlier + 1, listed[min(earlier, len(listed) - 1)], kind in PER_CO_PLAYER)


def ladder(kind: str, rules: Mapping[str, Any]) -> list[int] | list[str]:
    """A kind's steps as the console lists them: the bule of each step, the signalling measures, or none
    (a deduction has no ladder: the referee chooses the points)."""
    if kind == SIGNALLING:
        return list(SIGNALLING_STEPS)
    if kind == DEDUCTION:
        return []
    return list(steps_of(kind, rules))


def deduction_points(value: Any) -> Decimal:
    """A deduction's points as the referee gives them: a number above 0, in tenths of a point (the standings'
    unit), at most `MAX_DEDUCTION_POINTS`. Text, true/false, NaN or infinity are not points."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SanctionError(f"points must be a number of tournament points, not {value!r}")
    try:
        points = to_decimal(value)
    except InvalidOperation as exc:  # (str of a float is always a number; kept for safety)
        raise SanctionError(f"points must be a number of tournament points, not {value!r}") from exc
    if not points.is_finite():
        raise SanctionError(f"points must be a number of tournament points, not {value!r}")
    if points <= 0:
        raise SanctionError(f"points must be more than 0: a deduction takes points off, not {value!r}")
    if points > MAX_DEDUCTION_POINTS:
        raise SanctionError(f"points must be at most {MAX_DEDUCTION_POINTS}, not {value!r}")
    if points != points.quantize(Decimal("0.1")):
        raise SanctionError(f"points must be in tenths of a point, as the standings count them, not {value!r}")
    return points.normalize() if points != points.to_integral_value() else points.quantize(Decimal(1))


def effects(given: Step, offender: str, co_players: Iterable[str] = ()) -> tuple[Effect, ...]:
    """The penalty lines in bule of a sanction: none for a warning or a measure without bule (signalling, a
    deduction, whose points are a line of their own); for a misdeal one per co-player (who writes the bule
    on the offender), else one line on the offender."""
    if given.bule == 0:
        return ()
    if not given.per_co_player:
        return (Effect(offender, given.bule),)
    others = sorted(set(co_players) - {offender})
    if not others:
        raise SanctionError("a misdeal is paid to the co-players at the dealer's table: the table has nobody else")
    return tuple(Effect(offender, given.bule, to) for to in others)


def next_steps(history: Sequence[str], rules: Mapping[str, Any]) -> dict[str, Step]:
    """Every kind's next step for a player whose recorded offences (in force) are the kinds in `history`."""
    return {kind: step(kind, sum(1 for k in history if k == kind), rules) for kind in KINDS}


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
