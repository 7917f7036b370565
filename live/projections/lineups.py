"""What the screens are shown of the team sheets, derived from the state; the commands that
change them are in live/commands/lineups.py.
How the rules are read is told there, in its docstring.
"""

from __future__ import annotations

from typing import Any, cast

from live.core import payloads as P
from live.core.absent import given
from live.core.state import ItemState, State
from live.core.tournament import Tournament
from live.projections import checkin_lists
from live.projections.kept import sheet_json
from live.projections.matches import match_pairs
from live.projections.standings import prize_table
from live.projections.wire import (
    BoardsPlayed,
    Individual,
    IndividualLine,
    IndividualPlayer,
    IndividualTeam,
    MatchSheets,
    MatchTeam,
    SubstituteRounds,
    TeamSheet,
    TeamSheets,
)
from live.rules import lateness
from live.rules import lineups as sheet_rules
from live.rules.citations import OWN, TS, Rule, cite_detail, rule

#: Where each rule is written, by preset (the refusals quote it, and cite it in `detail.cite`).
RULES_TEXT: dict[str, dict[str, Rule]] = {
    "novi-sad-teams": {
        "changes_at_breaks": rule(TS + "players change at half-time", topic="team_sheets"),
        "substitute_max_boards": rule(TS + "a referee's substitute plays at most {n} boards of a "
                                      "match", topic="team_sheets"),
        "individual_min_percent": rule(TS + "the final ranking counts players with at least {n} % "
                                       "of the boards", topic="team_sheets"),
    },
    "slovak-league": {
        "changes_at_breaks": rule("Slovak §27.5: players change only at the breaks",
                                  section="§27.5"),
        "replaced_sits_out": rule("Slovak §27.5: a player replaced during a part may not "
                                  "play the following part", section="§27.5"),
        "substitute_max_boards": rule("Slovak §17: only the team's roster plays",
                                      section="§17"),
        "substitute_rounds": rule("Slovak §27.1: a substitute may not play in half or more of the rounds of the "
                                  "competition ({n} rounds: at most {most})", section="§27.1"),
    },
}


DEFAULT_TEXT = {
    "changes_at_breaks": rule(OWN + "players change only at the breaks", topic="team_sheets"),
    "replaced_sits_out": rule(OWN + "a player replaced during a part may not play the following part",
                              topic="team_sheets"),
    "substitute_max_boards": rule(OWN + "a referee's substitute plays at most {n} boards of a match",
                                  topic="team_sheets"),
    "individual_min_percent": rule(OWN + "the final ranking counts players with at least {n} % of "
                                   "the boards", topic="team_sheets"),
    "substitute_rounds": rule("a substitute plays in fewer than the rules' share of the rounds ({n} rounds: at most "
                              "{most})"),
}


def _rule(t: Tournament, name: str) -> Rule:
    return RULES_TEXT.get(t.preset, {}).get(name) or DEFAULT_TEXT.get(name) \
        or rule(f"{OWN}{name}", topic="team_sheets")


def cite(t: Tournament, rule: str, **values: Any) -> str:
    """The words of a rule as the refusals quote it, for the tournament's preset."""
    return _rule(t, rule).words.format(**values)


def citation(t: Tournament, rule: str) -> dict[str, str] | None:
    """Where the rule `cite(t, rule)` quotes is written, for the refusal's `detail.cite` (None: it names none)."""
    return cite_detail(_rule(t, rule), t.preset)


def available(t: Tournament) -> bool:
    """Whether the rules keep team sheets (the bridge presets: `lineup_size`)."""
    return t.game == "bridge" and t.rules.get("lineup_size") is not None


def pair_of(state: State, item_id: str, team: str) -> tuple[str, str] | None:
    """The team's match in the round (None: a bye, or not known yet)."""
    return pairs_by_team(state, item_id).get(team)


