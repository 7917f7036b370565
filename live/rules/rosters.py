"""Who may join a bridge team during the event (docs/rules/team-sheets.md#rosters), as pure functions.

- Slovak §17.1: a roster has 4 to 8 members (`roster_min`, `roster_max`); §17.2: the 5th and later may
  be added afterwards, at the latest on the day of a match before it starts (the server: while no
  match is being played); §17.3: a player who has played in the league for one team cannot be added
  to another team's roster.
- Slovak §27.1: a team is four to six players of its basic line-up (`basic_lineup_max`); any further
  member is a substitute (the `substitute` flag), who plays in fewer than half of the rounds. The four
  are §17.1's minimum; the six bind the members still on the roster, substitutes left out.
- Novi Sad: teams may be extended during the competition with players who are members of no other
  team; after half of the matches one player may be replaced (`replacements_after_half`, 1), provided
  the new player's club rating is not higher than the average rating of all the team's members.

Readings:
- Novi Sad: extensions are free until half of the matches; from then on the roster changes only by
  the one replacement (else the rating rule would bind nobody, since a team could simply be
  extended). "Half of the matches" is the team's own league matches, at or after half ("posle
  polovine", as for a withdrawal): 4 of its 8 in the 5-team double round robin.
- The average is over the team's members at the moment of the replacement, the player leaving
  included and the new one not; members without a rating are left out of it, and a team none of
  whose members has a rating cannot replace (nothing to compare with). Equal to the average is
  allowed ("nije veći": not higher). Computed exactly.
- Slovak: every member ever on the roster counts towards the 8 (a withdrawn player stays on the
  sheet the league keeps).
- Slovak §17.1 "at least four": the members still on the roster (not withdrawn) count towards the 4, since
  only they can play. What the hall enforces: a withdrawal that would leave fewer than 4 is refused (add
  the new member first, then withdraw); a team with fewer than 4 (a file, or an older log, may have such a
  team) is given no line-up; the console shows its roster as incomplete. A match does not wait for it: an
  incomplete team loses by forfeit (§18.1), which the referee records. An undo of a registration entered by
  mistake is not a withdrawal (the player never was on the roster) and is not held to the minimum.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

#: The highest club rating taken: far above any scale in use, short of a typo's extra zeros.
MAX_RATING = 100_000


def roster_full(members: int, maximum: int | None) -> bool:
    """Whether a roster of `members` has no room for one more (no maximum: never)."""
    return maximum is not None and members >= maximum


def roster_short(members: int, minimum: int | None) -> bool:
    """Slovak §17.1: whether a roster of `members` still on it is under the minimum (no minimum: never)."""
    return minimum is not None and members < minimum


def may_leave(members: int, minimum: int | None) -> bool:
    """Whether one of `members` may withdraw and leave the roster at or above the minimum (4 → 3: no)."""
    return not roster_short(members - 1, minimum)


def over_basic(members: Sequence[tuple[str | None, bool]], maximum: int | None) -> tuple[int, str] | None:
    """The first player of a tournament file (team, substitute) beyond their team's basic line-up (Slovak §27.1):
    (index, why), or None. Substitutes do not count."""
    if maximum is None:
        return None
    seen: dict[str, int] = {}
    for index, (team, substitute) in enumerate(members):
        if team is None or substitute:
            continue
        seen[team] = seen.get(team, 0) + 1
        if seen[team] > maximum:
            return index, (f"{team} would have {seen[team]} players of its basic line-up: at most {maximum}, the "
                           "others are marked substitute = true (Slovak §27.1)")
    return None


def over_full(teams: Sequence[str | None], maximum: int | None) -> tuple[int, str] | None:
    """The first player of a tournament file beyond their team's roster maximum: (index, why), or None."""
    if maximum is None:
        return None
    seen: dict[str, int] = {}
    for index, team in enumerate(teams):
        if team is None:
            continue
        seen[team] = seen.get(team, 0) + 1
        if seen[team] > maximum:
            return index, f"{team} would have {seen[team]} members: a roster has at most {maximum} (Slovak §17.1)"
    return None


def average(ratings: Iterable[float | int | None]) -> Fraction | None:
    """The average club rating of the members that have one (None when none has)."""
    known = [Fraction(str(x)) for x in ratings if x is not None]
    return sum(known, Fraction(0)) / len(known) if known else None


def rating_allowed(new: float | int, ratings: Iterable[float | int | None]) -> bool:
    """Novi Sad: the new player's rating is not higher than the team's average (equal is allowed)."""
    mean = average(ratings)
    return mean is not None and Fraction(str(new)) <= mean


def after_half(played: int, scheduled: int) -> bool:
    """Whether a team has played half of its matches or more (a team with none scheduled never has)."""
    return scheduled > 0 and 2 * played >= scheduled


def shown(value: Fraction) -> float | int:
    """An average for the screens: whole when it is, else to 0.01."""
    return int(value) if value.denominator == 1 else round(float(value), 2)
