"""The scoring desk's endpoints, for the referees only (a bearer token or the console's session):

    GET /api/desk/slips            → {"fee", "rounds": [<round>, …]}: every round that has started
    GET /api/desk/slips?item=r1    → <round>: {"item", "title", "status", "fee", "fees", "complete",
                                      "missing": [table, …], "tables": [{"table", "walkover",
                                      "brings": [{"player", "name"}], "pays": [{"player", "name", "amount"}]}]}

    GET /api/desk/payments         → the referee view's `desk` section (live/commands/desk.py): {"currency", "per",
                                      "methods", "max_amount", "fund", "accounts": [<account>, …],
                                      "unpaid": [{"kind", "id", "name", "withdrawn", "owed", "by_what"}, …],
                                      "owed", "payments": [<payment_recorded payload + seq, ts, by>, …]}

Who brings each table's slip (its winner) and who pays the scoring fee (its last-placed),
docs/rules/cacak.md#slip; the list is derived from the results (live/projections/table_slips.py). Who has
paid what at the desk, who has not, and the prize fund the payments make (docs/rules/desk.md#due), from the
payments. No rule lives here.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from live.edges.web import auth
from live.edges.web.api import _error, _hall
from live.projections import desk
from live.projections.table_slips import all_slips, fee, round_slips
from live.rules.numbers import json_number


async def api_desk_slips(request: Request) -> Response:
    if auth.referee(request, changes=False) is None:
        return _error(401, "the scoring desk's list is for the referees: sign in at the console",
                      {"code": "auth.needed"})
    state = _hall(request).state
    amount = fee(state)
    if amount is None:
        return _error(404, f"the {state.tournament.preset} rules have no scoring fee: no result slips to list",
                      {"code": "rules.no_scoring_fee"})
    raw = request.query_params.get("item")
    headers = {"Cache-Control": "no-store"}
    if raw is None:
        return JSONResponse({"fee": json_number(amount),
                             "rounds": list((all_slips(state) or {}).values())}, headers=headers)
    s = state.items.get(raw)
    if s is None:
        other = state.tournament.item(raw)
        if other is not None:
            return _error(422, f"{raw!r} is a {other.kind}, not a round", {
                "field": "item", "known": sorted(state.items), "code": "item.not_playing", "id": raw})
        return _error(422, f"no round has the id {raw[:40]!r}", {"field": "item", "known": sorted(state.items),
                                                                 "code": "field.unknown_id", "id": raw[:40]})
    if s.open:
        return _error(409, f"{raw} has not started: its slips come with its results", {"field": "item",
                      "code": "round.not_started", "item": raw})
    return JSONResponse(round_slips(state, raw), headers=headers)


async def api_desk_payments(request: Request) -> Response:
    if auth.referee(request, changes=False) is None:
        return _error(401, "the desk's books are for the referees: sign in at the console", {"code": "auth.needed"})
    state = _hall(request).state
    books = desk.referee_view(state)
    if books is None:
        return _error(404, f"the {state.tournament.preset} rules have no entry fees: no payments to list",
                      {"code": "rules.no_desk"})
    return JSONResponse(books, headers={"Cache-Control": "no-store"})


def routes() -> list[Route]:
    return [Route("/api/desk/slips", api_desk_slips), Route("/api/desk/payments", api_desk_payments)]