def pairs_by_team(state: State, item_id: str) -> dict[str, tuple[str, str]]:
    """team → its match in the round, built once per round until an event changes the matches (every team's
    line asks for its own: in a league of 2,500 teams a walk of the round for each was 6 million steps)."""
    return state.derived(f"pairs/{item_id}",
                         lambda: {team: (h, a) for h, a in match_pairs(state, item_id) or () for team in (h, a)})


def forfeited(state: State, item_id: str, pair: tuple[str, str]) -> bool:
    return f"{pair[0]}-{pair[1]}" in state.forfeits.get(item_id, {})


def unplayed(state: State, item_id: str, pair: tuple[str, str]) -> bool:
    """A match nobody plays: forfeited, or against a team that has withdrawn without a result of it."""
    if forfeited(state, item_id, pair):
        return True
    return bool(set(pair) & set(state.withdrawn)) and f"{pair[0]}-{pair[1]}" not in state.results.get(item_id, {})


def shape(t: Tournament, s: ItemState) -> tuple[tuple[int, ...], int]:
    """A match's boards per part, and how many parts have begun."""
    item = s.item
    boards = sheet_rules.part_boards(int(item.boards or 0), t.segments(item))
    return boards, sheet_rules.begun(s.status, s.breaks, len(boards))


def removed_boards(state: State, item_id: str, pair: tuple[str, str]) -> int:
    """The boards the director removed from a match because a team was late (Slovak §18 / §27.2): the later
    team's (the match starts when both are there); 0 under rules that remove none, or before a team came."""
    t = state.tournament
    s = state.items.get(item_id)
    if t.rules.get("lateness") != lateness.SLOVAK or s is None or not s.item.boards:
        return 0
    params = lateness.SlovakLateParams.from_rules(t.rules, t.speed)
    removed = 0
    for team in pair:
        came = checkin_lists.arrived_at(state, item_id, team)
        if came is not None:
            late = lateness.late_ms(checkin_lists.reference(s), came, s.pauses)
            minutes = checkin_lists.match_minutes(t, s.item)
            first = checkin_lists.first_of_gathering(t, s.item)
            removed = max(removed, lateness.slovak_late(late, s.item.boards, minutes, first, params).boards_removed)
    return removed


def played_shape(state: State, s: ItemState, pair: tuple[str, str]) -> tuple[tuple[int, ...], int]:
    """`shape` with the boards each part had as played: without the boards removed for lateness."""
    boards, began = shape(state.tournament, s)
    return sheet_rules.played_part_boards(boards, removed_boards(state, s.item.id, pair)), began


def substitutions(sheet: P.LineupEntered) -> list[sheet_rules.Substitution]:
    return [sheet_rules.Substitution(int(x["part"]), str(x["out"]), int(x["boards"]), x.get("in"), x.get("substitute"))
            for x in given(sheet.substitutions, [])]


def named(sheet: P.LineupEntered) -> set[str]:
    """Everyone a sheet puts at the table: in any part's line-up, or come in during a part."""
    return {p for table in sheet.parts for p in table} | {x.player_in for x in substitutions(sheet) if x.player_in}


def competition_rounds(state: State) -> int:
    """Slovak §27.1 "kolá súťaže": the rounds of the competition, the timetable's round numbers (cancelled
    matches are not in it)."""
    return len({s.item.round for s in state.items.values() if s.item.round is not None})


def sheet_rounds(state: State, player: str, *, instead: tuple[str, str] | None = None) -> set[int]:
    """The rounds whose match sheet of the player's team names them (a match not played left out), without the
    sheet of `instead` (item, team): the one about to replace it."""
    out: set[int] = set()
    for item_id, teams in state.lineups.items():
        s = state.items.get(item_id)
        if s is None or s.item.round is None:
            continue
        for team, sheet in teams.items():
            if (item_id, team) == instead or player not in named(sheet.body):
                continue
            pair = pair_of(state, item_id, team)
            if pair is not None and not unplayed(state, item_id, pair):
                out.add(s.item.round)
    return out


