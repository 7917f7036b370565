"""What the screens are shown of the desk, derived from the state; the commands that
change them are in live/commands/desk.py.
How the rules are read is told there, in its docstring.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any, cast

from live.core.absent import given
from live.core.memo import remember_last
from live.core.state import State
from live.core.tournament import Player
from live.projections import field, lineups
from live.projections.kept import payment_json
from live.projections.wire import Account, AccountLine, DeskView, Fund, FundSource, NextPayment, Payment, Unpaid
from live.rules import desk as D
from live.rules.numbers import json_number, to_decimal

METHODS = ("cash", "account")


MAX_AMOUNT = 10**9  # one payment, in any currency


def fees(state: State) -> D.Fees | None:
    """The desk of the rules in force; None when they have none."""
    return _fees(state.tournament.rules)


@remember_last
def _fees(rules: Mapping[str, Any]) -> D.Fees | None:
    """(Asked for by every player's line at the desk: read from the rules once per plan.)"""
    return D.Fees.from_rules(rules)


def is_withdrawn(state: State, kind: str, ident: str) -> bool:
    if kind == D.PER_TEAM:
        return ident in state.withdrawn
    player = state.tournament.player(ident)
    return player is not None and player.withdrawn


def is_junior(state: State, kind: str, ident: str) -> bool:
    player = state.tournament.player(ident) if kind == D.PER_PLAYER else None
    return player is not None and player.junior


def paid(state: State, kind: str, ident: str) -> dict[str, Decimal]:
    """What a player or team has paid in force, by kind, net of refunds."""
    return paid_by(state).get((kind, ident), {})


def paid_by(state: State) -> dict[tuple[str, str], dict[str, Decimal]]:
    """(kind, player or team) → what they paid in force, by kind: every payment read once, for the desk's
    lines of the whole field (a line per player reading every payment was 10,000 × 10,000 on a big day)."""
    out: dict[tuple[str, str], dict[str, Decimal]] = {}
    for x in state.payments:
        for kind, ident in ((D.PER_PLAYER, x.body.player), (D.PER_TEAM, x.body.team)):
            if isinstance(ident, str):
                done = out.setdefault((kind, ident), {})
                done[x.body.what] = done.get(x.body.what, Decimal(0)) + to_decimal(x.body.amount)
    return out


def matches_played(state: State) -> dict[str, list[str]]:
    """player → the started matches they played: as their team's sheet for the match says (live/commands/lineups.py)
    where it has one in force, else those they checked in for, less a bye of their team (not in the
    published seating's matches) and a match it forfeited."""
    t = state.tournament
    on_sheets = lineups.played(state)
    out: dict[str, list[str]] = {}
    for item_id, s in state.items.items():
        if s.open:
            continue
        sheets = state.lineups.get(item_id, {})
        seating = state.seatings.get(item_id)
        matches = None if seating is None else given(seating.body.matches, None)
        playing = {team for m in matches for team in (m["home"], m["away"])} if matches is not None else None
        forfeited = {team for x in state.forfeits.get(item_id, {}).values() for team in (x.body.home, x.body.away)}
        for player in t.players:
            if player.team in sheets:
                took_part = item_id in on_sheets.get(player.id, {})
            else:
                took_part = player.id in state.check_ins.get(item_id, {}) and player.team not in forfeited and (
                    playing is None or player.team in playing)
            if took_part:
                out.setdefault(player.id, []).append(item_id)
    return out


def balances(state: State, f: D.Fees, kind: str, ident: str, played: dict[str, list[str]] | None = None,
             done: dict[str, Decimal] | None = None) -> dict[str, D.Balance]:
    """Each kind of payment a player or team may make, with what is due and paid (`other`: due is what was
    paid, so it is never owed). `played` and `done` (what they paid): when the caller has them for all."""
    t = state.tournament
    done = paid(state, kind, ident) if done is None else done
    out: dict[str, D.Balance] = {}
    player = t.player(ident) if kind == D.PER_PLAYER else None
    if kind == f.per:
        due, entered = D.entry_due(f, lady=bool(player and player.lady)), done.get(D.ENTRY, Decimal(0))
        if player is not None and field.standing(state, player) == field.GONE:
            # Withdrew before playing: owes no entry; what he paid stays where the rules give no refund.
            due = min(due, entered) if f.no_refund_withdrawn else Decimal(0)
        out[D.ENTRY] = D.Balance(due, entered)
    if kind == D.PER_PLAYER and f.has_match_fees:
        junior = bool(player and player.junior)
        matches = len((matches_played(state) if played is None else played).get(ident, []))
        still = 0 if is_withdrawn(state, kind, ident) or (player and player.team in state.withdrawn) else \
            sum(1 for s in state.items.values() if s.open)
        out[D.MATCH_FEE] = D.Balance(D.match_fees_due(f, matches, junior=junior), done.get(D.MATCH_FEE, Decimal(0)),
                                     D.match_fee(f, junior=junior) * still)
    other = done.get(D.OTHER, Decimal(0))
    out[D.OTHER] = D.Balance(other, other)
    return out


def account(state: State, kind: str, ident: str, played: dict[str, list[str]] | None = None,
            done_by: dict[tuple[str, str], dict[str, Decimal]] | None = None) -> Account | None:
    """One line of the desk: per kind what is due, paid, owed, the most it takes now and the most it may
    give back; what to take next (`next`: the first kind owed, or a refund of what was paid beyond the due)."""
    f = fees(state)
    t = state.tournament
    found = t.player(ident) if kind == D.PER_PLAYER else t.team(ident)
    if f is None or found is None:
        return None
    played = matches_played(state) if played is None else played
    withdrawn = is_withdrawn(state, kind, ident)
    junior = is_junior(state, kind, ident)
    refunds = not (withdrawn and f.no_refund_withdrawn)
    lines: dict[str, AccountLine] = {}
    proposed: NextPayment | None = None
    owed, paid_in = Decimal(0), Decimal(0)
    done = None if done_by is None else done_by.get((kind, ident), {})
    for what, b in balances(state, f, kind, ident, played, done).items():
        line: AccountLine = {"due": json_number(b.due), "paid": json_number(b.paid), "owed": json_number(b.owed),
                                "most": None if what == D.OTHER else json_number(b.most),
                                "refundable": json_number(b.paid if refunds else Decimal(0))}
        if what == D.MATCH_FEE:
            line["matches"], line["each"] = len(played.get(ident, [])), json_number(D.match_fee(f, junior=junior))
        lines[what] = line
        owed += max(b.owed, Decimal(0))
        paid_in += b.paid
        amount = D.proposal(b, refund_allowed=refunds) if what != D.OTHER else None
        if proposed is None and amount is not None:
            proposed = {"what": what, "amount": json_number(amount)}
    data: Account = {"kind": kind, "id": ident, "name": found.name, "withdrawn": withdrawn,
                            "whats": list(f.whats(kind, junior=junior)), "lines": lines, "next": proposed,
                            "owed": json_number(owed), "paid": json_number(paid_in)}
    if isinstance(found, Player):
        data["team"], data["lady"], data["junior"] = found.team, found.lady, found.junior
    return data


def accounts(state: State) -> list[Account]:
    """Every team's line (bridge), then every player's, in the roster's order."""
    t = state.tournament
    played, done = matches_played(state), paid_by(state)
    lines = [account(state, D.PER_TEAM, x.id, played, done) for x in t.teams] if t.game == "bridge" else []
    # A player withdrawn before playing (live/projections/field.py) has a line only for money he paid.
    lines += [account(state, D.PER_PLAYER, p.id, played, done) for p in t.players
              if field.standing(state, p) != field.GONE or (D.PER_PLAYER, p.id) in done]
    return [x for x in lines if x is not None and set(x["lines"]) != {D.OTHER}]  # only `other`: nothing is due


def unpaid(rows: list[Account]) -> list[Unpaid]:
    """Who has not paid (all): each with what they still owe, by kind."""
    return [{"kind": x["kind"], "id": x["id"], "name": x["name"], "withdrawn": x["withdrawn"], "owed": x["owed"],
             "by_what": {what: line["owed"] for what, line in x["lines"].items() if line["owed"] > 0}}
            for x in rows if x["owed"] > 0]


def fund(state: State, rows: list[Account] | None = None) -> Fund | None:
    """The prize fund as the payments make it: the share, what it is a share of, and what it would be if
    everyone paid what is due now."""
    f = fees(state)
    if f is None:
        return None
    rows = accounts(state) if rows is None else rows
    collected: dict[str, Decimal] = {what: Decimal(0) for what in D.WHATS}
    for x in state.payments:
        collected[x.body.what] = collected.get(x.body.what, Decimal(0)) + to_decimal(x.body.amount)
    due = {what: sum((to_decimal(r["lines"][what]["due"]) for r in rows if what in r["lines"] and what != D.OTHER),
                     Decimal(0)) for what in D.WHATS}
    due[D.OTHER] = collected[D.OTHER]
    return {"amount": json_number(D.prize_fund(f, collected)), "share": json_number(f.share),
            "min_share": json_number(f.min_share),
            "from": list(f.counted), "collected": {what: json_number(v) for what, v in collected.items()},
            "counted": json_number(sum((collected[w] for w in f.counted), Decimal(0))), "payments": len(state.payments),
            "if_all_paid": json_number(D.prize_fund(f, due))}


def fund_for_prizes(state: State) -> tuple[Decimal, FundSource] | None:
    """`GET /api/prizes` without `fund`: the fund from the payments, and what it came from."""
    made = fund(state)
    if made is None:
        return None
    return to_decimal(made["amount"]), {"from": "payments", "share": made["share"], "counted": made["from"],
                                          "collected": made["counted"], "payments": made["payments"]}


def referee_view(state: State) -> DeskView | None:
    """The console's `desk` section (None when the rules have no desk)."""
    f = fees(state)
    if f is None:
        return None
    rows = accounts(state)
    owing = unpaid(rows)
    return {"currency": f.currency, "per": f.per, "methods": list(METHODS), "max_amount": MAX_AMOUNT,
            "fund": fund(state, rows), "accounts": rows, "unpaid": owing,
            "owed": json_number(sum((to_decimal(x["owed"]) for x in owing), Decimal(0))),
            "payments": cast(list[Payment], [payment_json(x) for x in state.payments])}

