"""The registration desk (docs/rules/desk.md), as pure functions: what each player or team
owes, what a payment may be, and the prize fund the payments make.

The seeds:
- Čačak: "the entry fee is 4000 dinars, for ladies 2000, of which at least 70 per cent goes to the
  prize fund ... paid on arrival and registration, or to the club's account" and "the prize fund
  will be at least 70 per cent of the total entry fees paid". A player who leaves or is removed
  "has no right to a refund of the entry fee" (the seed says it of both, not only of a removal).
- Novi Sad: "the entry is 1500 dinars per team, paid in full at the start; each player also pays
  50 dinars per match, except juniors, who are exempt from this part; the whole income from the
  fees goes to the prize fund".

Readings (each a preset parameter, see live/rules/presets.py):
- Amounts are due per `entry_fee_per` (`player`: Čačak, `team`: Novi Sad). A lady's entry is
  `entry_fee_lady` where the preset has one; a junior's match fee is `match_fee_junior` (0).
  Nothing else changes with the flags (a Čačak junior pays the full entry: the seed names none).
- Match fees are due per match *played* (the caller counts them), so they grow during the season.
- A payment is never 0. `entry` and `match_fee` may not go beyond what is owed: the entry up to its
  rest, match fees up to the matches played plus those still in the timetable (paid ahead for
  tonight, say). `other` (a donation, the 200-dinar scoring fee) has no due and no limit.
- A refund is a negative payment of the same `what`, never more than was paid of it (so the fund
  falls with it); a mistaken entry is not refunded but undone. Where the preset says
  `withdrawn_no_refund` (Čačak), a withdrawn player — left or removed — gets no refund at all.
- The fund is `prize_fund_share` % of what was paid of the `prize_fund_from` kinds (Čačak: the
  entry fees only; Novi Sad: entry and match fees), net of refunds. The share may not be set
  below `prize_fund_min_share` (Čačak 70, Novi Sad 100: "all of it") nor above 100, and the
  minimum itself is the document's, not the organizer's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

ENTRY, MATCH_FEE, OTHER = "entry", "match_fee", "other"
WHATS = (ENTRY, MATCH_FEE, OTHER)
PER_PLAYER, PER_TEAM = "player", "team"
#: The parameters of the desk (any may be overridden in the file but the minimum share).
SHARE, MIN_SHARE, FUND_FROM, NO_REFUND = ("prize_fund_share", "prize_fund_min_share", "prize_fund_from",
                                          "withdrawn_no_refund")
#: How the refusals name the seeds' rules.
RULE_TEXT = {
    MIN_SHARE: "Čačak: at least 70 % of the entry fees go to the prize fund; Novi Sad §1: all of them",
    NO_REFUND: "Čačak: a player who leaves or is removed from the tournament gets no refund",
}
_CENT = Decimal("0.01")


class DeskError(ValueError):
    """A payment the rules refuse: `field` is the command's field to blame, `rule` the parameter, if one."""

    def __init__(self, field: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.field, self.message, self.rule = field, message, rule


def _money(value: Any) -> Decimal:
    return value if isinstance(value, Decimal) else Decimal(repr(value) if isinstance(value, float) else value)


def shown(value: Decimal) -> str:
    """An amount as a refusal says it: 4000, 1435.5 (not 4000.00 or 4E+3)."""
    return f"{value:,f}".rstrip("0").rstrip(".") if "." in f"{value:f}" else f"{value:,f}"


@dataclass(frozen=True)
class Fees:
    """A preset's desk, read once from the rules."""

    entry: Decimal
    entry_lady: Decimal
    per: str
    match: Decimal
    match_junior: Decimal
    share: Decimal
    min_share: Decimal
    counted: tuple[str, ...]
    no_refund_withdrawn: bool
    currency: str

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any]) -> Fees | None:
        """The desk of these rules; None when they have none (the Slovak league)."""
        if rules.get("entry_fee") is None:
            return None
        entry = _money(rules["entry_fee"])
        match = _money(rules.get("match_fee", 0))
        return cls(entry=entry, entry_lady=_money(rules.get("entry_fee_lady", entry)),
                   per=str(rules.get("entry_fee_per", PER_PLAYER)), match=match,
                   match_junior=_money(rules.get("match_fee_junior", match)),
                   share=_money(rules.get(SHARE, 100)), min_share=_money(rules.get(MIN_SHARE, 0)),
                   counted=tuple(rules.get(FUND_FROM, (ENTRY,))), no_refund_withdrawn=bool(rules.get(NO_REFUND)),
                   currency=str(rules.get("currency", "")))

    @property
    def has_match_fees(self) -> bool:
        return self.match > 0 or self.match_junior > 0

    def whats(self, kind: str, *, junior: bool = False) -> tuple[str, ...]:
        """What a player's or a team's payment may be for under these rules (a junior free of the match fee
        pays none)."""
        own = (ENTRY,) if kind == self.per else ()
        charged = self.match_junior if junior else self.match
        fees = (MATCH_FEE,) if kind == PER_PLAYER and self.has_match_fees and charged > 0 else ()
        return (*own, *fees, OTHER)


