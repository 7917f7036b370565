"""The prize list: the preset's split of a prize fund by place (live/rules/prizes.py), over the standings the
prizes follow (`standings.prize_table`), the places a sponsor gives a prize to (`sponsor_places`), and the
best lady. One builder for every place that shows it: the
organizer's `GET /api/prizes`, its printable page, and the hall's screens once a referee puts it on them
(`show_prizes`, live/commands/prizes.py: the `prizes` section).
"""

from __future__ import annotations

from decimal import Decimal
from typing import cast

from live.core.state import State
from live.projections.desk import fees, fund_for_prizes
from live.projections.standings import prize_table
from live.projections.wire import FundSource, Prize, PrizeList, PrizeListWithSource, RankedRow, SponsorPrize
from live.rules.numbers import to_decimal
from live.rules.prizes import prizes, sponsored

MAX_FUND = 10**12  # a prize fund, in any currency


class NoPrizeList(Exception):
    """Why there is no prize list to give: `status` as HTTP (400 no fund to split, 422 no split of a fund),
    `code` as the refusals name it (live/commands/refusals.py)."""

    def __init__(self, status: int, error: str, code: str) -> None:
        super().__init__(error)
        self.status, self.error, self.code = status, error, code


def prize_list(state: State, fund: Decimal | None = None) -> PrizeListWithSource:
    """The prize list for `fund`, or (None) for the fund the desk's payments make; `fund_source` says which.
    Raises NoPrizeList when the rules name no split, or there is no fund to split."""
    t = state.tournament
    shares = t.rules.get("prize_shares")
    if not shares:  # first: with no split, no fund makes a prize list (the console then shows no prize card)
        raise NoPrizeList(422, f"the {t.preset} rules name no split of a prize fund", "prizes.no_split")
    source: FundSource = {"from": "query"}
    if fund is None:  # the fund the desk's payments make (live/commands/desk.py), with what it came from
        made = fund_for_prizes(state)
        if made is None:
            raise NoPrizeList(400, f"fund must be given: the {t.preset} rules have no entry fees to make one from",
                              "prizes.no_fund")
        fund, source = made
    table, order = prize_table(state)  # with each row's rank; Novi Sad: by the final once it has a winner
    amounts = prizes(fund, [(_who(row), row["rank"]) for row in table], shares)
    paid: list[Prize] = [{"rank": row["rank"], "id": _who(row), "name": row["name"],
                          "amount": float(amounts[_who(row)])} for row in table if amounts[_who(row)] > 0]
    # The places a sponsor gives a prize to (the preset's `sponsor_places`: Čačak's 5th), not the fund.
    rows = {_who(row): row for row in table}
    sponsor: list[SponsorPrize] = [{"place": place, "rank": rows[who]["rank"], "id": who, "name": rows[who]["name"]}
               for place, winners in sponsored([(_who(row), row["rank"]) for row in table],
                                               t.rules.get("sponsor_places") or ()).items()
               for who in winners]
    lady = next((row for row in table if "player" in row and row["lady"]), None)
    desk = fees(state)
    return {"fund": float(fund), "fund_source": source, "shares": list(shares), "prizes": paid, "order": order,
            "currency": desk.currency if desk is not None else t.rules.get("currency", ""),
            "sponsor_prizes": sponsor,
            "best_lady": {"id": lady["player"], "name": lady["name"], "rank": lady["rank"]} if lady else None}


def _who(row: RankedRow) -> str:
    """Whom a standings row ranks: a player (preferans) or a team (bridge)."""
    return row["player"] if "player" in row else row["team"]


def shown_fund(state: State) -> Decimal | None:
    """The fund the referee put the prize list on the screens with (None: the desk's)."""
    fund = state.prizes_shown.fund if state.prizes_shown is not None else None
    return to_decimal(fund) if isinstance(fund, int | float) else None


#: What of a prize list the screens are not sent: where the fund came from (for the desk's fund, what the
#: payments collected and how many there were: the organizer's books, which only the referees see).
NOT_ON_SCREENS = frozenset({"fund_source"})


def shown(state: State) -> PrizeList | None:
    """The screens' `prizes` section (the hall display's, and every player's phone): the prize list while a
    referee has it on the screens, as it stands now (a result corrected meanwhile moves it), without the
    desk's figures (`NOT_ON_SCREENS`); None when it is not shown, or can no longer be made (the rules changed
    since): the screens then go back to what they showed."""
    if state.prizes_shown is None:
        return None

    def build() -> PrizeList | None:
        try:
            listed = prize_list(state, shown_fund(state))
        except (NoPrizeList, ValueError):
            return None
        return cast(PrizeList, {k: v for k, v in listed.items() if k not in NOT_ON_SCREENS})
    return state.derived("prizes", build)
