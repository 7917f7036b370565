"""What the screens are shown of the appeals, derived from the state; the commands that
change them are in live/commands/appeals.py.
How the rules are read is told there, in its docstring.
"""

from __future__ import annotations

from typing import Any, cast

from live.core.absent import given
from live.core.records import Appeal
from live.core.state import State
from live.core.status import ItemStatus
from live.core.tournament import Tournament
from live.projections import field, lineups
from live.projections.kept import appeal_json
from live.projections.matches import match_pairs
from live.projections.wire import (
    AppealRecord,
    AppealWindow,
    OpenAppeal,
    PlayerAppeals,
    Provisional,
    ProvisionalMatch,
    RefereeAppeals,
    Signers,
    TeamAppeal,
    TeamAppeals,
)
from live.rules import appeals as A
from live.rules.citations import CACAK, SLOVAK, Rule, cite_detail, rule

#: Where each rule is written, by body (the refusals quote it, and cite it in `detail.cite`).
RULES_TEXT: dict[str, dict[str, Rule]] = {
    A.COMMITTEE: {
        "limit": rule("a player may ask {n} times in the tournament (Čačak propositions, Judging: sanctions and "
                      "appeals)",
                      topic="sanctions_appeals"),
        "unanimity": rule("the committee may change the referee's decision only unanimously (Čačak propositions, "
                          "Judging: sanctions and appeals)", topic="sanctions_appeals"),
        "after_round": rule("the judges' committee meets after the round (Čačak propositions, Judging: sanctions and "
                            "appeals)", topic="sanctions_appeals"),
        "by": rule("a player asks the judges' committee (Čačak propositions, Judging: sanctions and appeals)",
                   topic="sanctions_appeals"),
    },
    A.PRESIDIUM: {
        "limit": rule("a team may appeal {n} times"),
        "unanimity": rule("Slovak §28.5: the presidium's decision has no unanimity rule",
                          section="§28.5"),
        "after_round": rule("the presidium decides on a match played (Slovak §28)",
                            section="§28"),
        "by": rule("Slovak §28.3: an appeal is lodged in the team's name, by its "
                   "captain or at least half of its line-up", section="§28.3"),
        "signatures": rule("Slovak §28.3: signed by the team's captain or at least "
                           "half of its line-up", section="§28.3"),
        "provisional": rule("Slovak §24.1: a result appealed is final once the "
                            "appeal is decided", section="§24.1"),
        "window": rule("Slovak §24.1: the term for an appeal ends {n} days after the overall results are published; "
                       "one lodged later is heard as a complaint (§28.2), which changes no result",
                       section="§24.1"),
    },
}


#: The document each body's rules are written in, whatever the tournament's preset: the judges' committee is
#: Čačak's (docs/rules/appeals.md#cacak), the presidium the Slovak league's.
DOCUMENT = {A.COMMITTEE: CACAK, A.PRESIDIUM: SLOVAK}


def _rule(rules: A.AppealRules, name: str) -> tuple[Rule, str]:
    """The rule as the body appealed to has it (else as the committee's), and the document it is written in."""
    for body in (rules.to, A.COMMITTEE):
        found = RULES_TEXT.get(body, {}).get(name)
        if found is not None:
            return found, DOCUMENT.get(body, CACAK)
    return Rule(name), DOCUMENT.get(rules.to, CACAK)


def cite(rules: A.AppealRules, rule: str, **values: Any) -> str:
    """The words of an appeal rule as the refusals quote them, for the body appealed to."""
    return _rule(rules, rule)[0].words.format(**values)


def citation(rules: A.AppealRules, rule: str) -> dict[str, str] | None:
    """Where the rule `cite(rules, rule)` quotes is written, for the refusal's `detail.cite` (None: it names
    none)."""
    return cite_detail(*_rule(rules, rule))