def substitute_rounds(state: State) -> SubstituteRounds | None:
    """The console's view of Slovak §27.1 (None under rules without it): the competition's rounds, the most a
    substitute may play, and each substitute's rounds on the sheets so far."""
    t = state.tournament
    percent = t.rules.get("substitute_rounds_below_percent")
    if percent is None:
        return None
    total = competition_rounds(state)
    return {"percent": percent, "rounds": total, "allowed": sheet_rules.substitute_rounds_allowed(total, percent),
            "played": {p.id: sorted(sheet_rounds(state, p.id)) for p in t.players if p.substitute}}


def played(state: State) -> dict[str, dict[str, int]]:
    """player → match → the boards they played in it, as the sheets in force say (parts begun only)."""
    out: dict[str, dict[str, int]] = {}
    for item_id, teams in state.lineups.items():
        s = state.items.get(item_id)
        if s is None or not s.item.boards:
            continue  # cancelled since
        for team, sheet in teams.items():
            pair = pair_of(state, item_id, team)
            if pair is None or unplayed(state, item_id, pair):
                continue
            boards, began = played_shape(state, s, pair)  # boards removed for lateness: played by nobody
            parts = sheet.body.parts[:len(boards)]
            for player, count in sheet_rules.boards_played(parts, substitutions(sheet.body), boards, began).items():
                if count:
                    out.setdefault(player, {})[item_id] = count
    return out


def boards_of(state: State, player: str, played_: dict[str, dict[str, int]] | None = None) -> int:
    return sum((played_ if played_ is not None else played(state)).get(player, {}).values())


def team_boards(state: State, team: str) -> int:
    """Novi Sad "the total number of boards of the tournament", for a team's players: the boards of the
    matches the team plays (its league matches, the final once seated), without the unplayed ones and
    without boards removed for lateness (nobody played them either)."""
    total = 0
    for s in state.items.values():
        pair = pair_of(state, s.item.id, team)
        if pair is not None and s.item.boards and not unplayed(state, s.item.id, pair):
            total += s.item.boards - min(s.item.boards, removed_boards(state, s.item.id, pair))
    return total


def individual(state: State) -> Individual | None:
    """The Novi Sad final individual ranking (None under rules without one): the teams in their final order
    (the final's winner first once it is played, `live.standings.prize_table`), each player's boards of
    the team's total, and the players with at least `individual_min_percent` of them, who share their
    team's place."""
    t = state.tournament
    percent = t.rules.get("individual_min_percent")
    if percent is None or t.game != "bridge":
        return None
    table, order = prize_table(state)
    boards = played(state)
    ranking: list[IndividualLine] = []
    teams: list[IndividualTeam] = []
    for row in table:
        if "player" in row:
            continue  # (a bridge table: no player's row)
        team = row["team"]
        total = team_boards(state, team)
        need = sheet_rules.needed(total, percent)
        players: list[IndividualPlayer] = []
        for p in t.members(team):
            count = boards_of(state, p.id, boards)
            ok = sheet_rules.eligible(count, total, percent)
            share = sheet_rules.percent_of(count, total)
            players.append({"player": p.id, "name": p.name, "boards": count, "percent": share,
                            "eligible": ok, "still_needed": max(0, need - count), "withdrawn": p.withdrawn})
            if ok:
                ranking.append({"rank": row["rank"], "shared": True, "player": p.id, "name": p.name, "team": team,
                                "team_name": row["name"], "boards": count, "percent": share})
        teams.append({"rank": row["rank"], "team": team, "name": row["name"], "boards": total, "needed": need,
                      "players": players})
    return {"percent": percent, "rule": cite(t, "individual_min_percent", n=percent), "order": order,
            "ranking": ranking, "teams": teams}


def player_view(state: State, player_id: str) -> BoardsPlayed | None:
    """A bridge player's own boards for the player page (None without team sheets or a team): `played` of
    `of` (the team's boards, `team_boards`), `percent`; where the rules have an individual ranking its
    `min_percent`, the boards `needed` and whether the player is `eligible` — all the page shows."""
    t = state.tournament
    player = t.player(player_id)
    if not available(t) or player is None or player.team is None:
        return None
    total = team_boards(state, player.team)
    count = boards_of(state, player.id)
    out: BoardsPlayed = {"played": count, "of": total, "percent": sheet_rules.percent_of(count, total)}
    percent = t.rules.get("individual_min_percent")
    if percent is not None:
        out.update({"min_percent": percent, "needed": sheet_rules.needed(total, percent),
                    "eligible": sheet_rules.eligible(count, total, percent)})
    return out


