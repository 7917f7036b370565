"""Team sheets of the bridge events (docs/rules/team-sheets.md), as pure functions: the boards
of each part of a match, who sits at the table in each part, the boards each player played, the
substitutions during a part, and the share of the boards that the Novi Sad individual ranking needs.

A match is played in parts separated by breaks (`segments_for`: Novi Sad two halves, Slovak parts of
at most 16 boards). The captain's line-up names the players of each part; players change at the
breaks only. During a part the sheet may record a *substitution*: `boards` boards at the end of the
part played by someone else than `out`, either

- a roster member of the team, allowed exceptionally by the director (Slovak §27.5, where the seed has
  it; docs/rules/differences.md#slovak-substitution-paragraph): the player replaced may not play the following part
  (`replaced_sits_out`), or
- a referee's substitute, a person from outside the team's line-up (Novi Sad: "sudijska zamena"): at
  most `substitute_max_boards` (3) boards of a match in all. Only the team's members are counted:
  the substitute's boards are nobody's, the player replaced loses them.

Readings (each also said where it is used):
- A part that has no line-up of its own continues with the players at the table at the end of the
  part before (nothing changed at the break), once it has begun.
- The Novi Sad title needs "at least 40 % of the total number of boards of the tournament": the
  boards of the matches the player's team plays (its league matches, and the final once it is
  seated), without matches forfeited, since nobody played them. At or above the share is eligible
  (39 of 96 boards is 40.6 %: eligible; 38 is 39.6 %: not), computed exactly (no float rounding).
- Slovak §27.1 "Náhradník nesmie nastúpiť v polovici alebo viac kolách súťaže" (a substitute may not
  play in half or more of the rounds of the competition): strictly fewer than half (`substitute_rounds_below_percent`,
  50) of the competition's rounds — the rounds of the timetable, not the team's matches (the seed counts the
  competition's); 10 rounds → at most 4, 9 → at most 4. A substitute "played" in a round when the team's sheet of
  that round's match names them (any part, or come in during one), as entered: a line-up for a part still to come
  counts, so the sheet that would exceed the limit is the one refused. Who is a substitute is the roster's flag
  (`Player.substitute`: the document's basic line-up is the others).
- Boards the director removes because a team was late (Slovak §18 / §27.2, live/rules/lateness.py)
  were played by nobody of either team: they come off the boards played of everyone at the table
  in that match, and, like a forfeited match's, off the team's total. They are the match's first
  boards (the late team was not there), so they come off part 1, then part 2, … (`played_part_boards`):
  a substitution during a part counts against the boards that part had.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

#: The players of a team at the table in a part: a team of four (two pairs, one in each room).
DEFAULT_LINEUP_SIZE = 4


@dataclass(frozen=True)
class Substitution:
    """`boards` boards at the end of `part` played by `player_in` (a roster member, the director's
    exceptional substitution) or by `substitute` (a referee's substitute, a name) instead of `out`."""

    part: int
    out: str
    boards: int
    player_in: str | None = None
    substitute: str | None = None

    @property
    def director(self) -> bool:
        """A roster member came in: the director's exceptional substitution (Slovak §27.5)."""
        return self.player_in is not None


def part_boards(boards: int, parts: int) -> tuple[int, ...]:
    """The boards of each part: equal parts (the presets make them so), any remainder to the first parts
    (a match of fewer boards than parts has parts of none)."""
    if parts < 1 or boards < 0:
        raise ValueError(f"{boards} boards cannot be played in {parts} parts")
    base, extra = divmod(boards, parts)
    return tuple(base + (1 if k < extra else 0) for k in range(parts))


def played_part_boards(boards: Sequence[int], removed: int) -> tuple[int, ...]:
    """The boards of each part as played when `removed` boards were taken off the match for lateness: the
    first boards, so from part 1 on (never below 0 a part; more than the match has removes all)."""
    if removed < 0:
        raise ValueError(f"a match cannot have {removed} boards removed")
    out = []
    for count in boards:
        taken = min(count, removed)
        out.append(count - taken)
        removed -= taken
    return tuple(out)


def begun(status: str, breaks: Iterable[int], parts: int) -> int:
    """How many parts of a match have begun: none before its start, part 1 from the start, part p + 1
    from the break signal after part p, all once the match has ended."""
    if status in ("scheduled", "called", "held", "missed"):
        return 0
    if status == "ended":
        return parts
    done = set(breaks)
    count = 1
    while count < parts and count in done:
        count += 1
    return count


def at_end(players: Sequence[str], subs: Iterable[Substitution]) -> tuple[str, ...]:
    """Who of the team is at the table at the end of a part: the line-up with each player replaced by
    the director's substitution swapped for the member who came in (a referee's substitute is at the
    table for the team, but is not one of its players: the player replaced continues the match)."""
    table = list(players)
    for sub in subs:
        if sub.director and sub.out in table:
            table[table.index(sub.out)] = str(sub.player_in)
    return tuple(table)


def sheet_line_ups(entered: Sequence[Sequence[str] | None], subs: Sequence[Substitution],
                   parts: int) -> list[tuple[str, ...] | None]:
    """The line-up of every part: as entered, else (nothing changed at the break) the players at the
    table at the end of the part before; None while no part before has one."""
    out: list[tuple[str, ...] | None] = []
    for k in range(parts):
        mine = entered[k] if k < len(entered) else None
        if mine is not None:
            out.append(tuple(mine))
        elif out and out[-1] is not None:
            out.append(at_end(out[-1], [x for x in subs if x.part == k]))
        else:
            out.append(None)
    return out


def boards_played(entered: Sequence[Sequence[str] | None], subs: Sequence[Substitution],
                  boards: Sequence[int], begun_parts: int) -> dict[str, int]:
    """Each player's boards in a match, over the parts that have begun (a part under way counts whole)."""
    played: dict[str, int] = {}
    tables = sheet_line_ups(entered, subs, len(boards))
    for k in range(min(begun_parts, len(boards))):
        table = tables[k]
        if table is None:
            continue
        for player in table:
            played[player] = played.get(player, 0) + boards[k]
        for sub in subs:
            if sub.part != k + 1:
                continue
            played[sub.out] = played.get(sub.out, 0) - sub.boards
            if sub.player_in is not None:
                played[sub.player_in] = played.get(sub.player_in, 0) + sub.boards
    return played


def barred(subs: Iterable[Substitution], parts: int) -> dict[int, set[str]]:
    """Slovak §27.5: part → the players replaced during the part before by the director's substitution,
    who may not play it."""
    out: dict[int, set[str]] = {}
    for sub in subs:
        if sub.director and sub.part < parts:
            out.setdefault(sub.part + 1, set()).add(sub.out)
    return out


def substitute_boards(subs: Iterable[Substitution]) -> int:
    """The boards referee's substitutes played for the team in the match (Novi Sad: at most 3)."""
    return sum(x.boards for x in subs if not x.director)


def share(percent: float | int) -> Fraction:
    """A percentage from the rules as an exact fraction (40 → 2/5; 40.5 → 81/200)."""
    return Fraction(str(percent)) / 100


def eligible(boards: int, total: int, percent: float | int) -> bool:
    """Whether `boards` of `total` reach the share: at or above is eligible; no boards to play, none is."""
    return total > 0 and Fraction(boards, total) >= share(percent)


def needed(total: int, percent: float | int) -> int:
    """The fewest boards of `total` that reach the share (40 % of 96 → 39)."""
    least = share(percent) * total
    return int(least) if least.denominator == 1 else int(least) + 1


def percent_of(boards: int, total: int) -> float | None:
    """A player's share, for the screens: in percent to 0.1 (None with no boards to play)."""
    if total <= 0:
        return None
    return round(float(Fraction(boards * 100, total)), 1)


def substitute_rounds_allowed(rounds: int, percent: float | int) -> int:
    """Slovak §27.1: the most rounds a substitute may play, fewer than `percent` of the competition's `rounds`
    (10 at 50 % → 4; 9 → 4; 1 → 0)."""
    if rounds < 0:
        raise ValueError(f"a competition cannot have {rounds} rounds")
    limit = share(percent) * rounds
    whole = int(limit)
    return max(0, whole - 1 if whole == limit else whole)


def substitute_too_often(played_rounds: int, rounds: int, percent: float | int) -> bool:
    """Whether a substitute on `played_rounds` of `rounds` has reached the share (half or more: refused)."""
    return played_rounds > substitute_rounds_allowed(rounds, percent)
