"""Standings of the tournament as it stands: the state's results fed to the pure rules.

This module only translates: results, seatings, forfeits and penalties from the fold go in,
rows ready for the screens come out. Every number is decided in `live/rules/`.

A row's place is its position in the list, not a field of its own: a row that shares the place of the
row above carries `"tied": true` (the key is absent otherwise), and `ranks` reads the places back
(competition style, "1, 2, 2, 4", as the rules rank). So a result that lifts a player from 50th to
10th changes that player's row and perhaps a neighbour's `tied`, not the 40 ranks in between, and
the hall gets a patch of a few operations instead of the whole table (live/edges/patch.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Protocol, cast, final

from live.core import payloads as P
from live.core.absent import given, written
from live.core.status import ItemStatus
from live.projections import checkin_lists, field
from live.projections.kept import appeal_json
from live.projections.matches import league_schedule
from live.projections.wire import (
    BridgeResult,
    BridgeRow,
    FinalView,
    Overtime,
    PreferansResult,
    PreferansRow,
    RankedRow,
    ResultLine,
    StandingRow,
    StandingsHidden,
)
from live.rules import bridge, preferans
from live.rules import lateness as late_rules
from live.rules.appeals import provisional
from live.rules.numbers import json_number, to_decimal
from live.rules.prizes import champion_first
from live.rules.standings_preferans import standings as preferans_standings
from live.rules.vp import vp

if TYPE_CHECKING:
    from live.core.state import State
    from live.core.tournament import Item


@final
class TeamOvertime(Overtime):
    """A match run over its time (`overtime`), with the team it costs and the round the VP come off."""

    team: str
    round: int


class _Ranked(Protocol):
    """A rules row (`live.rules.standings_preferans.StandingRow`, `live.rules.bridge.StandingRow`)."""

    @property
    def rank(self) -> int: ...


def ranks(rows: Sequence[Mapping[str, object]]) -> list[int]:
    """Each standings row's place (1-based): its position, except that a `tied` row takes the place of the
    row above ("1, 2, 2, 4"). The rows carry no rank so that a move of one row does not rewrite the others."""
    out: list[int] = []
    for i, row in enumerate(rows):
        out.append(out[-1] if out and row.get("tied") else i + 1)
    return out


def rank_at(rows: Sequence[Mapping[str, object]], i: int) -> int:
    """The place of `rows[i]` alone (a player's own line: `ranks` without reading the whole field)."""
    while i > 0 and rows[i].get("tied"):
        i -= 1
    return i + 1


def _tied(rows: Sequence[_Ranked]) -> list[bool]:
    """Whether each rules row shares the place of the row above: its rules rank is the one above's.

    The rules rank competition style (a row's rank is its position, or the rank above it when tied: their
    property tests say so), so `ranks` of the projected rows gives the rules' ranks back. Where the projection
    leaves rows out (a player no longer on the roster) the places close up behind them: the table the hall
    sees has no gap for someone who is not in it."""
    return [i > 0 and row.rank == rows[i - 1].rank for i, row in enumerate(rows)]


def compute(state: State) -> list[StandingRow]:
    if state.tournament.game == "preferans":
        return _preferans(state)
    return _bridge(state)


def hidden(state: State) -> StandingsHidden | None:
    """Whether the hall no longer sees the standings (`[rules] standings_hidden_from_round = N`): from the
    moment round N (or any later round) started until the referee shows them at the prize-giving
    (`reveal_standings`), `{"from_round": N, "title": <round N's title>}`; None while they are shown.
    The referees always see them; the pages say they are hidden until the prize-giving."""
    from_round = state.tournament.rules.get("standings_hidden_from_round")
    if not isinstance(from_round, int) or isinstance(from_round, bool) or state.standings_revealed:
        return None
    started = [s.item for s in state.items.values()
               if s.started_at is not None and s.item.round is not None and s.item.round >= from_round]
    if not started:
        return None
    named = next((i for i in state.tournament.items if i.playing and i.round == from_round),
                 min(started, key=lambda i: (i.round or 0, i.start_ms)))
    return {"from_round": from_round, "title": named.title}


# preferans -------------------------------------------------------------------------------------


def table_scores(state: State) -> dict[str, list[preferans.TableScore]]:
    """item → its scored tables, from the latest entry (record or correction) of each table."""
    params = preferans.ScoringParams.from_rules(state.tournament.rules)
    scored: dict[str, list[preferans.TableScore]] = {}
    cache = state.table_cache  # an entry never changes once logged: score it once (per late deduction)
    for item in state.tournament.items:
        entries = state.results.get(item.id, {})
        if not entries:
            continue
        late = checkin_lists.late_deductions(state, item.id)
        tables = []
        for _, entry in sorted(entries.items(), key=lambda kv: int(kv[0])):
            deductions = {p: b for p, b in late.items() if p in given(entry.body.results, {})}
            key = (entry.seq, tuple(sorted(deductions.items())))
            table = cache.get(key)
            if table is None:
                table = cache[key] = _score(entry.body, params, deductions)
            tables.append(table)
        if tables:
            scored[item.id] = tables
    return scored


def _score(entry: P.ResultRecorded, params: preferans.ScoringParams,
           deductions: dict[str, int] | None = None) -> preferans.TableScore:
    if isinstance(entry.walkover, str) and entry.walkover:
        return preferans.score_walkover(entry.walkover, written(entry.absent, "absent"), params)
    supe = {(w, a): n for w, row in given(entry.supe, {}).items() for a, n in row.items()}
    return preferans.score_table(written(entry.results, "results"), supe or None, params, deductions or None)


def _preferans(state: State) -> list[StandingRow]:
    """The rows; bule penalties are on the paper (shown, not subtracted), a sanction's deduction of points
    (`unit: "points"`, live/commands/sanctions.py) comes off the score (`penalty_points`)."""
    t = state.tournament
    on_paper: dict[str, int] = {}
    deducted: dict[str, Decimal] = {}
    for p in state.penalties:
        player, unit, amount = p.body.player, p.body.unit, p.body.amount
        if not isinstance(player, str) or not player:
            continue
        if unit == "bule":
            on_paper[player] = on_paper.get(player, 0) + int(amount)
        elif unit == "points":
            deducted[player] = deducted.get(player, Decimal(0)) + to_decimal(amount)
    # The field (live/projections/field.py): a player withdrawn before playing is not ranked at all.
    ranked = field.ranked(state)
    rows = preferans_standings(
        table_scores(state).values(), players=[p.id for p in ranked],
        tiebreaks=t.rules.get("standings_tiebreaks", ("bule", "head_to_head")), deductions=deducted,
    )
    names = {p.id: p for p in ranked}
    shown = [row for row in rows if row.player in names]
    out: list[StandingRow] = []
    for row, tied in zip(shown, _tied(shown), strict=True):
        line: PreferansRow = {
            "shared": row.shared, "player": row.player, "name": names[row.player].name,
            "lady": names[row.player].lady, "points": json_number(row.points), "bule": json_number(row.bule),
            "rounds": row.rounds, "penalty_bule": on_paper.get(row.player, 0),
            "penalty_points": json_number(row.penalty_points),
        }
        if tied:  # (absent otherwise: the smaller row)
            line["tied"] = True
        out.append(line)
    return out


# bridge ----------------------------------------------------------------------------------------


def scale(state: State) -> str:
    return str(state.tournament.rules.get("vp_scale", "wbf"))


def league_matches(state: State) -> list[bridge.MatchResult]:
    last = len(league_schedule(state.tournament))
    return [_match(item, entry.body) for item in state.tournament.items
            if item.playing and item.round and item.round <= last
            for entry in state.results.get(item.id, {}).values()]


def _match(item: Item, entry: P.ResultRecorded, compensation: tuple[int, int] = (0, 0)) -> bridge.MatchResult:
    home, away, imps_home, imps_away = entry.match()
    return bridge.MatchResult(item.round or 0, home, away, to_decimal(imps_home) + compensation[0],
                              to_decimal(imps_away) + compensation[1], item.boards or 1)


def late_compensation(state: State, item: Item, entry: P.ResultRecorded) -> tuple[int, int]:
    """Slovak §18/§26.2: IMPs added to the home and away totals for boards removed because the
    other team was late (3 IMP per removed board)."""
    t = state.tournament
    if t.rules.get("lateness") != late_rules.SLOVAK:
        return (0, 0)
    s = state.items[item.id]
    home, away, _, _ = entry.match()
    extra = {home: 0, away: 0}
    for team, other in ((home, away), (away, home)):
        came = checkin_lists.arrived_at(state, item.id, team)
        if came is None:
            continue
        late = late_rules.slovak_late(late_rules.late_ms(checkin_lists.reference(s), came, s.pauses), item.boards or 0,
                             checkin_lists.match_minutes(t, item), checkin_lists.first_of_gathering(t, item),
                             late_rules.SlovakLateParams.from_rules(t.rules, t.speed))
        if not late.forfeit:
            extra[other] += int(late.compensation_imps)
    return extra[home], extra[away]


def overtime(state: State) -> list[TeamOvertime]:
    """Novi Sad: 1 VP per whole 5 minutes a league match ran past its play + scoring time (to the moment its
    result was handed in), to the team that arrived later. When neither was late the referee names the team
    with a `penalty` command; the server does not guess.

    The allowed time follows the match's boards (§1's pace is per 12 boards: `late_rules.NoviSadTimeParams`). Only the
    league's matches count: the penalty is VP off the league table, and the final (the rounds after the
    league's, `league_schedule`) has no VP — §1 decides it by IMPs with the carry-over, and its result is
    not part of the table, so neither is its time.

    Each one as data, not words: `{"team", "item", "blocks", "block_minutes", "vp", "at"}` (whole blocks over
    time, the block's minutes as the rules count them, the VP, when the result was handed in). The pages say
    it in their language, with the match's title (display/i18n)."""
    t = state.tournament
    if t.rules.get("lateness") != late_rules.NOVI_SAD:
        return []
    params = late_rules.NoviSadTimeParams.from_rules(t.rules, t.speed)
    minutes = json_number(to_decimal(t.rules.get("overtime_block_minutes", 0)))
    last = len(league_schedule(t))
    out: list[TeamOvertime] = []
    for item in t.items:
        s = state.items.get(item.id)
        if s is None or item.round is None or item.round > last:
            continue
        for entry in state.results.get(item.id, {}).values():
            home, away, _, _ = entry.body.match()
            arrived = {team: checkin_lists.arrived_at(state, item.id, team) for team in (home, away)}
            submitted = entry.submitted_at
            over = late_rules.novi_sad_overtime(item.start_ms, submitted, params, pauses=s.pauses, arrived=arrived,
                                       boards=item.boards)
            if over.vp and over.caused_by:
                out.append({"team": over.caused_by, "item": item.id, "round": item.round, "blocks": over.blocks,
                            "block_minutes": minutes, "vp": json_number(over.vp), "at": submitted})
    return out


def final_view(state: State) -> FinalView | None:
    """The Novi Sad final: the finalists, the carry-over, the IMPs so far and the winner."""
    final = next((s.body for s in state.seatings.values() if s.body.method == "final"), None)
    if final is None:
        return None
    match = written(final.matches, "matches")[0]
    first, second = match["home"], match["away"]
    carry_over = written(final.carry_over, "carry_over")
    entry = next(iter(state.results.get(final.item, {}).values()), None)
    view: FinalView = {"item": final.item, "first": first, "second": second,
                       "carry_over": carry_over, "winner": None}
    if entry is not None:
        _, _, imps_home, imps_away = entry.body.match()
        view["imps_first"], view["imps_second"] = imps_home, imps_away
        view["winner"] = bridge.final_winner(first, second, to_decimal(imps_home), to_decimal(imps_away), carry_over)
    return view


def prize_table(state: State) -> tuple[list[RankedRow], str]:
    """The standings rows the prizes follow, each with its explicit "rank", and by what: "final" once the
    Novi Sad final has a winner (docs/rules/novi-sad.md#final: the champion is the final's winner, its loser 2nd;
    `prizes.champion_first`), else "standings" (the table as it stands). The standings themselves stay the
    league's. The rank is written out here because after a final it is not the position (a team that
    shared the league's 2nd place with a finalist is 3rd, below the champion and the runner-up)."""
    table = standings_of(state)
    ranked = [with_rank(row, rank) for row, rank in zip(table, ranks(table), strict=True)]
    final = final_view(state) if state.tournament.game == "bridge" else None
    if final is None or final["winner"] is None:
        return ranked, "standings"
    teams = [row for row in ranked if "team" in row]
    winner = final["winner"]
    runner_up = final["second"] if winner == final["first"] else final["first"]
    if not {winner, runner_up} <= {row["team"] for row in teams}:
        return ranked, "standings"  # a finalist erased from the table since (a withdrawal): no final to follow
    places = dict(champion_first([(row["team"], row["rank"]) for row in teams], winner, runner_up))
    by_team = {row["team"]: row for row in teams}
    order = [winner, runner_up, *(row["team"] for row in teams if row["team"] not in (winner, runner_up))]
    return [{**by_team[team], "rank": places[team]} for team in order], "final"


def with_rank(row: StandingRow, rank: int) -> RankedRow:
    """A standings row with its place written out, `rank`, instead of `tied` (the rank says it all)."""
    return cast(RankedRow, {**{k: v for k, v in row.items() if k != "tied"}, "rank": rank})


def bridge_scores(state: State) -> list[bridge.Score]:
    """Every team's line of every round: played matches, byes, forfeits (in timetable order,
    because a forfeit's award depends on the averages of the rounds before it)."""
    t = state.tournament
    rules = t.rules
    lines: list[bridge.Score] = []
    last = len(league_schedule(t))
    for item in t.items:
        if not item.playing or item.round is None or item.round > last:
            continue
        boards = item.boards or 1
        for entry in state.results.get(item.id, {}).values():
            lines.extend(bridge.score_match(_match(item, entry.body, late_compensation(state, item, entry.body)),
                                            scale(state)))
        for forfeit in state.forfeits.get(item.id, {}).values():
            guilty = forfeit.body.guilty
            innocent = forfeit.body.away if guilty == forfeit.body.home else forfeit.body.home
            if scale(state) == "slovak25":
                pair = bridge.slovak_unplayed(item.round, innocent, guilty, boards, lines,
                                              bonus=rules["bye_bonus"], guilty_vp=rules["forfeit_guilty_vp"],
                                              complement=rules["unplayed_complement"])
            else:
                pair = bridge.novi_sad_forfeit(item.round, innocent, guilty, lines, min_vp=rules["forfeit_vp"],
                                               guilty_vp=rules["forfeit_guilty_vp"])
            lines.extend(pair)
        seating = state.seatings.get(item.id)
        status = state.items[item.id].status
        bye = seating.body.bye if seating else None
        if isinstance(bye, str) and bye and status in (ItemStatus.RUNNING, ItemStatus.PAUSED, ItemStatus.ENDED):
            if scale(state) == "slovak25":
                lines.append(bridge.slovak_bye(bye, item.round, boards, rules["bye_bonus"]))
            else:
                lines.append(bridge.novi_sad_bye(bye, item.round, rules["bye_vp"]))
    return lines


def departed(state: State, scores: list[bridge.Score]) -> list[str]:
    """Teams out of the event: withdrawn by the referee, or disqualified by one forfeit too many."""
    t = state.tournament
    out = list(state.withdrawn)
    limit = t.rules.get("max_forfeits")
    if limit is not None:
        out += [team.id for team in t.teams
                if team.id not in out and bridge.disqualified(scores, team.id, int(limit))]
    return out


def apply_withdrawals(state: State, scores: list[bridge.Score]) -> tuple[list[bridge.Score], set[str]]:
    """docs/rules/novi-sad.md#withdrawal, docs/rules/slovak-league.md#withdrawal: before half of its matches a
    departed team's results are erased (it leaves the table); after half, each of its remaining matches is a
    forfeit it caused."""
    t = state.tournament
    rules = t.rules
    schedule = league_schedule(t)
    boards = {i.round: i.boards or 1 for i in t.items if i.playing and i.round}
    erased: set[str] = set()
    for team in departed(state, scores):
        fixtures = [bridge.Fixture(r.number, h, a, boards.get(r.number, 1))
                    for r in schedule for h, a in r.pairs if team in (h, a)]
        done = {s.round for s in scores if s.team == team}
        remaining = [f for f in fixtures if f.round not in done]
        if scale(state) == "slovak25":
            result = bridge.slovak_withdrawal(team, scores, remaining, len(fixtures), bonus=rules["bye_bonus"],
                                              guilty_vp=rules["forfeit_guilty_vp"],
                                              complement=rules["unplayed_complement"])
        else:
            result = bridge.novi_sad_withdrawal(team, scores, remaining, len(fixtures),
                                                min_vp=rules["forfeit_vp"], guilty_vp=rules["forfeit_guilty_vp"])
        scores = list(result.scores)
        if result.erased:
            erased.add(team)
    return scores, erased


def _bridge(state: State) -> list[StandingRow]:
    t = state.tournament
    penalties = [bridge.Penalty(p.body.team, to_decimal(p.body.amount), p.body.reason)
                 for p in state.penalties if p.body.unit == "vp" and isinstance(p.body.team, str) and p.body.team]
    over = overtime(state)
    penalties += [bridge.Penalty(x["team"], to_decimal(x["vp"]), round=x["round"]) for x in over]
    overdue: dict[str, list[Overtime]] = {}  # team → its matches over time, for the row
    for x in over:
        overdue.setdefault(x["team"], []).append({"item": x["item"], "blocks": x["blocks"],
                                                  "block_minutes": x["block_minutes"], "vp": x["vp"], "at": x["at"]})
    scores, erased = apply_withdrawals(state, bridge_scores(state))
    rows = bridge.standings(scores, [p for p in penalties if p.team not in erased],
                            tiebreaks=t.rules.get("standings_tiebreaks", ("h2h_vp", "imp_diff")),
                            teams=[team.id for team in t.teams if team.id not in erased])
    names = {team.id: team.name for team in t.teams}
    departed_now = set(departed(state, scores))
    out: list[StandingRow] = []
    for row, tied in zip(rows, _tied(rows), strict=True):
        line: BridgeRow = {
            "shared": row.shared, "team": row.team, "name": names.get(row.team, row.team),
            "vp": json_number(row.vp), "penalty_vp": json_number(row.penalty_vp),
            "imps_for": json_number(row.imps_for), "imps_against": json_number(row.imps_against),
            "imp_diff": json_number(row.imp_diff), "played": row.played, "awarded": row.awarded,
            "decided_by": row.decided_by, "withdrawn": row.team in departed_now,
        }
        if row.team in overdue:  # (only where there is one: a row without stays as it was)
            line["overtime"] = overdue[row.team]
        if tied:  # (absent otherwise: the smaller row)
            line["tied"] = True
        out.append(line)
    return out


def results_view(state: State) -> dict[str, list[ResultLine]]:
    """item → its results as the screens show them: each player's bule, place and points, or
    each match's IMPs and VP."""
    out: dict[str, list[ResultLine]] = {}
    if state.tournament.game == "preferans":
        for item_id, tables in table_scores(state).items():
            entries = sorted(state.results[item_id].items(), key=lambda kv: int(kv[0]))
            out[item_id] = [PreferansResult({
                "table": int(key), "seq": entry.seq, "corrected": entry.body.corrected,
                "walkover": bool(given(entry.body.walkover, "")),
                "players": [{"player": s.player, "result": json_number(s.result), "place": s.place,
                             "points": json_number(s.points), "shared": s.shared, "absent": s.absent}
                            for s in scored.scores],
            }) for (key, entry), scored in zip(entries, tables, strict=True)]
        return out
    appealed = provisional([appeal_json(x) for x in state.appeals.values()])
    for item in state.tournament.items:
        rows: list[ResultLine] = []
        for entry in state.results.get(item.id, {}).values():
            # the VP the standings count: with the IMPs for boards removed for a late team (Slovak §26.2)
            extra = late_compensation(state, item, entry.body)
            home, away, imps_home, imps_away = entry.body.match()
            home_vp, away_vp = vp(scale(state), to_decimal(imps_home) + extra[0] -
                                         to_decimal(imps_away) - extra[1], item.boards or 1)
            row: BridgeResult = {"home": home, "away": away, "imps_home": imps_home,
                                 "imps_away": imps_away, "vp_home": json_number(home_vp),
                                 "vp_away": json_number(away_vp),
                                 "seq": entry.seq, "corrected": entry.body.corrected}
            if any(extra):
                row["late_imps"] = {"home": extra[0], "away": extra[1]}
            if any(x["item"] == item.id and x.get("team") in (home, away) for x in appealed):
                # Slovak §24.1: a team's appeal on the match is open (live/commands/appeals.py).
                row["provisional"] = True
            rows.append(row)
        for forfeit in state.forfeits.get(item.id, {}).values():
            rows.append({"home": forfeit.body.home, "away": forfeit.body.away, "forfeit": forfeit.body.guilty,
                         "seq": forfeit.seq})
        if rows:
            out[item.id] = rows
    return out


def standings_of(state: State) -> list[StandingRow]:
    """The standings, built on first use after an event that can change them (`State.derived`)."""
    return state.derived("standings", lambda: compute(state))


def scored_results(state: State) -> dict[str, list[ResultLine]]:
    """Every entered result with the points or VP it scored, per round (kept as `standings_of` is)."""
    return state.derived("results", lambda: results_view(state))