def substitution_kinds(t: Tournament) -> list[str]:
    """Who may come in during a part under these rules, as the `lineup` command takes it: `substitute` (a
    referee's substitute, where the rules count their boards) and `member` (the director's exceptional
    substitution, where the player replaced sits out the next part)."""
    return [kind for kind, allowed in (("substitute", t.rules.get("substitute_max_boards") is not None),
                                       ("member", bool(t.rules.get("replaced_sits_out")))) if allowed]


def forced_sheet(t: Tournament, team: str, sheet: P.LineupEntered | None, parts: int,
                 subs: list[sheet_rules.Substitution]) -> list[list[str]] | None:
    """The sheet a team's roster leaves no choice in, for the console's one tap: exactly as many members still
    on it as a line-up has seats, and none of them sitting a part out, play every part. None when there is a
    choice to make, or when the sheet in force already says it."""
    members = [p.id for p in t.members(team) if not p.withdrawn]
    if len(members) != int(t.rules["lineup_size"]) or sheet_rules.barred(subs, parts):
        return None
    if sheet is not None and len(sheet.parts) == parts and all(set(x) == set(members) for x in sheet.parts):
        return None
    return [list(members) for _ in range(parts)]


def referee_view(state: State) -> TeamSheets | None:
    """The console's `lineups` section (None without team sheets): for every match whose teams are known
    and each team in it, the sheet in force, the line-up of every part as it counts, which parts may
    still change, the sheet its roster leaves no choice in (`forced`), who may not play which part, the
    referee's substitute's boards left; every player's boards; and the individual ranking where the rules
    have one. (The rosters join it in `live.projections.views`: they read the boards played from here.)"""
    t = state.tournament
    if not available(t):
        return None
    limit = t.rules.get("substitute_max_boards")
    matches: dict[str, MatchSheets] = {}
    for s in state.items.values():
        pairs = match_pairs(state, s.item.id)
        if pairs is None or not s.item.boards:
            continue
        boards, began = shape(t, s)
        sheets = state.lineups.get(s.item.id, {})
        teams: dict[str, MatchTeam] = {}
        for team in (x for pair in pairs for x in pair):
            sheet = sheets.get(team)
            subs = substitutions(sheet.body) if sheet else []
            entered = sheet.body.parts if sheet else []
            fixed = sheet.fixed if sheet else ()
            teams[team] = {
                "sheet": cast(TeamSheet | None, sheet_json(sheet) if sheet else None),
                "forfeited": forfeited(state, s.item.id, pair_of(state, s.item.id, team) or ("", "")),
                "line_ups": [list(x) if x is not None else None
                             for x in sheet_rules.sheet_line_ups(entered, subs, len(boards))],
                "changeable": [k for k in range(1, len(boards) + 1) if k not in fixed],
                "barred": {str(k): sorted(v) for k, v in sheet_rules.barred(subs, len(boards)).items()},
                "substitute_boards_left": (None if limit is None
                                           else max(0, int(limit) - sheet_rules.substitute_boards(subs))),
                "boards_removed": removed_boards(state, s.item.id, pair_of(state, s.item.id, team) or ("", "")),
                "forced": forced_sheet(t, team, sheet.body if sheet else None, len(boards), subs),
            }
        matches[s.item.id] = {"parts": len(boards), "part_boards": list(boards), "begun": began, "teams": teams}
    counts = played(state)
    return {"size": int(t.rules["lineup_size"]), "substitution_kinds": substitution_kinds(t), "matches": matches,
            "boards": {p: {"total": sum(m.values()), "matches": m} for p, m in counts.items()},
            "individual": individual(state),
            "substitutes": substitute_rounds(state)}

