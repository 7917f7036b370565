"""Promotion and relegation between the Slovak first league and the two second leagues (Slovak league propositions
§7, §13.1, §14.3, §14.5; docs/rules/slovak-league.md#promotion), as a pure function of the season's final standings.

One server competition is one tournament today, so the standings of several competitions come in as plain data:
each league's teams in the order of their final places (after any play-off of §19 e). The hall proposes; the
coordinator asks the teams and the presidium decides what the propositions leave to it.

Readings (the seed's words are in the docs):
- §7.1: the last two of the first league go down; §13.1: the winner of each second league (East and West, §8)
  gets the licence to play the first league; §7.2: the first four of the first league and the promoted teams must
  confirm by their entry (§14.1). A team that does not, that declines its licence, or that asks to play its second
  league instead (§14.5) has *declined*.
- §13.1, a winner who declines: its licence passes to the second team of its own second league; if that one declines
  too, to the second team of the other second league; if that one declines too, the first league's second-to-last
  may stay; if it does not want to, the presidium decides (an open place).
- §14.3, a first-league team of the first four that declines: "the coordinator asks further teams in the sense of
  §13.1" — *interpretation*: the same chain after the winners, that is the second teams of the second leagues (in the
  order the conferences are given) and then the first league's second-to-last; then the presidium.
- A team is asked once: one already given a place, or that declined, is passed over in every chain. The winners'
  places are filled first (in the conferences' order), then the first league's vacancies (by place).
- §7.3, an enlarged first league: by two places, the winners go up and the two second-placed teams of the second
  leagues play a play-off (baráž) with the last two of the first league — the proposal names them, and takes its
  order when given (`playoff`: its teams best first; the best two not declined get the places); by four places,
  nobody goes down and the first two of both second leagues go up. For an enlarged league the seed gives no chain
  for a declined licence: its place is the presidium's.
- Not here: §27.9 (a forfeit in the last round relegates by itself, the numbers unchanged) and its ban on returning
  the next season, and §17.6 (three players of the team that won the place on its roster): they need what the
  standings alone do not say.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

NORMAL, PLUS_TWO, PLUS_FOUR = 0, 2, 4
ENLARGEMENTS = (NORMAL, PLUS_TWO, PLUS_FOUR)


class PromotionError(ValueError):
    """Standings the rule cannot read: a league too short, a team in two leagues, an unknown enlargement."""


@dataclass(frozen=True)
class Step:
    """One move of the cascade: `team` declined (None: a place opened for another reason), the place went to `to`
    (None: to the presidium), by `rule`."""

    place: str
    team: str | None
    to: str | None
    rule: str


@dataclass(frozen=True)
class Proposal:
    """Next season's first league as the rules propose it: the teams that `stay` (first league, by place), those
    `promoted` (from a second league), those `relegated`; the `playoff` teams still to play for `playoff_places`
    (§7.3), the places the presidium fills (`open_places`), and the `steps` of the cascade in order."""

    stay: list[str]
    promoted: list[str]
    relegated: list[str]
    playoff: list[str] = field(default_factory=list)
    playoff_places: int = 0
    open_places: int = 0
    steps: list[Step] = field(default_factory=list)

    @property
    def first_league(self) -> list[str]:
        """The teams placed in next season's first league (without the play-off's and the presidium's places)."""
        return [*self.stay, *self.promoted]