def entry_due(fees: Fees, *, lady: bool = False) -> Decimal:
    """One entry: a team's, or a player's (a lady's where the preset reduces it)."""
    return fees.entry_lady if lady and fees.per == PER_PLAYER else fees.entry


def match_fee(fees: Fees, *, junior: bool = False) -> Decimal:
    """What one match played costs a player (a junior: `match_fee_junior`, 0 in Novi Sad)."""
    return fees.match_junior if junior else fees.match


def match_fees_due(fees: Fees, played: int, *, junior: bool = False) -> Decimal:
    if played < 0:
        raise ValueError(f"matches played cannot be {played}")
    return match_fee(fees, junior=junior) * played


@dataclass(frozen=True)
class Balance:
    """One kind of payment of one player or team: `due` now, `paid` (net of refunds), and `ahead`: how much
    more than due may be paid now (match fees of matches still to come)."""

    due: Decimal
    paid: Decimal
    ahead: Decimal = Decimal(0)

    @property
    def owed(self) -> Decimal:
        """Still to pay; negative when more was paid than is due (a lady's flag set after paying in full)."""
        return self.due - self.paid

    @property
    def most(self) -> Decimal:
        """The largest payment taken now."""
        return max(Decimal(0), self.due + self.ahead - self.paid)


def amount_problem(value: Any, limit: int) -> str | None:
    """What is wrong with a typed amount: not a number, 0, beyond `limit`, finer than a hundredth."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return f"must be a number of money, e.g. 4000 (negative: a refund), not {value!r}"
    amount = _money(value)
    if not amount.is_finite():
        return f"must be a finite number, not {value!r}"
    if amount == 0:
        return "must not be 0"
    if abs(amount) > limit:
        return f"must be between -{limit:,} and {limit:,}, not {value!r}"
    if amount != amount.quantize(_CENT):
        return f"has at most two decimals, not {value!r}"
    return None


def check_payment(fees: Fees, what: str, amount: Decimal, balance: Balance, *, withdrawn: bool = False,
                  junior: bool = False) -> None:
    """Refuse (DeskError) a payment of `amount` for `what` that these rules do not take, given its balance."""
    if amount < 0:
        if withdrawn and fees.no_refund_withdrawn:
            raise DeskError("amount", f"no refund: the player has withdrawn ({RULE_TEXT[NO_REFUND]})", NO_REFUND)
        if -amount > balance.paid:
            raise DeskError("amount", f"a refund of {shown(-amount)} is more than the {shown(balance.paid)} paid "
                                      f"for {what}")
        return
    if what == OTHER:
        return
    if what == MATCH_FEE and match_fee(fees, junior=junior) == 0:
        who = "juniors play free" if junior and fees.match > 0 else "these rules charge no match fee"
        raise DeskError("what", f"no match fee is due: {who} (Novi Sad §1)", "match_fee_junior" if junior else None)
    if amount > balance.most:
        owed = max(Decimal(0), balance.owed)
        ahead = f"; at most {shown(balance.most)} paying ahead for the matches still to play" if balance.ahead else ""
        raise DeskError("amount", f"{shown(amount)} is more than the {what} takes now: {shown(owed)} is owed{ahead} "
                                  "(a gift or any other money is `other`)")


def proposal(balance: Balance, *, refund_allowed: bool = True) -> Decimal | None:
    """The next payment the desk should take for a kind: what is owed, or (negative) the refund of what was
    paid beyond the due, where a refund is allowed; None when it is square."""
    owed = balance.owed
    if owed > 0:
        return owed
    if owed < 0 and refund_allowed:
        return owed
    return None


def prize_fund(fees: Fees, paid: Mapping[str, Decimal]) -> Decimal:
    """The share of what was paid of the counted kinds (net of refunds, never below 0)."""
    collected = sum((paid.get(what, Decimal(0)) for what in fees.counted), Decimal(0))
    return max(Decimal(0), collected) * fees.share / 100


def rule_problem(key: str, value: Any, rules: Mapping[str, Any]) -> str | None:
    """What is wrong with a desk parameter set in the file or by `change_rules`, given the preset's rules."""
    if key == MIN_SHARE:
        return f"is the rule document's own minimum ({RULE_TEXT[MIN_SHARE]}): set {SHARE} instead"
    if key == SHARE:
        least = rules.get(MIN_SHARE)
        if least is not None and value < least:
            return f"must be at least {least} % ({RULE_TEXT[MIN_SHARE]}), not {value}"
        if value > 100:
            return f"must be at most 100 %, not {value}"
    if key == "entry_fee_per":
        choices = (PER_PLAYER, PER_TEAM) if rules.get("game") == "bridge" else (PER_PLAYER,)
        if value not in choices:
            return f"must be {' or '.join(choices)}, not {value!r}"
    if key == FUND_FROM and (not value or len(set(value)) != len(value) or not set(value) <= set(WHATS)):
        return f"must list some of {', '.join(WHATS)}, each once, not {value!r}"
    return None
