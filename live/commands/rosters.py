"""The roster checks that a new member, a withdrawal and a line-up must pass; what the screens are
shown of the rosters is derived in live/projections/rosters.py.

Who joins a bridge team during the event (docs/rules/team-sheets.md#rosters): the checks that
`register_player` makes for a team's new member (live/commands/plan_changes.py calls `member_fields`), the
players' club `rating`, and the console's `rosters` section. The pure rules are in live/rules/rosters.py.

    {"type": "register_player", "team": "t1", "name": "Petar Nikolić", "rating": 1480}
    {"type": "register_player", "team": "t1", "name": "Petar Nikolić", "rating": 1480, "replaces": "t1p4"}

- Slovak §17: a roster has at most `roster_max` (8) members; the 5th and later are added before a
  match starts (refused while a match is being played); a player who has played in the league for one
  team is not added to another. It has at least `roster_min` (4) members still on it: a withdrawal that
  would leave fewer is refused (`check_withdrawal`), a team with fewer is given no line-up
  (`check_lineup`), and the console's roster says `incomplete` (live/rules/rosters.py has the reading).
- Novi Sad: until half of its matches a team may be extended (with players of no other team); from
  then on only by `replaces`: one player (`replacements_after_half`) replaced by a new one whose
  `rating` is not higher than the average of the team's members. The player replaced leaves the team
  (the plan marks them withdrawn, live/core/plan.py); the boards they played stay on the sheets.

Who is "the same player" on two teams is told by the name, as `register_player` always has.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from live.commands.command import ABSENT, Absent, wrong
from live.commands.validation import CommandError
from live.core.state import State
from live.core.tournament import Player, Tournament
from live.projections.lineups import boards_of, competition_rounds, sheet_rounds
from live.projections.rosters import current, league_record, replacements
from live.rules import lineups as sheet_rules
from live.rules import rosters as roster_rules
from live.rules.citations import OWN, TS, Rule, cite_detail, rule
from live.rules.rosters import MAX_RATING

#: Where each roster rule is written, by preset (the refusals quote it, and cite it in `detail.cite`).
RULES_TEXT: dict[str, dict[str, Rule]] = {
    "novi-sad-teams": {
        "one_team": rule(TS + "teams are extended with players who are members of no other team",
                         topic="team_sheets"),
        "replacements_after_half": rule(TS + "after half of the matches one player of a team may "
                                        "be replaced", topic="team_sheets"),
        "replacement_rating": rule(TS + "the new player's club rating is not higher than the "
                                   "average of the team's members", topic="team_sheets"),
    },
    "slovak-league": {
        "one_team": rule("Slovak §17.3: a player who has played in the league for one team "
                         "cannot be added to another team's roster", section="§17.3"),
        "one_roster": rule("Slovak §17: a player is on one team's roster (the move of one "
                           "who has not played yet, §17.4, is not done at the console)", section="§17"),
        "roster_max": rule("Slovak §17.1: a roster has at most {n} members", section="§17.1"),
        "roster_min": rule("Slovak §17.1: a roster has at least {n} members", section="§17.1"),
        "added_before_match": rule("Slovak §17.2: the 5th and later members are added on "
                                   "the day of a match before it starts", section="§17.2"),
        "substitute_rounds": rule("Slovak §27.1: a substitute may not play in half or more of the rounds of the "
                                  "competition ({n} rounds: at most {most})", section="§27.1"),
        "basic_lineup_max": rule("Slovak §27.1: a team is 4 to {n} players of its basic line-up; any further member "
                                 "is a substitute", section="§27.1"),
    },
}


DEFAULT_TEXT = {
    "one_team": rule("a player is a member of one team"),
    "one_roster": rule("a player is a member of one team"),
    "roster_max": rule(OWN + "a roster has at most {n} members", topic="team_sheets"),
    "roster_min": rule(OWN + "a roster has at least {n} members", topic="team_sheets"),
    "added_before_match": rule(OWN + "later members are added before a match starts",
                               topic="team_sheets"),
    "replacements_after_half": rule(OWN + "after half of the matches players are replaced, not "
                                    "added", topic="team_sheets"),
    "replacement_rating": rule(OWN + "the new player's rating is not higher than the team's average",
                               topic="team_sheets"),
    "substitute_rounds": rule("a substitute plays in fewer than the rules' share of the rounds ({n} rounds: at most "
                              "{most})"),
    "basic_lineup_max": rule("a team is 4 to {n} players of its basic line-up; any further member is a substitute"),
}


def _rule(t: Tournament, name: str) -> Rule:
    return RULES_TEXT.get(t.preset, {}).get(name) or DEFAULT_TEXT[name]


def cite(t: Tournament, rule: str, **values: Any) -> str:
    """The words of a roster rule as the refusals quote them, for the tournament's preset."""
    return _rule(t, rule).words.format(**values)