def results_published(state: State) -> int | None:
    """Slovak §24.1 "zverejnenie celkových výsledkov": when the overall results were published — by the
    coordinator (`publish_results`, live/commands/publication.py) when he did; else, as the hall shows each result as
    it comes in, the moment every result was out (`results_out`); None while neither (the window does not run)."""
    if state.publication is not None:
        return state.publication.ts
    return results_out(state)


def results_out(state: State) -> int | None:
    """When the last match of the competition had ended and every match its result (first handed in: a correction
    later does not publish them again), a forfeit, or a withdrawn team; None while one has not."""
    latest: int | None = None
    for s in state.items.values():
        if s.status != ItemStatus.ENDED or s.ended_at is None:
            return None
        latest = max(latest or 0, s.ended_at)
        pairs = match_pairs(state, s.item.id)
        if pairs is None:
            return None
        for home, away in pairs:
            key = f"{home}-{away}"
            result = state.results.get(s.item.id, {}).get(key)
            forfeit = state.forfeits.get(s.item.id, {}).get(key)
            if result is not None:
                latest = max(latest, result.submitted_at)
            elif forfeit is not None:
                latest = max(latest, forfeit.ts)
            elif not {home, away} & set(state.withdrawn):
                return None
    return latest


def window(t: Tournament, state: State, rules: A.AppealRules) -> AppealWindow | None:
    """The appeal window for the screens (None under rules without one): its `days`, when the overall results
    were `published` and when the window `closes` (None while they are not published), and those two as local
    dates (`published_on`, `closes_on`) for the refusal's sentence."""
    if rules.window_days is None:
        return None
    published = results_published(state)
    closes = A.window_closes(published, rules.window_days)
    return {"days": rules.window_days, "published": published, "closes": closes,
            "published_on": None if published is None else f"{t.local(published):%Y-%m-%d}",
            "closes_on": None if closes is None else f"{t.local(closes):%Y-%m-%d %H:%M}"}


def line_up(state: State, item_id: str, team: str) -> list[str] | None:
    """The team's line-up in a match as its sheet says: everyone on it, in any part or come in during one
    (None: no sheet entered)."""
    sheet = state.lineups.get(item_id, {}).get(team)
    if sheet is None:
        return None
    named = [p for table in sheet.body.parts for p in table] + [
        x.player_in for x in lineups.substitutions(sheet.body) if x.player_in]
    return list(dict.fromkeys(named))


def of_player(state: State, player: str) -> list[Appeal]:
    """The player's requests in force, oldest first (each counts, whatever was decided)."""
    return [x for x in state.appeals.values() if x.body.player == player]


def of_team(state: State, team: str) -> list[Appeal]:
    """The team's appeals in force, oldest first."""
    return [x for x in state.appeals.values() if x.body.team == team]


def open_appeals(state: State) -> list[Appeal]:
    return [x for x in state.appeals.values() if x.decision is None]


def provisional(state: State) -> Provisional | None:
    """Slovak §24.1: while an appeal is open its results are provisional — the standings' flag (None when
    nothing is): the rounds, and the matches (home, away) of a team's appeals. No appellant is named."""
    rules = A.AppealRules.from_rules(state.tournament.rules)
    lines = A.provisional([appeal_json(x) for x in state.appeals.values()])
    if rules is None or not lines:
        return None
    matches: list[ProvisionalMatch] = []
    for line in lines:
        pair = lineups.pair_of(state, line["item"], line["team"]) if "team" in line else None
        if pair is not None and {"item": line["item"], "home": pair[0], "away": pair[1]} not in matches:
            matches.append({"item": line["item"], "home": pair[0], "away": pair[1]})
    return {"items": sorted({x["item"] for x in lines}), "matches": matches,
            "rule": cite(rules, "provisional") if rules.to == A.PRESIDIUM
            else "Čačak propositions, Judging: an appeal is open"}


