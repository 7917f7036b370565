"""What the screens are shown of the arrivals, derived from the state; the commands that
change them are in live/commands/arrivals.py.
How the rules are read is told there, in its docstring.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

from live.core import payloads as P
from live.core.absent import given
from live.core.memo import remember_last
from live.core.plan import seated_from
from live.core.records import Kept
from live.core.state import ItemState, State
from live.core.status import ItemStatus
from live.core.tournament import Item, Tournament
from live.projections.matches import match_pairs
from live.projections.wire import (
    AbsentTable,
    Arrival,
    BridgeArrival,
    BridgeLate,
    BridgeStep,
    LatenessReport,
    PreferansArrival,
    PreferansPenalty,
    PreferansStep,
    Step,
    Threshold,
)
from live.rules import lateness as late_rules


def expected(state: State, item_id: str) -> list[str]:
    """The players (preferans) or teams (bridge) who must arrive: those seated for the round, or while no
    seating is published every player, and in bridge the teams of the league's round (`match_pairs`: not the
    team with a bye) — every team only for a round whose matches nobody knows yet (the Novi Sad final before
    it is seated). Kept between events like the lists it makes (an arrival does not change it): do not change
    the list."""
    return state.derived(f"expected:{item_id}", lambda: _expected(state, item_id))


def _expected(state: State, item_id: str) -> list[str]:
    t = state.tournament
    seating = state.seatings.get(item_id)
    if t.game == "preferans":
        if seating:
            return [p for table in given(seating.body.tables, []) for p in table["players"]
                    if (player := t.player(p)) is None or not player.withdrawn]
        return [p.id for p in t.players if seated_from(t, p, item_id)]
    pairs = match_pairs(state, item_id)
    if pairs is not None:
        return [team for pair in pairs for team in pair]
    return [team.id for team in t.teams]


def arrived_at(state: State, item_id: str, who: str) -> int | None:
    """When a player checked in, or when a team was complete: its own check-in, or the check-in of
    the member that completed it (`players_needed` members)."""
    check_ins = state.check_ins.get(item_id, {})
    own = check_ins.get(who)
    if state.tournament.game == "preferans":
        return own.at if own else None
    needed = players_needed(state.tournament)
    members = sorted(check_ins[p.id].at for p in state.tournament.members(who) if p.id in check_ins)
    times = [own.at] if own else []
    if len(members) >= needed:
        times.append(members[needed - 1])
    return min(times) if times else None


def players_needed(t: Tournament) -> int:
    """Bridge: how many of a team's players make it complete at the table (the rules' `players_needed`)."""
    return int(t.rules.get("players_needed", 4))


def reference(s: ItemState) -> int:
    return late_rules.reference_start(s.item.start_ms, s.started_at)


def absent(state: State, item_id: str, at: int) -> list[str]:
    """Who had not arrived by `at` — not counting absences announced in advance or seats a reserve took."""
    excused = state.excused.get(item_id, {})
    reserved = state.reserves.get(item_id, {})
    out = []
    for who in expected(state, item_id):
        came = arrived_at(state, item_id, who)
        if (came is None or came > at) and who not in excused and who not in reserved:
            out.append(who)
    return out


def preferans_params(t: Tournament) -> late_rules.PreferansLateParams:
    return _preferans_params(t.rules, t.speed)


@remember_last
def _preferans_params(rules: Mapping[str, Any], speed: float) -> late_rules.PreferansLateParams:
    """(Asked for by every line of the check-in list: read from the rules once per plan.)"""
    return late_rules.PreferansLateParams.from_rules(rules, speed)


def match_minutes(t: Tournament, item: Item) -> float:
    """Playing time of a match in tournament minutes, without the time for comparing scores (Slovak
    §24.2: 5 minutes for every started 10 boards), which the waiting period does not count."""
    minutes = item.duration_ms * t.speed / 60_000
    if t.rules.get("lateness") == late_rules.SLOVAK and item.boards:
        return late_rules.slovak_playing_minutes(minutes, item.boards)
    return minutes


def first_of_gathering(t: Tournament, item: Item) -> bool:
    """The first match of its gathering (days of play in a row, or the file's `gathering`): the Slovak
    waiting period is then 2 hours (§18.2), and on the gathering's later days ¼ of the match's time."""
    return t.first_of_gathering(item)


def thresholds(t: Tournament, s: ItemState) -> list[late_rules.Threshold]:
    return late_rules.thresholds(t.rules, reference(s), match_minutes(t, s.item), first_of_gathering(t, s.item),
                        pauses=s.pauses, speed=t.speed)


def late_at(t: Tournament, s: ItemState, came: int) -> int:
    return late_rules.late_ms(reference(s), came, s.pauses)


def _row(t: Tournament, state: State, s: ItemState, who: str) -> Arrival:
    """One line of the check-in list: fixed numbers for those who came, `steps` for the others."""
    came = arrived_at(state, s.item.id, who)
    if t.game == "preferans":
        player = t.player(who)
        excused = who in state.excused.get(s.item.id, {})
        reserve = state.reserves.get(s.item.id, {}).get(who)
        # What a reserve in this seat starts with (350 bule, or 300 for an excused player's replacement):
        # the console says it before the referee seats one.
        line: PreferansArrival = {
            "id": who, "arrived_at": came, "name": player.name if player else who,
            "excused": excused, "reserve": reserve.body.name if reserve else None,
            "reserve_starts_with": reserve_starts_with(t, excused=excused),
            "reserve_from_ms": _reserve_from(t, state, s, excused, came, reserve)}
        # The seat is the reserve's: what they started with when seated.
        if reserve and isinstance(reserve.body.starts_with, int):
            line["starts_with"] = reserve.body.starts_with
        if came is not None:
            penalty = late_rules.preferans_late_penalty(late_at(t, s, came), preferans_params(t), announced=excused)
            p = penalty_fields(penalty)
            line["late_ms"], line["minutes"], line["bule"] = p["late_ms"], p["minutes"], p["bule"]
            line["starts_with"], line["deduction"] = p["starts_with"], p["deduction"]
            line["tolerated"], line["reserve_due"] = p["tolerated"], p["reserve_due"]
        return line
    team = t.team(who)
    check_ins = state.check_ins.get(s.item.id, {})
    row: BridgeArrival = {"id": who, "arrived_at": came, "name": team.name if team else who,
                          "members_in": sum(1 for p in t.members(who) if p.id in check_ins)}
    if came is not None:
        late = bridge_fields(t, s, late_at(t, s, came))
        row["late_ms"] = late["late_ms"]
        if "boards_removed" in late:
            row["boards_removed"] = late["boards_removed"]
        if "compensation_imps" in late:
            row["compensation_imps"] = late["compensation_imps"]
        row["forfeit"] = late["forfeit"]
    return row


def _cached_row(t: Tournament, state: State, s: ItemState, who: str) -> Arrival:
    """`_row`, kept in the state until an event changes what it is made of (`live.core.state._arrived`)."""
    key = (s.item.id, who)
    row: Arrival | None = state.late_rows.get(key)
    if row is None:
        row = state.late_rows[key] = _row(t, state, s, who)
    return row


def _reserve_from(t: Tournament, state: State, s: ItemState, excused: bool, came: int | None,
                  reserve: Kept[P.ReserveSeated] | None) -> int | None:
    """How late (running ms, as `late_clock` reads) the seat's player must be before `seat_reserve` takes a
    reserve for them: 0 for an announced absence (at once), just past the reserve mark otherwise; None while
    no reserve can take it (no published seating, the player came, a reserve sits there, the round is over,
    or has not started and the absence was not announced)."""
    if came is not None or reserve is not None or s.status == ItemStatus.ENDED or s.item.id not in state.seatings:
        return None
    if excused:
        return 0
    return None if s.open else preferans_params(t).reserve_after_ms + 1


def reserve_starts_with(t: Tournament, *, excused: bool) -> int:
    """The bule a preferans reserve starts the game with: the reserve's (350) in the seat of a player still
    absent at the reserve mark, the game's own (300) for the replacement of an announced absence."""
    params = preferans_params(t)
    return params.game_bule if excused else params.reserve_bule


def penalty_fields(p: late_rules.LatePenalty) -> PreferansPenalty:
    return {"late_ms": p.late_ms, "minutes": p.minutes, "bule": int(p.bule), "starts_with": int(p.starts_with),
            "deduction": int(p.result_deduction), "tolerated": p.tolerated, "reserve_due": p.reserve_due}


def bridge_fields(t: Tournament, s: ItemState, late: int) -> BridgeLate:
    if t.rules.get("lateness") == late_rules.SLOVAK:
        x = late_rules.slovak_late(late, s.item.boards or 0, match_minutes(t, s.item), first_of_gathering(t, s.item),
                          late_rules.SlovakLateParams.from_rules(t.rules, t.speed))
        return {"late_ms": late, "boards_removed": x.boards_removed, "compensation_imps": int(x.compensation_imps),
                "forfeit": x.forfeit}
    params = late_rules.NoviSadTimeParams.from_rules(t.rules, t.speed)
    return {"late_ms": late, "forfeit": late > params.forfeit_after_ms}


def steps(t: Tournament, s: ItemState) -> list[Step]:
    """What lateness would cost right now, as steps: from `late_ms` on, these numbers apply.

    The screens show a live "minutes late" counter for those not yet in; with these steps they
    show the penalty of that very moment without a rule of their own.
    """
    fields: list[tuple[int, Step]]
    if t.game == "preferans":
        params = preferans_params(t)
        last = params.reserve_after_ms + params.minute_ms
        candidates = sorted({0, 1, params.grace_ms + 1, params.reserve_after_ms + 1,
                             *range(params.minute_ms, last + 1, params.minute_ms)})
        fields = [(c, _preferans_step(c, penalty_fields(late_rules.preferans_late_penalty(c, params))))
                  for c in candidates]
    elif t.rules.get("lateness") == late_rules.SLOVAK:
        waiting = late_rules.slovak_waiting_ms(match_minutes(t, s.item), first_of_gathering(t, s.item),
                                      late_rules.SlovakLateParams.from_rules(t.rules, t.speed))
        block = late_rules.SlovakLateParams.from_rules(t.rules, t.speed).block_ms
        candidates = sorted({0, 1, waiting + 1, *range(block + 1, waiting + 1, block)})
        fields = [(c, _bridge_step(c, bridge_fields(t, s, c))) for c in candidates]
    else:
        after = late_rules.NoviSadTimeParams.from_rules(t.rules, t.speed).forfeit_after_ms
        fields = [(c, _bridge_step(c, bridge_fields(t, s, c))) for c in (0, after + 1)]
    out: list[Step] = []
    for _, step in fields:  # (a step where the numbers change)
        if not out or {**out[-1], "from_ms": 0} != {**step, "from_ms": 0}:
            out.append(step)
    return out


def _preferans_step(at: int, p: PreferansPenalty) -> PreferansStep:
    return {"from_ms": at, "bule": p["bule"], "starts_with": p["starts_with"], "deduction": p["deduction"],
            "tolerated": p["tolerated"], "reserve_due": p["reserve_due"]}


def _bridge_step(at: int, late: BridgeLate) -> BridgeStep:
    step: BridgeStep = {"from_ms": at, "forfeit": late["forfeit"]}
    if "boards_removed" in late:
        step["boards_removed"] = late["boards_removed"]
    if "compensation_imps" in late:
        step["compensation_imps"] = late["compensation_imps"]
    return step


def tournament_minutes(t: Tournament, ms: int) -> int:
    """Clock ms as whole tournament minutes, rounded half up (a demo's minute lasts 60 000 / speed ms)."""
    return math.floor(ms / t.minutes_ms(1) + 0.5)


def _threshold(t: Tournament, s: ItemState, x: late_rules.Threshold, at_steps: list[Step]) -> Threshold:
    """A threshold with how late it is (running clock since the reference start: what its alert says, "5
    minutes", whatever the pauses), and for a Slovak block the boards removed up to it and from it on."""
    late = late_rules.running_ms(reference(s), x.at, s.pauses)
    out: Threshold = {"name": x.name, "at": x.at, "late_ms": late, "minutes": tournament_minutes(t, late)}
    if x.name.startswith("block:"):
        out["boards_removed"] = _boards_removed(at_steps, late)
        out["boards_removed_next"] = _boards_removed(at_steps, late + 1)
    return out


def _boards_removed(at_steps: list[Step], late: int) -> int:
    """The boards removed by the step that applies `late` ms late: the last whose from_ms ≤ late."""
    step = next((x for x in reversed(at_steps) if x["from_ms"] <= late), None)
    return step.get("boards_removed", 0) if step is not None and "forfeit" in step else 0


def report(state: State, item_id: str) -> LatenessReport:
    """The check-in list of one round, for the referee console, the display and the players.

    `late_clock` is how late someone not yet in is, for any instant, as `live.rules.lateness.RunningClock`
    (`{"ms", "at", "running"}`: ms + max(0, now − at) while running, else ms); `players_needed` is what
    completes a bridge team (None in preferans, where a row is one player). In bridge `matches` are the round's
    matches as [home, away], in the order of the rows (None while nobody knows them: the final not seated yet),
    so that a console groups the teams by match."""
    t = state.tournament
    s = state.items[item_id]
    at_steps = steps(t, s)
    clock = late_rules.running_clock(reference(s), s.pauses)
    out: LatenessReport = {
        "item": item_id, "reference_start": reference(s), "pauses": [list(p) for p in s.pauses],
        "late_clock": {"ms": clock.ms, "at": clock.at, "running": clock.running},
        "players_needed": players_needed(t) if t.game == "bridge" else None,
        "thresholds": [_threshold(t, s, x, at_steps) for x in thresholds(t, s)] if not s.open else [],
        "rows": _rows(t, state, s),
        "steps": at_steps,
    }
    if t.game == "bridge":
        out["matches"] = _matches(state, item_id)
    return out


def _matches(state: State, item_id: str) -> list[list[str]] | None:
    pairs = match_pairs(state, item_id)
    return None if pairs is None else [list(pair) for pair in pairs]


def _rows(t: Tournament, state: State, s: ItemState) -> list[Arrival]:
    """The check-in list's lines: the list last built with only the lines an arrival changed since built again
    (`State.late_lists`), while the players expected are the same (the same `expected` list); else every line,
    the kept ones looked up inline (this runs once per check-in over the whole field)."""
    item_id = s.item.id
    who_expected = expected(state, item_id)
    dirty = state.late_dirty.pop(item_id, set())
    last = state.late_lists.get(item_id)
    if last is not None and last[0] is who_expected:
        _, rows, where = last
        if dirty:
            rows = rows.copy()
            for who in dirty:
                if (at := where.get(who)) is not None:
                    rows[at] = _cached_row(t, state, s, who)
    else:
        kept = state.late_rows
        rows = [kept.get((item_id, who)) or _cached_row(t, state, s, who) for who in who_expected]
        where = {who: at for at, who in enumerate(who_expected)}
    state.late_lists[item_id] = (who_expected, rows, where)
    return rows


def reports(state: State) -> dict[str, LatenessReport]:
    """The rounds whose arrivals matter now: those under way or over, and the next one to start."""
    out: dict[str, LatenessReport] = {}
    upcoming_done = False
    for item in state.tournament.items:
        s = state.items.get(item.id)
        if s is None or s.status == ItemStatus.MISSED:
            continue  # a round that was never played has nobody late
        if s.open and not upcoming_done:
            upcoming_done = True
            out[item.id] = report(state, item.id)
        elif not s.open:
            out[item.id] = report(state, item.id)
    return out


def late_deductions(state: State, item_id: str) -> dict[str, int]:
    """Preferans with `late_penalty_applies = "result"`: the bule to take off each late player's result."""
    t = state.tournament
    if t.rules.get("late_penalty_applies", "paper") != "result":
        return {}
    s = state.items[item_id]
    out = {}
    for who, entry in state.check_ins.get(item_id, {}).items():
        penalty = late_rules.preferans_late_penalty(late_at(t, s, entry.at), preferans_params(t),
                                           announced=who in state.excused.get(item_id, {}))
        if penalty.result_deduction:
            out[who] = int(penalty.result_deduction)
    return out


class AlertDetails(TypedDict):
    """What a lateness alert says (the `lateness_alert` payload's words, live/commands/signals.py)."""

    threshold: str
    absent: list[str]
    tables: NotRequired[list[AbsentTable]]


def alert_details(state: State, item_id: str, threshold: str, at: int) -> AlertDetails:
    """What a lateness alert says: who is absent at the threshold, and at the preferans reserve mark,
    what each table needs (a reserve with 350 bule, or the walkover for the one who came)."""
    t = state.tournament
    missing = absent(state, item_id, at)
    details: AlertDetails = {"threshold": threshold, "absent": missing}
    seating = state.seatings.get(item_id)
    if t.game == "preferans" and threshold == "reserve" and seating:
        s = state.items[item_id]
        arrived = {p: arrived_at(state, item_id, p) for p in expected(state, item_id)}
        # A seat whose absence was announced, or that a reserve took, is filled (by the replacement):
        # it is not an absent player that could turn the table into a walkover.
        for p in {*state.excused.get(item_id, {}), *state.reserves.get(item_id, {})}:
            if arrived.get(p) is None:
                arrived[p] = reference(s)
        tables: list[AbsentTable] = []
        for table in given(seating.body.tables, []):
            if not set(table["players"]) & set(missing):
                continue
            players = [p for p in table["players"] if p in missing or arrived.get(p) is not None]
            decision = late_rules.preferans_table_at_deadline(players, arrived, reference(s), s.pauses, at,
                                                     preferans_params(t))
            tables.append({"table": table["table"], "kind": decision.kind, "absent": list(decision.absent),
                           "walkover_to": decision.walkover_to})
        details["tables"] = tables
    return details



def lateness_of(state: State) -> dict[str, LatenessReport]:
    """The check-in lists with each arrival's lateness and penalty (kept until an arrival or the clock changes)."""
    return state.derived("lateness", lambda: reports(state))