def citation(t: Tournament, rule: str) -> dict[str, str] | None:
    """Where the rule `cite(t, rule)` quotes is written, for the refusal's `detail.cite` (None: it names none)."""
    return cite_detail(_rule(t, rule), t.preset)


def _refuse(status: int, message: str, field: str, rule: str, **detail: Any) -> CommandError:
    return CommandError(status, message, {"field": field, "rule": rule, **detail})


#: How a `rating` that is not a number is refused (register_player, update_player).
RATING = wrong(f"rating must be the player's club rating, a number from 0 to {MAX_RATING:,}", "field.not_a_number")


def rating_value(value: float) -> float:
    """A command's `rating`: a club rating from 0 to MAX_RATING (as sent: a whole number stays one)."""
    if not 0 <= value <= MAX_RATING:
        raise CommandError(422, f"rating must be the player's club rating, a number from 0 to {MAX_RATING:,}, "
                                f"not {value!r}", {"field": "rating",
                                                   "code": "field.between", "min": 0, "max": MAX_RATING})
    return value


def substitute_flag(plan: Tournament, state: State, value: bool, player: Player | None) -> bool:
    """A command's `substitute` (true or false): a substitute of the team, not of its basic line-up, who plays in
    fewer than half of the competition's rounds (live/commands/lineups.py refuses the sheet beyond). Refused under rules
    without substitutes, and for a player (`update_player`) already on the sheets of as many rounds as the rule
    forbids: marking them would break it in the past."""
    percent = plan.rules.get("substitute_rounds_below_percent")
    if percent is None:
        if value:
            raise CommandError(422, f"the {plan.preset} rules have no substitutes (Slovak §27.1)",
                               {"field": "substitute", "code": "rules.no_substitutes"})
        return value
    if not value and player is not None and player.substitute and player.team is not None and not player.withdrawn:
        basic_full(plan, player.team, f"{player.id} {player.name} cannot leave the substitutes")
    if value and player is not None and not player.substitute:
        rounds = sheet_rounds(state, player.id)
        total = competition_rounds(state)
        most = sheet_rules.substitute_rounds_allowed(total, percent)
        if sheet_rules.substitute_too_often(len(rounds), total, percent):
            raise _refuse(409, f"{player.id} {player.name} is on the sheets of {len(rounds)} of the {total} rounds "
                               f"already: {cite(plan, 'substitute_rounds', n=total, most=most)}", "substitute",
                          "substitute_rounds_below_percent", player=player.id, name=player.name, rounds=len(rounds),
                          allowed=most, code="roster.substitute_rounds", cite=citation(plan, "substitute_rounds"))
    return value


def basic_full(plan: Tournament, team: str, said: str) -> None:
    """Slovak §27.1: refuse one more player of `team`'s basic line-up when it has `basic_lineup_max` already."""
    most = plan.rules.get("basic_lineup_max")
    basic = [p for p in current(plan, team) if not p.substitute]
    if most is not None and roster_rules.roster_full(len(basic), int(most)):
        raise _refuse(409, f"{said}: {team} has {len(basic)} players of its basic line-up: "
                           f"{cite(plan, 'basic_lineup_max', n=most)} (substitute = true)", "substitute",
                      "basic_lineup_max", team=team, members=len(basic), allowed=int(most), code="roster.basic_full",
                      cite=citation(plan, "basic_lineup_max"))