def _shown(rules: A.AppealRules, x: Appeal) -> OpenAppeal:
    due = A.due(x.ts, rules.decision_days) if x.decision is None else None
    return cast(OpenAppeal, {**appeal_json(x), **({"due": due} if due is not None else {})})


def referee_view(state: State) -> RefereeAppeals | None:
    """The console's `appeals` section (None without appeals): the body (`to`), who appeals (`by`), the limit
    (`allowed`, None: none) and whether a decision must be unanimous; open appeals (with the day their decision
    is `due`, where the rules give a term) and decided ones; for players' appeals the requests each has left,
    for teams' the line-up of each team's match in every round played, who may sign, and how many must."""
    rules = A.AppealRules.from_rules(state.tournament.rules)
    if rules is None:
        return None
    view: RefereeAppeals = {
        "to": rules.to, "by": rules.by, "allowed": rules.limit, "unanimity": rules.unanimity,
        "decision_days": rules.decision_days, "window": window(state.tournament, state, rules),
        "open": [_shown(rules, x) for x in open_appeals(state)],
        "decided": cast(list[AppealRecord], [appeal_json(x) for x in state.appeals.values() if x.decision is not None]),
    }
    if rules.by == A.BY_PLAYER:
        view["left"] = {p.id: A.requests_left(len(of_player(state, p.id)), rules.limit)
                        for p in field.ranked(state)}  # (one who withdrew before playing has nothing to appeal)
        return view
    signers: dict[str, dict[str, Signers]] = {}
    for s in state.items.values():
        if s.open or not s.item.boards:
            continue
        for pair in match_pairs(state, s.item.id) or ():
            for team in pair:
                table = line_up(state, s.item.id, team)
                signers.setdefault(s.item.id, {})[team] = {
                    "line_up": table, "needed": None if table is None else A.signatures_needed(len(table))}
    view["signers"] = signers
    return view


def player_view(state: State, player: str) -> PlayerAppeals | TeamAppeals | None:
    """For the player's page, with their session only (`by`): where players appeal themselves (Čačak) their own
    requests and how many are left; where a team appeals (Slovak §28.3), their team's appeals — each one's
    `subject`, `state` (`open` with the day its decision is `due`, or `decided` with the `decision` and its
    `outcome`) — and the appeal window. None without appeals, or for a player on no team where teams appeal."""
    rules = A.AppealRules.from_rules(state.tournament.rules)
    if rules is None:
        return None
    if rules.by == A.BY_PLAYER:
        mine = of_player(state, player)
        return {"by": "player", "allowed": rules.limit, "used": len(mine),
                "left": A.requests_left(len(mine), rules.limit),
                "requests": cast(list[AppealRecord], [appeal_json(x) for x in mine])}
    member = state.tournament.player(player)
    if member is None or member.team is None:
        return None
    return {"by": "team", "to": rules.to, "team": member.team, "window": window(state.tournament, state, rules),
            "appeals": [_team_line(state, rules, x) for x in of_team(state, member.team)]}


def _team_line(state: State, rules: A.AppealRules, x: Appeal) -> TeamAppeal:
    """One of the team's appeals as its players' page shows it: what, about which match (its `title`), and where
    it stands, with the day the decision is due as a local date (`due_on`); who signed is the referees' record,
    not repeated here."""
    decided = x.decision
    lodged = x.body
    s = state.items.get(lodged.item)
    line: TeamAppeal = {"appeal": x.seq, "item": lodged.item, "title": s.item.title if s else lodged.item,
                            "match": given(lodged.match, None), "subject": lodged.subject, "lodged": x.ts,
                            "state": "decided" if decided else "open"}
    if decided:
        line.update({"decision": decided.body.decision, "outcome": given(decided.body.outcome, None),
                     "decided": decided.ts})
    else:
        due = A.due(x.ts, rules.decision_days)
        line.update({"due": due, "due_on": None if due is None else f"{state.tournament.local(due):%Y-%m-%d}"})
    return line