def propose(first: Sequence[str], second: Mapping[str, Sequence[str]], declined: Iterable[str] = (),
            enlargement: int = NORMAL, playoff: Sequence[str] | None = None) -> Proposal:
    """Who goes up and who goes down (see the module). `first`: the first league's teams by final place; `second`:
    each conference's second league by final place (East and West, in the order the coordinator asks them);
    `declined`: the teams that declined a place (§7.2, §13.1, §14.3, §14.5); `enlargement`: 0, 2 or 4 more places
    next season (§7.3); `playoff`: the §7.3 play-off's teams, best first, once played."""
    out = set(declined)
    _check(first, second, enlargement)
    conferences = list(second)
    if enlargement == PLUS_FOUR:
        return _plus_four(first, second, out)
    steps: list[Step] = []
    taken: set[str] = set()
    stay: list[str] = []
    promoted: list[str] = []
    relegated = list(first[-2:]) if enlargement == NORMAL else []
    keep = first[:-2]
    vacancies: list[str] = []
    for team in keep:
        if team in out:
            vacancies.append(team)
        else:
            stay.append(team)
            taken.add(team)
    runners_up = [second[c][1] for c in conferences]
    second_to_last = first[-2]

    def ask(chain: list[tuple[str, str]], place: str, declined_by: str) -> None:
        """Give the place to the first of `chain` (team, rule) not declined nor placed; else to the presidium."""
        who = declined_by
        for team, rule in chain:
            if team in taken:
                continue
            if team in out:
                steps.append(Step(place, team, None, rule))
                continue
            steps.append(Step(place, who, team, rule))
            taken.add(team)
            (stay if team in first else promoted).append(team)
            if team in relegated:
                relegated.remove(team)
            return
        steps.append(Step(place, who, None, "§13.1: the presidium decides"))

    open_before = 0
    for c in conferences:
        winner = second[c][0]
        if winner not in out:
            promoted.append(winner)
            taken.add(winner)
            continue
        if enlargement == PLUS_TWO:  # (§7.3 gives no chain for an enlarged league)
            steps.append(Step(f"{c} 1", winner, None, "§7.3: the presidium decides"))
            open_before += 1
            continue
        chain = [(second[c][1], "§13.1: the licence passes to the second team of the same second league")]
        chain += [(second[o][1], "§13.1: the second team of the other second league")
                  for o in conferences if o != c]
        chain += [(second_to_last, "§13.1: the first league's second-to-last may stay")]
        ask(chain, f"{c} 1", winner)
    for team in vacancies:
        place = f"first {first.index(team) + 1}"
        if enlargement == PLUS_TWO:
            steps.append(Step(place, team, None, "§7.3: the presidium decides"))
            open_before += 1
            continue
        chain = [(x, "§14.3, §13.1: a second team of a second league") for x in runners_up]
        chain += [(second_to_last, "§14.3, §13.1: the first league's second-to-last may stay")]
        ask(chain, place, team)
    open_places = open_before + sum(1 for x in steps if x.to is None and x.rule.startswith("§13.1: the presidium"))
    if enlargement == PLUS_TWO:
        return _with_playoff(first, runners_up, out, stay, promoted, steps, open_places, playoff)
    return Proposal(stay=stay, promoted=promoted, relegated=relegated, open_places=open_places, steps=steps)


def _with_playoff(first: Sequence[str], runners_up: list[str], out: set[str], stay: list[str], promoted: list[str],
                  steps: list[Step], open_places: int, playoff: Sequence[str] | None) -> Proposal:
    """§7.3, two more places: the second leagues' second teams and the first league's last two play for two."""
    teams = [*runners_up, *first[-2:]]
    if playoff is None:
        return Proposal(stay=stay, promoted=promoted, relegated=[], playoff=teams, playoff_places=2,
                        open_places=open_places, steps=steps)
    if sorted(playoff) != sorted(teams):
        raise PromotionError(f"the play-off (§7.3) is between {', '.join(teams)}, not {', '.join(playoff)}")
    winners = [x for x in playoff if x not in out][:2]
    for team in playoff:
        if team in out:
            steps.append(Step("play-off", team, None, "§7.3: declined its play-off place"))
    relegated = [x for x in first[-2:] if x not in winners]
    return Proposal(stay=[*stay, *(x for x in winners if x in first)],
                    promoted=[*promoted, *(x for x in winners if x not in first)], relegated=relegated,
                    open_places=open_places + 2 - len(winners), steps=steps)


def _plus_four(first: Sequence[str], second: Mapping[str, Sequence[str]], out: set[str]) -> Proposal:
    """§7.3, four more places: nobody goes down, the first two of both second leagues go up."""
    steps = [Step(f"first {n}", x, None, "§7.3: the presidium decides") for n, x in enumerate(first, 1) if x in out]
    up = [x for c in second for x in second[c][:2]]
    steps += [Step("promotion", x, None, "§7.3: the presidium decides") for x in up if x in out]
    return Proposal(stay=[x for x in first if x not in out], promoted=[x for x in up if x not in out], relegated=[],
                    open_places=len(steps), steps=steps)


def _check(first: Sequence[str], second: Mapping[str, Sequence[str]], enlargement: int) -> None:
    if enlargement not in ENLARGEMENTS:
        raise PromotionError(f"the first league grows by 0, 2 or 4 places (§7.3), not {enlargement}")
    if len(first) < 3:
        raise PromotionError(f"the first league has {len(first)} teams: two go down and one more is needed (§7.1)")
    if len(second) < 2:
        raise PromotionError("§13.1 names two second leagues (East and West, §8): give both")
    for name, teams in second.items():
        if len(teams) < 2:
            raise PromotionError(f"the second league {name} has {len(teams)} teams: its first two are needed (§13.1)")
    seen: dict[str, str] = {}
    for name, teams in [("first", first), *second.items()]:
        for team in teams:
            if team in seen:
                raise PromotionError(f"{team} is in the {seen[team]} league and in {name}")
            seen[team] = name