def check_withdrawal(plan: Tournament, player: Player) -> None:
    """Slovak §17.1: refuse a withdrawal that would leave the team's roster under `roster_min`, naming the rule."""
    least = plan.rules.get("roster_min")
    if player.team is None or least is None:
        return
    left = current(plan, player.team)
    if not roster_rules.may_leave(len(left), int(least)):
        raise _refuse(409, f"{player.team} has {len(left)} members: {cite(plan, 'roster_min', n=least)}; register "
                           f"the member who takes {player.id} {player.name}'s place first, then withdraw them",
                      "player", "roster_min", team=player.team, members=len(left), minimum=int(least),
                      code="roster.min_withdraw", cite=citation(plan, "roster_min"))


def check_lineup(plan: Tournament, team: str) -> None:
    """Slovak §17.1: a team whose roster is under `roster_min` is given no line-up (it is incomplete, §18.1)."""
    least = plan.rules.get("roster_min")
    left = current(plan, team)
    if least is not None and roster_rules.roster_short(len(left), int(least)):
        raise _refuse(409, f"{team} has {len(left)} member{'s' if len(left) != 1 else ''} on its roster: "
                           f"{cite(plan, 'roster_min', n=least)}; register the missing members first (a team "
                           "incomplete at a match loses it by forfeit)", "team", "roster_min",
                      members=len(left), minimum=int(least), code="roster.min_incomplete", team=team,
                      cite=citation(plan, "roster_min"))


def already_member(state: State, plan: Tournament, other: Player, team: str, name: str) -> CommandError:
    """The refusal of a name already on a roster, naming the rule (Slovak §17.3 when they have played)."""
    if other.team == team:
        return CommandError(409, f"{name} is already a member of this team ({other.id})",
                            {"field": "name", "player": other.id, "team": other.team,
                             "code": "roster.already_member", "name": name})
    boards = boards_of(state, other.id)
    said = f"{name} is already a member of team {other.team} ({other.id})"
    if boards:
        said += f" and has played {boards} boards for it"
    which = "one_team" if boards or "one_roster" not in RULES_TEXT.get(plan.preset, {}) else "one_roster"
    return _refuse(409, f"{said}: {cite(plan, which)}", "name", "one_team", player=other.id, team=other.team,
                   boards=boards, code="roster.one_team", name=name, cite=citation(plan, which))


@dataclass(frozen=True, kw_only=True)
class MemberFields:
    """The fields of `player_registered` (live/core/payloads.py `PlayerRegistered`) that `member_fields` decides."""

    rating: int | float | Absent = ABSENT
    replaces: str | Absent = ABSENT
    average: int | float | Absent = ABSENT


