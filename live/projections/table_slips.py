"""The scoring desk's list after each preferans round (docs/rules/cacak.md#slip): per table, who brings
the result slip and the cards (the winner) and who pays the scoring fee (the last-placed), from the
results as scored. A projection of the fold: nothing is stored; the rule is live/rules/table_slips.py.

Shown to the referees in their `slips` section and at `GET /api/desk/slips[?item=r1]` (live/edges/web/desk_api.py).
"""

from __future__ import annotations

from decimal import Decimal

from live.core.records import tables_of
from live.core.state import State
from live.core.status import ItemStatus
from live.projections.standings import table_scores
from live.projections.wire import RoundSlips, SlipTable
from live.rules.numbers import json_number, to_decimal
from live.rules.table_slips import table_slip

RULE = "scoring_fee"


def fee(state: State) -> Decimal | None:
    """The fee the last-placed of a table pays; None when these rules have no scoring desk."""
    t = state.tournament
    value = t.rules.get(RULE)
    if t.game != "preferans" or value is None:
        return None
    return to_decimal(value)


def round_slips(state: State, item_id: str) -> RoundSlips:
    """One round's list: a line per table with a result, and the seated tables still without one."""
    amount = fee(state)
    assert amount is not None, "a tournament without a scoring fee has no slips"
    names = {p.id: p.name for p in state.tournament.players}
    s = state.items[item_id]
    entries = sorted(state.results.get(item_id, {}).items(), key=lambda kv: int(kv[0]))
    tables: list[SlipTable] = []
    for (key, _), scored in zip(entries, table_scores(state).get(item_id, []), strict=True):
        slip = table_slip(scored, amount)
        tables.append({
            "table": int(key), "walkover": slip.walkover,
            "brings": [{"player": p, "name": names.get(p, p)} for p in slip.brings],
            "pays": [{"player": p, "name": names.get(p, p), "amount": json_number(each)} for p, each in slip.pays],
        })
    seated = [int(x["table"]) for x in tables_of(state.seatings.get(item_id))]
    missing = [n for n in seated if str(n) not in state.results.get(item_id, {})]
    return {"item": item_id, "title": s.item.title, "status": s.status, "fee": json_number(amount), "tables": tables,
            "missing": missing, "complete": s.status == ItemStatus.ENDED and not missing,
            "fees": json_number(sum((to_decimal(x["amount"]) for t in tables for x in t["pays"]), Decimal(0)))}


def all_slips(state: State) -> dict[str, RoundSlips] | None:
    """Every round that has started, in timetable order (None when these rules have no scoring fee)."""
    if fee(state) is None:
        return None
    return {ident: round_slips(state, ident) for ident, s in state.items.items() if not s.open}