def member_fields(plan: Tournament, state: State, team: str | None, *, name: str, rating: float | Absent,
                  replaces: str | Absent, substitute: bool | Absent) -> MemberFields:
    """What a new player's `player_registered` adds: their `rating`, and for a Novi Sad replacement the
    player replaced (`replaces`) and the average it was held to; or the refusal naming the rule. The
    values are register_player's fields as sent (`name` before it is cleaned)."""
    rated = ABSENT if rating is ABSENT else rating_value(rating)
    fields = MemberFields(rating=rated)
    if team is None:
        if replaces is not ABSENT:
            raise CommandError(422, "a player on their own replaces nobody", {"field": "replaces",
                                                                              "code": "roster.replaces_nobody"})
        return fields
    roster = plan.members(team)
    most = plan.rules.get("roster_max")
    if most is not None and roster_rules.roster_full(len(roster), int(most)):
        raise _refuse(409, f"{team} has {len(roster)} members: {cite(plan, 'roster_max', n=most)}", "team",
                      "roster_max", members=len(roster), allowed=int(most), code="roster.full", team=team,
                      cite=citation(plan, "roster_max"))
    if substitute is not True:
        basic_full(plan, team, f"{name} would be of the basic line-up")
    least = plan.rules.get("roster_min")
    busy = state.item_in_progress()
    if least is not None and busy is not None and len(roster) >= int(least):
        raise _refuse(409, f"{busy.item.id} is being played: {cite(plan, 'added_before_match')}; add the player when "
                           "it has ended, for the next match", "team", "added_before_match", item=busy.item.id,
                      code="roster.match_in_progress", cite=citation(plan, "added_before_match"))
    allowed = plan.rules.get("replacements_after_half")
    if allowed is None:
        if replaces is not ABSENT:
            raise CommandError(422, f"the {plan.preset} rules have no replacement of a player: register the new "
                                    "member, withdraw the one who leaves", {"field": "replaces",
                                                                            "code": "rules.no_replacement"})
        return fields
    done, total = league_record(state, team)
    if not roster_rules.after_half(done, total):
        if replaces is not ABSENT:
            raise _refuse(409, f"{team} has played {done} of its {total} matches: a player is replaced after half of "
                               "them; until then the team is simply extended", "replaces", "replacements_after_half",
                          played=done, matches=total, code="roster.replace_too_early", team=team)
        return fields
    if replaces is ABSENT:
        raise _refuse(409, f"{team} has played {done} of its {total} matches: {cite(plan, 'replacements_after_half')}, "
                           "not extended: give the player replaced in \"replaces\"", "replaces",
                      "replacements_after_half", played=done, matches=total, code="roster.replace_needed", team=team,
                      cite=citation(plan, "replacements_after_half"))
    used = replacements(state, team)
    if len(used) >= int(allowed):
        raise _refuse(409, f"{team} has replaced {len(used)} player{'s' if len(used) != 1 else ''} already: "
                           f"{cite(plan, 'replacements_after_half')} ({allowed} in all)", "replaces",
                      "replacements_after_half", allowed=int(allowed), used=[x["seq"] for x in used],
                      code="roster.replacements_used", team=team, cite=citation(plan, "replacements_after_half"))
    gone = plan.player(replaces)
    if gone is None or gone.team != team or gone.withdrawn:
        raise CommandError(422, f"replaces must be a player of {team} still on its roster, not {replaces!r}",
                           {"field": "replaces", "members": [p.id for p in roster if not p.withdrawn],
                            "code": "roster.replaces_not_member", "team": team})
    if rated is ABSENT:
        raise _refuse(422, "the new player's club rating decides the replacement "
                           f"({cite(plan, 'replacement_rating')}): give it in \"rating\"", "rating",
                      "replacement_rating", code="roster.rating_needed", cite=citation(plan, "replacement_rating"))
    current = [p for p in roster if not p.withdrawn]
    mean = roster_rules.average(p.rating for p in current)
    if mean is None:
        raise _refuse(409, f"no member of {team} has a club rating: {cite(plan, 'replacement_rating')}; enter their "
                           "ratings first (update_player)", "rating", "replacement_rating",
                      code="roster.no_ratings", team=team, cite=citation(plan, "replacement_rating"))
    if not roster_rules.rating_allowed(rated, (p.rating for p in current)):
        raise _refuse(409, f"the new player's rating {rated:g} is higher than the average of {team}'s "
                           f"members, {roster_rules.shown(mean):g}: {cite(plan, 'replacement_rating')}", "rating",
                      "replacement_rating", average=roster_rules.shown(mean),
                      code="roster.rating_too_high", rating=rated,
                      cite=citation(plan, "replacement_rating"))
    return MemberFields(rating=rated, replaces=gone.id, average=roster_rules.shown(mean))


__all__ = ["MAX_RATING", "RATING", "MemberFields", "already_member", "basic_full", "check_lineup", "check_withdrawal",
           "member_fields", "rating_value", "substitute_flag"]

